//! ARTILLERY FIRE: shell between the gun's minimum and maximum range, cannister at short
//! range and never overhead, overhead shell only clear of friends by 20 mm; the factor from
//! the Shell or Cannister table for the gun and target, Table 3's tactical factors, present
//! FF ÷ 10 and the random factor ×5 up to its maximum. Skirmish screens take losses 1 : 5.
//!
//! "1. Determine the range from the centre of the firing unit to the nearest point on the
//! target counter. 2. Using this range and the type of target, determine the artillery factor
//! from the Shell or Cannister Table for the appropriate size of piece firing. 3. Add or
//! subtract any Tactical Factors which apply. 4. Divide the gun's present fighting factor by
//! 10 and add to 3. above. 5. Throw a random factor and add or subtract to 4. above. RESULT
//! Any plus factor indicates the number of fighting factors lost by the target."

use super::fire::ff;
use super::lost_keys::{self, AxisKey};
use super::names::named;
use super::{RULESET, arcs, bad_dice, cell_ref, finish, resolution, section, settings};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{SameColour, random_factor_dist};
use crate::resolution::{Odds, Refusal, Resolution, RuleRef, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

const FIRE: &str = "ARTILLERY FIRE";
const OVERHEAD: &str = "OVERHEAD FIRING";
const RANGES: &str = "WEAPON RANGES, ARTILLERY";
const TABLE3: &str = "ARTILLERY CHARTS, TABLE 3 Tactical Factors; Random Factors";
const SKIRMISH: &str = "OPEN ORDER INFANTRY SKIRMISHING";
const TACTICAL: &str = "artillery_tactical_factors";
const MULTIPLIER: &str = "random-factor-multiplier";
const MAXIMUM: &str = "random-factor-maximum";
const CHANGED_TARGET: &str = "changed-target-over-250mm";
const CHANGE_OVER_MM: f64 = 250.0;
/// "only if the gun is not within 20 mm of friendly troops, or friendly troops are not
/// within 20 mm of the target along the line of fire" (OVERHEAD FIRING).
const CLEARANCE_MM: f64 = 20.0;

named!(
    /// The piece firing (`--gun`).
    Gun, "gun" {
        /// 6 to 7 pounder.
        SixSeven = "6-7pdr",
        /// 9 to 11 pounder.
        NineEleven = "9-11pdr",
        /// Rockets.
        Rockets = "rockets",
    }
);

named!(
    /// The ammunition (`--ammo`).
    Ammo, "ammunition" {
        /// Shell.
        Shell = "shell",
        /// Cannister.
        Cannister = "cannister",
    }
);

named!(
    /// The Shell table's target types (`--target`).
    ArtilleryTarget, "target" {
        /// Regulars in cover, open order or lying down.
        RegularsInCover = "regulars-in-cover",
        /// All in close order, native infantry.
        CloseOrderNative = "close-order-native",
        /// Guns.
        Guns = "guns",
        /// Mounted troops.
        Mounted = "mounted",
    }
);

/// One artillery fire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryInput {
    /// The piece.
    pub gun: Gun,
    /// Shell or cannister.
    pub ammo: Ammo,
    /// The measured range (mm).
    pub range_mm: f64,
    /// The gun's present FF.
    pub gun_ff: u32,
    /// The target type.
    pub target: ArtilleryTarget,
    /// Table 3's factors that apply.
    #[serde(default)]
    pub factors: Vec<String>,
    /// The fire passes over intervening troops.
    #[serde(default)]
    pub overhead: bool,
    /// The nearest friends to the gun (mm), for overhead fire.
    #[serde(default)]
    pub friends_near_gun_mm: Option<f64>,
    /// The nearest friends to the target along the line of fire (mm), for overhead fire.
    #[serde(default)]
    pub friends_near_target_mm: Option<f64>,
    /// The target is a close order unit screened by skirmishers: losses divided 1 : 5.
    #[serde(default)]
    pub skirmish_screen: bool,
    /// Whether any part of the target is within the gun's arc: read on the table with the
    /// club's template, or the referee's call; `None` when no one has said. Out of the arc,
    /// the fire is refused (ARCS OF FIRE).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_arc: Option<bool>,
    /// The values the table and the records decided (`situation::artillery`), stated as
    /// the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

impl ArtilleryInput {
    /// The steps that say which values the table and the records gave and which were
    /// given by hand: the resolution's first steps.
    pub fn origin_steps(&self) -> Vec<Step> {
        self.origins.steps(self, &section(FIRE))
    }
}

struct Prepared {
    steps: Vec<Step>,
    base: i64,
    multiplier: i64,
}

fn refusals(fire: &ArtilleryInput) -> Result<(), Refusal> {
    if !fire.range_mm.is_finite() || fire.range_mm < 0.0 {
        return Err(Refusal::by_rule(
            section(FIRE),
            "the measured range must be a distance of 0 mm or more",
        ));
    }
    crate::bounds::distance_opt(
        section(FIRE),
        "the distance of friends near the gun",
        fire.friends_near_gun_mm,
    )?;
    crate::bounds::distance_opt(
        section(FIRE),
        "the distance of friends near the target",
        fire.friends_near_target_mm,
    )?;
    if fire.overhead && fire.ammo == Ammo::Cannister {
        return Err(Refusal::by_rule(
            section(OVERHEAD),
            "a gun may not fire cannister overhead at any time",
        ));
    }
    if fire.overhead {
        let near = |d: Option<f64>| d.is_some_and(|d| d <= CLEARANCE_MM);
        if near(fire.friends_near_gun_mm) || near(fire.friends_near_target_mm) {
            return Err(Refusal::by_rule(
                section(OVERHEAD),
                "guns firing shell may fire over intervening troops only if the gun is not within 20 mm of friendly troops, or friendly troops are not within 20 mm of the target along the line of fire",
            ));
        }
    }
    if fire.gun_ff == 0 {
        return Err(Refusal::by_rule(
            section(FIRE),
            "a gun with no fighting factors left does not fire",
        ));
    }
    Ok(())
}

/// The Shell table's row for a range: the first printed band at or above it (Laager's
/// reading: the row labels 400, 600, 800, 1000 are read as "up to"); up to 200 mm the lost
/// shortest band (the reading's guess, "<= 200?").
fn shell_row(range_mm: f64) -> &'static str {
    match range_mm {
        r if r <= 200.0 => "?shortest",
        r if r <= 400.0 => "400",
        r if r <= 600.0 => "600",
        r if r <= 800.0 => "800",
        _ => "1000",
    }
}

