//! A refusal's needed cells are addresses `--cell CHART:KEY=VALUE` (and the desk's refusal
//! fields, which apply them the same way) take exactly: typing a value for each one named,
//! refusal after refusal, ends in a resolution. A row or column the shipped chart has no
//! heading for is not a cell: the refusal names it in its reason and asks for the chart.

use super::shipped;
use crate::support::assert_refused;
use laager::charts::Charts;
use laager::dice::DiceChoice;
use laager::resolution::{NeededCell, Refusal, RefusalKind};
use laager::rules::AnyResolution;
use laager::rules::Request;
use laager::rules::soldiers_of_the_queen::{
    self as sotq, Arm, Attacker, Defender, EntryInput, FireInput, Firer, Game, MeleeInput, Morale,
    Nationality, RULESET, ResupplyInput, Side, StackUnit, Target,
};

fn firer(strength: u32, weapon: &str, range: u32) -> Firer {
    Firer {
        name: "A/1/24".to_owned(),
        strength,
        weapon: weapon.to_owned(),
        range,
        nationality: Nationality::Regular,
        arm: Arm::Foot,
        mounted: false,
        limbered: false,
        moved: false,
        changed_formation: false,
        out_of_ammo: false,
        pinned: false,
        routed: false,
        rear: false,
        zoc_elsewhere: false,
    }
}

fn zulu(name: &str, morale: Morale) -> StackUnit {
    StackUnit {
        name: name.to_owned(),
        morale: Some(morale),
        gun: false,
        zariba: false,
    }
}

fn fire(firer: Firer, units: Vec<StackUnit>, leaders: &[&str]) -> Request {
    Request::SoldiersOfTheQueen(sotq::Request::Fire(FireInput {
        game: Game::Isandhlwana,
        phase: sotq::Phase::Defensive,
        firers: vec![firer],
        target: Target {
            units,
            leaders: leaders.iter().map(|l| (*l).to_owned()).collect(),
            ..Target::default()
        },
        khalifa_killed: false,
        origins: laager::rules::situation::Origins::default(),
    }))
}

/// A value of the right kind for a cell of a shipped chart, `result` for a results table.
fn value_for(cell: &NeededCell, result: &str) -> String {
    match cell.chart.as_str() {
        "range_effects" => "0".to_owned(),
        "fire_combat_results" => result.to_owned(),
        chart if chart.starts_with("morale_check") => "PN".to_owned(),
        chart if chart.starts_with("terrain_effects") => "2".to_owned(),
        "settings" => match cell.key[0].as_str() {
            "mixed_mounted_fire" => "any".to_owned(),
            _ => "last-column".to_owned(),
        },
        other => panic!("no test value for a cell of {other}"),
    }
}

/// Resolves `request` on the shipped tables with typed dice; each refusal's needed cells
/// are supplied with `apply_cell_arg` exactly as the refusal names them, and the request
/// resolved again. Returns the resolution and the addresses typed, in order.
fn resolve_typing_the_needed_cells(
    request: &Request,
    dice: &str,
    result: &str,
) -> (AnyResolution, Vec<String>) {
    let mut charts = shipped();
    let mut typed = Vec::new();
    for _ in 0..10 {
        let refusal = match request.resolve_with(&charts, &DiceChoice::Typed(dice.to_owned())) {
            Ok(resolution) => return (resolution, typed),
            Err(refusal) => refusal,
        };
        assert_eq!(refusal.kind, RefusalKind::NeedsCells, "{}", refusal.reason);
        assert!(
            !refusal.needs_cells.is_empty(),
            "nothing to type: {}",
            refusal.reason
        );
        for cell in &refusal.needs_cells {
            let arg = format!("{}={}", cell.address(), value_for(cell, result));
            charts
                .apply_cell_arg(RULESET, &arg)
                .unwrap_or_else(|e| panic!("the refusal named {arg}, which --cell rejects: {e}"));
            typed.push(cell.address());
        }
    }
    panic!("still refused after ten rounds of typed cells: {typed:?}");
}

fn fire_column(column: &str) -> Vec<String> {
    (1..=6)
        .map(|die| format!("fire_combat_results:{die}:{column}"))
        .collect()
}

