//! Melee Combat (PART 12), worked by hand. Resolving cases use the test-only club folder.
//!
//! Test melee table (columns 1-3, 1-2, 1-1, 2-1, 3-1, 4-1, 5-1, 6-1):
//!   die 1: WD WD M M PN PN RT 1;  2: WD M M PN PN RT 1 1;  3: M M PN PN RT 1 1 1
//!   die 4: M PN PN RT 1 1 1 1;  5: PN PN RT 1 1 1 1 1;  6: — RT 1 1 1 1 1 1
//! Test morale (rows ≤1, 2, 3, 4, 5, 6): A all —; B PN then —; C WD PN PN — — —; D RT WD WD PN PN —.

use super::{club, dice, shipped};
use crate::support::{OutcomeKeys, assert_refused};
use laager::charts::Charts;
use laager::resolution::{Refusal, RefusalKind, Resolution};
use laager::rules::Procedure as _;
use laager::rules::soldiers_of_the_queen::{
    Arm, Attacker, Defender, Game, Melee, MeleeInput, MeleeOdds, MeleeOutcome, Morale, Nationality,
    Ridge, StackUnit,
};
use serde_json::json;

fn attacker(name: &str, strength: u32, nationality: Nationality, group: &str) -> Attacker {
    Attacker {
        name: name.to_owned(),
        strength,
        nationality,
        arm: Arm::Foot,
        mounted: false,
        charging: false,
        lancers: false,
        in_command_radius: false,
        group: Some(group.to_owned()),
        pinned: false,
        routed: false,
    }
}

fn zulu(strength: u32) -> Attacker {
    attacker("uMbonambi", strength, Nationality::Zulu, "uMbonambi")
}

fn dervish(strength: u32) -> Attacker {
    attacker("Taiasha", strength, Nationality::Dervish, "Taiasha")
}

fn defender(name: &str, strength: u32, morale: Morale) -> Defender {
    Defender {
        unit: StackUnit {
            name: name.to_owned(),
            morale: Some(morale),
            gun: false,
            zariba: false,
        },
        strength,
        arm: Arm::Foot,
        mounted: false,
    }
}

fn melee(game: Game, attackers: Vec<Attacker>, defenders: Vec<Defender>) -> MeleeInput {
    MeleeInput {
        game,
        attackers,
        defenders,
        leaders: Vec::new(),
        surrounded: false,
        ridge: None,
        big_donga: false,
        thorn_hedge: false,
        trench: false,
        rough: false,
        prohibited_hexside: false,
        khalifa_killed: false,
        mounted_retreat: false,
        origins: laager::rules::situation::Origins::default(),
    }
}

fn resolve(charts: &Charts, m: &MeleeInput, faces: &[u8]) -> Resolution<MeleeOutcome> {
    let mut d = dice(faces);
    let res = Melee::resolve(charts, m, &mut d).expect("resolves");
    assert_eq!(
        laager::dice::DiceSource::unused(&d),
        0,
        "every typed die is read"
    );
    res
}

fn refusal(charts: &Charts, m: &MeleeInput) -> Refusal {
    Melee::resolve(charts, m, &mut dice(&[1, 1, 1, 1])).expect_err("refuses")
}

#[test]
fn the_rulebook_odds_round_in_favour_of_the_defender() {
    // PART 12 B: "Thus a 24-3 comparison rounds down to 8-1, while 14-4 would be a 3-1."
    assert_eq!(MeleeOdds::of(24, 3).to_string(), "8-1");
    assert_eq!(MeleeOdds::of(14, 4).to_string(), "3-1");
    assert_eq!(MeleeOdds::of(7, 3).to_string(), "2-1");
    assert_eq!(MeleeOdds::of(5, 5).to_string(), "1-1");
    // Below even the remainder still goes to the defender: 3-4 is 1-2, 2-5 is 1-3.
    assert_eq!(MeleeOdds::of(3, 4).to_string(), "1-2");
    assert_eq!(MeleeOdds::of(2, 5).to_string(), "1-3");
}

#[test]
fn shipped_tables_refuse_naming_the_melee_column_the_document_lacks() {
    // "Each game has its own Melee Combat Results Table", and neither is in the document:
    // not even its odds headings, so there is no cell to type, only the table to supply.
    let m = melee(
        Game::Omdurman,
        vec![dervish(6)],
        vec![defender("Warwck", 2, Morale::A)],
    );
    let r = refusal(&shipped(), &m);
    assert_refused(&r, RefusalKind::NeedsCells, "PART 12 B");
    assert!(r.needs_cells.is_empty(), "{:?}", r.needs_cells);
    // No cell names the missing heading: the chart to supply whole does.
    assert_eq!(
        r.needs_charts,
        ["melee_combat_results_omdurman"],
        "{}",
        r.reason
    );
}

