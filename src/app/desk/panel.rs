//! The desk panel: pick a procedure of the active ruleset, fill its form, see the exact
//! odds, roll or type the dice, resolve, and read the result step by step. A refusal that
//! needs chart cells opens them in place.

use super::chart_view::ChartAction;
use super::dba_panel::{CombatForm, CommandForm, DbaProcedure, VictoryForm};
use super::mc_combat::McCombat;
use super::mc_panel::{McGroups, McProcedure, MoraleForm, MoveForm};
use super::sotq_panel::SotqForm;
use super::vc_panel::VcForm;
use super::{ChartView, DiceEntry, odds_ui, resolution_ui};
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::game::ThrowId;
use crate::resolution::{Odds, Refusal, RefusalKind};
use crate::rules::AnyResolution;
use crate::rules::dba_zulu;
use crate::rules::micro_colonial;
use crate::rules::situation::Roles;
use crate::rules::{Request, words};
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
    Apply(Box<AnyResolution>),
    /// The DBA combat's kind changed: read the table again for it.
    KindChanged,
    /// Write a transcribed chart into the club's tables folder as `RULESET/NAME.toml`.
    SaveChartFile {
        /// The chart's ruleset.
        ruleset: Ruleset,
        /// The chart's name.
        name: String,
        /// The file's text.
        text: String,
    },
}

/// The odds of the procedure on the desk, or why there are none, and whether a higher
/// outcome is the better.
type DeskOdds = (Result<Odds, Refusal>, bool);

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
    pub result: Option<Result<AnyResolution, Refusal>>,
    /// The request the last result was resolved from (what Apply records).
    pub request: Option<Request>,
    /// Everything the last result was resolved from (the request, the units selected, the
    /// game, the table, the tables in force): a result whose inputs changed since is shown
    /// as such, saying what changed, and cannot be applied.
    resolved: Option<Resolved>,
    /// The units in their roles as the result was resolved for them: its words name them.
    pub result_roles: Roles,
    /// The units selected on the table, firer or attacker first (set by the app each frame).
    pub selection: Vec<String>,
    /// The game, the table and the tables in force as the app has them now (set each
    /// frame): part of every result's inputs.
    pub context: DeskContext,
    /// What moved the game's log since the result shown was resolved ("the base moved"),
    /// set by the app each frame.
    pub log_moved: Option<String>,
    /// Why nothing may be applied to the game on the table (an earlier game opened to
    /// read), set by the app each frame.
    pub read_only: Option<String>,
    /// The last selection of two or more units: the forms hold those units until another
    /// pair is picked, and the odds name them.
    filled_for: Vec<String>,
    /// Why the cells typed against a refusal were not used (a value that does not read,
    /// dice that do not fit): said in the refusal's card, its fields kept.
    pub cell_error: Option<String>,
    /// Cell values typed against a refusal.
    pub typed_cells: BTreeMap<String, String>,
    /// Cells typed for the next resolution only (`CHART:KEY=VALUE`): used by that
    /// resolution and gone after it.
    pub once_cells: Vec<String>,
    /// The cells typed for the result shown, kept with it once spent: Apply records them
    /// so the result replays.
    pub result_cells: Vec<String>,
    /// The chart viewer.
    pub charts: ChartView,
    /// A message to show (an input error, a saved file).
    pub message: Option<String>,
    /// What "Apply to the game" will write to the units, set by the app each frame from
    /// the result and the units selected on the table.
    pub apply_preview: Vec<String>,
    /// The throw the result shown was resolved with (for a procedure that throws no dice,
    /// the resolution itself): Apply records it, and the log applies it once.
    pub result_throw: Option<ThrowId>,
    /// The result shown has been applied to the game as this event (one result, one
    /// event): its card says so and stays, and a new resolution needs a new throw.
    pub applied: Option<u64>,
    /// The odds of the form as it stands, worked out when it changes: the key they were
    /// worked for, and the odds with the way "this or better" counts.
    odds_cache: Option<(String, Option<DeskOdds>)>,
    /// A new answer arrived: bring its card into view once (the referee may have scrolled
    /// down to the dice and Resolve).
    pub(super) scroll_to_answer: bool,
}