/// The tactical factors of Artillery Table 3 a fire may name (`--factor`, the desk's
/// ticks): the chart's cells but the random factor's multiplier and maximum.
pub fn tactical_factors(charts: &Charts) -> Vec<String> {
    charts
        .chart(RULESET, TACTICAL)
        .map(|c| {
            c.cells()
                .into_iter()
                .map(|(k, _)| k.join(":"))
                .filter(|k| k != MULTIPLIER && k != MAXIMUM)
                .collect()
        })
        .unwrap_or_default()
}

/// Works an artillery fire's steps 1 to 4 and reads the random factor's multiplier: the
/// total before the random factor.
fn prepare(
    charts: &Charts,
    fire: &ArtilleryInput,
    reader: &mut CellReader<'_>,
) -> Result<Prepared, Refusal> {
    let arc = arcs::check(fire.in_arc, &fire.origins)?;
    refusals(fire)?;
    let known = tactical_factors(charts);
    if let Some(bad) = fire.factors.iter().find(|f| !known.contains(f)) {
        return Err(Refusal::by_rule(
            section(TABLE3),
            format!(
                "'{bad}' is not a tactical factor of Artillery Table 3: expected one of {}",
                known.join(", ")
            ),
        ));
    }
    let mut steps: Vec<Step> = arc.into_iter().collect();
    within_range(reader, fire, &mut steps)?;
    let mut base = 0;
    // 2. The Shell or Cannister factor.
    artillery_factor(charts, reader, fire, &mut base, &mut steps)?;
    // 3. Tactical factors.
    add_tactical_factors(reader, fire, &mut base, &mut steps);
    // 4. Present FF / 10.
    let divisor = reader.int("rules_thresholds", &["artillery-ff-divisor"]);
    if let (Some(divisor), Some(rounding)) = (divisor, settings::rounding(charts, reader)) {
        steps.push(rounding.step);
        let tenth = rounding.value.divide(i64::from(fire.gun_ff), divisor);
        base += tenth;
        steps.push(Step::valued(
            cell_ref(FIRE, "rules_thresholds", &["artillery-ff-divisor"]),
            format!(
                "the gun's present fighting factor {} / {divisor}",
                fire.gun_ff
            ),
            tenth,
            Some(json!(base)),
        ));
    }
    // 5. The random factor x5, up to its maximum: the maximum is read only when the
    // factor thrown is a plus one (a cap cannot change a minus or nil factor).
    let multiplier = reader.int(TACTICAL, &[MULTIPLIER]);
    if let Some(refusal) = reader.refusal(section(FIRE)) {
        return Err(refusal.with_partial(steps, None));
    }
    let Some(multiplier) = multiplier else {
        return Err(Refusal::by_rule(
            section(FIRE),
            "a chart cell could not be read",
        ));
    };
    Ok(Prepared {
        steps,
        base,
        multiplier,
    })
}

