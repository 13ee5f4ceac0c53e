//! One frame of the real window (panels, canvas, measurement) with 500 units and every
//! overlay on — grid, ids, terrain, photo, firer → target measurement, ruler — run in a
//! headless egui context, laid out and tessellated as eframe would before painting. The
//! screen is 2560 × 1440 so the whole 6' × 4' table shows at a scale where every base's
//! id is drawn.

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Pos2, RawInput, Rect, vec2};
use laager::app::{Command, LaagerApp, State};
use laager::geometry::{Point, Table, Terrain, TerrainKind};

fn app_with_500_units(photo: &std::path::Path) -> LaagerApp {
    let mut app = LaagerApp::new(State::default(), None);
    app.push(Command::NewTable(Table::SIX_BY_FOUR));
    for i in 0..500 {
        let (row, col) = (i / 25, i % 25);
        let side = if row < 10 { "british" } else { "zulu" };
        app.push(Command::AddUnit {
            unit_id: format!("{}{i}", &side[..1].to_uppercase()),
            side: side.to_owned(),
            unit_type: if row < 10 {
                "british-regulars"
            } else {
                "zulus"
            }
            .to_owned(),
            centre: Point::new(60.0 + col as f32 * 68.0, 60.0 + row as f32 * 55.0),
            facing_deg: if row < 10 { 0.0 } else { 180.0 },
        });
    }
    let area = |x: f32, y: f32| {
        vec![
            Point::new(x, y),
            Point::new(x + 120.0, y - 10.0),
            Point::new(x + 150.0, y + 90.0),
            Point::new(x + 20.0, y + 110.0),
        ]
    };
    app.push(Command::AddTerrain(Box::new(
        Terrain::area("hill", TerrainKind::Hill, area(200.0, 600.0)).with_hill(
            1,
            Some(vec![Point::new(230.0, 650.0), Point::new(330.0, 650.0)]),
        ),
    )));
    app.push(Command::AddTerrain(Box::new(Terrain::area(
        "wood",
        TerrainKind::Wood,
        area(900.0, 520.0),
    ))));
    app.push(Command::AddTerrain(Box::new(Terrain::area(
        "rough",
        TerrainKind::Rough,
        area(1400.0, 400.0),
    ))));
    app.push(Command::AddTerrain(Box::new(Terrain::line(
        "wall",
        TerrainKind::Wall,
        vec![Point::new(100.0, 580.0), Point::new(1700.0, 590.0)],
    ))));
    app.push(Command::LoadPhoto(photo.to_owned()));
    app.push(Command::Select(vec!["B212".to_owned(), "Z362".to_owned()]));
    app.run_commands();
    app.canvas.ruler = Some([Point::new(100.0, 100.0), Point::new(900.0, 700.0)]);
    app
}

fn frame(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let photo = dir.path().join("table.png");
    image::RgbaImage::from_fn(640, 427, |x, y| {
        image::Rgba([(x % 256) as u8, (y % 256) as u8, 90, 255])
    })
    .save(&photo)
    .expect("the photo is written");
    let mut app = app_with_500_units(&photo);
    assert!(app.messages.is_empty(), "{:?}", app.messages);
    assert!(app.measurement().is_some(), "firer and target are measured");
    assert_eq!(app.document.layout.terrain().len(), 4);
    let ctx = egui::Context::default();
    let input = RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(2560.0, 1440.0))),
        ..RawInput::default()
    };
    // Warm the font atlas and upload the photo.
    let mut output = ctx.run_ui(input.clone(), |ui| app.show(ui));
    for _ in 0..3 {
        output = ctx.run_ui(input.clone(), |ui| app.show(ui));
    }
    let texts = output
        .shapes
        .iter()
        .filter(|s| matches!(s.shape, egui::Shape::Text(_)))
        .count();
    assert!(texts > 500, "every base's id is drawn ({texts} texts)");
    c.bench_function("canvas frame, 500 units, all overlays", |b| {
        b.iter(|| {
            let output = ctx.run_ui(input.clone(), |ui| app.show(ui));
            ctx.tessellate(output.shapes, output.pixels_per_point)
        });
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
