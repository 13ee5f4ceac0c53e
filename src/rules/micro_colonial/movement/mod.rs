//! Movement (MOVEMENT, NOTES ON MOVEMENT, CHANGING FORMATION OR FACE, INTERPENETRATION,
//! TERRAIN PENALTIES, VOLLEY FIRE EFFECT ON MOVEMENT): how far a unit may move this move.
//!
//! The allowance is the rate for the troop type and mode (Movement Tables 1 and 2), less
//! the terrain penalties (Table 3), formation and facing changes, interpenetration and
//! last move's volley losses, capped for a large square; a result below 0 is 0.

mod request;

pub use request::{Change, Crossing, Interpenetration, Mode, MoveInput, Square, Terrain, Troop};
use request::{
    formation_column, formation_row, is_cavalry, is_mounted, terrain_class, terrain_row,
};
pub(crate) use request::{is_gun, rate_row};

use super::settings::{self, FieldGunsBroken, Rounding};
use super::{RULESET, cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, RuleRef, Step};
use crate::rules::Procedure;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

const MOVEMENT: &str = "MOVEMENT";
const TABLE_1: &str = "MOVEMENT, Table 1 Troops";
const TABLE_2: &str = "MOVEMENT, Table 2 Artillery";
const TABLE_3: &str = "TERRAIN PENALTIES";
const NOTES: &str = "NOTES ON MOVEMENT";
const FALLING_BACK: &str = "FALLING BACK";
const FORMATION: &str = "CHANGING FORMATION OR FACE";
const INTERPENETRATION: &str = "INTERPENETRATION";
const VOLLEY_EFFECT: &str = "VOLLEY FIRE EFFECT ON MOVEMENT";
const THRESHOLDS: &str = "rules_thresholds";

/// Unwraps a cell read, or ends the function with `Ok(None)`: the reader has noted the
/// cell as needed, so the caller refuses naming it.
macro_rules! some {
    ($e:expr) => {
        match $e {
            Some(v) => v,
            None => return Ok(None),
        }
    };
}

fn refuse(section_name: &str, reason: impl Into<String>) -> Refusal {
    Refusal::by_rule(section(section_name), reason)
}

