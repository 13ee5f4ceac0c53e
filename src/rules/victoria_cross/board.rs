//! The two boards as data: zones, adjacency across lined sides, walls, terrain and the fire
//! list printed in each zone, with the questions the rules ask of them. A fact the shipped
//! (or a club's) tables do not hold makes the question refuse, naming the zone and the fact.

use super::{Battle, Reader, rule};
use crate::charts::{Charts, Confidence, Value};
use crate::resolution::{NeededCell, Refusal, RuleRef, Step};
use std::collections::{BTreeMap, BTreeSet};

mod sight;
pub use sight::{LineOfSight, line_of_sight};

/// Read access to one battle's board.
pub struct Board<'a> {
    charts: &'a Charts,
    battle: Battle,
    /// Every zone's known neighbours (both directions of every printed adjacency).
    neighbours: BTreeMap<String, BTreeSet<String>>,
    zones: Vec<String>,
}

/// What the board says about a question with a yes or no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Yes,
    No,
    Unknown,
}

impl<'a> Board<'a> {
    /// The board of a battle, as the charts in force describe it.
    pub fn new(charts: &'a Charts, battle: Battle) -> Board<'a> {
        let mut board = Board {
            charts,
            battle,
            neighbours: BTreeMap::new(),
            zones: Vec::new(),
        };
        if let Some(chart) = charts.chart(super::RULESET, battle.zones_chart()) {
            for (key, _) in chart.cells() {
                if !board.zones.contains(&key[0]) {
                    board.zones.push(key[0].clone());
                }
            }
        }
        for zone in board.zones.clone() {
            for other in board
                .list(battle.zones_chart(), &zone, "adjacent")
                .unwrap_or_default()
            {
                board
                    .neighbours
                    .entry(zone.clone())
                    .or_default()
                    .insert(other.clone());
                board
                    .neighbours
                    .entry(other)
                    .or_default()
                    .insert(zone.clone());
            }
        }
        board
    }

    /// The zones the board's chart lists.
    pub fn zones(&self) -> &[String] {
        &self.zones
    }

    fn value(&self, chart: &str, zone: &str, field: &str) -> Option<&'a Value> {
        self.charts
            .chart(super::RULESET, chart)?
            .cell(&[zone, field])?
            .value
            .as_ref()
    }

    fn confidence(&self, chart: &str, zone: &str, field: &str) -> Option<Confidence> {
        self.charts
            .chart(super::RULESET, chart)?
            .cell(&[zone, field])
            .map(|c| c.confidence)
    }

    fn list(&self, chart: &str, zone: &str, field: &str) -> Option<Vec<String>> {
        self.value(chart, zone, field)
            .and_then(Value::as_list)
            .map(<[String]>::to_vec)
    }

