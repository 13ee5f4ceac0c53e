//! The table geometry: hand cases from the rules' own wording, the CLI end to end, and
//! property tests (rigid motions change nothing; distances are never negative; zero exactly
//! when bases touch; centre-to-nearest is never less than edge-to-edge).

mod cli;
mod properties;

use laager::charts::Charts;
use laager::geometry::{
    Base, EdgeName, Layout, Point, Real, Table, TableEdge, Terrain, TerrainKind, centre_to_nearest,
    contact_edge, contours_crossed_up, dba_base_size, dba_field_of_fire, dba_line_of_sight,
    edge_to_edge, mc_counter_size, mc_firing_arc, mc_line_of_sight, move_check, overhead_fire,
    overlaps, pinned_by, place_by_edges, place_by_tapes, prepared_face_contact, terrain_crossed,
    terrain_under, within,
};
use laager::ruleset::Ruleset;

const CLOSE: Real = 1.0e-3;

fn base(id: &str, side: &str, x: Real, y: Real, facing: Real) -> Base {
    Base::new(id, side, Point::new(x, y), facing, 40.0, 15.0)
}

fn square(id: &str, kind: TerrainKind, x0: Real, y0: Real, x1: Real, y1: Real) -> Terrain {
    Terrain::area(
        id,
        kind,
        vec![
            Point::new(x0, y0),
            Point::new(x1, y0),
            Point::new(x1, y1),
            Point::new(x0, y1),
        ],
    )
}

fn layout(bases: Vec<Base>, terrain: Vec<Terrain>) -> Layout {
    Layout::new(Table::SIX_BY_FOUR, bases, terrain)
}

fn near(a: Real, b: Real) -> bool {
    (a - b).abs() < CLOSE
}

// --- Range -----------------------------------------------------------------------------

/// "Measure the range from the centre of the firing unit to the nearest point on the target
/// counter": 100 mm between centres, less the target's half depth 7.5 → 92.5 mm.
#[test]
fn mc_range_runs_from_firer_centre_to_target_nearest_point() {
    let firer = base("f", "british", 100.0, 100.0, 0.0);
    let target = base("t", "zulu", 100.0, 200.0, 180.0);
    let range = centre_to_nearest(&firer, &target);
    assert!(near(range.mm, 92.5), "{}", range.mm);
    assert!(near(range.to.y, 192.5));
}

/// Off to one side the nearest point is the target's corner (130, 192.5):
/// √(30² + 92.5²) = 97.244 mm.
#[test]
fn mc_range_to_an_offset_target_ends_at_its_nearest_corner() {
    let firer = base("f", "british", 100.0, 100.0, 0.0);
    let target = base("t", "zulu", 150.0, 200.0, 180.0);
    let range = centre_to_nearest(&firer, &target);
    assert!(
        near(range.mm, (30.0f32 * 30.0 + 92.5 * 92.5).sqrt()),
        "{}",
        range.mm
    );
    assert!(near(range.to.x, 130.0) && near(range.to.y, 192.5));
}

/// DBA measures between the nearest points of bases: 100 − 7.5 − 7.5 = 85 mm.
#[test]
fn dba_distance_is_between_nearest_points_of_the_bases() {
    let a = base("a", "british", 100.0, 100.0, 0.0);
    let b = base("b", "zulu", 100.0, 200.0, 180.0);
    assert!(near(edge_to_edge(&a, &b).mm, 85.0));
}

/// Bases front to front have no gap.
#[test]
fn touching_bases_are_zero_apart() {
    let a = base("a", "british", 100.0, 100.0, 0.0);
    let b = base("b", "zulu", 100.0, 115.0, 180.0);
    assert!(edge_to_edge(&a, &b).mm.abs() < CLOSE);
}

/// "A single base may be moved in any direction so long as no point on the base exceeds its
/// maximum movement distance": turning a 40 × 15 base about its centre carries each corner
/// 2 × √(20² + 7.5²) = 42.72 mm, more than a 40 mm allowance, within 2" (50.8 mm).
#[test]
fn dba_move_is_limited_by_the_farthest_moving_corner() {
    let before = base("a", "british", 300.0, 300.0, 0.0);
    let after = before.placed(Point::new(300.0, 300.0), 180.0);
    let check = move_check(&before, &after, 40.0);
    assert!(!check.legal);
    assert!(
        near(check.farthest_mm, 2.0 * (400.0f32 + 56.25).sqrt()),
        "{}",
        check.farthest_mm
    );
    assert!(move_check(&before, &after, 50.8).legal);
}

