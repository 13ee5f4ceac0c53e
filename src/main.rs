//! `laager` opens the window; `laager <subcommand>` runs the CLI and never touches the display.

use std::process::ExitCode;

fn main() -> ExitCode {
    laager::cli::main()
}
