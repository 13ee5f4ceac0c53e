//! Issue 22: games live in the browser and travel as `.laager` files. What the page does
//! (`src/app/web.rs`) asks the app's `keep.rs`, tried here natively: the game downloaded
//! is the `.laager` file the desktop opens, an upload opens one, and the game kept between
//! visits comes back as it was.

use egui_kittest::Harness;
use laager::app::{LaagerApp, State};
use laager::game::{Event, UnitId};
use laager::store::{CampaignFile, Mode};

const REGULARS: &str = "24th 4";

fn window() -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1280.0, 800.0));
    harness.run();
    harness
}

fn present(app: &LaagerApp, unit: &str) -> (u32, bool) {
    let unit = app
        .session
        .game()
        .state()
        .unit(&UnitId(unit.to_owned()))
        .expect("unit on the roster");
    (unit.present, unit.removed)
}

/// Something happens in the game: 24th 4 is moved (the game is then in play).
fn play_a_move(harness: &mut Harness<'static, LaagerApp>) {
    let moved = Event::Edit {
        edit: laager::game::UnitEdit::Moved {
            unit_id: UnitId(REGULARS.to_owned()),
            to: serde_json::json!({"x": 120.0, "y": 130.0, "facing": 0.0}),
        },
    };
    harness
        .state_mut()
        .session
        .act(moved.try_into().expect("a manual event"))
        .expect("logged");
    harness.run();
}

#[test]
fn a_downloaded_game_opens_as_a_laager_file_with_its_log() {
    let mut harness = window();
    play_a_move(&mut harness);
    let bytes = harness.state().game_file_bytes().expect("bytes");
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join(harness.state().game_file_name());
    std::fs::write(&path, &bytes).expect("written");
    let file = CampaignFile::open(&path, Mode::Read).expect("the desktop opens it");
    let game = &file.campaign().games[0];
    assert_eq!(game.head(), harness.state().session.game().head());
    assert_eq!(
        game.events().len(),
        harness.state().session.game().events().len()
    );
}

#[test]
fn an_uploaded_laager_file_is_the_game_on_the_table() {
    let mut harness = window();
    play_a_move(&mut harness);
    let bytes = harness.state().game_file_bytes().expect("bytes");
    let head = harness.state().session.game().head().to_owned();
    let mut other = window();
    other.state_mut().open_game_bytes("battle.laager", &bytes);
    other.run();
    assert_eq!(other.state().session.game().head(), head);
    assert_eq!(other.state().document.name, "battle.laager");
    // The table shows the game as its log leaves it: 24th 4 where it was moved.
    let base = other
        .state()
        .document
        .layout
        .base(REGULARS)
        .expect("on the table");
    assert!(
        (base.centre().x - 120.0).abs() < 0.01,
        "{:?}",
        base.centre()
    );
}

#[test]
fn an_upload_over_a_game_in_play_asks_first() {
    let mut harness = window();
    let bytes = harness.state().game_file_bytes().expect("bytes");
    play_a_move(&mut harness);
    let head = harness.state().session.game().head().to_owned();
    harness.state_mut().open_game_bytes("other.laager", &bytes);
    harness.run();
    assert!(harness.state().asking.is_some(), "not asked");
    assert_eq!(harness.state().session.game().head(), head);
}

#[test]
fn a_bad_upload_is_refused_with_its_name_and_the_game_stays() {
    let mut harness = window();
    let head = harness.state().session.game().head().to_owned();
    for (bytes, words) in [
        (
            &b"not a game"[..],
            "bad.laager: not a Laager file (not an SQLite database)",
        ),
        (
            &b""[..],
            "bad.laager: not a Laager file (the file is empty)",
        ),
    ] {
        harness.state_mut().open_game_bytes("bad.laager", bytes);
        harness.run();
        let message = harness.state().messages.last().expect("a message");
        assert!(message.starts_with(words), "{message}");
        assert_eq!(harness.state().session.game().head(), head);
    }
}

