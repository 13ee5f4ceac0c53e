//! One frame of the real window (panels, canvas, measurement) with 500 units and every
//! overlay on — grid, ids, terrain, photo, firer → target measurement, ruler — run in a
//! headless egui context, laid out and tessellated as eframe would before painting.

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Pos2, RawInput, Rect, vec2};
use laager::app::{Command, LaagerApp, State};
use laager::geometry::{Point, Table};

fn app_with_500_units(photo: &std::path::Path) -> LaagerApp {
    let mut app = LaagerApp::new(State::default(), None);
    app.push(Command::NewTable(Table::SIX_BY_FOUR));
    for i in 0..500 {
        let (row, col) = (i / 25, i % 25);
        let side = if row < 10 { "british" } else { "zulu" };
        app.push(Command::AddUnit {
            unit_id: format!("{side} {i}"),
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
    app.push(Command::LoadPhoto(photo.to_owned()));
    app.push(Command::Select(vec![
        "british 212".to_owned(),
        "zulu 362".to_owned(),
    ]));
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
    let ctx = egui::Context::default();
    let input = RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1400.0, 900.0))),
        ..RawInput::default()
    };
    // Warm the font atlas and upload the photo.
    for _ in 0..3 {
        let _ = ctx.run_ui(input.clone(), |ui| app.show(ui));
    }
    c.bench_function("canvas frame, 500 units, all overlays", |b| {
        b.iter(|| {
            let output = ctx.run_ui(input.clone(), |ui| app.show(ui));
            ctx.tessellate(output.shapes, output.pixels_per_point)
        });
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