// --- Arcs ------------------------------------------------------------------------------

/// "The field of fire of a base is its frontage and one base width to either flank": for a
/// 40 mm base at x = 500 that is x 440..560; a target spanning 555..595 is partly in it.
#[test]
fn dba_field_of_fire_reaches_one_base_width_to_either_flank() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let partly_in = base("t", "zulu", 575.0, 600.0, 180.0);
    let outside = base("u", "zulu", 585.0, 600.0, 180.0);
    assert!(dba_field_of_fire(&firer, &partly_in).in_arc);
    assert!(!dba_field_of_fire(&firer, &outside).in_arc);
}

/// The field of fire is straight ahead: a target behind the firer is not in it.
#[test]
fn dba_field_of_fire_does_not_reach_behind() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let behind = base("t", "zulu", 500.0, 400.0, 0.0);
    assert!(!dba_field_of_fire(&firer, &behind).in_arc);
}

/// "If any of the target counter is within the arc it may be engaged": with a 90° template
/// laid at the front edge's middle (500, 507.5), a target ahead is in; one whose nearest
/// corner is 71.7° off the facing is not; one with a corner just inside 45° is.
#[test]
fn mc_arc_takes_a_target_any_part_of_which_is_inside() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let ahead = base("t", "zulu", 500.0, 700.0, 180.0);
    let wide = base("u", "zulu", 800.0, 607.5, 180.0);
    // Corner (641, 650) is 141 mm across and 142.5 mm ahead of the apex: inside 45°.
    let corner_in = base("v", "zulu", 661.0, 657.5, 180.0);
    assert_eq!(
        mc_firing_arc(&firer, &ahead, 90.0).map(|a| a.in_arc),
        Some(true)
    );
    assert_eq!(
        mc_firing_arc(&firer, &wide, 90.0).map(|a| a.in_arc),
        Some(false)
    );
    assert_eq!(
        mc_firing_arc(&firer, &corner_in, 90.0).map(|a| a.in_arc),
        Some(true)
    );
}

/// A template wider than 180° leaves only a wedge behind the firer: at 270° a target square
/// to the flank is in the arc, one straight behind is not.
#[test]
fn mc_arc_wider_than_a_half_circle_excludes_only_behind() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let flank = Base::new("t", "zulu", Point::new(700.0, 507.5), 270.0, 40.0, 15.0);
    let behind = base("u", "zulu", 500.0, 300.0, 0.0);
    assert_eq!(
        mc_firing_arc(&firer, &flank, 270.0).map(|a| a.in_arc),
        Some(true)
    );
    assert_eq!(
        mc_firing_arc(&firer, &behind, 270.0).map(|a| a.in_arc),
        Some(false)
    );
}

/// An angle outside (0, 360] is no arc at all.
#[test]
fn mc_arc_refuses_an_impossible_angle() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let target = base("t", "zulu", 500.0, 700.0, 180.0);
    assert!(mc_firing_arc(&firer, &target, 0.0).is_none());
    assert!(mc_firing_arc(&firer, &target, 400.0).is_none());
}

// --- Line of sight ---------------------------------------------------------------------

/// "Bases may not fire at a target if another base is even partly between": a base with
/// 5 mm of its width inside the corridor blocks, and is named.
#[test]
fn dba_sight_is_blocked_by_a_base_even_partly_between() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let target = base("t", "zulu", 500.0, 700.0, 180.0);
    let between = base("b", "british", 535.0, 600.0, 0.0);
    let l = layout(vec![firer.clone(), target.clone(), between], vec![]);
    let sight = dba_line_of_sight(&l, &firer, &target);
    assert!(!sight.clear);
    assert_eq!(sight.blocked_by.map(|b| b.id), Some("b".to_owned()));
}

/// A base lying against the corridor's side, not inside it, is not between.
#[test]
fn dba_sight_is_clear_past_a_base_touching_the_corridor_side() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let target = base("t", "zulu", 500.0, 700.0, 180.0);
    let beside = base("b", "british", 540.0, 600.0, 0.0);
    let l = layout(vec![firer.clone(), target.clone(), beside], vec![]);
    assert!(dba_line_of_sight(&l, &firer, &target).clear);
}

