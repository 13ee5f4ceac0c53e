//! The desk's widgets, driven headless with egui_kittest.

use crate::support::{OutcomeKeys, cell_label};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use laager::Ruleset;
use laager::app::desk::{ChartView, RefusalAction, odds_ui, refusal_ui};
use laager::charts::Charts;
use laager::dice::Dist;
use laager::resolution::{NeededCell, Refusal, RuleRef};
use std::collections::BTreeMap;

#[test]
fn odds_table_shows_each_outcome_with_this_or_better() {
    // One d6 against a 4+: 1/2 each way.
    let odds = Dist::bool_odds(0.5);
    let mut harness = Harness::new_ui(|ui| odds_ui(ui, "t", &odds, true, &[], ""));
    harness.run();
    assert!(harness.query_by_label("false").is_some());
    assert!(harness.query_by_label("true").is_some());
    // "this or better" of false is the whole distribution.
    assert!(harness.query_by_label("100.0%").is_some());
    assert_eq!(harness.query_all_by_label("50.0%").count(), 3);
}

#[test]
fn this_or_better_accumulates_towards_the_better_end() {
    let odds = Dist::d6().to_odds();
    let cumulative = odds.this_or_better(true);
    // A 4 or better on one d6: 3/6.
    assert!((cumulative[3] - 0.5).abs() < 1e-12);
    assert!((cumulative[0] - 1.0).abs() < 1e-12);
}

#[test]
fn refusal_fields_take_typed_values_for_one_resolution() {
    let refusal = Refusal {
        kind: laager::resolution::RefusalKind::NeedsCells,
        reason: "needs cells".to_owned(),
        rule: RuleRef::section(Ruleset::MicroColonial, "SMALL ARMS FIRE"),
        needs_cells: vec![NeededCell {
            chart: "weapon_ranges".to_owned(),
            key: vec!["rifle".to_owned()],
        }],
        needs_charts: Vec::new(),
        partial_steps: Vec::new(),
        formula: None,
    };
    let state = (BTreeMap::<String, String>::new(), RefusalAction::None);
    let charts = Charts::shipped().expect("shipped");
    let mut harness = Harness::new_ui_state(
        move |ui, (typed, action): &mut (BTreeMap<String, String>, RefusalAction)| {
            let a = refusal_ui(ui, &refusal, &charts, Ruleset::MicroColonial, typed, None);
            if a != RefusalAction::None {
                *action = a;
            }
        },
        state,
    );
    harness.run();
    // The field is named by the chart's printed title and its key in words, not its address.
    assert!(harness.query_by_label("Weapon ranges: Rifle").is_some());
    assert!(harness.query_by_label("weapon_ranges:rifle").is_none());
    let field = harness.get_by_role(egui::accesskit::Role::TextInput);
    field.focus();
    field.type_text("600");
    harness.run();
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    assert_eq!(
        harness.state().1,
        RefusalAction::UseOnce(vec!["weapon_ranges:rifle=600".to_owned()])
    );
}

#[test]
fn chart_view_lists_the_dba_troop_types_by_confidence() {
    let charts = Charts::shipped().expect("shipped");
    let mut harness = Harness::new_ui_state(
        move |ui, view: &mut ChartView| {
            view.ui(ui, &charts, Ruleset::DbaZulu);
        },
        ChartView {
            chart: Some("troop_types".to_owned()),
            editing: None,
            transcribing: None,
        },
    );
    harness.run();
    assert!(harness.query_by_label("printed").is_some());
    assert!(harness.query_by_label("british-regulars").is_some());
}

fn desk_harness(charts: Charts) -> Harness<'static, laager::app::desk::Desk> {
    ruleset_desk(charts, Ruleset::DbaZulu, 42)
}

/// The desk of one ruleset on the given charts, its first seed `seed`.
/// The desk's result, resolved and not refused.
fn desk_result(harness: &Harness<'_, laager::app::desk::Desk>) -> laager::rules::AnyResolution {
    harness
        .state()
        .result
        .clone()
        .expect("resolved")
        .expect("not refused")
}

pub(crate) fn ruleset_desk(
    charts: Charts,
    ruleset: Ruleset,
    seed: u64,
) -> Harness<'static, laager::app::desk::Desk> {
    Harness::new_ui_state(
        move |ui, desk: &mut laager::app::desk::Desk| {
            // The desk as it stands beside the table: as tall as its panel, its answer at
            // the top and its dice and Resolve at the foot, its forms scrolling between.
            desk.ui(ui, &charts, ruleset);
        },
        laager::app::desk::Desk::new(seed),
    )
}

#[test]
fn dba_combat_resolves_with_typed_dice_on_the_desk() {
    let mut harness = desk_harness(Charts::shipped().expect("shipped"));
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    // The odds are shown before the roll.
    assert!(harness.query_by_label("Odds before the roll").is_some());
    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role(egui::accesskit::Role::TextInput);
    field.focus();
    field.type_text("5,1");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    // Zulus (+4) roll 5: 9. British regulars (+5) roll 1: 6. 6 is more than half of 9, so
    // the table decides: "Destroyed if beat by ... Zulus, Zulu Rifles (Melee only)".
    let result = desk_result(&harness);
    assert_eq!(result.out("a_total"), 9);
    assert_eq!(result.out("b_total"), 6);
    assert_eq!(result.out("loser"), "b");
    assert_eq!(result.out("result"), "destroyed");
    // The answer first, in words: no units selected, so the sides are named by their troops.
    assert!(
        harness
            .query_by_label("b (British Regulars) destroyed; a (Zulus) must pursue 15 mm")
            .is_some()
    );
}

