//! Victoria Cross II (Isandlwana & Rorke's Drift): buckets of dice over zones. British fire,
//! volley fire, ammunition, Zulu random fire, melee and bayonet charges, the hospital fire,
//! replacements, victory points and the solitaire charts, each a [`crate::rules::Procedure`]
//! over a typed input, the charts in force and a [`DiceSource`].
//!
//! Every procedure returns a [`Resolution`] with its typed outcome, whose steps cite the
//! rulebook's own section headings, or refuses: by rule, or naming the board facts and chart
//! cells it lacks; typed dice that do not fit the throw are refused as bad dice.

// `Refusal` is the architecture's contract type, returned by value from every rule; the
// situations are plain structs of the flags a referee sets, one bool per printed condition.
#![allow(clippy::result_large_err, clippy::struct_excessive_bools)]

mod board;
mod bucket;
mod fire;
mod hospital;
mod melee;
mod random_fire;
mod solitaire;
mod stacking;
mod units;
mod victory;
pub mod words;
mod zone_fire;

pub use board::{
    Board, LineOfSight, MeleeBoard, ammo_distance, fire_range, line_of_sight, melee_across_wall,
    melee_board,
};
pub use bucket::{bucket, count};
pub use fire::{
    Ammo, AmmoInput, AmmoOutcome, AmmoSituation, Fire, FireInput, FireOutcome, FireSituation,
    MAX_DICE, Volley, VolleySituation,
};
pub use hospital::{Hospital, HospitalOutcome, HospitalSituation};
pub use melee::{
    BayonetCharge, BayonetChargeInput, BayonetChargeOutcome, ChargeResult, ExchangeGround,
    HitsOutcome, Melee, MeleeExchange, MeleeExchangeInput, MeleeExchangeOutcome, MeleeSituation,
    Side, ZoneSp,
};
pub use random_fire::{RandomFire, RandomFireSituation};
pub mod situation;
pub use solitaire::{
    Direction, SolitaireEntry, SolitaireEntryInput, SolitaireEntryOutcome, SolitaireMove,
    SolitaireMovement, SolitaireMovementOutcome,
};
pub use stacking::{Stack, Stacking, StackingOutcome, ZuluEntry, ZuluEntryInput, ZuluEntryOutcome};
pub use units::{Unit, UnitKind, firing_sp, melee_sp};
pub use victory::{
    AlternateVictory, AlternateVictoryInput, AlternateVictoryOutcome, Level, ReplacementUnit,
    Replacements, ReplacementsInput, ReplacementsOutcome, Victory, VictoryCheck, VictoryOutcome,
    VictoryPoints, VictoryPointsInput, VictoryPointsOutcome, VpTurn, Winner, ZuluReentry,
    ZuluReentryInput, ZuluReentryOutcome,
};
pub use zone_fire::{ZoneAmmo, ZoneFire};

crate::rules::procedures! {
    ruleset: RULESET,
    Fire("fire", label: "British fire", command: "fire") => fire::Fire,
    Volley("volley", label: "Volley", command: "volley") => fire::Volley,
    Ammo("ammo", label: "Ammunition", command: "ammo") => fire::Ammo,
    RandomFire("random-fire", label: "Zulu random fire", command: "random-fire") => random_fire::RandomFire,
    Melee("melee", label: "Melee", command: "melee") => melee::Melee,
    MeleeExchange("melee-exchange", label: "Melee exchange", command: "melee-exchange") => melee::MeleeExchange,
    BayonetCharge("bayonet-charge", label: "Bayonet charge", command: "bayonet-charge") => melee::BayonetCharge,
    Replacements("replacements", label: "Replacements", command: "replacements") => victory::Replacements,
    Hospital("hospital", label: "Hospital fire", command: "hospital") => hospital::Hospital,
    VictoryPoints("victory-points", label: "Victory points", command: "victory-points") => victory::VictoryPoints,
    Victory("victory", label: "Victory", command: "victory") => victory::Victory,
    ZuluReentry("zulu-reentry", label: "Zulu re-entry", command: "zulu-reentry") => victory::ZuluReentry,
    AlternateVictory("alternate-victory", label: "Alternate victory", command: "alternate-victory") => victory::AlternateVictory,
    Stacking("stacking", label: "Stacking", command: "stacking") => stacking::Stacking,
    ZuluEntry("zulu-entry", label: "Zulu entry", command: "zulu-entry") => stacking::ZuluEntry,
    SolitaireEntry("solitaire-entry", label: "Solitaire entry", command: "solitaire-entry") => solitaire::SolitaireEntry,
    SolitaireMovement("solitaire-movement", label: "Solitaire move", command: "solitaire-movement") => solitaire::SolitaireMovement,
}

