//! The dice procedures of issue 3: hand-checked values from each document, exact odds,
//! the seeded generator and the typed-dice errors. Process-level tests are in `dice/cli.rs`.

mod cli;
mod props;

use laager::dice::dba::{self, GatlingThrow};
use laager::dice::micro_colonial::{self as mc, Initiative, Pursuit, Room, SameColour};
use laager::dice::soldiers_of_the_queen::{self as sotq, PnStar};
use laager::dice::victoria_cross as vc;
use laager::dice::{
    DiceError, DiceProcedure, DiceSource, Dist, EnteredDice, RollError, RollOutcome, SeededDice,
};
use laager::resolution::{Colour, RollSource};
use laager::rules::AnyResolution;
use laager::rules::Outcome;
use serde_json::json;

const EXACT: f64 = 1e-12;

fn typed(text: &str) -> EnteredDice {
    EnteredDice::parse(text).expect("valid typed faces")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < EXACT
}

/// One of every procedure, with the largest bucket the issue names.
fn every_procedure() -> Vec<DiceProcedure> {
    vec![
        DiceProcedure::McRandomFactor {
            black: 1,
            red: 1,
            same: SameColour::Sum,
        },
        DiceProcedure::McRandomFactor {
            black: 2,
            red: 1,
            same: SameColour::Highest,
        },
        DiceProcedure::McRandomFactor {
            black: 1,
            red: 2,
            same: SameColour::Sum,
        },
        DiceProcedure::McRoutLoss,
        DiceProcedure::McRally { min: 4 },
        DiceProcedure::McInitiative,
        DiceProcedure::McPursuit,
        DiceProcedure::McBreakIn {
            room: Room::Occupied,
        },
        DiceProcedure::McBreakIn { room: Room::Empty },
        DiceProcedure::DbaOpposed { a: 5, b: -2 },
        DiceProcedure::DbaCommand,
        DiceProcedure::DbaGatling {
            throw: GatlingThrow::Combat,
        },
        DiceProcedure::DbaGatling {
            throw: GatlingThrow::Repair,
        },
        DiceProcedure::VcBucket {
            count: 300,
            hit: 4,
            volley: false,
        },
        DiceProcedure::VcBucket {
            count: 100,
            hit: 6,
            volley: true,
        },
        DiceProcedure::VcAmmo {
            ones: 7,
            distance: 2,
        },
        DiceProcedure::VcHospitalFire { track: 3 },
        DiceProcedure::SotqD6,
        DiceProcedure::SotqLeaderDeath,
        DiceProcedure::SotqPreMelee,
        DiceProcedure::SotqPnStar,
    ]
}

// ---- the typed outcomes ----------------------------------------------------------------

// Every dice procedure's resolution reads back with its typed outcome, under its own
// ruleset, and writes the same JSON again; `result` is always there.
#[test]
fn every_procedure_resolution_reads_back_typed() {
    for procedure in every_procedure() {
        let r = procedure
            .resolve(&mut SeededDice::new(7), "hash")
            .expect("resolved")
            .map_outcome(Outcome::Roll);
        let value = serde_json::to_value(&r).expect("serialises");
        assert!(
            value["outcome"].get("result").is_some(),
            "{}",
            procedure.name()
        );
        let back: AnyResolution = serde_json::from_value(value.clone()).expect("reads back");
        assert_eq!(back.ruleset, procedure.ruleset());
        assert!(
            matches!(back.outcome, Outcome::Roll(_)),
            "{}: {:?}",
            procedure.name(),
            back.outcome
        );
        assert_eq!(serde_json::to_value(&back).expect("json"), value);
    }
}

// A dice procedure's name under another ruleset is not read as that procedure's outcome.
#[test]
fn a_dice_procedure_is_read_only_under_its_own_ruleset() {
    let json = |ruleset: &str| {
        json!({
            "ruleset": ruleset, "procedure": "vc-ammo", "steps": [], "rolls": [],
            "outcome": {"result": 1, "depleted": 1}, "warnings": [], "tables_hash": "x"
        })
    };
    let vc: AnyResolution = serde_json::from_value(json("victoria-cross")).expect("reads");
    assert!(matches!(
        vc.outcome,
        Outcome::Roll(RollOutcome::VcAmmo(o)) if o.depleted == 1
    ));
    let other: AnyResolution = serde_json::from_value(json("dba-zulu")).expect("reads");
    assert!(matches!(other.outcome, Outcome::Unrecognised(_)));
}

