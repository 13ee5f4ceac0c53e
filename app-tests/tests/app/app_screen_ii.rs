//! The referee's screen II (issue 40) in the real window: the campaign in the window, a
//! game that keeps its ruleset, the ruleset's own record words in the unit editor, a result
//! whose inputs changed, and odds rows naming the units as the form holds them.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use laager::app::{Command, LaagerApp, Mode, SideTab, State};
use laager::ruleset::Ruleset;

const ZULU: &str = "uMcijo front";
const REGULARS: &str = "24th 4";

/// The window on the DBA demo, in play, at `width` × `height`.
fn window_at(width: f32, height: f32) -> Harness<'static, LaagerApp> {
    let app = LaagerApp::new(State::default(), None);
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(width, height));
    harness.run();
    harness
}

/// Moves a base in play as a drag does, then lets it go: one logged event.
fn move_base(harness: &mut Harness<'_, LaagerApp>, unit: &str, by: (f32, f32)) {
    let app = harness.state_mut();
    let base = app.document.layout.base(unit).expect("on the table");
    let centre = base.centre();
    app.push(Command::MoveUnit {
        unit_id: unit.to_owned(),
        centre: laager::geometry::Point::new(centre.x + by.0, centre.y + by.1),
    });
    app.push(Command::DragEnded);
    harness.run();
    harness.run();
}

/// Ends the game on the table from the foot's End game, the referee naming `winner`.
fn end_game(harness: &mut Harness<'_, LaagerApp>, winner: &str) {
    harness.get_by_label("End game…").click();
    harness.run();
    harness.get_by_label("result").click();
    harness.run();
    harness.get_by_label(winner).click();
    harness.run();
    harness.get_by_label("Record the result").click();
    harness.run();
}

/// Issue 40, item 7: "A Campaign view (a menu item and a tab beside Play) draws what the
/// engine already gives: the games, with ruleset, sides, result and seal; standings by side;
/// ... End game and Next game". After End game (the Zulus win game 1) and Next game, the
/// view lists both games and the standings: zulu played 1, won 1; british played 1, lost 1.
#[test]
fn the_campaign_view_lists_the_games_and_standings_after_end_game_and_next_game() {
    let mut harness = window_at(1920.0, 1080.0);
    end_game(&mut harness, "zulu won");
    harness.get_by_label("Campaign").click();
    harness.run();
    harness.run();
    assert_eq!(harness.state().state.mode, Mode::Campaign);
    assert!(harness.query_by_label("Games").is_some());
    assert!(
        harness
            .query_by_label("Game 1 is over: zulu won.")
            .is_some()
    );
    let ruleset_cells = |harness: &Harness<'_, LaagerApp>| {
        harness.query_all_by_label(Ruleset::DbaZulu.title()).count()
    };
    let one_game = ruleset_cells(&harness);
    harness.get_by_label("Next game").click();
    harness.run();
    // Who plays game 2 is asked first (issue 41); left empty, it is named later.
    harness.get_by_label("Start the game").click();
    harness.run();
    harness.run();
    assert_eq!(harness.state().session.game_number, 2);
    assert!(harness.query_by_label("Game 2 is in play.").is_some());
    // Both games, each with its ruleset and result.
    assert_eq!(
        ruleset_cells(&harness),
        one_game + 1,
        "one ruleset cell a game"
    );
    assert!(harness.query_by_label("zulu won").is_some());
    assert!(harness.query_by_label("in play").is_some());
    // The standings by side, as the engine counts them over the ended game.
    assert!(harness.query_by_label("Standings by side").is_some());
    let standings = harness.state().session.campaign().standings();
    let zulu = standings
        .sides
        .iter()
        .find(|s| s.side == "zulu")
        .expect("the zulus fought");
    assert_eq!((zulu.played, zulu.won, zulu.lost), (1, 1, 0));
    let british = standings
        .sides
        .iter()
        .find(|s| s.side == "british")
        .expect("the british fought");
    assert_eq!((british.played, british.won, british.lost), (1, 0, 1));
    // Each side's row of the standings (the chart's legend names them too).
    for side in ["Zulu", "British"] {
        assert!(
            harness
                .query_all_by_label(side)
                .any(|node| node.accesskit_node().role() != egui::accesskit::Role::CheckBox),
            "{side}'s standings row"
        );
    }
    // Each side's strength game by game, the campaign report's chart: its legend names
    // both sides, and its points are the report's (x 0 as the units joined, x 1 the end
    // of game 1).
    assert!(
        harness
            .query_by_label("Each side's strength on the table, game by game")
            .is_some()
    );
    for side in ["Zulu", "British"] {
        assert!(
            harness
                .query_by_role_and_label(egui::accesskit::Role::CheckBox, side)
                .is_some(),
            "the chart's legend names {side}"
        );
    }
    // Game 1 ended with nothing applied: each side's line is flat, from the bases it
    // joined with (the demo's 17 Zulu and 8 British bases, one a base in DBA) to the same
    // at the end of game 1.
    let report = harness.state().session.campaign().report();
    for (side, bases) in [("zulu", 17), ("british", 8)] {
        let line = report.strength.iter().find(|s| s.side == side).expect(side);
        assert_eq!(
            (line.games[0].game, line.games[0].start, line.games[0].end),
            (1, bases, bases),
            "{side}"
        );
    }
    // An earlier game opens to read: nothing can be written to it.
    harness.get_by_label("Open to read").click();
    harness.run();
    harness.run();
    assert_eq!(harness.state().session.game_number, 1);
    assert!(harness.state().session.read_only());
    assert_eq!(harness.state().state.mode, Mode::Play);
}

