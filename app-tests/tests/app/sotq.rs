//! The Soldiers of the Queen charts the desk's tests resolve with: the shipped tables, and
//! the engine suite's test-only club folder (tests/fixtures/sotq_club, invented charts).

use laager::charts::Charts;
use std::path::{Path, PathBuf};

/// The test-only club folder: invented charts, NOT the real ones.
pub fn club_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/sotq_club")
}

/// The shipped tables with the test club folder on top.
pub fn club() -> Charts {
    laager::store::tables::load(Some(&club_dir())).expect("the test club folder loads")
}

/// The shipped tables alone.
pub fn shipped() -> Charts {
    Charts::shipped().expect("shipped tables load")
}
