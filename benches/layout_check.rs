//! `laager layout check` on large tables: reading and checking a layout of 10,000 units
//! spread over the table (target: under 1 s), and of 2,000 units stacked on one spot, whose
//! first 100 overlapping pairs are listed and the units that overlap another counted.
//! benches/large_tables.rs measures the issue 43 layouts at two sizes each.

use criterion::{Criterion, criterion_group, criterion_main};
use laager::charts::Charts;
use laager::geometry::file;
use serde_json::json;
use std::hint::black_box;

/// A layout of `columns × rows` units of 40 × 15 mm on a grid 60 mm by 30 mm apart (none
/// overlapping), or all on one spot when `stacked`.
fn layout_text(columns: usize, rows: usize, stacked: bool) -> String {
    let mut units = Vec::with_capacity(columns * rows);
    for row in 0..rows {
        for column in 0..columns {
            let (x, y) = if stacked {
                (500.0, 500.0)
            } else {
                (40.0 + 60.0 * column as f64, 20.0 + 30.0 * row as f64)
            };
            units.push(json!({
                "id": format!("u{row}-{column}"),
                "side": if row % 2 == 0 { "British" } else { "Zulu" },
                "x": x, "y": y, "facing": 0,
                "frontage": 40, "depth": 15,
            }));
        }
    }
    json!({
        "format": file::FORMAT,
        "version": file::VERSION,
        "table": { "width": 60.0 * columns as f64 + 40.0, "depth": 30.0 * rows as f64 + 40.0 },
        "units": units,
    })
    .to_string()
}

fn layout_check(c: &mut Criterion) {
    let charts = Charts::shipped().expect("shipped tables");
    let spread = layout_text(100, 100, false);
    let stacked = layout_text(40, 50, true);
    let mut group = c.benchmark_group("layout_check");
    group.sample_size(10);
    group.bench_function("10000_units_spread", |b| {
        b.iter(|| {
            let report = file::read(black_box(&spread), &charts);
            assert!(report.errors.is_empty() && report.warnings.is_empty());
        });
    });
    group.bench_function("2000_units_stacked", |b| {
        b.iter(|| {
            let report = file::read(black_box(&stacked), &charts);
            assert_eq!(report.warnings.len(), file::WARNINGS_PER_KIND + 1);
        });
    });
    group.finish();
}

criterion_group!(benches, layout_check);
criterion_main!(benches);