/// Issue 40, item 8: "A game keeps its ruleset. Changing ruleset during a game means a new
/// game in the same campaign (asked first)." A base moved (the game is in play), choosing
/// Micro Colonial asks; Keep leaves the game as it was; Start game 2 makes game 2 under
/// Micro Colonial while game 1 stays DBA.
#[test]
fn a_ruleset_change_during_a_game_asks_then_starts_a_new_game() {
    let mut harness = window_at(1920.0, 1080.0);
    move_base(&mut harness, ZULU, (0.0, 20.0));
    harness.get_by_label("Ruleset").click();
    harness.run();
    harness.get_by_label(Ruleset::MicroColonial.title()).click();
    harness.run();
    harness.run();
    assert!(
        harness
            .query_by_label(&format!(
                "Play {} as a new game?",
                Ruleset::MicroColonial.title()
            ))
            .is_some(),
        "the change is asked first"
    );
    harness
        .get_by_label(&format!("Keep {}", Ruleset::DbaZulu.title()))
        .click();
    harness.run();
    harness.run();
    assert_eq!(harness.state().state.ruleset, Ruleset::DbaZulu);
    assert_eq!(harness.state().session.campaign().games.len(), 1);
    harness.get_by_label("Ruleset").click();
    harness.run();
    harness.get_by_label(Ruleset::MicroColonial.title()).click();
    harness.run();
    harness.run();
    harness.get_by_label("Start game 2").click();
    harness.run();
    harness.run();
    let app = harness.state();
    assert_eq!(app.state.ruleset, Ruleset::MicroColonial);
    let campaign = app.session.campaign();
    assert_eq!(campaign.games.len(), 2);
    assert_eq!(campaign.games[0].ruleset, Ruleset::DbaZulu);
    assert_eq!(campaign.games[1].ruleset, Ruleset::MicroColonial);
    assert_eq!(app.session.game_number, 2);
    assert!(
        app.messages
            .iter()
            .any(|m| m.starts_with("game 2 of the campaign is played under")),
        "{:?}",
        app.messages
    );
}

/// Issue 40, item 4: "Words come from the ruleset: DBA bases and statuses for DBA ... The
/// engine's record words are used, never the window's." The DBA unit editor names bases
/// and none of Micro Colonial's terms (column D, IF, PF).
#[test]
fn the_dba_unit_editor_shows_dba_words() {
    let mut harness = window_at(1920.0, 1080.0);
    crate::support::side_tab(&mut harness, SideTab::Records);
    harness
        .get_all_by_label("edit")
        .next()
        .expect("a row")
        .click();
    harness.run();
    harness.run();
    let words = laager::game::RecordWords::of(Ruleset::DbaZulu);
    assert!(
        harness.query_by_label(words.initial).is_some(),
        "{}",
        words.initial
    );
    assert!(
        harness.query_by_label(words.joining).is_some(),
        "{}",
        words.joining
    );
    assert!(words.initial.contains("bases"), "{}", words.initial);
    for mc in ["column D", "volley fire", " IF ", " PF "] {
        assert!(
            harness.query_by_label_contains(mc).is_none(),
            "the DBA editor shows {mc:?}"
        );
    }
    let _ = REGULARS;
}

/// Selects `units` on the table, as clicks and shift-clicks do, and lets the desk fill.
fn select(harness: &mut Harness<'_, LaagerApp>, units: &[&str]) {
    harness.state_mut().canvas.selected = units.iter().map(|u| (*u).to_owned()).collect();
    harness.run();
    harness.run();
}

