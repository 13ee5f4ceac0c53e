//! A `.laager` file as bytes, where there is no file system to keep it on (the browser
//! build downloads and uploads games): the very SQLite file [`CampaignFile`] writes and
//! opens, built and read in memory, so the desktop app and `laager records FILE` open
//! what the page saves, and the page refuses what they refuse.
//!
//! [`CampaignFile`]: super::CampaignFile

use super::disk::MB;
use super::file::{check_head, fill_new, read_checked};
use super::{Result, StoreError};
use crate::game::seals::Stored;
use crate::game::{Campaign, GENESIS, TableCopy};
use rusqlite::{Connection, MAIN_DB};
use std::path::Path;

/// The most a `.laager` file given as bytes may hold: 200 MB, as an import.
pub const LIMIT: u64 = 200 * MB;

/// The `.laager` file holding `campaign`, as bytes. `name` names it in an error.
pub fn campaign_to_bytes(campaign: &Campaign, name: &Path) -> Result<Vec<u8>> {
    let failed = |e: &rusqlite::Error| StoreError::from_sqlite(name, e);
    let mut conn = Connection::open_in_memory().map_err(|e| failed(&e))?;
    fill_new(&mut conn, campaign).map_err(|e| failed(&e))?;
    let data = conn.serialize(MAIN_DB).map_err(|e| failed(&e))?;
    Ok(data.to_vec())
}

/// The campaign a `.laager` file's bytes hold, checked as [`super::CampaignFile::open`]
/// checks a file: one that is not a Laager file, is from a newer Laager or is damaged is
/// refused, naming `name`. A file from an older Laager is read as the desktop app would
/// open it to play: a game with nothing logged yet is sealed under its header.
pub fn campaign_from_bytes(bytes: &[u8], name: &Path) -> Result<Campaign> {
    let (mut campaign, _) = read_bytes(bytes, name)?;
    let settings = campaign.settings.clone();
    for game in &mut campaign.games {
        if game.events().is_empty() && game.genesis() == GENESIS {
            game.reseal(&settings);
        }
    }
    Ok(campaign)
}

/// A table's copy of the campaign from a `.laager` file's bytes (the browser's upload of
/// a table's game), to merge: checked as [`campaign_from_bytes`] checks it, with what it
/// records of its seals, which the gate verifies as it merges.
pub fn table_from_bytes(bytes: &[u8], name: &Path) -> Result<TableCopy> {
    let (campaign, stored) = read_bytes(bytes, name)?;
    Ok(TableCopy {
        source: name.display().to_string(),
        campaign,
        stored,
    })
}

fn read_bytes(bytes: &[u8], name: &Path) -> Result<(Campaign, Stored)> {
    let len = bytes.len() as u64;
    if len > LIMIT {
        return Err(StoreError::TooLarge {
            path: name.to_owned(),
            what: "a game file",
            limit_mb: LIMIT / MB,
        });
    }
    check_head(name, &bytes[..bytes.len().min(100)], len, false)?;
    let damaged = |e: &rusqlite::Error| StoreError::Damaged {
        path: name.to_owned(),
        reason: e.to_string(),
    };
    let mut conn = Connection::open_in_memory().map_err(|e| StoreError::from_sqlite(name, &e))?;
    conn.deserialize_read_exact(MAIN_DB, bytes, bytes.len(), true)
        .map_err(|e| damaged(&e))?;
    let (_, campaign, stored) = read_checked(&conn, name)?;
    Ok((campaign, stored))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{CampaignSettings, Event, Game, UnitId, UnitSpec};
    use crate::ruleset::Ruleset;
    use crate::store::{CampaignFile, Mode};

    fn campaign() -> Campaign {
        let mut game = Game::new(Ruleset::DbaZulu, "Isandlwana", serde_json::json!({"t": 1}));
        let unit = UnitSpec {
            unit_id: UnitId::from("24th 4"),
            name: "24th 4".to_owned(),
            side: "british".to_owned(),
            troop_type: "british-regulars".to_owned(),
            initial: 1,
            present: 1,
            class: None,
            strength_note: None,
            formation: None,
        };
        game.append(Event::UnitAdded { unit }).expect("logged");
        let mut campaign = Campaign::new("Zulu War", CampaignSettings::default());
        campaign.games.push(game);
        campaign
    }

    #[test]
    fn bytes_open_as_the_same_campaign_on_disk() {
        let campaign = campaign();
        let bytes = campaign_to_bytes(&campaign, Path::new("game.laager")).expect("bytes");
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("game.laager");
        std::fs::write(&path, &bytes).expect("written");
        let file = CampaignFile::open(&path, Mode::Write).expect("opens");
        assert_eq!(file.campaign(), &campaign);
        assert_eq!(file.stored_head(1), Some(campaign.games[0].head()));
    }

    #[test]
    fn a_file_on_disk_reads_back_from_its_bytes() {
        let campaign = campaign();
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("game.laager");
        CampaignFile::create_from(&path, &campaign).expect("created");
        let bytes = std::fs::read(&path).expect("read");
        let read = campaign_from_bytes(&bytes, Path::new("game.laager")).expect("reads");
        assert_eq!(read, campaign);
    }

    #[test]
    fn bytes_round_trip() {
        let campaign = campaign();
        let bytes = campaign_to_bytes(&campaign, Path::new("a")).expect("bytes");
        assert_eq!(
            campaign_from_bytes(&bytes, Path::new("a")).expect("reads"),
            campaign
        );
    }

    #[test]
    fn bytes_that_are_not_a_laager_file_are_refused_by_name() {
        for (bytes, words) in [
            (&b""[..], "the file is empty"),
            (&b"{\"laager\": \"campaign\"}"[..], "not an SQLite database"),
        ] {
            let e = campaign_from_bytes(bytes, Path::new("upload.laager")).expect_err("refused");
            assert!(matches!(e, StoreError::NotLaager { .. }), "{e}");
            assert!(
                e.to_string()
                    .starts_with("upload.laager: not a Laager file"),
                "{e}"
            );
            assert!(e.to_string().contains(words), "{e}");
        }
    }

    #[test]
    fn truncated_bytes_are_refused_as_damaged() {
        let bytes = campaign_to_bytes(&campaign(), Path::new("a")).expect("bytes");
        let cut = &bytes[..bytes.len() / 2];
        let e = campaign_from_bytes(cut, Path::new("cut.laager")).expect_err("refused");
        assert!(matches!(e, StoreError::Damaged { .. }), "{e}");
    }

    #[test]
    fn scrambled_pages_are_refused_without_a_panic() {
        let mut bytes = campaign_to_bytes(&campaign(), Path::new("a")).expect("bytes");
        for b in bytes.iter_mut().skip(100).step_by(7) {
            *b ^= 0x5a;
        }
        let e = campaign_from_bytes(&bytes, Path::new("bad.laager")).expect_err("refused");
        assert!(matches!(e, StoreError::Damaged { .. }), "{e}");
    }

    #[test]
    fn a_sqlite_file_of_another_program_is_refused() {
        let mut conn = Connection::open_in_memory().expect("db");
        conn.execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            .expect("filled");
        let bytes = conn.serialize(MAIN_DB).expect("bytes").to_vec();
        let e = campaign_from_bytes(&bytes, Path::new("other.db")).expect_err("refused");
        assert!(matches!(e, StoreError::NotLaager { .. }), "{e}");
    }
}
