//! Property tests of the dice: exact buckets against convolution, random factors, and
//! typed faces that never get consumed by a failed throw.

use laager::dice::micro_colonial::{self as mc, SameColour};
use laager::dice::victoria_cross as vc;
use laager::dice::{DiceSource, Dist, EnteredDice, SeededDice};
use proptest::prelude::*;

proptest! {
    #[test]
    fn binomial_matches_convolution(n in 0u32..80, hit in 1u8..=6) {
        let one = Dist::d6().map(|f| i64::from(f >= i64::from(hit)));
        let reference = one.repeat_sum(n as usize);
        let fast = vc::bucket_dist(n, hit);
        for k in 0..=i64::from(n) {
            prop_assert!((fast.p(k) - reference.p(k)).abs() < 1e-12);
        }
    }

    #[test]
    fn random_factor_value_is_black_less_red(b in 1u8..=6, r in 1u8..=6) {
        let mut dice = EnteredDice::parse(&format!("R{r},B{b}")).expect("faces");
        let rf = mc::random_factor(&mut dice, 1, 1, SameColour::Sum).expect("thrown");
        prop_assert_eq!(rf.result, i64::from(b) - i64::from(r));
    }

    #[test]
    fn seeded_random_factors_stay_in_the_distribution(seed in any::<u64>()) {
        let d = mc::random_factor_dist(2, 1, SameColour::Sum);
        let rf = mc::random_factor(&mut SeededDice::new(seed), 2, 1, SameColour::Sum)
            .expect("seeded");
        prop_assert!(d.p(rf.result) > 0.0);
    }

    #[test]
    fn a_failed_throw_consumes_no_typed_face(faces in proptest::collection::vec(1u8..=6, 0..6)) {
        let mut dice = EnteredDice::from_faces(&faces).expect("valid faces");
        // One die more than typed: always too few.
        let wanted = vec![None; faces.len() + 1];
        prop_assert!(dice.throw(&wanted).is_err());
        prop_assert_eq!(dice.unused(), faces.len());
    }
}