/// The odds rows' words for the DBA close combat: each outcome's unit and fate.
fn odds_rows(harness: &Harness<'_, LaagerApp>) -> Vec<String> {
    let mut rows: Vec<String> = harness
        .query_all_by_label_contains(" ")
        .filter_map(|n| n.accesskit_node().value())
        .filter(|l| {
            [" destroyed", " recoils", " flees", " stays"]
                .iter()
                .any(|fate| l.ends_with(fate))
        })
        .collect();
    rows.sort();
    rows
}

/// Issue 40, item 2: "Odds rows name the units in their roles as the form holds them." DBA
/// 3.0's combat outcomes are the attacker's (a) or the defender's (b) fate; with the Zulus
/// first (a) and the 24th second (b) every row names one of them, none a role letter. With
/// one unit selected (the 24th alone) the form keeps its pair, and so do the rows.
#[test]
fn the_odds_rows_name_the_units_as_the_form_holds_them() {
    let mut harness = window_at(1920.0, 1080.0);
    select(&mut harness, &[ZULU, REGULARS]);
    let pair = odds_rows(&harness);
    assert!(!pair.is_empty(), "the odds are shown before the roll");
    assert!(pair.iter().any(|r| r.starts_with(ZULU)), "{pair:?}");
    assert!(pair.iter().any(|r| r.starts_with(REGULARS)), "{pair:?}");
    assert!(
        pair.iter()
            .all(|r| r.starts_with(ZULU) || r.starts_with(REGULARS)),
        "{pair:?}"
    );
    // One unit selected: the form still holds the Zulus as a and the 24th as b.
    select(&mut harness, &[REGULARS]);
    assert_eq!(odds_rows(&harness), pair);
}

/// Issue 40, item 2: "A card not yet applied whose inputs changed stays, greyed, with
/// 'inputs changed (the base moved): resolve again', and Apply is disabled with that
/// reason." The close combat resolved with 6 and 1 typed, the Zulus' base moved: the card
/// stays, says so, and Apply is refused.
#[test]
fn a_base_moved_after_resolving_gives_inputs_changed() {
    let mut harness = window_at(1920.0, 1080.0);
    select(&mut harness, &[ZULU, REGULARS]);
    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "dice faces");
    field.focus();
    field.type_text("6,1");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    harness.run();
    assert!(matches!(harness.state().desk.result, Some(Ok(_))));
    assert!(
        !harness
            .get_by_label("Apply to the game")
            .accesskit_node()
            .is_disabled()
    );
    move_base(&mut harness, ZULU, (0.0, 10.0));
    assert!(
        matches!(harness.state().desk.result, Some(Ok(_))),
        "the card stays"
    );
    let said = format!("Inputs changed ({ZULU} moved): resolve again");
    assert!(harness.query_by_label(&said).is_some(), "{said}");
    assert!(
        harness
            .get_by_label("Apply to the game")
            .accesskit_node()
            .is_disabled()
    );
    // Ctrl+Enter applies nothing either.
    let events = harness.state().session.game().events().len();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    harness.run();
    assert_eq!(harness.state().session.game().events().len(), events);
}

/// The window on the Micro Colonial situation of tests/fixtures/mc_situation.json, in play,
/// with `club` cells in force, the `selected` units picked and `procedure`'s tab open.
fn mc_fixture_window(
    club: &[&str],
    selected: &[&str],
    procedure: &str,
) -> Harness<'static, LaagerApp> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/mc_situation.json");
    let state = State {
        ruleset: Ruleset::MicroColonial,
        ..State::default()
    };
    let mut app = LaagerApp::new(state, Some(path));
    if !club.is_empty() {
        let cells: Vec<String> = club.iter().map(|c| format!("micro-colonial/{c}")).collect();
        app.push(Command::SetClubCells(cells.join("\n")));
        app.run_commands();
        assert!(app.messages.is_empty(), "{:?}", app.messages);
    }
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1920.0, 1080.0));
    harness.run();
    select(&mut harness, selected);
    harness.get_by_label(procedure).click();
    harness.run();
    harness
}

/// Types `faces` into the dice field (Type faces chosen first).
fn type_faces(harness: &mut Harness<'_, LaagerApp>, faces: &str) {
    if harness
        .query_by_role_and_label(egui::accesskit::Role::TextInput, "dice faces")
        .is_none()
    {
        harness.get_by_label("Type faces").click();
        harness.run();
    }
    retype(harness, "dice faces", faces);
}

