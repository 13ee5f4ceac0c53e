//! The four rulesets Laager knows, with their ids, folders, CLI groups and source documents.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the rulesets Laager resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Ruleset {
    /// Micro Colonial (Tabletop Games, 1977): millimetres, card counters.
    #[serde(rename = "micro-colonial")]
    MicroColonial,
    /// The DBA-style Zulu War rules (MWAN): inches, bases, opposed d6.
    #[serde(rename = "dba-zulu")]
    DbaZulu,
    /// Victoria Cross II: Isandlwana & Rorke's Drift, zones and buckets of dice.
    #[serde(rename = "victoria-cross")]
    VictoriaCross,
    /// Soldiers of the Queen: Isandhlwana & Omdurman, hexes and results tables.
    #[serde(rename = "soldiers-of-the-queen")]
    SoldiersOfTheQueen,
}

impl Ruleset {
    /// Every ruleset, in the order the app's picker lists them.
    pub const ALL: [Ruleset; 4] = [
        Ruleset::MicroColonial,
        Ruleset::DbaZulu,
        Ruleset::VictoriaCross,
        Ruleset::SoldiersOfTheQueen,
    ];

    /// The id used in the CLI, in files and in JSON (`micro-colonial`).
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::MicroColonial => "micro-colonial",
            Ruleset::DbaZulu => "dba-zulu",
            Ruleset::VictoriaCross => "victoria-cross",
            Ruleset::SoldiersOfTheQueen => "soldiers-of-the-queen",
        }
    }

    /// The folder under `tables/` and the module under `src/rules/` (`micro_colonial`).
    pub fn folder(self) -> &'static str {
        match self {
            Ruleset::MicroColonial => "micro_colonial",
            Ruleset::DbaZulu => "dba_zulu",
            Ruleset::VictoriaCross => "victoria_cross",
            Ruleset::SoldiersOfTheQueen => "soldiers_of_the_queen",
        }
    }

    /// The CLI command group (`mc`, `dba`, `vc`, `sotq`).
    pub fn short(self) -> &'static str {
        match self {
            Ruleset::MicroColonial => "mc",
            Ruleset::DbaZulu => "dba",
            Ruleset::VictoriaCross => "vc",
            Ruleset::SoldiersOfTheQueen => "sotq",
        }
    }

    /// The printed title.
    pub fn title(self) -> &'static str {
        match self {
            Ruleset::MicroColonial => "Micro Colonial",
            Ruleset::DbaZulu => "DBA-style Zulu rules",
            Ruleset::VictoriaCross => "Victoria Cross II",
            Ruleset::SoldiersOfTheQueen => "Soldiers of the Queen",
        }
    }

    /// The rule document as its readers know it: title, publisher or source.
    pub fn publication(self) -> &'static str {
        match self {
            Ruleset::MicroColonial => {
                "Micro Colonial (Tabletop Games, 1977), with its Rorke's Drift supplement"
            }
            Ruleset::DbaZulu => "DBA-style Zulu War rules (MWAN article)",
            Ruleset::VictoriaCross => "Victoria Cross II: Isandlwana & Rorke's Drift",
            Ruleset::SoldiersOfTheQueen => "Soldiers of the Queen: Isandhlwana & Omdurman",
        }
    }

    /// The source document's file name in `shared/seeds/`.
    pub fn document(self) -> &'static str {
        match self {
            Ruleset::MicroColonial => "001_f725543377c8fee5.txt",
            Ruleset::DbaZulu => "003_d01d2219af99fefb.txt",
            Ruleset::VictoriaCross => "004_27b65d6ddbe44340.txt",
            Ruleset::SoldiersOfTheQueen => "000_8bf2dbfc0ad079d9.txt",
        }
    }

    /// Looks a ruleset up by its id (`dba-zulu`) or its folder name (`dba_zulu`).
    pub fn from_id(text: &str) -> Option<Ruleset> {
        Ruleset::ALL
            .into_iter()
            .find(|r| r.id() == text || r.folder() == text)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A scenario a ruleset's document plays with rules of its own: Micro Colonial's Rorke's
/// Drift supplement ("THE RORKE'S DRIFT GAME", whose conditions of victory are its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scenario {
    /// Micro Colonial's Rorke's Drift game.
    RorkesDrift,
}

impl Scenario {
    /// Every scenario.
    pub const ALL: [Scenario; 1] = [Scenario::RorkesDrift];

    /// The id used in layouts and JSON (`rorkes-drift`).
    pub fn id(self) -> &'static str {
        match self {
            Scenario::RorkesDrift => "rorkes-drift",
        }
    }

    /// The ruleset whose document gives it.
    pub fn ruleset(self) -> Ruleset {
        match self {
            Scenario::RorkesDrift => Ruleset::MicroColonial,
        }
    }

    /// The scenario of an id.
    pub fn from_id(id: &str) -> Option<Scenario> {
        Scenario::ALL.into_iter().find(|s| s.id() == id)
    }
}

impl fmt::Display for Scenario {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Serialises a type as the name its `$name()` method gives and reads it back with its
/// `FromStr`, so its JSON and file spellings are exactly its command-line spellings.
macro_rules! serde_by_name {
    ($type:ty, $name:ident) => {
        impl serde::Serialize for $type {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.$name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $type {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use serde_by_name;
