//! The Rorke's Drift melee and fire: the basic game's calculations with the supplement's
//! exceptions (MELEE, FORMATIONS, COUNTER ATTACKS, REDOUBT RULE, FIRING, COVER; L1479-L1484).
//!
//! Melee: "proceed as in the basic rules with the following exceptions, 1. Divide all the
//! Zulu units' present fighting factor by 10 to give its basic melee factor. 2. Divide a
//! Zulu units' present fighting factor by 100 when fighting inside buildings ... 3. Count
//! all the British sections 'full present fighting factor' as their basic melee factor 4.
//! ... Divide by 10 any losses suffered by the defenders before subtracting from their
//! present fighting factor."

use super::{CHART, IN_BUILDINGS, MORALE, RULESET, missing, rule};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::micro_colonial::fire;
use crate::rules::micro_colonial::melee::{self, MeleeInput, Side};
use crate::rules::micro_colonial::names::named;
use crate::rules::micro_colonial::{finish, resolution, section, settings};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

mod refusals;
use refusals::refusals;

const MELEE: &str = "Rorke's Drift, MELEE";
const FORMATIONS: &str = "Rorke's Drift, FORMATIONS";
const COVER: &str = "Rorke's Drift, COVER";
const COUNTER_ATTACKS: &str = "Rorke's Drift, COUNTER ATTACKS";
const REDOUBT: &str = "Rorke's Drift, REDOUBT RULE";
/// The Melee Table rows the two sides are read by: the Zulu regiments are fanatics (F on
/// their counters), the sections European regulars.
const ZULU_KIND: &str = "native-fanatic-infantry";
/// Table 4's factor for a side fighting from cover: "All melees taking place inside
/// prepared positions will be classed as a melee in cover" (PREPARED POSITIONS); its value
/// is not legible on the Melee Charts, so it is asked for.
const IN_COVER: &str = "in-cover";
const BRITISH_KIND: &str = "regular-infantry";

/// A round of melee between a Zulu unit and the British sections combined against it.
#[allow(clippy::struct_excessive_bools)] // one flag per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RdMeleeInput {
    /// The Zulu unit's present FF: the main unit's, when its Z marker fights in a building.
    pub zulu_ff: u32,
    /// The present FF of each section in contact with the Zulu unit (or with the obstacle
    /// between them), the right-hand section first.
    pub front_rank: Vec<u32>,
    /// The present FF of each section of a second rank, the right-hand section first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub second_rank: Vec<u32>,
    /// The CSM leads the sections: 5 more.
    #[serde(default)]
    pub csm_leads: bool,
    /// Fought inside a building: the Zulus' Z marker in a room with the sections.
    #[serde(default)]
    pub in_building: bool,
    /// The sections are behind cover, or an obstacle separates the first rank from the
    /// Zulus: no second rank.
    #[serde(default)]
    pub across_obstacle: bool,
    /// The sections fight from cover (the perimeter's mealie-bag or biscuit-box wall, a
    /// barricade: a prepared position): "For melee calculations all cover will be counted
    /// where applicable", Table 4's `in-cover` for them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sections_in_cover: bool,
    /// The Zulu unit fights from cover (inside a prepared position it has taken): Table 4's
    /// `in-cover` for it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub zulu_in_cover: bool,
    /// A British counter-attack against a Zulu unit inside the perimeter: the British are
    /// the attacker.
    #[serde(default)]
    pub counter_attack: bool,
    /// A round after the contact round: no impact dice.
    #[serde(default)]
    pub later_round: bool,
    /// The Zulus charged in: the impact round's two black dice on the contact round.
    #[serde(default)]
    pub zulu_impact: bool,
    /// Melee Table 4 factors for the Zulu unit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zulu_factors: Vec<String>,
    /// Melee Table 4 factors for the sections.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub british_factors: Vec<String>,
    /// In the redoubt: the FF the third rank's independent fire took off the Zulu unit this
    /// round (`laager mc rd fire`), counted as melee casualties.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub third_rank_fire_losses: Option<u32>,
    /// The Zulu unit was ordered to fall back by a morale result and could not: "classed
    /// as 'Falling Back in Melee'", -5 in the later rounds of the same melee.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub zulu_falling_back: bool,
    /// The sections were ordered to fall back and could not: -5 likewise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub british_falling_back: bool,
    /// The values the table and the records decided (`situation::rd_melee`), stated as
    /// the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The roles of a Rorke's Drift melee: the Zulu unit, then the sections in contact from
