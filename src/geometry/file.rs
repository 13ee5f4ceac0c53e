//! The layout file: JSON, versioned (see docs/layout.md). Reading it checks everything and
//! names the JSON path of each problem (`units[3].facing`); overlapping bases are warnings.

mod reader;
mod terrain;
mod write;

pub use write::write;

use super::RiverType;
use super::sizes::{SizeError, dba_base_size, mc_counter_size};
use super::{Base, Layout, MM_PER_INCH, Point, TOUCH_MM, Table, Terrain, TerrainKind, UnitRecord};
use crate::charts::Charts;
use crate::record::Formation;
use crate::ruleset::{Ruleset, Scenario};
use parry2d::query::sat;
use parry2d::utils::segments_intersection2d;
use serde_json::Value;
use std::fmt;
use terrain::read_terrains;

/// Warnings of one kind listed one by one; those beyond are summarised with their count,
/// so a table of 2,000 stacked bases reads as 100 overlaps and a count, not two million.
pub const WARNINGS_PER_KIND: usize = 100;

/// The `format` every layout file names.
pub const FORMAT: &str = "laager-layout";
/// The layout version this build reads and writes.
pub const VERSION: u64 = 1;

/// One problem in a layout file, at a JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// The path in the file (`units[3].facing`); empty for the whole file.
    pub path: String,
    /// What is wrong, lowercase.
    pub message: String,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// What reading a layout found: the layout (when there were no errors), errors, warnings.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The layout, if it had no errors.
    pub layout: Option<Layout>,
    /// Errors: the layout cannot be used.
    pub errors: Vec<Issue>,
    /// Warnings: the layout can be used, but look (overlapping bases).
    pub warnings: Vec<Issue>,
}

use reader::{Number, Reader, join, kind};

/// Reads and checks a layout file's text. Unit sizes not given in the file come from the
/// charts (DBA troop types by figure scale, Micro Colonial counter sizes).
pub fn read(text: &str, charts: &Charts) -> Report {
    // A byte-order mark some editors put first is not part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match serde_json::from_str(text) {
        Ok(value) => read_value(&value, Some(charts)).0,
        Err(e) => Report {
            errors: vec![Issue {
                path: String::new(),
                message: format!("not JSON: {e}"),
            }],
            ..Report::default()
        },
    }
}

/// Reads and checks a layout held as JSON (a game's, in a campaign file or an import)
/// exactly as [`read`] reads a file's text.
pub fn read_stored(layout: &Value, charts: &Charts) -> Report {
    read_value(layout, Some(charts)).0
}

/// Every value of a layout held as JSON that is outside its domain (docs/layout.md,
/// "Bounds": a coordinate, a size, a facing, a strength, a unit id), each at its path;
/// what else [`read`] would find (its shape, unit types and sizes from the charts in force)
/// is not reported. A campaign file is checked so when it opens, whatever tables it is
/// played with.
pub fn domain_errors(layout: &Value) -> Vec<Issue> {
    read_value(layout, None).1
}

/// The report, and the errors of values outside their domains among its errors.
fn read_value(value: &Value, charts: Option<&Charts>) -> (Report, Vec<Issue>) {
    let mut report = Report::default();
    let mut r = Reader {
        outside: Vec::new(),
        errors: Vec::new(),
        charts,
        scale: 1.0,
    };
    let top_fields = [
        "format",
        "version",
        "ruleset",
        "length_unit",
        "figure_scale_mm",
        "scenario",
        "table",
        "units",
        "terrain",
    ];
    let Some(top) = r.object(value, "", &top_fields) else {
        report.errors = r.errors;
        return (report, r.outside);
    };
    read_header(&mut r, top);
    let ruleset = read_ruleset(&mut r, top);
    match top.get("length_unit").map(Value::as_str) {
        None | Some(Some("mm")) => {}
        Some(Some("in")) => r.scale = MM_PER_INCH,
        Some(_) => r.error("length_unit", "expected \"mm\" or \"in\""),
    }
    let figure_scale = read_figure_scale(&mut r, top);
    let scenario = read_scenario(&mut r, top, ruleset);
    let table = read_table(&mut r, top.get("table"));
    let (bases, base_paths) = read_units(&mut r, top, ruleset, figure_scale, table.as_ref());
    let terrain = read_terrains(&mut r, top, table.as_ref());
    report.errors = r.errors;
    let outside = r.outside;
    let Some(table) = table else {
        return (report, outside);
    };
    let layout = Layout::new(table, bases, terrain)
        .with_ruleset(ruleset)
        .with_figure_scale(top.get("figure_scale_mm").map(|_| figure_scale))
        .with_scenario(scenario);
    report.warnings = overlap_warnings(&layout, &base_paths);
    if report.errors.is_empty() {
        report.layout = Some(layout);
    }
    (report, outside)
}

