//! `laager records FILE [--game N] [--csv | --json | --pdf OUT.pdf]`: a campaign's casualty
//! record sheets printed as text, CSV or JSON, or written as a PDF.

use super::campaign::{open_verified, print_json};
use super::{CliError, Outcome};
use crate::bounds::GameNumber;
use crate::game::{RecordSheet, Table};
use crate::store;
use clap::Args;
use std::path::PathBuf;

/// `laager records FILE [--game N] [--csv | --json | --pdf OUT.pdf]`: the casualty record
/// sheets.
#[allow(clippy::struct_excessive_bools)] // one switch per command-line flag
#[derive(Debug, Args)]
pub struct RecordsArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// Only this game (numbered from 1).
    #[arg(long, value_name = "N")]
    pub game: Option<GameNumber>,
    /// Print CSV.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the sheets as a PDF to print (one A4 page per 20 units), refusing an existing
    /// file unless --force.
    #[arg(long, value_name = "OUT.pdf", conflicts_with_all = ["csv", "json"])]
    pub pdf: Option<PathBuf>,
    /// With --pdf: replace the file if it exists.
    #[arg(long, requires = "pdf")]
    pub force: bool,
    /// Print even if the file fails verification (`laager log verify`), with a warning.
    #[arg(long)]
    pub allow_broken: bool,
}

/// Runs `laager records`.
pub fn run_records(args: &RecordsArgs) -> Result<Outcome, CliError> {
    let opened = open_verified(&args.file, args.allow_broken)?;
    let campaign = opened.campaign();
    let sheets: Vec<RecordSheet> = match args.game.map(GameNumber::get) {
        Some(number) => {
            if number == 0 || number > campaign.games.len() {
                return Err(CliError::Input(format!(
                    "--game: there is no game {number} (the campaign has {}; games are numbered from 1)",
                    campaign.games.len()
                )));
            }
            vec![RecordSheet::project(number, &campaign.games[number - 1])]
        }
        None => campaign.record_sheets(),
    };
    if let Some(out) = &args.pdf {
        let heads: Vec<&str> = sheets
            .iter()
            .map(|sheet| campaign.games[sheet.game - 1].head())
            .collect();
        return super::records_pdf::write(&sheets, &heads, out, args.force);
    }
    if args.json {
        print_json(&serde_json::to_value(&sheets).unwrap_or_default());
    } else if args.csv {
        let forms: Vec<Table> = sheets.iter().map(RecordSheet::table).collect();
        if forms.windows(2).any(|w| w[0].headers != w[1].headers) {
            return Err(CliError::Input(
                "--csv: the games keep different record sheets (rulesets differ); choose one with --game N".to_owned(),
            ));
        }
        let mut all = Table {
            headers: forms.first().map(|t| t.headers.clone()).unwrap_or_default(),
            rows: Vec::new(),
        };
        for table in forms {
            all.rows.extend(table.rows);
        }
        if all.headers.is_empty() {
            all.headers = vec!["game", "unit"];
        }
        print!("{}", store::csv::to_csv(&all));
    } else {
        for sheet in &sheets {
            println!(
                "game {} \"{}\" ({}), move {}{}",
                sheet.game,
                sheet.name,
                sheet.ruleset,
                sheet.move_number,
                sheet
                    .identity
                    .as_ref()
                    .map(|id| format!(", identity {}", &id[..id.len().min(10)]))
                    .unwrap_or_default()
            );
            print!("{}", render_table(&sheet.table()));
        }
        if sheets.is_empty() {
            println!("the campaign has no games yet");
        }
    }
    Ok(Outcome::Done)
}

/// Columns padded to their widest cell.
pub(super) fn render_table(table: &Table) -> String {
    let mut widths: Vec<usize> = table.headers.iter().map(|h| h.len()).collect();
    for row in &table.rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        format!("  {}\n", padded.join("  ").trim_end())
    };
    let mut out = line(table.headers.iter().map(|h| (*h).to_owned()).collect());
    for row in &table.rows {
        out.push_str(&line(row.clone()));
    }
    out
}
