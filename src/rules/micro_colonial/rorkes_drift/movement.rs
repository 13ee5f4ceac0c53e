//! MOVEMENT and TERRAIN EFFECTS at Rorke's Drift: the normal rate, the attackers' half
//! inside the perimeter, the defenders' 10 mm per internal wall and the Zulus' full move
//! to climb the perimeter wall.

use super::{CHART, RULESET, missing, rule};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::micro_colonial::names::named;
use crate::rules::micro_colonial::{cell_ref, finish, resolution, section, settings};
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::json;

named!(
    /// Which side moves at Rorke's Drift (`--side`).
    Side, "side" {
        /// The attacking Zulu units (native infantry).
        Zulu = "zulu",
        /// The British sections (regular infantry).
        British = "british",
    }
);

named!(
    /// A Zulu unit meeting the perimeter wall (`--climb-wall`).
    PerimeterWall, "perimeter wall" {
        /// No defender holds it.
        Unoccupied = "unoccupied",
        /// Defending counters hold it.
        Occupied = "occupied",
    }
);

/// One move at Rorke's Drift.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RdMoveInput {
    /// Who moves.
    pub side: Side,
    /// The unit is inside the perimeter.
    #[serde(default)]
    pub inside_perimeter: bool,
    /// Walls inside the perimeter the defenders cross.
    #[serde(default)]
    pub internal_walls: u32,
    /// A Zulu unit climbing the perimeter wall this move.
    #[serde(default)]
    pub climb: Option<PerimeterWall>,
    /// The values the table decided (`situation::rd_move`), stated as the resolution's
    /// first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// How far a unit may move at Rorke's Drift: the `--json` outcome of `laager mc rd move`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RdMoveOutcome {
    /// The allowance (mm), 0 at least.
    pub allowance_mm: i64,
}

/// MOVEMENT and TERRAIN EFFECTS at Rorke's Drift: "All movement will be at normal rate.
/// Inside the perimeter only the attackers will be reduced to half their normal movement
/// rate ... and there will be no penalties for turning to either side."
fn rd_move(charts: &Charts, request: &RdMoveInput) -> Result<Resolution<RdMoveOutcome>, Refusal> {
    const MOVEMENT: &str = "Rorke's Drift, MOVEMENT";
    const TERRAIN: &str = "Rorke's Drift, TERRAIN EFFECTS";
    if request.side == Side::British && request.climb.is_some() {
        return Err(Refusal::by_rule(
            section(TERRAIN),
            "only a Zulu unit climbs the perimeter wall",
        ));
    }
    if request.climb == Some(PerimeterWall::Occupied) {
        return Err(Refusal::by_rule(
            rule(TERRAIN, "zulu-perimeter-wall-moves"),
            "a Zulu unit may not attempt to climb over any wall which is occupied by any defending counters",
        ));
    }
    if request.side == Side::Zulu && request.internal_walls > 0 {
        return Err(Refusal::by_rule(
            section(TERRAIN),
            "the 10 mm for internal walls is the defenders'; give the side as British",
        ));
    }
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, RdMove::NAME);
    resolution.steps = request.origins.steps(request, &section(MOVEMENT));
    let row = match request.side {
        Side::Zulu => "natives",
        Side::British => "regular-infantry",
    };
    let normal = reader.int("movement_troops", &[row, "normal"]);
    let divisor = reader.int(CHART, &["perimeter-attacker-move-divisor"]);
    let wall = reader.int(CHART, &["defender-internal-wall-mm"]);
    let rounding = if request.side == Side::Zulu && request.inside_perimeter {
        settings::rounding(charts, &mut reader).map(|s| {
            resolution.step(s.step);
            s.value
        })
    } else {
        Some(settings::Rounding::Drop)
    };
    let (Some(normal), Some(divisor), Some(wall), Some(rounding)) =
        (normal, divisor, wall, rounding)
    else {
        return Err(missing(&reader, MOVEMENT));
    };
    resolution.step(Step::valued(
        cell_ref(
            "MOVEMENT, Table 1 Troops",
            "movement_troops",
            &[row, "normal"],
        ),
        format!("all movement is at the normal rate ({row}); no penalties for turning"),
        normal,
        Some(json!(normal)),
    ));
    let mut total = normal;
    if request.side == Side::Zulu && request.inside_perimeter {
        let half = rounding.divide(normal, divisor.max(1));
        total = half;
        resolution.step(Step::valued(
            rule(MOVEMENT, "perimeter-attacker-move-divisor"),
            format!("inside the perimeter the attackers move at 1/{divisor} of their normal rate"),
            half - normal,
            Some(json!(total)),
        ));
    }
    if request.internal_walls > 0 {
        let cost = wall * i64::from(request.internal_walls);
        total -= cost;
        resolution.step(Step::valued(
            rule(TERRAIN, "defender-internal-wall-mm"),
            format!(
                "the defenders subtract {wall} mm to cross each wall inside the perimeter ({})",
                request.internal_walls
            ),
            -cost,
            Some(json!(total)),
        ));
    }
    if request.climb == Some(PerimeterWall::Unoccupied) {
        total = 0;
        resolution.step(Step::valued(
            rule(TERRAIN, "zulu-perimeter-wall-moves"),
            "it takes a Zulu unit one full move to climb over an unoccupied perimeter wall",
            0,
            Some(json!(0)),
        ));
    }
    if total < 0 {
        resolution.step(Step::note(
            section(MOVEMENT),
            "the costs exceed the rate: the unit cannot move this move",
        ));
        total = 0;
    }
    let resolution = finish(resolution, &reader, section(MOVEMENT))?;
    Ok(resolution.with_outcome(RdMoveOutcome {
        allowance_mm: total,
    }))
}

/// MOVEMENT at Rorke's Drift.
pub struct RdMove;

impl Procedure for RdMove {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rd-move";
    const THROWS: bool = false;
    type Input = RdMoveInput;
    type Outcome = RdMoveOutcome;
    const ROLES: &'static [&'static str] = &["unit"];

    fn resolve(
        charts: &Charts,
        input: &RdMoveInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RdMoveOutcome>, Refusal> {
        rd_move(charts, input)
    }
}