/// Micro Colonial: a wood between firer and target blocks the tape, and is named.
#[test]
fn mc_sight_is_blocked_by_a_wood_between() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let target = base("t", "zulu", 500.0, 800.0, 180.0);
    let wood = square("copse", TerrainKind::Wood, 450.0, 600.0, 550.0, 700.0);
    let l = layout(vec![firer.clone(), target.clone()], vec![wood]);
    let sight = mc_line_of_sight(&l, &firer, &target);
    assert_eq!(
        sight.blocked_by.as_ref().map(|b| b.id.as_str()),
        Some("copse")
    );
    assert!(near(sight.blocked_by.map_or(0.0, |b| b.point.y), 600.0));
}

/// A firer in the wood itself fires out of it: its own wood does not block.
#[test]
fn mc_sight_is_not_blocked_by_the_wood_the_firer_is_in() {
    let firer = base("f", "british", 500.0, 650.0, 0.0);
    let target = base("t", "zulu", 500.0, 800.0, 180.0);
    let wood = square("copse", TerrainKind::Wood, 450.0, 600.0, 550.0, 700.0);
    let l = layout(vec![firer.clone(), target.clone()], vec![wood]);
    assert!(mc_line_of_sight(&l, &firer, &target).clear);
}

/// A hill's crest line between the two blocks the view.
#[test]
fn mc_sight_is_blocked_by_a_crest_between() {
    let firer = base("f", "british", 500.0, 500.0, 0.0);
    let target = base("t", "zulu", 500.0, 900.0, 180.0);
    let hill = square("kopje", TerrainKind::Hill, 300.0, 600.0, 700.0, 800.0).with_hill(
        1,
        Some(vec![Point::new(300.0, 700.0), Point::new(700.0, 700.0)]),
    );
    let l = layout(vec![firer.clone(), target.clone()], vec![hill]);
    let sight = mc_line_of_sight(&l, &firer, &target);
    assert_eq!(sight.blocked_by.map(|b| b.id), Some("kopje".to_owned()));
}

/// "Whilst in dead ground a unit may not be fired on except by enemy units which are on the
/// edge of the dead ground."
#[test]
fn mc_dead_ground_hides_a_unit_except_from_its_edge() {
    let target = base("t", "zulu", 500.0, 850.0, 180.0);
    let dead = square("gully", TerrainKind::DeadGround, 400.0, 800.0, 600.0, 900.0);
    let far = base("f", "british", 500.0, 500.0, 0.0);
    let on_edge = base("e", "british", 500.0, 792.5, 0.0);
    let l = layout(
        vec![far.clone(), on_edge.clone(), target.clone()],
        vec![dead],
    );
    assert_eq!(
        mc_line_of_sight(&l, &far, &target).blocked_by.map(|b| b.id),
        Some("gully".to_owned())
    );
    assert!(mc_line_of_sight(&l, &on_edge, &target).clear);
}

// --- Contact ---------------------------------------------------------------------------

/// Close combat: "a base contacts either the front edge, flank or rear edge of an enemy
/// base with its front edge" — front to front, against the flank, and against the rear.
#[test]
fn contact_names_the_target_edge_the_front_edge_touches() {
    let target = base("t", "zulu", 500.0, 500.0, 0.0);
    let front = base("a", "british", 500.0, 515.0, 180.0);
    // Facing west (270°) against the target's right flank at x = 520.
    let flank = Base::new("b", "british", Point::new(527.5, 500.0), 270.0, 40.0, 15.0);
    let rear = base("c", "british", 500.0, 485.0, 0.0);
    assert_eq!(contact_edge(&front, &target).edge, Some(EdgeName::Front));
    assert_eq!(contact_edge(&flank, &target).edge, Some(EdgeName::Flank));
    assert_eq!(contact_edge(&rear, &target).edge, Some(EdgeName::Rear));
}

/// "touching at a corner only is no contact".
#[test]
fn corner_to_corner_is_no_contact() {
    let target = base("t", "zulu", 500.0, 500.0, 0.0);
    let corner = base("a", "british", 540.0, 515.0, 180.0);
    assert_eq!(contact_edge(&corner, &target).edge, None);
}