// "Targets capable of returning fire may do so ( in which case the firer may suffer adverse
// results )", within their listed range: with no range measured, the desk's ranged combat
// of regulars at Zulu rifles is refused, asking; ticking "a within b's own range" (the
// CLI's --return-fire), the rifles fire back: 5 + 1 = 6 against 2 + 6 = 8, the regulars
// recoil, as the engine resolves the same request.
#[test]
fn dba_ranged_combat_asks_whether_the_target_is_in_range_then_resolves() {
    let mut harness = desk_harness(Charts::shipped().expect("shipped"));
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("ranged").click();
    {
        let input = &mut harness.state_mut().dba_combat.input;
        input.a.troop = "british-regulars".parse().expect("troop");
        input.b.troop = "zulu-rifles".parse().expect("troop");
    }
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    type_into(&harness, "dice faces", "1,6");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let refused = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect_err("asks for the distance");
    assert!(refused.reason.contains("--return-fire"), "{refused:?}");
    harness.get_by_label("a within b's own range").click();
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = desk_result(&harness);
    assert_eq!(result.out("loser"), "a");
    assert_eq!(result.out("result"), "recoil");
    let request = harness
        .state()
        .request
        .clone()
        .expect("the request resolved");
    let engine = request
        .resolve_with(
            &Charts::shipped().expect("shipped"),
            &laager::dice::DiceChoice::Typed("1,6".to_owned()),
        )
        .expect("resolves");
    assert_eq!(result, engine);
}

#[test]
fn mc_movement_resolves_on_the_desk() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::MicroColonial,
        1,
    );
    harness.set_size(egui::vec2(900.0, 1600.0));
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    // Movement Table 1: regular infantry move 40 mm at the normal rate.
    let result = desk_result(&harness);
    assert_eq!(result.out("allowance_mm"), 40);
    assert!(
        harness
            .query_by_label("the unit may move up to 40 mm")
            .is_some()
    );
}

#[test]
fn vc_fire_resolves_the_rulebook_example_on_the_desk() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::VictoriaCross,
        1,
    );
    harness.set_size(egui::vec2(900.0, 1600.0));
    harness.run();
    // Nothing is assumed: no odds until the firing SP and the range are typed.
    assert!(harness.query_by_label("Odds before the roll").is_none());
    assert!(
        harness
            .state()
            .vc
            .input_error()
            .is_some_and(|e| e.starts_with("firing SP: not given"))
    );
    type_into(&harness, "firing SP", "5");
    harness.run();
    assert!(
        harness
            .state()
            .vc
            .input_error()
            .is_some_and(|e| e.starts_with("range (zones): not given"))
    );
    type_into(&harness, "range (zones)", "2");
    harness.run();
    assert_eq!(harness.state().vc.input_error(), None);
    assert!(harness.query_by_label("Odds before the roll").is_some());
    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "dice faces");
    field.focus();
    field.type_text("1,1,3,5,6");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    // "The British player rolls his 5 dice and the results are 1, 1, 3, 5, 6. The results
    // yield two possible ammunition depletions and 2 hits" (range 2: hit on 4, 5 & 6).
    let result = desk_result(&harness);
    assert_eq!(result.out("hits"), 2);
    assert_eq!(result.out("ammo_checks"), 2);
}

#[test]
fn enter_in_the_dice_field_resolves() {
    let mut harness = desk_harness(Charts::shipped().expect("shipped"));
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, "dice faces");
    field.focus();
    field.type_text("1,6");
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
    // Zulus +4 roll 1: 5; British regulars +5 roll 6: 11. 5 is less than half of 11, so
    // "All bases whose combat roll ... is less than or half that of their opponents are
    // destroyed": the Zulus are destroyed.
    let result = desk_result(&harness);
    assert_eq!(result.out("loser"), "a");
    assert_eq!(result.out("result"), "destroyed");
}

/// Switches the desk to typed dice, types `faces` and clicks Resolve, as a referee does.
pub(crate) fn resolve_with_typed_faces(
    harness: &mut Harness<'_, laager::app::desk::Desk>,
    faces: &str,
) {
    harness.get_by_label("Type faces").click();
    harness.run();
    type_into(harness, "dice faces", faces);
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
}

pub(crate) fn type_into(harness: &Harness<'_, laager::app::desk::Desk>, label: &str, text: &str) {
    let field = harness.get_by_role_and_label(egui::accesskit::Role::TextInput, label);
    field.focus();
    field.type_text(text);
}

#[test]
fn mc_morale_test_asks_for_its_lost_cells_in_place_then_resolves() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::MicroColonial,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2400.0));
    harness.run();
    harness.get_by_label("Morale test").click();
    harness.run();
    // No unit is selected: the IF and the PF are asked for by name (issue 39: never
    // defaulted; they were 400 and 320), and the referee types them.
    assert_eq!(
        harness.state().mc_morale.error().as_deref(),
        Some(
            "initial FF: not given: type it, or select the unit on the table (its IF from the records)"
        )
    );
    type_into(&harness, "initial FF", "400");
    harness.run();
    type_into(&harness, "present FF", "320");
    harness.run();
    // Table 3's row and the result table's column are named as the club's chart names
    // them: with no unit selected, the referee types them (none is assumed).
    assert!(
        harness
            .state()
            .mc_morale
            .error()
            .is_some_and(|e| e.starts_with("troop type: not given")),
    );
    type_into(&harness, "troop type", "zulu");
    harness.run();
    type_into(&harness, "class", "native");
    harness.run();
    assert_eq!(harness.state().mc_morale.error(), None);
    resolve_with_typed_faces(&mut harness, "3");
    // Morale Table 3 is lost: the test asks for its cell by name (the Loss table's
    // orientation is read B by default).
    let refusal = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect_err("refused");
    let needed: Vec<String> = refusal
        .needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .collect();
    assert_eq!(needed, ["morale_random_factor:zulu:3"]);
    type_into(
        &harness,
        &cell_label(Ruleset::MicroColonial, "morale_random_factor:zulu:3"),
        "2",
    );
    harness.run();
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    // Reading B: 320 of 400 lies in 301-350, cell c6 = 73 (reconstructed, L333); the die's
    // 3 reads +2 as typed: 75, the 70+ row, GOOD in every column.
    let result = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect("resolved");
    assert_eq!(result.out("total"), 75);
    assert_eq!(result.out("result"), "good");
    assert!(
        result
            .warnings
            .iter()
            .any(|w| w.contains("morale_random_factor:zulu:3"))
    );
}

