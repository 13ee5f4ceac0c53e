//! The words of a unit's record that the rules read: its status and its formation, as
//! enums. A layout, the game log and the `--json` forms spell them exactly as before
//! (`"gone to ground"`, `"close-order"`); a word no rule reads (a club's own "pinned") is
//! kept as the referee typed it, and no rule matches it.
//!
//! The rules compare these enums, never text, so a word respelt in one place cannot
//! silently stop a rule from seeing it. Classes are each ruleset's own enum (Micro
//! Colonial `MoraleClass`, Soldiers of the Queen `Nationality`), read from the record's
//! word in one place per ruleset, because a club's morale chart may name classes of its
//! own.

use std::fmt;

/// A word no rule of any ruleset reads, kept as typed. It is made only by parsing, so a
/// known word is always its variant.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OwnWord(String);

impl OwnWord {
    /// The word as typed.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Defines a record word enum with its known spellings and a kept-as-typed variant.
macro_rules! record_words {
    ($(#[$doc:meta])* $ty:ident { $($(#[$vdoc:meta])* $variant:ident = $name:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $ty {
            $($(#[$vdoc])* $variant,)+
            /// A word no rule reads, kept as typed.
            Own(OwnWord),
        }

        impl $ty {
            /// Every word a rule reads, in the order the help lists them.
            pub const KNOWN: &'static [&'static str] = &[$($name),+];

            /// The word as the layout, the log and the JSON spell it.
            pub fn name(&self) -> &str {
                match self {
                    $($ty::$variant => $name,)+
                    $ty::Own(word) => word.as_str(),
                }
            }

            /// Reads a word: a known spelling is its variant, anything else is kept as
            /// typed (trimmed). `None` for an empty word.
            pub fn parse(text: &str) -> Option<$ty> {
                let text = text.trim();
                if text.is_empty() {
                    return None;
                }
                Some(match text {
                    $($name => $ty::$variant,)+
                    other => $ty::Own(OwnWord(other.to_owned())),
                })
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                $ty::parse(&text).ok_or_else(|| {
                    serde::de::Error::custom(concat!("an empty ", stringify!($ty), " word"))
                })
            }
        }
    };
}

record_words!(
    /// A unit's status: what a result left on it until something clears it.
    Status {
        /// Micro Colonial BREAK (ROUT): "the unit will take 10 mm to turn, then rout
        /// towards its own base line".
        Broken = "broken",
        /// Micro Colonial FALL BACK.
        FallingBack = "falling back",
        /// Micro Colonial GO TO GROUND: "A unit which goes to ground will be classed as in
        /// cover from all fire."
        GoneToGround = "gone to ground",
        /// Micro Colonial: the loser of a melee by more than its class's margin, who must
        /// test.
        MoraleTestDue = "morale test due",
        /// DBA: "Recoil".
        Recoiled = "recoiled",
        /// DBA: "Flee".
        Fled = "fled",
        /// DBA: an attacker on the flank who lost, and stays in contact.
        StaysInContact = "stays in contact",
    }
);

record_words!(
    /// A unit's formation.
    Formation {
        /// Micro Colonial close order.
        CloseOrder = "close-order",
        /// Micro Colonial open order.
        OpenOrder = "open-order",
        /// A large multi-unit square.
        Square = "square",
        /// Micro Colonial "TWO UNIT FORMATION ... one unit counter immediately behind, and
        /// touching, the one in front".
        TwoUnit = "two-unit",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_words_read_as_their_variants_and_write_back_alike() {
        for word in Status::KNOWN {
            let status = Status::parse(word).expect("a word");
            assert!(!matches!(status, Status::Own(_)), "{word}");
            assert_eq!(serde_json::to_value(&status).ok(), Some((*word).into()));
        }
        for word in Formation::KNOWN {
            let formation: Formation =
                serde_json::from_value((*word).into()).expect("a known formation reads");
            assert!(!matches!(formation, Formation::Own(_)), "{word}");
            assert_eq!(formation.name(), *word);
        }
    }

    #[test]
    fn an_own_word_is_kept_as_typed_and_matches_no_rule() {
        let pinned = Status::parse("  pinned ").expect("a word");
        assert_eq!(pinned.name(), "pinned");
        assert_ne!(pinned, Status::GoneToGround);
        assert_eq!(Status::parse("gone to ground"), Some(Status::GoneToGround));
        assert_eq!(Status::parse("   "), None);
        assert!(serde_json::from_value::<Formation>("".into()).is_err());
    }
}
