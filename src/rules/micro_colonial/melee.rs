//! MELEE CALCULATIONS: per unit, present FF ÷ 10, the melee factor from Melee Table 1, 2 or
//! 3 (a cell split into the attacker's and the defender's factor), Table 4's additional
//! factors and one random factor (two black dice on the impact round); each side's plus
//! total is the FF the other loses. Who won, by how much, and whether the loser must test.
//!
//! "1. Divide the unit's present fighting factor by 10. 2. Obtain the melee factor for the
//! attacker and the defender from the appropriate table ... and add or subtract to 1. above.
//! 3. Add or subtract any tactical factors which apply. 4. Throw a random factor per unit
//! engaged and add or subtract this to 3. above. RESULT Any plus result will be the number
//! of fighting factors lost by the opposing unit. Ignore any minus results."

use super::fire::ff;
use super::lost_keys::{self, AxisKey};
use super::names::named;
use super::situation::factor_view;
use super::{RULESET, bad_dice, cell_ref, finish, random, resolution, section, settings};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{SameColour, random_factor_dist};
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, RuleRef, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

const CALC: &str = "MELEE CALCULATIONS";
const TABLE4: &str = "MELEE CHARTS, TABLE 4 Additional Factors";
const ADDITIONAL: &str = "melee_additional_factors";
const HALF: &str = "MELEES, flank attacks";
const NOT_FOR: &str = "loser-last-move";

/// The troop types a melee reads its tables by: infantry for Table 1 and 2's columns,
/// cavalry for Table 2's rows and Table 3.
pub const TYPES: &[&str] = &[
    "regular-infantry",
    "irregular-infantry",
    "native-fanatic-infantry",
    "native-levy-infantry",
    "regular-cavalry",
    "regular-lancers",
    "medium-cavalry",
    "irregular-cavalry",
    "native-levy-cavalry",
    "native-fanatic-cavalry",
];

fn is_cavalry(kind: &str) -> bool {
    !kind.ends_with("-infantry")
}

/// One side of a melee.
#[allow(clippy::struct_excessive_bools)] // one flag per condition the rules name
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Present FF.
    pub ff: u32,
    /// Troop type (one of [`TYPES`]).
    pub kind: String,
    /// Table 4's factors that apply to it.
    #[serde(default)]
    pub factors: Vec<String>,
    /// It throws the impact-round random factor (two black dice).
    #[serde(default)]
    pub impact: bool,
    /// It attacks in flank, or only part of the enemy counter, in the first round: half FF.
    #[serde(default)]
    pub flank_attack: bool,
    /// The range it fired at before charging, if it fired.
    #[serde(default)]
    pub fired_at_mm: Option<f64>,
    /// The last 20 mm of its charge were not in a straight line.
    #[serde(default)]
    pub last_20mm_curved: bool,
    /// Mounted troops already engaged in a stationary melee (infantry may move to engage
    /// them only then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_stationary_melee: bool,
}

impl Side {
    /// A side of this FF and troop type with no factor, impact or condition.
    pub fn new(ff: u32, kind: &str) -> Side {
        Side {
            ff,
            kind: kind.to_owned(),
            factors: Vec::new(),
            impact: false,
            flank_attack: false,
            fired_at_mm: None,
            last_20mm_curved: false,
            in_stationary_melee: false,
        }
    }
}

/// A melee round between attacker A and defender B.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeInput {
    /// The attacker.
    pub a: Side,
    /// The defender.
    pub b: Side,
    /// Whether the two units are in contact: as the table shows it (`situation::melee`), or
    /// the referee's call over it. `None` when no table was read (the units' places are
    /// not known); `Some(false)` is refused: a melee is fought between units in contact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_contact: Option<bool>,
    /// The values the table and the records decided (`situation::melee`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

impl MeleeInput {
    /// The steps that say which values the table and the records gave and which were
    /// given by hand: the resolution's first steps. A factor is named by its place in the
    /// side's list of factors (`/a/factors/uphill`).
    pub fn origin_steps(&self) -> Vec<Step> {
        let view = factor_view(
            self,
            &self.origins,
            &[
                crate::field!(MeleeInput: a.factors),
                crate::field!(MeleeInput: b.factors),
            ],
        );
        self.origins.steps(&view, &rule(CALC))
    }
}

