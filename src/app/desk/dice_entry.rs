//! Choosing the dice for a resolution: Laager rolls them (seeded, the seed shown), or the
//! referee types the faces thrown at the table.

use crate::dice::{DiceAsked, DiceChoice};
use crate::game::ThrowId;

/// Rolled by Laager or typed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DiceMode {
    /// Laager rolls with the seed shown.
    Roll,
    /// The referee types the faces.
    Typed,
}

/// The dice entry of a resolver panel.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct DiceEntry {
    /// Rolled or typed.
    pub mode: DiceMode,
    /// The seed of the next roll. It moves on after every roll, so an undone roll is never
    /// rolled again.
    pub next_seed: u64,
    /// The typed faces (`B4,R2` or `3,5`).
    pub typed: String,
    /// The throw the faces typed belong to: made when they are first resolved, the same
    /// while they stay as typed (a refusal asking for a chart cell resolves them again),
    /// gone when they are cleared. Applying it consumes it.
    #[serde(skip)]
    typed_throw: Option<(String, ThrowId)>,
}

impl DiceEntry {
    /// A dice entry whose first seed is `seed`.
    pub fn new(seed: u64) -> DiceEntry {
        DiceEntry {
            mode: DiceMode::Roll,
            next_seed: seed,
            typed: String::new(),
            typed_throw: None,
        }
    }

    /// The dice for one resolution through `Request::resolve_with`, with the throw they
    /// are: a roll uses up its seed and is a new throw; faces typed are the throw they
    /// were typed as until they are cleared or changed.
    pub fn take_choice(&mut self) -> (DiceChoice, ThrowId) {
        match self.mode {
            DiceMode::Roll => (DiceChoice::Seeded(self.take_seed()), ThrowId::new()),
            DiceMode::Typed => {
                let throw = match &self.typed_throw {
                    Some((faces, throw)) if *faces == self.typed => throw.clone(),
                    _ => {
                        let throw = ThrowId::new();
                        self.typed_throw = Some((self.typed.clone(), throw.clone()));
                        throw
                    }
                };
                (DiceChoice::Typed(self.typed.clone()), throw)
            }
        }
    }

    /// Clears the faces typed and their throw: after Apply, a new selection, another
    /// procedure or ruleset, the next resolution needs a new throw.
    pub fn clear(&mut self) {
        self.typed.clear();
        self.typed_throw = None;
    }

    /// The seed of this roll; the next one moves on.
    fn take_seed(&mut self) -> u64 {
        let seed = self.next_seed;
        self.next_seed = self
            .next_seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        seed
    }

    /// Draws the mode switch and, when typing, the faces field: how many faces and which
    /// (the engine's `asked`, else `hint`), the format by example, and what a partial entry
    /// still lacks. Returns whether Enter was pressed in the faces field (resolve with them).
    pub fn ui(&mut self, ui: &mut egui::Ui, asked: Option<&DiceAsked>, hint: &str) -> bool {
        let mut entered = false;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.mode, DiceMode::Roll, "Roll")
                .on_hover_text("Laager rolls, seeded; the seed is stored so the roll replays");
            ui.selectable_value(&mut self.mode, DiceMode::Typed, "Type faces")
                .on_hover_text("Type the faces thrown at the table");
            match self.mode {
                DiceMode::Roll => {
                    ui.label(format!("seed {}", self.next_seed));
                }
                DiceMode::Typed => {
                    let example = asked.map_or_else(|| hint.to_owned(), DiceAsked::example);
                    let label = ui.label("dice faces");
                    let response = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.typed)
                                .hint_text(example.as_str())
                                .desired_width(150.0),
                        )
                        .labelled_by(label.id)
                        .on_hover_text(format!("Faces as {example}; Enter resolves"));
                    entered =
                        response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                }
            }
        });
        // How many faces and which, in full (never cut off), and what is still missing.
        let said = asked.map_or_else(|| format!("faces: {hint}"), DiceAsked::words);
        ui.add(egui::Label::new(egui::RichText::new(said).weak()).wrap());
        if self.mode == DiceMode::Typed
            && let Some(missing) = asked.and_then(|a| a.progress(&self.typed))
        {
            ui.add(
                egui::Label::new(egui::RichText::new(missing).color(ui.visuals().warn_fg_color))
                    .wrap(),
            );
        }
        entered
    }
}
