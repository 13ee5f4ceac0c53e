//! MORALE: which of the rule's causes make a morale test due this move, by the unit's class
//! (FANATICS & EUROPEAN REGULARS, or OTHER TROOPS) and BEING CHARGED.
//!
//! "A morale test must be taken by a unit when one of the following occurs. All but
//! pre-contact morale tests will be taken at the end of the move in which they occur."

use super::names::named;
use super::{cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::resolution::{Refusal, Resolution, Step};
use serde_json::json;

const FANATICS: &str = "MORALE, FANATICS & EUROPEAN REGULARS";
const OTHERS: &str = "MORALE, OTHER TROOPS";
const CHARGED: &str = "BEING CHARGED";
const THRESHOLDS: &str = "rules_thresholds";

named!(
    /// The morale triggers' classes (`--class`).
    MoraleClass, "class" {
        /// Fanatics.
        Fanatic = "fanatic",
        /// European regulars.
        EuropeanRegular = "european-regular",
        /// Other troops.
        Other = "other",
    }
);

named!(
    /// Whether a breaking flanking unit is of the tester's quality (`--flank-quality`).
    Quality, "quality" {
        /// Of equal quality.
        Equal = "equal",
        /// Not of equal quality.
        Unequal = "unequal",
    }
);

/// What happened to a unit this move, as far as the morale causes ask.
#[derive(Debug, Clone, PartialEq)]
pub struct MoraleEvents {
    /// The unit's class.
    pub class: MoraleClass,
    /// FF lost this move.
    pub lost_this_move: u32,
    /// The unit won a melee this move.
    pub won_melee: bool,
    /// It lost a melee by this many FF (the difference), if it lost one.
    pub melee_lost_by: Option<u32>,
    /// It is being charged.
    pub being_charged: bool,
    /// A flanking unit broke this far away (mm).
    pub flank_broke_within_mm: Option<f64>,
    /// That breaking unit's quality against this one's.
    pub flank_quality: Quality,
    /// A flanking unit fell back this far away (mm).
    pub flank_fell_back_within_mm: Option<f64>,
}

/// Which morale tests are due (`outcome.due`: trigger names, empty when none).
#[allow(clippy::too_many_lines)]
pub fn resolve(charts: &Charts, events: &MoraleEvents) -> Result<Resolution, Refusal> {
    let mut reader = CellReader::new(charts, super::RULESET);
    let mut resolution = resolution(charts, "morale-due");
    let mut due: Vec<&str> = Vec::new();
    let elite = events.class != MoraleClass::Other;
    let group = if elite { FANATICS } else { OTHERS };
    let threshold = |reader: &mut CellReader<'_>, key: &str| -> Option<(i64, Step)> {
        let n = reader.int(THRESHOLDS, &[key])?;
        Some((
            n,
            Step::note(cell_ref(group, THRESHOLDS, &[key]), String::new()),
        ))
    };
    // Losses in one move.
    let (loss_key, loss_text) = match events.class {
        MoraleClass::Fanatic => (
            "morale-fanatic-losses-more-than",
            "1. when a Fanatic unit loses more than {n} fighting factors in any one move",
        ),
        MoraleClass::EuropeanRegular => (
            "morale-european-regular-losses-more-than",
            "2. when a European regular unit loses more than {n} fighting factors in any one move, but not in a move in which it wins a melee",
        ),
        MoraleClass::Other => (
            "morale-other-losses-more-than",
            "1. when a unit loses more than {n} fighting factors in any one move",
        ),
    };
    let lost = i64::from(events.lost_this_move);
    if let Some((n, mut step)) = threshold(&mut reader, loss_key) {
        let exempt = events.class == MoraleClass::EuropeanRegular && events.won_melee;
        let fires = lost > n && !exempt;
        step.text = format!(
            "{}: lost {lost}{}: {}",
            loss_text.replace("{n}", &n.to_string()),
            if exempt {
                " in a move in which it won a melee"
            } else {
                ""
            },
            if fires { "a test is due" } else { "no test" }
        );
        step.value = Some(json!(lost));
        resolution.step(step);
        if fires {
            due.push("losses");
        }
    }
    // The melee loser.
    if let Some(by) = events.melee_lost_by {
        let key = if elite {
            "morale-fanatic-regular-melee-margin-more-than"
        } else {
            "morale-other-melee-margin-more-than"
        };
        if let Some((n, mut step)) = threshold(&mut reader, key) {
            let fires = i64::from(by) > n;
            step.text = format!(
                "loser of most fighting factors in a melee and the difference is more than {n}: lost by {by}: {}",
                if fires { "a test is due" } else { "no test" }
            );
            step.value = Some(json!(by));
            resolution.step(step);
            if fires {
                due.push("melee-loss");
            }
        }
    }
    // Being charged: "A unit that is being charged, other than Native Fanatics and European
    // regulars, must take a morale test."
    if events.being_charged {
        if elite {
            resolution.step(Step::note(
                section(CHARGED),
                "a unit that is being charged, other than Native Fanatics and European regulars, must take a morale test: this unit need not",
            ));
        } else {
            resolution.step(Step::note(
                section(OTHERS),
                "3. when being charged: a test is due (before contact)",
            ));
            due.push("being-charged");
        }
    }
    // Flanking units.
    if elite {
        if let Some(mm) = events.flank_broke_within_mm
            && let Some((n, mut step)) =
                threshold(&mut reader, "morale-fanatic-regular-flank-break-within-mm")
        {
            #[allow(clippy::cast_precision_loss)]
            let near = mm <= n as f64;
            let equal = events.flank_quality == Quality::Equal;
            let fires = near && equal;
            step.text = format!(
                "3. when a flanking unit within {n} mm breaks; the test will be taken only if the breaking unit is of equal quality: {mm} mm, {} quality: {}",
                events.flank_quality.name(),
                if fires { "a test is due" } else { "no test" }
            );
            resolution.step(step);
            if fires {
                due.push("flank-broke");
            }
        }
        if events.flank_fell_back_within_mm.is_some() {
            resolution.step(Step::note(
                section(FANATICS),
                "a flanking unit falling back is not a cause for Fanatics and European regulars",
            ));
        }
    } else {
        for (mm, what, name) in [
            (events.flank_broke_within_mm, "breaks", "flank-broke"),
            (
                events.flank_fell_back_within_mm,
                "falls back",
                "flank-fell-back",
            ),
        ] {
            let Some(mm) = mm else { continue };
            if let Some((n, mut step)) = threshold(&mut reader, "morale-other-flank-within-mm") {
                #[allow(clippy::cast_precision_loss)]
                let fires = mm <= n as f64;
                step.text = format!(
                    "4. when a flanking unit within {n} mm falls back or breaks: it {what} at {mm} mm: {}",
                    if fires { "a test is due" } else { "no test" }
                );
                resolution.step(step);
                if fires {
                    due.push(name);
                }
            }
        }
    }
    resolution.step(Step::valued(
        section("MORALE"),
        if due.is_empty() {
            "no morale test is due".to_owned()
        } else {
            "all but pre-contact morale tests will be taken at the end of the move in which they occur".to_owned()
        },
        json!(due),
        None,
    ));
    resolution.set("due", json!(due));
    finish(resolution, &reader, section("MORALE"))
}
