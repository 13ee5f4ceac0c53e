//! Laager: a referee's assistant for colonial-era miniatures wargames.
//!
//! The layers only look down: `charts` (rule charts as data) and `dice` underlie
//! `geometry` and `rules`; `game` and `store` keep the records; `cli` and `app` are thin
//! front ends over the same engine; `app` (the window) only with the cargo feature `gui`.
//! See `shared/ARCHITECTURE.md`.

#[cfg(feature = "gui")]
pub mod app;
pub mod bounds;
pub mod charts;
pub mod cli;
pub mod dice;
pub mod game;
pub mod geometry;
pub mod record;
pub mod resolution;
pub mod rules;
pub mod ruleset;
pub mod store;

pub use resolution::{Odds, Refusal, Resolution, RuleRef, Step};
pub use ruleset::{Ruleset, Scenario};