#[test]
fn club_charts_resolve_melee_end_to_end_with_advance_after_combat() {
    // 6 to 2 is 3-1; die 3 under 3-1: RT; the hex is vacant, so the attacker may advance.
    let m = melee(
        Game::Omdurman,
        vec![dervish(6)],
        vec![defender("Warwck", 2, Morale::A)],
    );
    let res = resolve(&club(), &m, &[3]);
    assert_eq!(res.out("odds"), "3-1");
    assert_eq!(res.out("result"), "RT");
    assert_eq!(res.out("units")[0]["fate"], "routed");
    assert_eq!(res.out("hex_vacant"), true);
    assert_eq!(res.out("may_advance"), json!(["Taiasha"]));
    assert_eq!(res.out("advance_limit"), 2);
}

#[test]
fn british_cannot_attack_at_isandhlwana() {
    let m = melee(
        Game::Isandhlwana,
        vec![attacker("A/1/24", 4, Nationality::Regular, "1/24")],
        vec![defender("uVe", 2, Morale::A)],
    );
    // PART 12 C: "British units cannot attack in melee" (Isandhlwana).
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 C");
}

#[test]
fn units_of_different_impis_cannot_attack_together() {
    let m = melee(
        Game::Isandhlwana,
        vec![zulu(4), attacker("uVe", 2, Nationality::Zulu, "uVe")],
        vec![defender("A/1/24", 2, Morale::A)],
    );
    // PART 12 C: "Units from different impis cannot participate in the same attack".
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 C");
}

#[test]
fn the_ukhulutshane_impi_joins_any_attack() {
    // "EXCEPTION: the uKhulutshane impi can freely combine its Melee Strength": 6 to 2 is
    // 3-1; die 6: 1.
    let m = melee(
        Game::Isandhlwana,
        vec![
            zulu(4),
            attacker("uKhitshn", 2, Nationality::Zulu, "uKhulutshane"),
        ],
        vec![defender("A/1/24", 2, Morale::A)],
    );
    assert_eq!(
        resolve(&club(), &m, &[6]).out("eliminated"),
        json!(["A/1/24"])
    );
}

#[test]
fn omdurman_nationality_rules_bar_mixed_attacks() {
    let m = melee(
        Game::Omdurman,
        vec![
            attacker("Warwck", 2, Nationality::Regular, "I Brigade"),
            attacker("IX Sud", 2, Nationality::Colonial, "I Egypt"),
        ],
        vec![defender("Taiasha", 2, Morale::A)],
    );
    // PART 12 C: "Regular and colonial units cannot participate in the same melee attack".
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 C");
    let m = melee(
        Game::Omdurman,
        vec![
            dervish(2),
            attacker("Jehadin", 2, Nationality::Dervish, "Jehadin"),
        ],
        vec![defender("Warwck", 2, Morale::A)],
    );
    // PART 12 C: "Dervish units from different tribes cannot participate in the same melee
    // attack".
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 C");
}

#[test]
fn pinned_units_cannot_attack() {
    let mut a = dervish(4);
    a.pinned = true;
    let m = melee(
        Game::Omdurman,
        vec![a],
        vec![defender("Warwck", 2, Morale::A)],
    );
    // PART 12 A: "Pinned and Routed units cannot attack".
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 A");
}

#[test]
fn isandhlwana_eighteen_to_one_against_a_surrounded_stack_eliminates_it_without_a_roll() {
    // PART 12 C: "attacked at odds of 18-1 or greater, and those units are completely
    // surrounded ... that unit or units is automatically eliminated."
    let mut m = melee(
        Game::Isandhlwana,
        vec![zulu(36)],
        vec![defender("a", 1, Morale::A), defender("b", 1, Morale::A)],
    );
    m.surrounded = true;
    let res = resolve(&club(), &m, &[]);
    assert_eq!(res.out("automatic"), true);
    assert_eq!(res.out("eliminated"), json!(["a", "b"]));
}

#[test]
fn eighteen_to_one_not_surrounded_uses_the_highest_column() {
    // "Attacks at odds higher than the highest column on the table use the highest column":
    // 18-1 reads 6-1; die 1: 1.
    let m = melee(
        Game::Isandhlwana,
        vec![zulu(36)],
        vec![defender("a", 2, Morale::A)],
    );
    let res = resolve(&club(), &m, &[1]);
    assert_eq!(res.out("odds"), "18-1");
    assert_eq!(res.out("column"), "6-1");
    assert_eq!(res.out("automatic"), false);
}

