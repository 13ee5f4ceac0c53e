//! MORALE (L163): the causes of a test, FANATICS & EUROPEAN REGULARS against OTHER TROOPS,
//! and BEING CHARGED (L131), through the library (`morale_due::MoraleDue`), one case per
//! sentence's edge; `cli_contract` keeps `laager mc morale-due`'s flags.

use super::resolve;
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::rules::micro_colonial::morale_due::{
    DueCause, MoraleClass, MoraleDue, MoraleDueInput, Quality,
};
use serde_json::json;

/// A unit of this class that lost this many FF this move, and nothing else.
fn unit(class: MoraleClass, lost_this_move: u32) -> MoraleDueInput {
    MoraleDueInput {
        class,
        lost_this_move,
        won_melee: false,
        melee_lost_by: None,
        being_charged: false,
        flank_broke_within_mm: None,
        flank_quality: Quality::Equal,
        flank_fell_back_within_mm: None,
        origins: laager::rules::situation::Origins::default(),
    }
}

/// The causes of a test that are due, for each case, naming the case that fails.
fn check(cases: &[(&str, MoraleDueInput, &[DueCause])]) {
    let charts = Charts::shipped().expect("shipped");
    for (case, input, due) in cases {
        let resolution = resolve::<MoraleDue>(&charts, input, "");
        assert_eq!(resolution.outcome.due, *due, "{case}");
        assert_eq!(resolution.out("due"), json!(due), "{case}");
    }
}

// "1. When a Fanatic unit loses more than 100 fighting factors in any one move." "2. When a
// European regular unit loses more than 50 fighting factors in any one move, but not in a
// move in which it wins a melee." OTHER TROOPS "1. When a unit loses more than 50 fighting
// factors in any one move."
#[test]
fn losses_in_one_move() {
    use MoraleClass::{EuropeanRegular, Fanatic, Other};
    check(&[
        (
            "a fanatic unit losing 101",
            unit(Fanatic, 101),
            &[DueCause::Losses],
        ),
        ("a fanatic unit losing 100", unit(Fanatic, 100), &[]),
        (
            "european regulars losing 60",
            unit(EuropeanRegular, 60),
            &[DueCause::Losses],
        ),
        (
            "european regulars losing 60 in a move they win a melee",
            MoraleDueInput {
                won_melee: true,
                ..unit(EuropeanRegular, 60)
            },
            &[],
        ),
        (
            "other troops losing 51",
            unit(Other, 51),
            &[DueCause::Losses],
        ),
        ("other troops losing 50", unit(Other, 50), &[]),
    ]);
}

// "4. Loser of more fighting factors in a melee and the difference is more than 20" against
// OTHER TROOPS "2. ... more than 10".
#[test]
fn the_melee_loser_tests_past_20_or_past_10() {
    let lost_by = |class, by| MoraleDueInput {
        melee_lost_by: Some(by),
        ..unit(class, 0)
    };
    check(&[
        (
            "european regulars lost by 21",
            lost_by(MoraleClass::EuropeanRegular, 21),
            &[DueCause::MeleeLoss],
        ),
        (
            "european regulars lost by 20",
            lost_by(MoraleClass::EuropeanRegular, 20),
            &[],
        ),
        (
            "other troops lost by 11",
            lost_by(MoraleClass::Other, 11),
            &[DueCause::MeleeLoss],
        ),
        (
            "other troops lost by 10",
            lost_by(MoraleClass::Other, 10),
            &[],
        ),
    ]);
}

// "A unit that is being charged, other than Native Fanatics and European regulars, must take
// a morale test."
#[test]
fn being_charged_is_a_cause_for_others_only() {
    let charged = |class| MoraleDueInput {
        being_charged: true,
        ..unit(class, 0)
    };
    check(&[
        ("fanatics being charged", charged(MoraleClass::Fanatic), &[]),
        (
            "european regulars being charged",
            charged(MoraleClass::EuropeanRegular),
            &[],
        ),
        (
            "others being charged",
            charged(MoraleClass::Other),
            &[DueCause::BeingCharged],
        ),
    ]);
}

// FANATICS "3. When a flanking unit within 50 mm breaks. The test will be taken only if the
// breaking unit is of equal quality." OTHER TROOPS "4. When a flanking unit within 100 mm
// falls back or breaks." A flank falling back is no cause for European regulars.
#[test]
fn a_flank_breaking_or_falling_back() {
    use MoraleClass::{EuropeanRegular, Fanatic, Other};
    let broke = |class, mm, flank_quality| MoraleDueInput {
        flank_broke_within_mm: Some(mm),
        flank_quality,
        ..unit(class, 0)
    };
    let fell_back = |class, mm| MoraleDueInput {
        flank_fell_back_within_mm: Some(mm),
        ..unit(class, 0)
    };
    check(&[
        (
            "fanatics, an equal flank broke at 50 mm",
            broke(Fanatic, 50.0, Quality::Equal),
            &[DueCause::FlankBroke],
        ),
        (
            "fanatics, an equal flank broke at 51 mm",
            broke(Fanatic, 51.0, Quality::Equal),
            &[],
        ),
        (
            "fanatics, an unequal flank broke at 40 mm",
            broke(Fanatic, 40.0, Quality::Unequal),
            &[],
        ),
        (
            "others, a flank fell back at 100 mm",
            fell_back(Other, 100.0),
            &[DueCause::FlankFellBack],
        ),
        (
            "others, a flank fell back at 101 mm",
            fell_back(Other, 101.0),
            &[],
        ),
        (
            "others, a flank broke at 90 mm",
            broke(Other, 90.0, Quality::Equal),
            &[DueCause::FlankBroke],
        ),
        (
            "european regulars, a flank fell back at 10 mm",
            fell_back(EuropeanRegular, 10.0),
            &[],
        ),
    ]);
}

/// `laager mc morale-due`'s flags as spelled.
mod cli_contract {
    use super::super::resolved;
    use serde_json::{Value, json};

    fn due(args: &[&str]) -> Value {
        let mut all = vec!["morale-due"];
        all.extend_from_slice(args);
        resolved(&all)["outcome"]["due"].clone()
    }

    // FANATICS 3 and OTHER TROOPS 2 and 4, through `--flank-broke-within-mm`,
    // `--flank-quality`, `--melee-lost-by`, `--won-melee`, `--being-charged` and
    // `--flank-fell-back-within-mm`.
    #[test]
    fn the_morale_due_flags_as_spelled() {
        assert_eq!(
            due(&["--class", "fanatic", "--lost-this-move", "101"]),
            json!(["losses"])
        );
        assert_eq!(
            due(&[
                "--class",
                "fanatic",
                "--lost-this-move",
                "0",
                "--flank-broke-within-mm",
                "40",
                "--flank-quality",
                "unequal"
            ]),
            json!([])
        );
        assert_eq!(
            due(&[
                "--class",
                "european-regular",
                "--lost-this-move",
                "60",
                "--won-melee",
                "--melee-lost-by",
                "21"
            ]),
            json!(["melee-loss"])
        );
        assert_eq!(
            due(&[
                "--class",
                "other",
                "--lost-this-move",
                "0",
                "--being-charged",
                "--flank-fell-back-within-mm",
                "100"
            ]),
            json!(["being-charged", "flank-fell-back"])
        );
    }
}
