//! British line of sight on the boards: whether fire from one zone sees a target zone past
//! friendly units, counting the clear zones between.

use super::{Board, Known, refusal_needing};
use crate::charts::Charts;
use crate::resolution::{NeededCell, Refusal, Step};
use crate::rules::victoria_cross::{Battle, Reader, rule};
use std::collections::{BTreeMap, BTreeSet};

/// Whether British fire from one zone sees a target zone past friendly units.
#[derive(Debug, Clone, PartialEq)]
pub struct LineOfSight {
    /// Clear, or blocked by friendly units.
    pub clear: bool,
    /// The clear zones counted, firing zone first and target last (empty when blocked, or
    /// when no friendly unit could block).
    pub path: Vec<String>,
    /// The explanation.
    pub steps: Vec<Step>,
    /// Club or reconstructed board cells used.
    pub warnings: Vec<String>,
}

/// Counts clear zones from `from` to `to` within `range` (the fire list's range), past the
/// zones in `friendly` (occupied by British units).
///
/// The fire list is the board's own line of sight through terrain ("We have went through
/// and determined line of sight for every zone by listing in each zone what zone's may be
/// fired at"), so the ridge, Mt. Isandlwana, the dongas and the buildings are in it; at play
/// time friendly units block: "as long as you can count clear zones (unoccupied by friendly
/// units or blocking terrain) to the target unit from the firing zone and it is within the
/// range defined on the firing zone, line of sight is not blocked". "Units in a Donga zone
/// do not block line of sight", and at Rorke's Drift friendly units do not block for the
/// roof (H) or the redoubt (D). Where the board's data says more, it is checked too: a zone
/// known to be Mt. Isandlwana or a building is never counted clear, a ridge line is never
/// counted across unless firer and target are adjacent, and a target in a donga is seen
/// only from an adjacent zone.
pub fn line_of_sight(
    charts: &Charts,
    battle: Battle,
    from: &str,
    to: &str,
    range: u8,
    friendly: &[String],
) -> Result<LineOfSight, Refusal> {
    let section = LINE_OF_SIGHT;
    let board = Board::new(charts, battle);
    board.check_zone(from, section)?;
    board.check_zone(to, section)?;
    let mut warnings = Vec::new();
    let blockers: BTreeSet<&String> = friendly
        .iter()
        .filter(|z| z.as_str() != from && z.as_str() != to)
        .collect();
    if battle == Battle::RorkesDrift && unblocked_view(charts, from)? {
        return Ok(LineOfSight::decided(
            true,
            Step::note(
                rule(section),
                format!(
                    "zone {from}: \"Friendly units do not block line of sight for British units on the storehouse (roof zone H) or in the final redoubt (zone D)\""
                ),
            ),
            warnings,
        ));
    }
    // "Units in a donga zone are blocked from line of sight unless firing units are in a
    // zone adjacent to the Donga" — checked where the board says the target is a donga.
    if battle == Battle::Isandlwana && board.text(to, "terrain") == Some("donga") {
        board.note_use(battle.zones_chart(), to, "terrain", &mut warnings);
        match board.adjacent(from, to) {
            Known::Yes => {}
            Known::No => {
                return Ok(LineOfSight::decided(
                    false,
                    Step::note(
                        rule(section),
                        format!(
                            "zone {to} is a donga zone and zone {from} is not adjacent to it: \"Units in a donga zone are blocked from line of sight unless firing units are in a zone adjacent to the Donga\""
                        ),
                    ),
                    warnings,
                ));
            }
            Known::Unknown => {
                let mut needs = board.adjacency_needs(from, &[]);
                needs.extend(board.adjacency_needs(to, &[]));
                return Err(refusal_needing(
                    rule(section),
                    &format!("zone {to} is a donga zone: whether zone {from} is adjacent to it"),
                    needs,
                ));
            }
        }
    }
    if blockers.is_empty() {
        return Ok(LineOfSight::decided(
            true,
            Step::note(
                rule(section),
                format!("no friendly unit stands between: zone {to} is seen at its listed range"),
            ),
            warnings,
        ));
    }
    count_clear_zones(&board, (from, to), range, &blockers, warnings)
}

/// The section of the line of sight rules.
pub(super) const LINE_OF_SIGHT: &str = "Fire Combat: LINE OF SIGHT RULES";

impl LineOfSight {
    /// A line of sight decided without counting zones: clear or blocked, and why.
    fn decided(clear: bool, step: Step, warnings: Vec<String>) -> LineOfSight {
        LineOfSight {
            clear,
            path: Vec::new(),
            steps: vec![step],
            warnings,
        }
    }
}

