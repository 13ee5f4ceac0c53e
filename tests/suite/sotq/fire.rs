//! Fire Combat (PART 10), worked by hand. Resolving cases use the test-only club folder
//! (invented charts); the cells they read are quoted in each test.
//!
//! Test fire table (columns 0, 1-2, 3-4, 5-6, 7-9, 10+):
//!   die 1: — — — — PN M;  2: — — — PN M 1;  3: — — PN M 1 PN*
//!   die 4: — PN M 1 PN* 2;  5: PN M 1 PN* 2 2;  6: M 1 PN* 2 2 2
//! Test range effects (1-2, 3-4, 5-6, 7-10): S 1R 0 1L X; G 0 0 1L 2L; T 0 1L X X.
//! Test morale (rows ≤1, 2, 3, 4, 5, 6): A all —; B PN then —; C WD PN PN — — —; D RT WD WD PN PN —.

use super::{club, club_dir, dice, shipped};
use crate::support::{OutcomeKeys, assert_refused};
use laager::charts::Charts;
use laager::resolution::{Refusal, RefusalKind, Resolution};
use laager::rules::Procedure as _;
use laager::rules::soldiers_of_the_queen::{
    Arm, Fire, FireInput, FireOutcome, Firer, Game, Morale, Nationality, Phase, RULESET, StackUnit,
    Target,
};
use serde_json::json;

fn firer(name: &str, strength: u32, weapon: &str, range: u32, nationality: Nationality) -> Firer {
    Firer {
        name: name.to_owned(),
        strength,
        weapon: weapon.to_owned(),
        range,
        nationality,
        arm: Arm::Foot,
        mounted: false,
        limbered: false,
        moved: false,
        changed_formation: false,
        out_of_ammo: false,
        pinned: false,
        routed: false,
        rear: false,
        zoc_elsewhere: false,
    }
}

fn unit(name: &str, morale: Morale) -> StackUnit {
    StackUnit {
        name: name.to_owned(),
        morale: Some(morale),
        gun: false,
        zariba: false,
    }
}

fn at(game: Game, firers: Vec<Firer>, units: Vec<StackUnit>) -> FireInput {
    FireInput {
        game,
        phase: Phase::Defensive,
        firers,
        target: Target {
            units,
            ..Target::default()
        },
        khalifa_killed: false,
        origins: laager::rules::situation::Origins::default(),
    }
}

fn resolve(charts: &Charts, f: &FireInput, faces: &[u8]) -> Resolution<FireOutcome> {
    let mut d = dice(faces);
    let res = Fire::resolve(charts, f, &mut d).expect("resolves");
    assert_eq!(
        laager::dice::DiceSource::unused(&d),
        0,
        "every typed die is read"
    );
    res
}

fn refusal(charts: &Charts, f: &FireInput) -> Refusal {
    Fire::resolve(charts, f, &mut dice(&[1, 1, 1, 1, 1, 1])).expect_err("refuses")
}

fn regular(strength: u32, weapon: &str, range: u32) -> Firer {
    firer("regulars", strength, weapon, range, Nationality::Regular)
}

fn zulus() -> Vec<StackUnit> {
    vec![unit("uMbonambi", Morale::A)]
}

fn cells(r: &Refusal) -> Vec<String> {
    r.needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .collect()
}

#[test]
fn shipped_tables_refuse_naming_the_range_effects_chart() {
    // The Range Effects Chart is "not part of the 16-page rules scan".
    let r = refusal(
        &shipped(),
        &at(Game::Isandhlwana, vec![regular(2, "S", 2)], zulus()),
    );
    assert_refused(&r, RefusalKind::NeedsCells, "PART 10 B");
    assert_eq!(cells(&r), ["range_effects:S:1-2"]);
}

#[test]
fn shipped_tables_refuse_naming_every_cell_of_the_fire_column_before_rolling() {
    // With the range shift typed in, strength 2 reads the 1-2 column (PART 10 D names it);
    // its six cells are not in the document.
    let mut charts = shipped();
    charts
        .apply_cell_arg(RULESET, "range_effects:S:1-2=0")
        .expect("a house cell");
    let r = refusal(
        &charts,
        &at(Game::Isandhlwana, vec![regular(2, "S", 2)], zulus()),
    );
    let want: Vec<String> = (1..=6)
        .map(|d| format!("fire_combat_results:{d}:1-2"))
        .collect();
    assert_refused(&r, RefusalKind::NeedsCells, "PART 10 B");
    assert_eq!(cells(&r), want);
}

