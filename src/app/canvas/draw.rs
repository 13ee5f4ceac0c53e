//! Painting the canvas: cloth and grid, photo, terrain, bases, and the overlays of what
//! was measured. Everything is drawn from table mm through `screen_from_table`.

use super::length::{LengthUnit, both};
use super::measure::Measurement;
use super::photo::PHOTO_TINT;
use super::view::pos;
use super::{Canvas, CanvasSettings, HANDLE_REACH_PT, handle_point};
use crate::app::document::Document;
use crate::geometry::{Base, Point, Terrain, TerrainKind};
use crate::rules::words::readable;
use egui::emath::RectTransform;
use egui::epaint::{Mesh, PathStroke};
use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, Ui};

/// A side's colour: red coats, Zulu brown, and a steady colour from the name otherwise.
pub fn side_colour(side: &str) -> Color32 {
    match side.to_ascii_lowercase().as_str() {
        "british" | "british-regulars" => Color32::from_rgb(190, 40, 40),
        "zulu" | "zulus" => Color32::from_rgb(120, 80, 40),
        "nnc" | "natal" => Color32::from_rgb(200, 140, 40),
        other => {
            let hash = other
                .bytes()
                .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
            Color32::from_rgb(
                60 + (hash % 150) as u8,
                60 + ((hash >> 8) % 150) as u8,
                60 + ((hash >> 16) % 150) as u8,
            )
        }
    }
}

/// Each terrain kind's fill.
pub fn terrain_colour(kind: TerrainKind) -> Color32 {
    let (r, g, b) = match kind {
        TerrainKind::Hill => (150, 120, 70),
        TerrainKind::Cover | TerrainKind::Scrub => (110, 140, 60),
        TerrainKind::BrokenGround | TerrainKind::Rough => (130, 110, 90),
        TerrainKind::SoftSand => (220, 200, 140),
        TerrainKind::DeadGround => (90, 90, 110),
        TerrainKind::Wood => (40, 100, 40),
        TerrainKind::Building | TerrainKind::Camp | TerrainKind::Laager => (170, 160, 150),
        TerrainKind::Kraal => (160, 130, 90),
        TerrainKind::Wall | TerrainKind::PreparedPosition => (120, 120, 120),
        TerrainKind::Hedge => (50, 120, 50),
        TerrainKind::Trench | TerrainKind::Donga => (100, 80, 60),
        TerrainKind::River => (60, 120, 200),
        TerrainKind::Road => (190, 170, 120),
        TerrainKind::Impassable => (60, 60, 60),
    };
    Color32::from_rgba_unmultiplied(r, g, b, 150)
}

/// The hover text of a unit.
pub fn unit_tooltip(base: &Base, strength: Option<&String>) -> String {
    // Side and troop type as words ("Zulu, Zulus"), as the roster has them.
    let kind = if base.unit_type().is_empty() {
        "no type".to_owned()
    } else {
        readable(base.unit_type())
    };
    let strength = strength
        .map(|s| format!("\npresent strength {s}"))
        .unwrap_or_default();
    format!(
        "{} ({}, {})\ncentre ({:.1}, {:.1}) mm, facing {:.0}°\n{:.1} × {:.1} mm{strength}",
        base.unit_id(),
        readable(base.side()),
        kind,
        base.centre().x,
        base.centre().y,
        base.facing_deg(),
        base.frontage(),
        base.depth()
    )
}

fn screen(t: &RectTransform, p: Point) -> Pos2 {
    *t * pos(p)
}