#[test]
fn omdurman_seven_to_one_eliminates_the_top_unit_without_a_roll() {
    // "If the attack odds are 7-1 or greater ... the defender loses one unit automatically.
    // If there is more than one defending unit in a hex, the top unit is eliminated."
    let m = melee(
        Game::Omdurman,
        vec![dervish(14)],
        vec![
            defender("top", 1, Morale::A),
            defender("under", 1, Morale::A),
        ],
    );
    let res = resolve(&club(), &m, &[]);
    assert_eq!(res.out("eliminated"), json!(["top"]));
    assert_eq!(res.out("units")[1]["fate"], "unaffected");
}

#[test]
fn omdurman_ten_to_one_against_surrounded_units_eliminates_them_all() {
    let mut m = melee(
        Game::Omdurman,
        vec![dervish(20)],
        vec![
            defender("top", 1, Morale::A),
            defender("under", 1, Morale::A),
        ],
    );
    m.surrounded = true;
    assert_eq!(
        resolve(&club(), &m, &[]).out("eliminated"),
        json!(["top", "under"])
    );
}

#[test]
fn c_and_d_defenders_check_morale_at_die_minus_two_before_the_attack() {
    // PART 12 E: the C unit rolls 1 - 2 = -1: WD, and leaves; the A unit never checks.
    // 3 to 2 is 1-1; die 6 under 1-1: 1, the A unit.
    let m = melee(
        Game::Omdurman,
        vec![dervish(3)],
        vec![
            defender("C unit", 2, Morale::C),
            defender("A unit", 2, Morale::A),
        ],
    );
    let res = resolve(&club(), &m, &[1, 6]);
    assert_eq!(res.out("defence"), 2);
    assert_eq!(res.out("odds"), "1-1");
    assert_eq!(
        res.out("units"),
        json!([{"name": "C unit", "fate": "withdrawn"}, {"name": "A unit", "fate": "eliminated"}])
    );
}

#[test]
fn a_and_b_defenders_never_take_the_pre_melee_check() {
    // 4 to 2 is 2-1; the single die is the melee's: 5 under 2-1 is 1.
    let m = melee(
        Game::Omdurman,
        vec![dervish(4)],
        vec![defender("B unit", 2, Morale::B)],
    );
    let res = resolve(&club(), &m, &[5]);
    assert_eq!(res.rolls.len(), 1);
    assert_eq!(res.out("result"), "1");
}

#[test]
fn isandhlwana_ridges_shift_right_downhill_and_left_uphill() {
    // PART 12 D Ridges: 4 to 2 is 2-1; down is 3-1, up is 1-1.
    let mut m = melee(
        Game::Isandhlwana,
        vec![zulu(4)],
        vec![defender("A/1/24", 2, Morale::A)],
    );
    m.ridge = Some(Ridge::Down);
    assert_eq!(resolve(&club(), &m, &[6]).out("column"), "3-1");
    m.ridge = Some(Ridge::Up);
    assert_eq!(resolve(&club(), &m, &[6]).out("column"), "1-1");
}

#[test]
fn the_big_donga_elevated_bank_shifts_three_left() {
    // 2-1 shifted 3 left is 1-3, the table's lowest column.
    let mut m = melee(
        Game::Isandhlwana,
        vec![zulu(4)],
        vec![defender("A/1/24", 2, Morale::A)],
    );
    m.big_donga = true;
    assert_eq!(resolve(&club(), &m, &[6]).out("column"), "1-3");
}

#[test]
fn omdurman_hedge_trench_and_uphill_ridge_each_shift_one_left() {
    // 8 to 2 is 4-1; three shifts left: 1-1.
    let mut m = melee(
        Game::Omdurman,
        vec![dervish(8)],
        vec![defender("Warwck", 2, Morale::A)],
    );
    m.thorn_hedge = true;
    m.trench = true;
    m.ridge = Some(Ridge::Up);
    let res = resolve(&club(), &m, &[6]);
    assert_eq!(res.out("shift"), -3);
    assert_eq!(res.out("column"), "1-1");
}

fn cavalry(name: &str, lancers: bool, in_radius: bool) -> Attacker {
    let mut a = attacker(name, 6, Nationality::Regular, "Cavalry Brigade");
    a.arm = Arm::Cavalry;
    a.mounted = true;
    a.charging = true;
    a.lancers = lancers;
    a.in_command_radius = in_radius;
    a
}