// The Gatling's outcome names its throw: `jammed` for the combat die, `repaired` for a
// repair, never both.
#[test]
fn the_gatling_outcome_names_only_its_own_throw() {
    let keys = |throw| {
        let r = DiceProcedure::DbaGatling { throw }
            .resolve(&mut typed("6"), "hash")
            .expect("resolved");
        let value = serde_json::to_value(&r.outcome).expect("json");
        let mut keys: Vec<String> = value.as_object().expect("object").keys().cloned().collect();
        keys.sort();
        keys
    };
    assert_eq!(keys(GatlingThrow::Combat), ["jammed", "result"]);
    assert_eq!(keys(GatlingThrow::Repair), ["repaired", "result"]);
}

// ---- exact distributions -------------------------------------------------------------

#[test]
fn every_procedure_distribution_sums_to_one() {
    for procedure in every_procedure() {
        let odds = procedure.odds().expect("odds");
        assert!(
            close(odds.total(), 1.0),
            "{}: total {}",
            procedure.name(),
            odds.total()
        );
    }
}

// "throw one red dice, counting the score minus, and one black dice, counting the score
// plus. Take the lower dice score from the higher." (RANDOM FACTOR): 6 of 36 pairs tie.
#[test]
fn one_black_one_red_gives_zero_six_times_in_36() {
    let d = mc::random_factor_dist(1, 1, SameColour::Sum);
    assert!(close(d.p(0), 6.0 / 36.0));
}

// Only black 6, red 1 gives +5.
#[test]
fn one_black_one_red_gives_plus_five_once_in_36() {
    let d = mc::random_factor_dist(1, 1, SameColour::Sum);
    assert!(close(d.p(5), 1.0 / 36.0));
    assert!(close(d.p(-5), 1.0 / 36.0));
    assert_eq!(d.iter().count(), 11);
}

// "two black dice are thrown as well as the red dice": summed, +11 needs 6, 6 and red 1.
#[test]
fn two_black_one_red_summed_gives_plus_eleven_once_in_216() {
    let d = mc::random_factor_dist(2, 1, SameColour::Sum);
    assert!(close(d.p(11), 1.0 / 216.0));
}

// Highest: the best black die 6 (11 of 36 pairs) and red 1: +5 is 11/216.
#[test]
fn two_black_one_red_highest_gives_plus_five_eleven_times_in_216() {
    let d = mc::random_factor_dist(2, 1, SameColour::Highest);
    assert!(close(d.p(5), 11.0 / 216.0));
    assert!(close(d.p(-5), 1.0 / 216.0));
}

// "two red dice are thrown and only one black dice. When mounted troops fire.": −11..+4.
#[test]
fn one_black_two_red_summed_runs_from_minus_eleven_to_plus_four() {
    let d = mc::random_factor_dist(1, 2, SameColour::Sum);
    let values: Vec<i64> = d.iter().map(|(v, _)| v).collect();
    assert_eq!(values.first(), Some(&-11));
    assert_eq!(values.last(), Some(&4));
    assert!(close(d.p(4), 1.0 / 216.0));
}

#[test]
fn a_300_die_bucket_is_exact_against_convolution() {
    // Convolving 300 Bernoulli(1/2) dice one at a time is the slow exact reference.
    let one = Dist::d6().map(|f| i64::from(f >= 4));
    let reference = one.repeat_sum(300);
    let fast = vc::bucket_dist(300, 4);
    assert!(close(fast.total(), 1.0), "total {}", fast.total());
    for k in 0..=300 {
        assert!(
            close(fast.p(k), reference.p(k)),
            "k={k}: {} vs {}",
            fast.p(k),
            reference.p(k)
        );
    }
}