#[test]
fn shipped_tables_refuse_a_strength_above_the_known_columns() {
    let mut charts = shipped();
    charts
        .apply_cell_arg(RULESET, "range_effects:S:1-2=0")
        .expect("a house cell");
    let r = refusal(
        &charts,
        &at(Game::Isandhlwana, vec![regular(7, "S", 2)], zulus()),
    );
    // The columns above 1-2 are not in the document: their headings are no cells to type.
    assert_refused(&r, RefusalKind::NeedsCells, "PART 10 B");
    assert!(cells(&r).is_empty(), "{:?}", cells(&r));
    // No cell names the missing heading: the chart to supply whole does.
    assert_eq!(r.needs_charts, ["fire_combat_results"], "{}", r.reason);
}

#[test]
fn club_charts_resolve_fire_end_to_end() {
    // 4T at range 3: T 1L (3-4 column); strength 4 is the 3-4 column, shifted to 1-2;
    // die 6 under 1-2 is "1": the top unit goes, the other checks (D, die 2: WD).
    let f = at(
        Game::Isandhlwana,
        vec![regular(4, "T", 3)],
        vec![unit("top", Morale::B), unit("second", Morale::D)],
    );
    let res = resolve(&club(), &f, &[6, 2]);
    assert_eq!(res.out("column"), "1-2");
    assert_eq!(res.out("result"), "1");
    assert_eq!(res.out("eliminated"), json!(["top"]));
    assert_eq!(
        res.out("units")[1],
        json!({"name": "second", "fate": "withdrawn"})
    );
    assert!(
        res.warnings
            .iter()
            .any(|w| w.contains("fire_combat_results:6:1-2"))
    );
}

#[test]
fn the_weapon_with_the_most_strength_points_decides_the_range_column() {
    // PART 10 E: "the weapon-type with the greatest number of Fire Strength points is used".
    // S2 + T3 at range 1: T decides (0 shift, not S's 1R); 5 is the 5-6 column; die 1: —.
    let f = at(
        Game::Isandhlwana,
        vec![regular(2, "S", 1), regular(3, "T", 1)],
        zulus(),
    );
    let res = resolve(&club(), &f, &[1]);
    assert_eq!(res.out("weapon"), "T");
    assert_eq!(res.out("shift"), 0);
    assert_eq!(res.out("column"), "5-6");
}

#[test]
fn a_tie_goes_to_the_weapon_with_the_greatest_maximum_range() {
    // "If there is a tie, use the weapon with the greatest maximum range": S reaches 5-6,
    // T only 3-4, so S's 1R at range 2 moves the 3-4 column to 5-6.
    let f = at(
        Game::Isandhlwana,
        vec![regular(2, "S", 2), regular(2, "T", 2)],
        zulus(),
    );
    let res = resolve(&club(), &f, &[1]);
    assert_eq!(res.out("weapon"), "S");
    assert_eq!(res.out("column"), "5-6");
}

#[test]
fn firers_in_different_range_columns_cannot_combine() {
    // "All units firing into the hex must be able to use the same column on the Range Effects Chart."
    let f = at(
        Game::Isandhlwana,
        vec![regular(2, "T", 2), regular(2, "T", 3)],
        zulus(),
    );
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 E");
}

#[test]
fn firers_at_different_ranges_in_one_column_combine() {
    let f = at(
        Game::Isandhlwana,
        vec![regular(2, "T", 3), regular(2, "T", 4)],
        zulus(),
    );
    let res = resolve(&club(), &f, &[1]);
    assert_eq!(res.out("total_strength"), 4);
    assert_eq!(res.out("column"), "1-2");
}

#[test]
fn artillery_never_combines_with_non_artillery() {
    let mut gun = regular(2, "G", 1);
    gun.arm = Arm::Artillery;
    let f = at(Game::Isandhlwana, vec![gun, regular(2, "T", 1)], zulus());
    // PART 10 E: "Artillery units can never combine their Fire Strength with that of non-artillery units".
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 E");
}

