//! ARCS OF FIRE: "To determine if a unit can fire at a target, place the firing arc segment
//! alongside the unit and lay a tape measure along the appropriate line. If any of the
//! target counter is within the arc it may be engaged."
//!
//! A small arms fire's and a gun's input carries whether the target is in the arc: read on
//! the table with the club's template (noted in the input's origins) or the referee's call.
//! The procedure checks it before anything else, for the roll and the odds alike: out of
//! the arc, it refuses.

use super::section;
use crate::resolution::{Refusal, Step};
use crate::rules::field::FieldId;
use crate::rules::situation::Origins;
use serde_json::Value;

/// The section the check cites.
pub(crate) const ARCS: &str = "ARCS OF FIRE";
/// The input field that holds it.
/// (`ArtilleryInput` names it alike.)
pub(crate) const FIELD: FieldId = crate::field!(super::fire::FireInput: in_arc);

/// The step saying the target may be engaged and who said so, or the refusal when no part
/// of it is within the arc; nothing when no one has said (`None`).
pub(crate) fn check(in_arc: Option<bool>, origins: &Origins) -> Result<Option<Step>, Refusal> {
    let Some(in_arc) = in_arc else {
        return Ok(None);
    };
    let source = match origins.of(FIELD) {
        Some(table) if table.value == Value::Bool(in_arc) => {
            format!("read on the table: {}", table.why)
        }
        Some(table) => format!(
            "given by hand (the referee's call), winning over the table: {}",
            table.why
        ),
        None => "given by hand (the referee's call)".to_owned(),
    };
    if in_arc {
        Ok(Some(Step::note(
            section(ARCS),
            format!("part of the target counter is within the arc, so it may be engaged: {source}"),
        )))
    } else {
        Err(Refusal::out_of_range(
            section(ARCS),
            format!(
                "no part of the target counter is within the firer's arc, so it may not be engaged: {source}"
            ),
        ))
    }
}
