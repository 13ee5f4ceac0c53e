//! The Records tab (issue 9's roster and game log) on a long game: 500 Micro Colonial units
//! on the roster, each with its morale class, and 10,000 logged events after they joined —
//! losses to volley and other fire, statuses, moves, next-move events, a few applied
//! resolutions and undos. Measured as one whole frame of the real window at 1920 × 1080,
//! laid out and tessellated as eframe would before painting, and as the Records tab alone.

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Pos2, RawInput, Rect, vec2};
use laager::Ruleset;
use laager::app::records_panel::RecordsPanel;
use laager::app::session::Session;
use laager::app::{LaagerApp, State};
use laager::dice::{DiceSource, SeededDice};
use laager::game::{AppliedResolution, Cause, DiceOrigin, Event, UnitEdit, UnitId, UnitSpec};
use laager::resolution::{Colour, Resolution};
use serde_json::json;

const UNITS: usize = 500;
const EVENTS: usize = 10_000;
/// A next-move event every this many events: 40 moves in the game.
const EVENTS_PER_MOVE: usize = 250;

fn unit_id(i: usize) -> UnitId {
    UnitId(format!("u{}", i % UNITS))
}

fn units() -> Vec<UnitSpec> {
    (0..UNITS)
        .map(|u| UnitSpec {
            unit_id: unit_id(u),
            name: format!("unit {u}"),
            side: if u % 2 == 0 { "British" } else { "Zulu" }.to_owned(),
            troop_type: if u % 2 == 0 { "regulars" } else { "impi" }.to_owned(),
            initial: 1000,
            present: 1000,
            class: Some(["european-regular", "fanatic", "other"][u % 3].to_owned()),
            strength_note: (u % 7 == 0).then(|| "IF from army_lists, reconstructed".to_owned()),
            formation: None,
        })
        .collect()
}

/// The `i`th event after the units joined. Units are picked with a stride so a unit's
/// losses in one move vary (some pass 50 or 100 and make a morale test due).
fn event(i: usize) -> Event {
    let unit_id = unit_id(i * 7 + i / 3);
    // Halfway through each stretch, so the game ends halfway through a move.
    if i % EVENTS_PER_MOVE == EVENTS_PER_MOVE / 2 - 1 {
        return Event::MoveAdvanced;
    }
    match i % 10 {
        0 if i.is_multiple_of(500) => {
            let roll = SeededDice::new(i as u64)
                .throw(&[Some(Colour::Black), Some(Colour::Red)])
                .expect("seeded throw");
            let mut resolution =
                Resolution::<()>::new(Ruleset::MicroColonial, "small-arms-fire", "bench")
                    .with_outcome(laager::rules::Outcome::MicroColonial(
                        laager::rules::micro_colonial::Outcome::Fire(
                            laager::rules::micro_colonial::fire::FireOutcome {
                                range_rounded_mm: 200,
                                total: i64::from(34_u32),
                                ff_lost: 34_u32,
                                volley_losses: 34_u32,
                            },
                        ),
                    ));
            resolution.rolls.push(roll);
            Event::ResolutionApplied(Box::new(AppliedResolution {
                request: None,
                cells: Vec::new(),
                throw: None,
                engine: None,
                inputs: json!({ "firer": "u0", "target": unit_id, "range_mm": 150.0 }),
                dice: DiceOrigin::Seeded { seed: i as u64 },
                resolution,
                effects: vec![UnitEdit::StrengthChanged {
                    unit_id,
                    amount: 34,
                    cause: Cause::Volley,
                }],
            }))
        }
        0..=3 => Event::Edit {
            edit: UnitEdit::StrengthChanged {
                unit_id,
                amount: 5 + (i % 37) as u32,
                cause: if i.is_multiple_of(2) {
                    Cause::Volley
                } else {
                    Cause::Other
                },
            },
        },
        4 | 5 => Event::Edit {
            edit: UnitEdit::StatusSet {
                unit_id,
                status: (!i.is_multiple_of(4))
                    .then(|| ["pinned", "falling back", "broken"][i % 3])
                    .and_then(laager::record::Status::parse),
            },
        },
        6 if i % 1000 == 6 => Event::PhaseSet {
            phase: "British fire".to_owned(),
        },
        _ => Event::Edit {
            edit: UnitEdit::Moved {
                unit_id,
                to: json!({ "x": (i % 1800) as f64, "y": 300.0, "facing_deg": 90.0 }),
            },
        },
    }
}

