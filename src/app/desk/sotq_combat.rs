//! The Soldiers of the Queen fire form (PART 10) and the fields it shares with the melee
//! form: a labelled field for every input of the engine's `FireInput`, read into it with
//! a message naming any field that does not read. The engine resolves; nothing here does.

use super::mc_combat::{number_field, pick};
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::soldiers_of_the_queen::{
    Arm, FireInput, Firer, Game, Morale, Nationality, Phase, StackUnit, Target,
};

/// What the records gave a form for the units selected (its origins, the engine's
/// `soldiers_of_the_queen::situation`), or why they gave nothing; `None` when no unit is
/// selected in its roles.
pub type FromRecords = Option<Result<Origins, String>>;

/// The origins to send with a request: the records' when they gave the form its values.
pub(super) fn origins_of(read: &FromRecords) -> Origins {
    match read {
        Some(Ok(origins)) => origins.clone(),
        _ => Origins::default(),
    }
}

/// Rows enough for every unit the roles put in them (`numbered`: the row index of each),
/// new rows blank.
pub(super) fn pad<T>(rows: &mut Vec<T>, needed: usize, blank: impl Fn() -> T) {
    while rows.len() < needed {
        rows.push(blank());
    }
}

/// The row indices (from 0) the roles fill: `firer-3` is row 2, `target` row 0, `target-2`
/// row 1.
pub(super) fn role_rows(roles: &Roles, prefix: &str, first: Option<&str>) -> Vec<usize> {
    roles
        .0
        .iter()
        .filter_map(|(role, _)| {
            if Some(role.as_str()) == first {
                return Some(0);
            }
            let rest = role
                .strip_prefix(prefix)
                .or_else(|| first.and_then(|f| role.strip_prefix(f)?.strip_prefix('-')))?;
            rest.parse::<usize>().ok()?.checked_sub(1)
        })
        .collect()
}

/// A strength typed in a field, in the strength's domain (the engine's bound keeps any sum
/// of them from overflowing), or a message naming the field.
pub(super) fn whole(field: &str, text: &str) -> Result<u32, String> {
    super::whole_number(field, text)
}

/// A comma-separated list of names (leaders in a hex); blanks dropped.
pub(super) fn name_list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The two games, as a choice.
pub(super) fn game_ui(ui: &mut egui::Ui, game: &mut Game) {
    ui.horizontal(|ui| {
        ui.label("game");
        ui.selectable_value(game, Game::Isandhlwana, "Isandhlwana");
        ui.selectable_value(game, Game::Omdurman, "Omdurman");
    });
}

const MORALE: &[Option<Morale>] = &[
    None,
    Some(Morale::A),
    Some(Morale::B),
    Some(Morale::C),
    Some(Morale::D),
];

/// A list of rows, each headed by its name ("firer 2") with a button to remove it, drawn
/// by `draw`; the rows left after the frame's removal.
pub(super) fn rows_ui<T>(
    ui: &mut egui::Ui,
    rows: &mut Vec<T>,
    noun: &str,
    mut draw: impl FnMut(&mut T, &mut egui::Ui, &str),
) {
    let mut remove = None;
    for (i, row) in rows.iter_mut().enumerate() {
        let who = format!("{noun} {}", i + 1);
        ui.horizontal(|ui| {
            ui.strong(&who);
            if ui.small_button(format!("remove {who}")).clicked() {
                remove = Some(i);
            }
        });
        draw(row, ui, &who);
    }
    if let Some(i) = remove {
        rows.remove(i);
    }
}

fn morale_name(m: Option<Morale>) -> &'static str {
    m.map_or("none given", Morale::letter)
}

/// A combat unit of the hex fired on or attacked, top of the stack first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackUnitRow {
    /// Its name.
    pub name: String,
    /// Its Morale Rating, needed when it must check morale.
    pub morale: Option<Morale>,
    /// An Isandhlwana 7-pounder gun unit.
    pub gun: bool,
    /// An Omdurman British unit inside the Zariba.
    pub zariba: bool,
}