/// The checks that refuse a move before any chart is read.
fn check(request: &MoveInput) -> Result<(), Refusal> {
    // The command line's `KIND[:N]` cannot say these; a hand-written input can.
    for crossing in &request.terrain {
        if crossing.count == 0 || (!crossing.kind.counted() && crossing.count != 1) {
            return Err(Refusal::bad_input(
                section(TABLE_3),
                format!(
                    "terrain {} crossed {} times: a count is 1 or more, and a track takes none",
                    crossing.kind, crossing.count
                ),
            ));
        }
    }
    let troop = request.troop;
    let gun = is_gun(troop);
    match request.mode {
        Mode::Charge | Mode::Break | Mode::FallBack if gun => {
            return Err(refuse(
                TABLE_2,
                format!(
                    "a {troop} has no {} rate: Movement Table 2 gives guns a normal, action and manhandling rate (a breaking crew abandons its guns)",
                    request.mode
                ),
            ));
        }
        Mode::Action | Mode::Manhandle if !gun => {
            return Err(refuse(
                TABLE_2,
                format!(
                    "{troop} have no {} move: only guns do (Movement Table 2)",
                    request.mode
                ),
            ));
        }
        _ => {}
    }
    let limbering = request
        .changes
        .iter()
        .filter(|c| matches!(c, Change::Limber | Change::Unlimber))
        .count();
    if limbering > 0 && !gun {
        return Err(refuse(
            FORMATION,
            format!("{troop} do not limber or unlimber: only guns do"),
        ));
    }
    if request.mode == Mode::Action && limbering != 1 {
        // "Action moves for artillery, rockets, machine guns, and Gatling guns must include
        // either limbering or unlimbering, but not both in the same movement."
        return Err(refuse(
            NOTES,
            "an action move must include either limbering or unlimbering, but not both (choose exactly one of limber and unlimber)",
        ));
    }
    if limbering > 1 {
        return Err(refuse(
            NOTES,
            "a gun limbers or unlimbers once in a move, not both",
        ));
    }
    for inter in &request.interpenetrations {
        match inter {
            // "Units, other than mounted troops, may withdraw through another friendly unit"
            Interpenetration::Withdraw if is_mounted(troop) => {
                return Err(refuse(
                    INTERPENETRATION,
                    "mounted troops may not withdraw through another unit: they may not interpenetrate other troops except an open order unit",
                ));
            }
            // "Regular and irregular units in line formation may interpenetrate each other"
            Interpenetration::Line
                if !matches!(
                    troop,
                    Troop::RegularInfantry
                        | Troop::OpenOrderInfantry
                        | Troop::IrregularInfantry
                        | Troop::DismountedCavalry
                ) =>
            {
                return Err(refuse(
                    INTERPENETRATION,
                    format!(
                        "{troop} may not pass through a line: only regular and irregular units in line formation interpenetrate each other"
                    ),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Parses a text cell as a number of millimetres ("-40", "20").
fn mm(text: &str) -> Option<i64> {
    text.trim().replace('\u{2212}', "-").parse().ok()
}

/// Working state of one move: the resolution, its running total, and whether the unit
/// is held in place whatever the arithmetic gives.
struct Tally {
    resolution: Resolution<()>,
    total: i64,
    stationary: bool,
}

impl Tally {
    fn add(&mut self, rule: RuleRef, text: String, delta: i64) {
        self.total += delta;
        self.resolution
            .step(Step::valued(rule, text, delta, Some(json!(self.total))));
    }

    fn note(&mut self, rule: RuleRef, text: impl Into<String>) {
        self.resolution.step(Step::note(rule, text));
    }
}

/// How far a unit may move: the `--json` outcome of `laager mc move`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcome {
    /// The allowance this move (mm), 0 at least.
    pub allowance_mm: i64,
    /// The rate the mode starts from, before any cost (mm).
    pub rate_mm: i64,
}

/// Resolves one move: the allowance in mm, explained step by step.
fn resolve_move(charts: &Charts, request: &MoveInput) -> Result<Resolution<MoveOutcome>, Refusal> {
    check(request)?;
    let mut reader = CellReader::new(charts, RULESET);
    let troop = request.troop;
    let mut tally = Tally {
        resolution: resolution(charts, Move::NAME),
        total: 0,
        stationary: false,
    };
    tally.resolution.steps = request.origin_steps();
    let soft_sand = request.terrain.iter().any(|c| c.kind == Terrain::SoftSand);
    let track = request.terrain.iter().any(|c| c.kind == Terrain::Track);

    // Rounding is needed for any halving; read it once, up front, so it is cited.
    let rounding = if request.mode == Mode::FallBack
        || track
        || (troop == Troop::Camels && soft_sand)
        || (is_gun(troop) && request.changes.contains(&Change::Face))
    {
        settings::rounding(charts, &mut reader).map(|s| {
            tally.resolution.step(s.step);
            s.value
        })
    } else {
        Some(Rounding::Drop)
    };

    let Some(normal) = base_rate(
        charts,
        &mut reader,
        request,
        soft_sand,
        rounding,
        &mut tally,
    )?
    else {
        return Err(reader
            .refusal(section(MOVEMENT))
            .unwrap_or_else(|| refuse(MOVEMENT, "the move rate could not be read")));
    };
    let rate = tally.total;

    volley_losses(&mut reader, request, rate, &mut tally);

    terrain_penalties(charts, &mut reader, request, normal, rounding, &mut tally);
    formation_changes(&mut reader, request, normal, rounding, &mut tally)?;
    interpenetrations(&mut reader, request, &mut tally);

    let mut allowance = tally.total;
    if tally.stationary {
        allowance = 0;
    } else if allowance < 0 {
        tally.note(
            section(MOVEMENT),
            format!("the costs exceed the rate ({allowance} mm): the unit cannot move this move"),
        );
        allowance = 0;
    }
    if let Some(square) = request.square {
        allowance = square_cap(&mut reader, square, allowance, &mut tally);
    }
    if tally.stationary || allowance == 0 {
        tally.note(
            section(MOVEMENT),
            "allowance 0 mm: the unit cannot move this move",
        );
    }
    let resolution = finish(tally.resolution, &reader, section(MOVEMENT))?;
    Ok(resolution.with_outcome(MoveOutcome {
        allowance_mm: allowance,
        rate_mm: rate,
    }))
}

/// VOLLEY FIRE EFFECT ON MOVEMENT: the unit's forward movement is reduced by the FF it
/// lost to volley fire last move, or it stays put when they exceed its move rate.
fn volley_losses(reader: &mut CellReader<'_>, request: &MoveInput, rate: i64, tally: &mut Tally) {
    // Volley losses: "it will reduce its forward movement only by 1 mm for each fighting
    // factor lost from such fire ... If the number of fighting factors lost exceeds the
    // unit's move rate, it will remain stationary during the next move".
    if request.volley_losses > 0 {
        let per_ff = reader
            .int(THRESHOLDS, &["volley-mm-per-ff-lost"])
            .unwrap_or(1);
        let loss = i64::from(request.volley_losses) * per_ff;
        let rule = cell_ref(VOLLEY_EFFECT, THRESHOLDS, &["volley-mm-per-ff-lost"]);
        if loss > rate {
            tally.stationary = true;
            tally.note(
                rule,
                format!(
                    "{} FF lost to volley fire last move exceed the move rate of {rate} mm: the unit remains stationary this move",
                    request.volley_losses
                ),
            );
        } else {
            tally.add(
                rule,
                format!(
                    "{} FF lost to volley fire last move (D column), {per_ff} mm each",
                    request.volley_losses
                ),
                -loss,
            );
        }
    }
}

/// NOTES ON MOVEMENT: a large multi-unit square's cap on the allowance, in the open or
/// in other terrain; the allowance within it.
fn square_cap(
    reader: &mut CellReader<'_>,
    square: Square,
    mut allowance: i64,
    tally: &mut Tally,
) -> i64 {
    let key = match square {
        Square::Open => "large-square-open-mm",
        Square::Other => "large-square-other-terrain-mm",
    };
    if let Some(cap) = reader.int(THRESHOLDS, &[key]) {
        let rule = cell_ref(NOTES, THRESHOLDS, &[key]);
        let text = match square {
            Square::Open => {
                format!("a large multi-unit square moves at most {cap} mm per move in open ground")
            }
            Square::Other => format!(
                "a large multi-unit square moves at most {cap} mm per move if any part is in terrain other than open ground"
            ),
        };
        if allowance > cap {
            allowance = cap;
            tally
                .resolution
                .step(Step::valued(rule, text, cap, Some(json!(cap))));
        } else {
            tally.note(rule, format!("{text}: the allowance is already within it"));
        }
    }
    allowance
}

/// MOVEMENT: how far a unit may move this move.
pub struct Move;

impl Procedure for Move {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "move";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = &["unit"];
    type Input = MoveInput;
    type Outcome = MoveOutcome;

    fn resolve(
        charts: &Charts,
        input: &MoveInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<MoveOutcome>, Refusal> {
        resolve_move(charts, input)
    }
}

/// The rate for the troop type and mode; puts the mode's rate in the tally and returns the
/// unit's normal rate (for the guns' "1 move" and "½ move" costs; a charging troop's rate
/// stands in for it, as troops have no such costs).
fn base_rate(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    request: &MoveInput,
    soft_sand: bool,
    rounding: Option<Rounding>,
    tally: &mut Tally,
) -> Result<Option<i64>, Refusal> {
    inner_rate(charts, reader, request, soft_sand, rounding, tally)
}

fn inner_rate(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    request: &MoveInput,
    soft_sand: bool,
    rounding: Option<Rounding>,
    tally: &mut Tally,
) -> Result<Option<i64>, Refusal> {
    let troop = request.troop;
    let row = rate_row(troop);
    let said = row.replace('-', " ");
    if is_gun(troop) {
        let chart = "movement_artillery";
        let normal = some!(reader.int(chart, &[row, "normal"]));
        let (column, text) = match request.mode {
            Mode::Action => (
                "action",
                "action move (it includes the limbering or unlimbering)",
            ),
            Mode::Manhandle => ("manhandle", "manhandled"),
            _ => ("normal", "normal rate"),
        };
        let value = if column == "normal" {
            Some(normal)
        } else {
            match some!(reader.get(chart, &[row, column])) {
                crate::charts::Value::Int(n) => Some(n),
                _ => None,
            }
        };
        let Some(value) = value else {
            // The chart prints no action move for field guns ("-").
            return Err(Refusal::by_rule(
                cell_ref(TABLE_2, chart, &[row, column]),
                format!(
                    "Movement Table 2 gives {said} no {}: they move at the normal rate and limber or unlimber at its cost",
                    request.mode
                ),
            ));
        };
        tally.add(
            cell_ref(TABLE_2, chart, &[row, column]),
            format!("{said}, {text}"),
            value,
        );
        return Ok(Some(normal));
    }
    let chart = "movement_troops";
    let fast = matches!(request.mode, Mode::Charge | Mode::Break);
    if fast && soft_sand {
        // "Troops moving in soft sand may not use their charge move rate, and will break at
        // normal rate whilst in it."
        tally.note(
            section(NOTES),
            format!("in soft sand troops may not use their charge rate and break at the normal rate: {} at the normal rate", request.mode),
        );
    }
    if fast && !soft_sand {
        let value = if troop == Troop::NativeCavalry {
            let setting = some!(settings::native_cavalry_charge_mm(charts, reader));
            tally.resolution.step(setting.step);
            if setting.value == 240 {
                some!(reader.int(chart, &[row, "charge-break"]))
            } else {
                setting.value
            }
        } else {
            some!(reader.int(chart, &[row, "charge-break"]))
        };
        tally.add(
            cell_ref(TABLE_1, chart, &[row, "charge-break"]),
            format!("{said}, charge & break rate ({})", request.mode),
            value,
        );
        // Whole-move and half-move costs are the guns'; a troop's normal rate is not read
        // here, so no warning names a cell the move did not use.
        return Ok(Some(value));
    }
    let normal = some!(reader.int(chart, &[row, "normal"]));
    if request.mode == Mode::FallBack {
        // "Troops ordered to fall back due to a morale test, or troops electing to fall back
        // facing the enemy, may do so at half their normal move rate."
        let half = some!(rounding).divide(normal, 2);
        tally.add(
            cell_ref(FALLING_BACK, chart, &[row, "normal"]),
            format!("{said}, falling back at half the normal rate of {normal} mm"),
            half,
        );
        return Ok(Some(normal));
    }
    tally.add(
        cell_ref(TABLE_1, chart, &[row, "normal"]),
        format!("{said}, normal rate"),
        normal,
    );
    Ok(Some(normal))
}

/// TERRAIN PENALTIES: each terrain crossed costs what Table 3 gives the unit's class,
/// halved along a track (note 4).
fn terrain_penalties(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    request: &MoveInput,
    normal: i64,
    rounding: Option<Rounding>,
    tally: &mut Tally,
) {
    let troop = request.troop;
    let track = request.terrain.iter().any(|c| c.kind == Terrain::Track);
    if troop == Troop::IrregularInfantry && request.terrain.iter().any(|c| c.kind != Terrain::Track)
    {
        tally.resolution.warn(
            "irregular infantry pay the close-order terrain penalties: FORMATIONS names regular infantry, natives and dismounted cavalry as close order but not irregulars (give the troop as open order infantry for a unit in open order)",
        );
    }
    let mut costing = Costing {
        charts,
        reader,
        request,
        normal,
        rounding,
        track,
        class: terrain_class(troop),
    };
    for crossing in request.terrain.iter().filter(|c| c.kind != Terrain::Track) {
        crossing_penalty(&mut costing, *crossing, tally);
    }
    if track {
        tally.note(section(TABLE_3), "moving along a track which crosses the terrain: the penalties above are halved (note 4)");
    }
}

/// What a move's terrain crossings are costed by: the charts, the move, the unit's normal
/// rate and the rounding, whether it follows a track, and its class on Table 3.
struct Costing<'a, 'r, 'c> {
    charts: &'a Charts,
    reader: &'r mut CellReader<'c>,
    request: &'a MoveInput,
    normal: i64,
    rounding: Option<Rounding>,
    track: bool,
    class: &'static str,
}

/// A crossing as the steps name it: a hill with its contours climbed, others with a count.
fn crossing_words(crossing: Crossing) -> String {
    let kind = crossing.kind;
    if kind == Terrain::Hill {
        format!(
            "{kind} ({} contour{} climbed)",
            crossing.count,
            if crossing.count == 1 { "" } else { "s" }
        )
    } else if crossing.count > 1 {
        format!("{kind} x{}", crossing.count)
    } else {
        kind.to_string()
    }
}

/// One terrain crossing's penalty from Table 3: none, a whole move, or a distance per
/// crossing (halved for camels in soft sand, note 5, and along a track, note 4); field guns
/// in broken ground and soft sand by the club's setting.
fn crossing_penalty(costing: &mut Costing<'_, '_, '_>, crossing: Crossing, tally: &mut Tally) {
    let Costing {
        request,
        normal,
        rounding,
        track,
        class,
        ..
    } = *costing;
    let troop = request.troop;
    let chart = "terrain_penalties";
    let kind = crossing.kind;
    let row = terrain_row(kind);
    let rule = cell_ref(TABLE_3, chart, &[row, class]);
    if kind == Terrain::BrokenGround && matches!(troop, Troop::HorseGun) {
        // "Only rockets and machine guns may move in areas of broken ground."
        tally.stationary = true;
        tally.note(section(NOTES), "only rockets and machine guns may move in areas of broken ground: a horse gun cannot move there");
        return;
    }
    if kind == Terrain::LinearObstacle && is_cavalry(troop) && request.mode == Mode::Charge {
        tally.note(rule, "no penalty: the mounted linear-obstacle penalty does not apply to cavalry who jump an obstacle when charging (note 1)");
        return;
    }
    let Some(value) = costing.reader.get(chart, &[row, class]) else {
        return;
    };
    let text = value.to_string();
    let what = crossing_words(crossing);
    let count = i64::from(crossing.count);
    match text.trim() {
        "none" => {
            let Some(setting) =
                settings::field_guns_in_broken_ground(costing.charts, costing.reader)
            else {
                return;
            };
            tally.resolution.step(setting.step);
            match setting.value {
                FieldGunsBroken::NoPenalty => {
                    tally.note(rule, format!("{what}: no penalty for {class}"));
                }
                FieldGunsBroken::CannotMove if track => {
                    // "Field guns in broken ground and soft sand will halve their normal
                    // move rate if on such a track."
                    let Some(rounding) = rounding else { return };
                    let half = rounding.divide(normal, 2);
                    if request.mode == Mode::Normal {
                        tally.add(
                            section(TABLE_3),
                            format!("{what} on a track: field guns move at half their normal rate of {normal} mm (note 4)"),
                            half - normal,
                        );
                    } else {
                        tally.note(section(TABLE_3), format!("{what} on a track: field guns halve their normal move rate (note 4); the {} rate is not the normal rate", request.mode));
                    }
                }
                FieldGunsBroken::CannotMove => {
                    tally.stationary = true;
                    tally.note(rule, format!("{what}: field guns cannot move there"));
                }
            }
        }
        "1 move" => {
            let mut cost = normal * count;
            let mut how = format!("{what}: costs the whole move ({normal} mm)");
            if let (true, Some(rounding)) = (track, rounding) {
                cost = rounding.divide(cost, 2);
                how = format!("{what} on a track: half a move ({cost} mm, note 4)");
            }
            tally.add(rule, how, -cost);
        }
        other => {
            let Some(per) = mm(other) else {
                tally.note(
                    rule,
                    format!("{what}: the cell reads '{other}', not a distance; no penalty taken"),
                );
                return;
            };
            let mut penalty = per * count;
            let mut how = format!(
                "{what} for {class}: {per} mm{}",
                if count > 1 {
                    format!(" x {count}")
                } else {
                    String::new()
                }
            );
            if let (true, Some(rounding)) = (
                troop == Troop::Camels && kind == Terrain::SoftSand,
                rounding,
            ) {
                penalty = -rounding.divide(-penalty, 2);
                how.push_str(", halved for camels crossing soft sand (note 5)");
            }
            if let (true, Some(rounding)) = (track, rounding) {
                penalty = -rounding.divide(-penalty, 2);
                how.push_str(", halved along a track (note 4)");
            }
            tally.add(rule, how, penalty);
        }
    }
}

fn formation_changes(
    reader: &mut CellReader<'_>,
    request: &MoveInput,
    normal: i64,
    rounding: Option<Rounding>,
    tally: &mut Tally,
) -> Result<(), Refusal> {
    let troop = request.troop;
    for &change in &request.changes {
        if matches!(change, Change::Limber | Change::Unlimber) {
            let row = rate_row(troop);
            let rule = cell_ref(TABLE_2, "movement_artillery", &[row, "limber"]);
            if request.mode == Mode::Action {
                tally.note(rule, format!("{change}ing is part of the action move (it must include either limbering or unlimbering)"));
                tally.resolution.warn("the document does not say whether the un/limbering cost comes out of an action move; Laager reads the action rate as including it");
                continue;
            }
            if let Some(cost) = reader.int("movement_artillery", &[row, "limber"]) {
                tally.add(rule, format!("{change}ing"), -cost);
            }
            continue;
        }
        let column = formation_column(troop, change).map_err(|e| refuse(FORMATION, e))?;
        let row = formation_row(change);
        let rule = cell_ref(FORMATION, "formation_changes", &[row, column]);
        let Some(value) = reader.get("formation_changes", &[row, column]) else {
            continue;
        };
        let text = value.to_string();
        let text = text.trim();
        if text == "\u{2014}" || text == "-" || text.is_empty() {
            return Err(Refusal::by_rule(
                rule,
                format!(
                    "the changing formation chart gives no cost for {change} by {column}: the change does not apply to them"
                ),
            ));
        }
        if text == "1/2 move" {
            let Some(rounding) = rounding else { continue };
            let cost = rounding.divide(normal, 2);
            tally.add(
                rule,
                format!("{change}: half the normal move of {normal} mm"),
                -cost,
            );
            continue;
        }
        match mm(text) {
            Some(cost) => tally.add(rule, format!("{change} ({column})"), -cost.abs()),
            None => tally.note(
                rule,
                format!("{change}: the cell reads '{text}', not a distance; no cost taken"),
            ),
        }
    }
    Ok(())
}

fn interpenetrations(reader: &mut CellReader<'_>, request: &MoveInput, tally: &mut Tally) {
    for inter in &request.interpenetrations {
        let (key, text) = match inter {
            Interpenetration::Withdraw => (
                "withdraw-through-friend-mm",
                "withdrawing through a friendly unit (the unit passed through halts for the rest of the move)",
            ),
            Interpenetration::Line => (
                "line-interpenetration-mm",
                "units in line interpenetrating each other",
            ),
            Interpenetration::OverGoneToGround => (
                "over-gone-to-ground-mm",
                "moving over a unit gone to ground",
            ),
        };
        if let Some(cost) = reader.int(THRESHOLDS, &[key]) {
            tally.add(
                cell_ref(INTERPENETRATION, THRESHOLDS, &[key]),
                text.to_owned(),
                -cost,
            );
        }
    }
}
