//! The table canvas: the layout drawn to scale over an optional photo, with pan and zoom,
//! selection, moving and turning units, the ruler, the terrain tool and photo calibration.
//! Input becomes [`Command`]s; the canvas changes only its own view and tool state.

pub mod draw;
pub mod length;
pub mod measure;
pub mod measure_panel;
pub mod photo;
pub mod placement;
pub mod tools;
pub mod units_panel;
pub mod view;

use super::command::Command;
use super::document::Document;
use crate::geometry::{Base, Layout, Point, Real, Terrain, TerrainKind};
use egui::{Key, PointerButton, Pos2, Rect, Sense, Ui};
use length::LengthUnit;
use measure::Measurement;
use parry2d::query::PointQuery;
use serde::{Deserialize, Serialize};
use tools::Tool;
use view::View;

/// The canvas settings remembered between runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
#[allow(clippy::struct_excessive_bools, reason = "independent view switches")]
pub struct CanvasSettings {
    /// The unit of the grid and of typed distances.
    pub unit: LengthUnit,
    /// Whether the grid is drawn.
    pub grid: bool,
    /// Whether moves snap to the grid's finest step and turns to 15°.
    pub snap: bool,
    /// Whether unit ids are written on the bases.
    pub labels: bool,
    /// The camera.
    pub view: View,
    /// The active tool.
    pub tool: Tool,
    /// The kind the terrain tool draws.
    pub terrain_kind: TerrainKind,
    /// Whether the terrain tool draws a line (for kinds that may be either).
    pub terrain_as_line: bool,
}

impl Default for CanvasSettings {
    fn default() -> Self {
        CanvasSettings {
            unit: LengthUnit::default(),
            grid: true,
            snap: false,
            labels: true,
            view: View::default(),
            tool: Tool::default(),
            terrain_kind: TerrainKind::Rough,
            terrain_as_line: false,
        }
    }
}

/// What the pointer is dragging.
#[derive(Debug, Clone)]
enum Drag {
    /// A unit, held at an offset from its centre; `from` is where its centre was when
    /// it was picked up.
    Move {
        unit_id: String,
        grab: Point,
        from: Point,
    },
    /// A unit's turning handle.
    Turn { unit_id: String },
    /// The ruler's far end.
    Ruler,
    /// One point of a terrain outline.
    Vertex { terrain_id: String, index: usize },
    /// The view.
    Pan,
}

/// What a fit of the view shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FitTo {
    /// The units' bounding box, with a margin (on opening, Fit units).
    Units,
    /// The whole table (Fit table).
    Table,
}

/// The canvas's state for this run.
#[derive(Debug)]
pub struct Canvas {
    /// The selected units, in order: the first is the firer, the second the target.
    pub selected: Vec<String>,
    /// The ruler's two ends, table mm.
    pub ruler: Option<[Point; 2]>,
    /// The terrain outline being drawn.
    pub draft: Vec<Point>,
    /// Calibration clicks on the photo, in image pixels (two for the scale, two to check).
    pub calibration_points: Vec<Pos2>,
    /// The two points a tape placement allows, shown until one is chosen.
    pub candidates: Option<[Point; 2]>,
    /// The canvas rectangle of the last frame.
    pub rect: Rect,
    /// The unit under the pointer.
    pub hovered: Option<String>,
    /// Each unit's present strength as the records give it (`10 FF`, `2 bases`, `3 SP`),
    /// written on its base; filled by whoever keeps the records (the desk).
    pub strengths: std::collections::HashMap<String, String>,
    drag: Option<Drag>,
    /// The selection as it stood when the pointer last went down (a long press picks a
    /// target for it).
    before_press: Vec<String>,
    /// This frame's new primary press on the canvas, where it went down.
    press: Option<Pos2>,
    /// Whether the primary button was down when the canvas's last frame ended.
    primary_held: bool,
    fitted: bool,
    fitted_in: Option<Rect>,
    /// What the next fit shows: the units (on opening, Fit units) or the whole table.
    fit_to: FitTo,
    /// Whether the table is played on (set by the app each frame): a fit then shows the
    /// units; in Set up it shows the whole table, readable where room allows.
    pub play: bool,
}

impl Default for Canvas {
    fn default() -> Self {
        Canvas {
            selected: Vec::new(),
            ruler: None,
            draft: Vec::new(),
            calibration_points: Vec::new(),
            candidates: None,
            rect: Rect::NOTHING,
            hovered: None,
            strengths: std::collections::HashMap::new(),
            drag: None,
            before_press: Vec::new(),
            press: None,
            primary_held: false,
            fitted: false,
            fitted_in: None,
            fit_to: FitTo::Units,
            play: true,
        }
    }
}

