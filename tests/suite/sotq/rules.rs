//! Hex range, odds, movement, stacking, leaders, rally, ammunition and victory, worked by
//! hand from the text.

use super::{club, dice, shipped};
use crate::support::assert_refused;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::resolution::{Refusal, RefusalKind, Resolution};
use laager::rules::Procedure;
use laager::rules::soldiers_of_the_queen::{
    Allowance, AllowanceInput, AloneCase, EliminatedOnTurn, Entry, EntryInput, Game, Hex,
    IsandhlwanaCounts, Kind, LeaderDeath, LeaderDeathInput, MeleeOdds, OddsColumn, OddsInput,
    OmdurmanCounts, Piece, Position, Rallier, Rally, RallyInput, Range, RangeInput, Resupply,
    ResupplyInput, ResupplyUnit, ShiftedColumns, Side, Stack, StackInput, StackOutcome, Victory,
    VictoryInput, VictoryOutcome, Winner,
};
use proptest::prelude::*;
use serde_json::json;

fn h(text: &str) -> Hex {
    Hex::parse(text).expect("hex")
}

/// No dice: the procedures that throw none.
fn no_dice() -> EnteredDice {
    dice(&[])
}

/// Resolves a procedure that throws no dice.
fn resolve<P: Procedure>(
    charts: &Charts,
    input: &P::Input,
) -> Result<Resolution<P::Outcome>, Refusal> {
    P::resolve(charts, input, &mut no_dice())
}

fn range(from: &str, to: &str, shifted_columns: Option<ShiftedColumns>) -> u32 {
    let input = RangeInput {
        from: h(from),
        to: h(to),
        shifted_columns,
    };
    resolve::<Range>(&shipped(), &input)
        .expect("range")
        .outcome
        .hexes
}

#[test]
fn an_adjacent_hex_is_at_range_one() {
    // PART 10 A: "The firing unit's hex is not counted; the target's hex is counted."
    assert_eq!(range("0328", "0329", None), 1);
    assert_eq!(h("0328").range_to(h("0334"), ShiftedColumns::Even), 6);
    // Along row 01: 0101-0201-0301-0401, each step a neighbour.
    assert_eq!(h("0101").range_to(h("0401"), ShiftedColumns::Even), 3);
}

#[test]
fn the_omdurman_british_line_is_unbroken_with_the_even_columns_shifted() {
    // PART 3 Omdurman: 2626, 2625, 2525, 2424, 2324, 2223, 2123, 2022, 2021 — the evidence
    // for the shipped setting: every hex touches the next under "even", not under "odd".
    let line = [
        "2626", "2625", "2525", "2424", "2324", "2223", "2123", "2022", "2021",
    ];
    for pair in line.windows(2) {
        assert_eq!(
            h(pair[0]).range_to(h(pair[1]), ShiftedColumns::Even),
            1,
            "{pair:?}"
        );
    }
    assert_eq!(h("2525").range_to(h("2424"), ShiftedColumns::Odd), 2);
}

#[test]
fn the_column_setting_can_be_overridden() {
    assert_eq!(range("2525", "2424", Some(ShiftedColumns::Odd)), 2);
}

#[test]
fn a_hex_number_must_be_four_digits() {
    assert!(Hex::parse("328").is_err());
    assert!(Hex::parse("03a8").is_err());
}

fn any_hex() -> impl Strategy<Value = Hex> {
    (0i32..100, 0i32..100).prop_map(|(column, row)| Hex { column, row })
}

fn any_parity() -> impl Strategy<Value = ShiftedColumns> {
    prop_oneof![Just(ShiftedColumns::Even), Just(ShiftedColumns::Odd)]
}

