//! The campaign's story, as a club's noticeboard reads it: the campaign's name and seal, its
//! games with their seals, the standings by side and by player, each regiment's record, and
//! each side's strength game by game. One reckoning: [`Campaign::report`] reads the
//! standings from [`Campaign::standings`] (which `laager campaign standings` prints), so the
//! report, the window's Campaign view and the command line say the same. The printed and
//! web forms are drawn from it in `store::report`.

use super::campaign::{Campaign, Standings, UnitGame, UnitHistory};
use serde::{Deserialize, Serialize};

/// Everything a campaign report shows, worked out once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignReport {
    /// The campaign's seal (`laager log head`): every game's log and its place in the file.
    pub seal: String,
    /// Each game's seal, in the order of `standings.games`: the hash of its last event.
    pub game_seals: Vec<String>,
    /// Results, standings by side and by player, each unit's history.
    pub standings: Standings,
    /// Each side's strength on the table, game by game, in the order the sides first
    /// appear.
    pub strength: Vec<SideStrength>,
}

/// One side's strength over the campaign.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideStrength {
    /// The side.
    pub side: String,
    /// Each game the side fought, in order.
    pub games: Vec<StrengthInGame>,
}

/// A side's strength in one game: the sum of its units' strengths in their ruleset's own
/// measure (Micro Colonial FF, DBA bases, the board games' SP).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrengthInGame {
    /// The game's number, from 1.
    pub game: usize,
    /// The strength its units joined the game with.
    pub start: u64,
    /// The strength still on the table at the end of its log: a unit that left the game
    /// (removed) counts nothing, whatever it had left.
    pub end: u64,
}

impl Campaign {
    /// The campaign's report: its seal, each game's seal, [`Campaign::standings`] and each
    /// side's strength game by game, summed from the units' histories there.
    pub fn report(&self) -> CampaignReport {
        let standings = self.standings();
        let strength = side_strengths(&standings.units);
        CampaignReport {
            seal: self.seal(),
            game_seals: self.games.iter().map(|g| g.head().to_owned()).collect(),
            standings,
            strength,
        }
    }
}

/// Each side's strength per game from the units' histories: a side appears in the order its
/// first unit does, each game it fought once, in the games' order.
fn side_strengths(regiments: &[UnitHistory]) -> Vec<SideStrength> {
    let mut sides: Vec<SideStrength> = Vec::new();
    for unit in regiments {
        for played in &unit.games {
            let at = match sides.iter().position(|s| s.side == played.side) {
                Some(at) => at,
                None => {
                    sides.push(SideStrength {
                        side: played.side.clone(),
                        games: Vec::new(),
                    });
                    sides.len() - 1
                }
            };
            add(&mut sides[at].games, played);
        }
    }
    for side in &mut sides {
        side.games.sort_by_key(|g| g.game);
    }
    sides
}

fn add(games: &mut Vec<StrengthInGame>, played: &UnitGame) {
    let on_table = if played.removed {
        0
    } else {
        u64::from(played.end)
    };
    match games.iter_mut().find(|g| g.game == played.game) {
        Some(game) => {
            game.start += u64::from(played.start);
            game.end += on_table;
        }
        None => games.push(StrengthInGame {
            game: played.game,
            start: u64::from(played.start),
            end: on_table,
        }),
    }
}
