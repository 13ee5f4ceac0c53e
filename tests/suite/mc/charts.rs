//! Every Micro Colonial chart the issue names is shipped, its cells per confidence match the
//! README, and every reconstructed cell says which OCR it was read from.

use laager::Ruleset;
use laager::charts::{Charts, Confidence, Status};
use std::collections::BTreeMap;
use std::path::Path;

const ISSUE_CHARTS: [&str; 23] = [
    "small_arms_range_factors",
    "small_arms_target_factors",
    "machine_gun_jams",
    "artillery_shell",
    "artillery_cannister",
    "artillery_tactical_factors",
    "melee_infantry_v_infantry",
    "melee_cavalry_v_infantry",
    "melee_cavalry_v_cavalry",
    "melee_additional_factors",
    "morale_losses",
    "morale_charge",
    "morale_random_factor",
    "morale_tactical_factors",
    "morale_results",
    "rally",
    "movement_troops",
    "movement_artillery",
    "terrain_penalties",
    "formation_changes",
    "weapon_ranges",
    "artillery_ranges",
    "army_lists",
];

fn shipped() -> Charts {
    Charts::shipped().expect("the shipped tables load")
}

/// The README's "Cells per confidence" table: chart -> [printed, reconstructed, unknown].
fn readme_counts() -> BTreeMap<String, [usize; 3]> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/micro_colonial/README.md");
    let text = std::fs::read_to_string(path).expect("tables/micro_colonial/README.md");
    let section = text
        .split("## Cells per confidence")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("a 'Cells per confidence' section");
    let mut counts = BTreeMap::new();
    for line in section.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() != 4
            || cells[0] == "chart"
            || cells[0].starts_with("---")
            || cells[0].starts_with("**")
        {
            continue;
        }
        let n = |i: usize| cells[i].parse::<usize>().expect("a count");
        counts.insert(cells[0].to_owned(), [n(1), n(2), n(3)]);
    }
    counts
}

#[test]
fn every_chart_the_issue_names_is_shipped_with_the_settings_thresholds_and_rorkes_drift() {
    let charts = shipped();
    for name in ISSUE_CHARTS
        .iter()
        .chain(&["settings", "rules_thresholds", "rorkes_drift"])
    {
        assert!(
            charts.chart(Ruleset::MicroColonial, name).is_some(),
            "{name} is not shipped"
        );
    }
}

#[test]
fn cells_per_confidence_match_the_readme_chart_by_chart() {
    let charts = shipped();
    let readme = readme_counts();
    let shipped: Vec<_> = charts
        .of(Ruleset::MicroColonial)
        .filter(|c| c.name != "firing_arc" && c.name != "counter_sizes")
        .collect();
    assert_eq!(readme.len(), shipped.len(), "the README lists {readme:?}");
    for chart in shipped {
        let counts = chart.confidence_counts();
        let expected = readme
            .get(&chart.name)
            .unwrap_or_else(|| panic!("{} missing from the README", chart.name));
        assert_eq!(
            [counts[0], counts[1], counts[2]],
            *expected,
            "{}",
            chart.name
        );
        assert_eq!(counts[3], 0, "{} ships house cells", chart.name);
    }
}

#[test]
fn every_reconstructed_cell_quotes_the_ocr_it_came_from() {
    let charts = shipped();
    for chart in charts.of(Ruleset::MicroColonial) {
        for (key, cell) in chart.cells() {
            if cell.confidence == Confidence::Reconstructed {
                let note = cell.note.as_deref().unwrap_or_default();
                assert!(
                    !note.trim().is_empty(),
                    "{} has no note",
                    chart.address(&key.iter().map(String::as_str).collect::<Vec<_>>())
                );
            }
        }
    }
}

#[test]
fn every_chart_of_the_issue_is_supplied_however_mangled() {
    // Every chart of the issue is in the document, however mangled: lost cells are unknown,
    // not the chart. (Only the firing arc's angle is absent, shipped elsewhere.)
    let charts = shipped();
    for name in ISSUE_CHARTS {
        let chart = charts.chart(Ruleset::MicroColonial, name).expect("shipped");
        assert_eq!(chart.status, Status::Supplied, "{name}");
    }
}

