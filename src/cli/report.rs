//! `laager campaign report FILE --pdf OUT.pdf --html OUT.html`: the campaign's story for the
//! club's noticeboard, from the engine's one report ([`crate::game::Campaign::report`]),
//! each file written whole or not at all, an existing one refused unless `--force`.

use super::campaign::{open_verified, print_json};
use super::{CliError, Outcome};
use crate::store::{self, StoreError, pdf, report};
use serde_json::json;
use std::path::{Path, PathBuf};

/// What `campaign report` was asked for.
pub struct ReportArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// Where to write the PDF.
    pub pdf: Option<PathBuf>,
    /// Where to write the web page.
    pub html: Option<PathBuf>,
    /// Replace existing files.
    pub force: bool,
    /// Report a file that fails verification, with a warning.
    pub allow_broken: bool,
    /// Say what was written as JSON.
    pub json: bool,
}

/// Writes the report's PDF and web page, and says what was written.
pub fn run(args: &ReportArgs) -> Result<Outcome, CliError> {
    if args.pdf.is_none() && args.html.is_none() {
        return Err(CliError::Input(
            "campaign report: give --pdf FILE, --html FILE or both".to_owned(),
        ));
    }
    if let (Some(pdf), Some(html)) = (&args.pdf, &args.html)
        && store::disk::same_file(pdf, html)
    {
        return Err(CliError::Input(format!(
            "--pdf and --html name the same file, {}: give each its own",
            pdf.display()
        )));
    }
    for (flag, out) in [("--pdf", &args.pdf), ("--html", &args.html)] {
        if let Some(out) = out
            && store::disk::same_file(&args.file, out)
        {
            return Err(CliError::Input(format!(
                "{flag} {}: is the campaign being reported; it is never written over: choose another file name",
                out.display()
            )));
        }
    }
    let opened = open_verified(&args.file, args.allow_broken)?;
    let facts = opened.campaign().report();
    let mut written = Vec::new();
    let mut warnings = Vec::new();
    if let Some(out) = &args.pdf {
        let printed = pdf::report::print(&facts);
        write(out, "--pdf", &printed.bytes, args.force)?;
        warnings.extend(printed.warnings);
        written.push(out.clone());
    }
    if let Some(out) = &args.html {
        write(out, "--html", report::html(&facts).as_bytes(), args.force)?;
        written.push(out.clone());
    }
    for warning in &warnings {
        eprintln!("warning: {warning}");
    }
    if args.json {
        print_json(&json!({
            "campaign": facts.standings.campaign,
            "seal": facts.seal,
            "games": facts.standings.games.len(),
            "written": written,
            "warnings": warnings,
        }));
    } else {
        for out in &written {
            println!(
                "wrote the report of campaign \"{}\" ({} game(s)) to {}",
                facts.standings.campaign,
                facts.standings.games.len(),
                out.display()
            );
        }
    }
    Ok(Outcome::Done)
}

fn write(out: &Path, flag: &str, bytes: &[u8], force: bool) -> Result<(), CliError> {
    store::export::write_whole(out, bytes, force).map_err(|e| match e {
        StoreError::Exists(path) => CliError::Input(format!(
            "{flag} {}: already exists; choose a new file name, or replace it with --force",
            path.display()
        )),
        other => CliError::Input(format!("{flag} {other}")),
    })
}
