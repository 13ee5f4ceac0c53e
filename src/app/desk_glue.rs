//! The glue between the desk, the table and the records: forms filled from the selection,
//! results applied to the game's log, club cells saved, undo and redo, the `.laager` file.
//! Every number comes from the engine; this only strings the calls together.

use super::records_panel::RecordsAction;
use super::session::Session;
use super::{Command, LaagerApp};
use crate::app::desk::DeskAction;
use crate::game::{RecordSheet, UnitId};
use crate::geometry::EdgeName;
use crate::geometry::{contact_edge, terrain_under};
use crate::rules::dba_zulu;
use crate::rules::micro_colonial::fire::Target;
use crate::rules::micro_colonial::movement::{Mode, Square};
use crate::ruleset::Ruleset;

impl LaagerApp {
    /// A new game log for the table on the canvas: one unit per base, joining as
    /// `game::units_from_layout` gives them.
    pub(crate) fn new_session(&self) -> Session {
        let ruleset = self.state.ruleset;
        let units = crate::game::units_from_layout(&self.document.layout, ruleset, self.charts());
        let layout = crate::geometry::file::write(&self.document.layout);
        let mut session = Session::new(ruleset, &self.document.name, layout, units);
        // The tables the game is played with: their hash and the club cells typed.
        if let Some(charts) = self.charts() {
            let club_cells = self
                .state
                .club_cells
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect();
            let _ = session.append(crate::game::Event::TablesInForce {
                tables_hash: charts.hash().to_owned(),
                club_cells,
            });
        }
        session
    }

    /// Fills the DBA combat form from the firer and target selected on the table, once per
    /// new selection: their troop types, the contact edge src/geometry measured, and the
    /// modifiers the table decides (a value changed by hand afterwards wins).
    pub(crate) fn prefill_desk(
        &mut self,
        measurement: Option<&super::canvas::measure::Measurement>,
    ) {
        let selection_changed = self.canvas.selected != self.desk_selection;
        if selection_changed {
            // A result belongs to the units it was resolved for, and a range or arc typed
            // for the last pair does not carry over to this one.
            self.desk.result = None;
            let mc = &mut self.desk.mc_combat;
            mc.fire.range.range_typed = false;
            mc.artillery.range.range_typed = false;
            mc.arc.typed = None;
        }
        // Micro Colonial fire and artillery: "Measure the range from the centre of the firing
        // unit to the nearest point on the target counter"; a range typed at the desk wins.
        self.desk.mc_combat.arc.plotted = None;
        if let Some(m) = measurement
            && m.ruleset == Ruleset::MicroColonial
        {
            self.desk.mc_combat.plot_range(f64::from(m.range.mm));
            // "If any of the target counter is within the arc it may be engaged."
            self.desk
                .mc_combat
                .arc
                .plot(m.arc.as_ref().map(|a| a.in_arc).map_err(Clone::clone));
        }
        // The records the forms were filled from: the game (its ruleset and the head of its
        // log, which every action, undo and redo moves) and the table's layout revision.
        let game = self.session.game();
        let records_key = format!(
            "{}:{}:{}",
            game.ruleset.id(),
            game.head(),
            self.document.revision
        );
        if selection_changed || records_key != self.desk_records_key {
            self.desk_records_key = records_key;
            self.desk_selection.clone_from(&self.canvas.selected);
            self.prefill_from_records();
            if self.state.ruleset == Ruleset::DbaZulu {
                self.prefill_dba();
            }
        }
    }

    /// Fills the DBA combat form from the table and the records for the two bases
    /// selected (a the firer or the base that moved into contact, b the target): the
    /// engine's situation, every value noted with what decided it.
    pub(crate) fn prefill_dba(&mut self) {
        let [a, b, ..] = self.desk_selection.as_slice() else {
            return;
        };
        let roles = crate::rules::situation::Roles(vec![
            ("a".to_owned(), a.clone()),
            ("b".to_owned(), b.clone()),
        ]);
        let kind = self.desk.dba_combat.input.kind;
        let state = self.session.game().state();
        if let Ok(input) = dba_zulu::situation::combat(&self.document.layout, state, &roles, kind) {
            self.desk.dba_combat = crate::app::desk::dba_panel::CombatForm::filled(input);
            self.desk.result = None;
        }
    }

