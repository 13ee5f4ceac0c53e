//! The game as bytes and as kept text, for where there is no file system (the browser
//! build, `web.rs`): the `.laager` file a download saves and an upload opens, and the
//! campaign kept between visits. The store reads and writes both; this only asks it, so
//! the window's tests try all of it natively.

use super::session::Session;
use super::{Command, LaagerApp};
use crate::game::RecordSheet;
use crate::store::bundle::Bundle;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A club's tables bundle in force without a folder: its file's name and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClubBundle {
    /// The bundle file's name, as errors and the game's log name it.
    pub name: String,
    /// Its files, checked.
    pub bundle: Bundle,
}

/// The game as the page keeps it between visits: the campaign as `laager campaign
/// export` writes it, which of its games is on the table, and the table's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptGame {
    /// The table's name, as the status bar shows it.
    pub name: String,
    /// The game on the table, from 1.
    pub game_number: usize,
    /// The campaign's JSON (`store::campaign_to_json`).
    pub campaign: String,
}

impl LaagerApp {
    /// The campaign being played as the bytes of a `.laager` file: what the desktop app
    /// and `laager records FILE` open.
    pub fn game_file_bytes(&self) -> Result<Vec<u8>, String> {
        crate::store::campaign_to_bytes(self.session.campaign(), Path::new(&self.game_file_name()))
            .map_err(|e| e.to_string())
    }

    /// A file name for the game's `.laager` file: the table's name, of letters, digits,
    /// `-` and `_` (others become `_`).
    pub fn game_file_name(&self) -> String {
        let stem = Path::new(&self.document.name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stem: String = stem
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let stem = stem.trim_matches('_');
        format!("{}.laager", if stem.is_empty() { "game" } else { stem })
    }

    /// Opens a `.laager` file's bytes (an upload named `name`) as the game on the table,
    /// held in memory; asks first when that would put away a game in play not saved. A
    /// file that is not a Laager game is refused at once in the messages, and nothing
    /// changes.
    pub fn open_game_bytes(&mut self, name: &str, bytes: &[u8]) {
        match crate::store::campaign_from_bytes(bytes, Path::new(name)) {
            Ok(campaign) => {
                self.push(Command::OpenCampaign {
                    name: name.to_owned(),
                    campaign: Box::new(campaign),
                });
                self.run_commands();
            }
            Err(e) => self.messages.push(e.to_string()),
        }
    }

    /// Puts a campaign read from elsewhere on the table, on its last game, the referee
    /// having been asked.
    pub(crate) fn open_campaign(
        &mut self,
        name: &str,
        campaign: crate::game::Campaign,
    ) -> Result<(), String> {
        self.session = Session::from_campaign(campaign, None)?;
        self.records.roster = super::roster::Roster::default();
        self.reopened(Path::new(name));
        Ok(())
    }

    /// Opens an uploaded file by what it holds: a club tables bundle (JSON naming its
    /// format) is laid over the tables in force, other JSON is opened as a layout (the
    /// table), a PNG or JPEG is the table's photo, anything else is opened as a `.laager`
    /// game file. Each is refused in the messages when it does not read, and nothing
    /// changes.
    pub fn open_upload(&mut self, name: &str, bytes: &[u8]) {
        let text = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
        if text.trim_ascii_start().starts_with(b"{") {
            let text = match std::str::from_utf8(text) {
                Ok(text) => text,
                Err(e) => {
                    self.messages.push(format!(
                        "{name}: not a layout or a club tables bundle: not UTF-8 text ({e})"
                    ));
                    return;
                }
            };
            // A bundle says what it is (`"format": "laager-club-tables"`); any other JSON
            // object is read as a layout, its errors named.
            let format = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(str::to_owned));
            if format.as_deref() == Some(crate::store::bundle::FORMAT) {
                self.open_tables_bundle(name, text);
            } else {
                self.push(Command::OpenLayoutText {
                    name: name.to_owned(),
                    text: text.to_owned(),
                });
                self.run_commands();
            }
        } else if image::guess_format(bytes).is_ok() {
            self.push(Command::LoadPhotoBytes {
                name: name.to_owned(),
                bytes: bytes.to_vec(),
            });
            self.run_commands();
        } else {
            self.open_game_bytes(name, bytes);
        }
    }