/// Each side's total before its random factor, with its steps and dice.
pub(super) struct Prepared {
    pub(super) steps: Vec<Step>,
    pub(super) base: [i64; 2],
    pub(super) black: [u8; 2],
    pub(super) same: SameColour,
}

/// Each side's basic melee factor with the steps that worked it, where a supplement
/// replaces step 1 (Rorke's Drift: the Zulus' FF / 10, the British sections' full FF).
pub(super) struct Basic {
    pub(super) factor: [i64; 2],
    pub(super) steps: Vec<Step>,
}

fn rule(name: &str) -> RuleRef {
    section(name)
}

/// The melee table for an attacker and defender, and which of the pair is its row.
fn table(a: &str, b: &str) -> (&'static str, &'static str, bool) {
    match (is_cavalry(a), is_cavalry(b)) {
        (false, false) => (
            "melee_infantry_v_infantry",
            "MELEE CHARTS, TABLE 1 Infantry v. Infantry",
            false,
        ),
        (true, true) => (
            "melee_cavalry_v_cavalry",
            "MELEE CHARTS, TABLE 3 Cavalry v. Cavalry",
            false,
        ),
        // Table 2's rows are the cavalry: read with the cavalry as the attacker's half.
        (true, false) => (
            "melee_cavalry_v_infantry",
            "MELEE CHARTS, TABLE 2 Cavalry v. Infantry",
            false,
        ),
        (false, true) => (
            "melee_cavalry_v_infantry",
            "MELEE CHARTS, TABLE 2 Cavalry v. Infantry",
            true,
        ),
    }
}

/// The melee tables whose cells are split diagonally into the attacker's and the
/// defender's factors, written `ATTACKER/DEFENDER` (`+3/-4`).
pub const SPLIT_CHARTS: [&str; 3] = [
    "melee_infantry_v_infantry",
    "melee_cavalry_v_infantry",
    "melee_cavalry_v_cavalry",
];

/// Splits an `ATTACKER/DEFENDER` cell into its two factors.
pub fn split(text: &str) -> Option<(i64, i64)> {
    let (x, y) = text.split_once('/')?;
    let parse = |t: &str| {
        t.trim()
            .replace('\u{2212}', "-")
            .replace('+', "")
            .parse()
            .ok()
    };
    Some((parse(x)?, parse(y)?))
}

fn prepare(
    charts: &Charts,
    melee: &MeleeInput,
    reader: &mut CellReader<'_>,
) -> Result<Prepared, Refusal> {
    prepare_with(charts, melee, reader, None)
}

/// The sides' names in the steps.
const NAMES: [&str; 2] = ["A (attacker)", "B (defender)"];

/// The basic rules' steps 1 to 3 and the dice, step 1 replaced by `basic` where given.
pub(super) fn prepare_with(
    charts: &Charts,
    melee: &MeleeInput,
    reader: &mut CellReader<'_>,
    basic: Option<Basic>,
) -> Result<Prepared, Refusal> {
    check_engagement(melee)?;
    let sides = [&melee.a, &melee.b];
    let known: Vec<String> = charts
        .chart(RULESET, ADDITIONAL)
        .map(|c| c.cells().into_iter().map(|(k, _)| k.join(":")).collect())
        .unwrap_or_default();
    for side in sides {
        check_side(side, &known)?;
    }
    let mut steps = Vec::new();
    let mut base = [0_i64; 2];
    // 1. Present FF / 10, halved for a flank attack in the first round.
    if let Some(basic) = basic {
        steps.extend(basic.steps);
        base = basic.factor;
    } else {
        present_ff_tenths(charts, reader, sides, &mut base, &mut steps);
    }
    // 2. The melee factor.
    melee_factor(charts, reader, melee, &mut base, &mut steps)?;
    // 3. The additional factors.
    additional_factors(reader, sides, &mut base, &mut steps);
    let black = [black_dice(&melee.a), black_dice(&melee.b)];
    let same = random::same_colour(charts, reader, black[0].max(black[1]), 1);
    if let Some(refusal) = reader.refusal(rule(CALC)) {
        // The steps worked before the hole are carried with the refusal.
        return Err(refusal.with_partial(steps, None));
    }
    let Some((same, same_step)) = same else {
        return Err(Refusal::by_rule(rule(CALC), "a setting could not be read"));
    };
    for (i, side) in sides.iter().enumerate() {
        if side.impact {
            steps.push(Step::note(
                rule(crate::dice::micro_colonial::RANDOM_FACTOR),
                format!(
                    "{}: the impact round — two black dice (mounted troops and close order infantry whose last 20 mm of charge was straight and who fired at over 50 mm or not at all)",
                    NAMES[i]
                ),
            ));
        }
    }
    steps.extend(same_step);
    Ok(Prepared {
        steps,
        base,
        black,
        same,
    })
}

