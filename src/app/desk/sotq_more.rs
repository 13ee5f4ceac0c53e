//! The Soldiers of the Queen rally, ammunition resupply and Movement Allowance forms: a
//! labelled field for every input of the engine's `RallyInput`, `ResupplyInput` and
//! `AllowanceInput`, filled from the records for the unit selected by the engine's
//! `soldiers_of_the_queen::situation`. The engine resolves; nothing here does.

use super::described::DescribedForm;
use super::sotq_combat::{FromRecords, game_ui, origins_of};
use crate::rules::Procedure as _;
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::soldiers_of_the_queen::{
    AllowanceInput, Game, Rally, RallyInput, Resupply, ResupplyInput, situation,
};

/// A labelled text field wide enough for a name (`army-commander`, `regular-infantry`).
fn text_field(ui: &mut egui::Ui, label: &str, text: &mut String, hover: &str) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(180.0))
            .labelled_by(l.id)
            .on_hover_text(hover);
    });
}

/// A unit type's Movement Allowance (PART 6 B).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowanceForm {
    /// The game.
    pub game: Game,
    /// The unit type as the table names it.
    pub unit_type: String,
    /// What the records gave.
    pub from_records: FromRecords,
}

impl Default for AllowanceForm {
    fn default() -> Self {
        AllowanceForm {
            game: Game::Isandhlwana,
            unit_type: "zulu-infantry".to_owned(),
            from_records: None,
        }
    }
}

impl AllowanceForm {
    /// The engine's request.
    pub fn allowance(&self) -> AllowanceInput {
        AllowanceInput {
            game: self.game,
            unit_type: self.unit_type.trim().to_owned(),
            origins: origins_of(&self.from_records),
        }
    }

    /// Reads the unit type of the unit in role `unit` from the records.
    fn fill(&mut self, records: &dyn Records, roles: &Roles) {
        if roles.0.is_empty() {
            self.from_records = None;
            return;
        }
        let mut base = self.allowance();
        base.origins = Origins::default();
        match situation::allowance(records, roles, base, &[]) {
            Ok(read) => {
                self.unit_type = read.unit_type;
                self.from_records = Some(Ok(read.origins));
            }
            Err(refusal) => self.from_records = Some(Err(refusal.reason)),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        game_ui(ui, &mut self.game);
        text_field(
            ui,
            "unit type",
            &mut self.unit_type,
            "A row of PART 6 B's Unit Movement Allowance table (zulu-infantry, horse-mounted, camel, gunboat ...)",
        );
    }
}

/// The rally, resupply and allowance forms.
#[derive(Debug, Clone, PartialEq)]
pub struct SotqMore {
    /// The rally form, made from the engine's description of its fields.
    pub rally: DescribedForm,
    /// The resupply form, made from the engine's description of its fields.
    pub resupply: DescribedForm,
    /// The Movement Allowance form.
    pub allowance: AllowanceForm,
}

impl Default for SotqMore {
    fn default() -> Self {
        SotqMore {
            rally: DescribedForm::new(Rally::FIELDS),
            resupply: DescribedForm::new(Resupply::FIELDS),
            allowance: AllowanceForm::default(),
        }
    }
}

impl SotqMore {
    /// Fills each form for the unit selected (role `unit`).
    pub fn fill(&mut self, records: &dyn Records, selected: &[String]) {
        let roles = Roles::of_selection(situation::UNIT_ROLES, selected);
        self.rally.fill(&roles, |base: RallyInput, given| {
            situation::rally(records, &roles, base, given)
        });
        self.resupply.fill(&roles, |base: ResupplyInput, given| {
            situation::resupply(records, &roles, base, given)
        });
        self.allowance.fill(records, &roles);
    }

    /// Draws the rally form.
    pub fn rally_ui(&mut self, ui: &mut egui::Ui) {
        self.rally.ui(ui);
    }

    /// Draws the resupply form.
    pub fn resupply_ui(&mut self, ui: &mut egui::Ui) {
        self.resupply.ui(ui);
    }

    /// Draws the allowance form.
    pub fn allowance_ui(&mut self, ui: &mut egui::Ui) {
        self.allowance.ui(ui);
    }
}