proptest! {
    #[test]
    fn range_is_symmetric(a in any_hex(), b in any_hex(), p in any_parity()) {
        prop_assert_eq!(a.range_to(b, p), b.range_to(a, p));
    }

    #[test]
    fn range_obeys_the_triangle_inequality(a in any_hex(), b in any_hex(), c in any_hex(), p in any_parity()) {
        prop_assert!(a.range_to(c, p) <= a.range_to(b, p) + b.range_to(c, p));
    }

    #[test]
    fn range_is_zero_only_to_the_same_hex(a in any_hex(), b in any_hex(), p in any_parity()) {
        prop_assert_eq!(a.range_to(b, p) == 0, a == b);
    }

    #[test]
    fn a_hex_has_six_neighbours_at_range_one(a in (1i32..99, 1i32..99).prop_map(|(column, row)| Hex { column, row }), p in any_parity()) {
        let mut n = 0;
        for dc in -1..=1 {
            for dr in -1..=1 {
                let b = Hex { column: a.column + dc, row: a.row + dr };
                if a.range_to(b, p) == 1 { n += 1; }
            }
        }
        prop_assert_eq!(n, 6);
    }

    #[test]
    fn odds_round_in_the_defenders_favour(attack in 1u32..200, defence in 1u32..200) {
        // For N-1: N * defence <= attack < (N + 1) * defence. For 1-N: the attack is at
        // least defence / N but less than defence / (N - 1).
        match MeleeOdds::of(attack, defence) {
            MeleeOdds::For(n) => prop_assert!(n * defence <= attack && attack < (n + 1) * defence),
            MeleeOdds::Against(n) => prop_assert!(attack * n >= defence && attack * (n - 1) < defence),
        }
    }
}

#[test]
fn odds_are_clamped_only_once_the_melee_table_is_supplied() {
    // PART 12 B: "Attacks at odds higher than the highest column on the table use the highest column."
    let odds = |charts: &Charts, attack, defence, game| {
        resolve::<OddsColumn>(
            charts,
            &OddsInput {
                attack,
                defence,
                game: Some(game),
            },
        )
        .expect("odds")
        .outcome
    };
    let shipped_odds = odds(&shipped(), 30, 1, Game::Omdurman);
    assert_eq!(shipped_odds.column, MeleeOdds::For(30));
    let club_odds = odds(&club(), 30, 1, Game::Omdurman);
    assert_eq!(club_odds.column, MeleeOdds::For(6));
    assert_eq!(club_odds.odds, MeleeOdds::For(30));
    let low = odds(&club(), 1, 9, Game::Isandhlwana);
    assert_eq!(low.column, MeleeOdds::Against(3));
}

#[test]
fn the_fourth_unit_entering_one_hex_pays_four_movement_points() {
    // PART 15: "The fourth unit to enter the same hex in Entry Area A would pay 4 Movement
    // Points, 1 to enter the hex and 3 for the units that entered before it."
    let e = EntryInput {
        game: Game::Isandhlwana,
        side: Side::Zulu,
        hex: None,
        order: 4,
        hex_cost: Some(1),
        terrain: None,
        unit_type: Some("zulu-infantry".to_owned()),
        origins: laager::rules::situation::Origins::default(),
    };
    let res = resolve::<Entry>(&shipped(), &e).expect("entry").outcome;
    assert_eq!(res.mp, 4);
    assert_eq!(res.allowance, Some(5));
    assert_eq!(res.remaining, Some(1));
}

#[test]
fn the_second_british_unit_into_2201_pays_one_more() {
    // PART 15: "the second unit to enter hex 2201 must pay an additional Movement Point."
    let e = EntryInput {
        game: Game::Isandhlwana,
        side: Side::British,
        hex: Some(h("2201")),
        order: 2,
        hex_cost: Some(1),
        terrain: None,
        unit_type: None,
        origins: laager::rules::situation::Origins::default(),
    };
    assert_eq!(
        resolve::<Entry>(&shipped(), &e).expect("entry").outcome.mp,
        2
    );
}

#[test]
fn entry_by_terrain_asks_for_the_terrain_effects_chart() {
    let e = EntryInput {
        game: Game::Isandhlwana,
        side: Side::Zulu,
        hex: None,
        order: 1,
        hex_cost: None,
        terrain: Some("clear".to_owned()),
        unit_type: None,
        origins: laager::rules::situation::Origins::default(),
    };
    let r = resolve::<Entry>(&shipped(), &e).expect_err("refuses");
    assert_eq!(r.kind, RefusalKind::NeedsCells);
    assert_eq!(r.rule.section, "PART 6 A");
    assert_eq!(
        r.needs_cells[0].address(),
        "terrain_effects_isandhlwana:clear:movement_cost"
    );
}

