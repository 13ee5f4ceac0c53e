//! What the table decides for a DBA combat (`dba_zulu::situation::combat`), one modifier
//! per case, on small layouts. The Zulus stand at (300, 300) facing the near edge, front edge at
//! y = 292.5; the dragoons (40 × 30) meet them front to front from below.

use laager::charts::Charts;
use laager::geometry::file;
use laager::rules::dba_zulu::situation::{combat, pointer};
use laager::rules::dba_zulu::{CombatKind, ModifierName, SideId};
use laager::rules::field::Field;
use laager::rules::situation::{NoRecords, Origins, Roles};

const ZULUS: &str =
    r#"{ "id": "Z", "side": "zulu", "type": "zulus", "x": 300, "y": 300, "facing": 180 }"#;
const DRAGOONS: &str =
    r#"{ "id": "C", "side": "british", "type": "cavalry", "x": 300, "y": 277.5, "facing": 0 }"#;

/// Reads the table for C against Z with more units and the given terrain: what the
/// situation noted as decided by the table.
fn read(more_units: &[&str], terrain: &[&str]) -> Origins {
    let mut units = vec![ZULUS, DRAGOONS];
    units.extend_from_slice(more_units);
    let text = format!(
        r#"{{ "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
             "table": {{ "preset": "3x2ft" }},
             "units": [{}], "terrain": [{}] }}"#,
        units.join(","),
        terrain.join(",")
    );
    let charts = Charts::shipped().expect("shipped");
    let report = file::read(&text, &charts);
    let layout = report
        .layout
        .unwrap_or_else(|| panic!("{:?}", report.errors));
    let roles = Roles(vec![("a".into(), "C".into()), ("b".into(), "Z".into())]);
    combat(&layout, &NoRecords, &roles, CombatKind::Close)
        .expect("both bases are DBA troops")
        .origins
}

/// The value the table gives a flag, `None` when it does not decide it.
fn given(reading: &Origins, side: SideId, name: ModifierName) -> Option<(u32, String)> {
    let field = pointer(side, name);
    reading
        .decided
        .iter()
        .find(|o| o.field == field.pointer())
        .map(|o| {
            let n = match &o.value {
                serde_json::Value::Bool(b) => u32::from(*b),
                v => v
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(u32::MAX),
            };
            (n, o.why.clone())
        })
}

fn count(reading: &Origins, side: SideId, name: ModifierName) -> Option<u32> {
    given(reading, side, name).map(|(n, _)| n)
}

#[test]
fn open_ground_decides_every_flag_absent() {
    let r = read(&[], &[]);
    for (side, name) in [
        (SideId::A, ModifierName::Rough),
        (SideId::B, ModifierName::Rough),
        (SideId::B, ModifierName::PreparedPosition),
        (SideId::B, ModifierName::Donga),
        (SideId::B, ModifierName::SmallRiver),
        (SideId::A, ModifierName::HigherGround),
        (SideId::B, ModifierName::HigherGround),
        (SideId::A, ModifierName::FlankOrRear),
        (SideId::B, ModifierName::FlankOrRear),
        (SideId::A, ModifierName::Overlaps),
        (SideId::B, ModifierName::Overlaps),
    ] {
        assert_eq!(count(&r, side, name), Some(0), "{side:?} {name}");
    }
    // Flags the table cannot decide are never read.
    for name in [
        ModifierName::Square,
        ModifierName::Enfiladed,
        ModifierName::FireAidedAgainst,
        ModifierName::AmabuthoBaseLost,
    ] {
        assert!(given(&r, SideId::B, name).is_none(), "{name}");
    }
}

/// "ROUGH: steep grades, rocky or broken ground and built up areas."
#[test]
fn buildings_and_broken_ground_are_rough_but_a_wood_is_not() {
    let area = |id: &str, kind: &str| {
        format!(
            r#"{{ "id": "{id}", "kind": "{kind}", "polygon": [[285, 250], [315, 250], [315, 275], [285, 275]] }}"#
        )
    };
    for (kind, rough) in [
        ("building", 1),
        ("broken-ground", 1),
        ("rough", 1),
        ("wood", 0),
    ] {
        let r = read(&[], &[&area("t", kind)]);
        assert_eq!(
            count(&r, SideId::A, ModifierName::Rough),
            Some(rough),
            "{kind}"
        );
    }
}

