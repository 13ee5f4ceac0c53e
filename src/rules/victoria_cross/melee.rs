//! Melee: simultaneous buckets of dice across zone lines, and the British bayonet charge
//! ("Melee Combat", "British Leaders: BAYONET CHARGE").

use super::{
    Battle, RULESET, Reader, bucket, cell_rule, count, faces_text, hit_text, resolution, rule,
    throw,
};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

mod fields;
pub(crate) use fields::side_field;

const MELEE: &str = "Melee Combat";
const BAYONET: &str = "British Leaders: BAYONET CHARGE";

/// Who melees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The British player.
    British,
    /// The Zulu player.
    Zulu,
}

impl Side {
    /// The sides as every door names them.
    pub const IDS: &'static [&'static str] = &["british", "zulu"];

    /// `british` or `zulu`.
    pub fn id(self) -> &'static str {
        match self {
            Side::British => "british",
            Side::Zulu => "zulu",
        }
    }
}

impl std::str::FromStr for Side {
    type Err = String;

    /// Parses `british` or `zulu`, the error naming both.
    fn from_str(text: &str) -> Result<Side, String> {
        match text.trim() {
            "british" => Ok(Side::British),
            "zulu" => Ok(Side::Zulu),
            other => Err(format!("'{other}' is not a side: expected british or zulu")),
        }
    }
}

/// One side's melee into one zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeSituation {
    /// Which battle.
    pub battle: Battle,
    /// Who melees.
    pub side: Side,
    /// The meleeing SP (the artillery counts 1; see [`super::melee_sp`]); with `from`, 0 or
    /// their sum.
    pub sp: u32,
    /// Across a wall section, or through a door or window (Rorke's Drift only).
    #[serde(default)]
    pub across_wall: bool,
    /// Into a building zone: the zones the SP melee from (each gives at most 8 SP); 0 if the
    /// target is not a building zone.
    #[serde(default)]
    pub into_building_from_zones: u32,
    /// Out of a building zone (at most 8 SP).
    #[serde(default)]
    pub out_of_building: bool,
    /// The game turn, if known (no melee on turn 1 at Isandlwana).
    #[serde(default)]
    pub turn: Option<u32>,
    /// The British melee from a laagered zone under the British Laager Camp optional rule.
    #[serde(default)]
    pub in_laager_camp: bool,
    /// The target zone has already been meleed this phase.
    #[serde(default)]
    pub zone_already_meleed: bool,
    /// The target zone (`--into`): with `from`, the walls, the building zones and the
    /// laager are read off the board instead of the flags above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub into: Option<String>,
    /// The zones the SP melee from, each with its SP (`--from ZONE=SP`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<ZoneSp>,
    /// The values the records decided (`situation::melee`: the meleeing SP of the units in
    /// their roles), stated as the resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// One zone's SP in a melee into the target zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneSp {
    /// The zone the SP melee from.
    pub zone: String,
    /// Its meleeing SP.
    pub sp: u32,
}

impl ZoneSp {
    /// Reads `ZONE=SP` (`6=8`, `P=3`).
    pub fn parse(text: &str) -> Result<ZoneSp, String> {
        let (zone, sp) = text
            .split_once('=')
            .ok_or_else(|| format!("'{text}' is not ZONE=SP (6=8, P=3)"))?;
        let zone = zone.trim();
        if zone.is_empty() {
            return Err(format!("'{text}' names no zone: ZONE=SP (6=8, P=3)"));
        }
        let sp = crate::bounds::Strength::parse(sp)
            .map_err(|e| format!("'{text}': the SP {e}"))?
            .get();
        Ok(ZoneSp {
            zone: zone.to_owned(),
            sp,
        })
    }
}

/// The hits of one bucket of dice on the other side: the `--json` outcome of `laager vc
/// melee` and `laager vc random-fire`. The owning player chooses which units lose the SP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitsOutcome {
    /// The hits.
    pub hits: u32,
}

