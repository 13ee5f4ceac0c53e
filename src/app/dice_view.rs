//! The dice history window: every throw of the game from its log, newest first — what it
//! was for and for whom, typed or rolled, the faces in their colours, the seed — the undone
//! ones struck through. The list comes from [`crate::game::dice_history`], worked out once
//! per change of the log; only the rows in view are drawn.

use crate::game::{Game, Throw, dice_history};
use crate::resolution::{Colour, Face, RollSource};
use egui::{Color32, RichText};

/// The window's rows, kept while the log is unchanged.
#[derive(Debug, Clone, Default)]
pub struct DiceView {
    /// The log the rows were made from: its length and last hash.
    log: Option<(usize, String)>,
    throws: Vec<Throw>,
}

impl DiceView {
    /// The throws anew when the log changed.
    fn refresh(&mut self, game: &Game) {
        let log = (game.events().len(), game.head().to_owned());
        if self.log.as_ref() != Some(&log) {
            self.throws = dice_history(game);
            self.log = Some(log);
        }
    }

    /// Draws the list of throws, the newest first.
    pub fn ui(&mut self, ui: &mut egui::Ui, game: &Game) {
        self.refresh(game);
        let undone = self.throws.iter().filter(|t| t.voided).count();
        ui.label(format!(
            "{}: {} throw{} of dice{}",
            game.name,
            self.throws.len(),
            if self.throws.len() == 1 { "" } else { "s" },
            match undone {
                0 => String::new(),
                n => format!(", {n} undone"),
            }
        ));
        ui.separator();
        if self.throws.is_empty() {
            ui.weak(
                "No dice thrown yet: the throws of every result applied to the game show here.",
            );
            return;
        }
        let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
        egui::ScrollArea::vertical()
            .id_salt("dice_history_rows")
            .auto_shrink([false, true])
            .show_rows(ui, row_height, self.throws.len(), |ui, rows| {
                for throw in &self.throws[rows] {
                    row(ui, game, throw);
                }
            });
    }
}

/// One throw on one line.
fn row(ui: &mut egui::Ui, game: &Game, throw: &Throw) {
    ui.horizontal(|ui| {
        let words = |text: String| {
            let text = RichText::new(text);
            if throw.voided {
                text.strikethrough().weak()
            } else {
                text
            }
        };
        ui.label(words(format!("move {}", throw.move_number)))
            .on_hover_text(format!("event {} of the log", throw.seq));
        let what = if throw.of > 1 {
            format!(
                "{} (throw {} of {})",
                throw.procedure.replace(['-', '_'], " "),
                throw.index,
                throw.of
            )
        } else {
            throw.procedure.replace(['-', '_'], " ")
        };
        ui.strong(words(what));
        let units = throw
            .units
            .iter()
            .map(|(role, unit_id)| {
                let name = game
                    .state()
                    .unit(unit_id)
                    .map_or(unit_id.0.as_str(), |u| u.spec.name.as_str());
                if role.is_empty() {
                    name.to_owned()
                } else {
                    format!("{name} ({role})")
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        if !units.is_empty() {
            ui.label(words(units));
        }
        ui.separator();
        for face in &throw.faces {
            die(ui, *face, throw.voided);
        }
        ui.separator();
        match (throw.source, throw.seed) {
            (RollSource::Seeded, Some(seed)) => {
                ui.label(words(format!("rolled, seed {seed}")))
                    .on_hover_text("Rolled by Laager; the seed replays the roll exactly");
            }
            (RollSource::Seeded, None) => {
                ui.label(words("rolled".to_owned()));
            }
            (RollSource::Entered, _) => {
                ui.label(words("typed".to_owned()))
                    .on_hover_text("Faces thrown at the table and typed in");
            }
        }
        if throw.voided {
            ui.colored_label(ui.visuals().warn_fg_color, "undone")
                .on_hover_text("Undone: it no longer counts, and is kept in the log");
        }
    });
}

/// One die: its face as typed (`B4`, `R2`, `5`) on a die of its colour.
fn die(ui: &mut egui::Ui, face: Face, voided: bool) {
    let (fill, ink, hover) = match face.colour {
        Some(Colour::Black) => (Color32::BLACK, Color32::WHITE, "black die (counts plus)"),
        Some(Colour::Red) => (
            Color32::from_rgb(170, 20, 20),
            Color32::WHITE,
            "red die (counts minus)",
        ),
        None => (
            ui.visuals().extreme_bg_color,
            ui.visuals().strong_text_color(),
            "die",
        ),
    };
    let mut text = RichText::new(format!(" {face} "))
        .monospace()
        .strong()
        .background_color(fill)
        .color(ink);
    if voided {
        text = text.strikethrough();
    }
    ui.label(text).on_hover_text(hover);
}
