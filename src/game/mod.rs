//! The game as an append-only event log, its projections and campaigns.
//!
//! The log is the truth: every resolution applied and every manual edit is an [`Event`],
//! chained by hash ([`chain`]). The roster, unit states, casualty record sheets and the
//! dice history are projections of it ([`GameState`], [`RecordSheet`], [`dice_history`]);
//! undo and redo are voiding events, so nothing is ever deleted. A [`Campaign`] chains
//! games under a replacement rule. Nothing here touches files: see `store` for the
//! `.laager` file.

pub mod apply;
pub mod campaign;
pub mod chain;
pub mod club;
pub mod dice_history;
pub mod effects;
pub mod event;
pub mod gate;
pub mod join;
pub mod log;
pub mod merge;
pub mod played;
pub mod record_words;
pub mod replay;
pub mod report;
pub mod seals;
pub mod sheet;
pub mod state;
pub mod victory;

pub use apply::{Applied, apply, table_as_played};
pub use campaign::{
    Campaign, CampaignScale, CampaignSettings, Replacement, Standings, UnitGame, UnitHistory,
};
pub use chain::{
    ChainBreak, GENESIS, LoggedEvent, campaign_seal, seal, verify_chain, verify_chain_from,
};
pub use club::{GameStart, TableError};
pub use dice_history::{Throw, dice_history};
pub use event::{
    AppliedResolution, Cause, DiceOrigin, ENGINE_VERSION, Event, GameResult, ThrowId, UnitEdit,
    UnitId, UnitSpec,
};
pub use gate::{Acted, Action, GateError, TablesNote};
pub use join::{records_of_new_game, units_from_layout};
pub use log::{Game, GameError, Verification};
pub use merge::{Merge, MergedGame, TableCopy, admit_merge, merge_in_memory};
pub use played::{Player, Stamp};
pub use record_words::RecordWords;
pub use replay::{Replay, Replayed, replay};
pub use report::{CampaignReport, SideStrength, StrengthInGame};
pub use sheet::{McUnit, RecordSheet, SheetRows, Table, mc_unit};
pub use state::{GameState, HistoryStep, UnitState};
pub use victory::{Proposal, Verdict, propose, settle};
