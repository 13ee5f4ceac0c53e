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