    fn flag(&self, chart: &str, zone: &str, field: &str) -> Option<bool> {
        match self.value(chart, zone, field) {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    fn text(&self, zone: &str, field: &str) -> Option<&'a str> {
        self.value(self.battle.zones_chart(), zone, field)
            .and_then(Value::as_text)
    }

    #[allow(clippy::unused_self)] // a method, so every board question reads alike
    fn needed(&self, chart: &str, zone: &str, field: &str) -> NeededCell {
        NeededCell {
            chart: chart.to_owned(),
            key: vec![zone.to_owned(), field.to_owned()],
        }
    }

    /// The cells that would settle a zone's adjacency: its list (if unknown) and `complete`.
    fn adjacency_needs(&self, zone: &str, extra: &[&str]) -> Vec<NeededCell> {
        let chart = self.battle.zones_chart();
        let mut needs = Vec::new();
        for field in ["adjacent"].iter().chain(extra) {
            if self.value(chart, zone, field).is_none() {
                needs.push(self.needed(chart, zone, field));
            }
        }
        needs.push(self.needed(chart, zone, "complete"));
        needs
    }

    fn complete(&self, zone: &str) -> bool {
        self.flag(self.battle.zones_chart(), zone, "complete") == Some(true)
            && self
                .value(self.battle.zones_chart(), zone, "adjacent")
                .is_some()
    }

    /// Whether the board lists a ridge line between two zones (Isandlwana).
    fn across_ridge(&self, a: &str, b: &str) -> bool {
        let chart = self.battle.zones_chart();
        self.list(chart, a, "ridge")
            .is_some_and(|l| l.iter().any(|z| z == b))
            || self
                .list(chart, b, "ridge")
                .is_some_and(|l| l.iter().any(|z| z == a))
    }

    fn known_neighbours(&self, zone: &str) -> BTreeSet<String> {
        self.neighbours.get(zone).cloned().unwrap_or_default()
    }

    fn adjacent(&self, a: &str, b: &str) -> Known {
        if self.known_neighbours(a).contains(b) {
            Known::Yes
        } else if self.complete(a) || self.complete(b) {
            Known::No
        } else {
            Known::Unknown
        }
    }

    /// Whether a Rorke's Drift zone is a building zone, or a refusal naming the cell.
    pub(crate) fn building(&self, zone: &str, section: &str) -> Result<bool, Refusal> {
        self.check_zone(zone, section)?;
        let chart = self.battle.zones_chart();
        self.flag(chart, zone, "building").ok_or_else(|| {
            refusal_needing(
                rule(section),
                &format!("whether zone {zone} is a building zone"),
                vec![self.needed(chart, zone, "building")],
            )
        })
    }

    /// An Isandlwana zone's entry shield turn (`None`: no shield), or a refusal naming it.
    pub(crate) fn entry_turn(&self, zone: &str, section: &str) -> Result<Option<i64>, Refusal> {
        self.check_zone(zone, section)?;
        let chart = self.battle.zones_chart();
        match self.value(chart, zone, "entry_turn") {
            Some(Value::Int(n)) => Ok(Some(*n)),
            Some(_) => Ok(None),
            None => Err(refusal_needing(
                rule(section),
                &format!("zone {zone}'s entry shield"),
                vec![self.needed(chart, zone, "entry_turn")],
            )),
        }
    }

    /// Whether a Rorke's Drift zone is on the outer board edge, or a refusal naming it.
    pub(crate) fn edge(&self, zone: &str, section: &str) -> Result<bool, Refusal> {
        self.check_zone(zone, section)?;
        let chart = self.battle.zones_chart();
        self.flag(chart, zone, "edge").ok_or_else(|| {
            refusal_needing(
                rule(section),
                &format!("whether zone {zone} is an outer board edge zone"),
                vec![self.needed(chart, zone, "edge")],
            )
        })
    }

    /// A Rorke's Drift zone's feature (`hospital`, `storehouse-roof`, ...), if known.
    pub(crate) fn feature(&self, zone: &str) -> Option<&'a str> {
        self.text(zone, "feature")
    }

    /// Refuses unless the zone is one of the board's zones.
    pub(crate) fn check_zone(&self, zone: &str, section: &str) -> Result<(), Refusal> {
        if self.zones.iter().any(|z| z == zone) {
            Ok(())
        } else {
            Err(Refusal::by_rule(
                rule(section),
                format!(
                    "zone {zone} is not on the {} board's zone list ({}): a club adds its row",
                    self.battle.id(),
                    self.battle.zones_chart()
                ),
            ))
        }
    }

    /// A warning for a board cell that a club typed or that is a reading.
    pub(crate) fn note_use(
        &self,
        chart: &str,
        zone: &str,
        field: &str,
        warnings: &mut Vec<String>,
    ) {
        match self.confidence(chart, zone, field) {
            Some(Confidence::House) => {
                warnings.push(format!("used club value for {chart}:{zone}:{field}"));
            }
            Some(Confidence::Reconstructed) => {
                warnings.push(format!("used reconstructed cell {chart}:{zone}:{field}"));
            }
            _ => {}
        }
    }
}

fn refusal_needing(rule: RuleRef, reason: &str, mut needs: Vec<NeededCell>) -> Refusal {
    needs.sort();
    needs.dedup();
    let list: Vec<String> = needs.iter().map(NeededCell::address).collect();
    Refusal {
        reason: format!(
            "{reason}: the board is not in the rulebook; type {} for this resolution, or set them in a club's tables folder",
            list.join(", ")
        ),
        ..Refusal::needs_cells(rule, needs)
    }
}

