//! The Soldiers of the Queen melee form (PART 12): a labelled field for every input of
//! the engine's `MeleeInput`, read into it with a message naming any field that does
//! not read.

use super::mc_combat::{number_field, pick};
use super::sotq_combat::{
    FromRecords, StackUnitRow, game_ui, name_list, origins_of, pad, role_rows, rows_ui, whole,
};
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::soldiers_of_the_queen::{
    Arm, Attacker, Defender, Game, MeleeInput, Morale, Nationality, Ridge,
};

/// One attacking unit, as typed.
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttackerRow {
    /// Its name.
    pub name: String,
    /// Its Melee Strength.
    pub strength: String,
    /// Its nationality.
    pub nationality: Nationality,
    /// Its arm.
    pub arm: Arm,
    /// Its impi or tribe (blank: none given).
    pub group: String,
    /// Mounted cavalry.
    pub mounted: bool,
    /// Making a cavalry charge (Omdurman).
    pub charging: bool,
    /// The 21st Lancers.
    pub lancers: bool,
    /// Within its leader's Command Radius.
    pub in_command_radius: bool,
    /// Pinned.
    pub pinned: bool,
    /// Routed.
    pub routed: bool,
}

impl Default for AttackerRow {
    fn default() -> Self {
        AttackerRow {
            name: "uMbonambi".to_owned(),
            strength: "6".to_owned(),
            nationality: Nationality::Zulu,
            arm: Arm::Foot,
            group: "uMbonambi".to_owned(),
            mounted: false,
            charging: false,
            lancers: false,
            in_command_radius: false,
            pinned: false,
            routed: false,
        }
    }
}

impl AttackerRow {
    /// A row with nothing given: the counter's Melee Strength is typed.
    fn blank() -> AttackerRow {
        AttackerRow {
            name: String::new(),
            strength: String::new(),
            group: String::new(),
            ..AttackerRow::default()
        }
    }

    /// The row as the records read it: its Melee Strength is not theirs, so none.
    fn as_read(&self) -> Attacker {
        let group = self.group.trim();
        Attacker {
            name: self.name.trim().to_owned(),
            strength: 0,
            nationality: self.nationality,
            arm: self.arm,
            group: (!group.is_empty()).then(|| group.to_owned()),
            mounted: self.mounted,
            charging: self.charging,
            lancers: self.lancers,
            in_command_radius: self.in_command_radius,
            pinned: self.pinned,
            routed: self.routed,
        }
    }

    /// Takes what the records gave; a different unit's printed values are not kept.
    fn take(&mut self, a: &Attacker) {
        if self.name.trim() != a.name {
            self.name.clone_from(&a.name);
            self.strength.clear();
            self.group.clear();
        }
        self.nationality = a.nationality;
        self.arm = a.arm;
        self.mounted = a.mounted;
        self.pinned = a.pinned;
        self.routed = a.routed;
    }

    fn attacker(&self, who: &str) -> Result<Attacker, String> {
        let name = self.name.trim();
        Ok(Attacker {
            name: if name.is_empty() {
                who.to_owned()
            } else {
                name.to_owned()
            },
            strength: whole(&format!("{who} strength"), &self.strength)?,
            ..self.as_read()
        })
    }

    fn ui(&mut self, ui: &mut egui::Ui, who: &str) {
        number_field(
            ui,
            &format!("{who} name"),
            &mut self.name,
            "The unit's name",
        );
        number_field(
            ui,
            &format!("{who} strength"),
            &mut self.strength,
            "Melee Strength printed on the unit",
        );
        pick(
            ui,
            &format!("{who} nationality"),
            &mut self.nationality,
            Nationality::ALL,
            Nationality::name,
        );
        pick(
            ui,
            &format!("{who} arm"),
            &mut self.arm,
            Arm::ALL,
            Arm::name,
        );
        number_field(
            ui,
            &format!("{who} impi or tribe"),
            &mut self.group,
            "Units of different impis (tribes) cannot attack together (PART 12 C)",
        );
        ui.horizontal_wrapped(|ui| {
            for (value, text) in [
                (&mut self.mounted, "mounted"),
                (&mut self.charging, "charging (Omdurman)"),
                (&mut self.lancers, "the 21st Lancers"),
                (
                    &mut self.in_command_radius,
                    "in its leader's Command Radius",
                ),
                (&mut self.pinned, "pinned"),
                (&mut self.routed, "routed"),
            ] {
                ui.checkbox(value, format!("{who} {text}"));
            }
        });
    }
}

