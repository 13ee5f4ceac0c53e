//! The DBA-style Zulu resolver forms: combat (ranged or close, every modifier a named
//! flag), command points and victory. They build the engine's situations; the engine
//! resolves them.

use super::dba_range::RangeField;
use super::dba_table::TableReading;
use crate::rules::dba_zulu::{
    CombatInput, CombatKind, CommandInput, Contact, ModifierName, Modifiers, MoveOrder, MoveUnit,
    Side, TroopType, VictoryInput,
};

/// Which DBA procedure the desk resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbaProcedure {
    /// Ranged or close combat.
    Combat,
    /// The phase's command points against the moves intended.
    Command,
    /// A third or more of the bases lost.
    Victory,
}

/// The combat form.
#[derive(Debug, Clone, PartialEq)]
pub struct CombatForm {
    /// Ranged or close.
    pub kind: CombatKind,
    /// The attacker (firer, or the base that moved into contact).
    pub a: TroopType,
    /// The defender (the target).
    pub b: TroopType,
    /// Where a's front edge touches b.
    pub contact: Contact,
    /// Ranged combat at bases in contact.
    pub in_contact: bool,
    /// a's modifiers.
    pub a_mods: Modifiers,
    /// b's modifiers.
    pub b_mods: Modifiers,
    /// What the table decided when the form was last filled from a selection.
    pub table: Option<TableReading>,
    /// Ranged combat: the distance between the bases.
    pub range: RangeField,
    /// The figure scale the table is played at (`15mm`), from the layout; `None` reads the
    /// setting.
    pub scale: Option<String>,
}

impl Default for CombatForm {
    fn default() -> Self {
        CombatForm {
            kind: CombatKind::Close,
            a: TroopType::Zulus,
            b: TroopType::BritishRegulars,
            contact: Contact::Front,
            in_contact: false,
            a_mods: Modifiers::default(),
            b_mods: Modifiers::default(),
            table: None,
            range: RangeField::default(),
            scale: None,
        }
    }
}

fn troop_combo(ui: &mut egui::Ui, label: &str, troop: &mut TroopType) {
    egui::ComboBox::from_label(label)
        .selected_text(troop.id())
        .show_ui(ui, |ui| {
            for t in TroopType::ALL {
                ui.selectable_value(troop, t, t.id());
            }
        });
}

fn modifiers_ui(ui: &mut egui::Ui, side: &str, mods: &mut Modifiers) {
    ui.vertical(|ui| {
        ui.strong(format!("{side} modifiers"));
        for name in ModifierName::ALL {
            let text = format!("{side}:{}", name.id());
            match name {
                ModifierName::Overlaps => {
                    ui.add(egui::Slider::new(&mut mods.overlaps, 0..=2).text(text));
                }
                ModifierName::FireAidedAgainst => {
                    ui.add(egui::Slider::new(&mut mods.fire_aided_against, 0..=4).text(text));
                }
                ModifierName::AmabuthoBaseLost => {
                    let mut lost = mods.amabutho_base_lost > 0;
                    if ui.checkbox(&mut lost, text).changed() {
                        mods.amabutho_base_lost = u32::from(lost);
                    }
                }
                _ => {
                    let slot = match name {
                        ModifierName::Rough => &mut mods.rough,
                        ModifierName::ContactingFootInRough => &mut mods.contacting_foot_in_rough,
                        ModifierName::PreparedPosition => &mut mods.prepared_position,
                        ModifierName::FlankOrRear => &mut mods.flank_or_rear,
                        ModifierName::Enfiladed => &mut mods.enfiladed,
                        ModifierName::Square => &mut mods.square,
                        ModifierName::SmallRiver => &mut mods.small_river,
                        ModifierName::Donga => &mut mods.donga,
                        _ => &mut mods.higher_ground,
                    };
                    ui.checkbox(slot, text);
                }
            }
        }
    });
}

/// Where the table-decided modifiers came from: the table, or typed at the desk.
fn table_ui(ui: &mut egui::Ui, table: &TableReading, a: &Modifiers, b: &Modifiers) {
    let from = table.from_table(a, b);
    if from.is_empty() {
        ui.small(format!(
            "from the table ({} against {}): none of the modifiers it decides",
            table.a_id, table.b_id
        ));
    } else {
        ui.small(format!(
            "from the table ({} against {}):",
            table.a_id, table.b_id
        ));
        for line in from {
            ui.small(line);
        }
    }
    for line in table.typed(a, b) {
        ui.small(line);
    }
    for line in &table.undecided {
        ui.small(line.as_str());
    }
}

