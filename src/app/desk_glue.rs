//! The glue between the desk, the table and the records: forms filled from the selection,
//! results applied to the game's log, club cells saved, undo and redo, the `.laager` file.
//! Every number comes from the engine; this only strings the calls together.

use super::records_panel::RecordsAction;
use super::session::Session;
use super::{Command, LaagerApp};
use crate::app::desk::DeskAction;
use crate::app::desk::dba_table::TableReading;
use crate::game::{AppliedResolution, DiceOrigin, Event, RecordSheet, UnitId, UnitSpec, effects};
use crate::geometry::{EdgeName, round_mm};
use crate::resolution::{Colour, RollSource};
use crate::rules::dba_zulu::{Contact, TroopType};
use crate::ruleset::Ruleset;

impl LaagerApp {
    /// A new game log for the table on the canvas: one unit per base.
    ///
    /// DBA strength is counted in bases ("lost a third or more of their total bases"), so
    /// each base joins with 1. Other rulesets' strengths are not on the layout: the units
    /// join with 0 until the referee records them.
    pub(crate) fn new_session(&self) -> Session {
        let ruleset = self.document.layout.ruleset.unwrap_or(self.state.ruleset);
        let strength = u32::from(ruleset == Ruleset::DbaZulu);
        let units = self
            .document
            .layout
            .bases()
            .iter()
            .map(|base| UnitSpec {
                unit_id: UnitId(base.unit_id().to_owned()),
                name: base.unit_id().to_owned(),
                side: base.side().to_owned(),
                troop_type: base.unit_type().to_owned(),
                initial: strength,
                present: strength,
            })
            .collect();
        let layout = crate::geometry::file::write(&self.document.layout);
        Session::new(ruleset, &self.document.name, layout, units)
    }

    /// Fills the DBA combat form from the firer and target selected on the table, once per
    /// new selection: their troop types, the contact edge src/geometry measured, and the
    /// modifiers the table decides (a value changed by hand afterwards wins).
    pub(crate) fn prefill_desk(
        &mut self,
        measurement: Option<&super::canvas::measure::Measurement>,
    ) {
        // Micro Colonial fire and artillery: "Measure the range from the centre of the firing
        // unit to the nearest point on the target counter"; a range typed at the desk wins.
        if let Some(m) = measurement
            && m.ruleset == Ruleset::MicroColonial
        {
            self.desk.mc_combat.plot_range(f64::from(m.range.mm));
        }
        // DBA: "Bases may engage in fire combat up to the limit of their listed range",
        // measured between the nearest points of the two bases; a typed range wins.
        if let Some(m) = measurement
            && m.ruleset == Ruleset::DbaZulu
        {
            self.desk.dba_combat.range.plot(round_mm(m.range.mm));
        }
        if self.canvas.selected == self.desk_selection {
            return;
        }
        self.desk_selection.clone_from(&self.canvas.selected);
        let [a, b, ..] = self.canvas.selected.as_slice() else {
            return;
        };
        let layout = &self.document.layout;
        let (Some(a), Some(b)) = (layout.base(a), layout.base(b)) else {
            return;
        };
        if let (Ok(a_type), Ok(b_type)) = (
            a.unit_type().parse::<TroopType>(),
            b.unit_type().parse::<TroopType>(),
        ) {
            let form = &mut self.desk.dba_combat;
            form.a = a_type;
            form.b = b_type;
            if let Some(m) = measurement {
                form.contact = match m.contact.edge {
                    Some(EdgeName::Flank) => Contact::Flank,
                    Some(EdgeName::Rear) => Contact::Rear,
                    _ => Contact::Front,
                };
                form.in_contact = m.contact.edge.is_some();
            }
            form.fill_from_table(TableReading::read(layout, a, b));
            // A range typed for the last pair does not carry over to this one.
            form.range.use_plotted();
            self.desk.result = None;
        }
    }