/// the right-hand one, then a second rank from the right.
pub const RD_MELEE_ROLES: &[&str] = &[
    "zulu", "front-1", "front-2", "front-3", "front-4", "second-1", "second-2", "second-3",
    "second-4",
];

named!(
    /// Who won a Rorke's Drift melee round (`outcome.winner`): the side that lost fewer FF.
    RdMeleeWinner, "melee winner" {
        /// The Zulu unit.
        Zulu = "zulu",
        /// The British sections.
        British = "british",
        /// Equal losses: no loser.
        Draw = "draw",
    }
);

/// What a Rorke's Drift melee round decided: the `--json` outcome of `laager mc rd melee`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RdMeleeOutcome {
    /// The FF the Zulu unit loses, in total: the British plus total and any third-rank
    /// fire.
    pub zulu_losses: u32,
    /// The FF the sections lose: the Zulu plus total / 10.
    pub british_losses: u32,
    /// Each section's share, in the order given: the front rank then the second, each
    /// from the right-hand section.
    pub section_losses: Vec<u32>,
    /// The side that lost fewer FF, or a draw.
    pub winner: RdMeleeWinner,
    /// The difference between the FF lost.
    pub margin: u32,
    /// The loser lost by more than 5 FF and is not in a building: it tests morale.
    pub loser_must_test: bool,
}

/// Everything read before the dice: the basic melee's preparation over the supplement's
/// basic factors, which side is the attacker, and the cells the losses need.
struct Prepared {
    basic: melee::Prepared,
    zulu_attacks: bool,
    /// The sections engaged: each throws a random factor.
    sections: usize,
    loss_divisor: i64,
    rounding: settings::Rounding,
    margin: i64,
}

/// The supplement's cells a melee reads before the dice.
struct RdCells {
    /// The Zulu divisor's key: 10, or 100 inside buildings.
    divisor_key: &'static str,
    /// The Zulu divisor.
    divisor: i64,
    /// The CSM's melee bonus.
    csm: i64,
    /// The divisor of the sections' losses.
    loss_divisor: i64,
    /// The margin over which the loser tests morale.
    margin: i64,
    /// The falling-back-in-melee factor (0 when neither side falls back).
    falling_back: i64,
    /// The rounding setting.
    rounding: settings::Rounding,
}

/// Reads the supplement's cells the melee needs, with the rounding setting's step;
/// refuses for those not known.
fn read_cells(
    charts: &Charts,
    input: &RdMeleeInput,
    reader: &mut CellReader<'_>,
) -> Result<(RdCells, Step), Refusal> {
    let divisor_key = if input.in_building {
        "zulu-melee-divisor-in-buildings"
    } else {
        "zulu-melee-divisor"
    };
    let divisor = reader.int(CHART, &[divisor_key]);
    let csm = reader.int(CHART, &["csm-melee-bonus"]);
    let loss_divisor = reader.int(CHART, &["british-loss-divisor"]);
    let margin = reader.int(CHART, &["morale-melee-loser-margin"]);
    let falling_back = if input.zulu_falling_back || input.british_falling_back {
        reader.int(CHART, &["falling-back-in-melee-factor"])
    } else {
        Some(0)
    };
    let rounding = settings::rounding(charts, reader);
    let (
        Some(divisor),
        Some(csm),
        Some(loss_divisor),
        Some(margin),
        Some(falling_back),
        Some(rounding),
    ) = (divisor, csm, loss_divisor, margin, falling_back, rounding)
    else {
        return Err(missing(reader, MELEE));
    };
    let cells = RdCells {
        divisor_key,
        divisor,
        csm,
        loss_divisor,
        margin,
        falling_back,
        rounding: rounding.value,
    };
    Ok((cells, rounding.step))
}

