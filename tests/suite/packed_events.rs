//! Issue 43, a compact record: from schema 6 each event's canonical JSON is stored deflated
//! (from 512 bytes on: a shorter one is stored as text, which costs less to write),
//! every fact kept (the JSON inflates back to what was hashed), and a file of schema 5 or
//! older, whose payloads are text, reads, verifies and takes new events as before.

use crate::support::ok;
use laager::store::packed::unpack;
use laager::store::{CampaignFile, Mode};

const DEMO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/demos/dba_zulu_battle.json"
);

/// Each stored payload: its SQLite type, its stored length and its JSON.
fn payloads(path: &std::path::Path) -> Vec<(String, usize, String)> {
    let conn = rusqlite::Connection::open(path).expect("open");
    let mut statement = conn
        .prepare("SELECT typeof(payload), length(payload), payload FROM event ORDER BY game, seq")
        .expect("events");
    statement
        .query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)? as usize,
                unpack(r.get_ref(2)?).expect("a payload that reads"),
            ))
        })
        .expect("rows")
        .map(|r| r.expect("row"))
        .collect()
}

#[test]
fn each_event_is_stored_deflated_and_reads_back_as_hashed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("c.laager");
    let f = file.to_str().expect("utf-8");
    ok(&["campaign", "new", f, "--name", "Packed"]);
    ok(&[
        "campaign",
        "add-game",
        f,
        "--ruleset",
        "dba-zulu",
        "--layout",
        DEMO,
    ]);
    for _ in 0..5 {
        // A tie (4 against 4): logged with its steps, changing no unit.
        ok(&[
            "dba",
            "combat",
            "--kind",
            "close",
            "--campaign",
            f,
            "--unit",
            "a=uMcijo front",
            "--unit",
            "b=24th 3",
            "--dice",
            "4,4",
            "--in-contact",
            "--apply",
        ]);
    }
    let stored = payloads(&file);
    let opened = CampaignFile::open(&file, Mode::Read).expect("open");
    let events = opened.campaign().games[0].events();
    assert_eq!(stored.len(), events.len());
    for ((kind, _, json), logged) in stored.iter().zip(events) {
        // Deflated from 512 bytes of JSON on; a shorter one (a unit joining) as text.
        let expected = if json.len() >= laager::store::packed::PACK_FROM {
            "blob"
        } else {
            "text"
        };
        assert_eq!(kind, expected, "{json}");
        assert_eq!(*json, laager::game::chain::canonical_json(&logged.event));
    }
    assert!(stored.iter().any(|(kind, _, _)| kind == "text"));
    // The five resolutions' steps, stored: at most half their JSON's length.
    let resolutions: Vec<&(String, usize, String)> = stored
        .iter()
        .filter(|(_, _, j)| j.contains("\"steps\""))
        .collect();
    assert_eq!(resolutions.len(), 5);
    for (_, packed, json) in resolutions {
        assert!(
            *packed * 2 <= json.len(),
            "{packed} bytes stored for {} of JSON",
            json.len()
        );
    }
    assert!(opened.intact());
    // A new file's pages are 16 KiB, so each event stays on its page (a `WITHOUT ROWID`
    // row spills into an overflow page beyond about a sixteenth of a page): the file is at
    // most one page for each of its six tables (the game's stored state and its history
    // among them) and SQLite's schema, and the events' rows twice over.
    let conn = rusqlite::Connection::open(&file).expect("open");
    let pragma = |name: &str| -> usize {
        conn.query_row(&format!("PRAGMA {name}"), [], |r| r.get::<_, i64>(0))
            .expect(name) as usize
    };
    assert_eq!(pragma("page_size"), 16_384);
    let rows: usize = stored.iter().map(|(_, n, _)| n + 64 + 64 + 16).sum();
    let bytes = pragma("page_count") * 16_384;
    assert!(
        bytes <= 7 * 16_384 + 2 * rows,
        "{bytes} bytes for {rows} bytes of events"
    );
}

