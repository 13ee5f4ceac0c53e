//! The left panel: the layout file, units, typed placement, terrain, the photo and the
//! charts in force. Every change goes out as a [`Command`].

use super::canvas::length::both;
use super::canvas::tools::Tool;
use super::canvas::view;
#[cfg(target_arch = "wasm32")]
use super::web as rfd;
use super::{Command, LaagerApp};
use crate::charts::Status;
use crate::geometry::{Table, TerrainKind};
use egui::{CollapsingHeader, Ui};
use std::path::PathBuf;

fn path_field(ui: &mut Ui, label: &str, text: &mut String) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(170.0))
            .labelled_by(l.id);
    });
}

fn path_of(text: &str) -> Option<PathBuf> {
    let trimmed = text.trim();
    (!trimmed.is_empty()).then(|| PathBuf::from(trimmed))
}

impl LaagerApp {
    pub(super) fn side_panel(&mut self, ui: &mut Ui) {
        CollapsingHeader::new("Layout")
            .default_open(true)
            .show(ui, |ui| self.layout_section(ui));
        CollapsingHeader::new("Units")
            .default_open(true)
            .show(ui, |ui| {
                let centre = view::point(egui::pos2(
                    self.state.canvas.view.centre_mm[0],
                    self.state.canvas.view.centre_mm[1],
                ));
                let ruleset = self.measuring_ruleset();
                if let Ok(charts) = &self.charts {
                    self.units.ui(
                        ui,
                        charts,
                        ruleset,
                        &self.document.layout,
                        centre,
                        &self.canvas.selected,
                        &mut self.commands,
                    );
                }
            });
        CollapsingHeader::new("Typed placement")
            .default_open(false)
            .show(ui, |ui| {
                self.placement.ui(
                    ui,
                    &self.document.layout,
                    self.state.canvas.unit,
                    &mut self.canvas,
                    &mut self.commands,
                );
            });
        CollapsingHeader::new("Terrain")
            .default_open(false)
            .show(ui, |ui| self.terrain_section(ui));
        CollapsingHeader::new("Photo")
            .default_open(false)
            .show(ui, |ui| self.photo_section(ui));
        CollapsingHeader::new("Charts in force")
            .default_open(true)
            .show(ui, |ui| self.charts_section(ui));
        if !self.messages.is_empty() {
            CollapsingHeader::new("Messages")
                .default_open(true)
                .show(ui, |ui| {
                    for message in self.messages.iter().rev().take(8) {
                        ui.label(message);
                    }
                    if ui.button("Clear messages").clicked() {
                        self.messages.clear();
                    }
                });
        }
    }

    fn layout_section(&mut self, ui: &mut Ui) {
        path_field(ui, "Layout file", &mut self.fields.layout_path);
        ui.horizontal(|ui| {
            let path = path_of(&self.fields.layout_path);
            if ui
                .add_enabled(path.is_some(), egui::Button::new("Open"))
                .on_hover_text("Read the layout JSON at this path")
                .clicked()
                && let Some(path) = path.clone()
            {
                self.commands.push(Command::OpenLayout(path));
            }
            if ui
                .add_enabled(path.is_some(), egui::Button::new("Save"))
                .on_hover_text("Write the layout JSON (and the photo's placement beside it)")
                .clicked()
                && let Some(path) = path
            {
                self.commands.push(Command::SaveLayout(path));
            }
            if ui
                .button("Browse…")
                .on_hover_text("Choose a layout file with the system's dialog")
                .clicked()
                && let Some(path) = rfd::FileDialog::new()
                    .add_filter("layout", &["json"])
                    .pick_file()
            {
                self.fields.layout_path = path.display().to_string();
                self.commands.push(Command::OpenLayout(path));
            }
        });
        let png = path_of(&self.fields.layout_path).map(|p| p.with_extension("png"));
        if ui
            .add_enabled(png.is_some(), egui::Button::new("Export canvas as PNG"))
            .on_hover_text("Save the canvas as it is on screen, beside the layout file (.png)")
            .clicked()
            && let Some(png) = png
        {
            let canvas = self.canvas.rect;
            let done = std::sync::Arc::clone(&self.exported);
            let ppp = ui.ctx().pixels_per_point();
            ui.ctx().request_screenshot(move |image| {
                let region = image.region(&canvas, Some(ppp));
                let [w, h] = region.size;
                let bytes: Vec<u8> = region
                    .pixels
                    .iter()
                    .flat_map(egui::Color32::to_array)
                    .collect();
                let result = image::RgbaImage::from_raw(w as u32, h as u32, bytes)
                    .ok_or_else(|| "the screenshot has no pixels".to_owned())
                    .and_then(|img| {
                        let mut encoded = std::io::Cursor::new(Vec::new());
                        img.write_to(&mut encoded, image::ImageFormat::Png)
                            .map_err(|e| e.to_string())?;
                        Ok(encoded.into_inner())
                    })
                    .map_err(|e| format!("cannot export {}: {e}", png.display()))
                    .and_then(|encoded| crate::store::export::write(&png, encoded))
                    .map_or_else(|e| e, |()| format!("exported {}", png.display()));
                if let Ok(mut slot) = done.lock() {
                    *slot = Some(result);
                }
            });
        }
        ui.horizontal(|ui| {
            ui.label("New table:");
            for (name, table) in Table::PRESETS {
                if ui
                    .button(name)
                    .on_hover_text(format!("An empty {name} table"))
                    .clicked()
                {
                    self.commands.push(Command::NewTable(table));
                }
            }
        });
        ui.label("Club cells (RULESET/CHART:KEY=VALUE, one a line):");
        ui.add(
            egui::TextEdit::multiline(&mut self.fields.club_cells)
                .desired_rows(2)
                .hint_text("micro-colonial/counter_sizes:infantry:frontage_mm=25"),
        );
        if ui
            .button("Apply club cells")
            .on_hover_text("Use these values where the documents give none (marked house)")
            .clicked()
        {
            self.commands
                .push(Command::SetClubCells(self.fields.club_cells.clone()));
        }
    }