#[test]
fn vc_melee_and_hospital_fire_resolve_on_the_desk() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::VictoriaCross,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("Melee").click();
    harness.run();
    // Nothing gave the meleeing SP: the form asks for it by name, and 5 are typed.
    assert_eq!(
        harness.state().vc.input_error().as_deref(),
        Some(
            "meleeing SP: not given: type it, or select the counters on the table (their SP from the records)"
        )
    );
    type_into(&harness, "meleeing SP", "5");
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    // 5 British SP: "the British player hits the Zulu on 5 and 6".
    type_into(&harness, "dice faces", "1,4,5,6,6");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect("resolved");
    assert_eq!(result.out("hits"), 3);

    harness.get_by_label("Hospital fire").click();
    harness.run();
    harness.state_mut().dice.typed.clear();
    harness
        .state_mut()
        .vc
        .hospital
        .type_in("box the marker is in", "3");
    harness
        .get_by_label("the Zulus have meleed a hospital zone")
        .click();
    harness.run();
    type_into(&harness, "dice faces", "6");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    // "6: +3", from box 3 to box 6, past box 5: the hospital is burned down.
    let result = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect("resolved");
    assert_eq!(result.out("burned"), true);
}

#[test]
fn sotq_melee_odds_and_leader_death_resolve_on_the_desk() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::SoldiersOfTheQueen,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    // The strengths are asked for by name (none is assumed), and PART 12 B's are typed.
    assert_eq!(
        harness.state().sotq.request().err().as_deref(),
        Some(
            "attack strength: not given: The attackers' total Melee Strength (PART 12 B); \
             defence strength: not given: The defenders' total Melee Strength (PART 12 B)"
        )
    );
    type_into(&harness, "attack strength", "24");
    harness.run();
    type_into(&harness, "defence strength", "3");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    // "24-3 ... becomes 8-1" (PART 12 B).
    let result = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect("resolved");
    assert_eq!(result.out("column"), "8-1");

    harness.get_by_label("Leader death").click();
    harness.run();
    resolve_with_typed_faces(&mut harness, "6,6");
    // "a roll of 2 or 12 ... the leader is killed".
    let result = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect("resolved");
    assert_eq!(result.out("killed"), true);
}

/// The Micro Colonial desk with `procedure` chosen and typed dice `faces`.
fn mc_desk_with(procedure: &str, faces: &str) -> Harness<'static, laager::app::desk::Desk> {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::MicroColonial,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2600.0));
    harness.run();
    harness.get_by_label(procedure).click();
    harness.run();
    // The FFs and the range are the referee's to type where no table gives them (the
    // desk asks for them by name and never assumes them): a rifle volley of 250 FF at
    // 250 mm into 300 FF, a gun of 40 FF at 350 mm, a melee of 400 FF against 120, and a
    // Zulu unit of 950 FF against three sections of 10.
    let fields: &[(&str, &str)] = match procedure {
        "Fire" | "RD fire" => &[
            ("firer FF", "250"),
            ("range mm", "250"),
            ("target FF", "300"),
        ],
        "Artillery" => &[("range mm", "350"), ("gun FF", "40")],
        "Melee" => &[("A FF", "400"), ("B FF", "120")],
        "RD melee" => &[
            ("Zulu unit's present FF", "950"),
            ("sections in contact", "10, 10, 10"),
        ],
        _ => &[],
    };
    for (label, value) in fields {
        type_into(&harness, label, value);
        harness.run();
    }
    // A choice no table gives here is chosen, never assumed: the gun's crew, and the
    // rallying unit's class and command figure (levies with none, the rules' example).
    if procedure == "Jam" {
        harness.state_mut().mc_combat.jam.type_in("crew", "regular");
        harness.run();
    }
    if procedure == "Rally" {
        let rally = &mut harness.state_mut().mc_combat.rally;
        rally.type_in("class", "levies");
        rally.type_in("command", "none");
        harness.run();
    }
    harness.get_by_label("Type faces").click();
    harness.run();
    type_into(&harness, "dice faces", faces);
    harness.run();
    harness
}

/// Resolves, then types each cell a refusal asks for from `cells` and uses them for this
/// resolution, as many times as the refusals ask (the cells belong to this resolution).
fn resolve_typing(harness: &mut Harness<'_, laager::app::desk::Desk>, cells: &[(&str, &str)]) {
    harness.get_by_label("Resolve").click();
    harness.run();
    for _ in 0..4 {
        let Some(Err(refusal)) = harness.state().result.clone() else {
            return;
        };
        for needed in &refusal.needs_cells {
            let address = needed.address();
            let value = cells
                .iter()
                .find(|(a, _)| *a == address)
                .map_or_else(|| panic!("asked for {address}"), |(_, v)| *v);
            type_into(
                harness,
                &cell_label(Ruleset::MicroColonial, &address),
                value,
            );
            harness.run();
        }
        harness.get_by_label("Use for this resolution").click();
        harness.run();
    }
}

