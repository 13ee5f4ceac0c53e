//! The values a Micro Colonial situation takes from the table and the records, each
//! checked against the sentence that decides it, and the arc of fire the engine checks for
//! the roll and the odds alike.
//!
//! The table is tests/fixtures/mc_situation.json (see `mc_contract`).

use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::game::{Event, Game, UnitEdit, UnitId, units_from_layout};
use laager::geometry::{Layout, file};
use laager::resolution::RefusalKind;
use laager::rules::micro_colonial::artillery::{
    Ammo, Artillery, ArtilleryInput, ArtilleryTarget, Gun,
};
use laager::rules::micro_colonial::fire::{Fire, FireInput, FireType, Firer, Target, Weapon};
use laager::rules::micro_colonial::melee::{MeleeInput, Side};
use laager::rules::micro_colonial::morale::MoraleInput;
use laager::rules::micro_colonial::morale_due::{DueCause, MoraleClass};
use laager::rules::micro_colonial::situation::{self, LossesDue};
use laager::rules::micro_colonial::{self as mc};
use laager::rules::situation::{Origins, Roles, Source};
use laager::rules::{Procedure, Request};
use serde_json::json;

fn charts_with(cells: &[&str]) -> Charts {
    let mut charts = Charts::shipped().expect("shipped tables");
    for cell in cells {
        charts
            .apply_cell_arg(Ruleset::MicroColonial, cell)
            .expect("a valid cell");
    }
    charts
}

/// The fixture's table, with `edit` applied to its JSON first.
fn layout_with(charts: &Charts, edit: impl FnOnce(&mut serde_json::Value)) -> Layout {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mc_situation.json");
    let mut value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("json");
    edit(&mut value);
    file::read(&value.to_string(), charts)
        .layout
        .expect("the table reads")
}

pub(crate) fn layout(charts: &Charts) -> Layout {
    layout_with(charts, |_| {})
}