    /// Carries out what the desk asked for.
    pub(crate) fn run_desk_actions(&mut self, actions: Vec<DeskAction>) {
        for action in actions {
            match action {
                DeskAction::SaveClubCells(cells) => {
                    let mut text = self.state.club_cells.clone();
                    for cell in cells {
                        if !text.is_empty() && !text.ends_with('\n') {
                            text.push('\n');
                        }
                        text.push_str(self.state.ruleset.folder());
                        text.push('/');
                        text.push_str(&cell);
                    }
                    self.push(Command::SetClubCells(text));
                    self.run_commands();
                }
                DeskAction::Apply(resolution) => {
                    let selected: Vec<UnitId> = self
                        .desk_selection
                        .iter()
                        .map(|s| UnitId(s.clone()))
                        .collect();
                    let effects = if resolution.ruleset == Ruleset::DbaZulu
                        && resolution.procedure == "combat"
                    {
                        effects::dba_combat(&resolution.outcome, selected.first(), selected.get(1))
                    } else {
                        Vec::new()
                    };
                    let dice = match resolution.rolls.first() {
                        Some(roll) if roll.source == RollSource::Seeded => DiceOrigin::Seeded {
                            seed: roll.seed.unwrap_or(0),
                        },
                        _ => DiceOrigin::Typed {
                            faces: resolution
                                .rolls
                                .iter()
                                .flat_map(|r| &r.faces)
                                .map(|f| match f.colour {
                                    Some(Colour::Black) => format!("B{}", f.face),
                                    Some(Colour::Red) => format!("R{}", f.face),
                                    None => f.face.to_string(),
                                })
                                .collect::<Vec<_>>()
                                .join(","),
                        },
                    };
                    let inputs = serde_json::json!({
                        "procedure": resolution.procedure,
                        "units": self.desk_selection,
                    });
                    let event = Event::ResolutionApplied(Box::new(AppliedResolution {
                        inputs,
                        dice,
                        resolution: *resolution,
                        effects,
                    }));
                    if let Err(e) = self.session.append(event) {
                        self.messages.push(e);
                    }
                }
            }
        }
    }

    /// Puts a `.laager` file at the top of the recent games (eight kept).
    fn remember_game(&mut self, path: std::path::PathBuf) {
        let recent = &mut self.state.recent_games;
        recent.retain(|p| *p != path);
        recent.insert(0, path);
        recent.truncate(8);
    }

    /// Carries out what the records panel asked for.
    pub(crate) fn run_records_actions(&mut self, actions: Vec<RecordsAction>) {
        for action in actions {
            let result = match action {
                RecordsAction::Undo => self.session.undo(),
                RecordsAction::Redo => self.session.redo(),
                RecordsAction::Log(event) => self.session.append(event),
                RecordsAction::SaveAs(path) => self
                    .session
                    .save_as(&path)
                    .map(|()| self.remember_game(path)),
                RecordsAction::Open(path) => Session::open(&path).map(|session| {
                    self.session = session;
                    self.remember_game(path);
                }),
                RecordsAction::ExportCsv(path) => {
                    let sheet = RecordSheet::project(self.session.game_number, self.session.game());
                    std::fs::write(&path, crate::store::csv::to_csv(&sheet.table()))
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))
                }
                RecordsAction::ExportJson(path) => {
                    std::fs::write(&path, crate::store::game_to_json(self.session.game()))
                        .map_err(|e| format!("cannot write {}: {e}", path.display()))
                }
            };
            if let Err(e) = result {
                self.messages.push(e);
            }
        }
    }

    /// Writes each unit's present strength and status from the records onto its base.
    pub(crate) fn show_strengths_on_bases(&mut self) {
        let unit_word = match self.session.game().ruleset {
            Ruleset::DbaZulu => "base",
            Ruleset::MicroColonial => "FF",
            Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => "SP",
        };
        self.canvas.strengths = self
            .session
            .game()
            .state()
            .units
            .iter()
            .map(|unit| {
                let status = if unit.removed {
                    " removed".to_owned()
                } else {
                    unit.status
                        .as_ref()
                        .map(|s| format!(" {s}"))
                        .unwrap_or_default()
                };
                (
                    unit.spec.unit_id.to_string(),
                    format!("{} {unit_word}{status}", unit.present),
                )
            })
            .collect();
    }

    /// The records bar at the foot of the window.
    pub(crate) fn records_bar(&mut self, ui: &mut egui::Ui) {
        let mut actions = Vec::new();
        egui::Panel::bottom("records_panel")
            .default_size(220.0)
            .resizable(true)
            .show(ui, |ui| {
                actions = self.records.ui(ui, &self.session);
            });
        self.run_records_actions(actions);
    }
}