/// Types `value` into the field labelled `label`, replacing what it held.
fn retype(harness: &mut Harness<'_, LaagerApp>, label: &str, value: &str) {
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, label)
        .focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run();
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, label)
        .type_text(value);
    harness.run();
}

/// Issue 40, Done when: "Four MC melee faces and a `+3/-2` cell typed give a ruling." The
/// melee of uKhandempemvu (A, native fanatic infantry, 800 FF) on 1/24 C (B, regular
/// infantry): the dice field asks for 4 faces, A's and B's black and red, and says what two
/// faces leave to type. The scan lost the melee table's cell, so the desk asks for it by its
/// chart's title, its format shown by example (`+3/-2`); `3` is refused, the field stays and
/// says why; `+3/-2` gives the ruling. "A's losses are ... FF / 10, plus the melee table's
/// modifier, plus the random factor": 800 / 10 + 3 + 2 = 85 lost by 1/24 C with the dice
/// B4,R2,B3,R1 (A's random factor 4 - 2 = +2; as tests/suite/mc_contract.rs's melee case).
#[test]
fn four_mc_melee_faces_and_a_split_cell_typed_give_a_ruling() {
    let mut harness = mc_fixture_window(&[], &["uKhandempemvu", "1/24 C"], "Melee");
    harness.get_by_label("Type faces").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("4 faces: A black, A red, B black, B red")
            .is_some(),
        "the dice field says how many faces and which"
    );
    type_faces(&mut harness, "B4,R2");
    assert!(
        harness
            .query_by_label("2 of 4 faces typed; still to type: B black, B red")
            .is_some()
    );
    retype(&mut harness, "dice faces", "B4,R2,B3,R1");
    harness.get_by_label("Resolve").click();
    harness.run();
    harness.run();
    assert!(
        matches!(harness.state().desk.result, Some(Err(_))),
        "the cell is asked for"
    );
    let address = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry";
    let label = crate::support::cell_label(Ruleset::MicroColonial, address);
    assert!(
        harness.query_by_label("as +3/-2").is_some(),
        "the format by example"
    );
    retype(&mut harness, &label, "3");
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    harness.run();
    assert!(
        harness.query_by_label_contains("Not used: ").is_some(),
        "a wrong entry says why"
    );
    assert!(
        harness
            .query_by_role_and_label(egui::accesskit::Role::TextInput, &label)
            .is_some(),
        "and keeps its field"
    );
    retype(&mut harness, &label, "+3/-2");
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    harness.run();
    let Some(Ok(resolution)) = &harness.state().desk.result else {
        panic!("a ruling: {:?}", harness.state().desk.result);
    };
    let outcome = serde_json::to_value(&resolution.outcome).expect("json");
    assert_eq!(outcome["b_losses"], serde_json::json!(85), "{outcome}");
}