use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Roll, RuleRef};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// The ruleset these rules belong to.
const RULESET: Ruleset = Ruleset::VictoriaCross;

/// A reference to a section of the rulebook, by its own heading.
pub(crate) fn rule(section: &str) -> RuleRef {
    RuleRef::section(RULESET, section)
}

/// A reference to one chart cell, under the section that prints it.
pub(crate) fn cell_rule(section: &str, chart: &str, key: &[&str]) -> RuleRef {
    RuleRef::cell(
        RULESET,
        section,
        chart,
        &format!("{chart}:{}", key.join(":")),
    )
}

impl std::str::FromStr for Battle {
    type Err = String;

    /// Parses `isandlwana` or `rorkes-drift`, the error naming both.
    fn from_str(text: &str) -> Result<Battle, String> {
        Battle::parse(text.trim())
            .ok_or_else(|| format!("'{text}' is not a battle: expected isandlwana or rorkes-drift"))
    }
}

/// A battle's field, as every door asks for it.
pub(crate) const fn battle_field(
    field: crate::rules::field::FieldId,
) -> crate::rules::describe::FieldSpec {
    crate::rules::describe::FieldSpec {
        field,
        flag: "battle",
        value_name: "BATTLE",
        label: "battle",
        help: "The battle: isandlwana or rorkes-drift",
        kind: crate::rules::describe::Kind::Choice { names: Battle::IDS },
        required: true,
        from_records: false,
        parse: crate::rules::describe::parsed::<Battle>,
    }
}

/// The two battles; the rules differ between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Battle {
    /// Isandlwana, 22 January 1879: 16 day turns, numbered zones, ammunition.
    Isandlwana,
    /// Rorke's Drift, the same day: 8 day and 8 night turns, walls and buildings.
    RorkesDrift,
}

impl Battle {
    /// The id used on the command line and in chart keys (`rorkes-drift`).
    pub fn id(self) -> &'static str {
        match self {
            Battle::Isandlwana => "isandlwana",
            Battle::RorkesDrift => "rorkes-drift",
        }
    }

    /// The battle's name as the rulebook prints it in its headings.
    pub fn heading(self) -> &'static str {
        match self {
            Battle::Isandlwana => "ISANDLWANA",
            Battle::RorkesDrift => "RORKE'S DRIFT",
        }
    }

    /// Parses `isandlwana` or `rorkes-drift`.
    pub fn parse(text: &str) -> Option<Battle> {
        match text {
            "isandlwana" => Some(Battle::Isandlwana),
            "rorkes-drift" => Some(Battle::RorkesDrift),
            _ => None,
        }
    }

    /// The battles' ids, in the order offered.
    pub const IDS: &'static [&'static str] = &["isandlwana", "rorkes-drift"];

    /// The board's zones chart.
    pub(crate) fn zones_chart(self) -> &'static str {
        match self {
            Battle::Isandlwana => "zones_isandlwana",
            Battle::RorkesDrift => "zones_rorkes_drift",
        }
    }

    /// The board's fire lists chart.
    pub(crate) fn fire_lists_chart(self) -> &'static str {
        match self {
            Battle::Isandlwana => "fire_lists_isandlwana",
            Battle::RorkesDrift => "fire_lists_rorkes_drift",
        }
    }
}

/// Throws `n` plain dice and returns the roll and its faces; typed dice that do not fit
/// are refused as bad dice under `section`.
pub(crate) fn throw(
    dice: &mut dyn DiceSource,
    n: usize,
    section: &str,
) -> Result<(Roll, Vec<u8>), Refusal> {
    let roll = dice
        .throw(&vec![None; n])
        .map_err(|e| Refusal::bad_dice(rule(section), &e))?;
    let faces = roll.faces.iter().map(|f| f.face).collect();
    Ok((roll, faces))
}

