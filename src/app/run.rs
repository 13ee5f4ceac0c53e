//! Applying commands: the one place the table changes.

use super::canvas::photo::Photo;
use super::demos::DEMOS;
use super::document::Document;
use super::records_panel::RecordsAction;
use super::{Command, LaagerApp, Mode, load_charts};
use crate::game::{Action, UnitEdit, UnitId};
use crate::geometry::{Base, Layout, Point, Terrain, dba_base_size, file, mc_counter_size};

/// The same terrain (kind, hill, river) over new points.
fn reshaped(terrain: &Terrain, points: Vec<Point>) -> Terrain {
    let id = terrain.terrain_id.clone();
    let mut out = if terrain.is_area() {
        Terrain::area(id, terrain.kind, points)
    } else {
        Terrain::line(id, terrain.kind, points)
    };
    if let Some(hill) = &terrain.hill {
        out = out.with_hill(hill.contour, hill.crest.as_ref().map(|(c, _)| c.clone()));
    }
    out.river = terrain.river;
    out
}
use crate::ruleset::Ruleset;

impl LaagerApp {
    /// Applies the queued commands in order.
    /// A command's message that failed is cleared once a command of the same kind
    /// succeeds: its cause is fixed (a club folder made ready, a layout that now reads).
    pub fn run_commands(&mut self) {
        for command in std::mem::take(&mut self.commands) {
            let kind = command.kind();
            match self.run_command(command) {
                Err(message) => {
                    self.failed.push((kind, message.clone()));
                    if self.messages.last() != Some(&message) {
                        self.messages.push(message);
                    }
                }
                Ok(()) => {
                    let fixed: Vec<String> = self
                        .failed
                        .iter()
                        .filter(|(k, _)| *k == kind)
                        .map(|(_, m)| m.clone())
                        .collect();
                    if !fixed.is_empty() {
                        // The status bar's first message moves down by those taken before it.
                        let before = self.status_from.min(self.messages.len());
                        let taken = self.messages[..before]
                            .iter()
                            .filter(|m| fixed.contains(m))
                            .count();
                        self.status_from = before - taken;
                        self.messages.retain(|m| !fixed.contains(m));
                        self.failed.retain(|(k, _)| *k != kind);
                    }
                }
            }
        }
    }

    fn run_command(&mut self, command: Command) -> Result<(), String> {
        let playing = self.state.mode == Mode::Play;
        // Nothing puts away a game in play that is not saved without asking.
        if matches!(
            command,
            Command::NewTable(_)
                | Command::OpenLayout(_)
                | Command::OpenLayoutText { .. }
                | Command::OpenDemo(_)
                | Command::OpenCampaign { .. }
        ) && self.game_at_risk()
        {
            self.asking = Some(command);
            return Ok(());
        }
        match command {
            Command::Confirmed(command) => match *command {
                Command::SetMode(mode) => self.set_mode(mode, true)?,
                Command::SetRuleset(ruleset) => self.set_ruleset(ruleset, true)?,
                Command::NewGame(players) => self.run_records_action(RecordsAction::StartGame {
                    next: false,
                    players,
                }),
                Command::OpenGame(path) => self.run_records_action(RecordsAction::Open(path)),
                Command::OpenCampaign { name, campaign } => self.open_campaign(&name, *campaign)?,
                Command::NewTable(_)
                | Command::OpenLayout(_)
                | Command::OpenLayoutText { .. }
                | Command::OpenDemo(_) => {
                    // Put the game away as asked: a fresh game, then the command.
                    self.session = self.new_session();
                    self.synced_head.clear();
                    self.run_command(*command)?;
                }
                other => self.run_command(other)?,
            },
            Command::SetMode(mode) => self.set_mode(mode, false)?,
            Command::SetRuleset(ruleset) => self.set_ruleset(ruleset, false)?,
            Command::DragEnded => {
                self.commit_table_edits()?;
            }
            Command::DragCancelled => self.pending_poses.clear(),
            Command::NewGame(players) => self.run_records_actions(vec![RecordsAction::StartGame {
                next: false,
                players,
            }]),
            Command::MergeTables(files) => self.merge_tables(&files)?,
            Command::WriteReport(request) => self.write_report(&request)?,
            Command::OpenGame(path) => self.run_records_actions(vec![RecordsAction::Open(path)]),
            Command::OpenCampaign { name, campaign } => self.open_campaign(&name, *campaign)?,
            Command::Select(units) => self.canvas.selected = units,
            Command::MoveUnit { unit_id, centre } => {
                self.edit_base(&unit_id, |b| b.placed(centre, b.facing_deg()))?;
                if playing {
                    self.pending_poses.insert(unit_id);
                }
            }
            Command::TurnUnit {
                unit_id,
                facing_deg,
            } => {
                self.edit_base(&unit_id, |b| b.placed(b.centre(), facing_deg))?;
                if playing {
                    self.pending_poses.insert(unit_id);
                }
            }
            Command::AddUnit {
                unit_id,
                side,
                unit_type,
                centre,
                facing_deg,
            } => self.add_unit(unit_id, side, unit_type, centre, facing_deg, playing)?,
            Command::DeleteUnits(units) if playing => self.remove_from_game(&units)?,
            Command::DeleteUnits(units) => self.delete_bases(&units)?,
            Command::AddTerrain(terrain) => self.add_terrain(*terrain, playing)?,
            Command::MoveTerrainPoint {
                terrain_id,
                index,
                to,
            } => self.move_terrain_point(&terrain_id, index, to, playing)?,
            Command::DeleteTerrain(terrain_id) => self.delete_terrain(&terrain_id, playing)?,
            Command::NewTable(table) => self.new_table(table)?,
            Command::OpenLayout(path) => self.open_layout(path)?,
            Command::OpenDemo(index) => self.open_demo(index)?,
            Command::OpenLayoutText { name, text } => self.open_layout_text(&name, &text)?,
            Command::SaveLayout(path) => {
                self.document.save(&path)?;
                self.fields.layout_path = path.display().to_string();
                self.remember_layout(&path);
                self.state.layout_path = Some(path);
            }
            Command::LoadPhoto(_) | Command::LoadPhotoBytes { .. } => self.load_photo(command)?,
            Command::ClearPhoto => self.document.photo = None,
            Command::CalibratePhoto { a, b, distance_mm } => {
                let photo = self.document.photo.as_mut().ok_or("load a photo first")?;
                photo.calibrate(a, b, distance_mm)?;
            }
            Command::CheckCalibration { a, b, distance_mm } => {
                let photo = self.document.photo.as_mut().ok_or("load a photo first")?;
                photo.check_pair(a, b, distance_mm);
            }
            Command::SetClubCells(text) => self.set_club_cells(text)?,
            Command::SetClubTables(dir) => self.set_club_tables(dir)?,
            Command::ExportClubTables(to) => self.export_club_tables(&to)?,
            Command::ImportClubTables { file, into } => self.import_club_tables(&file, into)?,
            Command::SetClubBundle(bundle) => self.set_club_bundle(bundle)?,
            Command::FitView => self.canvas.fit_next_frame(),
        }
        Ok(())
    }

