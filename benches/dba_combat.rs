//! Speed of the DBA-style Zulu combat: one resolution with typed dice, and the exact odds
//! over the 36 rolls (what the app recomputes as flags are ticked).

use criterion::{Criterion, criterion_group, criterion_main};
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::rules::Procedure;
use laager::rules::dba_zulu::{Combat, CombatInput, CombatKind, Contact, ModifierName, TroopType};
use std::hint::black_box;

fn situation() -> CombatInput {
    let mut s = CombatInput::new(
        CombatKind::Close,
        TroopType::Zulus,
        TroopType::BritishRegulars,
    );
    s.contact = Contact::Flank;
    s.b.mods.set(ModifierName::Overlaps, 1).expect("overlaps");
    s.b.mods.set(ModifierName::Rough, 1).expect("rough");
    s
}

fn bench(c: &mut Criterion) {
    let charts = Charts::shipped().expect("shipped tables");
    let s = situation();
    c.bench_function("dba combat resolve", |b| {
        b.iter(|| {
            let mut dice = EnteredDice::from_faces(&[4, 3]).expect("faces");
            black_box(Combat::resolve(&charts, black_box(&s), &mut dice).expect("resolves"))
        });
    });
    c.bench_function("dba combat odds (36 rolls)", |b| {
        b.iter(|| {
            black_box(
                Combat::odds(&charts, black_box(&s))
                    .expect("throws dice")
                    .expect("odds"),
            )
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