fn mc_resolved(harness: &Harness<'_, laager::app::desk::Desk>) -> laager::rules::AnyResolution {
    let desk = harness.state();
    assert_eq!(desk.message, None);
    assert_eq!(desk.cell_error, None, "the cells typed were used");
    desk.result.clone().expect("ran").expect("resolved")
}

// The desk's default fire is the CLI's rifle volley: regular infantry, 250 FF, at 250 mm
// into 300 FF of close-order natives in the open. The rifle's range (WEAPON RANGES) and
// Tables 1 and 2's cells are lost, so the fire names exactly those three; typed in place:
// "4. Add or subtract the Range and Target Factors together. 5. Throw one random factor"
// = 42 - 10 + (B4 - R2 = +2) = 34 FF lost, "recorded under the column headed D".
#[test]
fn mc_fire_asks_for_its_lost_cells_in_place_then_resolves() {
    let mut harness = mc_desk_with("Fire", "B4,R2");
    measured_on_the_table(&mut harness, 243.0);
    harness.run();
    assert!(harness.query_by_label("Odds before the roll").is_some());
    harness.get_by_label("Resolve").click();
    harness.run();
    let refusal = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect_err("refused");
    let needed: Vec<String> = refusal
        .needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .collect();
    assert_eq!(
        needed,
        [
            "weapon_ranges:rifle",
            "small_arms_range_factors:250:volley-300",
            "small_arms_target_factors:native-close-order-in-open-volley:100-399",
        ]
    );
    type_into(
        &harness,
        &cell_label(Ruleset::MicroColonial, "weapon_ranges:rifle"),
        "400",
    );
    harness.run();
    type_into(
        &harness,
        &cell_label(
            Ruleset::MicroColonial,
            "small_arms_range_factors:250:volley-300",
        ),
        "42",
    );
    harness.run();
    type_into(
        &harness,
        &cell_label(
            Ruleset::MicroColonial,
            "small_arms_target_factors:native-close-order-in-open-volley:100-399",
        ),
        "-10",
    );
    harness.run();
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    let result = mc_resolved(&harness);
    assert_eq!(result.out("range_rounded_mm"), 300);
    assert_eq!(result.out("ff_lost"), 34);
    assert_eq!(result.out("volley_losses"), 34);
    // The range measured on the table (243 mm) was used, and the first step says so.
    assert!(
        result.steps[0]
            .text
            .starts_with("from the table: range mm 243 — measured"),
        "{}",
        result.steps[0].text
    );
}

/// The range the table measured, as the engine's situation notes it in the fire's input.
fn measured_on_the_table(harness: &mut Harness<'_, laager::app::desk::Desk>, mm: f64) {
    let input = &mut harness.state_mut().mc_combat.fire.input;
    input.range_mm = mm;
    input.origins.note(
        laager::field!(laager::rules::micro_colonial::fire::FireInput: range_mm),
        "range mm",
        mm,
        laager::rules::situation::Source::Table,
        "measured from the centre of the firer to the nearest point of the target",
    );
}

// "a typed measurement wins over the plotted one, and the step says which was used".
#[test]
fn mc_fire_range_typed_by_hand_wins_over_the_plotted_one() {
    let mut harness = mc_desk_with("Fire", "B4,R2");
    measured_on_the_table(&mut harness, 243.0);
    harness.run();
    harness.state_mut().mc_combat.fire.range.text.clear();
    harness.run();
    type_into(&harness, "range mm", "260");
    harness.run();
    resolve_typing(
        &mut harness,
        &[
            ("weapon_ranges:rifle", "400"),
            ("small_arms_range_factors:250:volley-300", "42"),
            (
                "small_arms_target_factors:native-close-order-in-open-volley:100-399",
                "-10",
            ),
        ],
    );
    let result = mc_resolved(&harness);
    assert!(
        result.steps.iter().any(|s| s
            .text
            .contains("range mm 260 given by hand; the table gives 243")),
        "{:?}",
        result.steps
    );
    // 260 rounds up to 300 as 243 would: the same 34 FF.
    assert_eq!(result.out("ff_lost"), 34);
}

// Small Arms Table 3: 1 - 3 = -2 reads row -2/-3, regular crews -10: a partial jam.
#[test]
fn mc_jam_resolves_with_typed_dice_on_the_desk() {
    let mut harness = mc_desk_with("Jam", "B1,R3");
    assert!(harness.query_by_label("Odds before the roll").is_some());
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = mc_resolved(&harness);
    assert_eq!(result.out("state"), "partial");
    assert_eq!(result.out("penalty"), -10);
}

// RALLYING: levies with no command figure need 5; a 5 rallies.
#[test]
fn mc_rally_resolves_with_a_typed_die_on_the_desk() {
    let mut harness = mc_desk_with("Rally", "5");
    assert!(harness.query_by_label("Odds before the roll").is_some());
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = mc_resolved(&harness);
    assert_eq!(result.out("rallied"), true);
    assert_eq!(result.out("minimum"), 5);
}

// "A breaking unit will lose one dice x 10 fighting factors per move of rout": a 3 is 30.
#[test]
fn mc_rout_loss_resolves_with_a_typed_die_on_the_desk() {
    let mut harness = mc_desk_with("Rout loss", "3");
    // Six faces, each 1/6: 10 ... 60 FF.
    assert!(harness.query_by_label("Odds before the roll").is_some());
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = mc_resolved(&harness);
    assert_eq!(result.out("ff_lost"), 30);
}

// IN BUILDINGS: "better than +2" into an occupied room; B6 - R1 = +5 breaks in.
#[test]
fn mc_break_in_resolves_with_typed_dice_on_the_desk() {
    let mut harness = mc_desk_with("Break-in", "B6,R1");
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = mc_resolved(&harness);
    assert_eq!(result.out("success"), true);
}

