//! The record's gate in the window (issue 35): a throw is applied once and its dice do
//! not carry to the next pair; opening a game with another club folder remembered leaves
//! its seal as the players noted it; Save game as works where no system dialog exists.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::app::{LaagerApp, State};
use laager::game::Event;

fn window(app: LaagerApp) -> Harness<'static, LaagerApp> {
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    harness
}

fn events(harness: &Harness<'_, LaagerApp>) -> usize {
    harness.state().session.game().events().len()
}

fn select(harness: &mut Harness<'_, LaagerApp>, a: &str, b: &str) {
    harness.state_mut().canvas.selected = vec![a.to_owned(), b.to_owned()];
    harness.run();
}

fn type_faces(harness: &mut Harness<'_, LaagerApp>, faces: &str) {
    if harness.query_by_label("Type faces").is_some() {
        harness.get_by_label("Type faces").click();
        harness.run();
    }
    let field = harness.get_by_role_and_label(Role::TextInput, "dice faces");
    field.focus();
    field.type_text(faces);
    harness.run();
}

fn enter(harness: &mut Harness<'_, LaagerApp>) {
    // With nothing holding the keyboard, Enter resolves (and Ctrl+Enter applies).
    harness.key_press(egui::Key::Enter);
    harness.run();
}

fn ctrl_enter(harness: &mut Harness<'_, LaagerApp>) {
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    harness.run();
}

/// Issue 35: "In a fire, type the faces, press Enter, then Ctrl+Enter ... Enter then
/// Ctrl+Enter logs the same fire again" and "After applying 5,2 for one pair, select
/// another pair and press Enter: they are resolved with 5,2 again." Now the throw is
/// applied once, the card says so, and the dice are cleared.
#[test]
fn a_throw_is_applied_once_and_its_dice_do_not_carry_to_the_next_pair() {
    let mut harness = window(LaagerApp::new(State::default(), None));
    select(&mut harness, "uMcijo front", "24th 4");
    type_faces(&mut harness, "5,2");
    enter(&mut harness);
    assert!(
        matches!(harness.state().desk.result, Some(Ok(_))),
        "resolved"
    );
    let before = events(&harness);
    ctrl_enter(&mut harness);
    assert_eq!(events(&harness), before + 1, "applied once");
    let applied = harness.state().desk.applied.expect("the card is applied");
    assert_eq!(applied as usize, events(&harness));
    assert!(
        harness
            .query_by_label(&format!("Applied (event {applied})"))
            .is_some(),
        "the card says which event"
    );
    assert!(
        harness
            .query_by_label("Inputs changed since: resolve again")
            .is_none()
    );
    assert!(
        harness.state().desk.dice.typed.is_empty(),
        "the dice are cleared"
    );
    // Enter and Ctrl+Enter again: no dice typed, no new throw, nothing logged.
    enter(&mut harness);
    ctrl_enter(&mut harness);
    assert_eq!(
        events(&harness),
        before + 1,
        "the same throw is not applied twice"
    );
    assert!(
        harness
            .query_by_label(&format!("Applied (event {applied})"))
            .is_some()
    );
    // The next pair: nothing typed carries over to it.
    select(&mut harness, "uMbonambi front", "24th 3");
    assert!(harness.state().desk.dice.typed.is_empty());
    assert!(harness.state().desk.result.is_none());
    enter(&mut harness);
    ctrl_enter(&mut harness);
    assert_eq!(
        events(&harness),
        before + 1,
        "the next pair waits for its own throw"
    );
    // These two are not in contact: whatever the desk says of them, it is not a result
    // resolved with the last pair's dice.
    assert!(!matches!(harness.state().desk.result, Some(Ok(_))));
}

/// A game file with one result applied at the desk, saved.
fn played_game(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("evening.laager");
    let mut harness = window(LaagerApp::new(State::default(), None));
    // 4 + 4 against 5 + 3: a tie, which changes no unit.
    select(&mut harness, "uMcijo front", "24th 4");
    type_faces(&mut harness, "4,3");
    enter(&mut harness);
    ctrl_enter(&mut harness);
    assert!(harness.state().desk.applied.is_some(), "applied");
    harness.state_mut().session.save_as(&path).expect("saved");
    path
}

/// A club tables folder whose one house cell changes the charts' hash.
fn club_folder(dir: &std::path::Path) -> std::path::PathBuf {
    let club = dir.join("club");
    std::fs::create_dir_all(club.join("dba_zulu")).expect("club folder");
    std::fs::write(
        club.join("dba_zulu").join("house.toml"),
        "[[cell]]\naddress = \"troop_types:zulus:combat\"\nvalue = 4\nby = \"club\"\ndate = \"2026-12-03\"\n",
    )
    .expect("house cell");
    club
}

