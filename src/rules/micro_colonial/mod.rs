//! Micro Colonial (001_f725543377c8fee5.txt): movement, the Rorke's Drift supplement, the
//! basic game's victory, the Loss table lookup and the random factor with its setting; and
//! the combat procedures — small arms fire, machine-gun jams, artillery, melee, morale
//! (tests due, the test, rally, rout), charging, pursuit and initiative.
//!
//! Each procedure is a unit struct implementing [`crate::rules::Procedure`] with its typed
//! input and outcome (`fire::Fire` over `fire::FireInput`, giving `fire::FireOutcome`),
//! listed once below in this ruleset's [`Request`] and [`Outcome`]. Every resolution is
//! pure: charts (and dice, where thrown) in, a [`Resolution`] or a [`Refusal`] out. Chart
//! cells are read through a [`CellReader`], so a lost cell is asked for by name (a cell of a
//! chart whose printed keys are lost, by what the rule knows: [`lost_keys`]);
//! interpretation settings are read by [`settings`] and cited in each step.

// `Result<Resolution, Refusal>` is the architecture's contract for every rule; a refusal
// is the rule's answer, returned once per resolution, so its size does not matter.
#![allow(clippy::result_large_err)]

mod arcs;
pub mod artillery;
pub mod charge;
pub mod evade;
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
pub mod recorded;
pub mod rorkes_drift;
pub mod settings;
pub mod situation;
pub mod victory;

crate::rules::procedures! {
    ruleset: RULESET,
    Move("move", label: "Movement", command: "move") => movement::Move,
    Fire("small-arms-fire", label: "Fire", command: "fire") => fire::Fire,
    Jam("machine-gun-jam", label: "Jam", command: "jam") => jam::Jam,
    Artillery("artillery-fire", label: "Artillery", command: "artillery") => artillery::Artillery,
    Melee("melee", label: "Melee", command: "melee") => melee::Melee,
    MoraleDue("morale-due", label: "Morale due", command: "morale-due") => morale_due::MoraleDue,
    Morale("morale", label: "Morale test", command: "morale") => morale::Morale,
    Rally("rally", label: "Rally", command: "rally") => rally::Rally,
    RoutLoss("rout-loss", label: "Rout loss", command: "rout-loss") => rally::RoutLoss,
    Charge("charge", label: "Charge", command: "charge") => charge::Charge,
    Pursuit("pursuit", label: "Pursuit", command: "pursuit") => charge::Pursuit,
    Initiative("initiative", label: "Initiative", command: "initiative") => charge::Initiative,
    RandomFactor("random-factor", label: "Random factor", command: "random-factor") => random::RandomFactor,
    LossFactor("loss-factor", label: "Loss factor", command: "loss-factor") => loss::LossFactor,
    ZMarker("z-marker", label: "Z marker", command: "rd z-marker") => rorkes_drift::ZMarker,
    BreakIn("break-in", label: "Break-in", command: "rd break-in") => rorkes_drift::BreakIn,
    RdVictory("rd-victory", label: "RD victory", command: "rd victory") => rorkes_drift::RdVictory,
    RdMove("rd-move", label: "RD move", command: "rd move") => rorkes_drift::RdMove,
    RdFiringParty("rd-firing-party", label: "Firing party", command: "rd firing-party") => rorkes_drift::RdFiringParty,
    RdCombine("rd-combine", label: "Combine sections", command: "rd combine") => rorkes_drift::RdCombine,
    RdMelee("rd-melee", label: "RD melee", command: "rd melee") => rorkes_drift::RdMelee,
    RdFire("rd-fire", label: "RD fire", command: "rd fire") => rorkes_drift::RdFire,
    RdSetup("rd-setup", label: "RD setup", command: "rd setup") => rorkes_drift::RdSetup,
    Victory("victory", label: "Deciding the winner", command: "victory") => victory::Victory,
    Evade("evade", label: "Evade", command: "evade") => evade::Evade,
}

impl Request {
    /// The steps that say which input values the table and the records decided and which
    /// were given by hand since: the first steps its resolution states (none for a
    /// procedure about no unit on the table).
    pub fn origin_steps(&self) -> Vec<crate::resolution::Step> {
        match self {
            Request::Move(input) => input.origin_steps(),
            Request::Fire(input) => input.origin_steps(),
            Request::Artillery(input) => input.origin_steps(),
            Request::Melee(input) => input.origin_steps(),
            Request::Morale(input) => input.origin_steps(),
            Request::Rally(input) => input.origin_steps(),
            Request::RoutLoss(input) => input.origin_steps(),
            // Every other input notes its origins in the same `origins` field: read there.
            other => {
                let Ok(value) = serde_json::to_value(other) else {
                    return Vec::new();
                };
                let input = value.get("input").cloned().unwrap_or_default();
                let origins: crate::rules::situation::Origins = input
                    .get("origins")
                    .and_then(|o| serde_json::from_value(o.clone()).ok())
                    .unwrap_or_default();
                origins.steps(&input, &section(other.procedure()))
            }
        }
    }

    /// Which way "this or better" counts in the odds: every list runs upwards, later
    /// outcomes better for the one whose view the odds take (FF lost, a rally, a break-in;
    /// the melee listed "b", "draw", "a", from A's view).
    pub fn better_is_higher(&self) -> bool {
        true
    }
}

use crate::charts::{CellReader, Charts};
use crate::dice::DiceError;
use crate::resolution::{Refusal, Resolution, RuleRef};
use crate::ruleset::Ruleset;

/// The ruleset of this module.
pub const RULESET: Ruleset = Ruleset::MicroColonial;

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

/// A new resolution of this ruleset over these charts; its outcome is set at the end.
pub(crate) fn resolution(charts: &Charts, procedure: &str) -> Resolution<()> {
    Resolution::new(RULESET, procedure, charts.hash())
}

/// Typed dice that do not fit a throw of the rule in this section, as its refusal.
pub(crate) fn bad_dice(section_name: &str) -> impl Fn(DiceError) -> Refusal + '_ {
    move |error| Refusal::bad_dice(section(section_name), &error)
}

/// Moves the reader's warnings into the resolution, or refuses for the cells it lacked.
pub(crate) fn finish<O>(
    mut resolution: Resolution<O>,
    reader: &CellReader<'_>,
    rule: RuleRef,
) -> Result<Resolution<O>, Refusal> {
    if let Some(refusal) = reader.refusal(rule) {
        // The steps worked before the hole are carried with the refusal.
        return Err(refusal.with_partial(resolution.steps, None));
    }
    for warning in reader.warnings() {
        resolution.warn(warning.clone());
    }
    Ok(resolution)
}
