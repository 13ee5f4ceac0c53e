//! The glue between the desk, the table and the records: forms filled from the selection,
//! results applied to the game's log, club cells saved, undo and redo, the `.laager` file.
//! Every number comes from the engine; this only strings the calls together.

use super::session::Session;
use super::{Command, LaagerApp};
use crate::app::desk::DeskAction;
use crate::charts::Charts;
use crate::resolution::Refusal;
use crate::rules::dba_zulu;
use crate::rules::micro_colonial::situation;
use crate::rules::situation::{Origins, Roles};
use crate::ruleset::Ruleset;
use serde::Serialize;
use serde::de::DeserializeOwned;

impl LaagerApp {
    /// A new game log for the table on the canvas: one unit per base, joining as
    /// `game::units_from_layout` gives them.
    pub(crate) fn new_session(&self) -> Session {
        let ruleset = self.state.ruleset;
        let units = crate::game::units_from_layout(&self.document.layout, ruleset, self.charts());
        let layout = crate::geometry::file::write(&self.document.layout);
        // The tables the game is played with: their hash and the club cells typed.
        let tables = self.tables_note();
        Session::new(ruleset, &self.document.name, layout, units, tables.as_ref())
    }

    /// Fills the desk's forms from the units selected on the table (the firer or attacker
    /// first, the target second) when the selection, the game's log, the table or the
    /// charts change: the engine's situations, every value noted with what decided it.
    pub(crate) fn prefill_desk(&mut self) {
        let selection_changed = self.canvas.selected != self.desk_selection;
        if selection_changed {
            // Dice typed for one pair are not the next pair's. An applied card stays while
            // the selection only lost the units its own result took off the table, and
            // gives way to another pair; a card not yet applied stays, greyed, saying its
            // units changed.
            let shrunk_by_apply = self
                .canvas
                .selected
                .iter()
                .all(|id| self.desk_selection.contains(id));
            if self.desk.applied.is_some() && !shrunk_by_apply {
                self.desk.result = None;
                self.desk.applied = None;
            }
            self.desk.dice.clear();
            self.desk.filled_from(&self.canvas.selected);
        }
        // What the forms were filled from: the game (its ruleset and the head of its log,
        // which every action, undo and redo moves), the table's layout revision and the
        // charts in force (the club's firing-arc template).
        let game = self.session.game();
        let records_key = format!(
            "{}:{}:{}:{}",
            game.ruleset.id(),
            game.head(),
            self.document.revision,
            self.charts().map(Charts::hash).unwrap_or_default()
        );
        let typed_changed = match self.state.ruleset {
            Ruleset::SoldiersOfTheQueen => self.desk.sotq.wants_fill(),
            Ruleset::VictoriaCross => self.desk.vc.wants_fill(),
            Ruleset::MicroColonial => self.desk.mc_combat.wants_fill(),
            Ruleset::DbaZulu => false,
        };
        if selection_changed || typed_changed || records_key != self.desk_records_key {
            self.desk_records_key = records_key;
            self.desk_selection.clone_from(&self.canvas.selected);
            match self.state.ruleset {
                // A value typed at the desk stays while the units are the same.
                Ruleset::MicroColonial => self.prefill_mc(!selection_changed),
                Ruleset::DbaZulu => self.prefill_dba(),
                Ruleset::VictoriaCross => {
                    let records = self.session.game().state();
                    self.desk.vc.fill(records, &self.desk_selection);
                }
                Ruleset::SoldiersOfTheQueen => {
                    let records = self.session.game().state();
                    self.desk.sotq.fill(records, &self.desk_selection);
                }
            }
        }
    }

