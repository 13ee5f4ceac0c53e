//! `laager` opens the window; `laager <subcommand>` runs the CLI and never touches the
//! display. This file is the only place that knows both: the CLI does not import the app.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = laager::cli::parse();
    match cli.command {
        Some(command) => laager::cli::run(command),
        None => window(cli.file),
    }
}

/// Opens the window, on `file` if one was named.
#[cfg(feature = "gui")]
fn window(file: Option<std::path::PathBuf>) -> ExitCode {
    match laager::app::run(file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cannot open the window: {e}");
            ExitCode::from(1)
        }
    }
}

/// A build without the cargo feature `gui` has no window: say so, as bad input.
#[cfg(not(feature = "gui"))]
fn window(_file: Option<std::path::PathBuf>) -> ExitCode {
    eprintln!(
        "this laager was built without the window (cargo feature `gui`): give a subcommand (see `laager --help`)"
    );
    ExitCode::from(2)
}