impl MeleeSituation {
    /// A melee with no walls or buildings.
    pub fn new(battle: Battle, side: Side, sp: u32) -> MeleeSituation {
        MeleeSituation {
            battle,
            side,
            sp,
            across_wall: false,
            into_building_from_zones: 0,
            out_of_building: false,
            turn: None,
            in_laager_camp: false,
            zone_already_meleed: false,
            into: None,
            from: Vec::new(),
            origins: Origins::default(),
        }
    }
}

/// Dice thrown against one hit number.
struct Group {
    dice: u32,
    hit_on: u8,
    /// The zones whose SP they are, when the melee names them.
    zones: Vec<String>,
}

struct Plan {
    groups: Vec<Group>,
    steps: Vec<Step>,
    warnings: Vec<String>,
}

/// One zone's part of a melee (or the whole melee, told by flags).
struct Part {
    zone: Option<String>,
    sp: u32,
    across_wall: bool,
    into_building_zones: u32,
    out_of_building: bool,
    laager: bool,
}

/// The zones' parts of a melee told by its zones, the board read for each.
fn board_parts(
    charts: &Charts,
    s: &MeleeSituation,
    steps: &mut Vec<Step>,
    warnings: &mut Vec<String>,
) -> Result<Vec<Part>, Refusal> {
    let bad = |reason: String| Refusal::bad_input(rule(MELEE), reason);
    if s.across_wall || s.into_building_from_zones > 0 || s.out_of_building || s.in_laager_camp {
        return Err(bad(
            "the zones given, the board says whether the melee crosses a wall or a building zone or is fought from the laager: leave those flags out".to_owned(),
        ));
    }
    let Some(into) = &s.into else {
        return Err(bad(
            "the zones the SP melee from are given: give the target zone too (--into)".to_owned(),
        ));
    };
    if s.from.is_empty() {
        return Err(bad(format!(
            "into zone {into}: give the zones the SP melee from, each with its SP (--from ZONE=SP)"
        )));
    }
    let sum = s.from.iter().fold(0u32, |sum, z| sum.saturating_add(z.sp));
    if s.sp != 0 && s.sp != sum {
        return Err(bad(format!(
            "{} SP given, but the zones melee with {sum}",
            s.sp
        )));
    }
    let mut parts = Vec::new();
    for z in &s.from {
        let board = super::melee_board(charts, s.battle, &z.zone, into)?;
        steps.extend(board.steps);
        for w in board.warnings {
            if !warnings.contains(&w) {
                warnings.push(w);
            }
        }
        let laager = s.side == Side::British
            && super::zone_fire::in_laager_camp(charts, s.battle, &z.zone, warnings)?;
        parts.push(Part {
            zone: Some(z.zone.clone()),
            sp: z.sp,
            across_wall: board.across_wall,
            into_building_zones: u32::from(board.into_building),
            out_of_building: board.out_of_building,
            laager,
        });
    }
    Ok(parts)
}

