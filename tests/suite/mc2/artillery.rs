//! ARTILLERY FIRE (L126), OVERHEAD FIRING (L128), the artillery ranges (L113-L118), Artillery
//! Table 3 (L714-L745) and OPEN ORDER INFANTRY SKIRMISHING 2 (L110).

use super::{mc_json, needs, odds_total, refused, resolved, with};
use serde_json::json;

const SHELL: [&str; 15] = [
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
];
const CELLS: [&str; 4] = [
    "--cell",
    "artillery_shell:400:close-order-native-6-7pdr=12",
    "--cell",
    "artillery_tactical_factors:random-factor-maximum=15",
];

// Every shell fire needs the Shell cell; the random factor's lost maximum only once the
// factor thrown is a plus one ("x5, up to a maximum"): B5,R1 is +4, x5 = +20.
#[test]
fn a_shell_fire_asks_for_its_cell_and_the_random_maximum() {
    assert_eq!(
        needs(&refused(&SHELL)),
        vec!["artillery_shell:400:close-order-native-6-7pdr"]
    );
    let mut with_shell = SHELL.to_vec();
    with_shell.extend(&CELLS[..2]);
    assert_eq!(
        needs(&refused(&with_shell)),
        vec!["artillery_tactical_factors:random-factor-maximum"]
    );
}

// 12 + 8 (close order flank, L740) + 40 / 10 + min((5 - 1) x 5, 15) = 12 + 8 + 4 + 15 = 39.
#[test]
fn the_same_fire_resolves_with_the_cells_given() {
    let value = resolved(&with(&SHELL, &CELLS));
    assert_eq!(value["outcome"]["ff_lost"], json!(39));
}

// A 6-7 pdr's shell: minimum 50 mm, maximum 800 (L115-L116).
#[test]
fn shell_under_the_minimum_range_is_refused() {
    let mut args = with(&SHELL, &[]);
    args[6] = "40";
    let refusal = refused(&args);
    assert!(needs(&refusal).is_empty());
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("min 50 mm")
    );
}

#[test]
fn shell_beyond_800_mm_from_a_6_7_pdr_is_refused() {
    let mut args = with(&SHELL, &[]);
    args[6] = "801";
    assert!(
        refused(&args)["reason"]
            .as_str()
            .expect("reason")
            .contains("max 800 mm")
    );
}

// "A gun may not fire cannister overhead at any time." (L128)
#[test]
fn cannister_overhead_is_refused_before_any_chart() {
    let mut args = with(&SHELL, &["--overhead"]);
    args[4] = "cannister";
    let refusal = refused(&args);
    assert!(needs(&refusal).is_empty());
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("overhead")
    );
}

// Overhead shell "only if the gun is not within 20 mm of friendly troops" (L128).
#[test]
fn overhead_shell_with_friends_within_20_mm_is_refused() {
    let args = with(&SHELL, &["--overhead", "--friends-near-gun-mm", "20"]);
    assert!(needs(&refused(&args)).is_empty());
    let clear = with(
        &with(&SHELL, &CELLS),
        &["--overhead", "--friends-near-gun-mm", "21"],
    );
    assert_eq!(resolved(&clear)["outcome"]["ff_lost"], json!(39));
}

// Rockets fire no cannister (only two cannister ranges are printed, L118).
#[test]
fn rockets_fire_no_cannister() {
    let mut args = with(&SHELL, &[]);
    args[2] = "rockets";
    args[4] = "cannister";
    args[6] = "50";
    assert!(
        refused(&args)["reason"]
            .as_str()
            .expect("reason")
            .contains("no cannister")
    );
}

// "the number of fighting factors lost will be divided in the ratio of 1 to 5": 39 FF lost,
// 39 / 6 = 6 (fractions dropped) on the screen, 33 on the close order unit.
#[test]
fn a_skirmish_screen_takes_one_part_in_six() {
    let value = resolved(&with(&with(&SHELL, &CELLS), &["--skirmish-screen"]));
    assert_eq!(value["outcome"]["screen_losses"], json!(6));
    assert_eq!(value["outcome"]["close_order_losses"], json!(33));
}

// Cannister columns are lost: the cell is named by gun and target.
#[test]
fn cannister_names_its_lost_cell_by_gun_and_target() {
    let mut args = with(&SHELL, &[]);
    args[4] = "cannister";
    args[6] = "90";
    assert!(
        needs(&refused(&args))
            .contains(&"artillery_cannister:6-7pdr:close-order-native".to_owned())
    );
}

#[test]
fn artillery_odds_sum_to_one() {
    let mut args = with(&SHELL, &CELLS);
    args[13] = "--odds";
    args.remove(14);
    let (code, odds) = mc_json(&args);
    assert_eq!(code, Some(0), "{odds}");
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
}

// "-10 If gun changes target and range is over 250 mm" (L714): at 350 mm it counts,
// 39 - 10 = 29; at 250 mm it does not.
#[test]
fn changing_target_costs_10_only_over_250_mm() {
    let args = with(
        &with(&SHELL, &CELLS),
        &["--factor", "changed-target-over-250mm"],
    );
    assert_eq!(resolved(&args)["outcome"]["ff_lost"], json!(29));
    let mut near = with(
        &SHELL,
        &[
            "--factor",
            "changed-target-over-250mm",
            "--cell",
            "artillery_shell:400:close-order-native-6-7pdr=12",
            "--cell",
            "artillery_tactical_factors:random-factor-maximum=15",
        ],
    );
    near[6] = "250";
    assert_eq!(resolved(&near)["outcome"]["ff_lost"], json!(39));
}

// Issue 19, deliver 3: "the random factor x5, up to a maximum": a cap bounds only a plus
// factor. B1,R4 is a random factor of -3, x5 = -15; with the shell factor 5 (typed),
// close-order-flank 8 and 40 FF / 10 = 4, the total is 17 - 15 = 2: the target loses 2 FF,
// and the lost maximum is neither needed nor asked for.
#[test]
fn a_minus_random_factor_needs_no_maximum() {
    // SHELL without its dice, the Shell cell typed as 5.
    let args = with(
        &SHELL[..SHELL.len() - 2],
        &["--cell", "artillery_shell:400:close-order-native-6-7pdr=5"],
    );
    let minus = with(&args, &["--dice", "B1,R4"]);
    let (code, v) = mc_json(&minus);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["total"], 2);
    assert_eq!(v["outcome"]["ff_lost"], 2);
    // A plus factor (B4,R1: +3, x5 = +15) may meet the cap: the maximum is asked for,
    // with the steps worked carried.
    let plus = with(&args, &["--dice", "B4,R1"]);
    let (code, v) = mc_json(&plus);
    assert_eq!(code, Some(2));
    assert_eq!(
        v["refusal"]["needs_cells"][0]["key"][0],
        "random-factor-maximum"
    );
    assert!(
        !v["refusal"]["partial_steps"]
            .as_array()
            .expect("steps")
            .is_empty()
    );
}
