//! A game is never only in memory: one not saved elsewhere is written, at its first event
//! in play, to a file of its own in the app's data folder, named by date and table, and
//! every action then saves itself there. A demo opened and not played writes nothing.

use super::LaagerApp;
use std::path::{Path, PathBuf};

/// The folder games are saved in by default: `games` in the app's data folder
/// (`~/.local/share/laager/games` on Linux), or `LAAGER_GAMES_DIR` where it is set.
pub fn games_dir() -> Option<PathBuf> {
    std::env::var_os("LAAGER_GAMES_DIR")
        .map(PathBuf::from)
        .filter(|p| !p.as_os_str().is_empty())
        .or_else(|| eframe::storage_dir("Laager").map(|dir| dir.join("games")))
}

/// A new file for a game in `dir`: the date and the game's file name
/// (`2026-12-03 DBA-style_Zulu_battle.laager`, as [`LaagerApp::game_file_name`] makes it),
/// with ` 2`, ` 3` … where that name is taken.
pub fn new_game_path(dir: &Path, file_name: &str) -> PathBuf {
    let stem = file_name.strip_suffix(".laager").unwrap_or(file_name);
    let base = format!("{} {stem}", crate::store::tables::today());
    let mut path = dir.join(format!("{base}.laager"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base} {n}.laager"));
        n += 1;
    }
    path
}

impl LaagerApp {
    /// Writes a game not saved elsewhere to its own file once it has an event in play
    /// (not only its set-up), and says where. A failure is said once and autosave stops
    /// until the app is opened again.
    pub(crate) fn autosave(&mut self) {
        let Some(dir) = self.autosave_dir.clone() else {
            return;
        };
        if self.session.path().is_some() {
            return;
        }
        let game = self.session.game();
        let Some(last) = game.events().last() else {
            return;
        };
        if game.in_set_up(last.seq) {
            return;
        }
        let path = new_game_path(&dir, &self.game_file_name());
        let saved = std::fs::create_dir_all(&dir)
            .map_err(|e| format!("{}: {e}", dir.display()))
            .and_then(|()| self.session.save_as(&path));
        match saved {
            Ok(()) => {
                self.messages.push(format!(
                    "the game is saved to {}: every action saves itself there (File, Save game as… to keep it elsewhere)",
                    path.display()
                ));
                self.remember_game(&path);
            }
            Err(e) => {
                self.messages.push(format!(
                    "the game could not be saved to {}: {e}; use File, Save game as…",
                    dir.display()
                ));
                self.autosave_dir = None;
            }
        }
    }
}