impl CombatForm {
    /// The engine's situation for this form.
    pub fn situation(&self) -> CombatInput {
        let mut situation = CombatInput::new(self.kind, self.a, self.b);
        situation.a = Side {
            troop: self.a,
            mods: self.a_mods.clone(),
        };
        situation.b = Side {
            troop: self.b,
            mods: self.b_mods.clone(),
        };
        situation.contact = self.contact;
        situation.in_contact = self.in_contact;
        situation.scale.clone_from(&self.scale);
        if self.kind == CombatKind::Ranged {
            situation.range_mm = self.range.mm();
        }
        situation
    }

    /// A form field that does not read (a range typed as words), as a message.
    pub fn input_error(&self) -> Option<String> {
        if self.kind == CombatKind::Ranged {
            self.range.error.clone()
        } else {
            None
        }
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.kind, CombatKind::Close, "close")
                .on_hover_text("Close combat (melee)");
            ui.selectable_value(&mut self.kind, CombatKind::Ranged, "ranged")
                .on_hover_text("Ranged combat (fire)");
        });
        troop_combo(ui, "a (attacker)", &mut self.a);
        troop_combo(ui, "b (defender)", &mut self.b);
        ui.horizontal(|ui| {
            ui.label("contact");
            for c in [Contact::Front, Contact::Flank, Contact::Rear] {
                ui.selectable_value(&mut self.contact, c, c.name());
            }
        });
        if self.kind == CombatKind::Ranged {
            ui.checkbox(&mut self.in_contact, "in contact");
            self.range.ui(ui);
        }
        egui::CollapsingHeader::new("modifiers")
            .id_salt("dba_modifiers")
            .show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    modifiers_ui(ui, "a", &mut self.a_mods);
                    modifiers_ui(ui, "b", &mut self.b_mods);
                });
            });
        if let Some(table) = &self.table {
            table_ui(ui, table, &self.a_mods, &self.b_mods);
        }
    }

    /// Fills the modifiers the table decides, keeping the reading to show where they came
    /// from; the others stay as the referee set them.
    pub fn fill_from_table(&mut self, table: TableReading) {
        table.fill(&mut self.a_mods, &mut self.b_mods);
        self.table = Some(table);
    }
}

/// The command-points form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandForm {
    /// The phase's d6.
    pub roll: u8,
    /// Single bases to move.
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

impl Default for CommandForm {
    fn default() -> Self {
        CommandForm {
            roll: 3,
            bases: 1,
            formations: Vec::new(),
            far: 0,
            out_of_sight: 0,
            deploy_formations: 0,
            gatling_repairs: 0,
        }
    }
}

impl CommandForm {
    /// The engine's situation: the far and out-of-sight marks fall on the first moves.
    pub fn situation(&self) -> CommandInput {
        let mut moves: Vec<MoveOrder> = Vec::new();
        for _ in 0..self.bases {
            moves.push(MoveOrder {
                unit: MoveUnit::Base,
                far: false,
                out_of_sight: false,
                line: None,
            });
        }
        for line in &self.formations {
            moves.push(MoveOrder {
                unit: MoveUnit::Formation,
                far: false,
                out_of_sight: false,
                line: (*line > 0).then_some(*line),
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
            roll: self.roll,
            moves,
            deploy_formations: self.deploy_formations,
            gatling_repairs: self.gatling_repairs,
        }
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.add(egui::Slider::new(&mut self.roll, 1..=6).text("command roll (d6)"));
        ui.add(egui::Slider::new(&mut self.bases, 0..=12).text("single bases moved"));
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
            ui.add(
                egui::Slider::new(line, 0..=12)
                    .text(format!("formation {} line bases (0: not a line)", i + 1)),
            );
        }
        ui.add(egui::Slider::new(&mut self.far, 0..=12).text("moves >12\" from commander"));
        ui.add(egui::Slider::new(&mut self.out_of_sight, 0..=12).text("moves out of sight >6\""));
        ui.add(
            egui::Slider::new(&mut self.deploy_formations, 0..=4).text("Zulu formations deployed"),
        );
        ui.add(egui::Slider::new(&mut self.gatling_repairs, 0..=4).text("Gatling repairs"));
    }
}

/// The victory form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VictoryForm {
    /// Bases, not counting baggage.
    pub bases: u32,
    /// Bases lost, not counting baggage.
    pub lost: u32,
    /// Baggage train bases lost.
    pub baggage_lost: u32,
}

impl Default for VictoryForm {
    fn default() -> Self {
        VictoryForm {
            bases: 12,
            lost: 0,
            baggage_lost: 0,
        }
    }
}

impl VictoryForm {
    /// The engine's situation.
    pub fn situation(&self) -> VictoryInput {
        VictoryInput {
            bases: self.bases,
            lost: self.lost,
            baggage_lost: self.baggage_lost,
        }
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.add(egui::Slider::new(&mut self.bases, 1..=60).text("bases (no baggage)"));
        ui.add(egui::Slider::new(&mut self.lost, 0..=60).text("bases lost"));
        ui.add(egui::Slider::new(&mut self.baggage_lost, 0..=10).text("baggage bases lost"));
    }
}