/// Refuses a melee between units not in contact, and infantry moving to engage mounted
/// troops not already in a stationary melee (MELEES 1).
fn check_engagement(melee: &MeleeInput) -> Result<(), Refusal> {
    // A melee is fought between units in contact: units the table shows apart are refused
    // unless the referee calls them in contact (issue 17), which the first steps record.
    if melee.in_contact == Some(false) {
        let why = melee
            .origins
            .of(crate::field!(MeleeInput: in_contact))
            .map_or_else(
                || "the units are not in contact".to_owned(),
                |o| o.why.clone(),
            );
        return Err(Refusal::by_rule(
            rule(CALC),
            format!(
                "a melee needs the units in contact: {why}; if the table is wrong, mark them in contact"
            ),
        ));
    }
    // MELEES 1: "All infantry units, with the exception of native fanatics, may only move
    // to engage mounted troops if such troops are already engaged in a stationary melee."
    if !is_cavalry(&melee.a.kind)
        && melee.a.kind != "native-fanatic-infantry"
        && is_cavalry(&melee.b.kind)
        && TYPES.contains(&melee.a.kind.as_str())
        && TYPES.contains(&melee.b.kind.as_str())
        && !melee.b.in_stationary_melee
    {
        return Err(Refusal::by_rule(
            rule("MELEES"),
            format!(
                "{} may not move to engage {}: \"All infantry units, with the exception of native fanatics, may only move to engage mounted troops if such troops are already engaged in a stationary melee\"",
                melee.a.kind.replace('-', " "),
                melee.b.kind.replace('-', " ")
            ),
        ));
    }
    Ok(())
}

/// Refuses a side the melee cannot take: an unknown troop type or Table 4 factor, an
/// impact bonus its charge did not earn (CHARGING, FIRING BY CHARGING TROOPS), or no FF.
fn check_side(side: &Side, known: &[String]) -> Result<(), Refusal> {
    crate::bounds::distance_opt(
        rule(CALC),
        "the distance it was fired at from",
        side.fired_at_mm,
    )?;
    if !TYPES.contains(&side.kind.as_str()) {
        return Err(Refusal::by_rule(
            rule(CALC),
            format!(
                "'{}' is not a melee troop type: expected one of {}",
                side.kind,
                TYPES.join(", ")
            ),
        ));
    }
    if let Some(bad) = side.factors.iter().find(|f| !known.contains(f)) {
        return Err(Refusal::by_rule(
            rule(TABLE4),
            format!(
                "'{bad}' is not an additional factor of Melee Table 4: expected one of {}",
                known.join(", ")
            ),
        ));
    }
    // "The last 20 mm of a charge must be in a straight line otherwise the charging unit
    // will not get impact bonus." "For an effective charge they must fire at a range of
    // over 50 mm otherwise they will get no impact bonus in the first round of melee."
    if side.impact && side.last_20mm_curved {
        return Err(Refusal::by_rule(
            rule("CHARGING"),
            format!(
                "{}: the last 20 mm of a charge must be in a straight line, otherwise the charging unit will not get impact bonus",
                side.kind
            ),
        ));
    }
    if side.impact && side.fired_at_mm.is_some_and(|mm| mm <= 50.0) {
        return Err(Refusal::by_rule(
            rule("FIRING BY CHARGING TROOPS"),
            format!(
                "{}: for an effective charge they must fire at a range of over 50 mm, otherwise they will get no impact bonus in the first round of melee",
                side.kind
            ),
        ));
    }
    if side.ff == 0 {
        return Err(Refusal::by_rule(
            rule(CALC),
            "a unit with no fighting factors left does not melee",
        ));
    }
    Ok(())
}