/// The dice a melee throws, grouped by hit number, with its steps: each zone's SP after
/// the building caps, and each zone's hit number.
fn plan(charts: &Charts, s: &MeleeSituation) -> Result<Plan, Refusal> {
    let mut reader = Reader::new(charts);
    let mut steps = Vec::new();
    check_melee(&mut reader, s)?;
    let mut board_warnings = Vec::new();
    let parts = if s.into.is_some() || !s.from.is_empty() {
        board_parts(charts, s, &mut steps, &mut board_warnings)?
    } else {
        vec![Part {
            zone: None,
            sp: s.sp,
            across_wall: s.across_wall,
            into_building_zones: s.into_building_from_zones,
            out_of_building: s.out_of_building,
            laager: s.in_laager_camp,
        }]
    };
    if parts.iter().all(|p| p.sp == 0) {
        return Err(Refusal::by_rule(rule(MELEE), "no SP melee"));
    }
    let mut groups: Vec<Group> = Vec::new();
    let mut hit_steps = Vec::new();
    for part in parts {
        let who = part
            .zone
            .as_ref()
            .map_or_else(String::new, |z| format!("zone {z}: "));
        let dice = building_caps(&mut reader, &part, &who, &mut steps)?;
        let hit_on = hit_number(&mut reader, s, &part, &who, &mut hit_steps)?;
        match groups.iter_mut().find(|g| g.hit_on == hit_on) {
            Some(group) => {
                group.dice = group.dice.saturating_add(dice);
                group.zones.extend(part.zone);
            }
            None => groups.push(Group {
                dice,
                hit_on,
                zones: part.zone.into_iter().collect(),
            }),
        }
    }
    let dice = groups
        .iter()
        .fold(0u32, |sum, g| sum.saturating_add(g.dice));
    if dice > super::fire::MAX_DICE {
        return Err(Refusal::by_rule(
            rule(MELEE),
            format!(
                "{dice} dice: Laager resolves at most {} dice in one bucket",
                super::fire::MAX_DICE
            ),
        ));
    }
    steps.push(Step::valued(
        rule(MELEE),
        format!(
            "{} melee: \"Players Then Roll One Die For Every SP\"",
            s.side.id()
        ),
        dice,
        None,
    ));
    steps.extend(hit_steps);
    let mut warnings = board_warnings;
    warnings.extend(reader.cells.warnings().iter().cloned());
    Ok(Plan {
        groups,
        steps,
        warnings,
    })
}

/// Refuses a melee the rules forbid: on Isandlwana's first turn, across walls or building
/// zones at Isandlwana, into a zone already meleed this phase, and a Zulu melee from a
/// laagered zone; a British one needs the British Laager Camp rule on.
fn check_melee(reader: &mut Reader<'_>, s: &MeleeSituation) -> Result<(), Refusal> {
    let building = s.into_building_from_zones > 0 || s.out_of_building;
    if s.battle == Battle::Isandlwana {
        if s.turn == Some(1) {
            return Err(Refusal::by_rule(
                rule("Setup for Isandlwana"),
                "turn 1: \"There is no melee combat on turn 1 of the game in Isandlwana\"",
            ));
        }
        if s.across_wall || building {
            return Err(Refusal::by_rule(
                rule(MELEE),
                "walls and building zones are a Rorke's Drift rule: the Isandlwana board has none",
            ));
        }
    }
    // "A target zone may only be meleed against once per melee phase" (the bayonet charge
    // is the exception, and builds its rounds without this flag).
    if s.zone_already_meleed {
        return Err(Refusal::by_rule(
            rule(MELEE),
            "the zone has been meleed this phase: \"A target zone may only be meleed against once per melee phase\" (the British bayonet charge excepted)",
        ));
    }
    if s.in_laager_camp {
        if s.side == Side::Zulu {
            return Err(Refusal::bad_input(
                rule("Optional Rules: BRITISH ADVANTAGE"),
                "a laagered zone is the British melee's: \"the British receive a +1 die roll modifier for melee combat\"",
            ));
        }
        super::laager_camp_given(reader, s.battle)?;
    }
    Ok(())
}

