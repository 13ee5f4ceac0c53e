//! SMALL ARMS FIRE (L122) with TYPES OF FIRE (L120), WEAPON RANGES (L110), FIRING INTO A
//! MELEE (L122), RANDOM FACTOR (L110) and APPENDIX 3's two-unit formation (L243), through
//! the library (`fire::Fire` over a `FireInput`); `cli_contract` keeps `laager mc fire`'s
//! flags, `--dice`/`--seed`/`--cell` errors and exit codes.

use super::{cells, charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::resolution::{Refusal, RefusalKind};
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::fire::{
    Engaged, Fire, FireInput, FireOutcome, FireType, Firer, Target, Weapon,
};
use laager::rules::situation::Origins;
use serde_json::json;

/// Regular infantry volleying with rifles at 250 mm into a close-order native target of 300 FF.
fn volley() -> FireInput {
    FireInput {
        firer: Firer::RegularInfantry,
        firer_ff: 250,
        weapon: Weapon::Rifle,
        fire: FireType::Volley,
        range_mm: 250.0,
        target_ff: 300,
        target: Target::NativeCloseOrderInOpen,
        in_building: false,
        initial_volley: false,
        two_unit_rear_ff: None,
        target_in_melee: None,
        melee_round: 1,
        changing_to_volley: false,
        jam_penalty: None,
        in_arc: None,
        origins: Origins::default(),
    }
}

/// The volley at another range.
fn volley_at(range_mm: f64) -> FireInput {
    FireInput {
        range_mm,
        ..volley()
    }
}

/// Independent fire by 250 regular infantry at 300 FF of other close order.
fn independent(weapon: Weapon, range_mm: f64) -> FireInput {
    FireInput {
        weapon,
        fire: FireType::Independent,
        range_mm,
        target: Target::OtherCloseOrder,
        ..volley()
    }
}

/// The three cells that volley needs, typed.
const VOLLEY_CELLS: [&str; 3] = [
    "weapon_ranges:rifle=400",
    "small_arms_range_factors:250:volley-300=42",
    "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
];

fn volley_charts() -> Charts {
    charts_with(&VOLLEY_CELLS)
}

fn fire(
    charts: &Charts,
    input: &FireInput,
    dice: &str,
) -> laager::resolution::Resolution<FireOutcome> {
    resolve::<Fire>(charts, input, dice)
}

fn refused(charts: &Charts, input: &FireInput) -> Refusal {
    refuse::<Fire>(charts, input, "B4,R2")
}

// The refusals of the rules, each before the rifle's lost range or any Table cell is asked
// for, each by the section that says so.
#[test]
fn the_fire_the_rules_refuse_before_any_chart_is_read() {
    let cases = [
        (
            "\"This type of fire may only be fired by regular infantry or dismounted mounted \
             infantry. All other units, including any naval units, may not fire in volleys.\" \
             (L120)",
            FireInput {
                firer: Firer::Natives,
                ..volley()
            },
            "TYPES OF FIRE, VOLLEY FIRE",
        ),
        (
            "\"Volley fire may only be used against targets which are at less than 300 mm \
             range.\" (L120)",
            volley_at(300.0),
            "TYPES OF FIRE, VOLLEY FIRE",
        ),
        (
            "\"Troops in buildings may only use independent fire\" (L120)",
            FireInput {
                in_building: true,
                ..volley()
            },
            "TYPES OF FIRE, INDEPENDENT FIRE",
        ),
        (
            "\"Firing into a melee, against a unit which is engaged to its front or rear, is \
             not allowed.\" (L122)",
            FireInput {
                target_in_melee: Some(Engaged::Front),
                ..volley()
            },
            "FIRING INTO A MELEE",
        ),
        (
            "\"Fire may be directed at such a unit if it is engaged only on its flank and \
             during the first round of the melee only.\" (L122): round 2",
            FireInput {
                target_in_melee: Some(Engaged::Flank),
                melee_round: 2,
                ..volley()
            },
            "FIRING INTO A MELEE",
        ),
        (
            "\"To change a unit from independent fire to volley fire will take one complete \
             move turn, during which the unit may not fire.\" (L120)",
            FireInput {
                changing_to_volley: true,
                ..volley()
            },
            "TYPES OF FIRE, INDEPENDENT FIRE",
        ),
    ];
    for (rule, input, section) in cases {
        let refusal = refused(&Charts::shipped().expect("shipped"), &input);
        assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{rule}: {refusal:?}");
        assert_eq!(refusal.rule.section, section, "{rule}: {refusal:?}");
        assert!(refusal.needs_cells.is_empty(), "{rule}: {refusal:?}");
    }
}

// 299 mm is less than 300: the volley is allowed, so what is left is the lost cells.
#[test]
fn volley_at_299_mm_is_allowed_and_asks_only_for_cells() {
    let refusal = refused(&charts_with(&[]), &volley_at(299.0));
    assert_eq!(refusal.kind, RefusalKind::NeedsCells, "{refusal:?}");
    assert_eq!(refusal.needs_cells.len(), 3, "{refusal:?}");
}

// The hole refusal: a rifle volley at 250 mm needs the rifle's range (L111, lost), Table 1's
// cell for 250 firing FF at 300 mm and Table 2's cell for 300 FF of close-order natives in
// the open under volley fire — exactly those three.
#[test]
fn a_rifle_volley_asks_for_exactly_the_three_cells_it_needs() {
    let refusal = refused(&charts_with(&[]), &volley());
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(
        cells(&refusal),
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
    let resolution = fire(&volley_charts(), &volley(), "B4,R2");
    assert_eq!(resolution.outcome.range_rounded_mm, 300);
    assert_eq!(resolution.outcome.ff_lost, 34);
    assert_eq!(resolution.outcome.volley_losses, 34);
    assert_eq!(resolution.out("ff_lost"), json!(34));
    assert_eq!(resolution.warnings.len(), 3, "{:?}", resolution.warnings);
}

// "round off to the nearest 100 upwards" (L122): 301 mm reads the 400 mm column, which
// for a volley is refused first (301 is not under 300), so use independent rifle fire.
#[test]
fn a_range_of_301_mm_reads_the_400_mm_column() {
    let refusal = refused(
        &charts_with(&["weapon_ranges:rifle=400"]),
        &independent(Weapon::Rifle, 301.0),
    );
    assert!(
        cells(&refusal).contains(&"small_arms_range_factors:250:independent-400".to_owned()),
        "{refusal:?}"
    );
}

// WEAPON RANGES: musket 200 mm (L111); 201 mm is out of range, refused by the musket's
// cell without Table cells. (The engine files it as not allowed, though `RefusalKind`
// documents out of range for "beyond a listed range".)
#[test]
fn a_musket_at_201_mm_is_out_of_range() {
    let input = FireInput {
        firer: Firer::IrregularInfantry,
        firer_ff: 100,
        ..independent(Weapon::Musket, 201.0)
    };
    let refusal = refused(&charts_with(&[]), &input);
    // "The following are the maximum ranges of weapons used": beyond one is out of range.
    assert_eq!(refusal.kind, RefusalKind::OutOfRange, "{refusal:?}");
    assert_eq!(refusal.rule.section, "WEAPON RANGES", "{refusal:?}");
    assert!(refusal.needs_cells.is_empty(), "{refusal:?}");
    assert_eq!(
        refusal.rule.cell.as_deref(),
        Some("weapon_ranges:musket"),
        "{refusal:?}"
    );
}

// A measured 295 mm lies within 10 mm of the 300 mm edge: a step names the other side
// (over 300 mm a volley is not allowed).
#[test]
fn a_range_near_a_band_edge_gets_a_dispute_step() {
    let resolution = fire(&volley_charts(), &volley_at(295.0), "B4,R2");
    assert!(resolution.steps.iter().any(|s| {
        s.text.contains("within 10 mm of the 300 mm band edge") && s.text.contains("not allowed")
    }));
}

#[test]
fn a_range_far_from_an_edge_gets_no_dispute_step() {
    let resolution = fire(&volley_charts(), &volley(), "B4,R2");
    assert!(
        !resolution
            .steps
            .iter()
            .any(|s| s.text.contains("band edge"))
    );
}

// "Ignore any minus results": 42 - 10 + (1 - 6) = 27; with a target factor of -50 the total
// 42 - 50 - 5 = -13 is no loss.
#[test]
fn a_minus_result_loses_nothing() {
    let charts = charts_with(&[
        VOLLEY_CELLS[0],
        VOLLEY_CELLS[1],
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-50",
    ]);
    let resolution = fire(&charts, &volley(), "B1,R6");
    assert_eq!(resolution.outcome.total, -13);
    assert_eq!(resolution.outcome.ff_lost, 0);
    assert_eq!(resolution.outcome.volley_losses, 0);
}

// "2. Regular troops firing their initial volley of the battle": two black dice and one
// red; summed (settings:same_colour_dice = sum): 3 + 3 - 1 = +5; 42 - 10 + 5 = 37.
#[test]
fn the_initial_volley_throws_two_black_dice() {
    let input = FireInput {
        initial_volley: true,
        ..volley()
    };
    assert_eq!(
        fire(&volley_charts(), &input, "B3,B3,R1").outcome.ff_lost,
        37
    );
}

// "two red dice are thrown and only one black dice. When mounted troops fire": 6 - (1 + 1)
// = +4 with independent carbine fire (carbine 500 mm, reconstructed).
#[test]
fn mounted_troops_firing_throw_two_red_dice() {
    let input = FireInput {
        firer: Firer::Mounted,
        firer_ff: 120,
        weapon: Weapon::Carbine,
        fire: FireType::Independent,
        range_mm: 150.0,
        target_ff: 90,
        target: Target::Mounted,
        ..volley()
    };
    let charts = charts_with(&[
        "small_arms_range_factors:120:independent-200=10",
        "small_arms_target_factors:mounted-independent:1-99=-8",
    ]);
    // 10 - 8 + 4 = 6.
    assert_eq!(fire(&charts, &input, "B6,R1,R1").outcome.ff_lost, 6);
}

// "the rear unit counts only half its fighting factor" in volleys (L243): 200 + 101 / 2
// (fractions dropped, settings:rounding) = 250 firing FF.
#[test]
fn a_two_unit_volley_counts_half_the_rear_unit() {
    let input = FireInput {
        firer_ff: 200,
        two_unit_rear_ff: Some(101),
        ..volley()
    };
    let refusal = refused(&charts_with(&["weapon_ranges:rifle=400"]), &input);
    assert!(
        cells(&refusal).contains(&"small_arms_range_factors:250:volley-300".to_owned()),
        "{refusal:?}"
    );
}

// "Fire may be directed at such a unit if it is engaged only on its flank and during the
// first round of the melee only." (L122)
#[test]
fn firing_at_a_flank_engaged_unit_in_the_first_round_is_allowed() {
    let input = FireInput {
        target_in_melee: Some(Engaged::Flank),
        ..volley()
    };
    assert_eq!(fire(&volley_charts(), &input, "B4,R2").outcome.ff_lost, 34);
}

#[test]
fn fire_odds_sum_to_one() {
    let odds = Fire::odds(&volley_charts(), &volley())
        .expect("a fire throws dice")
        .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
    // Base 32, random factor -5..+5: 27 to 37 FF lost, 37 with 1/36.
    assert_eq!(odds.outcomes[10].value, json!(37));
    assert!((odds.outcomes[10].probability - 1.0 / 36.0).abs() < 1e-12);
}

#[test]
fn independent_fire_marks_no_volley_losses() {
    let charts = charts_with(&[
        "small_arms_range_factors:250:independent-200=20",
        "small_arms_target_factors:other-close-order-independent:100-399=-10",
    ]);
    let resolution = fire(&charts, &independent(Weapon::Musket, 150.0), "B4,R2");
    assert_eq!(resolution.outcome.ff_lost, 12);
    assert_eq!(resolution.outcome.volley_losses, 0);
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
    let mut charts = laager::store::tables::load(Some(dir.path())).expect("the club folder loads");
    for cell in [
        "weapon_ranges:rifle=400",
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
    ] {
        charts
            .apply_cell_arg(laager::Ruleset::MicroColonial, cell)
            .expect("a valid cell");
    }
    // 42 - 10 + (4 - 2) = 34.
    assert_eq!(fire(&charts, &volley(), "B4,R2").outcome.ff_lost, 34);
}

// 105 mm lies within 10 mm of the 100 mm edge: over 100 it rounds to 200 (used, range factor
// +20); at 100 or less it would read the 100 mm column, +30, total +30 - 10 = +20.
#[test]
fn the_dispute_step_gives_the_other_sides_factor_and_total() {
    let charts = charts_with(&[
        "small_arms_range_factors:250:independent-200=20",
        "small_arms_range_factors:250:independent-100=30",
        "small_arms_target_factors:other-close-order-independent:100-399=-10",
    ]);
    let resolution = fire(&charts, &independent(Weapon::Musket, 105.0), "B4,R2");
    assert_eq!(resolution.outcome.range_rounded_mm, 200);
    assert_eq!(resolution.outcome.ff_lost, 12);
    assert!(resolution.steps.iter().any(|s| {
        s.text.contains("100 mm band edge") && s.text.contains("range factor +30, total +20")
    }));
}

// Issue 19, deliver 3: "a hole never hides what is known". SMALL ARMS FIRE: "4. Add the
// range and target factors together. 5. ... add the random factor". With the range factor
// typed (18) and the target factor and the rifle's range still lost, the refusal carries
// the steps worked (the range rounded up to 300 mm, Table 1's 18) and names what is left:
// FF lost = 18 + T + RF.
#[test]
fn a_fire_refused_for_a_lost_cell_carries_its_steps_and_the_formula_left() {
    let refusal = refused(
        &charts_with(&["small_arms_range_factors:250:volley-300=18"]),
        &volley_at(295.0),
    );
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(
        refusal.formula.as_deref(),
        Some(
            "FF lost = 18 + T + RF, where T is Small Arms Table 2 (native close order in open, volley fire, target of 300 FF: 100-399); RF is the random factor of 1 black and 1 red dice; and the target at 295 mm must be within the rifle's maximum range"
        )
    );
    let steps: Vec<&str> = refusal
        .partial_steps
        .iter()
        .map(|s| s.text.as_str())
        .collect();
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert!(steps[0].ends_with("295 mm is 300 mm"), "{steps:?}");
    assert_eq!(
        steps[1],
        "Table 1: 250 firing FF at 300 mm, volley fire (column volley-300): range factor +18"
    );
    // The cells still asked for are the two that are left.
    let asked: Vec<String> = refusal
        .needs_cells
        .iter()
        .map(|c| format!("{}:{}", c.chart, c.key[0]))
        .collect();
    assert_eq!(
        asked,
        [
            "weapon_ranges:rifle",
            "small_arms_target_factors:native-close-order-in-open-volley"
        ]
    );
}

/// `laager mc fire`'s own contract: the flags as spelled, `--seed`, exit code 2 with the
/// typed refusal, and the input errors that name their flag or cell.
mod cli_contract {
    use super::super::{mc_json, needs, refused, resolved};
    use crate::support::{run, stderr};
    use serde_json::json;

    /// Regular infantry volleying with rifles at 250 mm into a close-order native target of
    /// 300 FF, with the three cells it needs typed.
    const VOLLEY: [&str; 23] = [
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
        "--cell",
        "weapon_ranges:rifle=400",
        "--cell",
        "small_arms_range_factors:250:volley-300=42",
        "--cell",
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
    ];

    fn volley(extra: &[&'static str]) -> Vec<&'static str> {
        VOLLEY.iter().chain(extra).copied().collect()
    }

    // 42 - 10 + (4 - 2) = 34, all of it volley losses, through the flags; the
    // `--target-in-melee flank` spelling in the first round changes nothing.
    #[test]
    fn the_fire_flags_as_spelled() {
        let value = resolved(&volley(&[]));
        assert_eq!(value["outcome"]["range_rounded_mm"], json!(300));
        assert_eq!(value["outcome"]["ff_lost"], json!(34));
        assert_eq!(value["outcome"]["volley_losses"], json!(34));
        let value = resolved(&volley(&["--target-in-melee", "flank"]));
        assert_eq!(value["outcome"]["ff_lost"], json!(34));
    }

    // "Firing into a melee, against a unit which is engaged to its front or rear, is not
    // allowed": exit 2, the refusal's kind and section in the JSON, no cells.
    #[test]
    fn a_refused_fire_exits_2_with_its_typed_refusal() {
        let refusal = refused(&volley(&["--target-in-melee", "front"]));
        assert!(needs(&refusal).is_empty());
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(refusal["rule"]["section"], json!("FIRING INTO A MELEE"));
    }

    #[test]
    fn a_seeded_fire_resolves() {
        let mut args = volley(&[]);
        let at = args.iter().position(|a| *a == "--dice").expect("--dice");
        args[at] = "--seed";
        args[at + 1] = "7";
        let value = resolved(&args);
        let lost = value["outcome"]["ff_lost"].as_i64().expect("ff_lost");
        assert!((27..=37).contains(&lost));
    }

    #[test]
    fn fire_odds_print_a_distribution() {
        let mut args = volley(&[]);
        let at = args.iter().position(|a| *a == "--dice").expect("--dice");
        args[at] = "--odds";
        args.remove(at + 1);
        let (code, odds) = mc_json(&args);
        assert_eq!(code, Some(0), "{odds}");
        assert!((super::super::odds_total(&odds) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn leftover_typed_faces_are_an_input_error() {
        let mut args = vec!["mc"];
        args.extend(volley(&[]));
        let at = args.iter().position(|a| *a == "B4,R2").expect("faces");
        args[at] = "B4,R2,B1";
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("--dice"));
    }

    // A bad value for an ordinary cell is the chart's own error, naming the cell.
    #[test]
    fn a_bad_cell_value_is_an_input_error_naming_the_cell() {
        let mut args = vec!["mc"];
        args.extend(volley(&["--cell", "weapon_ranges:rifle=far"]));
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("weapon_ranges:rifle"));
    }
}
