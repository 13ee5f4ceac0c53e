//! A club night's merge into an open `.laager` file: the tables' copies read and verified,
//! the merge decided by the record's gate ([`crate::game::merge::admit_merge`]), and every
//! event and game it admits written in one transaction with the heads and the campaign's
//! seal, or nothing.

use super::{CampaignFile, insert_event, insert_game};
use crate::game::gate::GateError;
use crate::game::merge::{self, MergedGame, TableCopy};
use crate::store::{Mode, Result, StoreError};
use std::path::Path;

/// Reads a table's copy of the campaign from its `.laager` file, to merge: opened to read
/// (nothing written), refused when it is not a Laager file, is damaged, or its campaign's
/// seal history no longer matches its games (its chains and seals are checked by the gate
/// as it merges).
pub fn read_table(path: &Path) -> Result<TableCopy> {
    let opened = CampaignFile::open(path, Mode::Read)?;
    let source = path.display().to_string();
    if let Some(reason) = opened.verify_campaign().broken {
        return Err(StoreError::Gate {
            path: path.to_owned(),
            error: GateError::TableBroken {
                file: source,
                reason,
            },
        });
    }
    Ok(TableCopy {
        source,
        campaign: opened.campaign,
        stored: opened.stored,
    })
}

impl CampaignFile {
    /// Merges the tables' copies into this file through the record's gate: refused, with
    /// nothing written, when any file fails verification, two copies of a game diverged,
    /// or a unit would be in play in two games; otherwise every event and game admitted is
    /// committed in one transaction, with every game's head and the campaign's seal, and
    /// only then counted in memory. A merge that brings nothing in writes nothing.
    pub fn merge(&mut self, tables: &[TableCopy]) -> Result<Vec<MergedGame>> {
        self.writable()?;
        let admitted = merge::admit_merge(&self.campaign, &self.stored, tables)
            .map_err(|e| self.refused(e))?;
        self.check_projections()?;
        if admitted.is_empty() {
            return Ok(Vec::new());
        }
        let before = self.campaign.clone();
        let lengths: Vec<usize> = before.games.iter().map(|g| g.events().len()).collect();
        admitted
            .apply_to(&mut self.campaign)
            .map_err(|e| self.refused(e))?;
        let written = self.write(|tx, campaign| {
            let count: i64 = tx.query_row("SELECT COUNT(*) FROM game", [], |r| r.get(0))?;
            if count as usize != lengths.len() {
                return Ok(Err(format!(
                    "another program added a game at the same time (the file holds {count} games where {} were read); nothing was merged: run the command again",
                    lengths.len()
                )));
            }
            for (number, events) in &admitted.appended {
                let last: i64 = tx.query_row(
                    "SELECT COALESCE(MAX(seq), 0) FROM event WHERE game = ?1",
                    [*number as i64],
                    |row| row.get(0),
                )?;
                if last as usize != lengths[number - 1] {
                    return Ok(Err(format!(
                        "game {number} holds {last} events where {} were read: another program wrote to the file; reopen it",
                        lengths[number - 1]
                    )));
                }
                for logged in events {
                    insert_event(tx, *number, logged)?;
                }
            }
            for number in lengths.len() + 1..=campaign.games.len() {
                insert_game(tx, number, &campaign.games[number - 1])?;
            }
            Ok(Ok(()))
        });
        if let Err(e) = written {
            self.campaign = before;
            return Err(e);
        }
        // Every chain was verified before the merge, and its events were checked as logged.
        self.stored.trust(&self.campaign);
        Ok(admitted.lines)
    }
}