/// The file's `format` and `version`, which must be this Laager's.
fn read_header(r: &mut Reader<'_>, top: &serde_json::Map<String, Value>) {
    match top.get("format") {
        Some(Value::String(s)) if s == FORMAT => {}
        Some(other) => r.error(
            "format",
            format!("expected \"{FORMAT}\", found {}", kind(other)),
        ),
        None => r.error("format", format!("missing: expected \"{FORMAT}\"")),
    }
    match top.get("version").map(Value::as_u64) {
        Some(Some(VERSION)) => {}
        Some(Some(v)) => r.error(
            "version",
            format!("version {v} is not one this laager reads: expected {VERSION}"),
        ),
        Some(None) | None => r.error(
            "version",
            format!("missing or not a whole number: expected {VERSION}"),
        ),
    }
}

/// The layout's ruleset, if it names one: a measured-distance ruleset.
fn read_ruleset(r: &mut Reader<'_>, top: &serde_json::Map<String, Value>) -> Option<Ruleset> {
    match top.get("ruleset") {
        None | Some(Value::Null) => None,
        Some(Value::String(id)) => match Ruleset::from_id(id) {
            Some(rs @ (Ruleset::MicroColonial | Ruleset::DbaZulu)) => Some(rs),
            _ => {
                r.error("ruleset", format!("'{id}' is not a measured-distance ruleset: expected micro-colonial or dba-zulu"));
                None
            }
        },
        Some(other) => {
            r.error(
                "ruleset",
                format!("expected micro-colonial or dba-zulu, found {}", kind(other)),
            );
            None
        }
    }
}

/// The figure scale the layout's bases are sized at (the set-up chart's 15 mm when it
/// gives none).
fn read_figure_scale(r: &mut Reader<'_>, top: &serde_json::Map<String, Value>) -> u32 {
    match top.get("figure_scale_mm") {
        None => super::BASELINE_FIGURE_SCALE_MM,
        Some(v) => match v
            .as_u64()
            .and_then(|s| u32::try_from(s).ok())
            .filter(|s| super::figure_scale_factor(*s).is_some())
        {
            Some(s) => s,
            None => {
                r.error(
                    "figure_scale_mm",
                    format!("expected 6, 10, 15 or 25, found {}", kind(v)),
                );
                super::BASELINE_FIGURE_SCALE_MM
            }
        },
    }
}

/// The scenario the layout names, if any: one of its ruleset's.
fn read_scenario(
    r: &mut Reader<'_>,
    top: &serde_json::Map<String, Value>,
    ruleset: Option<Ruleset>,
) -> Option<Scenario> {
    match top.get("scenario") {
        None | Some(Value::Null) => None,
        Some(Value::String(id)) => match Scenario::from_id(id) {
            Some(scenario) if ruleset.is_none_or(|rs| rs == scenario.ruleset()) => Some(scenario),
            Some(scenario) => {
                r.error(
                    "scenario",
                    format!(
                        "'{id}' is a {} scenario, not one of this layout's ruleset",
                        scenario.ruleset()
                    ),
                );
                None
            }
            None => {
                r.error(
                    "scenario",
                    format!("'{id}' is not a scenario: expected rorkes-drift"),
                );
                None
            }
        },
        Some(other) => {
            r.error(
                "scenario",
                format!("expected \"rorkes-drift\", found {}", kind(other)),
            );
            None
        }
    }
}

