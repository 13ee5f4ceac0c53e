//! British fire: normal fire zone to zone, volley fire, and the ammunition check at
//! Isandlwana ("Fire Combat", "British Leaders: VOLLEY FIRE").

use super::zone_fire::{self, ZoneAmmo, ZoneFire};
use super::{
    Battle, RULESET, Reader, bucket, cell_rule, count, faces_text, hit_text, resolution, rule,
    throw,
};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, condition, strength, strong};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// The most dice a bucket resolves (and computes exact odds for).
pub const MAX_DICE: u32 = 300;

const FIRE: &str = "Fire Combat";
const HIT_CHART: &str = "Fire Combat: Hit Number Chart";
const AMMO: &str = "Fire Combat: ISANDLWANA: British ammunition";
const SEQUENCE: &str = "Sequence of Play";

/// One zone's fire at one target zone, its range given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireSituation {
    /// Which battle.
    pub battle: Battle,
    /// The firing SP: one die each (see [`super::firing_sp`]).
    pub sp: u32,
    /// The range in zones, as the firing zone's list gives it (1, 2 or 3).
    pub range: u8,
    /// A night turn (Rorke's Drift only).
    #[serde(default)]
    pub night: bool,
    /// Wall sections the fire crosses (Rorke's Drift only).
    #[serde(default)]
    pub walls_crossed: u32,
    /// The firer has a zone between it and the wall it fires over (Rorke's Drift only).
    #[serde(default)]
    pub zone_before_wall: bool,
    /// The firing zone is laagered under the British Laager Camp optional rule.
    #[serde(default)]
    pub in_laager_camp: bool,
    /// The values the records decided (`situation::fire`: the firing SP of the units in
    /// their roles), stated as the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// British fire: the range given in zones, or read off the board from the firing zone to
/// the target zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FireInput {
    /// The range given (`laager vc fire --range`).
    AtRange(FireSituation),
    /// The range, the line of sight and the laager read off the board (`--from`, `--to`).
    FromBoard(ZoneFire),
}

/// What a British fire or a volley decided: the `--json` outcome of `laager vc fire` and
/// `laager vc volley`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireOutcome {
    /// The hits on the target zone: SP the Zulu player takes off the units of his choice.
    pub hits: u32,
    /// The ammunition checks due: one die re-rolled per 1 rolled (Isandlwana only).
    pub ammo_checks: u32,
}

impl FireSituation {
    /// A plain fire: no walls, by day, not laagered.
    pub fn new(battle: Battle, sp: u32, range: u8) -> FireSituation {
        FireSituation {
            battle,
            sp,
            range,
            night: false,
            walls_crossed: 0,
            zone_before_wall: false,
            in_laager_camp: false,
            origins: Origins::default(),
        }
    }
}

/// The dice to throw and the face that hits, worked out before any die is thrown.
struct Plan {
    dice: u32,
    hit_on: u8,
    steps: Vec<Step>,
}

fn check_dice(dice: u32, section: &str) -> Result<(), Refusal> {
    if dice == 0 {
        return Err(Refusal::by_rule(
            rule(section),
            "no SP fire: roll one die for each SP firing",
        ));
    }
    if dice > MAX_DICE {
        return Err(Refusal::by_rule(
            rule(section),
            format!("{dice} dice: Laager resolves at most {MAX_DICE} dice in one bucket"),
        ));
    }
    Ok(())
}

fn night_check(battle: Battle, night: bool) -> Result<(), Refusal> {
    if battle == Battle::Isandlwana && night {
        return Err(Refusal::by_rule(
            rule(SEQUENCE),
            "Isandlwana has no night turns: \"Isandlwana are all day turns\"",
        ));
    }
    Ok(())
}

