//! The Soldiers of the Queen rally, ammunition resupply and Movement Allowance forms: a
//! labelled field for every input of the engine's `RallyInput`, `ResupplyInput` and
//! `AllowanceInput`, filled from the records for the unit selected by the engine's
//! `soldiers_of_the_queen::situation`. The engine resolves; nothing here does.

use super::mc_combat::{number_field, pick};
use super::sotq_combat::{FromRecords, game_ui, origins_of, whole};
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::soldiers_of_the_queen::{
    AllowanceInput, Game, Position, Rallier, RallyInput, ResupplyInput, ResupplyUnit, Side,
    situation,
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

const SIDES: &[Side] = &[Side::British, Side::Zulu, Side::Dervish];
const POSITIONS: &[Position] = &[Position::Stacked, Position::Adjacent, Position::Away];
const RESUPPLY_UNITS: &[ResupplyUnit] = &[ResupplyUnit::Foot, ResupplyUnit::DismountedCavalry];

/// A rally of one Routed unit (PART 13).
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RallyForm {
    /// The game.
    pub game: Game,
    /// The side rallying.
    pub side: Side,
    /// The leader: army-commander, gatacre, a leader's name or the name of his command.
    pub leader: String,
    /// The command the Routed unit belongs to (blank: none given).
    pub unit_command: String,
    /// The unit is artillery.
    pub artillery: bool,
    /// Where the unit is, seen from the leader.
    pub position: Position,
    /// The army commander has been killed.
    pub army_commander_killed: bool,
    /// The unit selected, as the records gave it.
    pub unit: Option<String>,
    /// What the records gave.
    pub from_records: FromRecords,
}

impl Default for RallyForm {
    fn default() -> Self {
        RallyForm {
            game: Game::Isandhlwana,
            side: Side::Zulu,
            leader: "army-commander".to_owned(),
            unit_command: String::new(),
            artillery: false,
            position: Position::Stacked,
            army_commander_killed: false,
            unit: None,
            from_records: None,
        }
    }
}

impl RallyForm {
    /// The engine's rally, or a message naming the field that does not read.
    pub fn rally(&self) -> Result<RallyInput, String> {
        let rallier: Rallier = self
            .leader
            .parse()
            .map_err(|e| format!("rallying leader: {e}"))?;
        let command = self.unit_command.trim();
        Ok(RallyInput {
            game: self.game,
            side: self.side,
            rallier,
            unit_command: (!command.is_empty()).then(|| command.to_owned()),
            unit_artillery: self.artillery,
            position: self.position,
            army_commander_killed: self.army_commander_killed,
            unit: self.unit.clone(),
            origins: origins_of(&self.from_records),
        })
    }

    /// Reads the Routed unit in role `unit` from the records (`situation::rally`).
    fn fill(&mut self, records: &dyn Records, roles: &Roles) {
        if roles.0.is_empty() {
            (self.unit, self.from_records) = (None, None);
            return;
        }
        let Ok(mut base) = self.rally() else {
            return;
        };
        base.origins = Origins::default();
        match situation::rally(records, roles, base, &[]) {
            Ok(read) => {
                self.artillery = read.unit_artillery;
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
        game_ui(ui, &mut self.game);
        pick(ui, "rallying side", &mut self.side, SIDES, Side::name);
        text_field(
            ui,
            "rallying leader",
            &mut self.leader,
            "army-commander, gatacre, a leader's name (Pulleine, Durnford, Kitchener) or the name of his command (1/24, I Brigade, uDududu)",
        );
        text_field(
            ui,
            "the unit's command",
            &mut self.unit_command,
            "The command or unit the Routed unit belongs to, as the text names it (1/24, 1/1 NNC, I Brigade, uVe; blank: none given)",
        );
        pick(
            ui,
            "the unit is",
            &mut self.position,
            POSITIONS,
            Position::name,
        );
        ui.checkbox(&mut self.artillery, "the unit is artillery");
        ui.checkbox(
            &mut self.army_commander_killed,
            "the army commander has been killed",
        );
    }
}

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
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SotqMore {
    /// The rally form.
    pub rally: RallyForm,
    /// The resupply form.
    pub resupply: ResupplyForm,
    /// The Movement Allowance form.
    pub allowance: AllowanceForm,
}

impl SotqMore {
    /// Fills each form for the unit selected (role `unit`).
    pub fn fill(&mut self, records: &dyn Records, selected: &[String]) {
        let roles = Roles::of_selection(situation::UNIT_ROLES, selected);
        self.rally.fill(records, &roles);
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
