//! Soldiers of the Queen: hex range across the map, and one fire resolution end to end with
//! the test club's (invented) charts.

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

criterion_group!(benches, range_all_pairs_of_a_row, fire_end_to_end);
criterion_main!(benches);
