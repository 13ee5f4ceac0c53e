//! SMALL ARMS FIRE: the refusals of TYPES OF FIRE and FIRING INTO A MELEE, the weapon's
//! maximum range, the range rounded up to the next 100 mm (with the dispute near a band
//! edge spelt out), the Range and Target Factors (Small Arms Tables 1 and 2) and one random
//! factor; a plus total is the FF lost, volley losses marked for the target's D column.
//!
//! Table 1 lost its row and column headers, so its cells are addressed by what the fire
//! knows: the row by the firing FF (a club chart's band rows hold it), the column by
//! `GROUP-RANGE` (`volley-300`, `independent-200`, `other-400`, `machine-gun-800`). While
//! the shipped chart's keys are lost, a needed cell is named `small_arms_range_factors:FF:
//! GROUP-RANGE` and may be typed for one resolution (`lost_keys`).

pub use super::fire_names::{Engaged, FireType, Firer, Target, Weapon};
use super::lost_keys::{self, AxisKey};
use super::{RULESET, arcs, bad_dice, cell_ref, finish, random, resolution, section, settings};
use crate::charts::{Body, CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{SameColour, random_factor_dist};
use crate::resolution::{Odds, Refusal, Resolution, RuleRef, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

mod unknowns;
use unknowns::{dispute_step, unknown_terms};

const FIRE: &str = "SMALL ARMS FIRE";
const VOLLEY: &str = "TYPES OF FIRE, VOLLEY FIRE";
const INDEPENDENT: &str = "TYPES OF FIRE, INDEPENDENT FIRE";
const INTO_MELEE: &str = "FIRING INTO A MELEE";
const RANGES: &str = "WEAPON RANGES";
const TABLE1: &str = "SMALL ARMS FIRING CHARTS, TABLE 1 Range Factors";
const TABLE2: &str = "SMALL ARMS FIRING CHARTS, TABLE 2 Target Factors";
const TWO_UNIT: &str = "APPENDIX 3 TWO-UNIT FORMATIONS";
const EFFECT: &str = "VOLLEY FIRE EFFECT ON MOVEMENT";
const GUNS: &str = "MACHINE GUNS AND GATLING GUNS";
/// Table 1's chart name.
pub const RANGE_CHART: &str = "small_arms_range_factors";
/// Table 2's chart name.
pub const TARGET_CHART: &str = "small_arms_target_factors";
/// "Volley fire may only be used against targets which are at less than 300 mm range."
const VOLLEY_UNDER_MM: f64 = 300.0;
/// "round off to the nearest 100 upwards" (SMALL ARMS FIRE 1.)
const ROUND_TO_MM: i64 = 100;
/// How close to a band edge a measured range is worth a dispute step.
const DISPUTE_MM: f64 = 10.0;

impl Weapon {
    fn is_gun(self) -> bool {
        matches!(self, Weapon::Gatling | Weapon::MachineGun)
    }
}

/// One round of small arms fire, as the referee describes it.
#[allow(clippy::struct_excessive_bools)] // one flag per condition the rules name
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireInput {
    /// Who fires.
    pub firer: Firer,
    /// The firing unit's present FF (the front unit's, in a two-unit formation).
    pub firer_ff: u32,
    /// The weapon.
    pub weapon: Weapon,
    /// Volley or independent.
    pub fire: FireType,
    /// The measured range, centre of the firer to the nearest point of the target (mm).
    pub range_mm: f64,
    /// The target's present FF.
    pub target_ff: u32,
    /// The target's formation section.
    pub target: Target,
    /// The firers are in a building.
    #[serde(default)]
    pub in_building: bool,
    /// The regulars' initial volley of the battle (two black dice).
    #[serde(default)]
    pub initial_volley: bool,
    /// The rear unit's FF of a two-unit formation.
    #[serde(default)]
    pub two_unit_rear_ff: Option<u32>,
    /// The target is in a melee, engaged on this side.
    #[serde(default)]
    pub target_in_melee: Option<Engaged>,
    /// The round of that melee (1 is the first).
    #[serde(default = "first_round")]
    pub melee_round: u32,
    /// The unit changes from independent to volley fire this move.
    #[serde(default)]
    pub changing_to_volley: bool,
    /// A machine or Gatling gun's partial jam (Table 3's minus figure, e.g. −5).
    #[serde(default)]
    pub jam_penalty: Option<i64>,
    /// Whether any part of the target is within the firer's arc: read on the table with
    /// the club's template, or the referee's call; `None` when no one has said. Out of the
    /// arc, the fire is refused (ARCS OF FIRE).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_arc: Option<bool>,
    /// The values the table and the records decided (`situation::fire`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

impl FireInput {
    /// The steps that say which values the table and the records gave and which were
    /// given by hand: the resolution's first steps.
    pub fn origin_steps(&self) -> Vec<Step> {
        self.origins.steps(self, &rule(FIRE))
    }
}

/// A melee's first round, the default.
fn first_round() -> u32 {
    1
}

/// The column group of Table 1 a fire reads: Laager's reading of the card's group names
/// (REGULAR VOLLEY FIRING; INDEPENDENT FIRE AND NON-NATIVE TROOPS; OTHER RIFLE, CARBINE FIRE
/// \[IR\]REGULAR; MACHINE GUNS), whose columns are lost.
pub fn fire_group(request: &FireInput) -> &'static str {
    if request.weapon.is_gun() {
        "machine-gun"
    } else if request.fire == FireType::Volley {
        "volley"
    } else if matches!(request.firer, Firer::Natives | Firer::IrregularInfantry) {
        "other"
    } else {
        "independent"
    }
}

/// The range rounded up to the next 100 mm: 300 stays 300, 301 becomes 400 (at least 100).
pub fn round_range(range_mm: f64) -> i64 {
    // The range is a non-negative measurement well inside i64; ceil keeps 300.0 at 300.
    #[allow(clippy::cast_possible_truncation)]
    let hundreds = (range_mm / 100.0).ceil() as i64;
    (hundreds * ROUND_TO_MM).max(ROUND_TO_MM)
}

fn rule(name: &str) -> RuleRef {
    section(name)
}

/// The refusals of the rules, in the order, before any chart is read.
fn refusals(request: &FireInput) -> Result<(), Refusal> {
    let volley = request.fire == FireType::Volley;
    if !request.range_mm.is_finite() || request.range_mm < 0.0 {
        return Err(Refusal::by_rule(
            rule(FIRE),
            "the measured range must be a distance of 0 mm or more",
        ));
    }
    if volley
        && !matches!(
            request.firer,
            Firer::RegularInfantry | Firer::DismountedMountedInfantry
        )
    {
        return Err(Refusal::by_rule(
            rule(VOLLEY),
            format!(
                "volley fire may only be fired by regular infantry or dismounted mounted infantry, not {}: all other units, including any naval units, may not fire in volleys",
                request.firer
            ),
        ));
    }
    if volley && request.range_mm >= VOLLEY_UNDER_MM {
        return Err(Refusal::by_rule(
            rule(VOLLEY),
            format!(
                "volley fire needs a target under 300 mm: measured {}",
                crate::rules::words::mm(request.range_mm)
            ),
        ));
    }
    if volley && request.in_building {
        return Err(Refusal::by_rule(
            rule(INDEPENDENT),
            "troops in buildings may only use independent fire",
        ));
    }
    if volley && request.changing_to_volley {
        return Err(Refusal::by_rule(
            rule(INDEPENDENT),
            "to change a unit from independent fire to volley fire will take one complete move turn, during which the unit may not fire",
        ));
    }
    match (request.target_in_melee, request.melee_round) {
        (Some(Engaged::Front | Engaged::Rear), _) => {
            return Err(Refusal::by_rule(
                rule(INTO_MELEE),
                "firing into a melee, against a unit which is engaged to its front or rear, is not allowed",
            ));
        }
        (Some(Engaged::Flank), round) if round != 1 => {
            return Err(Refusal::by_rule(
                rule(INTO_MELEE),
                format!(
                    "fire may be directed at a unit engaged only on its flank during the first round of the melee only (this is round {round})"
                ),
            ));
        }
        _ => {}
    }
    if request.initial_volley && !volley {
        return Err(Refusal::by_rule(
            rule(crate::dice::micro_colonial::RANDOM_FACTOR),
            "two black dice are thrown for regular troops firing their initial volley: this fire is not a volley",
        ));
    }
    if request.jam_penalty.is_some() && !request.weapon.is_gun() {
        return Err(Refusal::by_rule(
            rule(GUNS),
            "a jam penalty applies only to machine and Gatling guns",
        ));
    }
    if request.firer_ff == 0 || request.target_ff == 0 {
        return Err(Refusal::by_rule(
            rule(FIRE),
            "the firing unit and the target must each have fighting factors left",
        ));
    }
    Ok(())
}

/// Table 1's cell for a firing FF and column: `Some(value)` or `None` (noted as needed).
fn range_factor(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    ff: i64,
    column: &str,
) -> (Option<i64>, String) {
    let (value, address) = lost_keys::read(
        charts,
        reader,
        RANGE_CHART,
        AxisKey::Number(ff),
        AxisKey::Label(column),
    );
    (value.and_then(|v| v.as_int()), address)
}

/// What a fire has read before its dice: its steps, the total before the random factor,
/// and the dice it throws.
struct Prepared {
    steps: Vec<Step>,
    base: i64,
    rounded: i64,
    black: u8,
    red: u8,
    same: SameColour,
    volley: bool,
}

/// The black and red dice of the basic fire's random factor: two black for a regular
/// unit's initial volley, two red when mounted troops fire, else one of each.
fn fire_dice(request: &FireInput) -> (u8, u8) {
    if request.initial_volley {
        (2, 1)
    } else if request.firer == Firer::Mounted {
        (1, 2)
    } else {
        (1, 1)
    }
}

/// A supplement's change to the basic fire: the black dice it throws (Rorke's Drift's
/// Zulu rifles and redoubt volleys), with the step that says why, and the steps it states
/// first.
#[derive(Default)]
pub(super) struct Variant {
    pub(super) black: Option<(u8, Step)>,
    pub(super) steps: Vec<Step>,
}

/// Reads a fire's steps 1 to 3 and its dice: the total before the random factor.
fn prepare(
    charts: &Charts,
    request: &FireInput,
    reader: &mut CellReader<'_>,
    variant: &Variant,
) -> Result<Prepared, Refusal> {
    let mut steps: Vec<Step> = arcs::check(request.in_arc, &request.origins)?
        .into_iter()
        .collect();
    refusals(request)?;
    let volley = request.fire == FireType::Volley;
    let max = maximum_range(reader, request, &mut steps)?;
    // SMALL ARMS FIRE 1.
    let rounded = round_range(request.range_mm);
    steps.push(Step::valued(
        cell_ref(FIRE, "rules_thresholds", &["small-arms-range-rounding-mm"]),
        format!(
            "measure the range from the centre of the firing unit to the nearest point on the target and round off to the nearest 100 upwards: {} is {rounded} mm",
            crate::rules::words::mm(request.range_mm)
        ),
        rounded,
        None,
    ));
    let ff = firing_ff(charts, reader, request, &mut steps);
    let cells = FactorCells::read(charts, reader, request, ff, rounded);
    // SMALL ARMS FIRE 5: the dice.
    let (black, red) = if let Some((black, step)) = &variant.black {
        steps.push(step.clone());
        (*black, 1)
    } else {
        fire_dice(request)
    };
    let same = random::same_colour(charts, reader, black, red);
    if let Some(refusal) = reader.refusal(rule(FIRE)) {
        // What is known is carried, and what is left named as the sum the rule adds.
        let mut partial = steps;
        let formula = unknown_terms(request, &cells, &mut partial, (black, red), max);
        return Err(refusal.with_partial(partial, Some(formula)));
    }
    let (Some(range_value), Some(target_value), Some((same, same_step))) =
        (cells.range_value, cells.target_value, same)
    else {
        return Err(Refusal::by_rule(
            rule(FIRE),
            "a chart cell could not be read",
        ));
    };
    if let Some(dispute) =
        dispute_step(charts, request, ff, cells.group, rounded, target_value, max)
    {
        steps.push(dispute);
    }
    steps.push(cells.range_step(range_value, Some(json!(range_value))));
    let base = range_value + target_value;
    steps.push(cells.target_step(request, target_value));
    steps.push(Step::valued(
        rule(FIRE),
        "add the range and target factors together",
        base,
        Some(json!(base)),
    ));
    if let Some(penalty) = request.jam_penalty {
        steps.push(Step::valued(
            rule(GUNS),
            "partial jam: the minus figure is subtracted from the gun's final fire effect result",
            penalty,
            None,
        ));
    }
    steps.extend(same_step);
    Ok(Prepared {
        steps,
        base: base + request.jam_penalty.unwrap_or(0),
        rounded,
        black,
        red,
        same,
        volley,
    })
}

/// The weapon's maximum range (WEAPON RANGES), with a step saying the target is within it;
/// a target beyond it is refused. `None` when the range cannot be read.
fn maximum_range(
    reader: &mut CellReader<'_>,
    request: &FireInput,
    steps: &mut Vec<Step>,
) -> Result<Option<i64>, Refusal> {
    // WEAPON RANGES: "The following are the maximum ranges of weapons used."
    let weapon = request.weapon.name();
    let said = request.weapon.words();
    let max = reader.int("weapon_ranges", &[weapon]);
    if let Some(max) = max {
        #[allow(clippy::cast_precision_loss)]
        if request.range_mm > max as f64 {
            return Err(Refusal::out_of_range(
                cell_ref(RANGES, "weapon_ranges", &[weapon]),
                format!(
                    "out of range ({said}, max {max} mm): measured {}",
                    crate::rules::words::mm(request.range_mm)
                ),
            ));
        }
        steps.push(Step::valued(
            cell_ref(RANGES, "weapon_ranges", &[weapon]),
            format!(
                "{said}: maximum range {max} mm; the target at {} is within it",
                crate::rules::words::mm(request.range_mm)
            ),
            max,
            None,
        ));
    }
    Ok(max)
}

/// The firing FF: APPENDIX 3's two-unit formation adds half the rear unit's FF in volleys,
/// and only the front unit's fires independently.
fn firing_ff(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    request: &FireInput,
    steps: &mut Vec<Step>,
) -> i64 {
    let volley = request.fire == FireType::Volley;
    let mut ff = i64::from(request.firer_ff);
    if let Some(rear) = request.two_unit_rear_ff {
        if volley {
            let divisor = reader
                .int("rules_thresholds", &["two-unit-rear-volley-divisor"])
                .unwrap_or(2);
            if let Some(setting) = settings::rounding(charts, reader) {
                let half = setting.value.divide(i64::from(rear), divisor);
                steps.push(setting.step);
                ff += half;
                steps.push(Step::valued(
                    rule(TWO_UNIT),
                    format!(
                        "two-unit formation: the front unit counts its full {} FF, the rear unit only half its {rear} FF ({half}) in volleys",
                        request.firer_ff
                    ),
                    half,
                    Some(json!(ff)),
                ));
            }
        } else {
            steps.push(Step::note(
                rule(TWO_UNIT),
                format!(
                    "two-unit formation firing independently: the front unit's {} FF only",
                    request.firer_ff
                ),
            ));
        }
    }
    ff
}

/// The cells of SMALL ARMS FIRE 2 and 3: Table 1's range factor and Table 2's target
/// factor, with where each is read.
struct FactorCells {
    /// The firing FF.
    ff: i64,
    /// The range rounded up to the next 100 mm.
    rounded: i64,
    /// Table 1's column group.
    group: &'static str,
    /// Table 1's column, `GROUP-RANGE`.
    column: String,
    /// Table 1's range factor, if read.
    range_value: Option<i64>,
    /// Table 1's cell address.
    range_address: String,
    /// The fire as Table 2's rows name it: volley, independent or machine gun.
    fire_kind: &'static str,
    /// Table 2's row.
    target_row: String,
    /// Table 2's column: the target's FF band.
    target_column: String,
    /// Table 2's target factor, if read.
    target_value: Option<i64>,
}

impl FactorCells {
    /// Reads Table 1 for the firing FF at the rounded range and Table 2 for the target.
    fn read(
        charts: &Charts,
        reader: &mut CellReader<'_>,
        request: &FireInput,
        ff: i64,
        rounded: i64,
    ) -> FactorCells {
        // SMALL ARMS FIRE 2.
        let group = fire_group(request);
        let column = format!("{group}-{rounded}");
        let (range_value, range_address) = range_factor(charts, reader, ff, &column);
        // SMALL ARMS FIRE 3.
        let fire_kind = if request.weapon.is_gun() {
            "machine-gun"
        } else {
            request.fire.name()
        };
        let target_row = format!("{}-{fire_kind}", request.target);
        let target_column = charts
            .chart(RULESET, TARGET_CHART)
            .and_then(|c| match &c.body {
                Body::TwoD { columns, .. } => columns
                    .position_of_value(i64::from(request.target_ff))
                    .map(|i| columns.keys[i].label.clone()),
                Body::OneD { .. } => None,
            })
            .unwrap_or_else(|| request.target_ff.to_string());
        let target_value = reader.int(TARGET_CHART, &[&target_row, &target_column]);
        FactorCells {
            ff,
            rounded,
            group,
            column,
            range_value,
            range_address,
            fire_kind,
            target_row,
            target_column,
            target_value,
        }
    }

    /// Table 1's step: the range factor `v`, with the running total if one is shown.
    fn range_step(&self, v: i64, total: Option<serde_json::Value>) -> Step {
        let (ff, rounded, group, column) = (self.ff, self.rounded, self.group, &self.column);
        Step::valued(
            RuleRef::cell(RULESET, TABLE1, RANGE_CHART, &self.range_address),
            format!(
                "Table 1: {ff} firing FF at {rounded} mm, {group} fire (column {column}): range factor {v:+}"
            ),
            v,
            total,
        )
    }

    /// Table 2's step: the target factor `v`.
    fn target_step(&self, request: &FireInput, v: i64) -> Step {
        let (target_column, fire_kind) = (&self.target_column, self.fire_kind);
        Step::valued(
            cell_ref(TABLE2, TARGET_CHART, &[&self.target_row, target_column]),
            format!(
                "Table 2: target of {} FF ({target_column}), {}, {fire_kind} fire: target factor {v:+}",
                request.target_ff, request.target
            ),
            v,
            None,
        )
    }
}

/// What a round of fire decided: the `--json` outcome of `laager mc fire`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireOutcome {
    /// The range rounded up to the next 100 mm: the band Table 1 is read at.
    pub range_rounded_mm: i64,
    /// The range and target factors and the random factor, added (minus results too).
    pub total: i64,
    /// The FF the target loses: a plus total; 0 for a minus or nil result.
    pub ff_lost: u32,
    /// The FF lost to volley fire (all of `ff_lost` in a volley, else 0): the target's D column.
    pub volley_losses: u32,
}

/// Resolves one round of small arms fire.
fn resolve_fire(
    charts: &Charts,
    request: &FireInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<FireOutcome>, Refusal> {
    resolve_variant(charts, request, dice, Fire::NAME, &Variant::default())
}

/// Resolves one round of small arms fire as a supplement changes it, under its procedure's
/// name.
pub(super) fn resolve_variant(
    charts: &Charts,
    request: &FireInput,
    dice: &mut dyn DiceSource,
    procedure: &str,
    variant: &Variant,
) -> Result<Resolution<FireOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, request, &mut reader, variant).map_err(|refusal| {
        if refusal.kind != crate::resolution::RefusalKind::NeedsCells {
            return refusal;
        }
        // The supplement's own steps are worked too, before the basic fire's.
        let mut steps = variant.steps.clone();
        steps.extend(refusal.partial_steps.iter().cloned());
        let formula = refusal.formula.clone();
        refusal.with_partial(steps, formula)
    })?;
    let factor = crate::dice::micro_colonial::random_factor(
        dice,
        prepared.black,
        prepared.red,
        prepared.same,
    )
    .map_err(bad_dice(FIRE))?;
    let mut resolution = resolution(charts, procedure);
    resolution.steps = request.origin_steps();
    for step in variant.steps.iter().cloned().chain(prepared.steps) {
        resolution.step(step);
    }
    for step in crate::dice::micro_colonial::random_factor_steps(&factor, prepared.same) {
        resolution.step(step);
    }
    let total = prepared.base + factor.result;
    resolution.step(Step::valued(
        rule(FIRE),
        "add the random factor to the total",
        factor.result,
        Some(json!(total)),
    ));
    let ff_lost = ff(total);
    resolution.step(Step::valued(
        section("SMALL ARMS FIRE, RESULT"),
        if total > 0 {
            format!("a final plus result: the target loses {ff_lost} FF")
        } else {
            "a minus or nil result is ignored: no FF lost".to_owned()
        },
        ff_lost,
        None,
    ));
    let volley_losses = if prepared.volley { ff_lost } else { 0 };
    if prepared.volley && ff_lost > 0 {
        resolution.step(Step::valued(
            rule(EFFECT),
            format!(
                "volley fire losses are recorded under the column headed D: the target's next move is {volley_losses} mm shorter"
            ),
            volley_losses,
            None,
        ));
    }
    resolution.rolls.push(factor.roll);
    let resolution = resolution.with_outcome(FireOutcome {
        range_rounded_mm: prepared.rounded,
        total,
        ff_lost,
        volley_losses,
    });
    finish(resolution, &reader, rule(FIRE))
}

