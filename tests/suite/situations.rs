//! The situations of the procedures that read the table and the records since `--unit`
//! reached them: Micro Colonial's morale causes and charge. Each value is checked against
//! the sentence that decides it, through the library and through `--layout`/`--unit`.
//!
//! The table is tests/fixtures/mc_situation.json: uNodwengu 1 (fanatic, 950 FF) at y 560
//! facing 1/24 A (european-regular, 100 FF) at y 330, both 15 mm deep.

use crate::mc2::situation::{game_on, layout, roles};
use crate::support::{OutcomeKeys, run, stdout};
use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::game::{Cause, Event, Game, UnitEdit, UnitId, units_from_layout};
use laager::geometry::{Layout, file};
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::charge::{Charge, ChargeInput};
use laager::rules::micro_colonial::morale_due::{
    DueCause, MoraleClass, MoraleDue, MoraleDueInput, Quality,
};
use laager::rules::micro_colonial::situation;
use laager::rules::situation::{Origins, Source};
use serde_json::{Value, json};

const FIXTURE: &str = "tests/fixtures/mc_situation.json";

fn fixture() -> String {
    format!("{}/{FIXTURE}", env!("CARGO_MANIFEST_DIR"))
}

/// A game on the table, its units joined with the layout's strengths, and `losses` taken
/// in its first move.
fn game_with(layout: &Layout, charts: &Charts, losses: &[(&str, u32, Cause)]) -> Game {
    let mut game = game_on(layout, charts);
    for (id, amount, cause) in losses {
        game.append(Event::Edit {
            edit: UnitEdit::StrengthChanged {
                unit_id: UnitId::from(*id),
                amount: *amount,
                cause: *cause,
            },
        })
        .expect("loss");
    }
    game
}

fn due_base() -> MoraleDueInput {
    MoraleDueInput {
        class: MoraleClass::Other,
        lost_this_move: 0,
        won_melee: false,
        melee_lost_by: None,
        being_charged: false,
        flank_broke_within_mm: None,
        flank_quality: Quality::Equal,
        flank_fell_back_within_mm: None,
        origins: Origins::default(),
    }
}

fn charge_base(charge_mm: f64) -> ChargeInput {
    ChargeInput {
        moves_since_last_charge: None,
        pursuing: false,
        charge_mm,
        target_mm: 0.0,
        volley_losses: 0,
        cause_during_move: false,
        origins: Origins::default(),
    }
}

fn no_dice() -> EnteredDice {
    EnteredDice::parse("").expect("no dice")
}

// MORALE, FANATICS: "1. When a Fanatic unit loses more than 100 fighting factors in any one
// move." The records give uNodwengu 1's class (fanatic) and the 120 FF it lost this move.
#[test]
fn the_records_give_the_class_and_the_losses_a_morale_test_is_due_on() {
    let charts = Charts::shipped().expect("shipped tables");
    let table = layout(&charts);
    let game = game_with(&table, &charts, &[("uNodwengu 1", 120, Cause::Volley)]);
    let input = situation::morale_due(
        &table,
        game.state(),
        &roles(&[("unit", "uNodwengu 1")]),
        due_base(),
    )
    .expect("the situation builds");
    assert_eq!(input.class, MoraleClass::Fanatic);
    assert_eq!(input.lost_this_move, 120);
    assert_eq!(
        input.origins.at("/lost_this_move").map(|o| o.source),
        Some(Source::Records)
    );
    let resolution = MoraleDue::resolve(&charts, &input, &mut no_dice()).expect("resolves");
    assert_eq!(resolution.outcome.due, vec![DueCause::Losses]);
    assert!(
        resolution.steps[0].text.starts_with("from the records:"),
        "{}",
        resolution.steps[0].text
    );
    // 100 lost is not "more than 100".
    let game = game_with(&table, &charts, &[("uNodwengu 1", 100, Cause::Other)]);
    let input = situation::morale_due(
        &table,
        game.state(),
        &roles(&[("unit", "uNodwengu 1")]),
        due_base(),
    )
    .expect("the situation builds");
    let resolution = MoraleDue::resolve(&charts, &input, &mut no_dice()).expect("resolves");
    assert!(resolution.outcome.due.is_empty());
}

