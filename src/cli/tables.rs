//! `laager tables check|list|show|set`: the charts as a referee or a club sees them.

use super::{CliError, Outcome};
use crate::charts::{Body, CellAddress, Chart, Confidence, Status};
use crate::store;
use clap::Subcommand;
use std::fmt::Write as _;
use std::path::PathBuf;

/// `laager tables ...`.
#[derive(Debug, Subcommand)]
pub enum TablesCommand {
    /// Validate a tables folder (default: the shipped tables); every error, one per line.
    Check {
        /// The folder to check, laid over the shipped tables.
        dir: Option<PathBuf>,
        /// Print the summary as JSON.
        #[arg(long)]
        json: bool,
    },
    /// List every chart with its status and cells per confidence.
    List {
        /// A club's tables folder, laid over the shipped tables.
        #[arg(long, value_name = "DIR")]
        tables: Option<PathBuf>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Show one chart as a text table with confidence marks (~ reconstructed, ? unknown, * house).
    Show {
        /// The chart: its name, or `ruleset/name` where several rulesets have one.
        chart: String,
        /// A club's tables folder, laid over the shipped tables.
        #[arg(long, value_name = "DIR")]
        tables: Option<PathBuf>,
        /// Print the chart as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write a club's value for one cell into a tables folder (created if needed), as `house`.
    Set {
        /// `CHART:KEY=VALUE` or `CHART:ROW:COL=VALUE`; the chart may be `ruleset/name`.
        assignment: String,
        /// The club's tables folder to write into.
        #[arg(long, value_name = "DIR")]
        into: PathBuf,
        /// Who typed the value (default: $USER).
        #[arg(long)]
        by: Option<String>,
    },
    /// Write a club's tables folder as one file to share (its chart and house files).
    Export {
        /// The club's tables folder.
        dir: PathBuf,
        /// The bundle file to write.
        #[arg(long, value_name = "FILE")]
        to: PathBuf,
        /// Replace the bundle file if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Unpack a club tables bundle into a folder, every file checked first; nothing already
    /// in the folder is replaced.
    Import {
        /// The bundle file (from `laager tables export`).
        file: PathBuf,
        /// The club's tables folder to write into (created if needed).
        #[arg(long, value_name = "DIR")]
        into: PathBuf,
    },
    /// Write a fillable chart file for a club to transcribe its printed card into: every
    /// known key and cell with its confidence, `?` in each hole, the OCR above each row.
    Template {
        /// `RULESET/CHART` (micro-colonial/small_arms_range_factors), or `RULESET` for every
        /// chart of it with holes.
        chart: String,
        /// The club's tables folder to write `RULESET/CHART.toml` into (never over a file
        /// already there); without it, one chart's template is printed.
        #[arg(long, value_name = "DIR")]
        into: Option<PathBuf>,
    },
}

/// Runs a `tables` subcommand.
pub fn run(command: TablesCommand) -> Result<Outcome, CliError> {
    match command {
        TablesCommand::Check { dir, json } => check(dir.as_deref(), json),
        TablesCommand::List { tables, json } => list(tables.as_deref(), json),
        TablesCommand::Show {
            chart,
            tables,
            json,
        } => show(&chart, tables.as_deref(), json),
        TablesCommand::Template { chart, into } => template(&chart, into.as_deref()),
        TablesCommand::Export { dir, to, force } => {
            let existing = if force {
                store::Existing::Replace
            } else {
                store::Existing::Refuse
            };
            let count = store::bundle::export(&dir, &to, existing).map_err(CliError::Input)?;
            println!(
                "wrote {} ({count} files of {})",
                to.display(),
                dir.display()
            );
            Ok(Outcome::Done)
        }
        TablesCommand::Import { file, into } => {
            let written = store::bundle::import(&file, &into).map_err(CliError::Input)?;
            for path in &written {
                println!("wrote {}", path.display());
            }
            Ok(Outcome::Done)
        }
        TablesCommand::Set {
            assignment,
            into,
            by,
        } => set(&assignment, &into, by),
    }
}

/// Runs `laager tables check`.
fn check(dir: Option<&std::path::Path>, json: bool) -> Result<Outcome, CliError> {
    let charts = super::load_tables(dir)?;
    let summary = charts.summary();
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&summary)
                .map_err(|e| CliError::Internal(e.to_string()))?
        );
    } else {
        let place = dir.map_or_else(|| "shipped tables".to_owned(), |d| d.display().to_string());
        println!("{place}: ok");
        println!("  charts: {}", summary.charts);
        println!("  cells: {}", summary.cells);
        for confidence in Confidence::ALL {
            let count = summary
                .by_confidence
                .get(confidence.name())
                .copied()
                .unwrap_or(0);
            println!("    {}: {count}", confidence.name());
        }
        println!("  charts not supplied: {}", summary.not_supplied.len());
        for chart in &summary.not_supplied {
            println!("    {chart}");
        }
        println!("  tables hash: {}", charts.hash());
    }
    Ok(Outcome::Done)
}