/// Issue 40, item 3: "Saving a club value from the desk offers the band as printed (bounds
/// prefilled around the FF used, editable), as `tables set` does." Small arms fire on the
/// Micro Colonial demo, 1/24 A (250 FF) firing independently at uNodwengu 1 (500 mm off):
/// Table 1's lost row for 250 FF is asked for, its band offered as the card prints it,
/// 201-300. Saved to a new, empty club folder (made ready when chosen) with 10, the
/// second fire at 280 FF, in the same band, uses it without asking: "Range factor ... by
/// the NUMBER OF FIRING FACTORS" reads the band, not one exact strength.
#[test]
fn a_band_saved_from_the_desk_serves_a_second_fire_at_another_ff_in_the_band() {
    use laager::rules::micro_colonial::fire;
    let club = tempfile::tempdir().expect("tempdir");
    let state = State {
        ruleset: Ruleset::MicroColonial,
        ..State::default()
    };
    let mut app = LaagerApp::new(state, None);
    let mut cells: Vec<String> = ["infantry", "artillery-machine-gun", "commander"]
        .iter()
        .flat_map(|t| {
            [
                format!("micro-colonial/counter_sizes:{t}:frontage_mm=30"),
                format!("micro-colonial/counter_sizes:{t}:depth_mm=15"),
            ]
        })
        .collect();
    cells.extend(
        [
            "firing_arc:angle_deg=60",
            "weapon_ranges:rifle=600",
            "small_arms_target_factors:native-close-order-in-open-independent:700-999=-5",
        ]
        .map(|c| format!("micro-colonial/{c}")),
    );
    app.push(Command::SetClubCells(cells.join("\n")));
    app.push(Command::OpenDemo(1));
    app.push(Command::SetClubTables(Some(club.path().to_owned())));
    app.run_commands();
    // The new, empty folder is made ready for the club's values, and says so.
    assert!(
        app.messages
            .iter()
            .all(|m| m.ends_with("is ready for the club's values")),
        "{:?}",
        app.messages
    );
    assert!(club.path().join("micro_colonial").is_dir());
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1920.0, 1080.0));
    harness.run();
    harness.state_mut().desk.mc_combat.fire.input.fire = fire::FireType::Independent;
    select(&mut harness, &["1/24 A", "uNodwengu 1"]);
    harness.get_by_label("Fire").click();
    harness.run();
    // 1/24 A's strength is not on the records: the referee types its FF.
    retype(&mut harness, "firer FF", "250");
    type_faces(&mut harness, "B4,R2");
    harness.get_by_label("Resolve").click();
    harness.run();
    harness.run();
    let Some(Err(refusal)) = harness.state().desk.result.clone() else {
        panic!(
            "the lost row is asked for: {:?}",
            harness.state().desk.result
        );
    };
    let address = refusal
        .needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .find(|a| a.starts_with("small_arms_range_factors:"))
        .expect("Table 1's range factor is asked for");
    let ff = harness.state().desk.mc_combat.fire.input.firer_ff;
    assert_eq!(
        address,
        format!("small_arms_range_factors:{ff}:independent-500")
    );
    assert_eq!(ff, 250, "the FF typed");
    let band = harness
        .get_by_role_and_label(
            egui::accesskit::Role::TextInput,
            "saved to the club for the band",
        )
        .accesskit_node()
        .value();
    assert_eq!(
        band.as_deref(),
        Some("201-300"),
        "the band prefilled around {ff} FF"
    );
    retype(
        &mut harness,
        &crate::support::cell_label(Ruleset::MicroColonial, &address),
        "10",
    );
    harness.get_by_label("Save to club tables").click();
    harness.run();
    harness.run();
    let house = std::fs::read_to_string(club.path().join("micro_colonial").join("house.toml"))
        .expect("the new club folder made ready and written");
    assert!(
        house.contains("small_arms_range_factors:201-300:independent-500"),
        "{house}"
    );
    assert!(
        matches!(harness.state().desk.result, Some(Ok(_))),
        "{:?}",
        harness.state().desk.result
    );
    // A second fire at 280 FF, in the band: no cell asked for.
    retype(&mut harness, "firer FF", "280");
    type_faces(&mut harness, "B3,R3");
    harness.get_by_label("Resolve").click();
    harness.run();
    harness.run();
    let Some(Ok(second)) = harness.state().desk.result.clone() else {
        panic!("the band serves 280 FF: {:?}", harness.state().desk.result);
    };
    let said = serde_json::to_string(&second.steps).expect("json");
    assert!(said.contains("280"), "the second fire is at 280 FF: {said}");
}

/// The rectangle the panel beside the table shows, between the menu bar and the foot: a
/// control is above the fold when it lies inside it.
fn above_the_fold(harness: &Harness<'_, LaagerApp>, width: f32) -> egui::Rect {
    let foot = harness.get_by_label("End game…").rect().min.y;
    let table = harness.state().canvas.rect;
    egui::Rect::from_min_max(
        egui::pos2(table.max.x, table.min.y),
        egui::pos2(width, foot),
    )
}

/// Asserts each of `labels` is drawn inside `view`.
fn all_in_view(harness: &Harness<'_, LaagerApp>, view: egui::Rect, labels: &[&str]) {
    for label in labels {
        let rect = harness
            .query_all_by_label(label)
            .map(|n| n.rect())
            .find(|r| r.min.x >= view.min.x - 1.0)
            .unwrap_or_else(|| panic!("{label} is drawn"));
        assert!(
            view.expand(0.5).contains_rect(rect),
            "{label} at {rect:?} is out of {view:?}"
        );
    }
}

