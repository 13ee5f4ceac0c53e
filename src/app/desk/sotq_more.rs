//! The Soldiers of the Queen rally, ammunition resupply, Movement Allowance and map entry
//! forms: a labelled field for every input of the engine's `RallyInput`, `ResupplyInput`,
//! `AllowanceInput` and `EntryInput`, filled from the records for the unit selected by the engine's
//! `soldiers_of_the_queen::situation`. The engine resolves; nothing here does.

use super::described::DescribedForm;
use crate::rules::Procedure as _;
use crate::rules::situation::{Records, Roles};
use crate::rules::soldiers_of_the_queen::{
    Allowance, AllowanceInput, Entry, EntryInput, Rally, RallyInput, Resupply, ResupplyInput,
    situation,
};

/// The rally, resupply, allowance and entry forms.
#[derive(Debug, Clone, PartialEq)]
pub struct SotqMore {
    /// The rally form, made from the engine's description of its fields.
    pub rally: DescribedForm,
    /// The resupply form, made from the engine's description of its fields.
    pub resupply: DescribedForm,
    /// The Movement Allowance form, made from the engine's description of its fields.
    pub allowance: DescribedForm,
    /// The map entry form, made from the engine's description of its fields.
    pub entry: DescribedForm,
}

impl Default for SotqMore {
    fn default() -> Self {
        SotqMore {
            rally: DescribedForm::new(Rally::FIELDS),
            resupply: DescribedForm::new(Resupply::FIELDS),
            allowance: DescribedForm::new(Allowance::FIELDS),
            entry: DescribedForm::new(Entry::FIELDS),
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
        self.allowance.fill(&roles, |base: AllowanceInput, given| {
            situation::allowance(records, &roles, base, given)
        });
        self.entry.fill(&roles, |base: EntryInput, given| {
            situation::entry(records, &roles, base, given)
        });
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

    /// Draws the entry form.
    pub fn entry_ui(&mut self, ui: &mut egui::Ui) {
        self.entry.ui(ui);
    }
}
