//! `laager measure` (every measurement between two bases, from a layout file or typed
//! positions) and `laager layout check` (validate a layout file).

use super::{CliError, Outcome, TablesArgs};
use crate::bounds::{Coordinate, Facing, OutOfDomain, Side};
use crate::charts::{Charts, registry};
use crate::geometry::file::{self, Issue, Report};
use crate::geometry::{
    Base, Layout, MM_PER_INCH, Point, Real, Sight, Table, round_mm, terrain_under,
};
use crate::rules::measure::{BothRulesets, measure_both};
use crate::ruleset::Ruleset;
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Lengths typed on the command line: millimetres or inches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum LengthUnit {
    /// Millimetres.
    #[default]
    Mm,
    /// Inches.
    In,
}

/// `laager measure`.
#[derive(Debug, Args)]
pub struct MeasureArgs {
    /// A layout file (JSON); then --from and --to are unit ids.
    pub file: Option<PathBuf>,
    /// The firer or attacker: a unit id, or X,Y,FACING_DEG,FRONTAGE,DEPTH without a file
    /// (each number in its domain: docs/layout.md, "Bounds").
    #[arg(
        long,
        value_name = "ID|X,Y,FACING_DEG,FRONTAGE,DEPTH",
        allow_hyphen_values = true
    )]
    pub from: String,
    /// The target: a unit id, or X,Y,FACING_DEG,FRONTAGE,DEPTH without a file (each number
    /// in its domain: docs/layout.md, "Bounds").
    #[arg(
        long,
        value_name = "ID|X,Y,FACING_DEG,FRONTAGE,DEPTH",
        allow_hyphen_values = true
    )]
    pub to: String,
    /// The unit of typed lengths; `in` also adds inch figures to the output.
    #[arg(long, value_enum, default_value = "mm")]
    pub units: LengthUnit,
    /// Print the JSON contract instead of text.
    #[arg(long)]
    pub json: bool,
    /// The tables in force (the Micro Colonial arc angle, counter sizes).
    #[command(flatten)]
    pub tables: TablesArgs,
}

/// `laager layout ...`.
#[derive(Debug, Subcommand)]
pub enum LayoutCommand {
    /// Check a layout file: every error with its JSON path (exit 2); overlaps are warnings.
    Check {
        /// The layout file (JSON).
        file: PathBuf,
        /// Print the findings as JSON.
        #[arg(long)]
        json: bool,
        /// The tables unit sizes are read from.
        #[command(flatten)]
        tables: TablesArgs,
    },
}

/// Loads the charts with `--tables` and every `--cell`, each cell in the ruleset its
/// address names (`dba_zulu/troop_types:..`) or the one measured-distance ruleset that has
/// the chart.
fn load_charts(args: &TablesArgs) -> Result<Charts, CliError> {
    let mut charts = TablesArgs {
        tables: args.tables.clone(),
        cells: Vec::new(),
    }
    .load(Ruleset::MicroColonial)?;
    for cell in &args.cells {
        let address = cell.split('=').next().unwrap_or_default();
        let chart = address.split(':').next().unwrap_or_default();
        let (ruleset, rest) = match chart.split_once('/') {
            Some((folder, _)) => (
                Ruleset::from_id(folder).ok_or_else(|| {
                    CliError::Input(format!("--cell '{cell}': '{folder}' is not a ruleset"))
                })?,
                cell.split_once('/').map_or(cell.as_str(), |(_, r)| r),
            ),
            None => {
                let owners: Vec<Ruleset> = [Ruleset::MicroColonial, Ruleset::DbaZulu]
                    .into_iter()
                    .filter(|r| registry::is_known(*r, chart))
                    .collect();
                match owners.as_slice() {
                    [one] => (*one, cell.as_str()),
                    _ => {
                        return Err(CliError::Input(format!(
                            "--cell '{cell}': write the chart as micro_colonial/{chart} or dba_zulu/{chart}"
                        )));
                    }
                }
            }
        };
        charts
            .apply_cell_arg(ruleset, rest)
            .map_err(|e| CliError::Input(format!("--cell {e}")))?;
    }
    Ok(charts)
}

fn read_layout(path: &Path, charts: &Charts) -> Result<Report, CliError> {
    let text = crate::store::disk::read_text(path, crate::store::Input::Layout)
        .map_err(|e| CliError::Input(e.to_string()))?;
    Ok(file::read(&text, charts))
}