    /// Fills every Micro Colonial form through the engine's situation for the units
    /// selected in the procedure's roles; a form whose roles the selection does not fill
    /// keeps its values but no longer claims the table's. With `keep_hand`, a value given
    /// by hand over the table's stays given.
    fn prefill_mc(&mut self, keep_hand: bool) {
        use crate::rules::Procedure as _;
        use crate::rules::micro_colonial::{morale, movement};
        let Ok(charts) = &self.charts else {
            return;
        };
        let r = McReading {
            layout: &self.document.layout,
            charts,
            records: self.session.game().state(),
            selected: &self.desk_selection,
        };
        let blank = (
            crate::app::desk::mc_combat::McCombat::default(),
            crate::app::desk::mc_panel::MoraleForm::default().input,
            crate::app::desk::mc_panel::MoveForm::default().input,
        );
        let desk = &mut self.desk;
        r.refill_combat(&mut desk.mc_combat, &blank.0, keep_hand);
        r.refill_more(&mut desk.mc_combat.more, &blank.0.more, keep_hand);
        refill(&mut desk.mc_morale.input, &blank.1, keep_hand, |base| {
            situation::morale(r.layout, r.records, &r.roles(morale::Morale::ROLES), base)
        });
        refill(&mut desk.mc_move.input, &blank.2, keep_hand, |base| {
            situation::movement(r.layout, r.records, &r.roles(movement::Move::ROLES), base)
        });
    }

    /// Fills the DBA forms from the table and the records for the bases selected: the
    /// command's orders and the combat.
    pub(crate) fn prefill_dba(&mut self) {
        self.prefill_dba_command();
        self.prefill_dba_combat();
        let state = self.session.game().state();
        let side = self
            .desk_selection
            .first()
            .and_then(|id| state.unit(&crate::game::UnitId(id.clone())))
            .map(|unit| unit.spec.side.clone());
        self.desk.dba_victory.fill(state, side.as_deref());
    }

    /// Fills the DBA combat form from the table and the records for the two bases
    /// selected (a the firer or the base that moved into contact, b the target): the
    /// engine's situation, every value noted with what decided it.
    pub(crate) fn prefill_dba_combat(&mut self) {
        let [a, b, ..] = self.desk_selection.as_slice() else {
            return;
        };
        let roles = Roles(vec![
            ("a".to_owned(), a.clone()),
            ("b".to_owned(), b.clone()),
        ]);
        let kind = self.desk.dba_combat.input.kind;
        let state = self.session.game().state();
        if let Ok(input) = dba_zulu::situation::combat(&self.document.layout, state, &roles, kind) {
            self.desk.dba_combat = crate::app::desk::dba_panel::CombatForm::filled(input);
        }
    }

    /// Fills the DBA command form's orders from the table: the first base selected is the
    /// commander's, the others the single bases he orders (`move-1` ...), measured by the
    /// engine's `dba_zulu::situation::command` as `laager dba command --unit` measures them.
    fn prefill_dba_command(&mut self) {
        use crate::rules::Procedure as _;
        let roles = Roles(
            dba_zulu::Command::ROLES
                .iter()
                .zip(&self.desk_selection)
                .map(|(role, id)| ((*role).to_owned(), id.clone()))
                .collect(),
        );
        let form = &mut self.desk.dba_command;
        if roles.0.len() < 2 {
            form.fill(Ok(crate::rules::dba_zulu::CommandInput::default()));
            return;
        }
        let Ok(charts) = &self.charts else {
            return;
        };
        // The table gives the orders only; the roll stays the form's.
        let base = crate::rules::dba_zulu::CommandInput::default();
        let state = self.session.game().state();
        let table =
            dba_zulu::situation::command(charts, &self.document.layout, state, &roles, base)
                .map_err(|refusal| refusal.reason);
        form.fill(table);
    }

    /// What applying the desk's result would write: the engine's `game::apply` for the
    /// units selected on the table in the procedure's roles.
    fn applied(&self, resolution: &crate::rules::AnyResolution) -> crate::game::Applied {
        let roles = self.desk.result_roles.clone();
        let state = self.session.game().state();
        crate::game::apply(
            self.desk.request.as_ref(),
            resolution,
            &roles,
            state,
            Some(&self.document.layout),
        )
        .with_cells(&self.desk.result_cells)
    }

    /// What applying the desk's result would write to the units selected on the table,
    /// for the desk to show before the referee applies it.
    pub(crate) fn preview_apply(&mut self) {
        // An applied card keeps the lines it was applied with: read against the records
        // after it, they would describe a second application.
        if self.desk.applied.is_some() {
            return;
        }
        self.desk.apply_preview = match &self.desk.result {
            Some(Ok(resolution)) => {
                let applied = self.applied(resolution);
                applied.lines(self.session.game().state())
            }
            _ => Vec::new(),
        };
    }

