//! Victoria Cross II (Isandlwana & Rorke's Drift): buckets of dice over zones. British fire,
//! volley fire, ammunition, Zulu random fire, melee and bayonet charges, the hospital fire,
//! replacements, victory points and the solitaire charts, each a pure function of plain
//! input structs, the charts in force and a [`DiceSource`].
//!
//! Every function returns a [`Resolution`] whose steps cite the rulebook's own section
//! headings, or refuses: by rule, or naming the board facts and chart cells it lacks.

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
mod units;
mod victory;
mod zone_fire;

pub use board::{Board, LineOfSight, ammo_distance, fire_range, line_of_sight, melee_across_wall};
pub use bucket::{bucket, count};
pub use fire::{
    AmmoSituation, FireSituation, VolleySituation, ammo, ammo_odds, fire, fire_odds, volley,
    volley_odds,
};
pub use hospital::{HospitalSituation, hospital, hospital_odds};
pub use melee::{
    BayonetCharge, MeleeExchange, MeleeSituation, Side, bayonet_charge, melee, melee_exchange,
    melee_odds,
};
pub use random_fire::{RandomFireSituation, random_fire, random_fire_odds};
pub use solitaire::{SolitaireMove, solitaire_entry, solitaire_movement};
pub use units::{Unit, UnitKind, firing_sp, melee_sp};
pub use victory::{
    ReplacementUnit, VictoryCheck, VpTurn, ZuluReentry, alternate_victory, check_victory,
    replacements, victory_points, zulu_reentry,
};
pub use zone_fire::{ZoneFire, zone_ammo, zone_ammo_distance, zone_fire, zone_fire_odds};

use crate::charts::{CellReader, Charts};
use crate::dice::{DiceError, DiceSource};
use crate::resolution::{Refusal, Resolution, Roll, RuleRef};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// The ruleset these rules belong to.
const VC: Ruleset = Ruleset::VictoriaCross;

/// A reference to a section of the rulebook, by its own heading.
pub(crate) fn rule(section: &str) -> RuleRef {
    RuleRef::section(VC, section)
}

/// A reference to one chart cell, under the section that prints it.
pub(crate) fn cell_rule(section: &str, chart: &str, key: &[&str]) -> RuleRef {
    RuleRef::cell(VC, section, chart, &format!("{chart}:{}", key.join(":")))
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

/// Why a resolution did not finish: the rule refused, or the dice given do not fit it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VcError {
    /// The rule's own answer: not allowed, out of range, or board facts no one supplied.
    #[error("{0}")]
    Refused(Refusal),
    /// Typed dice that do not fit the throw (too few, not faces).
    #[error("{0}")]
    Dice(DiceError),
}

impl From<Refusal> for VcError {
    fn from(refusal: Refusal) -> VcError {
        VcError::Refused(refusal)
    }
}

impl From<DiceError> for VcError {
    fn from(error: DiceError) -> VcError {
        VcError::Dice(error)
    }
}

/// Throws `n` plain dice and returns the roll and its faces.
pub(crate) fn throw(dice: &mut dyn DiceSource, n: usize) -> Result<(Roll, Vec<u8>), DiceError> {
    let roll = dice.throw(&vec![None; n])?;
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
            cells: CellReader::new(charts, VC),
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
    pub fn warn_into(&self, resolution: &mut Resolution) {
        for w in self.cells.warnings() {
            resolution.warn(w.clone());
        }
    }
}

/// A new resolution of a Victoria Cross procedure.
pub(crate) fn resolution(charts: &Charts, procedure: &str) -> Resolution {
    Resolution::new(VC, procedure, charts.hash())
}