/// One defending unit, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefenderRow {
    /// Name, morale, gun and Zariba marks.
    pub unit: StackUnitRow,
    /// Its Melee Strength.
    pub strength: String,
    /// Its arm.
    pub arm: Arm,
    /// Mounted cavalry.
    pub mounted: bool,
}

impl DefenderRow {
    fn new(name: &str, morale: Morale) -> DefenderRow {
        DefenderRow {
            unit: StackUnitRow::new(name, morale),
            strength: "2".to_owned(),
            arm: Arm::Foot,
            mounted: false,
        }
    }

    fn blank() -> DefenderRow {
        DefenderRow {
            unit: StackUnitRow::blank(),
            strength: String::new(),
            arm: Arm::Foot,
            mounted: false,
        }
    }

    fn as_read(&self, who: &str) -> Defender {
        Defender {
            unit: self.unit.unit(who),
            strength: 0,
            arm: self.arm,
            mounted: self.mounted,
        }
    }

    /// Takes what the records gave; a different unit's printed values are not kept.
    fn take(&mut self, d: &Defender) {
        if self.unit.name.trim() != d.unit.name {
            self.strength.clear();
        }
        self.unit.take(&d.unit);
        self.arm = d.arm;
        self.mounted = d.mounted;
    }

    fn defender(&self, who: &str) -> Result<Defender, String> {
        Ok(Defender {
            unit: self.unit.unit(who),
            strength: whole(&format!("{who} strength"), &self.strength)?,
            arm: self.arm,
            mounted: self.mounted,
        })
    }

    fn ui(&mut self, ui: &mut egui::Ui, who: &str) {
        self.unit.ui(ui, who);
        number_field(
            ui,
            &format!("{who} strength"),
            &mut self.strength,
            "Melee Strength printed on the unit",
        );
        pick(
            ui,
            &format!("{who} arm"),
            &mut self.arm,
            Arm::ALL,
            Arm::name,
        );
        ui.checkbox(&mut self.mounted, format!("{who} mounted"));
    }
}

/// The melee form: every input of one melee attack.
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SotqMeleeForm {
    /// The game.
    pub game: Game,
    /// The attacking units.
    pub attackers: Vec<AttackerRow>,
    /// The defending units, top of the stack first.
    pub defenders: Vec<DefenderRow>,
    /// Leaders stacked with the defenders, comma-separated.
    pub leaders: String,
    /// The defenders are surrounded.
    pub surrounded: bool,
    /// Across a ridge hexside, and which way.
    pub ridge: Option<Ridge>,
    /// Across the Big Donga's elevated bank (Isandhlwana).
    pub big_donga: bool,
    /// Through a thorn hedge hexside (Omdurman).
    pub thorn_hedge: bool,
    /// The defenders are in a trench hex, the attackers not (Omdurman).
    pub trench: bool,
    /// The defenders are in rough terrain, Level 2 and higher (Omdurman).
    pub rough: bool,
    /// Across a crest or all-Nile hexside.
    pub prohibited_hexside: bool,
    /// The Khalifa has been killed.
    pub khalifa_killed: bool,
    /// The mounted defender retreats one hex to avoid the melee.
    pub mounted_retreat: bool,
    /// What the records gave for the units selected.
    pub from_records: FromRecords,
}

impl Default for SotqMeleeForm {
    fn default() -> Self {
        SotqMeleeForm {
            game: Game::Isandhlwana,
            attackers: vec![AttackerRow::default()],
            defenders: vec![DefenderRow::new("A/1/24", Morale::A)],
            leaders: String::new(),
            surrounded: false,
            ridge: None,
            big_donga: false,
            thorn_hedge: false,
            trench: false,
            rough: false,
            prohibited_hexside: false,
            khalifa_killed: false,
            mounted_retreat: false,
            from_records: None,
        }
    }
}

