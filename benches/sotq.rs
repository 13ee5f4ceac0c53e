//! Soldiers of the Queen: hex range across the map, one fire resolution end to end with
//! the test club's (invented) charts, and a fire's situation read from a game of 500 units.

use criterion::{Criterion, criterion_group, criterion_main};
use laager::dice::SeededDice;
use laager::rules::Procedure as _;
use laager::rules::soldiers_of_the_queen::{
    Arm, Fire, FireInput, Firer, Game, Hex, Morale, Nationality, Phase, ShiftedColumns, StackUnit,
    Target,
};
use laager::store;
use std::hint::black_box;
use std::path::Path;

fn range_all_pairs_of_a_row(c: &mut Criterion) {
    let hexes: Vec<Hex> = (1..=40).map(|column| Hex { column, row: 20 }).collect();
    c.bench_function("sotq range, 40 x 40 hexes", |b| {
        b.iter(|| {
            let mut total = 0u32;
            for a in &hexes {
                for z in &hexes {
                    total += black_box(*a).range_to(black_box(*z), ShiftedColumns::Even);
                }
            }
            total
        });
    });
}

fn fire_end_to_end(c: &mut Criterion) {
    let club = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sotq_club");
    let charts = store::tables::load(Some(&club)).expect("the test club folder loads");
    let firer = Firer {
        name: "A/1/24".to_owned(),
        strength: 4,
        weapon: "T".to_owned(),
        range: 3,
        nationality: Nationality::Regular,
        arm: Arm::Foot,
        mounted: false,
        limbered: false,
        moved: false,
        changed_formation: false,
        out_of_ammo: false,
        pinned: false,
        routed: false,
        rear: false,
        zoc_elsewhere: false,
    };
    let unit = |name: &str| StackUnit {
        name: name.to_owned(),
        morale: Some(Morale::C),
        gun: false,
        zariba: false,
    };
    let situation = FireInput {
        game: Game::Isandhlwana,
        phase: Phase::Defensive,
        firers: vec![firer],
        target: Target {
            units: vec![unit("a"), unit("b")],
            leaders: vec!["inDuna".to_owned()],
            ..Target::default()
        },
        khalifa_killed: false,
        origins: laager::rules::situation::Origins::default(),
    };
    let mut seed = 0u64;
    c.bench_function("sotq fire, one resolution", |b| {
        b.iter(|| {
            seed += 1;
            Fire::resolve(&charts, black_box(&situation), &mut SeededDice::new(seed)).is_ok()
        });
    });
}

/// Eight firers and a stack of three read from the records of a game of 500 units, as the
/// desk does each time the selection or the log changes.
fn fire_situation_from_the_records(c: &mut Criterion) {
    use laager::game::{Event, Game as Log, UnitId, UnitSpec};
    use laager::rules::situation::Roles;
    use laager::rules::soldiers_of_the_queen::situation;
    let mut log = Log::new(
        laager::Ruleset::SoldiersOfTheQueen,
        "Isandhlwana",
        serde_json::json!(null),
    );
    for i in 0..500 {
        let (side, kind, class) = if i % 2 == 0 {
            ("British", "regular-infantry", "regular")
        } else {
            ("Zulus", "zulu-infantry", "zulu")
        };
        let unit = UnitSpec {
            unit_id: UnitId(format!("u{i}")),
            name: format!("u{i}"),
            side: side.to_owned(),
            troop_type: kind.to_owned(),
            initial: 1,
            present: 1,
            class: Some(class.to_owned()),
            strength_note: None,
            formation: None,
        };
        log.append(Event::UnitAdded { unit }).expect("joins");
    }
    let records = log.state().clone();
    let mut pairs: Vec<(String, String)> = (0..8)
        .map(|i| (format!("firer-{}", i + 1), format!("u{}", 2 * i)))
        .collect();
    for (role, i) in [("target", 1), ("target-2", 3), ("target-3", 5)] {
        pairs.push((role.to_owned(), format!("u{i}")));
    }
    let roles = Roles(pairs);
    let firer = Firer {
        name: "firer".to_owned(),
        strength: 4,
        weapon: "T".to_owned(),
        range: 3,
        nationality: Nationality::Regular,
        arm: Arm::Foot,
        mounted: false,
        limbered: false,
        moved: false,
        changed_formation: false,
        out_of_ammo: false,
        pinned: false,
        routed: false,
        rear: false,
        zoc_elsewhere: false,
    };
    let base = FireInput {
        game: Game::Isandhlwana,
        phase: Phase::Defensive,
        firers: vec![firer; 8],
        target: Target::default(),
        khalifa_killed: false,
        origins: laager::rules::situation::Origins::default(),
    };
    c.bench_function("sotq fire situation, 11 units of 500 on the roster", |b| {
        b.iter(|| situation::fire(black_box(&records), &roles, base.clone(), &[]).is_ok());
    });
}

criterion_group!(
    benches,
    range_all_pairs_of_a_row,
    fire_end_to_end,
    fire_situation_from_the_records
);
criterion_main!(benches);