/// Reads the supplement's basic factors and sides, then the basic melee's steps 2 and 3
/// and its dice over them.
fn prepare(
    charts: &Charts,
    input: &RdMeleeInput,
    reader: &mut CellReader<'_>,
) -> Result<Prepared, Refusal> {
    let section_max = reader
        .int(CHART, &["section-max-ff"])
        .ok_or_else(|| missing(reader, MELEE))?;
    refusals(input, section_max)?;
    let (cells, rounding_step) = read_cells(charts, input, reader)?;
    let zulu_attacks = !input.counter_attack;
    let mut steps = vec![Step::note(
        section(MELEE),
        if zulu_attacks {
            "A, the attacker, is the Zulu unit; B, the defender, the British sections combined against it (each in contact with it or with an obstacle which separates them): the basic rules with the supplement's exceptions"
        } else {
            "A, the attacker, is the British sections counter-attacking the Zulu unit inside the perimeter; B, the defender, the Zulu unit: the basic rules with the supplement's exceptions"
        },
    )];
    if input.in_building {
        steps.push(Step::note(
            section(IN_BUILDINGS),
            "a melee inside a building, the Zulus' Z marker in the sections' room: for the melee calculation both sides are classed as in close order in the open",
        ));
    }
    steps.push(rounding_step);
    let [zulu, british] = basic_factors(input, &cells, &mut steps);
    let (zulu_side, british_side) = sides(input, &mut steps);
    let (a, b, factor) = if zulu_attacks {
        (zulu_side, british_side, [zulu, british])
    } else {
        (british_side, zulu_side, [british, zulu])
    };
    let basic_input = MeleeInput {
        a,
        b,
        in_contact: None,
        origins: Origins::default(),
    };
    let basic = melee::prepare_with(
        charts,
        &basic_input,
        reader,
        Some(melee::Basic { factor, steps }),
    )?;
    Ok(Prepared {
        basic,
        zulu_attacks,
        sections: input.front_rank.len() + input.second_rank.len(),
        loss_divisor: cells.loss_divisor.max(1),
        rounding: cells.rounding,
        margin: cells.margin,
    })
}

/// The present FF of the front rank and of the second rank, each summed.
fn rank_ff(input: &RdMeleeInput) -> (u32, u32) {
    (
        input.front_rank.iter().sum(),
        input.second_rank.iter().sum(),
    )
}

/// The supplement's step 1, the Zulu unit's and the sections' basic melee factors: the
/// Zulus' FF / 10 (/ 100 inside buildings), the sections' full FF with both ranks', the
/// CSM's bonus, and -5 to a side falling back in melee.
fn basic_factors(input: &RdMeleeInput, cells: &RdCells, steps: &mut Vec<Step>) -> [i64; 2] {
    let (divisor, divisor_key, falling_back) =
        (cells.divisor, cells.divisor_key, cells.falling_back);
    let mut zulu = cells
        .rounding
        .divide(i64::from(input.zulu_ff), divisor.max(1));
    steps.push(Step::valued(
        rule(MELEE, divisor_key),
        format!(
            "the Zulu unit: present fighting factor {} / {divisor}{}",
            input.zulu_ff,
            if input.in_building {
                " (inside a building, using the Z markers)"
            } else {
                ""
            }
        ),
        zulu,
        Some(json!(zulu)),
    ));
    let (front, second) = rank_ff(input);
    let mut british = i64::from(front) + i64::from(second);
    steps.push(Step::valued(
        section(MELEE),
        format!(
            "the British sections: their full present fighting factor is their basic melee factor: {}",
            list(&input.front_rank)
        ),
        front,
        Some(json!(front)),
    ));
    if !input.second_rank.is_empty() {
        steps.push(Step::valued(
            section(FORMATIONS),
            format!(
                "the second rank ({}): \"both ranks will count their full fighting factor at all times\"",
                list(&input.second_rank)
            ),
            second,
            Some(json!(british)),
        ));
    }
    if input.csm_leads {
        british += cells.csm;
        steps.push(Step::valued(
            rule(super::BRITISH_COUNTERS, "csm-melee-bonus"),
            "the CSM leads them: \"The CSM counter will add an extra 5 factors to any sections in melee if he is leading them\"",
            cells.csm,
            Some(json!(british)),
        ));
    }
    let falling_back_step = |who: &str, total: i64| {
        Step::valued(
            rule(MORALE, "falling-back-in-melee-factor"),
            format!(
                "{who}, ordered to fall back and unable to, remains where it is classed as 'Falling Back in Melee' and is subject to the -5 factor in subsequent rounds of the same melee"
            ),
            falling_back,
            Some(json!(total)),
        )
    };
    if input.zulu_falling_back {
        zulu += falling_back;
        steps.push(falling_back_step("the Zulu unit", zulu));
    }
    if input.british_falling_back {
        british += falling_back;
        steps.push(falling_back_step("the sections", british));
    }
    [zulu, british]
}