/// Runs `laager tables list`.
fn list(tables: Option<&std::path::Path>, json: bool) -> Result<Outcome, CliError> {
    let charts = super::load_tables(tables)?;
    if json {
        let list: Vec<serde_json::Value> = charts
            .all()
            .map(|c| {
                let counts = c.confidence_counts();
                serde_json::json!({
                    "ruleset": c.ruleset,
                    "chart": c.name,
                    "title": c.title,
                    "status": c.status,
                    "printed": counts[0],
                    "reconstructed": counts[1],
                    "unknown": counts[2],
                    "house": counts[3],
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&list).map_err(|e| CliError::Internal(e.to_string()))?
        );
    } else {
        println!(
            "{:<24} {:<28} {:>7} {:>7} {:>7} {:>7}  title",
            "ruleset", "chart", "printed", "recon", "unknown", "house"
        );
        for c in charts.all() {
            let counts = c.confidence_counts();
            let status = if c.status == Status::NotSupplied {
                " (not supplied)"
            } else {
                ""
            };
            println!(
                "{:<24} {:<28} {:>7} {:>7} {:>7} {:>7}  {}{status}",
                c.ruleset.id(),
                c.name,
                counts[0],
                counts[1],
                counts[2],
                counts[3],
                c.title
            );
        }
    }
    Ok(Outcome::Done)
}

/// Runs `laager tables show`.
fn show(chart: &str, tables: Option<&std::path::Path>, json: bool) -> Result<Outcome, CliError> {
    let charts = super::load_tables(tables)?;
    let chart = charts.find(chart).map_err(CliError::Input)?;
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(chart).map_err(|e| CliError::Internal(e.to_string()))?
        );
    } else {
        print!("{}", render_chart(chart));
    }
    Ok(Outcome::Done)
}

/// Runs `laager tables set`: one house cell written into a club's tables folder.
fn set(assignment: &str, into: &std::path::Path, by: Option<String>) -> Result<Outcome, CliError> {
    let (address, value) = assignment
        .split_once('=')
        .ok_or_else(|| CliError::Input(format!("'{assignment}': expected CHART:KEY=VALUE")))?;
    let address = CellAddress::parse(address).map_err(CliError::Input)?;
    let by = by
        .or_else(|| std::env::var("USER").ok())
        .unwrap_or_else(|| "club".to_owned());
    let date = store::tables::today();
    let ruleset = store::tables::write_house_cell(into, &address, value, &by, &date)
        .map_err(CliError::Input)?;
    println!(
        "set {} = {} in {} (house, by {by}, {date})",
        address.local(),
        value.trim(),
        into.join(ruleset.folder())
            .join(crate::charts::HOUSE_FILE)
            .display()
    );
    Ok(Outcome::Done)
}