#[test]
fn the_kept_game_comes_back_on_the_next_visit() {
    let mut harness = window();
    assert_eq!(harness.state().kept_game(), None, "nothing in play yet");
    play_a_move(&mut harness);
    let key = harness.state().kept_game_key();
    let text = harness.state().kept_game().expect("kept");
    let mut next = window();
    next.state_mut().restore_kept_game(&text).expect("restored");
    next.run();
    assert_eq!(next.state().kept_game_key(), key);
    assert_eq!(
        next.state().session.game().head(),
        harness.state().session.game().head()
    );
    assert_eq!(present(next.state(), REGULARS), (1, false));
    assert!(next.state().records_text().contains(REGULARS));
}

#[test]
fn a_kept_game_that_does_not_read_is_refused_and_nothing_changes() {
    let mut harness = window();
    let head = harness.state().session.game().head().to_owned();
    let e = harness
        .state_mut()
        .restore_kept_game("{\"name\": 1}")
        .expect_err("refused");
    assert!(e.starts_with("the kept game does not read"), "{e}");
    assert_eq!(harness.state().session.game().head(), head);
}

#[test]
fn the_file_name_is_made_of_the_tables_name() {
    let mut harness = window();
    harness.state_mut().document.name = "my table: Rorke's Drift.json".to_owned();
    assert_eq!(
        harness.state().game_file_name(),
        "my_table__Rorke_s_Drift.laager"
    );
    harness.state_mut().document.name = "???".to_owned();
    assert_eq!(harness.state().game_file_name(), "game.laager");
}

/// A club folder with one house cell, exported as a bundle: its text as an upload.
fn club_bundle_text() -> (String, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let address = laager::charts::CellAddress::parse(
        "micro_colonial/small_arms_range_factors:101-200:volley-200",
    )
    .expect("address");
    laager::store::tables::write_house_cell(&club, &address, "30", "club", "2026-12-02")
        .expect("a house cell");
    let folder_hash = laager::store::tables::load(Some(&club))
        .expect("loads")
        .hash()
        .to_owned();
    let file = dir.path().join("club.json");
    laager::store::bundle::export(&club, &file, laager::store::Existing::Refuse).expect("export");
    (std::fs::read_to_string(&file).expect("read"), folder_hash)
}

#[test]
fn an_uploaded_tables_bundle_is_in_force_as_its_folder_would_be() {
    let (text, folder_hash) = club_bundle_text();
    let mut harness = window();
    harness
        .state_mut()
        .open_upload("club.json", text.as_bytes());
    harness.run();
    assert_eq!(
        harness.state().charts().expect("charts").hash(),
        folder_hash,
        "{:?}",
        harness.state().messages
    );
    let (name, kept) = harness.state().club_bundle_file().expect("in force");
    assert_eq!(name, "club.json");
    // What the page downloads and keeps reads back as the same bundle.
    assert_eq!(
        laager::store::bundle::parse(&kept, "kept").expect("reads"),
        laager::store::bundle::parse(&text, "upload").expect("reads")
    );
    // Putting the bundle in force writes nothing to the game (issue 35: "Opening writes
    // nothing"): the status bar says the charts in force are not yet recorded, and the next
    // result applied records them.
    let logged = harness.state().session.game().state().tables.clone();
    assert_ne!(logged.map(|(hash, _)| hash), Some(folder_hash.clone()));
    let pending = harness
        .state()
        .tables_pending()
        .map(|note| note.tables_hash);
    assert_eq!(pending, Some(folder_hash));
}

#[test]
fn a_bad_tables_bundle_is_refused_and_the_tables_stay() {
    let mut harness = window();
    let hash = harness.state().charts().expect("charts").hash().to_owned();
    let bad = r#"{"format": "laager-club-tables", "version": 1, "files": {"nowhere/x.toml": ""}}"#;
    harness.state_mut().open_upload("bad.json", bad.as_bytes());
    harness.run();
    let message = harness.state().messages.last().expect("a message");
    assert!(
        message.starts_with("bad.json: 'nowhere/x.toml'"),
        "{message}"
    );
    assert_eq!(harness.state().charts().expect("charts").hash(), hash);
    assert!(harness.state().club_bundle_file().is_none());
}

/// A file dropped on the window: its path (in the browser its name alone) and bytes.
#[derive(Debug)]
struct Dropped {
    path: std::path::PathBuf,
    bytes: Vec<u8>,
}

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.path
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        Ok(self.bytes.clone())
    }
}

