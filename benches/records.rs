//! Opening a campaign file of 20 games and 10,000 events and projecting every record sheet.

use criterion::{Criterion, criterion_group, criterion_main};
use laager::Ruleset;
use laager::dice::{DiceSource, SeededDice};
use laager::game::{
    AppliedResolution, Campaign, CampaignSettings, Cause, DiceOrigin, Event, Game, UnitEdit,
    UnitId, UnitSpec,
};
use laager::resolution::{Colour, Resolution};
use laager::store::{CampaignFile, Mode};
use serde_json::json;
use std::hint::black_box;

const GAMES: usize = 20;
const EVENTS_PER_GAME: usize = 500;
const UNITS: usize = 20;

fn event(game: usize, i: usize) -> Event {
    let unit_id = UnitId(format!("u{}", i % UNITS));
    match i % 5 {
        0 => {
            let seed = (game * EVENTS_PER_GAME + i) as u64;
            let roll = SeededDice::new(seed)
                .throw(&[Some(Colour::Black), Some(Colour::Red)])
                .expect("seeded throw");
            let mut resolution =
                Resolution::<()>::new(Ruleset::MicroColonial, "small-arms-fire", "bench")
                    .with_outcome(laager::rules::Outcome::MicroColonial(
                        laager::rules::micro_colonial::Outcome::Fire(
                            laager::rules::micro_colonial::fire::FireOutcome {
                                range_rounded_mm: 200,
                                total: i64::from(3_u32),
                                ff_lost: 3_u32,
                                volley_losses: 3_u32,
                            },
                        ),
                    ));
            resolution.rolls.push(roll);
            Event::ResolutionApplied(Box::new(AppliedResolution {
                request: None,
                cells: Vec::new(),
                throw: None,
                engine: None,
                inputs: json!({ "target": unit_id, "range_mm": 150.0 }),
                dice: DiceOrigin::Seeded { seed },
                resolution,
                effects: vec![UnitEdit::StrengthChanged {
                    unit_id,
                    amount: 3,
                    cause: Cause::Volley,
                }],
            }))
        }
        1 => Event::Edit {
            edit: UnitEdit::StrengthChanged {
                unit_id,
                amount: 2,
                cause: Cause::Other,
            },
        },
        2 | 3 => Event::Edit {
            edit: UnitEdit::Moved {
                unit_id,
                to: json!({ "x": i as f64, "y": 10.0, "facing_deg": 90.0 }),
            },
        },
        _ => Event::MoveAdvanced,
    }
}

fn campaign() -> Campaign {
    let mut campaign = Campaign::new("bench", CampaignSettings::default());
    for g in 0..GAMES {
        let mut game = Game::new(Ruleset::MicroColonial, &format!("game {g}"), json!(null));
        for u in 0..UNITS {
            let unit = UnitSpec {
                unit_id: UnitId(format!("u{u}")),
                name: format!("unit {u}"),
                side: if u % 2 == 0 { "British" } else { "Zulu" }.to_owned(),
                troop_type: "regular infantry".to_owned(),
                initial: 1000,
                present: 1000,
                class: None,
                strength_note: None,
                formation: None,
            };
            game.append(Event::UnitAdded { unit }).expect("unit");
        }
        for i in UNITS..EVENTS_PER_GAME {
            game.append(event(g, i)).expect("event");
        }
        campaign.games.push(game);
    }
    campaign
}

fn records(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bench.laager");
    let campaign = campaign();
    CampaignFile::create_from(&path, &campaign).expect("create");
    c.bench_function(
        "open 20 games / 10000 events and project every sheet",
        |b| {
            b.iter(|| {
                let file = CampaignFile::open(black_box(&path), Mode::Read).expect("open");
                black_box(file.campaign().record_sheets())
            });
        },
    );
    c.bench_function("project every sheet of 20 games in memory", |b| {
        b.iter(|| black_box(black_box(&campaign).record_sheets()));
    });
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open to write");
    // Through the record's gate: the game's new links verified, the campaign's seal and
    // its history written with the event, in one fsync'd transaction.
    c.bench_function(
        "append one event through the gate (its own fsync'd transaction)",
        |b| {
            b.iter(|| {
                file.act(1, laager::game::Action::SetPhase("bench".to_owned()))
                    .expect("append")
                    .logged
                    .len()
            });
        },
    );
}

criterion_group!(benches, records);
criterion_main!(benches);