#[test]
fn a_file_of_text_payloads_reads_verifies_and_takes_packed_events() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("old.laager");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/campaign_schema3.laager"
        ),
        &file,
    )
    .expect("copy");
    let before = payloads(&file);
    assert!(before.iter().all(|(kind, _, _)| kind == "text"));
    let f = file.to_str().expect("utf-8");
    ok(&["log", "verify", f]);
    let mut opened = CampaignFile::open(&file, Mode::Write).expect("open");
    let last = opened.campaign().games.len();
    opened
        .act(last, laager::game::Action::SetPhase("Zulu move".to_owned()))
        .expect("a new event");
    drop(opened);
    let after = payloads(&file);
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(
        after[..before.len()],
        before[..],
        "the old rows are untouched"
    );
    ok(&["log", "verify", f]);
}

/// A campaign of the demo battle with three close combats applied (events 1–27 the game
/// starting, its units joining and its charts; 28–30 the resolutions).
fn three_resolutions(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("c.laager");
    let f = file.to_str().expect("utf-8");
    ok(&["campaign", "new", f, "--name", "Checked"]);
    ok(&[
        "campaign",
        "add-game",
        f,
        "--ruleset",
        "dba-zulu",
        "--layout",
        DEMO,
    ]);
    for _ in 0..3 {
        ok(&[
            "dba",
            "combat",
            "--kind",
            "close",
            "--campaign",
            f,
            "--unit",
            "a=uMcijo front",
            "--unit",
            "b=24th 3",
            "--dice",
            "4,4",
            "--in-contact",
            "--apply",
        ]);
    }
    file
}

/// Stores `json` as the payload of game 1's event `seq`, outside Laager.
fn restore(path: &std::path::Path, seq: usize, json: &str) {
    let conn = rusqlite::Connection::open(path).expect("open");
    conn.execute(
        "UPDATE event SET payload = ?1 WHERE game = 1 AND seq = ?2",
        rusqlite::params![laager::store::packed::pack(json), seq as i64],
    )
    .expect("update");
}

/// The gate hashes each event from the text it is stored as while opening the file, and
/// verifies again only from the first event whose stored text is not the canonical JSON it
/// was hashed as. What a write finds is what it found when it serialized every event anew
/// (the chain's rule: `hash = sha256(seq "\n" prev_hash "\n" canonical JSON of the event)`):
/// an event stored in another layout but holding the same facts still verifies and takes
/// a write; an event whose facts changed outside Laager is a break, and nothing is written.
#[test]
fn the_gate_verifies_each_event_from_its_stored_text_and_finds_what_it_found_before() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = three_resolutions(dir.path());
    let f = file.to_str().expect("utf-8");
    let stored = payloads(&file);
    assert_eq!(stored.len(), 30);
    let (_, _, resolution) = &stored[28];
    assert!(resolution.contains("\"steps\""), "{resolution}");

    // The same facts, laid out otherwise (keys sorted, indented): not the text that was
    // hashed, but the same event.
    let value: serde_json::Value = serde_json::from_str(resolution).expect("json");
    let relaid = serde_json::to_string_pretty(&value).expect("pretty");
    assert_ne!(&relaid, resolution);
    restore(&file, 29, &relaid);
    ok(&["log", "verify", f]);
    ok(&["log", "undo", f]);
    ok(&["log", "verify", f]);

    // A fact changed: a step now says another face was rolled.
    let (_, _, first) = &payloads(&file)[27];
    let forged = first.replacen("a rolls 4", "a rolls 6", 1);
    assert_ne!(&forged, first);
    restore(&file, 28, &forged);
    let before = std::fs::read(&file).expect("read");
    let out = crate::support::run(&["log", "redo", f]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        crate::support::stderr(&out)
    );
    assert!(
        crate::support::stderr(&out).contains("event 28"),
        "{}",
        crate::support::stderr(&out)
    );
    assert_eq!(
        std::fs::read(&file).expect("read"),
        before,
        "nothing written"
    );
}
