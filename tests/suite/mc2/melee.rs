//! MELEE CALCULATIONS (L161): "1. Divide the unit's present fighting factor by 10. 2. Obtain
//! the melee factor for the attacker and the defender from the appropriate table ... 3. Add
//! or subtract any tactical factors which apply. 4. Throw a random factor per unit engaged
//! ... RESULT Any plus result will be the number of fighting factors lost by the opposing
//! unit. Ignore any minus results."

use super::{mc_json, needs, odds_total, refused, resolved, with};
use serde_json::json;

const FIGHT: [&str; 11] = [
    "melee",
    "--a-ff",
    "400",
    "--a-type",
    "native-fanatic-infantry",
    "--b-ff",
    "120",
    "--b-type",
    "regular-infantry",
    "--dice",
    "B4,R2,B3,R1",
];
const CELL: [&str; 2] = [
    "--cell",
    "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4",
];

// Table 1's keys are lost: the melee asks for exactly its one cell, named by the two types.
#[test]
fn a_melee_asks_for_exactly_its_table_cell() {
    assert_eq!(
        needs(&refused(&FIGHT)),
        vec!["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry"]
    );
}

// Given +3/-4: A = 400 / 10 + 3 + (4 - 2) = 45; B = 120 / 10 - 4 + (3 - 1) = 10. A's plus
// total is B's loss and B's is A's: A loses 10, B loses 45; A wins by 35; B is a European
// regular and 35 is more than 20 (MORALE, L163): B must test.
#[test]
fn the_melee_resolves_with_the_cell_given() {
    let value = resolved(&with(&FIGHT, &CELL));
    let o = &value["outcome"];
    assert_eq!(o["a_losses"], json!(10));
    assert_eq!(o["b_losses"], json!(45));
    assert_eq!(o["winner"], json!("a"));
    assert_eq!(o["margin"], json!(35));
    assert_eq!(o["loser_must_test"], json!(true));
}

// Table 4: uphill +10 for A, attacked in flank -15 for B; impact round for A, two black
// dice B4,B1 and R2: A = 40 + 3 + 10 + 3 = 56; B = 12 - 4 - 15 + 2 = -5, ignored.
#[test]
fn additional_factors_and_the_impact_round_count() {
    let mut args = with(&FIGHT, &CELL);
    args[10] = "B4,B1,R2,B3,R1";
    args.extend([
        "--impact",
        "a",
        "--a-factor",
        "uphill",
        "--b-factor",
        "attacked-in-flank",
    ]);
    let o = resolved(&args)["outcome"].clone();
    assert_eq!(o["b_losses"], json!(56));
    assert_eq!(o["a_losses"], json!(0));
}

// "When an attacking unit engages another in flank ... in the first round of the melee, it
// will count only half of its fighting factor" (L153): 400 / 2 = 200, / 10 = 20; 20 + 3 + 2
// = 25.
#[test]
fn a_flank_attack_counts_half_ff_in_the_first_round() {
    let args = with(&with(&FIGHT, &CELL), &["--flank-attack", "a"]);
    assert_eq!(resolved(&args)["outcome"]["b_losses"], json!(25));
}

// "Loser of melee last move (not fanatics or regulars)": no -5 for the fanatic attacker.
#[test]
fn loser_last_move_does_not_apply_to_fanatics() {
    let args = with(&with(&FIGHT, &CELL), &["--a-factor", "loser-last-move"]);
    assert_eq!(resolved(&args)["outcome"]["b_losses"], json!(45));
}

// Against irregulars the -5 applies: with a cell of 0/0, A (irregular) = 10 + 0 - 5 + 2 = 7.
#[test]
fn loser_last_move_applies_to_irregulars() {
    let args = [
        "melee",
        "--a-ff",
        "100",
        "--a-type",
        "irregular-infantry",
        "--b-ff",
        "100",
        "--b-type",
        "native-levy-infantry",
        "--dice",
        "B4,R2,B1,R1",
        "--a-factor",
        "loser-last-move",
        "--cell",
        "melee_infantry_v_infantry:irregular-infantry:native-levy-infantry=0/0",
    ];
    let o = resolved(&args)["outcome"].clone();
    assert_eq!(o["b_losses"], json!(7));
    assert_eq!(o["a_losses"], json!(10));
    // Lost by 3 - not more than 10: no test for the levies' side (others, L163).
    assert_eq!(o["winner"], json!("b"));
    assert_eq!(o["loser_must_test"], json!(false));
}

