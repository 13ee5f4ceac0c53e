//! What the rules refuse in a Rorke's Drift melee before any chart is read.

use super::{
    COUNTER_ATTACKS, COVER, FORMATIONS, IN_BUILDINGS, IN_COVER, MELEE, MORALE, REDOUBT,
    RdMeleeInput, check_sections, rule, section,
};
use crate::resolution::Refusal;

/// What the rules refuse before any chart is read: no section in contact, a section's FF
/// out of bounds, a second rank where the rules allow none, cover or falling back given
/// twice, a third rank, counter-attack or impact round where they do not apply, and a Zulu
/// unit with no FF left.
pub(super) fn refusals(input: &RdMeleeInput, section_max: i64) -> Result<(), Refusal> {
    if input.front_rank.is_empty() {
        return Err(Refusal::by_rule(
            section(MELEE),
            "a melee needs at least one section in contact with the attacking unit or the obstacle which separates them",
        ));
    }
    check_sections(
        &input.front_rank,
        section_max,
        "a section of the front rank",
    )?;
    check_sections(
        &input.second_rank,
        section_max,
        "a section of the second rank",
    )?;
    if !input.second_rank.is_empty() && (input.across_obstacle || input.in_building) {
        return Err(Refusal::by_rule(
            section(FORMATIONS),
            if input.in_building {
                "no second rank in a building: \"Defenders, other than those behind cover or in buildings, may engage the enemy in a two rank formation\""
            } else {
                "no second rank across an obstacle: \"a two rank formation where the first rank is in direct contact with the attacking unit counter and not in contact with an intervening obstacle\"; defenders behind cover may not form two ranks"
            },
        ));
    }
    if input.in_building && (input.sections_in_cover || input.zulu_in_cover) {
        return Err(Refusal::by_rule(
            section(IN_BUILDINGS),
            "in a building \"for purposes of the melee calculation both sides will be classed as in close order in the open\": no cover counts",
        ));
    }
    if input.sections_in_cover && !input.second_rank.is_empty() {
        return Err(Refusal::by_rule(
            section(FORMATIONS),
            "no second rank behind cover: \"Defenders, other than those behind cover or in buildings, may engage the enemy in a two rank formation\"",
        ));
    }
    for (in_cover, factors, who) in [
        (
            input.sections_in_cover,
            &input.british_factors,
            "the sections",
        ),
        (input.zulu_in_cover, &input.zulu_factors, "the Zulu unit"),
    ] {
        if in_cover && factors.iter().any(|f| f == IN_COVER) {
            return Err(Refusal::bad_input(
                section(COVER),
                format!(
                    "{who}: cover is given twice, as the Table 4 factor {IN_COVER} and as in cover: give it once"
                ),
            ));
        }
    }
    if input.third_rank_fire_losses.is_some() && input.in_building {
        return Err(Refusal::by_rule(
            section(REDOUBT),
            "a third rank fires into the attackers only in the redoubt, not in a building",
        ));
    }
    if input.counter_attack && input.in_building {
        return Err(Refusal::by_rule(
            section(COUNTER_ATTACKS),
            "counter-attacks are made against Zulu units inside the perimeter; in a building the melee comes when a Z marker enters the defenders' room",
        ));
    }
    if input.zulu_impact && input.later_round {
        return Err(Refusal::by_rule(
            section(crate::dice::micro_colonial::RANDOM_FACTOR),
            "the impact round's two black dice are thrown on the contact round only",
        ));
    }
    if input.zulu_impact && input.counter_attack {
        return Err(Refusal::by_rule(
            section(COUNTER_ATTACKS),
            "on a counter-attack the British are the attacker: the Zulu unit did not charge in",
        ));
    }
    for (falling_back, factors, who) in [
        (
            input.zulu_falling_back,
            &input.zulu_factors,
            "the Zulu unit",
        ),
        (
            input.british_falling_back,
            &input.british_factors,
            "the sections",
        ),
    ] {
        if !falling_back {
            continue;
        }
        if !input.later_round {
            return Err(Refusal::by_rule(
                rule(MORALE, "falling-back-in-melee-factor"),
                format!(
                    "{who}: the 'Falling Back in Melee' factor applies \"in subsequent rounds of the same melee\", not the contact round"
                ),
            ));
        }
        if factors.iter().any(|f| f == "falling-back-in-melee") {
            return Err(Refusal::bad_input(
                rule(MORALE, "falling-back-in-melee-factor"),
                format!(
                    "{who}: 'Falling Back in Melee' is given twice, as a Table 4 factor and as unable to fall back: give it once"
                ),
            ));
        }
    }
    if input.zulu_ff == 0 {
        return Err(Refusal::by_rule(
            section(MELEE),
            "a Zulu unit with no fighting factors left does not melee",
        ));
    }
    Ok(())
}
