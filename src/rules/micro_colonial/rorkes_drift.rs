//! The Rorke's Drift supplement: its forces, its morale rule, the Zulu break-in, the Z
//! markers, the firing party, combining sections and the conditions of victory.
//!
//! Every number is read from the `rorkes_drift` chart, which quotes its sentence.

use super::names::named;
use super::{RULESET, cell_ref, finish, random, resolution, section, settings};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::dice::micro_colonial::{SameColour, random_factor_dist};
use crate::resolution::{Odds, Refusal, Resolution, RuleRef, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

mod combat;
mod fire;
mod movement;
mod sections;
pub use combat::{RD_MELEE_ROLES, RdMelee, RdMeleeInput, RdMeleeOutcome, RdMeleeWinner};
pub use fire::{RdFire, RdFireInput, RdFireOutcome};
pub use movement::{PerimeterWall, RdMove, RdMoveInput, RdMoveOutcome, Side};
pub use sections::{
    Counter, RdCombine, RdCombineInput, RdCombineOutcome, RdFiringParty, RdFiringPartyInput,
    RdFiringPartyOutcome,
};

/// The chart of the supplement's numbers.
pub const CHART: &str = "rorkes_drift";
const SUPPLEMENT: &str = "Rorke's Drift";
const IN_BUILDINGS: &str = "Rorke's Drift, IN BUILDINGS";
const MORALE: &str = "Rorke's Drift, MORALE";
const FIRING_PARTIES: &str = "Rorke's Drift, FIRING PARTIES";
const COMBINING: &str = "Rorke's Drift, COMBINING RULE";
const VICTORY: &str = "Rorke's Drift, CONDITIONS OF VICTORY";
const BRITISH_COUNTERS: &str = "Rorke's Drift, BRITISH COUNTERS";

fn rule(section_name: &str, key: &str) -> RuleRef {
    cell_ref(section_name, CHART, &[key])
}

fn missing(reader: &CellReader<'_>, section_name: &str) -> Refusal {
    reader.refusal(section(section_name)).unwrap_or_else(|| {
        Refusal::by_rule(
            section(section_name),
            "a Rorke's Drift value could not be read",
        )
    })
}

/// One counter type of the British force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counters {
    /// What they are.
    pub name: &'static str,
    /// How many.
    pub count: i64,
    /// The initial fighting factor of each.
    pub initial_ff: i64,
}

/// The British force: 30 sections of 10 FF, 3 white counters and 3 commanders of 5 FF.
/// Chard and Bromhead are C-in-C, the CSM a sub-commander who adds 5 to sections he leads
/// in melee (`rorkes_drift:csm-melee-bonus`).
pub fn british_force(charts: &Charts) -> Result<Vec<Counters>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let mut out = Vec::new();
    for (name, count, ff) in [
        ("sections", "sections", "section-initial-ff"),
        (
            "white counters",
            "white-counters",
            "white-counter-initial-ff",
        ),
        (
            "commanders (Chard and Bromhead C-in-C, the CSM sub-commander)",
            "commanders",
            "commander-initial-ff",
        ),
    ] {
        if let (Some(count), Some(initial_ff)) =
            (reader.int(CHART, &[count]), reader.int(CHART, &[ff]))
        {
            out.push(Counters {
                name,
                count,
                initial_ff,
            });
        }
    }
    match reader.refusal(section(BRITISH_COUNTERS)) {
        Some(refusal) => Err(refusal),
        None => Ok(out),
    }
}

/// Whether a unit must test morale at Rorke's Drift: only the loser of a melee by more than
/// 5 FF and a Zulu unit forced to halt by volley fire; never troops in buildings.
pub fn morale_test_due(
    charts: &Charts,
    in_building: bool,
    melee_lost_by: Option<u32>,
    halted_by_volley: bool,
) -> Result<bool, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let margin = reader
        .int(CHART, &["morale-melee-loser-margin"])
        .ok_or_else(|| missing(&reader, MORALE))?;
    Ok(must_test(
        in_building,
        melee_lost_by,
        halted_by_volley,
        margin,
    ))
}