// WEAPON RANGES (L111): "RANGE 200 mm MOO mm SOO mm 600 mm 800 mm".
#[test]
fn weapon_ranges_musket_printed_rifle_unknown_carbine_reconstructed() {
    let charts = shipped();
    let chart = charts
        .chart(Ruleset::MicroColonial, "weapon_ranges")
        .expect("chart");
    let musket = chart.cell(&["musket"]).expect("musket");
    assert_eq!(
        (
            musket
                .value
                .as_ref()
                .and_then(laager::charts::Value::as_int),
            musket.confidence
        ),
        (Some(200), Confidence::Printed)
    );
    assert_eq!(
        chart.cell(&["rifle"]).expect("rifle").confidence,
        Confidence::Unknown
    );
    let carbine = chart.cell(&["carbine"]).expect("carbine");
    assert_eq!(
        (
            carbine
                .value
                .as_ref()
                .and_then(laager::charts::Value::as_int),
            carbine.confidence
        ),
        (Some(500), Confidence::Reconstructed)
    );
}

// Rorke's Drift: "Each British section counter has an initial fighting factor of 10 and each
// commander counter a factor of 5. The white counters have an initial factor of 5 each".
#[test]
fn rorkes_drift_force_is_30_sections_of_10_and_3_plus_3_counters_of_5() {
    let force =
        laager::rules::micro_colonial::rorkes_drift::british_force(&shipped()).expect("force");
    let summary: Vec<(i64, i64)> = force.iter().map(|c| (c.count, c.initial_ff)).collect();
    assert_eq!(summary, vec![(30, 10), (3, 5), (3, 5)]);
}

// Army lists (L1399-L1401): "1 F 290 Sudanese Natives ... North Staffs 1 R 210".
#[test]
fn army_lists_give_north_staffs_210_reconstructed_and_unokenke_unknown() {
    let charts = shipped();
    let chart = charts
        .chart(Ruleset::MicroColonial, "army_lists")
        .expect("chart");
    let staffs = chart.cell(&["north-staffs", "initial_ff"]).expect("cell");
    assert_eq!(
        staffs
            .value
            .as_ref()
            .and_then(laager::charts::Value::as_int),
        Some(210)
    );
    assert_eq!(staffs.confidence, Confidence::Reconstructed);
    assert_eq!(
        chart
            .cell(&["unokenke", "initial_ff"])
            .expect("cell")
            .confidence,
        Confidence::Unknown
    );
}

#[test]
fn tables_check_reports_the_unknown_cells() {
    let out = crate::support::run(&["tables", "check", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::stderr(&out)
    );
    let summary: serde_json::Value =
        serde_json::from_str(&crate::support::stdout(&out)).expect("json");
    let readme = readme_counts();
    let unknown: usize = readme.values().map(|c| c[2]).sum();
    assert!(summary["by_confidence"]["unknown"].as_u64().expect("count") as usize >= unknown);
}

// Issue 19: "`e` the same way in every cell (`le` at row 201–300 c2 against `7e`→78 and
// `eo`→80)". Morale Table 1's row 201-300 reads 'le' (L331) at c2: with e read for 8, as
// 'eo' (L355) is 80, it is 18.
#[test]
fn the_losses_chart_reads_e_for_8_in_every_cell() {
    let charts = shipped();
    let chart = charts
        .chart(Ruleset::MicroColonial, "morale_losses")
        .expect("shipped");
    let le = chart.cell(&["201-300", "c2"]).expect("the cell");
    assert_eq!(le.value, Some(laager::charts::Value::Text("18".to_owned())));
    assert_eq!(le.confidence, laager::charts::Confidence::Reconstructed);
    let eo = chart
        .cells()
        .into_iter()
        .find(|(_, c)| {
            c.note
                .as_deref()
                .is_some_and(|n| n.starts_with("'eo' (L355)"))
        })
        .expect("the 'eo' cell");
    assert_eq!(
        eo.1.value,
        Some(laager::charts::Value::Text("80".to_owned()))
    );
}

/// Artillery Table 3 lists seven tactical factors, then the random factor's multiplier and
/// maximum ("ARTILLERY CHARTS, TABLE 3 Tactical Factors; Random Factors"): the engine's
/// list of the factors a fire may name, which the desk ticks and `--factor` takes, is the
/// seven, in the chart's order.
#[test]
fn artillery_table_3s_tactical_factors_are_its_seven_factors() {
    let charts = Charts::shipped().expect("shipped");
    assert_eq!(
        laager::rules::micro_colonial::artillery::tactical_factors(&charts),
        [
            "changed-target-over-250mm",
            "under-fire-crew-casualties",
            "target-charging-infantry",
            "target-charging-cavalry",
            "native-crews",
            "open-order-flank",
            "close-order-flank",
        ]
    );
}
