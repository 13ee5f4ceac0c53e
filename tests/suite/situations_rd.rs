//! One contract per procedure (issue 16), the Rorke's Drift supplement's own procedures:
//! the break-in, the firing party, combining and the move, each read from a table with
//! `--unit ROLE=ID` by the engine's `micro_colonial::situation` and compared with the same
//! situation typed as flags; a flag given wins, and a step says so.
//!
//! The table is tests/fixtures/rd_situation.json: sections Sec 1 and Sec 2 (10 FF each,
//! European regular infantry) side by side, Chard (a commander's counter) behind them; Sec 3
//! inside the storehouse (a building), uThulwana (600 FF, Fanatic) against its wall; uDloko
//! (500 FF) against the empty hospital.

use crate::mc2::situation::roles;
use crate::support::{assert_refused_json, laager, run, stderr, stdout};
use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::game::{Cause, Event, Game, UnitEdit, UnitId, units_from_layout};
use laager::geometry::{Layout, file};
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::rorkes_drift::{
    Counter, RdCombine, RdCombineInput, RdFiringPartyInput, RdMoveInput, Side,
};
use laager::rules::micro_colonial::situation;
use laager::rules::situation::{Origins, Source};
use serde_json::{Value, json};

fn fixture() -> String {
    format!(
        "{}/tests/fixtures/rd_situation.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn table(charts: &Charts) -> Layout {
    let text = std::fs::read_to_string(fixture()).expect("fixture");
    file::read(&text, charts).layout.expect("the table reads")
}

/// A game on the table (its layout kept, as a campaign's game), `losses` taken in move 1.
fn game_with(charts: &Charts, losses: &[(&str, u32)]) -> Game {
    let text = std::fs::read_to_string(fixture()).expect("fixture");
    let layout = file::read(&text, charts).layout.expect("the table reads");
    let value: Value = serde_json::from_str(&text).expect("json");
    let mut game = Game::new(Ruleset::MicroColonial, "Rorke's Drift", value);
    for unit in units_from_layout(&layout, Ruleset::MicroColonial, Some(charts)) {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    for (id, amount) in losses {
        game.append(Event::Edit {
            edit: UnitEdit::StrengthChanged {
                unit_id: UnitId::from(*id),
                amount: *amount,
                cause: Cause::Other,
            },
        })
        .expect("loss");
    }
    game
}

fn json_of(args: &[&str]) -> (Option<i32>, Value) {
    let out = run(args);
    let text = stdout(&out);
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{args:?}: no JSON ({e}): {text} {}", stderr(&out)));
    (out.status.code(), value)
}

/// `laager mc rd ARGS... --json`, run on the table with the roles, and the same typed as
/// flags.
fn on_table(command: &[&str], units: &[&str], more: &[&str]) -> (Option<i32>, Value) {
    let fixture = fixture();
    let mut args = vec!["mc", "rd"];
    args.extend(command);
    args.extend(["--layout", fixture.as_str()]);
    for unit in units {
        args.extend(["--unit", unit]);
    }
    args.extend(more);
    args.push("--json");
    json_of(&args)
}

fn by_flags(command: &[&str], flags: &[&str]) -> (Option<i32>, Value) {
    let mut args = vec!["mc", "rd"];
    args.extend(command);
    args.extend(flags);
    args.push("--json");
    json_of(&args)
}

fn texts(value: &Value) -> Vec<String> {
    value["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s["text"].as_str().map(str::to_owned))
        .collect()
}

/// The steps that say what the table and the records decided.
fn is_origin(text: &str) -> bool {
    [
        "from the table",
        "from the records",
        "given by hand",
        "left to the referee",
    ]
    .iter()
    .any(|p| text.starts_with(p))
}

/// The table's run and the flags' give the same outcome and the same steps, less those
/// that say what the table decided; the table's first step says it.
#[track_caller]
fn same_resolution(from_table: &Value, from_flags: &Value) {
    assert_eq!(from_table["outcome"], from_flags["outcome"], "{from_table}");
    let table_steps: Vec<String> = texts(from_table)
        .into_iter()
        .filter(|t| !is_origin(t))
        .collect();
    assert_eq!(table_steps, texts(from_flags));
    assert!(
        texts(from_table).first().is_some_and(|t| is_origin(t)),
        "{from_table}"
    );
}

// IN BUILDINGS 3: "for the attacking Zulus to break into a building, or from one room to
// another, they must first throw a random factor and get a result better than plus 2 for
// an occupied room or better than zero for an unoccupied room." B2,R1 is +1: it breaks into
// the empty hospital (uDloko) but not into the storehouse Sec 3 holds (uThulwana).
#[test]
fn a_break_in_reads_the_room_met_and_whether_a_defender_holds_it() {
    let (code, occupied) = on_table(&["break-in"], &["zulu=uThulwana"], &["--dice", "B2,R1"]);
    assert_eq!(code, Some(0), "{occupied}");
    assert_eq!(occupied["outcome"]["success"], json!(false));
    assert!(
        texts(&occupied)[0].contains(
            "room occupied — zulu ('uThulwana') meets building 'storehouse', where Sec 3 stands"
        ),
        "{occupied}"
    );
    let (_, flags) = by_flags(&["break-in"], &["--occupied", "--dice", "B2,R1"]);
    same_resolution(&occupied, &flags);

    let (code, empty) = on_table(&["break-in"], &["zulu=uDloko"], &["--dice", "B2,R1"]);
    assert_eq!(code, Some(0), "{empty}");
    assert_eq!(empty["outcome"]["success"], json!(true));
    let (_, flags) = by_flags(&["break-in"], &["--empty", "--dice", "B2,R1"]);
    same_resolution(&empty, &flags);
}

// The referee's call on the room wins over the table's, and a step says so.
#[test]
fn a_room_given_by_hand_wins_over_the_table() {
    let (code, value) = on_table(
        &["break-in"],
        &["zulu=uDloko"],
        &["--occupied", "--dice", "B2,R1"],
    );
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["success"], json!(false));
    assert!(
        texts(&value)
            .iter()
            .any(|t| t.contains("room occupied given by hand; the table gives empty")),
        "{value}"
    );
}

// A counter meeting no building leaves the room to the referee: without --occupied or
// --empty the command exits 2 naming them; a counter not on the table is refused as bad
// input by IN BUILDINGS.
#[test]
fn a_break_in_with_no_room_on_the_table_needs_the_flag() {
    let out = run(&[
        "mc",
        "rd",
        "break-in",
        "--layout",
        &fixture(),
        "--unit",
        "zulu=Sec 1",
        "--dice",
        "B2,R1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("give --occupied or --empty"),
        "{}",
        stderr(&out)
    );
    let (code, value) = on_table(&["break-in"], &["zulu=uNdi"], &["--dice", "B2,R1"]);
    assert_eq!(code, Some(2), "{value}");
    assert_refused_json(&value, RefusalKind::BadInput, "Rorke's Drift, IN BUILDINGS");
}

// FIRING PARTIES: "These firing parties must be led by one of the command counters ... A
// firing party which is not commanded by a command figure may not engage the enemy with
// volley fire." Chard's is a commander's counter: the party volleys; Sec 1's is not.
#[test]
fn a_firing_party_is_led_by_a_command_counter_when_the_table_shows_one() {
    let (code, led) = on_table(&["firing-party"], &["leader=Chard", "zulu=uThulwana"], &[]);
    assert_eq!(code, Some(0), "{led}");
    assert_eq!(led["outcome"]["may_volley"], json!(true));
    let (_, flags) = by_flags(&["firing-party"], &["--led-by-command"]);
    same_resolution(&led, &flags);

    let (_, unled) = on_table(&["firing-party"], &["leader=Sec 1"], &[]);
    assert_eq!(unled["outcome"]["may_volley"], json!(false));
    let (_, flags) = by_flags(&["firing-party"], &[]);
    same_resolution(&unled, &flags);
    // The referee's --led-by-command wins, and a step says so.
    let (_, given) = on_table(&["firing-party"], &["leader=Sec 1"], &["--led-by-command"]);
    assert_eq!(given["outcome"]["may_volley"], json!(true));
    assert!(
        texts(&given)
            .iter()
            .any(|t| t.contains("led by a command counter on given by hand; the table gives off")),
        "{given}"
    );
    // What the table cannot give is named.
    let input = situation::rd_firing_party(
        &table(&Charts::shipped().expect("shipped")),
        &laager::rules::situation::NoRecords,
        &roles(&[("leader", "Chard")]),
        RdFiringPartyInput {
            led_by_command: false,
            zulu_ff_lost: None,
            origins: Origins::default(),
        },
    )
    .expect("builds");
    assert!(input.origins.undecided[0].contains("initial volley"));
}

// COMBINING RULE: "This is done by removing counters and adding the removed counters
// present fighting factor to the factor of another. However, at no time may a section
// counter have a fighting factor of more than 10." Sec 1 down to 4 and Sec 2 to 5 (lost
// 6 and 5 of their 10): combined, Sec 1 has 4 + 5 = 9 and Sec 2 leaves the game.
#[test]
fn combining_reads_each_sections_ff_and_applying_it_moves_them() {
    let charts = Charts::shipped().expect("shipped");
    let layout = table(&charts);
    let mut game = game_with(&charts, &[("Sec 1", 6), ("Sec 2", 5)]);
    let pair = roles(&[("into", "Sec 1"), ("removed", "Sec 2")]);
    let base = RdCombineInput {
        into_ff: 0,
        removed_ff: 0,
        counter: Counter::White,
        origins: Origins::default(),
    };
    let input = situation::rd_combine(&layout, game.state(), &pair, base).expect("builds");
    assert_eq!(
        (input.into_ff, input.removed_ff, input.counter),
        (4, 5, Counter::Section)
    );
    assert_eq!(
        input.origins.at("/removed_ff").map(|o| o.source),
        Some(Source::Records)
    );
    let mut no_dice = EnteredDice::parse("").expect("no dice");
    let resolution = RdCombine::resolve(&charts, &input, &mut no_dice).expect("resolves");
    assert_eq!(resolution.outcome.combined_ff, 9);
    let request = laager::rules::Request::MicroColonial(
        laager::rules::micro_colonial::Request::RdCombine(input),
    );
    let resolution = resolution.map_outcome(|o| {
        laager::rules::Outcome::MicroColonial(laager::rules::micro_colonial::Outcome::RdCombine(o))
    });
    let applied = laager::game::apply(Some(&request), &resolution, &pair, game.state(), None);
    assert_eq!(
        applied.edits(),
        vec![
            UnitEdit::StrengthChanged {
                unit_id: UnitId::from("Sec 1"),
                amount: 5,
                cause: Cause::Combined,
            },
            UnitEdit::Removed {
                unit_id: UnitId::from("Sec 2"),
            },
        ]
    );
    game.append(applied.event).expect("logged");
    let state = game.state();
    assert_eq!(
        state.unit(&UnitId::from("Sec 1")).map(|u| u.present),
        Some(9)
    );
    assert!(
        state
            .unit(&UnitId::from("Sec 2"))
            .is_some_and(|u| u.removed)
    );
}

// The same combining from the command line: on a campaign's game with Sec 1 at 4 and
// Sec 2 at 5, `--apply` writes it, and the flags give the same resolution.
#[test]
fn combining_from_a_campaign_applies_as_the_desk_does() {
    let charts = Charts::shipped().expect("shipped");
    let game = game_with(&charts, &[("Sec 1", 6), ("Sec 2", 5)]);
    let dir = tempfile::tempdir().expect("tempdir");
    let game_file = dir.path().join("rd.json");
    std::fs::write(&game_file, laager::store::json::game_to_json(&game)).expect("written");
    let campaign = dir.path().join("rd.laager");
    let campaign = campaign.to_str().expect("utf-8");
    let out = laager()
        .args(["campaign", "new", campaign, "--name", "The Drift"])
        .output()
        .expect("laager runs");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = laager()
        .args([
            "campaign",
            "add-game",
            campaign,
            "--ruleset",
            "micro-colonial",
            "--from-json",
            game_file.to_str().expect("utf-8"),
        ])
        .output()
        .expect("laager runs");
    assert!(out.status.success(), "{}", stderr(&out));
    let combine = |apply: bool| {
        let mut args = vec![
            "mc",
            "rd",
            "combine",
            "--campaign",
            campaign,
            "--unit",
            "into=Sec 1",
            "--unit",
            "removed=Sec 2",
            "--json",
        ];
        if apply {
            args.push("--apply");
        }
        json_of(&args)
    };
    let (code, dry) = combine(false);
    assert_eq!(code, Some(0), "{dry}");
    let (_, flags) = by_flags(&["combine"], &["--into-ff", "4", "--removed-ff", "5"]);
    same_resolution(&dry, &flags);
    let (code, applied) = combine(true);
    assert_eq!(code, Some(0), "{applied}");
    assert_eq!(applied["outcome"]["combined_ff"], json!(9));
    let writes = applied["applied"].to_string();
    assert!(
        writes.contains("Sec 1 takes 5 combined into it") && writes.contains("Sec 2"),
        "{writes}"
    );
    // Combined once, Sec 2 is off the table: naming it again is bad input.
    let (code, again) = combine(false);
    assert_eq!(code, Some(2), "{again}");
    assert_refused_json(
        &again,
        RefusalKind::BadInput,
        "Rorke's Drift, COMBINING RULE",
    );
}

// Two full sections (10 + 10) would exceed 10: refused by the COMBINING RULE's cell, as
// from the flags; a commander's counter is a command counter, to which "This rule does
// not apply"; one counter in both roles is refused at the door.
#[test]
fn combining_refuses_what_the_rule_does_not_allow() {
    let (code, full) = on_table(&["combine"], &["into=Sec 1", "removed=Sec 2"], &[]);
    assert_eq!(code, Some(2), "{full}");
    let (_, flags) = by_flags(&["combine"], &["--into-ff", "10", "--removed-ff", "10"]);
    assert_eq!(full["refusal"]["kind"], flags["refusal"]["kind"]);
    assert_eq!(full["refusal"]["rule"], flags["refusal"]["rule"]);
    assert_eq!(
        full["refusal"]["rule"]["section"],
        json!("Rorke's Drift, COMBINING RULE")
    );
    let (code, command) = on_table(&["combine"], &["into=Sec 1", "removed=Chard"], &[]);
    assert_eq!(code, Some(2), "{command}");
    let kind = RefusalKind::NotAllowed;
    assert_refused_json(&command, kind, "Rorke's Drift, COMBINING RULE");
    assert!(
        command.to_string().contains("command counters"),
        "{command}"
    );
    // One counter in both roles is refused at the door, before any rule is read.
    let fixture = fixture();
    let same = crate::support::run(&[
        "mc",
        "rd",
        "combine",
        "--layout",
        fixture.as_str(),
        "--unit",
        "into=Sec 1",
        "--unit",
        "removed=Sec 1",
        "--json",
    ]);
    assert_eq!(same.status.code(), Some(2));
    let said = crate::support::stderr(&same);
    assert!(
        said.contains("--unit 'removed=Sec 1': 'Sec 1' is already into: a unit takes one role"),
        "{said}"
    );
}

// MOVEMENT: "Inside the perimeter only the attackers will be reduced to half their normal
// movement rate": uThulwana is on the zulu side, natives' normal 100 mm halved to 50 inside;
// given as British by hand it moves its full rate (regular infantry's normal), and a step
// says so.
#[test]
fn who_moves_is_read_from_the_counters_side() {
    let (code, zulu) = on_table(&["move"], &["unit=uThulwana"], &["--inside-perimeter"]);
    assert_eq!(code, Some(0), "{zulu}");
    assert_eq!(zulu["outcome"]["allowance_mm"], json!(50));
    let (_, flags) = by_flags(&["move"], &["--side", "zulu", "--inside-perimeter"]);
    same_resolution(&zulu, &flags);
    let (_, british) = on_table(
        &["move"],
        &["unit=uThulwana"],
        &["--inside-perimeter", "--side", "british"],
    );
    let (_, typed) = by_flags(&["move"], &["--side", "british", "--inside-perimeter"]);
    assert_eq!(british["outcome"], typed["outcome"]);
    assert_ne!(british["outcome"]["allowance_mm"], json!(50));
    assert!(
        texts(&british)
            .iter()
            .any(|t| t.contains("side british given by hand; the table gives zulu")),
        "{british}"
    );
    // Without a table the side is needed, named.
    let out = run(&["mc", "rd", "move", "--inside-perimeter"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--side SIDE"), "{}", stderr(&out));
    let input = situation::rd_move(
        &table(&Charts::shipped().expect("shipped")),
        &laager::rules::situation::NoRecords,
        &roles(&[("unit", "Sec 1")]),
        RdMoveInput {
            side: Side::Zulu,
            inside_perimeter: false,
            internal_walls: 0,
            climb: None,
            origins: Origins::default(),
        },
    )
    .expect("builds");
    assert_eq!(input.side, Side::British);
}