#[test]
fn typing_each_cell_a_fire_refusal_names_resolves_it() {
    // A field gun (S) at 2 hexes, strength 2 (PART 10 D names the 1-2 column), at a Zulu
    // unit rated B: the Range Effects cell, then the six cells of the 1-2 column before the
    // die (4), then, the result being M, the Zulu Morale Check cell of die 3 under B.
    let request = fire(firer(2, "S", 2), vec![zulu("uMbonambi", Morale::B)], &[]);
    let (resolution, typed) = resolve_typing_the_needed_cells(&request, "4,3", "M");
    let mut want = vec!["range_effects:S:1-2".to_owned()];
    want.extend(fire_column("1-2"));
    want.push("morale_check_zulu:3:B".to_owned());
    assert_eq!(typed, want);
    let outcome = &resolution.outcome.to_map();
    assert_eq!(outcome["result"], "M");
    assert_eq!(outcome["column"], "1-2");
    assert_eq!(outcome["pinned"], true);
    // Every typed cell is a club value, and the resolution says so.
    assert!(
        resolution
            .warnings
            .iter()
            .any(|w| w.starts_with("used club value for morale_check_zulu:3:B")),
        "{:?}",
        resolution.warnings
    );
}

#[test]
fn typing_each_cell_resolves_a_fire_that_eliminates_and_kills_a_leader() {
    // Result 1: the top unit goes, the second checks morale (die 2 under C), the inDuna
    // rolls two dice (1, 1: killed on 2, PART 13 D).
    let request = fire(
        firer(2, "S", 2),
        vec![zulu("top", Morale::B), zulu("second", Morale::C)],
        &["Ntshingwayo"],
    );
    let (resolution, typed) = resolve_typing_the_needed_cells(&request, "6,2,1,1", "1");
    assert_eq!(
        typed.last().map(String::as_str),
        Some("morale_check_zulu:2:C")
    );
    let outcome = &resolution.outcome.to_map();
    assert_eq!(outcome["eliminated"], serde_json::json!(["top"]));
    assert_eq!(
        outcome["leaders_killed"],
        serde_json::json!(["Ntshingwayo"])
    );
}

#[test]
fn typing_each_cell_resolves_a_fire_that_needs_a_setting_the_text_lacks() {
    // Omdurman, a mounted and a dismounted firer together: whether the mounted firer's 1L
    // applies is the club's setting (PART 10 F is silent on mixed fire). With `any`, the
    // 1-2 column shifts to 0 (PART 10 D: "No adjustment can be made further left than 0").
    let mut mounted = firer(1, "S", 2);
    mounted.name = "Camel Corps".to_owned();
    mounted.arm = Arm::Cavalry;
    mounted.mounted = true;
    let mut input = FireInput {
        game: Game::Omdurman,
        phase: sotq::Phase::Defensive,
        firers: vec![firer(1, "S", 2), mounted],
        target: Target {
            units: vec![zulu("Mulazimiya", Morale::A)],
            ..Target::default()
        },
        khalifa_killed: false,
        origins: laager::rules::situation::Origins::default(),
    };
    input.firers[0].name = "Warwck".to_owned();
    let request = Request::SoldiersOfTheQueen(sotq::Request::Fire(input));
    let (resolution, typed) = resolve_typing_the_needed_cells(&request, "1", "—");
    let mut want = vec![
        "range_effects:S:1-2".to_owned(),
        "settings:mixed_mounted_fire".to_owned(),
    ];
    want.extend(fire_column("0"));
    assert_eq!(typed, want);
    let outcome = &resolution.outcome.to_map();
    assert_eq!(outcome["shift"], -1);
    assert_eq!(outcome["column"], "0");
}

#[test]
fn typing_the_terrain_cell_an_entry_refusal_names_resolves_it() {
    let request = Request::SoldiersOfTheQueen(sotq::Request::Entry(EntryInput {
        game: Game::Isandhlwana,
        side: Side::Zulu,
        hex: None,
        order: 3,
        hex_cost: None,
        terrain: Some("woods".to_owned()),
        unit_type: None,
        origins: laager::rules::situation::Origins::default(),
    }));
    let (resolution, typed) = resolve_typing_the_needed_cells(&request, "", "");
    assert_eq!(typed, ["terrain_effects_isandhlwana:woods:movement_cost"]);
    // PART 15: the third Zulu unit pays the hex's cost (2, as typed) three times.
    assert_eq!(resolution.outcome.to_map()["mp"], 6);
}

fn refusal(request: &Request, charts: &Charts) -> Refusal {
    request
        .resolve_with(charts, &DiceChoice::Typed("1,1,1,1".to_owned()))
        .expect_err("refused")
}

