//! One test per row of the troop types table ("Troop type Combat Range Move Destroyed if
//! beat by") with its set-up chart entry ("Troop type Base Depth # figures (15mm)") and
//! its pursuit duty, each resolved once to show the row at work.

use super::{charts, charts_with, combat, in_contact, out, roll, says, try_roll_with, verdict};
use crate::support::assert_refused;
use laager::Ruleset;
use laager::charts::Value;
use serde_json::json;

/// The row as the shipped chart holds it: combat, range, move, depth, figures, pursuit.
fn row(id: &str) -> (Value, Value, Value, Option<Value>, Option<Value>, Value) {
    let charts = charts();
    let chart = charts
        .chart(Ruleset::DbaZulu, "troop_types")
        .expect("troop_types");
    let get = |field: &str| {
        chart
            .cell(&[id, field])
            .unwrap_or_else(|| panic!("{id}:{field}"))
            .value
            .clone()
    };
    (
        get("combat").expect("combat"),
        get("range_in").expect("range"),
        get("move_in").expect("move"),
        get("base_depth_mm"),
        get("figures"),
        get("pursuit").expect("pursuit"),
    )
}

fn text(t: &str) -> Value {
    Value::Text(t.to_owned())
}

#[test]
fn british_regulars_plus5_4in_2in_destroyed_by_zulus_in_melee_only() {
    // "British Regulars + 5 4" 2" Zulus, Zulu Rifles (Melee only); otherwise recoil";
    // set-up "British Regulars 15mm 4"; they "may pursue".
    assert_eq!(
        row("british-regulars"),
        (
            Value::Int(5),
            Value::Number(4.0),
            Value::Number(2.0),
            Some(Value::Int(15)),
            Some(Value::Int(4)),
            text("may")
        )
    );
    // Zulus 4+6 = 10 beat Regulars 5+4 = 9 in close combat: destroyed by the entry.
    let r = roll(&combat("close", "zulus", "british-regulars", &[]), 6, 4);
    assert_eq!(verdict(&r), (10, 9, json!("b"), "destroyed".into()));
    // Zulu rifles 2+6 = 8 beat Regulars 5+2 = 7 by fire: "(Melee only)", and 7 > 8/2: recoil 15 mm.
    let r = roll(
        &combat("ranged", "zulu-rifles", "british-regulars", &[]),
        6,
        2,
    );
    assert_eq!(verdict(&r), (8, 7, json!("b"), "recoil".into()));
    assert_eq!(out(&r, "displace_mm"), json!(15.0));
}

#[test]
fn cavalry_plus2_destroyed_by_any_when_in_rough_otherwise_recoil() {
    // "Cavalry + 2 2" 4" any and in rough; otherwise recoil"; set-up "Cavalry 30mm 3".
    assert_eq!(
        row("cavalry"),
        (
            Value::Int(2),
            Value::Number(2.0),
            Value::Number(4.0),
            Some(Value::Int(30)),
            Some(Value::Int(3)),
            text("may")
        )
    );
    // Zulus 4+1 = 5 v Cavalry 2+2 = 4: not half (8 > 5), not in rough: recoil one base depth, 30 mm.
    let r = roll(&combat("close", "zulus", "cavalry", &[]), 1, 2);
    assert_eq!(verdict(&r), (5, 4, json!("b"), "recoil".into()));
    assert_eq!(out(&r, "displace_mm"), json!(30.0));
    // In rough: 2 - 2 + 4 = 4 against 5: beaten by any while in rough: destroyed.
    let r = roll(&combat("close", "zulus", "cavalry", &["b:rough"]), 1, 4);
    assert_eq!(verdict(&r), (5, 4, json!("b"), "destroyed".into()));
}