#[test]
fn a_300_die_bucket_of_sixes_has_mean_fifty() {
    let d = vc::bucket_dist(300, 6);
    let mean: f64 = d.iter().map(|(k, p)| k as f64 * p).sum();
    assert!((mean - 50.0).abs() < 1e-9, "mean {mean}");
    // All 300 sixes: (1/6)^300, far below 1e-200 but not lost.
    assert!(d.p(300) > 0.0);
    assert!((d.p(300).ln() - 300.0 * (1.0_f64 / 6.0).ln()).abs() < 1e-9);
}

// ---- the seeded generator --------------------------------------------------------------

#[test]
fn seeded_faces_pass_a_chi_square_test_over_100000_throws() {
    let mut dice = SeededDice::new(20_260_101);
    let roll = dice.throw(&vec![None; 100_000]).expect("seeded");
    let mut counts = [0_u32; 6];
    for face in &roll.faces {
        counts[usize::from(face.face) - 1] += 1;
    }
    let expected = 100_000.0 / 6.0;
    let chi: f64 = counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    // 5 degrees of freedom: 20.52 is the 0.1% critical value.
    assert!(chi < 20.52, "chi-square {chi}, counts {counts:?}");
}

#[test]
fn the_same_seed_replays_the_same_faces_and_records_the_seed() {
    let a = SeededDice::new(42).throw(&[None; 10]).expect("seeded");
    let b = SeededDice::new(42).throw(&[None; 10]).expect("seeded");
    assert_eq!(a, b);
    assert_eq!(a.seed, Some(42));
    assert_eq!(a.source, RollSource::Seeded);
}

// ---- typed dice errors -------------------------------------------------------------------

#[test]
fn a_face_outside_one_to_six_is_named() {
    let e = EnteredDice::parse("3,7").expect_err("7 is no face");
    assert!(matches!(&e, DiceError::BadFace { face, .. } if face == "7"));
    assert!(e.to_string().contains("'7'"), "{e}");
}

#[test]
fn a_coloured_face_outside_one_to_six_is_named() {
    let e = EnteredDice::parse("B0,R2").expect_err("0 is no face");
    assert!(e.to_string().contains("'B0'"), "{e}");
}

#[test]
fn too_few_typed_faces_is_a_wrong_count_and_consumes_nothing() {
    let mut dice = typed("4");
    let e = dba::opposed(&mut dice, 1, 1).expect_err("one face for two dice");
    assert_eq!(
        e,
        DiceError::WrongCount {
            wanted: 2,
            given: 1,
            what: "2 dice".to_owned()
        }
    );
    assert_eq!(dice.unused(), 1);
    assert_eq!(
        dba::command(&mut dice)
            .expect("the face is still there")
            .result,
        4
    );
}

#[test]
fn a_random_factor_face_without_its_colour_is_named() {
    let e = mc::random_factor(&mut typed("4,R2"), 1, 1, SameColour::Sum).expect_err("no colour");
    assert_eq!(
        e,
        DiceError::MissingColour {
            face: "4".to_owned()
        }
    );
}

#[test]
fn two_black_typed_for_one_black_one_red_is_a_colour_error() {
    let e = mc::random_factor(&mut typed("B4,B2"), 1, 1, SameColour::Sum).expect_err("colours");
    assert!(matches!(e, DiceError::WrongColours { .. }), "{e}");
    assert!(e.to_string().contains("1 black and 1 red"), "{e}");
}

#[test]
fn a_coloured_face_for_a_plain_die_is_named() {
    let e = mc::rally(&mut typed("B4"), 3).expect_err("plain die");
    assert!(e.to_string().contains("'B4'"), "{e}");
}