fn fire_plan(reader: &mut Reader<'_>, s: &FireSituation) -> Result<Plan, Refusal> {
    let mut steps = Vec::new();
    night_check(s.battle, s.night)?;
    if !(1..=3).contains(&s.range) {
        return Err(Refusal::by_rule(
            rule(HIT_CHART),
            format!(
                "range {}: the Hit Number Chart gives 1, 2 and 3 zones (R1, R2, R3)",
                s.range
            ),
        ));
    }
    // "RORKE'S DRIFT: During night turns the British range goes from 3 zones to 2 zones."
    if s.night && s.range == 3 {
        return Err(Refusal::out_of_range(
            rule(FIRE),
            "range 3 at night: \"During night turns the British range goes from 3 zones to 2 zones\"",
        ));
    }
    if s.battle == Battle::Isandlwana && (s.walls_crossed > 0 || s.zone_before_wall) {
        return Err(Refusal::by_rule(
            rule(FIRE),
            "walls are a Rorke's Drift rule: the Isandlwana board has no walls",
        ));
    }
    // "RORKE'S DRIFT - British units may not fire over more than one wall section at an enemy unit."
    if s.walls_crossed > 1 {
        return Err(Refusal::by_rule(
            rule(FIRE),
            format!(
                "{} wall sections: \"British units may not fire over more than one wall section at an enemy unit\"",
                s.walls_crossed
            ),
        ));
    }
    if s.in_laager_camp {
        super::laager_camp_given(reader, s.battle)?;
    }
    check_dice(s.sp, FIRE)?;
    steps.push(Step::valued(
        rule(FIRE),
        "firing SP: \"For normal fire, the British roll one die once for each SP\"",
        s.sp,
        None,
    ));
    if s.night {
        steps.push(Step::note(
            rule(FIRE),
            "night turn: the British range is 2 zones at most; \"The firepower stays the same\"",
        ));
    }
    let range = s.range.to_string();
    let Some(base) = reader.int("hit_numbers", &[&range]) else {
        return Err(reader.refusal(rule(HIT_CHART)));
    };
    let mut hit_on = base as u8;
    steps.push(Step::valued(
        cell_rule(HIT_CHART, "hit_numbers", &[&range]),
        format!("range {range} zones: {}", hit_text(hit_on)),
        base,
        None,
    ));
    if s.zone_before_wall {
        if s.walls_crossed == 0 {
            return Err(Refusal::by_rule(
                rule(FIRE),
                "a zone before the wall needs a wall to fire over (walls crossed is 0)",
            ));
        }
        // At range 1 the target is in the next zone: no zone can lie between the firer and
        // the wall it fires over.
        if s.range == 1 {
            return Err(Refusal::by_rule(
                rule(FIRE),
                "range 1: the target is in the adjacent zone, so no zone lies between the firer and the wall (\"have a zone between themselves and the wall section they are firing\")",
            ));
        }
        // "All units that fire and have a zone between themselves and the wall section they
        // are firing subtract (-1) one from their die roll hit numbers": the chart's 4, 5 & 6
        // become 5 & 6, as the example's "hits on 5 and 6 only" ends.
        hit_on += 1;
        steps.push(Step::valued(
            rule(FIRE),
            format!(
                "a zone between the firer and the wall it fires over: one more is needed, {}",
                hit_text(hit_on)
            ),
            1,
            Some(i64::from(hit_on).into()),
        ));
        if s.range == 2 {
            steps.push(Step::note(
                rule(FIRE),
                "the rulebook's example says a range of two zones \"would normally ... be rolling hit numbers of 5, 6\", which contradicts its Hit Number Chart (2 zones: hit on 4, 5 & 6); the chart is followed",
            ));
        }
    }
    Ok(Plan {
        dice: s.sp,
        hit_on,
        steps,
    })
}

/// Checks a fire against every rule before anything is thrown or counted.
pub(crate) fn check_fire(charts: &Charts, s: &FireSituation) -> Result<(), Refusal> {
    fire_plan(&mut Reader::new(charts), s).map(|_| ())
}