// MELEE CALCULATIONS, the CLI's example: 400 native fanatics attack 120 regular infantry;
// Table 1's lost cell typed as +3/-4. A = 400 / 10 + 3 + (4 - 2) = 45; B = 120 / 10 - 4 +
// (3 - 1) = 10: "Any plus result will be the number of fighting factors lost by the
// opposing unit".
#[test]
fn mc_melee_asks_for_its_table_cell_then_resolves() {
    let mut harness = mc_desk_with("Melee", "B4,R2,B3,R1");
    harness.get_by_label("Resolve").click();
    harness.run();
    let refusal = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect_err("refused");
    let cell = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry";
    assert_eq!(refusal.needs_cells[0].address(), cell);
    type_into(&harness, &cell_label(Ruleset::MicroColonial, cell), "+3/-4");
    harness.run();
    harness.get_by_label("Use for this resolution").click();
    harness.run();
    let result = mc_resolved(&harness);
    assert_eq!(result.out("a_losses"), 10);
    assert_eq!(result.out("b_losses"), 45);
    assert_eq!(result.out("winner"), "a");
}

// Issue 39: "A field neither the table, the records nor the user has filled is asked for by
// name; it is never defaulted." The artillery form asks for the gun's FF (it was 40) once
// the range is typed, and resolves nothing until it is given.
#[test]
fn mc_artillery_asks_for_the_gun_ff_by_name() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::MicroColonial,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2600.0));
    harness.run();
    harness.get_by_label("Artillery").click();
    harness.run();
    type_into(&harness, "range mm", "350");
    harness.run();
    let form = &harness.state().mc_combat.artillery;
    assert_eq!(form.input.gun_ff, 0);
    assert_eq!(
        form.error().as_deref(),
        Some(
            "gun FF: not given: type it, or select the gun on the table (its FF from the records)"
        )
    );
    type_into(&harness, "gun FF", "40");
    harness.run();
    let form = &harness.state().mc_combat.artillery;
    assert_eq!((form.input.gun_ff, form.error()), (40, None));
}

// ARTILLERY FIRE, the CLI's example: a 6-7 pdr of 40 FF shells close-order natives at 350 mm
// from the flank; with the Shell cell 12 and the random maximum 15 typed: 12 + 8 + 40 / 10
// + min((5 - 1) x 5, 15) = 39.
#[test]
fn mc_artillery_resolves_with_its_cells_typed() {
    let mut harness = mc_desk_with("Artillery", "B5,R1");
    harness
        .state_mut()
        .mc_combat
        .artillery
        .input
        .factors
        .push("close-order-flank".to_owned());
    harness.run();
    resolve_typing(
        &mut harness,
        &[
            ("artillery_shell:400:close-order-native-6-7pdr", "12"),
            ("artillery_tactical_factors:random-factor-maximum", "15"),
        ],
    );
    let result = mc_resolved(&harness);
    assert_eq!(result.out("ff_lost"), 39);
}

// Issue 9: "every input pre-filled from the table (range ...) ... a typed measurement wins
// over the plotted one". On the Micro Colonial demo, selecting firer then target fills the
// fire's range with the table's "centre of the firing unit to the nearest point on the
// target counter".
#[test]
fn mc_fire_range_is_plotted_from_the_table_in_the_window() {
    use laager::app::{Command, LaagerApp, State};
    let state = State {
        ruleset: Ruleset::MicroColonial,
        ..State::default()
    };
    let mut app = LaagerApp::new(state, None);
    // The demo opens with a club's counter sizes typed in (the rules do not print them).
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
    app.push(Command::Select(vec![
        "1/24 A".to_owned(),
        "uKhandempemvu".to_owned(),
    ]));
    app.run_commands();
    let mut harness = Harness::new_ui_state(|ui, app: &mut LaagerApp| app.show(ui), app);
    harness.set_size(egui::vec2(1800.0, 1400.0));
    harness.run();
    let measured = harness.state().measurement().expect("measured").range.mm;
    let fire = &harness.state().desk.mc_combat.fire.input;
    assert!((fire.range_mm - f64::from(measured)).abs() < 0.05);
    assert!(fire.origins.at("/range_mm").is_some());
    // A range typed by hand stays when the records are read again (a move advanced).
    harness.state_mut().desk.mc_combat.fire.input.range_mm = 123.0;
    harness
        .state_mut()
        .session
        .act(
            laager::game::Event::MoveAdvanced
                .try_into()
                .expect("a manual event"),
        )
        .expect("logged");
    harness.run();
    let fire = &harness.state().desk.mc_combat.fire.input;
    assert!((fire.range_mm - 123.0).abs() < f64::EPSILON);
    assert!(
        fire.origin_steps()
            .iter()
            .any(|s| s.text.contains("range mm 123 given by hand"))
    );
}

/// Victoria Cross II volley: "Chard, Bromhead, Durnford, and Pulleine, may each conduct
/// volley fire with up to 4 SP plus themselves". The desk asks the engine with the SP
/// given rather than cutting them to 4 itself: 5 SP are refused, and the reason says why.
#[test]
fn vc_volley_with_more_sp_than_a_leader_leads_is_refused_by_the_engine() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::VictoriaCross,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("Volley").click();
    harness.run();
    let form = &mut harness.state_mut().vc.volley;
    form.type_in("battle", "isandlwana");
    form.type_in("infantry SP with the leader", "5");
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    type_into(&harness, "dice faces", "1,2,3,4,5");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let refusal = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect_err("refused");
    assert!(
        refusal.reason.starts_with(
            "5 infantry SP: a leader volley fires \"with up to 4 SP plus themselves\""
        ),
        "{}",
        refusal.reason
    );
}