/// Step 1: the range against the piece's ranges (WEAPON RANGES, ARTILLERY), shell between
/// its minimum and maximum, cannister within its maximum; a gun with no cannister and a
/// target outside the ranges are refused.
fn within_range(
    reader: &mut CellReader<'_>,
    fire: &ArtilleryInput,
    steps: &mut Vec<Step>,
) -> Result<(), Refusal> {
    let gun = fire.gun.name();
    let said = fire.gun.words();
    // The ranges of the piece.
    let (min_field, max_field) = match fire.ammo {
        Ammo::Shell => (Some("shell_min_mm"), "shell_max_mm"),
        Ammo::Cannister => (None, "cannister_max_mm"),
    };
    let max = reader.get("artillery_ranges", &[gun, max_field]);
    if fire.ammo == Ammo::Cannister && max.as_ref().is_some_and(|v| v.as_int().is_none()) {
        return Err(Refusal::by_rule(
            cell_ref(RANGES, "artillery_ranges", &[gun, max_field]),
            format!("{said} fire no cannister"),
        ));
    }
    let max = max.and_then(|v| v.as_int());
    let min = min_field.and_then(|f| reader.int("artillery_ranges", &[gun, f]));
    #[allow(clippy::cast_precision_loss)]
    {
        if let Some(min) = min
            && fire.range_mm < min as f64
        {
            return Err(Refusal::out_of_range(
                cell_ref(RANGES, "artillery_ranges", &[gun, "shell_min_mm"]),
                format!(
                    "under the minimum range ({said} shell, min {min} mm): measured {}",
                    crate::rules::words::mm(fire.range_mm)
                ),
            ));
        }
        if let Some(max) = max
            && fire.range_mm > max as f64
        {
            return Err(Refusal::out_of_range(
                cell_ref(RANGES, "artillery_ranges", &[gun, max_field]),
                format!(
                    "out of range ({said} {}, max {max} mm): measured {}",
                    fire.ammo,
                    crate::rules::words::mm(fire.range_mm)
                ),
            ));
        }
    }
    steps.push(Step::note(
        section(FIRE),
        format!(
            "the range from the centre of the gun to the nearest point on the target: {}{}",
            crate::rules::words::mm(fire.range_mm),
            match (min, max) {
                (Some(lo), Some(hi)) => format!(", within {said} shell's {lo}-{hi} mm"),
                (None, Some(hi)) => format!(", within {said} cannister's {hi} mm"),
                _ => String::new(),
            }
        ),
    ));
    Ok(())
}

