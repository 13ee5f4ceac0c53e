//! The Soldiers of the Queen rally, ammunition resupply and Movement Allowance forms: a
//! labelled field for every input of the engine's `RallyInput`, `ResupplyInput` and
//! `AllowanceInput`, filled from the records for the unit selected by the engine's
//! `soldiers_of_the_queen::situation`. The engine resolves; nothing here does.

use super::described::DescribedForm;
use super::mc_combat::{number_field, pick};
use super::sotq_combat::{FromRecords, game_ui, origins_of, whole};
use crate::rules::Procedure as _;
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::soldiers_of_the_queen::{
    AllowanceInput, Game, Rally, RallyInput, ResupplyInput, ResupplyUnit, situation,
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

const RESUPPLY_UNITS: &[ResupplyUnit] = &[ResupplyUnit::Foot, ResupplyUnit::DismountedCavalry];

/// One ammunition resupply roll (PART 11).
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResupplyForm {
    /// A row of the Ammunition Resupply Table.
    pub unit_type: ResupplyUnit,
    /// Boxes on the unit's Ammunition Roster.
    pub boxes: String,
    /// Boxes marked off.
    pub marked: String,
    /// Hexes to the Supply Wagon.
    pub range: String,
    /// The unit is artillery.
    pub artillery: bool,
    /// Pinned.
    pub pinned: bool,
    /// Routed.
    pub routed: bool,
    /// The path to the wagon goes through an enemy-controlled hex.
    pub path_blocked: bool,
    /// The unit selected, as the records gave it.
    pub unit: Option<String>,
    /// What the records gave.
    pub from_records: FromRecords,
}

impl Default for ResupplyForm {
    fn default() -> Self {
        ResupplyForm {
            unit_type: ResupplyUnit::Foot,
            boxes: "10".to_owned(),
            marked: "5".to_owned(),
            range: "2".to_owned(),
            artillery: false,
            pinned: false,
            routed: false,
            path_blocked: false,
            unit: None,
            from_records: None,
        }
    }
}

impl ResupplyForm {
    /// The engine's resupply roll, or a message naming the field that does not read.
    pub fn resupply(&self) -> Result<ResupplyInput, String> {
        Ok(ResupplyInput {
            unit_type: self.unit_type,
            boxes: whole("roster boxes", &self.boxes)?,
            marked: whole("boxes marked", &self.marked)?,
            range: whole("hexes to the wagon", &self.range)?,
            artillery: self.artillery,
            pinned: self.pinned,
            routed: self.routed,
            path_blocked: self.path_blocked,
            unit: self.unit.clone(),
            origins: origins_of(&self.from_records),
        })
    }

    /// Reads the unit in role `unit` from the records (`situation::resupply`): its arm,
    /// whether it is dismounted cavalry, pinned or routed. The roster's boxes stay typed.
    fn fill(&mut self, records: &dyn Records, roles: &Roles) {
        if roles.0.is_empty() {
            (self.unit, self.from_records) = (None, None);
            return;
        }
        let base = ResupplyInput {
            unit_type: self.unit_type,
            boxes: 0,
            marked: 0,
            range: 0,
            artillery: self.artillery,
            pinned: self.pinned,
            routed: self.routed,
            path_blocked: self.path_blocked,
            unit: None,
            origins: Origins::default(),
        };
        match situation::resupply(records, roles, base, &[]) {
            Ok(read) => {
                self.unit_type = read.unit_type;
                self.artillery = read.artillery;
                self.pinned = read.pinned;
                self.routed = read.routed;
                self.unit = read.unit;
                self.from_records = Some(Ok(read.origins));
            }
            Err(refusal) => {
                self.unit = None;
                self.from_records = Some(Err(refusal.reason));
            }
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        pick(
            ui,
            "unit type",
            &mut self.unit_type,
            RESUPPLY_UNITS,
            ResupplyUnit::name,
        );
        for (label, text, hover) in [
            (
                "roster boxes",
                &mut self.boxes,
                "Boxes on the unit's Ammunition Roster",
            ),
            ("boxes marked", &mut self.marked, "Boxes marked off"),
            (
                "hexes to the wagon",
                &mut self.range,
                "Range from the unit to the Supply Wagon, in hexes",
            ),
        ] {
            number_field(ui, label, text, hover);
        }
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.artillery, "artillery");
            ui.checkbox(&mut self.pinned, "pinned");
            ui.checkbox(&mut self.routed, "routed");
            ui.checkbox(
                &mut self.path_blocked,
                "the path to the wagon goes through an enemy-controlled hex",
            );
        });
    }
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
    /// The resupply form.
    pub resupply: ResupplyForm,
    /// The Movement Allowance form.
    pub allowance: AllowanceForm,
}

impl Default for SotqMore {
    fn default() -> Self {
        SotqMore {
            rally: DescribedForm::new(Rally::FIELDS),
            resupply: ResupplyForm::default(),
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
        self.resupply.fill(records, &roles);
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
