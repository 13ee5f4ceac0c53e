//! Ranged combat against the measured distance: "Bases may engage in fire combat up to the
//! limit of their listed range" (Ranged Combat), the range in the troop table in inches,
//! scaled with the figures when `scale_distances` is yes ("If you use 25mm, I suggest
//! multiplying all of these dimensions by 1.5").

use super::{charts, combat, roll, says, try_roll_with};
use crate::support::assert_refused;

/// Cavalry "+ 2 2" 4"": a 2" range, 50.8 mm at 15 mm.
#[test]
fn fire_at_the_limit_of_the_listed_range_resolves() {
    let mut s = combat("ranged", "cavalry", "zulus", &[]);
    s.range_mm = Some(50.8);
    let r = roll(&s, 4, 4);
    assert!(
        says(
            &r,
            "50.8 mm apart, within its listed range 2\" = 50.8 mm at 15mm"
        ),
        "{:#?}",
        r.steps
    );
}

#[test]
fn fire_beyond_the_listed_range_is_refused_naming_both_distances() {
    let mut s = combat("ranged", "cavalry", "zulus", &[]);
    s.range_mm = Some(51.0);
    let refusal = try_roll_with(&charts(), &s, 4, 4).expect_err("out of range");
    assert_refused(
        &refusal,
        laager::resolution::RefusalKind::OutOfRange,
        "Ranged Combat",
    );
    // Both distances are named only in the reason: the test is that they are named.
    assert!(
        refusal
            .reason
            .contains("the bases are 51 mm apart, beyond its listed range 2\" = 50.8 mm at 15mm"),
        "{}",
        refusal.reason
    );
    assert_eq!(
        refusal.rule.cell.as_deref(),
        Some("troop_types:cavalry:range_in")
    );
}

/// At 25 mm with distances scaled, 2" becomes 3" = 76.2 mm.
#[test]
fn the_listed_range_scales_with_the_figures() {
    let mut s = combat("ranged", "cavalry", "zulus", &[]);
    s.scale = Some("25mm".to_owned());
    s.range_mm = Some(76.0);
    let r = roll(&s, 4, 4);
    assert!(
        says(&r, "within its listed range 2\" = 76.2 mm at 25mm"),
        "{:#?}",
        r.steps
    );
}

#[test]
fn an_unmeasured_range_is_taken_as_within_and_says_so() {
    let s = combat("ranged", "cavalry", "zulus", &[]);
    let r = roll(&s, 4, 4);
    assert!(says(&r, "the distance was not measured"), "{:#?}", r.steps);
}
