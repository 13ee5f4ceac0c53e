//! The desk panel: pick a procedure of the active ruleset, fill its form, see the exact
//! odds, roll or type the dice, resolve, and read the result step by step. A refusal that
//! needs chart cells opens them in place.

use super::dba_panel::{CombatForm, CommandForm, DbaProcedure, VictoryForm};
use super::mc_combat::McCombat;
use super::mc_panel::{McProcedure, MoraleForm, MoveForm};
use super::sotq_panel::SotqForm;
use super::vc_panel::VcForm;
use super::{ChartView, DiceEntry, RefusalAction, odds_ui, refusal_ui, resolution_ui};
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::resolution::{Odds, Refusal, RefusalKind, Resolution};
use crate::rules::dba_zulu;
use crate::rules::micro_colonial;
use crate::rules::victoria_cross::VcError;
use crate::rules::{Procedure as _, Request};
use crate::ruleset::Ruleset;
use std::collections::BTreeMap;

/// Which part of the desk is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeskTab {
    /// Resolve a procedure.
    Resolve,
    /// Every chart of the ruleset, coloured by confidence.
    Charts,
}

/// What the desk asks the app to do at the end of the frame.
#[derive(Debug, Clone, PartialEq)]
pub enum DeskAction {
    /// Write these `CHART:KEY=VALUE` cells into the club's tables folder.
    SaveClubCells(Vec<String>),
    /// Record this resolution in the game's log.
    Apply(Box<Resolution>),
    /// The DBA combat's kind changed: read the table again for it.
    KindChanged,
}

/// The desk's state.
#[derive(Debug)]
pub struct Desk {
    /// The tab shown.
    pub tab: DeskTab,
    /// The DBA procedure chosen.
    pub dba_procedure: DbaProcedure,
    /// The DBA combat form.
    pub dba_combat: CombatForm,
    /// The DBA command form.
    pub dba_command: CommandForm,
    /// The DBA victory form.
    pub dba_victory: VictoryForm,
    /// The Micro Colonial procedure chosen.
    pub mc_procedure: McProcedure,
    /// The Micro Colonial movement form.
    pub mc_move: MoveForm,
    /// The Micro Colonial morale form.
    pub mc_morale: MoraleForm,
    /// The Micro Colonial combat forms: fire, jam, melee, rally, artillery, break-in.
    pub mc_combat: McCombat,
    /// The Victoria Cross II forms.
    pub vc: VcForm,
    /// The Soldiers of the Queen forms.
    pub sotq: SotqForm,
    /// The dice for the next resolution.
    pub dice: DiceEntry,
    /// The last result.
    pub result: Option<Result<Resolution, Refusal>>,
    /// The request the last result was resolved from (what Apply records).
    pub request: Option<Request>,
    /// Cell values typed against a refusal.
    pub typed_cells: BTreeMap<String, String>,
    /// Cells supplied for the next resolutions only (`CHART:KEY=VALUE`).
    pub once_cells: Vec<String>,
    /// The chart viewer.
    pub charts: ChartView,
    /// A message to show (an input error, a saved file).
    pub message: Option<String>,
    /// What "Apply to the game" will write to the units, set by the app each frame from
    /// the result and the units selected on the table.
    pub apply_preview: Vec<String>,
    /// The result shown has been applied to the game (one result, one event).
    pub applied: bool,
}

impl Desk {
    /// A desk whose first roll uses `seed`.
    pub fn new(seed: u64) -> Desk {
        Desk {
            tab: DeskTab::Resolve,
            dba_procedure: DbaProcedure::Combat,
            dba_combat: CombatForm::default(),
            dba_command: CommandForm::default(),
            dba_victory: VictoryForm::default(),
            mc_procedure: McProcedure::Movement,
            mc_move: MoveForm::default(),
            mc_morale: MoraleForm::default(),
            mc_combat: McCombat::default(),
            vc: VcForm::default(),
            sotq: SotqForm::default(),
            dice: DiceEntry::new(seed),
            result: None,
            request: None,
            typed_cells: BTreeMap::new(),
            once_cells: Vec::new(),
            charts: ChartView::default(),
            message: None,
            apply_preview: Vec::new(),
            applied: false,
        }
    }

    /// The charts in force for this resolution: the app's, with the one-off cells on top.
    fn charts_for(&self, charts: &Charts, ruleset: Ruleset) -> Result<Charts, String> {
        let mut charts = charts.clone();
        for cell in &self.once_cells {
            charts.apply_cell_arg(ruleset, cell)?;
        }
        Ok(charts)
    }

