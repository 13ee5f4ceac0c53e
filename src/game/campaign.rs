//! Campaigns: games in order, each game's forces starting from the previous game's end
//! state under the club's replacement rule; results, standings and each unit's history.

use super::club::GameStart;
use super::event::{Cause, Event, UnitEdit, UnitId, UnitSpec};
use super::log::{Game, GameError};
use super::played::{Player, Stamp};
use super::sheet::RecordSheet;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How a unit's losses are made good between games: a club's campaign setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum Replacement {
    /// Units start the next game as the last one left them.
    #[default]
    None,
    /// A fixed share of each surviving unit's losses in the last game is restored
    /// (rounded down), logged as a replacement at the start of the next game.
    Share {
        /// The share restored, in percent (0 to 100).
        percent: u32,
    },
    /// The referee logs each unit's replacements by hand, as events of the new game.
    Edits,
}

/// The campaign scale. Micro Colonial's CAMPAIGNS paragraph is only partly legible
/// ("Bat tlefield 1000 mm One pair of moves Y.a hour NOTE: Cross country rate for Zulus
/// should be twice that of any regular infantry."): what reads is given, the rest is a
/// setting with no default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CampaignScale {
    /// The battlefield's width in millimetres: printed, 1000.
    pub battlefield_mm: f64,
    /// What the battlefield stands for on the campaign map (cut off in the scan).
    pub battlefield_represents: Option<String>,
    /// Hours per pair of moves ("Y.a hour": ¼ or ½ — not legible, so a setting).
    pub hours_per_pair_of_moves: Option<f64>,
    /// Zulu cross-country rate as a multiple of regular infantry's: printed, 2.
    pub zulu_cross_country_multiple: f64,
}

impl Default for CampaignScale {
    fn default() -> CampaignScale {
        CampaignScale {
            battlefield_mm: 1000.0,
            battlefield_represents: None,
            hours_per_pair_of_moves: None,
            zulu_cross_country_multiple: 2.0,
        }
    }
}

impl CampaignScale {
    /// Campaign hours taken by a number of moves, if the club has set the time scale.
    pub fn hours_for_moves(&self, moves: u32) -> Option<f64> {
        self.hours_per_pair_of_moves
            .map(|hours| f64::from(moves) / 2.0 * hours)
    }

    /// The Zulus' cross-country rate given the regular infantry's.
    pub fn zulu_cross_country_rate(&self, regular_infantry_rate: f64) -> f64 {
        regular_infantry_rate * self.zulu_cross_country_multiple
    }
}

/// A campaign's settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct CampaignSettings {
    /// The replacement rule between games.
    pub replacement: Replacement,
    /// The campaign scale.
    pub scale: CampaignScale,
}

impl CampaignSettings {
    /// Refuses what the command line refuses: a share above 100 %, a battlefield or a
    /// Zulu rate that is not a positive number, hours per pair of moves that are not.
    /// `Err` names the field (`replacement.percent`) and what is wrong.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        if let Replacement::Share { percent } = self.replacement
            && percent > 100
        {
            return Err((
                "replacement.percent",
                format!("{percent} % is more than all the losses: expected 0 to 100"),
            ));
        }
        let scale = &self.scale;
        let positive = |v: f64| v.is_finite() && v > 0.0;
        if !positive(scale.battlefield_mm) {
            return Err((
                "scale.battlefield_mm",
                format!(
                    "{} is not a battlefield width: expected a positive number of mm",
                    scale.battlefield_mm
                ),
            ));
        }
        if let Some(hours) = scale.hours_per_pair_of_moves
            && let Err(e) = crate::bounds::Hours::new(hours)
        {
            return Err(("scale.hours_per_pair_of_moves", e.to_string()));
        }
        if !positive(scale.zulu_cross_country_multiple) {
            return Err((
                "scale.zulu_cross_country_multiple",
                format!(
                    "{} is not a rate: expected a positive multiple",
                    scale.zulu_cross_country_multiple
                ),
            ));
        }
        Ok(())
    }
}