/// The units, each a base on the table with an id of its own, and each one's path in the
/// file (for the warnings).
fn read_units(
    r: &mut Reader<'_>,
    top: &serde_json::Map<String, Value>,
    ruleset: Option<Ruleset>,
    figure_scale: u32,
    table: Option<&Table>,
) -> (Vec<Base>, Vec<String>) {
    let units: &[Value] = match top.get("units") {
        Some(Value::Array(items)) => items,
        None => &[],
        Some(other) => {
            r.error(
                "units",
                format!("expected a list of units, found {}", kind(other)),
            );
            &[]
        }
    };
    let mut bases = Vec::new();
    let mut base_paths = Vec::new();
    let mut unit_ids = std::collections::HashSet::new();
    for (i, unit) in units.iter().enumerate() {
        let path = format!("units[{i}]");
        if let Some(base) = read_unit(r, unit, &path, ruleset, figure_scale) {
            if !unit_ids.insert(base.unit_id().to_owned()) {
                r.error(
                    &join(&path, "id"),
                    format!("unit id '{}' is used twice", base.unit_id()),
                );
            }
            if let Some(table) = table
                && let Some(corner) = base.corners().into_iter().find(|c| !table.holds(c))
            {
                r.error(
                    &path,
                    format!(
                        "unit '{}' is off the table: a corner is at ({:.1}, {:.1}) mm",
                        base.unit_id(),
                        corner.x,
                        corner.y
                    ),
                );
            }
            bases.push(base);
            base_paths.push(path);
        }
    }
    (bases, base_paths)
}

fn read_table(r: &mut Reader<'_>, value: Option<&Value>) -> Option<Table> {
    let Some(value) = value else {
        r.error(
            "table",
            "missing: expected { \"width\": .., \"depth\": .. } or { \"preset\": \"6x4ft\" }",
        );
        return None;
    };
    let map = r.object(value, "table", &["width", "depth", "preset"])?;
    if let Some(preset) = map.get("preset") {
        let found = preset
            .as_str()
            .and_then(|p| Table::PRESETS.iter().find(|(name, _)| *name == p));
        return match found {
            Some((_, table)) => Some(*table),
            None => {
                let names: Vec<&str> = Table::PRESETS.iter().map(|(n, _)| *n).collect();
                r.error(
                    "table.preset",
                    format!(
                        "expected one of {}, found {}",
                        names.join(", "),
                        kind(preset)
                    ),
                );
                None
            }
        };
    }
    let width = r.number(map, "table", "width", Number::Size);
    let depth = r.number(map, "table", "depth", Number::Size);
    let (width, depth) = (width?, depth?);
    Some(Table {
        width_mm: width,
        depth_mm: depth,
    })
}