    /// Opens each file dropped on the window. A `.laager` file on the disk is opened as
    /// Open game opens it (saving back to it); anything else is read and opened by what it
    /// holds, as an upload (the page's drops arrive as uploads, `web.rs`).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn open_dropped_files(&mut self, ui: &egui::Ui) {
        let dropped = ui.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            let path = file.path().to_owned();
            if path.is_absolute() && path.extension().is_some_and(|e| e == "laager") {
                self.run_records_actions(vec![super::records_panel::RecordsAction::Open(path)]);
                continue;
            }
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            match file.bytes() {
                Ok(bytes) => self.open_upload(&name, &bytes),
                Err(e) => self
                    .messages
                    .push(format!("{name}: could not be read ({e})")),
            }
        }
    }

    /// Lays a club tables bundle's text (named `name`) over the tables in force, as the
    /// desktop's Set up lays a folder unpacked from it; refused in the messages, and
    /// nothing changed, when it does not load.
    pub fn open_tables_bundle(&mut self, name: &str, text: &str) {
        match crate::store::bundle::parse(text, name) {
            Ok(bundle) => {
                self.push(Command::SetClubBundle(Some(ClubBundle {
                    name: name.to_owned(),
                    bundle,
                })));
                self.run_commands();
            }
            Err(e) => self.messages.push(e),
        }
    }

    /// The club tables bundle in force without a folder, as its file's name and text (what
    /// the page downloads and keeps).
    pub fn club_bundle_file(&self) -> Option<(String, String)> {
        self.club_bundle
            .as_ref()
            .map(|club| (club.name.clone(), club.bundle.to_text()))
    }

    /// The club's tables as the game's log names them: the folder, or the bundle.
    pub(crate) fn club_tables_name(&self) -> Option<String> {
        match (&self.state.club_tables, &self.club_bundle) {
            (Some(dir), _) => Some(dir.display().to_string()),
            (None, Some(club)) => Some(format!("bundle {}", club.name)),
            (None, None) => None,
        }
    }

    /// What changes whenever the game does (a new event, undo, another game): the page
    /// keeps the game again when it changes. Empty while nothing is in play, when there is
    /// nothing to keep beyond the table.
    pub fn kept_game_key(&self) -> String {
        if !self.game_in_play() {
            return String::new();
        }
        format!(
            "{}|{}|{}|{}",
            self.document.name,
            self.session.campaign().games.len(),
            self.session.game_number,
            self.session.game().head()
        )
    }

    /// The game to keep between visits, as text; `None` while nothing is in play.
    pub fn kept_game(&self) -> Option<String> {
        if !self.game_in_play() {
            return None;
        }
        let kept = KeptGame {
            name: self.document.name.clone(),
            game_number: self.session.game_number,
            campaign: crate::store::campaign_to_json(self.session.campaign()),
        };
        serde_json::to_string(&kept).ok()
    }

    /// Puts a kept game back on the table, as it was when kept. A text that does not read
    /// is refused and nothing changes.
    pub fn restore_kept_game(&mut self, text: &str) -> Result<(), String> {
        let kept: KeptGame =
            serde_json::from_str(text).map_err(|e| format!("the kept game does not read: {e}"))?;
        let campaign = crate::store::campaign_from_json(&kept.campaign)
            .map_err(|e| format!("the kept game does not read: {e}"))?;
        self.session = Session::from_campaign(campaign, Some(kept.game_number))?;
        self.records.roster = super::roster::Roster::default();
        self.reopened(Path::new(&kept.name));
        Ok(())
    }

    /// The game's record sheet as CSV (`laager records --csv`): what the page tells its
    /// test (and a screen reader would need) in text, not pixels.
    pub fn records_text(&self) -> String {
        let sheet = RecordSheet::project(self.session.game_number, self.session.game());
        crate::store::csv::to_csv(&sheet.table())
    }
}