/// Victoria Cross II's Victory Conditions on the desk (issue 20 item 10): "Hospital ...
/// 6VP", "Kraal (zones A & B) Control both kraal zones at the same time - 4VP", "The Final
/// Redoubt (zone D) - 10VP": 20 VP on turn 5, thrown with no dice; then the victory check,
/// "Zulu player earns 14 VPs", gives the Zulus the game.
#[test]
fn vc_victory_points_and_the_victory_check_resolve_on_the_desk() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::VictoriaCross,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("Victory points").click();
    harness.run();
    let points = &mut harness.state_mut().vc.points;
    points.type_in("battle", "rorkes-drift");
    points.type_in("turn just played", "5");
    harness.run();
    harness
        .get_by_label("the Zulus hold the hospital (or it burned)")
        .click();
    harness
        .get_by_label("the Zulus hold both kraal zones A and B")
        .click();
    harness
        .get_by_label("the Zulus hold the final redoubt D")
        .click();
    harness.run();
    assert!(
        harness.query_by_label("Type faces").is_none(),
        "no dice to type"
    );
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = desk_result(&harness);
    assert_eq!(result.out("total"), 20);
    harness.get_by_label("Victory").click();
    harness.run();
    // Nothing is carried over from the Victory Points form: the check's fields are typed.
    let victory = &mut harness.state_mut().vc.victory;
    victory.type_in("battle", "rorkes-drift");
    victory.type_in("turn just played", "5");
    victory.type_in("Zulu VP", "20");
    victory.type_in("British SP left", "30");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = desk_result(&harness);
    assert_eq!(result.out("winner"), "zulu");
}

/// Micro Colonial EVADING on the desk (issue 20 item 2): "Open order troops must start
/// evade a quarter of the way through the move, and may not fire during that move. They
/// may move at charge rate after allowing 10 mm to turn": starting a quarter of the way
/// through, three quarters of 60 = 45, less 10 = 35 mm, no dice.
#[test]
fn mc_evade_resolves_on_the_desk_without_dice() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::MicroColonial,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("Evade").click();
    harness.run();
    assert!(
        harness.query_by_label("Type faces").is_none(),
        "no dice to type"
    );
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = desk_result(&harness);
    assert_eq!(result.out("move_mm"), 35);
    assert_eq!(result.out("fires"), "none");
}

/// Rorke's Drift firing parties and combining on the desk (issue 20 item 1): "A firing
/// party which is not commanded by a command figure may not engage the enemy with volley
/// fire"; "at no time may a section counter have a fighting factor of more than 10".
#[test]
fn rd_firing_party_and_combine_resolve_on_the_desk() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::MicroColonial,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("Firing party").click();
    harness.run();
    harness.get_by_label("led by a command counter").click();
    harness.run();
    assert_eq!(
        harness.state().mc_procedure,
        laager::app::desk::mc_panel::McProcedure::RdFiringParty
    );
    assert!(
        harness.query_by_label("Type faces").is_none(),
        "no dice to type"
    );
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = desk_result(&harness);
    assert_eq!(result.out("may_volley"), false);
    harness.get_by_label("Combine sections").click();
    harness.run();
    // The two sections' FF are typed (no section is selected, and none is assumed).
    type_into(&harness, "FF of the section kept", "6");
    harness.run();
    type_into(&harness, "FF of the section removed", "4");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let result = desk_result(&harness);
    assert_eq!(result.out("combined_ff"), 10);
}

/// The Rorke's Drift melee on the desk (issue 20 item 1), the CLI's case of
/// `mc2::rd_combat`: "Divide all the Zulu units' present fighting factor by 10 ... Count
/// all the British sections 'full present fighting factor' ... Divide by 10 any losses
/// suffered by the defenders": 950 Zulus against sections of 10, 10 and 8 typed from the
/// right, Table 1's lost cell typed in place, and "a random factor per unit engaged" (+2
/// for the Zulus; +2, 0, 0 for the sections): the sections lose 10, split 4, 3, 3; the
/// Zulus 26. The desk's resolution is the library's for the same request.
#[test]
fn rd_melee_resolves_on_the_desk_as_the_engine_does() {
    let mut harness = mc_desk_with("RD melee", "B4,R2,B3,R1,B1,R1,B1,R1");
    "10, 10,".clone_into(&mut harness.state_mut().mc_combat.rd_melee.front.text);
    harness.run();
    type_into(&harness, "sections in contact", " 8");
    harness.run();
    let cell = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry";
    resolve_typing(&mut harness, &[(cell, "+3/-4")]);
    let result = mc_resolved(&harness);
    assert_eq!(result.out("zulu_losses"), 26);
    assert_eq!(result.out("british_losses"), 10);
    assert_eq!(result.out("section_losses"), serde_json::json!([4, 3, 3]));
    let request = harness
        .state()
        .request
        .clone()
        .expect("the request resolved");
    let mut charts = Charts::shipped().expect("shipped");
    charts
        .apply_cell_arg(Ruleset::MicroColonial, &format!("{cell}=+3/-4"))
        .expect("a cell");
    let engine = request
        .resolve_with(
            &charts,
            &laager::dice::DiceChoice::Typed("B4,R2,B3,R1,B1,R1,B1,R1".to_owned()),
        )
        .expect("resolves");
    assert_eq!(result, engine);
}

/// A section list that does not read is named before anything is resolved.
#[test]
fn rd_melee_names_a_section_that_does_not_read() {
    let mut harness = mc_desk_with("RD melee", "B4,R2,B3,R1");
    type_into(&harness, "sections in contact", ", ten");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    assert_eq!(
        harness.state().message.as_deref(),
        Some("sections in contact: 'ten' is not a whole number")
    );
}