/// Step 1: each side's present FF / 10, halved first for a flank attack in the first
/// round (MELEES, flank attacks). Nothing when the divisor or the rounding cannot be read.
fn present_ff_tenths(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    sides: [&Side; 2],
    base: &mut [i64; 2],
    steps: &mut Vec<Step>,
) {
    let (Some(divisor), Some(rounding)) = (
        reader.int("rules_thresholds", &["melee-ff-divisor"]),
        settings::rounding(charts, reader),
    ) else {
        return;
    };
    steps.push(rounding.step);
    for (i, side) in sides.iter().enumerate() {
        let mut ff = i64::from(side.ff);
        if side.flank_attack {
            let half = rounding.value.divide(ff, 2);
            steps.push(Step::valued(
                rule(HALF),
                format!(
                    "{}: engaging in flank, or only part of the enemy counter, in the first round: it counts only half of its {ff} FF",
                    NAMES[i]
                ),
                half,
                None,
            ));
            ff = half;
        }
        let tenth = rounding.value.divide(ff, divisor);
        base[i] = tenth;
        steps.push(Step::valued(
            cell_ref(CALC, "rules_thresholds", &["melee-ff-divisor"]),
            format!("{}: present fighting factor {ff} / {divisor}", NAMES[i]),
            tenth,
            Some(json!(tenth)),
        ));
    }
}

/// Step 2: each side's melee factor, from the half of Table 1, 2 or 3's split cell for
/// the two troop types.
fn melee_factor(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    melee: &MeleeInput,
    base: &mut [i64; 2],
    steps: &mut Vec<Step>,
) -> Result<(), Refusal> {
    let (chart, title, swapped) = table(&melee.a.kind, &melee.b.kind);
    let (row, column) = if swapped {
        (&melee.b.kind, &melee.a.kind)
    } else {
        (&melee.a.kind, &melee.b.kind)
    };
    let (value, address) = lost_keys::read(
        charts,
        reader,
        chart,
        AxisKey::Label(row),
        AxisKey::Label(column),
    );
    if let Some(value) = value {
        let text = value.to_string();
        let Some((row_factor, column_factor)) = split(&text) else {
            return Err(Refusal::by_rule(
                RuleRef::cell(RULESET, title, chart, &address),
                format!("cell {address} reads '{text}', not ATTACKER/DEFENDER factors"),
            ));
        };
        let (fa, fb) = if swapped {
            (column_factor, row_factor)
        } else {
            (row_factor, column_factor)
        };
        if swapped {
            reader.warn(
                "infantry attacking cavalry: Table 2 is read with the cavalry's half as the row's (Laager's reading; the note at L317-L320 is partly lost)".to_owned(),
            );
        }
        for (i, f) in [fa, fb].into_iter().enumerate() {
            base[i] += f;
            steps.push(Step::valued(
                RuleRef::cell(RULESET, title, chart, &address),
                format!("{}: melee factor from {title} ({text})", NAMES[i]),
                f,
                Some(json!(base[i])),
            ));
        }
    }
    Ok(())
}

/// Step 3: each side's additional factors from Table 4; loser of melee last move does
/// not apply to fanatics or regulars.
fn additional_factors(
    reader: &mut CellReader<'_>,
    sides: [&Side; 2],
    base: &mut [i64; 2],
    steps: &mut Vec<Step>,
) {
    for (i, side) in sides.iter().enumerate() {
        for name in &side.factors {
            // "Loser of melee last move (not fanatics or regulars)".
            if name == NOT_FOR
                && (side.kind.contains("fanatic") || side.kind.starts_with("regular"))
            {
                steps.push(Step::note(
                    cell_ref(TABLE4, ADDITIONAL, &[name]),
                    format!(
                        "{}: loser of melee last move does not apply to fanatics or regulars ({})",
                        NAMES[i], side.kind
                    ),
                ));
                continue;
            }
            if let Some(v) = reader.int(ADDITIONAL, &[name]) {
                base[i] += v;
                steps.push(Step::valued(
                    cell_ref(TABLE4, ADDITIONAL, &[name]),
                    format!("{}: additional factor {name}", NAMES[i]),
                    v,
                    Some(json!(base[i])),
                ));
            }
        }
    }
}

