//! SMALL ARMS FIRE (L122) with TYPES OF FIRE (L120), WEAPON RANGES (L110), FIRING INTO A
//! MELEE (L122), RANDOM FACTOR (L110) and APPENDIX 3's two-unit formation (L243).

use super::{mc_json, needs, odds_total, refused, resolved, with};
use serde_json::json;

/// Regular infantry volleying with rifles at 250 mm into a close-order native target of 300 FF.
const VOLLEY: [&str; 17] = [
    "fire",
    "--firer",
    "regular-infantry",
    "--firer-ff",
    "250",
    "--weapon",
    "rifle",
    "--fire",
    "volley",
    "--range-mm",
    "250",
    "--target-ff",
    "300",
    "--target",
    "native-close-order-in-open",
    "--dice",
    "B4,R2",
];

/// The three cells that volley needs, given by --cell.
const VOLLEY_CELLS: [&str; 6] = [
    "--cell",
    "weapon_ranges:rifle=400",
    "--cell",
    "small_arms_range_factors:250:volley-300=42",
    "--cell",
    "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
];

fn volley_at(range: &str, extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = VOLLEY.iter().map(|s| (*s).to_owned()).collect();
    range.clone_into(&mut args[10]);
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

fn refs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

// "This type of fire may only be fired by regular infantry or dismounted mounted infantry.
// All other units, including any naval units, may not fire in volleys." (L120) — refused
// before the rifle's lost range or any Table cell is asked for.
#[test]
fn volley_by_natives_is_refused_before_any_chart_is_read() {
    let mut args = volley_at("250", &[]);
    args[2] = "natives".to_owned();
    let refusal = refused(&refs(&args));
    assert!(needs(&refusal).is_empty(), "{refusal}");
    assert_eq!(
        refusal["rule"]["section"],
        json!("TYPES OF FIRE, VOLLEY FIRE")
    );
}

// "Volley fire may only be used against targets which are at less than 300 mm range." (L120)
#[test]
fn volley_at_300_mm_is_refused() {
    let refusal = refused(&refs(&volley_at("300", &[])));
    assert!(needs(&refusal).is_empty());
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("under 300 mm")
    );
}

// 299 mm is less than 300: the volley is allowed, so what is left is the lost cells.
#[test]
fn volley_at_299_mm_is_allowed_and_asks_only_for_cells() {
    let refusal = refused(&refs(&volley_at("299", &[])));
    assert_eq!(needs(&refusal).len(), 3, "{refusal}");
}

// "Troops in buildings may only use independent fire" (L120).
#[test]
fn volley_from_a_building_is_refused() {
    let refusal = refused(&refs(&volley_at("250", &["--in-building"])));
    assert!(needs(&refusal).is_empty());
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("buildings")
    );
}

// The hole refusal: a rifle volley at 250 mm needs the rifle's range (L111, lost), Table 1's
// cell for 250 firing FF at 300 mm and Table 2's cell for 300 FF of close-order natives in
// the open under volley fire — exactly those three.
#[test]
fn a_rifle_volley_asks_for_exactly_the_three_cells_it_needs() {
    let refusal = refused(&refs(&volley_at("250", &[])));
    assert_eq!(
        needs(&refusal),
        vec![
            "weapon_ranges:rifle",
            "small_arms_range_factors:250:volley-300",
            "small_arms_target_factors:native-close-order-in-open-volley:100-399",
        ]
    );
}

// The same fire with the cells typed: range factor +42, target factor -10, random factor
// B4 - R2 = +2: "4. Add or subtract the Range and Target Factors together. 5. Throw one
// random factor and add or subtract" = 42 - 10 + 2 = 34; "A final Plus result indicates the
// number of fighting factors lost"; volley losses go to the D column (L120).
#[test]
fn the_same_volley_resolves_with_the_cells_given() {
    let value = resolved(&refs(&volley_at("250", &VOLLEY_CELLS)));
    assert_eq!(value["outcome"]["range_rounded_mm"], json!(300));
    assert_eq!(value["outcome"]["ff_lost"], json!(34));
    assert_eq!(value["outcome"]["volley_losses"], json!(34));
    assert_eq!(value["warnings"].as_array().expect("warnings").len(), 3);
}