/// The game, the table and the tables in force a result depends on besides its form and
/// its units.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeskContext {
    /// The game's ruleset (none before the app first sets it).
    pub ruleset: Option<Ruleset>,
    /// The head of the game's log.
    pub head: String,
    /// The table's revision.
    pub revision: u64,
    /// The hash of the tables in force.
    pub charts: String,
}

/// What a result was resolved from.
#[derive(Debug, Clone, PartialEq)]
struct Resolved {
    /// The request, as JSON.
    request: String,
    /// The units selected.
    selection: Vec<String>,
    /// The game, the table and the tables in force.
    context: DeskContext,
}

/// The least height of the Resolver tab that pins the answer above and the dice below the
/// part that scrolls; a shorter one (a phone's sheet) scrolls whole.
const PINNED_LEAST_HEIGHT: f32 = 260.0;

impl Desk {
    /// A desk whose first roll uses `seed`.
    pub fn new(seed: u64) -> Desk {
        Desk {
            tab: DeskTab::Resolve,
            dba_procedure: DbaProcedure::Combat,
            dba_combat: CombatForm::default(),
            dba_command: CommandForm::default(),
            dba_victory: VictoryForm::default(),
            mc_procedure: McProcedure::Move,
            mc_move: MoveForm::default(),
            mc_morale: MoraleForm::default(),
            mc_combat: McCombat::default(),
            vc: VcForm::default(),
            sotq: SotqForm::default(),
            dice: DiceEntry::new(seed),
            result: None,
            request: None,
            resolved: None,
            result_roles: Roles::default(),
            selection: Vec::new(),
            context: DeskContext::default(),
            log_moved: None,
            read_only: None,
            filled_for: Vec::new(),
            cell_error: None,
            typed_cells: BTreeMap::new(),
            once_cells: Vec::new(),
            result_cells: Vec::new(),
            charts: ChartView::default(),
            message: None,
            apply_preview: Vec::new(),
            result_throw: None,
            applied: None,
            odds_cache: None,
            scroll_to_answer: false,
        }
    }

    /// Forgets the result, the cells typed for it and the dice typed: a new procedure or
    /// ruleset starts afresh.
    pub fn clear(&mut self) {
        self.result = None;
        self.request = None;
        self.resolved = None;
        self.result_roles = Roles::default();
        self.cell_error = None;
        self.once_cells.clear();
        self.result_cells.clear();
        self.typed_cells.clear();
        self.dice.clear();
        self.result_throw = None;
        self.applied = None;
        self.message = None;
    }

    /// The charts in force for one resolution: the app's, with the cells typed for it.
    fn charts_for(&self, charts: &Charts, ruleset: Ruleset) -> Result<Charts, String> {
        let mut charts = charts.clone();
        for cell in &self.once_cells {
            charts
                .apply_cell_arg(ruleset, cell)
                .map_err(|e| format!("chart cell {e}"))?;
        }
        Ok(charts)
    }

    /// The procedure chosen on the desk for `ruleset`, as the engine describes it.
    pub fn procedure(&self, ruleset: Ruleset) -> crate::rules::Description {
        match ruleset {
            Ruleset::DbaZulu => self.dba_procedure.describe(),
            Ruleset::MicroColonial => self.mc_procedure.describe(),
            Ruleset::SoldiersOfTheQueen => self.sotq.procedure.describe(),
            Ruleset::VictoriaCross => self.vc.procedure.describe(),
        }
    }

    /// The request the forms describe now, and whether it throws dice (the engine's
    /// [`Request::throws`]); the field that does not read, if one does not. Builds no dice
    /// and uses up no seed.
    pub fn current_request(&self, ruleset: Ruleset) -> Result<(Request, bool), String> {
        let request = match ruleset {
            Ruleset::SoldiersOfTheQueen => self.sotq.request()?,
            Ruleset::VictoriaCross => {
                if let Some(e) = self.vc.input_error() {
                    return Err(e);
                }
                self.vc.request()?
            }
            Ruleset::MicroColonial => Request::MicroColonial(self.mc_request()?),
            Ruleset::DbaZulu => match self.dba_procedure {
                DbaProcedure::Combat => {
                    if let Some(e) = self.dba_combat.input_error() {
                        return Err(e);
                    }
                    Request::DbaZulu(dba_zulu::Request::Combat(self.dba_combat.situation()))
                }
                DbaProcedure::Command => {
                    if let Some(e) = self.dba_command.input_error() {
                        return Err(e);
                    }
                    Request::DbaZulu(dba_zulu::Request::Command(self.dba_command.situation()))
                }
                DbaProcedure::Victory => {
                    if let Some(e) = self.dba_victory.input_error() {
                        return Err(e);
                    }
                    Request::DbaZulu(dba_zulu::Request::Victory(self.dba_victory.situation()))
                }
            },
        };
        let throws = request.throws();
        Ok((request, throws))
    }