/// A game on the table: its units joined with the layout's strengths.
pub(crate) fn game_on(layout: &Layout, charts: &Charts) -> Game {
    let mut game = Game::new(Ruleset::MicroColonial, "g", json!(null));
    for unit in units_from_layout(layout, Ruleset::MicroColonial, Some(charts)) {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    game
}

pub(crate) fn roles(pairs: &[(&str, &str)]) -> Roles {
    Roles(
        pairs
            .iter()
            .map(|(r, id)| ((*r).to_owned(), (*id).to_owned()))
            .collect(),
    )
}

fn volley() -> FireInput {
    FireInput {
        firer: Firer::RegularInfantry,
        firer_ff: 0,
        weapon: Weapon::Rifle,
        fire: FireType::Volley,
        range_mm: 0.0,
        target_ff: 0,
        target: Target::Mounted,
        in_building: false,
        initial_volley: false,
        two_unit_rear_ff: None,
        target_in_melee: None,
        melee_round: 1,
        changing_to_volley: false,
        jam_penalty: None,
        in_arc: None,
        origins: Origins::default(),
    }
}

fn morale_test() -> MoraleInput {
    MoraleInput {
        initial_ff: 0,
        present_ff: 0,
        troop: "zulu".to_owned(),
        class: "native".to_owned(),
        cavalry: false,
        charge: None,
        factors: Vec::new(),
        origins: Origins::default(),
    }
}

fn set_status(game: &mut Game, id: &str, status: &str) {
    game.append(Event::Edit {
        edit: UnitEdit::StatusSet {
            unit_id: UnitId::from(id),
            status: laager::record::Status::parse(status),
        },
    })
    .expect("status");
}

// GO TO GROUND: "A unit which goes to ground will be classed as in cover from all fire."
#[test]
fn a_target_gone_to_ground_is_in_cover_from_all_fire() {
    let charts = Charts::shipped().expect("shipped");
    let table = layout(&charts);
    let mut game = game_on(&table, &charts);
    let pair = roles(&[("firer", "1/24 A"), ("target", "uNodwengu 1")]);
    // In close order in the open, a Fanatic regiment is "Close order native troops in the
    // open" ...
    let input = situation::fire(&table, &charts, game.state(), &pair, volley()).expect("fire");
    assert_eq!(input.target, Target::NativeCloseOrderInOpen);
    // ... gone to ground, it is in cover, from the records.
    set_status(&mut game, "uNodwengu 1", "gone to ground");
    let input = situation::fire(&table, &charts, game.state(), &pair, volley()).expect("fire");
    assert_eq!(input.target, Target::InCover);
    let origin = input.origins.at("/target").expect("noted");
    assert_eq!(origin.source, Source::Records);
    assert!(origin.why.contains("has gone to ground"), "{}", origin.why);
}

// APPENDIX 3, TWO UNIT FORMATION: "one unit counter immediately behind, and touching, the
// one in front ... the rear unit counts only half its fighting factor".
#[test]
fn the_two_unit_rear_is_the_counter_touching_the_firers_rear() {
    let charts = Charts::shipped().expect("shipped");
    let pair = roles(&[("firer", "1/24 A"), ("target", "uNodwengu 1")]);
    let table = layout(&charts);
    let game = game_on(&table, &charts);
    let input = situation::fire(&table, &charts, game.state(), &pair, volley()).expect("fire");
    assert_eq!(input.two_unit_rear_ff, Some(80));
    assert!(
        input
            .origins
            .at("/two_unit_rear_ff")
            .is_some_and(|o| o.why.contains("'1/24 B'") && o.why.contains("touches"))
    );
    // 1/24 B drawn 15 mm further back no longer touches: no rear unit, left to the referee.
    let apart = layout_with(&charts, |v| v["units"][1]["y"] = json!(300));
    let game = game_on(&apart, &charts);
    let input = situation::fire(&apart, &charts, game.state(), &pair, volley()).expect("fire");
    assert_eq!(input.two_unit_rear_ff, None);
    assert!(
        input
            .origins
            .undecided
            .iter()
            .any(|u| u.contains("no friendly counter touches its rear edge"))
    );
}

// MORALE CHARTS, TABLE 4: "IF C-IN-C WITHIN 100MM AND IN SIGHT". Pulleine stands 67.5 mm
// behind 1/24 A; 2/24 G has no commander within 100 mm.
#[test]
fn a_commander_within_100_mm_gives_the_morale_factor() {
    let charts = Charts::shipped().expect("shipped");
    let table = layout(&charts);
    let game = game_on(&table, &charts);
    let near = situation::morale(
        &table,
        game.state(),
        &roles(&[("unit", "1/24 A")]),
        morale_test(),
    )
    .expect("morale");
    assert!(
        near.factors
            .contains(&("c-in-c-within-100mm".to_owned(), 1))
    );
    let origin = near
        .origins
        .at("/factors/c-in-c-within-100mm")
        .expect("noted");
    assert!(
        origin.why.contains("'Pulleine' is 67.5 mm"),
        "{}",
        origin.why
    );
    let far = situation::morale(
        &table,
        game.state(),
        &roles(&[("unit", "2/24 G")]),
        morale_test(),
    )
    .expect("morale");
    assert!(!far.factors.iter().any(|(f, _)| f == "c-in-c-within-100mm"));
    // The factor the referee ticks over the table's reading is stated as given by hand.
    let mut ticked = far.clone();
    ticked.factors.push(("c-in-c-within-100mm".to_owned(), 1));
    assert!(ticked.origin_steps().iter().any(|s| {
        s.text
            .contains("factor c-in-c-within-100mm 1 given by hand; the table gives 0")
    }));
}

/// Issue 40: the morale form of a British regular is filled from its record, not with a
/// native's words: Table 3's row and the result table's column are named by the unit's own
/// troop type and class ("Throw one dice and determine the unit's random factor" by troop
/// type; the result by class), while a name given by hand stays.
#[test]
fn a_morale_test_names_the_units_own_troop_type_and_class() {
    let charts = Charts::shipped().expect("shipped");
    let table = layout(&charts);
    let game = game_on(&table, &charts);
    let blank = MoraleInput {
        troop: String::new(),
        class: String::new(),
        ..morale_test()
    };
    let filled = situation::morale(&table, game.state(), &roles(&[("unit", "1/24 A")]), blank)
        .expect("morale");
    assert_eq!(filled.troop, "infantry");
    assert_eq!(filled.class, "european-regular");
    assert!(
        filled
            .origins
            .at("/class")
            .is_some_and(|o| o.why.contains("1/24 A"))
    );
    let given = situation::morale(
        &table,
        game.state(),
        &roles(&[("unit", "1/24 A")]),
        morale_test(),
    )
    .expect("morale");
    assert_eq!(
        (given.troop.as_str(), given.class.as_str()),
        ("zulu", "native")
    );
}

/// Resolves the melee of uKhandempemvu on 1/24 C (A wins 85 to 8) and applies it.
fn fight(game: &mut Game, table: &Layout) {
    let charts =
        charts_with(&["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4"]);
    let pair = roles(&[("a", "uKhandempemvu"), ("b", "1/24 C")]);
    let side = Side {
        ff: 0,
        kind: String::new(),
        factors: Vec::new(),
        impact: false,
        flank_attack: false,
        fired_at_mm: None,
        last_20mm_curved: false,
        in_stationary_melee: false,
    };
    let base = MeleeInput {
        a: side.clone(),
        b: side,
        in_contact: None,
        origins: Origins::default(),
    };
    let input = situation::melee(table, game.state(), &pair, base).expect("melee");
    let request = Request::MicroColonial(mc::Request::Melee(input));
    let mut dice = EnteredDice::parse("B4,R2,B3,R1").expect("dice");
    let resolution = request.resolve(&charts, &mut dice).expect("resolves");
    let applied = laager::game::apply(
        Some(&request),
        &resolution,
        &pair,
        game.state(),
        Some(table),
    );
    game.append(applied.event).expect("logged");
}

// MORALE CHARTS, TABLE 4: "+15 IF WINNER OF MELEE ROUND THIS MOVE OR LAST"; the loser's
// -15 is this move's only.
#[test]
fn a_melee_won_last_move_still_counts_for_the_winner() {
    let charts = Charts::shipped().expect("shipped");
    let table = layout(&charts);
    let mut game = game_on(&table, &charts);
    fight(&mut game, &table);
    let factors = |game: &Game, id: &str| {
        situation::morale(&table, game.state(), &roles(&[("unit", id)]), morale_test())
            .expect("morale")
            .factors
    };
    assert!(factors(&game, "uKhandempemvu").contains(&("winner-of-melee".to_owned(), 1)));
    assert!(factors(&game, "1/24 C").contains(&("loser-of-melee".to_owned(), 1)));
    game.append(Event::MoveAdvanced).expect("next move");
    let winner = situation::morale(
        &table,
        game.state(),
        &roles(&[("unit", "uKhandempemvu")]),
        morale_test(),
    )
    .expect("morale");
    assert!(winner.factors.contains(&("winner-of-melee".to_owned(), 1)));
    assert!(
        winner
            .origins
            .at("/factors/winner-of-melee")
            .is_some_and(|o| o.why.contains("won a melee against '1/24 C' last move"))
    );
    assert!(
        !factors(&game, "1/24 C")
            .iter()
            .any(|(f, _)| f == "loser-of-melee")
    );
    // Undone, the melee is gone from the records.
    let mut undone = game_on(&table, &charts);
    fight(&mut undone, &table);
    undone.undo().expect("undo");
    assert!(
        !factors(&undone, "uKhandempemvu")
            .iter()
            .any(|(f, _)| f == "winner-of-melee")
    );
}

// MORALE, FANATICS & EUROPEAN REGULARS: "When a European regular unit loses more than 50
// fighting factors in any one move, but not in a move in which it wins a melee"; "Loser of
// more fighting factors in a melee and the difference is more than 20".
#[test]
fn the_losses_and_melees_of_a_move_make_a_morale_test_due() {
    let charts = Charts::shipped().expect("shipped");
    let table = layout(&charts);
    let mut game = game_on(&table, &charts);
    fight(&mut game, &table);
    // 1/24 C lost 85 and the melee by 77: both causes.
    assert_eq!(
        situation::losses_due(&charts, game.state(), "1/24 C"),
        Some(LossesDue::Due(vec![DueCause::Losses, DueCause::MeleeLoss]))
    );
    // uKhandempemvu, a Fanatic, lost 8: nothing.
    assert_eq!(
        situation::losses_due(&charts, game.state(), "uKhandempemvu"),
        Some(LossesDue::Nothing)
    );
    // A unit of no recorded class that lost 60 would test unless it were a Fanatic.
    let unclassed = layout_with(&charts, |v| {
        v["units"][0].as_object_mut().expect("unit").remove("class");
    });
    let mut game = game_on(&unclassed, &charts);
    game.append(Event::Edit {
        edit: UnitEdit::StrengthChanged {
            unit_id: UnitId::from("1/24 A"),
            amount: 60,
            cause: laager::game::Cause::Other,
        },
    })
    .expect("loss");
    assert_eq!(
        situation::losses_due(&charts, game.state(), "1/24 A"),
        Some(LossesDue::ClassUnknown(vec![
            MoraleClass::EuropeanRegular,
            MoraleClass::Other
        ]))
    );
}

// ARCS OF FIRE: "If any of the target counter is within the arc it may be engaged." With a
// club's template of 60 degrees (test data, not a value of the document), 2/24 G stands 90
// degrees off 1/24 A's facing: out of the arc, refused by the engine for the roll and the
// odds alike; the referee's call "in arc" wins and the fire goes on to its charts.
#[test]
fn a_target_out_of_the_arc_is_refused_for_the_roll_and_the_odds() {
    let charts = charts_with(&["firing_arc:angle_deg=60"]);
    let table = layout(&charts);
    let game = game_on(&table, &charts);
    let input = situation::fire(
        &table,
        &charts,
        game.state(),
        &roles(&[("firer", "1/24 A"), ("target", "2/24 G")]),
        volley(),
    )
    .expect("fire");
    assert_eq!(input.in_arc, Some(false));
    let mut dice = EnteredDice::parse("B4,R2").expect("dice");
    let refusal = Fire::resolve(&charts, &input, &mut dice).expect_err("refused");
    assert_eq!(refusal.kind, RefusalKind::OutOfRange);
    assert_eq!(refusal.rule.section, "ARCS OF FIRE");
    assert!(
        refusal.reason.contains("read on the table"),
        "{}",
        refusal.reason
    );
    let odds = Fire::odds(&charts, &input).expect("fire throws dice");
    assert_eq!(odds.expect_err("refused").rule.section, "ARCS OF FIRE");

    let mut called = input.clone();
    called.in_arc = Some(true);
    // Past the arc, the volley meets its next rule (2/24 G is beyond 300 mm).
    let refusal = Fire::odds(&charts, &called)
        .expect("fire throws dice")
        .expect_err("refused");
    assert_eq!(refusal.rule.section, "TYPES OF FIRE, VOLLEY FIRE");
    assert!(called.origin_steps().iter().any(|s| {
        s.text
            .contains("in arc on given by hand; the table gives off")
    }));

    // A gun's fire reads the same arc.
    let base = ArtilleryInput {
        gun: Gun::SixSeven,
        ammo: Ammo::Shell,
        range_mm: 0.0,
        gun_ff: 0,
        target: ArtilleryTarget::Guns,
        factors: Vec::new(),
        overhead: false,
        friends_near_gun_mm: None,
        friends_near_target_mm: None,
        skirmish_screen: false,
        in_arc: None,
        origins: Origins::default(),
    };
    let gun = situation::artillery(
        &table,
        &charts,
        game.state(),
        &roles(&[("gun", "N/5 RA"), ("target", "2/24 G")]),
        base,
    )
    .expect("artillery");
    assert_eq!(gun.in_arc, Some(false));
    let mut dice = EnteredDice::parse("B4,R2").expect("dice");
    let refusal = Artillery::resolve(&charts, &gun, &mut dice).expect_err("refused");
    assert_eq!(refusal.rule.section, "ARCS OF FIRE");
    let odds = Artillery::odds(&charts, &gun).expect("throws dice");
    assert_eq!(odds.expect_err("refused").kind, RefusalKind::OutOfRange);
}
