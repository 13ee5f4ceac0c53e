//! The windows that float over the table — Help (F1), the dice history, the messages and
//! the file prompts — with their menu entries, and the theme switch of the View menu.

use super::dice_view::DiceView;
use super::help;
use super::prompts::{FilePrompt, PromptKind};
use crate::game::Game;

/// Which floating windows are open, and what they keep between frames.
#[derive(Debug, Clone, Default)]
pub struct Windows {
    /// The help window: the guide and every shortcut.
    pub help: bool,
    /// The dice history window.
    pub dice: bool,
    dice_view: DiceView,
    /// The file prompt open (save, open, export, print), with the path typed so far: the
    /// app's own, so it works where no system file dialog is available.
    pub prompt: Option<FilePrompt>,
    /// The messages window: every message of this session, newest first (a click on the
    /// status bar's message opens it).
    pub messages: bool,
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
        ui.checkbox(&mut self.messages, "Messages")
            .on_hover_text("Every message of this session, in full, newest first");
    }

    /// Draws the file prompt, if one is open. Returns what it is for and the path the
    /// referee confirmed.
    pub fn prompt_ui(&mut self, ui: &egui::Ui) -> Option<(PromptKind, std::path::PathBuf)> {
        let prompt = self.prompt.as_mut()?;
        let kind = prompt.kind;
        let (chosen, stays) = prompt.ui(ui.ctx());
        if !stays {
            self.prompt = None;
        }
        chosen.map(|path| (kind, path))
    }

    /// Draws the open windows over the rest; `messages` are the session's, oldest first.
    /// Returns whether the referee cleared the messages.
    pub fn show(&mut self, ui: &egui::Ui, game: &Game, messages: &[String]) -> bool {
        let Self {
            help,
            dice,
            dice_view,
            players_prompt: _,
            merge_prompt: _,
            report_prompt: _,
            prompt: _,
            messages: messages_open,
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
        let mut cleared = false;
        egui::Window::new("Messages")
            .open(messages_open)
            .default_pos(egui::pos2(120.0, 120.0))
            .default_width(560.0)
            .default_height(300.0)
            .vscroll(true)
            .show(ui.ctx(), |ui| {
                if messages.is_empty() {
                    ui.weak("No messages.");
                }
                for message in messages.iter().rev() {
                    ui.add(egui::Label::new(message).wrap());
                    ui.separator();
                }
                if !messages.is_empty() && ui.button("Clear messages").clicked() {
                    cleared = true;
                }
            });
        cleared
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