    /// What a result of `request` resolved now depends on.
    fn resolved_from(&self, request: &Request) -> Resolved {
        Resolved {
            request: serde_json::to_string(request).unwrap_or_default(),
            selection: self.selection.clone(),
            context: self.context.clone(),
        }
    }

    /// The head of the game's log the result shown was resolved at.
    pub fn resolved_head(&self) -> Option<&str> {
        self.resolved.as_ref().map(|r| r.context.head.as_str())
    }

    /// What changed since the result shown was resolved, in words ("the base moved"), or
    /// `None` while its inputs stand as they were.
    pub fn stale_reason(&self, ruleset: Ruleset) -> Option<String> {
        let then = self.resolved.as_ref()?;
        let Ok((request, _)) = self.current_request(ruleset) else {
            return Some("a field of the form does not read".to_owned());
        };
        let now = self.resolved_from(&request);
        if now == *then {
            return None;
        }
        // What the referee did names it: a change to the game's log or the table fills the
        // forms again, so it is named before the form.
        Some(if now.context.ruleset != then.context.ruleset {
            "another ruleset".to_owned()
        } else if now.selection != then.selection {
            "the units selected changed".to_owned()
        } else if now.context.head != then.context.head {
            self.log_moved
                .clone()
                .unwrap_or_else(|| "the records changed".to_owned())
        } else if now.context.revision != then.context.revision {
            "the table changed".to_owned()
        } else if now.context.charts != then.context.charts {
            "the charts in force changed".to_owned()
        } else {
            "the form changed".to_owned()
        })
    }

    /// Whether the result shown was resolved from inputs that have changed since.
    pub fn is_stale(&self, ruleset: Ruleset) -> bool {
        self.resolved.is_none() || self.stale_reason(ruleset).is_some()
    }

    /// The units in the roles of the result's procedure.
    pub fn roles(&self) -> Roles {
        self.result_roles.clone()
    }

    /// The units the form holds in the roles of `request`: the selection when it fills
    /// them, else the last pair the forms were filled from (after an Apply took a unit off
    /// the table, or with one unit selected); none where neither fills them.
    pub fn form_roles(&self, request: &Request) -> Roles {
        let wanted = request.least_roles();
        if self.selection.len() >= wanted {
            request.roles_of(&self.selection)
        } else if self.filled_for.len() >= wanted {
            request.roles_of(&self.filled_for)
        } else {
            Roles::default()
        }
    }

    /// Notes the selection the forms are filled from (the app calls it when the selection
    /// changes): a pair or more is the one the forms hold until another is picked.
    pub fn filled_from(&mut self, selection: &[String]) {
        if selection.len() >= 2 {
            self.filled_for = selection.to_vec();
        }
    }

    /// The odds of the form as it stands, with the way "this or better" counts; worked out
    /// again only when the request or the tables change, not every frame.
    fn odds(&mut self, charts: &Charts, ruleset: Ruleset) -> Option<DeskOdds> {
        let (request, throws) = self.current_request(ruleset).ok()?;
        if !throws {
            return None;
        }
        let key = format!(
            "{}|{}|{}",
            serde_json::to_string(&request).unwrap_or_default(),
            charts.hash(),
            self.once_cells.join(";")
        );
        if let Some((cached, odds)) = &self.odds_cache
            && *cached == key
        {
            return odds.clone();
        }
        let better_is_higher = request.better_is_higher();
        let odds = if self.once_cells.is_empty() {
            request.odds(charts)
        } else {
            self.charts_for(charts, ruleset)
                .ok()
                .and_then(|c| request.odds(&c))
        }
        .map(|o| (o, better_is_higher));
        self.odds_cache = Some((key, odds.clone()));
        odds
    }