/// Draws everything.
pub fn canvas(
    painter: &Painter,
    ui: &Ui,
    canvas: &Canvas,
    settings: &CanvasSettings,
    document: &mut Document,
    measurement: Option<&Measurement>,
) {
    let t = settings.view.screen_from_table(canvas.rect);
    let visuals = ui.visuals();
    let dark = visuals.dark_mode;
    let table = document.layout.table;
    let table_screen = Rect::from_two_pos(
        t * Pos2::ZERO,
        t * Pos2::new(table.width_mm, table.depth_mm),
    );
    painter.rect_filled(canvas.rect, 0.0, visuals.extreme_bg_color);
    let cloth = if dark {
        Color32::from_rgb(52, 70, 46)
    } else {
        Color32::from_rgb(196, 214, 170)
    };
    painter.rect_filled(table_screen, 0.0, cloth);
    if let Some(photo) = document.photo.as_mut() {
        let rect = photo.table_rect();
        let photo_screen = Rect::from_two_pos(t * rect.min, t * rect.max);
        if let Some(texture) = photo.texture(ui.ctx()) {
            painter.image(
                texture.id(),
                photo_screen,
                Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
                PHOTO_TINT,
            );
        }
    }
    if settings.grid {
        grid(
            painter,
            &t,
            table_screen.intersect(canvas.rect),
            settings.unit,
            dark,
        );
    }
    let edge = if dark {
        Color32::from_gray(220)
    } else {
        Color32::from_gray(30)
    };
    painter.rect_stroke(
        table_screen,
        0.0,
        Stroke::new(2.0, edge),
        StrokeKind::Outside,
    );
    for (i, terrain) in document.layout.terrain().iter().enumerate() {
        draw_terrain(painter, &t, terrain, document.terrain_triangles(i));
    }
    let labels = settings.labels;
    for base in document.layout.bases() {
        let role = canvas.selected.iter().position(|s| s == base.unit_id());
        let label = base_label(
            base,
            canvas.strengths.get(base.unit_id()).map(String::as_str),
        );
        draw_base(painter, &t, base, &label, role, labels, dark);
    }
    if let Some(m) = measurement {
        draw_measurement(painter, &t, document, m);
    }
    // The turning handle shows on the one unit selected, never once a target is picked.
    if let [only] = canvas.selected.as_slice()
        && let Some(base) = document.layout.base(only)
    {
        let reach = HANDLE_REACH_PT / settings.view.points_per_mm;
        let (front, handle) = (
            screen(&t, base.front_centre()),
            screen(&t, handle_point(base, reach)),
        );
        painter.line_segment([front, handle], Stroke::new(1.5, Color32::YELLOW));
        painter.circle(
            handle,
            5.0,
            Color32::YELLOW,
            Stroke::new(1.0, Color32::BLACK),
        );
    }
    overlays(painter, &t, canvas, document, settings);
}

fn grid(painter: &Painter, t: &RectTransform, clip: Rect, unit: LengthUnit, dark: bool) {
    let ppm = t.scale().x;
    // The finest step at least 6 points apart: 1 mm, 10 mm, 100 mm... or 1/4", 1", 6", 1'.
    let steps: &[f32] = match unit {
        LengthUnit::Mm => &[1.0, 5.0, 10.0, 50.0, 100.0, 500.0, 1000.0],
        LengthUnit::Inches => &[0.25, 1.0, 6.0, 12.0, 36.0],
    };
    let mm = unit.mm();
    let Some(i) = steps.iter().position(|s| s * mm * ppm >= 6.0) else {
        return;
    };
    let minor = steps[i] * mm;
    let major = steps.get(i + 1).map_or(minor, |s| s * mm);
    let back = t.inverse();
    let (lo, hi) = (back * clip.left_bottom(), back * clip.right_top());
    let alpha = if dark { 28 } else { 40 };
    let (minor_colour, major_colour) = if dark {
        (
            Color32::from_white_alpha(alpha),
            Color32::from_white_alpha(alpha * 3),
        )
    } else {
        (
            Color32::from_black_alpha(alpha),
            Color32::from_black_alpha(alpha * 3),
        )
    };
    let mut x = (lo.x.max(0.0) / minor).ceil() * minor;
    while x <= hi.x {
        let is_major = ((x / major).round() * major - x).abs() < minor * 0.01;
        let sx = (*t * Pos2::new(x, 0.0)).x;
        painter.vline(
            sx,
            clip.y_range(),
            Stroke::new(1.0, if is_major { major_colour } else { minor_colour }),
        );
        x += minor;
    }
    let mut y = (lo.y.max(0.0) / minor).ceil() * minor;
    while y <= hi.y {
        let is_major = ((y / major).round() * major - y).abs() < minor * 0.01;
        let sy = (*t * Pos2::new(0.0, y)).y;
        painter.hline(
            clip.x_range(),
            sy,
            Stroke::new(1.0, if is_major { major_colour } else { minor_colour }),
        );
        y += minor;
    }
}

