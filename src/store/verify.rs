//! A `.laager` file's tamper evidence: each game's chain from the seal of its header and
//! the campaign's settings, its end against the head the file records, the campaign's seal
//! over its name and the numbering of its games (and each seal it has had), and a seal the
//! players noted against all of them.

use super::file::CampaignFile;
use super::projection::ProjectionCheck;
use crate::game::ChainBreak;
use crate::game::seals::{campaign_break, game_break};
use serde::Serialize;

/// What checking one game found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameCheck {
    /// The game, from 1: its place in this file.
    pub game: usize,
    /// Its identity: the hash of its first event, the same in every copy (`None` while
    /// nothing is logged).
    pub identity: Option<String>,
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
    /// Its stored state (schema 7 on) against a full replay of its log.
    pub projection: ProjectionCheck,
}

impl GameCheck {
    /// Whether its chain and its stored state verify.
    pub fn intact(&self) -> bool {
        self.broken.is_none() && self.projection.broken.is_none()
    }
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

/// What checking the campaign's own seal found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CampaignCheck {
    /// Whether the file records a campaign seal (`false`: a file from an older Laager).
    pub sealed: bool,
    /// The campaign's seal as its games stand.
    pub seal: String,
    /// What is wrong with it, if anything.
    #[serde(rename = "break")]
    pub broken: Option<String>,
}

/// A campaign seal the players noted, found among the seals the file has had.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SealFound {
    /// How many events each game held when the campaign had that seal.
    pub counts: Vec<usize>,
    /// Whether it is the campaign's seal now.
    pub current: bool,
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
                let (sealed, broken) = game_break(game, settings, self.stored_head(number), 0);
                GameCheck {
                    game: number,
                    identity: game.identity().map(ToOwned::to_owned),
                    events: game.events().len(),
                    sealed,
                    head: game.head().to_owned(),
                    broken,
                    projection: self.check_projection(number, game),
                }
            })
            .collect()
    }

    /// Checks the campaign's seal against its name and its games as they stand, and every
    /// seal the file has had against the games' logs.
    pub fn verify_campaign(&self) -> CampaignCheck {
        let campaign = self.campaign();
        let mut broken = campaign_break(campaign, self.stored());
        if broken.is_none() {
            match self.seal_history() {
                Err(e) => broken = Some(e.to_string()),
                Ok(history) => {
                    let mut last: Vec<usize> = Vec::new();
                    for (n, record) in history.iter().enumerate() {
                        let grew = record.counts.len() >= last.len()
                            && last.iter().zip(&record.counts).all(|(a, b)| a <= b);
                        if !grew || campaign.seal_at(&record.counts).as_ref() != Some(&record.seal)
                        {
                            broken = Some(format!(
                                "the campaign's seal number {} ({}) no longer matches its games' logs: an event it covered was changed, removed or reordered",
                                n + 1,
                                short(&record.seal)
                            ));
                            break;
                        }
                        last.clone_from(&record.counts);
                    }
                }
            }
        }
        CampaignCheck {
            sealed: self.stored().campaign_seal.is_some(),
            seal: campaign.seal(),
            broken,
        }
    }

    /// Whether every game (its chain and its stored state) and the campaign's seal verify.
    pub fn intact(&self) -> bool {
        self.verify().iter().all(GameCheck::intact) && self.verify_campaign().broken.is_none()
    }

    /// Where `noted` (a campaign seal, or its first 8 or more hex digits) stands among the
    /// seals the campaign has had and that its games' logs still give.
    pub fn find_campaign_seal(&self, noted: &str) -> Option<SealFound> {
        let noted = noted.trim().to_ascii_lowercase();
        if noted.len() < 8 || !noted.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let campaign = self.campaign();
        let now = campaign.seal();
        if now.starts_with(&noted) {
            let counts = campaign.games.iter().map(|g| g.events().len()).collect();
            return Some(SealFound {
                counts,
                current: true,
            });
        }
        let history = self.seal_history().ok()?;
        history
            .into_iter()
            .rev()
            .find(|r| {
                r.seal.starts_with(&noted) && campaign.seal_at(&r.counts).as_ref() == Some(&r.seal)
            })
            .map(|r| SealFound {
                counts: r.counts,
                current: false,
            })
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

/// A hash shortened for a message: its first 10 hex digits.
fn short(hash: &str) -> &str {
    hash.get(..10).unwrap_or(hash)
}
