//! CHARGING (L130), PURSUIT (L131) and APPENDIX 2 SUB COMMANDERS (L216), through the
//! library (`charge::Charge`, `Pursuit`, `Initiative`); `cli_contract` keeps `laager mc
//! charge`'s, `pursuit`'s and `initiative`'s flags and exit code.

use super::{charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::charge::{
    Charge, ChargeInput, ChargeOutcome, Initiative, InitiativeInput, InitiativeResult, Pursuer,
    Pursuit, PursuitInput, PursuitResult,
};
use serde_json::json;

/// A charge of 200 mm at a target 150 mm away, with nothing else said.
fn charge() -> ChargeInput {
    ChargeInput {
        moves_since_last_charge: None,
        pursuing: false,
        charge_mm: 200.0,
        target_mm: 150.0,
        volley_losses: 0,
        cause_during_move: false,
        origins: laager::rules::situation::Origins::default(),
    }
}

fn outcome(input: &ChargeInput) -> ChargeOutcome {
    resolve::<Charge>(&charts_with(&[]), input, "").outcome
}

// "A unit may charge once in every three moves, except when it is pursuing a unit which it
// has broken, or which is evading it."
#[test]
fn a_unit_that_charged_two_moves_ago_may_not_charge() {
    let cases = [
        ("charged 2 moves ago", Some(2), false, false),
        ("charged 3 moves ago", Some(3), false, true),
        ("charged 1 move ago, pursuing", Some(1), true, true),
    ];
    for (case, moves_since_last_charge, pursuing, eligible) in cases {
        let input = ChargeInput {
            moves_since_last_charge,
            pursuing,
            ..charge()
        };
        let resolution = resolve::<Charge>(&charts_with(&[]), &input, "");
        assert_eq!(resolution.outcome.eligible, eligible, "{case}");
        assert_eq!(resolution.out("eligible"), json!(eligible), "{case}");
    }
}

// "A unit may not initiate a charge unless its target is within its charge distance at the
// beginning of its move, taking into account any loss from volley fire effect": 200 - 60 =
// 140 mm of reach, so a target at 150 mm is out of reach.
#[test]
fn volley_losses_shorten_the_charge_reach() {
    let o = outcome(&ChargeInput {
        volley_losses: 60,
        ..charge()
    });
    assert!(!o.eligible);
    assert!((o.reach_mm - 140.0).abs() < f64::EPSILON, "{}", o.reach_mm);
}

// "If a cause does occur, the test will be taken when the unit is 20 mm from its target."
#[test]
fn a_cause_during_the_charge_tests_at_20_mm() {
    let o = outcome(&ChargeInput {
        cause_during_move: true,
        ..charge()
    });
    assert_eq!(o.morale_test_at_mm, Some(20));
    assert_eq!(outcome(&charge()).morale_test_at_mm, None);
}

// "Pursuit of a breaking unit is automatic for the first move, except for Infantry units in
// prepared positions, who need not pursue." "On the second and subsequent round of pursuit
// all natives and irregular troops must throw one dice: 1-2-3-4 they must continue the
// pursuit; 5 or 6 they may break off."
#[test]
fn pursuit_by_round_and_die() {
    let cases = [
        (
            "natives, round 1",
            Pursuer::Native,
            1,
            false,
            "6",
            PursuitResult::Must,
        ),
        (
            "others in a prepared position, round 1",
            Pursuer::Other,
            1,
            true,
            "",
            PursuitResult::NeedNot,
        ),
        (
            "natives, round 2, a 4",
            Pursuer::Native,
            2,
            false,
            "4",
            PursuitResult::Continue,
        ),
        (
            "irregulars, round 3, a 5",
            Pursuer::Irregular,
            3,
            false,
            "5",
            PursuitResult::MayBreakOff,
        ),
    ];
    for (case, pursuer, round, infantry_in_prepared_position, die, result) in cases {
        let input = PursuitInput {
            pursuer,
            round,
            infantry_in_prepared_position,
            origins: laager::rules::situation::Origins::default(),
        };
        let mut dice = super::faces(die);
        let resolution = Pursuit::resolve(&charts_with(&[]), &input, &mut dice).expect(case);
        assert_eq!(resolution.outcome.pursuit, result, "{case}");
        assert_eq!(resolution.out("pursuit"), json!(result), "{case}");
    }
    let odds = Pursuit::odds(
        &charts_with(&[]),
        &PursuitInput {
            pursuer: Pursuer::Native,
            round: 2,
            infantry_in_prepared_position: false,
            origins: laager::rules::situation::Origins::default(),
        },
    )
    .expect("a second round throws a die")
    .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
}

// PURSUIT counts its rounds from 1: a round 0 is refused by PURSUIT.
#[test]
fn round_zero_of_pursuit_is_refused() {
    let input = PursuitInput {
        pursuer: Pursuer::Native,
        round: 0,
        infantry_in_prepared_position: false,
        origins: laager::rules::situation::Origins::default(),
    };
    let refusal = refuse::<Pursuit>(&charts_with(&[]), &input, "4");
    assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{refusal:?}");
    assert_eq!(refusal.rule.section, "PURSUIT", "{refusal:?}");
}

// "Throw one dice: 1 or 2 the unit must carry on with its initial orders where possible; 3 to
// 6 the officer may change the orders as required."
#[test]
fn a_sub_commander_may_change_orders_on_3_to_6() {
    let charts = charts_with(&[]);
    let test = InitiativeInput::default();
    assert_eq!(
        resolve::<Initiative>(&charts, &test, "2")
            .outcome
            .initiative,
        InitiativeResult::CarryOn
    );
    assert_eq!(
        resolve::<Initiative>(&charts, &test, "3")
            .outcome
            .initiative,
        InitiativeResult::MayChange
    );
    let odds = Initiative::odds(&charts, &test)
        .expect("an initiative test throws a die")
        .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
}

/// `laager mc charge`, `pursuit` and `initiative` as spelled, `--seed`, `--odds`, and exit
/// code 2 with the refusal.
mod cli_contract {
    use super::super::{mc_json, odds_total, refused, resolved};
    use serde_json::json;

    #[test]
    fn the_charge_flags_as_spelled() {
        let v = resolved(&[
            "charge",
            "--charge-mm",
            "200",
            "--target-mm",
            "150",
            "--moves-since-last-charge",
            "1",
            "--pursuing",
            "--volley-losses",
            "60",
            "--cause-during-move",
        ]);
        assert_eq!(v["outcome"]["eligible"], json!(false));
        assert_eq!(v["outcome"]["reach_mm"], json!(140.0));
        assert_eq!(v["outcome"]["morale_test_at_mm"], json!(20));
    }

    #[test]
    fn the_pursuit_and_initiative_flags_as_spelled() {
        let p = resolved(&[
            "pursuit",
            "--pursuer",
            "other",
            "--round",
            "1",
            "--infantry-in-prepared-position",
            "--seed",
            "1",
        ]);
        assert_eq!(p["outcome"]["pursuit"], json!("need-not"));
        let change = resolved(&["initiative", "--dice", "3"]);
        assert_eq!(change["outcome"]["initiative"], json!("may-change"));
        let (_, odds) = mc_json(&["initiative", "--odds"]);
        assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_refused_pursuit_exits_2_with_its_typed_refusal() {
        let refusal = refused(&[
            "pursuit",
            "--pursuer",
            "native",
            "--round",
            "0",
            "--dice",
            "4",
        ]);
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(refusal["rule"]["section"], json!("PURSUIT"));
    }
}
