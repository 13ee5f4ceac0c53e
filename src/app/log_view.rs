//! The game log in the records bar. A long game logs thousands of events, so each entry's
//! line is worked out once per change of the log (its length and last hash name it), each
//! line's wrapped height once per width, and only the lines in view are laid out and drawn.

use crate::game::{Event, Game};
use egui::{Rect, RichText, UiBuilder};

/// One entry of the log as drawn.
#[derive(Debug, Clone)]
struct Line {
    /// The entry's hash: the event and everything before it.
    hash: String,
    /// The event's own description, kept while its hash is unchanged.
    description: String,
    /// "12. move 3: …", with the move it was made in.
    text: String,
    /// Undone.
    voided: bool,
    /// Its height at the width laid out, once measured.
    height: Option<f32>,
}

impl Line {
    fn rich_text(&self) -> RichText {
        let text = RichText::new(&self.text);
        if self.voided {
            text.strikethrough().weak()
        } else {
            text
        }
    }
}

/// The log's lines and where each one sits in the scrolled list.
#[derive(Debug, Clone, Default)]
pub struct LogView {
    /// The log the lines were made from: its length and last hash.
    log: Option<(usize, String)>,
    lines: Vec<Line>,
    /// The move after the last line's "next move" events.
    next_move: u32,
    /// The wrap width and pixels per point the heights were measured at.
    measured_at: Option<(u32, u32)>,
    /// Each line's top in the list; empty until measured.
    tops: Vec<f32>,
    height: f32,
}

impl LogView {
    /// The lines anew when the log changed: the move each entry was made in (the active
    /// "next move" events before it, counted from move 1) and whether it is undone.
    fn refresh(&mut self, ui: &egui::Ui, game: &Game) {
        let events = game.events();
        let log = (
            events.len(),
            events.last().map(|e| e.hash.clone()).unwrap_or_default(),
        );
        if self.log.as_ref() == Some(&log) {
            return;
        }
        let voided = &game.state().voided;
        // Actions logged after the lines drawn change none of them (only an undo or redo
        // voids or restores an entry, and the move numbers after it): add theirs.
        let drawn = self.lines.len();
        let appended = drawn > 0
            && events.len() > drawn
            && self.lines.last().map(|l| &l.hash) == Some(&events[drawn - 1].hash)
            && events[drawn..].iter().all(|e| e.event.is_action());
        let (from, mut move_number, mut previous) = if appended {
            (drawn, self.next_move, Vec::new().into_iter())
        } else {
            // Anew, keeping each unchanged entry's description and height.
            (0, 1, std::mem::take(&mut self.lines).into_iter())
        };
        for logged in &events[from..] {
            let old = previous.next().filter(|line| line.hash == logged.hash);
            let active = !voided.contains(&logged.seq);
            let description = match &old {
                Some(line) => line.description.clone(),
                None => logged.event.describe(),
            };
            let text = format!("{}. move {move_number}: {description}", logged.seq);
            if active && logged.event == Event::MoveAdvanced {
                move_number += 1;
            }
            // Striking through does not change the layout.
            let height = old.filter(|line| line.text == text).and_then(|l| l.height);
            self.lines.push(Line {
                hash: logged.hash.clone(),
                description,
                text,
                voided: !active,
                height,
            });
        }
        self.log = Some(log);
        self.next_move = move_number;
        self.tops.clear();
        // A new entry is drawn once the scroll area has followed it to the bottom.
        ui.ctx().request_repaint();
    }

    /// Each line's height wrapped at `ui`'s width, as a label lays it out, and its top.
    fn measure(&mut self, ui: &egui::Ui) {
        let width = ui.available_width();
        let at = (width.to_bits(), ui.ctx().pixels_per_point().to_bits());
        if self.measured_at != Some(at) {
            self.measured_at = Some(at);
            self.tops.clear();
            for line in &mut self.lines {
                line.height = None;
            }
        }
        if self.tops.len() == self.lines.len() {
            // Measured (an empty log is 0 high).
            if self.lines.is_empty() {
                self.height = 0.0;
            }
            return;
        }
        let spacing = ui.spacing().item_spacing.y;
        let wrap = ui.wrap_mode();
        let mut y = 0.0;
        self.tops.clear();
        for line in &mut self.lines {
            let height = match line.height {
                Some(height) => height,
                None => {
                    let height = egui::WidgetText::from(line.rich_text())
                        .into_galley(ui, Some(wrap), width, egui::TextStyle::Body)
                        .size()
                        .y;
                    line.height = Some(height);
                    height
                }
            };
            self.tops.push(y);
            y += height + spacing;
        }
        self.height = (y - spacing).max(0.0);
    }

    /// Draws the log in a scroll area that follows the newest entry.
    pub fn ui(&mut self, ui: &mut egui::Ui, game: &Game) {
        self.refresh(ui, game);
        egui::ScrollArea::vertical()
            .id_salt("game_log")
            .max_height(ui.available_height().max(120.0))
            .stick_to_bottom(true)
            .show_viewport(ui, |ui, viewport| {
                self.measure(ui);
                ui.set_height(self.height);
                if self.lines.is_empty() {
                    return;
                }
                // The lines from the one the view's top cuts to the last starting in view.
                let first = self
                    .tops
                    .partition_point(|&top| top <= viewport.min.y)
                    .saturating_sub(1);
                let end = self
                    .tops
                    .partition_point(|&top| top < viewport.max.y)
                    .max(first + 1);
                let top = ui.max_rect().top();
                let rect = Rect::from_x_y_ranges(
                    ui.max_rect().x_range(),
                    top + self.tops[first]..=top + self.height,
                );
                ui.scope_builder(UiBuilder::new().max_rect(rect), |ui| {
                    ui.skip_ahead_auto_ids(first);
                    for line in &self.lines[first..end] {
                        ui.label(line.rich_text()).on_hover_text(format!(
                            "hash {}",
                            &line.hash[..12.min(line.hash.len())]
                        ));
                    }
                });
            });
    }
}