impl StackUnitRow {
    /// A unit with a name and a rating.
    pub fn new(name: &str, morale: Morale) -> StackUnitRow {
        StackUnitRow {
            name: name.to_owned(),
            morale: Some(morale),
            gun: false,
            zariba: false,
        }
    }

    /// A row with nothing given.
    pub(super) fn blank() -> StackUnitRow {
        StackUnitRow {
            name: String::new(),
            morale: None,
            gun: false,
            zariba: false,
        }
    }

    /// Takes the name the records gave; a different unit's Morale Rating is not kept.
    pub(super) fn take(&mut self, unit: &StackUnit) {
        if self.name.trim() != unit.name {
            self.name.clone_from(&unit.name);
            self.morale = None;
        }
    }

    /// The engine's unit; an empty name is called by its place in the stack.
    pub(super) fn unit(&self, who: &str) -> StackUnit {
        let name = self.name.trim();
        StackUnit {
            name: if name.is_empty() {
                who.to_owned()
            } else {
                name.to_owned()
            },
            morale: self.morale,
            gun: self.gun,
            zariba: self.zariba,
        }
    }

    /// The name and rating fields, then the marks.
    pub(super) fn ui(&mut self, ui: &mut egui::Ui, who: &str) {
        number_field(
            ui,
            &format!("{who} name"),
            &mut self.name,
            "The unit's name as you know it",
        );
        pick(
            ui,
            &format!("{who} morale"),
            &mut self.morale,
            MORALE,
            morale_name,
        );
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.gun, format!("{who} is a 7-pounder gun"));
            ui.checkbox(&mut self.zariba, format!("{who} inside the Zariba"));
        });
    }
}

/// One firing unit, as typed.
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirerRow {
    /// Its name.
    pub name: String,
    /// Its Fire Strength.
    pub strength: String,
    /// Its weapon letter.
    pub weapon: String,
    /// The range to the target in hexes.
    pub range: String,
    /// Its nationality.
    pub nationality: Nationality,
    /// Its arm.
    pub arm: Arm,
    /// Mounted cavalry.
    pub mounted: bool,
    /// Limbered artillery.
    pub limbered: bool,
    /// Moved this Friendly Movement Phase.
    pub moved: bool,
    /// Changed formation this Friendly Movement Phase.
    pub changed_formation: bool,
    /// Its Ammunition Roster is all marked.
    pub out_of_ammo: bool,
    /// Pinned.
    pub pinned: bool,
    /// Routed.
    pub routed: bool,
    /// The target is not through a frontal hexside.
    pub rear: bool,
    /// An enemy in its ZOC is not the target.
    pub zoc_elsewhere: bool,
}

impl Default for FirerRow {
    fn default() -> Self {
        FirerRow {
            name: "A/1/24".to_owned(),
            strength: "4".to_owned(),
            weapon: "T".to_owned(),
            range: "3".to_owned(),
            nationality: Nationality::Regular,
            arm: Arm::Foot,
            mounted: false,
            limbered: false,
            moved: false,
            changed_formation: false,
            out_of_ammo: false,
            pinned: false,
            routed: false,
            rear: false,
            zoc_elsewhere: false,
        }
    }
}

impl FirerRow {
    /// A row with nothing given: the counter's printed values are typed.
    fn blank() -> FirerRow {
        FirerRow {
            name: String::new(),
            strength: String::new(),
            weapon: String::new(),
            range: String::new(),
            ..FirerRow::default()
        }
    }

    /// The row as the records read it: its printed values are not theirs, so none.
    fn as_read(&self) -> Firer {
        Firer {
            name: self.name.trim().to_owned(),
            strength: 0,
            weapon: String::new(),
            range: 0,
            nationality: self.nationality,
            arm: self.arm,
            mounted: self.mounted,
            limbered: self.limbered,
            moved: self.moved,
            changed_formation: self.changed_formation,
            out_of_ammo: self.out_of_ammo,
            pinned: self.pinned,
            routed: self.routed,
            rear: self.rear,
            zoc_elsewhere: self.zoc_elsewhere,
        }
    }