/// The black dice of a side's random factor: two on the impact round, else one.
fn black_dice(side: &Side) -> u8 {
    if side.impact { 2 } else { 1 }
}

fn morale_margin(kind: &str) -> i64 {
    // "more than 20" for Fanatics and European regulars, "more than 10" for others.
    if kind.contains("fanatic") || kind.starts_with("regular") {
        20
    } else {
        10
    }
}

named!(
    /// Who won a melee round (`outcome.winner`): the side that lost fewer FF.
    MeleeWinner, "melee winner" {
        /// A, the attacker.
        A = "a",
        /// B, the defender.
        B = "b",
        /// Equal losses: no loser.
        Draw = "draw",
    }
);

/// Who won and by how much: (winner, margin, loser must test).
fn decide(melee: &MeleeInput, a_losses: u32, b_losses: u32) -> (MeleeWinner, u32, bool) {
    let margin = a_losses.abs_diff(b_losses);
    let (winner, loser) = match a_losses.cmp(&b_losses) {
        std::cmp::Ordering::Less => (MeleeWinner::A, Some(&melee.b)),
        std::cmp::Ordering::Greater => (MeleeWinner::B, Some(&melee.a)),
        std::cmp::Ordering::Equal => (MeleeWinner::Draw, None),
    };
    let test = loser.is_some_and(|l| i64::from(margin) > morale_margin(&l.kind));
    (winner, margin, test)
}

/// What a melee round decided: the `--json` outcome of `laager mc melee`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeOutcome {
    /// The FF A (the attacker) loses: B's plus total.
    pub a_losses: u32,
    /// The FF B (the defender) loses: A's plus total.
    pub b_losses: u32,
    /// The side that lost fewer FF, or a draw.
    pub winner: MeleeWinner,
    /// The difference between the losses.
    pub margin: u32,
    /// The loser lost by more than its class's margin and must take a morale test.
    pub loser_must_test: bool,
}

/// A round of melee.
fn resolve_melee(
    charts: &Charts,
    melee: &MeleeInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<MeleeOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, melee, &mut reader)?;
    let mut resolution = resolution(charts, Melee::NAME);
    resolution.steps = melee.origin_steps();
    for step in prepared.steps.iter().cloned() {
        resolution.step(step);
    }
    let totals = throw_random(&prepared, dice, &mut resolution, ["A", "B"])?;
    let b_losses = ff(totals[0]);
    let a_losses = ff(totals[1]);
    resolution.step(Step::valued(
        section("MELEE CALCULATIONS, RESULT"),
        format!("any plus result is the FF lost by the opposing unit: A loses {a_losses}, B loses {b_losses}; minus results are ignored"),
        json!([a_losses, b_losses]),
        None,
    ));
    let (winner, margin, test) = decide(melee, a_losses, b_losses);
    resolution.step(Step::valued(
        section("MORALE"),
        match winner {
            MeleeWinner::Draw => "equal losses: no loser".to_owned(),
            w => format!(
                "{} lost fewer FF and wins by {margin}; the loser {} test (loser of most FF in a melee and the difference is more than 20 for Fanatics and European regulars, 10 for others)",
                w.name().to_uppercase(),
                if test { "must" } else { "need not" }
            ),
        },
        margin,
        None,
    ));
    let resolution = resolution.with_outcome(MeleeOutcome {
        a_losses,
        b_losses,
        winner,
        margin,
        loser_must_test: test,
    });
    finish(resolution, &reader, rule(CALC))
}

/// Step 4: each side's random factor thrown and added to its total, with its steps and
/// roll; the two plus totals, A's first.
pub(super) fn throw_random(
    prepared: &Prepared,
    dice: &mut dyn DiceSource,
    resolution: &mut Resolution<()>,
    names: [&str; 2],
) -> Result<[i64; 2], Refusal> {
    throw_random_per_unit(prepared, dice, resolution, names, [1, 1])
}