    /// Adds a terrain piece drawn on the table, checked as a loaded one is.
    fn add_terrain(&mut self, terrain: Terrain, playing: bool) -> Result<(), String> {
        let mut all = self.document.layout.terrain().to_vec();
        all.push(terrain);
        self.check_terrain(&all)?;
        self.document.set_terrain(all);
        self.pending_terrain = playing;
        self.commit_table_edits()?;
        Ok(())
    }

    /// Opens a layout file.
    fn open_layout(&mut self, path: std::path::PathBuf) -> Result<(), String> {
        let charts = self.charts.as_ref().map_err(Clone::clone)?;
        let document = Document::open(&path, charts).map_err(|e| e.join("\n"))?;
        self.fields.layout_path = path.display().to_string();
        self.remember_layout(&path);
        self.state.layout_path = Some(path);
        self.replace_document(document);
        Ok(())
    }

    /// Opens a layout from its text (a file dropped or picked in the browser).
    fn open_layout_text(&mut self, name: &str, text: &str) -> Result<(), String> {
        let charts = self.charts.as_ref().map_err(Clone::clone)?;
        let document = Document::from_text(text, name, charts).map_err(|e| e.join("\n"))?;
        self.state.layout_path = None;
        self.replace_document(document);
        Ok(())
    }

    /// Lays the chart cells typed at the desk over the tables in force.
    fn set_club_cells(&mut self, text: String) -> Result<(), String> {
        let charts = load_charts(
            self.state.club_tables.as_deref(),
            self.club_bundle.as_ref(),
            &text,
        )?;
        self.charts = Ok(charts);
        self.fields.club_cells.clone_from(&text);
        self.state.club_cells = text;
        Ok(())
    }