/// MORALE at Rorke's Drift over its margin (`rorkes_drift:morale-melee-loser-margin`).
fn must_test(
    in_building: bool,
    melee_lost_by: Option<u32>,
    halted_by_volley: bool,
    margin: i64,
) -> bool {
    !in_building && (halted_by_volley || melee_lost_by.is_some_and(|by| i64::from(by) > margin))
}

/// SETTING UP THE GAME and BRITISH COUNTERS: the forces and where they stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RdSetupInput {}

/// One kind of British counter at Rorke's Drift.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RdCounters {
    /// What they are.
    pub name: String,
    /// How many.
    pub count: i64,
    /// The initial fighting factor of each.
    pub initial_ff: i64,
}

/// The forces of the Rorke's Drift game: the `--json` outcome of `laager mc rd setup`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RdSetupOutcome {
    /// The British counters: sections, white counters, commanders.
    pub british: Vec<RdCounters>,
    /// Zulu regiments used from each of the basic game's Impis.
    pub zulu_regiments_per_impi: i64,
    /// Zulu rifle units used.
    pub zulu_rifle_units: i64,
    /// The Zulu 'Z' markers.
    pub z_markers: i64,
    /// The Zulus set up at least this far from the mealie-bag perimeter (inches).
    pub zulu_setup_distance_in: i64,
    /// Sections suggested for a central firing party, at least.
    pub firing_party_sections_suggested: i64,
}

fn setup(charts: &Charts) -> Result<Resolution<RdSetupOutcome>, Refusal> {
    let british = british_force(charts)?;
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, RdSetup::NAME);
    let mut read = |key: &str, text: &str, resolution: &mut Resolution<()>| {
        let value = reader.int(CHART, &[key]);
        if let Some(v) = value {
            resolution.step(Step::valued(
                rule("Rorke's Drift, SETTING UP THE GAME", key),
                text.to_owned(),
                v,
                None,
            ));
        }
        value
    };
    let regiments = read(
        "zulu-regiments-per-impi",
        "use only two Zulu regiments from each of the basic game Impis",
        &mut resolution,
    );
    let rifles = read(
        "zulu-rifle-units",
        "and two of the Zulu rifle units; the Zulu C-in-C counter is not used",
        &mut resolution,
    );
    let z_markers = read(
        "z-markers",
        "the 18 Zulu 'Z' markers (each 1/100 of its unit's present FF in a building)",
        &mut resolution,
    );
    let distance = read(
        "zulu-setup-distance-in",
        "set up the Zulu attacking force at least 10\" from the mealie bag perimeter, then the defenders around the perimeter",
        &mut resolution,
    );
    let party = read(
        "firing-party-sections-suggested",
        "it is suggested that at least three section counters be left in a central position to act as a firing party",
        &mut resolution,
    );
    let (Some(regiments), Some(rifles), Some(z_markers), Some(distance), Some(party)) =
        (regiments, rifles, z_markers, distance, party)
    else {
        return Err(missing(&reader, "Rorke's Drift, SETTING UP THE GAME"));
    };
    for counters in &british {
        resolution.step(Step::valued(
            section(BRITISH_COUNTERS),
            format!(
                "{} {}, each of initial fighting factor {}",
                counters.count, counters.name, counters.initial_ff
            ),
            counters.count,
            None,
        ));
    }
    resolution.step(Step::note(
        section(BRITISH_COUNTERS),
        "Bromhead and Chard are both classed as C-in-C and the CSM as a Sub-commander; the CSM adds 5 to any sections in melee if he is leading them",
    ));
    let resolution = finish(
        resolution,
        &reader,
        section("Rorke's Drift, SETTING UP THE GAME"),
    )?;
    Ok(resolution.with_outcome(RdSetupOutcome {
        british: british
            .into_iter()
            .map(|c| RdCounters {
                name: c.name.to_owned(),
                count: c.count,
                initial_ff: c.initial_ff,
            })
            .collect(),
        zulu_regiments_per_impi: regiments,
        zulu_rifle_units: rifles,
        z_markers,
        zulu_setup_distance_in: distance,
        firing_party_sections_suggested: party,
    }))
}

/// SETTING UP THE GAME at Rorke's Drift.
pub struct RdSetup;

impl Procedure for RdSetup {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rd-setup";
    const THROWS: bool = false;
    type Input = RdSetupInput;
    type Outcome = RdSetupOutcome;

