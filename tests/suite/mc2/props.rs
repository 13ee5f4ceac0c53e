//! Properties: the range rounding of SMALL ARMS FIRE 1 ("round off to the nearest 100
//! upwards") and exact fire odds summing to 1 whatever the factors.

use laager::charts::Charts;
use laager::rules::Procedure;
use laager::rules::micro_colonial::fire::{self, Fire, FireInput, FireType, Firer, Target, Weapon};
use laager::ruleset::Ruleset;
use proptest::prelude::*;

proptest! {
    #[test]
    fn a_rounded_range_is_the_next_hundred_at_or_above(range in 0.0_f64..2000.0) {
        let rounded = fire::round_range(range);
        prop_assert_eq!(rounded % 100, 0);
        #[allow(clippy::cast_precision_loss)]
        let r = rounded as f64;
        prop_assert!(r >= range);
        prop_assert!(r - range < 100.0 || rounded == 100);
    }

    #[test]
    fn fire_odds_sum_to_one(
        ff in 1_u32..2000,
        range_factor in -50_i64..100,
        target_factor in -70_i64..1,
        mounted in any::<bool>(),
    ) {
        let mut charts = Charts::shipped().expect("shipped charts");
        charts
            .apply_cell_arg(
                Ruleset::MicroColonial,
                &format!("small_arms_target_factors:mounted-independent:1-99={target_factor}"),
            )
            .expect("target cell");
        charts
            .apply_cell_arg(
                Ruleset::MicroColonial,
                &format!("small_arms_range_factors:{ff}:independent-200={range_factor}"),
            )
            .expect("range cell");
        let request = FireInput {
            firer: if mounted { Firer::Mounted } else { Firer::OpenOrderInfantry },
            firer_ff: ff,
            weapon: Weapon::Musket,
            fire: FireType::Independent,
            range_mm: 150.0,
            target_ff: 50,
            target: Target::Mounted,
            in_building: false,
            initial_volley: false,
            two_unit_rear_ff: None,
            target_in_melee: None,
            melee_round: 1,
            changing_to_volley: false,
            jam_penalty: None,
            in_arc: None,
            origins: laager::rules::situation::Origins::default(),
        };
        let odds = Fire::odds(&charts, &request).expect("fire throws dice").expect("odds");
        prop_assert!((odds.total() - 1.0).abs() < 1e-9);
    }
}
