//! The DBA-style Zulu resolver forms: combat (ranged or close, every modifier a named
//! flag), command points and victory. Each holds the engine's input and edits it; the
//! engine fills the combat from the table (`dba_zulu::situation::combat`) and resolves it.

use super::asked::{AskedNumber, strength};
use crate::rules::dba_zulu::situation::{count, mods_field, put};
use crate::rules::dba_zulu::{
    CombatInput, CombatKind, CommandInput, Contact, ModifierName, Modifiers, MoveOrder, MoveUnit,
    SideId, TroopType, VictoryInput,
};
use crate::rules::field::{Field, is_within};
use crate::rules::situation::{Source, value_text};
use crate::rules::words::readable;

/// Which DBA procedure the desk resolves: the engine's list.
pub type DbaProcedure = crate::rules::dba_zulu::ProcedureId;

/// The combat form: the engine's input, and the range field's text.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatForm {
    /// The combat, as the table filled it and the referee edits it.
    pub input: CombatInput,
    /// The text in the range field.
    pub range_text: String,
    /// The range field does not read as a distance.
    pub range_error: Option<String>,
}

impl Default for CombatForm {
    fn default() -> Self {
        CombatForm {
            input: CombatInput::new(
                CombatKind::Close,
                TroopType::Zulus,
                TroopType::BritishRegulars,
            ),
            range_text: String::new(),
            range_error: None,
        }
    }
}

fn troop_combo(ui: &mut egui::Ui, label: &str, troop: &mut TroopType) {
    egui::ComboBox::from_label(label)
        .selected_text(readable(troop.id()))
        .show_ui(ui, |ui| {
            for t in TroopType::ALL {
                ui.selectable_value(troop, t, readable(t.id()));
            }
        });
}

/// A modifier's flag (`a:fire-aided-against`) in words: `a: fire aided against`.
/// Whether `pointer` is one side's modifier flag.
fn is_modifier(pointer: &str) -> bool {
    [SideId::A, SideId::B]
        .into_iter()
        .any(|side| is_within(pointer, mods_field(side).pointer()))
}

fn modifier_words(flag: &str) -> String {
    match flag.split_once(':') {
        Some((side, name)) => format!("{side}: {}", name.replace('-', " ")),
        None => flag.replace('-', " "),
    }
}

fn modifiers_ui(ui: &mut egui::Ui, side: SideId, mods: &mut Modifiers) {
    ui.vertical(|ui| {
        ui.strong(format!("{} modifiers", side.name()));
        for name in ModifierName::ALL {
            let text = modifier_words(&format!("{}:{}", side.name(), name.id()));
            let mut value = count(mods, name);
            let changed = match name {
                ModifierName::Overlaps | ModifierName::FireAidedAgainst => {
                    super::bounded::count(ui, &text, &mut value).changed()
                }
                _ => {
                    let mut on = value > 0;
                    let changed = ui.checkbox(&mut on, text).changed();
                    value = u32::from(on);
                    changed
                }
            };
            if changed {
                put(mods, name, value);
            }
        }
    });
}