/// A campaign of one or more games, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Campaign {
    /// Its name.
    pub name: String,
    /// Its settings.
    pub settings: CampaignSettings,
    /// Its games, first first.
    pub games: Vec<Game>,
}

/// One side's record over the campaign's ended games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideStanding {
    /// The side.
    pub side: String,
    /// Ended games it fought in.
    pub played: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// Strength lost in all games (FF, bases or SP; their sum across rulesets).
    pub strength_lost: u64,
}

/// One player's record over the campaign's ended games: a game counts once for each
/// player, won when a side the player played won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStanding {
    /// The player, as named.
    pub player: String,
    /// Ended games played.
    pub played: u32,
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
}

/// One game's line in the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    /// Its number, from 1.
    pub game: usize,
    /// Its name.
    pub name: String,
    /// Its ruleset.
    pub ruleset: Ruleset,
    /// `Some(None)` drawn, `Some(Some(side))` won by the side, `None` still in play.
    pub winner: Option<Option<String>>,
    /// Events in its log.
    pub events: usize,
    /// Its identity: the hash of its first event (`None` while nothing is logged).
    #[serde(default)]
    pub identity: Option<String>,
    /// The table it was played on, if named.
    #[serde(default)]
    pub table: Option<String>,
    /// Who played each side.
    #[serde(default)]
    pub players: Vec<Player>,
    /// When it started, if recorded.
    #[serde(default)]
    pub started: Option<Stamp>,
    /// When it ended, if recorded.
    #[serde(default)]
    pub ended: Option<Stamp>,
}

/// Results and standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// The campaign's name.
    pub campaign: String,
    /// Each game.
    pub games: Vec<GameLine>,
    /// Each side, in the order it first appears.
    pub sides: Vec<SideStanding>,
    /// Each player, in the order they appear, game by game.
    #[serde(default)]
    pub players: Vec<PlayerStanding>,
    /// Each unit's history, in order of first appearance.
    #[serde(default)]
    pub units: Vec<UnitHistory>,
}

/// One unit's history across the campaign: the games it fought, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitHistory {
    /// The unit.
    pub unit_id: UnitId,
    /// Each game it fought: its losses there and how it ended it.
    pub games: Vec<UnitGame>,
}

/// One unit's part in one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitGame {
    /// The game's number, from 1.
    pub game: usize,
    /// The game's identity: the hash of its first event.
    #[serde(default)]
    pub identity: Option<String>,
    /// The game's name.
    #[serde(default)]
    pub name: String,
    /// The unit's side in it.
    #[serde(default)]
    pub side: String,
    /// Strength on joining.
    pub start: u32,
    /// Strength at the end of the log.
    pub end: u32,
    /// Lost in the game.
    pub lost: u32,
    /// Restored in the game.
    pub restored: u32,
    /// Status at the end.
    pub status: Option<crate::record::Status>,
    /// Whether it left the game.
    pub removed: bool,
    /// How it ended the game: `destroyed` (none left), `removed` (it left the game),
    /// `in_play` (the game has not ended) or `stood` (on the table at the end).
    #[serde(default)]
    pub ended: String,
    /// How the game went for its side: `won`, `lost` or `drawn` (`None` while in play).
    #[serde(default)]
    pub result: Option<String>,
}

impl Campaign {
    /// An empty campaign.
    pub fn new(name: &str, settings: CampaignSettings) -> Campaign {
        Campaign {
            name: name.to_owned(),
            settings,
            games: Vec::new(),
        }
    }

    /// Adds a game at the end, sealed under this campaign's settings (its chain is linked
    /// anew if it was begun under others).
    pub fn push_game(&mut self, mut game: Game) {
        game.reseal(&self.settings);
        self.games.push(game);
    }