/// The unit under a table point: the last drawn (topmost) whose base holds it.
pub fn unit_at(layout: &Layout, at: Point) -> Option<&Base> {
    layout
        .bases()
        .iter()
        .rev()
        .find(|b| b.shape().contains_point(b.table_from_base(), &at))
}

/// The width under which a base is too small to hit surely, in screen points.
pub const SMALL_BASE_PT: Real = 24.0;

/// How near a click must come to a small base to take it, in screen points.
pub const NEAR_BASE_PT: Real = 12.0;

/// The unit a click at a table point takes, at `points_per_mm`: the one under it, else,
/// where bases are drawn under [`SMALL_BASE_PT`] wide (units spread over the whole table),
/// the nearest base within [`NEAR_BASE_PT`] of it.
pub fn unit_near(layout: &Layout, at: Point, points_per_mm: Real) -> Option<&Base> {
    if let Some(base) = unit_at(layout, at) {
        return Some(base);
    }
    let reach_mm = NEAR_BASE_PT / points_per_mm;
    layout
        .bases()
        .iter()
        .filter(|b| b.frontage().min(b.depth()) * points_per_mm < SMALL_BASE_PT)
        .map(|b| {
            (
                b,
                b.shape().distance_to_point(b.table_from_base(), &at, true),
            )
        })
        .filter(|(_, d)| *d <= reach_mm)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(b, _)| b)
}

/// Where a unit's turning handle is: ahead of the front edge's middle, `reach_mm` out.
pub fn handle_point(base: &Base, reach_mm: Real) -> Point {
    base.front_centre() + base.forward() * reach_mm
}

/// The facing (degrees clockwise from the far edge) that points from `from` to `to`.
fn facing_towards(from: Point, to: Point) -> Real {
    let d = to - from;
    d.x.atan2(d.y).to_degrees()
}

/// The handle's distance ahead of the front edge, in screen points.
pub const HANDLE_REACH_PT: Real = 14.0;

impl Canvas {
    /// The view transform of the last frame: table mm to screen points.
    pub fn screen_from_table(&self, settings: &CanvasSettings) -> egui::emath::RectTransform {
        settings.view.screen_from_table(self.rect)
    }

    /// Fits the units in the canvas, with a margin, at the next frame.
    pub fn fit_next_frame(&mut self) {
        self.fitted = false;
        self.fit_to = FitTo::Units;
    }

    /// Fits the whole table in the canvas at the next frame.
    pub fn fit_table_next_frame(&mut self) {
        self.fitted = false;
        self.fit_to = FitTo::Table;
    }

    /// The view the canvas fits to: the units, or the whole table.
    fn fitted_view(&self, table: crate::geometry::Table, bases: &[Base], rect: Rect) -> View {
        if self.fit_to == FitTo::Table {
            View::fit(&table, rect)
        } else if self.play {
            View::fit_units(&table, bases, rect)
        } else {
            View::fit_readable(&table, bases, rect)
        }
    }

