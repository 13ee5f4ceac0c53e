//! A `.laager` file's tamper evidence: each game's chain from the seal of its header and
//! the campaign's settings, its end against the head the file records, and a head the
//! players noted against the chain.

use super::file::CampaignFile;
use crate::game::{ChainBreak, Game};
use serde::Serialize;

/// What checking one game found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameCheck {
    /// The game, from 1.
    pub game: usize,
    /// Events in its log.
    pub events: usize,
    /// Whether its header is sealed into its chain (`false`: a game logged by an older
    /// Laager, whose chain starts at the all-zero genesis).
    pub sealed: bool,
    /// The head of its chain: the last event's hash, or its seal when empty.
    pub head: String,
    /// The first break (`seq` 0: the header), if any.
    #[serde(rename = "break")]
    pub broken: Option<ChainBreak>,
}

/// Where a noted head stands in a game's chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct HeadFound {
    /// The game, from 1.
    pub game: usize,
    /// The event whose hash it is (0: the game's seal, before any event).
    pub seq: u64,
    /// Events logged after it.
    pub since: usize,
}

impl CampaignFile {
    /// Checks every game: its chain, and its end against the head the file records (so
    /// events removed from the end are found).
    pub fn verify(&self) -> Vec<GameCheck> {
        let settings = &self.campaign().settings;
        self.campaign()
            .games
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let number = i + 1;
                let verification = game.verify(settings);
                let broken = verification
                    .broken
                    .or_else(|| head_break(game, self.stored_head(number)));
                GameCheck {
                    game: number,
                    events: game.events().len(),
                    sealed: verification.sealed,
                    head: game.head().to_owned(),
                    broken,
                }
            })
            .collect()
    }

    /// Whether every game verifies.
    pub fn intact(&self) -> bool {
        self.verify().iter().all(|c| c.broken.is_none())
    }

    /// Where `noted` (a head hash, or its first 8 or more hex digits) stands in game
    /// `game`'s chain, or in any game's when `None`.
    pub fn find_head(&self, noted: &str, game: Option<usize>) -> Option<HeadFound> {
        let noted = noted.trim().to_ascii_lowercase();
        if noted.len() < 8 || !noted.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let games = self.campaign().games.iter().enumerate();
        for (i, g) in games.filter(|(i, _)| game.is_none_or(|n| n == i + 1)) {
            if g.genesis().starts_with(&noted) {
                return Some(HeadFound {
                    game: i + 1,
                    seq: 0,
                    since: g.events().len(),
                });
            }
            if let Some(at) = g.events().iter().position(|e| e.hash.starts_with(&noted)) {
                return Some(HeadFound {
                    game: i + 1,
                    seq: g.events()[at].seq,
                    since: g.events().len() - at - 1,
                });
            }
        }
        None
    }
}

/// The break a stored head shows: the log does not end where the file says it did.
fn head_break(game: &Game, stored: Option<&str>) -> Option<ChainBreak> {
    let stored = stored?;
    if stored == game.head() {
        return None;
    }
    let last = game.events().len() as u64;
    let reason = match game.events().iter().find(|e| e.hash == stored) {
        Some(e) => format!(
            "the file records event {} as the last, but the log runs on to event {last}: events were added outside Laager",
            e.seq
        ),
        None => format!(
            "the log ends at event {last}, but the file records a later head it does not hold: events after it were removed, or the log was rewritten"
        ),
    };
    Some(ChainBreak {
        seq: last + 1,
        reason,
    })
}
