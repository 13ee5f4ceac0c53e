//! `laager` opens the window; `laager <subcommand>` runs the CLI and never touches the
//! display. This file is the only place that knows both: the CLI does not import the app.
//! In the browser (wasm32, `web/build.sh`) there is no command line: the page opens the
//! window.

#[cfg(not(all(target_arch = "wasm32", feature = "gui")))]
use std::process::ExitCode;

#[cfg(not(all(target_arch = "wasm32", feature = "gui")))]
fn main() -> ExitCode {
    let cli = laager::cli::parse();
    match cli.command {
        Some(command) => laager::cli::run(command),
        None => {
            if let Some(file) = &cli.file
                && let Err(code) = laager::cli::check_window_file(file)
            {
                return code;
            }
            window(cli.file)
        }
    }
}

/// The browser build: the window on the page's canvas.
#[cfg(all(target_arch = "wasm32", feature = "gui"))]
fn main() {
    laager::app::web::start();
}

/// Opens the window, on `file` if one was named.
#[cfg(all(feature = "gui", not(target_arch = "wasm32")))]
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