    fn odds(&self, charts: &Charts, ruleset: Ruleset) -> Option<Result<Odds, Refusal>> {
        match ruleset {
            Ruleset::VictoriaCross => {
                let charts = self.charts_for(charts, ruleset).ok()?;
                Some(self.vc.odds(&charts))
            }
            Ruleset::DbaZulu if self.dba_procedure == DbaProcedure::Combat => {
                let charts = self.charts_for(charts, ruleset).ok()?;
                dba_zulu::Combat::odds(&charts, &self.dba_combat.situation())
            }
            _ => None,
        }
    }

    /// The dice for one resolution, or `None` with the typed-dice error shown.
    fn take_dice(&mut self) -> Option<Box<dyn crate::dice::DiceSource>> {
        match self.dice.take_source() {
            Ok(dice) => Some(dice),
            Err(e) => {
                self.message = Some(e.to_string());
                None
            }
        }
    }

    /// Resolves the procedure shown with the dice chosen.
    pub fn resolve(&mut self, charts: &Charts, ruleset: Ruleset) {
        self.applied = false;
        if ruleset == Ruleset::SoldiersOfTheQueen {
            self.resolve_sotq(charts);
            return;
        }
        if ruleset == Ruleset::MicroColonial {
            self.resolve_mc(charts);
            return;
        }
        let charts = match self.charts_for(charts, ruleset) {
            Ok(c) => c,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        if ruleset == Ruleset::VictoriaCross {
            let Some(mut dice) = self.take_dice() else {
                return;
            };
            match self.vc.resolve(&charts, dice.as_mut()) {
                Err(VcError::Dice(e)) => self.message = Some(e.to_string()),
                Ok(_) if dice.unused() > 0 => {
                    self.message =
                        Some(format!("dice: {} typed face(s) left unused", dice.unused()));
                }
                Ok(resolution) => {
                    self.message = None;
                    self.result = Some(Ok(resolution));
                }
                Err(VcError::Refused(refusal)) => {
                    self.message = None;
                    self.result = Some(Err(refusal));
                }
            }
            return;
        }
        if ruleset != Ruleset::DbaZulu {
            return;
        }
        let (request, dice) = match self.dba_procedure {
            DbaProcedure::Combat => {
                if let Some(e) = self.dba_combat.input_error() {
                    self.message = Some(e);
                    return;
                }
                let request =
                    Request::DbaZulu(dba_zulu::Request::Combat(self.dba_combat.situation()));
                (request, self.dice.take_choice())
            }
            DbaProcedure::Command => (
                Request::DbaZulu(dba_zulu::Request::Command(self.dba_command.situation())),
                DiceChoice::None,
            ),
            DbaProcedure::Victory => (
                Request::DbaZulu(dba_zulu::Request::Victory(self.dba_victory.situation())),
                DiceChoice::None,
            ),
        };
        self.resolve_request(request, &charts, &dice);
    }

    /// Resolves a request with the dice chosen: the result, or the dice's fault as a
    /// message to type them again.
    fn resolve_request(&mut self, request: Request, charts: &Charts, dice: &DiceChoice) {
        match request.resolve_with(charts, dice) {
            Err(refusal) if refusal.kind == RefusalKind::BadDice => {
                self.message = Some(refusal.reason);
            }
            result => {
                self.message = None;
                self.result = Some(result);
                self.request = Some(request);
            }
        }
    }

    /// The Micro Colonial request of the form shown, or the field that does not read.
    fn mc_request(&self) -> Result<micro_colonial::Request, String> {
        match self.mc_procedure {
            McProcedure::Movement => Ok(micro_colonial::Request::Move(self.mc_move.input.clone())),
            McProcedure::Morale => Ok(micro_colonial::Request::Morale(self.mc_morale.input())),
            p => {
                if let Some(e) = self.mc_combat.input_error(p) {
                    return Err(e);
                }
                self.mc_combat
                    .request(p)
                    .ok_or_else(|| "this procedure has no form".to_owned())
            }
        }
    }

    /// The exact odds of the Micro Colonial procedure shown, with the way "this or better"
    /// counts for it; `None` for one that throws no dice or a form that does not read.
    fn mc_odds(&self, charts: &Charts) -> Option<(Result<Odds, Refusal>, bool)> {
        let charts = self.charts_for(charts, Ruleset::MicroColonial).ok()?;
        let request = self.mc_request().ok()?;
        let better_is_higher = request.better_is_higher();
        let odds = Request::MicroColonial(request).odds(&charts)?;
        Some((odds, better_is_higher))
    }

    fn resolve_mc(&mut self, charts: &Charts) {
        self.message = None;
        let charts = match self.charts_for(charts, Ruleset::MicroColonial) {
            Ok(c) => c,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        let request = match self.mc_request() {
            Ok(request) => request,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        let dice = if self.mc_procedure == McProcedure::Movement {
            DiceChoice::None
        } else {
            self.dice.take_choice()
        };
        self.resolve_request(Request::MicroColonial(request), &charts, &dice);
    }

    /// What the table and the records decided for the Micro Colonial form shown, and what
    /// was given by hand since: the steps the engine will state first.
    pub fn mc_origin_notes(&self) -> Vec<String> {
        self.mc_request()
            .map(|request| {
                request
                    .origin_steps()
                    .into_iter()
                    .map(|step| step.text)
                    .collect()
            })
            .unwrap_or_default()
    }

    fn resolve_sotq(&mut self, charts: &Charts) {
        let charts = match self.charts_for(charts, Ruleset::SoldiersOfTheQueen) {
            Ok(c) => c,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        // A field that does not read stops here, before a seed is used up.
        let request = match self.sotq.request() {
            Ok(request) => request,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        let Some(mut dice) = self.take_dice() else {
            return;
        };
        let result = request.resolve(&charts, dice.as_mut());
        if request.throws() && result.is_ok() && dice.unused() > 0 {
            self.message = Some(format!("dice: {} typed face(s) left unused", dice.unused()));
            return;
        }
        self.message = None;
        self.result = Some(result);
    }

    /// Whether the active ruleset has resolver forms on the desk.
    pub fn has_forms(ruleset: Ruleset) -> bool {
        matches!(
            ruleset,
            Ruleset::DbaZulu
                | Ruleset::MicroColonial
                | Ruleset::VictoriaCross
                | Ruleset::SoldiersOfTheQueen
        )
    }

    /// Draws the desk. Returns the actions for the app to carry out.
    pub fn ui(&mut self, ui: &mut egui::Ui, charts: &Charts, ruleset: Ruleset) -> Vec<DeskAction> {
        let mut actions = Vec::new();
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, DeskTab::Resolve, "Resolver");
            ui.selectable_value(&mut self.tab, DeskTab::Charts, "Charts")
                .on_hover_text("Every chart of the ruleset, coloured by confidence; click a cell to type the club's value");
        });
        ui.separator();
        match self.tab {
            DeskTab::Charts => {
                if let Some(cell) = self.charts.ui(ui, charts, ruleset) {
                    actions.push(DeskAction::SaveClubCells(vec![cell]));
                }
            }
            DeskTab::Resolve => self.resolve_tab(ui, charts, ruleset, &mut actions),
        }
        actions
    }

    fn resolve_tab(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
        actions: &mut Vec<DeskAction>,
    ) {
        if !Desk::has_forms(ruleset) {
            ui.label(format!(
                "The {} procedures resolve from the command line (`laager {} --help`); the desk shows their charts.",
                ruleset.title(),
                ruleset.short()
            ));
            return;
        }
        if ruleset == Ruleset::SoldiersOfTheQueen {
            if self.sotq.ui(ui) {
                self.result = None;
            }
            let mut entered = false;
            if let Some(odds) = self.sotq.odds() {
                ui.strong("Odds before the roll");
                odds_ui(ui, "sotq", &odds, true);
            }
            if self.sotq.throws() {
                ui.separator();
                entered = self.dice.ui(ui, self.sotq.dice_hint());
            }
            if ui
                .button("Resolve")
                .on_hover_text("Resolve (Ctrl+Enter)")
                .clicked()
                || entered
                || resolve_shortcut(ui)
            {
                self.resolve(charts, ruleset);
            }
            self.show_result(ui, charts, ruleset, actions);
            return;
        }
        if ruleset == Ruleset::VictoriaCross {
            if self.vc.ui(ui) {
                self.result = None;
            }
            if let Some(odds) = self.odds(charts, ruleset) {
                ui.strong("Odds before the roll");
                match odds {
                    Ok(odds) => odds_ui(ui, "vc", &odds, true),
                    Err(refusal) => {
                        ui.colored_label(ui.visuals().warn_fg_color, refusal.reason);
                    }
                }
            }
            let hint = self.vc.dice_hint();
            let entered = self.dice.ui(ui, hint);
            if ui
                .button("Resolve")
                .on_hover_text("Roll or read the dice and count (Ctrl+Enter)")
                .clicked()
                || entered
                || resolve_shortcut(ui)
            {
                self.resolve(charts, ruleset);
            }
            self.show_result(ui, charts, ruleset, actions);
            return;
        }
        if ruleset == Ruleset::MicroColonial {
            ui.horizontal_wrapped(|ui| {
                for (p, name) in McProcedure::ALL {
                    if ui
                        .selectable_value(&mut self.mc_procedure, p, name)
                        .changed()
                    {
                        self.result = None;
                    }
                }
            });
            for note in self.mc_origin_notes() {
                ui.weak(note);
            }
            let mut entered = false;
            match self.mc_procedure {
                McProcedure::Movement => self.mc_move.ui(ui),
                McProcedure::Morale => {
                    let names = micro_colonial::morale::factor_names(charts);
                    self.mc_morale.ui(ui, &names);
                }
                p => self.mc_combat.ui(ui, p, charts),
            }
            if let Some((odds, better_is_higher)) = self.mc_odds(charts) {
                ui.separator();
                ui.strong("Odds before the roll");
                match odds {
                    Ok(odds) => odds_ui(ui, "mc", &odds, better_is_higher),
                    Err(refusal) => {
                        ui.colored_label(ui.visuals().warn_fg_color, refusal.reason);
                    }
                }
            }
            if self.mc_procedure != McProcedure::Movement {
                entered = self.dice.ui(ui, McCombat::dice_hint(self.mc_procedure));
            }
            if ui
                .button("Resolve")
                .on_hover_text("Resolve (Ctrl+Enter)")
                .clicked()
                || entered
                || resolve_shortcut(ui)
            {
                self.resolve(charts, ruleset);
            }
            self.show_result(ui, charts, ruleset, actions);
            return;
        }
        ui.horizontal(|ui| {
            for (p, name) in [
                (DbaProcedure::Combat, "Combat"),
                (DbaProcedure::Command, "Command points"),
                (DbaProcedure::Victory, "Victory"),
            ] {
                if ui
                    .selectable_value(&mut self.dba_procedure, p, name)
                    .changed()
                {
                    self.result = None;
                }
            }
        });
        match self.dba_procedure {
            DbaProcedure::Combat => {
                if self.dba_combat.ui(ui) {
                    actions.push(DeskAction::KindChanged);
                }
            }
            DbaProcedure::Command => self.dba_command.ui(ui),
            DbaProcedure::Victory => self.dba_victory.ui(ui),
        }
        if let Some(odds) = self.odds(charts, ruleset) {
            ui.separator();
            ui.strong("Odds before the roll");
            match odds {
                Ok(odds) => odds_ui(ui, "dba_combat", &odds, false),
                Err(refusal) => {
                    ui.colored_label(ui.visuals().warn_fg_color, refusal.reason);
                }
            }
        }
        ui.separator();
        let entered =
            self.dba_procedure == DbaProcedure::Combat && self.dice.ui(ui, "a,b e.g. 4,2");
        if ui
            .button("Resolve")
            .on_hover_text("Resolve (Ctrl+Enter, or Enter in the dice field)")
            .clicked()
            || entered
            || resolve_shortcut(ui)
        {
            self.resolve(charts, ruleset);
        }
        self.show_result(ui, charts, ruleset, actions);
    }

    fn show_result(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
        actions: &mut Vec<DeskAction>,
    ) {
        if let Some(message) = &self.message {
            ui.colored_label(ui.visuals().error_fg_color, message);
        }
        let mut retry = false;
        match &self.result {
            Some(Ok(resolution)) => {
                ui.separator();
                resolution_ui(ui, resolution);
                if self.apply_preview.is_empty() {
                    ui.weak("Applying logs the result; it changes no unit's record.");
                } else {
                    ui.label("Applying writes to the units:");
                    for line in &self.apply_preview {
                        ui.label(format!("• {line}"));
                    }
                }
                if self.applied {
                    ui.weak("Applied to the game (Ctrl+Z undoes it).");
                } else if ui
                    .button("Apply to the game")
                    .on_hover_text("Record this result in the game's log")
                    .clicked()
                {
                    actions.push(DeskAction::Apply(Box::new(resolution.clone())));
                }
            }
            Some(Err(refusal)) => {
                ui.separator();
                match refusal_ui(ui, refusal, &mut self.typed_cells) {
                    RefusalAction::None => {}
                    RefusalAction::UseOnce(cells) => {
                        self.once_cells.extend(cells);
                        retry = true;
                    }
                    RefusalAction::SaveToClub(cells) => {
                        self.once_cells.extend(cells.iter().cloned());
                        actions.push(DeskAction::SaveClubCells(cells));
                        retry = true;
                    }
                }
            }
            None => {}
        }
        if retry {
            self.resolve(charts, ruleset);
        }
    }
}

/// Ctrl+Enter resolves from anywhere on the desk; plain Enter belongs to the canvas and
/// to text fields.
fn resolve_shortcut(ui: &egui::Ui) -> bool {
    ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Enter))
}