/// Rorke's Drift fire on the desk: "Zulu rifle units will throw 2 black (plus) dice each
/// time they fire" — the Fire form's fields with the supplement's below; three faces are
/// asked for and thrown.
#[test]
fn rd_fire_throws_two_black_dice_for_zulu_rifles_on_the_desk() {
    let mut harness = mc_desk_with("RD fire", "B3,B3,R5");
    {
        let fire = &mut harness.state_mut().mc_combat.fire.input;
        fire.firer = laager::rules::micro_colonial::fire::Firer::Natives;
        fire.firer_ff = 100;
        fire.fire = laager::rules::micro_colonial::fire::FireType::Independent;
        fire.target_ff = 10;
        fire.target = laager::rules::micro_colonial::fire::Target::OtherCloseOrder;
    }
    measured_on_the_table(&mut harness, 150.0);
    harness.get_by_label("Zulu rifles").click();
    harness.run();
    resolve_typing(
        &mut harness,
        &[
            ("weapon_ranges:rifle", "400"),
            ("small_arms_range_factors:100:other-200", "2"),
            (
                "small_arms_target_factors:other-close-order-independent:1-99",
                "1",
            ),
        ],
    );
    let result = mc_resolved(&harness);
    // 2 + 1 + (B3 + B3 - R5 = 1) = 4.
    assert_eq!(result.out("ff_lost"), 4);
    assert_eq!(result.procedure, "rd-fire");
}

/// Issue 19: "the Charts tab opens a chart for transcription: the grid with editable keys
/// and values, the OCR fragment beside the row being typed, '34 of 60 cells filled', saved
/// to the club folder". Small Arms Table 1 has its 41 reconstructed cells of 60 and every
/// key lost; its second row typed as the band 101-200 and its second column as volley-200,
/// the file saved reads the reconstructed '31' (L505) there, and a club folder holding it
/// resolves a volley of 150 FF from it: 31 - 10 + (B4 - R2) = 23.
#[test]
fn a_chart_is_transcribed_on_the_charts_tab_and_saved_for_the_club() {
    use laager::app::desk::{Desk, DeskAction, DeskTab};
    let charts = Charts::shipped().expect("shipped");
    let mut desk = Desk::new(1);
    desk.tab = DeskTab::Charts;
    desk.charts.chart = Some("small_arms_range_factors".to_owned());
    let mut harness = Harness::new_ui_state(
        move |ui, (desk, actions): &mut (Desk, Vec<DeskAction>)| {
            actions.extend(desk.ui(ui, &charts, Ruleset::MicroColonial));
        },
        (desk, Vec::new()),
    );
    harness.set_size(egui::vec2(1400.0, 1200.0));
    harness.run();
    harness.get_by_label("Transcribe from the card").click();
    harness.run();
    assert!(harness.query_by_label("41 of 60 cells filled").is_some());
    let field = |harness: &Harness<'_, (Desk, Vec<DeskAction>)>, n: usize, text: &str| {
        let fields: Vec<_> = harness
            .get_all_by_role(egui::accesskit::Role::TextInput)
            .collect();
        fields[n].focus();
        fields[n].type_text(text);
    };
    // The ten column keys, then each row: its key and its ten cells.
    field(&harness, 1, "volley-200");
    harness.run();
    field(&harness, 10 + 11, "101-200");
    harness.run();
    // The row being typed shows its OCR.
    assert!(
        harness.query_by_label_contains("'31' (L505)").is_some(),
        "the OCR of the row being typed"
    );
    // A value that does not read is named, and the count follows the cells typed.
    field(&harness, 10 + 1, "x");
    harness.run();
    assert!(harness.query_by_label_contains("row 1, column 1").is_some());
    harness.get_by_label("Save to club folder").click();
    harness.run();
    let text = harness
        .state()
        .1
        .iter()
        .find_map(|a| match a {
            DeskAction::SaveChartFile { name, text, .. } if name == "small_arms_range_factors" => {
                Some(text.clone())
            }
            _ => None,
        })
        .expect("the transcription saved");
    let dir = tempfile::tempdir().expect("tempdir");
    laager::store::tables::write_chart_file(
        dir.path(),
        Ruleset::MicroColonial,
        "small_arms_range_factors",
        &text,
        laager::store::Existing::Replace,
    )
    .expect("written");
    let club = laager::store::tables::load(Some(dir.path())).expect("the club folder loads");
    let cell = club
        .chart(Ruleset::MicroColonial, "small_arms_range_factors")
        .and_then(|c| c.cell(&["101-200", "volley-200"]))
        .expect("the transcribed cell");
    assert_eq!(cell.value, Some(laager::charts::Value::Int(31)));
    assert_eq!(cell.confidence, laager::charts::Confidence::House);
    let mut club = club;
    for cell in [
        "weapon_ranges:rifle=400",
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
    ] {
        club.apply_cell_arg(Ruleset::MicroColonial, cell)
            .expect("a cell");
    }
    let fire = laager::rules::Request::MicroColonial(laager::rules::micro_colonial::Request::Fire(
        laager::rules::micro_colonial::fire::FireInput {
            firer: laager::rules::micro_colonial::fire::Firer::RegularInfantry,
            firer_ff: 150,
            weapon: laager::rules::micro_colonial::fire::Weapon::Rifle,
            fire: laager::rules::micro_colonial::fire::FireType::Volley,
            range_mm: 150.0,
            target_ff: 300,
            target: laager::rules::micro_colonial::fire::Target::NativeCloseOrderInOpen,
            in_building: false,
            initial_volley: false,
            two_unit_rear_ff: None,
            target_in_melee: None,
            melee_round: 1,
            changing_to_volley: false,
            jam_penalty: None,
            in_arc: None,
            origins: laager::rules::situation::Origins::default(),
        },
    ));
    let resolution = fire
        .resolve_with(&club, &laager::dice::DiceChoice::Typed("B4,R2".to_owned()))
        .expect("resolves");
    assert_eq!(resolution.out("ff_lost"), 23);
}

