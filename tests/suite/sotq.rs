//! Soldiers of the Queen (000_8bf2dbfc0ad079d9.txt): each rule worked by hand from the
//! text, the rulebook's own numbers, and fire and melee end to end once a club's charts
//! (the test-only folder tests/fixtures/sotq_club) are supplied.

mod cells;
mod cli;
mod contract;
mod fire;
mod forms;
mod melee;
mod roles;
mod rules;
mod victory_proposal;

use laager::charts::Charts;
use laager::dice::EnteredDice;
use std::path::{Path, PathBuf};

/// The test-only club folder: invented charts, NOT the real ones.
pub fn club_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sotq_club")
}

/// The shipped tables with the test club folder on top.
pub fn club() -> Charts {
    laager::store::tables::load(Some(&club_dir())).expect("the test club folder loads")
}

/// The shipped tables alone.
pub fn shipped() -> Charts {
    Charts::shipped().expect("shipped tables load")
}

/// Typed dice.
pub fn dice(faces: &[u8]) -> EnteredDice {
    EnteredDice::from_faces(faces).expect("faces 1-6")
}