/// A zone's dice: its SP, capped into and out of building zones.
fn building_caps(
    reader: &mut Reader<'_>,
    part: &Part,
    who: &str,
    steps: &mut Vec<Step>,
) -> Result<u32, Refusal> {
    let mut dice = part.sp;
    // "A maximum of 8 SP per side may melee from one zone into one building zone a
    // turn ... A maximum of 8 SP may melee out of any building zone": the SP beyond
    // do not melee.
    if part.into_building_zones > 0 {
        let key = "melee-into-building-sp-per-zone";
        let per = reader.need_int("limits", &[key], &rule(MELEE))?;
        // Saturating is exact for the comparison: a cap beyond the integers never binds.
        let most = per.saturating_mul(i64::from(part.into_building_zones));
        if i64::from(dice) > most {
            let capped = u32::try_from(most.max(0)).unwrap_or(u32::MAX);
            steps.push(Step::valued(
                cell_rule(MELEE, "limits", &[key]),
                format!(
                    "{who}{dice} SP into a building zone from {} zone(s): \"A maximum of {per} SP per side may melee from one zone into one building zone a turn\": {capped} melee",
                    part.into_building_zones
                ),
                capped,
                None,
            ));
            dice = capped;
        }
    }
    if part.out_of_building {
        let key = "melee-out-of-building-sp";
        let most = reader.need_int("limits", &[key], &rule(MELEE))?;
        if i64::from(dice) > most {
            let capped = u32::try_from(most.max(0)).unwrap_or(u32::MAX);
            steps.push(Step::valued(
                cell_rule(MELEE, "limits", &[key]),
                format!(
                    "{who}{dice} SP out of a building zone: \"A maximum of {most} SP may melee out of any building zone\": {capped} melee"
                ),
                capped,
                None,
            ));
            dice = capped;
        }
    }
    Ok(dice)
}

/// A zone's hit number: the Zulus' 6, the British 5 and 6, or 4 to 6 across a wall or
/// into or out of a building zone; one better from a British Laager Camp.
fn hit_number(
    reader: &mut Reader<'_>,
    s: &MeleeSituation,
    part: &Part,
    who: &str,
    hit_steps: &mut Vec<Step>,
) -> Result<u8, Refusal> {
    let walled = part.across_wall || part.into_building_zones > 0 || part.out_of_building;
    let key = match s.side {
        Side::Zulu => "zulu",
        Side::British if walled => "british-across-wall",
        Side::British => "british",
    };
    let hit_on = reader.need_int("melee_hit_numbers", &[key], &rule(MELEE))?;
    let mut hit_on = hit_on as u8;
    hit_steps.push(Step::valued(
        cell_rule(MELEE, "melee_hit_numbers", &[key]),
        format!(
            "{who}{}",
            match key {
                "zulu" => "\"the Zulu player scores hits for every 6 rolled\"",
                "british" => "\"the British player hits the Zulu on 5 and 6\"",
                _ => "RORKE'S DRIFT: across a wall, door or window, or into or out of a building zone, \"the British player hits on 4, 5 and 6\"",
            }
        ),
        hit_on,
        None,
    ));
    if s.side == Side::British && part.laager {
        hit_on -= 1;
        hit_steps.push(Step::valued(
            rule("Optional Rules: BRITISH ADVANTAGE"),
            format!(
                "{who}British Laager Camp: \"the British receive a +1 die roll modifier for melee combat\": {}",
                hit_text(hit_on)
            ),
            1,
            Some(i64::from(hit_on).into()),
        ));
    }
    Ok(hit_on)
}

