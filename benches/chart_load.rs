//! Loading very large charts (issue 21, deliver 7: "chart loading linear (200,000 entries
//! under 1 s)"): a 200,000-entry list chart parsed and checked, a grid of 200,000 cells
//! (100,000 rows by two columns) and one of 200,000 rows, and a
//! club folder whose chart holds 200,000 entries read from disk within the 5 MB a chart
//! may be.

use criterion::{Criterion, criterion_group, criterion_main};
use laager::charts::parse_chart;
use laager::ruleset::Ruleset;
use std::fmt::Write as _;
use std::hint::black_box;

const ENTRIES: usize = 200_000;

const HEADER: &str = "[chart]\ntitle = \"Command costs\"\ndocument = \"003_d01d2219af99fefb.txt\"\nsection = \"bench\"\n";

/// A list chart of `n` entries, one `[[entries]]` table each.
fn list_chart(n: usize) -> String {
    let mut text = format!("{HEADER}shape = \"list\"\nvalue = \"int\"\n\n[key]\nname = \"cost\"\n");
    for i in 0..n {
        let _ = write!(
            text,
            "\n[[entries]]\nkey = \"k{i}\"\nvalue = {}\n",
            i % 12 + 1
        );
    }
    text
}

/// The same chart written compactly (an inline table per entry), under 5 MB. The top-level
/// `key` and `entries` come before `[chart]`: after a table header a key belongs to it.
fn compact_list_chart(n: usize) -> String {
    let mut text = "key = { name = \"cost\" }\nentries = [\n".to_owned();
    for i in 0..n {
        let _ = writeln!(text, "{{key=\"{i:x}\",value={}}},", i % 12 + 1);
    }
    text.push_str("]\n");
    let _ = write!(text, "{HEADER}shape = \"list\"\nvalue = \"int\"\n");
    text
}

/// A grid of `n` rows by two columns.
fn grid_chart(n: usize) -> String {
    let mut rows = String::new();
    let mut cells = String::new();
    for i in 0..n {
        let _ = write!(rows, "\"r{i}\",");
        let _ = write!(cells, "\n[[cells]]\nrow = \"r{i}\"\nvalues = [1, 2]\n");
    }
    format!(
        "{HEADER}shape = \"grid\"\nvalue = \"int\"\n\n[rows]\nname = \"r\"\nkeys = [{rows}]\n\n[columns]\nname = \"c\"\nkeys = [\"a\", \"b\"]\n{cells}"
    )
}

fn bench(c: &mut Criterion) {
    let list = list_chart(ENTRIES);
    assert!(parse_chart(Ruleset::DbaZulu, "command_costs", "bench.toml", &list).is_ok());
    let mut group = c.benchmark_group("chart_load");
    group.sample_size(10);
    group.bench_function("list_200000_entries", |b| {
        b.iter(|| {
            parse_chart(
                Ruleset::DbaZulu,
                "command_costs",
                "bench.toml",
                black_box(&list),
            )
        });
    });
    // A grid's entries are its cells: 100,000 rows by two columns.
    let grid_cells = grid_chart(ENTRIES / 2);
    assert!(parse_chart(Ruleset::DbaZulu, "command_costs", "bench.toml", &grid_cells).is_ok());
    group.bench_function("grid_200000_cells", |b| {
        b.iter(|| {
            parse_chart(
                Ruleset::DbaZulu,
                "command_costs",
                "bench.toml",
                black_box(&grid_cells),
            )
        });
    });
    // Twice that: 200,000 rows, 400,000 cells.
    let grid = grid_chart(ENTRIES);
    group.bench_function("grid_200000_rows", |b| {
        b.iter(|| {
            parse_chart(
                Ruleset::DbaZulu,
                "command_costs",
                "bench.toml",
                black_box(&grid),
            )
        });
    });
    let club = tempfile::tempdir().expect("tempdir");
    let folder = club.path().join("dba_zulu");
    std::fs::create_dir(&folder).expect("folder");
    let compact = compact_list_chart(ENTRIES);
    assert!(compact.len() < 5_000_000, "{} bytes", compact.len());
    std::fs::write(folder.join("command_costs.toml"), compact).expect("write");
    assert!(laager::store::tables::load(Some(club.path())).is_ok());
    group.bench_function("club_folder_200000_entries", |b| {
        b.iter(|| laager::store::tables::load(Some(black_box(club.path()))));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