#[test]
fn maxims_combine_only_with_maxims_at_omdurman() {
    let mut maxim = regular(2, "M", 1);
    maxim.arm = Arm::Maxim;
    let mut gun = regular(2, "G", 1);
    gun.arm = Arm::Artillery;
    let f = at(
        Game::Omdurman,
        vec![maxim, gun],
        vec![unit("Baggara", Morale::B)],
    );
    // PART 10 F: "Maxim gun units can never combine fire with any different type of unit".
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 F");
}

#[test]
fn a_gunboat_never_combines_fire() {
    let mut boat = regular(2, "G", 1);
    boat.arm = Arm::Gunboat;
    let mut boat2 = boat.clone();
    boat2.name = "second gunboat".to_owned();
    let f = at(
        Game::Omdurman,
        vec![boat, boat2],
        vec![unit("Baggara", Morale::B)],
    );
    // PART 10 F: "A gunboat unit can never combine fire with any other unit, including other gunboats".
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 F");
}

#[test]
fn regulars_never_combine_with_colonials_at_isandhlwana() {
    let f = at(
        Game::Isandhlwana,
        vec![
            regular(2, "T", 1),
            firer("NMP", 2, "T", 1, Nationality::Colonial),
        ],
        zulus(),
    );
    // PART 10 F: "Regular units cannot combine fire with colonial units" (Isandhlwana).
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 F");
}

#[test]
fn nnc_half_or_more_of_the_firers_shift_one_left() {
    // "Anytime that at least one-half of the units firing ... are units of the NNC, apply a
    // 1-column shift to the left": 1 NNC of 2, strength 4 (3-4) to 1-2; die 4 under 1-2: PN.
    let f = at(
        Game::Isandhlwana,
        vec![
            firer("NNC", 2, "T", 1, Nationality::Nnc),
            firer("NNP", 2, "T", 1, Nationality::Colonial),
        ],
        vec![unit("a", Morale::A), unit("b", Morale::A)],
    );
    let res = resolve(&club(), &f, &[4]);
    assert_eq!(res.out("shift"), -1);
    assert_eq!(res.out("result"), "PN");
    assert_eq!(res.out("pinned"), true);
    assert_eq!(res.out("units")[1]["fate"], "pinned");
}

#[test]
fn nnc_under_half_of_the_firers_do_not_shift() {
    let f = at(
        Game::Isandhlwana,
        vec![
            firer("NNC", 2, "T", 1, Nationality::Nnc),
            firer("NNP", 2, "T", 1, Nationality::Colonial),
            firer("NMP", 2, "T", 1, Nationality::Colonial),
        ],
        zulus(),
    );
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), 0);
}

#[test]
fn woods_and_the_big_donga_each_shift_one_left() {
    // PART 10 F Isandhlwana Woods and Big Donga: two 1-column shifts, 3-4 to 0.
    let mut f = at(Game::Isandhlwana, vec![regular(3, "T", 1)], zulus());
    f.target.woods = true;
    f.target.big_donga = true;
    let res = resolve(&club(), &f, &[1]);
    assert_eq!(res.out("shift"), -2);
    assert_eq!(res.out("column"), "0");
}

#[test]
fn no_shift_goes_further_left_than_the_zero_column() {
    // PART 10 D: "No adjustment can be made further left than "0"": 1-2 shifted 3 left.
    let mut f = at(Game::Isandhlwana, vec![regular(1, "T", 3)], zulus());
    f.target.woods = true;
    f.target.big_donga = true;
    let res = resolve(&club(), &f, &[6, 3]);
    assert_eq!(res.out("shift"), -3);
    assert_eq!(res.out("column"), "0");
    assert_eq!(res.out("result"), "M");
}

#[test]
fn a_shift_past_the_last_column_follows_the_club_setting() {
    // S at range 1 is 1R; strength 10 is already the last (10+) column; the test club's
    // setting uses the last column. Die 4 under 10+: "2" — the top two go, the third checks
    // (Dervish C, die 3: PN).
    let f = at(
        Game::Omdurman,
        vec![regular(10, "S", 1)],
        vec![
            unit("a", Morale::A),
            unit("b", Morale::A),
            unit("c", Morale::C),
        ],
    );
    let res = resolve(&club(), &f, &[4, 3]);
    assert_eq!(res.out("column"), "10+");
    assert_eq!(res.out("eliminated"), json!(["a", "b"]));
    assert_eq!(res.out("units")[2]["fate"], "pinned");
}