#[test]
fn leftover_typed_faces_are_an_error() {
    let e = DiceProcedure::McRoutLoss
        .resolve(&mut typed("3,4"), "hash")
        .expect_err("one face too many");
    assert!(
        matches!(
            e,
            RollError::Leftover {
                typed: 2,
                thrown: 1,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("1 left over"), "{e}");
}

// Too many faces for a random factor is a leftover, not a colour error.
#[test]
fn an_extra_random_factor_face_is_a_leftover() {
    let e = DiceProcedure::McRandomFactor {
        black: 1,
        red: 1,
        same: SameColour::Sum,
    }
    .resolve(&mut typed("B4,B3,R2"), "hash")
    .expect_err("one face too many");
    assert!(
        e.to_string().contains("(1 black and 1 red): 1 left over"),
        "{e}"
    );
}

#[test]
fn typed_faces_in_any_colour_order_come_back_black_first() {
    let rf = mc::random_factor(&mut typed("R3,B2,B5"), 2, 1, SameColour::Sum).expect("typed");
    let colours: Vec<_> = rf.roll.faces.iter().map(|f| f.colour).collect();
    assert_eq!(
        colours,
        [Some(Colour::Black), Some(Colour::Black), Some(Colour::Red)]
    );
    assert_eq!(rf.result, 4);
}

// ---- Micro Colonial (001_f725543377c8fee5.txt) ----------------------------------------

// "A breaking unit will lose one dice x 10 fighting factors per move of rout."
#[test]
fn mc_rout_loss_of_a_four_is_forty_fighting_factors() {
    assert_eq!(mc::rout_loss(&mut typed("4")).expect("typed").result, 40);
    assert!(close(mc::rout_loss_dist().p(60), 1.0 / 6.0));
}

// "The figure in the table gives the minimum dice score required to rally."
#[test]
fn mc_rally_succeeds_on_the_minimum_and_fails_below_it() {
    assert!(mc::rally(&mut typed("4"), 4).expect("typed").result);
    assert!(!mc::rally(&mut typed("3"), 4).expect("typed").result);
    assert!(close(mc::rally_odds(4).probability(&json!(true)), 0.5));
}

// "I or 2 - the unit must carry on with its initial orders ...; 3 to 6 - the officer may
// change the orders as required."
#[test]
fn mc_initiative_carries_on_on_two_and_may_change_on_three() {
    assert_eq!(
        mc::initiative(&mut typed("2")).expect("typed").result,
        Initiative::CarryOn
    );
    assert_eq!(
        mc::initiative(&mut typed("3")).expect("typed").result,
        Initiative::MayChange
    );
    assert!(close(
        mc::initiative_odds().probability(&json!("carry-on")),
        2.0 / 6.0
    ));
}

// "1-2-3-4 - they must continue the pursuit; 5 or 6 - they may break off."
#[test]
fn mc_pursuit_continues_on_four_and_may_break_off_on_five() {
    assert_eq!(
        mc::pursuit(&mut typed("4")).expect("typed").result,
        Pursuit::Continue
    );
    assert_eq!(
        mc::pursuit(&mut typed("5")).expect("typed").result,
        Pursuit::MayBreakOff
    );
    assert!(close(
        mc::pursuit_odds().probability(&json!("may-break-off")),
        2.0 / 6.0
    ));
}

// "get a result better than plus 2 for an occupied room or better than zero for an
// unoccupied room": +2 is not better than +2.
#[test]
fn mc_break_in_needs_better_than_plus_two_into_an_occupied_room() {
    assert!(
        !mc::break_in(&mut typed("B4,R2"), Room::Occupied)
            .expect("typed")
            .result
    );
    assert!(
        mc::break_in(&mut typed("B5,R2"), Room::Occupied)
            .expect("typed")
            .result
    );
    assert!(close(
        mc::break_in_odds(Room::Occupied).probability(&json!(true)),
        6.0 / 36.0
    ));
}

#[test]
fn mc_break_in_needs_better_than_zero_into_an_empty_room() {
    assert!(
        !mc::break_in(&mut typed("B2,R2"), Room::Empty)
            .expect("typed")
            .result
    );
    assert!(
        mc::break_in(&mut typed("R2,B3"), Room::Empty)
            .expect("typed")
            .result
    );
    assert!(close(
        mc::break_in_odds(Room::Empty).probability(&json!(true)),
        15.0 / 36.0
    ));
}

#[test]
fn mc_random_factor_steps_cite_the_section_and_name_the_setting() {
    let r = DiceProcedure::McRandomFactor {
        black: 2,
        red: 1,
        same: SameColour::Highest,
    }
    .resolve(&mut typed("B3,B5,R2"), "hash")
    .expect("resolved");
    let RollOutcome::McRandomFactor(outcome) = r.outcome else {
        panic!("a random factor: {:?}", r.outcome);
    };
    assert_eq!(outcome.result, 3);
    assert_eq!(outcome.same_colour_dice, SameColour::Highest);
    assert!(r.steps.iter().all(
        |s| s.rule.section == "RANDOM FACTOR" && s.rule.document == "001_f725543377c8fee5.txt"
    ));
    assert!(
        r.steps
            .iter()
            .any(|s| s.text.contains("same_colour_dice = highest"))
    );
    assert_eq!(r.warnings.len(), 1);
}

// ---- DBA-style Zulu (003_d01d2219af99fefb.txt) -----------------------------------------

// "Each side engaging in combat rolls a single six sided die, adding its combat factor":
// British regulars +5 rolling 3 (8) against Zulus +4 rolling 6 (10).
#[test]
fn dba_opposed_is_a_total_less_b_total() {
    let t = dba::opposed(&mut typed("3,6"), 5, 4).expect("typed");
    assert_eq!((t.result.a_total, t.result.b_total), (8, 10));
    assert_eq!(t.result.difference(), -2);
    let d = dba::opposed_dist(5, 4);
    assert!(close(d.p(1), 6.0 / 36.0));
    assert!(close(d.p(6), 1.0 / 36.0));
}

// "a single six sided die is rolled, its score determining how many command points"
#[test]
fn dba_command_points_are_the_die() {
    assert_eq!(dba::command(&mut typed("5")).expect("typed").result, 5);
}

// "Gatling guns jam whenever they roll an unmodified 1 in combat"
#[test]
fn dba_gatling_jams_on_a_one_only() {
    assert!(
        dba::gatling(&mut typed("1"), GatlingThrow::Combat)
            .expect("typed")
            .result
    );
    assert!(
        !dba::gatling(&mut typed("2"), GatlingThrow::Combat)
            .expect("typed")
            .result
    );
}

// "A Gatling gun can be repaired on a roll of 6"
#[test]
fn dba_gatling_is_repaired_on_a_six_only() {
    assert!(
        dba::gatling(&mut typed("6"), GatlingThrow::Repair)
            .expect("typed")
            .result
    );
    assert!(
        !dba::gatling(&mut typed("5"), GatlingThrow::Repair)
            .expect("typed")
            .result
    );
    assert!(close(
        dba::gatling_odds(GatlingThrow::Repair).probability(&json!(true)),
        1.0 / 6.0
    ));
}

// ---- Victoria Cross II (004_27b65d6ddbe44340.txt) --------------------------------------

// The play example: "The British player rolls his 5 dice and the results are 1, 1, 3, 5,
// 6. The results yield two possible ammunition depletions and 2 hits" at 2 zones (4+).
#[test]
fn vc_bucket_of_the_play_example_gives_two_hits_and_two_ones() {
    let t = vc::bucket(&mut typed("1,1,3,5,6"), 5, 4, false).expect("typed");
    assert_eq!(t.result, vc::Bucket { hits: 2, ones: 2 });
}

// "He would roll 15 dice, the 4 SP plus Chard equal 5 dice x 3"
#[test]
fn vc_volley_fire_of_five_sp_throws_fifteen_dice() {
    let p = DiceProcedure::VcBucket {
        count: 5,
        hit: 3,
        volley: true,
    };
    assert_eq!(p.dice(), 15);
    let r = p
        .resolve(&mut SeededDice::new(1), "hash")
        .expect("resolved");
    assert_eq!(r.rolls[0].faces.len(), 15);
    assert_eq!(r.steps[0].rule.section, "VOLLEY FIRE");
}

// Zulu fire "scores a hit on the British for every 6 rolled": 4 dice, P(no hit) = (5/6)^4.
#[test]
fn vc_zulu_random_fire_counts_sixes() {
    let t = vc::bucket(&mut typed("5,6,6,1"), 4, 6, false).expect("typed");
    assert_eq!(t.result.hits, 2);
    assert!(close(vc::bucket_dist(4, 6).p(0), (5.0_f64 / 6.0).powi(4)));
}

// The play example: zone 16 to zone 15 is 1; "he must roll two dice ... and on a result
// of 1 again ... he must mark a unit as Ammo Depleted. The British player ... rolls two
// 1's. This means he picks two of the firing units".
#[test]
fn vc_ammo_of_the_play_example_depletes_two_units() {
    assert_eq!(vc::ammo(&mut typed("1,1"), 2, 1).expect("typed").result, 2);
    assert_eq!(vc::ammo(&mut typed("1,2"), 2, 1).expect("typed").result, 1);
    assert!(close(vc::ammo_dist(2, 1).p(2), 1.0 / 36.0));
}

// "Units in zone 15 still count 1 zone."
#[test]
fn vc_ammo_in_zone_fifteen_counts_one_zone() {
    assert_eq!(vc::ammo(&mut typed("1,2"), 2, 0).expect("typed").result, 1);
    assert!(close(vc::ammo_dist(1, 0).p(1), 1.0 / 6.0));
}

// "On a roll of 1 the marker does not move at all. ... on a roll of 6 it jumps three
// spots." "The hospital is considered burned down when it reaches the 5 box"
#[test]
fn vc_hospital_fire_moves_by_the_face_and_burns_down_at_five() {
    let t = vc::hospital_fire(&mut typed("1"), 0).expect("typed");
    assert_eq!((t.result.track, t.result.burned_down), (0, false));
    let t = vc::hospital_fire(&mut typed("3"), 0).expect("typed");
    assert_eq!(t.result.track, 1);
    let t = vc::hospital_fire(&mut typed("6"), 3).expect("typed");
    assert_eq!((t.result.track, t.result.burned_down), (5, true));
    // From box 3 a 5 or a 6 burns it down.
    let d = vc::hospital_fire_dist(3).expect("on the track");
    assert!(close(d.p(5), 2.0 / 6.0));
    assert!(close(d.p(4), 3.0 / 6.0));
}

#[test]
fn vc_hospital_fire_at_box_five_is_refused() {
    let e = vc::hospital_fire(&mut typed("4"), 5).expect_err("burned down");
    assert!(matches!(e, RollError::Refused(_)), "{e}");
}

// ---- Soldiers of the Queen (000_8bf2dbfc0ad079d9.txt) ----------------------------------

// "A leader is eliminated on a roll of 2 or 12."
#[test]
fn sotq_leader_dies_on_two_or_twelve_only() {
    assert!(sotq::leader_death(&mut typed("1,1")).expect("typed").result);
    assert!(sotq::leader_death(&mut typed("6,6")).expect("typed").result);
    assert!(!sotq::leader_death(&mut typed("5,6")).expect("typed").result);
    assert!(close(
        sotq::leader_death_odds().probability(&json!(true)),
        2.0 / 36.0
    ));
}

// "rolls the die for each unit with C or D morale, subtracting 2 from the die roll"
#[test]
fn sotq_pre_melee_subtracts_two() {
    assert_eq!(sotq::pre_melee(&mut typed("1")).expect("typed").result, -1);
    assert!(close(sotq::pre_melee_dist().p(4), 1.0 / 6.0));
}

// "If the result is 1-5, treat the result as Pinned. If a 6 is rolled, eliminate one
// defending unit."
#[test]
fn sotq_pn_star_pins_on_five_and_eliminates_on_six() {
    assert_eq!(
        sotq::pn_star(&mut typed("5")).expect("typed").result,
        PnStar::Pinned
    );
    assert_eq!(
        sotq::pn_star(&mut typed("6")).expect("typed").result,
        PnStar::Eliminate
    );
}

// "rolls one die. He then checks the result for that column and die roll"
#[test]
fn sotq_d6_is_the_face() {
    assert_eq!(sotq::d6(&mut typed("3")).expect("typed").result, 3);
}
