//! Speed of the Victoria Cross bucket odds (300 dice, the most a bucket resolves) and of a
//! fire read off the board.

use criterion::{Criterion, criterion_group, criterion_main};
use laager::charts::Charts;
use laager::rules::Procedure;
use laager::rules::victoria_cross::{self as vc, Battle, FireInput, ZoneFire};
use std::hint::black_box;

fn bucket(c: &mut Criterion) {
    c.bench_function("vc bucket 300 dice", |b| {
        b.iter(|| vc::bucket(black_box(300), |f| f >= 5));
    });
}

fn zone_fire_odds(c: &mut Criterion) {
    let charts = Charts::shipped().expect("shipped tables");
    let s = FireInput::FromBoard(ZoneFire {
        battle: Battle::Isandlwana,
        from: "16".to_owned(),
        to: "12".to_owned(),
        sp: 5,
        night: false,
        friendly: vec!["17".to_owned()],
        walls_crossed: 0,
        zone_before_wall: false,
        origins: laager::rules::situation::Origins::default(),
    });
    c.bench_function("vc zone fire odds 16 to 12", |b| {
        b.iter(|| vc::Fire::odds(black_box(&charts), black_box(&s)).is_some());
    });
}

criterion_group!(benches, bucket, zone_fire_odds);
criterion_main!(benches);