#[test]
fn movement_allowances_are_the_printed_tables() {
    // PART 6 B: "Zulu Infantry 5", "Gunboats 20".
    let allowance = |game, unit_type: &str| {
        resolve::<Allowance>(
            &shipped(),
            &AllowanceInput {
                game,
                unit_type: unit_type.to_owned(),
                origins: laager::rules::situation::Origins::default(),
            },
        )
    };
    assert_eq!(
        allowance(Game::Isandhlwana, "zulu-infantry")
            .expect("a")
            .outcome
            .allowance,
        5
    );
    assert_eq!(
        allowance(Game::Omdurman, "gunboat")
            .expect("a")
            .outcome
            .allowance,
        20
    );
    let r = allowance(Game::Omdurman, "zulu-infantry").expect_err("not an Omdurman type");
    assert_eq!(r.kind, RefusalKind::BadInput);
    assert_eq!(r.rule.section, "PART 6 B");
}

fn check_stack(game: Game, side: Side, pieces: &[Piece]) -> StackOutcome {
    let input = StackInput {
        game,
        side,
        pieces: pieces.to_vec(),
        origins: laager::rules::situation::Origins::default(),
    };
    resolve::<Stack>(&shipped(), &input).expect("s").outcome
}

fn piece(name: &str, kind: Kind, melee: u32, group: &str) -> Piece {
    Piece {
        name: name.to_owned(),
        kind,
        melee,
        group: Some(group.to_owned()),
        colonial: false,
    }
}

#[test]
fn two_zulu_units_may_stack_but_not_three_unless_the_third_is_ukhulutshane() {
    // PART 9 A: "A maximum of two Zulu combat units ... (EXCEPTION: the uKhulutshane unit can freely stack".
    let two = [
        piece("a", Kind::Foot, 4, "uVe"),
        piece("b", Kind::Foot, 4, "uVe"),
    ];
    assert!(check_stack(Game::Isandhlwana, Side::Zulu, &two).legal);
    let mut three = two.to_vec();
    three.push(piece("c", Kind::Foot, 4, "uVe"));
    assert!(!check_stack(Game::Isandhlwana, Side::Zulu, &three).legal);
    three[2].group = Some("uKhulutshane".to_owned());
    assert!(check_stack(Game::Isandhlwana, Side::Zulu, &three).legal);
}

#[test]
fn isandhlwana_british_stack_eight_melee_points_guns_free_the_wagon_four() {
    // PART 9 B: "A maximum of 8 Melee Strength points"; guns "can stack freely"; the wagon
    // "is the equivalent of four Melee points".
    let ok = [
        piece("A", Kind::Foot, 4, "1/24"),
        piece("C", Kind::Foot, 4, "1/24"),
        piece("gun", Kind::Artillery, 1, "RA"),
    ];
    let res = check_stack(Game::Isandhlwana, Side::British, &ok);
    assert!(res.legal);
    assert_eq!(res.may_fire, ["A", "C"]);
    let over = [
        piece("A", Kind::Foot, 5, "1/24"),
        piece("wagon", Kind::Wagon, 0, ""),
    ];
    assert!(!check_stack(Game::Isandhlwana, Side::British, &over).legal);
}

#[test]
fn the_supply_wagon_never_takes_one_of_the_top_two_firing_places() {
    // PART 9 B: "Only the top two units in any stack can fire." PART 11: "The wagon has
    // no Fire or Melee Strength"; PART 10 A: "Any piece that has no Fire Strength or weapon
    // type printed on it cannot engage in Fire Combat." With the wagon on top of two
    // companies, both companies fire (the wagon taking a place would leave only A).
    let stack = [
        piece("wagon", Kind::Wagon, 0, ""),
        piece("A", Kind::Foot, 2, "1/24"),
        piece("C", Kind::Foot, 2, "1/24"),
    ];
    let input = StackInput {
        game: Game::Isandhlwana,
        side: Side::British,
        pieces: stack.to_vec(),
        origins: laager::rules::situation::Origins::default(),
    };
    let res = resolve::<Stack>(&shipped(), &input).expect("a stack is checked");
    assert_eq!(res.outcome.may_fire, ["A", "C"]);
    assert!(
        res.steps
            .iter()
            .any(|s| s.text
                == "wagon: the Supply Wagon has no Fire Strength and takes no firing place"),
        "{:?}",
        res.steps
    );
}