/// Issue 40, item 1: "At 1024×700 in Play: the table has at least 55% of the window's
/// area. For the DBA demo's close combat ..., with the steps folded, the desk's path is
/// visible without scrolling: answer, Apply, dice entry, Roll/Resolve." The same at
/// 1920×1080.
#[test]
fn dba_close_combat_keeps_the_table_and_the_desks_path_in_view_at_both_sizes() {
    for (width, height) in [(1024.0, 700.0), (1920.0, 1080.0)] {
        let mut harness = window_at(width, height);
        let table = harness.state().canvas.rect;
        let share = table.area() / (width * height);
        assert!(share >= 0.55, "{width}×{height}: the table has {share:.2}");
        select(&mut harness, &[ZULU, REGULARS]);
        type_faces(&mut harness, "6,1");
        let view = above_the_fold(&harness, width);
        all_in_view(
            &harness,
            view,
            &["Roll", "Type faces", "dice faces", "Resolve"],
        );
        harness.get_by_label("Resolve").click();
        harness.run();
        harness.run();
        assert!(matches!(harness.state().desk.result, Some(Ok(_))));
        let view = above_the_fold(&harness, width);
        all_in_view(
            &harness,
            view,
            &[
                "Apply to the game",
                "Roll",
                "Type faces",
                "dice faces",
                "Resolve",
            ],
        );
        let answer = harness
            .query_all_by_label_contains(ZULU)
            .map(|n| n.rect())
            .find(|r| r.min.x >= view.min.x && r.max.y <= view.max.y && r.min.y >= view.min.y);
        assert!(
            answer.is_some(),
            "{width}×{height}: the answer in words in view"
        );
        assert!(harness.state().canvas.rect.area() / (width * height) >= 0.55);
    }
}

/// The same for the Micro Colonial demo's fire (1/24 A independently at uNodwengu 1, the
/// lost cells the club's), at 1024×700 and 1920×1080.
#[test]
fn mc_fire_keeps_the_table_and_the_desks_path_in_view_at_both_sizes() {
    use laager::rules::micro_colonial::fire;
    for (width, height) in [(1024.0, 700.0), (1920.0, 1080.0)] {
        let state = State {
            ruleset: Ruleset::MicroColonial,
            ..State::default()
        };
        let mut app = LaagerApp::new(state, None);
        let mut cells: Vec<String> = ["infantry", "artillery-machine-gun", "commander"]
            .iter()
            .flat_map(|t| {
                [
                    format!("micro-colonial/counter_sizes:{t}:frontage_mm=30"),
                    format!("micro-colonial/counter_sizes:{t}:depth_mm=15"),
                ]
            })
            .collect();
        cells.extend(
            [
                "firing_arc:angle_deg=60",
                "weapon_ranges:rifle=600",
                "small_arms_range_factors:250:independent-500=10",
                "small_arms_target_factors:native-close-order-in-open-independent:700-999=-5",
            ]
            .map(|c| format!("micro-colonial/{c}")),
        );
        app.push(Command::SetClubCells(cells.join("\n")));
        app.push(Command::OpenDemo(1));
        app.run_commands();
        let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
        harness.set_size(egui::vec2(width, height));
        harness.run();
        harness.run();
        let share = harness.state().canvas.rect.area() / (width * height);
        assert!(share >= 0.55, "{width}×{height}: the table has {share:.2}");
        harness.state_mut().desk.mc_combat.fire.input.fire = fire::FireType::Independent;
        select(&mut harness, &["1/24 A", "uNodwengu 1"]);
        harness.get_by_label("Fire").click();
        harness.run();
        // 1/24 A's strength is not on the records: the referee types its FF.
        retype(&mut harness, "firer FF", "250");
        type_faces(&mut harness, "B4,R2");
        harness.get_by_label("Resolve").click();
        harness.run();
        harness.run();
        assert!(
            matches!(harness.state().desk.result, Some(Ok(_))),
            "{:?}",
            harness.state().desk.result
        );
        let view = above_the_fold(&harness, width);
        all_in_view(
            &harness,
            view,
            &[
                "Apply to the game",
                "Roll",
                "Type faces",
                "dice faces",
                "Resolve",
            ],
        );
        let answer = harness
            .query_all_by_label_contains("uNodwengu 1")
            .map(|n| n.rect())
            .find(|r| r.min.x >= view.min.x && r.max.y <= view.max.y && r.min.y >= view.min.y);
        assert!(
            answer.is_some(),
            "{width}×{height}: the answer in words in view"
        );
    }
}

/// The rectangles of the controls labelled `labels`, in order.
fn rects(harness: &Harness<'_, LaagerApp>, labels: &[&str]) -> Vec<egui::Rect> {
    labels
        .iter()
        .map(|l| {
            harness
                .query_all_by_label(l)
                .next()
                .unwrap_or_else(|| panic!("{l} is drawn"))
                .rect()
        })
        .collect()
}