#[test]
fn a_shift_past_the_last_column_asks_for_the_setting_the_text_lacks() {
    let dir = tempfile::tempdir().expect("tempdir");
    crate::support::copy_tree(&club_dir(), dir.path());
    std::fs::remove_file(dir.path().join("soldiers_of_the_queen/settings.toml")).expect("remove");
    let charts = laager::store::tables::load(Some(dir.path())).expect("loads");
    let f = at(Game::Omdurman, vec![regular(10, "S", 1)], zulus());
    assert_eq!(
        cells(&refusal(&charts, &f)),
        ["settings:fire_beyond_last_column"]
    );
}

#[test]
fn omdurman_colonials_half_or_more_of_a_combined_fire_shift_left() {
    // "This column shift also applies when colonial units are combining fire with regular
    // units, and half or more of the units are colonial."
    let f = at(
        Game::Omdurman,
        vec![
            firer("Egy", 2, "T", 1, Nationality::Colonial),
            regular(2, "T", 1),
        ],
        zulus(),
    );
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), -1);
    let f = at(
        Game::Omdurman,
        vec![
            firer("Egy", 1, "T", 1, Nationality::Colonial),
            regular(2, "T", 1),
            regular(2, "T", 1),
        ],
        zulus(),
    );
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), 0);
}

#[test]
fn dervish_foot_shift_left_but_dervish_artillery_does_not() {
    // "Colonial and Dervish units (except for artillery units) shift 1 column to the left".
    let f = at(
        Game::Omdurman,
        vec![firer("Jehadin", 4, "T", 1, Nationality::Dervish)],
        vec![unit("Warwck", Morale::A)],
    );
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), -1);
    let mut gun = firer("Dervish guns", 4, "G", 1, Nationality::Dervish);
    gun.arm = Arm::Artillery;
    let f = at(Game::Omdurman, vec![gun], vec![unit("Warwck", Morale::A)]);
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), 0);
}

#[test]
fn firing_at_mounted_cavalry_shifts_right_and_mounted_firers_shift_left() {
    // "Units firing at a mounted cavalry unit receive a 1-column shift to the right ...
    // Mounted units firing shift 1 column left."
    let mut f = at(Game::Omdurman, vec![regular(4, "T", 1)], zulus());
    f.target.mounted = true;
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), 1);
    let mut lancers = regular(4, "T", 1);
    lancers.arm = Arm::Cavalry;
    lancers.mounted = true;
    f.firers = vec![lancers];
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), 0);
}

#[test]
fn mixed_mounted_fire_asks_for_the_setting_on_shipped_tables() {
    let mut mounted = regular(2, "S", 1);
    mounted.arm = Arm::Cavalry;
    mounted.mounted = true;
    let f = at(Game::Omdurman, vec![mounted, regular(2, "S", 1)], zulus());
    assert!(cells(&refusal(&shipped(), &f)).contains(&"settings:mixed_mounted_fire".to_owned()));
    // The test club reads "any": one mounted firer of two shifts 1 left (S at 1-2 is 1R).
    assert_eq!(resolve(&club(), &f, &[1]).out("shift"), 0);
}

#[test]
fn a_trench_target_shifts_left() {
    let mut f = at(Game::Omdurman, vec![regular(4, "T", 1)], zulus());
    f.target.trench = true;
    assert_eq!(resolve(&club(), &f, &[1]).out("column"), "1-2");
}

#[test]
fn pn_star_and_a_six_eliminates_one_unit_and_the_rest_check() {
    // 3T at range 1: the 3-4 column; die 6: PN*; the second die 6 eliminates one defending
    // unit; "All other units in the hex must undergo a Morale Check" (A, die 5: —).
    let f = at(
        Game::Isandhlwana,
        vec![regular(3, "T", 1)],
        vec![unit("a", Morale::A), unit("b", Morale::A)],
    );
    let res = resolve(&club(), &f, &[6, 6, 5]);
    assert_eq!(res.out("result"), "PN*");
    assert_eq!(res.out("pn_star_die"), 6);
    assert_eq!(res.out("eliminated"), json!(["a"]));
    assert_eq!(res.out("units")[1]["fate"], "unaffected");
}