    /// What applying the desk's result would write: the engine's `game::apply` for the
    /// units selected on the table in the procedure's roles.
    fn applied(&self, resolution: &crate::resolution::Resolution) -> crate::game::Applied {
        let roles = match &self.desk.request {
            Some(request) => request.roles_of(&self.desk_selection),
            None => crate::rules::situation::Roles(
                self.desk_selection
                    .iter()
                    .enumerate()
                    .map(|(i, id)| (format!("unit-{}", i + 1), id.clone()))
                    .collect(),
            ),
        };
        let state = self.session.game().state();
        crate::game::apply(
            self.desk.request.as_ref(),
            resolution,
            &roles,
            state,
            Some(&self.document.layout),
        )
    }

    /// What applying the desk's result would write to the units selected on the table,
    /// for the desk to show before the referee applies it.
    pub(crate) fn preview_apply(&mut self) {
        self.desk.apply_preview = match &self.desk.result {
            Some(Ok(resolution)) => {
                let applied = self.applied(resolution);
                let mut lines = applied.lines(self.session.game().state());
                lines.extend(owner_allocates(resolution));
                lines
            }
            _ => Vec::new(),
        };
    }

    /// Fills the Micro Colonial forms' fighting factors from the records of the units
    /// selected (firer or attacker first, target second): the record sheet's PF is the
    /// "number of fighting factors in the firing unit", IF and PF feed the Loss table, and
    /// the D figures not yet struck cut the next move. Runs when the selection or the log
    /// changes, so a value typed at the desk wins until then; units whose strength is not
    /// recorded (0) are left as typed.
    fn prefill_from_records(&mut self) {
        let game = self.session.game();
        if game.ruleset != Ruleset::MicroColonial {
            self.desk.prefill_note = None;
            return;
        }
        let state = game.state();
        let units: Vec<_> = self
            .desk_selection
            .iter()
            .filter_map(|id| state.unit(&UnitId(id.clone())))
            .collect();
        let known = |i: usize| units.get(i).filter(|u| u.spec.initial > 0);
        let mut notes = Vec::new();
        if let Some(a) = known(0) {
            let sheet = crate::game::mc_unit(state, a);
            let mc = &mut self.desk.mc_combat;
            mc.fire.firer_ff = a.present;
            mc.melee.a.ff = a.present;
            mc.artillery.gun_ff = a.present;
            self.desk.mc_morale.initial_ff = a.spec.initial;
            self.desk.mc_morale.present_ff = a.present;
            self.desk.mc_move.volley_losses = sheet.forward_move_cut_mm;
            notes.push(format!(
                "{}: IF {}, PF {}, D not yet struck {}",
                a.spec.unit_id, a.spec.initial, a.present, sheet.forward_move_cut_mm
            ));
        }
        if let Some(b) = known(1) {
            self.desk.mc_combat.fire.target_ff = b.present;
            self.desk.mc_combat.melee.b.ff = b.present;
            notes.push(format!("{}: PF {}", b.spec.unit_id, b.present));
        }
        // Statuses and counter types the forms read: "A unit which goes to ground will be
        // classed as in cover from all fire"; Table 2's "All mounted troops"; a broken unit
        // routs and a unit falling back falls back ("MORALE RESULTS").
        if let Some(b) = units.get(1) {
            let mounted = self
                .document
                .layout
                .base(&b.spec.unit_id.0)
                .is_some_and(|base| base.unit_type() == "mounted");
            if b.status.as_deref() == Some("gone to ground") {
                self.desk.mc_combat.fire.target = Target::InCover;
                notes.push(format!(
                    "{}: gone to ground, in cover from all fire",
                    b.spec.unit_id
                ));
            } else if mounted {
                self.desk.mc_combat.fire.target = Target::Mounted;
                notes.push(format!("{}: mounted", b.spec.unit_id));
            } else if b.formation.as_deref() == Some("close-order") {
                // Table 2: "Close order native troops in the open" or "Other close order
                // troops"; natives by the Fanatic class, others by European regular.
                let in_open = self
                    .document
                    .layout
                    .base(&b.spec.unit_id.0)
                    .is_some_and(|base| terrain_under(&self.document.layout, base).is_empty());
                let target = match b.spec.class.as_deref() {
                    Some("fanatic") if in_open => Some(Target::NativeCloseOrderInOpen),
                    Some("european-regular") => Some(Target::OtherCloseOrder),
                    _ => None,
                };
                if let Some(target) = target {
                    self.desk.mc_combat.fire.target = target;
                    notes.push(format!("{}: {}", b.spec.unit_id, target.name()));
                }
            }
        }
        // "TWO UNIT FORMATION ... one unit counter immediately behind, and touching, the one
        // in front ... the rear unit counts only half its fighting factor": the friendly
        // counter whose front edge touches the firer's rear edge.
        if let Some(a) = units.first()
            && a.formation.as_deref() == Some("two-unit")
            && let Some(front) = self.document.layout.base(&a.spec.unit_id.0)
        {
            let layout = &self.document.layout;
            let behind = layout.bases().iter().find(|c| {
                c.side() == front.side()
                    && c.unit_id() != front.unit_id()
                    && contact_edge(c, front).edge == Some(EdgeName::Rear)
            });
            let rear = behind.and_then(|c| state.unit(&UnitId(c.unit_id().to_owned())));
            match rear {
                Some(rear) if rear.spec.initial > 0 => {
                    self.desk.mc_combat.fire.two_unit_rear_ff = Some(rear.present);
                    notes.push(format!(
                        "two-unit formation: {} behind, PF {}",
                        rear.spec.unit_id, rear.present
                    ));
                }
                Some(rear) => notes.push(format!(
                    "two-unit formation: {} behind, its strength not recorded",
                    rear.spec.unit_id
                )),
                None => notes.push(format!(
                    "two-unit formation: no counter touches {}'s rear",
                    a.spec.unit_id
                )),
            }
        }
        // "Units forming a large multi-unit square may move up to a maximum of 25 mm per
        // move in open ground or 10 mm per move if any part of the square is in terrain
        // other than open ground."
        if let Some(a) = units.first()
            && let Some(formation) = a.formation.as_deref()
        {
            let base = self.document.layout.base(&a.spec.unit_id.0);
            self.desk.mc_move.square = (formation == "square").then(|| {
                match base.map(|base| terrain_under(&self.document.layout, base).is_empty()) {
                    Some(false) => Square::Other,
                    _ => Square::Open,
                }
            });
            notes.push(format!("{}: {formation}", a.spec.unit_id));
        }
        if let Some(a) = units.first() {
            let mode = match a.status.as_deref() {
                Some("broken") => Some(Mode::Break),
                Some("falling back") => Some(Mode::FallBack),
                _ => None,
            };
            if let Some(mode) = mode {
                self.desk.mc_move.mode = mode;
                notes.push(format!(
                    "{}: {} (moves as {})",
                    a.spec.unit_id,
                    a.status.as_deref().unwrap_or_default(),
                    mode.name()
                ));
            }
        }
        for unit in units.iter().filter(|u| u.spec.initial == 0).take(2) {
            notes.push(format!(
                "{}: strength not recorded — set its IF in the roster",
                unit.spec.unit_id
            ));
        }
        // Morale Table 4's factors the table and the records decide for the unit testing.
        if let Some(first) = self.desk_selection.first() {
            use super::morale_prefill::{DECIDED, morale_factors};
            let found = morale_factors(&self.document.layout, game, first);
            let factors = &mut self.desk.mc_morale.factors;
            factors.retain(|(name, _)| !DECIDED.contains(&name.as_str()));
            for (name, count, why) in found {
                notes.push(format!("morale factor {name}: {why}"));
                factors.push((name, count));
            }
        }
        self.desk.prefill_note =
            (!notes.is_empty()).then(|| format!("From the records: {}", notes.join("; ")));
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
                DeskAction::KindChanged => self.prefill_dba(),
                DeskAction::Apply(resolution) => {
                    let game = self.session.game().ruleset;
                    if resolution.ruleset != game {
                        self.messages.push(format!(
                            "this game is recorded under {}: click New game to record {} results (a saved game stays in its file)",
                            game.title(),
                            resolution.ruleset.title()
                        ));
                        continue;
                    }
                    let event = self.applied(&resolution).event;
                    match self.session.append(event) {
                        Ok(()) => self.desk.applied = true,
                        Err(e) => self.messages.push(e),
                    }
                }
            }
        }
    }

    /// A game reopened: its ruleset, the club cells it was played with, and its table as
    /// played, in play mode, exactly as it was left.
    fn reopened(&mut self, path: &std::path::Path) {
        let game = self.session.game();
        self.state.ruleset = game.ruleset;
        if let Some((hash, cells)) = game.state().tables.clone() {
            let text = cells.join("\n");
            if text != self.state.club_cells {
                self.messages.push(format!(
                    "the club cells this game was played with are back in force: {}",
                    if cells.is_empty() {
                        "none".to_owned()
                    } else {
                        cells.join("; ")
                    }
                ));
                self.push(Command::SetClubCells(text));
                self.run_commands();
            }
            if self.charts().is_some_and(|c| c.hash() != hash) {
                self.messages.push(format!(
                    "this game was played with tables {}; the tables in force now are {} (a club folder differs)",
                    hash.get(..12).unwrap_or(&hash),
                    self.charts().map(|c| c.hash().get(..12).unwrap_or_default().to_owned()).unwrap_or_default()
                ));
            }
        }
        self.document.name = path.display().to_string();
        self.document.path = None;
        self.state.mode = super::Mode::Play;
        self.desk.result = None;
        self.canvas.selected.clear();
        self.canvas.fit_next_frame();
        self.synced_head.clear();
        self.sync_table_from_game();
    }

    /// Logs the game's result: the winner named, or the victory condition's, the note
    /// saying which (the engine's `game::settle`).
    fn end_game(
        &mut self,
        winner: Option<&crate::game::Verdict>,
        note: &str,
    ) -> Result<(), String> {
        let proposal = self
            .charts()
            .and_then(|charts| crate::game::propose(self.session.game(), charts));
        let (winner, source) = crate::game::settle(proposal.as_ref(), winner)?;
        let note = if note.is_empty() {
            source.to_owned()
        } else {
            format!("{note} — {source}")
        };
        self.session.append(crate::game::Event::GameEnded {
            result: crate::game::GameResult { winner, note },
        })
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
                RecordsAction::NewGame => {
                    self.session = self.new_session();
                    self.records.roster = super::roster::Roster::default();
                    Ok(())
                }
                RecordsAction::SaveAs(path) => self
                    .session
                    .save_as(&path)
                    .map(|()| self.remember_game(path)),
                RecordsAction::Open(path) => Session::open(&path).map(|session| {
                    self.session = session;
                    self.reopened(&path);
                    self.remember_game(path);
                }),
                RecordsAction::ExportCsv(path) => {
                    let sheet = RecordSheet::project(self.session.game_number, self.session.game());
                    crate::store::export::write(&path, crate::store::csv::to_csv(&sheet.table()))
                }
                RecordsAction::EndGame { winner, note } => self.end_game(winner.as_ref(), &note),
                RecordsAction::NextGame => {
                    let game = self.session.game();
                    let (ruleset, number) = (game.ruleset, self.session.game_number + 1);
                    let layout = crate::geometry::file::write(&self.document.layout);
                    let units = crate::game::units_from_layout(
                        &self.document.layout,
                        ruleset,
                        self.charts(),
                    );
                    let name = format!("Game {number}");
                    self.session
                        .next_game(ruleset, &name, layout, units)
                        .map(|()| self.record_tables())
                }
                RecordsAction::ExportPdf(path) => {
                    let game = self.session.game();
                    let sheet = RecordSheet::project(self.session.game_number, game);
                    let bytes = crate::store::pdf::record_sheet(&sheet, game.head());
                    crate::store::export::write_whole(&path, &bytes, true)
                        .map_err(|e| e.to_string())
                }
                RecordsAction::ExportJson(path) => crate::store::export::write(
                    &path,
                    crate::store::game_to_json(self.session.game()),
                ),
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
                actions = self
                    .records
                    .ui(ui, &self.session, self.charts.as_ref().ok());
            });
        self.run_records_actions(actions);
    }
}

/// Victoria Cross II hits are SP the owner takes off the units of his choice: "Immediately
/// deduct that number of SP from the target zone. The Zulu player determines which units
/// incur the losses"; in melee "The owning player determines which of their units incur the
/// losses". Apply logs them; the roster's edit records each unit's share.
fn owner_allocates(resolution: &crate::resolution::Resolution) -> Vec<String> {
    use crate::rules::Outcome;
    use crate::rules::victoria_cross::Outcome as Vc;
    let hits = match &resolution.outcome {
        Outcome::VictoriaCross(Vc::Fire(o) | Vc::Volley(o)) => vec![(o.hits, "the target zone")],
        Outcome::VictoriaCross(Vc::RandomFire(o) | Vc::Melee(o)) => {
            vec![(o.hits, "the target zone")]
        }
        Outcome::VictoriaCross(Vc::MeleeExchange(o)) => vec![
            (o.zulu_hits, "the British units"),
            (o.british_hits, "the Zulu units"),
        ],
        _ => Vec::new(),
    };
    hits.into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, whom)| {
            format!(
                "{n} hit(s) on {whom}: the owning player chooses which units lose the SP — record each with edit, then Record loss, in the roster"
            )
        })
        .collect()
}
