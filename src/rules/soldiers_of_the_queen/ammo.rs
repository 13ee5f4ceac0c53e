//! Ammunition (PART 11, Isandhlwana only): the Ammunition Roster and resupply from the
//! Supply Wagon.

use super::{RULESET, cell_rule, grid_axes, rule, throw};
use crate::charts::{Band, CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};

/// One resupply attempt in the British Ammunition Supply Phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resupply {
    /// A row of the Ammunition Resupply Table: `foot` or `dismounted-cavalry`.
    pub unit_type: String,
    /// Boxes on the unit's Ammunition Roster.
    pub boxes: u32,
    /// Boxes marked off.
    pub marked: u32,
    /// Range from the unit to the Supply Wagon, in hexes.
    pub range: u32,
    /// The unit is an artillery unit.
    pub artillery: bool,
    /// Pinned.
    pub pinned: bool,
    /// Routed.
    pub routed: bool,
    /// The path to the wagon goes through an enemy-controlled hex not negated by a British unit.
    pub path_blocked: bool,
}

/// Resolves one resupply roll. Outcome: `eligible`, `resupplied`, `marked`, `out_of_ammo`.
pub fn resupply(
    charts: &Charts,
    r: &Resupply,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, Refusal> {
    let refuse = |reason: String| Refusal::by_rule(rule("PART 11"), reason);
    if r.marked > r.boxes {
        return Err(refuse(format!(
            "{} boxes marked on a roster of {}",
            r.marked, r.boxes
        )));
    }
    let mut res = Resolution::new(RULESET, "resupply", charts.hash());
    let reasons = [
        (
            r.artillery,
            "Artillery units never run out of ammunition and never have to be resupplied",
        ),
        (
            r.pinned || r.routed,
            "To obtain more ammunition, a British unit must not be Pinned or Routed",
        ),
        (
            r.path_blocked,
            "the path it traces to the Supply Wagon cannot go through an enemy-controlled hex",
        ),
        (
            2 * r.marked < r.boxes,
            "only a unit that has used at least half of its available ammunition can attempt to get more",
        ),
    ];
    if let Some((_, why)) = reasons.iter().find(|(applies, _)| *applies) {
        res.step(Step::note(rule("PART 11"), *why));
        res.set("eligible", false);
        res.set("resupplied", false);
        res.set("marked", r.marked);
        res.set("out_of_ammo", r.marked == r.boxes && !r.artillery);
        return Ok(res);
    }
    res.set("eligible", true);
    let chart = "ammunition_resupply";
    let mut reader = CellReader::new(charts, RULESET);
    let column = grid_axes(charts, chart).and_then(|(_, cols)| {
        cols.position_of_value(i64::from(r.range))
            .map(|i| cols.keys[i].label.clone())
    });
    let column = column.unwrap_or_else(|| format!("range {}", r.range));
    let key = [r.unit_type.as_str(), column.as_str()];
    let cell = reader.get(chart, &key);
    if let Some(refusal) = reader.refusal(rule("PART 11")) {
        return Err(refusal);
    }
    let text = cell.map(|v| v.to_string()).unwrap_or_default();
    let band = if text == "none" {
        None
    } else {
        Some(Band::parse(&text).ok_or_else(|| {
            refuse(format!(
                "{chart}:{} holds '{text}', not a band of die faces (1-4) or none",
                key.join(":")
            ))
        })?)
    };
    let face = throw(dice, 1, &mut res, "PART 11")?[0];
    let success = band.is_some_and(|b| b.contains(i64::from(face)));
    res.step(Step::valued(
        cell_rule("PART 11", chart, &key),
        format!(
            "die {face} against {text} for {} at range {} from the wagon",
            r.unit_type, r.range
        ),
        face,
        None,
    ));
    let marked = if success { r.marked - 1 } else { r.marked };
    res.step(Step::valued(
        rule("PART 11"),
        if success {
            "the number rolled is within the range: erase the last marked box"
        } else {
            "not within the range: no ammunition this phase"
        },
        marked,
        None,
    ));
    res.set("resupplied", success);
    res.set("marked", marked);
    res.set("out_of_ammo", marked == r.boxes);
    for w in reader.warnings() {
        res.warn(w.clone());
    }
    Ok(res)
}