    fn resolve(
        charts: &Charts,
        _input: &RdSetupInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RdSetupOutcome>, Refusal> {
        setup(charts)
    }
}

/// Whether a firing party's initial volley halts a Zulu unit climbing the wall: it moves
/// forward only "if it has not lost more than 50 fighting factors" to it.
pub fn firing_party_halts(charts: &Charts, ff_lost: u32) -> Result<bool, Refusal> {
    halt_limit(&mut CellReader::new(charts, RULESET)).map(|limit| i64::from(ff_lost) > limit)
}

/// The FF a climbing Zulu unit may lose to a firing party's initial volley and still move
/// forward ("if it has not lost more than 50 fighting factors").
fn halt_limit(reader: &mut CellReader<'_>) -> Result<i64, Refusal> {
    reader
        .int(CHART, &["firing-party-halt-losses"])
        .ok_or_else(|| missing(reader, FIRING_PARTIES))
}

/// Combines two reduced sections into one: refused if the result would exceed 10 FF
/// ("at no time may a section counter have a fighting factor of more than 10").
pub fn combine_sections(charts: &Charts, into: u32, removed: u32) -> Result<u32, Refusal> {
    combine_read(&mut CellReader::new(charts, RULESET), into, removed)
}

fn combine_read(reader: &mut CellReader<'_>, into: u32, removed: u32) -> Result<u32, Refusal> {
    let max = reader
        .int(CHART, &["section-max-ff"])
        .ok_or_else(|| missing(reader, COMBINING))?;
    let sum = into.saturating_add(removed);
    if i64::from(sum) > max {
        return Err(Refusal::by_rule(
            rule(COMBINING, "section-max-ff"),
            format!(
                "{into} + {removed} = {sum} FF: a section counter may never have more than {max}"
            ),
        ));
    }
    Ok(sum)
}

/// The Zulu unit a Z marker stands for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZMarkerInput {
    /// The Zulu unit's present FF.
    pub zulu_present_ff: u32,
    /// The values the records decided (`situation::z_marker`), stated as the resolution's
    /// first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// A Z marker's fighting factor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZMarkerOutcome {
    /// 1/100 of the unit's present FF, under the `rounding` setting.
    pub z_marker_ff: i64,
}

/// A Z marker's fighting factor: 1/100 of its Zulu unit's present FF, under the `rounding`
/// setting.
fn z_marker_ff(
    charts: &Charts,
    input: &ZMarkerInput,
) -> Result<Resolution<ZMarkerOutcome>, Refusal> {
    let zulu_present_ff = input.zulu_present_ff;
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, ZMarker::NAME);
    resolution.steps = input.origins.steps(input, &section(IN_BUILDINGS));
    let divisor = reader.int(CHART, &["z-marker-ff-divisor"]);
    let rounding = settings::rounding(charts, &mut reader);
    let (Some(divisor), Some(rounding)) = (divisor, rounding) else {
        return Err(missing(&reader, IN_BUILDINGS));
    };
    resolution.step(rounding.step);
    let present = i64::from(zulu_present_ff);
    let ff = rounding.value.divide(present, divisor.max(1));
    resolution.step(Step::valued(
        rule(IN_BUILDINGS, "z-marker-ff-divisor"),
        format!("each Z marker has 1/{divisor} of the main unit's present fighting factor: {present} / {divisor}"),
        ff,
        None,
    ));
    if present % divisor.max(1) != 0 {
        resolution.warn(format!(
            "{present} / {divisor} leaves a fraction; settings:rounding decides it (the document does not)"
        ));
    }
    let resolution = finish(resolution, &reader, section(IN_BUILDINGS))?;
    Ok(resolution.with_outcome(ZMarkerOutcome { z_marker_ff: ff }))
}

/// IN BUILDINGS: a Z marker's fighting factor.
pub struct ZMarker;

impl Procedure for ZMarker {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "z-marker";
    const THROWS: bool = false;
    type Input = ZMarkerInput;
    type Outcome = ZMarkerOutcome;
    const ROLES: &'static [&'static str] = &["zulu"];

    fn resolve(
        charts: &Charts,
        input: &ZMarkerInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<ZMarkerOutcome>, Refusal> {
        z_marker_ff(charts, input)
    }
}