    /// Puts a new base on the table, its size from the charts; in play it joins the game with its
    /// base, one event.
    fn add_unit(
        &mut self,
        unit_id: String,
        side: String,
        unit_type: String,
        centre: Point,
        facing_deg: f32,
        playing: bool,
    ) -> Result<(), String> {
        if self.document.layout.base(&unit_id).is_some() {
            return Err(format!("unit id '{unit_id}' is already on the table"));
        }
        let charts = self.charts.as_ref().map_err(Clone::clone)?;
        let size = match self.measuring_ruleset() {
            Ruleset::DbaZulu => {
                dba_base_size(charts, &unit_type, self.document.layout.figure_scale())
            }
            _ => mc_counter_size(charts, &unit_type),
        }
        .map_err(|e| format!("cannot add {unit_id}: {e}"))?;
        let base = Base::new(
            unit_id.clone(),
            side,
            centre,
            facing_deg,
            size.frontage_mm,
            size.depth_mm,
        )
        .with_type(unit_type);
        self.check_on_table(&base)?;
        let mut bases = self.document.layout.bases().to_vec();
        bases.push(base);
        if playing {
            // In play the unit joins the game with its base: one event.
            let one = self.document.layout.with_bases(bases.clone());
            let written = file::write(&one);
            let base_json = written["units"]
                .as_array()
                .and_then(|units| units.last())
                .cloned()
                .ok_or("the new base could not be written")?;
            let spec = crate::game::units_from_layout(&one, self.state.ruleset, self.charts())
                .pop()
                .ok_or("the new base could not be written")?;
            self.session.act(Action::PlaceBase {
                unit: spec,
                base: base_json,
            })?;
        } else {
            self.document.set_bases(bases);
        }
        self.canvas.selected = vec![unit_id];
        Ok(())
    }

    /// Takes bases out of the game in play: one event each, undone like any other.
    fn remove_from_game(&mut self, units: &[String]) -> Result<(), String> {
        // In play a base leaves the game: one event each, undone like any other.
        for unit_id in units {
            self.session.act(Action::Edit(UnitEdit::Removed {
                unit_id: UnitId(unit_id.clone()),
            }))?;
        }
        self.canvas.selected.retain(|s| !units.contains(s));
        Ok(())
    }

    /// Deletes bases from the layout (not in play).
    fn delete_bases(&mut self, units: &[String]) -> Result<(), String> {
        let bases = self
            .document
            .layout
            .bases()
            .iter()
            .filter(|b| !units.iter().any(|u| u == b.unit_id()))
            .cloned()
            .collect();
        self.document.set_bases(bases);
        self.canvas.selected.retain(|s| !units.contains(s));
        Ok(())
    }

    /// Moves one point of a terrain piece's outline, checked as a loaded outline is.
    fn move_terrain_point(
        &mut self,
        terrain_id: &str,
        index: usize,
        to: Point,
        playing: bool,
    ) -> Result<(), String> {
        let mut all = self.document.layout.terrain().to_vec();
        let piece = all
            .iter_mut()
            .find(|t| t.terrain_id == terrain_id)
            .ok_or_else(|| format!("no terrain '{terrain_id}' on the table"))?;
        let mut points = piece.points().to_vec();
        *points
            .get_mut(index)
            .ok_or_else(|| format!("{terrain_id} has no point {index}"))? = to;
        *piece = reshaped(piece, points);
        self.check_terrain(&all)?;
        self.document.set_terrain(all);
        self.pending_terrain |= playing;
        Ok(())
    }

    /// Deletes a terrain piece.
    fn delete_terrain(&mut self, terrain_id: &str, playing: bool) -> Result<(), String> {
        let all = self
            .document
            .layout
            .terrain()
            .iter()
            .filter(|t| t.terrain_id != terrain_id)
            .cloned()
            .collect();
        self.document.set_terrain(all);
        self.pending_terrain = playing;
        self.commit_table_edits()?;
        Ok(())
    }

    /// An empty table of this size, measured under the ruleset in force if it measures.
    fn new_table(&mut self, table: crate::geometry::Table) -> Result<(), String> {
        let ruleset = Some(self.measuring_ruleset())
            .filter(|r| matches!(r, Ruleset::DbaZulu | Ruleset::MicroColonial));
        let mut document = Document::empty(table);
        document.layout = Layout::new(table, Vec::new(), Vec::new()).with_ruleset(ruleset);
        self.replace_document(document);
        self.state.layout_path = None;
        Ok(())
    }

    /// Opens one of the demo battles.
    fn open_demo(&mut self, index: usize) -> Result<(), String> {
        let (title, text) = DEMOS.get(index).ok_or_else(|| format!("no demo {index}"))?;
        let charts = self.charts.as_ref().map_err(Clone::clone)?;
        let document = Document::from_text(text, title, charts).map_err(|e| e.join("\n"))?;
        self.replace_document(document);
        Ok(())
    }

    /// Lays a photo of the table under the plot, over the table's width until calibrated.
    fn load_photo(&mut self, command: Command) -> Result<(), String> {
        let mut photo = match command {
            Command::LoadPhotoBytes { name, bytes } => {
                Photo::from_bytes(std::path::Path::new(&name), &bytes)?
            }
            Command::LoadPhoto(path) => Photo::load(&path)?,
            _ => unreachable!("matched above"),
        };
        // Until calibrated, lay the photo over the whole table's width.
        let width_mm = self.document.layout.table.width_mm;
        photo.placement.mm_per_pixel = width_mm / photo.size_px[0].max(1) as f32;
        self.document.photo = Some(photo);
        self.canvas.calibration_points.clear();
        Ok(())
    }