    /// Carries out what the desk asked for.
    pub(crate) fn run_desk_actions(&mut self, actions: Vec<DeskAction>) {
        for action in actions {
            match action {
                DeskAction::SaveClubCells(cells) => self.save_club_cells(&cells),
                DeskAction::KindChanged => self.prefill_dba_combat(),
                DeskAction::SaveChartFile {
                    ruleset,
                    name,
                    text,
                } => self.save_chart_file(ruleset, &name, &text),
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
                    self.apply_result(*resolution);
                }
            }
        }
    }

    /// The desk's result written to the game through the record's gate: the units
    /// selected in the procedure's roles, the throw it was resolved with (applied once),
    /// and the charts in force when they are not the ones the game last recorded, all in
    /// one write. The dice typed are cleared: the next resolution needs a new throw.
    fn apply_result(&mut self, resolution: crate::rules::AnyResolution) {
        let (Some(request), Some(throw)) =
            (self.desk.request.clone(), self.desk.result_throw.clone())
        else {
            self.messages
                .push("resolve first: there is no result to apply".to_owned());
            return;
        };
        let roles = self.desk.result_roles.clone();
        let action = crate::game::Action::Apply(Box::new(crate::game::gate::Apply {
            request,
            resolution,
            roles,
            cells: self.desk.result_cells.clone(),
            throw,
            tables: self.tables_note(),
            table: Some(self.document.layout.clone()),
        }));
        match self.session.act(action) {
            Ok(acted) => {
                self.desk.applied = acted.last_seq();
                self.desk.dice.clear();
            }
            Err(e) => self.messages.push(e),
        }
    }

    /// A transcribed chart written into the club's tables folder as its chart file, and the
    /// folder loaded again.
    fn save_chart_file(&mut self, ruleset: Ruleset, name: &str, text: &str) {
        let Some(dir) = self.state.club_tables.clone() else {
            self.messages.push(
                "no club tables folder is chosen (Set up, club charts): choose one to save the transcription into".to_owned(),
            );
            return;
        };
        match crate::store::tables::write_chart_file(
            &dir,
            ruleset,
            name,
            text,
            crate::store::Existing::Replace,
        ) {
            Ok(path) => {
                self.messages
                    .push(format!("saved the transcription to {}", path.display()));
                self.push(Command::SetClubTables(Some(dir)));
                self.run_commands();
            }
            Err(e) => self
                .messages
                .push(format!("the transcription was not saved: {e}")),
        }
    }

    /// "Save to club tables": each cell is written into the club's tables folder as
    /// `laager tables set` writes it (a house value, by whom and when, the folder locked),
    /// and the folder is loaded again. With no club folder chosen, the cells are kept as the
    /// club cells of this game, and the window says where to choose one.
    fn save_club_cells(&mut self, cells: &[String]) {
        let ruleset = self.state.ruleset;
        let Some(dir) = self.state.club_tables.clone() else {
            self.keep_club_cells(cells);
            self.messages.push(
                "no club tables folder is chosen (Set up, club charts): the values are kept as this game's club cells, not written to a folder".to_owned(),
            );
            return;
        };
        let by = std::env::var("USER").unwrap_or_else(|_| "club".to_owned());
        let date = crate::store::tables::today();
        let mut saved = Vec::new();
        for cell in cells {
            let written = crate::charts::CellAddress::parse_assignment(cell)
                .map_err(|e| format!("'{cell}': {e}"))
                .and_then(|(mut address, value)| {
                    address.ruleset = Some(ruleset);
                    crate::store::tables::write_house_cell(&dir, &address, value, &by, &date)
                        .map(|_| address.local())
                });
            // A cell of a chart whose printed keys are lost is written under the name the
            // rule reads it by, as `laager tables set` writes it.
            match written {
                Ok(address) => saved.push(address),
                Err(e) => self
                    .messages
                    .push(format!("not saved to the club's tables: {e}")),
            }
        }
        if !saved.is_empty() {
            self.messages.push(format!(
                "saved to {} (house, by {by}, {date}): {}",
                dir.join(ruleset.folder())
                    .join(crate::charts::HOUSE_FILE)
                    .display(),
                saved.join(", ")
            ));
            self.push(Command::SetClubTables(Some(dir)));
            self.run_commands();
        }
    }

    /// Adds cells (`CHART:KEY=VALUE`, of the ruleset in force) to this game's club cells
    /// and loads the charts again.
    fn keep_club_cells(&mut self, cells: &[String]) {
        let mut text = self.state.club_cells.clone();
        for cell in cells {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(self.state.ruleset.folder());
            text.push('/');
            text.push_str(cell);
        }
        self.push(Command::SetClubCells(text));
        self.run_commands();
    }
}