/// A distance for the eye: to the tenth of a mm, without trailing zeros.
fn mm_text(mm: f64) -> String {
    let text = format!("{mm:.1}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

impl CombatForm {
    /// A form holding this input (the table's), its range shown in the field.
    pub fn filled(input: CombatInput) -> CombatForm {
        CombatForm {
            range_text: input.range_mm.map(mm_text).unwrap_or_default(),
            input,
            range_error: None,
        }
    }

    /// The engine's input for this form.
    pub fn situation(&self) -> CombatInput {
        self.input.clone()
    }

    /// A form field that does not read (a range typed as words), as a message.
    pub fn input_error(&self) -> Option<String> {
        if self.input.kind == CombatKind::Ranged {
            self.range_error.clone()
        } else {
            None
        }
    }

    /// Draws the form. Returns whether the kind of combat changed (the table's reading
    /// depends on it: the range is measured for ranged combat only).
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let before = self.input.kind;
        let input = &mut self.input;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut input.kind, CombatKind::Close, "close")
                .on_hover_text("Close combat (melee)");
            ui.selectable_value(&mut input.kind, CombatKind::Ranged, "ranged")
                .on_hover_text("Ranged combat (fire)");
        });
        troop_combo(ui, "a (attacker)", &mut input.a.troop);
        troop_combo(ui, "b (defender)", &mut input.b.troop);
        ui.horizontal(|ui| {
            ui.label("contact");
            for c in [Contact::Front, Contact::Flank, Contact::Rear] {
                ui.selectable_value(&mut input.contact, c, c.name());
            }
        });
        ui.checkbox(&mut input.in_contact, "in contact")
            .on_hover_text("The bases touch; close combat needs it (the table decides, the referee may call it)");
        if input.kind == CombatKind::Ranged {
            ui.checkbox(&mut input.b_holds_fire, "b does not return fire")
                .on_hover_text(
                    "Out of its range, or by choice: the firer suffers no adverse result",
                );
            ui.checkbox(&mut input.b_returns_fire, "a within b's own range")
                .on_hover_text(
                    "With no range measured: b is within its listed range and returns fire",
                );
            self.range_ui(ui);
        }
        let input = &mut self.input;
        egui::CollapsingHeader::new("modifiers")
            .id_salt("dba_modifiers")
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    modifiers_ui(ui, SideId::A, &mut input.a.mods);
                    modifiers_ui(ui, SideId::B, &mut input.b.mods);
                });
            });
        self.origins_ui(ui);
        self.input.kind != before
    }

    /// The range field: the table's measure, or a distance typed by hand.
    fn range_ui(&mut self, ui: &mut egui::Ui) {
        if super::mc_combat::number_field(
            ui,
            "range mm",
            &mut self.range_text,
            "Between the nearest points of the two bases; a typed range wins over the table's",
        ) {
            let text = self.range_text.trim();
            if text.is_empty() {
                self.input.range_mm = None;
                self.range_error = None;
            } else {
                match crate::bounds::Millimetres::parse(text) {
                    Ok(v) => {
                        self.input.range_mm = Some(v.get());
                        self.range_error = None;
                    }
                    Err(_) => {
                        self.range_error = Some(format!("range: '{text}' is not a distance in mm"));
                    }
                }
            }
        }
        let table = self
            .input
            .origins
            .of(crate::field!(crate::rules::dba_zulu::CombatInput: range_mm))
            .map(|o| o.value.clone());
        let source = match (table, self.input.range_mm) {
            (Some(t), Some(now)) if t.as_f64() == Some(now) => "range from the table".to_owned(),
            (Some(t), _) => format!(
                "range given by hand (the table measured {} mm)",
                value_text(&t)
            ),
            (None, Some(_)) => "range given by hand".to_owned(),
            (None, None) => "range not measured: select the firer and the target".to_owned(),
        };
        ui.horizontal(|ui| {
            ui.small(source);
            if let Some(t) = self
                .input
                .origins
                .of(crate::field!(crate::rules::dba_zulu::CombatInput: range_mm))
                .and_then(|o| o.value.as_f64())
                && self.input.range_mm != Some(t)
                && ui
                    .button("use the table's range")
                    .on_hover_text("Take the range from the table again")
                    .clicked()
            {
                self.input.range_mm = Some(t);
                self.range_text = mm_text(t);
                self.range_error = None;
            }
        });
        if let Some(e) = &self.range_error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    /// What the table and the records decided, and what was given by hand since: the
    /// engine's own lines, which the resolution states as its first steps.
    fn origins_ui(&self, ui: &mut egui::Ui) {
        let input = serde_json::to_value(&self.input).unwrap_or_default();
        let origins = &self.input.origins;
        for source in [Source::Table, Source::Records] {
            let kept: Vec<_> = origins
                .kept(&input)
                .filter(|o| o.source == source && is_modifier(&o.field))
                .filter(|o| !matches!(o.value, serde_json::Value::Bool(false)) && o.value != 0)
                .collect();
            for o in kept {
                ui.small(format!(
                    "{} {} from {} — {}",
                    modifier_words(&o.label),
                    value_text(&o.value),
                    source.words(),
                    o.why
                ));
            }
        }
        for (o, now) in origins.overridden(&input) {
            ui.small(format!(
                "{} {} given by hand; {} gives {} ({})",
                modifier_words(&o.label),
                value_text(&now),
                o.source.words(),
                value_text(&o.value),
                o.why
            ));
        }
        for line in &origins.undecided {
            ui.small(format!("left to the referee: {line}"));
        }
    }
}

