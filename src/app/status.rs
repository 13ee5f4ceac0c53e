//! The status bar: the ruleset, the charts in force, the game log's seal, the file open
//! now and the latest message. It never cuts a message: it wraps, and a click on the
//! message opens every message in full.

use super::LaagerApp;

impl LaagerApp {
    /// The status bar. It wraps, so a long message or folder name takes another line and
    /// is never cut off, on a phone too. A click on the message opens the messages window,
    /// where each is in full.
    pub(super) fn status_bar(&mut self, ui: &mut egui::Ui) {
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            let contents = |ui: &mut egui::Ui| {
                let ruleset = self.session.game().ruleset;
                ui.label(ruleset.title())
                    .on_hover_text(format!("The rules: {}", ruleset.publication()));
                ui.separator();
                match &self.charts {
                    Ok(c) => {
                        let house = c
                            .summary()
                            .by_confidence
                            .get(crate::charts::Confidence::House.name())
                            .copied()
                            .unwrap_or(0);
                        let words = match house {
                            0 => "charts as printed".to_owned(),
                            1 => "charts with 1 club value".to_owned(),
                            n => format!("charts with {n} club values"),
                        };
                        ui.label(words).on_hover_text(
                            "Every result records which charts it was worked from, so a club value changed later shows when the game is checked",
                        )
                    }
                    Err(e) => ui.colored_label(ui.visuals().error_fg_color, format!("charts: {e}")),
                };
                ui.separator();
                // The seal players note after a result: a log cut short or rewritten later
                // no longer holds it (issue 21: the window shows the head).
                let head = self.session.game().head();
                // A game is known by its identity (the hash of its first event) in every
                // copy; its number is its place in this file.
                let identity = self.session.game().identity().map_or_else(
                    || "no identity yet (nothing logged)".to_owned(),
                    |id| format!("identity {}", &id[..id.len().min(12)]),
                );
                ui.label(format!("seal {}", &head[..head.len().min(12)]))
                    .on_hover_text(format!("Game {}, {identity}. The game log's seal after its last action. Note it down: if the game file is later cut short or rewritten, checking the file against this seal shows it.", self.session.game_number));
                ui.separator();
                if !self.session.game().events().is_empty()
                    && let Some(note) = self.tables_pending()
                {
                    let charts = note.club_tables.as_deref().map_or_else(
                        || "the charts as printed".to_owned(),
                        |dir| format!("the club's tables folder {dir}"),
                    );
                    ui.colored_label(
                        ui.visuals().warn_fg_color,
                        format!("in force now: {charts}, not the charts this game last recorded; the next result applied records them"),
                    );
                    ui.separator();
                }
                // The file open now: the game's, else the table's.
                let campaign = self.session.campaign().games.len();
                let game = if campaign > 1 {
                    format!("game {} of {campaign}", self.session.game_number)
                } else {
                    "game".to_owned()
                };
                match self.session.path() {
                    Some(path) => ui.label(format!("{game}: {}", path.display())),
                    None => ui.weak(format!("{game} not saved yet")),
                };
                ui.separator();
                ui.label(&self.document.name);
                if let Some(message) = self.status_message().cloned() {
                    ui.separator();
                    let first = message.lines().next().unwrap_or_default().to_owned();
                    let shown = ui
                        .add(
                            egui::Label::new(
                                egui::RichText::new(first).color(ui.visuals().warn_fg_color),
                            )
                            .wrap()
                            .sense(egui::Sense::click()),
                        )
                        .on_hover_text(format!("{message}\n\n(click: every message in full)"));
                    if shown.clicked() {
                        self.windows.messages = true;
                    }
                }
            };
            ui.horizontal_wrapped(contents);
        });
    }
}