/// Issue 19: "Lancers' base depth is the Cavalry row's 30 mm as reconstructed
/// ('CAVALRY: Examples include Lancers and Dragoons')".
#[test]
fn lancers_plus3_no_range_must_pursue_and_their_depth_is_the_cavalry_rows() {
    // "Lancers + 3 none 4" any and in rough; otherwise recoil"; "Lancers ... must advance";
    // the set-up chart has no Lancers row.
    let (combat_factor, range, moves, depth, figures, pursuit) = row("lancers");
    assert_eq!(
        (combat_factor, range, moves, pursuit),
        (Value::Int(3), Value::None, Value::Number(4.0), text("must"))
    );
    assert_eq!((depth, figures), (Some(Value::Int(30)), None));
    // "Bases may engage in fire combat up to the limit of their listed range": none.
    let refused = try_roll_with(&charts(), &combat("ranged", "lancers", "zulus", &[]), 3, 3)
        .expect_err("no range");
    assert_refused(
        &refused,
        laager::resolution::RefusalKind::NotAllowed,
        "Troop type Combat Range Move Destroyed if beat by",
    );
    assert_eq!(
        refused.rule.cell.as_deref(),
        Some("troop_types:lancers:range_in")
    );
    // Lancers 3+6 = 9 beat NNC 2+1 = 3 (half or less: destroyed); they must pursue one base
    // depth, read as the Cavalry row's 30 mm, with a warning.
    let r = roll(&combat("close", "lancers", "nnc", &[]), 6, 1);
    assert_eq!(verdict(&r), (9, 3, json!("b"), "destroyed".into()));
    assert_eq!(
        (out(&r, "pursuit"), out(&r, "pursuit_mm")),
        (json!("must"), json!(30.0))
    );
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("used reconstructed cell troop_types:lancers:base_depth_mm"))
    );
}

#[test]
fn light_horse_plus2_5in_flee_6in_when_halved_by_zulus_in_close_combat() {
    // "Light Horse + 2 2" 5" any and in rough; otherwise recoil"; "Light Horse 30mm 2";
    // "except Light Horse in close combat with Zulus. In this case, they flee 6"."
    assert_eq!(
        row("light-horse"),
        (
            Value::Int(2),
            Value::Number(2.0),
            Value::Number(5.0),
            Some(Value::Int(30)),
            Some(Value::Int(2)),
            text("must")
        )
    );
    // Zulus 4+6 = 10 v Light Horse 2+1 = 3: 3 <= 5: flee, one base depth (30) then 6" (152.4 mm).
    let r = roll(&combat("close", "zulus", "light-horse", &[]), 6, 1);
    assert_eq!(verdict(&r), (10, 3, json!("b"), "flee".into()));
    assert_eq!(
        (out(&r, "displace_mm"), out(&r, "flee_mm")),
        (json!(30.0), json!(152.4))
    );
}

#[test]
fn dismounted_light_horse_plus4_3in_range_always_recoil() {
    // "Dismounted Light Horse + 4 3" 2" recoil"; not in the set-up chart.
    let (combat_factor, range, moves, depth, _, pursuit) = row("dismounted-light-horse");
    assert_eq!(
        (combat_factor, range, moves, depth, pursuit),
        (
            Value::Int(4),
            Value::Number(3.0),
            Value::Number(2.0),
            None,
            text("may")
        )
    );
    // Zulus 4+5 = 9 v DLH 4+1 = 5: 10 > 9, "recoil": needs the unknown depth, typed here as 15.
    let charts = charts_with("troop_types:dismounted-light-horse:base_depth_mm=15");
    let r = try_roll_with(
        &charts,
        &combat("close", "zulus", "dismounted-light-horse", &[]),
        5,
        1,
    )
    .expect("resolves");
    assert_eq!(verdict(&r), (9, 5, json!("b"), "recoil".into()));
    assert_eq!(out(&r, "displace_mm"), json!(15.0));
}

#[test]
fn nnc_plus2_destroyed_by_zulu_rifles_in_melee() {
    // "NNC + 2 none 3" Zulus, Zulu rifles (Melee only); otherwise recoil"; "Natal Native Contingent 20mm 3".
    assert_eq!(
        row("nnc"),
        (
            Value::Int(2),
            Value::None,
            Value::Number(3.0),
            Some(Value::Int(20)),
            Some(Value::Int(3)),
            text("may")
        )
    );
    // Zulu rifles 2+3 = 5 v NNC 2+2 = 4 in close combat: listed, melee: destroyed.
    let r = roll(&combat("close", "zulu-rifles", "nnc", &[]), 3, 2);
    assert_eq!(verdict(&r), (5, 4, json!("b"), "destroyed".into()));
}