    /// The events that open a new game of `ruleset`: the previous game's surviving units
    /// (same ruleset only; strengths do not translate between rulesets) at their end
    /// strength, then any replacement the campaign's rule restores.
    pub fn opening_events(&self, ruleset: Ruleset) -> Vec<Event> {
        let Some(last) = self.games.last().filter(|g| g.ruleset == ruleset) else {
            return Vec::new();
        };
        let state = last.state();
        let mut events = Vec::new();
        let mut restored = Vec::new();
        for unit in state.units.iter().filter(|u| !u.removed && u.present > 0) {
            events.push(Event::UnitAdded {
                unit: UnitSpec {
                    present: unit.present,
                    ..unit.spec.clone()
                },
            });
            if let Some(amount) = self.replacement(unit) {
                restored.push(Event::Edit {
                    edit: UnitEdit::StrengthChanged {
                        unit_id: unit.spec.unit_id.clone(),
                        amount,
                        cause: Cause::Replacement,
                    },
                });
            }
        }
        events.extend(restored);
        events
    }

    /// A new game seeded by [`Campaign::opening_events`], not yet added.
    pub fn next_game(
        &self,
        ruleset: Ruleset,
        name: &str,
        layout: Value,
    ) -> Result<Game, GameError> {
        self.next_game_on_table(ruleset, name, layout, Vec::new(), None)
    }

    /// A new game on a table: its start when given, the forces the campaign carries over
    /// (as [`Campaign::next_game`]), then every unit of the table not already among them,
    /// joining with the strength it is given, then its players.
    pub fn next_game_on_table(
        &self,
        ruleset: Ruleset,
        name: &str,
        layout: Value,
        table_units: Vec<UnitSpec>,
        start: Option<&GameStart>,
    ) -> Result<Game, GameError> {
        let mut game = Game::sealed(ruleset, name, layout, &self.settings);
        if let Some(start) = start {
            game.append(start.event())?;
        }
        for event in self.opening_events(ruleset) {
            game.append(event)?;
        }
        for unit in table_units {
            if game.state().unit(&unit.unit_id).is_none() {
                game.append(Event::UnitAdded { unit })?;
            }
        }
        if let Some(players) = start.and_then(GameStart::players_event) {
            game.append(players)?;
        }
        Ok(game)
    }

    /// Every game's record sheet.
    pub fn record_sheets(&self) -> Vec<RecordSheet> {
        self.games
            .iter()
            .enumerate()
            .map(|(i, game)| RecordSheet::project(i + 1, game))
            .collect()
    }

    /// Results and standings over the games so far: each game, by side, by player, and
    /// each unit's history. The one reckoning the CLI's `campaign standings`, a campaign
    /// report and the window all read.
    pub fn standings(&self) -> Standings {
        let mut sides: Vec<SideStanding> = Vec::new();
        let mut players: Vec<PlayerStanding> = Vec::new();
        let mut games = Vec::new();
        for (i, game) in self.games.iter().enumerate() {
            let state = game.state();
            for side in state.sides() {
                let at = match sides.iter().position(|s| s.side == side) {
                    Some(at) => at,
                    None => {
                        sides.push(SideStanding {
                            side: side.clone(),
                            played: 0,
                            won: 0,
                            drawn: 0,
                            lost: 0,
                            strength_lost: 0,
                        });
                        sides.len() - 1
                    }
                };
                let standing = &mut sides[at];
                standing.strength_lost += state
                    .changes
                    .iter()
                    .filter(|c| c.cause.is_loss())
                    .filter(|c| state.unit(&c.unit_id).is_some_and(|u| u.spec.side == side))
                    .map(|c| u64::from(c.amount))
                    .sum::<u64>();
                if let Some(result) = &state.result {
                    standing.played += 1;
                    match &result.winner {
                        None => standing.drawn += 1,
                        Some(winner) if *winner == side => standing.won += 1,
                        Some(_) => standing.lost += 1,
                    }
                }
            }
            count_players(&mut players, state);
            games.push(GameLine {
                game: i + 1,
                name: game.name.clone(),
                ruleset: game.ruleset,
                winner: state.result.as_ref().map(|r| r.winner.clone()),
                events: game.events().len(),
                identity: game.identity().map(ToOwned::to_owned),
                table: state.table.clone(),
                players: state.players.clone(),
                started: state.started.clone(),
                ended: state.result.as_ref().and_then(|r| r.date.clone()),
            });
        }
        let units = self
            .unit_ids()
            .into_iter()
            .map(|unit_id| UnitHistory {
                games: self.unit_history(&unit_id),
                unit_id,
            })
            .collect();
        Standings {
            campaign: self.name.clone(),
            games,
            sides,
            players,
            units,
        }
    }