/// A base a millimetre short is not in contact.
#[test]
fn a_gap_is_no_contact() {
    let target = base("t", "zulu", 500.0, 500.0, 0.0);
    let short = base("a", "british", 500.0, 516.0, 180.0);
    assert_eq!(contact_edge(&short, &target).edge, None);
}

/// DBA overlaps: a second enemy beside the one in front contact, front corner to the
/// target's front corner, overlaps that flank.
#[test]
fn an_enemy_front_corner_to_front_corner_overlaps_that_flank() {
    let target = base("t", "zulu", 500.0, 500.0, 0.0);
    let attacker = base("a", "british", 500.0, 515.0, 180.0);
    // Facing the target (180°), at x 520..560: beside the target's right front corner.
    let beside = base("b", "british", 540.0, 515.0, 180.0);
    let l = layout(vec![target.clone(), attacker, beside], vec![]);
    let found = overlaps(&l, &target);
    assert_eq!(found.right, Some("b".to_owned()));
    assert_eq!(found.left, None);
}

/// "measure the face and record on it the number of millimetres in length": an attacker
/// against the near face of a 100 × 60 redoubt touches face 0, 100 mm long.
#[test]
fn an_attacker_touches_one_face_of_a_prepared_position() {
    let redoubt = square(
        "redoubt",
        TerrainKind::PreparedPosition,
        400.0,
        400.0,
        500.0,
        460.0,
    );
    let attacker = base("a", "zulu", 450.0, 392.5, 0.0);
    let face = prepared_face_contact(&attacker, &redoubt).expect("touches a face");
    assert_eq!(face.face, 0);
    assert!(near(face.face_length_mm, 100.0));
}

// --- Terrain ---------------------------------------------------------------------------

/// "A base partly in rough is considered to be as if it were completely in rough"; one laid
/// against the rough's edge from outside is not in it.
#[test]
fn a_base_partly_in_rough_is_in_rough() {
    let rough = square("rocks", TerrainKind::Rough, 500.0, 500.0, 600.0, 600.0);
    let partly = base("a", "zulu", 485.0, 550.0, 0.0);
    let against = base("b", "zulu", 480.0, 550.0, 0.0);
    let l = layout(vec![partly.clone(), against.clone()], vec![rough]);
    assert_eq!(terrain_under(&l, &partly).len(), 1);
    assert!(terrain_under(&l, &against).is_empty());
}

/// A move across scrub then a wall meets them in that order, entering the scrub when the
/// base's front edge reaches it (centre 7.5 mm short of the edge).
#[test]
fn a_move_meets_the_terrain_it_crosses_in_order() {
    let scrub = square("scrub", TerrainKind::Scrub, 0.0, 200.0, 1000.0, 300.0);
    let wall = Terrain::line(
        "wall",
        TerrainKind::Wall,
        vec![Point::new(0.0, 400.0), Point::new(1000.0, 400.0)],
    );
    let mover = base("m", "british", 500.0, 100.0, 0.0);
    let l = layout(vec![mover.clone()], vec![wall, scrub]);
    let path = [Point::new(500.0, 100.0), Point::new(500.0, 500.0)];
    let crossed = terrain_crossed(&l, &mover, &path);
    let ids: Vec<&str> = crossed.iter().map(|c| c.terrain_id.as_str()).collect();
    assert_eq!(ids, ["scrub", "wall"]);
    assert!(
        (crossed[0].entry.y - 192.5).abs() < 0.05,
        "{}",
        crossed[0].entry.y
    );
}

/// "Hill penalties apply per contour and when moving up only": up two stacked contours is 2,
/// down them is 0.
#[test]
fn climbing_two_contours_counts_two_and_descending_none() {
    let lower = square("h1", TerrainKind::Hill, 200.0, 200.0, 800.0, 800.0).with_hill(1, None);
    let upper = square("h2", TerrainKind::Hill, 400.0, 400.0, 600.0, 600.0).with_hill(2, None);
    let l = layout(vec![], vec![lower, upper]);
    let up = [Point::new(500.0, 100.0), Point::new(500.0, 500.0)];
    let down = [Point::new(500.0, 500.0), Point::new(500.0, 100.0)];
    assert_eq!(contours_crossed_up(&l, &up).contours_up, 2);
    assert_eq!(contours_crossed_up(&l, &down).contours_up, 0);
}

// --- Proximity -------------------------------------------------------------------------