/// Issue 40, item 2: "Conditional fields reserve their space, choices keep their width".
/// Choosing "british won" in End game leaves the result's choice as wide as it was, and the
/// note field and Record the result where they were (the click meant for the note never
/// ends the game), at both sizes.
#[test]
fn the_end_game_winner_moves_no_control() {
    for (width, height) in [(1024.0, 700.0), (1920.0, 1080.0)] {
        let mut harness = window_at(width, height);
        harness.get_by_label("End game…").click();
        harness.run();
        let watched = ["result", "note", "Record the result", "Cancel"];
        let before = rects(&harness, &watched);
        for winner in ["british won", "zulu won", "a draw"] {
            harness.get_by_label("result").click();
            harness.run();
            harness.get_by_label(winner).click();
            harness.run();
            harness.run();
            assert_eq!(
                rects(&harness, &watched),
                before,
                "{width}×{height}: {winner} moved a control"
            );
        }
    }
}

/// The same for Micro Colonial melee: ticking the referee's "in contact" (uNodwengu 1 and
/// 1/24 A stand apart on the demo) and "A fired before charging" (whose distance field
/// then shows) moves none of the form's fields, at both sizes.
#[test]
fn the_mc_melee_in_contact_call_moves_no_control() {
    for (width, height) in [(1024.0, 700.0), (1920.0, 1080.0)] {
        let state = State {
            ruleset: Ruleset::MicroColonial,
            ..State::default()
        };
        let mut app = LaagerApp::new(state, None);
        let cells: Vec<String> = ["infantry", "artillery-machine-gun", "commander"]
            .iter()
            .flat_map(|t| {
                [
                    format!("micro-colonial/counter_sizes:{t}:frontage_mm=30"),
                    format!("micro-colonial/counter_sizes:{t}:depth_mm=15"),
                ]
            })
            .collect();
        app.push(Command::SetClubCells(cells.join("\n")));
        app.push(Command::OpenDemo(1));
        app.run_commands();
        let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
        harness.set_size(egui::vec2(width, height));
        harness.run();
        select(&mut harness, &["uNodwengu 1", "1/24 A"]);
        harness.get_by_label("Melee").click();
        harness.run();
        harness.run();
        let watched = ["A FF", "A type", "B FF", "B type", "Resolve"];
        let before = rects(&harness, &watched);
        for tick in ["in contact (the referee's call)", "A fired before charging"] {
            harness.get_by_label(tick).click();
            harness.run();
            harness.run();
            assert_eq!(
                rects(&harness, &watched),
                before,
                "{width}×{height}: ticking {tick} moved a control"
            );
        }
    }
}

/// The roster's rows in full view: the edit buttons between the roster's heading and the
/// game log's.
fn roster_rows_in_view(harness: &Harness<'_, LaagerApp>) -> usize {
    let top = harness.get_by_label("Roster").rect().max.y;
    let bottom = harness.get_by_label("Game log").rect().min.y;
    harness
        .query_all_by_label("edit")
        .map(|n| n.rect())
        .filter(|r| r.min.y >= top && r.max.y <= bottom)
        .count()
}

/// Issue 40, item 4: "At least 8 rows show at 1920×1080, and at least 4 at 1024×700 in
/// touch mode, with touch-sized checkboxes." The DBA demo's 25 units on the Records tab.
#[test]
fn the_roster_shows_8_rows_at_1920x1080_and_4_at_1024x700_in_touch_mode() {
    let mut harness = window_at(1920.0, 1080.0);
    crate::support::side_tab(&mut harness, SideTab::Records);
    let rows = roster_rows_in_view(&harness);
    assert!(rows >= 8, "{rows} rows at 1920×1080");

    let app = LaagerApp::new(
        State {
            touch: Some(true),
            ..State::default()
        },
        None,
    );
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1024.0, 700.0));
    harness.run();
    crate::support::side_tab(&mut harness, SideTab::Records);
    let rows = roster_rows_in_view(&harness);
    assert!(rows >= 4, "{rows} rows at 1024×700 in touch mode");
    // A finger's checkbox: the touch mode's 40 px controls, the box itself 28 px.
    assert!(harness.ctx.global_style().spacing.icon_width >= 28.0);
    let edit = harness
        .query_all_by_label("edit")
        .next()
        .expect("a row")
        .rect();
    assert!(edit.height() >= 40.0, "the edit button is {edit:?}");
}

