//! EVADING (L131): "Artillery crews and open order troops may attempt to evade an attacker
//! even in their firing turn. Open order troops must start evade a quarter of the way
//! through the move, and may not fire during that move. They may move at charge rate after
//! allowing 10 mm to turn. Artillery crews will be able to fire, if their morale allows, at
//! either the quarter or half way point of the move, before starting their evade action.
//! Artillery crews evading and unable to limber up will abandon their guns and move at open
//! order charge rate." Open order infantry's charge rate is 60 mm (Movement, L23-L40).

use super::mc_json;

// Open order: a quarter of the way in, no fire, 60 mm less the 10 mm turn = 50 mm.
#[test]
fn open_order_troops_evade_at_charge_rate_less_the_turn_without_firing() {
    let (code, v) = mc_json(&["evade", "--evader", "open-order"]);
    assert_eq!(code, Some(0), "{v}");
    let o = &v["outcome"];
    assert_eq!(o["move_mm"], 50);
    assert_eq!(o["fires"], "none");
    assert_eq!(o["starts_at_quarter"], true);
    assert_eq!(o["abandons_guns"], false);
}

// A crew unable to limber abandons its guns and moves at open order charge rate, 60 mm,
// having fired first at the quarter or half way point; one whose morale forbids fire does
// not fire; one that limbers takes its guns, at a rate the text does not give (null).
#[test]
fn an_artillery_crew_fires_first_and_abandons_guns_it_cannot_limber() {
    let (code, v) = mc_json(&["evade", "--evader", "artillery-crew", "--cannot-limber"]);
    assert_eq!(code, Some(0), "{v}");
    let o = &v["outcome"];
    assert_eq!(o["move_mm"], 60);
    assert_eq!(o["fires"], "quarter-or-half");
    assert_eq!(o["abandons_guns"], true);
    let (_, v) = mc_json(&[
        "evade",
        "--evader",
        "artillery-crew",
        "--morale-forbids-fire",
    ]);
    assert_eq!(v["outcome"]["fires"], "none");
    assert_eq!(v["outcome"]["move_mm"], serde_json::Value::Null);
    assert_eq!(v["outcome"]["abandons_guns"], false);
}

// Only crews limber: open order troops told they cannot is bad input, exit 2.
#[test]
fn limbering_is_a_crews_matter() {
    let (code, v) = mc_json(&["evade", "--evader", "open-order", "--cannot-limber"]);
    assert_eq!(code, Some(2));
    assert_eq!(v["refusal"]["kind"], "bad_input");
}