/// Runs `laager tables template`.
fn template(spec: &str, into: Option<&std::path::Path>) -> Result<Outcome, CliError> {
    use crate::charts::template;
    let charts = super::load_tables(None)?;
    let (ruleset_text, name) = match spec.split_once('/') {
        Some((r, n)) => (r, Some(n)),
        None => (spec, None),
    };
    let ruleset = crate::ruleset::Ruleset::from_id(ruleset_text).ok_or_else(|| {
        CliError::Input(format!(
            "'{ruleset_text}' is not a ruleset: expected micro-colonial, dba-zulu, victoria-cross or soldiers-of-the-queen"
        ))
    })?;
    let hints = crate::rules::micro_colonial::lost_keys::TEMPLATE_HINTS;
    let chosen: Vec<&Chart> = match name {
        Some(name) => vec![charts.chart(ruleset, name).ok_or_else(|| {
            CliError::Input(format!(
                "no {} chart is named '{name}' (see `laager tables list`)",
                ruleset.id()
            ))
        })?],
        None => charts
            .all()
            .filter(|c| c.ruleset == ruleset && template::has_holes(c))
            .collect(),
    };
    let Some(dir) = into else {
        let [chart] = chosen.as_slice() else {
            return Err(CliError::Input(format!(
                "{} charts of {} have holes: give --into DIR to write them all, or name one ({}/CHART)",
                chosen.len(),
                ruleset.id(),
                ruleset.id()
            )));
        };
        print!("{}", template::template(chart, hints));
        return Ok(Outcome::Done);
    };
    for chart in chosen {
        let path = store::tables::write_chart_file(
            dir,
            ruleset,
            &chart.name,
            &template::template(chart, hints),
            store::Existing::Refuse,
        )
        .map_err(CliError::Input)?;
        println!("wrote {}", path.display());
    }
    Ok(Outcome::Done)
}

fn mark(cell: &crate::charts::Cell) -> String {
    match &cell.value {
        Some(v) => format!("{v}{}", cell.confidence.mark()),
        None => "?".to_owned(),
    }
}

/// The text form of a chart: a grid or a list, each value followed by its confidence mark.
pub fn render_chart(chart: &Chart) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} — {} ({})", chart.name, chart.title, chart.ruleset);
    let _ = writeln!(out, "source: {}, {}", chart.document, chart.section);
    if chart.status == Status::NotSupplied {
        let _ = writeln!(
            out,
            "status: not supplied by the document (a club supplies it)"
        );
    }
    let _ = writeln!(
        out,
        "marks: ~ reconstructed, ? unknown, * house; unmarked: printed"
    );
    match &chart.body {
        Body::OneD { axis, cells, .. } => {
            let width = axis
                .keys
                .iter()
                .map(|k| k.label.len())
                .max()
                .unwrap_or(3)
                .max(axis.name.len());
            let _ = writeln!(out, "{:<width$}  value", axis.name);
            for (key, cell) in axis.keys.iter().zip(cells) {
                let key_mark = if key.confidence == Confidence::Unknown {
                    "?"
                } else {
                    ""
                };
                let mut line = format!(
                    "{:<width$}  {}",
                    format!("{}{key_mark}", key.label),
                    mark(cell)
                );
                if let Some(text) = &cell.text {
                    let _ = write!(line, "  — {text}");
                }
                if let Some(note) = &cell.note {
                    let _ = write!(line, "  ({note})");
                }
                let _ = writeln!(out, "{line}");
            }
        }
        Body::TwoD {
            rows,
            columns,
            cells,
            ..
        } => {
            let mut table: Vec<Vec<String>> = Vec::new();
            let mut header = vec![format!("{} \\ {}", rows.name, columns.name)];
            header.extend(columns.keys.iter().map(|k| {
                format!(
                    "{}{}",
                    k.label,
                    if k.confidence == Confidence::Unknown {
                        "?"
                    } else {
                        ""
                    }
                )
            }));
            table.push(header);
            for (key, row) in rows.keys.iter().zip(cells) {
                let mut line = vec![format!(
                    "{}{}",
                    key.label,
                    if key.confidence == Confidence::Unknown {
                        "?"
                    } else {
                        ""
                    }
                )];
                line.extend(row.iter().map(mark));
                table.push(line);
            }
            let widths: Vec<usize> = (0..table[0].len())
                .map(|j| {
                    table
                        .iter()
                        .map(|r| r[j].chars().count())
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            for line in &table {
                let cells: Vec<String> = line
                    .iter()
                    .zip(&widths)
                    .map(|(c, w)| format!("{c:<w$}"))
                    .collect();
                let _ = writeln!(out, "{}", cells.join("  ").trim_end());
            }
        }
    }
    if let Some(notes) = &chart.notes {
        let _ = writeln!(out, "notes: {notes}");
    }
    out
}
