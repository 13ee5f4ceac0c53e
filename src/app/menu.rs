//! The menu bar: File (games, exports, printing, layouts, demos), View, Help, the three
//! views (Set up, Play, Campaign), and the ruleset picker with the table's tools.

#[cfg(not(target_arch = "wasm32"))]
use super::prompts::PromptKind;
use super::records_panel::RecordsAction;
use super::{Command, LaagerApp, Mode, canvas, demos, windows};
use crate::ruleset::Ruleset;

impl LaagerApp {
    /// The menu bar. On a narrow screen the ruleset, the tools and the unit go into a Tools
    /// menu, so File to Campaign stay within the width.
    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui, narrow: bool) {
        egui::Panel::top("menu_bar").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| self.file_menu(ui));
                ui.menu_button("View", |ui| self.view_menu(ui));
                self.windows.help_menu(ui);
                ui.separator();
                for (mode, label, hover) in [
                    (Mode::SetUp, "Set up", "Edit the table: units, terrain, photo, club charts, layout files"),
                    (Mode::Play, "Play", "Play on the table: the desk, the records and the foot; every change to the table is logged"),
                    (Mode::Campaign, "Campaign", "The campaign's games, standings and each unit's history; End game and Next game"),
                ] {
                    if ui
                        .selectable_label(self.state.mode == mode, label)
                        .on_hover_text(hover)
                        .clicked()
                        && self.state.mode != mode
                    {
                        self.commands.push(Command::SetMode(mode));
                    }
                }
                ui.separator();
                if narrow {
                    ui.menu_button("Tools", |ui| self.table_controls(ui, true))
                        .response
                        .on_hover_text("The ruleset, the table's tools and the unit of length");
                } else {
                    self.table_controls(ui, false);
                }
            });
        });
    }

    /// The File menu: the game (new, open, save as), its records (exports and printing),
    /// the layout files, the demos and the recent files.
    fn file_menu(&mut self, ui: &mut egui::Ui) {
        #[cfg(target_arch = "wasm32")]
        super::web::file_menu(self, ui);
        if ui
            .button("New game")
            .on_hover_text(
                "A new game log for the table as it stands (a saved game stays in its file)",
            )
            .clicked()
        {
            self.run_records_actions(vec![RecordsAction::NewGame]);
            ui.close();
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.game_file_items(ui);
        #[cfg(target_arch = "wasm32")]
        self.download_items(ui);
        ui.separator();
        for (i, (title, _)) in demos::DEMOS.iter().enumerate() {
            if ui.button(format!("Open demo: {title}")).clicked() {
                self.commands.push(Command::OpenDemo(i));
            }
        }
        self.recent_items(ui);
        ui.separator();
        if ui.button("Quit").clicked() {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Open and save a game, merge table files, the campaign report, the records' exports
    /// and the layout's files: the desktop's file items.
    #[cfg(not(target_arch = "wasm32"))]
    fn game_file_items(&mut self, ui: &mut egui::Ui) {
        for (kind, text, hover) in [
            (
                PromptKind::OpenGame,
                "Open game…",
                "Open a .laager game file",
            ),
            (
                PromptKind::SaveGame,
                "Save game as…",
                "Save the game to a new .laager file; every action then saves itself",
            ),
        ] {
            if ui.button(text).on_hover_text(hover).clicked() {
                self.run_records_actions(vec![RecordsAction::Prompt(kind)]);
                ui.close();
            }
        }
        if ui
            .button("Merge table files…")
            .on_hover_text("A club night: bring the games the tables played on copies of this campaign back into it")
            .clicked()
        {
            self.windows.merge_prompt = Some(super::club_prompts::MergePrompt::default());
            ui.close();
        }
        if ui
            .button("Campaign report…")
            .on_hover_text("The campaign's story for the club's noticeboard, as a PDF to print or one web page, as `laager campaign report` writes it")
            .clicked()
        {
            self.windows.report_prompt = Some(super::report_prompt::ReportPrompt::default());
            ui.close();
        }
        ui.separator();
        for (kind, text, hover) in [
            (
                PromptKind::ExportCsv,
                "Export records CSV…",
                "The casualty record sheet of this game, as CSV",
            ),
            (
                PromptKind::PrintPdf,
                "Print record sheet (PDF)…",
                "Each unit's casualty record as the rules keep it, one A4 page per 20 units, to print",
            ),
            (
                PromptKind::ExportJson,
                "Export game JSON…",
                "The game, its layout and its log, as JSON",
            ),
        ] {
            if ui.button(text).on_hover_text(hover).clicked() {
                self.run_records_actions(vec![RecordsAction::Prompt(kind)]);
                ui.close();
            }
        }
        ui.separator();
        self.layout_file_items(ui);
    }

    /// In the browser the records' exports have no file: each is saved as a download.
    #[cfg(target_arch = "wasm32")]
    fn download_items(&mut self, ui: &mut egui::Ui) {
        use super::records_panel::ExportKind;
        ui.separator();
        for (kind, text, hover) in [
            (
                ExportKind::Csv,
                "Download records CSV",
                "The casualty record sheet of this game, as CSV",
            ),
            (
                ExportKind::Pdf,
                "Download record sheet (PDF)",
                "Each unit's casualty record as the rules keep it, one A4 page per 20 units, to print",
            ),
            (
                ExportKind::Json,
                "Download game JSON",
                "The game, its layout and its log, as JSON",
            ),
        ] {
            if ui.button(text).on_hover_text(hover).clicked() {
                self.run_records_actions(vec![RecordsAction::Download(kind)]);
                ui.close();
            }
        }
    }

    /// The games and layouts opened lately, to open again.
    fn recent_items(&mut self, ui: &mut egui::Ui) {
        if !self.state.recent_games.is_empty() {
            ui.separator();
            ui.label("Recent games");
            for path in self.state.recent_games.clone() {
                if ui
                    .button(path.display().to_string())
                    .on_hover_text("Open this .laager file")
                    .clicked()
                {
                    self.run_records_actions(vec![RecordsAction::Open(path)]);
                }
            }
        }
        if !self.state.recent_layouts.is_empty() {
            ui.separator();
            ui.label("Recent layouts");
            for path in self.state.recent_layouts.clone() {
                if ui
                    .button(path.display().to_string())
                    .on_hover_text("Open this layout")
                    .clicked()
                {
                    self.commands.push(Command::OpenLayout(path));
                }
            }
        }
    }

    /// Open layout, Save layout and Save layout as (the browser has no layout files: its
    /// table comes from the demos and the game kept or uploaded).
    #[cfg(not(target_arch = "wasm32"))]
    fn layout_file_items(&mut self, ui: &mut egui::Ui) {
        if ui
            .button("Open layout…")
            .on_hover_text("Open a table layout (.json)")
            .clicked()
            && let Some(path) = rfd::FileDialog::new()
                .add_filter("Layout", &["json"])
                .pick_file()
        {
            self.commands.push(Command::OpenLayout(path));
        }
        let current = self.state.layout_path.clone();
        if ui
            .add_enabled(current.is_some(), egui::Button::new("Save layout"))
            .on_hover_text(current.as_ref().map_or_else(
                || "The table came from a demo or a new table: use Save layout as…".to_owned(),
                |path| format!("Save the table's layout to {}", path.display()),
            ))
            .clicked()
            && let Some(path) = current
        {
            self.commands.push(Command::SaveLayout(path));
        }
        if ui
            .button("Save layout as…")
            .on_hover_text("Save the table's layout to a new file (.json)")
            .clicked()
            && let Some(path) = rfd::FileDialog::new()
                .add_filter("Layout", &["json"])
                .set_file_name("table.json")
                .save_file()
        {
            self.commands.push(Command::SaveLayout(path));
        }
    }

    /// The View menu: theme, windows, the panels beside and under the table, touch mode
    /// and the canvas's switches.
    fn view_menu(&mut self, ui: &mut egui::Ui) {
        windows::theme_buttons(ui);
        ui.separator();
        self.windows.view_menu(ui);
        ui.separator();
        ui.checkbox(&mut self.state.show_desk, "Desk and records")
            .on_hover_text("Show the desk and the records beside the table in Play (F2)");
        if ui
            .selectable_label(self.side_tab == super::SideTab::Records, "Records tab (F3)")
            .on_hover_text("The roster and the game log beside the table, in place of the desk")
            .clicked()
        {
            self.side_tab = self.side_tab.toggled();
            self.state.show_desk = true;
        }
        let mut touch = self.state.touch_mode(self.touch_seen);
        if ui
            .checkbox(&mut touch, "Touch mode")
            .on_hover_text("Controls at least 40 px high; long-press a unit to select it as the target, pinch to zoom, two fingers to pan. On by default once the screen is touched.")
            .changed()
        {
            self.state.touch = Some(touch);
        }
        ui.separator();
        let settings = &mut self.state.canvas;
        ui.checkbox(&mut settings.grid, "Grid")
            .on_hover_text("Draw the grid (G)");
        ui.checkbox(&mut settings.snap, "Snap")
            .on_hover_text("Moves snap to 5 mm or 1/4\", turns to 15°");
        ui.checkbox(&mut settings.labels, "Unit ids")
            .on_hover_text("Write each unit's id on its base");
        if ui
            .button("Fit units")
            .on_hover_text("Show every unit on the table, as large as the window allows")
            .clicked()
        {
            self.commands.push(Command::FitView);
        }
        if ui
            .button("Fit table")
            .on_hover_text("Show the whole table (Home)")
            .clicked()
        {
            self.canvas.fit_table_next_frame();
        }
    }

    /// The ruleset picker, the canvas's tools, the unit of length and the keys' help: in the
    /// menu bar, or (`in_menu`) listed down a menu. A ruleset chosen while a game is in play
    /// is asked about first: it means a new game of the campaign.
    fn table_controls(&mut self, ui: &mut egui::Ui, in_menu: bool) {
        let mut chosen = self.state.ruleset;
        if in_menu {
            ui.label("Ruleset");
            for ruleset in Ruleset::ALL {
                ui.selectable_value(&mut chosen, ruleset, ruleset.title());
            }
        } else {
            egui::ComboBox::from_label("Ruleset")
                .selected_text(self.state.ruleset.title())
                .width(170.0)
                .show_ui(ui, |ui| {
                    for ruleset in Ruleset::ALL {
                        ui.selectable_value(&mut chosen, ruleset, ruleset.title());
                    }
                })
                .response
                .on_hover_text("The ruleset whose charts and procedures are in use");
        }
        if chosen != self.state.ruleset {
            self.commands.push(Command::SetRuleset(chosen));
        }
        ui.separator();
        let settings = &mut self.state.canvas;
        for tool in canvas::tools::Tool::ALL {
            ui.selectable_value(&mut settings.tool, tool, tool.label())
                .on_hover_text(tool.tooltip());
        }
        ui.separator();
        for unit in [
            canvas::length::LengthUnit::Mm,
            canvas::length::LengthUnit::Inches,
        ] {
            ui.selectable_value(&mut settings.unit, unit, unit.symbol())
                .on_hover_text("The grid's unit and the unit distances are typed in");
        }
        ui.label("Keys").on_hover_text(canvas::tools::VIEW_KEYS);
    }
}