/// Faces written for a step: `1, 1, 3, 5, 6`.
pub(crate) fn faces_text(faces: &[u8]) -> String {
    faces
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "hit on 4, 5 & 6" for a lowest hitting face.
pub(crate) fn hit_text(hit_on: u8) -> String {
    match hit_on {
        0..=5 => format!("hits on {hit_on}+"),
        6 => "hits on 6 only".to_owned(),
        _ => "cannot hit".to_owned(),
    }
}

/// A reader that fails with a refusal listing every cell it needed and could not read.
pub(crate) struct Reader<'a> {
    /// The cell reader.
    pub cells: CellReader<'a>,
}

impl<'a> Reader<'a> {
    /// A reader over the Victoria Cross charts.
    pub fn new(charts: &'a Charts) -> Reader<'a> {
        Reader {
            cells: CellReader::new(charts, RULESET),
        }
    }

    /// A whole number, or `None` with the cell recorded as needed.
    pub fn int(&mut self, chart: &str, key: &[&str]) -> Option<i64> {
        self.cells.int(chart, key)
    }

    /// A whole number that must be there: the refusal lists it (and any other missing cell).
    pub fn need_int(&mut self, chart: &str, key: &[&str], rule: &RuleRef) -> Result<i64, Refusal> {
        match self.cells.int(chart, key) {
            Some(n) => Ok(n),
            None => Err(self.refusal(rule.clone())),
        }
    }

    /// A setting's value, or `None` with the cell recorded as needed.
    pub fn setting(&mut self, key: &str) -> Option<String> {
        self.cells
            .get("settings", &[key])
            .and_then(|v| v.as_text().map(str::to_owned))
    }

    /// Whether an on/off setting is on (an unreadable setting counts as off and is needed).
    pub fn setting_is(&mut self, key: &str, value: &str) -> bool {
        self.setting(key).is_some_and(|v| v == value)
    }

    /// The refusal listing every needed cell (or a plain one if none is missing).
    pub fn refusal(&self, rule: RuleRef) -> Refusal {
        self.cells
            .refusal(rule.clone())
            .unwrap_or_else(|| Refusal::by_rule(rule, "a chart cell could not be read"))
    }

    /// Fails if any needed cell is missing.
    pub fn check(&self, rule: &RuleRef) -> Result<(), Refusal> {
        match self.cells.refusal(rule.clone()) {
            Some(refusal) => Err(refusal),
            None => Ok(()),
        }
    }

    /// Moves the gathered warnings into a resolution.
    pub fn warn_into<O>(&self, resolution: &mut Resolution<O>) {
        for w in self.cells.warnings() {
            resolution.warn(w.clone());
        }
    }
}

/// The British Laager Camp given by hand (a laagered zone, `--in-laager-camp`): the rule is
/// Isandlwana's ("When using the British Free Form set up consider Zones 14, 15, and 23
/// laagered", and the Free Form set-up is "Alternative Free Form British Setup for
/// Isandlwana") and optional (BRITISH ADVANTAGE 5), so it is refused at Rorke's Drift and
/// while `settings:british_laager_camp` is off, naming the setting that turns it on.
pub(crate) fn laager_camp_given(reader: &mut Reader<'_>, battle: Battle) -> Result<(), Refusal> {
    let section = "Optional Rules: BRITISH ADVANTAGE";
    if battle == Battle::RorkesDrift {
        return Err(Refusal::by_rule(
            rule(section),
            "a laagered zone is Isandlwana's: \"When using the British Free Form set up consider Zones 14, 15, and 23 laagered\" (the Alternative Free Form British Setup for Isandlwana); Rorke's Drift has no laager camp",
        ));
    }
    if !reader.setting_is("british_laager_camp", "on") {
        let setting = reader.setting("british_laager_camp");
        return Err(Refusal::by_rule(
            cell_rule(section, "settings", &["british_laager_camp"]),
            format!(
                "a laagered zone is the optional British Laager Camp rule, and settings:british_laager_camp is {}: turn it on to play it (--cell settings:british_laager_camp=on)",
                setting.as_deref().unwrap_or("not set")
            ),
        ));
    }
    Ok(())
}

/// A new resolution of a Victoria Cross procedure, its outcome set when it is done.
pub(crate) fn resolution(charts: &Charts, procedure: &str) -> Resolution<()> {
    Resolution::new(RULESET, procedure, charts.hash())
}
