//! `laager records FILE --pdf OUT.pdf`: the record sheets as a PDF to print, written whole
//! or not at all, an existing file refused unless `--force`; a name no font here prints is
//! warned of on stderr as on the sheet.

use super::{CliError, Outcome};
use crate::game::RecordSheet;
use crate::store::{self, StoreError, pdf};
use std::path::Path;

/// Writes `sheets` (each with its log head) to `out` and says what was written.
pub fn write(
    sheets: &[RecordSheet],
    heads: &[&str],
    out: &Path,
    force: bool,
) -> Result<Outcome, CliError> {
    if sheets.is_empty() {
        return Err(CliError::Input(
            "--pdf: the campaign has no games yet; nothing to print".to_owned(),
        ));
    }
    let printed: Vec<pdf::Printed<'_>> = sheets
        .iter()
        .zip(heads)
        .map(|(sheet, head)| pdf::Printed { sheet, head })
        .collect();
    let printed = pdf::print(&printed);
    store::export::write_whole(out, &printed.bytes, force).map_err(|e| match e {
        StoreError::Exists(path) => CliError::Input(format!(
            "--pdf {}: already exists; choose a new file name, or replace it with --force",
            path.display()
        )),
        other => CliError::Input(format!("--pdf {other}")),
    })?;
    let pages: usize = sheets.iter().map(pdf::page_count).sum();
    for sheet in sheets {
        println!(
            "game {} \"{}\" ({}), move {}: {} page(s)",
            sheet.game,
            sheet.name,
            sheet.ruleset,
            sheet.move_number,
            pdf::page_count(sheet)
        );
    }
    println!("wrote {} ({pages} page(s))", out.display());
    // A name no font here prints stands as its record number: said on the sheet and here.
    for warning in &printed.warnings {
        eprintln!("warning: {}: {warning}", out.display());
    }
    Ok(Outcome::Done)
}
