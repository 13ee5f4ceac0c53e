//! EVADING (L131): "Artillery crews and open order troops may attempt to evade an attacker
//! even in their firing turn. Open order troops must start evade a quarter of the way
//! through the move, and may not fire during that move. They may move at charge rate after
//! allowing 10 mm to turn. Artillery crews will be able to fire, if their morale allows, at
//! either the quarter or half way point of the move, before starting their evade action.
//! Artillery crews evading and unable to limber up will abandon their guns and move at open
//! order charge rate." Open order infantry's charge rate is 60 mm (Movement, L23-L40).
//! Through the library (`evade::Evade`); `cli_contract` keeps `laager mc evade`'s flags.

use super::{charts_with, refuse, resolve};
use crate::support::OutcomeKeys;
use laager::resolution::RefusalKind;
use laager::rules::micro_colonial::evade::{Evade, EvadeInput, Evader, FirePoint};

fn evader(evader: Evader) -> EvadeInput {
    EvadeInput {
        evader,
        cannot_limber: false,
        morale_forbids_fire: false,
        gun: None,
        origins: laager::rules::situation::Origins::default(),
    }
}

// Open order: "must start evade a quarter of the way through the move", so three quarters
// of the move are left at charge rate, 3/4 of 60 = 45 mm, "after allowing 10 mm to turn":
// 35 mm, and no fire.
#[test]
fn open_order_troops_evade_at_charge_rate_less_the_turn_without_firing() {
    let resolution = resolve::<Evade>(&charts_with(&[]), &evader(Evader::OpenOrder), "");
    let o = &resolution.outcome;
    assert_eq!(o.move_mm, Some(35));
    assert_eq!(o.fires, FirePoint::None);
    assert!(o.starts_at_quarter);
    assert!(!o.abandons_guns);
    assert_eq!(resolution.out("fires"), "none");
}

// A crew unable to limber abandons its guns and moves at open order charge rate, 60 mm,
// having fired first at the quarter or half way point; one whose morale forbids fire does
// not fire; one that limbers takes its guns, at their action move ("Action moves ... must
// include either limbering or unlimbering"): horse guns 160 mm.
#[test]
fn an_artillery_crew_fires_first_and_abandons_guns_it_cannot_limber() {
    let stuck = EvadeInput {
        cannot_limber: true,
        ..evader(Evader::ArtilleryCrew)
    };
    let o = resolve::<Evade>(&charts_with(&[]), &stuck, "").outcome;
    assert_eq!(o.move_mm, Some(60));
    assert_eq!(o.fires, FirePoint::QuarterOrHalf);
    assert!(o.abandons_guns);
    let shaken = EvadeInput {
        morale_forbids_fire: true,
        gun: Some(laager::rules::micro_colonial::movement::Troop::HorseGun),
        ..evader(Evader::ArtilleryCrew)
    };
    let o = resolve::<Evade>(&charts_with(&[]), &shaken, "").outcome;
    assert_eq!(o.fires, FirePoint::None);
    assert_eq!(o.move_mm, Some(160));
    assert!(!o.abandons_guns);
}

// Only crews limber: open order troops told they cannot is bad input, by EVADING.
#[test]
fn limbering_is_a_crews_matter() {
    let input = EvadeInput {
        cannot_limber: true,
        ..evader(Evader::OpenOrder)
    };
    let refusal = refuse::<Evade>(&charts_with(&[]), &input, "");
    assert_eq!(refusal.kind, RefusalKind::BadInput, "{refusal:?}");
    assert_eq!(refusal.rule.section, "EVADING", "{refusal:?}");
}

/// `laager mc evade` as spelled, and exit code 2 with the refusal's kind.
mod cli_contract {
    use super::super::mc_json;

    #[test]
    fn the_evade_flags_as_spelled() {
        let (code, v) = mc_json(&["evade", "--evader", "artillery-crew", "--cannot-limber"]);
        assert_eq!(code, Some(0), "{v}");
        assert_eq!(v["outcome"]["move_mm"], 60);
        assert_eq!(v["outcome"]["fires"], "quarter-or-half");
        assert_eq!(v["outcome"]["abandons_guns"], true);
        let (_, v) = mc_json(&["evade", "--evader", "open-order"]);
        assert_eq!(v["outcome"]["starts_at_quarter"], true);
    }

    #[test]
    fn a_refused_evade_exits_2_with_its_kind() {
        let (code, v) = mc_json(&["evade", "--evader", "open-order", "--cannot-limber"]);
        assert_eq!(code, Some(2));
        assert_eq!(v["refusal"]["kind"], "bad_input");
    }
}