// "round off to the nearest 100 upwards" (L122): 301 mm reads the 400 mm column, which
// for a volley is refused first (301 is not under 300), so use independent rifle fire.
#[test]
fn a_range_of_301_mm_reads_the_400_mm_column() {
    let args = [
        "fire",
        "--firer",
        "regular-infantry",
        "--firer-ff",
        "250",
        "--weapon",
        "rifle",
        "--fire",
        "independent",
        "--range-mm",
        "301",
        "--target-ff",
        "300",
        "--target",
        "other-close-order",
        "--dice",
        "B4,R2",
        "--cell",
        "weapon_ranges:rifle=400",
    ];
    let refusal = refused(&args);
    assert!(
        needs(&refusal).contains(&"small_arms_range_factors:250:independent-400".to_owned()),
        "{refusal}"
    );
}

// WEAPON RANGES: musket 200 mm (L111); 201 mm is out of range, refused without Table cells.
#[test]
fn a_musket_at_201_mm_is_out_of_range() {
    let args = [
        "fire",
        "--firer",
        "irregular-infantry",
        "--firer-ff",
        "100",
        "--weapon",
        "musket",
        "--fire",
        "independent",
        "--range-mm",
        "201",
        "--target-ff",
        "300",
        "--target",
        "other-close-order",
        "--seed",
        "1",
    ];
    let refusal = refused(&args);
    assert!(needs(&refusal).is_empty());
    assert!(
        refusal["reason"]
            .as_str()
            .expect("reason")
            .contains("max 200 mm")
    );
}

// A measured 295 mm lies within 10 mm of the 300 mm edge: a step names the other side
// (over 300 mm a volley is not allowed).
#[test]
fn a_range_near_a_band_edge_gets_a_dispute_step() {
    let value = resolved(&refs(&volley_at("295", &VOLLEY_CELLS)));
    let steps = value["steps"].as_array().expect("steps");
    assert!(steps.iter().any(|s| {
        let text = s["text"].as_str().unwrap_or_default();
        text.contains("within 10 mm of the 300 mm band edge") && text.contains("not allowed")
    }));
}

#[test]
fn a_range_far_from_an_edge_gets_no_dispute_step() {
    let value = resolved(&refs(&volley_at("250", &VOLLEY_CELLS)));
    let steps = value["steps"].as_array().expect("steps");
    assert!(
        !steps
            .iter()
            .any(|s| s["text"].as_str().unwrap_or_default().contains("band edge"))
    );
}

// "Ignore any minus results": 42 - 10 + (1 - 6) = 27; with a target factor of -50 the total
// 42 - 50 - 5 = -13 is no loss.
#[test]
fn a_minus_result_loses_nothing() {
    let mut args = volley_at("250", &VOLLEY_CELLS);
    args[16] = "B1,R6".to_owned();
    args[22] = "small_arms_target_factors:native-close-order-in-open-volley:100-399=-50".to_owned();
    let value = resolved(&refs(&args));
    assert_eq!(value["outcome"]["total"], json!(-13));
    assert_eq!(value["outcome"]["ff_lost"], json!(0));
    assert_eq!(value["outcome"]["volley_losses"], json!(0));
}

// "2. Regular troops firing their initial volley of the battle": two black dice and one
// red; summed (settings:same_colour_dice = sum): 3 + 3 - 1 = +5; 42 - 10 + 5 = 37.
#[test]
fn the_initial_volley_throws_two_black_dice() {
    let mut args = volley_at("250", &VOLLEY_CELLS);
    args[16] = "B3,B3,R1".to_owned();
    args.push("--initial-volley".to_owned());
    assert_eq!(resolved(&refs(&args))["outcome"]["ff_lost"], json!(37));
}

// "two red dice are thrown and only one black dice. When mounted troops fire": 6 - (1 + 1)
// = +4 with independent carbine fire (carbine 500 mm, reconstructed).
#[test]
fn mounted_troops_firing_throw_two_red_dice() {
    let args = [
        "fire",
        "--firer",
        "mounted",
        "--firer-ff",
        "120",
        "--weapon",
        "carbine",
        "--fire",
        "independent",
        "--range-mm",
        "150",
        "--target-ff",
        "90",
        "--target",
        "mounted",
        "--dice",
        "B6,R1,R1",
        "--cell",
        "small_arms_range_factors:120:independent-200=10",
        "--cell",
        "small_arms_target_factors:mounted-independent:1-99=-8",
    ];
    // 10 - 8 + 4 = 6.
    assert_eq!(resolved(&args)["outcome"]["ff_lost"], json!(6));
}

// "the rear unit counts only half its fighting factor" in volleys (L243): 200 + 101 / 2
// (fractions dropped, settings:rounding) = 250 firing FF.
#[test]
fn a_two_unit_volley_counts_half_the_rear_unit() {
    let mut args = volley_at("250", &["--cell", "weapon_ranges:rifle=400"]);
    args[4] = "200".to_owned();
    args.extend(["--two-unit-rear-ff".to_owned(), "101".to_owned()]);
    let refusal = refused(&refs(&args));
    assert!(needs(&refusal).contains(&"small_arms_range_factors:250:volley-300".to_owned()));
}

