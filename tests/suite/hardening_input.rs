//! Issue 21, input: typed dice read strictly, and a layout check of thousands of stacked
//! bases summarises its overlaps instead of printing millions.

use crate::support::{run, stderr};
use laager::dice::DiceError;
use laager::dice::DiceSource as _;
use laager::dice::EnteredDice;
use laager::geometry::file;
use serde_json::json;

#[test]
fn typed_dice_with_an_empty_place_a_sign_or_a_leading_zero_are_refused() {
    for text in [
        "B4,,R2", "4,,5,6", "+4", "04", ",4", "4,", "4,, ", "B+4", "R04", "4.0",
    ] {
        let refused = EnteredDice::parse(text);
        assert!(
            matches!(refused, Err(DiceError::BadFace { .. })),
            "{text}: {refused:?}"
        );
    }
}

#[test]
fn typed_dice_separated_by_commas_and_spaces_still_read() {
    for (text, count) in [
        ("4, 5 6", 3),
        ("B4 R2", 2),
        ("b4,r2", 2),
        (" 6 ", 1),
        ("", 0),
    ] {
        let mut dice = EnteredDice::parse(text).expect(text);
        assert_eq!(dice.unused(), count, "{text}");
        if count == 1 {
            let roll = dice.throw(&[None]).expect("one die");
            assert_eq!(roll.faces[0].face, 6);
        }
    }
}

#[test]
fn a_roll_with_an_empty_place_between_commas_exits_2() {
    let out = run(&[
        "roll",
        "dba-opposed",
        "--a",
        "3",
        "--b",
        "2",
        "--dice",
        "6,,1",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

fn stacked_layout(units: usize) -> String {
    let units: Vec<_> = (0..units)
        .map(|i| json!({ "id": format!("u{i}"), "side": "A", "x": 500, "y": 500, "facing": 0, "frontage": 40, "depth": 15 }))
        .collect();
    json!({ "format": file::FORMAT, "version": file::VERSION, "table": { "preset": "6x4ft" }, "units": units })
        .to_string()
}

#[test]
fn two_thousand_stacked_units_give_100_overlaps_and_a_count_not_two_million() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("stacked.json");
    std::fs::write(&path, stacked_layout(2000)).expect("write");
    let out = run(&["layout", "check", path.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), file::WARNINGS_PER_KIND + 1, "{err}");
    assert!(
        err.contains("2000 units overlap another"),
        "{}",
        err.lines().last().unwrap_or_default()
    );
}

#[test]
fn a_few_overlaps_are_each_listed() {
    let charts = laager::charts::Charts::shipped().expect("charts");
    let report = file::read(&stacked_layout(3), &charts);
    assert_eq!(report.warnings.len(), 3, "{:?}", report.warnings);
    assert!(report.warnings[0].message.contains("overlaps unit 'u1'"));
}

/// Issue 43: after the first 100 pairs, the count is of the units that overlap any other,
/// not of the pairs. Fifteen units on one spot (105 pairs), two overlapping 10 mm apart (one
/// pair), two laid edge to edge (touching, not overlapping) and one alone: 17 units.
#[test]
fn the_count_after_the_list_is_of_units_overlapping_another_not_of_pairs() {
    let mut units: Vec<_> = (0..15)
        .map(|i| json!({ "id": format!("u{i}"), "side": "A", "x": 500, "y": 500, "facing": 0, "frontage": 40, "depth": 15 }))
        .collect();
    for (id, x, y) in [
        ("p", 100, 100),
        ("q", 110, 100),
        ("r", 1000, 1000),
        ("s", 1040, 1000),
        ("t", 1500, 200),
    ] {
        units.push(json!({ "id": id, "side": "B", "x": x, "y": y, "facing": 0, "frontage": 40, "depth": 15 }));
    }
    let text = json!({ "format": file::FORMAT, "version": file::VERSION, "table": { "preset": "6x4ft" }, "units": units })
        .to_string();
    let charts = laager::charts::Charts::shipped().expect("charts");
    let report = file::read(&text, &charts);
    assert_eq!(report.warnings.len(), file::WARNINGS_PER_KIND + 1);
    // Listed by the first unit's place, then the second's: u0 with u1..u14 first, and the
    // hundredth pair is u11 with u12 (14 + 13 + ... + 5 = 95, then u10's 4, then one).
    assert_eq!(
        report.warnings[0].message,
        "unit 'u0' overlaps unit 'u1' (units[1])"
    );
    assert_eq!(
        report.warnings[99].message,
        "unit 'u11' overlaps unit 'u12' (units[12])"
    );
    assert_eq!(
        report.warnings[100].message,
        "and more overlapping pairs of units: 17 units overlap another (the first 100 pairs are listed)"
    );
}

#[test]
fn losses_and_replacements_of_the_largest_strength_saturate_instead_of_wrapping() {
    use crate::records::{loss, unit};
    use laager::game::{Campaign, CampaignSettings, Cause, Event, RecordSheet, UnitEdit, UnitId};
    let mut game = laager::game::Game::new(
        laager::Ruleset::MicroColonial,
        "extreme",
        serde_json::Value::Null,
    );
    game.append(unit("u", "A", u32::MAX)).expect("join");
    for _ in 0..2 {
        game.append(loss("u", u32::MAX, Cause::Other))
            .expect("loss");
        game.append(Event::Edit {
            edit: UnitEdit::StrengthChanged {
                unit_id: UnitId::from("u"),
                amount: u32::MAX,
                cause: Cause::Replacement,
            },
        })
        .expect("replacement");
    }
    let mut campaign = Campaign::new("x", CampaignSettings::default());
    campaign.push_game(game);
    let history = campaign.unit_history(&UnitId::from("u"));
    assert_eq!((history[0].lost, history[0].restored), (u32::MAX, u32::MAX));
    assert_eq!(
        campaign.games[0].state().losses_this_move()[&UnitId::from("u")],
        u32::MAX
    );
    let sheet = RecordSheet::project(1, &campaign.games[0]);
    assert!(!sheet.table().rows.is_empty());
}