/// The ammunition check count: every 1 rolled at Isandlwana, none at Rorke's Drift or in a
/// laagered zone under the optional rule.
fn ammo_checks(battle: Battle, in_laager_camp: bool, faces: &[u8], r: &mut Resolution<()>) -> u32 {
    let ones = count(faces, |f| f == 1);
    match battle {
        Battle::RorkesDrift => {
            r.step(Step::valued(
                rule(AMMO),
                "no ammunition check at Rorke's Drift (the rule is Isandlwana's)",
                0,
                None,
            ));
            0
        }
        Battle::Isandlwana if in_laager_camp => {
            r.step(Step::valued(
                rule("Optional Rules: BRITISH ADVANTAGE"),
                "British Laager Camp: \"No ammo depletion is possible for British units in these zones\"",
                0,
                None,
            ));
            0
        }
        Battle::Isandlwana => {
            r.step(Step::valued(
                rule(AMMO),
                "\"For each 1 rolled by firing SP, a check must be made to see if units are out of ammunition\": re-roll one die per 1",
                ones,
                None,
            ));
            ones
        }
    }
}

/// Resolves one zone's British fire at a target zone, its range given.
pub(crate) fn fire(
    charts: &Charts,
    s: &FireSituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<FireOutcome>, Refusal> {
    let mut reader = Reader::new(charts);
    let plan = fire_plan(&mut reader, s)?;
    let mut r = resolution(charts, Fire::NAME);
    r.steps = s.origins.steps(s, &rule(FIRE));
    for step in plan.steps {
        r.step(step);
    }
    let (roll, faces) = throw(dice, plan.dice as usize, FIRE)?;
    r.rolls.push(roll);
    let hit_on = plan.hit_on;
    let hits = count(&faces, |f| f >= hit_on);
    r.step(Step::valued(
        rule(FIRE),
        format!(
            "rolled {}: {} ({})",
            faces_text(&faces),
            hits,
            hit_text(hit_on)
        ),
        hits,
        None,
    ));
    let checks = ammo_checks(s.battle, s.in_laager_camp, &faces, &mut r);
    reader.warn_into(&mut r);
    Ok(r.with_outcome(FireOutcome {
        hits,
        ammo_checks: checks,
    }))
}

/// The exact odds of the hits of one British fire, its range given.
pub(crate) fn fire_odds(charts: &Charts, s: &FireSituation) -> Result<Odds, Refusal> {
    let mut reader = Reader::new(charts);
    let plan = fire_plan(&mut reader, s)?;
    Ok(bucket(plan.dice, |f| f >= plan.hit_on).to_odds())
}

/// British fire from one zone at a target zone: `hits`, `ammo_checks`.
pub struct Fire;

impl Procedure for Fire {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "fire";
    const THROWS: bool = true;
    type Input = FireInput;
    type Outcome = FireOutcome;
    const ROLES: &'static [&'static str] = super::situation::FIRE_ROLES;
    const OPPOSING: &'static [&'static str] = &["target"];

    fn resolve(
        charts: &Charts,
        input: &FireInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<FireOutcome>, Refusal> {
        match input {
            FireInput::AtRange(s) => fire(charts, s, dice),
            FireInput::FromBoard(s) => zone_fire::zone_fire(charts, s, dice),
        }
    }

    fn odds(charts: &Charts, input: &FireInput) -> Option<Result<Odds, Refusal>> {
        Some(match input {
            FireInput::AtRange(s) => fire_odds(charts, s),
            FireInput::FromBoard(s) => zone_fire::zone_fire_odds(charts, s),
        })
    }
}

/// A leader's volley fire with his group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VolleySituation {
    /// Which battle.
    pub battle: Battle,
    /// The British infantry SP grouped with the leader (1 to 4); read from the records for
    /// the infantry in roles `infantry-1` ... (a door asks for it when none are named).
    #[serde(default)]
    pub infantry_sp: u32,
    /// The leader, if named (Chard, Bromhead, Durnford or Pulleine).
    #[serde(default)]
    pub leader: Option<String>,
    /// The leader or his group moved this turn.
    #[serde(default)]
    pub moved: bool,
    /// The target zone is adjacent.
    #[serde(default = "yes")]
    pub target_adjacent: bool,
    /// A wall or the ridge separates the target zone.
    #[serde(default)]
    pub across_wall_or_ridge: bool,
    /// A night turn (Rorke's Drift only).
    #[serde(default)]
    pub night: bool,
    /// The values the records decided (`situation::volley`: the leader and his group's
    /// infantry SP), stated as the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Volley fire is at an adjacent zone unless the input says otherwise.
fn yes() -> bool {
    true
}