// "Firing into a melee, against a unit which is engaged to its front or rear, is not
// allowed. Fire may be directed at such a unit if it is engaged only on its flank and
// during the first round of the melee only." (L122)
#[test]
fn firing_at_a_unit_engaged_to_its_front_is_refused() {
    let refusal = refused(&refs(&volley_at("250", &["--target-in-melee", "front"])));
    assert!(needs(&refusal).is_empty());
    assert_eq!(refusal["rule"]["section"], json!("FIRING INTO A MELEE"));
}

#[test]
fn firing_at_a_flank_engaged_unit_after_the_first_round_is_refused() {
    let args = volley_at("250", &["--target-in-melee", "flank", "--melee-round", "2"]);
    assert!(needs(&refused(&refs(&args))).is_empty());
}

#[test]
fn firing_at_a_flank_engaged_unit_in_the_first_round_is_allowed() {
    let mut extra = VOLLEY_CELLS.to_vec();
    extra.extend(["--target-in-melee", "flank"]);
    assert_eq!(
        resolved(&refs(&volley_at("250", &extra)))["outcome"]["ff_lost"],
        json!(34)
    );
}

// "To change a unit from independent fire to volley fire will take one complete move turn,
// during which the unit may not fire." (L120)
#[test]
fn changing_to_volley_fire_costs_the_fire() {
    let refusal = refused(&refs(&volley_at("250", &["--changing-to-volley"])));
    assert!(needs(&refusal).is_empty());
}

#[test]
fn fire_odds_sum_to_one() {
    let mut args = volley_at("250", &VOLLEY_CELLS);
    args[15] = "--odds".to_owned();
    args.remove(16);
    let (code, odds) = mc_json(&refs(&args));
    assert_eq!(code, Some(0), "{odds}");
    assert!((odds_total(&odds) - 1.0).abs() < 1e-9);
    // Base 32, random factor -5..+5: 27 to 37 FF lost, 37 with 1/36.
    assert!((odds["outcomes"][10]["probability"].as_f64().expect("p") - 1.0 / 36.0).abs() < 1e-12);
}

#[test]
fn a_seeded_fire_resolves() {
    let mut args = volley_at("250", &VOLLEY_CELLS);
    args[15] = "--seed".to_owned();
    args[16] = "7".to_owned();
    let value = resolved(&refs(&args));
    let lost = value["outcome"]["ff_lost"].as_i64().expect("ff_lost");
    assert!((27..=37).contains(&lost));
}

#[test]
fn leftover_typed_faces_are_an_input_error() {
    let mut args = volley_at("250", &VOLLEY_CELLS);
    args[16] = "B4,R2,B1".to_owned();
    let mut all = vec!["mc"];
    all.extend(refs(&args));
    let out = crate::support::run(&all);
    assert_eq!(out.status.code(), Some(2));
    assert!(crate::support::stderr(&out).contains("--dice"));
}

#[test]
fn independent_fire_marks_no_volley_losses() {
    let args = with(
        &[
            "fire",
            "--firer",
            "regular-infantry",
            "--firer-ff",
            "250",
            "--weapon",
            "musket",
            "--fire",
            "independent",
            "--range-mm",
            "150",
            "--target-ff",
            "300",
            "--target",
            "other-close-order",
            "--dice",
            "B4,R2",
        ],
        &[
            "--cell",
            "small_arms_range_factors:250:independent-200=20",
            "--cell",
            "small_arms_target_factors:other-close-order-independent:100-399=-10",
        ],
    );
    let value = resolved(&args);
    assert_eq!(value["outcome"]["ff_lost"], json!(12));
    assert_eq!(value["outcome"]["volley_losses"], json!(0));
}

/// A club's Table 1 with its keys restored: FF bands as rows, GROUP-RANGE columns.
const CLUB_TABLE1: &str = r#"
[chart]
title = "Small Arms Firing Charts, Table 1: Range factors"
document = "club copy"
section = "SMALL ARMS FIRING CHARTS, TABLE 1 Range Factors"
shape = "grid"
value = "int"
confidence = "house"

[rows]
name = "firing_ff"
kind = "band"
keys = ["1-200", "201-300"]

[columns]
name = "fire_group_range"
keys = ["volley-200", "volley-300"]

[[cells]]
row = "1-200"
values = [30, 20]

[[cells]]
row = "201-300"
values = [50, 42]
"#;