/// The range in zones from one zone to another, as the firing zone's printed fire list
/// gives it ("Using the range listed in the zone occupied by the firing unit").
///
/// # Returns
/// The range (1 to 3) and the step that read it; a refusal when the target is not on a
/// complete list ("no line of sight") or the list is not supplied.
pub fn fire_range(
    charts: &Charts,
    battle: Battle,
    from: &str,
    to: &str,
) -> Result<(u8, Step), Refusal> {
    let board = Board::new(charts, battle);
    let section = "Fire Combat";
    board.check_zone(from, section)?;
    board.check_zone(to, section)?;
    let chart = battle.fire_lists_chart();
    // "RORKE'S DRIFT - British units may not fire over more than one wall section at an
    // enemy unit. For example, units in zone P could not fire at units in zones E and F."
    if board
        .list(chart, from, "over_two_walls")
        .is_some_and(|l| l.iter().any(|z| z == to))
    {
        return Err(Refusal::by_rule(
            crate::resolution::RuleRef::cell(
                super::RULESET,
                section,
                chart,
                &format!("{chart}:{from}:over_two_walls"),
            ),
            format!(
                "from zone {from} at zone {to} the fire crosses more than one wall section: \"RORKE'S DRIFT - British units may not fire over more than one wall section at an enemy unit\""
            ),
        ));
    }
    for (range, field) in [(1u8, "r1"), (2, "r2"), (3, "r3")] {
        if board
            .list(chart, from, field)
            .is_some_and(|l| l.iter().any(|z| z == to))
        {
            return Ok((
                range,
                Step::valued(
                    crate::resolution::RuleRef::cell(
                        super::RULESET,
                        section,
                        chart,
                        &format!("{chart}:{from}:{field}"),
                    ),
                    format!("zone {from} lists zone {to} at R{range}"),
                    range,
                    None,
                ),
            ));
        }
    }
    if board.flag(chart, from, "complete") == Some(true) {
        return Err(Refusal::out_of_range(
            rule("Fire Combat: LINE OF SIGHT RULES"),
            format!("zone {to} is not on zone {from}'s fire list: no line of sight"),
        ));
    }
    let mut needs = Vec::new();
    for field in ["r1", "r2", "r3"] {
        if board.value(chart, from, field).is_none() {
            needs.push(board.needed(chart, from, field));
        }
    }
    needs.push(board.needed(chart, from, "complete"));
    Err(refusal_needing(
        rule(section),
        &format!("the range from zone {from} to zone {to} is on zone {from}'s fire list"),
        needs,
    ))
}

/// The zones from a firing zone to zone 15 for the ammunition check ("Count the distance
/// from the firing unit zone to zone 15 ... Units in zone 15 still count 1 zone").
pub fn ammo_distance(charts: &Charts, from: &str) -> Result<(u32, Step), Refusal> {
    let section = "Fire Combat: ISANDLWANA: British ammunition";
    let battle = Battle::Isandlwana;
    let board = Board::new(charts, battle);
    board.check_zone(from, section)?;
    let mut reader = Reader::new(charts);
    let target = reader
        .cells
        .get("named_zones", &["isandlwana-ammunition"])
        .and_then(|v| v.as_list().and_then(|l| l.first().cloned()));
    reader.check(&rule(section))?;
    let target = target.unwrap_or_default();
    let step = |d: u32, text: String| Step::valued(rule(section), text, d, None);
    if from == target {
        return Ok((
            1,
            step(
                1,
                format!("zone {target} itself: \"Units in zone 15 still count 1 zone\""),
            ),
        ));
    }
    let mut levels: Vec<Vec<String>> = vec![vec![from.to_owned()]];
    let mut seen: BTreeSet<String> = BTreeSet::from([from.to_owned()]);
    loop {
        let depth = levels.len() - 1;
        let mut next = Vec::new();
        let mut found = false;
        for zone in &levels[depth] {
            for other in board.known_neighbours(zone) {
                if other == target {
                    found = true;
                }
                if board.text(&other, "terrain") != Some("mountain") && seen.insert(other.clone()) {
                    next.push(other);
                }
            }
        }
        // Exact only if every zone nearer than this level lists all its neighbours.
        let incomplete: Vec<&String> = levels[..depth]
            .iter()
            .flatten()
            .filter(|z| !board.complete(z))
            .collect();
        if found && incomplete.is_empty() {
            let d = (depth + 1) as u32;
            return Ok((
                d,
                step(d, format!("zone {from} is {d} zone(s) from zone {target}")),
            ));
        }
        if found || next.is_empty() {
            let mut needs = Vec::new();
            let pool: Vec<&String> = if found {
                incomplete
            } else {
                levels
                    .iter()
                    .flatten()
                    .filter(|z| !board.complete(z))
                    .collect()
            };
            for zone in pool {
                needs.extend(board.adjacency_needs(zone, &[]));
            }
            if needs.is_empty() {
                return Err(Refusal::by_rule(
                    rule(section),
                    format!("no way from zone {from} to zone {target} on the board"),
                ));
            }
            return Err(refusal_needing(
                rule(section),
                &format!(
                    "the distance from zone {from} to zone {target} needs the board's adjacency"
                ),
                needs,
            ));
        }
        levels.push(next);
    }
}

