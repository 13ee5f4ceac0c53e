//! What a unit is, as the fire, melee and stacking rules tell units apart: its arm and its
//! nationality (Glossary; PART 6 E; PART 10 F; PART 12 C).

use super::Side;
use crate::ruleset::serde_by_name;
use std::str::FromStr;

/// A firing unit's arm, as far as fire rules tell them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Arm {
    /// Infantry.
    #[default]
    Foot,
    /// Horse or camel cavalry (mounted or not: see `mounted`).
    Cavalry,
    /// Field or horse guns, the Rocket Battery (PART 6 E).
    Artillery,
    /// A Maxim gun unit (PART 6 E).
    Maxim,
    /// A river gunboat (PART 6 E).
    Gunboat,
}

impl Arm {
    /// Every arm, in the order the desk lists them.
    pub const ALL: &'static [Arm] = &[
        Arm::Foot,
        Arm::Cavalry,
        Arm::Artillery,
        Arm::Maxim,
        Arm::Gunboat,
    ];

    /// The arm's name, as [`Arm::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Arm::Foot => "foot",
            Arm::Cavalry => "cavalry",
            Arm::Artillery => "artillery",
            Arm::Maxim => "maxim",
            Arm::Gunboat => "gunboat",
        }
    }

    /// Parses `foot`, `cavalry` (or `horse`, `camel`), `artillery`, `maxim`, `gunboat`.
    pub fn parse(text: &str) -> Result<Arm, String> {
        match text.trim() {
            "foot" | "infantry" => Ok(Arm::Foot),
            "cavalry" | "horse" | "camel" => Ok(Arm::Cavalry),
            "artillery" | "gun" => Ok(Arm::Artillery),
            "maxim" => Ok(Arm::Maxim),
            "gunboat" => Ok(Arm::Gunboat),
            other => Err(format!(
                "'{other}' is not an arm: expected foot, cavalry, artillery, maxim or gunboat"
            )),
        }
    }

    /// PART 6 E: "The following units qualify as artillery: field guns, horse guns, the
    /// Rocket Battery, Maxim gun units and gunboats."
    pub fn is_artillery(self) -> bool {
        matches!(self, Arm::Artillery | Arm::Maxim | Arm::Gunboat)
    }
}

impl FromStr for Arm {
    type Err = String;

    fn from_str(text: &str) -> Result<Arm, String> {
        Arm::parse(text)
    }
}

serde_by_name!(Arm, name);

/// Who a unit is, for the nationality rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nationality {
    /// A regular British unit (Glossary: "units of the Royal Army and Royal Artillery").
    Regular,
    /// A colonial British unit (South African, black African, Egyptian or Sudanese).
    Colonial,
    /// A colonial unit of the Natal Native Contingent (Isandhlwana).
    Nnc,
    /// A Zulu unit.
    Zulu,
    /// A Dervish unit.
    Dervish,
}

impl Nationality {
    /// Every nationality, in the order the desk lists them.
    pub const ALL: &'static [Nationality] = &[
        Nationality::Regular,
        Nationality::Colonial,
        Nationality::Nnc,
        Nationality::Zulu,
        Nationality::Dervish,
    ];

    /// The nationality's name, as [`Nationality::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Nationality::Regular => "regular",
            Nationality::Colonial => "colonial",
            Nationality::Nnc => "nnc",
            Nationality::Zulu => "zulu",
            Nationality::Dervish => "dervish",
        }
    }

    /// Parses `regular`, `colonial`, `nnc`, `zulu`, `dervish`.
    pub fn parse(text: &str) -> Result<Nationality, String> {
        match text.trim() {
            "regular" => Ok(Nationality::Regular),
            "colonial" | "egyptian" | "sudanese" => Ok(Nationality::Colonial),
            "nnc" => Ok(Nationality::Nnc),
            "zulu" => Ok(Nationality::Zulu),
            "dervish" => Ok(Nationality::Dervish),
            other => Err(format!(
                "'{other}' is not a nationality: expected regular, colonial, nnc, zulu or dervish"
            )),
        }
    }

    /// The side the unit plays for.
    pub fn side(self) -> Side {
        match self {
            Nationality::Regular | Nationality::Colonial | Nationality::Nnc => Side::British,
            Nationality::Zulu => Side::Zulu,
            Nationality::Dervish => Side::Dervish,
        }
    }

    /// A colonial unit (the NNC included).
    pub fn is_colonial(self) -> bool {
        matches!(self, Nationality::Colonial | Nationality::Nnc)
    }
}