    /// Takes what the records gave; a different unit's printed values are not kept.
    fn take(&mut self, f: &Firer) {
        if self.name.trim() != f.name {
            self.name.clone_from(&f.name);
            self.strength.clear();
            self.weapon.clear();
            self.range.clear();
        }
        self.nationality = f.nationality;
        self.arm = f.arm;
        self.mounted = f.mounted;
        self.limbered = f.limbered;
        self.out_of_ammo = f.out_of_ammo;
        self.pinned = f.pinned;
        self.routed = f.routed;
    }

    fn firer(&self, who: &str) -> Result<Firer, String> {
        let name = self.name.trim();
        let weapon = self.weapon.trim();
        if weapon.is_empty() {
            return Err(format!(
                "{who} weapon: give the weapon letter printed on the unit"
            ));
        }
        Ok(Firer {
            name: if name.is_empty() {
                who.to_owned()
            } else {
                name.to_owned()
            },
            strength: whole(&format!("{who} strength"), &self.strength)?,
            weapon: weapon.to_owned(),
            range: whole(&format!("{who} range"), &self.range)?,
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
            "Fire Strength printed on the unit (PART 10 A)",
        );
        number_field(
            ui,
            &format!("{who} weapon"),
            &mut self.weapon,
            "Weapon letter printed on the unit, a row of the Range Effects Chart",
        );
        number_field(
            ui,
            &format!("{who} range"),
            &mut self.range,
            "Hexes to the target: the firer's hex not counted, the target's counted (PART 10 A)",
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
        ui.horizontal_wrapped(|ui| {
            for (value, text) in [
                (&mut self.mounted, "mounted"),
                (&mut self.limbered, "limbered (Isandhlwana)"),
                (&mut self.moved, "moved this phase"),
                (&mut self.changed_formation, "changed formation"),
                (&mut self.out_of_ammo, "out of ammunition (Isandhlwana)"),
                (&mut self.pinned, "pinned"),
                (&mut self.routed, "routed"),
                (&mut self.rear, "target not through a frontal hexside"),
                (&mut self.zoc_elsewhere, "another enemy in its ZOC"),
            ] {
                ui.checkbox(value, format!("{who} {text}"));
            }
        });
    }
}

/// The fire form: every input of one fire attack.
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SotqFireForm {
    /// The game.
    pub game: Game,
    /// The fire phase.
    pub phase: Phase,
    /// The units firing together.
    pub firers: Vec<FirerRow>,
    /// The combat units in the target hex, top first.
    pub targets: Vec<StackUnitRow>,
    /// Leaders in the target hex, comma-separated.
    pub leaders: String,
    /// A woods hex (Isandhlwana).
    pub woods: bool,
    /// Through the Big Donga's elevated bank (Isandhlwana).
    pub big_donga: bool,
    /// A trench hex (Omdurman).
    pub trench: bool,
    /// The target is mounted cavalry (Omdurman).
    pub target_mounted: bool,
    /// The target is a gunboat (Omdurman).
    pub gunboat: bool,
    /// The Line of Sight is blocked.
    pub los_blocked: bool,
    /// The fire crosses a crest hexside.
    pub through_crest: bool,
    /// The Khalifa has been killed.
    pub khalifa_killed: bool,
    /// What the records gave for the units selected.
    pub from_records: FromRecords,
}

impl Default for SotqFireForm {
    fn default() -> Self {
        SotqFireForm {
            game: Game::Isandhlwana,
            phase: Phase::Defensive,
            firers: vec![FirerRow::default()],
            targets: vec![StackUnitRow::new("uMbonambi", Morale::B)],
            leaders: String::new(),
            woods: false,
            big_donga: false,
            trench: false,
            target_mounted: false,
            gunboat: false,
            los_blocked: false,
            through_crest: false,
            khalifa_killed: false,
            from_records: None,
        }
    }
}

impl SotqFireForm {
    /// Reads the units in their roles from the records (`firer-1` ... and `target`, the
    /// engine's `situation::fire`) and lays what they give into the rows.
    pub fn fill(&mut self, records: &dyn Records, roles: &Roles) {
        use crate::rules::soldiers_of_the_queen::situation;
        let firers = role_rows(roles, "firer-", None);
        let targets = role_rows(roles, "target-", Some("target"));
        if firers.is_empty() && targets.is_empty() {
            self.from_records = None;
            return;
        }
        pad(
            &mut self.firers,
            firers.iter().max().map_or(0, |i| i + 1),
            FirerRow::blank,
        );
        pad(
            &mut self.targets,
            targets.iter().max().map_or(0, |i| i + 1),
            StackUnitRow::blank,
        );
        match situation::fire(records, roles, self.fire_lenient(), &[]) {
            Ok(read) => {
                for &i in &firers {
                    self.firers[i].take(&read.firers[i]);
                }
                for &i in &targets {
                    self.targets[i].take(&read.target.units[i]);
                }
                self.target_mounted = read.target.mounted;
                self.gunboat = read.target.gunboat;
                self.leaders = read.target.leaders.join(", ");
                self.from_records = Some(Ok(read.origins));
            }
            Err(refusal) => self.from_records = Some(Err(refusal.reason)),
        }
    }

    /// The fire as the records read it: the rows' printed values left out.
    fn fire_lenient(&self) -> FireInput {
        self.input(self.firers.iter().map(FirerRow::as_read).collect())
    }

    /// The fire as it stands, for the notes on what the records gave: its printed values
    /// left out while one does not read.
    pub fn shown(&self) -> FireInput {
        self.fire().unwrap_or_else(|_| self.fire_lenient())
    }

    fn input(&self, firers: Vec<Firer>) -> FireInput {
        let units = self
            .targets
            .iter()
            .enumerate()
            .map(|(i, t)| t.unit(&format!("target {}", i + 1)))
            .collect();
        FireInput {
            game: self.game,
            phase: self.phase,
            firers,
            target: Target {
                units,
                leaders: name_list(&self.leaders),
                woods: self.woods,
                big_donga: self.big_donga,
                trench: self.trench,
                mounted: self.target_mounted,
                gunboat: self.gunboat,
                los_blocked: self.los_blocked,
                through_crest: self.through_crest,
            },
            khalifa_killed: self.khalifa_killed,
            origins: origins_of(&self.from_records),
        }
    }

    /// The engine's fire attack, or a message naming the field that does not read.
    pub fn fire(&self) -> Result<FireInput, String> {
        let firers = self
            .firers
            .iter()
            .enumerate()
            .map(|(i, f)| f.firer(&format!("firer {}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.input(firers))
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        game_ui(ui, &mut self.game);
        pick(ui, "fire phase", &mut self.phase, Phase::ALL, Phase::name);
        rows_ui(ui, &mut self.firers, "firer", |row, ui, who| {
            row.ui(ui, who);
        });
        if ui
            .button("add firer")
            .on_hover_text("Units firing into one hex combine their Fire Strength (PART 10 E)")
            .clicked()
        {
            self.firers.push(FirerRow::default());
        }
        ui.separator();
        ui.strong("The target hex, top of the stack first");
        rows_ui(ui, &mut self.targets, "target", |row, ui, who| {
            row.ui(ui, who);
        });
        if ui.button("add target unit").clicked() {
            self.targets.push(StackUnitRow::new(
                &format!("unit {}", self.targets.len() + 1),
                Morale::B,
            ));
        }
        number_field(
            ui,
            "leaders in the target hex",
            &mut self.leaders,
            "Names, comma-separated: each rolls for death when units are eliminated (PART 13 D)",
        );
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.woods, "woods hex (Isandhlwana)");
            ui.checkbox(
                &mut self.big_donga,
                "through the Big Donga's bank (Isandhlwana)",
            );
            ui.checkbox(&mut self.trench, "trench hex (Omdurman)");
            ui.checkbox(
                &mut self.target_mounted,
                "target mounted cavalry (Omdurman)",
            );
            ui.checkbox(&mut self.gunboat, "target a gunboat (Omdurman)");
            ui.checkbox(&mut self.los_blocked, "Line of Sight blocked");
            ui.checkbox(&mut self.through_crest, "through a crest hexside");
            ui.checkbox(&mut self.khalifa_killed, "the Khalifa has been killed");
        });
    }
}
