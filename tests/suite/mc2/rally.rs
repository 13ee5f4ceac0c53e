//! RALLYING (L168-L198): "throw one dice and consult the following table. The figure in the
//! table gives the minimum dice score required to rally. (NOTE: Units still in melee or under
//! cannister fire may not be rallied)." And BREAK (ROUT) (L166): "A breaking unit will lose
//! one dice x 10 fighting factors per move of rout." Through the library (`rally::Rally`,
//! `rally::RoutLoss`); `cli_contract` keeps `laager mc rally`'s and `rout-loss`'s flags.

use super::{charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::rally::{
    Command, Rally, RallyClass, RallyInput, RoutLoss, RoutLossInput,
};
use laager::rules::situation::Origins;
use serde_json::json;

fn attempt(class: RallyClass, command: Command) -> RallyInput {
    RallyInput {
        class,
        command,
        in_melee: false,
        under_cannister: false,
        origins: Origins::default(),
    }
}

// Levies with no command figure need 5 (L183): a 5 rallies, a 4 does not; irregulars with
// no command figure need 4 (L184).
#[test]
fn the_minimum_die_score_to_rally() {
    let cases = [
        ("levies, no command, a 5", RallyClass::Levies, "5", true, 5),
        ("levies, no command, a 4", RallyClass::Levies, "4", false, 5),
        (
            "irregulars, no command, a 4",
            RallyClass::Irregular,
            "4",
            true,
            4,
        ),
        (
            "irregulars, no command, a 3",
            RallyClass::Irregular,
            "3",
            false,
            4,
        ),
    ];
    for (case, class, die, rallied, minimum) in cases {
        let resolution = resolve::<Rally>(&charts_with(&[]), &attempt(class, Command::None), die);
        assert_eq!(resolution.outcome.rallied, rallied, "{case}");
        assert_eq!(resolution.outcome.minimum, Some(minimum), "{case}");
        assert_eq!(resolution.out("rallied"), json!(rallied), "{case}");
    }
}

// 'Automatic ... Rally' (L188, L195): European regulars or fanatics with the C-in-C.
#[test]
fn european_regulars_with_the_c_in_c_rally_automatically() {
    let resolution = resolve::<Rally>(
        &charts_with(&[]),
        &attempt(RallyClass::EuropeanRegularOrFanatic, Command::CInC),
        "",
    );
    assert!(resolution.outcome.rallied);
    assert_eq!(resolution.outcome.minimum, None);
    assert!(resolution.rolls.is_empty());
}

// "Units still in melee or under cannister fire may not be rallied" — refused by RALLYING
// before the table is read.
#[test]
fn no_rally_in_melee_or_under_cannister_fire() {
    let cases = [
        (
            "levies in melee",
            RallyInput {
                in_melee: true,
                ..attempt(RallyClass::Levies, Command::None)
            },
        ),
        (
            "irregulars under cannister fire, with the C-in-C",
            RallyInput {
                under_cannister: true,
                ..attempt(RallyClass::Irregular, Command::CInC)
            },
        ),
    ];
    for (case, input) in cases {
        let refusal = refuse::<Rally>(&charts_with(&[]), &input, "6");
        assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{case}: {refusal:?}");
        assert_eq!(refusal.rule.section, "RALLYING", "{case}: {refusal:?}");
        assert!(refusal.needs_cells.is_empty(), "{case}: {refusal:?}");
        let odds = Rally::odds(&charts_with(&[]), &input).expect("a rally throws a die");
        assert!(odds.is_err(), "{case}: the odds refuse too");
    }
}

// Levies with no command: faces 5 and 6 of six rally.
#[test]
fn rally_odds_sum_to_one() {
    let odds = Rally::odds(
        &charts_with(&[]),
        &attempt(RallyClass::Levies, Command::None),
    )
    .expect("a rally throws a die")
    .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
    assert_eq!(odds.outcomes[1].value, json!(true));
    assert!((odds.outcomes[1].probability - 2.0 / 6.0).abs() < 1e-12);
}

// A 4 thrown: 4 x 10 = 40 FF lost in the move of rout.
#[test]
fn a_routing_unit_loses_a_die_times_10() {
    let input = RoutLossInput {
        origins: Origins::default(),
    };
    let resolution = resolve::<RoutLoss>(&charts_with(&[]), &input, "4");
    assert_eq!(resolution.outcome.ff_lost, 40);
    let odds = RoutLoss::odds(&charts_with(&[]), &input)
        .expect("a rout throws a die")
        .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
}

/// `laager mc rally` and `rout-loss` as spelled: `--class`, `--command`, `--in-melee`,
/// `--seed`, `--odds`, and exit code 2 with the typed refusal.
mod cli_contract {
    use super::super::{mc_json, needs, odds_total, refused, resolved};
    use serde_json::json;

    #[test]
    fn the_rally_flags_as_spelled() {
        let value = resolved(&[
            "rally",
            "--class",
            "levies",
            "--command",
            "none",
            "--dice",
            "5",
        ]);
        assert_eq!(value["outcome"]["rallied"], json!(true));
        assert_eq!(value["outcome"]["minimum"], json!(5));
        let value = resolved(&[
            "rally",
            "--class",
            "european-regular-or-fanatic",
            "--command",
            "c-in-c",
            "--seed",
            "1",
        ]);
        assert_eq!(value["outcome"]["rallied"], json!(true));
        assert_eq!(value["rolls"], json!([]));
    }

    #[test]
    fn a_refused_rally_exits_2_with_its_typed_refusal() {
        let refusal = refused(&[
            "rally",
            "--class",
            "levies",
            "--command",
            "none",
            "--in-melee",
            "--dice",
            "6",
        ]);
        assert!(needs(&refusal).is_empty());
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(refusal["rule"]["section"], json!("RALLYING"));
        let refusal = refused(&[
            "rally",
            "--class",
            "irregular",
            "--command",
            "c-in-c",
            "--under-cannister",
            "--odds",
        ]);
        assert_eq!(refusal["rule"]["section"], json!("RALLYING"));
    }

    #[test]
    fn rout_loss_as_spelled() {
        let value = resolved(&["rout-loss", "--dice", "4"]);
        assert_eq!(value["outcome"]["ff_lost"], json!(40));
        let (code, odds) = mc_json(&["rout-loss", "--odds"]);
        assert_eq!(code, Some(0));
        assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    }
}