/// "Prepared position ( Stone walls, mealy bags etc ) : + 2 to defender": only b is read.
#[test]
fn a_defender_inside_a_prepared_position_has_it() {
    let r = read(
        &[],
        &[
            r#"{ "id": "redoubt", "kind": "prepared-position", "polygon": [[270, 293], [330, 293], [330, 320], [270, 320]] }"#,
        ],
    );
    assert_eq!(
        count(&r, SideId::B, ModifierName::PreparedPosition),
        Some(1)
    );
    assert!(given(&r, SideId::A, ModifierName::PreparedPosition).is_none());
}

/// "dongas give the defender a + 1 combat modifier against both ranged and close combat."
#[test]
fn a_defender_in_a_donga_has_it() {
    let r = read(
        &[],
        &[r#"{ "id": "nyoni", "kind": "donga", "line": [[250, 300], [350, 300]] }"#],
    );
    let (n, why) = given(&r, SideId::B, ModifierName::Donga).expect("read");
    assert_eq!(n, 1);
    assert!(why.contains("donga 'nyoni'"), "{why}");
}

/// "small rivers which give the defender on its banks a + 1 ...; streams, which give no
/// defensive bonus"; a river of no stated type is left to the referee.
#[test]
fn a_river_bank_counts_only_for_a_small_river() {
    let river = |kind: &str| {
        format!(
            r#"{{ "id": "buffalo", "kind": "river", {kind} "polygon": [[250, 305], [350, 305], [350, 330], [250, 330]] }}"#
        )
    };
    let small = read(&[], &[&river(r#""river_type": "small","#)]);
    assert_eq!(count(&small, SideId::B, ModifierName::SmallRiver), Some(1));
    let stream = read(&[], &[&river(r#""river_type": "stream","#)]);
    let (n, why) = given(&stream, SideId::B, ModifierName::SmallRiver).expect("read");
    assert_eq!(n, 0);
    assert!(why.contains("give no defensive bonus"), "{why}");
    let unknown = read(&[], &[&river("")]);
    assert!(given(&unknown, SideId::B, ModifierName::SmallRiver).is_none());
    assert!(
        unknown.undecided[0].contains("river 'buffalo', whose type"),
        "{:?}",
        unknown.undecided
    );
}

/// "+ 1 to the combat factor of the base occupying the hill AND at a higher elevation than
/// its opponent."
#[test]
fn the_base_on_the_higher_contour_has_higher_ground() {
    let r = read(
        &[],
        &[
            r#"{ "id": "kopje", "kind": "hill", "contour": 2, "polygon": [[270, 250], [330, 250], [330, 290], [270, 290]] }"#,
            r#"{ "id": "rise", "kind": "hill", "contour": 1, "polygon": [[270, 294], [330, 294], [330, 330], [270, 330]] }"#,
        ],
    );
    assert_eq!(count(&r, SideId::A, ModifierName::HigherGround), Some(1));
    assert_eq!(count(&r, SideId::B, ModifierName::HigherGround), Some(0));
}

/// "Base contacted to flank or rear in close combat : - 2", by a base other than the
/// opponent; "Bases may contact an enemy bases flank or rear and receive favorable
/// modifiers EXCEPT artillery, rockets and Gatling Guns."
#[test]
fn another_base_on_a_flank_counts_unless_it_is_a_gun() {
    // A second amabutho's front edge on the dragoons' left flank (x = 280).
    let zulu_on_flank =
        r#"{ "id": "Z2", "side": "zulu", "type": "zulus", "x": 272.5, "y": 277.5, "facing": 90 }"#;
    // A gun's front edge on the Zulus' flank (x = 320).
    let gun_on_flank = r#"{ "id": "RA", "side": "british", "type": "artillery", "x": 340, "y": 300, "facing": 270 }"#;
    let r = read(&[zulu_on_flank, gun_on_flank], &[]);
    let (n, why) = given(&r, SideId::A, ModifierName::FlankOrRear).expect("read");
    assert_eq!(n, 1);
    assert!(why.contains("'Z2' on its flank"), "{why}");
    let (n, why) = given(&r, SideId::B, ModifierName::FlankOrRear).expect("read");
    assert_eq!(n, 0);
    assert!(why.contains("'RA' on its flank gives no modifier"), "{why}");
}

/// "Bases in close combat may overlap an enemy base ... EXCEPT British regulars,
/// artillery, rockets and Gatling Guns."
#[test]
fn a_gun_beside_the_attacker_gives_no_overlap() {
    let gun = r#"{ "id": "RA", "side": "british", "type": "artillery", "x": 340, "y": 272.5, "facing": 0 }"#;
    let r = read(&[gun], &[]);
    let (n, why) = given(&r, SideId::B, ModifierName::Overlaps).expect("read");
    assert_eq!(n, 0);
    assert!(
        why.contains("'RA' on its left flank (Artillery give no overlaps)"),
        "{why}"
    );
}
