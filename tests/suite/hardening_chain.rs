//! Issue 21, tamper evidence: the game's header and the campaign's settings are sealed into
//! the chain, the file stores each game's head, a noted head shows a log cut short or
//! rewritten since; records and standings refuse a file that fails; older files still
//! open and verify, their headers noted as not sealed; imports stay strict.

use crate::records::{legacy_log, loss, sample_game, unit};
use crate::support::{run, stderr, stdout};
use laager::Ruleset;
use laager::game::{
    Campaign, CampaignSettings, Cause, Event, GENESIS, Game, GameError, Replacement,
};
use laager::store::{self, CampaignFile, Mode, StoreError, schema};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// A campaign file of one game of 8 events, in a campaign of non-default settings.
fn campaign_at(path: &Path) -> PathBuf {
    let settings = CampaignSettings {
        replacement: Replacement::Share { percent: 50 },
        ..CampaignSettings::default()
    };
    let mut campaign = Campaign::new("Zulu War", settings);
    campaign.push_game(sample_game());
    CampaignFile::create_from(path, &campaign).expect("create");
    path.to_owned()
}

fn tamper(path: &Path, sql: &str) {
    rusqlite::Connection::open(path)
        .expect("open")
        .execute_batch(sql)
        .expect("tamper");
}

fn head_of(path: &Path) -> String {
    let out = run(&["log", "head", s(path), "--game", "1", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let value: Value = serde_json::from_str(&stdout(&out)).expect("json");
    value["head"].as_str().expect("head").to_owned()
}

#[test]
fn a_new_file_verifies_intact_with_its_headers_sealed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    let file = CampaignFile::open(&path, Mode::Read).expect("open");
    let checks = file.verify();
    assert!(checks[0].sealed && checks[0].broken.is_none(), "{checks:?}");
    assert_ne!(file.campaign().games[0].genesis(), GENESIS);
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stdout(&out).contains("not sealed"), "{}", stdout(&out));
}

#[test]
fn changing_a_games_ruleset_fails_verify_at_the_header() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    tamper(
        &path,
        "UPDATE game SET ruleset = 'dba-zulu' WHERE number = 1;",
    );
    let out = run(&["log", "verify", s(&path), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("game 1, header:"), "{}", stderr(&out));
    let report: Value = serde_json::from_str(&stdout(&out)).expect("json");
    assert_eq!(report["intact"], false);
    assert_eq!(report["games"][0]["break"]["seq"], 0);
}

#[test]
fn changing_a_games_name_or_layout_fails_verify() {
    for sql in [
        "UPDATE game SET name = 'Rorke''s Drift';",
        "UPDATE game SET layout = '{\"bases\":[1]}';",
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = campaign_at(&dir.path().join("c.laager"));
        tamper(&path, sql);
        let out = run(&["log", "verify", s(&path)]);
        assert_eq!(out.status.code(), Some(2), "{sql}");
    }
}

#[test]
fn changing_the_campaign_settings_fails_verify() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    tamper(
        &path,
        r#"UPDATE campaign SET settings = '{"replacement":{"rule":"share","percent":100}}';"#,
    );
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("campaign's settings"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn deleting_the_last_events_of_a_game_fails_verify() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    tamper(&path, "DELETE FROM event WHERE game = 1 AND seq > 5;");
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "game 1, event 6: the log no longer holds the event the file records as its last (it ends at event 5)"
        ),
        "{}",
        stderr(&out)
    );
}

