//! FIRING PARTIES and the COMBINING RULE at Rorke's Drift: what a firing party may do
//! against a Zulu unit climbing the wall, and two reduced sections combined into one.

use super::{COMBINING, FIRING_PARTIES, RULESET, combine_read, halt_limit, rule};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::micro_colonial::names::named;
use crate::rules::micro_colonial::{resolution, section};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// A firing party meeting a Zulu unit climbing the wall (FIRING PARTIES).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RdFiringPartyInput {
    /// The party is led by one of the command counters.
    pub led_by_command: bool,
    /// The FF the climbing Zulu unit lost to the party's initial volley, once thrown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zulu_ff_lost: Option<u32>,
    /// The values the table decided (`situation::rd_firing_party`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// What a firing party may do: the `--json` outcome of `laager mc rd firing-party`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RdFiringPartyOutcome {
    /// It may engage with volley fire (an initial volley: two black dice).
    pub may_volley: bool,
    /// Whether the Zulu unit climbs in, given its losses to the initial volley; `null`
    /// before the volley is thrown or when no volley is allowed.
    pub zulu_climbs_in: Option<bool>,
    /// The volley forced the Zulu unit to halt, so it must test morale ("MORALE ... 2. A
    /// Zulu unit that is forced to halt due to volley fire"); applying marks the test due.
    #[serde(default)]
    pub zulu_must_test: bool,
}

/// FIRING PARTIES: "These firing parties must be led by one of the command counters ... A
/// firing party which is not commanded by a command figure may not engage the enemy with
/// volley fire", and the sequence of L1485.
fn firing_party(
    charts: &Charts,
    input: &RdFiringPartyInput,
) -> Result<Resolution<RdFiringPartyOutcome>, Refusal> {
    let mut resolution = resolution(charts, RdFiringParty::NAME);
    let rule_of = section(FIRING_PARTIES);
    resolution.steps = input.origins.steps(input, &rule_of);
    resolution.step(Step::note(
        rule_of.clone(),
        "the sequence: 1. defenders fall back from the wall to the rear of the firing party; 2. the Zulu unit attempts to climb over the wall; 3. the firing party delivers its initial volley (two black dice); 4. the Zulu unit moves forward if it has not lost more than 50 FF to it; 5. the defenders who withdrew may join the party, adding their present FF in the next volley",
    ));
    if !input.led_by_command {
        resolution.step(Step::valued(
            rule_of,
            "\"A firing party which is not commanded by a command figure may not engage the enemy with volley fire\"",
            false,
            None,
        ));
        return Ok(resolution.with_outcome(RdFiringPartyOutcome {
            may_volley: false,
            zulu_climbs_in: None,
            zulu_must_test: false,
        }));
    }
    resolution.step(Step::valued(
        rule_of,
        "led by a command counter: it volleys, an initial volley (`laager mc fire --initial-volley`: two black dice)",
        true,
        None,
    ));
    let zulu_climbs_in = match input.zulu_ff_lost {
        None => None,
        Some(lost) => {
            let mut reader = CellReader::new(charts, RULESET);
            let limit = halt_limit(&mut reader)?;
            for warning in reader.warnings() {
                resolution.warn(warning.clone());
            }
            let halts = i64::from(lost) > limit;
            resolution.step(Step::valued(
                rule(FIRING_PARTIES, "firing-party-halt-losses"),
                format!(
                    "the Zulu unit lost {lost} FF to the initial volley: it moves forward only if it has not lost more than {limit}{}",
                    if halts { ": it does not climb in" } else { ": it climbs in" }
                ),
                i64::from(lost),
                None,
            ));
            if halts {
                resolution.step(Step::valued(
                    section(super::MORALE),
                    "\"MORALE There will be no morale tests for either side except in the following circumstances ... 2. A Zulu unit that is forced to halt due to volley fire\": halted by the initial volley, it must test morale",
                    true,
                    None,
                ));
            }
            Some(!halts)
        }
    };
    Ok(resolution.with_outcome(RdFiringPartyOutcome {
        may_volley: true,
        zulu_climbs_in,
        zulu_must_test: zulu_climbs_in == Some(false),
    }))
}

/// FIRING PARTIES at Rorke's Drift.
pub struct RdFiringParty;