fn issues_text(path: &Path, issues: &[Issue], prefix: &str) -> String {
    issues
        .iter()
        .map(|i| format!("{prefix}{}: {i}", path.display()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Parses `X,Y,FACING_DEG,FRONTAGE,DEPTH` into a base; lengths in `unit`.
fn typed_base(flag: &str, text: &str, unit: LengthUnit) -> Result<Base, CliError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let bad = |why: String| CliError::Input(format!("--{flag} '{text}': {why}"));
    if parts.len() != 5 {
        return Err(bad(format!(
            "expected X,Y,FACING_DEG,FRONTAGE,DEPTH (5 numbers), found {} part(s); with a layout file give a unit id",
            parts.len()
        )));
    }
    let scale = match unit {
        LengthUnit::Mm => 1.0,
        LengthUnit::In => MM_PER_INCH,
    };
    // Each number through its domain's constructor, in mm (docs/layout.md, "Bounds").
    let number = |name: &str, part: &str, check: fn(f64) -> Result<f64, OutOfDomain>| {
        let value: f64 = part
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| bad(format!("{name} '{part}' is not a number")))?;
        let checked = check(if name == "facing" {
            value
        } else {
            value * scale
        });
        checked
            .map(|v| v as Real)
            .map_err(|e| bad(format!("{name}: {e}")))
    };
    let coordinate: fn(f64) -> Result<f64, OutOfDomain> = |v| Coordinate::new(v).map(f64::from);
    let side: fn(f64) -> Result<f64, OutOfDomain> = |v| Side::new(v).map(f64::from);
    let facing: fn(f64) -> Result<f64, OutOfDomain> = |v| Facing::new(v).map(f64::from);
    let x = number("x", parts[0], coordinate)?;
    let y = number("y", parts[1], coordinate)?;
    let facing = number("facing", parts[2], facing)?;
    let frontage = number("frontage", parts[3], side)?;
    let depth = number("depth", parts[4], side)?;
    Ok(Base::new(
        flag,
        flag,
        Point::new(x, y),
        facing,
        frontage,
        depth,
    ))
}

fn point(p: Point) -> Value {
    json!([round_mm(p.x), round_mm(p.y)])
}

fn inches(mm: Real) -> f64 {
    (f64::from(mm) / MM_PER_INCH * 1000.0).round() / 1000.0
}

fn sight_json(sight: &Sight) -> Value {
    json!({
        "clear": sight.clear,
        "blocked_by": sight.blocked_by.as_ref().map(|b| b.id.clone()),
    })
}

fn sight_geometry(sight: &Sight) -> Value {
    json!({
        "along": sight.along.iter().copied().map(point).collect::<Vec<_>>(),
        "blocker": sight.blocked_by.as_ref().map(|b| json!({ "id": b.id, "kind": b.kind, "point": point(b.point) })),
    })
}

/// Every measurement between two bases, as the JSON contract (plus `geometry` to draw):
/// the engine's measurements under both rulesets (`rules::measure`), as the desk asks them.
fn measurement(
    layout: &Layout,
    from: &Base,
    to: &Base,
    both: &BothRulesets,
    unit: LengthUnit,
) -> Value {
    let range = both.micro_colonial.range;
    let gap = both.dba.range;
    let mc = both.micro_colonial.arc.as_ref().ok();
    let dba = both.dba.arc.as_ref().ok();
    let mc_sight = &both.micro_colonial.sight;
    let dba_sight = &both.dba.sight;
    let sight = both.sight(layout.ruleset);
    let contact = &both.dba.contact;
    let kinds = |base: &Base| {
        let mut kinds: Vec<&str> = terrain_under(layout, base)
            .iter()
            .map(|t| t.kind.name())
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        kinds
    };
    let mut out = json!({
        "from": from.unit_id(),
        "to": to.unit_id(),
        "centre_to_nearest_mm": round_mm(range.mm),
        "edge_to_edge_mm": round_mm(gap.mm),
        "in_arc": { "micro-colonial": mc.map(|a| a.in_arc), "dba-zulu": dba.map(|a| a.in_arc) },
        "line_of_sight": sight_json(sight),
        "line_of_sight_by_ruleset": { "micro-colonial": sight_json(mc_sight), "dba-zulu": sight_json(dba_sight) },
        "contact_edge": contact.edge.map(crate::geometry::EdgeName::word),
        "terrain": { "from": kinds(from), "to": kinds(to) },
        "geometry": {
            "centre_to_nearest": { "from": point(range.from), "to": point(range.to) },
            "edge_to_edge": { "from": point(gap.from), "to": point(gap.to) },
            "arc": {
                "micro-colonial": mc.map(|a| a.region.iter().copied().map(point).collect::<Vec<_>>()),
                "dba-zulu": dba.map(|a| a.region.iter().copied().map(point).collect::<Vec<_>>()),
            },
            "line_of_sight": { "micro-colonial": sight_geometry(mc_sight), "dba-zulu": sight_geometry(dba_sight) },
            "contact": {
                "target_edge": contact.target_edge,
                "shared": contact.shared.map(|(p, q)| json!([point(p), point(q)])),
                "length_mm": round_mm(contact.length_mm),
            },
        },
    });
    if unit == LengthUnit::In {
        out["centre_to_nearest_in"] = json!(inches(range.mm));
        out["edge_to_edge_in"] = json!(inches(gap.mm));
    }
    out
}

fn yes_no(value: Option<bool>) -> &'static str {
    match value {
        Some(true) => "yes",
        Some(false) => "no",
        None => "unknown",
    }
}

