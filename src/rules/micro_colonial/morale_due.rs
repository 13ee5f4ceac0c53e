//! MORALE: which of the rule's causes make a morale test due this move, by the unit's class
//! (FANATICS & EUROPEAN REGULARS, or OTHER TROOPS) and BEING CHARGED.
//!
//! "A morale test must be taken by a unit when one of the following occurs. All but
//! pre-contact morale tests will be taken at the end of the move in which they occur."

use super::names::named;
use super::{RULESET, cell_ref, finish, resolution, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
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

named!(
    /// A cause that makes a morale test due (`outcome.due`).
    DueCause, "cause" {
        /// Losses in one move over the class's threshold.
        Losses = "losses",
        /// The loser of a melee by more than the class's margin.
        MeleeLoss = "melee-loss",
        /// Being charged (not Fanatics nor European regulars).
        BeingCharged = "being-charged",
        /// A flanking unit broke near by.
        FlankBroke = "flank-broke",
        /// A flanking unit fell back near by (other troops).
        FlankFellBack = "flank-fell-back",
    }
);

/// What happened to a unit this move, as far as the morale causes ask.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleDueInput {
    /// The unit's class.
    pub class: MoraleClass,
    /// FF lost this move.
    pub lost_this_move: u32,
    /// The unit won a melee this move.
    #[serde(default)]
    pub won_melee: bool,
    /// It lost a melee by this many FF (the difference), if it lost one.
    #[serde(default)]
    pub melee_lost_by: Option<u32>,
    /// It is being charged.
    #[serde(default)]
    pub being_charged: bool,
    /// A flanking unit broke this far away (mm).
    #[serde(default)]
    pub flank_broke_within_mm: Option<f64>,
    /// That breaking unit's quality against this one's.
    #[serde(default = "equal")]
    pub flank_quality: Quality,
    /// A flanking unit fell back this far away (mm).
    #[serde(default)]
    pub flank_fell_back_within_mm: Option<f64>,
    /// The values the records decided (`situation::morale_due`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// A flanking unit of equal quality, the default.
fn equal() -> Quality {
    Quality::Equal
}

/// Which morale tests are due: the `--json` outcome of `laager mc morale-due`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoraleDueOutcome {
    /// The causes that make a test due, in the rule's order; empty when none.
    pub due: Vec<DueCause>,
}

/// The MORALE heading of a class's causes.
fn group_of(class: MoraleClass) -> &'static str {
    if class == MoraleClass::Other {
        OTHERS
    } else {
        FANATICS
    }
}

/// Which morale tests are due.
fn resolve_due(
    charts: &Charts,
    events: &MoraleDueInput,
) -> Result<Resolution<MoraleDueOutcome>, Refusal> {
    for (what, mm) in [
        (
            "the distance of the flank unit that broke",
            events.flank_broke_within_mm,
        ),
        (
            "the distance of the flank unit that fell back",
            events.flank_fell_back_within_mm,
        ),
    ] {
        crate::bounds::distance_opt(section(group_of(events.class)), what, mm)?;
    }
    let mut reader = CellReader::new(charts, RULESET);
    let mut resolution = resolution(charts, MoraleDue::NAME);
    resolution.steps = events
        .origins
        .steps(events, &section(group_of(events.class)));
    let elite = events.class != MoraleClass::Other;
    let mut due = Due {
        reader: &mut reader,
        resolution: &mut resolution,
        elite,
        group: if elite { FANATICS } else { OTHERS },
        causes: Vec::new(),
    };
    losses_cause(events, &mut due);
    melee_loss_cause(events, &mut due);
    being_charged_cause(events, &mut due);
    if elite {
        elite_flank_causes(events, &mut due);
    } else {
        other_flank_causes(events, &mut due);
    }
    let due = due.causes;
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
    finish(
        resolution.with_outcome(MoraleDueOutcome { due }),
        &reader,
        section("MORALE"),
    )
}

/// The causes checked so far: the reader, the resolution their steps go to, whether the
/// unit is a Fanatic or European regular and its class's MORALE heading, and the causes
/// found due.
struct Due<'a, 'c> {
    reader: &'a mut CellReader<'c>,
    resolution: &'a mut Resolution<()>,
    elite: bool,
    group: &'static str,
    causes: Vec<DueCause>,
}

impl Due<'_, '_> {
    /// A threshold of the rules with a step citing it, its text still to be written;
    /// `None` when it cannot be read.
    fn threshold(&mut self, key: &str) -> Option<(i64, Step)> {
        let n = self.reader.int(THRESHOLDS, &[key])?;
        Some((
            n,
            Step::note(cell_ref(self.group, THRESHOLDS, &[key]), String::new()),
        ))
    }

    /// States a cause's step, and marks the cause due when it fires.
    fn record(&mut self, step: Step, fires: bool, cause: DueCause) {
        self.resolution.step(step);
        if fires {
            self.causes.push(cause);
        }
    }
}