/// The command-points form: nothing ordered and the roll asked for, to begin with.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CommandForm {
    /// The phase's d6, as the referee gives it (`None`: asked for; never assumed).
    pub roll: Option<u8>,
    /// The orders for the bases selected on the table (the commander's base first), as the
    /// engine's `dba_zulu::situation::command` measured them, with its notes; each order's
    /// extra point may be called over the table's by the referee.
    pub table: Option<CommandInput>,
    /// Why the selection gives no orders, when the engine refused it.
    pub table_refused: Option<String>,
    /// Single bases to move, besides the table's.
    pub bases: u32,
    /// Formations to move, each with its line length (0: not a line).
    pub formations: Vec<u32>,
    /// Moves more than 12" from the commander in the open.
    pub far: u32,
    /// Moves out of his sight or in concealment, more than 6" away.
    pub out_of_sight: u32,
    /// Zulu formations deployed or the loins committed.
    pub deploy_formations: u32,
    /// Gatling repairs attempted.
    pub gatling_repairs: u32,
}

impl CommandForm {
    /// The orders typed as counts: the single bases and formations besides the table's,
    /// the far and out-of-sight marks on the first of them. The engine's situation puts
    /// the table's orders before these.
    pub fn typed(&self) -> CommandInput {
        let mut moves: Vec<MoveOrder> = Vec::new();
        for _ in 0..self.bases {
            moves.push(MoveOrder {
                unit: MoveUnit::Base,
                far: false,
                out_of_sight: false,
                line: None,
                base: None,
            });
        }
        for line in &self.formations {
            moves.push(MoveOrder {
                unit: MoveUnit::Formation,
                far: false,
                out_of_sight: false,
                line: (*line > 0).then_some(*line),
                base: None,
            });
        }
        let (mut far, mut hidden) = (self.far, self.out_of_sight);
        for order in &mut moves {
            if hidden > 0 {
                order.out_of_sight = true;
                hidden -= 1;
            } else if far > 0 {
                order.far = true;
                far -= 1;
            }
        }
        CommandInput {
            // Until the roll is given the form is refused by `input_error`, never resolved;
            // 0 is no face of the die.
            roll: self.roll.unwrap_or(0),
            moves,
            deploy_formations: self.deploy_formations,
            gatling_repairs: self.gatling_repairs,
            ..CommandInput::default()
        }
    }

    /// The engine's situation: the table's orders as measured (each with the referee's call
    /// on its extra point), then the orders typed as counts.
    pub fn situation(&self) -> CommandInput {
        let mut input = self.typed();
        if let Some(table) = &self.table {
            let mut moves = table.moves.clone();
            moves.append(&mut input.moves);
            input.moves = moves;
            input.origins = table.origins.clone();
        }
        input
    }

    /// Takes the engine's orders for the bases selected (`Err`: why it gave none). Orders
    /// from the table replace the single bases typed as counts.
    pub fn fill(&mut self, table: Result<CommandInput, String>) {
        match table {
            Ok(input) if !input.moves.is_empty() => {
                if self.table.is_none() {
                    self.bases = 0;
                    self.far = 0;
                    self.out_of_sight = 0;
                }
                self.table = Some(input);
                self.table_refused = None;
            }
            Ok(_) => {
                self.table = None;
                self.table_refused = None;
            }
            Err(why) => {
                self.table = None;
                self.table_refused = Some(why);
            }
        }
    }

    /// The table's orders: each base, what the table measured, and the referee's call on
    /// its extra point.
    fn table_ui(&mut self, ui: &mut egui::Ui) {
        if let Some(why) = &self.table_refused {
            ui.weak(format!("the table: {why}"));
        }
        let Some(table) = &mut self.table else {
            ui.weak("Select the commander's base, then the bases he orders, to measure them on the table.");
            return;
        };
        ui.strong("orders from the table");
        for (i, order) in table.moves.iter_mut().enumerate() {
            let who = order.base.clone().unwrap_or_default();
            let mut call = match (order.far, order.out_of_sight) {
                (_, true) => 2,
                (true, false) => 1,
                (false, false) => 0,
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("{}. {who}:", i + 1));
                for (value, text) in [(0, "no extra"), (1, "12\" open"), (2, "out of sight")] {
                    ui.selectable_value(&mut call, value, text);
                }
            });
            order.far = call == 1;
            order.out_of_sight = call == 2;
        }
        // What the table decided and what the referee called over it: the first steps
        // the engine's resolution will state.
        let input = self.situation();
        let rule =
            crate::resolution::RuleRef::section(crate::ruleset::Ruleset::DbaZulu, "Movement");
        for step in input.origins.steps(&input, &rule) {
            ui.weak(step.text);
        }
    }

    /// Why the orders cannot be costed yet: the phase's d6 is not given.
    pub fn input_error(&self) -> Option<String> {
        self.roll.is_none().then(|| {
            "command roll: not given: click the face of the phase's d6 (the command points available)".to_owned()
        })
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label("command roll (d6)");
            for face in 1..=6u8 {
                ui.selectable_value(&mut self.roll, Some(face), face.to_string())
                    .on_hover_text(format!(
                        "The phase's d6 shows {face}: {face} command points"
                    ));
            }
        });
        if let Some(asked) = self.input_error() {
            ui.colored_label(ui.visuals().warn_fg_color, asked);
        }
        self.table_ui(ui);
        let other = if self.table.is_some() { "other " } else { "" };
        order_count(
            ui,
            &mut self.bases,
            12,
            &format!("{other}single bases moved"),
        );
        ui.horizontal(|ui| {
            ui.label(format!("formations: {}", self.formations.len()));
            if ui.button("+ formation").clicked() {
                self.formations.push(0);
            }
            if ui.button("− formation").clicked() {
                self.formations.pop();
            }
        });
        for (i, line) in self.formations.iter_mut().enumerate() {
            order_count(
                ui,
                line,
                12,
                &format!("formation {} line bases (0: not a line)", i + 1),
            );
        }
        order_count(ui, &mut self.far, 12, "moves >12\" from commander");
        order_count(ui, &mut self.out_of_sight, 12, "moves out of sight >6\"");
        order_count(
            ui,
            &mut self.deploy_formations,
            4,
            "Zulu formations deployed",
        );
        order_count(ui, &mut self.gatling_repairs, 4, "Gatling repairs");
    }
}

