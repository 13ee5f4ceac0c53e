//! The Zulu victory points at the end of a turn ("Victory Conditions", "Optional Rules:
//! ALTERNATE VICTORY CONDITIONS"): what the Zulus hold, the deductions for heavy losses and
//! the British SP exited.

use super::{VICTORY, exited_sp_allowed};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, RuleRef, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::rules::victoria_cross::{Battle, RULESET, Reader, cell_rule, resolution, rule};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// What the Zulu player holds at the end of a turn, and the turn's losses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct VpTurn {
    /// The game turn (1 to 16).
    pub turn: u32,
    /// Rorke's Drift: the Zulus control the hospital, or it has burned down.
    pub hospital: bool,
    /// Rorke's Drift: the Zulus control both kraal zones A and B.
    pub kraal_both: bool,
    /// Rorke's Drift: the Zulus hold the final redoubt D.
    pub redoubt: bool,
    /// Rorke's Drift: the Zulus occupy the water cart zone J at the end of this turn.
    pub water_cart: bool,
    /// Isandlwana: the zones the Zulus hold (their VP numbers are on the board).
    pub zones_held: Vec<String>,
    /// Rorke's Drift: VP units eliminated so far.
    pub vp_units_eliminated: u32,
    /// Zulu SP lost this turn.
    pub zulu_losses: u32,
    /// VP deducted in earlier turns for losses of 47 SP or more.
    pub deductions_before: u32,
    /// Isandlwana alternate victory: British SP exited through zones 21, 27 or 31 on turn
    /// 13 or later, so far.
    pub british_exited_sp: u32,
}

/// The Zulu VP at the end of a turn in one battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryPointsInput {
    /// Which battle.
    pub battle: Battle,
    /// What the Zulus hold and lost.
    pub turn: VpTurn,
    /// The values the records decided (`game::victory::vc_counts`: the VP units eliminated
    /// and the Zulu SP lost this turn), stated as the resolution's first steps.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The Zulu VP total at the end of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryPointsOutcome {
    /// The VP earned this turn.
    pub earned: i64,
    /// The VP deducted so far for heavy losses, this turn's included.
    pub deductions: i64,
    /// The Zulu VP total.
    pub total: i64,
}

/// The Zulu VP earned so far this turn, each item a step with the running sum.
struct VpTally<'r> {
    /// The resolution the steps go to.
    r: &'r mut Resolution<()>,
    /// The VP earned so far.
    earned: i64,
}

impl VpTally<'_> {
    /// Adds an item's VP, read from `cell`, with a step saying what earned it.
    fn add(&mut self, cell: RuleRef, text: String, vp: i64) {
        self.earned += vp;
        self.r
            .step(Step::valued(cell, text, vp, Some(self.earned.into())));
    }
}

/// The Zulu VP total at the end of a turn: `outcome.earned`, `outcome.deductions` (so far,
/// this turn's included), `outcome.total`.
fn victory_points(
    charts: &Charts,
    input: &VictoryPointsInput,
) -> Result<Resolution<VictoryPointsOutcome>, Refusal> {
    let (battle, s) = (input.battle, &input.turn);
    let mut reader = Reader::new(charts);
    if s.british_exited_sp > 0 {
        exited_sp_allowed(&mut reader, battle, s.british_exited_sp)?;
    }
    let mut r = resolution(charts, VictoryPoints::NAME);
    r.steps = input.origins.steps(input, &rule(VICTORY));
    let mut tally = VpTally {
        r: &mut r,
        earned: 0,
    };
    match battle {
        Battle::RorkesDrift => rorkes_drift_vp(&mut reader, s, &mut tally)?,
        Battle::Isandlwana => isandlwana_vp(&mut reader, s, &mut tally)?,
    }
    let earned = tally.earned;
    let deductions = loss_deductions(&mut reader, battle, s, earned, &mut r)?;
    let mut total = earned - deductions;
    if s.british_exited_sp > 0 {
        let vp = reader.need_int("victory_points", &["exit-vp"], &rule("Optional Rules"))?;
        let sp = reader.need_int("victory_points", &["exit-sp"], &rule("Optional Rules"))?;
        let british_vp = vp * (i64::from(s.british_exited_sp) / sp);
        total -= british_vp;
        r.step(Step::valued(
            rule("Optional Rules: ALTERNATE VICTORY CONDITIONS"),
            format!(
                "{} British SP exited: \"5 VP for every 12 SP exited ... Deduct the 5 VP from the Zulu player VP total\"",
                s.british_exited_sp
            ),
            -british_vp,
            Some(total.into()),
        ));
    }
    if battle == Battle::RorkesDrift && total < 0 {
        total = 0;
    }
    r.step(Step::valued(
        rule(VICTORY),
        "the Zulu VP total",
        total,
        None,
    ));
    reader.warn_into(&mut r);
    Ok(r.with_outcome(VictoryPointsOutcome {
        earned,
        deductions,
        total,
    }))
}

