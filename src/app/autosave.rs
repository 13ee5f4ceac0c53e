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

/// A new file for a game in `dir`: `2026-12-03 isandlwana.laager`, with ` 2`, ` 3` … where
/// that name is taken.
pub fn new_game_path(dir: &Path, table: &str) -> PathBuf {
    let stem = Path::new(table)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, ' ' | '-' | '_') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim();
    let stem = if stem.is_empty() { "game" } else { stem };
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
        let path = new_game_path(&dir, &self.document.name);
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