impl FromStr for Nationality {
    type Err = String;

    fn from_str(text: &str) -> Result<Nationality, String> {
        Nationality::parse(text)
    }
}

serde_by_name!(Nationality, name);

/// Whether a group (impi) is the uKhulutshane, who stack and attack with any Zulus
/// (PART 9 A, PART 12 C). "uKhitshn" is its counter's abbreviation (Game Parts D).
pub fn is_ukhulutshane(group: &str) -> bool {
    let g = group.to_ascii_lowercase();
    g.contains("khulutshane") || g == "ukhitshn"
}

/// What a unit's recorded troop type tells the rules about it. The words are the unit
/// types of PART 6 B's Unit Movement Allowance tables (`regular-infantry`,
/// `horse-mounted`, `artillery-limbered`, `zulu-leader`, `camel`, `gunboat` ...) or the
/// plain kinds the fire and stacking rules tell apart (`foot`, `cavalry`, `mounted`,
/// `dismounted`, `artillery`, `maxim`, `engineer`, `wagon`, `leader`, `officer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Troop {
    /// Its arm for fire and melee.
    pub arm: Arm,
    /// Its kind for stacking (PART 9).
    pub kind: super::Kind,
    /// Mounted cavalry, as it joined.
    pub mounted: bool,
    /// Limbered artillery, as it joined (Isandhlwana's `artillery-limbered`).
    pub limbered: bool,
    /// A leader or officer, who is not a combat unit.
    pub leader: bool,
}

impl Troop {
    /// The troop type's meaning, or `None` for a word the rules do not read.
    pub fn of(troop_type: &str) -> Option<Troop> {
        use super::Kind;
        let troop = |arm, kind, mounted| Troop {
            arm,
            kind,
            mounted,
            limbered: false,
            leader: kind == Kind::Leader,
        };
        let word = troop_type
            .trim()
            .to_ascii_lowercase()
            .replace([' ', '_'], "-");
        Some(match word.as_str() {
            "foot" | "infantry" | "zulu-infantry" | "regular-infantry" | "colonial-infantry" => {
                troop(Arm::Foot, Kind::Foot, false)
            }
            "mounted" | "horse-mounted" | "horse" | "camel" => {
                troop(Arm::Cavalry, Kind::Mounted, true)
            }
            // PART 6 D: dismounted cavalry are infantry for movement; PART 9 B for stacking.
            "cavalry" | "dismounted" | "horse-dismounted" => troop(Arm::Cavalry, Kind::Foot, false),
            "artillery" | "gun" | "field-artillery" | "horse-artillery" => {
                troop(Arm::Artillery, Kind::Artillery, false)
            }
            "artillery-limbered" => Troop {
                limbered: true,
                ..troop(Arm::Artillery, Kind::Artillery, false)
            },
            "maxim" => troop(Arm::Maxim, Kind::Artillery, false),
            "gunboat" => troop(Arm::Gunboat, Kind::Artillery, false),
            "engineer" => troop(Arm::Foot, Kind::Engineer, false),
            "wagon" | "supply-wagon" => troop(Arm::Foot, Kind::Wagon, false),
            "leader"
            | "officer"
            | "zulu-leader"
            | "dervish-leader"
            | "pulleine-degacher"
            | "durnford"
            | "british-officer-foot"
            | "british-officer-cavalry" => troop(Arm::Foot, Kind::Leader, false),
            _ => return None,
        })
    }

    /// The words [`Troop::of`] reads, for errors and help.
    pub const WORDS: &'static str = "a PART 6 B unit type (regular-infantry, zulu-infantry, horse-mounted, horse-dismounted, artillery-limbered, camel, field-artillery, gunboat, zulu-leader ...) or foot, cavalry, mounted, dismounted, artillery, maxim, engineer, wagon, leader, officer";
}