/// Victoria Cross II BAYONET CHARGE: "a British leader with up to 4 SP each can conduct a
/// bayonet charge". The desk asks the engine with the SP given rather than capping them
/// itself: 6 British SP (the leader included) are refused, and the reason says why.
#[test]
fn vc_bayonet_charge_with_more_sp_than_a_leader_leads_is_refused_by_the_engine() {
    let mut harness = ruleset_desk(
        Charts::shipped().expect("shipped"),
        Ruleset::VictoriaCross,
        1,
    );
    harness.set_size(egui::vec2(900.0, 2000.0));
    harness.run();
    harness.get_by_label("Bayonet charge").click();
    harness.run();
    let charge = &mut harness.state_mut().vc.bayonet;
    charge.type_in("battle", "isandlwana");
    charge.type_in("British SP, leader included", "6");
    charge.type_in("Zulu SP charged", "3");
    harness.run();
    harness.get_by_label("Type faces").click();
    harness.run();
    type_into(&harness, "dice faces", "1,2,3");
    harness.run();
    harness.get_by_label("Resolve").click();
    harness.run();
    let refusal = harness
        .state()
        .result
        .clone()
        .expect("ran")
        .expect_err("refused");
    assert!(
        refusal.reason.starts_with(
            "6 British SP: \"a British leader with up to 4 SP each can conduct a bayonet charge\""
        ),
        "{}",
        refusal.reason
    );
}

/// Issue 39: "a test asserts that every procedure of the description is ... a desk form".
/// Each procedure the engine lists is on its ruleset's desk under the engine's label; the
/// button chooses it, and the form then builds that procedure's request, or names the
/// field it still needs.
#[test]
fn every_procedure_of_the_catalogue_is_on_the_desk() {
    for ruleset in Ruleset::ALL {
        let mut harness = ruleset_desk(Charts::shipped().expect("shipped"), ruleset, 1);
        harness.set_size(egui::vec2(1400.0, 3000.0));
        harness.run();
        for described in laager::rules::descriptions(ruleset) {
            let button = harness
                .query_all_by(|node| {
                    node.role() == egui::accesskit::Role::Button
                        && node.label().as_deref() == Some(described.label)
                })
                .next()
                .unwrap_or_else(|| panic!("{}: no button {:?}", ruleset.id(), described.label));
            button.click();
            harness.run();
            let chosen = harness.state().procedure(ruleset);
            assert_eq!(chosen.name, described.name, "{}", described.label);
            match harness.state().current_request(ruleset) {
                Ok((request, throws)) => {
                    assert_eq!(request.procedure(), described.name);
                    assert_eq!(throws, described.throws, "{}", described.name);
                }
                Err(asked) => assert!(!asked.is_empty(), "{}", described.name),
            }
        }
    }
}

/// Issue 39: "A field neither the table, the records nor the user has filled is asked for
/// by name; it is never defaulted." On a desk with no table and no records, each of these
/// procedures refuses to build its request and names the first number it lacks (each had
/// a made-up starting value: 250 or 400 FF, 5 SP, range 2 ...).
#[test]
fn a_desk_with_nothing_given_names_what_each_procedure_lacks() {
    let asks: &[(Ruleset, &str, &str)] = &[
        (Ruleset::MicroColonial, "Melee", "A FF"),
        (Ruleset::MicroColonial, "Morale test", "initial FF"),
        (Ruleset::MicroColonial, "Loss factor", "initial FF"),
        (Ruleset::MicroColonial, "Z marker", "Zulu unit's present FF"),
        (Ruleset::MicroColonial, "RD melee", "Zulu unit's present FF"),
        (
            Ruleset::MicroColonial,
            "Combine sections",
            "FF of the section kept",
        ),
        (Ruleset::DbaZulu, "Victory", "bases (no baggage)"),
        (Ruleset::SoldiersOfTheQueen, "Hex range", "from hex"),
        (Ruleset::SoldiersOfTheQueen, "Melee odds", "attack strength"),
        (Ruleset::VictoriaCross, "British fire", "firing SP"),
        (Ruleset::VictoriaCross, "Volley", "battle"),
        (Ruleset::VictoriaCross, "Ammunition", "1s to re-roll"),
        (Ruleset::VictoriaCross, "Melee", "meleeing SP"),
        (Ruleset::VictoriaCross, "Bayonet charge", "battle"),
        (Ruleset::VictoriaCross, "Melee exchange", "Zulu meleeing SP"),
        (Ruleset::VictoriaCross, "Victory", "battle"),
        (Ruleset::VictoriaCross, "Replacements", "units"),
        (
            Ruleset::VictoriaCross,
            "Alternate victory",
            "British SP left at game end",
        ),
    ];
    for (ruleset, label, field) in asks {
        let mut harness = ruleset_desk(Charts::shipped().expect("shipped"), *ruleset, 1);
        harness.set_size(egui::vec2(1400.0, 3000.0));
        harness.run();
        harness
            .query_all_by(|node| {
                node.role() == egui::accesskit::Role::Button
                    && node.label().as_deref() == Some(*label)
            })
            .next()
            .unwrap_or_else(|| panic!("no button {label}"))
            .click();
        harness.run();
        let Err(asked) = harness.state().current_request(*ruleset) else {
            panic!("{label}: resolved with nothing given");
        };
        assert!(
            asked.starts_with(&format!("{field}: not given: ")),
            "{label}: {asked}"
        );
    }
}
