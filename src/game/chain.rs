//! Tamper evidence: each logged event carries the hash of the one before it, so a changed,
//! removed or reordered event breaks the chain from that point on.
//!
//! `hash = sha256(seq "\n" prev_hash "\n" canonical JSON of the event)`, hex. The first
//! event's `prev_hash` is the game's [`seal`]: the hash of its header (ruleset, name,
//! layout) and the campaign's settings, so changing any of them breaks the chain at its
//! start. Games logged by an older Laager start at the all-zero [`GENESIS`]: their chains
//! still verify, their headers are reported as not sealed. The canonical JSON is
//! serde_json's compact form (object keys sorted). A chain recomputed end to end by a
//! forger is not detected: this shows accidents and casual edits, it is not a signature;
//! a head noted by the players (`laager log head`) shows a log truncated or rewritten
//! since.

use super::campaign::CampaignSettings;
use super::event::Event;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The `prev_hash` of the first event of a game logged before headers were sealed.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The hash a game's chain starts from: its header and the campaign's settings.
pub fn seal(ruleset: Ruleset, name: &str, layout: &Value, settings: &CampaignSettings) -> String {
    #[derive(Serialize)]
    struct Header<'a> {
        ruleset: &'a str,
        name: &'a str,
        layout: &'a Value,
        settings: &'a CampaignSettings,
    }
    let header = Header {
        ruleset: ruleset.id(),
        name,
        layout,
        settings,
    };
    let mut hasher = Sha256::new();
    hasher.update(b"laager game header 1\n");
    // Serializing our own types cannot fail: every map key is a string.
    hasher.update(
        serde_json::to_string(&header)
            .unwrap_or_default()
            .as_bytes(),
    );
    hex(&hasher.finalize())
}

/// One event as it stands in the log: its place, its link to the one before, its hash.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoggedEvent {
    /// Its sequence number in the game, from 1.
    pub seq: u64,
    /// The hash of the event before it ([`GENESIS`] for the first).
    pub prev_hash: String,
    /// This event's hash.
    pub hash: String,
    /// The event.
    pub event: Event,
}

impl LoggedEvent {
    /// Links an event after `prev_hash` at `seq`, computing its hash.
    pub fn link(seq: u64, prev_hash: &str, event: Event) -> LoggedEvent {
        let hash = event_hash(seq, prev_hash, &event);
        LoggedEvent {
            seq,
            prev_hash: prev_hash.to_owned(),
            hash,
            event,
        }
    }
}

/// The canonical text of an event, as hashed and as stored.
pub fn canonical_json(event: &Event) -> String {
    // Serializing our own types cannot fail: every map key is a string.
    serde_json::to_string(event).unwrap_or_default()
}

/// The hash of an event at `seq` after `prev_hash`.
pub fn event_hash(seq: u64, prev_hash: &str, event: &Event) -> String {
    text_hash(seq, prev_hash, &canonical_json(event))
}

/// The hash of an event at `seq` after `prev_hash` whose canonical JSON is `json`: an
/// event's hash from the text it is stored as.
pub fn text_hash(seq: u64, prev_hash: &str, json: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(seq.to_string().as_bytes());
    hasher.update(b"\n");
    hasher.update(prev_hash.as_bytes());
    hasher.update(b"\n");
    hasher.update(json.as_bytes());
    hex(&hasher.finalize())
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(char::from(DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    text
}

/// The first place a chain does not hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainBreak {
    /// The sequence number of the first event that does not fit.
    pub seq: u64,
    /// What is wrong with it.
    pub reason: String,
}

/// Checks a game's chain from the first event's `prev_hash` (its header is checked by
/// [`crate::game::Game::verify`]): sequence numbers 1, 2, 3.., each `prev_hash` the hash
/// before, each hash its content's. Returns the first break.
pub fn verify_chain(events: &[LoggedEvent]) -> Option<ChainBreak> {
    let start = events.first().map_or(GENESIS, |e| e.prev_hash.as_str());
    verify_chain_from(start, events)
}

/// Checks a game's chain starting from `genesis` (see [`verify_chain`]).
pub fn verify_chain_from(genesis: &str, events: &[LoggedEvent]) -> Option<ChainBreak> {
    verify_links(genesis, 0, events)
}

/// Checks the links of `events`, the log's events after its first `before`, the first of
/// them linked after `prev`.
pub fn verify_links(prev: &str, before: usize, events: &[LoggedEvent]) -> Option<ChainBreak> {
    let mut prev = prev.to_owned();
    for (index, logged) in events.iter().enumerate() {
        let expected_seq = (before + index) as u64 + 1;
        if logged.seq != expected_seq {
            return Some(ChainBreak {
                seq: logged.seq,
                reason: format!(
                    "sequence number {} where {expected_seq} was expected (an event is missing or out of order)",
                    logged.seq
                ),
            });
        }
        if logged.prev_hash != prev {
            return Some(ChainBreak {
                seq: logged.seq,
                reason: "its previous-event hash does not match the event before it (an event before it was changed, removed or inserted)".to_owned(),
            });
        }
        if event_hash(logged.seq, &logged.prev_hash, &logged.event) != logged.hash {
            return Some(ChainBreak {
                seq: logged.seq,
                reason: "its content does not match its hash (it was changed after it was logged)"
                    .to_owned(),
            });
        }
        prev.clone_from(&logged.hash);
    }
    None
}

/// One game as the campaign's seal covers it: its number in the file, its identity (the
/// hash of its first event) and its seal (the hash of its last event).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SealedGame<'a> {
    /// Its place in the file, from 1.
    pub number: usize,
    /// The hash of its first event: the game's identity, the same in every copy.
    pub identity: &'a str,
    /// The hash of its last event.
    pub seal: &'a str,
}

/// The campaign's seal: one hash over its name and, for each game that has logged
/// anything, its number, identity and seal. Renaming the campaign, renumbering its games,
/// or any change to a game's log changes it. A game with an empty log is left out: it has
/// nothing to seal yet (its header is sealed into its first event).
pub fn campaign_seal(name: &str, games: &[SealedGame<'_>]) -> String {
    #[derive(Serialize)]
    struct Sealed<'a> {
        name: &'a str,
        games: &'a [SealedGame<'a>],
    }
    let mut hasher = Sha256::new();
    hasher.update(b"laager campaign seal 1\n");
    hasher.update(
        serde_json::to_string(&Sealed { name, games })
            .unwrap_or_default()
            .as_bytes(),
    );
    hex(&hasher.finalize())
}