    /// Resolves the procedure shown with the dice chosen. The cells typed for a resolution
    /// are used by it, through the refusals that ask for them one after another, and gone
    /// once it resolves or another resolution is asked for.
    pub fn resolve(&mut self, charts: &Charts, ruleset: Ruleset) {
        self.resolve_with_cells(charts, ruleset, false);
    }

    fn resolve_with_cells(&mut self, charts: &Charts, ruleset: Ruleset, retrying: bool) {
        if !retrying {
            self.once_cells.clear();
        }
        let (request, throws) = match self.current_request(ruleset) {
            Ok(found) => found,
            Err(e) => {
                self.message = Some(e);
                return;
            }
        };
        let key = self.resolved_from(&request);
        let in_force = match self.charts_for(charts, ruleset) {
            Ok(c) => c,
            Err(e) => {
                if retrying {
                    self.once_cells.clear();
                    self.cell_error = Some(e.clone());
                }
                self.message = Some(e);
                return;
            }
        };
        let (dice, throw) = if throws {
            self.dice.take_choice()
        } else {
            (DiceChoice::None, ThrowId::new())
        };
        match request.resolve_with(&in_force, &dice) {
            // Dice that do not fit the throw are the dice field's message; with cells
            // typed against a refusal, its card says so too, its fields kept.
            Err(refusal) if refusal.kind == RefusalKind::BadDice => {
                if retrying {
                    self.cell_error = Some(format!(
                        "the values are kept, but {}: type the dice below, then Resolve",
                        refusal.reason
                    ));
                }
                self.message = Some(refusal.reason);
            }
            // A value typed against a refusal that the rule then cannot read: the refusal
            // and its fields stay, and say why.
            Err(refusal)
                if retrying
                    && refusal.needs_cells.is_empty()
                    && matches!(&self.result, Some(Err(shown)) if !shown.needs_cells.is_empty()) =>
            {
                self.once_cells.clear();
                self.cell_error = Some(refusal.reason);
            }
            result => {
                self.result_throw = Some(throw);
                self.finish(request, key, result);
            }
        }
    }

    /// Shows a result with the request and inputs it came from; once it resolves, the
    /// cells typed for it are spent.
    fn finish(&mut self, request: Request, key: Resolved, result: Result<AnyResolution, Refusal>) {
        self.message = None;
        self.cell_error = None;
        self.applied = None;
        self.result_roles = request.roles_of(&self.selection);
        self.result_cells.clone_from(&self.once_cells);
        if result.is_ok() {
            self.once_cells.clear();
            self.typed_cells.clear();
        }
        self.result = Some(result);
        self.request = Some(request);
        self.resolved = Some(key);
        self.odds_cache = None;
        self.scroll_to_answer = true;
    }