#[allow(clippy::many_single_char_names)] // x, y: the table's axes
fn read_unit(
    r: &mut Reader<'_>,
    value: &Value,
    path: &str,
    ruleset: Option<Ruleset>,
    figure_scale: u32,
) -> Option<Base> {
    let map = r.object(
        value,
        path,
        &[
            "id",
            "side",
            "type",
            "x",
            "y",
            "facing",
            "frontage",
            "depth",
            "strength",
            "class",
            "army_list",
            "formation",
        ],
    )?;
    let id = r
        .text(map, path, "id")
        .and_then(|id| match crate::bounds::unit_id(&id) {
            Ok(_) => Some(id),
            Err(e) => {
                r.outside(&join(path, "id"), e.to_string());
                None
            }
        });
    let side = r.text(map, path, "side");
    let unit_type = match map.get("type") {
        None => None,
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
        Some(other) => {
            r.error(
                &join(path, "type"),
                format!("expected a unit type, found {}", kind(other)),
            );
            None
        }
    };
    let x = r.number(map, path, "x", Number::Coordinate);
    let y = r.number(map, path, "y", Number::Coordinate);
    let facing = r.number(map, path, "facing", Number::Facing);
    let mut given = [None, None];
    for (slot, key) in given.iter_mut().zip(["frontage", "depth"]) {
        if map.contains_key(key) {
            *slot = r.number(map, path, key, Number::Size);
        }
    }
    let from_chart = unit_type.as_ref().and_then(|t| {
        let charts = r.charts?;
        let found = match ruleset {
            Some(Ruleset::DbaZulu) => dba_base_size(charts, t, figure_scale),
            Some(_) => mc_counter_size(charts, t),
            None => return None,
        };
        match found {
            Ok(size) => Some(size),
            Err(e @ SizeError::UnknownType { .. }) => {
                r.error(&join(path, "type"), e.to_string());
                None
            }
            Err(e) => {
                if given[0].is_none() || given[1].is_none() {
                    r.error(&join(path, "type"), e.to_string());
                }
                None
            }
        }
    });
    let (frontage, depth) = match (given, from_chart) {
        ([Some(w), Some(d)], _) => (w, d),
        ([w, d], Some(size)) => (w.unwrap_or(size.frontage_mm), d.unwrap_or(size.depth_mm)),
        ([w, d], None) => {
            if unit_type.is_none() || ruleset.is_none() {
                for (v, key) in [(w, "frontage"), (d, "depth")] {
                    if v.is_none() && !map.contains_key(key) {
                        r.error(&join(path, key), "missing: give the size, or a ruleset and unit type to read it from the tables");
                    }
                }
            }
            return None;
        }
    };
    let record = read_record(r, map, path, ruleset);
    let base =
        Base::new(id?, side?, Point::new(x?, y?), facing?, frontage, depth).with_record(record);
    Some(match unit_type {
        Some(t) => base.with_type(t),
        None => base,
    })
}

/// Micro Colonial formations: close and open order ("OPEN ORDER INFANTRY SKIRMISHING"),
/// the large square, and the "TWO UNIT FORMATION".
pub const MC_FORMATIONS: &[&str] = Formation::KNOWN;

/// Micro Colonial classes, as the MORALE rules name them ("FANATICS & EUROPEAN REGULARS",
/// "OTHER TROOPS"). The layout keeps the word; the rules read it as their `MoraleClass`,
/// whose names these are (a test holds the two lists equal).
pub const MC_CLASSES: [&str; 3] = ["fanatic", "european-regular", "other"];

/// The unit's records: `strength` a whole number, `class` and `army_list` text.
fn read_record(
    r: &mut Reader<'_>,
    map: &serde_json::Map<String, Value>,
    path: &str,
    ruleset: Option<Ruleset>,
) -> UnitRecord {
    let strength = map.get("strength").and_then(|v| match v {
        Value::Number(n) if n.is_u64() || n.is_i64() => {
            match crate::bounds::Strength::parse(&n.to_string()) {
                Ok(n) => Some(n.get()),
                Err(e) => {
                    r.outside(&join(path, "strength"), e.to_string());
                    None
                }
            }
        }
        other => {
            r.error(
                &join(path, "strength"),
                format!(
                    "expected a whole number of at least 0, found {}",
                    kind(other)
                ),
            );
            None
        }
    });
    let mut text = |key: &str| match map.get(key) {
        None => None,
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Some(other) => {
            r.error(
                &join(path, key),
                format!("expected non-empty text, found {}", kind(other)),
            );
            None
        }
    };
    let class = text("class");
    let army_list = text("army_list");
    let formation = text("formation").and_then(|word| Formation::parse(&word));
    if ruleset == Some(Ruleset::MicroColonial) {
        if let Some(formation @ Formation::Own(_)) = &formation {
            r.error(
                &join(path, "formation"),
                format!(
                    "'{formation}' is not a formation: expected one of {}",
                    MC_FORMATIONS.join(", ")
                ),
            );
        }
        if let Some(class) = &class
            && !MC_CLASSES.contains(&class.as_str())
        {
            r.error(
                &join(path, "class"),
                format!(
                    "'{class}' is not a class: expected one of {}",
                    MC_CLASSES.join(", ")
                ),
            );
        }
        if let Some(key) = &army_list
            && let Some(chart) = r
                .charts
                .and_then(|c| c.chart(Ruleset::MicroColonial, "army_lists"))
            && chart.cell(&[key, "initial_ff"]).is_none()
        {
            let mut keys: Vec<String> = chart
                .cells()
                .into_iter()
                .map(|(k, _)| k[0].clone())
                .collect();
            keys.dedup();
            r.error(
                &join(path, "army_list"),
                format!(
                    "no record '{key}' in army_lists: expected one of {}",
                    keys.join(", ")
                ),
            );
        }
    }
    UnitRecord {
        strength,
        class,
        army_list,
        formation,
    }
}

