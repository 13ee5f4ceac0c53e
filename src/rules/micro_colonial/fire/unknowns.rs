//! What a round of fire says when a chart cell is missing (the known factors, and the
//! unknown terms named) and when a measured range lies within 10 mm of a band edge.

use super::{
    DISPUTE_MM, FIRE, FactorCells, FireInput, FireType, RANGE_CHART, ROUND_TO_MM, VOLLEY_UNDER_MM,
    range_factor, rule,
};
use crate::charts::{CellReader, Charts};
use crate::resolution::Step;
use crate::rules::micro_colonial::RULESET;

/// When a cell is missing: the steps of the factors that are known, and the sum the rule
/// adds with each unknown term named and said where to find it.
pub(super) fn unknown_terms(
    request: &FireInput,
    cells: &FactorCells,
    partial: &mut Vec<Step>,
    (black, red): (u8, u8),
    max: Option<i64>,
) -> String {
    let (ff, rounded, group, column) = (cells.ff, cells.rounded, cells.group, &cells.column);
    let (fire_kind, target_column) = (cells.fire_kind, &cells.target_column);
    let term = |value: Option<i64>, name: &str| {
        value.map_or_else(
            || name.to_owned(),
            |v| {
                if v < 0 {
                    format!("({v})")
                } else {
                    v.to_string()
                }
            },
        )
    };
    let mut terms = vec![term(cells.range_value, "R"), term(cells.target_value, "T")];
    let mut wheres = Vec::new();
    match cells.range_value {
        Some(v) => partial.push(cells.range_step(v, None)),
        None => wheres.push(format!(
            "R is Small Arms Table 1 ({ff} firing FF, {group} fire at {rounded} mm; given for the band of firing FF holding {ff} as the card prints it, {RANGE_CHART}:FROM-TO:{column}, one value serves every FF in the band)"
        )),
    }
    match cells.target_value {
        Some(v) => partial.push(cells.target_step(request, v)),
        None => wheres.push(format!(
            "T is Small Arms Table 2 ({}, {fire_kind} fire, target of {} FF: {target_column})",
            request.target.words(),
            request.target_ff
        )),
    }
    if let Some(penalty) = request.jam_penalty {
        terms.push(term(Some(penalty), "J"));
    }
    terms.push("RF".to_owned());
    wheres.push(format!(
        "RF is the random factor of {black} black and {red} red dice"
    ));
    if max.is_none() {
        wheres.push(format!(
            "and the target at {} must be within the {}'s maximum range",
            crate::rules::words::mm(request.range_mm),
            request.weapon.words()
        ));
    }
    format!(
        "FF lost = {}, where {}",
        terms.join(" + "),
        wheres.join("; ")
    )
}

/// The step for a measured range within 10 mm of a band edge: what the other side gives.
#[allow(clippy::too_many_arguments)]
pub(super) fn dispute_step(
    charts: &Charts,
    request: &FireInput,
    ff: i64,
    group: &str,
    rounded: i64,
    target_value: i64,
    max: Option<i64>,
) -> Option<Step> {
    let r = request.range_mm;
    #[allow(clippy::cast_precision_loss)]
    let edge = (r / 100.0).round() * 100.0;
    if edge < 100.0 || (r - edge).abs() > DISPUTE_MM {
        return None;
    }
    // The edge's own value rounds down into its band; anything over it rounds up.
    #[allow(clippy::cast_possible_truncation)]
    let edge_mm = edge as i64;
    let (this_side, other_side, other_rounded) = if r <= edge {
        (
            format!("at {edge_mm} mm or less"),
            format!("over {edge_mm} mm"),
            edge_mm + ROUND_TO_MM,
        )
    } else {
        (
            format!("over {edge_mm} mm"),
            format!("at {edge_mm} mm or less"),
            edge_mm,
        )
    };
    let other_beyond = r <= edge;
    let gives = if request.fire == FireType::Volley && other_beyond && edge >= VOLLEY_UNDER_MM - 1.0
    {
        "volley fire is not allowed (it needs a target under 300 mm)".to_owned()
    } else if other_beyond && max.is_some_and(|m| edge_mm >= m) {
        format!(
            "the target is out of range ({}, max {} mm)",
            request.weapon,
            max.unwrap_or(0)
        )
    } else {
        let mut peek = CellReader::new(charts, RULESET);
        let column = format!("{group}-{other_rounded}");
        match range_factor(charts, &mut peek, ff, &column) {
            (Some(v), _) => format!(
                "range {other_rounded} mm, range factor {v:+}, total {:+} before the random factor",
                v + target_value
            ),
            (None, address) => {
                format!("range {other_rounded} mm, whose range factor ({address}) is not known")
            }
        }
    };
    Some(Step::note(
        rule(FIRE),
        format!(
            "the measured {} lies within 10 mm of the {edge_mm} mm band edge: {this_side} the range is {rounded} mm (used here); {other_side} it would give {gives}. Settle the measurement before the dice",
            crate::rules::words::mm(r)
        ),
    ))
}