/// Resolves one side's melee into one zone: `outcome.hits`. Losses are applied only after
/// both sides have meleed ("Melee is considered simultaneous").
fn melee(
    charts: &Charts,
    s: &MeleeSituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<HitsOutcome>, Refusal> {
    let plan = plan(charts, s)?;
    let mut r = resolution(charts, Melee::NAME);
    r.steps = s.origins.steps(s, &rule(MELEE));
    let hits = throw_plan(&mut r, plan, dice)?;
    r.step(Step::note(
        rule(MELEE),
        "\"losses are not applied until all units from the British and Zulu player in a zone have meleed\"; the owning player determines which units incur them",
    ));
    Ok(r.with_outcome(HitsOutcome { hits }))
}

fn throw_plan(
    r: &mut Resolution<()>,
    plan: Plan,
    dice: &mut dyn DiceSource,
) -> Result<u32, Refusal> {
    for step in plan.steps {
        r.step(step);
    }
    for w in plan.warnings {
        r.warn(w);
    }
    let several = plan.groups.len() > 1;
    let mut total = 0u32;
    for group in &plan.groups {
        let (roll, faces) = throw(dice, group.dice as usize, MELEE)?;
        r.rolls.push(roll);
        let hits = count(&faces, |f| f >= group.hit_on);
        total += hits;
        let whose = if several && !group.zones.is_empty() {
            format!("zone(s) {}: ", group.zones.join(", "))
        } else {
            String::new()
        };
        r.step(Step::valued(
            rule(MELEE),
            format!(
                "{whose}rolled {}: {}",
                faces_text(&faces),
                hit_text(group.hit_on)
            ),
            hits,
            None,
        ));
    }
    if several {
        r.step(Step::valued(
            rule(MELEE),
            "hits in all: \"Total all units in a zone(s) meleeing into adjacent zone(s) before resolving the melee\"",
            total,
            None,
        ));
    }
    Ok(total)
}

/// The exact odds of one side's melee hits.
fn melee_odds(charts: &Charts, s: &MeleeSituation) -> Result<Odds, Refusal> {
    let plan = plan(charts, s)?;
    let mut dist = crate::dice::Dist::certain(0);
    for group in &plan.groups {
        dist = dist.add(&bucket(group.dice, |f| f >= group.hit_on));
    }
    Ok(dist.to_odds())
}

/// One side's melee into one zone: `hits`.
pub struct Melee;

impl Procedure for Melee {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "melee";
    const THROWS: bool = true;
    type Input = MeleeSituation;
    type Outcome = HitsOutcome;
    const ROLES: &'static [&'static str] = super::situation::MELEE_ROLES;
    const OPPOSING: &'static [&'static str] = &["target"];

    fn resolve(
        charts: &Charts,
        input: &MeleeSituation,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<HitsOutcome>, Refusal> {
        melee(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &MeleeSituation) -> Option<Result<Odds, Refusal>> {
        Some(melee_odds(charts, input))
    }
}

/// Both sides' melee over one zone, resolved together: the Zulus roll first, then the
/// British, and only then are losses applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeExchangeInput {
    /// The Zulu melee.
    pub zulu: MeleeSituation,
    /// The British melee.
    pub british: MeleeSituation,
}

/// The ground of a melee exchange as the referee tells it, the one way the command line
/// (`laager vc melee-exchange`) and the desk build the exchange ([`MeleeExchangeInput::over`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExchangeGround {
    /// Rorke's Drift: the melee is across a wall section, or through a door or window.
    pub across_wall: bool,
    /// Rorke's Drift: the Zulus melee into a building zone from this many zones (0: the
    /// target zone is no building), and the British melee out of it.
    pub into_building_from_zones: u32,
    /// The British melee from a laagered zone (the British Laager Camp optional rule).
    pub in_laager_camp: bool,
    /// The game turn, if known (no melee on turn 1 at Isandlwana).
    pub turn: Option<u32>,
}

impl MeleeExchangeInput {
    /// Both sides' melee over one zone of `battle`: each side's SP, and the ground as told.
    /// The British melee out of the building the Zulus melee into, so the building is one
    /// fact told once; what the ground cannot hold at the battle (a wall at Isandlwana) is
    /// passed on for the rule to refuse, never dropped.
    pub fn over(
        battle: Battle,
        zulu_sp: u32,
        british_sp: u32,
        ground: ExchangeGround,
    ) -> MeleeExchangeInput {
        let mut zulu = MeleeSituation::new(battle, Side::Zulu, zulu_sp);
        let mut british = MeleeSituation::new(battle, Side::British, british_sp);
        for s in [&mut zulu, &mut british] {
            s.across_wall = ground.across_wall;
            s.turn = ground.turn;
        }
        zulu.into_building_from_zones = ground.into_building_from_zones;
        british.out_of_building = ground.into_building_from_zones > 0;
        british.in_laager_camp = ground.in_laager_camp;
        MeleeExchangeInput { zulu, british }
    }
}

/// What both sides' melee over one zone decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeExchangeOutcome {
    /// The Zulu hits, on the British units.
    pub zulu_hits: u32,
    /// The British hits, on the Zulu units.
    pub british_hits: u32,
}