impl VolleySituation {
    /// A volley at an adjacent zone, not across a wall or ridge, by a group that did not move.
    pub fn new(battle: Battle, infantry_sp: u32) -> VolleySituation {
        VolleySituation {
            battle,
            infantry_sp,
            leader: None,
            moved: false,
            target_adjacent: true,
            across_wall_or_ridge: false,
            night: false,
            origins: Origins::default(),
        }
    }
}

const VOLLEY: &str = "British Leaders: VOLLEY FIRE";
const VOLLEY_LEADERS: [&str; 4] = ["Chard", "Bromhead", "Durnford", "Pulleine"];

fn volley_plan(reader: &mut Reader<'_>, s: &VolleySituation) -> Result<Plan, Refusal> {
    night_check(s.battle, s.night)?;
    let mut steps = Vec::new();
    if let Some(leader) = &s.leader
        && !VOLLEY_LEADERS
            .iter()
            .any(|l| l.eq_ignore_ascii_case(leader))
    {
        return Err(Refusal::by_rule(
            rule(VOLLEY),
            format!(
                "{leader} does not volley fire: \"Chard, Bromhead, Durnford, and Pulleine, may each conduct volley fire\""
            ),
        ));
    }
    let group = reader.need_int("limits", &["british-leader-group-sp"], &rule(VOLLEY))?;
    if s.infantry_sp == 0 || i64::from(s.infantry_sp) > group {
        return Err(Refusal::by_rule(
            rule(VOLLEY),
            format!(
                "{} infantry SP: a leader volley fires \"with up to {group} SP plus themselves\" (at least 1 infantry SP)",
                s.infantry_sp
            ),
        ));
    }
    if s.moved {
        return Err(Refusal::by_rule(
            rule(VOLLEY),
            "moved this turn: \"They, and the SP grouped with them, may not move in the same turn that they plan on conducting volley fire\"",
        ));
    }
    if !s.target_adjacent {
        return Err(Refusal::by_rule(
            rule(VOLLEY),
            "not adjacent: volley fire is \"at any adjacent zone containing Zulu units\"",
        ));
    }
    if s.across_wall_or_ridge {
        return Err(Refusal::by_rule(
            rule(VOLLEY),
            "across a wall or ridge: volley fire is at an adjacent zone \"that is not separated by a wall, or ridge\"",
        ));
    }
    let per_sp = reader.need_int("limits", &["volley-dice-per-sp"], &rule(VOLLEY))?;
    let firers = s.infantry_sp + 1;
    let dice = per_sp as u32 * firers;
    steps.push(Step::valued(
        rule(VOLLEY),
        format!(
            "{} infantry SP plus the leader fire {per_sp} times each: \"the 4 SP plus Chard equal 5 dice x 3\"",
            s.infantry_sp
        ),
        dice,
        None,
    ));
    check_dice(dice, VOLLEY)?;
    let Some(hit_on) = reader.int("hit_numbers", &["1"]) else {
        return Err(reader.refusal(rule(HIT_CHART)));
    };
    steps.push(Step::valued(
        cell_rule(HIT_CHART, "hit_numbers", &["1"]),
        format!("an adjacent zone is range 1: {}", hit_text(hit_on as u8)),
        hit_on,
        None,
    ));
    Ok(Plan {
        dice,
        hit_on: hit_on as u8,
        steps,
    })
}

