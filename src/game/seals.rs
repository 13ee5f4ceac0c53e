//! The record's seals and what verifying them finds. A game's **seal** is its head, the
//! hash of its last event (its header's seal while nothing is logged); the **campaign's
//! seal** is one hash over the campaign's name and each game's number, identity and seal
//! ([`super::chain::campaign_seal`]). A file stores both with every write, and keeps each
//! campaign seal it has had, with how many events each game held then, so a seal the
//! players noted on an earlier evening is still found.
//!
//! Nothing here touches a file: the store reads what the file records into [`Stored`].

use super::campaign::{Campaign, CampaignSettings};
use super::chain::{ChainBreak, SealedGame, campaign_seal};
use super::log::Game;
use serde::{Deserialize, Serialize};

/// What a file records of the seals, read when it was opened; empty for a campaign held
/// only in memory.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stored {
    /// Each game's head as the file records it (`None`: a file from before heads were
    /// stored).
    pub heads: Vec<Option<String>>,
    /// The campaign's seal as the file records it (`None`: a file from before campaigns
    /// were sealed, or a campaign in memory).
    pub campaign_seal: Option<String>,
    /// Whether the file must record a campaign seal (written since campaigns were sealed):
    /// a missing one is then a break, not an older file.
    pub seal_required: bool,
    /// How many events of each game this process has verified already: a later check
    /// hashes only the events after them.
    pub trusted: Vec<usize>,
}

impl Stored {
    /// Notes that every game as it stands now has been verified (all were checked before
    /// a game was added).
    pub fn trust(&mut self, campaign: &Campaign) {
        self.trusted = campaign.games.iter().map(|g| g.events().len()).collect();
    }

    /// Notes that game `number` (from 1) has been verified up to its `events` events (it
    /// was checked before a write, and the write's own events followed).
    pub fn trust_game(&mut self, number: usize, events: usize) {
        let Some(index) = number.checked_sub(1) else {
            return;
        };
        if self.trusted.len() <= index {
            self.trusted.resize(index + 1, 0);
        }
        self.trusted[index] = events;
    }
}

/// One campaign seal the file has had: the seal and each game's event count then.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealRecord {
    /// The campaign's seal then.
    pub seal: String,
    /// How many events each game held then (game 1 first).
    pub counts: Vec<usize>,
}

impl Campaign {
    /// The campaign's seal as it stands.
    pub fn seal(&self) -> String {
        let counts: Vec<usize> = self.games.iter().map(|g| g.events().len()).collect();
        self.seal_at(&counts).unwrap_or_default()
    }

    /// The campaign's seal when its games held `counts` events each (games past the list
    /// held none); `None` when a count is past the end of its game's log.
    pub fn seal_at(&self, counts: &[usize]) -> Option<String> {
        if counts.len() > self.games.len() {
            return None;
        }
        let mut games = Vec::new();
        for (i, (game, &count)) in self.games.iter().zip(counts).enumerate() {
            if count == 0 {
                continue;
            }
            let events = game.events().get(..count)?;
            games.push(SealedGame {
                number: i + 1,
                identity: &events[0].hash,
                seal: &events[count - 1].hash,
            });
        }
        Some(campaign_seal(&self.name, &games))
    }
}

/// The break a stored head shows: the log does not end where the file says it did.
pub fn head_break(game: &Game, stored: Option<&str>) -> Option<ChainBreak> {
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
            "the log no longer holds the event the file records as its last (it ends at event {last}): events after it were removed, or the log was rewritten"
        ),
    };
    Some(ChainBreak {
        seq: last + 1,
        reason,
    })
}

/// The first break of one game: its chain from its sealed header, then its end against
/// the head the file stores.
pub fn game_break(
    game: &Game,
    settings: &CampaignSettings,
    stored_head: Option<&str>,
    trusted: usize,
) -> (bool, Option<ChainBreak>) {
    let verification = game.verify_after(settings, trusted);
    let broken = verification
        .broken
        .or_else(|| head_break(game, stored_head));
    (verification.sealed, broken)
}

/// The break of the campaign's seal: its name or the numbering of its games changed, or a
/// game's log changed without the seal being written with it.
pub fn campaign_break(campaign: &Campaign, stored: &Stored) -> Option<String> {
    match &stored.campaign_seal {
        Some(seal) if *seal != campaign.seal() => Some(
            "the campaign's seal does not match its name and the numbering of its games: the campaign was renamed, its games renumbered, or a game's log changed outside Laager".to_owned(),
        ),
        None if stored.seal_required => {
            Some("the campaign's seal is missing: the file was changed outside Laager".to_owned())
        }
        _ => None,
    }
}

/// Verifies what a write needs before it is made: the game `number` (every game when
/// `None`: a game added reads the ones before it), its end against the stored head, and
/// the campaign's seal. `Err` is the first break, in words.
pub fn check_for_write(
    campaign: &Campaign,
    number: Option<usize>,
    stored: &Stored,
) -> Result<(), String> {
    for (i, game) in campaign.games.iter().enumerate() {
        if number.is_some_and(|n| n != i + 1) {
            continue;
        }
        let head = stored.heads.get(i).and_then(|h| h.as_deref());
        let trusted = stored.trusted.get(i).copied().unwrap_or(0);
        if let (_, Some(broken)) = game_break(game, &campaign.settings, head, trusted) {
            let place = if broken.seq == 0 {
                "its header".to_owned()
            } else {
                format!("event {}", broken.seq)
            };
            return Err(format!("game {}, {place}: {}", i + 1, broken.reason));
        }
    }
    match campaign_break(campaign, stored) {
        Some(reason) => Err(reason),
        None => Ok(()),
    }
}