#[test]
fn pn_star_and_one_to_five_pins() {
    let f = at(
        Game::Isandhlwana,
        vec![regular(3, "T", 1)],
        vec![unit("a", Morale::A), unit("b", Morale::A)],
    );
    let res = resolve(&club(), &f, &[6, 3]);
    assert_eq!(res.out("pinned"), true);
    assert_eq!(res.out("eliminated"), json!([]));
}

#[test]
fn m_makes_each_unit_check_individually() {
    // "If more than one unit is affected, each unit checks individually": 3-4 die 4 is M;
    // C rolls 1 (WD), D rolls 4 (PN), and the pin spreads to the hex.
    let f = at(
        Game::Isandhlwana,
        vec![regular(3, "T", 1)],
        vec![unit("c", Morale::C), unit("d", Morale::D)],
    );
    let res = resolve(&club(), &f, &[4, 1, 4]);
    assert_eq!(
        res.out("units"),
        json!([{"name": "c", "fate": "withdrawn"}, {"name": "d", "fate": "pinned"}])
    );
}

#[test]
fn eliminating_every_unit_kills_every_leader_without_a_roll() {
    // PART 13 D: "If all combat units in a hex are eliminated by Fire ... all leaders in that hex are killed."
    let mut f = at(Game::Isandhlwana, vec![regular(1, "T", 1)], zulus());
    f.target.leaders = vec!["inDuna".to_owned()];
    let res = resolve(&club(), &f, &[6]);
    assert_eq!(res.out("leaders_killed"), json!(["inDuna"]));
}

#[test]
fn a_leader_whose_stack_keeps_a_unit_dies_on_two() {
    // "the defending player rolls two dice for each leader ... eliminated on a roll of 2 or 12".
    let mut f = at(
        Game::Omdurman,
        vec![regular(1, "T", 1)],
        vec![unit("a", Morale::A), unit("b", Morale::A)],
    );
    f.target.leaders = vec!["the Khalifa".to_owned()];
    let res = resolve(&club(), &f, &[6, 5, 1, 1]);
    assert_eq!(res.out("leaders_killed"), json!(["the Khalifa"]));
    assert_eq!(res.out("khalifa_killed"), true);
}

#[test]
fn dervish_artillery_sinks_a_gunboat_only_on_a_one() {
    // PART 10 F Gunboats: "If a "1" result is rolled when Dervish artillery fires at a gunboat, the gunboat is sunk."
    let mut gun = firer("Dervish guns", 1, "G", 1, Nationality::Dervish);
    gun.arm = Arm::Artillery;
    let mut f = at(
        Game::Omdurman,
        vec![gun],
        vec![StackUnit {
            name: "Melik".to_owned(),
            morale: None,
            gun: false,
            zariba: false,
        }],
    );
    f.target.gunboat = true;
    assert_eq!(resolve(&club(), &f, &[6]).out("sunk"), true);
    let res = resolve(&club(), &f, &[5]);
    assert_eq!(res.out("result"), "M");
    assert_eq!(res.out("sunk"), false);
    f.firers[0].arm = Arm::Foot;
    // PART 10 F: "Gunboats can be attacked only by artillery".
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 F");
}

#[test]
fn isandhlwana_fire_marks_an_ammunition_box_for_each_non_artillery_firer() {
    // PART 10 B: "the firing player marks one box on the firing unit's Ammunition Supply Roster".
    let f = at(Game::Isandhlwana, vec![regular(1, "T", 1)], zulus());
    assert_eq!(
        resolve(&club(), &f, &[1]).out("ammunition_boxes_marked"),
        json!(["regulars"])
    );
    let mut gun = regular(1, "G", 1);
    gun.arm = Arm::Artillery;
    let f = at(Game::Isandhlwana, vec![gun], zulus());
    assert_eq!(
        resolve(&club(), &f, &[1]).out("ammunition_boxes_marked"),
        json!([])
    );
}