#[test]
fn omdurman_top_unit_and_one_artillery_fire_unless_artillery_is_on_top() {
    // PART 9 B: "The top unit in a stack can fire, in addition to one artillery unit in the
    // stack. If the top unit in the stack is an artillery unit, only it can fire."
    let stack = [
        piece("RB a", Kind::Foot, 3, "RB"),
        piece("Maxim A", Kind::Artillery, 0, ""),
    ];
    assert_eq!(
        check_stack(Game::Omdurman, Side::British, &stack).may_fire,
        ["RB a", "Maxim A"]
    );
    let stack = [
        piece("Maxim A", Kind::Artillery, 0, ""),
        piece("RB a", Kind::Foot, 3, "RB"),
    ];
    assert_eq!(
        check_stack(Game::Omdurman, Side::British, &stack).may_fire,
        ["Maxim A"]
    );
}

#[test]
fn omdurman_mounted_cavalry_stacks_alone() {
    let stack = [
        piece("21 Lancr", Kind::Mounted, 3, "Cavalry"),
        piece("RB a", Kind::Foot, 3, "RB"),
    ];
    assert!(!check_stack(Game::Omdurman, Side::British, &stack).legal);
}

#[test]
fn a_leader_dies_on_two_or_twelve() {
    // PART 13 D: "A leader is eliminated on a roll of 2 or 12."
    for (faces, killed) in [
        ([1, 1], true),
        ([6, 6], true),
        ([3, 4], false),
        ([1, 2], false),
    ] {
        let res = LeaderDeath::resolve(&shipped(), &LeaderDeathInput::default(), &mut dice(&faces))
            .expect("roll");
        assert_eq!(res.outcome.killed, killed, "{faces:?}");
    }
    let odds = LeaderDeath::odds(&shipped(), &LeaderDeathInput::default())
        .expect("the roll has odds")
        .expect("no refusal");
    assert!((odds.probability(&json!(true)) - 2.0 / 36.0).abs() < 1e-12);
    assert!((odds.total() - 1.0).abs() < 1e-12);
}

#[test]
fn a_leader_alone_dies_to_an_adjacent_or_passing_enemy_and_moves_from_a_pinned_one() {
    for (case, killed) in [
        (AloneCase::MovedThrough, true),
        (AloneCase::Adjacent, true),
        (AloneCase::AdjacentPinnedOrRouted, false),
        (AloneCase::AdjacentImpassable, false),
    ] {
        let input = LeaderDeathInput {
            alone: Some(case),
            leader: None,
            origins: laager::rules::situation::Origins::default(),
        };
        let res = resolve::<LeaderDeath>(&shipped(), &input).expect("no dice");
        assert_eq!(res.outcome.killed, killed, "{case:?}");
        assert_eq!(res.outcome.moves_away, Some(!killed), "{case:?}");
        assert_eq!(
            LeaderDeath::odds(&shipped(), &input),
            None,
            "no dice, no odds"
        );
    }
}

fn rally(game: Game, side: Side, rallier: Rallier, unit: &str, position: Position) -> RallyInput {
    RallyInput {
        game,
        side,
        rallier,
        unit_command: Some(unit.to_owned()),
        unit_artillery: false,
        position,
        army_commander_killed: false,
        unit: None,
        origins: laager::rules::situation::Origins::default(),
    }
}

fn rallied(r: &RallyInput) -> bool {
    resolve::<Rally>(&shipped(), r)
        .expect("no refusal")
        .outcome
        .rallied
}