/// The Zulu unit and the sections as the basic melee's sides, with the counter-attack's
/// impact bonus (COUNTER ATTACKS) and Table 4's in-cover for a side fighting from cover
/// (COVER).
fn sides(input: &RdMeleeInput, steps: &mut Vec<Step>) -> (Side, Side) {
    let british_impact = input.counter_attack && !input.later_round;
    if british_impact {
        steps.push(Step::note(
            section(COUNTER_ATTACKS),
            "a counter-attack against a Zulu unit inside the perimeter: the sections get their impact bonus of two black dice on the contact round of the melee even though there is no charge rate",
        ));
    }
    let with_cover = |factors: &[String], in_cover: bool| {
        let mut factors = factors.to_vec();
        if in_cover {
            factors.push(IN_COVER.to_owned());
        }
        factors
    };
    for (in_cover, who) in [
        (input.sections_in_cover, "the sections"),
        (input.zulu_in_cover, "the Zulu unit"),
    ] {
        if in_cover {
            steps.push(Step::note(
                section(COVER),
                format!(
                    "{who} fight from cover: \"For melee calculations all cover will be counted where applicable\", and \"All melees taking place inside prepared positions will be classed as a melee in cover\": Table 4's {IN_COVER} for {who}"
                ),
            ));
        }
    }
    let (front, second) = rank_ff(input);
    let zulu_side = Side {
        factors: with_cover(&input.zulu_factors, input.zulu_in_cover),
        impact: input.zulu_impact,
        ..Side::new(input.zulu_ff, ZULU_KIND)
    };
    let british_side = Side {
        factors: with_cover(&input.british_factors, input.sections_in_cover),
        impact: british_impact,
        ..Side::new(front + second, BRITISH_KIND)
    };
    (zulu_side, british_side)
}

impl Prepared {
    /// The random factors each side throws, A's first: one for the Zulu unit, one per
    /// section engaged.
    fn units(&self) -> [usize; 2] {
        if self.zulu_attacks {
            [1, self.sections]
        } else {
            [self.sections, 1]
        }
    }
}

/// Each section's present FF is 1 to the most a section may have ("at no time may a
/// section counter have a fighting factor of more than 10").
pub(super) fn check_sections(sections: &[u32], max: i64, what: &str) -> Result<(), Refusal> {
    match sections.iter().find(|&&ff| ff == 0 || i64::from(ff) > max) {
        Some(bad) => Err(Refusal::bad_input(
            rule("Rorke's Drift, COMBINING RULE", "section-max-ff"),
            format!(
                "{what} with {bad} FF: a section has 1 to {max} FF (\"at no time may a section counter have a fighting factor of more than {max}\")"
            ),
        )),
        None => Ok(()),
    }
}

pub(super) fn list(ffs: &[u32]) -> String {
    let parts: Vec<String> = ffs.iter().map(u32::to_string).collect();
    format!("{} FF from the right", parts.join(" + "))
}

/// The losses of a round from the two plus totals (A's first): the Zulu unit's (with the
/// third rank's fire) and the sections'.
struct Losses {
    zulu: u32,
    zulu_in_melee: u32,
    british: u32,
}