/// The game: the units join, then the events are logged; one in every 1,000 undoes the
/// loss before it.
fn long_game() -> Session {
    let mut session = Session::new(Ruleset::MicroColonial, "bench", json!(null), units(), None);
    let mut logged = 0;
    let mut i = 0;
    while logged < EVENTS {
        if i % 1000 == 503 {
            session.undo().expect("undo");
        } else {
            session
                .act(event(i).try_into().expect("a manual event"))
                .expect("event");
        }
        logged += 1;
        i += 1;
    }
    session
}

fn window(width: f32, height: f32) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(width, height))),
        ..RawInput::default()
    }
}

fn records(c: &mut Criterion) {
    let mut app = LaagerApp::new(State::default(), None);
    app.session = long_game();
    {
        let game = app.session.game();
        assert_eq!(game.events().len(), UNITS + EVENTS);
        let state = game.state();
        assert_eq!(state.units.len(), UNITS);
        assert_eq!(state.move_number, 1 + (EVENTS / EVENTS_PER_MOVE) as u32);
        assert!(!state.voided.is_empty());
        assert!(!state.losses_this_move().is_empty());
    }
    let input = window(1920.0, 1080.0);
    let ctx = egui::Context::default();
    // Warm the font atlas and the galleys.
    for _ in 0..4 {
        let _ = ctx.run_ui(input.clone(), |ui| app.show(ui));
    }
    assert!(app.messages.is_empty(), "{:?}", app.messages);
    c.bench_function(
        "window frame, 500 units on the roster, 10000 logged events",
        |b| {
            b.iter(|| {
                let output = ctx.run_ui(input.clone(), |ui| app.show(ui));
                ctx.tessellate(output.shapes, output.pixels_per_point)
            });
        },
    );

    // The Records tab alone (the roster over the log), beside the same window's table.
    let charts = app.charts();
    let session = &app.session;
    let mut panel = RecordsPanel::default();
    let bar_ctx = egui::Context::default();
    let mut bar = |ctx: &egui::Context| {
        ctx.run_ui(input.clone(), |ui| {
            egui::Panel::right("records_panel")
                .exact_size(560.0)
                .show(ui, |ui| {
                    let actions = panel.records_ui(ui, session.game(), charts, &[]);
                    assert!(actions.is_empty());
                });
        })
    };
    for _ in 0..4 {
        let _ = bar(&bar_ctx);
    }
    c.bench_function("Records tab alone, 500 units, 10000 logged events", |b| {
        b.iter(|| {
            let output = bar(&bar_ctx);
            bar_ctx.tessellate(output.shapes, output.pixels_per_point)
        });
    });
    // The bar's first frame (a game opened): every line of the log described and measured
    // (on a galley cache the iteration before warmed).
    let mut group = c.benchmark_group("Records tab's first frame");
    group.sample_size(10);
    group.bench_function("500 units, 10000 logged events", |b| {
        b.iter(|| {
            let mut panel = RecordsPanel::default();
            bar_ctx.run_ui(input.clone(), |ui| {
                egui::Panel::right("records_panel")
                    .exact_size(560.0)
                    .show(ui, |ui| panel.records_ui(ui, session.game(), charts, &[]));
            })
        });
    });
    group.finish();

    // A referee's action: one more event logged, then the frame that shows it.
    let mut i = EVENTS;
    c.bench_function("window frame after logging one more event", |b| {
        b.iter(|| {
            app.session
                .act(event(i).try_into().expect("a manual event"))
                .expect("event");
            i += 1;
            let output = ctx.run_ui(input.clone(), |ui| app.show(ui));
            ctx.tessellate(output.shapes, output.pixels_per_point)
        });
    });
}

criterion_group!(benches, records);
criterion_main!(benches);