/// Issue 40, item 2: "An applied card's states are the record-gate issue's ('Applied
/// (event N)')." The DBA close combat with 6 and 1 typed (Zulus 4 + 6 = 10 against the
/// regulars' 5 + 1 = 6: the 24th's base is destroyed) applied from the desk: the card says
/// which event it is and keeps the lines it was applied with, "24th 4 loses 1", not a
/// second reading against the records after it ("has only 0 left").
#[test]
fn an_applied_card_keeps_what_it_applied() {
    let mut harness = window_at(1920.0, 1080.0);
    select(&mut harness, &[ZULU, REGULARS]);
    type_faces(&mut harness, "6,1");
    harness.get_by_label("Resolve").click();
    harness.run();
    harness.run();
    assert!(harness.query_by_label("• 24th 4 loses 1").is_some());
    harness.get_by_label("Apply to the game").click();
    harness.run();
    harness.run();
    let event = harness.state().session.game().events().len();
    assert!(
        harness
            .query_by_label(&format!("Applied (event {event})"))
            .is_some()
    );
    assert!(harness.query_by_label("• 24th 4 loses 1").is_some());
    assert!(harness.query_by_label_contains("has only 0 left").is_none());
}

/// Issue 40, item 5: "The status bar names the file open now": a message about the game
/// before ("opened with game.laager") leaves the status bar when another game is put on
/// the table (the messages window keeps it), and the next message shows.
#[test]
fn the_status_bar_drops_what_was_said_of_the_game_before() {
    let mut harness = window_at(1920.0, 1080.0);
    let old = "the game is saved to /tmp/game.laager";
    harness.state_mut().messages.push(old.to_owned());
    harness.run();
    assert!(harness.query_by_label(old).is_some());
    harness.state_mut().push(Command::OpenDemo(1));
    harness.run();
    harness.run();
    assert_eq!(harness.state().state.ruleset, Ruleset::MicroColonial);
    assert!(
        harness.query_by_label(old).is_none(),
        "the old game's message stays"
    );
    assert!(harness.state().messages.iter().any(|m| m == old));
    let new = "printed the record sheet to /tmp/mc.pdf (PDF, to print)";
    harness.state_mut().messages.push(new.to_owned());
    harness.run();
    assert!(harness.query_by_label(new).is_some());
}

/// Issue 40, item 2: "Odds rows name the units in their roles as the form holds them", for
/// Micro Colonial fire too, whose third role (the rear unit of a two-unit formation) is
/// optional: 1/24 A firing at uNodwengu 1, every row names uNodwengu 1, none "the target".
#[test]
fn mc_fire_odds_rows_name_the_target_with_two_units_selected() {
    use laager::rules::micro_colonial::fire;
    let mut harness = mc_demo_window(&[
        "small_arms_range_factors:250:independent-500=10",
        "small_arms_target_factors:native-close-order-in-open-independent:700-999=-5",
    ]);
    harness.state_mut().desk.mc_combat.fire.input.fire = fire::FireType::Independent;
    select(&mut harness, &["1/24 A", "uNodwengu 1"]);
    harness.get_by_label("Fire").click();
    harness.run();
    // 1/24 A's strength is not on the records: the referee types its FF.
    retype(&mut harness, "firer FF", "250");
    harness.run();
    let rows: Vec<String> = harness
        .query_all_by_label_contains(" loses ")
        .filter_map(|n| n.accesskit_node().value())
        .filter(|l| l.ends_with(" FF"))
        .collect();
    assert!(!rows.is_empty(), "the odds are shown");
    assert!(
        rows.iter().all(|r| r.starts_with("uNodwengu 1 loses ")),
        "{rows:?}"
    );
}

/// The window on the Micro Colonial demo at 1920×1080, with a club's counter sizes, firing
/// arc template and rifle range (test data, not values of the document) and `extra` cells.
fn mc_demo_window(extra: &[&str]) -> Harness<'static, LaagerApp> {
    let state = State {
        ruleset: Ruleset::MicroColonial,
        ..State::default()
    };
    let mut app = LaagerApp::new(state, None);
    let mut cells: Vec<String> = ["infantry", "artillery-machine-gun", "commander"]
        .iter()
        .flat_map(|t| {
            [
                format!("micro-colonial/counter_sizes:{t}:frontage_mm=30"),
                format!("micro-colonial/counter_sizes:{t}:depth_mm=15"),
            ]
        })
        .collect();
    cells.extend(
        ["firing_arc:angle_deg=60", "weapon_ranges:rifle=600"]
            .iter()
            .chain(extra)
            .map(|c| format!("micro-colonial/{c}")),
    );
    app.push(Command::SetClubCells(cells.join("\n")));
    app.push(Command::OpenDemo(1));
    app.run_commands();
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1920.0, 1080.0));
    harness.run();
    harness
}
