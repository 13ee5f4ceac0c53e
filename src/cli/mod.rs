//! The command line: clap subcommands over the library, text or `--json` output.
//!
//! Exit status: 0 done, 2 bad input or a refusal, 1 internal failure. Errors go to stderr,
//! one per line, lowercase, naming what was wrong and where.

mod campaign;
mod club;
mod dba;
mod described;
mod dice;
mod domains;
mod log;
mod mc;
mod measure;
mod output;
mod records;
mod records_pdf;
pub mod reference;
mod report;
mod situation;
mod sotq;
mod tables;
mod vc;

pub use output::{
    Outcome, print_odds, print_request_odds, print_resolved, run_and_apply, run_request,
};

use crate::charts::Charts;
use crate::ruleset::Ruleset;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Laager: a referee's assistant for colonial-era miniatures wargames.
///
/// With no subcommand it opens the window (on FILE, if given).
#[derive(Debug, Parser)]
#[command(name = "laager", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// A layout or `.laager` file to open in the window.
    pub file: Option<PathBuf>,
    /// What to run; without one, the window opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check, list, show and set the rule charts.
    #[command(subcommand)]
    Tables(tables::TablesCommand),
    /// The DBA-style Zulu rules: combat, command points, victory.
    #[command(subcommand)]
    Dba(dba::DbaCommand),
    /// Roll a dice procedure (--seed N) or resolve dice typed from the table (--dice FACES).
    Roll(dice::RollArgs),
    /// The exact odds of a dice procedure's result.
    Odds(dice::OddsArgs),
    /// Measure between two bases: range, arcs, line of sight, contact, terrain.
    Measure(measure::MeasureArgs),
    /// Check a layout file.
    #[command(subcommand)]
    Layout(measure::LayoutCommand),
    /// Micro Colonial: movement, Rorke's Drift, victory, the Loss table, and combat (fire,
    /// jams, artillery, melee, morale, rally, charging, pursuit).
    #[command(subcommand)]
    Mc(mc::McCommand),
    /// Soldiers of the Queen: hex range, odds, fire, melee, leaders, movement, victory.
    #[command(subcommand)]
    Sotq(sotq::SotqCommand),
    /// Campaign files: new, add-game, end-game, merge, standings, export, import.
    #[command(subcommand)]
    Campaign(campaign::CampaignCommand),
    /// The casualty record sheets of a campaign file's games.
    Records(records::RecordsArgs),
    /// The event log's tamper evidence and replay: `log verify`, `log head`, `log replay`.
    #[command(subcommand)]
    Log(log::LogCommand),
    /// Victoria Cross II: fire, volley, ammunition, random fire, melee, bayonet charge, replacements, the hospital fire, victory.
    #[command(subcommand)]
    Vc(vc::VcCommand),
}

/// The shipped tables with a club's folder laid over them; every error of every file is
/// the input error, a line each.
pub fn load_tables(dir: Option<&std::path::Path>) -> Result<Charts, CliError> {
    crate::store::tables::load(dir).map_err(|errors| {
        CliError::Input(
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n"),
        )
    })
}

/// The tables in force for a command that resolves: `--tables DIR` and `--cell`.
#[derive(Debug, Clone, Args, Default)]
pub struct TablesArgs {
    /// A club's tables folder, laid over the shipped tables cell by cell.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// A value for one chart cell, for this resolution only (repeatable).
    #[arg(long = "cell", value_name = "CHART:KEY=VALUE")]
    pub cells: Vec<String>,
}

impl TablesArgs {
    /// Loads the shipped tables, the club folder and the one-off cells of one ruleset.
    pub fn load(&self, ruleset: Ruleset) -> Result<Charts, CliError> {
        let mut charts = load_tables(self.tables.as_deref())?;
        for cell in &self.cells {
            charts
                .apply_cell_arg(ruleset, cell)
                .map_err(|e| CliError::Input(format!("--cell {e}")))?;
        }
        Ok(charts)
    }
}

/// The game `--game N` names in a campaign file of `count` games (the latest when none is
/// given), or the reason there is none: a file with no games says so, naming no flag that
/// was not given.
pub(crate) fn game_number(
    file: &std::path::Path,
    count: usize,
    given: Option<crate::bounds::GameNumber>,
) -> Result<usize, CliError> {
    match given.map(crate::bounds::GameNumber::get) {
        None if count == 0 => Err(CliError::Input(format!(
            "{}: the campaign has no games yet (add one with `laager campaign add-game`)",
            file.display()
        ))),
        None => Ok(count),
        Some(number) if number > count => Err(CliError::Input(format!(
            "--game {number}: {} has {count} game(s)",
            file.display()
        ))),
        Some(number) => Ok(number),
    }
}

/// Refuses `--odds` with `--apply`: the odds throw no dice, so there is nothing to log.
pub(crate) fn odds_apply_nothing(odds: bool, apply: bool) -> Result<(), CliError> {
    if odds && apply {
        Err(CliError::Input(
            "--odds --apply: the odds throw no dice and apply nothing; give --dice FACES or --seed N to resolve and apply".to_owned(),
        ))
    } else {
        Ok(())
    }
}