    fn terrain_section(&mut self, ui: &mut Ui) {
        let settings = &mut self.state.canvas;
        egui::ComboBox::from_label("Kind")
            .selected_text(settings.terrain_kind.name())
            .show_ui(ui, |ui| {
                for kind in TerrainKind::ALL {
                    ui.selectable_value(&mut settings.terrain_kind, kind, kind.name());
                }
            });
        ui.add_enabled(
            settings.terrain_kind.may_be_line() && !settings.terrain_kind.is_linear(),
            egui::Checkbox::new(&mut settings.terrain_as_line, "Draw as a line"),
        );
        if ui
            .button("Draw terrain")
            .on_hover_text(Tool::Terrain.tooltip())
            .clicked()
        {
            settings.tool = Tool::Terrain;
        }
        ui.label(format!("{} points drawn", self.canvas.draft.len()));
        ui.horizontal(|ui| {
            if ui
                .button("Finish")
                .on_hover_text("Close the outline (Enter)")
                .clicked()
            {
                self.canvas.finish_terrain(
                    &self.state.canvas,
                    &self.document.layout,
                    &mut self.commands,
                );
            }
            if ui
                .button("Cancel")
                .on_hover_text("Forget the points drawn (Escape)")
                .clicked()
            {
                self.canvas.draft.clear();
            }
        });
        ui.separator();
        for terrain in self.document.layout.terrain() {
            ui.horizontal(|ui| {
                ui.label(format!("{} ({})", terrain.terrain_id, terrain.kind.name()));
                if ui
                    .small_button("Remove")
                    .on_hover_text(format!("Remove {}", terrain.terrain_id))
                    .clicked()
                {
                    self.commands
                        .push(Command::DeleteTerrain(terrain.terrain_id.clone()));
                }
            });
        }
    }

