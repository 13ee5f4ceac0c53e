//! MELEE CALCULATIONS (L161): "1. Divide the unit's present fighting factor by 10. 2. Obtain
//! the melee factor for the attacker and the defender from the appropriate table ... 3. Add
//! or subtract any tactical factors which apply. 4. Throw a random factor per unit engaged
//! ... RESULT Any plus result will be the number of fighting factors lost by the opposing
//! unit. Ignore any minus results."
//!
//! Worked through the library (`melee::Melee` over a `MeleeInput`); `cli_contract` keeps
//! `laager mc melee`'s flags, its exit code and the contact read from a table.

use super::{cells, charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::charts::Charts;
use laager::resolution::RefusalKind;
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::melee::{Melee, MeleeInput, MeleeOutcome, MeleeWinner, Side};
use laager::rules::situation::Origins;
use serde_json::json;

const CELL: &str = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4";

/// 400 FF of native fanatic infantry attacking 120 FF of regular infantry.
fn fight() -> MeleeInput {
    MeleeInput {
        a: Side::new(400, "native-fanatic-infantry"),
        b: Side::new(120, "regular-infantry"),
        in_contact: None,
        origins: Origins::default(),
    }
}

fn with_cell() -> Charts {
    charts_with(&[CELL])
}

fn melee(charts: &Charts, input: &MeleeInput, dice: &str) -> MeleeOutcome {
    resolve::<Melee>(charts, input, dice).outcome
}

// Table 1's keys are lost: the melee asks for exactly its one cell, named by the two types.
#[test]
fn a_melee_asks_for_exactly_its_table_cell() {
    let refusal = refuse::<Melee>(&charts_with(&[]), &fight(), "B4,R2,B3,R1");
    assert_eq!(refusal.kind, RefusalKind::NeedsCells);
    assert_eq!(
        cells(&refusal),
        vec!["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry"]
    );
}

// Given +3/-4: A = 400 / 10 + 3 + (4 - 2) = 45; B = 120 / 10 - 4 + (3 - 1) = 10. A's plus
// total is B's loss and B's is A's: A loses 10, B loses 45; A wins by 35; B is a European
// regular and 35 is more than 20 (MORALE, L163): B must test.
#[test]
fn the_melee_resolves_with_the_cell_given() {
    let resolution = resolve::<Melee>(&with_cell(), &fight(), "B4,R2,B3,R1");
    let o = &resolution.outcome;
    assert_eq!(o.a_losses, 10);
    assert_eq!(o.b_losses, 45);
    assert_eq!(o.winner, MeleeWinner::A);
    assert_eq!(o.margin, 35);
    assert!(o.loser_must_test);
    assert_eq!(resolution.out("winner"), json!("a"));
}

// Each case: the rule, what changes from the fight above, the faces, and B's then A's
// losses worked by hand.
#[test]
fn factors_and_charge_conditions_on_the_fight() {
    let cases: [(&str, MeleeInput, &str, u32, u32); 4] = [
        (
            "Table 4: uphill +10 for A, attacked in flank -15 for B; impact round for A, two \
             black dice B4,B1 and R2: A = 40 + 3 + 10 + 3 = 56; B = 12 - 4 - 15 + 2 = -5, \
             ignored",
            {
                let mut m = fight();
                m.a.impact = true;
                m.a.factors = vec!["uphill".to_owned()];
                m.b.factors = vec!["attacked-in-flank".to_owned()];
                m
            },
            "B4,B1,R2,B3,R1",
            56,
            0,
        ),
        (
            "\"When an attacking unit engages another in flank ... in the first round of the \
             melee, it will count only half of its fighting factor\" (L153): 400 / 2 = 200, \
             / 10 = 20; 20 + 3 + 2 = 25",
            {
                let mut m = fight();
                m.a.flank_attack = true;
                m
            },
            "B4,R2,B3,R1",
            25,
            10,
        ),
        (
            "\"Loser of melee last move (not fanatics or regulars)\": no -5 for the fanatic \
             attacker",
            {
                let mut m = fight();
                m.a.factors = vec!["loser-last-move".to_owned()];
                m
            },
            "B4,R2,B3,R1",
            45,
            10,
        ),
        (
            "\"For an effective charge they must fire at a range of over 50 mm\" (L131): at \
             51 mm the impact bonus stands: 40 + 3 + (4 + 1 - 2) = 46",
            {
                let mut m = fight();
                m.a.impact = true;
                m.a.fired_at_mm = Some(51.0);
                m
            },
            "B4,B1,R2,B3,R1",
            46,
            10,
        ),
    ];
    for (rule, input, dice, b_losses, a_losses) in cases {
        let o = melee(&with_cell(), &input, dice);
        assert_eq!(o.b_losses, b_losses, "{rule}");
        assert_eq!(o.a_losses, a_losses, "{rule}");
    }
}

// Against irregulars the -5 applies: with a cell of 0/0, A (irregular) = 10 + 0 - 5 + 2 = 7.
#[test]
fn loser_last_move_applies_to_irregulars() {
    let mut input = MeleeInput {
        a: Side::new(100, "irregular-infantry"),
        b: Side::new(100, "native-levy-infantry"),
        ..fight()
    };
    input.a.factors = vec!["loser-last-move".to_owned()];
    let charts =
        charts_with(&["melee_infantry_v_infantry:irregular-infantry:native-levy-infantry=0/0"]);
    let o = melee(&charts, &input, "B4,R2,B1,R1");
    assert_eq!(o.b_losses, 7);
    assert_eq!(o.a_losses, 10);
    // Lost by 3 - not more than 10: no test for the levies' side (others, L163).
    assert_eq!(o.winner, MeleeWinner::B);
    assert!(!o.loser_must_test);
}

#[test]
fn melee_odds_sum_to_one() {
    let odds = Melee::odds(&with_cell(), &fight())
        .expect("a melee throws dice")
        .expect("odds");
    assert!((odds.total() - 1.0).abs() < 1e-9);
}

// "The last 20 mm of a charge must be in a straight line otherwise the charging unit will not
// get impact bonus" (L130); "For an effective charge they must fire at a range of over 50 mm
// otherwise they will get no impact bonus in the first round of melee" (L131): 50 mm is not
// over 50. Each refused by its section before any chart is read.
#[test]
fn no_impact_round_after_a_curved_charge_or_firing_at_50_mm() {
    let mut curved = fight();
    curved.a.impact = true;
    curved.a.last_20mm_curved = true;
    let mut fired = fight();
    fired.a.impact = true;
    fired.a.fired_at_mm = Some(50.0);
    for (case, input, section) in [
        ("a curved last 20 mm", curved, "CHARGING"),
        ("fired at 50 mm", fired, "FIRING BY CHARGING TROOPS"),
    ] {
        let refusal = refuse::<Melee>(&charts_with(&[]), &input, "B4,R2,B3,R1");
        assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{case}: {refusal:?}");
        assert_eq!(refusal.rule.section, section, "{case}: {refusal:?}");
        assert!(refusal.needs_cells.is_empty(), "{case}: {refusal:?}");
    }
}

// MELEES 1 (L160): "All infantry units, with the exception of native fanatics, may only
// move to engage mounted troops if such troops are already engaged in a stationary
// melee." Regular infantry attacking regular cavalry is refused by that rule; the same
// attack on cavalry already in a stationary melee goes on to the charts (whose cells are
// lost: a needs-cells refusal, not the rule's), as does native fanatic infantry's.
#[test]
fn infantry_engage_cavalry_only_in_a_stationary_melee() {
    let attack = MeleeInput {
        a: Side::new(200, "regular-infantry"),
        b: Side::new(100, "regular-cavalry"),
        ..fight()
    };
    let charts = charts_with(&[]);
    let refusal = refuse::<Melee>(&charts, &attack, "B4,R2,B3,R5");
    assert_eq!(refusal.kind, RefusalKind::NotAllowed, "{refusal:?}");
    assert_eq!(refusal.rule.section, "MELEES");
    let mut stationary = attack.clone();
    stationary.b.in_stationary_melee = true;
    let refusal = refuse::<Melee>(&charts, &stationary, "B4,R2,B3,R5");
    assert_eq!(refusal.kind, RefusalKind::NeedsCells, "{refusal:?}");
    let mut fanatics = attack;
    fanatics.a.kind = "native-fanatic-infantry".to_owned();
    let refusal = refuse::<Melee>(&charts, &fanatics, "B4,R2,B3,R5");
    assert_eq!(refusal.kind, RefusalKind::NeedsCells, "{refusal:?}");
}

/// `laager mc melee`'s own contract: the flags as spelled, exit code 2 with the typed
/// refusal, and the contact read from a table (the command line measures it).
mod cli_contract {
    use super::super::{needs, refused, resolved, with};
    use serde_json::json;

    const FIGHT: [&str; 13] = [
        "melee",
        "--a-ff",
        "400",
        "--a-type",
        "native-fanatic-infantry",
        "--b-ff",
        "120",
        "--b-type",
        "regular-infantry",
        "--dice",
        "B4,R2,B3,R1",
        "--cell",
        super::CELL,
    ];

    // Table 4 through `--a-factor`/`--b-factor`, the impact round through `--impact a`:
    // A = 40 + 3 + 10 + 3 = 56; B = 12 - 4 - 15 + 2 = -5, ignored.
    #[test]
    fn the_melee_flags_as_spelled() {
        let mut args = FIGHT.to_vec();
        args[10] = "B4,B1,R2,B3,R1";
        args.extend([
            "--impact",
            "a",
            "--a-factor",
            "uphill",
            "--b-factor",
            "attacked-in-flank",
        ]);
        let o = resolved(&args)["outcome"].clone();
        assert_eq!(o["b_losses"], json!(56));
        assert_eq!(o["a_losses"], json!(0));
        // "--flank-attack a": 400 / 2 = 200, / 10 = 20; 20 + 3 + 2 = 25.
        let args = with(&FIGHT, &["--flank-attack", "a"]);
        assert_eq!(resolved(&args)["outcome"]["b_losses"], json!(25));
    }

    // L130 through `--a-last-20mm-curved`: exit 2, the rule's kind and section, no cells.
    #[test]
    fn a_refused_melee_exits_2_with_its_typed_refusal() {
        let args = with(&FIGHT, &["--impact", "a", "--a-last-20mm-curved"]);
        let refusal = refused(&args);
        assert!(needs(&refusal).is_empty());
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(refusal["rule"]["section"], json!("CHARGING"));
    }

    // Issue 17: "Micro Colonial melee between units on the table require the contact the
    // table shows ... or the referee's explicit 'in contact' call, which the steps record."
    // On the demo uNodwengu 1 stands far across the donga from 1/24 A: the melee read from
    // that table is refused, and resolves once the referee calls them in contact, a step
    // saying so. Kept on the binary: `--layout` measures the distance the refusal names.
    #[test]
    fn a_melee_between_units_apart_on_the_table_needs_the_referees_call() {
        let layout = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/demos/micro_colonial_isandhlwana.json"
        );
        let on_table = with(
            &FIGHT,
            &[
                "--layout",
                layout,
                "--unit",
                "a=uNodwengu 1",
                "--unit",
                "b=1/24 A",
            ],
        );
        // The counters (30 x 15 mm) span x 435-465, y 772.5-787.5 and x 285-315, y
        // 322.5-337.5: nearest corners 120 mm across and 435 mm apart, sqrt(120^2 + 435^2)
        // = 451.25 mm.
        let refusal = refused(&on_table);
        assert_eq!(refusal["kind"], json!("not_allowed"));
        assert_eq!(refusal["rule"]["section"], json!("MELEE CALCULATIONS"));
        // The measured distance is the command line's, given only in the reason.
        assert_eq!(
            refusal["reason"],
            "a melee needs the units in contact: a ('uNodwengu 1') and b ('1/24 A') do not touch on the table (451.2 mm apart); if the table is wrong, mark them in contact"
        );
        let called = resolved(&with(&on_table, &["--in-contact"]));
        let steps: Vec<&str> = called["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .filter_map(|s| s["text"].as_str())
            .collect();
        assert!(
            steps
                .iter()
                .any(|s| s.contains("in contact on given by hand; the table gives off")),
            "{steps:?}"
        );
        // The same melee as without a table: A loses 10, B 45 (as above).
        assert_eq!(called["outcome"]["a_losses"], json!(10));
        assert_eq!(called["outcome"]["b_losses"], json!(45));
    }
}