#[test]
fn log_head_prints_the_head_and_verify_head_finds_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    let head = head_of(&path);
    let file = CampaignFile::open(&path, Mode::Read).expect("open");
    assert_eq!(head, file.campaign().games[0].head());
    assert_eq!(file.stored_head(1), Some(head.as_str()));
    drop(file);
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open");
    crate::support::log(&mut file, 1, Event::MoveAdvanced).expect("append");
    drop(file);
    for noted in [head.as_str(), &head[..12]] {
        let out = run(&["log", "verify", s(&path), "--head", noted, "--game", "1"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(
            stdout(&out).contains("event 8 of game 1; 1 event(s) logged since"),
            "{}",
            stdout(&out)
        );
    }
    let text = run(&["log", "head", s(&path), "--game", "1"]);
    assert!(stdout(&text).contains(&head_of(&path)), "{}", stdout(&text));
    // Without --game: the campaign's seal, over its name and each game's seal.
    let text = run(&["log", "head", s(&path)]);
    let seal = CampaignFile::open(&path, Mode::Read)
        .expect("open")
        .campaign()
        .seal();
    assert!(stdout(&text).contains(&seal), "{}", stdout(&text));
}

#[test]
fn verify_head_detects_a_log_cut_short_even_with_the_stored_head_forged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    let head = head_of(&path);
    tamper(
        &path,
        "DELETE FROM event WHERE game = 1 AND seq > 5;
         UPDATE game SET head = (SELECT hash FROM event WHERE game = 1 AND seq = 5);",
    );
    // The campaign's seal, over each game's head, shows the cut even with the stored head
    // forged; the noted head shows it too.
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("the campaign's seal does not match"),
        "{}",
        stderr(&out)
    );
    let out = run(&["log", "verify", s(&path), "--head", &head]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("truncated or rewritten since it was noted"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn verify_head_of_another_game_is_not_found_in_this_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open");
    file.new_game(Ruleset::DbaZulu, "second", json!(null), None)
        .expect("game 2");
    let first = file.campaign().games[0].head().to_owned();
    drop(file);
    let out = run(&["log", "verify", s(&path), "--head", &first, "--game", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("game 2's log"), "{}", stderr(&out));
}

#[test]
fn records_and_standings_refuse_a_file_that_fails_unless_allow_broken() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    tamper(&path, "UPDATE game SET ruleset = 'dba-zulu';");
    for command in [
        vec!["records", s(&path)],
        vec!["campaign", "standings", s(&path)],
    ] {
        let out = run(&command);
        assert_eq!(out.status.code(), Some(2), "{command:?}");
        assert!(stdout(&out).is_empty(), "{}", stdout(&out));
        assert!(stderr(&out).contains("--allow-broken"), "{}", stderr(&out));
        let mut allowed = command.clone();
        allowed.push("--allow-broken");
        let out = run(&allowed);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stderr(&out).contains("warning:"), "{}", stderr(&out));
        assert!(!stdout(&out).is_empty());
    }
}

/// A version 2 file as the Laager before sealed headers wrote it: game 1 logged from the
/// all-zero genesis, game 2 empty.
fn version_2_file(path: &Path) {
    let events = legacy_log(sample_game().events());
    let conn = rusqlite::Connection::open(path).expect("create");
    schema::migrate(&conn, 0, 2).expect("v2 schema");
    conn.execute_batch(
        "INSERT INTO campaign (id, name, settings) VALUES (1, 'Old', '{}');
         INSERT INTO game (number, ruleset, name, layout) VALUES (1, 'micro-colonial', 'Isandlwana', '{\"bases\":[]}');
         INSERT INTO game (number, ruleset, name, layout) VALUES (2, 'dba-zulu', 'Empty', 'null');",
    )
    .expect("rows");
    for e in &events {
        conn.execute(
            "INSERT INTO event (game, seq, prev_hash, hash, payload) VALUES (1, ?1, ?2, ?3, ?4)",
            rusqlite::params![
                e.seq as i64,
                e.prev_hash,
                e.hash,
                serde_json::to_string(&e.event).expect("payload")
            ],
        )
        .expect("event");
    }
}

#[test]
fn an_older_file_verifies_with_its_header_noted_as_not_sealed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("old.laager");
    version_2_file(&path);
    let before = std::fs::read(&path).expect("bytes");
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("game 1: header not sealed (file from an older Laager)"),
        "{}",
        stdout(&out)
    );
    assert_eq!(run(&["records", s(&path)]).status.code(), Some(0));
    assert_eq!(std::fs::read(&path).expect("bytes"), before);
}

#[test]
fn an_older_file_opened_to_write_stores_heads_and_seals_its_empty_games() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("old.laager");
    version_2_file(&path);
    let mut file = CampaignFile::open(&path, Mode::Write).expect("migrate");
    // Opening writes nothing: the first write brings the schema up to date.
    assert_eq!(file.schema_version(), 2);
    assert_eq!(file.campaign().games[0].genesis(), GENESIS);
    assert_ne!(file.campaign().games[1].genesis(), GENESIS);
    crate::support::log(&mut file, 1, Event::MoveAdvanced).expect("old game logs on");
    assert_eq!(file.schema_version(), schema::CURRENT_VERSION);
    crate::support::log(&mut file, 2, unit("impi", "Zulu", 4)).expect("sealed game logs");
    drop(file);
    let file = CampaignFile::open(&path, Mode::Read).expect("reopen");
    let checks = file.verify();
    assert!(checks.iter().all(|c| c.broken.is_none()), "{checks:?}");
    assert_eq!((checks[0].sealed, checks[1].sealed), (false, true));
    assert_eq!(file.stored_head(1), Some(file.campaign().games[0].head()));
}