/// Step 2: the artillery factor from the Shell or Cannister table for the piece and the
/// target; a cell the piece does not reach is refused.
fn artillery_factor(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    fire: &ArtilleryInput,
    base: &mut i64,
    steps: &mut Vec<Step>,
) -> Result<(), Refusal> {
    let gun = fire.gun.name();
    let said = fire.gun.words();
    let (chart, title, row, column) = match fire.ammo {
        Ammo::Shell => (
            "artillery_shell",
            "ARTILLERY CHARTS, TABLE 1 Shell",
            shell_row(fire.range_mm).to_owned(),
            format!("{}-{gun}", fire.target),
        ),
        Ammo::Cannister => (
            "artillery_cannister",
            "ARTILLERY CHARTS, TABLE 2 Cannister",
            gun.to_owned(),
            fire.target.name().to_owned(),
        ),
    };
    let (value, address) = lost_keys::read(
        charts,
        reader,
        chart,
        AxisKey::Label(&row),
        AxisKey::Label(&column),
    );
    if let Some(value) = value {
        let text = value.to_string();
        let Ok(factor) = text.trim().replace('+', "").parse::<i64>() else {
            return Err(Refusal::by_rule(
                RuleRef::cell(RULESET, title, chart, &address),
                format!("cell {address} reads '{text}': {said} does not reach this band"),
            ));
        };
        *base += factor;
        steps.push(Step::valued(
            RuleRef::cell(RULESET, title, chart, &address),
            format!(
                "the artillery factor for {said} against {}",
                fire.target.words()
            ),
            factor,
            Some(json!(*base)),
        ));
        if fire.ammo == Ammo::Shell {
            reader.warn(format!(
                "the Shell table's row {row} is chosen reading its range labels as 'up to' and the lost shortest band as up to 200 mm (their meaning is lost)"
            ));
        }
    }
    Ok(())
}

/// Step 3: the tactical factors of Table 3 that apply; a changed target counts only over
/// 250 mm.
fn add_tactical_factors(
    reader: &mut CellReader<'_>,
    fire: &ArtilleryInput,
    base: &mut i64,
    steps: &mut Vec<Step>,
) {
    for name in &fire.factors {
        // "If gun changes target and range is over 250 mm".
        if name == CHANGED_TARGET && fire.range_mm <= CHANGE_OVER_MM {
            steps.push(Step::note(
                cell_ref(TABLE3, TACTICAL, &[name]),
                format!(
                    "{name} counts only when the range is over 250 mm: at {} it does not apply",
                    crate::rules::words::mm(fire.range_mm)
                ),
            ));
            continue;
        }
        if let Some(v) = reader.int(TACTICAL, &[name]) {
            *base += v;
            steps.push(Step::valued(
                cell_ref(TABLE3, TACTICAL, &[name]),
                format!("tactical factor {name}"),
                v,
                Some(json!(*base)),
            ));
        }
    }
}

/// The random factor times the multiplier, up to the maximum; `None` when the maximum is
/// needed (a plus factor) and cannot be read, the reader naming it.
fn scaled(prepared: &Prepared, reader: &mut CellReader<'_>, factor: i64) -> Option<(i64, i64)> {
    let times = factor * prepared.multiplier;
    if times <= 0 {
        return Some((times, times));
    }
    reader
        .int(TACTICAL, &[MAXIMUM])
        .map(|maximum| (times.min(maximum), maximum))
}

/// What an artillery fire decided: the `--json` outcome of `laager mc artillery`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArtilleryOutcome {
    /// Every factor and the random factor, added (minus results too).
    pub total: i64,
    /// The FF the target loses: a plus total; 0 for a minus result.
    pub ff_lost: u32,
    /// With a skirmish screen: the screen's share of `ff_lost` (1 in 6).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub screen_losses: Option<u32>,
    /// With a skirmish screen: the close order unit's share.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub close_order_losses: Option<u32>,
}