/// Resolves a volley: `outcome.hits` (and `outcome.ammo_checks`, the 1s at Isandlwana).
fn volley(
    charts: &Charts,
    s: &VolleySituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<FireOutcome>, Refusal> {
    let mut reader = Reader::new(charts);
    let plan = volley_plan(&mut reader, s)?;
    let mut r = resolution(charts, Volley::NAME);
    r.steps = s.origins.steps(s, &rule(VOLLEY));
    for step in plan.steps {
        r.step(step);
    }
    let (roll, faces) = throw(dice, plan.dice as usize, VOLLEY)?;
    r.rolls.push(roll);
    let hits = count(&faces, |f| f >= plan.hit_on);
    r.step(Step::valued(
        rule(VOLLEY),
        format!(
            "rolled {}: {hits} hits ({}); \"The die may not be split up between zones\"",
            faces_text(&faces),
            hit_text(plan.hit_on)
        ),
        hits,
        None,
    ));
    let checks = ammo_checks(s.battle, false, &faces, &mut r);
    reader.warn_into(&mut r);
    Ok(r.with_outcome(FireOutcome {
        hits,
        ammo_checks: checks,
    }))
}

/// The exact odds of a volley's hits.
fn volley_odds(charts: &Charts, s: &VolleySituation) -> Result<Odds, Refusal> {
    let mut reader = Reader::new(charts);
    let plan = volley_plan(&mut reader, s)?;
    Ok(bucket(plan.dice, |f| f >= plan.hit_on).to_odds())
}

/// A leader's volley fire with his group: `hits`, `ammo_checks`.
pub struct Volley;

/// The volley's fields, as `laager vc volley` and the desk's form ask for them; the
/// leader comes from the records (`--unit leader=ID`), and the target zone is adjacent.
const VOLLEY_FIELDS: &[FieldSpec] = &[
    super::battle_field(crate::field!(VolleySituation: battle)),
    FieldSpec {
        field: crate::field!(VolleySituation: infantry_sp),
        flag: "sp",
        value_name: "SP",
        label: "infantry SP with the leader",
        help: "The British infantry SP grouped with the leader; the limits chart says how many may volley with him (up to 4), and the rule refuses more. The records give it for --unit infantry-1=ID ...",
        kind: strong("SP"),
        required: true,
        from_records: true,
        parse: strength,
    },
    condition(
        crate::field!(VolleySituation: moved),
        "moved",
        "the leader or his group moved this turn",
        "The leader or the infantry grouped with him moved this turn",
    ),
    condition(
        crate::field!(VolleySituation: across_wall_or_ridge),
        "across-wall-or-ridge",
        "a wall or the ridge is between",
        "A wall or the ridge separates the target zone",
    ),
    condition(
        crate::field!(VolleySituation: night),
        "night",
        "night turn",
        "A night turn (Rorke's Drift only)",
    ),
];

impl Procedure for Volley {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "volley";
    const THROWS: bool = true;
    const FIELDS: &'static [FieldSpec] = VOLLEY_FIELDS;
    type Input = VolleySituation;
    type Outcome = FireOutcome;
    const ROLES: &'static [&'static str] = super::situation::VOLLEY_ROLES;
    const OPPOSING: &'static [&'static str] = &["target"];

    fn resolve(
        charts: &Charts,
        input: &VolleySituation,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<FireOutcome>, Refusal> {
        volley(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &VolleySituation) -> Option<Result<Odds, Refusal>> {
        Some(volley_odds(charts, input))
    }

    /// The limits chart's dice per SP for each firing SP and the leader; none where the
    /// volley is refused before any die is thrown.
    fn dice_asked(charts: &Charts, input: &VolleySituation) -> Option<crate::dice::DiceAsked> {
        let plan = volley_plan(&mut Reader::new(charts), input).ok()?;
        Some(crate::dice::DiceAsked::of(vec![
            crate::dice::DieAsked::new(
                None, None
            );
            plan.dice as usize
        ]))
    }
}

/// The ammunition check after a fire at Isandlwana, its distance given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmmoSituation {
    /// The 1s rolled by the firing SP: one re-rolled die each.
    pub ones: u32,
    /// The zones from the firing zone to zone 15 (zone 15 itself counts 1).
    pub distance: u32,
    /// The firing units that may be marked (not the artillery), if known: the cap.
    #[serde(default)]
    pub markable_units: Option<u32>,
    /// The values the records decided (`situation::ammo`: the firing counters that may be
    /// marked), stated as the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The ammunition check: the distance to zone 15 given, or counted on the board from the
/// firing zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AmmoInput {
    /// The distance given (`laager vc ammo --distance`).
    AtDistance(AmmoSituation),
    /// The distance counted on the board from the firing zone (`--from`).
    FromBoard(ZoneAmmo),
}

/// What the ammunition check decided: the `--json` outcome of `laager vc ammo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmmoOutcome {
    /// The firing units to mark Ammo Depleted (the British player's choice which).
    pub depleted: u32,
}