#[test]
fn zulus_plus4_3in_4in_in_the_horns_destroyed_by_gatlings() {
    // "Zulus +4 none 3"(4")* Gatling guns; otherwise recoil"; "Zulus 15mm 4".
    assert_eq!(
        row("zulus"),
        (
            Value::Int(4),
            Value::None,
            Value::Number(3.0),
            Some(Value::Int(15)),
            Some(Value::Int(4)),
            text("must")
        )
    );
    let charts = charts();
    let horns = charts
        .chart(Ruleset::DbaZulu, "troop_types")
        .and_then(|c| c.cell(&["zulus", "horns_move_in"]))
        .and_then(|c| c.value.clone());
    assert_eq!(horns, Some(Value::Number(4.0)));
    // Gatling 6+6 = 12 fires at Zulus 4+4 = 8: 16 > 12, but listed: destroyed, forward base only.
    let r = roll(&combat("ranged", "gatling", "zulus", &[]), 6, 4);
    assert_eq!(verdict(&r), (12, 8, json!("b"), "destroyed".into()));
    assert!(says(&r, "only the forward base"));
}

#[test]
fn zulu_rifles_plus2_2in_must_pursue_in_close_combat_only() {
    // "Zulu rifles +2 2" 3" Gatling guns; otherwise recoil"; "Zulu Rifles 20mm 2";
    // "Zulu Rifles ( in close combat only )".
    assert_eq!(
        row("zulu-rifles"),
        (
            Value::Int(2),
            Value::Number(2.0),
            Value::Number(3.0),
            Some(Value::Int(20)),
            Some(Value::Int(2)),
            text("must-close-combat")
        )
    );
    // Close: Zulu rifles 2+6 = 8 v NNC 2+3 = 5: NNC destroyed; the rifles must advance 20 mm.
    let r = roll(&combat("close", "zulu-rifles", "nnc", &[]), 6, 3);
    assert_eq!(
        (out(&r, "pursuit"), out(&r, "pursuit_mm")),
        (json!("must"), json!(20.0))
    );
    // Ranged: 8 v Regulars 5+2 = 7: recoil, and no pursuit after ranged combat.
    let r = roll(
        &combat("ranged", "zulu-rifles", "british-regulars", &[]),
        6,
        2,
    );
    assert_eq!(out(&r, "pursuit"), json!(null));
}

#[test]
fn artillery_plus3_8in_destroyed_by_any_in_contact_never_pursues() {
    // "Artillery +3 8" 2" any in contact"; "Artillery 40mm 1"; "never pursue".
    assert_eq!(
        row("artillery"),
        (
            Value::Int(3),
            Value::Number(8.0),
            Value::Number(2.0),
            Some(Value::Int(40)),
            Some(Value::Int(1)),
            text("never")
        )
    );
    // Zulu rifles 2+5 = 7 fire at artillery 3+2 = 5: 10 > 7, not in contact: recoil 40 mm.
    let r = roll(&combat("ranged", "zulu-rifles", "artillery", &[]), 5, 2);
    assert_eq!(verdict(&r), (7, 5, json!("b"), "recoil".into()));
    assert_eq!(out(&r, "displace_mm"), json!(40.0));
    // The same at bases in contact: destroyed.
    let r = roll(
        &in_contact(combat("ranged", "zulu-rifles", "artillery", &[])),
        5,
        2,
    );
    assert_eq!(out(&r, "result"), json!("destroyed"));
}

#[test]
fn gatling_plus6_4in_jams_on_an_unmodified_one() {
    // "Gatling Gun +6 4" 2" any in contact"; "Gatling Guns 40mm 1"; "Gatling guns jam whenever
    // they roll an unmodified 1 in combat".
    assert_eq!(
        row("gatling"),
        (
            Value::Int(6),
            Value::Number(4.0),
            Value::Number(2.0),
            Some(Value::Int(40)),
            Some(Value::Int(1)),
            text("never")
        )
    );
    // Gatling 6+1 = 7 v Zulus 4+3 = 7: a tie, and the Gatling jams.
    let r = roll(&combat("ranged", "gatling", "zulus", &[]), 1, 3);
    assert_eq!(verdict(&r), (7, 7, json!(null), "no_result".into()));
    assert_eq!(out(&r, "jammed"), json!(["a"]));
}

