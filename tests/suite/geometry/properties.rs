//! Property tests: rigid motions of the whole table change no measurement; distances are
//! never negative, zero exactly when bases touch or overlap; centre-to-nearest is never
//! less than edge-to-edge.

use super::{layout, square};
use laager::geometry::{
    Base, Point, Pose, TerrainKind, centre_to_nearest, contact_edge, dba_field_of_fire,
    dba_line_of_sight, edge_to_edge, mc_firing_arc, mc_line_of_sight,
};
use proptest::prelude::*;

prop_compose! {
    fn any_base(id: &'static str, side: &'static str)(
        x in 0.0f32..1000.0, y in 0.0f32..1000.0, facing in 0.0f32..360.0,
        frontage in 10.0f32..80.0, depth in 10.0f32..50.0,
    ) -> Base {
        Base::new(id, side, Point::new(x, y), facing, frontage, depth)
    }
}

prop_compose! {
    fn any_motion()(dx in -2000.0f32..2000.0, dy in -2000.0f32..2000.0, turn in -3.2f32..3.2) -> Pose {
        Pose::new(parry2d::na::Vector2::new(dx, dy), turn)
    }
}

proptest! {
    /// Moving the whole table rigidly changes no distance, arc, sight or contact.
    #[test]
    fn measurements_survive_moving_the_whole_table(
        a in any_base("a", "british"), b in any_base("b", "zulu"),
        c in any_base("c", "british"), motion in any_motion(),
    ) {
        let wood = square("w", TerrainKind::Wood, 300.0, 300.0, 500.0, 400.0);
        let here = layout(vec![a, b, c], vec![wood]);
        let there = here.moved(&motion);
        let (a0, b0) = (&here.bases()[0], &here.bases()[1]);
        let (a1, b1) = (&there.bases()[0], &there.bases()[1]);
        prop_assert!((centre_to_nearest(a0, b0).mm - centre_to_nearest(a1, b1).mm).abs() < 0.01);
        prop_assert!((edge_to_edge(a0, b0).mm - edge_to_edge(a1, b1).mm).abs() < 0.01);
        prop_assert_eq!(dba_field_of_fire(a0, b0).in_arc, dba_field_of_fire(a1, b1).in_arc);
        prop_assert_eq!(
            mc_firing_arc(a0, b0, 90.0).map(|x| x.in_arc),
            mc_firing_arc(a1, b1, 90.0).map(|x| x.in_arc)
        );
        prop_assert_eq!(
            dba_line_of_sight(&here, a0, b0).clear,
            dba_line_of_sight(&there, a1, b1).clear
        );
        prop_assert_eq!(
            mc_line_of_sight(&here, a0, b0).clear,
            mc_line_of_sight(&there, a1, b1).clear
        );
        prop_assert_eq!(contact_edge(a0, b0).edge, contact_edge(a1, b1).edge);
    }

    /// Distances are never negative, and centre-to-nearest is never less than edge-to-edge.
    #[test]
    fn distances_are_never_negative_and_centre_to_nearest_is_the_longer(
        a in any_base("a", "british"), b in any_base("b", "zulu"),
    ) {
        let range = centre_to_nearest(&a, &b).mm;
        let gap = edge_to_edge(&a, &b).mm;
        prop_assert!(gap >= 0.0 && range >= 0.0);
        prop_assert!(range + 1.0e-3 >= gap, "range {} < gap {}", range, gap);
    }

    /// The quick corner-based distance between bases apart agrees with parry's general query.
    #[test]
    fn edge_to_edge_agrees_with_parry_distance(
        a in any_base("a", "british"), b in any_base("b", "zulu"),
    ) {
        let general = parry2d::query::distance(
            a.table_from_base(), a.shape(), b.table_from_base(), b.shape(),
        ).expect("cuboids are supported");
        prop_assert!((edge_to_edge(&a, &b).mm - general).abs() < 0.01);
    }

    /// Two bases a known gap apart, in any pose, measure that gap, and zero exactly when the
    /// gap is zero (touching) or negative (overlapping).
    #[test]
    fn the_gap_is_zero_exactly_when_bases_touch_or_overlap(
        a in any_base("a", "british"),
        gap in prop_oneof![Just(0.0f32), -10.0f32..0.0, 0.05f32..200.0],
        across in -0.9f32..0.9,
    ) {
        // b faces a, front to front, `gap` beyond a's front edge, slid across by up to 90 %
        // of a's half frontage (so the two front edges face each other).
        let ahead = a.depth() / 2.0 + gap + 7.5;
        let centre = a.centre() + a.forward() * ahead + a.right() * (across * a.frontage() / 2.0);
        let b = Base::new("b", "zulu", centre, a.facing_deg() + 180.0, 20.0, 15.0);
        let measured = edge_to_edge(&a, &b).mm;
        if gap <= 0.0 {
            prop_assert!(measured.abs() < 1.0e-3, "gap {} measured {}", gap, measured);
        } else {
            prop_assert!((measured - gap).abs() < 0.01, "gap {} measured {}", gap, measured);
            prop_assert!(measured > 0.0);
        }
    }
}