/// "IF C-in-C IS WITHIN 100 MM AND IN SIGHT": a C-in-C 80 mm away counts; behind a wood it
/// does not; 120 mm away it does not.
#[test]
fn a_commander_counts_within_100_mm_and_in_sight() {
    let unit = base("u", "british", 500.0, 500.0, 0.0);
    let cinc = base("cinc", "british", 500.0, 595.0, 0.0);
    let far = base("far", "british", 700.0, 500.0, 0.0);
    let l = layout(vec![unit.clone(), cinc, far], vec![]);
    let found = within(&l, &unit, "british", 100.0, Some(Ruleset::MicroColonial));
    let ids: Vec<&str> = found.iter().map(|n| n.unit_id.as_str()).collect();
    assert_eq!(ids, ["cinc"]);
    let hidden = base("cinc", "british", 500.0, 595.0, 0.0);
    let wood = square("w", TerrainKind::Wood, 400.0, 530.0, 600.0, 570.0);
    let l = layout(vec![unit.clone(), hidden], vec![wood]);
    assert!(within(&l, &unit, "british", 100.0, Some(Ruleset::MicroColonial)).is_empty());
}

/// Pinning: "No base may ever cross the front of another base within the length of one
/// base ... and not separated from it ( even partly ) by another base".
#[test]
fn an_enemy_within_one_base_length_ahead_pins_unless_a_base_separates_them() {
    let zulu = base("z", "zulu", 500.0, 500.0, 0.0);
    let mover = base("m", "british", 500.0, 537.5, 90.0);
    let l = layout(vec![zulu.clone(), mover.clone()], vec![]);
    assert_eq!(pinned_by(&l, &mover, 40.0), ["z"]);
    // 60 mm ahead: outside the 40 mm.
    let clear = base("m", "british", 500.0, 567.5, 90.0);
    let l = layout(vec![zulu.clone(), clear.clone()], vec![]);
    assert!(pinned_by(&l, &clear, 40.0).is_empty());
}

/// Overhead fire: "only if the gun is not within 20 mm of friendly troops": a friend 10 mm
/// from the gun stops it; one 30 mm off does not.
#[test]
fn overhead_fire_needs_20_mm_clear_of_friends_at_the_gun() {
    let gun = base("gun", "british", 500.0, 300.0, 0.0);
    let target = base("t", "zulu", 500.0, 900.0, 180.0);
    let close = base("c", "british", 550.0, 300.0, 0.0);
    let l = layout(vec![gun.clone(), target.clone(), close], vec![]);
    let check = overhead_fire(&l, &gun, &target);
    assert!(!check.allowed);
    assert_eq!(check.near_gun, ["c"]);
    let apart = base("c", "british", 570.0, 300.0, 0.0);
    let l = layout(vec![gun.clone(), target.clone(), apart], vec![]);
    assert!(overhead_fire(&l, &gun, &target).allowed);
}

// --- Typed positions and sizes ---------------------------------------------------------

/// 100 mm from the right edge and 50 from the far edge of a 6' × 4' table.
#[test]
fn a_position_by_two_table_edges() {
    let table = Table::SIX_BY_FOUR;
    let p = place_by_edges(&table, (TableEdge::Right, 100.0), (TableEdge::Far, 50.0))
        .expect("on the table");
    assert!(near(p.x, 1728.8) && near(p.y, 1169.2));
    assert!(place_by_edges(&table, (TableEdge::Left, 1.0), (TableEdge::Right, 1.0)).is_err());
}

/// Tapes of 60 and 80 mm from centres 100 mm apart meet at (36, ±48): a 3-4-5 triangle.
#[test]
fn a_position_by_two_tapes_gives_both_candidates() {
    let [p, q] = place_by_tapes(Point::new(0.0, 0.0), 60.0, Point::new(100.0, 0.0), 80.0)
        .expect("the tapes meet");
    assert!(near(p.x, 36.0) && near(p.y.abs(), 48.0));
    assert!(near(q.x, 36.0) && near(q.y, -p.y));
    assert!(place_by_tapes(Point::new(0.0, 0.0), 10.0, Point::new(100.0, 0.0), 10.0).is_err());
}

