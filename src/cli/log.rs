//! `laager log verify`, `laager log head` and `laager log replay`: a campaign file's
//! tamper evidence and the replay of its logged resolutions.

use super::campaign::{open_verified, print_json, store_error};
use super::{CliError, Outcome};
use crate::bounds::GameNumber;
use crate::game::Action;
use crate::store::projection::StoredState;
use crate::store::{CampaignCheck, CampaignFile, GameCheck, HeadFound, Mode, SealFound};
use clap::Subcommand;
use serde_json::json;
use std::path::{Path, PathBuf};

/// The log's tamper evidence and replay.
#[derive(Debug, Subcommand)]
pub enum LogCommand {
    /// Check every game's hash chain (from the seal of its header and the campaign's
    /// settings to the head the file records) and the campaign's seal (its name and the
    /// numbering of its games), and report the first break.
    Verify {
        /// The campaign file.
        file: PathBuf,
        /// Only this game (numbered from 1).
        #[arg(long, value_name = "N")]
        game: Option<GameNumber>,
        /// A seal noted earlier (`laager log head`: a game's, or the campaign's; 8 or more
        /// leading hex digits): the file must still hold it, or it was truncated or
        /// rewritten since.
        #[arg(long, value_name = "HASH")]
        head: Option<String>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print the campaign's seal (one hash over its name and each game's number, identity
    /// and seal), or with --game a game's seal (the hash its log ends at), to note and
    /// check later with `log verify --head`.
    Head {
        /// The campaign file.
        file: PathBuf,
        /// This game's seal instead of the campaign's (numbered from 1).
        #[arg(long, value_name = "N")]
        game: Option<GameNumber>,
        /// Print it even if the file fails verification.
        #[arg(long)]
        allow_broken: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Resolve every applied resolution of a game again from its recorded input and dice,
    /// against the tables in force, and check its throw and its effects: report each that
    /// differs (exit 2). A file that fails verification is refused (exit 2).
    Replay {
        /// The campaign file.
        file: PathBuf,
        /// The game, from 1 (default: the latest).
        #[arg(long, value_name = "N")]
        game: Option<GameNumber>,
        /// Count a reading changed since the engine version that resolved it as a
        /// difference (exit 2).
        #[arg(long)]
        strict: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
        /// The tables in force (a club's folder).
        #[command(flatten)]
        tables: super::TablesArgs,
    },
    /// Undo the last action in force in a game, as the window's Undo does: an event that
    /// voids it is logged through the record's gate (nothing is deleted). A file that
    /// fails verification is refused (exit 2).
    Undo {
        /// The campaign file.
        file: PathBuf,
        /// The game, from 1 (default: the latest).
        #[arg(long, value_name = "N")]
        game: Option<GameNumber>,
        /// Print the event written as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Redo the last undo in a game, as the window's Redo does, through the record's gate.
    Redo {
        /// The campaign file.
        file: PathBuf,
        /// The game, from 1 (default: the latest).
        #[arg(long, value_name = "N")]
        game: Option<GameNumber>,
        /// Print the event written as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `log` subcommand.
pub fn run_log(command: LogCommand) -> Result<Outcome, CliError> {
    match command {
        LogCommand::Verify {
            file,
            game,
            head,
            json,
        } => verify(&file, game, head.as_deref(), json),
        LogCommand::Head {
            file,
            game,
            allow_broken,
            json,
        } => print_head(&file, game, allow_broken, json),
        LogCommand::Replay {
            file,
            game,
            strict,
            json,
            tables,
        } => replay(&file, game, strict, json, &tables),
        LogCommand::Undo { file, game, json } => undo_redo(&file, game, Action::Undo, json),
        LogCommand::Redo { file, game, json } => undo_redo(&file, game, Action::Redo, json),
    }
}

/// Logs an undo or a redo in a game through the record's gate, and says what it did.
fn undo_redo(
    file: &Path,
    game: Option<GameNumber>,
    action: Action,
    json: bool,
) -> Result<Outcome, CliError> {
    let mut opened = CampaignFile::open(file, Mode::Write).map_err(store_error)?;
    let number = game_number(file, &opened, game)?;
    let acted = opened.act(number, action).map_err(store_error)?;
    if json {
        print_json(&json!({ "game": number, "events": acted.logged }));
    } else {
        for logged in &acted.logged {
            println!(
                "game {number}, event {}: {}",
                logged.seq,
                logged.event.describe()
            );
        }
    }
    Ok(Outcome::Done)
}

/// The game `--game` names (default: the latest), checked against the file.
fn game_number(
    file: &Path,
    opened: &CampaignFile,
    game: Option<GameNumber>,
) -> Result<usize, CliError> {
    super::game_number(file, opened.campaign().games.len(), game)
}

/// Every break of a file, one line each: each game's, then the campaign seal's.
pub(super) fn break_lines(file: &Path, opened: &CampaignFile) -> Vec<String> {
    let mut lines: Vec<String> = opened
        .verify()
        .iter()
        .filter_map(|c| break_line(file, c))
        .collect();
    if let Some(reason) = opened.verify_campaign().broken {
        lines.push(format!("{}: campaign: {reason}", file.display()));
    }
    lines
}

/// The text line of a break: `game 2, event 41: ...` (`game 2, header: ...`).
pub(super) fn break_line(file: &Path, check: &GameCheck) -> Option<String> {
    let Some(b) = check.broken.as_ref() else {
        let reason = check.projection.broken.as_ref()?;
        return Some(format!(
            "{}: game {}, stored state: {reason}",
            file.display(),
            check.game
        ));
    };
    let place = if b.seq == 0 {
        "header".to_owned()
    } else {
        format!("event {}", b.seq)
    };
    Some(format!(
        "{}: game {}, {place}: {}",
        file.display(),
        check.game,
        b.reason
    ))
}

fn verify(
    file: &Path,
    game: Option<GameNumber>,
    noted: Option<&str>,
    json: bool,
) -> Result<Outcome, CliError> {
    let opened = CampaignFile::open(file, Mode::Read).map_err(store_error)?;
    if let Some(n) = game {
        game_number(file, &opened, Some(n))?;
    }
    let game = game.map(GameNumber::get);
    let checks: Vec<GameCheck> = opened
        .verify()
        .into_iter()
        .filter(|c| game.is_none_or(|n| n == c.game))
        .collect();
    let campaign = opened.verify_campaign();
    let intact = checks.iter().all(GameCheck::intact) && campaign.broken.is_none();
    let found = noted.map(|h| opened.find_head(h, game));
    let seal_found = match (noted, game, &found) {
        (Some(h), None, Some(None)) => opened.find_campaign_seal(h),
        _ => None,
    };
    let head_held = found.as_ref().is_none_or(Option::is_some) || seal_found.is_some();
    if json {
        let mut out = json!({ "intact": intact, "games": checks, "campaign": campaign });
        if let (Some(noted), Some(found)) = (noted, found) {
            out["noted_head"] =
                json!({ "head": noted, "found": found, "campaign_seal": seal_found });
        }
        print_json(&out);
    } else {
        print_verified(
            file,
            &checks,
            &campaign,
            intact,
            found.as_ref(),
            seal_found.as_ref(),
        );
    }
    for line in checks.iter().filter_map(|c| break_line(file, c)) {
        eprintln!("{line}");
    }
    if let Some(reason) = &campaign.broken {
        eprintln!("{}: campaign: {reason}", file.display());
    }
    if let (Some(noted), false) = (noted, head_held) {
        let scope = match game {
            Some(n) => format!("game {n}'s log"),
            None => "any game's log, nor among the campaign's seals".to_owned(),
        };
        eprintln!(
            "{}: the noted seal {noted} is not in {scope}: the file was truncated or rewritten since it was noted (or the hash was mistyped: give 8 or more hex digits)",
            file.display()
        );
    }
    Ok(if intact && head_held {
        Outcome::Done
    } else {
        Outcome::Refused
    })
}

/// `laager log verify`'s words: the games and their chains, the notes on older files, and
/// where a noted seal was found.
fn print_verified(
    file: &Path,
    checks: &[GameCheck],
    campaign: &CampaignCheck,
    intact: bool,
    found: Option<&Option<HeadFound>>,
    seal_found: Option<&SealFound>,
) {
    let events: usize = checks.iter().map(|c| c.events).sum();
    if intact {
        let states = checks
            .iter()
            .all(|c| c.projection.stored == StoredState::Current);
        println!(
            "{}: {} game(s), {events} events, every hash chain intact{}{}",
            file.display(),
            checks.len(),
            if campaign.sealed {
                ", the campaign's seal intact"
            } else {
                ""
            },
            if states && !checks.is_empty() {
                ", every stored state its log's replay"
            } else {
                ""
            }
        );
    }
    // Each game by its number in this file and its identity in every copy.
    for c in checks {
        if let Some(identity) = &c.identity {
            println!(
                "  game {}: identity {}, {} events",
                c.game,
                &identity[..identity.len().min(16)],
                c.events
            );
        }
    }
    if !campaign.sealed && campaign.broken.is_none() {
        println!("  note: the campaign is not sealed (file from an older Laager)");
    }
    for c in checks.iter().filter(|c| !c.sealed) {
        println!(
            "  note: game {}: header not sealed (file from an older Laager)",
            c.game
        );
    }
    for c in checks {
        if let Some(note) = c.projection.note() {
            println!("  note: game {}: {note}", c.game);
        }
    }
    if let Some(Some(f)) = found {
        println!(
            "  the noted seal is {} of game {}; {} event(s) logged since",
            if f.seq == 0 {
                "the start".to_owned()
            } else {
                format!("event {}", f.seq)
            },
            f.game,
            f.since
        );
    }
    if let Some(s) = &seal_found {
        if s.current {
            println!("  the noted seal is the campaign's seal now");
        } else {
            println!(
                "  the noted seal is the campaign's seal when its games held {} event(s)",
                s.counts
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
}

fn print_head(
    file: &Path,
    game: Option<GameNumber>,
    allow_broken: bool,
    json: bool,
) -> Result<Outcome, CliError> {
    let opened = open_verified(file, allow_broken)?;
    let Some(n) = game else {
        let campaign = opened.campaign();
        let seal = campaign.seal();
        // The seal covers each game's number and identity: both are shown.
        if json {
            let identities: Vec<_> = campaign
                .games
                .iter()
                .enumerate()
                .map(|(i, g)| json!({ "game": i + 1, "name": g.name, "identity": g.identity() }))
                .collect();
            print_json(&json!({
                "campaign": campaign.name,
                "games": campaign.games.len(),
                "seal": seal,
                "head": seal,
                "identities": identities,
            }));
        } else {
            println!(
                "campaign \"{}\" with {} game(s): {seal}",
                campaign.name,
                campaign.games.len()
            );
            for (i, g) in campaign.games.iter().enumerate() {
                let identity = g.identity().unwrap_or("none yet (nothing logged)");
                println!("  game {} \"{}\": identity {identity}", i + 1, g.name);
            }
        }
        return Ok(Outcome::Done);
    };
    let number = game_number(file, &opened, Some(n))?;
    let this = &opened.campaign().games[number - 1];
    let events = this.events().len();
    if json {
        print_json(&json!({
            "game": number,
            "name": this.name,
            "identity": this.identity(),
            "events": events,
            "head": this.head(),
        }));
    } else {
        println!(
            "game {number} \"{}\" after {events} event(s): {}",
            this.name,
            this.head()
        );
        if let Some(identity) = this.identity() {
            println!("  identity {identity}");
        }
    }
    Ok(Outcome::Done)
}

/// `laager log replay`: every applied resolution resolved again and compared.
fn replay(
    file: &Path,
    game: Option<GameNumber>,
    strict: bool,
    json: bool,
    tables: &super::TablesArgs,
) -> Result<Outcome, CliError> {
    // A replay of a record that fails verification would say "agrees" of what was changed.
    let opened = open_verified(file, false)?;
    let number = game_number(file, &opened, game)?;
    let game = &opened.campaign().games[number - 1];
    if !tables.cells.is_empty() {
        return Err(CliError::Input(
            "--cell: replay reads the tables in force (--tables DIR); a one-off cell belongs to the resolution it was typed for".to_owned(),
        ));
    }
    let charts = tables.load(game.ruleset)?;
    let report = crate::game::replay(game, &charts);
    let differing = report.differing().count();
    let changed = report.readings_changed().count();
    if json {
        print_json(&json!({
            "game": number,
            "replayed": report.replayed,
            "not_replayable": report.not_replayable,
            "differing": differing,
            "readings_changed": changed,
            "engine": crate::game::ENGINE_VERSION,
        }));
    } else {
        println!(
            "{} game {number}: {} applied resolution(s) replayed, {differing} differ{}",
            file.display(),
            report.replayed.len(),
            if report.not_replayable.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} logged before requests were recorded cannot be replayed (events {})",
                    report.not_replayable.len(),
                    report
                        .not_replayable
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        );
        for r in &report.replayed {
            let status = match (&r.difference, &r.reading_changed) {
                (Some(d), _) => format!("DIFFERS: {d}"),
                (None, Some(c)) => c.clone(),
                (None, None) => "agrees".to_owned(),
            };
            let notes = [
                r.voided.then_some("undone"),
                (!r.same_tables).then_some("resolved with other tables"),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>();
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" ({})", notes.join(", "))
            };
            println!("  event {} {}{notes}: {status}", r.seq, r.procedure);
        }
    }
    for r in report.differing() {
        eprintln!(
            "{} game {number}, event {} ({}): {}",
            file.display(),
            r.seq,
            r.procedure,
            r.difference.as_deref().unwrap_or_default()
        );
    }
    if strict {
        for r in report.readings_changed() {
            eprintln!(
                "{} game {number}, event {} ({}): {}",
                file.display(),
                r.seq,
                r.procedure,
                r.reading_changed.as_deref().unwrap_or_default()
            );
        }
    }
    Ok(if differing == 0 && (!strict || changed == 0) {
        Outcome::Done
    } else {
        Outcome::Refused
    })
}