/// A count of orders, `0..=most`, and its label: a number box the label wraps after, so the
/// form fits the side panel at 1024 pixels wide (a slider with its label beside it did not).
fn order_count(ui: &mut egui::Ui, value: &mut u32, most: u32, label: &str) {
    ui.horizontal_wrapped(|ui| {
        let field = ui.add(egui::DragValue::new(value).range(0..=most));
        let l = ui.label(label);
        field.labelled_by(l.id);
    });
}

/// The side's bases, as `laager dba victory --bases` reads them.
const VICTORY_BASES: AskedNumber = AskedNumber {
    label: "bases (no baggage)",
    hint: "The side's bases at the start, not counting the baggage train",
    ask: "type them, or pick a unit of the side (its bases counted on the records)",
    parse: strength,
};

/// The victory form: one side's bases, counted on the records for the side of the unit
/// picked (`game::victory::dba_side`, as `laager dba victory --side NAME --campaign FILE`
/// counts them), else as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct VictoryForm {
    /// Bases, not counting baggage (empty until typed or counted on the records).
    pub bases: Option<u32>,
    /// Bases lost, not counting baggage.
    pub lost: u32,
    /// Baggage train bases lost.
    pub baggage_lost: u32,
    /// The side counted on the records, and what they gave.
    pub side: Option<String>,
    /// What the records gave, for the first steps.
    pub origins: crate::rules::situation::Origins,
}

impl VictoryForm {
    /// The side's bases, asked for by name while nothing gave them (none is assumed).
    pub fn input_error(&self) -> Option<String> {
        VICTORY_BASES.missing(self.bases)
    }

    /// The engine's situation.
    pub fn situation(&self) -> VictoryInput {
        VictoryInput {
            bases: self.bases.unwrap_or_default(),
            lost: self.lost,
            baggage_lost: self.baggage_lost,
            origins: self.origins.clone(),
        }
    }

    /// Counts `side` on the records (`game::victory::dba_side`); with no side, or one with
    /// no bases on the roster, the form keeps what was typed and claims nothing of them.
    pub fn fill(&mut self, state: &crate::game::GameState, side: Option<&str>) {
        match side.and_then(|side| Some((side, crate::game::victory::dba_side(state, side)?))) {
            Some((side, read)) => {
                self.bases = Some(read.bases);
                self.lost = read.lost;
                self.baggage_lost = read.baggage_lost;
                self.origins = read.origins;
                self.side = Some(side.to_owned());
            }
            None => {
                self.side = None;
                self.origins = crate::rules::situation::Origins::default();
            }
        }
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        match &self.side {
            Some(side) => ui.weak(format!(
                "the {side} side, counted on its record sheets (the side of the unit picked)"
            )),
            None => ui.weak("pick a unit of the side to count it on the records"),
        };
        let rule =
            crate::resolution::RuleRef::section(crate::ruleset::Ruleset::DbaZulu, "the records");
        for step in self.origins.steps(&self.situation(), &rule) {
            ui.weak(step.text);
        }
        VICTORY_BASES.ui(ui, &mut self.bases);
        super::bounded::strength(ui, "bases lost", &mut self.lost);
        super::bounded::strength(ui, "baggage bases lost", &mut self.baggage_lost);
    }
}