/// Refusals the shipped tables give where the document lacks a heading, not a cell.
fn refusals_with_lost_headings() -> Vec<(&'static str, Refusal)> {
    let charts = shipped();
    let melee = Request::SoldiersOfTheQueen(sotq::Request::Melee(MeleeInput {
        game: Game::Omdurman,
        attackers: vec![Attacker {
            name: "Taiasha".to_owned(),
            strength: 6,
            nationality: Nationality::Dervish,
            arm: Arm::Foot,
            mounted: false,
            charging: false,
            lancers: false,
            in_command_radius: false,
            group: None,
            pinned: false,
            routed: false,
        }],
        defenders: vec![Defender {
            unit: zulu("Warwck", Morale::A),
            strength: 2,
            arm: Arm::Foot,
            mounted: false,
        }],
        leaders: Vec::new(),
        surrounded: false,
        ridge: None,
        big_donga: false,
        thorn_hedge: false,
        trench: false,
        rough: false,
        prohibited_hexside: false,
        khalifa_killed: false,
        mounted_retreat: false,
        origins: laager::rules::situation::Origins::default(),
    }));
    let resupply = Request::SoldiersOfTheQueen(sotq::Request::Resupply(ResupplyInput {
        unit_type: sotq::ResupplyUnit::Foot,
        boxes: 10,
        marked: 5,
        range: 2,
        artillery: false,
        pinned: false,
        routed: false,
        path_blocked: false,
        unit: None,
        origins: laager::rules::situation::Origins::default(),
    }));
    vec![
        (
            "a small-arms letter at 3 hexes, strength 4",
            refusal(
                &fire(firer(4, "T", 3), vec![zulu("u", Morale::B)], &[]),
                &charts,
            ),
        ),
        (
            "a small-arms letter at 2 hexes, strength 2",
            refusal(
                &fire(firer(2, "T", 2), vec![zulu("u", Morale::B)], &[]),
                &charts,
            ),
        ),
        ("a melee at 3-1", refusal(&melee, &charts)),
        ("a resupply at 2 hexes", refusal(&resupply, &charts)),
    ]
}

#[test]
fn every_cell_a_refusal_names_is_one_the_cell_flag_takes() {
    let charts = shipped();
    let known = [
        (
            "a field gun at 2 hexes",
            refusal(
                &fire(firer(2, "S", 2), vec![zulu("u", Morale::B)], &[]),
                &charts,
            ),
        ),
        (
            "a field gun at 5 hexes, strength 7",
            refusal(
                &fire(firer(7, "S", 5), vec![zulu("u", Morale::B)], &[]),
                &charts,
            ),
        ),
    ];
    for (what, refusal) in refusals_with_lost_headings().into_iter().chain(known) {
        assert_eq!(refusal.kind, RefusalKind::NeedsCells, "{what}");
        let mut charts = shipped();
        for cell in &refusal.needs_cells {
            let arg = format!("{}={}", cell.address(), value_for(cell, "M"));
            assert_eq!(
                charts.apply_cell_arg(RULESET, &arg),
                Ok(()),
                "{what}: {arg}"
            );
        }
    }
}

#[test]
fn the_desks_default_fire_names_the_headings_the_document_lacks_not_cells() {
    // The regression: weapon T at 3 hexes asked for `range_effects:T:range 3`, which no
    // `--cell` could take ("chart 'range_effects' has no cell T:range 3"). T is not a row of
    // the shipped chart (the small-arms letters are on the counters), and the column holding
    // 3 hexes, like the Fire Combat Results column of strength 4, has a heading the document
    // does not print: no cell to type, the charts to supply.
    let (_, refusal) = refusals_with_lost_headings().remove(0);
    assert_refused(&refusal, RefusalKind::NeedsCells, "PART 10 B");
    assert!(refusal.needs_cells.is_empty(), "{:?}", refusal.needs_cells);
    // No cell is named: the charts to supply whole are; the reason's words name the
    // headings, which is what the rest of this test is for.
    assert_eq!(
        refusal.needs_charts,
        ["range_effects", "fire_combat_results"],
        "{}",
        refusal.reason
    );
    for part in [
        "Range Effects Chart (range_effects) is not in the document",
        "a range of 3 hexes is under no column of range_effects whose heading is known (its columns: 1-2, 5-6, and others the document does not print)",
        "a total Fire Strength of 4 is under no column of fire_combat_results whose heading is known",
        "supply the chart in a club's tables folder",
    ] {
        assert!(refusal.reason.contains(part), "{part}:\n{}", refusal.reason);
    }
    // At 2 hexes the column is known, but T is not a row: the reason names the row.
    let (_, refusal) = refusals_with_lost_headings().remove(1);
    assert_refused(&refusal, RefusalKind::NeedsCells, "PART 10 B");
    assert!(refusal.needs_cells.is_empty(), "{:?}", refusal.needs_cells);
    assert!(
        refusal
            .reason
            .contains("range_effects has no row 'T' (its rows: S, G, R, M, and others the document does not print)"),
        "{}",
        refusal.reason
    );
}