fn losses(input: &RdMeleeInput, prepared: &Prepared, totals: [i64; 2]) -> Losses {
    let (zulu_total, british_total) = if prepared.zulu_attacks {
        (totals[0], totals[1])
    } else {
        (totals[1], totals[0])
    };
    let zulu_in_melee = fire::ff(british_total);
    let zulu = zulu_in_melee.saturating_add(input.third_rank_fire_losses.unwrap_or(0));
    let british = fire::ff(
        prepared
            .rounding
            .divide(zulu_total.max(0), prepared.loss_divisor),
    );
    Losses {
        zulu,
        zulu_in_melee,
        british,
    }
}

/// "Divide the melee losses on those British sections which combined in the same melee
/// equally between the sections, starting from the right-hand section in each case": one
/// FF at a time from the right-hand section, passing over a section with none left.
fn split(losses: u32, sections: &[u32]) -> Vec<u32> {
    let mut shares = vec![0_u32; sections.len()];
    let mut left = losses.min(sections.iter().sum());
    while left > 0 {
        for (share, &ff) in shares.iter_mut().zip(sections) {
            if left > 0 && *share < ff {
                *share += 1;
                left -= 1;
            }
        }
    }
    shares
}

/// Who won, by how much, and whether the loser tests.
fn decide(
    input: &RdMeleeInput,
    margin_cell: i64,
    zulu: u32,
    british: u32,
) -> (RdMeleeWinner, u32, bool) {
    let margin = zulu.abs_diff(british);
    let winner = match zulu.cmp(&british) {
        std::cmp::Ordering::Less => RdMeleeWinner::Zulu,
        std::cmp::Ordering::Greater => RdMeleeWinner::British,
        std::cmp::Ordering::Equal => RdMeleeWinner::Draw,
    };
    let test = winner != RdMeleeWinner::Draw
        && super::must_test(input.in_building, Some(margin), false, margin_cell);
    (winner, margin, test)
}

fn resolve_melee(
    charts: &Charts,
    input: &RdMeleeInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<RdMeleeOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, input, &mut reader)?;
    let mut resolution = resolution(charts, RdMelee::NAME);
    resolution.steps = input.origins.steps(input, &section(MELEE));
    for step in prepared.basic.steps.iter().cloned() {
        resolution.step(step);
    }
    let names = if prepared.zulu_attacks {
        ["A (the Zulus)", "B (the sections)"]
    } else {
        ["A (the sections)", "B (the Zulus)"]
    };
    resolution.step(Step::valued(
        section(MELEE),
        format!(
            "\"Throw a random factor per unit engaged\" (MELEE CALCULATIONS, which the supplement keeps: \"proceed as in the basic rules\"), and each section is a unit (\"casualties will be taken on all units starting with the right-hand unit in the front rank\"): one random factor for the Zulu unit, one for each of the {} sections",
            prepared.sections
        ),
        prepared.sections,
        None,
    ));
    let totals = melee::throw_random_per_unit(
        &prepared.basic,
        dice,
        &mut resolution,
        names,
        prepared.units(),
    )?;
    let zulu_total = if prepared.zulu_attacks {
        totals[0]
    } else {
        totals[1]
    };
    let lost = losses(input, &prepared, totals);
    let fire_losses = input.third_rank_fire_losses.unwrap_or(0);
    resolution.step(Step::valued(
        rule(MELEE, "british-loss-divisor"),
        format!(
            "the melee losses against the Zulu unit are subtracted in total from its present fighting factor: {}{}; the defenders' losses are divided by {}: {} / {} is {}",
            lost.zulu_in_melee,
            if input.third_rank_fire_losses.is_some() {
                format!(
                    ", and the third rank's {fire_losses} FF of independent fire added as melee casualties (REDOUBT RULE): {}",
                    lost.zulu
                )
            } else {
                String::new()
            },
            prepared.loss_divisor,
            zulu_total.max(0),
            prepared.loss_divisor,
            lost.british
        ),
        json!([lost.zulu, lost.british]),
        None,
    ));
    let sections: Vec<u32> = input
        .front_rank
        .iter()
        .chain(&input.second_rank)
        .copied()
        .collect();
    let shares = split(lost.british, &sections);
    if shares.len() > 1 {
        resolution.step(Step::valued(
            section(MELEE),
            format!(
                "the sections' losses are divided equally between them, starting from the right-hand section (the front rank first): {}",
                shares
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            json!(shares),
            None,
        ));
    }
    let (winner, margin, test) = decide(input, prepared.margin, lost.zulu, lost.british);
    resolution.step(Step::valued(
        rule(MORALE, "morale-melee-loser-margin"),
        match winner {
            RdMeleeWinner::Draw => "equal losses: no loser".to_owned(),
            w => format!(
                "the {} lost fewer FF (the FF each subtracts, Laager's reading) and win by {margin}; the loser {}",
                if w == RdMeleeWinner::Zulu { "Zulus" } else { "sections" },
                if input.in_building {
                    "does not test: troops in buildings are not subject to morale tests at any time".to_owned()
                } else if test {
                    format!("must test (loser of a melee by more than {} FF)", prepared.margin)
                } else {
                    format!("need not test (not more than {} FF)", prepared.margin)
                }
            ),
        },
        margin,
        None,
    ));
    let resolution = resolution.with_outcome(RdMeleeOutcome {
        zulu_losses: lost.zulu,
        british_losses: lost.british,
        section_losses: shares,
        winner,
        margin,
        loser_must_test: test,
    });
    finish(resolution, &reader, section(MELEE))
}