#[test]
fn melee_odds_sum_to_one() {
    let mut args = with(&FIGHT, &CELL);
    args[9] = "--odds";
    args.remove(10);
    let (code, odds) = mc_json(&args);
    assert_eq!(code, Some(0), "{odds}");
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
}

// "The last 20 mm of a charge must be in a straight line otherwise the charging unit will not
// get impact bonus" (L130) — refused before any chart is read.
#[test]
fn no_impact_round_after_a_curved_last_20_mm() {
    let args = with(&FIGHT, &["--impact", "a", "--a-last-20mm-curved"]);
    assert!(needs(&refused(&args)).is_empty());
}

// "For an effective charge they must fire at a range of over 50 mm otherwise they will get no
// impact bonus in the first round of melee" (L131): 50 mm is not over 50.
#[test]
fn no_impact_round_after_firing_at_50_mm() {
    let args = with(&FIGHT, &["--impact", "a", "--a-fired-at-mm", "50"]);
    assert!(needs(&refused(&args)).is_empty());
    let mut ok = with(
        &with(&FIGHT, &CELL),
        &["--impact", "a", "--a-fired-at-mm", "51"],
    );
    ok[10] = "B4,B1,R2,B3,R1";
    // 40 + 3 + (4 + 1 - 2) = 46.
    assert_eq!(resolved(&ok)["outcome"]["b_losses"], json!(46));
}

// Issue 17: "Micro Colonial melee between units on the table require the contact the table
// shows ... or the referee's explicit 'in contact' call, which the steps record." On the
// demo uNodwengu 1 stands far across the donga from 1/24 A: the melee read from that table
// is refused, and resolves once the referee calls them in contact, a step saying so.
#[test]
fn a_melee_between_units_apart_on_the_table_needs_the_referees_call() {
    let layout = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/demos/micro_colonial_isandhlwana.json"
    );
    let on_table = with(
        &with(&FIGHT, &CELL),
        &[
            "--layout",
            layout,
            "--unit",
            "a=uNodwengu 1",
            "--unit",
            "b=1/24 A",
        ],
    );
    // The counters (30 x 15 mm) span x 435-465, y 772.5-787.5 and x 285-315, y 322.5-337.5:
    // nearest corners 120 mm across and 435 mm apart, sqrt(120^2 + 435^2) = 451.25 mm.
    let refusal = refused(&on_table);
    assert_eq!(
        refusal["reason"],
        "a melee needs the units in contact: a ('uNodwengu 1') and b ('1/24 A') do not touch on the table (451.2 mm apart); if the table is wrong, mark them in contact"
    );
    let called = resolved(&with(&on_table, &["--in-contact"]));
    let steps: Vec<&str> = called["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s["text"].as_str())
        .collect();
    assert!(
        steps
            .iter()
            .any(|s| s.contains("in contact on given by hand; the table gives off")),
        "{steps:?}"
    );
    // The same melee as without a table: A loses 10, B 45 (as above).
    assert_eq!(called["outcome"]["a_losses"], json!(10));
    assert_eq!(called["outcome"]["b_losses"], json!(45));
}

// MELEES 1 (L160): "All infantry units, with the exception of native fanatics, may only
// move to engage mounted troops if such troops are already engaged in a stationary
// melee." Regular infantry attacking regular cavalry is refused by that rule; the same
// attack on cavalry already in a stationary melee goes on to the charts (whose cells are
// lost: a needs-cells refusal, not the rule's), as does native fanatic infantry's.
#[test]
fn infantry_engage_cavalry_only_in_a_stationary_melee() {
    let args = [
        "melee",
        "--a-ff",
        "200",
        "--a-type",
        "regular-infantry",
        "--b-ff",
        "100",
        "--b-type",
        "regular-cavalry",
        "--dice",
        "B4,R2,B3,R5",
    ];
    let (code, v) = mc_json(&args);
    assert_eq!(code, Some(2));
    assert_eq!(v["refusal"]["kind"], "not_allowed", "{v}");
    assert_eq!(v["refusal"]["rule"]["section"], "MELEES");
    let mut stationary = args.to_vec();
    stationary.push("--b-in-stationary-melee");
    let (_, v) = mc_json(&stationary);
    assert_eq!(v["refusal"]["kind"], "needs_cells", "{v}");
    let mut fanatics = args.to_vec();
    fanatics[4] = "native-fanatic-infantry";
    let (_, v) = mc_json(&fanatics);
    assert_eq!(v["refusal"]["kind"], "needs_cells", "{v}");
}