#[test]
fn a_cavalry_charge_shifts_one_right_and_the_21st_lancers_two() {
    // PART 12 C: 6 to 2 is 3-1; a charge reads 4-1, the 21st Lancers 5-1.
    let m = melee(
        Game::Omdurman,
        vec![cavalry("Egy cav", false, true)],
        vec![defender("Baggara", 2, Morale::A)],
    );
    assert_eq!(resolve(&club(), &m, &[6]).out("column"), "4-1");
    let m = melee(
        Game::Omdurman,
        vec![cavalry("21 Lancr", true, false)],
        vec![defender("Baggara", 2, Morale::A)],
    );
    assert_eq!(resolve(&club(), &m, &[6]).out("column"), "5-1");
}

#[test]
fn charges_are_refused_where_the_text_forbids_them() {
    let target = || vec![defender("Baggara", 2, Morale::A)];
    let outside = melee(
        Game::Omdurman,
        vec![cavalry("Egy cav", false, false)],
        target(),
    );
    // PART 12 C: a unit outside the Command Radius of its leader cannot charge.
    assert_refused(
        &refusal(&club(), &outside),
        RefusalKind::NotAllowed,
        "PART 12 C",
    );
    let mut rough = melee(
        Game::Omdurman,
        vec![cavalry("Egy cav", false, true)],
        target(),
    );
    rough.rough = true;
    // PART 12 C: "Enemy units in rough terrain (Level 2 and higher) cannot be charged".
    assert_refused(
        &refusal(&club(), &rough),
        RefusalKind::NotAllowed,
        "PART 12 C",
    );
    let mut horse = target();
    horse[0].mounted = true;
    let at_horse = melee(Game::Omdurman, vec![cavalry("Egy cav", false, true)], horse);
    // PART 12 C: charges are made only against Enemy foot, dismounted cavalry, or artillery.
    assert_refused(
        &refusal(&club(), &at_horse),
        RefusalKind::NotAllowed,
        "PART 12 C",
    );
}

#[test]
fn odds_below_the_lowest_column_use_the_lowest_and_wd_withdraws_the_attackers() {
    // 1 to 9 is 1-9: the lowest column, 1-3; die 1: WD, "All attacking units must Withdraw one hex".
    let m = melee(
        Game::Omdurman,
        vec![dervish(1)],
        vec![defender("Warwck", 9, Morale::A)],
    );
    let res = resolve(&club(), &m, &[1]);
    assert_eq!(res.out("column"), "1-3");
    assert_eq!(res.out("attackers_withdraw"), true);
    assert_eq!(res.out("hex_vacant"), false);
}

#[test]
fn a_one_against_a_gun_on_top_eliminates_the_next_non_gun_unit() {
    // PART 12 F: "if ... the top unit in the stack is a 7-pounder gun unit, eliminate the next
    // non-gun unit in the stack, if any." 6 to 2 is 3-1; die 6: 1.
    let mut gun = defender("7-pdr", 1, Morale::A);
    gun.unit.gun = true;
    let m = melee(
        Game::Isandhlwana,
        vec![zulu(6)],
        vec![gun, defender("RA", 1, Morale::A)],
    );
    assert_eq!(resolve(&club(), &m, &[6]).out("eliminated"), json!(["RA"]));
}

#[test]
fn no_melee_crosses_a_crest_and_gunboats_cannot_be_attacked() {
    let mut m = melee(
        Game::Omdurman,
        vec![dervish(4)],
        vec![defender("Warwck", 2, Morale::A)],
    );
    m.prohibited_hexside = true;
    // PART 12 D: "There is no melee through crest hexsides".
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 D");
    let mut boat = defender("Melik", 1, Morale::A);
    boat.arm = Arm::Gunboat;
    let m = melee(Game::Omdurman, vec![dervish(4)], vec![boat]);
    // PART 12 C: Gunboat units "cannot attack or be attacked".
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 C");
}

#[test]
fn a_mounted_defender_may_retreat_from_foot_but_not_from_mounted_cavalry() {
    // PART 12 C: "A Friendly mounted unit that is being attacked only by Enemy infantry ...
    // can avoid melee ... by retreating one hex ... The Enemy units avoided ... cannot advance."
    let mut horse = defender("Egy cav", 2, Morale::A);
    horse.mounted = true;
    horse.arm = Arm::Cavalry;
    let mut m = melee(Game::Omdurman, vec![dervish(6)], vec![horse]);
    m.mounted_retreat = true;
    let res = resolve(&club(), &m, &[]);
    assert_eq!(res.out("hex_vacant"), true);
    assert_eq!(res.out("may_advance"), json!([]));
    let mut baggara = attacker("Baggara", 6, Nationality::Dervish, "Baggara");
    baggara.arm = Arm::Cavalry;
    baggara.mounted = true;
    m.attackers = vec![baggara];
    // PART 12 C: no retreat "if any of the attacking Enemy units are mounted cavalry units".
    assert_refused(&refusal(&club(), &m), RefusalKind::NotAllowed, "PART 12 C");
}
