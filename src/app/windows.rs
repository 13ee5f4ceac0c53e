//! The windows that float over the table — Help (F1), the dice history and the Save game
//! as prompt — with their menu entries, and the theme switch of the View menu.

use super::dice_view::DiceView;
use super::help;
use crate::game::Game;

/// Which floating windows are open, and what they keep between frames.
#[derive(Debug, Clone, Default)]
pub struct Windows {
    /// The help window: the guide and every shortcut.
    pub help: bool,
    /// The dice history window.
    pub dice: bool,
    dice_view: DiceView,
    /// The Save game as prompt, open with the path typed so far: the app's own, so saving
    /// works where no system file dialog is available.
    pub save_prompt: Option<String>,
    /// Who plays each side, asked at New game and Next game.
    pub players_prompt: Option<super::club_prompts::PlayersPrompt>,
    /// File, Merge table files…: the tables' files typed so far.
    pub merge_prompt: Option<super::club_prompts::MergePrompt>,
    /// File, Campaign report…: where to write it.
    pub report_prompt: Option<super::report_prompt::ReportPrompt>,
}

impl Windows {
    /// F1 opens (or closes) the help, wherever the keyboard is.
    pub fn keys(&mut self, ui: &egui::Ui) {
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::F1)) {
            self.help = !self.help;
        }
    }

    /// The Help menu.
    pub fn help_menu(&mut self, ui: &mut egui::Ui) {
        ui.menu_button("Help", |ui| {
            if ui
                .button("Help and shortcuts (F1)")
                .on_hover_text("A one-minute guide to settling a dispute, and every shortcut")
                .clicked()
            {
                self.help = true;
                ui.close();
            }
        });
    }

    /// The View menu's window entries.
    pub fn view_menu(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.dice, "Dice history").on_hover_text(
            "Every throw of the game: what for, typed or rolled, the faces and the seed",
        );
    }

    /// Draws the Save game as prompt, if open. Returns the path to save to once the
    /// referee confirms it.
    pub fn save_prompt_ui(&mut self, ui: &egui::Ui) -> Option<std::path::PathBuf> {
        let typed = self.save_prompt.as_mut()?;
        let mut open = true;
        let mut chosen = None;
        let mut close = false;
        egui::Window::new("Save game as")
            .open(&mut open)
            .collapsible(false)
            .default_width(520.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(ui.ctx(), |ui| {
                ui.label("The game is written to this file, and every action then saves itself.");
                let label = ui.label("file");
                let response = ui
                    .add(egui::TextEdit::singleline(typed).desired_width(480.0))
                    .labelled_by(label.id);
                let entered =
                    response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    let path = typed.trim();
                    if (ui
                        .add_enabled(!path.is_empty(), egui::Button::new("Save"))
                        .clicked()
                        || entered)
                        && !path.is_empty()
                    {
                        chosen = Some(std::path::PathBuf::from(path));
                    }
                    #[cfg(not(target_arch = "wasm32"))]
                    if ui
                        .button("Browse…")
                        .on_hover_text(
                            "Choose the file with the system's dialog, where there is one",
                        )
                        .clicked()
                        && let Some(path) = rfd::FileDialog::new()
                            .add_filter("Laager game", &["laager"])
                            .save_file()
                    {
                        *typed = path.display().to_string();
                    }
                    if ui.button("Cancel").clicked() {
                        close = true;
                    }
                });
            });
        if !open || close || chosen.is_some() {
            self.save_prompt = None;
        }
        chosen
    }

    /// Draws the open windows over the rest.
    pub fn show(&mut self, ui: &egui::Ui, game: &Game) {
        let Self {
            help,
            dice,
            dice_view,
            save_prompt: _,
            players_prompt: _,
            merge_prompt: _,
            report_prompt: _,
        } = self;
        // Below the menu bar, over the table's left side, clear of the desk.
        egui::Window::new("Help")
            .open(help)
            .default_pos(egui::pos2(60.0, 60.0))
            .default_width(560.0)
            .default_height(520.0)
            .vscroll(true)
            .show(ui.ctx(), help::ui);
        egui::Window::new("Dice history")
            .open(dice)
            .default_pos(egui::pos2(90.0, 90.0))
            .default_width(560.0)
            .default_height(320.0)
            .show(ui.ctx(), |ui| dice_view.ui(ui, game));
    }
}

/// The theme switch, in words that every font has (egui's own shows icon glyphs the
/// default fonts lack).
pub fn theme_buttons(ui: &mut egui::Ui) {
    let mut preference = ui.options(|o| o.theme_preference);
    let before = preference;
    ui.horizontal(|ui| {
        ui.label("Theme");
        for (choice, label, hover) in [
            (
                egui::ThemePreference::Light,
                "Light",
                "Dark text on light panels",
            ),
            (
                egui::ThemePreference::Dark,
                "Dark",
                "Light text on dark panels",
            ),
            (
                egui::ThemePreference::System,
                "System",
                "Follow the system's light or dark setting",
            ),
        ] {
            ui.selectable_value(&mut preference, choice, label)
                .on_hover_text(hover);
        }
    });
    if preference != before {
        ui.ctx().set_theme(preference);
    }
}
