//! The eframe window: menu bar, ruleset picker, status bar and central panel.
//!
//! The only layer that imports egui. It computes nothing of its own: every number comes
//! from the engine below it.

pub mod desk;

use crate::charts::{Charts, Status};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What the window remembers between runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct State {
    /// The ruleset in use.
    pub ruleset: Ruleset,
}

impl Default for State {
    fn default() -> Self {
        State {
            ruleset: Ruleset::DbaZulu,
        }
    }
}

/// The application: persisted state plus what is rebuilt each start.
pub struct LaagerApp {
    /// Persisted between runs.
    pub state: State,
    charts: Result<Charts, String>,
    file: Option<PathBuf>,
}

impl LaagerApp {
    /// A new app on the shipped tables, opened on `file` if given.
    pub fn new(state: State, file: Option<PathBuf>) -> LaagerApp {
        let charts = Charts::shipped().map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        });
        LaagerApp {
            state,
            charts,
            file,
        }
    }

    /// Draws the whole window into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let Self {
            state,
            charts,
            file,
        } = self;
        egui::Panel::top("menu_bar").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("File", |ui| {
                    if ui.button("Quit").clicked() {
                        ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                    }
                });
                ui.separator();
                egui::ComboBox::from_label("Ruleset")
                    .selected_text(state.ruleset.title())
                    .show_ui(ui, |ui| {
                        for ruleset in Ruleset::ALL {
                            ui.selectable_value(&mut state.ruleset, ruleset, ruleset.title());
                        }
                    })
                    .response
                    .on_hover_text("The ruleset whose charts and procedures are in use");
            });
        });
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(format!(
                    "{} ({})",
                    state.ruleset.title(),
                    state.ruleset.document()
                ));
                ui.separator();
                match charts {
                    Ok(c) => ui.label(format!("tables {}", &c.hash()[..12])),
                    Err(e) => ui.colored_label(ui.visuals().error_fg_color, format!("tables: {e}")),
                };
                if let Some(file) = file {
                    ui.separator();
                    ui.label(file.display().to_string());
                }
            });
        });
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading(state.ruleset.title());
            let Ok(charts) = charts else {
                return;
            };
            ui.label("Charts in force (cells: printed / reconstructed / unknown / house):");
            egui::Grid::new("charts_grid").striped(true).show(ui, |ui| {
                for chart in charts.of(state.ruleset) {
                    let counts = chart.confidence_counts();
                    ui.label(&chart.name);
                    ui.label(&chart.title);
                    ui.label(format!(
                        "{} / {} / {} / {}",
                        counts[0], counts[1], counts[2], counts[3]
                    ));
                    if chart.status == Status::NotSupplied {
                        ui.label("not supplied");
                    }
                    ui.end_row();
                }
            });
        });
    }
}

impl eframe::App for LaagerApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state);
    }
}

/// Opens the window and runs until it is closed.
pub fn run(file: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Laager")
            .with_inner_size([1200.0, 800.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Laager",
        options,
        Box::new(move |cc| {
            let state = cc
                .storage
                .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
                .unwrap_or_default();
            Ok(Box::new(LaagerApp::new(state, file)))
        }),
    )
    .map_err(|e| e.to_string())
}