    /// Draws the canvas into the rest of `ui` and turns its input into commands.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        settings: &mut CanvasSettings,
        document: &mut Document,
        measurement: Option<&Measurement>,
        commands: &mut Vec<Command>,
    ) {
        let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
        let rect = response.rect;
        if rect.width() < 1.0 || rect.height() < 1.0 {
            // The panels have taken the whole window: no canvas to draw or map into.
            return;
        }
        self.rect = rect;
        let table = document.layout.table;
        // Fit when asked, and keep fitting while the view is still the fitted one and the
        // canvas changes size (the panels settle over the first frames; the window resizes).
        let bases = document.layout.bases();
        let still_fitted = self
            .fitted_in
            .is_some_and(|r| r != rect && settings.view == self.fitted_view(table, bases, r));
        if (!self.fitted || still_fitted) && rect.width() > 1.0 {
            settings.view = self.fitted_view(table, bases, rect);
            self.fitted = true;
            self.fitted_in = Some(rect);
        }
        Self::handle_view_input(ui, &response, settings);
        let screen_from_table = settings.view.screen_from_table(rect);
        let table_from_screen = screen_from_table.inverse();
        let pointer = response
            .hover_pos()
            .map(|p| view::point(table_from_screen * p));
        let zoom = settings.view.points_per_mm;
        self.hovered = pointer
            .and_then(|p| unit_near(&document.layout, p, zoom))
            .map(|b| b.unit_id().to_owned());
        if !ui.ctx().egui_wants_keyboard_input() {
            self.handle_keys(ui, settings, document, commands);
        }
        self.press = self.new_primary_press(ui, &response);
        // A finger held still sends no events, and egui sees a long press only on a frame
        // drawn while the finger is down: look again shortly, so the press is seen in time
        // (a browser on a phone sent nothing until the finger lifted).
        if ui.input(egui::InputState::any_touches) {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(100));
        }
        match settings.tool {
            Tool::Select => self.select_input(ui, &response, settings, &document.layout, commands),
            Tool::Ruler => self.ruler_input(ui, settings),
            Tool::Terrain => {
                self.terrain_input(ui, &response, settings, &document.layout, commands);
            }
            Tool::Calibrate => self.calibrate_input(&response, settings, document),
        }
        draw::canvas(&painter, ui, self, settings, document, measurement);
        if let Some(unit_id) = &self.hovered
            && self.drag.is_none()
            && let Some(base) = document.layout.base(unit_id)
        {
            response
                .on_hover_text_at_pointer(draw::unit_tooltip(base, self.strengths.get(unit_id)));
        }
    }

    fn handle_view_input(ui: &Ui, response: &egui::Response, settings: &mut CanvasSettings) {
        let rect = response.rect;
        if response.dragged_by(PointerButton::Secondary)
            || response.dragged_by(PointerButton::Middle)
        {
            settings.view.pan_by_screen(response.drag_delta());
        }
        // Two fingers pan (their pinch zooms, through zoom_delta below).
        if response.hovered()
            && let Some(touch) = ui.input(egui::InputState::multi_touch)
            && touch.num_touches >= 2
            && touch.translation_delta != egui::Vec2::ZERO
        {
            settings.view.pan_by_screen(touch.translation_delta);
        }
        if response.hovered() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.0015).exp();
            if (factor - 1.0).abs() > 1e-4
                && let Some(anchor) = response.hover_pos()
            {
                settings.view.zoom_about(factor, anchor, rect);
            }
        }
    }

    fn handle_keys(
        &mut self,
        ui: &Ui,
        settings: &mut CanvasSettings,
        document: &Document,
        commands: &mut Vec<Command>,
    ) {
        let rect = self.rect;
        let (pressed, shift): (Vec<Key>, bool) = ui.input(|i| {
            let keys = i
                .events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Key {
                        key,
                        pressed: true,
                        modifiers,
                        ..
                    } if !modifiers.ctrl && !modifiers.alt && !modifiers.command => Some(*key),
                    _ => None,
                })
                .collect();
            (keys, i.modifiers.shift)
        });
        for key in pressed {
            if let Some(tool) = Tool::ALL.into_iter().find(|t| t.shortcut() == key) {
                settings.tool = tool;
                continue;
            }
            let step = rect.width().min(rect.height()) * 0.1;
            match key {
                Key::ArrowLeft => settings.view.pan_by_screen(egui::vec2(step, 0.0)),
                Key::ArrowRight => settings.view.pan_by_screen(egui::vec2(-step, 0.0)),
                Key::ArrowUp => settings.view.pan_by_screen(egui::vec2(0.0, step)),
                Key::ArrowDown => settings.view.pan_by_screen(egui::vec2(0.0, -step)),
                Key::Plus | Key::Equals => settings.view.zoom_about(1.25, rect.center(), rect),
                Key::Minus => settings.view.zoom_about(0.8, rect.center(), rect),
                Key::Home => settings.view = View::fit(&document.layout.table, rect),
                Key::G => settings.grid = !settings.grid,
                Key::OpenBracket | Key::CloseBracket => {
                    let turn = if shift { 1.0 } else { 15.0 };
                    let turn = if key == Key::OpenBracket { -turn } else { turn };
                    for unit_id in &self.selected {
                        if let Some(base) = document.layout.base(unit_id) {
                            commands.push(Command::TurnUnit {
                                unit_id: unit_id.clone(),
                                facing_deg: normalise(base.facing_deg() + turn),
                            });
                        }
                    }
                    commands.push(Command::DragEnded);
                }
                Key::Delete if settings.tool == Tool::Select && !self.selected.is_empty() => {
                    commands.push(Command::DeleteUnits(self.selected.clone()));
                }
                Key::Backspace if settings.tool == Tool::Terrain => {
                    self.draft.pop();
                }
                Key::Enter if settings.tool == Tool::Terrain => {
                    self.finish_terrain(settings, &document.layout, commands);
                }
                Key::Escape => {
                    self.draft.clear();
                    self.ruler = None;
                    self.calibration_points.clear();
                    self.candidates = None;
                }
                _ => {}
            }
        }
    }

    /// The primary press that begins this frame on the canvas, if one does.
    ///
    /// The press's own position, from its event: a quick click or tap is pressed and
    /// released within one frame, when the pointer no longer has a press origin. A press
    /// while the button is already down is the same press told again: in a browser eframe
    /// passes on a touch's `pointerdown` and then its `touchstart`, each as a press, in
    /// frames of their own (and its `pointerup` and `touchend` as two releases). Taken as a
    /// second press, it would see the selection the first one made.
    fn new_primary_press(&mut self, ui: &Ui, response: &egui::Response) -> Option<Pos2> {
        let mut held = self.primary_held;
        let press = ui.input(|i| {
            let mut press = None;
            for event in &i.events {
                if let egui::Event::PointerButton {
                    pos,
                    button: PointerButton::Primary,
                    pressed,
                    ..
                } = event
                {
                    if *pressed && !held && press.is_none() {
                        press = Some(*pos);
                    }
                    held = *pressed;
                }
            }
            press
        });
        // egui's own state at the end of the frame, so a release missed while the canvas
        // was not drawn does not leave the button held here.
        self.primary_held = ui.input(|i| i.pointer.primary_down());
        press.filter(|p| response.hovered() && response.rect.contains(*p))
    }

    /// Drops the drag under way; a base it moved goes back where it was picked up, and the
    /// poses it changed are not logged.
    fn cancel_drag(&mut self, commands: &mut Vec<Command>) {
        match self.drag.take() {
            Some(Drag::Move { unit_id, from, .. }) => {
                commands.push(Command::MoveUnit {
                    unit_id,
                    centre: from,
                });
                commands.push(Command::DragCancelled);
            }
            // A turn keeps the facing it reached, logged as any turn is.
            Some(Drag::Turn { .. }) => commands.push(Command::DragEnded),
            _ => {}
        }
    }

    fn select_input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        settings: &mut CanvasSettings,
        layout: &Layout,
        commands: &mut Vec<Command>,
    ) {
        self.secondary_target(response, settings, layout, commands);
        // A second finger down makes the gesture a pan or a pinch (handled with the view):
        // the first finger's drag is no move of a base.
        if ui.input(|i| i.multi_touch().is_some_and(|t| t.num_touches >= 2)) {
            self.cancel_drag(commands);
            return;
        }
        if let Some(press) = self.press {
            self.pressed(ui, press, settings, layout, commands);
        }
        self.dragged(ui, settings, layout, commands);
    }

    /// A right-click (or a long press) on a unit: the target of the unit selected.
    fn secondary_target(
        &mut self,
        response: &egui::Response,
        settings: &CanvasSettings,
        layout: &Layout,
        commands: &mut Vec<Command>,
    ) {
        let table_from_screen = settings.view.screen_from_table(self.rect).inverse();
        let zoom = settings.view.points_per_mm;
        // A right-click (or a long press on a touch screen) on a unit selects it as the
        // target of the unit already selected, as shift-click does.
        if response.secondary_clicked()
            && let Some(pos) = response.interact_pointer_pos().or(response.hover_pos())
            && let Some(base) = unit_near(layout, view::point(table_from_screen * pos), zoom)
        {
            let target = base.unit_id().to_owned();
            // A long press began as a primary press, which already selected the target:
            // the firer is what was selected before it. A right-click keeps the selection.
            let firer_from = if response.long_touched() {
                &self.before_press
            } else {
                &self.selected
            };
            let mut selected: Vec<String> = firer_from
                .iter()
                .filter(|id| **id != target)
                .take(1)
                .cloned()
                .collect();
            selected.push(target);
            commands.push(Command::Select(selected));
            // The press held still is no move: put back a base the finger nudged.
            self.cancel_drag(commands);
        }
    }

    /// A press: on the selected unit's handle it turns the unit, on a unit it selects
    /// (shift: adds or takes away) and picks it up, elsewhere it pans the view.
    fn pressed(
        &mut self,
        ui: &Ui,
        press: egui::Pos2,
        settings: &CanvasSettings,
        layout: &Layout,
        commands: &mut Vec<Command>,
    ) {
        let screen_from_table = settings.view.screen_from_table(self.rect);
        let table_from_screen = screen_from_table.inverse();
        let zoom = settings.view.points_per_mm;
        self.before_press.clone_from(&self.selected);
        let at = view::point(table_from_screen * press);
        let shift = ui.input(|i| i.modifiers.shift);
        let reach = HANDLE_REACH_PT / settings.view.points_per_mm;
        // The handle is on the one unit selected, and never takes a shift-click meant
        // for a target.
        let on_handle = match self.selected.as_slice() {
            [only] if !shift => layout.base(only).filter(|b| {
                let handle = screen_from_table * view::pos(handle_point(b, reach));
                handle.distance(press) <= 8.0
            }),
            _ => None,
        };
        if let Some(base) = on_handle {
            self.drag = Some(Drag::Turn {
                unit_id: base.unit_id().to_owned(),
            });
        } else if let Some(base) = unit_near(layout, at, zoom) {
            let unit_id = base.unit_id().to_owned();
            let mut selected = self.selected.clone();
            if shift {
                if let Some(i) = selected.iter().position(|s| *s == unit_id) {
                    selected.remove(i);
                } else {
                    selected.push(unit_id.clone());
                }
            } else if !selected.contains(&unit_id) {
                selected = vec![unit_id.clone()];
            }
            commands.push(Command::Select(selected));
            self.drag = Some(Drag::Move {
                unit_id,
                grab: Point::from(base.centre() - at),
                from: base.centre(),
            });
        } else {
            if !shift {
                commands.push(Command::Select(Vec::new()));
            }
            self.drag = Some(Drag::Pan);
        }
    }

    /// The pointer held down: the base picked up follows it (snapped), the base turned
    /// faces it, or the view pans; a base let go ends the move.
    fn dragged(
        &mut self,
        ui: &Ui,
        settings: &mut CanvasSettings,
        layout: &Layout,
        commands: &mut Vec<Command>,
    ) {
        let table_from_screen = settings.view.screen_from_table(self.rect).inverse();
        if ui.input(|i| i.pointer.primary_down()) {
            let pointer = ui.input(|i| i.pointer.interact_pos());
            match (&self.drag, pointer) {
                (
                    Some(Drag::Move {
                        unit_id,
                        grab,
                        from,
                    }),
                    Some(p),
                ) => {
                    let at = view::point(table_from_screen * p);
                    let mut centre = at + grab.coords;
                    // A pointer held at its press (egui reads a long press as a drag)
                    // keeps the base where it was picked up: snapping must not nudge a
                    // base the pointer never moved.
                    let still = ui
                        .input(|i| i.pointer.press_origin())
                        .is_some_and(|origin| (p - origin).length() < 1.0);
                    if still {
                        centre = *from;
                    } else if settings.snap {
                        let step = settings.unit.mm()
                            * if settings.unit == LengthUnit::Inches {
                                0.25
                            } else {
                                5.0
                            };
                        centre = Point::new(
                            (centre.x / step).round() * step,
                            (centre.y / step).round() * step,
                        );
                    }
                    if layout
                        .base(unit_id)
                        .is_some_and(|b| (b.centre() - centre).norm() > 1e-3)
                    {
                        commands.push(Command::MoveUnit {
                            unit_id: unit_id.clone(),
                            centre,
                        });
                    }
                }
                (Some(Drag::Turn { unit_id }), Some(p)) => {
                    if let Some(base) = layout.base(unit_id) {
                        let at = view::point(table_from_screen * p);
                        let mut facing = facing_towards(base.centre(), at);
                        if settings.snap {
                            facing = (facing / 15.0).round() * 15.0;
                        }
                        let facing = normalise(facing);
                        if normalise(facing - base.facing_deg()).abs() > 1e-3 {
                            commands.push(Command::TurnUnit {
                                unit_id: unit_id.clone(),
                                facing_deg: facing,
                            });
                        }
                    }
                }
                (Some(Drag::Pan), _) => {
                    settings.view.pan_by_screen(ui.input(|i| i.pointer.delta()));
                }
                _ => {}
            }
        } else if let Some(drag) = self.drag.take()
            && matches!(drag, Drag::Move { .. } | Drag::Turn { .. })
        {
            // A base let go: in play, its new pose is one event in the game's log.
            commands.push(Command::DragEnded);
        }
    }

    fn ruler_input(&mut self, ui: &Ui, settings: &CanvasSettings) {
        let table_from_screen = settings.view.screen_from_table(self.rect).inverse();
        if let Some(press) = self.press {
            let at = view::point(table_from_screen * press);
            self.ruler = Some([at, at]);
            self.drag = Some(Drag::Ruler);
        }
        if ui.input(|i| i.pointer.primary_down()) {
            if let (Some(Drag::Ruler), Some(p), Some(ruler)) = (
                &self.drag,
                ui.input(|i| i.pointer.interact_pos()),
                self.ruler.as_mut(),
            ) {
                ruler[1] = view::point(table_from_screen * p);
            }
        } else {
            self.drag = None;
        }
    }

    fn terrain_input(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        settings: &CanvasSettings,
        layout: &Layout,
        commands: &mut Vec<Command>,
    ) {
        let screen_from_table = settings.view.screen_from_table(self.rect);
        let table_from_screen = screen_from_table.inverse();
        // With no outline under way, a press on a terrain point drags that point.
        if self.draft.is_empty()
            && let Some(press) = self.press
        {
            self.drag = layout.terrain().iter().find_map(|t| {
                let index = t
                    .points()
                    .iter()
                    .position(|p| (screen_from_table * view::pos(*p)).distance(press) <= 7.0)?;
                Some(Drag::Vertex {
                    terrain_id: t.terrain_id.clone(),
                    index,
                })
            });
        }
        if let Some(Drag::Vertex { terrain_id, index }) = &self.drag {
            if ui.input(|i| i.pointer.primary_down()) {
                let to = ui
                    .input(|i| i.pointer.interact_pos())
                    .map(|p| view::point(table_from_screen * p));
                let current = layout
                    .terrain()
                    .iter()
                    .find(|t| t.terrain_id == *terrain_id)
                    .and_then(|t| t.points().get(*index).copied());
                if let (Some(to), Some(current)) = (to, current)
                    && (to - current).norm() > 1e-3
                {
                    commands.push(Command::MoveTerrainPoint {
                        terrain_id: terrain_id.clone(),
                        index: *index,
                        to,
                    });
                }
            } else {
                // The release ends the drag; it is not a click that adds a point.
                self.drag = None;
                commands.push(Command::DragEnded);
            }
            return;
        }
        if response.double_clicked() {
            self.finish_terrain(settings, layout, commands);
        } else if response.clicked()
            && let Some(p) = response.interact_pointer_pos()
        {
            self.draft.push(view::point(table_from_screen * p));
        }
    }

    /// Turns the drawn outline into terrain of the chosen kind (an area, or a line for
    /// linear obstacles and when drawing a line).
    pub fn finish_terrain(
        &mut self,
        settings: &CanvasSettings,
        layout: &Layout,
        commands: &mut Vec<Command>,
    ) {
        let kind = settings.terrain_kind;
        let as_line = kind.is_linear() || (settings.terrain_as_line && kind.may_be_line());
        let needed = if as_line { 2 } else { 3 };
        if self.draft.len() < needed {
            return;
        }
        let n = (1..=layout.terrain().len() + 1)
            .find(|n| {
                !layout
                    .terrain()
                    .iter()
                    .any(|t| t.terrain_id == format!("{}-{n}", kind.name()))
            })
            .unwrap_or(1);
        let terrain_id = format!("{}-{n}", kind.name());
        let points = std::mem::take(&mut self.draft);
        let terrain = if as_line {
            Terrain::line(terrain_id, kind, points)
        } else {
            Terrain::area(terrain_id, kind, points)
        };
        commands.push(Command::AddTerrain(Box::new(terrain)));
    }

    fn calibrate_input(
        &mut self,
        response: &egui::Response,
        settings: &CanvasSettings,
        document: &Document,
    ) {
        let table_from_screen = settings.view.screen_from_table(self.rect).inverse();
        if response.clicked()
            && let (Some(p), Some(photo)) = (response.interact_pointer_pos(), &document.photo)
        {
            if self.calibration_points.len() >= 4 {
                self.calibration_points.clear();
            }
            self.calibration_points
                .push(photo.pixel_from_table(table_from_screen * p));
        }
    }
}

/// A facing in (-180, 180].
pub fn normalise(facing_deg: Real) -> Real {
    let f = facing_deg.rem_euclid(360.0);
    if f > 180.0 { f - 360.0 } else { f }
}