#[test]
fn a_commander_rallies_his_own_units_stacked_or_adjacent() {
    // PART 13 A: "Captain Degacher commands the 1/24 battalion; he can rally any unit from
    // that battalion"; PART 13 E: "stacked or to which he is adjacent".
    let degacher = Rallier::Commander("1/24".to_owned());
    assert!(rallied(&rally(
        Game::Isandhlwana,
        Side::British,
        degacher.clone(),
        "1/24",
        Position::Adjacent
    )));
    assert!(!rallied(&rally(
        Game::Isandhlwana,
        Side::British,
        degacher.clone(),
        "1/1 NNC",
        Position::Stacked
    )));
    assert!(!rallied(&rally(
        Game::Isandhlwana,
        Side::British,
        degacher,
        "1/24",
        Position::Away
    )));
}

#[test]
fn no_unit_rallies_once_the_army_commander_is_killed() {
    // PART 13 D: "If the army commander is killed, units of that army cannot be rallied."
    let mut r = rally(
        Game::Isandhlwana,
        Side::Zulu,
        Rallier::Commander("uVe".to_owned()),
        "uVe",
        Position::Stacked,
    );
    r.army_commander_killed = true;
    assert!(!rallied(&r));
}

#[test]
fn gatacre_rallies_adjacent_units_only_after_kitchener_dies() {
    let mut r = rally(
        Game::Omdurman,
        Side::British,
        Rallier::Gatacre,
        "I Brigade",
        Position::Adjacent,
    );
    assert!(!rallied(&r));
    r.position = Position::Stacked;
    assert!(rallied(&r));
    r.position = Position::Adjacent;
    r.army_commander_killed = true;
    assert!(rallied(&r));
}

#[test]
fn artillery_rallies_by_kitchener_or_gatacre_and_any_dervish_leader() {
    // PART 13 A: "Artillery units can be rallied only by Generals Kitchener and Gatacre."
    // PART 13 C: "Any Dervish leader can rally a Dervish artillery unit."
    let mut r = rally(
        Game::Omdurman,
        Side::British,
        Rallier::Commander("I Brigade".to_owned()),
        "I Brigade",
        Position::Stacked,
    );
    r.unit_artillery = true;
    assert!(!rallied(&r));
    r.rallier = Rallier::ArmyCommander;
    assert!(rallied(&r));
    let mut d = rally(
        Game::Omdurman,
        Side::Dervish,
        Rallier::Commander("Osman Digna".to_owned()),
        "guns",
        Position::Adjacent,
    );
    d.unit_artillery = true;
    d.unit_command = None;
    assert!(rallied(&d));
}

#[test]
#[allow(clippy::result_large_err)] // the rules' Result<Resolution, Refusal>
fn isandhlwana_victory_goes_to_whoever_meets_his_condition() {
    // PART 5 B: the Zulus when no British regular is left; the British at 14 Zulu units.
    let check = |remaining, eliminated| {
        resolve::<Victory>(
            &shipped(),
            &VictoryInput::Isandhlwana(IsandhlwanaCounts {
                british_regulars_remaining: remaining,
                zulu_units_eliminated: eliminated,
                origins: laager::rules::situation::Origins::default(),
            }),
        )
    };
    assert_eq!(check(0, 13).expect("v").outcome.winner, Winner::Zulu);
    assert_eq!(check(3, 14).expect("v").outcome.winner, Winner::British);
    assert_eq!(check(3, 13).expect("v").outcome.winner, Winner::None);
    assert_eq!(
        check(0, 14).expect_err("both at once").kind,
        RefusalKind::BadInput
    );
}

fn omdurman_victory(c: &OmdurmanCounts) -> Result<VictoryOutcome, Refusal> {
    resolve::<Victory>(&shipped(), &VictoryInput::Omdurman(c.clone())).map(|r| r.outcome)
}

fn omdurman(turn: u32, exited: u32, remaining: u32) -> OmdurmanCounts {
    OmdurmanCounts {
        turn,
        british_exited: exited,
        british_remaining: remaining,
        khalifa_killed: false,
        dervish_eliminated: 0,
        british_eliminated: Vec::new(),
        turns_without_exit: Vec::new(),
    }
}