// A club folder whose Table 1 has its row bands back: 250 firing FF reads row 201-300.
#[test]
fn a_club_table_1_with_keys_is_read_by_firing_ff_band() {
    let dir = tempfile::tempdir().expect("tempdir");
    let folder = dir.path().join("micro_colonial");
    std::fs::create_dir_all(&folder).expect("mkdir");
    std::fs::write(folder.join("small_arms_range_factors.toml"), CLUB_TABLE1).expect("write");
    let path = dir.path().to_string_lossy().into_owned();
    let extra = [
        "--tables",
        &path,
        "--cell",
        "weapon_ranges:rifle=400",
        "--cell",
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
    ];
    let value = resolved(&refs(&volley_at("250", &extra)));
    // 42 - 10 + (4 - 2) = 34.
    assert_eq!(value["outcome"]["ff_lost"], json!(34));
}

// 105 mm lies within 10 mm of the 100 mm edge: over 100 it rounds to 200 (used, range factor
// +20); at 100 or less it would read the 100 mm column, +30, total +30 - 10 = +20.
#[test]
fn the_dispute_step_gives_the_other_sides_factor_and_total() {
    let args = [
        "fire",
        "--firer",
        "regular-infantry",
        "--firer-ff",
        "250",
        "--weapon",
        "musket",
        "--fire",
        "independent",
        "--range-mm",
        "105",
        "--target-ff",
        "300",
        "--target",
        "other-close-order",
        "--dice",
        "B4,R2",
        "--cell",
        "small_arms_range_factors:250:independent-200=20",
        "--cell",
        "small_arms_range_factors:250:independent-100=30",
        "--cell",
        "small_arms_target_factors:other-close-order-independent:100-399=-10",
    ];
    let value = resolved(&args);
    assert_eq!(value["outcome"]["range_rounded_mm"], json!(200));
    assert_eq!(value["outcome"]["ff_lost"], json!(12));
    let steps = value["steps"].as_array().expect("steps");
    assert!(steps.iter().any(|s| {
        let text = s["text"].as_str().unwrap_or_default();
        text.contains("100 mm band edge") && text.contains("range factor +30, total +20")
    }));
}

// A bad value for an ordinary cell is the chart's own error, naming the cell.
#[test]
fn a_bad_cell_value_is_an_input_error_naming_the_cell() {
    let mut all = vec!["mc"];
    let args = volley_at("250", &["--cell", "weapon_ranges:rifle=far"]);
    all.extend(refs(&args));
    let out = crate::support::run(&all);
    assert_eq!(out.status.code(), Some(2));
    assert!(crate::support::stderr(&out).contains("weapon_ranges:rifle"));
}

// Issue 19, deliver 3: "a hole never hides what is known". SMALL ARMS FIRE: "4. Add the
// range and target factors together. 5. ... add the random factor". With the range factor
// typed (18) and the target factor and the rifle's range still lost, the refusal carries
// the steps worked (the range rounded up to 300 mm, Table 1's 18) and names what is left:
// FF lost = 18 + T + RF.
#[test]
fn a_fire_refused_for_a_lost_cell_carries_its_steps_and_the_formula_left() {
    // VOLLEY at 295 mm instead of 250, the range factor typed.
    let mut args = with(
        &VOLLEY,
        &["--cell", "small_arms_range_factors:250:volley-300=18"],
    );
    let at = args
        .iter()
        .position(|a| *a == "--range-mm")
        .expect("range flag")
        + 1;
    args[at] = "295";
    let (code, v) = mc_json(&args);
    assert_eq!(code, Some(2));
    let refusal = &v["refusal"];
    assert_eq!(
        refusal["formula"],
        "FF lost = 18 + T + RF, where T is Small Arms Table 2 (native close order in open, volley fire, target of 300 FF: 100-399); RF is the random factor of 1 black and 1 red dice; and the target at 295 mm must be within the rifle's maximum range"
    );
    let steps: Vec<&str> = refusal["partial_steps"]
        .as_array()
        .expect("partial steps")
        .iter()
        .map(|s| s["text"].as_str().expect("text"))
        .collect();
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert!(steps[0].ends_with("295 mm is 300 mm"), "{steps:?}");
    assert_eq!(
        steps[1],
        "2. Table 1: 250 firing FF at 300 mm, volley fire (column volley-300): range factor +18"
    );
    // The cells still asked for are the two that are left.
    let asked: Vec<String> = refusal["needs_cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|c| {
            format!(
                "{}:{}",
                c["chart"].as_str().unwrap_or(""),
                c["key"][0].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(
        asked,
        [
            "weapon_ranges:rifle",
            "small_arms_target_factors:native-close-order-in-open-volley"
        ]
    );
}
