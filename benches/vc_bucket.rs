//! Speed of the Victoria Cross bucket odds (300 dice, the most a bucket resolves), of a
//! fire read off the board, and of what the desk reads off a 500-counter roster each time
//! the selection or the log changes: a melee exchange's 16 counters and the Victory
//! Conditions' counts.

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

/// A game of 500 counters, British infantry and Zulu warriors in turn.
fn roster() -> laager::game::GameState {
    use laager::game::{Event, Game, UnitId, UnitSpec};
    let mut log = Game::new(
        laager::Ruleset::VictoriaCross,
        "Isandlwana",
        serde_json::json!(null),
    );
    for i in 0..500 {
        let (side, kind, sp) = if i % 2 == 0 {
            ("British", "infantry", 2)
        } else {
            ("Zulus", "warriors", 10)
        };
        let unit = UnitSpec {
            unit_id: UnitId(format!("u{i}")),
            name: format!("u{i}"),
            side: side.to_owned(),
            troop_type: kind.to_owned(),
            initial: sp,
            present: sp,
            class: None,
            strength_note: None,
            formation: None,
        };
        log.append(Event::UnitAdded { unit }).expect("joins");
    }
    log.state().clone()
}

fn desk_reads(c: &mut Criterion) {
    use laager::rules::situation::Roles;
    use laager::rules::victoria_cross::{MeleeExchangeInput, MeleeSituation, Side, situation};
    let records = roster();
    let roles = Roles(
        (0..16)
            .map(|i| (format!("unit-{}", i + 1), format!("u{i}")))
            .collect(),
    );
    let base = MeleeExchangeInput {
        zulu: MeleeSituation::new(Battle::Isandlwana, Side::Zulu, 0),
        british: MeleeSituation::new(Battle::Isandlwana, Side::British, 0),
    };
    c.bench_function("vc melee exchange situation, 16 counters of 500", |b| {
        b.iter(|| situation::melee_exchange(black_box(&records), &roles, base.clone()).is_ok());
    });
    c.bench_function("vc victory counts over 500 counters", |b| {
        b.iter(|| laager::game::victory::vc_counts(black_box(&records)).is_ok());
    });
}

criterion_group!(benches, bucket, zone_fire_odds, desk_reads);
criterion_main!(benches);