#[test]
fn units_that_may_not_fire_are_refused_by_their_rule() {
    type Change = Box<dyn Fn(&mut Firer)>;
    // Each case is refused as not allowed by the section that forbids it: PART 4 (the Zulu
    // Player has no fire phase; "only units that are not pinned or routed can fire"; the
    // Maxim Defensive Fire Phase is for Maxims) and PART 10 F (moved units, mounted horse,
    // limbered artillery, no ammunition).
    let cases: Vec<(Game, Phase, Change, &str)> = vec![
        (
            Game::Isandhlwana,
            Phase::Defensive,
            Box::new(|f| f.nationality = Nationality::Zulu),
            "PART 4",
        ),
        (
            Game::Isandhlwana,
            Phase::Offensive,
            Box::new(|f| f.moved = true),
            "PART 10 F",
        ),
        (
            Game::Isandhlwana,
            Phase::Defensive,
            Box::new(|f| {
                f.arm = Arm::Cavalry;
                f.mounted = true;
            }),
            "PART 10 F",
        ),
        (
            Game::Isandhlwana,
            Phase::Defensive,
            Box::new(|f| {
                f.arm = Arm::Artillery;
                f.limbered = true;
            }),
            "PART 10 F",
        ),
        (
            Game::Isandhlwana,
            Phase::Defensive,
            Box::new(|f| f.out_of_ammo = true),
            "PART 10 F",
        ),
        (
            Game::Omdurman,
            Phase::Defensive,
            Box::new(|f| f.pinned = true),
            "PART 4",
        ),
        (
            Game::Omdurman,
            Phase::MaximDefensive,
            Box::new(|_| {}),
            "PART 4",
        ),
    ];
    for (game, phase, change, section) in cases {
        let mut f = at(game, vec![regular(2, "T", 1)], zulus());
        f.phase = phase;
        change(&mut f.firers[0]);
        let r = refusal(&club(), &f);
        assert_refused(&r, RefusalKind::NotAllowed, section);
    }
}

#[test]
fn a_moved_gunboat_still_fires_offensively_at_omdurman() {
    // PART 10 F: "A gunboat unit that moves in the Friendly Movement Phase is able to fire in
    // the Friendly Offensive Fire Phase ... (This is an exception to the normal rules.)"
    let mut boat = regular(2, "G", 1);
    boat.arm = Arm::Gunboat;
    boat.moved = true;
    let mut f = at(Game::Omdurman, vec![boat], vec![unit("Baggara", Morale::A)]);
    f.phase = Phase::Offensive;
    assert_eq!(resolve(&club(), &f, &[1]).out("result"), "—");
}

#[test]
fn a_hex_with_no_combat_unit_cannot_be_fired_on() {
    let f = at(Game::Isandhlwana, vec![regular(2, "T", 1)], vec![]);
    // PART 10 F: "the target hex must contain at least one Enemy combat unit".
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 F");
}

#[test]
fn british_in_the_zariba_withdraw_and_pin_instead_of_routing() {
    // PART 13 E: "British units inside the Zariba do not Rout. When a Rout result is rolled,
    // the unit Withdraws 1 hex and becomes Pinned." Dervish 2T: 1-2 shifted to 0; die 6: M;
    // D rolls 1: RT.
    let mut inside = unit("Warwck", Morale::D);
    inside.zariba = true;
    let f = at(
        Game::Omdurman,
        vec![firer("Jehadin", 2, "T", 1, Nationality::Dervish)],
        vec![inside],
    );
    let res = resolve(&club(), &f, &[6, 1]);
    assert_eq!(res.out("units")[0]["fate"], "withdrawn-pinned");
}

#[test]
fn after_the_khalifa_dies_dervish_units_check_one_level_lower() {
    // PART 13 D: "all Dervish units lower their Morale Ratings permanently by one level".
    // 3T: 3-4, die 4: M. A B unit rolling 2 reads — under B but PN under C.
    let mut f = at(
        Game::Omdurman,
        vec![regular(3, "T", 1)],
        vec![unit("Baggara", Morale::B)],
    );
    f.khalifa_killed = true;
    let res = resolve(&club(), &f, &[4, 2]);
    assert_eq!(res.out("units")[0]["fate"], "pinned");
    assert!(
        res.steps
            .iter()
            .any(|s| s.text.contains("checks as C instead of B"))
    );
}

