//! Issue 43's layout rows in process, each at two sizes so the ratio shows how the cost
//! grows (linear asked: 3× the bases should take about 3× the time, 5× about 5×):
//! - `layout_check`: reading and checking the layouts, 20,000 and 60,000 bases
//!   stacked on one spot, 10,000 and 50,000 spread over the table;
//! - `measure_stacked`: reading a stacked layout and measuring from its first base to its
//!   second as `laager measure` does (range, arc, both sights, contact);
//! - `add_game_stacked`: reading a stacked layout, joining its units and adding the game to
//!   a campaign file through the gate, as `laager campaign add-game --layout` does.
//!
//! The layouts are the issue's: N bases of a DBA-style Zulu table, alternately
//! `british-regulars` (British) and `zulus` (Zulu), at x = 30 + 60·(i mod 300) mm and
//! y = 30 + 40·⌊i / 300⌋ mm ("spread"), or all at one point ("stacked").
//! benches/whole_process.py measures the same rows as whole processes.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use laager::Ruleset;
use laager::charts::Charts;
use laager::game::{CampaignSettings, TablesNote, units_from_layout};
use laager::geometry::{
    centre_to_nearest, contact_edge, dba_field_of_fire, dba_line_of_sight, edge_to_edge, file,
    mc_line_of_sight,
};
use laager::store::CampaignFile;
use serde_json::json;
use std::hint::black_box;

/// The layout of `n` bases, stacked at one point or spread.
fn layout_text(n: usize, stacked: bool) -> String {
    let units: Vec<_> = (0..n)
        .map(|i| {
            let (x, y) = if stacked {
                (500.0, 500.0)
            } else {
                (
                    30.0 + 60.0 * (i % 300) as f64,
                    30.0 + 40.0 * (i / 300) as f64,
                )
            };
            let british = i % 2 == 0;
            json!({
                "id": format!("u{i}"),
                "side": if british { "british" } else { "zulu" },
                "type": if british { "british-regulars" } else { "zulus" },
                "x": x, "y": y, "facing": 0,
            })
        })
        .collect();
    let (width, depth) = if stacked {
        (1000.0, 1000.0)
    } else {
        (
            60.0 * n.min(300) as f64 + 60.0,
            40.0 * (n / 300 + 1) as f64 + 60.0,
        )
    };
    json!({
        "format": file::FORMAT,
        "version": file::VERSION,
        "ruleset": "dba-zulu",
        "table": { "width": width, "depth": depth },
        "units": units,
    })
    .to_string()
}

fn layout_check(c: &mut Criterion) {
    let charts = Charts::shipped().expect("shipped tables");
    let mut group = c.benchmark_group("layout_check");
    group.sample_size(10);
    for (n, stacked) in [
        (20_000, true),
        (60_000, true),
        (10_000, false),
        (50_000, false),
    ] {
        let text = layout_text(n, stacked);
        let name = if stacked { "stacked" } else { "spread" };
        group.bench_with_input(BenchmarkId::new(name, n), &text, |b, text| {
            b.iter(|| {
                let report = file::read(black_box(text), &charts);
                assert!(report.errors.is_empty(), "{:?}", report.errors.first());
                let expected = if stacked {
                    file::WARNINGS_PER_KIND + 1
                } else {
                    0
                };
                assert_eq!(report.warnings.len(), expected);
            });
        });
    }
    group.finish();
}

fn measure_stacked(c: &mut Criterion) {
    let charts = Charts::shipped().expect("shipped tables");
    let mut group = c.benchmark_group("measure_stacked");
    group.sample_size(10);
    for n in [20_000, 60_000] {
        let text = layout_text(n, true);
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let layout = file::read(black_box(text), &charts)
                    .layout
                    .expect("the layout reads");
                let (from, to) = (
                    layout.base("u0").expect("u0"),
                    layout.base("u1").expect("u1"),
                );
                let sights = (
                    dba_line_of_sight(&layout, from, to),
                    mc_line_of_sight(&layout, from, to),
                );
                black_box((
                    centre_to_nearest(from, to),
                    edge_to_edge(from, to),
                    dba_field_of_fire(from, to),
                    contact_edge(from, to),
                    sights,
                ))
            });
        });
    }
    group.finish();
}

fn add_game_stacked(c: &mut Criterion) {
    let charts = Charts::shipped().expect("shipped tables");
    let dir = tempfile::tempdir().expect("tempdir");
    let note = TablesNote {
        tables_hash: charts.hash().to_owned(),
        club_cells: Vec::new(),
        club_tables: None,
    };
    let mut group = c.benchmark_group("add_game_stacked");
    group.sample_size(10);
    for n in [20_000, 60_000] {
        let text = layout_text(n, true);
        let mut run = 0;
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                run += 1;
                let path = dir.path().join(format!("{n}-{run}.laager"));
                let mut campaign =
                    CampaignFile::create(&path, "bench", CampaignSettings::default())
                        .expect("a new campaign file");
                let layout = file::read(black_box(text), &charts)
                    .layout
                    .expect("the layout reads");
                let units = units_from_layout(&layout, Ruleset::DbaZulu, Some(&charts));
                let stored: serde_json::Value = serde_json::from_str(text).expect("json");
                let game = campaign
                    .campaign()
                    .next_game_on_table(Ruleset::DbaZulu, "Game 1", stored, units, None)
                    .expect("a game");
                campaign.add_game(game, Some(&note)).expect("added");
                drop(campaign);
                std::fs::remove_file(&path).expect("removed");
            });
        });
    }
    group.finish();
}

criterion_group!(benches, layout_check, measure_stacked, add_game_stacked);
criterion_main!(benches);