    fn photo_section(&mut self, ui: &mut Ui) {
        path_field(ui, "Photo file", &mut self.fields.photo_path);
        ui.horizontal(|ui| {
            let path = path_of(&self.fields.photo_path);
            if ui
                .add_enabled(path.is_some(), egui::Button::new("Load photo"))
                .on_hover_text("Show this PNG or JPEG under the table")
                .clicked()
                && let Some(path) = path
            {
                self.commands.push(Command::LoadPhoto(path));
            }
            if ui.button("Browse photo…").clicked()
                && let Some(path) = rfd::FileDialog::new()
                    .add_filter("image", &["png", "jpg", "jpeg"])
                    .pick_file()
            {
                self.fields.photo_path = path.display().to_string();
                self.commands.push(Command::LoadPhoto(path));
            }
            if ui
                .add_enabled(
                    self.document.photo.is_some(),
                    egui::Button::new("Remove photo"),
                )
                .clicked()
            {
                self.commands.push(Command::ClearPhoto);
            }
        });
        let Some(photo) = &self.document.photo else {
            return;
        };
        let placement = &photo.placement;
        ui.label(format!(
            "{} × {} px, {:.3} mm a pixel{}",
            photo.size_px[0],
            photo.size_px[1],
            placement.mm_per_pixel,
            if placement.calibrated {
                " (calibrated)"
            } else {
                " (not calibrated)"
            }
        ));
        if ui
            .button("Click calibration points")
            .on_hover_text(Tool::Calibrate.tooltip())
            .clicked()
        {
            self.state.canvas.tool = Tool::Calibrate;
        }
        let unit = self.state.canvas.unit;
        let points = self.canvas.calibration_points.clone();
        ui.label(format!(
            "{} of 2 points clicked (2 more check it)",
            points.len().min(2)
        ));
        path_field(
            ui,
            &format!("Real distance ({})", unit.symbol()),
            &mut self.fields.calibration_distance,
        );
        if ui
            .add_enabled(points.len() >= 2, egui::Button::new("Calibrate"))
            .on_hover_text("Scale the photo so points 1 and 2 are this far apart")
            .clicked()
        {
            match unit.parse_mm(&self.fields.calibration_distance) {
                Ok(distance_mm) => self.commands.push(Command::CalibratePhoto {
                    a: points[0],
                    b: points[1],
                    distance_mm,
                }),
                Err(e) => self.messages.push(e),
            }
        }
        path_field(
            ui,
            &format!("Check distance ({})", unit.symbol()),
            &mut self.fields.check_distance,
        );
        if ui
            .add_enabled(points.len() >= 4, egui::Button::new("Check"))
            .on_hover_text("Compare points 3 and 4 with this distance")
            .clicked()
        {
            match unit.parse_mm(&self.fields.check_distance) {
                Ok(distance_mm) => self.commands.push(Command::CheckCalibration {
                    a: points[2],
                    b: points[3],
                    distance_mm,
                }),
                Err(e) => self.messages.push(e),
            }
        }
        if let Some(check) = photo.check {
            ui.label(format!(
                "Check: {} measured for {} typed ({:+.1}%)",
                both(check.measured_mm),
                both(check.typed_mm),
                check.error_percent()
            ));
        }
    }

    /// The club's tables folder, laid over the shipped tables as the CLI's `--tables DIR`.
    fn club_tables_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("club tables folder");
            ui.add(
                egui::TextEdit::singleline(&mut self.fields.club_tables)
                    .hint_text("a folder of the club's chart files")
                    .desired_width(160.0),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            if ui
                .button("Load club tables")
                .on_hover_text("Lay the club's chart files over the shipped tables, chart by chart")
                .clicked()
            {
                self.commands
                    .push(Command::SetClubTables(path_of(&self.fields.club_tables)));
            }
            if ui
                .button("Browse folder…")
                .on_hover_text("Choose the club's tables folder with the system's dialog")
                .clicked()
                && let Some(dir) = rfd::FileDialog::new().pick_folder()
            {
                self.commands.push(Command::SetClubTables(Some(dir)));
            }
            if ui
                .add_enabled(
                    self.state.club_tables.is_some(),
                    egui::Button::new("Shipped tables only"),
                )
                .clicked()
            {
                self.commands.push(Command::SetClubTables(None));
            }
        });
        // One file to share the folder: exported from the folder in force, imported into
        // the folder typed above.
        ui.horizontal(|ui| {
            let label = ui.label("bundle file");
            ui.add(
                egui::TextEdit::singleline(&mut self.fields.club_bundle)
                    .hint_text("club-tables.json")
                    .desired_width(160.0),
            )
            .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    self.state.club_tables.is_some(),
                    egui::Button::new("Export club tables"),
                )
                .on_hover_text("Write the club's tables folder in force as the one bundle file")
                .clicked()
            {
                match path_of(&self.fields.club_bundle) {
                    Some(to) => self.commands.push(Command::ExportClubTables(to)),
                    None => self.messages.push("type the bundle file to write".to_owned()),
                }
            }
            if ui
                .button("Import bundle")
                .on_hover_text(
                    "Unpack the bundle file into the club tables folder typed above (nothing there is replaced) and load it",
                )
                .clicked()
            {
                match (
                    path_of(&self.fields.club_bundle),
                    path_of(&self.fields.club_tables),
                ) {
                    (Some(file), Some(into)) => {
                        self.commands.push(Command::ImportClubTables { file, into });
                    }
                    _ => self.messages.push(
                        "type the bundle file and the club tables folder to unpack it into"
                            .to_owned(),
                    ),
                }
            }
        });
    }

    fn charts_section(&mut self, ui: &mut Ui) {
        self.club_tables_ui(ui);
        let Ok(charts) = &self.charts else {
            return;
        };
        ui.label("Cells: printed / reconstructed / unknown / house");
        egui::Grid::new("charts_grid").striped(true).show(ui, |ui| {
            for chart in charts.of(self.state.ruleset) {
                let counts = chart.confidence_counts();
                // The chart as the rules title it; its file's name for the command line.
                ui.label(&chart.title).on_hover_text(format!(
                    "{} (the chart's name in `laager tables`)",
                    chart.name
                ));
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
    }
}
