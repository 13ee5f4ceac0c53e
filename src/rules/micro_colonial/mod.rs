//! Micro Colonial (001_f725543377c8fee5.txt): movement, the Rorke's Drift supplement, the
//! basic game's victory, the Loss table lookup and the random factor with its setting; and
//! the combat procedures — small arms fire, machine-gun jams, artillery, melee, morale
//! (tests due, the test, rally, rout), charging, pursuit and initiative.
//!
//! Every function is pure: charts (and dice, where thrown) in, a [`Resolution`] or a
//! [`Refusal`] out. Chart cells are read through a [`CellReader`], so a lost cell is asked
//! for by name; interpretation settings are read by [`settings`] and cited in each step.

// `Result<Resolution, Refusal>` is the architecture's contract for every rule; a refusal
// is the rule's answer, returned once per resolution, so its size does not matter.
#![allow(clippy::result_large_err)]

pub mod artillery;
pub mod charge;
pub mod fire;
mod fire_names;
pub mod jam;
pub mod loss;
pub mod lost_keys;
pub mod melee;
pub mod morale;
pub mod morale_due;
pub mod movement;
mod names;
pub mod rally;
pub mod random;
pub mod rorkes_drift;
pub mod settings;
pub mod victory;

use crate::charts::{CellReader, Charts};
use crate::dice::DiceError;
use crate::resolution::{Refusal, Resolution, RuleRef};
use crate::ruleset::Ruleset;

/// The ruleset of this module.
pub const RULESET: Ruleset = Ruleset::MicroColonial;

/// Why a resolution that throws dice did not resolve: the rule refused, or the typed
/// dice were wrong for it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The rule's answer: not allowed, or chart cells no one can read.
    #[error("{0}")]
    Refused(Refusal),
    /// The dice typed in do not fit the procedure.
    #[error("{0}")]
    Dice(DiceError),
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Failure {
        Failure::Refused(refusal)
    }
}

impl From<DiceError> for Failure {
    fn from(error: DiceError) -> Failure {
        Failure::Dice(error)
    }
}

/// A reference to a section of the Micro Colonial document.
pub(crate) fn section(name: &str) -> RuleRef {
    RuleRef::section(RULESET, name)
}

/// A reference to one chart cell, under its section.
pub(crate) fn cell_ref(section: &str, chart: &str, key: &[&str]) -> RuleRef {
    let mut address = chart.to_owned();
    for k in key {
        address.push(':');
        address.push_str(k);
    }
    RuleRef::cell(RULESET, section, chart, &address)
}

/// A new resolution of this ruleset over these charts.
pub(crate) fn resolution(charts: &Charts, procedure: &str) -> Resolution {
    Resolution::new(RULESET, procedure, charts.hash())
}

/// Moves the reader's warnings into the resolution, or refuses for the cells it lacked.
pub(crate) fn finish(
    mut resolution: Resolution,
    reader: &CellReader<'_>,
    rule: RuleRef,
) -> Result<Resolution, Refusal> {
    if let Some(refusal) = reader.refusal(rule) {
        return Err(refusal);
    }
    for warning in reader.warnings() {
        resolution.warn(warning.clone());
    }
    Ok(resolution)
}