fn draw_terrain(
    painter: &Painter,
    t: &RectTransform,
    terrain: &Terrain,
    triangles: Option<&[[u32; 3]]>,
) {
    let colour = terrain_colour(terrain.kind);
    let points: Vec<Pos2> = terrain.points().iter().map(|p| screen(t, *p)).collect();
    let outline = Stroke::new(1.5, colour.to_opaque());
    if terrain.is_area() {
        if let Some(triangles) = triangles {
            let mut mesh = Mesh::default();
            for p in &points {
                mesh.colored_vertex(*p, colour);
            }
            for [a, b, c] in triangles {
                mesh.add_triangle(*a, *b, *c);
            }
            painter.add(Shape::mesh(mesh));
        }
        painter.add(Shape::closed_line(points.clone(), outline));
    } else {
        painter.add(Shape::line(
            points.clone(),
            Stroke::new(4.0, colour.to_opaque()),
        ));
    }
    if let Some((crest, _)) = terrain.hill.as_ref().and_then(|h| h.crest.as_ref()) {
        let crest: Vec<Pos2> = crest.iter().map(|p| screen(t, *p)).collect();
        painter.add(Shape::dashed_line(
            &crest,
            Stroke::new(1.5, Color32::from_rgb(90, 60, 20)),
            6.0,
            4.0,
        ));
    }
    if let Some(first) = points.first() {
        let centre = points
            .iter()
            .fold(Pos2::ZERO, |acc, p| acc + p.to_vec2() / points.len() as f32);
        let at = if terrain.is_area() { centre } else { *first };
        painter.text(
            at,
            Align2::CENTER_CENTER,
            crate::rules::words::readable(&terrain.terrain_id),
            FontId::proportional(11.0),
            Color32::from_black_alpha(160),
        );
    }
}

/// What is written on a base: its id, and its present strength when the records give it.
pub fn base_label(base: &Base, strength: Option<&str>) -> String {
    match strength {
        Some(strength) => format!("{}: {strength}", base.unit_id()),
        None => base.unit_id().to_owned(),
    }
}

/// The firer (first selected) in yellow, the target (second) in orange-red, each with a
/// badge naming its role; others selected in yellow.
const FIRER: Color32 = Color32::YELLOW;
const TARGET: Color32 = Color32::from_rgb(255, 90, 40);