named!(
    /// The room a Zulu unit tries to break into.
    Room, "room" {
        /// A defender's counter is in it.
        Occupied = "occupied",
        /// No defender is in it.
        Empty = "empty",
    }
);

impl Room {
    fn key(self) -> &'static str {
        match self {
            Room::Occupied => "break-in-occupied-better-than",
            Room::Empty => "break-in-empty-better-than",
        }
    }

    fn described(self) -> &'static str {
        match self {
            Room::Occupied => "an occupied room",
            Room::Empty => "an unoccupied room",
        }
    }
}

fn threshold(charts: &Charts, room: Room) -> Result<(i64, CellReader<'_>), Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    match reader.int(CHART, &[room.key()]) {
        Some(t) => Ok((t, reader)),
        None => Err(missing(&reader, IN_BUILDINGS)),
    }
}

/// A Zulu attempt to break into a building or room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BreakInInput {
    /// Occupied or empty.
    pub room: Room,
    /// The values the table decided (`situation::break_in`), stated as the resolution's
    /// first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// What a break-in attempt decided: the `--json` outcome of `laager mc rd break-in`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreakInOutcome {
    /// The Zulus break in.
    pub success: bool,
    /// The random factor thrown.
    pub random_factor: i64,
}

/// The Zulu break-in: one random factor better than +2 into an occupied room, better than
/// 0 into an empty one, attempted only at the start of the move.
fn break_in(
    charts: &Charts,
    input: &BreakInInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<BreakInOutcome>, Refusal> {
    let room = input.room;
    let (must_beat, mut reader) = threshold(charts, room)?;
    let mut resolution = resolution(charts, BreakIn::NAME);
    resolution.steps = input.origins.steps(input, &section(IN_BUILDINGS));
    resolution.step(Step::note(
        section(IN_BUILDINGS),
        "attacking units may only attempt to break into a building or room at the beginning of their move turn",
    ));
    let Some((factor, steps)) = random::throw(charts, &mut reader, dice, 1, 1, IN_BUILDINGS)?
    else {
        return Err(missing(&reader, IN_BUILDINGS));
    };
    for step in steps {
        resolution.step(step);
    }
    resolution.rolls.push(factor.roll.clone());
    let success = factor.result > must_beat;
    resolution.step(Step::valued(
        rule(IN_BUILDINGS, room.key()),
        format!(
            "a result better than {} is needed for {}: {} {}",
            signed(must_beat),
            room.described(),
            signed(factor.result),
            if success {
                "breaks in"
            } else {
                "fails; no break-in this move"
            }
        ),
        success,
        None,
    ));
    let resolution = finish(resolution, &reader, section(IN_BUILDINGS))?;
    Ok(resolution.with_outcome(BreakInOutcome {
        success,
        random_factor: factor.result,
    }))
}

/// The exact odds of a break-in: 6/36 into an occupied room, 15/36 into an empty one.
fn break_in_odds(charts: &Charts, room: Room) -> Result<Odds, Refusal> {
    let (must_beat, _) = threshold(charts, room)?;
    let p = random_factor_dist(1, 1, SameColour::Sum).p_where(|v| v > must_beat);
    Ok(crate::dice::Dist::bool_odds(p))
}

/// IN BUILDINGS: a Zulu attempt to break into a building or room.
pub struct BreakIn;

impl Procedure for BreakIn {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "break-in";
    const THROWS: bool = true;
    type Input = BreakInInput;
    type Outcome = BreakInOutcome;
    const ROLES: &'static [&'static str] = &["zulu"];

    fn resolve(
        charts: &Charts,
        input: &BreakInInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<BreakInOutcome>, Refusal> {
        break_in(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &BreakInInput) -> Option<Result<Odds, Refusal>> {
        Some(break_in_odds(charts, input.room))
    }

    fn dice_asked(_charts: &Charts, _input: &BreakInInput) -> Option<crate::dice::DiceAsked> {
        Some(crate::dice::DiceAsked::of(
            crate::dice::DiceAsked::random_factor(None, 1, 1),
        ))
    }
}

fn signed(value: i64) -> String {
    if value > 0 {
        format!("+{value}")
    } else {
        value.to_string()
    }
}

/// The end of a Rorke's Drift game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RdVictoryInput {
    /// British sections eliminated.
    pub sections_lost: u32,
    /// Command counters lost.
    pub commanders_lost: u32,
    /// Whether every Zulu attack was beaten off.
    #[serde(default)]
    pub attacks_beaten_off: bool,
    /// The values the records decided (`game::victory::rd_counts`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

named!(
    /// Who wins at Rorke's Drift (`outcome.winner`).
    RdWinner, "winner" {
        /// The Zulus.
        Zulu = "zulu",
        /// The British.
        British = "british",
    }
);

/// The conditions of victory: the `--json` outcome of `laager mc rd victory`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RdVictoryOutcome {
    /// The winner, or `null` when neither side's conditions hold.
    pub winner: Option<RdWinner>,
    /// British sections eliminated.
    pub sections_lost: i64,
}

/// The conditions of victory.
fn victory(charts: &Charts, end: &RdVictoryInput) -> Result<Resolution<RdVictoryOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let sections = reader.int(CHART, &["sections"]);
    let commanders = reader.int(CHART, &["commanders"]);
    let zulu_sections = reader.int(CHART, &["zulu-victory-sections-more-than"]);
    let zulu_commanders = reader.int(CHART, &["zulu-victory-commanders-at-least"]);
    let british_sections = reader.int(CHART, &["british-victory-sections-at-most"]);
    let british_commanders = reader.int(CHART, &["british-victory-commanders-at-most"]);
    let (
        Some(sections),
        Some(commanders),
        Some(zulu_sections),
        Some(zulu_commanders),
        Some(british_sections),
        Some(british_commanders),
    ) = (
        sections,
        commanders,
        zulu_sections,
        zulu_commanders,
        british_sections,
        british_commanders,
    )
    else {
        return Err(missing(&reader, VICTORY));
    };
    let lost = i64::from(end.sections_lost);
    let commanders_lost = i64::from(end.commanders_lost);
    if lost > sections || commanders_lost > commanders {
        return Err(Refusal::by_rule(
            rule(
                SUPPLEMENT,
                if lost > sections {
                    "sections"
                } else {
                    "commanders"
                },
            ),
            format!(
                "the British have {sections} sections and {commanders} command counters: {lost} sections and {commanders_lost} commanders lost is more than that"
            ),
        ));
    }
    let mut resolution = resolution(charts, RdVictory::NAME);
    resolution.steps = end.origins.steps(end, &section(VICTORY));
    let zulu = lost > zulu_sections && commanders_lost >= zulu_commanders;
    resolution.step(Step::valued(
        rule(VICTORY, "zulu-victory-sections-more-than"),
        format!(
            "Zulu victory: more than {zulu_sections} sections ({lost} lost) and at least {zulu_commanders} command counters ({commanders_lost} lost) eliminated"
        ),
        zulu,
        None,
    ));
    let british =
        end.attacks_beaten_off && lost <= british_sections && commanders_lost <= british_commanders;
    resolution.step(Step::valued(
        rule(VICTORY, "british-victory-sections-at-most"),
        format!(
            "British victory: all Zulu attacks beaten off ({}), no more than {british_sections} sections ({lost}) nor more than {british_commanders} command counter ({commanders_lost}) lost",
            if end.attacks_beaten_off { "yes" } else { "no" }
        ),
        british,
        None,
    ));
    let winner = if zulu {
        Some(RdWinner::Zulu)
    } else if british {
        Some(RdWinner::British)
    } else {
        resolution.step(Step::note(
            section(VICTORY),
            "neither side's conditions hold: no victory",
        ));
        None
    };
    let resolution = finish(resolution, &reader, section(VICTORY))?;
    Ok(resolution.with_outcome(RdVictoryOutcome {
        winner,
        sections_lost: lost,
    }))
}

/// CONDITIONS OF VICTORY at Rorke's Drift.
pub struct RdVictory;

impl Procedure for RdVictory {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rd-victory";
    const THROWS: bool = false;
    type Input = RdVictoryInput;
    type Outcome = RdVictoryOutcome;

    fn resolve(
        charts: &Charts,
        input: &RdVictoryInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RdVictoryOutcome>, Refusal> {
        victory(charts, input)
    }
}