/// What the Micro Colonial forms are read from: the table, the charts, the records and the
/// units selected (in the order of a procedure's roles).
struct McReading<'a> {
    layout: &'a crate::geometry::Layout,
    charts: &'a crate::charts::Charts,
    records: &'a crate::game::GameState,
    selected: &'a [String],
}

impl McReading<'_> {
    /// The units selected in the roles `names`, the first selected in the first role.
    fn roles(&self, names: &[&str]) -> Roles {
        Roles(
            names
                .iter()
                .zip(self.selected)
                .map(|(role, id)| ((*role).to_owned(), id.clone()))
                .collect(),
        )
    }

    /// Refills the fire, melee, rally and Rorke's Drift forms.
    fn refill_combat(
        &self,
        forms: &mut crate::app::desk::mc_combat::McCombat,
        blank: &crate::app::desk::mc_combat::McCombat,
        keep_hand: bool,
    ) {
        use crate::rules::Procedure as _;
        use crate::rules::micro_colonial::{
            artillery, evade, fire, jam, melee, rally, rorkes_drift,
        };
        let r = self;
        refill(
            &mut forms.fire.input,
            &blank.fire.input,
            keep_hand,
            |base| {
                situation::fire(
                    r.layout,
                    r.charts,
                    r.records,
                    &r.roles(fire::Fire::ROLES),
                    base,
                )
            },
        );
        refill(
            &mut forms.artillery.input,
            &blank.artillery.input,
            keep_hand,
            |base| {
                let roles = r.roles(artillery::Artillery::ROLES);
                situation::artillery(r.layout, r.charts, r.records, &roles, base)
            },
        );
        let gun = r.roles(jam::Jam::ROLES);
        forms.jam.fill(&gun, |base, given| {
            situation::jam(r.layout, r.records, &gun, base, given)
        });
        refill(&mut forms.break_in, &blank.break_in, keep_hand, |base| {
            situation::break_in(
                r.layout,
                r.records,
                &r.roles(rorkes_drift::BreakIn::ROLES),
                base,
            )
        });
        refill(&mut forms.melee, &blank.melee, keep_hand, |base| {
            situation::melee(r.layout, r.records, &r.roles(melee::Melee::ROLES), base)
        });
        forms.rd_melee.ranks_into_input();
        refill(
            &mut forms.rd_melee.input,
            &blank.rd_melee.input,
            keep_hand,
            |base| {
                let roles = r.roles(rorkes_drift::RdMelee::ROLES);
                situation::rd_melee(r.layout, r.records, &roles, base)
            },
        );
        forms.rd_melee.ranks_from_input();
        refill(&mut forms.evade, &blank.evade, keep_hand, |base| {
            situation::evade(r.layout, r.records, &r.roles(evade::Evade::ROLES), base)
        });
        let rallying = r.roles(rally::Rally::ROLES);
        forms.rally.fill(&rallying, |base, given| {
            situation::rally(r.layout, r.records, &rallying, base, given)
        });
        refill(&mut forms.rout, &blank.rout, keep_hand, |base| {
            situation::rout_loss(r.layout, r.records, &r.roles(rally::RoutLoss::ROLES), base)
        });
        refill(
            &mut forms.firing_party,
            &blank.firing_party,
            keep_hand,
            |base| {
                let roles = r.roles(rorkes_drift::RdFiringParty::ROLES);
                situation::rd_firing_party(r.layout, r.records, &roles, base)
            },
        );
        refill(&mut forms.combine, &blank.combine, keep_hand, |base| {
            situation::rd_combine(
                r.layout,
                r.records,
                &r.roles(rorkes_drift::RdCombine::ROLES),
                base,
            )
        });
    }

    /// Refills the charge, pursuit, loss, Z marker, move, morale-due and victory forms.
    fn refill_more(
        &self,
        more: &mut crate::app::desk::mc_more::McMore,
        blank: &crate::app::desk::mc_more::McMore,
        keep_hand: bool,
    ) {
        use crate::rules::Procedure as _;
        use crate::rules::micro_colonial::{charge, loss, morale_due, rorkes_drift};
        let r = self;
        refill(&mut more.charge, &blank.charge, keep_hand, |base| {
            situation::charge(r.layout, r.records, &r.roles(charge::Charge::ROLES), base)
        });
        refill(&mut more.pursuit, &blank.pursuit, keep_hand, |base| {
            situation::pursuit(r.layout, r.records, &r.roles(charge::Pursuit::ROLES), base)
        });
        refill(&mut more.initiative, &blank.initiative, keep_hand, |base| {
            situation::initiative(
                r.layout,
                r.records,
                &r.roles(charge::Initiative::ROLES),
                base,
            )
        });
        refill(
            &mut more.loss_factor,
            &blank.loss_factor,
            keep_hand,
            |base| {
                situation::loss_factor(r.layout, r.records, &r.roles(loss::LossFactor::ROLES), base)
            },
        );
        refill(&mut more.z_marker, &blank.z_marker, keep_hand, |base| {
            situation::z_marker(
                r.layout,
                r.records,
                &r.roles(rorkes_drift::ZMarker::ROLES),
                base,
            )
        });
        refill(&mut more.rd_move, &blank.rd_move, keep_hand, |base| {
            situation::rd_move(
                r.layout,
                r.records,
                &r.roles(rorkes_drift::RdMove::ROLES),
                base,
            )
        });
        refill(&mut more.morale_due, &blank.morale_due, keep_hand, |base| {
            let roles = r.roles(morale_due::MoraleDue::ROLES);
            situation::morale_due(r.layout, r.records, &roles, base)
        });
        // The conditions of victory count the whole roster, as `laager mc rd victory
        // --campaign` and `laager mc victory --campaign` do; the conditions the records do
        // not hold stay the referee's.
        if !r.records.units.is_empty() {
            refill(&mut more.rd_victory, &blank.rd_victory, keep_hand, |base| {
                crate::game::victory::rd_victory_situation(r.records, &base)
            });
            refill(&mut more.victory, &blank.victory, keep_hand, |base| {
                crate::game::victory::mc_victory_situation(r.records, &base)
            });
        }
    }
}

