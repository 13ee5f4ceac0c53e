//! Base and counter sizes from the ruleset tables: DBA bases by troop type and figure
//! scale, Micro Colonial counters by type (a club's values: the document gives none).

use super::Real;
use crate::charts::{Charts, Value};
use crate::ruleset::Ruleset;

/// A base's frontage × depth, mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BaseSize {
    /// Across the facing.
    pub frontage_mm: Real,
    /// Along the facing.
    pub depth_mm: Real,
}

/// DBA frontage at 15 mm: "I use 15mm figures mounted on a 5/8" thick base with a 40mm
/// frontage." (Game Set Up).
pub const DBA_FRONTAGE_15MM: Real = 40.0;

/// The Micro Colonial counter types (`counter_sizes` rows): "Infantry Counter, Mounted
/// Counter, Artillery and Machine Gun Counter, Dismounted Counter" (Game Counters), and the
/// commanders' counters ("each army will have its own C-in-C counter").
pub const MC_COUNTER_TYPES: [&str; 5] = [
    "infantry",
    "mounted",
    "artillery-machine-gun",
    "dismounted",
    "commander",
];

/// The multiplier for a figure scale: "If you use 25mm, I suggest multiplying all of these
/// dimensions by 1.5. If using 10mm, multiply all dimensions by 2/3 ; for 6mm by 1/2"
/// (DBA, Game Set Up). `None` for a scale the text does not give.
pub fn figure_scale_factor(scale_mm: u32) -> Option<Real> {
    match scale_mm {
        6 => Some(0.5),
        10 => Some(2.0 / 3.0),
        15 => Some(1.0),
        25 => Some(1.5),
        _ => None,
    }
}

/// Why a size could not be read from the tables.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SizeError {
    /// No such troop or counter type.
    #[error("unknown {ruleset} unit type '{given}': expected one of {expected}")]
    UnknownType {
        /// The ruleset.
        ruleset: Ruleset,
        /// The type given.
        given: String,
        /// The types known, comma-separated.
        expected: String,
    },
    /// The figure scale is not one the rules give.
    #[error("figure scale {0} mm is not one the rules give: expected 6, 10, 15 or 25")]
    UnknownScale(u32),
    /// The document gives no size for this type ("as required").
    #[error("the rules give no base size for '{0}': give frontage and depth")]
    NotGiven(String),
    /// A chart cell the size needs is unknown or not supplied.
    #[error(
        "needs chart cell {0} (the document does not give it: type it for this resolution, set it in a club's tables folder, or give frontage and depth)"
    )]
    NeedsCell(String),
}

/// The figure scale the DBA set-up chart gives base depths at ("at 15 mm"): a layout that
/// names no scale is sized at it.
pub const BASELINE_FIGURE_SCALE_MM: u32 = 15;

/// A DBA base's size: 40 mm frontage and the set-up chart's depth at 15 mm, both scaled.
pub fn dba_base_size(
    charts: &Charts,
    troop_type: &str,
    figure_scale_mm: u32,
) -> Result<BaseSize, SizeError> {
    let factor =
        figure_scale_factor(figure_scale_mm).ok_or(SizeError::UnknownScale(figure_scale_mm))?;
    let chart = charts.chart(Ruleset::DbaZulu, "troop_types");
    let cell = chart.and_then(|c| c.cell(&[troop_type, "base_depth_mm"]));
    // The list of types is made only for a type the chart has no cell for (a layout reads
    // this once a unit: listing every cell each time cost most of a 50,000-unit check).
    if cell.is_none() {
        let known: Vec<String> = chart
            .map(|c| {
                c.cells()
                    .into_iter()
                    .map(|(k, _)| k[0].clone())
                    .fold(Vec::new(), |mut v, k| {
                        if !v.contains(&k) {
                            v.push(k);
                        }
                        v
                    })
            })
            .unwrap_or_default();
        if !known.iter().any(|k| k == troop_type) {
            return Err(SizeError::UnknownType {
                ruleset: Ruleset::DbaZulu,
                given: troop_type.to_owned(),
                expected: known.join(", "),
            });
        }
    }
    match cell.and_then(|c| c.value.as_ref()) {
        Some(Value::None) => Err(SizeError::NotGiven(troop_type.to_owned())),
        Some(value) => match value.as_number() {
            Some(depth) => Ok(BaseSize {
                frontage_mm: DBA_FRONTAGE_15MM * factor,
                depth_mm: depth as Real * factor,
            }),
            None => Err(SizeError::NotGiven(troop_type.to_owned())),
        },
        None => Err(SizeError::NeedsCell(format!(
            "troop_types:{troop_type}:base_depth_mm"
        ))),
    }
}

/// A Micro Colonial counter's size from `counter_sizes` (not in the document: a club's).
pub fn mc_counter_size(charts: &Charts, counter_type: &str) -> Result<BaseSize, SizeError> {
    if !MC_COUNTER_TYPES.contains(&counter_type) {
        return Err(SizeError::UnknownType {
            ruleset: Ruleset::MicroColonial,
            given: counter_type.to_owned(),
            expected: MC_COUNTER_TYPES.join(", "),
        });
    }
    let chart = charts.chart(Ruleset::MicroColonial, "counter_sizes");
    let read = |field: &str| {
        chart
            .and_then(|c| c.cell(&[counter_type, field]))
            .and_then(|c| c.value.as_ref())
            .and_then(Value::as_number)
            .ok_or_else(|| SizeError::NeedsCell(format!("counter_sizes:{counter_type}:{field}")))
    };
    Ok(BaseSize {
        frontage_mm: read("frontage_mm")? as Real,
        depth_mm: read("depth_mm")? as Real,
    })
}