fn melee_odds(charts: &Charts, input: &RdMeleeInput) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, input, &mut reader)?;
    let basic = &prepared.basic;
    let [na, nb] = prepared.units();
    let da = melee::random_sum_dist(basic, 0, na);
    let db = melee::random_sum_dist(basic, 1, nb);
    // From the attacker's view, worst first: the defender wins, a draw, the attacker wins.
    let order = if prepared.zulu_attacks {
        [
            RdMeleeWinner::British,
            RdMeleeWinner::Draw,
            RdMeleeWinner::Zulu,
        ]
    } else {
        [
            RdMeleeWinner::Zulu,
            RdMeleeWinner::Draw,
            RdMeleeWinner::British,
        ]
    };
    let mut p = [0.0_f64; 3];
    for (ra, pa) in da.iter() {
        for (rb, pb) in db.iter() {
            let totals = [basic.base[0] + ra, basic.base[1] + rb];
            let lost = losses(input, &prepared, totals);
            let winner = decide(input, prepared.margin, lost.zulu, lost.british).0;
            if let Some(i) = order.iter().position(|w| *w == winner) {
                p[i] += pa * pb;
            }
        }
    }
    Ok(Odds {
        outcomes: order
            .iter()
            .zip(p)
            .map(|(w, probability)| OddsEntry {
                value: w.name().into(),
                probability,
            })
            .collect(),
    })
}

/// MELEE at Rorke's Drift: a Zulu unit against the sections combined against it.
pub struct RdMelee;

impl Procedure for RdMelee {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rd-melee";
    const THROWS: bool = true;
    type Input = RdMeleeInput;
    type Outcome = RdMeleeOutcome;
    const ROLES: &'static [&'static str] = RD_MELEE_ROLES;
    // The sections, against the Zulu unit.
    const OPPOSING: &'static [&'static str] = RD_MELEE_ROLES.split_at(1).1;

    fn resolve(
        charts: &Charts,
        input: &RdMeleeInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RdMeleeOutcome>, Refusal> {
        resolve_melee(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &RdMeleeInput) -> Option<Result<Odds, Refusal>> {
        Some(melee_odds(charts, input))
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    // "Divide the melee losses on those British sections which combined in the same melee
    // equally between the sections, starting from the right-hand section in each case."
    #[test]
    fn losses_split_equally_from_the_right_hand_section() {
        assert_eq!(split(5, &[10, 10, 10]), vec![2, 2, 1]);
        assert_eq!(split(3, &[10, 10]), vec![2, 1]);
        // A section with nothing left passes its share on.
        assert_eq!(split(6, &[1, 10, 10]), vec![1, 3, 2]);
        assert_eq!(split(40, &[4, 5]), vec![4, 5]);
        assert_eq!(split(0, &[10]), vec![0]);
    }
}