/// "Throw a random factor per unit engaged": `units[i]` random factors for side `i` (one
/// per unit it engages with), each added to its total.
pub(super) fn throw_random_per_unit(
    prepared: &Prepared,
    dice: &mut dyn DiceSource,
    resolution: &mut Resolution<()>,
    names: [&str; 2],
    units: [usize; 2],
) -> Result<[i64; 2], Refusal> {
    let mut totals = prepared.base;
    for i in 0..2 {
        for unit in 0..units[i] {
            let factor = crate::dice::micro_colonial::random_factor(
                dice,
                prepared.black[i],
                1,
                prepared.same,
            )
            .map_err(bad_dice(CALC))?;
            for step in crate::dice::micro_colonial::random_factor_steps(&factor, prepared.same) {
                resolution.step(step);
            }
            totals[i] += factor.result;
            let which = if units[i] > 1 {
                format!(" (unit {} of {}: one per unit engaged)", unit + 1, units[i])
            } else {
                String::new()
            };
            resolution.step(Step::valued(
                rule(CALC),
                format!("{}: add the random factor{which}", names[i]),
                factor.result,
                Some(json!(totals[i])),
            ));
            resolution.rolls.push(factor.roll);
        }
    }
    Ok(totals)
}

/// The distribution of the sum of `units` random factors of one side.
pub(super) fn random_sum_dist(prepared: &Prepared, side: usize, units: usize) -> crate::dice::Dist {
    let one = random_factor_dist(prepared.black[side], 1, prepared.same);
    let mut sum = one.clone();
    for _ in 1..units.max(1) {
        sum = sum.add(&one);
    }
    sum
}

/// The exact odds of the melee's winner ("a", "b" or "draw").
/// The melee's outcomes in the odds, worst first for A (whose view the odds take, as
/// every list runs upwards): B wins, a draw, A wins — so "this or better" of a draw is the
/// chance A does not lose.
const ODDS_ORDER: [MeleeWinner; 3] = [MeleeWinner::B, MeleeWinner::Draw, MeleeWinner::A];

fn melee_odds(charts: &Charts, melee: &MeleeInput) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, melee, &mut reader)?;
    let da = random_factor_dist(prepared.black[0], 1, prepared.same);
    let db = random_factor_dist(prepared.black[1], 1, prepared.same);
    let mut p = [0.0_f64; 3];
    for (ra, pa) in da.iter() {
        for (rb, pb) in db.iter() {
            let b_losses = ff(prepared.base[0] + ra);
            let a_losses = ff(prepared.base[1] + rb);
            let winner = decide(melee, a_losses, b_losses).0;
            if let Some(i) = ODDS_ORDER.iter().position(|w| *w == winner) {
                p[i] += pa * pb;
            }
        }
    }
    Ok(Odds {
        outcomes: ODDS_ORDER
            .iter()
            .zip(p)
            .map(|(v, probability)| OddsEntry {
                value: v.name().into(),
                probability,
            })
            .collect(),
    })
}

/// MELEE CALCULATIONS: one round of melee between two units.
pub struct Melee;

impl Procedure for Melee {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "melee";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["a", "b"];
    const OPPOSING: &'static [&'static str] = &["b"];
    type Input = MeleeInput;
    type Outcome = MeleeOutcome;

    fn resolve(
        charts: &Charts,
        input: &MeleeInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<MeleeOutcome>, Refusal> {
        resolve_melee(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &MeleeInput) -> Option<Result<Odds, Refusal>> {
        Some(melee_odds(charts, input))
    }

    fn dice_asked(_charts: &Charts, input: &MeleeInput) -> Option<crate::dice::DiceAsked> {
        // A's random factor, then B's; the impact round's two black dice for a side that
        // throws it.
        let mut dice = crate::dice::DiceAsked::random_factor(Some("A"), black_dice(&input.a), 1);
        dice.extend(crate::dice::DiceAsked::random_factor(
            Some("B"),
            black_dice(&input.b),
            1,
        ));
        Some(crate::dice::DiceAsked::of(dice))
    }
}
