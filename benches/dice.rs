//! Speed of the exact dice distributions: the three-dice random factor, a 300-die
//! bucket (binomial, and the slow convolution it replaces), and a seeded 300-die roll.

use criterion::{Criterion, criterion_group, criterion_main};
use laager::dice::micro_colonial::{SameColour, random_factor_dist};
use laager::dice::victoria_cross::bucket_dist;
use laager::dice::{DiceProcedure, Dist, SeededDice, dba};
use std::hint::black_box;

fn random_factor(c: &mut Criterion) {
    c.bench_function("random_factor_dist 1 black 1 red", |b| {
        b.iter(|| random_factor_dist(black_box(1), black_box(1), SameColour::Sum));
    });
    c.bench_function("random_factor_dist 2 black 1 red sum", |b| {
        b.iter(|| random_factor_dist(black_box(2), black_box(1), SameColour::Sum));
    });
    c.bench_function("random_factor_dist 2 black 1 red highest", |b| {
        b.iter(|| random_factor_dist(black_box(2), black_box(1), SameColour::Highest));
    });
}

fn buckets(c: &mut Criterion) {
    c.bench_function("bucket_dist 300 dice 4+", |b| {
        b.iter(|| bucket_dist(black_box(300), black_box(4)));
    });
    c.bench_function("bucket_dist 300 dice 6", |b| {
        b.iter(|| bucket_dist(black_box(300), black_box(6)));
    });
    c.bench_function("bucket_dist 300 dice 4+ by convolution", |b| {
        let one = Dist::d6().map(|f| i64::from(f >= 4));
        b.iter(|| black_box(&one).repeat_sum(300));
    });
    c.bench_function("bucket odds 300 dice 4+ (odds JSON form)", |b| {
        let procedure = DiceProcedure::VcBucket {
            count: 300,
            hit: 4,
            volley: false,
        };
        b.iter(|| black_box(procedure).odds());
    });
}

fn others(c: &mut Criterion) {
    c.bench_function("dba opposed_dist", |b| {
        b.iter(|| dba::opposed_dist(black_box(5), black_box(4)));
    });
    c.bench_function("seeded roll of a 300-die bucket with steps", |b| {
        let procedure = DiceProcedure::VcBucket {
            count: 300,
            hit: 4,
            volley: false,
        };
        b.iter(|| procedure.resolve(&mut SeededDice::new(black_box(7)), "hash"));
    });
}

criterion_group!(benches, random_factor, buckets, others);
criterion_main!(benches);