/// "I use 15mm figures mounted on a ... base with a 40mm frontage"; Zulus 15 mm deep; "If
/// you use 25mm, I suggest multiplying all of these dimensions by 1.5".
#[test]
fn dba_bases_are_sized_by_troop_type_and_figure_scale() {
    let charts = Charts::shipped().expect("shipped tables");
    let at15 = dba_base_size(&charts, "zulus", 15).expect("zulus");
    assert!(near(at15.frontage_mm, 40.0) && near(at15.depth_mm, 15.0));
    let at25 = dba_base_size(&charts, "cavalry", 25).expect("cavalry");
    assert!(near(at25.frontage_mm, 60.0) && near(at25.depth_mm, 45.0));
    // The set-up chart has no Dismounted Light Horse row: its depth is asked for.
    assert!(dba_base_size(&charts, "dismounted-light-horse", 15).is_err());
}

/// The counters' sizes are not in the document: asking for one names the cell needed.
#[test]
fn mc_counter_sizes_are_not_supplied_until_a_club_sets_them() {
    let mut charts = Charts::shipped().expect("shipped tables");
    let err = mc_counter_size(&charts, "infantry").expect_err("not supplied");
    assert!(
        err.to_string()
            .contains("counter_sizes:infantry:frontage_mm"),
        "{err}"
    );
    charts
        .apply_cell_arg(
            Ruleset::MicroColonial,
            "counter_sizes:infantry:frontage_mm=30",
        )
        .expect("set");
    charts
        .apply_cell_arg(Ruleset::MicroColonial, "counter_sizes:infantry:depth_mm=10")
        .expect("set");
    let size = mc_counter_size(&charts, "infantry").expect("set by the club");
    assert!(near(size.frontage_mm, 30.0) && near(size.depth_mm, 10.0));
}

/// The layout file keeps a unit's class as the word; the words it accepts are exactly the
/// MORALE rules' classes, so a layout the reader accepts is one the morale rules can read.
#[test]
fn layout_classes_are_the_morale_rules_classes() {
    assert_eq!(
        laager::geometry::file::MC_CLASSES,
        laager::rules::micro_colonial::morale_due::MoraleClass::NAMES
    );
}

/// A Micro Colonial unit of no MORALE class is refused at its JSON path, the classes named.
#[test]
fn a_micro_colonial_unit_of_no_class_is_named_with_the_classes() {
    let charts = Charts::shipped().expect("shipped tables");
    let text = serde_json::json!({
        "format": "laager-layout", "version": 1, "ruleset": "micro-colonial",
        "table": {"preset": "1000mm"},
        "units": [{"id": "NNC 1", "side": "british", "x": 200, "y": 300, "facing": 0,
                   "frontage": 30, "depth": 15, "class": "levy"}]
    })
    .to_string();
    let report = laager::geometry::file::read(&text, &charts);
    let messages: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        ["units[0].class: 'levy' is not a class: expected one of fanatic, european-regular, other"]
    );
}

/// A table laid out for the Rorke's Drift game says so (`"scenario": "rorkes-drift"`, the
/// supplement whose conditions of victory are its own); the reader keeps it and the writer
/// writes it back. A scenario of another ruleset, or none Laager knows, is refused at
/// `scenario`.
#[test]
fn a_layout_names_its_scenario_and_keeps_it() {
    let charts = Charts::shipped().expect("shipped tables");
    let doc = |ruleset: &str, scenario: &str| {
        serde_json::json!({
            "format": "laager-layout", "version": 1, "ruleset": ruleset,
            "scenario": scenario, "table": {"preset": "1000mm"}
        })
        .to_string()
    };
    let report = laager::geometry::file::read(&doc("micro-colonial", "rorkes-drift"), &charts);
    let layout = report.layout.expect("reads");
    assert_eq!(layout.scenario, Some(laager::Scenario::RorkesDrift));
    let written = laager::geometry::file::write(&layout.with_bases(Vec::new()));
    assert_eq!(written["scenario"], "rorkes-drift");
    let messages = |text: String| -> Vec<String> {
        laager::geometry::file::read(&text, &charts)
            .errors
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(
        messages(doc("dba-zulu", "rorkes-drift")),
        ["scenario: 'rorkes-drift' is a micro-colonial scenario, not one of this layout's ruleset"]
    );
    assert_eq!(
        messages(doc("micro-colonial", "isandlwana")),
        ["scenario: 'isandlwana' is not a scenario: expected rorkes-drift"]
    );
}