    /// One unit's history across the campaign's games: each game it fought, its losses
    /// there, and how it ended it.
    pub fn unit_history(&self, unit_id: &UnitId) -> Vec<UnitGame> {
        let mut history = Vec::new();
        for (i, game) in self.games.iter().enumerate() {
            let state = game.state();
            let Some(unit) = state.unit(unit_id) else {
                continue;
            };
            // Saturating: a log may repeat losses and replacements without end.
            let (mut lost, mut restored) = (0u32, 0u32);
            for change in state.changes.iter().filter(|c| &c.unit_id == unit_id) {
                if change.cause.is_loss() {
                    lost = lost.saturating_add(change.amount);
                } else {
                    restored = restored.saturating_add(change.amount);
                }
            }
            let ended = if unit.present == 0 {
                "destroyed"
            } else if unit.removed {
                "removed"
            } else if state.result.is_none() {
                "in_play"
            } else {
                "stood"
            };
            let result = state.result.as_ref().map(|r| match &r.winner {
                None => "drawn".to_owned(),
                Some(side) if *side == unit.spec.side => "won".to_owned(),
                Some(_) => "lost".to_owned(),
            });
            history.push(UnitGame {
                game: i + 1,
                identity: game.identity().map(ToOwned::to_owned),
                name: game.name.clone(),
                side: unit.spec.side.clone(),
                start: unit.spec.present,
                end: unit.present,
                lost,
                restored,
                status: unit.status.clone(),
                removed: unit.removed,
                ended: ended.to_owned(),
                result,
            });
        }
        history
    }

    /// Every unit that appears in any game, in order of first appearance.
    pub fn unit_ids(&self) -> Vec<UnitId> {
        let mut ids: Vec<UnitId> = Vec::new();
        for game in &self.games {
            for unit in &game.state().units {
                if !ids.contains(&unit.spec.unit_id) {
                    ids.push(unit.spec.unit_id.clone());
                }
            }
        }
        ids
    }
}

/// Counts one game for each of its players, once each: won when a side the player played
/// won, drawn, or lost; nothing while the game is in play.
fn count_players(players: &mut Vec<PlayerStanding>, state: &super::state::GameState) {
    let mut counted: Vec<&str> = Vec::new();
    for named in &state.players {
        let name = named.name.as_str();
        if counted.contains(&name) {
            continue;
        }
        counted.push(name);
        let at = match players.iter().position(|p| p.player == name) {
            Some(at) => at,
            None => {
                players.push(PlayerStanding {
                    player: name.to_owned(),
                    played: 0,
                    won: 0,
                    drawn: 0,
                    lost: 0,
                });
                players.len() - 1
            }
        };
        let Some(result) = &state.result else {
            continue;
        };
        let standing = &mut players[at];
        standing.played += 1;
        match &result.winner {
            None => standing.drawn += 1,
            Some(winner)
                if state
                    .players
                    .iter()
                    .any(|p| p.name == name && p.side == *winner) =>
            {
                standing.won += 1;
            }
            Some(_) => standing.lost += 1,
        }
    }
}