/// Losses in one move: more than the class's threshold (a European regular not in a move
/// in which it wins a melee).
fn losses_cause(events: &MoraleDueInput, due: &mut Due<'_, '_>) {
    // Losses in one move.
    let (loss_key, loss_text) = match events.class {
        MoraleClass::Fanatic => (
            "morale-fanatic-losses-more-than",
            "when a Fanatic unit loses more than {n} fighting factors in any one move",
        ),
        MoraleClass::EuropeanRegular => (
            "morale-european-regular-losses-more-than",
            "when a European regular unit loses more than {n} fighting factors in any one move, but not in a move in which it wins a melee",
        ),
        MoraleClass::Other => (
            "morale-other-losses-more-than",
            "when a unit loses more than {n} fighting factors in any one move",
        ),
    };
    let lost = i64::from(events.lost_this_move);
    if let Some((n, mut step)) = due.threshold(loss_key) {
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
        due.record(step, fires, DueCause::Losses);
    }
}

/// The melee loser: losing by more than the class's margin.
fn melee_loss_cause(events: &MoraleDueInput, due: &mut Due<'_, '_>) {
    // The melee loser.
    if let Some(by) = events.melee_lost_by {
        let key = if due.elite {
            "morale-fanatic-regular-melee-margin-more-than"
        } else {
            "morale-other-melee-margin-more-than"
        };
        if let Some((n, mut step)) = due.threshold(key) {
            let fires = i64::from(by) > n;
            step.text = format!(
                "loser of most fighting factors in a melee and the difference is more than {n}: lost by {by}: {}",
                if fires { "a test is due" } else { "no test" }
            );
            step.value = Some(json!(by));
            due.record(step, fires, DueCause::MeleeLoss);
        }
    }
}

/// Being charged: a test for all but Native Fanatics and European regulars.
fn being_charged_cause(events: &MoraleDueInput, due: &mut Due<'_, '_>) {
    // Being charged: "A unit that is being charged, other than Native Fanatics and European
    // regulars, must take a morale test."
    if events.being_charged {
        if due.elite {
            due.resolution.step(Step::note(
                section(CHARGED),
                "a unit that is being charged, other than Native Fanatics and European regulars, must take a morale test: this unit need not",
            ));
        } else {
            due.resolution.step(Step::note(
                section(OTHERS),
                "when being charged: a test is due (before contact)",
            ));
            due.causes.push(DueCause::BeingCharged);
        }
    }
}

/// Flanking units, for Fanatics and European regulars: one of equal quality breaking
/// within the threshold; falling back is no cause.
fn elite_flank_causes(events: &MoraleDueInput, due: &mut Due<'_, '_>) {
    // Flanking units.
    if let Some(mm) = events.flank_broke_within_mm
        && let Some((n, mut step)) = due.threshold("morale-fanatic-regular-flank-break-within-mm")
    {
        #[allow(clippy::cast_precision_loss)]
        let near = mm <= n as f64;
        let equal = events.flank_quality == Quality::Equal;
        let fires = near && equal;
        step.text = format!(
            "when a flanking unit within {n} mm breaks; the test will be taken only if the breaking unit is of equal quality: {}, {} quality: {}",
            crate::rules::words::mm(mm),
            events.flank_quality.name(),
            if fires { "a test is due" } else { "no test" }
        );
        due.record(step, fires, DueCause::FlankBroke);
    }
    if events.flank_fell_back_within_mm.is_some() {
        due.resolution.step(Step::note(
            section(FANATICS),
            "a flanking unit falling back is not a cause for Fanatics and European regulars",
        ));
    }
}

/// Flanking units, for other troops: one falling back or breaking within the threshold.
fn other_flank_causes(events: &MoraleDueInput, due: &mut Due<'_, '_>) {
    // Flanking units.
    for (mm, what, name) in [
        (events.flank_broke_within_mm, "breaks", DueCause::FlankBroke),
        (
            events.flank_fell_back_within_mm,
            "falls back",
            DueCause::FlankFellBack,
        ),
    ] {
        let Some(mm) = mm else { continue };
        if let Some((n, mut step)) = due.threshold("morale-other-flank-within-mm") {
            #[allow(clippy::cast_precision_loss)]
            let fires = mm <= n as f64;
            step.text = format!(
                "when a flanking unit within {n} mm falls back or breaks: it {what} at {}: {}",
                crate::rules::words::mm(mm),
                if fires { "a test is due" } else { "no test" }
            );
            due.record(step, fires, name);
        }
    }
}

/// MORALE: which causes make a test due this move.
pub struct MoraleDue;

impl Procedure for MoraleDue {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "morale-due";
    const THROWS: bool = false;
    type Input = MoraleDueInput;
    type Outcome = MoraleDueOutcome;
    const ROLES: &'static [&'static str] = &["unit"];

    fn resolve(
        charts: &Charts,
        input: &MoraleDueInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<MoraleDueOutcome>, Refusal> {
        resolve_due(charts, input)
    }
}