/// Issue 35: "With a club tables folder remembered from an earlier evening, just opening a
/// saved game appends 'the charts in force: the club's tables folder'. The seal the players
/// noted changes with nobody acting." Now opening writes nothing; the status bar says the
/// charts in force differ, and the next result applied records them in the same write.
#[test]
fn opening_a_game_with_another_club_folder_remembered_leaves_its_seal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = played_game(dir.path());
    let club = club_folder(dir.path());
    let bytes = std::fs::read(&path).expect("read");
    let noted = {
        let file =
            laager::store::CampaignFile::open(&path, laager::store::Mode::Read).expect("open");
        file.campaign().games[0].head().to_owned()
    };
    let state = State {
        club_tables: Some(club.clone()),
        ..State::default()
    };
    let mut harness = window(LaagerApp::new(state, Some(path.clone())));
    for _ in 0..3 {
        harness.run();
    }
    assert_eq!(
        harness.state().session.path().as_deref(),
        Some(path.as_path())
    );
    assert_eq!(
        harness.state().session.game().head(),
        noted,
        "the seal as noted"
    );
    assert_eq!(
        std::fs::read(&path).expect("read"),
        bytes,
        "nothing written"
    );
    let club_name = club.display().to_string();
    assert!(
        harness
            .query_all_by_label_contains(&club_name)
            .next()
            .is_some(),
        "the status bar names the club folder in force"
    );
    // The next result applied records the charts in force with it, in one write.
    let before = events(&harness);
    select(&mut harness, "uMcijo front", "24th 4");
    type_faces(&mut harness, "5,1");
    enter(&mut harness);
    ctrl_enter(&mut harness);
    let game = harness.state().session.game();
    assert_eq!(game.events().len(), before + 2);
    assert!(matches!(
        &game.events()[before].event,
        Event::TablesInForce { club_tables: Some(dir), .. } if *dir == club_name
    ));
    assert!(matches!(
        game.events()[before + 1].event,
        Event::ResolutionApplied(_)
    ));
}

/// Issue 35: "Where no system file dialog is available, the button and the menu item show
/// nothing and say nothing." Save game as now opens the app's own prompt with a default
/// name, and the game is written where it says.
#[test]
fn save_game_as_opens_the_apps_own_prompt_and_writes_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut app = LaagerApp::new(State::default(), None);
    app.autosave_dir = Some(dir.path().join("games"));
    let mut harness = window(app);
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Save game as…").click();
    harness.run();
    let prompt = harness
        .state()
        .windows
        .prompt
        .as_ref()
        .map(|p| p.typed.clone())
        .expect("the prompt is open");
    assert!(
        prompt.starts_with(&dir.path().join("games").display().to_string())
            && prompt.ends_with(".laager"),
        "a default name in the games folder: {prompt}"
    );
    let path = dir.path().join("saved here.laager");
    assert!(
        harness
            .query_by_role_and_label(Role::TextInput, "file")
            .is_some()
    );
    if let Some(prompt) = harness.state_mut().windows.prompt.as_mut() {
        prompt.typed = path.display().to_string();
    }
    harness.run();
    harness.get_by_label("Save").click();
    harness.run();
    assert!(path.exists(), "the game is written");
    assert_eq!(
        harness.state().session.path().as_deref(),
        Some(path.as_path())
    );
    assert!(
        harness
            .state()
            .messages
            .iter()
            .any(|m| m.contains("saved the game to") && m.contains("saved here.laager")),
        "{:?}",
        harness.state().messages
    );
}

/// Issue 35: "A game is written to a default file in the user's data folder at its first
/// event in play ... A demo opened and not played writes nothing."
#[test]
fn a_game_is_saved_to_the_games_folder_at_its_first_event_in_play() {
    let dir = tempfile::tempdir().expect("tempdir");
    let games = dir.path().join("games");
    let mut app = LaagerApp::new(State::default(), None);
    app.autosave_dir = Some(games.clone());
    let mut harness = window(app);
    for _ in 0..3 {
        harness.run();
    }
    assert!(
        !games.exists(),
        "a demo opened and not played writes nothing"
    );
    select(&mut harness, "uMcijo front", "24th 4");
    type_faces(&mut harness, "5,1");
    enter(&mut harness);
    ctrl_enter(&mut harness);
    harness.run();
    let saved = harness.state().session.path().expect("saved");
    assert!(saved.starts_with(&games), "{}", saved.display());
    let file = laager::store::CampaignFile::open(&saved, laager::store::Mode::Read).expect("open");
    assert_eq!(
        file.campaign().games[0].events().len(),
        harness.state().session.game().events().len()
    );
}
