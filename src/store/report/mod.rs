//! The campaign report for a club's noticeboard: one self-contained web page ([`html`]) and a
//! PDF to print ([`pdf`]), both drawn from the engine's [`CampaignReport`] through the same
//! tables of words ([`ReportTables`]), so the two say the same; the chart is plotters'
//! ([`chart`]). The bytes are built here without touching a file; the CLI and the window
//! write them.

pub mod chart;
mod html;

pub use html::html;

use crate::game::CampaignReport;
use crate::game::campaign::GameLine;

/// A table of the report: its title, column headings and rows of words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportTable {
    /// The table's title (a regiment's name for its record).
    pub title: String,
    /// The column headings.
    pub headers: Vec<&'static str>,
    /// The rows, a word for each heading.
    pub rows: Vec<Vec<String>>,
}

/// The report's words, worked out once for every form it is printed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportTables {
    /// The campaign's name.
    pub campaign: String,
    /// The campaign's seal.
    pub seal: String,
    /// The games.
    pub games: ReportTable,
    /// Standings by side.
    pub sides: ReportTable,
    /// Standings by player.
    pub players: ReportTable,
    /// Each regiment's record.
    pub regiments: Vec<ReportTable>,
}

/// A game's result in words: `won by british`, `drawn`, `in play`.
pub fn result_words(line: &GameLine) -> String {
    match &line.winner {
        None => "in play".to_owned(),
        Some(None) => "drawn".to_owned(),
        Some(Some(side)) => format!("won by {side}"),
    }
}

/// The words of `report`, table by table.
pub fn tables(report: &CampaignReport) -> ReportTables {
    let standings = &report.standings;
    let games = ReportTable {
        title: "Games".to_owned(),
        headers: vec![
            "game", "date", "table", "players", "ruleset", "result", "seal",
        ],
        rows: standings
            .games
            .iter()
            .enumerate()
            .map(|(i, line)| game_row(line, report.game_seals.get(i)))
            .collect(),
    };
    let sides = ReportTable {
        title: "Standings by side".to_owned(),
        headers: vec!["side", "played", "won", "drawn", "lost", "strength lost"],
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
    let players = ReportTable {
        title: "Standings by player".to_owned(),
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
    let regiments = standings
        .units
        .iter()
        .map(|regiment| ReportTable {
            title: regiment.unit_id.to_string(),
            headers: vec![
                "game", "side", "joined", "lost", "restored", "left", "ended", "result",
            ],
            rows: regiment
                .games
                .iter()
                .map(|g| {
                    vec![
                        format!("{} {}", g.game, g.name),
                        g.side.clone(),
                        g.start.to_string(),
                        g.lost.to_string(),
                        g.restored.to_string(),
                        g.end.to_string(),
                        g.ended.replace('_', " "),
                        g.result.clone().unwrap_or_else(|| "in play".to_owned()),
                    ]
                })
                .collect(),
        })
        .collect();
    ReportTables {
        campaign: standings.campaign.clone(),
        seal: report.seal.clone(),
        games,
        sides,
        players,
        regiments,
    }
}

fn game_row(line: &GameLine, seal: Option<&String>) -> Vec<String> {
    let date = match (&line.started, &line.ended) {
        (Some(start), Some(end)) if start.day() != end.day() => {
            format!("{} to {}", start.day(), end.day())
        }
        (Some(start), _) => start.day().to_owned(),
        (None, Some(end)) => end.day().to_owned(),
        (None, None) => String::new(),
    };
    let players: Vec<String> = line
        .players
        .iter()
        .map(|p| format!("{} ({})", p.name, p.side))
        .collect();
    vec![
        format!("{} {}", line.game, line.name),
        date,
        line.table.clone().unwrap_or_default(),
        players.join(", "),
        line.ruleset.to_string(),
        result_words(line),
        seal.map(|s| s.chars().take(16).collect())
            .unwrap_or_default(),
    ]
}
