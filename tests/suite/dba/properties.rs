//! Properties over every matchup and flag: the odds sum to 1, and every roll resolves to an
//! outcome the odds give a chance to (or refuses for a base depth no one can read), with
//! totals that differ from roll to roll by the dice alone.

use super::charts;
use laager::dice::EnteredDice;
use laager::rules::Procedure;
use laager::rules::dba_zulu::{Combat, CombatInput, CombatKind, Contact, ModifierName, TroopType};
use proptest::prelude::*;

fn situation() -> impl Strategy<Value = CombatInput> {
    (
        any::<bool>(),
        0..TroopType::ALL.len(),
        0..TroopType::ALL.len(),
        0..3usize,
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec((any::<bool>(), 0..ModifierName::ALL.len(), 0..3u32), 0..5),
    )
        .prop_map(|(close, a, b, edge, touching, holds, flags)| {
            let kind = if close {
                CombatKind::Close
            } else {
                CombatKind::Ranged
            };
            let mut s = CombatInput::new(kind, TroopType::ALL[a], TroopType::ALL[b]);
            s.in_contact = !close && touching;
            s.contact = [Contact::Front, Contact::Flank, Contact::Rear][edge];
            if !close && !touching {
                s.contact = Contact::Front;
            }
            s.b_holds_fire = !close && holds;
            s.b_returns_fire = !close && !holds;
            for (on_a, m, n) in flags {
                let name = ModifierName::ALL[m];
                let mods = if on_a { &mut s.a.mods } else { &mut s.b.mods };
                // Flags given twice or with a count they cannot take are input errors.
                let _ = mods.set(name, n.max(1));
            }
            if s.a.mods.higher_ground && s.b.mods.higher_ground {
                s.b.mods.higher_ground = false;
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_roll_lands_on_an_outcome_the_odds_allow(s in situation()) {
        let charts = charts();
        let Some(Ok(odds)) = Combat::odds(&charts, &s) else {
            // Only a firer with no range, or a Zulu player's base in square ("British
            // formations can be: ... SQUARE"), is refused before the dice.
            let zulu_square = [&s.a, &s.b]
                .iter()
                .any(|side| side.mods.square && side.troop.is_zulu());
            prop_assert!(s.kind == CombatKind::Ranged || zulu_square);
            return Ok(());
        };
        prop_assert!((odds.total() - 1.0).abs() < 1e-12);
        // The modifiers do not depend on the dice: a's total less b's, less the dice, is one number.
        let mut gap = None;
        for x in 1..=6u8 {
            for y in 1..=6u8 {
                let mut dice = EnteredDice::from_faces(&[x, y]).expect("faces");
                match Combat::resolve(&charts, &s, &mut dice) {
                    Ok(r) => {
                        let loser = r.outcome.loser.map_or("none", |l| l.name());
                        let label = format!("{loser}:{}", r.outcome.result.name());
                        prop_assert!(odds.probability(&label.clone().into()) > 0.0, "{label} not in {odds:?}");
                        let (a, b) = (r.outcome.a_total, r.outcome.b_total);
                        let this = a - b - (i64::from(x) - i64::from(y));
                        prop_assert_eq!(*gap.get_or_insert(this), this);
                    }
                    Err(refusal) => prop_assert!(!refusal.needs_cells.is_empty(), "{}", refusal.reason),
                }
            }
        }
    }
}