impl SotqMeleeForm {
    /// Reads the units in their roles from the records (`attacker-1` ... and `defender`,
    /// the engine's `situation::melee`) and lays what they give into the rows.
    pub fn fill(&mut self, records: &dyn Records, roles: &Roles) {
        use crate::rules::soldiers_of_the_queen::situation;
        let attackers = role_rows(roles, "attacker-", None);
        let defenders = role_rows(roles, "defender-", Some("defender"));
        if attackers.is_empty() && defenders.is_empty() {
            self.from_records = None;
            return;
        }
        let rows = |found: &[usize]| found.iter().max().map_or(0, |i| i + 1);
        pad(&mut self.attackers, rows(&attackers), AttackerRow::blank);
        pad(&mut self.defenders, rows(&defenders), DefenderRow::blank);
        match situation::melee(records, roles, self.lenient(), &[]) {
            Ok(read) => {
                for &i in &attackers {
                    self.attackers[i].take(&read.attackers[i]);
                }
                for &i in &defenders {
                    self.defenders[i].take(&read.defenders[i]);
                }
                self.leaders = read.leaders.join(", ");
                self.from_records = Some(Ok(read.origins));
            }
            Err(refusal) => self.from_records = Some(Err(refusal.reason)),
        }
    }

    /// The melee as the records read it: the rows' printed values left out.
    fn lenient(&self) -> MeleeInput {
        self.input(
            self.attackers.iter().map(AttackerRow::as_read).collect(),
            self.defenders
                .iter()
                .enumerate()
                .map(|(i, d)| d.as_read(&format!("defender {}", i + 1)))
                .collect(),
            origins_of(&self.from_records),
        )
    }

    /// The melee as it stands, for the notes on what the records gave: its printed values
    /// left out while one does not read.
    pub fn shown(&self) -> MeleeInput {
        self.melee().unwrap_or_else(|_| self.lenient())
    }

    fn input(
        &self,
        attackers: Vec<Attacker>,
        defenders: Vec<Defender>,
        origins: Origins,
    ) -> MeleeInput {
        MeleeInput {
            game: self.game,
            attackers,
            defenders,
            leaders: name_list(&self.leaders),
            surrounded: self.surrounded,
            ridge: self.ridge,
            big_donga: self.big_donga,
            thorn_hedge: self.thorn_hedge,
            trench: self.trench,
            rough: self.rough,
            prohibited_hexside: self.prohibited_hexside,
            khalifa_killed: self.khalifa_killed,
            mounted_retreat: self.mounted_retreat,
            origins,
        }
    }

    /// The engine's melee, or a message naming the field that does not read.
    pub fn melee(&self) -> Result<MeleeInput, String> {
        let attackers = self
            .attackers
            .iter()
            .enumerate()
            .map(|(i, a)| a.attacker(&format!("attacker {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        let defenders = self
            .defenders
            .iter()
            .enumerate()
            .map(|(i, d)| d.defender(&format!("defender {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.input(attackers, defenders, origins_of(&self.from_records)))
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        game_ui(ui, &mut self.game);
        rows_ui(ui, &mut self.attackers, "attacker", |row, ui, who| {
            row.ui(ui, who);
        });
        if ui.button("add attacker").clicked() {
            self.attackers.push(AttackerRow::default());
        }
        ui.separator();
        ui.strong("The defenders' hex, top of the stack first");
        rows_ui(ui, &mut self.defenders, "defender", |row, ui, who| {
            row.ui(ui, who);
        });
        if ui.button("add defender").clicked() {
            let name = format!("unit {}", self.defenders.len() + 1);
            self.defenders.push(DefenderRow::new(&name, Morale::A));
        }
        number_field(
            ui,
            "leaders with the defenders",
            &mut self.leaders,
            "Names, comma-separated: each rolls for death when units are eliminated (PART 13 D)",
        );
        ui.horizontal(|ui| {
            ui.label("ridge hexside");
            ui.selectable_value(&mut self.ridge, None, "none");
            ui.selectable_value(
                &mut self.ridge,
                Some(Ridge::Down),
                "down onto the defenders",
            );
            ui.selectable_value(&mut self.ridge, Some(Ridge::Up), "up onto the defenders");
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.surrounded, "defenders surrounded");
            ui.checkbox(
                &mut self.big_donga,
                "across the Big Donga's bank (Isandhlwana)",
            );
            ui.checkbox(&mut self.thorn_hedge, "through a thorn hedge (Omdurman)");
            ui.checkbox(&mut self.trench, "defenders in a trench (Omdurman)");
            ui.checkbox(&mut self.rough, "defenders in rough terrain (Omdurman)");
            ui.checkbox(
                &mut self.prohibited_hexside,
                "across a crest or all-Nile hexside",
            );
            ui.checkbox(&mut self.khalifa_killed, "the Khalifa has been killed");
            ui.checkbox(
                &mut self.mounted_retreat,
                "mounted defender retreats to avoid melee",
            );
        });
    }
}