/// A failure of a command: bad input (exit 2) or an internal failure (exit 1).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The user's input was wrong; the message names what and where.
    #[error("{0}")]
    Input(String),
    /// Something failed that the user could not have caused.
    #[error("internal error: {0}")]
    Internal(String),
}

/// Reads the command line; `laager ... | head` ends quietly from here on.
///
/// `main.rs` then runs the subcommand with [`run`], or opens the window without one.
pub fn parse() -> Cli {
    restore_default_sigpipe();
    // The ranges only change the help's words: a command line that parses is read without
    // them (a quicker start); help, and any error, are given by the command that states them.
    let matches = Cli::command()
        .try_get_matches()
        .unwrap_or_else(|_| command().get_matches());
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command()).exit())
}

/// The command line as clap reads it, each domain flag's help stating its range.
pub fn command() -> clap::Command {
    domains::with_ranges(Cli::command())
}

/// Every flag whose value is a bare number type rather than a domain (`subcommand
/// --flag`): such a flag's `--help` cannot state its range. Empty when every numeric flag
/// parses through its domain's constructor.
pub fn bare_number_flags() -> Vec<String> {
    fn walk(command: &clap::Command, path: &str, found: &mut Vec<String>) {
        for arg in command.get_arguments() {
            if domains::is_bare_number(arg) {
                let name = arg
                    .get_long()
                    .map_or_else(|| arg.get_id().to_string(), |l| format!("--{l}"));
                found.push(format!("{path} {name}"));
            }
        }
        for sub in command.get_subcommands() {
            walk(sub, &format!("{path} {}", sub.get_name()), found);
        }
    }
    let mut found = Vec::new();
    walk(&command(), "laager", &mut found);
    found
}

/// Checks the argument of `laager FILE` before a window opens on it. A word with a path
/// separator or a file's extension (`.laager`, `.json`) is a file: it must exist and read
/// (a campaign file opens and checks; a layout reads as text), or the error names it (exit
/// 2). Any other word is an unknown subcommand: the command line's usage (exit 2).
pub fn check_window_file(file: &std::path::Path) -> Result<(), ExitCode> {
    let text = file.to_string_lossy();
    let extension = file
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let is_file = text.contains('/')
        || text.contains(std::path::MAIN_SEPARATOR)
        || matches!(extension.as_deref(), Some("laager" | "json"));
    if !is_file {
        let _ = command()
            .error(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("unrecognized subcommand '{text}' (a file to open is named with its path or its .laager or .json extension)"),
            )
            .print();
        return Err(ExitCode::from(2));
    }
    let checked = if extension.as_deref() == Some("laager") {
        crate::store::CampaignFile::open(file, crate::store::Mode::Read)
            .map(|_| ())
            .map_err(campaign::store_error)
    } else {
        crate::store::disk::read_text(file, crate::store::Input::Layout)
            .map(|_| ())
            .map_err(|e| CliError::Input(format!("cannot open {e}")))
    };
    checked.map_err(|e| {
        eprintln!("{e}");
        match e {
            CliError::Input(_) => ExitCode::from(2),
            CliError::Internal(_) => ExitCode::from(1),
        }
    })
}

/// What `laager measure WORDS…` prints with `--json`, without printing it: the layout read
/// and checked, the bases found or typed, and every measurement, or the command's error.
/// The fuzz target `measure` drives the command through it.
pub fn measure_json(words: &[&str]) -> Result<serde_json::Value, CliError> {
    let cli = Cli::try_parse_from(["laager", "measure"].iter().chain(words))
        .map_err(|e| CliError::Input(e.to_string()))?;
    match cli.command {
        Some(Command::Measure(args)) => measure::measured(&args).map(|(m, _)| m),
        _ => Err(CliError::Input("not a measure command".to_owned())),
    }
}

/// Runs a subcommand: its output on stdout, errors on stderr, the exit status as documented
/// above.
pub fn run(command: Command) -> ExitCode {
    let result = match command {
        Command::Tables(command) => tables::run(command),
        Command::Dba(command) => dba::run(command),
        Command::Roll(args) => dice::run_roll(&args),
        Command::Odds(args) => dice::run_odds(&args),
        Command::Measure(args) => measure::run_measure(&args),
        Command::Layout(command) => measure::run_layout(&command),
        Command::Mc(command) => mc::run(command),
        Command::Sotq(command) => sotq::run(command),
        Command::Campaign(command) => campaign::run(command),
        Command::Records(args) => records::run_records(&args),
        Command::Log(command) => log::run_log(command),
        Command::Vc(command) => vc::run(command),
    };
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(e) => {
            for line in e.to_string().lines() {
                eprintln!("{line}");
            }
            match e {
                CliError::Input(_) => ExitCode::from(2),
                CliError::Internal(_) => ExitCode::from(1),
            }
        }
    }
}

/// Lets `laager ... | head` end quietly when the reader closes the pipe, as command-line
/// tools do, instead of panicking inside `println!`.
fn restore_default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread is spawned; SIG_DFL is a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
