//! ARTILLERY FIRE (L126), OVERHEAD FIRING (L128), the artillery ranges (L113-L118), Artillery
//! Table 3 (L714-L745) and OPEN ORDER INFANTRY SKIRMISHING 2 (L110), through the library
//! (`artillery::Artillery` over an `ArtilleryInput`); `cli_contract` keeps `laager mc
//! artillery`'s flags, `--odds` and exit code.

use super::{cells, charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::resolution::{Refusal, RefusalKind};
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::artillery::{
    Ammo, Artillery, ArtilleryInput, ArtilleryOutcome, ArtilleryTarget, Gun,
};
use laager::rules::situation::Origins;
use serde_json::json;

/// A 6-7 pdr of 40 FF firing shell at 350 mm into close-order natives, in their flank.
fn shell() -> ArtilleryInput {
    ArtilleryInput {
        gun: Gun::SixSeven,
        ammo: Ammo::Shell,
        range_mm: 350.0,
        gun_ff: 40,
        target: ArtilleryTarget::CloseOrderNative,
        factors: vec!["close-order-flank".to_owned()],
        overhead: false,
        friends_near_gun_mm: None,
        friends_near_target_mm: None,
        skirmish_screen: false,
        in_arc: None,
        origins: Origins::default(),
    }
}

const SHELL_CELL: &str = "artillery_shell:400:close-order-native-6-7pdr=12";
const MAXIMUM_CELL: &str = "artillery_tactical_factors:random-factor-maximum=15";

fn with_cells() -> Charts {
    charts_with(&[SHELL_CELL, MAXIMUM_CELL])
}

fn fire(charts: &Charts, input: &ArtilleryInput, dice: &str) -> ArtilleryOutcome {
    resolve::<Artillery>(charts, input, dice).outcome
}

fn refused(charts: &Charts, input: &ArtilleryInput) -> Refusal {
    refuse::<Artillery>(charts, input, "B5,R1")
}

// Every shell fire needs the Shell cell; the random factor's lost maximum only once the
// factor thrown is a plus one ("x5, up to a maximum"): B5,R1 is +4, x5 = +20.
#[test]
fn a_shell_fire_asks_for_its_cell_and_the_random_maximum() {
    let refusal = refused(&charts_with(&[]), &shell());
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(
        cells(&refusal),
        vec!["artillery_shell:400:close-order-native-6-7pdr"]
    );
    let refusal = refused(&charts_with(&[SHELL_CELL]), &shell());
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(
        cells(&refusal),
        vec!["artillery_tactical_factors:random-factor-maximum"]
    );
}

// 12 + 8 (close order flank, L740) + 40 / 10 + min((5 - 1) x 5, 15) = 12 + 8 + 4 + 15 = 39.
#[test]
fn the_same_fire_resolves_with_the_cells_given() {
    let resolution = resolve::<Artillery>(&with_cells(), &shell(), "B5,R1");
    assert_eq!(resolution.outcome.ff_lost, 39);
    assert_eq!(resolution.out("ff_lost"), json!(39));
}

// The fire the rules refuse before any chart cell is asked for, each by its rule: a range
// outside the printed minimum or maximum is out of range, the rest not allowed.
#[test]
fn the_fire_the_rules_refuse() {
    let cases = [
        (
            "a 6-7 pdr's shell: minimum 50 mm (L115-L116), at 40",
            ArtilleryInput {
                range_mm: 40.0,
                ..shell()
            },
            "WEAPON RANGES, ARTILLERY",
            Some("artillery_ranges:6-7pdr:shell_min_mm"),
        ),
        (
            "a 6-7 pdr's shell: maximum 800 (L115-L116), at 801",
            ArtilleryInput {
                range_mm: 801.0,
                ..shell()
            },
            "WEAPON RANGES, ARTILLERY",
            Some("artillery_ranges:6-7pdr:shell_max_mm"),
        ),
        (
            "\"A gun may not fire cannister overhead at any time.\" (L128)",
            ArtilleryInput {
                ammo: Ammo::Cannister,
                overhead: true,
                ..shell()
            },
            "OVERHEAD FIRING",
            None,
        ),
        (
            "overhead shell \"only if the gun is not within 20 mm of friendly troops\" (L128): \
             friends at 20 mm",
            ArtilleryInput {
                overhead: true,
                friends_near_gun_mm: Some(20.0),
                ..shell()
            },
            "OVERHEAD FIRING",
            None,
        ),
        (
            "rockets fire no cannister (only two cannister ranges are printed, L118)",
            ArtilleryInput {
                gun: Gun::Rockets,
                ammo: Ammo::Cannister,
                range_mm: 50.0,
                ..shell()
            },
            "WEAPON RANGES, ARTILLERY",
            Some("artillery_ranges:rockets:cannister_max_mm"),
        ),
    ];
    for (rule, input, section, cell) in cases {
        let refusal = refused(&charts_with(&[]), &input);
        let kind =
            if cell.is_some_and(|c| c.ends_with("shell_min_mm") || c.ends_with("shell_max_mm")) {
                RefusalKind::OutOfRange
            } else {
                RefusalKind::NotAllowed
            };
        assert_eq!(refusal.kind, kind, "{rule}: {refusal:?}");
        assert_eq!(refusal.rule.section, section, "{rule}: {refusal:?}");
        assert_eq!(refusal.rule.cell.as_deref(), cell, "{rule}: {refusal:?}");
        assert!(refusal.needs_cells.is_empty(), "{rule}: {refusal:?}");
    }
}

// Overhead shell with friends 21 mm from the gun is allowed: 39 as above.
#[test]
fn overhead_shell_with_friends_beyond_20_mm_is_allowed() {
    let clear = ArtilleryInput {
        overhead: true,
        friends_near_gun_mm: Some(21.0),
        ..shell()
    };
    assert_eq!(fire(&with_cells(), &clear, "B5,R1").ff_lost, 39);
}

// "the number of fighting factors lost will be divided in the ratio of 1 to 5": 39 FF lost,
// 39 / 6 = 6 (fractions dropped) on the screen, 33 on the close order unit.
#[test]
fn a_skirmish_screen_takes_one_part_in_six() {
    let screened = ArtilleryInput {
        skirmish_screen: true,
        ..shell()
    };
    let o = fire(&with_cells(), &screened, "B5,R1");
    assert_eq!(o.screen_losses, Some(6));
    assert_eq!(o.close_order_losses, Some(33));
}

// Cannister columns are lost: the cell is named by gun and target.
#[test]
fn cannister_names_its_lost_cell_by_gun_and_target() {
    let cannister = ArtilleryInput {
        ammo: Ammo::Cannister,
        range_mm: 90.0,
        ..shell()
    };
    let refusal = refused(&charts_with(&[]), &cannister);
    assert!(
        cells(&refusal).contains(&"artillery_cannister:6-7pdr:close-order-native".to_owned()),
        "{refusal:?}"
    );
}

#[test]
fn artillery_odds_sum_to_one() {
    let odds = Artillery::odds(&with_cells(), &shell())
        .expect("a gun throws dice")
        .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
}

// "-10 If gun changes target and range is over 250 mm" (L714): at 350 mm it counts,
// 39 - 10 = 29; at 250 mm it does not.
#[test]
fn changing_target_costs_10_only_over_250_mm() {
    let changed = |range_mm| ArtilleryInput {
        range_mm,
        factors: vec![
            "close-order-flank".to_owned(),
            "changed-target-over-250mm".to_owned(),
        ],
        ..shell()
    };
    assert_eq!(fire(&with_cells(), &changed(350.0), "B5,R1").ff_lost, 29);
    assert_eq!(fire(&with_cells(), &changed(250.0), "B5,R1").ff_lost, 39);
}

// Issue 19, deliver 3: "the random factor x5, up to a maximum": a cap bounds only a plus
// factor. B1,R4 is a random factor of -3, x5 = -15; with the shell factor 5 (typed),
// close-order-flank 8 and 40 FF / 10 = 4, the total is 17 - 15 = 2: the target loses 2 FF,
// and the lost maximum is neither needed nor asked for.
#[test]
fn a_minus_random_factor_needs_no_maximum() {
    let charts = charts_with(&["artillery_shell:400:close-order-native-6-7pdr=5"]);
    let minus = fire(&charts, &shell(), "B1,R4");
    assert_eq!(minus.total, 2);
    assert_eq!(minus.ff_lost, 2);
    // A plus factor (B4,R1: +3, x5 = +15) may meet the cap: the maximum is asked for,
    // with the steps worked carried.
    let refusal = refuse::<Artillery>(&charts, &shell(), "B4,R1");
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(refusal.needs_cells[0].key[0], "random-factor-maximum");
    assert!(!refusal.partial_steps.is_empty());
}

/// `laager mc artillery` as spelled: `--gun`, `--ammo`, `--factor`, `--overhead`,
/// `--friends-near-gun-mm`, `--skirmish-screen`, `--odds`, and exit code 2.
mod cli_contract {
    use super::super::{mc_json, needs, odds_total, refused, resolved, with};
    use serde_json::json;

    const SHELL: [&str; 19] = [
        "artillery",
        "--gun",
        "6-7pdr",
        "--ammo",
        "shell",
        "--range-mm",
        "350",
        "--gun-ff",
        "40",
        "--target",
        "close-order-native",
        "--factor",
        "close-order-flank",
        "--dice",
        "B5,R1",
        "--cell",
        "artillery_shell:400:close-order-native-6-7pdr=12",
        "--cell",
        "artillery_tactical_factors:random-factor-maximum=15",
    ];

    // 12 + 8 + 4 + 15 = 39, overhead with friends 21 mm from the gun; 39 / 6 = 6 on the
    // skirmish screen, 33 on the close order unit.
    #[test]
    fn the_artillery_flags_as_spelled() {
        let clear = with(&SHELL, &["--overhead", "--friends-near-gun-mm", "21"]);
        assert_eq!(resolved(&clear)["outcome"]["ff_lost"], json!(39));
        let value = resolved(&with(&SHELL, &["--skirmish-screen"]));
        assert_eq!(value["outcome"]["screen_losses"], json!(6));
        assert_eq!(value["outcome"]["close_order_losses"], json!(33));
    }

    // "A gun may not fire cannister overhead at any time." (L128): exit 2, the refusal's
    // kind and section, no cells.
    #[test]
    fn a_refused_fire_exits_2_with_its_typed_refusal() {
        let mut args = with(&SHELL, &["--overhead"]);
        args[4] = "cannister";
        let refusal = refused(&args);
        assert!(needs(&refusal).is_empty());
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(refusal["rule"]["section"], json!("OVERHEAD FIRING"));
    }

    #[test]
    fn artillery_odds_print_a_distribution() {
        let mut args = SHELL.to_vec();
        args[13] = "--odds";
        args.remove(14);
        let (code, odds) = mc_json(&args);
        assert_eq!(code, Some(0), "{odds}");
        assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    }
}