fn draw_base(
    painter: &Painter,
    t: &RectTransform,
    base: &Base,
    label: &str,
    role: Option<usize>,
    labels: bool,
    dark: bool,
) {
    let corners = base.corners().map(|c| screen(t, c));
    let fill = side_colour(base.side());
    let outline = match role {
        Some(1) => Stroke::new(3.5, TARGET),
        Some(_) => Stroke::new(3.0, FIRER),
        None => Stroke::new(
            1.0,
            if dark {
                Color32::from_gray(230)
            } else {
                Color32::BLACK
            },
        ),
    };
    painter.add(Shape::convex_polygon(corners.to_vec(), fill, outline));
    // The facing mark: the front edge thick, and a tick from the centre to it.
    painter.line_segment([corners[0], corners[1]], Stroke::new(3.0, Color32::WHITE));
    painter.line_segment(
        [screen(t, base.centre()), screen(t, base.front_centre())],
        Stroke::new(1.0, Color32::WHITE),
    );
    if let Some(role) = role.filter(|r| *r < 2) {
        // A badge beyond the base's corner: "firer" or "target", never mistaken.
        let (text, colour) = if role == 0 {
            ("firer", FIRER)
        } else {
            ("target", TARGET)
        };
        // The firer's badge above its highest corner, the target's below its lowest: two
        // bases in contact never stack their badges.
        let galley =
            painter.layout_no_wrap(text.to_owned(), FontId::proportional(12.0), Color32::BLACK);
        let rect = if role == 0 {
            let top = corners
                .iter()
                .copied()
                .fold(corners[0], |a, b| if b.y < a.y { b } else { a });
            Align2::CENTER_BOTTOM.anchor_size(top - egui::vec2(0.0, 3.0), galley.size())
        } else {
            let bottom = corners
                .iter()
                .copied()
                .fold(corners[0], |a, b| if b.y > a.y { b } else { a });
            Align2::CENTER_TOP.anchor_size(bottom + egui::vec2(0.0, 3.0), galley.size())
        }
        .expand(2.0);
        painter.rect_filled(rect, 3.0, colour);
        painter.galley(rect.min + egui::vec2(2.0, 2.0), galley, Color32::BLACK);
    }
    // The name runs along the frontage, as written on a base's front: in full when it fits,
    // else shortened to fit (the tooltip has it in full).
    let along = corners[1] - corners[0];
    let (width, depth) = (along.length(), (corners[1] - corners[2]).length());
    if labels && width > 16.0 && depth > 7.0 {
        let size = (depth * 0.6).clamp(8.0, 14.0);
        let font = FontId::proportional(size);
        let fits = |text: &str| {
            let galley = painter.layout_no_wrap(text.to_owned(), font.clone(), Color32::WHITE);
            (galley.size().x <= width * 0.95).then_some(galley)
        };
        let galley = fits(label).or_else(|| fits(base.unit_id())).or_else(|| {
            let chars: Vec<char> = base.unit_id().chars().collect();
            (1..chars.len())
                .rev()
                .find_map(|n| fits(&format!("{}…", chars[..n].iter().collect::<String>())))
        });
        if let Some(galley) = galley {
            let mut angle = along.angle();
            // Keep the text upright: never upside down on the screen.
            if angle > std::f32::consts::FRAC_PI_2 {
                angle -= std::f32::consts::PI;
            } else if angle < -std::f32::consts::FRAC_PI_2 {
                angle += std::f32::consts::PI;
            }
            let half = galley.size() / 2.0;
            let rot = egui::emath::Rot2::from_angle(angle);
            let at = screen(t, base.centre()) - rot * half;
            painter.add(egui::epaint::TextShape::new(at, galley, Color32::WHITE).with_angle(angle));
        }
    }
}

fn draw_measurement(painter: &Painter, t: &RectTransform, document: &Document, m: &Measurement) {
    if let Ok(arc) = &m.arc {
        let region: Vec<Pos2> = arc.region.iter().map(|p| screen(t, *p)).collect();
        let colour = if arc.in_arc {
            Color32::from_rgba_unmultiplied(60, 160, 255, 40)
        } else {
            Color32::from_rgba_unmultiplied(160, 160, 160, 40)
        };
        painter.add(Shape::convex_polygon(
            region,
            colour,
            Stroke::new(1.0, colour.to_opaque()),
        ));
    }
    let sight_colour = if m.sight.clear {
        Color32::from_rgb(40, 170, 60)
    } else {
        Color32::RED
    };
    let along: Vec<Pos2> = m.sight.along.iter().map(|p| screen(t, *p)).collect();
    if along.len() > 2 {
        painter.add(Shape::closed_line(
            along,
            PathStroke::new(1.5, sight_colour),
        ));
    } else {
        painter.add(Shape::dashed_line(
            &along,
            Stroke::new(2.0, sight_colour),
            8.0,
            4.0,
        ));
    }
    if let Some(blocker) = &m.sight.blocked_by {
        if let Some(base) = document.layout.base(&blocker.id) {
            let corners = base.corners().map(|c| screen(t, c));
            painter.add(Shape::closed_line(
                corners.to_vec(),
                Stroke::new(4.0, Color32::RED),
            ));
        } else if let Some(terrain) = document
            .layout
            .terrain()
            .iter()
            .find(|x| x.terrain_id == blocker.id)
        {
            let points: Vec<Pos2> = terrain.points().iter().map(|p| screen(t, *p)).collect();
            if terrain.is_area() {
                painter.add(Shape::closed_line(points, Stroke::new(4.0, Color32::RED)));
            } else {
                painter.add(Shape::line(points, Stroke::new(6.0, Color32::RED)));
            }
        }
        painter.circle_stroke(
            screen(t, blocker.point),
            6.0,
            Stroke::new(2.0, Color32::RED),
        );
    }
    let (from, to) = (screen(t, m.range.from), screen(t, m.range.to));
    painter.line_segment([from, to], Stroke::new(2.5, Color32::from_rgb(30, 30, 200)));
    painter.circle_filled(from, 3.0, Color32::from_rgb(30, 30, 200));
    painter.circle_filled(to, 3.0, Color32::from_rgb(30, 30, 200));
    // Bases touching need no tape: their shared edge is drawn below, and a label there
    // would cover the firer's and the target's badges.
    if m.range.mm >= 0.05 {
        label(painter, from + (to - from) / 2.0, &both(m.range.mm));
    }
    if let Some((a, b)) = m.contact.shared {
        painter.line_segment(
            [screen(t, a), screen(t, b)],
            Stroke::new(5.0, Color32::from_rgb(255, 200, 0)),
        );
    }
}