fn render_text(m: &Value, warnings: &[String]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let text = |v: &Value| v.as_str().unwrap_or("").to_owned();
    let num = |v: &Value| v.as_f64().unwrap_or(0.0);
    let _ = writeln!(out, "from {} to {}", text(&m["from"]), text(&m["to"]));
    for (label, key) in [
        ("centre to nearest", "centre_to_nearest"),
        ("edge to edge", "edge_to_edge"),
    ] {
        let mm = num(&m[format!("{key}_mm")]);
        let _ = writeln!(out, "  {label}: {mm:.1} mm ({:.2} in)", mm / MM_PER_INCH);
    }
    let _ = writeln!(
        out,
        "  in arc: micro-colonial {}, dba-zulu {}",
        yes_no(m["in_arc"]["micro-colonial"].as_bool()),
        yes_no(m["in_arc"]["dba-zulu"].as_bool())
    );
    let los = &m["line_of_sight"];
    let _ = match los["blocked_by"].as_str() {
        Some(b) => writeln!(out, "  line of sight: blocked by {b}"),
        None => writeln!(out, "  line of sight: clear"),
    };
    let _ = writeln!(
        out,
        "  contact edge: {}",
        m["contact_edge"].as_str().unwrap_or("none")
    );
    for end in ["from", "to"] {
        let kinds: Vec<&str> = m["terrain"][end]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let kinds = if kinds.is_empty() {
            "open".to_owned()
        } else {
            kinds.join(", ")
        };
        let _ = writeln!(out, "  terrain under {}: {kinds}", text(&m[end]));
    }
    for w in warnings {
        let _ = writeln!(out, "  warning: {w}");
    }
    out
}

/// Runs `laager measure`.
pub fn run_measure(args: &MeasureArgs) -> Result<Outcome, CliError> {
    let (m, warnings) = measured(args)?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&m).map_err(|e| CliError::Internal(e.to_string()))?
        );
    } else {
        print!("{}", render_text(&m, &warnings));
    }
    Ok(Outcome::Done)
}

/// Every measurement `laager measure` makes, as its JSON contract, with the warnings.
pub(super) fn measured(args: &MeasureArgs) -> Result<(Value, Vec<String>), CliError> {
    let charts = load_charts(&args.tables)?;
    let (layout, from, to) = match &args.file {
        Some(path) => {
            let report = read_layout(path, &charts)?;
            let Some(layout) = report.layout else {
                return Err(CliError::Input(issues_text(path, &report.errors, "")));
            };
            let find = |flag: &str, id: &str| {
                layout.base(id).cloned().ok_or_else(|| {
                    CliError::Input(format!("--{flag}: no unit '{id}' in {}", path.display()))
                })
            };
            let from = find("from", &args.from)?;
            let to = find("to", &args.to)?;
            (layout, from, to)
        }
        None => {
            let from = typed_base("from", &args.from, args.units)?;
            let to = typed_base("to", &args.to, args.units)?;
            let layout = Layout::new(
                Table::SIX_BY_FOUR,
                vec![from.clone(), to.clone()],
                Vec::new(),
            );
            (layout, from, to)
        }
    };
    if from.unit_id() == to.unit_id() {
        return Err(CliError::Input(
            "--from and --to name the same unit".to_owned(),
        ));
    }
    // A template angle out of its domain is the user's to mend: refused, naming its cell.
    crate::rules::measure::mc_arc_angle_read(&charts, &mut Vec::new()).map_err(CliError::Input)?;
    let both = measure_both(&layout, &charts, from.unit_id(), to.unit_id()).ok_or_else(|| {
        CliError::Internal("a unit found in the layout could not be measured".to_owned())
    })?;
    let mut warnings: Vec<String> = both.micro_colonial.warnings.clone();
    warnings.extend(both.dba.warnings.iter().cloned());
    let mut m = measurement(&layout, &from, &to, &both, args.units);
    m["warnings"] = json!(warnings);
    Ok((m, warnings))
}

/// Runs `laager layout ...`.
pub fn run_layout(command: &LayoutCommand) -> Result<Outcome, CliError> {
    let LayoutCommand::Check { file, json, tables } = command;
    let charts = load_charts(tables)?;
    let report = read_layout(file, &charts)?;
    if *json {
        let list = |issues: &[Issue]| {
            issues
                .iter()
                .map(|i| json!({ "path": i.path, "message": i.message }))
                .collect::<Vec<_>>()
        };
        let out = json!({
            "ok": report.errors.is_empty(),
            "errors": list(&report.errors),
            "warnings": list(&report.warnings),
        });
        println!(
            "{}",
            serde_json::to_string_pretty(&out).map_err(|e| CliError::Internal(e.to_string()))?
        );
    }
    if !report.warnings.is_empty() {
        eprintln!("{}", issues_text(file, &report.warnings, "warning: "));
    }
    match report.layout {
        Some(layout) => {
            if !*json {
                println!(
                    "{}: ok ({} units, {} terrain, {} warning(s))",
                    file.display(),
                    layout.bases().len(),
                    layout.terrain().len(),
                    report.warnings.len()
                );
            }
            Ok(Outcome::Done)
        }
        None => Err(CliError::Input(issues_text(file, &report.errors, ""))),
    }
}