#[test]
fn a_sealed_games_layout_and_the_campaign_settings_cannot_change_once_logged() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    let mut file = CampaignFile::open(&path, Mode::Write).expect("open");
    let refused = file.set_layout(1, json!({ "bases": [] }));
    assert!(matches!(
        refused,
        Err(StoreError::Game(GameError::HeaderSealed(8)))
    ));
    let refused = file.set_settings(CampaignSettings::default());
    assert!(matches!(
        refused,
        Err(StoreError::Game(GameError::HeaderSealed(_)))
    ));
    // An empty game is sealed again under its new layout.
    let number = file
        .new_game(Ruleset::DbaZulu, "next", json!(null), None)
        .expect("game");
    file.set_layout(number, json!({ "bases": [] }))
        .expect("empty game");
    assert!(file.intact());
}

#[test]
fn campaign_json_of_an_older_game_imports_and_exports_unchanged() {
    let mut campaign = Campaign::new("Old", CampaignSettings::default());
    campaign.games.push(Game::from_log(
        Ruleset::MicroColonial,
        "Isandlwana",
        json!(null),
        legacy_log(sample_game().events()),
    ));
    let text = store::campaign_to_json(&campaign);
    let imported = store::campaign_from_json(&text).expect("import");
    assert_eq!(imported.games[0].genesis(), GENESIS);
    assert_eq!(store::campaign_to_json(&imported), text);
}

#[test]
fn campaign_json_with_a_game_header_changed_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("c.laager"));
    let file = CampaignFile::open(&path, Mode::Read).expect("open");
    let mut value: Value =
        serde_json::from_str(&store::campaign_to_json(file.campaign())).expect("json");
    value["games"][0]["ruleset"] = json!("dba-zulu");
    let err = store::campaign_from_json(&value.to_string()).expect_err("refused");
    assert_eq!(err.path, "$.games[0].events[0].prev_hash");
}

#[test]
fn a_game_added_from_json_is_sealed_under_its_new_campaign_and_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("c.laager");
    let out = run(&[
        "campaign",
        "new",
        s(&path),
        "--name",
        "x",
        "--replacement",
        "share:25",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let game = dir.path().join("game.json");
    std::fs::write(&game, store::game_to_json(&sample_game())).expect("write");
    let out = run(&[
        "campaign",
        "add-game",
        s(&path),
        "--ruleset",
        "micro-colonial",
        "--from-json",
        s(&game),
        "--name",
        "Renamed",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&["log", "verify", s(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn campaign_import_refuses_unknown_fields_inside_events() {
    let mut campaign = Campaign::new("x", CampaignSettings::default());
    campaign.games.push(sample_game());
    let mut value: Value = serde_json::from_str(&store::campaign_to_json(&campaign)).expect("json");
    value["games"][0]["events"][0]["event"]["unit"]["morale"] = json!("steady");
    let err = store::campaign_from_json(&value.to_string()).expect_err("refused");
    assert!(err.message.contains("unknown field"), "{err}");
    let mut value: Value = serde_json::from_str(&store::campaign_to_json(&campaign)).expect("json");
    value["games"][0]["events"][3]["event"]["note"] = json!("extra");
    for item in value["games"][0]["events"].as_array_mut().expect("events") {
        item.as_object_mut().expect("event").remove("hash");
        item.as_object_mut().expect("event").remove("prev_hash");
    }
    let err = store::campaign_from_json(&value.to_string()).expect_err("refused");
    assert!(err.message.contains("unknown field"), "{err}");
    let mut value: Value = serde_json::from_str(&store::campaign_to_json(&campaign)).expect("json");
    value["games"][0]["events"][4]["event"]["move"] = json!(2);
    let err = store::campaign_from_json(&value.to_string()).expect_err("refused");
    assert_eq!(err.path, "$.games[0].events[4].event.move", "{err}");
    let mut lost = serde_json::to_value(loss("u", 1, Cause::Other)).expect("json");
    lost["edit"]["why"] = json!("x");
    assert!(serde_json::from_value::<Event>(lost).is_err());
}

#[test]
fn campaign_import_refuses_settings_the_command_line_refuses() {
    for (settings, at) in [
        (
            json!({ "replacement": { "rule": "share", "percent": 100_000 } }),
            "$.settings.replacement.percent",
        ),
        (
            json!({ "scale": { "battlefield_mm": -1000.0 } }),
            "$.settings.scale.battlefield_mm",
        ),
        (
            json!({ "scale": { "hours_per_pair_of_moves": -0.5 } }),
            "$.settings.scale.hours_per_pair_of_moves",
        ),
        (
            json!({ "scale": { "zulu_cross_country_multiple": 0.0 } }),
            "$.settings.scale.zulu_cross_country_multiple",
        ),
    ] {
        let text = json!({
            "laager": "campaign", "format": 1, "name": "x",
            "settings": settings, "games": [],
        })
        .to_string();
        let err = store::campaign_from_json(&text).expect_err("refused");
        assert_eq!(err.path, at, "{err}");
    }
}
