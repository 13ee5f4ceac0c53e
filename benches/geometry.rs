//! The table-wide workload: range and arc for every pair of opposing units, line of sight
//! for the pairs in range and arc, on a 6' × 4' table with 50 terrain areas.
//! Target: 500 units under 16 ms on one core.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use laager::geometry::{
    Base, Layout, MatrixOptions, Point, Real, Table, Terrain, TerrainKind, opposing_matrix,
};
use laager::ruleset::Ruleset;
use std::hint::black_box;

/// A small deterministic generator (xorshift), so every run measures the same table.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> Real {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as Real / (1u64 << 24) as Real
    }

    fn between(&mut self, lo: Real, hi: Real) -> Real {
        lo + (hi - lo) * self.next()
    }
}

/// `units` bases (half British in the near half facing the far edge, half Zulu in the far
/// half facing the near edge) and 50 terrain areas, on a 6' × 4' table.
fn table(units: usize) -> Layout {
    let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
    let t = Table::SIX_BY_FOUR;
    let kinds = [
        TerrainKind::Wood,
        TerrainKind::Building,
        TerrainKind::Hill,
        TerrainKind::DeadGround,
        TerrainKind::Scrub,
    ];
    let mut terrain = Vec::new();
    for i in 0..50 {
        let centre = Point::new(
            noise.between(100.0, t.width_mm - 100.0),
            noise.between(100.0, t.depth_mm - 100.0),
        );
        let radius = noise.between(30.0, 80.0);
        let outline: Vec<Point> = (0..6)
            .map(|k| {
                let a = (k as Real) * std::f32::consts::TAU / 6.0;
                let r = radius * noise.between(0.7, 1.0);
                centre + parry2d::na::Vector2::new(a.cos(), a.sin()) * r
            })
            .collect();
        let kind = kinds[i % kinds.len()];
        let mut area = Terrain::area(format!("t{i}"), kind, outline);
        if kind == TerrainKind::Hill {
            let crest = vec![
                centre - parry2d::na::Vector2::new(radius * 0.5, 0.0),
                centre + parry2d::na::Vector2::new(radius * 0.5, 0.0),
            ];
            area = area.with_hill(1, Some(crest));
        }
        terrain.push(area);
    }
    let mut bases = Vec::new();
    for i in 0..units {
        let british = i % 2 == 0;
        let y = if british {
            noise.between(30.0, t.depth_mm / 2.0 - 30.0)
        } else {
            noise.between(t.depth_mm / 2.0 + 30.0, t.depth_mm - 30.0)
        };
        let facing = if british { 0.0 } else { 180.0 } + noise.between(-30.0, 30.0);
        bases.push(Base::new(
            format!("u{i}"),
            if british { "british" } else { "zulu" },
            Point::new(noise.between(30.0, t.width_mm - 30.0), y),
            facing,
            40.0,
            if british { 15.0 } else { 20.0 },
        ));
    }
    Layout::new(t, bases, terrain)
}

fn matrix(c: &mut Criterion) {
    let rulesets = [
        (
            "micro_colonial",
            MatrixOptions {
                ruleset: Ruleset::MicroColonial,
                // "Rifle ... 600 mm" (Weapon Ranges).
                range_mm: 600.0,
                // The template's angle is a club's value; 90° stands in for one here.
                mc_arc_deg: Some(90.0),
            },
        ),
        (
            "dba_zulu",
            MatrixOptions {
                ruleset: Ruleset::DbaZulu,
                // Artillery at 15 mm: 8".
                range_mm: 8.0 * 25.4,
                mc_arc_deg: None,
            },
        ),
    ];
    for (name, options) in rulesets {
        let mut group = c.benchmark_group(format!("opposing_matrix_{name}"));
        group.sample_size(10);
        for units in [100, 500, 1000] {
            let layout = table(units);
            let pairs = opposing_matrix(&layout, &options);
            let sights = pairs.iter().filter(|p| p.sight.is_some()).count();
            println!(
                "{name} {units} units: {} pairs, {sights} sight lines",
                pairs.len()
            );
            group.bench_with_input(BenchmarkId::from_parameter(units), &layout, |b, layout| {
                b.iter(|| black_box(opposing_matrix(layout, &options)).len());
            });
        }
        group.finish();
    }
    // The machine is shared: wall-clock figures above include waiting for the CPU. This
    // thread's own CPU time (from /proc/thread-self/schedstat) is the time on one core.
    for (name, options) in rulesets {
        let layout = table(500);
        let rounds = 20;
        let before = cpu_ns();
        for _ in 0..rounds {
            black_box(opposing_matrix(&layout, &options));
        }
        if let (Some(before), Some(after)) = (before, cpu_ns()) {
            let per = (after - before) as f64 / f64::from(rounds) / 1.0e6;
            println!("{name} 500 units: {per:.2} ms of CPU per matrix");
        }
    }
    c.bench_function("layout_build_500", |b| {
        b.iter(|| black_box(table(500)).bases().len());
    });
}

/// This thread's CPU time so far, in ns (Linux).
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// One pair's pieces, to see where the time goes.
fn pieces(c: &mut Criterion) {
    use laager::geometry::{DbaField, McArc, centre_to_nearest, edge_to_edge};
    let a = Base::new("a", "british", Point::new(500.0, 300.0), 10.0, 40.0, 15.0);
    let b = Base::new("b", "zulu", Point::new(650.0, 700.0), 190.0, 40.0, 20.0);
    let arc = McArc::new(&a, 90.0, 2500.0).expect("an arc");
    let field = DbaField::new(&a, 2500.0);
    c.bench_function("pair/centre_to_nearest", |x| {
        x.iter(|| centre_to_nearest(black_box(&a), black_box(&b)).mm);
    });
    c.bench_function("pair/edge_to_edge", |x| {
        x.iter(|| edge_to_edge(black_box(&a), black_box(&b)).mm);
    });
    c.bench_function("pair/mc_arc", |x| x.iter(|| arc.holds(black_box(&b))));
    c.bench_function("pair/dba_field", |x| x.iter(|| field.holds(black_box(&b))));
}

criterion_group!(benches, matrix, pieces);
criterion_main!(benches);
