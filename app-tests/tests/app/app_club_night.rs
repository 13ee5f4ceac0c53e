//! A club night in the window (issue 41): File → Merge table files… brings two tables'
//! copies of the campaign back into the campaign open, through the same engine function as
//! `laager campaign merge`, and writes them to its file; the status bar names the open
//! game's number and identity.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::Ruleset;
use laager::app::{Command, LaagerApp, State};
use laager::game::CampaignSettings;
use laager::game::{Action, GameResult, GameStart, Stamp, UnitId, UnitSpec};
use laager::store::{CampaignFile, Mode};
use std::path::{Path, PathBuf};

fn window(app: LaagerApp) -> Harness<'static, LaagerApp> {
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    harness
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

/// A club file with a game for each of two tables, started at a fixed moment.
fn club(dir: &Path) -> PathBuf {
    let path = dir.join("club.laager");
    let mut file =
        CampaignFile::create(&path, "Club night", CampaignSettings::default()).expect("create");
    for (table, british, zulu) in [
        ("Table 1", "24th 1", "uMcijo front"),
        ("Table 2", "24th 2", "uVe front"),
    ] {
        let start = GameStart {
            date: Stamp::parse("2026-12-03T19:30:00Z").expect("a moment"),
            table: Some(table.to_owned()),
            players: Vec::new(),
        };
        let units = vec![
            base(british, "british", "british-regulars"),
            base(zulu, "zulu", "zulus"),
        ];
        let game = file
            .campaign()
            .table_game(
                Ruleset::DbaZulu,
                table,
                serde_json::Value::Null,
                units,
                &start,
            )
            .expect("a table's game");
        file.add_game(game, None).expect("added");
    }
    path
}

#[test]
fn two_table_files_merge_into_the_open_campaign_from_the_file_menu() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club(dir.path());
    let (one, two) = (
        dir.path().join("table1.laager"),
        dir.path().join("table2.laager"),
    );
    std::fs::copy(&club, &one).expect("copy");
    std::fs::copy(&club, &two).expect("copy");
    // Table 1 plays a move and ends its game; table 2 sets a phase.
    let mut first = CampaignFile::open(&one, Mode::Write).expect("open");
    first.act(1, Action::AdvanceMove).expect("next move");
    first
        .act(
            1,
            Action::End(GameResult {
                winner: Some("zulu".to_owned()),
                note: "the camp fell".to_owned(),
                date: Some(Stamp::parse("2026-12-03T21:00:00Z").expect("a moment")),
            }),
        )
        .expect("ended");
    drop(first);
    let mut second = CampaignFile::open(&two, Mode::Write).expect("open");
    second
        .act(2, Action::SetPhase("Zulu move".to_owned()))
        .expect("phase");
    drop(second);

    let mut harness = window(LaagerApp::new(State::default(), None));
    harness.state_mut().push(Command::OpenGame(club.clone()));
    harness.run();
    harness.run();
    assert_eq!(
        harness.state().session.path().as_deref(),
        Some(club.as_path())
    );
    let before: Vec<usize> = harness
        .state()
        .session
        .campaign()
        .games
        .iter()
        .map(|g| g.events().len())
        .collect();
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("Merge table files…").click();
    harness.run();
    let field = harness.get_by_role_and_label(Role::MultilineTextInput, "table files (one a line)");
    field.focus();
    field.type_text(&format!("{}\n{}", one.display(), two.display()));
    harness.run();
    harness.get_by_label("Merge").click();
    harness.run();
    harness.run();

    let campaign = harness.state().session.campaign();
    assert_eq!(
        campaign.games.len(),
        2,
        "no game added: both were the club's"
    );
    // Table 1: the move and the end; table 2: the phase.
    assert_eq!(campaign.games[0].events().len(), before[0] + 2);
    assert_eq!(campaign.games[1].events().len(), before[1] + 1);
    let result = campaign.games[0].state().result.clone().expect("ended");
    assert_eq!(result.winner.as_deref(), Some("zulu"));
    assert_eq!(
        campaign.games[1].state().phase.as_deref(),
        Some("Zulu move")
    );
    assert!(
        harness.state().messages.last().is_some_and(
            |m| m.starts_with("merged: game 1 \"Table 1\" brought up to date (2 events)")
        ),
        "{:?}",
        harness.state().messages
    );
    // Written to the club's file, which verifies.
    let reopened = CampaignFile::open(&club, Mode::Read).expect("open");
    assert!(reopened.intact());
    assert_eq!(reopened.campaign().games[0].events().len(), before[0] + 2);
    assert_eq!(reopened.campaign().games[1].events().len(), before[1] + 1);
    assert!(
        harness.state().windows.merge_prompt.is_none(),
        "the prompt closed"
    );

    // The status bar's seal names the open game's number and identity when hovered.
    let (number, identity, head) = {
        let session = &harness.state().session;
        let game = session.game();
        let identity = game.identity().expect("a game begun").to_owned();
        (session.game_number, identity, game.head().to_owned())
    };
    assert_eq!(
        identity,
        reopened.campaign().games[number - 1]
            .identity()
            .unwrap_or_default()
    );
    let seal = format!("seal {}", &head[..12]);
    harness
        .get_by(|node| node.role() == Role::Label && node.value().as_deref() == Some(seal.as_str()))
        .hover();
    for _ in 0..10 {
        harness.step();
    }
    harness.run();
    let tip = format!("Game {number}, identity {}.", &identity[..12]);
    assert!(
        harness
            .query_by(|node| node.value().is_some_and(|v| v.contains(tip.as_str())))
            .is_some(),
        "no tooltip saying {tip}"
    );
}

/// Issue 40, item 7: "The club-night and report issues add players ... This view shows them
/// when they exist." A game played by Ann (british) and Bob (zulu) and won by the Zulus:
/// the Campaign view's games list names both players, and its standings by player give
/// Bob 1 played, 1 won and Ann 1 played, 1 lost (issue 41's standings, counted by hand).
#[test]
fn the_campaign_view_names_the_players_and_their_standings() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("players.laager");
    let mut file =
        CampaignFile::create(&path, "Players", CampaignSettings::default()).expect("create");
    let start = GameStart {
        date: Stamp::parse("2026-12-03T19:30:00Z").expect("a moment"),
        table: Some("Table 1".to_owned()),
        players: vec![
            laager::game::Player::new("british", "Ann").expect("a player"),
            laager::game::Player::new("zulu", "Bob").expect("a player"),
        ],
    };
    let game = file
        .campaign()
        .table_game(
            Ruleset::DbaZulu,
            "Table 1",
            serde_json::Value::Null,
            vec![
                base("24th 1", "british", "british-regulars"),
                base("uMcijo front", "zulu", "zulus"),
            ],
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
    drop(file);

    let mut harness = window(LaagerApp::new(State::default(), None));
    harness.state_mut().push(Command::OpenGame(path));
    harness.run();
    harness.run();
    harness.get_by_label("Campaign").click();
    harness.run();
    harness.run();
    assert!(harness.query_by_label("British: Ann; Zulu: Bob").is_some());
    assert!(harness.query_by_label("Standings by player").is_some());
    let standings = harness.state().session.campaign().standings();
    let row = |name: &str| {
        let p = standings
            .players
            .iter()
            .find(|p| p.player == name)
            .expect(name);
        (p.played, p.won, p.drawn, p.lost)
    };
    assert_eq!(row("Bob"), (1, 1, 0, 0));
    assert_eq!(row("Ann"), (1, 0, 0, 1));
    assert!(harness.query_by_label("Bob").is_some());
    assert!(harness.query_by_label("Ann").is_some());
}