#[test]
fn no_fire_through_a_blocked_line_of_sight_or_a_crest() {
    // PART 10 C: "If the LOS is blocked, the unit cannot fire." PART 10 F: "No fire can be
    // directed through a crest hexside."
    let mut f = at(Game::Isandhlwana, vec![regular(2, "T", 1)], zulus());
    f.target.los_blocked = true;
    assert_refused(&refusal(&club(), &f), RefusalKind::OutOfRange, "PART 10 C");
    f.target.los_blocked = false;
    f.target.through_crest = true;
    assert_refused(&refusal(&club(), &f), RefusalKind::NotAllowed, "PART 10 F");
}

#[test]
fn a_weapon_that_cannot_reach_the_column_cannot_join_the_attack() {
    // PART 10 E: "All units firing into the hex must be able to use the same column": at
    // range 5, S (3 points, 1L) decides, but T cannot reach 5-6 (X).
    let f = at(
        Game::Isandhlwana,
        vec![regular(3, "S", 5), regular(2, "T", 5)],
        zulus(),
    );
    // Out of range for the column (not the NotAllowed of ranges in different columns).
    assert_refused(&refusal(&club(), &f), RefusalKind::OutOfRange, "PART 10 E");
}

// Applying that fire to a game whose roster holds the three units: "2" eliminates the top
// two (they leave the game), the third's PN pins it (its status); a fourth name the
// outcome gives that is not on the roster is named for the referee.
#[test]
fn applying_a_fire_records_each_units_fate_on_the_roster() {
    use laager::dice::DiceChoice;
    use laager::game::{Event, Game as Log, UnitEdit, UnitId, UnitSpec, apply};
    use laager::record::Status;
    use laager::rules::situation::Roles;
    use laager::rules::{Request, soldiers_of_the_queen as sotq};
    let mut log = Log::new(laager::Ruleset::SoldiersOfTheQueen, "Omdurman", json!(null));
    for name in ["a", "b", "c"] {
        let unit = UnitSpec {
            unit_id: UnitId(name.to_owned()),
            name: name.to_owned(),
            side: "Dervishes".to_owned(),
            troop_type: "foot".to_owned(),
            initial: 1,
            present: 1,
            class: Some("dervish".to_owned()),
            strength_note: None,
            formation: None,
        };
        log.append(Event::UnitAdded { unit }).expect("joins");
    }
    let f = at(
        Game::Omdurman,
        vec![regular(10, "S", 1)],
        vec![
            unit("a", Morale::A),
            unit("b", Morale::A),
            unit("c", Morale::C),
        ],
    );
    let request = Request::SoldiersOfTheQueen(sotq::Request::Fire(f));
    let resolution = request
        .resolve_with(&club(), &DiceChoice::from_flags(Some("4,3"), None))
        .expect("resolves");
    let applied = apply(
        Some(&request),
        &resolution,
        &Roles::default(),
        log.state(),
        None,
    );
    let id = |n: &str| UnitId(n.to_owned());
    assert_eq!(
        applied.edits(),
        [
            UnitEdit::Removed { unit_id: id("a") },
            UnitEdit::Removed { unit_id: id("b") },
            UnitEdit::StatusSet {
                unit_id: id("c"),
                status: Status::parse("pinned"),
            },
        ]
    );
    assert!(applied.notes.is_empty(), "{:?}", applied.notes);
    // Without "c" on the roster, its fate is named instead.
    let mut short = Log::new(laager::Ruleset::SoldiersOfTheQueen, "Omdurman", json!(null));
    short
        .append(Event::UnitAdded {
            unit: UnitSpec {
                unit_id: id("a"),
                name: "a".to_owned(),
                side: "Dervishes".to_owned(),
                troop_type: "foot".to_owned(),
                initial: 1,
                present: 1,
                class: None,
                strength_note: None,
                formation: None,
            },
        })
        .expect("joins");
    let applied = apply(
        Some(&request),
        &resolution,
        &Roles::default(),
        short.state(),
        None,
    );
    assert_eq!(applied.edits(), [UnitEdit::Removed { unit_id: id("a") }]);
    assert_eq!(
        applied.notes,
        [
            "b (eliminated) is not on the roster: record it by hand",
            "c (pinned) is not on the roster: record it by hand"
        ]
    );
}