#[test]
fn omdurman_automatic_victory_needs_every_surviving_unit_exited_and_32() {
    let res = omdurman_victory(&omdurman(15, 33, 0)).expect("v");
    assert_eq!(res.automatic, Some(true));
    assert_eq!(res.winner, Winner::British);
    let res = omdurman_victory(&omdurman(15, 33, 1)).expect("v");
    assert_eq!(res.winner, Winner::None);
}

#[test]
fn omdurman_victory_points_follow_the_schedule() {
    // British: Khalifa 7 + 10 Dervish units × 1 = 17. Dervish: 2 units on turn 5 × 4 + 1 on
    // turn 10 × 3 + 3 on turn 18 × 2 + turns 12 and 13 without an exit × 3 = 8+3+6+6 = 23.
    let mut c = omdurman(21, 32, 2);
    c.khalifa_killed = true;
    c.dervish_eliminated = 10;
    c.british_eliminated = [(5, 2), (10, 1), (18, 3)]
        .into_iter()
        .map(|(turn, count)| EliminatedOnTurn { turn, count })
        .collect();
    c.turns_without_exit = vec![12, 13];
    let res = omdurman_victory(&c).expect("v");
    assert_eq!(res.british_vp, Some(17));
    assert_eq!(res.dervish_vp, Some(23));
    assert_eq!(res.winner, Winner::Dervish);
}

#[test]
fn omdurman_ends_on_turn_21_for_the_exit_count_and_points() {
    // "The British Player wins if he exits at least 32 British units and has a higher Victory Point total."
    let mut c = omdurman(21, 32, 4);
    c.dervish_eliminated = 5;
    assert_eq!(omdurman_victory(&c).expect("v").winner, Winner::British);
    c.british_exited = 31;
    assert_eq!(omdurman_victory(&c).expect("v").winner, Winner::Dervish);
    let tie = omdurman(21, 32, 4);
    assert_eq!(omdurman_victory(&tie).expect("v").winner, Winner::Draw);
    let mut early = omdurman(11, 0, 40);
    early.turns_without_exit = vec![11];
    let r = omdurman_victory(&early).expect_err("turns before 12 score nothing");
    assert_eq!(r.kind, RefusalKind::BadInput);
}

fn resupply(marked: u32, range: u32) -> ResupplyInput {
    ResupplyInput {
        unit_type: ResupplyUnit::Foot,
        boxes: 10,
        marked,
        range,
        artillery: false,
        pinned: false,
        routed: false,
        path_blocked: false,
        unit: None,
        origins: laager::rules::situation::Origins::default(),
    }
}

#[test]
fn resupply_asks_for_the_table_the_document_lacks() {
    // The table's range columns are not in the document: no cell to type, the table to supply.
    let r = Resupply::resolve(&shipped(), &resupply(5, 2), &mut dice(&[1])).expect_err("refuses");
    assert_refused(&r, RefusalKind::NeedsCells, "PART 11");
    assert!(r.needs_cells.is_empty(), "{:?}", r.needs_cells);
    // No cell names the missing heading: the chart to supply whole does.
    assert_eq!(r.needs_charts, ["ammunition_resupply"], "{}", r.reason);
}

#[test]
fn resupply_erases_the_last_mark_when_the_die_is_in_range() {
    // Test club: foot at 0-2 hexes succeeds on 1-5. "erases the last marked box".
    let res = Resupply::resolve(&club(), &resupply(5, 2), &mut dice(&[5])).expect("roll");
    assert!(res.outcome.resupplied);
    assert_eq!(res.outcome.marked, 4);
    let res = Resupply::resolve(&club(), &resupply(5, 2), &mut dice(&[6])).expect("roll");
    assert_eq!(res.outcome.marked, 5);
}

#[test]
fn only_a_unit_with_half_its_ammunition_used_may_try() {
    // PART 11: "When a unit has used at least half of its available ammunition, it can attempt".
    let res = resolve::<Resupply>(&club(), &resupply(4, 2)).expect("no roll");
    assert!(!res.outcome.eligible);
    let mut pinned = resupply(6, 2);
    pinned.pinned = true;
    assert!(
        !resolve::<Resupply>(&club(), &pinned)
            .expect("no roll")
            .outcome
            .eligible
    );
}