    /// Lays a club's tables folder over the shipped tables; a folder that does not load leaves
    /// the charts in force as they were.
    fn set_club_tables(&mut self, dir: Option<std::path::PathBuf>) -> Result<(), String> {
        // A new, empty folder is made ready for the club's first value.
        if let Some(dir) = &dir
            && let Some(made) =
                crate::store::tables::ready_new_folder(dir, self.session.game().ruleset)?
        {
            self.messages.push(format!(
                "a new club tables folder: {} is ready for the club's values",
                made.display()
            ));
        }
        // A folder that does not load leaves the charts in force as they were.
        let charts = load_charts(
            dir.as_deref(),
            self.club_bundle.as_ref(),
            &self.state.club_cells,
        )?;
        self.charts = Ok(charts);
        self.fields.club_tables = dir
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        self.state.club_tables = dir;
        Ok(())
    }

    /// Writes the club tables folder in force to one bundle file.
    fn export_club_tables(&mut self, to: &std::path::Path) -> Result<(), String> {
        let dir = self
            .state
            .club_tables
            .clone()
            .ok_or("no club tables folder is in force: load one first")?;
        let count = crate::store::bundle::export(&dir, to, crate::store::Existing::Refuse)?;
        self.messages.push(format!(
            "exported {} ({count} files) to {}",
            dir.display(),
            to.display()
        ));
        Ok(())
    }

    /// Unpacks a bundle file into a folder and puts it in force.
    fn import_club_tables(
        &mut self,
        file: &std::path::Path,
        into: std::path::PathBuf,
    ) -> Result<(), String> {
        let written = crate::store::bundle::import(file, &into)?;
        self.messages.push(format!(
            "imported {} files from {} into {}",
            written.len(),
            file.display(),
            into.display()
        ));
        self.commands.push(Command::SetClubTables(Some(into)));
        Ok(())
    }

    /// Puts a club tables bundle in force; one that does not load leaves the charts as they were.
    fn set_club_bundle(&mut self, bundle: Option<super::keep::ClubBundle>) -> Result<(), String> {
        // A bundle that does not load leaves the charts in force as they were.
        let charts = load_charts(
            self.state.club_tables.as_deref(),
            bundle.as_ref(),
            &self.state.club_cells,
        )?;
        self.charts = Ok(charts);
        if let Some(club) = &bundle {
            self.messages.push(format!(
                "the club tables bundle {} is in force ({} files)",
                club.name,
                club.bundle.files.len()
            ));
        }
        self.club_bundle = bundle;
        Ok(())
    }

    /// The layout file's reader checks outlines (no self-crossing, on the table): drawn or
    /// edited terrain must pass the same checks as loaded terrain.
    fn check_terrain(&self, terrain: &[Terrain]) -> Result<(), String> {
        let candidate = Layout::new(self.document.layout.table, Vec::new(), terrain.to_vec())
            .with_ruleset(self.document.layout.ruleset);
        let charts = self.charts.as_ref().map_err(Clone::clone)?;
        let report = file::read(&file::write(&candidate).to_string(), charts);
        match report.errors.first() {
            Some(problem) => Err(format!("terrain not changed: {problem}")),
            None => Ok(()),
        }
    }

    fn replace_document(&mut self, document: Document) {
        if let Some(ruleset) = document.layout.ruleset {
            self.state.ruleset = ruleset;
        }
        self.messages.extend(document.warnings.iter().cloned());
        self.document = document;
        self.session = self.new_session();
        self.synced_head.clear();
        self.desk.clear();
        self.canvas.selected.clear();
        self.canvas.candidates = None;
        self.canvas.ruler = None;
        self.canvas.fit_next_frame();
    }

    fn edit_base(&mut self, unit_id: &str, change: impl Fn(&Base) -> Base) -> Result<(), String> {
        let mut bases = self.document.layout.bases().to_vec();
        let base = bases
            .iter_mut()
            .find(|b| b.unit_id() == unit_id)
            .ok_or_else(|| format!("no unit '{unit_id}' on the table"))?;
        let changed = change(base);
        self.check_on_table(&changed)?;
        *base = changed;
        self.document.set_bases(bases);
        Ok(())
    }

    /// A layout file may not hold a unit off the table ("a corner is at ..."): refuse
    /// the move rather than save a file that cannot be read back.
    fn check_on_table(&self, base: &Base) -> Result<(), String> {
        let table = self.document.layout.table;
        match base.corners().into_iter().find(|c| !table.holds(c)) {
            Some(c) => Err(format!(
                "{} would be off the table: a corner at ({:.1}, {:.1}) mm",
                base.unit_id(),
                c.x,
                c.y
            )),
            None => Ok(()),
        }
    }
}