    /// The Micro Colonial request of the form shown, or the field that does not read.
    fn mc_request(&self) -> Result<micro_colonial::Request, String> {
        match self.mc_procedure {
            McProcedure::Move => Ok(micro_colonial::Request::Move(self.mc_move.input.clone())),
            McProcedure::Morale => match self.mc_morale.error() {
                Some(asked) => Err(asked),
                None => Ok(micro_colonial::Request::Morale(self.mc_morale.input())),
            },
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

    /// What the table and the records decided for the Micro Colonial form shown, and what
    /// was given by hand since: the steps the engine will state first (shown while a field
    /// the referee must type is still empty).
    pub fn mc_origin_notes(&self) -> Vec<String> {
        let request = match self.mc_procedure {
            McProcedure::Morale => Some(micro_colonial::Request::Morale(self.mc_morale.input())),
            McProcedure::Move => self.mc_request().ok(),
            p => self.mc_combat.request(p),
        };
        request
            .map(|request| {
                request
                    .origin_steps()
                    .into_iter()
                    .map(|step| step.text)
                    .collect()
            })
            .unwrap_or_default()
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
            DeskTab::Charts => match self.charts.ui(ui, charts, ruleset) {
                Some(ChartAction::Cell(cell)) => {
                    actions.push(DeskAction::SaveClubCells(vec![cell]));
                }
                Some(ChartAction::SaveChart {
                    ruleset,
                    name,
                    text,
                }) => actions.push(DeskAction::SaveChartFile {
                    ruleset,
                    name,
                    text,
                }),
                None => {}
            },
            DeskTab::Resolve => self.resolve_tab(ui, charts, ruleset, &mut actions),
        }
        actions
    }

    /// The Resolver tab. The answer card stands at the top and the dice and Resolve at the
    /// foot, always in view; the procedure, the odds, the steps and the form scroll between
    /// them. Under [`PINNED_LEAST_HEIGHT`] the whole tab scrolls.
    fn resolve_tab(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
        actions: &mut Vec<DeskAction>,
    ) {
        if !Desk::has_forms(ruleset) {
            ui.label(format!(
                "The {} procedures resolve from the command line; the desk shows their charts.",
                ruleset.title()
            ));
            return;
        }
        // Too short a panel (a phone's sheet) to pin both the answer and the dice: all of
        // it scrolls, the dice last, rather than the dice lying over the procedures.
        if ui.available_height() < PINNED_LEAST_HEIGHT {
            let (retry, resolve) = egui::ScrollArea::vertical()
                .id_salt("desk_scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let retry = self.answer_ui(ui, charts, ruleset, actions);
                    self.scrolled_ui(ui, charts, ruleset, actions);
                    ui.separator();
                    (retry, self.throw_ui(ui, charts, ruleset))
                })
                .inner;
            if retry {
                self.resolve_with_cells(charts, ruleset, true);
            } else if resolve {
                self.resolve(charts, ruleset);
            }
            return;
        }
        let resolve = egui::Panel::bottom("desk_throw")
            .show(ui, |ui| self.throw_ui(ui, charts, ruleset))
            .inner;
        let retry = self.answer_ui(ui, charts, ruleset, actions);
        egui::ScrollArea::vertical()
            .id_salt("desk_scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| self.scrolled_ui(ui, charts, ruleset, actions));
        if retry {
            self.resolve_with_cells(charts, ruleset, true);
        } else if resolve {
            self.resolve(charts, ruleset);
        }
    }

    /// The dice (rolled, or the faces typed, with how many and which and what is still
    /// missing), any message, and Resolve. Returns whether to resolve.
    fn throw_ui(&mut self, ui: &mut egui::Ui, charts: &Charts, ruleset: Ruleset) -> bool {
        let request = self.current_request(ruleset).ok();
        let throws = request.as_ref().is_some_and(|(_, throws)| *throws);
        let asked = request
            .as_ref()
            .filter(|(_, throws)| *throws)
            .and_then(|(request, _)| request.dice_asked(charts));
        let entered = throws && self.dice.ui(ui, asked.as_ref(), self.dice_hint(ruleset));
        if let Some(message) = &self.message {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(message.as_str()).color(ui.visuals().error_fg_color),
                )
                .wrap(),
            );
        }
        let clicked = ui
            .button("Resolve")
            .on_hover_text("Resolve with these dice (Enter)")
            .clicked();
        clicked || entered || resolve_shortcut(ui)
    }

    /// What scrolls between the answer and the dice: the procedure, then (once answered)
    /// the odds, the steps and "Asked with"; the form and where its values came from; and,
    /// before an answer, the odds under it.
    fn scrolled_ui(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
        actions: &mut Vec<DeskAction>,
    ) {
        if self.procedure_tabs(ui, ruleset) {
            self.clear();
        }
        let answered = matches!(self.result, Some(Ok(_)));
        if answered {
            self.odds_section(ui, charts, ruleset);
            if let Some(Ok(resolution)) = &self.result {
                ui.separator();
                resolution_ui(ui, resolution, charts);
            }
            ui.separator();
            ui.strong("Asked with").on_hover_text(
                "Change a value and resolve again; the answer above is then set aside",
            );
        }
        if self.form_ui(ui, charts, ruleset, actions) {
            self.clear();
        }
        // Where the form's values came from, under the form: a note that comes or goes
        // with a call made on the form (in contact, given by hand) never moves its fields.
        if ruleset == Ruleset::MicroColonial {
            for note in self.mc_origin_notes() {
                ui.add(egui::Label::new(egui::RichText::new(note).weak()).wrap());
            }
        }
        if !answered {
            self.odds_section(ui, charts, ruleset);
        }
    }

    /// The odds of the request on the form, before the roll, in words and for whom: the
    /// units the form holds in their roles.
    fn odds_section(&mut self, ui: &mut egui::Ui, charts: &Charts, ruleset: Ruleset) {
        let Some((odds, better_is_higher)) = self.odds(charts, ruleset) else {
            return;
        };
        ui.separator();
        let whom = self.current_request(ruleset).ok().map(|(request, _)| {
            let roles = self.form_roles(&request);
            (words::odds_for(&request, &roles), request, roles)
        });
        ui.strong("Odds before the roll");
        match odds {
            Ok(odds) => {
                let (whom, labels) = match &whom {
                    Some((text, request, roles)) => (
                        text.clone(),
                        odds.outcomes
                            .iter()
                            .map(|o| words::odds_label(request, &o.value, roles))
                            .collect(),
                    ),
                    None => (String::new(), Vec::new()),
                };
                odds_ui(ui, "desk", &odds, better_is_higher, &labels, &whom);
            }
            Err(refusal) => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    super::resolution_view::refusal_words(&refusal, charts, ruleset),
                );
            }
        }
    }

    /// The procedure picker of the rulesets whose forms do not hold it. Returns whether the
    /// procedure changed.
    fn procedure_tabs(&mut self, ui: &mut egui::Ui, ruleset: Ruleset) -> bool {
        let mut changed = false;
        match ruleset {
            Ruleset::MicroColonial => {
                for (group, procedures) in McGroups::GROUPS {
                    ui.horizontal_wrapped(|ui| {
                        ui.weak(format!("{group}:"));
                        for p in procedures {
                            changed |= ui
                                .selectable_value(&mut self.mc_procedure, *p, p.label())
                                .changed();
                        }
                    });
                }
            }
            Ruleset::DbaZulu => {
                ui.horizontal(|ui| {
                    for p in DbaProcedure::ALL {
                        changed |= ui
                            .selectable_value(&mut self.dba_procedure, *p, p.label())
                            .changed();
                    }
                });
            }
            Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => {}
        }
        changed
    }

    /// The form of the procedure shown. Returns whether the procedure changed (for the
    /// rulesets whose forms hold the procedure picker).
    fn form_ui(
        &mut self,
        ui: &mut egui::Ui,
        charts: &Charts,
        ruleset: Ruleset,
        actions: &mut Vec<DeskAction>,
    ) -> bool {
        match ruleset {
            Ruleset::SoldiersOfTheQueen => self.sotq.ui(ui),
            Ruleset::VictoriaCross => self.vc.ui(ui),
            Ruleset::MicroColonial => {
                match self.mc_procedure {
                    McProcedure::Move => self.mc_move.ui(ui),
                    McProcedure::Morale => {
                        let names = micro_colonial::morale::factor_names(charts);
                        self.mc_morale.ui(ui, &names);
                    }
                    p => self.mc_combat.ui(ui, p, charts),
                }
                false
            }
            Ruleset::DbaZulu => {
                match self.dba_procedure {
                    DbaProcedure::Combat => {
                        if self.dba_combat.ui(ui) {
                            actions.push(DeskAction::KindChanged);
                        }
                    }
                    DbaProcedure::Command => self.dba_command.ui(ui),
                    DbaProcedure::Victory => self.dba_victory.ui(ui),
                }
                false
            }
        }
    }

    /// What the dice field asks for.
    fn dice_hint(&self, ruleset: Ruleset) -> &'static str {
        match ruleset {
            Ruleset::SoldiersOfTheQueen => self.sotq.dice_hint(),
            Ruleset::VictoriaCross => self.vc.dice_hint(),
            Ruleset::MicroColonial => McCombat::dice_hint(self.mc_procedure),
            Ruleset::DbaZulu => "a's die, b's die, e.g. 4,2",
        }
    }
}

/// Enter resolves when no field has the keyboard (the dice field's own Enter resolves too).
fn resolve_shortcut(ui: &egui::Ui) -> bool {
    !ui.ctx().egui_wants_keyboard_input()
        && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Enter))
}
