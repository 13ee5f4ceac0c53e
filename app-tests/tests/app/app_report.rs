//! The campaign report from the window (issue 42): File → Campaign report… writes the same
//! PDF and web page as `laager campaign report`, from the engine's one report.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::Ruleset;
use laager::app::{Command, LaagerApp, State};
use laager::game::{
    Action, CampaignSettings, GameResult, GameStart, Player, Stamp, UnitId, UnitSpec,
};
use laager::store::{CampaignFile, Mode};
use std::path::Path;

fn window(app: LaagerApp) -> Harness<'static, LaagerApp> {
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    harness
}

/// A campaign file of one game at Table 1, Ann (British) against Ben (Zulu), which the
/// Zulus won.
fn campaign(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("club.laager");
    let mut file = CampaignFile::create(&path, "Isandlwana League", CampaignSettings::default())
        .expect("create");
    let start = GameStart {
        date: Stamp::parse("2026-12-03T19:30:00Z").expect("a moment"),
        table: Some("Table 1".to_owned()),
        players: vec![
            Player::new("british", "Ann").expect("a player"),
            Player::new("zulu", "Ben").expect("a player"),
        ],
    };
    let units = vec![
        base("24th 1", "british", "british-regulars"),
        base("uMcijo front", "zulu", "zulus"),
    ];
    let game = file
        .campaign()
        .table_game(
            Ruleset::DbaZulu,
            "Table 1",
            serde_json::Value::Null,
            units,
            &start,
        )
        .expect("a table's game");
    file.add_game(game, None).expect("added");
    file.act(
        1,
        Action::End(GameResult {
            winner: Some("zulu".to_owned()),
            note: "the camp fell".to_owned(),
            date: Some(Stamp::parse("2026-12-03T21:00:00Z").expect("a moment")),
        }),
    )
    .expect("ended");
    path
}

fn base(unit_id: &str, side: &str, troop_type: &str) -> UnitSpec {
    UnitSpec {
        unit_id: UnitId::from(unit_id),
        name: unit_id.to_owned(),
        side: side.to_owned(),
        troop_type: troop_type.to_owned(),
        initial: 1,
        present: 1,
        class: None,
        strength_note: None,
        formation: None,
    }
}

/// Asks for the report from the File menu, types where, and presses `button`.
fn ask(harness: &mut Harness<'static, LaagerApp>, path: &Path, button: &str) {
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Campaign report…").click();
    harness.run();
    let field = harness.get_by_role_and_label(Role::TextInput, "write to");
    field.focus();
    field.type_text(&path.display().to_string());
    harness.run();
    harness.get_by_label(button).click();
    harness.run();
    harness.run();
}

// "A kittest exports the report from the window (File menu, or the Campaign view)." The
// window's files are the bytes `store::report` draws from `Campaign::report`, as the command
// line's are; the page names the players and the result; a file there is not replaced
// unasked.
#[test]
fn the_file_menu_writes_the_campaign_report_as_pdf_and_web_page() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = campaign(dir.path());
    let mut harness = window(LaagerApp::new(State::default(), None));
    harness.state_mut().push(Command::OpenGame(club.clone()));
    harness.run();
    harness.run();
    let html = dir.path().join("report.html");
    ask(&mut harness, &html, "Write web page");
    let page = std::fs::read_to_string(&html).expect("the page was written");
    let report = CampaignFile::open(&club, Mode::Read)
        .expect("open")
        .campaign()
        .report();
    assert_eq!(page, laager::store::report::html(&report));
    assert!(page.contains("<td>Ann (british), Ben (zulu)</td>"));
    assert!(page.contains("<td>won by zulu</td>"));
    assert_eq!(
        harness.state().messages.last().map(String::as_str),
        Some(format!("wrote the campaign report to {}", html.display()).as_str())
    );
    let pdf = dir.path().join("report.pdf");
    ask(&mut harness, &pdf, "Write PDF");
    let bytes = std::fs::read(&pdf).expect("the PDF was written");
    assert_eq!(bytes, laager::store::pdf::report::print(&report).bytes);
    // Asked again to the same file, without ticking "replace", nothing is written.
    std::fs::write(&pdf, b"the club's own file").expect("write");
    ask(&mut harness, &pdf, "Write PDF");
    assert_eq!(std::fs::read(&pdf).expect("read"), b"the club's own file");
    assert!(
        harness
            .state()
            .messages
            .last()
            .is_some_and(|m| m.contains("already exists")),
        "{:?}",
        harness.state().messages
    );
}

/// "A kittest exports the report from the window (File menu, or the Campaign view)": the
/// Campaign view's button opens the same prompt, and the page written is the engine's.
#[test]
fn the_campaign_view_writes_the_campaign_report() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = campaign(dir.path());
    let mut harness = window(LaagerApp::new(State::default(), None));
    harness.state_mut().push(Command::OpenGame(club.clone()));
    harness.run();
    harness.run();
    harness.get_by_label("Campaign").click();
    harness.run();
    harness.get_by_label("Campaign report…").click();
    harness.run();
    let html = dir.path().join("from the view.html");
    let field = harness.get_by_role_and_label(Role::TextInput, "write to");
    field.focus();
    field.type_text(&html.display().to_string());
    harness.run();
    harness.get_by_label("Write web page").click();
    harness.run();
    harness.run();
    let report = CampaignFile::open(&club, Mode::Read)
        .expect("open")
        .campaign()
        .report();
    assert_eq!(
        std::fs::read_to_string(&html).expect("the page was written"),
        laager::store::report::html(&report)
    );
}