#[test]
fn rockets_plus1_6in_range() {
    // "Rockets +1 6" 2" any in contact"; "Rocket Batteries 40mm 1".
    assert_eq!(
        row("rockets"),
        (
            Value::Int(1),
            Value::Number(6.0),
            Value::Number(2.0),
            Some(Value::Int(40)),
            Some(Value::Int(1)),
            text("never")
        )
    );
    // Rockets 1+6 = 7 at Zulus 4+2 = 6: Zulus recoil one base depth, 15 mm.
    let r = roll(&combat("ranged", "rockets", "zulus", &[]), 6, 2);
    assert_eq!(verdict(&r), (7, 6, json!("b"), "recoil".into()));
    assert_eq!(out(&r, "displace_mm"), json!(15.0));
}

#[test]
fn baggage_train_plus0_destroyed_by_any_in_contact() {
    // "Baggage Train +0 none 2" any in contact"; set-up "Baggage Train as required 1".
    assert_eq!(
        row("baggage-train"),
        (
            Value::Int(0),
            Value::None,
            Value::Number(2.0),
            Some(Value::None),
            Some(Value::Int(1)),
            text("may")
        )
    );
    // Zulus 4+1 = 5 v baggage 0+4 = 4: 8 > 5, but beaten in contact: destroyed.
    let r = roll(&combat("close", "zulus", "baggage-train", &[]), 1, 4);
    assert_eq!(verdict(&r), (5, 4, json!("b"), "destroyed".into()));
}

#[test]
fn camp_plus0_cannot_recoil_when_shot_not_in_contact() {
    // "Camp,Kraal +0 none none any in contact".
    assert_eq!(row("camp").0, Value::Int(0));
    assert_eq!((row("camp").1, row("camp").2), (Value::None, Value::None));
    // Zulu rifles 2+3 = 5 v camp 0+3 = 3: 6 > 5, not in contact, so not destroyed; "Recoil:
    // Losing unit displaces one base depth back", but a camp's move is "none": it stays
    // (issue 20: "a camp, kraal or laager cannot recoil").
    let r = roll(&combat("ranged", "zulu-rifles", "camp", &[]), 3, 3);
    assert_eq!(verdict(&r), (5, 3, json!("b"), "stays".into()));
    assert_eq!(out(&r, "displace_mm"), json!(null));
    assert!(says(&r, "cannot recoil: its move is 'none'"));
}

#[test]
fn kraal_plus0_destroyed_by_any_in_contact() {
    // "Camp,Kraal +0 none none any in contact".
    assert_eq!(
        (row("kraal").0, row("kraal").2),
        (Value::Int(0), Value::None)
    );
    // Regulars 5+1 = 6 v kraal 0+4 = 4: 8 > 6, in contact: destroyed.
    let r = roll(&combat("close", "british-regulars", "kraal", &[]), 1, 4);
    assert_eq!(verdict(&r), (6, 4, json!("b"), "destroyed".into()));
}

#[test]
fn laager_is_the_camp_at_plus2() {
    // "Laager +2 none none any in contact"; "( + 2 defending in close combat )".
    assert_eq!(
        (row("laager").0, row("laager").2),
        (Value::Int(2), Value::None)
    );
    // Zulus 4+3 = 7 v laager 2+4 = 6: the laager is beaten in contact: destroyed.
    let r = roll(&combat("close", "zulus", "laager", &[]), 3, 4);
    assert_eq!(verdict(&r), (7, 6, json!("b"), "destroyed".into()));
    // Zulus 4+3 = 7 v laager 2+5 = 7: a tie where the plain camp (0+5 = 5) would have lost.
    let r = roll(&combat("close", "zulus", "laager", &[]), 3, 5);
    assert_eq!(out(&r, "result"), json!("no_result"));
}
