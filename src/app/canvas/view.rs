//! Pan and zoom: where the camera looks on the table and how many screen points a
//! millimetre takes, and the one transform (`screen_from_table`) built from them.

use crate::geometry::{Point, Table};
use egui::emath::RectTransform;
use egui::{Pos2, Rect, Vec2, pos2};
use serde::{Deserialize, Serialize};

/// The camera over the table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct View {
    /// The table point (mm) shown at the middle of the canvas.
    pub centre_mm: [f32; 2],
    /// Screen points per millimetre.
    pub points_per_mm: f32,
}

impl Default for View {
    fn default() -> Self {
        View {
            centre_mm: [457.2, 304.8],
            points_per_mm: 0.8,
        }
    }
}

/// The width the smallest base is drawn at, at least, when a table is first shown.
pub const READABLE_BASE_PT: f32 = 24.0;

/// The closest and farthest zoom the canvas allows, in points per mm.
pub const ZOOM_RANGE: (f32, f32) = (0.02, 40.0);

impl View {
    /// The view that shows the whole table inside `canvas`, with a margin.
    pub fn fit(table: &Table, canvas: Rect) -> View {
        let margin = 1.08;
        let scale_x = canvas.width() / (table.width_mm * margin);
        let scale_y = canvas.height() / (table.depth_mm * margin);
        View {
            centre_mm: [table.width_mm / 2.0, table.depth_mm / 2.0],
            points_per_mm: scale_x.min(scale_y).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1),
        }
    }

    /// The view that shows the table, zoomed in far enough that the smallest base is at
    /// least `READABLE_BASE_PT` wide — but never so far that a base leaves the canvas: on a
    /// small window the bases all stay in view (centred on them), as large as that allows.
    pub fn fit_readable(table: &Table, bases: &[crate::geometry::Base], canvas: Rect) -> View {
        let mut view = View::fit(table, canvas);
        let smallest = bases
            .iter()
            .map(crate::geometry::Base::frontage)
            .fold(f32::INFINITY, f32::min);
        if smallest.is_finite()
            && smallest > 0.0
            && smallest * view.points_per_mm < READABLE_BASE_PT
        {
            let (mut min, mut max) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
            for base in bases {
                for c in base.corners() {
                    min = [min[0].min(c.x), min[1].min(c.y)];
                    max = [max[0].max(c.x), max[1].max(c.y)];
                }
            }
            // The zoom that still shows every base, with a margin of a twentieth each side.
            let span = [(max[0] - min[0]).max(1.0), (max[1] - min[1]).max(1.0)];
            let all_in_view =
                (canvas.width() / (span[0] * 1.1)).min(canvas.height() / (span[1] * 1.1));
            let readable = READABLE_BASE_PT / smallest;
            view.points_per_mm = readable
                .min(all_in_view)
                .max(view.points_per_mm)
                .clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
            view.centre_mm = [f32::midpoint(min[0], max[0]), f32::midpoint(min[1], max[1])];
        }
        view
    }

    /// The view that shows every unit on the table inside `canvas`, with a margin of a
    /// tenth of their spread each side (at least 30 mm), as large as that allows: the table
    /// as played, not the whole cloth. With no unit, the whole table.
    pub fn fit_units(table: &Table, bases: &[crate::geometry::Base], canvas: Rect) -> View {
        let (mut min, mut max) = ([f32::INFINITY; 2], [f32::NEG_INFINITY; 2]);
        for base in bases {
            for c in base.corners() {
                min = [min[0].min(c.x), min[1].min(c.y)];
                max = [max[0].max(c.x), max[1].max(c.y)];
            }
        }
        if !min[0].is_finite() {
            return View::fit(table, canvas);
        }
        let margin = |span: f32| (span * 0.1).max(30.0);
        let span = [max[0] - min[0], max[1] - min[1]];
        let width = span[0] + 2.0 * margin(span[0]);
        let depth = span[1] + 2.0 * margin(span[1]);
        let zoom = (canvas.width() / width).min(canvas.height() / depth);
        View {
            centre_mm: [f32::midpoint(min[0], max[0]), f32::midpoint(min[1], max[1])],
            points_per_mm: zoom.clamp(ZOOM_RANGE.0, ZOOM_RANGE.1),
        }
    }

    /// Maps table millimetres (x right, y towards the far edge, which is up on the screen)
    /// onto the canvas rectangle.
    pub fn screen_from_table(&self, canvas: Rect) -> RectTransform {
        let half = canvas.size() / (2.0 * self.points_per_mm);
        let [cx, cy] = self.centre_mm;
        // The far edge (larger y) is at the top of the screen: the source rect runs from
        // top-left (small x, large y) to bottom-right (large x, small y).
        let table_rect = Rect::from_min_max(
            pos2(cx - half.x, cy + half.y),
            pos2(cx + half.x, cy - half.y),
        );
        RectTransform::from_to(table_rect, canvas)
    }

    /// Moves the view by a drag of `delta` screen points (the table follows the pointer).
    pub fn pan_by_screen(&mut self, delta: Vec2) {
        self.centre_mm[0] -= delta.x / self.points_per_mm;
        self.centre_mm[1] += delta.y / self.points_per_mm;
    }

    /// Zooms by `factor`, keeping the table point under `anchor` (a screen position) still.
    pub fn zoom_about(&mut self, factor: f32, anchor: Pos2, canvas: Rect) {
        let before = self.screen_from_table(canvas).inverse() * anchor;
        self.points_per_mm = (self.points_per_mm * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
        let after = self.screen_from_table(canvas).inverse() * anchor;
        self.centre_mm[0] += before.x - after.x;
        self.centre_mm[1] += before.y - after.y;
    }
}

/// A table point as an egui position (both in mm).
pub fn pos(point: Point) -> Pos2 {
    pos2(point.x, point.y)
}

/// An egui position in table mm as a table point.
pub fn point(pos: Pos2) -> Point {
    Point::new(pos.x, pos.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas() -> Rect {
        Rect::from_min_size(pos2(100.0, 50.0), Vec2::new(800.0, 600.0))
    }

    #[test]
    fn far_edge_is_up_and_inverse_round_trips() {
        let view = View {
            centre_mm: [500.0, 400.0],
            points_per_mm: 2.0,
        };
        let screen_from_table = view.screen_from_table(canvas());
        let centre = screen_from_table * pos2(500.0, 400.0);
        assert_eq!(centre, canvas().center());
        // 10 mm towards the far edge is 20 points up the screen.
        let farther = screen_from_table * pos2(500.0, 410.0);
        assert!((farther.y - (centre.y - 20.0)).abs() < 1e-3);
        let back = screen_from_table.inverse() * farther;
        assert!((back.y - 410.0).abs() < 1e-3);
    }

    #[test]
    fn zoom_keeps_the_point_under_the_pointer() {
        let mut view = View::default();
        let anchor = pos2(300.0, 200.0);
        let before = view.screen_from_table(canvas()).inverse() * anchor;
        view.zoom_about(1.7, anchor, canvas());
        let after = view.screen_from_table(canvas()).inverse() * anchor;
        assert!((before - after).length() < 1e-2);
    }
}