fn ammo_plan(s: &AmmoSituation) -> Result<Vec<Step>, Refusal> {
    if s.distance == 0 {
        return Err(Refusal::by_rule(
            rule(AMMO),
            "distance 0: \"Units in zone 15 still count 1 zone\"",
        ));
    }
    check_dice(s.ones.max(1), AMMO)?;
    Ok(vec![
        Step::valued(
            rule(AMMO),
            "\"Reroll a number of dice equal to the number of 1's rolled\"",
            s.ones,
            None,
        ),
        Step::valued(
            rule(AMMO),
            format!(
                "zones to zone 15: a re-roll of {} or less marks a unit out of ammunition",
                s.distance
            ),
            s.distance,
            None,
        ),
    ])
}

/// Resolves the ammunition re-rolls: `outcome.depleted`, the units to mark Ammo Depleted.
pub(crate) fn ammo(
    charts: &Charts,
    s: &AmmoSituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<AmmoOutcome>, Refusal> {
    let steps = ammo_plan(s)?;
    let mut r = resolution(charts, Ammo::NAME);
    r.steps = s.origins.steps(s, &rule(AMMO));
    for step in steps {
        r.step(step);
    }
    let (roll, faces) = throw(dice, s.ones as usize, AMMO)?;
    if !faces.is_empty() {
        r.rolls.push(roll);
    }
    let distance = s.distance;
    let mut depleted = count(&faces, |f| u32::from(f) <= distance);
    r.step(Step::valued(
        rule(AMMO),
        format!(
            "re-rolled {}: \"If any die is equal to or less than the number of zones between firing unit and zone 15, a unit in that zone is out of ammunition\"",
            if faces.is_empty() {
                "nothing".to_owned()
            } else {
                faces_text(&faces)
            }
        ),
        depleted,
        None,
    ));
    if let Some(cap) = s.markable_units
        && depleted > cap
    {
        depleted = cap;
        r.step(Step::valued(
            rule(AMMO),
            "no more units than fired can be marked (\"Any firing unit (British players choice, other than artillery)\")",
            cap,
            None,
        ));
    }
    r.step(Step::note(
        rule(AMMO),
        "\"The marker is removed after the next turn's British Fire combat phase. The unit may not conduct fire combat while marked but may conduct all other activities.\"",
    ));
    Ok(r.with_outcome(AmmoOutcome { depleted }))
}

/// The exact odds of the units marked Ammo Depleted.
pub(crate) fn ammo_odds(s: &AmmoSituation) -> Result<Odds, Refusal> {
    ammo_plan(s)?;
    let distance = s.distance;
    let cap = s.markable_units.map_or(i64::MAX, i64::from);
    Ok(bucket(s.ones, |f| u32::from(f) <= distance)
        .map(|n| n.min(cap))
        .to_odds())
}

/// The odds of a check that marks no unit whatever is thrown (a laagered zone).
pub(crate) fn no_depletion_odds() -> Odds {
    Odds {
        outcomes: vec![OddsEntry {
            value: 0.into(),
            probability: 1.0,
        }],
    }
}

/// Isandlwana's ammunition check after a fire: `depleted`.
pub struct Ammo;

impl Procedure for Ammo {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "ammo";
    const THROWS: bool = true;
    type Input = AmmoInput;
    type Outcome = AmmoOutcome;
    const ROLES: &'static [&'static str] = super::situation::AMMO_ROLES;

    fn resolve(
        charts: &Charts,
        input: &AmmoInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<AmmoOutcome>, Refusal> {
        match input {
            AmmoInput::AtDistance(s) => ammo(charts, s, dice),
            AmmoInput::FromBoard(s) => zone_fire::zone_ammo(charts, s, dice),
        }
    }

    fn odds(charts: &Charts, input: &AmmoInput) -> Option<Result<Odds, Refusal>> {
        Some(match input {
            AmmoInput::AtDistance(s) => ammo_odds(s),
            AmmoInput::FromBoard(s) => zone_fire::zone_ammo_odds(charts, s),
        })
    }
}