// A unit not on the table is refused as bad input, by the rule asked (MORALE).
#[test]
fn a_unit_not_on_the_table_is_refused_by_name() {
    let charts = Charts::shipped().expect("shipped tables");
    let table = layout(&charts);
    let game = game_with(&table, &charts, &[]);
    let refused = situation::morale_due(
        &table,
        game.state(),
        &roles(&[("unit", "uNokhenke")]),
        due_base(),
    )
    .expect_err("no such counter");
    assert_eq!(refused.kind, RefusalKind::BadInput);
    assert_eq!(refused.rule.section, "MORALE");
}

fn json_of(args: &[&str]) -> (Option<i32>, Value) {
    let out = run(args);
    let text = stdout(&out);
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("no JSON ({e}): {text}"));
    (out.status.code(), value)
}

// MORALE, FANATICS & EUROPEAN REGULARS: "2. When a European regular unit loses more than
// 50 fighting factors in any one move": a new game on the table has lost nothing, so a
// flag given by hand (60) wins over the records' 0, and a step says so.
#[test]
fn a_flag_given_wins_over_the_records_and_a_step_says_so() {
    let fixture = fixture();
    let (code, value) = json_of(&[
        "mc",
        "morale-due",
        "--layout",
        &fixture,
        "--unit",
        "unit=1/24 A",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["due"], json!([]));
    let (code, value) = json_of(&[
        "mc",
        "morale-due",
        "--layout",
        &fixture,
        "--unit",
        "unit=1/24 A",
        "--lost-this-move",
        "60",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["due"], json!(["losses"]));
    let steps: Vec<&str> = value["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s["text"].as_str())
        .collect();
    assert!(
        steps.iter().any(|s| s.contains("class european regular")),
        "{steps:?}"
    );
    assert!(
        steps
            .iter()
            .any(|s| s.contains("lost this move 60 given by hand; the records give 0")),
        "{steps:?}"
    );
    // Without a table the class is needed: bad input (exit 2) naming the flag and the role.
    let out = run(&["mc", "morale-due", "--lost-this-move", "60"]);
    assert_eq!(out.status.code(), Some(2));
    let said = crate::support::stderr(&out);
    assert!(
        said.contains("--class CLASS") && said.contains("--unit unit=ID"),
        "{said}"
    );
}

// CHARGING: "A unit may not initiate a charge unless its target is within its charge
// distance at the beginning of its move, taking into account any loss from volley fire
// effect." The table gives the gap: centres 560 - 330 = 230 mm, less half of each 15 mm
// depth, 215 mm. With 20 FF of volley losses on its D column, a 230 mm charge reaches
// 230 - 20 = 210 mm: short of 215. Without them it reaches 230: within.
#[test]
fn the_table_gives_the_distance_and_the_records_the_volley_losses() {
    let charts = Charts::shipped().expect("shipped tables");
    let table = layout(&charts);
    let pair = roles(&[("charger", "uNodwengu 1"), ("target", "1/24 A")]);
    let game = game_with(&table, &charts, &[("uNodwengu 1", 20, Cause::Volley)]);
    let input = situation::charge(&table, game.state(), &pair, charge_base(230.0))
        .expect("the situation builds");
    assert!(
        (input.target_mm - 215.0).abs() < 1e-6,
        "{}",
        input.target_mm
    );
    assert_eq!(input.volley_losses, 20);
    let resolution = Charge::resolve(&charts, &input, &mut no_dice()).expect("resolves");
    assert_eq!(resolution.out("eligible"), json!(false));
    assert_eq!(resolution.out("reach_mm"), json!(210.0));

    let fresh = game_with(&table, &charts, &[]);
    let input = situation::charge(&table, fresh.state(), &pair, charge_base(230.0))
        .expect("the situation builds");
    assert_eq!(input.volley_losses, 0);
    let resolution = Charge::resolve(&charts, &input, &mut no_dice()).expect("resolves");
    assert_eq!(resolution.out("eligible"), json!(true));
}

// The same charge through `--layout` with the roles gives the library's outcome, and
// `--target-mm` given by hand wins (100 mm is within a 230 mm charge).
#[test]
fn the_charge_from_the_command_line_is_the_librarys() {
    let fixture = fixture();
    let base = [
        "mc",
        "charge",
        "--layout",
        fixture.as_str(),
        "--unit",
        "charger=uNodwengu 1",
        "--unit",
        "target=1/24 A",
        "--charge-mm",
        "210",
        "--json",
    ];
    let (code, value) = json_of(&base);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["eligible"], json!(false));
    let charts = Charts::shipped().expect("shipped tables");
    let table = layout(&charts);
    let game = game_with(&table, &charts, &[]);
    let pair = roles(&[("charger", "uNodwengu 1"), ("target", "1/24 A")]);
    let input = situation::charge(&table, game.state(), &pair, charge_base(210.0))
        .expect("the situation builds");
    let library = Charge::resolve(&charts, &input, &mut no_dice()).expect("resolves");
    assert_eq!(
        value["outcome"],
        serde_json::to_value(library.outcome).unwrap_or_default()
    );

    let mut by_hand = base.to_vec();
    by_hand.extend(["--target-mm", "100"]);
    let (code, value) = json_of(&by_hand);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["eligible"], json!(true));
    assert!(
        value
            .to_string()
            .contains("distance to the target 100 given by hand"),
        "{value}"
    );
}

// DBA Victory Conditions: "A side that has lost a third or more of its bases (not counting
// the British Baggage train bases) at the completion of both players' phases has lost."
// The demo's Zulu side has 17 bases on its record sheets: a third is 5.67, so 6 lost
// defeats it and 5 does not. The records give the count; the library, the victory
// proposal and `--layout --side` read it alike.
#[test]
fn a_sides_bases_and_losses_come_from_its_units_records() {
    use laager::rules::dba_zulu::{Victory, VictoryInput};
    let charts = Charts::shipped().expect("shipped tables");
    let demo = format!(
        "{}/assets/demos/dba_zulu_battle.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&demo).expect("demo");
    let table = file::read(&text, &charts).layout.expect("the demo reads");
    let mut game = Game::new(Ruleset::DbaZulu, "g", json!(null));
    let units = units_from_layout(&table, Ruleset::DbaZulu, Some(&charts));
    let zulus: Vec<UnitId> = units
        .iter()
        .filter(|u| u.side == "zulu")
        .map(|u| u.unit_id.clone())
        .collect();
    for unit in units {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    let input = laager::game::victory::dba_side(game.state(), "zulu").expect("a side");
    assert_eq!((input.bases, input.lost, input.baggage_lost), (17, 0, 0));
    for (n, unit_id) in zulus.iter().take(6).enumerate() {
        game.append(Event::Edit {
            edit: UnitEdit::Removed {
                unit_id: unit_id.clone(),
            },
        })
        .expect("removed");
        let input: VictoryInput =
            laager::game::victory::dba_side(game.state(), "zulu").expect("a side");
        assert_eq!(input.lost, u32::try_from(n + 1).unwrap_or(u32::MAX));
        let resolution = Victory::resolve(&charts, &input, &mut no_dice()).expect("resolves");
        assert_eq!(resolution.out("threshold"), json!(6));
        assert_eq!(
            resolution.out("defeated"),
            json!(n + 1 >= 6),
            "{} lost",
            n + 1
        );
        assert!(
            resolution.steps[0]
                .text
                .starts_with("from the records: bases 17")
        );
    }
    // `--layout` with `--side` reads a new game's records: 17 bases, none lost.
    let (code, value) = json_of(&[
        "dba", "victory", "--layout", &demo, "--side", "zulu", "--json",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["threshold"], json!(6));
    assert_eq!(value["outcome"]["lost_count"], json!(0));
}

// DECIDING THE WINNER: "The native armies will claim a victory if they destroy at least
// half of the regular force's infantry." The records count the regular infantry in FF:
// the fixture's four European-regular infantry counters, 100 + 80 + 100 + 100 = 380; 190
// destroyed is half (a win), 189 is not.
#[test]
fn the_regular_infantry_is_counted_on_the_record_sheets() {
    use laager::rules::micro_colonial::victory::{Victory, Winner};
    let charts = Charts::shipped().expect("shipped tables");
    let table = layout(&charts);
    for (lost, winner) in [(190, Some(Winner::Natives)), (189, None)] {
        let game = game_with(
            &table,
            &charts,
            &[
                ("1/24 C", 100, Cause::Volley),
                ("2/24 G", lost - 100, Cause::Other),
            ],
        );
        let (input, regulars, natives) =
            laager::game::victory::mc_counts(game.state()).expect("two sides");
        assert_eq!((regulars.as_str(), natives.as_str()), ("british", "zulu"));
        assert_eq!(
            (input.regular_infantry, input.regular_infantry_destroyed),
            (380, lost)
        );
        let resolution = Victory::resolve(&charts, &input, &mut no_dice()).expect("resolves");
        assert_eq!(resolution.outcome.winner, winner, "{lost} destroyed");
        assert!(
            resolution.steps[0]
                .text
                .starts_with("from the records: regular infantry 380")
        );
    }
    // The same count from `--layout`, the destroyed FF given by hand.
    let fixture = fixture();
    let (code, value) = json_of(&[
        "mc",
        "victory",
        "--layout",
        &fixture,
        "--regular-infantry-destroyed",
        "190",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["winner"], json!("natives"));
}

/// The fixture with the three sections' strengths set to those of `mc2::rd_combat`.
fn rd_table(charts: &Charts) -> Layout {
    let text = std::fs::read_to_string(fixture()).expect("fixture");
    let mut value: Value = serde_json::from_str(&text).expect("json");
    for unit in value["units"].as_array_mut().expect("units") {
        let strength = match unit["id"].as_str() {
            Some("1/24 A" | "1/24 B") => 10,
            Some("1/24 C") => 8,
            _ => continue,
        };
        unit["strength"] = json!(strength);
    }
    file::read(&value.to_string(), charts)
        .layout
        .expect("the table reads")
}

// Rorke's Drift MELEE: "1. Divide all the Zulu units' present fighting factor by 10 ... 3.
// Count all the British sections 'full present fighting factor' ... Divide by 10 any
// losses suffered by the defenders"; "Divide the melee losses on those British sections
// which combined in the same melee equally between the sections, starting from the
// right-hand section in each case." The records give 950 and sections of 10, 10 and 8:
// the Zulus 95 + 3 + 2 = 100, the sections lose 10, split 4, 3, 3 from the right; the
// sections 28 - 4 + 2 = 26, the Zulus lose 26 and, losing by 16 ("Loser of a melee by more
// than 5 fighting factors"), test. Applying writes each loss to the unit in its role.
#[test]
fn a_rorkes_drift_melee_reads_each_section_and_applies_each_share() {
    use laager::rules::Request;
    use laager::rules::micro_colonial::rorkes_drift::{RdMelee, RdMeleeInput};
    let mut charts = Charts::shipped().expect("shipped tables");
    charts
        .apply_cell_arg(
            Ruleset::MicroColonial,
            "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4",
        )
        .expect("the lost cell");
    let table = rd_table(&charts);
    let game = game_with(&table, &charts, &[]);
    let roles = roles(&[
        ("zulu", "uNodwengu 1"),
        ("front-1", "1/24 A"),
        ("front-2", "1/24 B"),
        ("front-3", "1/24 C"),
    ]);
    let base = RdMeleeInput {
        zulu_ff: 0,
        front_rank: Vec::new(),
        second_rank: Vec::new(),
        csm_leads: false,
        in_building: false,
        across_obstacle: false,
        sections_in_cover: false,
        zulu_in_cover: false,
        counter_attack: false,
        later_round: false,
        zulu_impact: false,
        zulu_factors: Vec::new(),
        british_factors: Vec::new(),
        third_rank_fire_losses: None,
        zulu_falling_back: false,
        british_falling_back: false,
        origins: Origins::default(),
    };
    let input = situation::rd_melee(&table, game.state(), &roles, base).expect("builds");
    assert_eq!(
        (input.zulu_ff, input.front_rank.clone()),
        (950, vec![10, 10, 8])
    );
    // One random factor per section engaged: +2, 0, 0.
    let mut dice = EnteredDice::parse("B4,R2,B3,R1,B1,R1,B1,R1").expect("dice");
    let resolution = RdMelee::resolve(&charts, &input, &mut dice).expect("resolves");
    assert_eq!(resolution.outcome.zulu_losses, 26);
    assert_eq!(resolution.outcome.section_losses, [4, 3, 3]);
    assert!(resolution.steps[0].text.starts_with("from the records:"));
    let request = Request::MicroColonial(laager::rules::micro_colonial::Request::RdMelee(input));
    let resolution = resolution.map_outcome(|o| {
        laager::rules::Outcome::MicroColonial(laager::rules::micro_colonial::Outcome::RdMelee(o))
    });
    let applied = laager::game::apply(Some(&request), &resolution, &roles, game.state(), None);
    let loss = |id: &str, amount| UnitEdit::StrengthChanged {
        unit_id: UnitId::from(id),
        amount,
        cause: Cause::Other,
    };
    let edits = applied.edits();
    for expected in [
        loss("uNodwengu 1", 26),
        loss("1/24 A", 4),
        loss("1/24 B", 3),
        loss("1/24 C", 3),
        UnitEdit::StatusSet {
            unit_id: UnitId::from("uNodwengu 1"),
            status: Some(laager::record::Status::MoraleTestDue),
        },
    ] {
        assert!(edits.contains(&expected), "{expected:?} not in {edits:?}");
    }
}

// EVADING: "Artillery crews and open order troops may attempt to evade an attacker": the
// table's artillery counter N/5 RA evades as its crew (firing first at the quarter or
// half way point; a crew that limbers moves with its guns, which the counter does not
// name, so it is asked for); a unit in open order on its record evades as open order troops
// (three quarters of the charge rate 60, less the 10 mm turn: 35 mm); one in neither is the
// referee's call, named in a step.
#[test]
fn who_evades_is_read_from_the_counter_and_the_formation() {
    use laager::rules::micro_colonial::evade::{Evade, EvadeInput, Evader};
    let charts = Charts::shipped().expect("shipped tables");
    let table = layout(&charts);
    let mut game = game_with(&table, &charts, &[]);
    game.append(Event::Edit {
        edit: UnitEdit::FormationSet {
            unit_id: UnitId::from("1/24 C"),
            formation: Some(laager::record::Formation::OpenOrder),
        },
    })
    .expect("formation");
    let base = EvadeInput {
        evader: Evader::OpenOrder,
        cannot_limber: false,
        morale_forbids_fire: false,
        gun: None,
        origins: Origins::default(),
    };
    let read = |id: &str| {
        situation::evade(&table, game.state(), &roles(&[("unit", id)]), base.clone())
            .expect("builds")
    };
    let evade = |id: &str| {
        let input = read(id);
        let resolution = Evade::resolve(&charts, &input, &mut no_dice()).expect("resolves");
        (input, resolution)
    };
    let crew = read("N/5 RA");
    assert_eq!(crew.evader, Evader::ArtilleryCrew);
    let asked = Evade::resolve(&charts, &crew, &mut no_dice()).expect_err("the guns are asked for");
    assert!(asked.reason.contains("--gun"), "{asked:?}");
    let with_guns = EvadeInput {
        gun: Some(laager::rules::micro_colonial::movement::Troop::MachineGun),
        ..crew
    };
    let resolution = Evade::resolve(&charts, &with_guns, &mut no_dice()).expect("resolves");
    assert_eq!(resolution.out("fires"), json!("quarter-or-half"));
    assert_eq!(resolution.out("move_mm"), json!(120));
    let (input, resolution) = evade("1/24 C");
    assert_eq!(input.evader, Evader::OpenOrder);
    assert_eq!(resolution.out("move_mm"), json!(35));
    // The desk lists the same origins before resolving: the resolution's first step.
    let listed = laager::rules::micro_colonial::Request::Evade(input).origin_steps();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].text, resolution.steps[0].text);
    assert!(
        listed[0]
            .text
            .starts_with("from the records: evader open order"),
        "{}",
        listed[0].text
    );
    let (input, _) = evade("1/24 B");
    assert!(input.origins.at("/evader").is_none());
    assert!(
        input.origins.undecided[0].contains("the referee's call"),
        "{:?}",
        input.origins.undecided
    );
}

// IN BUILDINGS 5: "Each of the 'Z' markers has a fighting factor of 1/100th. of the main
// unit's present fighting factor": the records give uNodwengu 1's 950, 950 / 100 = 9 (the
// rounding setting drops), and after it loses 60 FF, 890 / 100 = 8.
#[test]
fn a_z_markers_ff_comes_from_its_units_record() {
    let fixture = fixture();
    let (code, value) = json_of(&[
        "mc",
        "rd",
        "z-marker",
        "--layout",
        &fixture,
        "--unit",
        "zulu=uNodwengu 1",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{value}");
    assert_eq!(value["outcome"]["z_marker_ff"], json!(9));
    let charts = Charts::shipped().expect("shipped tables");
    let table = layout(&charts);
    let game = game_with(&table, &charts, &[("uNodwengu 1", 60, Cause::Volley)]);
    let base = laager::rules::micro_colonial::rorkes_drift::ZMarkerInput {
        zulu_present_ff: 0,
        origins: Origins::default(),
    };
    let input = situation::z_marker(
        &table,
        game.state(),
        &roles(&[("zulu", "uNodwengu 1")]),
        base,
    )
    .expect("builds");
    assert_eq!(input.zulu_present_ff, 890);
    let resolution = laager::rules::micro_colonial::rorkes_drift::ZMarker::resolve(
        &charts,
        &input,
        &mut no_dice(),
    )
    .expect("resolves");
    assert_eq!(resolution.outcome.z_marker_ff, 8);
}