/// Whether a melee from one zone into an adjacent one at Rorke's Drift is across a wall
/// section, door or window, or into or out of a building zone (the British hit on 4, 5
/// and 6 there).
pub fn melee_across_wall(charts: &Charts, from: &str, into: &str) -> Result<(bool, Step), Refusal> {
    let section = "Melee Combat";
    let battle = Battle::RorkesDrift;
    let board = Board::new(charts, battle);
    board.check_zone(from, section)?;
    board.check_zone(into, section)?;
    let chart = battle.zones_chart();
    match board.adjacent(from, into) {
        Known::Yes => {}
        Known::No => {
            return Err(Refusal::by_rule(
                rule(section),
                format!(
                    "zones {from} and {into} are not adjacent: \"Melee combat occurs between enemy units in adjacent zones across zone lines. No diagonal melee allowed.\""
                ),
            ));
        }
        Known::Unknown => {
            let mut needs = board.adjacency_needs(from, &[]);
            needs.extend(board.adjacency_needs(into, &[]));
            return Err(refusal_needing(
                rule(section),
                &format!("whether zones {from} and {into} are adjacent"),
                needs,
            ));
        }
    }
    let wall = |a: &str, b: &str| {
        board
            .list(chart, a, "walls")
            .is_some_and(|l| l.iter().any(|z| z == b))
    };
    let step = |across: bool, text: String| Step::valued(rule(section), text, across, None);
    if wall(from, into) || wall(into, from) {
        return Ok((
            true,
            step(
                true,
                format!("a wall section, door or window lies between zones {from} and {into}"),
            ),
        ));
    }
    for zone in [from, into] {
        match board.flag(chart, zone, "building") {
            Some(true) => {
                return Ok((
                    true,
                    step(
                        true,
                        format!("zone {zone} is a building zone: melee into or out of it"),
                    ),
                ));
            }
            Some(false) => {}
            None => {
                return Err(refusal_needing(
                    rule(section),
                    &format!("whether zone {zone} is a building zone"),
                    vec![board.needed(chart, zone, "building")],
                ));
            }
        }
    }
    let walls_known = |z: &str| board.complete(z) && board.value(chart, z, "walls").is_some();
    if walls_known(from) || walls_known(into) {
        return Ok((
            false,
            step(
                false,
                format!("no wall, door or window between zones {from} and {into}"),
            ),
        ));
    }
    let mut needs = board.adjacency_needs(from, &["walls"]);
    needs.extend(board.adjacency_needs(into, &["walls"]));
    Err(refusal_needing(
        rule(section),
        &format!("whether a wall lies between zones {from} and {into}"),
        needs,
    ))
}

/// What the board says of a melee from one zone into an adjacent one: across a wall
/// section, door or window (Rorke's Drift), into or out of a building zone (Rorke's
/// Drift), with the steps that read it.
#[derive(Debug, Clone, PartialEq)]
pub struct MeleeBoard {
    /// Across a wall section, door or window, or into or out of a building zone: the
    /// British hit on 4, 5 and 6.
    pub across_wall: bool,
    /// The target zone is a building zone (at most 8 SP a zone melee into it).
    pub into_building: bool,
    /// The meleeing zone is a building zone (at most 8 SP melee out of it).
    pub out_of_building: bool,
    /// The steps that read the board.
    pub steps: Vec<Step>,
    /// The club's and the reconstructed board cells it read.
    pub warnings: Vec<String>,
}

/// Reads the board for a melee from `from` into `into`. At Rorke's Drift the walls and the
/// building zones come from the zone records (a fact not given refuses, naming its cell);
/// at Isandlwana, which has neither, only the zones and their adjacency are checked — an
/// adjacency the board does not settle is noted, as the hits do not depend on it.
pub fn melee_board(
    charts: &Charts,
    battle: Battle,
    from: &str,
    into: &str,
) -> Result<MeleeBoard, Refusal> {
    let section = "Melee Combat";
    let board = Board::new(charts, battle);
    board.check_zone(from, section)?;
    board.check_zone(into, section)?;
    let mut warnings = Vec::new();
    let fields: &[&str] = if battle == Battle::RorkesDrift {
        &["adjacent", "complete", "walls", "building"]
    } else {
        &["adjacent", "complete"]
    };
    for zone in [from, into] {
        for field in fields {
            board.note_use(battle.zones_chart(), zone, field, &mut warnings);
        }
    }
    if battle == Battle::RorkesDrift {
        let (across_wall, step) = melee_across_wall(charts, from, into)?;
        let into_building = board.building(into, section)?;
        let out_of_building = board.building(from, section)?;
        return Ok(MeleeBoard {
            across_wall,
            into_building,
            out_of_building,
            steps: vec![step],
            warnings,
        });
    }
    let steps = match board.adjacent(from, into) {
        Known::Yes => Vec::new(),
        Known::No => {
            return Err(Refusal::by_rule(
                rule(section),
                format!(
                    "zones {from} and {into} are not adjacent: \"Melee combat occurs between enemy units in adjacent zones across zone lines. No diagonal melee allowed.\""
                ),
            ));
        }
        Known::Unknown => vec![Step::note(
            rule(section),
            format!(
                "whether zones {from} and {into} are adjacent is not in the board's zone records: the referee's to see"
            ),
        )],
    };
    Ok(MeleeBoard {
        across_wall: false,
        into_building: false,
        out_of_building: false,
        steps,
        warnings,
    })
}