fn label(painter: &Painter, at: Pos2, text: &str) {
    let galley =
        painter.layout_no_wrap(text.to_owned(), FontId::proportional(14.0), Color32::BLACK);
    let rect = Align2::CENTER_BOTTOM
        .anchor_size(at - egui::vec2(0.0, 4.0), galley.size())
        .expand(2.0);
    painter.rect_filled(rect, 3.0, Color32::from_white_alpha(220));
    painter.galley(rect.min + egui::vec2(2.0, 2.0), galley, Color32::BLACK);
}

fn overlays(
    painter: &Painter,
    t: &RectTransform,
    canvas: &Canvas,
    document: &Document,
    settings: &CanvasSettings,
) {
    if let Some([a, b]) = canvas.ruler {
        let (sa, sb) = (screen(t, a), screen(t, b));
        painter.line_segment([sa, sb], Stroke::new(2.0, Color32::from_rgb(230, 120, 0)));
        painter.circle_filled(sa, 3.0, Color32::from_rgb(230, 120, 0));
        label(painter, sb, &both(parry2d::na::distance(&a, &b)));
    }
    if !canvas.draft.is_empty() {
        let colour = terrain_colour(settings.terrain_kind).to_opaque();
        let points: Vec<Pos2> = canvas.draft.iter().map(|p| screen(t, *p)).collect();
        painter.add(Shape::line(points.clone(), Stroke::new(2.0, colour)));
        for p in points {
            painter.circle_filled(p, 3.5, colour);
        }
    }
    if let Some(photo) = &document.photo {
        for (i, pixel) in canvas.calibration_points.iter().enumerate() {
            let at = *t * photo.table_from_pixel(*pixel);
            painter.circle_stroke(at, 6.0, Stroke::new(2.0, Color32::from_rgb(255, 0, 200)));
            painter.text(
                at + egui::vec2(8.0, -8.0),
                Align2::LEFT_BOTTOM,
                format!("{}", i + 1),
                FontId::proportional(13.0),
                Color32::from_rgb(255, 0, 200),
            );
        }
    }
    if let Some(candidates) = canvas.candidates {
        for (i, p) in candidates.iter().enumerate() {
            let at = screen(t, *p);
            painter.circle_stroke(at, 7.0, Stroke::new(2.5, Color32::from_rgb(0, 200, 255)));
            painter.text(
                at + egui::vec2(9.0, -9.0),
                Align2::LEFT_BOTTOM,
                format!("point {}", i + 1),
                FontId::proportional(13.0),
                Color32::from_rgb(0, 160, 220),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_carries_its_present_strength_when_the_records_give_it() {
        let base = Base::new(
            "2/24 G",
            "british",
            Point::new(100.0, 100.0),
            0.0,
            40.0,
            15.0,
        );
        assert_eq!(base_label(&base, None), "2/24 G");
        assert_eq!(base_label(&base, Some("8 FF")), "2/24 G: 8 FF");
    }
}