/// Whether friendly units do not block the view from a Rorke's Drift zone: the roof (H)
/// and the redoubt (D), as the named zones list them.
pub(super) fn unblocked_view(charts: &Charts, from: &str) -> Result<bool, Refusal> {
    let mut reader = Reader::new(charts);
    let open = reader
        .cells
        .get("named_zones", &["rorkes-drift-unblocked-view"])
        .and_then(|v| v.as_list().map(<[String]>::to_vec));
    reader.check(&rule(LINE_OF_SIGHT))?;
    Ok(open.unwrap_or_default().iter().any(|z| z == from))
}

/// Counts clear zones breadth first from the firer, past the blockers, up to the range:
/// the path to the target when it is reached, blocked when it is not, or a refusal naming
/// the board's cells the count needs.
pub(super) fn count_clear_zones(
    board: &Board<'_>,
    (from, to): (&str, &str),
    range: u8,
    blockers: &BTreeSet<&String>,
    mut warnings: Vec<String>,
) -> Result<LineOfSight, Refusal> {
    let section = LINE_OF_SIGHT;
    let battle = board.battle;
    let chart = battle.zones_chart();
    let mut needs = Vec::new();
    // Breadth first from the firer, one level per zone counted.
    let mut came_from: BTreeMap<String, String> = BTreeMap::new();
    let mut level = vec![from.to_owned()];
    let mut seen: BTreeSet<String> = BTreeSet::from([from.to_owned()]);
    for depth in 0..range {
        let mut next = Vec::new();
        for zone in &level {
            if depth > 0 && !passable(board, battle, zone, blockers, &mut needs, &mut warnings) {
                continue;
            }
            if board.complete(zone) {
                board.note_use(chart, zone, "adjacent", &mut warnings);
            } else {
                needs.extend(board.adjacency_needs(zone, &[]));
            }
            for other in board.known_neighbours(zone) {
                // "Ridge blocks line of sight unless the firing zone and target zone are
                // adjacent": a ridge line is crossed only by fire straight into the next zone.
                let direct = zone == from && other == to;
                if !direct && board.across_ridge(zone, &other) {
                    continue;
                }
                if other == to {
                    let mut path = vec![to.to_owned(), zone.clone()];
                    let mut at = zone.clone();
                    while let Some(prev) = came_from.get(&at) {
                        path.push(prev.clone());
                        at = prev.clone();
                    }
                    path.reverse();
                    let counted = path.len() - 1;
                    return Ok(LineOfSight {
                        clear: true,
                        steps: vec![Step::valued(
                            rule(section),
                            format!(
                                "clear zones counted {} (within range {range})",
                                path[1..].join(", ")
                            ),
                            counted,
                            None,
                        )],
                        path,
                        warnings,
                    });
                }
                if seen.insert(other.clone()) {
                    came_from.insert(other.clone(), zone.clone());
                    next.push(other);
                }
            }
        }
        level = next;
    }
    if needs.is_empty() {
        let list: Vec<&str> = blockers.iter().map(|s| s.as_str()).collect();
        return Ok(LineOfSight::decided(
            false,
            Step::note(
                rule(section),
                format!(
                    "no {range} clear zones reach zone {to}: blocked by friendly units in zone(s) {}",
                    list.join(", ")
                ),
            ),
            warnings,
        ));
    }
    Err(refusal_needing(
        rule(section),
        &format!(
            "counting clear zones from zone {from} to zone {to} needs the board's zones around the friendly units"
        ),
        needs,
    ))
}

/// Whether a zone on the way counts as clear.
pub(super) fn passable(
    board: &Board<'_>,
    battle: Battle,
    zone: &str,
    blockers: &BTreeSet<&String>,
    needs: &mut Vec<NeededCell>,
    warnings: &mut Vec<String>,
) -> bool {
    let chart = battle.zones_chart();
    let blocking_terrain = match battle {
        Battle::Isandlwana => board.text(zone, "terrain") == Some("mountain"),
        Battle::RorkesDrift => board.flag(chart, zone, "building") == Some(true),
    };
    if blocking_terrain {
        return false;
    }
    if !blockers.iter().any(|b| b.as_str() == zone) {
        return true;
    }
    if battle == Battle::Isandlwana {
        match board.text(zone, "terrain") {
            Some("donga") => {
                board.note_use(chart, zone, "terrain", warnings);
                return true;
            }
            Some(_) => {}
            None => needs.push(board.needed(chart, zone, "terrain")),
        }
    }
    false
}
