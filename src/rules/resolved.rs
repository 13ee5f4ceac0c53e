//! A resolution of any procedure, as the desk, the log and the command line pass it around
//! ([`AnyResolution`]), and its JSON read back with its outcome typed by its ruleset and
//! procedure.

use super::Outcome;
use crate::resolution::{Resolution, Roll, Step};
use crate::ruleset::Ruleset;
use serde::Deserialize;
use serde_json::Value;

/// A resolution of any procedure: its outcome typed by its ruleset and procedure, which
/// serialises as the procedure's own outcome does.
pub type AnyResolution = Resolution<Outcome>;

/// The JSON form of a resolution, read back: the outcome is typed by its ruleset and
/// procedure.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResolution {
    ruleset: Ruleset,
    procedure: String,
    steps: Vec<Step>,
    rolls: Vec<Roll>,
    outcome: Value,
    warnings: Vec<String>,
    tables_hash: String,
}

impl<'de> Deserialize<'de> for AnyResolution {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = RawResolution::deserialize(deserializer)?;
        let outcome = Outcome::from_parts(raw.ruleset, &raw.procedure, raw.outcome)
            .map_err(serde::de::Error::custom)?;
        Ok(Resolution {
            ruleset: raw.ruleset,
            procedure: raw.procedure,
            steps: raw.steps,
            rolls: raw.rolls,
            outcome,
            warnings: raw.warnings,
            tables_hash: raw.tables_hash,
        })
    }
}