impl Procedure for RdFiringParty {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rd-firing-party";
    const THROWS: bool = false;
    type Input = RdFiringPartyInput;
    type Outcome = RdFiringPartyOutcome;
    const ROLES: &'static [&'static str] = &["leader", "zulu"];
    // The British command counter leading the party, and the Zulu unit it fires at.
    const OPPOSING: &'static [&'static str] = &["zulu"];

    fn resolve(
        charts: &Charts,
        input: &RdFiringPartyInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RdFiringPartyOutcome>, Refusal> {
        firing_party(charts, input)
    }
}

named!(
    /// The British counters being combined (`--counter`).
    Counter, "counter" {
        /// Section counters.
        Section = "section",
        /// Command counters (Chard, Bromhead, the CSM).
        Command = "command",
        /// The white non-British counters.
        White = "white",
    }
);

/// Two reduced sections combined (COMBINING RULE).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RdCombineInput {
    /// The present FF of the counter kept.
    pub into_ff: u32,
    /// The present FF of the counter removed.
    pub removed_ff: u32,
    /// What the counters are.
    pub counter: Counter,
    /// The values the table and the records decided (`situation::rd_combine`), stated as
    /// the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The combined counter: the `--json` outcome of `laager mc rd combine`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RdCombineOutcome {
    /// The kept counter's present FF after combining.
    pub combined_ff: u32,
}

/// COMBINING RULE: "the British player may combine sections which have had their fighting
/// factors reduced ... at no time may a section counter have a fighting factor of more
/// than 10. This rule does not apply to any of the command counters or to the white
/// non-British counters."
fn combine(
    charts: &Charts,
    input: &RdCombineInput,
) -> Result<Resolution<RdCombineOutcome>, Refusal> {
    if input.counter != Counter::Section {
        return Err(Refusal::by_rule(
            section(COMBINING),
            format!(
                "{} counters: \"This rule does not apply to any of the command counters or to the white non-British counters\"",
                input.counter.words()
            ),
        ));
    }
    let mut reader = CellReader::new(charts, RULESET);
    // "the British player may combine sections which have had their fighting factors
    // reduced": a section still at its initial FF has had none reduced.
    let initial = reader
        .int(super::CHART, &["section-initial-ff"])
        .ok_or_else(|| super::missing(&reader, COMBINING))?;
    for (ff, which) in [(input.into_ff, "kept"), (input.removed_ff, "removed")] {
        if i64::from(ff) >= initial {
            return Err(Refusal::by_rule(
                rule(COMBINING, "section-initial-ff"),
                format!(
                    "the section {which} has {ff} FF, its initial fighting factor: \"the British player may combine sections which have had their fighting factors reduced\""
                ),
            ));
        }
    }
    let combined_ff = combine_read(&mut reader, input.into_ff, input.removed_ff)?;
    let mut resolution = resolution(charts, RdCombine::NAME);
    resolution.steps = input.origins.steps(input, &section(COMBINING));
    resolution.step(Step::valued(
        rule(COMBINING, "section-initial-ff"),
        format!(
            "both sections are reduced (below their initial {initial} FF): \"the British player may combine sections which have had their fighting factors reduced\""
        ),
        initial,
        None,
    ));
    for warning in reader.warnings() {
        resolution.warn(warning.clone());
    }
    resolution.step(Step::valued(
        rule(COMBINING, "section-max-ff"),
        format!(
            "\"removing counters and adding the removed counters present fighting factor to the factor of another\": {} + {} FF, no more than 10",
            input.into_ff, input.removed_ff
        ),
        combined_ff,
        None,
    ));
    Ok(resolution.with_outcome(RdCombineOutcome { combined_ff }))
}

/// The COMBINING RULE at Rorke's Drift.
pub struct RdCombine;

impl Procedure for RdCombine {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rd-combine";
    const THROWS: bool = false;
    type Input = RdCombineInput;
    type Outcome = RdCombineOutcome;
    const ROLES: &'static [&'static str] = &["into", "removed"];

    fn resolve(
        charts: &Charts,
        input: &RdCombineInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RdCombineOutcome>, Refusal> {
        combine(charts, input)
    }
}