/// Whether two bases overlap (not merely touch). Two rectangles: by the separating axis
/// theorem their penetration depth is the least overlap along the four edge normals, the
/// negated largest separation parry's SAT finds (the same depth its general contact query
/// gives, without the general machinery).
fn bases_overlap(base: &Base, other: &Base) -> bool {
    let base_from_other = base.table_from_base().inv_mul(other.table_from_base());
    let other_from_base = base_from_other.inverse();
    let (one, _) = sat::cuboid_cuboid_find_local_separating_normal_oneway(
        base.shape(),
        other.shape(),
        &base_from_other,
    );
    let (two, _) = sat::cuboid_cuboid_find_local_separating_normal_oneway(
        other.shape(),
        base.shape(),
        &other_from_base,
    );
    one.max(two) < -TOUCH_MM
}

/// One warning per pair of overlapping bases, the first [`WARNINGS_PER_KIND`] listed (by
/// the first base's position, then the second's), and when there are more, one last
/// warning counting the bases that overlap any other.
///
/// # Behavior
/// The exact test runs between footprints (bases lying exactly on one another share one
/// and overlap each other by construction), found through the footprints' index, so the
/// cost grows with the distinct footprints and their overlaps, not with the pairs: a stack
/// of 20,000 bases is one footprint whose bases all overlap.
fn overlap_warnings(layout: &Layout, paths: &[String]) -> Vec<Issue> {
    let bases = layout.bases();
    let footprints = layout.footprints();
    let first = |f: usize| &bases[footprints.members(f)[0]];
    // Whether footprints `f` and `g` overlap (a footprint overlaps itself when its bases
    // have an area: two of them on one spot overlap).
    let overlapping = |f: usize, g: usize| bases_overlap(first(f), first(g));
    let mut warnings = Vec::new();
    let mut more = false;
    'listing: for (i, base) in bases.iter().enumerate() {
        let f = footprints.of(i);
        // The first positions after `i` overlapping it, enough to complete the list and
        // know whether there are more.
        let wanted = WARNINGS_PER_KIND + 1 - warnings.len();
        let mut others: Vec<usize> = Vec::new();
        for g in footprints.near(&base.aabb()) {
            let members = footprints.members(g);
            if members.last().is_none_or(|last| *last <= i) || !overlapping(f, g) {
                continue;
            }
            let after = members.partition_point(|j| *j <= i);
            others.extend(members[after..].iter().take(wanted));
        }
        others.sort_unstable();
        for j in others {
            if warnings.len() == WARNINGS_PER_KIND {
                more = true;
                break 'listing;
            }
            warnings.push(Issue {
                path: paths[i].clone(),
                message: format!(
                    "unit '{}' overlaps unit '{}' ({})",
                    base.unit_id(),
                    bases[j].unit_id(),
                    paths[j]
                ),
            });
        }
    }
    if more {
        let overlapped: usize = (0..footprints.len())
            .filter(|&f| {
                let alone = footprints.members(f).len() == 1;
                (!alone && overlapping(f, f))
                    || footprints
                        .near(&first(f).aabb())
                        .any(|g| g != f && overlapping(f, g))
            })
            .map(|f| footprints.members(f).len())
            .sum();
        warnings.push(Issue {
            path: String::new(),
            message: format!(
                "and more overlapping pairs of units: {overlapped} units overlap another (the first {WARNINGS_PER_KIND} pairs are listed)"
            ),
        });
    }
    warnings
}