/// An artillery fire.
fn resolve_artillery(
    charts: &Charts,
    fire: &ArtilleryInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<ArtilleryOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, fire, &mut reader)?;
    let factor = crate::dice::micro_colonial::random_factor(dice, 1, 1, SameColour::Sum)
        .map_err(bad_dice(FIRE))?;
    let mut resolution = resolution(charts, Artillery::NAME);
    resolution.steps = fire.origin_steps();
    for step in &prepared.steps {
        resolution.step(step.clone());
    }
    for step in crate::dice::micro_colonial::random_factor_steps(&factor, SameColour::Sum) {
        resolution.step(step);
    }
    let Some((counted, maximum)) = scaled(&prepared, &mut reader, factor.result) else {
        let refusal = reader
            .refusal(section(FIRE))
            .unwrap_or_else(|| Refusal::by_rule(section(FIRE), "a chart cell could not be read"));
        return Err(refusal.with_partial(resolution.steps, None));
    };
    let total = prepared.base + counted;
    let times = factor.result * prepared.multiplier;
    resolution.step(Step::valued(
        cell_ref(TABLE3, TACTICAL, &[MULTIPLIER]),
        if times > 0 {
            format!(
                "the random factor {:+} x {} = {times:+}, up to a maximum of +{maximum}: {counted:+}",
                factor.result, prepared.multiplier
            )
        } else {
            format!(
                "the random factor {:+} x {} = {times:+} (a maximum caps only a plus factor)",
                factor.result, prepared.multiplier
            )
        },
        counted,
        Some(json!(total)),
    ));
    let ff_lost = ff(total);
    resolution.step(Step::valued(
        section("ARTILLERY FIRE, RESULT"),
        "any plus factor is the number of fighting factors lost by the target; minus factors are ignored",
        ff_lost,
        None,
    ));
    let mut outcome = ArtilleryOutcome {
        total,
        ff_lost,
        screen_losses: None,
        close_order_losses: None,
    };
    if fire.skirmish_screen {
        let ratio = reader
            .int("rules_thresholds", &["skirmish-artillery-loss-ratio"])
            .unwrap_or(5);
        let rounding =
            settings::rounding(charts, &mut reader).map_or(settings::Rounding::Drop, |s| s.value);
        let screen = ff(rounding.divide(i64::from(ff_lost), ratio + 1));
        resolution.step(Step::valued(
            cell_ref(SKIRMISH, "rules_thresholds", &["skirmish-artillery-loss-ratio"]),
            format!(
                "the FF lost are divided in the ratio of 1 to {ratio}: {screen} on the skirmishing unit, {} on the close order unit",
                ff_lost - screen
            ),
            screen,
            None,
        ));
        outcome.screen_losses = Some(screen);
        outcome.close_order_losses = Some(ff_lost - screen);
    }
    resolution.rolls.push(factor.roll);
    finish(resolution.with_outcome(outcome), &reader, section(FIRE))
}

/// The exact odds of the FF lost.
fn artillery_odds(charts: &Charts, fire: &ArtilleryInput) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, fire, &mut reader)?;
    // The odds span every factor, the plus ones too: they need the maximum.
    let maximum = reader.int(TACTICAL, &[MAXIMUM]);
    if let Some(refusal) = reader.refusal(section(FIRE)) {
        return Err(refusal.with_partial(prepared.steps, None));
    }
    let maximum = maximum.unwrap_or(i64::MAX);
    Ok(random_factor_dist(1, 1, SameColour::Sum)
        .map(|rf| (prepared.base + (rf * prepared.multiplier).min(maximum)).max(0))
        .to_odds())
}

/// ARTILLERY FIRE: one gun's shell or cannister.
pub struct Artillery;

impl Procedure for Artillery {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "artillery-fire";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["gun", "target", "screen"];
    const OPPOSING: &'static [&'static str] = &["target", "screen"];
    type Input = ArtilleryInput;
    type Outcome = ArtilleryOutcome;

    fn resolve(
        charts: &Charts,
        input: &ArtilleryInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<ArtilleryOutcome>, Refusal> {
        resolve_artillery(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &ArtilleryInput) -> Option<Result<Odds, Refusal>> {
        Some(artillery_odds(charts, input))
    }

    fn dice_asked(_charts: &Charts, _input: &ArtilleryInput) -> Option<crate::dice::DiceAsked> {
        Some(crate::dice::DiceAsked::of(
            crate::dice::DiceAsked::random_factor(None, 1, 1),
        ))
    }
}