/// Resolves both sides' melee: `outcome.zulu_hits` (on the British) and
/// `outcome.british_hits` (on the Zulus).
fn melee_exchange(
    charts: &Charts,
    s: &MeleeExchangeInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<MeleeExchangeOutcome>, Refusal> {
    if s.zulu.side != Side::Zulu || s.british.side != Side::British {
        return Err(Refusal::bad_input(
            rule(MELEE),
            "an exchange is one Zulu melee and one British melee",
        ));
    }
    let zulu = plan(charts, &s.zulu)?;
    let british = plan(charts, &s.british)?;
    let mut r = resolution(charts, MeleeExchange::NAME);
    r.steps = s.zulu.origins.steps(&s.zulu, &rule(MELEE));
    r.steps
        .extend(s.british.origins.steps(&s.british, &rule(MELEE)));
    r.step(Step::note(
        rule(MELEE),
        "\"The Zulu player declares and completes his melee attacks first; however and losses are not applied until all units from the British and Zulu player in a zone have meleed\"",
    ));
    let zulu_hits = throw_plan(&mut r, zulu, dice)?;
    let british_hits = throw_plan(&mut r, british, dice)?;
    r.step(Step::note(
        rule(MELEE),
        format!(
            "losses now applied together: the British take {zulu_hits}, the Zulus {british_hits}; each owning player chooses the units"
        ),
    ));
    Ok(r.with_outcome(MeleeExchangeOutcome {
        zulu_hits,
        british_hits,
    }))
}

/// Both sides' melee over one zone: `zulu_hits`, `british_hits`.
pub struct MeleeExchange;

impl Procedure for MeleeExchange {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "melee-exchange";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = super::situation::ZONE_ROLES;
    const EITHER_SIDE: &'static [&'static str] = super::situation::ZONE_ROLES;
    type Input = MeleeExchangeInput;
    type Outcome = MeleeExchangeOutcome;

    fn resolve(
        charts: &Charts,
        input: &MeleeExchangeInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<MeleeExchangeOutcome>, Refusal> {
        melee_exchange(charts, input, dice)
    }
}

/// A British bayonet charge: a leader with up to 4 SP into an adjacent Zulu zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BayonetChargeInput {
    /// Which battle.
    pub battle: Battle,
    /// The British SP charging, the leader's 1 SP included (at most 4 SP plus the leader).
    #[serde(default)]
    pub british_sp: u32,
    /// The Zulu SP in the zone charged.
    #[serde(default)]
    pub zulu_sp: u32,
    /// Across a wall, door or window, or into or out of a building zone (Rorke's Drift).
    #[serde(default)]
    pub across_wall: bool,
    /// The British player stops after this many rounds if no side is gone first.
    #[serde(default)]
    pub stop_after_rounds: Option<u32>,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// How a bayonet charge ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChargeResult {
    /// Both sides were eliminated in the same round.
    BothEliminated,
    /// The British were eliminated.
    BritishEliminated,
    /// The Zulus were eliminated: the British may advance into the zone.
    ZulusEliminated,
    /// The British player stopped the attack.
    BritishStopped,
}

/// What a bayonet charge decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BayonetChargeOutcome {
    /// The melee rounds fought.
    pub rounds: u32,
    /// The British SP left.
    pub british_sp: u32,
    /// The Zulu SP left.
    pub zulu_sp: u32,
    /// How it ended.
    pub result: ChargeResult,
}

/// A guard against a charge that never ends (no side hit for this many rounds in a row is
/// practically impossible; a typed dice list runs out long before).
const MAX_ROUNDS: u32 = 1000;