/// Reads a form's input anew through its situation (`read`, over the input as the referee
/// has it). The values the last reading gave go back to the blank form's first, so a value
/// the table or the records no longer decide does not linger; with `keep_hand`, a value the
/// referee gave by hand over the last reading stays given over the new one. When the
/// selection does not fill the procedure's roles (`read` refuses), the input keeps its
/// values but no longer claims the table's or the records'.
fn refill<I: Clone + Serialize + DeserializeOwned>(
    input: &mut I,
    blank: &I,
    keep_hand: bool,
    read: impl FnOnce(I) -> Result<I, Refusal>,
) {
    let (Ok(old), Ok(blank)) = (serde_json::to_value(&*input), serde_json::to_value(blank)) else {
        return;
    };
    let origins: Origins = old
        .get("origins")
        .and_then(|o| serde_json::from_value(o.clone()).ok())
        .unwrap_or_default();
    let mut base = old.clone();
    for origin in origins.kept(&old) {
        if let (Some(slot), Some(value)) = (
            base.pointer_mut(&origin.field),
            blank.pointer(&origin.field),
        ) {
            *slot = value.clone();
        }
    }
    if let Some(fields) = base.as_object_mut() {
        fields.remove("origins");
    }
    let Ok(base) = serde_json::from_value::<I>(base) else {
        return;
    };
    let Ok(new) = read(base) else {
        let mut bare = old;
        if let Some(fields) = bare.as_object_mut() {
            fields.remove("origins");
        }
        if let Ok(bare) = serde_json::from_value(bare) {
            *input = bare;
        }
        return;
    };
    if !keep_hand || origins.is_empty() {
        *input = new;
        return;
    }
    let Ok(mut value) = serde_json::to_value(&new) else {
        *input = new;
        return;
    };
    for (origin, now) in origins.overridden(&old) {
        // Only a field of the input itself (a factor's origin points into a view of it).
        if old.pointer(&origin.field).is_some()
            && let Some(slot) = value.pointer_mut(&origin.field)
        {
            *slot = now;
        }
    }
    *input = serde_json::from_value(value).unwrap_or(new);
}
