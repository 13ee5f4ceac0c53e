//! `laager campaign ...`: campaign files from the command line.
//!
//! Every file written goes to a temporary file beside its target and is renamed into
//! place; an existing file is replaced only with `--force`, and a `.laager` campaign never.

use super::{CliError, Outcome};
use crate::bounds::{GameNumber, Hours};
use crate::game::{
    Action, Campaign, CampaignScale, CampaignSettings, GameStart, Player, Replacement, TablesNote,
};
use crate::ruleset::Ruleset;
use crate::store::{self, CampaignFile, Existing, Input, Mode, StoreError};
use clap::Subcommand;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Campaign files: create, add games, standings, JSON export and import.
#[derive(Debug, Subcommand)]
pub enum CampaignCommand {
    /// Create a new `.laager` file holding an empty campaign.
    New {
        /// The file to create (refused if it exists, unless --force).
        file: PathBuf,
        /// Replace an existing file that is not a campaign (a campaign is never replaced).
        #[arg(long)]
        force: bool,
        /// The campaign's name.
        #[arg(long)]
        name: String,
        /// Replacement between games: `none`, `share:PERCENT` or `edits`.
        #[arg(long, default_value = "none")]
        replacement: String,
        /// Micro Colonial campaign scale: hours per pair of moves (the print is illegible).
        #[arg(long, value_name = "HOURS")]
        hours_per_pair_of_moves: Option<Hours>,
        /// Micro Colonial campaign scale: what the 1000 mm battlefield stands for.
        #[arg(long, value_name = "TEXT")]
        battlefield_represents: Option<String>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Add a game: the previous game's forces under the replacement rule, or a game's JSON.
    AddGame {
        /// The campaign file.
        file: PathBuf,
        /// The game's ruleset id (`micro-colonial`, `dba-zulu`, ...).
        #[arg(long)]
        ruleset: String,
        /// A game exported as JSON, imported with its whole log.
        #[arg(long, value_name = "GAME.json", conflicts_with = "layout")]
        from_json: Option<PathBuf>,
        /// The table the game is played on: its units join with their strengths (the
        /// layout's, the army lists', or DBA's one base each), after the forces carried
        /// over from the last game.
        #[arg(long, value_name = "TABLE.json")]
        layout: Option<PathBuf>,
        /// The game's name (default: "Game N", or the JSON's name).
        #[arg(long)]
        name: Option<String>,
        /// The table the game is played on, while other tables play theirs (a club
        /// night): its units are the layout's alone, each carrying over the strength and
        /// status of its last game under the replacement rule; a unit in play in another
        /// game is refused. Needs --layout.
        #[arg(long, value_name = "NAME", requires = "layout", value_parser = parse_table)]
        table: Option<String>,
        /// Who plays a side (`british=Ann`); once per player.
        #[arg(long = "player", value_name = "SIDE=NAME", value_parser = parse_player)]
        players: Vec<Player>,
        /// Add it even though the last game has not ended (`campaign end-game` ends it).
        #[arg(long)]
        unfinished: bool,
        /// The club's tables folder the game is played with: the army lists the units'
        /// strengths are read from, and the tables the game records as in force.
        #[arg(long, value_name = "DIR", conflicts_with = "from_json")]
        tables: Option<PathBuf>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// End a game with its result: a side of the game, or a draw. Where the ruleset states
    /// a victory condition the records decide (DBA: a third of the bases), the result it
    /// gives is shown, and a winner named otherwise is logged as the referee's call.
    EndGame {
        /// The campaign file.
        file: PathBuf,
        /// The game, from 1 (default: the latest).
        #[arg(long, value_name = "N")]
        game: Option<GameNumber>,
        /// The winning side, or `draw`; without it, the victory condition's result.
        #[arg(long, value_name = "SIDE|draw")]
        winner: Option<String>,
        /// The referee's note ("the square held").
        #[arg(long, value_name = "TEXT", default_value = "")]
        note: String,
        /// Who played a side (`british=Ann`), named with the result; once per player.
        #[arg(long = "player", value_name = "SIDE=NAME", value_parser = parse_player)]
        players: Vec<Player>,
        /// The tables the victory condition is read from (as the game was played).
        #[command(flatten)]
        tables: super::TablesArgs,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Bring the games the tables played on copies of the campaign back into its file,
    /// like a fast-forward: the events a copy logged after the last the file holds are
    /// added, a game the file lacks is added with the next number, and copies that
    /// diverged, a unit in play in two games, or a file that fails verification refuse
    /// the whole merge, nothing written. Merging again adds nothing.
    Merge {
        /// The club's campaign file, written to.
        file: PathBuf,
        /// The tables' copies (`.laager` files), read only.
        #[arg(required = true, value_name = "TABLE.laager")]
        tables: Vec<PathBuf>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Results, standings by side and by player, and each unit's history.
    Standings {
        /// The campaign file.
        file: PathBuf,
        /// Print even if the file fails verification (`laager log verify`), with a warning.
        #[arg(long)]
        allow_broken: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The campaign's story for the club's noticeboard: its name and seal, the games with
    /// date, table, players, result and seal, the standings by side and by player, a chart
    /// of each side's strength game by game, and each regiment's record. As a PDF to print
    /// and as one self-contained web page (styles and chart inside it, nothing fetched).
    Report {
        /// The campaign file (read only).
        file: PathBuf,
        /// Write the report as a PDF here.
        #[arg(long, value_name = "FILE")]
        pdf: Option<PathBuf>,
        /// Write the report as one web page here.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Replace files that exist.
        #[arg(long)]
        force: bool,
        /// Report even if the file fails verification (`laager log verify`), with a warning.
        #[arg(long)]
        allow_broken: bool,
        /// Say what was written as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Write the whole campaign as JSON.
    Export {
        /// The campaign file.
        file: PathBuf,
        /// The JSON file to write (refused if it exists, unless --force).
        out: PathBuf,
        /// Replace an existing file that is not a campaign (a campaign is never replaced).
        #[arg(long)]
        force: bool,
    },
    /// Read a campaign's JSON into a new `.laager` file.
    Import {
        /// The JSON file (at most 200 MB).
        input: PathBuf,
        /// The file to create (refused if it exists, unless --force).
        new_file: PathBuf,
        /// Replace an existing file that is not a campaign (a campaign is never replaced).
        #[arg(long)]
        force: bool,
        /// A club's tables folder the games' layouts are checked with (unit types and
        /// sizes), as `laager layout check --tables DIR` checks a file.
        #[arg(long, value_name = "DIR")]
        tables: Option<PathBuf>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// A store error as the CLI reports it: the user's or the system's doing exits 2, a
/// failure of Laager itself exits 1.
#[allow(clippy::needless_pass_by_value)] // used as `.map_err(store_error)`
pub(super) fn store_error(e: StoreError) -> CliError {
    if e.is_environment() {
        CliError::Input(e.to_string())
    } else {
        CliError::Internal(e.to_string())
    }
}

/// Opens a campaign file to read and verifies it: a file that fails verification is
/// refused with the breaks on stderr (exit 2), or, with `allow_broken`, opened with them
/// printed as warnings.
pub(super) fn open_verified(file: &Path, allow_broken: bool) -> Result<CampaignFile, CliError> {
    let opened = CampaignFile::open(file, Mode::Read).map_err(store_error)?;
    if let Some(values) = opened.refused_values() {
        eprintln!(
            "warning: {}: open to read only, as it holds values Laager no longer takes: {values}",
            file.display()
        );
    }
    let breaks = super::log::break_lines(file, &opened);
    if breaks.is_empty() {
        return Ok(opened);
    }
    for line in &breaks {
        eprintln!("warning: {line}");
    }
    if allow_broken {
        eprintln!(
            "warning: {} fails verification: what follows may have been changed outside Laager",
            file.display()
        );
        Ok(opened)
    } else {
        Err(CliError::Input(format!(
            "{}: fails verification (`laager log verify`): the records may have been changed outside Laager; give --allow-broken to read them anyway",
            file.display()
        )))
    }
}

pub(super) fn print_json(value: &serde_json::Value) {
    println!(
        "{}",
        serde_json::to_string_pretty(value).unwrap_or_default()
    );
}

fn parse_replacement(text: &str) -> Result<Replacement, CliError> {
    let bad = || {
        CliError::Input(format!(
            "--replacement: `{text}` is not `none`, `share:PERCENT` (0 to 100) or `edits`"
        ))
    };
    match text {
        "none" => Ok(Replacement::None),
        "edits" => Ok(Replacement::Edits),
        _ => {
            let percent = text.strip_prefix("share:").ok_or_else(bad)?;
            let percent: u32 = percent.parse().map_err(|_| bad())?;
            if percent > 100 {
                return Err(bad());
            }
            Ok(Replacement::Share { percent })
        }
    }
}

fn read_text(path: &Path, kind: Input) -> Result<String, CliError> {
    store::disk::read_text(path, kind).map_err(store_error)
}

fn existing(force: bool) -> Existing {
    if force {
        Existing::Replace
    } else {
        Existing::Refuse
    }
}

/// Runs a `campaign` subcommand.
pub fn run(command: CampaignCommand) -> Result<Outcome, CliError> {
    match command {
        CampaignCommand::New {
            file,
            force,
            name,
            replacement,
            hours_per_pair_of_moves,
            battlefield_represents,
            json,
        } => new_campaign(
            &file,
            force,
            &name,
            &replacement,
            hours_per_pair_of_moves,
            battlefield_represents,
            json,
        )?,
        CampaignCommand::AddGame {
            file,
            ruleset,
            from_json,
            layout,
            name,
            table,
            players,
            unfinished,
            tables,
            json,
        } => add_game(
            &file,
            &ruleset,
            &GameSource {
                from_json: from_json.as_deref(),
                layout: layout.as_deref(),
                tables: tables.as_deref(),
                table,
                players,
            },
            name,
            unfinished,
            json,
        )?,
        CampaignCommand::EndGame {
            file,
            game,
            winner,
            note,
            players,
            tables,
            json,
        } => end_game(
            &file,
            game,
            winner.as_deref(),
            &note,
            players,
            &tables,
            json,
        )?,
        CampaignCommand::Merge { file, tables, json } => super::club::merge(&file, &tables, json)?,
        CampaignCommand::Standings {
            file,
            allow_broken,
            json,
        } => super::club::standings(&file, allow_broken, json)?,
        CampaignCommand::Report {
            file,
            pdf,
            html,
            force,
            allow_broken,
            json,
        } => {
            return super::report::run(&super::report::ReportArgs {
                file,
                pdf,
                html,
                force,
                allow_broken,
                json,
            });
        }
        CampaignCommand::Export { file, out, force } => export(&file, &out, force)?,
        CampaignCommand::Import {
            input,
            new_file,
            force,
            tables,
            json,
        } => import(&input, &new_file, force, tables.as_deref(), json)?,
    }
    Ok(Outcome::Done)
}

/// `laager campaign new`.
fn new_campaign(
    file: &Path,
    force: bool,
    name: &str,
    replacement: &str,
    hours_per_pair_of_moves: Option<Hours>,
    battlefield_represents: Option<String>,
    json: bool,
) -> Result<(), CliError> {
    let settings = CampaignSettings {
        replacement: parse_replacement(replacement)?,
        scale: CampaignScale {
            battlefield_represents,
            hours_per_pair_of_moves: hours_per_pair_of_moves.map(f64::from),
            ..CampaignScale::default()
        },
    };
    let created = CampaignFile::create_new(file, &Campaign::new(name, settings), existing(force))
        .map_err(store_error)?;
    if json {
        print_json(&json!({
            "file": file.display().to_string(),
            "name": created.campaign().name,
            "settings": created.campaign().settings,
            "games": 0,
        }));
    } else {
        println!("created {} (campaign \"{name}\")", file.display());
    }
    Ok(())
}

/// `laager campaign export`: the campaign as JSON, never over the campaign itself.
fn export(file: &Path, out: &Path, force: bool) -> Result<(), CliError> {
    if store::disk::same_file(file, out) {
        return Err(CliError::Input(format!(
            "{}: is the campaign being exported; it is never written over: choose another file name",
            out.display()
        )));
    }
    let opened = CampaignFile::open(file, Mode::Read).map_err(store_error)?;
    let text = store::campaign_to_json(opened.campaign());
    store::disk::write_file(out, text.as_bytes(), existing(force)).map_err(store_error)?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

/// `laager campaign import`: a new campaign file from an export, verified as it is read.
fn import(
    input: &Path,
    new_file: &Path,
    force: bool,
    tables: Option<&Path>,
    json: bool,
) -> Result<(), CliError> {
    if store::disk::same_file(input, new_file) {
        return Err(CliError::Input(format!(
            "{}: is the file being imported; it is never written over: choose another file name",
            new_file.display()
        )));
    }
    let text = read_text(input, Input::Import)?;
    let charts = super::load_tables(tables)?;
    let campaign =
        store::campaign_import(&text, &charts).map_err(|errors| json_errors(input, &errors))?;
    let created =
        CampaignFile::create_new(new_file, &campaign, existing(force)).map_err(store_error)?;
    let events: usize = created
        .campaign()
        .games
        .iter()
        .map(|g| g.events().len())
        .sum();
    if json {
        print_json(&json!({
            "file": new_file.display().to_string(),
            "games": created.campaign().games.len(),
            "events": events,
        }));
    } else {
        println!(
            "created {} with {} games and {events} events",
            new_file.display(),
            created.campaign().games.len()
        );
    }
    Ok(())
}

/// An import's errors, a line each, naming the file and the JSON path.
fn json_errors(file: &Path, errors: &[store::JsonError]) -> CliError {
    CliError::Input(
        errors
            .iter()
            .map(|e| format!("{}: {e}", file.display()))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// Where a game added to a campaign comes from: a game's JSON, or a table (a layout, or
/// none) with the club's tables it is played with; the table it is played on at a club
/// night, and its players.
struct GameSource<'a> {
    from_json: Option<&'a Path>,
    layout: Option<&'a Path>,
    tables: Option<&'a Path>,
    table: Option<String>,
    players: Vec<Player>,
}

/// `--player SIDE=NAME`, read by the engine's one constructor of a player.
fn parse_player(text: &str) -> Result<Player, String> {
    Player::parse(text)
}

/// `--table NAME`: a name, trimmed, not empty.
fn parse_table(text: &str) -> Result<String, String> {
    let name = text.trim();
    if name.is_empty() {
        return Err("expected the table's name, as \"Table 2\"".to_owned());
    }
    Ok(name.to_owned())
}

fn add_game(
    file: &Path,
    ruleset: &str,
    source: &GameSource<'_>,
    name: Option<String>,
    unfinished: bool,
    json: bool,
) -> Result<(), CliError> {
    let GameSource {
        from_json,
        layout,
        tables,
        ref table,
        ref players,
    } = *source;
    let ruleset = Ruleset::from_id(ruleset).ok_or_else(|| {
        let ids: Vec<&str> = Ruleset::ALL.iter().map(|r| r.id()).collect();
        CliError::Input(format!(
            "--ruleset: unknown ruleset `{ruleset}` (expected one of: {})",
            ids.join(", ")
        ))
    })?;
    let mut opened = CampaignFile::open(file, Mode::Write).map_err(store_error)?;
    // A table's game is played while the others are: that is what a club night is.
    if let Some(last) = opened.campaign().games.last()
        && last.state().result.is_none()
        && !unfinished
        && table.is_none()
    {
        return Err(CliError::Input(format!(
            "{}: game {} \"{}\" is still in play: end it first with `laager campaign end-game {} --winner SIDE|draw`, or give --unfinished (or --table for a game played at the same time on another table)",
            file.display(),
            opened.campaign().games.len(),
            last.name,
            file.display()
        )));
    }
    let number = opened.campaign().games.len() + 1;
    let charts = super::load_tables(tables)?;
    // The caller reads the clock: the game's start is dated in its first event.
    let start = GameStart {
        date: store::clock::now(),
        table: table.clone(),
        players: players.clone(),
    };
    let name = name.or_else(|| table.clone());
    let number = if let Some(path) = from_json {
        let mut game = store::game_import(&read_text(path, Input::Import)?, &charts)
            .map_err(|errors| json_errors(path, &errors))?;
        if game.ruleset != ruleset {
            return Err(CliError::Input(format!(
                "{}: the game is {}, not {ruleset} as --ruleset says",
                path.display(),
                game.ruleset
            )));
        }
        if let Some(name) = name {
            game.name = name;
        }
        // An imported game keeps its own start; the players given are named at its end.
        if let Some(event) = start.players_event() {
            game.append(event)
                .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
        }
        opened.add_game(game, None).map_err(store_error)?
    } else {
        let name = name.unwrap_or_else(|| format!("Game {number}"));
        let game = match layout {
            Some(path) => game_on_table(opened.campaign(), ruleset, &name, path, &charts, &start)?,
            None => opened
                .campaign()
                .next_game_on_table(ruleset, &name, Value::Null, Vec::new(), Some(&start))
                .map_err(|e| CliError::Input(format!("--player: {e}")))?,
        };
        opened
            .add_game(game, Some(&tables_note(&charts, source.tables)))
            .map_err(store_error)?
    };
    let game = &opened.campaign().games[number - 1];
    let state = game.state();
    let units = state.units.len();
    if json {
        print_json(&json!({
            "game": number,
            "name": game.name,
            "ruleset": game.ruleset,
            "units": units,
            "events": game.events().len(),
            "identity": game.identity(),
            "table": state.table,
            "players": state.players,
            "started": state.started,
        }));
    } else {
        println!(
            "added game {number} \"{}\" ({ruleset}) with {units} units{}",
            game.name,
            state
                .table
                .as_ref()
                .map(|t| format!(" at table {t}"))
                .unwrap_or_default()
        );
        if let Some(identity) = game.identity() {
            println!("  identity {identity}");
        }
        for player in &state.players {
            println!("  {} plays {}", player.name, player.side);
        }
    }
    Ok(())
}

/// `laager campaign end-game`: logs a game's result, dated, with its players if given
/// (all in one write).
fn end_game(
    file: &Path,
    game: Option<GameNumber>,
    winner: Option<&str>,
    note: &str,
    players: Vec<Player>,
    tables: &super::TablesArgs,
    json: bool,
) -> Result<(), CliError> {
    let mut opened = CampaignFile::open(file, Mode::Write).map_err(store_error)?;
    let number = super::game_number(file, opened.campaign().games.len(), game)?;
    let this = &opened.campaign().games[number - 1];
    let charts = tables.load(this.ruleset)?;
    let proposal = crate::game::propose(this, &charts);
    let named = winner.map(|w| match w {
        "draw" => crate::game::Verdict::Draw,
        side => crate::game::Verdict::Won(side.to_owned()),
    });
    let (result_winner, source) = crate::game::settle(proposal.as_ref(), named.as_ref())
        .map_err(|e| CliError::Input(format!("--winner SIDE|draw is needed: {e}")))?;
    let note = if note.is_empty() {
        source.to_owned()
    } else {
        format!("{note} — {source}")
    };
    let date = store::clock::now();
    let mut actions = Vec::new();
    if !players.is_empty() {
        actions.push(Action::Players(players));
    }
    actions.push(Action::End(crate::game::GameResult {
        winner: result_winner.clone(),
        note: note.clone(),
        date: Some(date.clone()),
    }));
    let acted = opened.act_all(number, actions).map_err(store_error)?;
    let logged = acted.logged.last().cloned();
    let state = opened.campaign().games[number - 1].state();
    if json {
        print_json(&json!({
            "game": number,
            "winner": result_winner,
            "note": note,
            "proposal": proposal,
            "event": logged,
            "date": date,
            "players": state.players,
        }));
    } else {
        if let Some(p) = &proposal {
            println!("victory condition: {}", p.reason);
        }
        match &result_winner {
            Some(side) => println!("game {number} ended: {side} won ({note})"),
            None => println!("game {number} ended: drawn ({note})"),
        }
        for player in &state.players {
            println!("  {} played {}", player.name, player.side);
        }
    }
    Ok(())
}

/// The tables a new game is played with (as the window records when a game starts), so
/// its log says which charts were in force: logged in the game as it is added.
fn tables_note(charts: &crate::charts::Charts, tables: Option<&Path>) -> TablesNote {
    TablesNote {
        tables_hash: charts.hash().to_owned(),
        club_cells: Vec::new(),
        club_tables: tables.map(|d| d.display().to_string()),
    }
}

/// A new game on a layout's table: the forces the campaign carries over, then every unit
/// of the table not already among them, joining with its strength.
fn game_on_table(
    campaign: &Campaign,
    ruleset: Ruleset,
    name: &str,
    path: &Path,
    charts: &crate::charts::Charts,
    start: &GameStart,
) -> Result<crate::game::Game, CliError> {
    let text = read_text(path, Input::Layout)?;
    let report = crate::geometry::file::read(&text, charts);
    let Some(table) = report.layout else {
        return Err(CliError::Input(format!(
            "{}: the layout does not read: {}",
            path.display(),
            report
                .errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        )));
    };
    if let Some(theirs) = table.ruleset.filter(|r| *r != ruleset) {
        return Err(CliError::Input(format!(
            "{}: the layout is for {theirs}, not {ruleset} as --ruleset says",
            path.display()
        )));
    }
    let stored: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    let units = crate::game::units_from_layout(&table, ruleset, Some(charts));
    let game = if start.table.is_some() {
        campaign
            .table_game(ruleset, name, stored, units, start)
            .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?
    } else {
        campaign
            .next_game_on_table(ruleset, name, stored, units, Some(start))
            .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?
    };
    Ok(game)
}
