//! `laager campaign merge` and `laager campaign standings`: a club night's tables brought
//! back into the club's file, and the campaign's results by side, by player and by unit.

use super::CliError;
use super::campaign::{open_verified, print_json, store_error};
use super::records::render_table;
use crate::game::{Campaign, Table};
use crate::store::{self, CampaignFile, Mode};
use serde_json::json;
use std::path::{Path, PathBuf};

/// A game's identity shortened for a line of text.
fn short(identity: &str) -> &str {
    identity.get(..10).unwrap_or(identity)
}

/// `laager campaign merge CLUB TABLE...`: every table's copy read, then merged through the
/// record's gate in one write.
pub(super) fn merge(file: &Path, tables: &[PathBuf], json: bool) -> Result<(), CliError> {
    let mut opened = CampaignFile::open(file, Mode::Write).map_err(store_error)?;
    let mut copies = Vec::new();
    for path in tables {
        copies.push(store::read_table(path).map_err(store_error)?);
    }
    let merged = opened.merge(&copies).map_err(store_error)?;
    let events: usize = merged.iter().map(|m| m.events_added).sum();
    if json {
        print_json(&json!({
            "file": file.display().to_string(),
            "merged": merged,
            "games_added": merged.iter().filter(|m| m.new).count(),
            "events_added": events,
            "games": opened.campaign().games.len(),
            "seal": opened.campaign().seal(),
        }));
        return Ok(());
    }
    if merged.is_empty() {
        println!(
            "{}: nothing to merge: it holds every game and event of the {} file(s) given",
            file.display(),
            tables.len()
        );
        return Ok(());
    }
    for line in &merged {
        let what = if line.new {
            format!("added, {} events", line.events_added)
        } else {
            format!("{} events added", line.events_added)
        };
        println!(
            "game {} \"{}\" ({}): {what} from {}",
            line.game,
            line.name,
            short(&line.identity),
            line.from
        );
    }
    println!(
        "{}: {} game(s), the campaign's seal {}",
        file.display(),
        opened.campaign().games.len(),
        opened.campaign().seal()
    );
    Ok(())
}

/// `laager campaign standings`: each game, each side, each player and each unit.
pub(super) fn standings(file: &Path, allow_broken: bool, json: bool) -> Result<(), CliError> {
    let opened = open_verified(file, allow_broken)?;
    let campaign: &Campaign = opened.campaign();
    let standings = campaign.standings();
    if json {
        print_json(
            &serde_json::to_value(&standings).map_err(|e| CliError::Internal(e.to_string()))?,
        );
        return Ok(());
    }
    println!("campaign \"{}\"", standings.campaign);
    for line in &standings.games {
        let result = match &line.winner {
            None => "in play".to_owned(),
            Some(None) => "drawn".to_owned(),
            Some(Some(side)) => format!("won by {side}"),
        };
        let table = line
            .table
            .as_ref()
            .map(|t| format!(" at table {t}"))
            .unwrap_or_default();
        println!(
            "  game {} \"{}\" ({}){table}: {result}, {} events",
            line.game, line.name, line.ruleset, line.events
        );
        let dates: Vec<String> = [("started", &line.started), ("ended", &line.ended)]
            .into_iter()
            .filter_map(|(what, date)| date.as_ref().map(|d| format!("{what} {}", d.words())))
            .collect();
        if !dates.is_empty() {
            println!("    {}", dates.join(", "));
        }
        if !line.players.is_empty() {
            let players: Vec<String> = line
                .players
                .iter()
                .map(|p| format!("{} ({})", p.name, p.side))
                .collect();
            println!("    played by {}", players.join(", "));
        }
    }
    let sides = Table {
        headers: vec!["side", "played", "won", "drawn", "lost", "strength_lost"],
        rows: standings
            .sides
            .iter()
            .map(|s| {
                vec![
                    s.side.clone(),
                    s.played.to_string(),
                    s.won.to_string(),
                    s.drawn.to_string(),
                    s.lost.to_string(),
                    s.strength_lost.to_string(),
                ]
            })
            .collect(),
    };
    print!("{}", render_table(&sides));
    if !standings.players.is_empty() {
        let players = Table {
            headers: vec!["player", "played", "won", "drawn", "lost"],
            rows: standings
                .players
                .iter()
                .map(|p| {
                    vec![
                        p.player.clone(),
                        p.played.to_string(),
                        p.won.to_string(),
                        p.drawn.to_string(),
                        p.lost.to_string(),
                    ]
                })
                .collect(),
        };
        print!("{}", render_table(&players));
    }
    for history in &standings.units {
        let parts: Vec<String> = history
            .games
            .iter()
            .map(|g| {
                let lost = if g.lost > 0 {
                    format!(", lost {}", g.lost)
                } else {
                    String::new()
                };
                let ended = match g.ended.as_str() {
                    "in_play" => "in play",
                    other => other,
                };
                let result = g
                    .result
                    .as_ref()
                    .map(|r| format!(", {} {r}", g.side))
                    .unwrap_or_default();
                format!(
                    "game {} \"{}\": {} -> {}{lost}, {ended}{result}",
                    g.game, g.name, g.start, g.end
                )
            })
            .collect();
        println!("  {}: {}", history.unit_id, parts.join("; "));
    }
    Ok(())
}