fn drop_file(harness: &mut Harness<'static, LaagerApp>, path: &str, bytes: &[u8]) {
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped {
            path: path.into(),
            bytes: bytes.to_vec(),
        }));
    harness.run();
}

/// Issue 22: a `.laager` file dropped by its name (as the page drops one) is the game on
/// the table, as uploaded.
#[test]
fn a_dropped_laager_file_is_the_game_on_the_table() {
    let mut harness = window();
    play_a_move(&mut harness);
    let bytes = harness.state().game_file_bytes().expect("bytes");
    let head = harness.state().session.game().head().to_owned();
    let mut other = window();
    drop_file(&mut other, "battle.laager", &bytes);
    assert_eq!(other.state().session.game().head(), head);
    assert_eq!(other.state().document.name, "battle.laager");
}

/// A `.laager` file dropped from the disk on the desktop's window is opened there, and
/// the game saves back to it, as File > Open game does.
#[test]
fn a_laager_file_dropped_from_the_disk_is_opened_in_place() {
    let mut harness = window();
    play_a_move(&mut harness);
    let bytes = harness.state().game_file_bytes().expect("bytes");
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("battle.laager");
    std::fs::write(&path, &bytes).expect("written");
    let mut other = window();
    drop_file(&mut other, path.to_str().expect("a UTF-8 path"), &[]);
    assert_eq!(
        other.state().session.path(),
        Some(path.clone()),
        "{:?}",
        other.state().messages
    );
}

/// Issue 22: a club tables bundle dropped on the page is in force, as uploaded; a file
/// that is neither is refused by its name.
#[test]
fn a_dropped_tables_bundle_is_in_force_and_a_bad_file_refused() {
    let (text, folder_hash) = club_bundle_text();
    let mut harness = window();
    drop_file(&mut harness, "club.json", text.as_bytes());
    assert_eq!(
        harness.state().charts().expect("charts").hash(),
        folder_hash,
        "{:?}",
        harness.state().messages
    );
    let head = harness.state().session.game().head().to_owned();
    drop_file(&mut harness, "notes.txt", b"not a game");
    assert_eq!(harness.state().session.game().head(), head);
    let said = harness.state().messages.last().cloned().unwrap_or_default();
    assert!(said.contains("notes.txt"), "{said}");
}

/// Issue 22: the page has no file system, so a table and its photo come in as uploads (or
/// files dropped on the page): a layout's JSON is the table on the window, a PNG or JPEG
/// its photo, as Open layout and Load photo give them on the desktop.
#[test]
fn an_uploaded_layout_is_the_table_and_an_uploaded_image_its_photo() {
    let mut harness = window();
    let layout = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../assets/demos/micro_colonial_isandhlwana.json"),
    )
    .expect("the demo's layout");
    harness
        .state_mut()
        .open_upload("isandhlwana.json", layout.as_bytes());
    harness.run();
    let app = harness.state();
    assert!(
        app.document.layout.base("1/24 A").is_some(),
        "{:?}",
        app.messages
    );
    assert!(app.document.layout.base(REGULARS).is_none());

    // A 4 x 2 PNG: the photo, laid over the whole table's width until calibrated.
    let mut png = Vec::new();
    image::RgbaImage::from_pixel(4, 2, image::Rgba([200, 150, 100, 255]))
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("png");
    harness.state_mut().open_upload("table.png", &png);
    harness.run();
    let app = harness.state();
    let photo = app.document.photo.as_ref().expect("the photo is loaded");
    assert_eq!(photo.size_px, [4, 2]);
    let width = app.document.layout.table.width_mm;
    assert!((photo.placement.mm_per_pixel - width / 4.0).abs() < 1e-3);

    // JSON that is neither a bundle nor a layout is refused, naming the file; the table
    // stays.
    harness
        .state_mut()
        .open_upload("notes.json", br#"{"hello": "world"}"#);
    harness.run();
    let app = harness.state();
    let message = app.messages.last().expect("a message");
    assert!(message.contains("notes.json"), "{message}");
    assert!(app.document.layout.base("1/24 A").is_some());
}
