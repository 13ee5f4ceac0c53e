//! Issue 43, state without a replay, at two sizes each so growth shows as a ratio:
//! - a game's state read from its stored projection (what a resolution from a campaign
//!   without `--apply` reads): flat in the log's length apart from the state itself;
//! - the same state the long way, the whole file read and every log replayed;
//! - an undo in a file held open, as the window holds it (the event and the game's new
//!   projection written in one fsync'd transaction), and as the command line makes it (the
//!   file opened to write and every chain verified by the record's gate first), in games of
//!   2,000 and 10,000 events.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use laager::Ruleset;
use laager::game::{
    Action, Campaign, CampaignSettings, Cause, Event, Game, UnitEdit, UnitId, UnitSpec,
};
use laager::store::projection::read_game;
use laager::store::{CampaignFile, Mode};
use serde_json::json;
use std::hint::black_box;
use std::path::Path;

const UNITS: usize = 20;

/// A game of `events` events: 20 units joining, then strength changes, moves and new moves
/// in turn, so its state (every change and move by the move it happened in) grows with the
/// log as a played game's does.
fn campaign(events: usize) -> Campaign {
    let mut campaign = Campaign::new("bench", CampaignSettings::default());
    let mut game = Game::sealed(Ruleset::DbaZulu, "bench", json!(null), &campaign.settings);
    for u in 0..UNITS {
        let unit = UnitSpec {
            unit_id: UnitId(format!("u{u}")),
            name: format!("unit {u}"),
            side: if u % 2 == 0 { "british" } else { "zulu" }.to_owned(),
            troop_type: "zulus".to_owned(),
            initial: 100_000,
            present: 100_000,
            class: None,
            strength_note: None,
            formation: None,
        };
        game.append(Event::UnitAdded { unit }).expect("unit");
    }
    for i in UNITS..events {
        let unit_id = UnitId(format!("u{}", i % UNITS));
        let event = match i % 4 {
            0 | 1 => Event::Edit {
                edit: UnitEdit::StrengthChanged {
                    unit_id,
                    amount: 1,
                    cause: Cause::Other,
                },
            },
            2 => Event::Edit {
                edit: UnitEdit::Moved {
                    unit_id,
                    to: json!({ "x": i as f64, "y": 10.0, "facing_deg": 90.0 }),
                },
            },
            _ => Event::MoveAdvanced,
        };
        game.append(event).expect("event");
    }
    campaign.games.push(game);
    campaign
}

fn file_of(dir: &Path, name: &str, events: usize) -> std::path::PathBuf {
    let path = dir.join(format!("{name}-{events}.laager"));
    CampaignFile::create_from(&path, &campaign(events)).expect("create");
    path
}

fn campaign_read(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let sizes = [200, 2_000];
    let files: Vec<_> = sizes
        .iter()
        .map(|&n| (n, file_of(dir.path(), "read", n)))
        .collect();
    let mut group = c.benchmark_group("campaign_read");
    for (events, path) in &files {
        group.bench_with_input(
            BenchmarkId::new("state from the projection", events),
            path,
            |b, path| {
                b.iter(|| {
                    let game = read_game(black_box(path), None).expect("projected");
                    black_box(game.state.units.len())
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("state by replaying the log", events),
            path,
            |b, path| {
                b.iter(|| {
                    let file = CampaignFile::open(black_box(path), Mode::Read).expect("open");
                    black_box(file.campaign().games[0].state().units.len())
                });
            },
        );
    }
    group.finish();

    let mut group = c.benchmark_group("campaign_undo");
    group.sample_size(10);
    for events in [2_000, 10_000] {
        let path = file_of(dir.path(), "undo", events);
        // In a file held open, as the window holds it: the gate checks only what this
        // process has not verified, and the event and the game's state are written.
        let mut open = CampaignFile::open(&path, Mode::Write).expect("open");
        let mut undo = true;
        group.bench_with_input(
            BenchmarkId::new("undo or redo in the open file", events),
            &events,
            |b, _| {
                b.iter(|| {
                    let action = if undo { Action::Undo } else { Action::Redo };
                    undo = !undo;
                    black_box(open.act(1, action).expect("undo or redo").logged.len())
                });
            },
        );
        drop(open);
        // Undo and redo in turn, each as a command line makes it: opened, verified,
        // written, closed.
        let mut undo = true;
        group.bench_with_input(
            BenchmarkId::new("undo or redo through the gate", events),
            &path,
            |b, path| {
                b.iter(|| {
                    let mut file = CampaignFile::open(path, Mode::Write).expect("open");
                    let action = if undo { Action::Undo } else { Action::Redo };
                    undo = !undo;
                    black_box(file.act(1, action).expect("undo or redo").logged.len())
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, campaign_read);
criterion_main!(benches);