/// Rorke's Drift's VP: the hospital, the kraal, the final redoubt, the water cart on the
/// turn record chart and the VP units eliminated; zones held are Isandlwana's and refused.
fn rorkes_drift_vp(
    reader: &mut Reader<'_>,
    s: &VpTurn,
    tally: &mut VpTally<'_>,
) -> Result<(), Refusal> {
    if !s.zones_held.is_empty() {
        return Err(Refusal::by_rule(
            rule(VICTORY),
            "zone VPs are Isandlwana's: at Rorke's Drift the hospital, kraal, redoubt, water cart and VP units score",
        ));
    }
    let items = [
        (
            s.hospital,
            "hospital",
            "Hospital (zones L, M, N, &O) - Either taking control of or burning down the hospital",
        ),
        (
            s.kraal_both,
            "kraal",
            "Kraal (zones A & B) Control both kraal zones at the same time",
        ),
        (s.redoubt, "redoubt", "The Final Redoubt (zone D)"),
    ];
    for (held, key, text) in items {
        if held {
            let Some(vp) = reader.int("victory_points", &[key]) else {
                return Err(reader.refusal(rule(VICTORY)));
            };
            tally.add(
                cell_rule(VICTORY, "victory_points", &[key]),
                text.to_owned(),
                vp,
            );
        }
    }
    if s.water_cart {
        let turn = s.turn.to_string();
        let Some(vp) = reader.int("turn_record", &[&turn, "water_cart_vp"]) else {
            return Err(Refusal {
                reason: format!(
                    "the water cart's VP on turn {turn} is on the turn record chart, which is not in the rulebook (\"Once it is dark the watercart zone is worth a decreasing number of VP as shown on the bottom of each turn on the turn record chart\"): supply turn_record:{turn}:water_cart_vp"
                ),
                ..reader.refusal(rule(VICTORY))
            });
        };
        tally.add(
            cell_rule(VICTORY, "turn_record", &[&turn, "water_cart_vp"]),
            format!("Water Cart (zone J) held at the end of turn {turn}"),
            vp,
        );
    }
    if s.vp_units_eliminated > 0 {
        let Some(each) = reader.int("victory_points", &["vp-unit"]) else {
            return Err(reader.refusal(rule(VICTORY)));
        };
        tally.add(
            cell_rule(VICTORY, "victory_points", &["vp-unit"]),
            format!(
                "{} VP units eliminated, \"worth 1 VP each\"",
                s.vp_units_eliminated
            ),
            each * i64::from(s.vp_units_eliminated),
        );
    }
    Ok(())
}

/// Isandlwana's VP: the numbers printed in the zones the Zulus hold, which are on the
/// board and not in the rulebook; Rorke's Drift's items are refused.
fn isandlwana_vp(
    reader: &mut Reader<'_>,
    s: &VpTurn,
    tally: &mut VpTally<'_>,
) -> Result<(), Refusal> {
    if s.hospital || s.kraal_both || s.redoubt || s.water_cart || s.vp_units_eliminated > 0 {
        return Err(Refusal::by_rule(
            rule(VICTORY),
            "the hospital, kraal, redoubt, water cart and VP units are Rorke's Drift's: at Isandlwana the zones' VP numbers score",
        ));
    }
    let chart = Battle::Isandlwana.zones_chart();
    let mut found = Vec::new();
    for zone in &s.zones_held {
        if let Some(vp) = reader.int(chart, &[zone, "vp"]) {
            found.push((zone, vp));
        }
    }
    if let Some(refusal) = reader.cells.refusal(rule(VICTORY)) {
        let zones: Vec<String> = refusal
            .needs_cells
            .iter()
            .map(|c| c.key[0].clone())
            .collect();
        return Err(Refusal {
            reason: format!(
                "the VP printed in zone(s) {} is on the board, not in the rulebook (\"numbers listed as VP in zones around Mt. Isandlwana\"): {}",
                zones.join(", "),
                refusal.reason
            ),
            ..refusal
        });
    }
    for (zone, vp) in found {
        tally.add(
            cell_rule(VICTORY, chart, &[zone, "vp"]),
            format!("zone {zone} held"),
            vp,
        );
    }
    Ok(())
}

/// The VP deducted so far for heavy losses, this turn's included: 1 VP for 47 Zulu SP or
/// more lost in a turn, at Rorke's Drift only while the Zulus have VP to lose.
fn loss_deductions(
    reader: &mut Reader<'_>,
    battle: Battle,
    s: &VpTurn,
    earned: i64,
    r: &mut Resolution<()>,
) -> Result<i64, Refusal> {
    let mut deductions = i64::from(s.deductions_before);
    let threshold = reader.need_int("victory_points", &["deduction-losses"], &rule(VICTORY))?;
    let per = reader.need_int("victory_points", &["deduction-vp"], &rule(VICTORY))?;
    if i64::from(s.zulu_losses) >= threshold {
        // Rorke's Drift: "the deduction only applies if the Zulu player has earned VP, as the
        // Zulu VP total cannot go below zero"; Isandlwana: "The total can go below zero."
        let applies = battle == Battle::Isandlwana || earned - deductions > 0;
        if applies {
            deductions += per;
        }
        r.step(Step::valued(
            rule(VICTORY),
            format!(
                "{} Zulu SP lost this turn (47 or more): {}",
                s.zulu_losses,
                if applies {
                    "\"he deducts 1 VP from his VP total\""
                } else {
                    "no deduction: \"the deduction only applies if the Zulu player has earned VP\""
                }
            ),
            if applies { -per } else { 0 },
            None,
        ));
    }
    Ok(deductions)
}

/// The Zulu VP total at the end of a turn: `earned`, `deductions`, `total`.
pub struct VictoryPoints;

impl Procedure for VictoryPoints {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "victory-points";
    const THROWS: bool = false;
    const FIELDS: &'static [crate::rules::describe::FieldSpec] = super::fields::POINTS_FIELDS;
    type Input = VictoryPointsInput;
    type Outcome = VictoryPointsOutcome;

    fn resolve(
        charts: &Charts,
        input: &VictoryPointsInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<VictoryPointsOutcome>, Refusal> {
        victory_points(charts, input)
    }
}