/// Resolves a bayonet charge as successive simultaneous melee rounds "until one side is
/// eliminated or the British player stops the attack": `outcome.rounds`,
/// `outcome.british_sp`, `outcome.zulu_sp` (left), `outcome.result`.
fn bayonet_charge(
    charts: &Charts,
    s: &BayonetChargeInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<BayonetChargeOutcome>, Refusal> {
    let mut reader = Reader::new(charts);
    let group = reader.need_int("limits", &["british-leader-group-sp"], &rule(BAYONET))?;
    if s.british_sp < 1 || i64::from(s.british_sp) > group + 1 {
        return Err(Refusal::by_rule(
            rule(BAYONET),
            format!(
                "{} British SP: \"a British leader with up to {group} SP each can conduct a bayonet charge\" ({} at most, the leader included)",
                s.british_sp,
                group + 1
            ),
        ));
    }
    if s.zulu_sp == 0 {
        return Err(Refusal::by_rule(
            rule(BAYONET),
            "no Zulu SP in the zone charged",
        ));
    }
    let mut r = resolution(charts, BayonetCharge::NAME);
    r.steps = s.origins.steps(s, &rule(BAYONET));
    r.step(Step::note(
        rule(BAYONET),
        "\"The bayonet charge is a continuous melee between the British units and Zulu's in the zone that continues in successive melee rounds until one side is eliminated or the British player stops the attack\"; it may follow melee into a zone already meleed",
    ));
    let (mut british, mut zulu) = (s.british_sp, s.zulu_sp);
    let mut rounds = 0;
    let result = loop {
        if british == 0 || zulu == 0 {
            break match (british, zulu) {
                (0, 0) => ChargeResult::BothEliminated,
                (0, _) => ChargeResult::BritishEliminated,
                _ => ChargeResult::ZulusEliminated,
            };
        }
        if s.stop_after_rounds.is_some_and(|n| rounds >= n) {
            break ChargeResult::BritishStopped;
        }
        if rounds >= MAX_ROUNDS {
            return Err(Refusal::by_rule(
                rule(BAYONET),
                format!("no side eliminated after {MAX_ROUNDS} rounds: stop the charge"),
            ));
        }
        rounds += 1;
        let mut zulu_side = MeleeSituation::new(s.battle, Side::Zulu, zulu);
        let mut british_side = MeleeSituation::new(s.battle, Side::British, british);
        british_side.across_wall = s.across_wall;
        zulu_side.across_wall = false;
        let zulu_plan = plan(charts, &zulu_side)?;
        let british_plan = plan(charts, &british_side)?;
        r.step(Step::note(rule(BAYONET), format!("round {rounds}")));
        let zulu_hits = throw_plan(&mut r, zulu_plan, dice)?;
        let british_hits = throw_plan(&mut r, british_plan, dice)?;
        british = british.saturating_sub(zulu_hits);
        zulu = zulu.saturating_sub(british_hits);
        r.step(Step::valued(
            rule(BAYONET),
            format!(
                "round {rounds}: losses applied after both sides, British {british} SP left, Zulus {zulu} SP left (\"If a leader must take a hit, they are removed from the game permanently\")"
            ),
            i64::from(british),
            Some(i64::from(zulu).into()),
        ));
    };
    if result == ChargeResult::ZulusEliminated {
        r.step(Step::note(
            rule(BAYONET),
            "\"The British player may advance into any zone vacated by the Zulu being eliminated due to a bayonet charge\"",
        ));
    }
    reader.warn_into(&mut r);
    Ok(r.with_outcome(BayonetChargeOutcome {
        rounds,
        british_sp: british,
        zulu_sp: zulu,
        result,
    }))
}

/// A British bayonet charge: `rounds`, `british_sp`, `zulu_sp` (left), `result`.
pub struct BayonetCharge;

impl Procedure for BayonetCharge {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "bayonet-charge";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = super::situation::BAYONET_ROLES;
    const OPPOSING: &'static [&'static str] = &["target"];
    const FIELDS: &'static [crate::rules::describe::FieldSpec] = fields::BAYONET_FIELDS;
    type Input = BayonetChargeInput;
    type Outcome = BayonetChargeOutcome;

    fn resolve(
        charts: &Charts,
        input: &BayonetChargeInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<BayonetChargeOutcome>, Refusal> {
        bayonet_charge(charts, input, dice)
    }
}