/// A plus total as the FF it takes; a minus or nil result takes none.
pub(crate) fn ff(total: i64) -> u32 {
    u32::try_from(total.max(0)).unwrap_or(u32::MAX)
}

/// The exact odds of the FF lost to one round of fire.
fn fire_odds(charts: &Charts, request: &FireInput) -> Result<Odds, Refusal> {
    variant_odds(charts, request, &Variant::default())
}

/// The exact odds of the FF lost to one round of fire as a supplement changes it.
pub(super) fn variant_odds(
    charts: &Charts,
    request: &FireInput,
    variant: &Variant,
) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(charts, request, &mut reader, variant)?;
    let base = prepared.base;
    Ok(
        random_factor_dist(prepared.black, prepared.red, prepared.same)
            .map(|rf| (base + rf).max(0))
            .to_odds(),
    )
}

/// SMALL ARMS FIRE: one round of fire by one unit at one target.
pub struct Fire;

impl Procedure for Fire {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "small-arms-fire";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["firer", "target", "rear"];
    const OPPOSING: &'static [&'static str] = &["target"];
    type Input = FireInput;
    type Outcome = FireOutcome;

    fn resolve(
        charts: &Charts,
        input: &FireInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<FireOutcome>, Refusal> {
        resolve_fire(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &FireInput) -> Option<Result<Odds, Refusal>> {
        Some(fire_odds(charts, input))
    }

    fn dice_asked(_charts: &Charts, input: &FireInput) -> Option<crate::dice::DiceAsked> {
        let (black, red) = fire_dice(input);
        Some(crate::dice::DiceAsked::of(
            crate::dice::DiceAsked::random_factor(None, black, red),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::round_range;

    // SMALL ARMS FIRE 1: "round off to the nearest 100 upwards".
    #[test]
    fn ranges_round_up_to_the_next_hundred() {
        assert_eq!(round_range(300.0), 300);
        assert_eq!(round_range(301.0), 400);
        assert_eq!(round_range(299.5), 300);
        assert_eq!(round_range(0.0), 100);
    }
}
