//! The report's chart, drawn by plotters on any of its backends: each side's strength on the
//! table game by game, as SVG for the web page ([`svg`]) and into the PDF's page by the
//! backend in `store::pdf::report`.

use crate::game::CampaignReport;
use plotters::prelude::*;

/// The chart's size in the SVG, in pixels.
pub const SVG_SIZE: (u32, u32) = (760, 360);

/// The chart's caption, as the report heads it.
pub const CAPTION: &str = "Each side's strength on the table, game by game";

/// A side's colour by its place among the sides: red, blue, green, orange, purple, black,
/// then round again.
pub fn colour(index: usize) -> RGBColor {
    const PALETTE: [RGBColor; 6] = [
        RGBColor(178, 34, 34),
        RGBColor(31, 87, 160),
        RGBColor(34, 120, 60),
        RGBColor(214, 120, 0),
        RGBColor(110, 50, 140),
        RGBColor(30, 30, 30),
    ];
    PALETTE[index % PALETTE.len()]
}

/// The point a side starts from and each game's end: x 0 is the strength its units first
/// joined with, x N the strength on the table at the end of game N.
pub fn points(side: &crate::game::SideStrength) -> Vec<(u32, u64)> {
    let mut points = Vec::new();
    if let Some(first) = side.games.first() {
        points.push((0, first.start));
    }
    for game in &side.games {
        points.push((u32::try_from(game.game).unwrap_or(u32::MAX), game.end));
    }
    points
}

/// Draws the chart on `backend`, its text `font_size` tall for the labels (the caption and
/// the legend scale from it). An empty campaign draws empty axes.
pub fn draw<DB: DrawingBackend>(
    backend: DB,
    report: &CampaignReport,
    font_size: u32,
) -> Result<(), String> {
    let error = |e: plotters::drawing::DrawingAreaErrorKind<DB::ErrorType>| {
        format!("the strength chart could not be drawn: {e}")
    };
    let root = backend.into_drawing_area();
    root.fill(&WHITE).map_err(error)?;
    let games = u32::try_from(report.standings.games.len())
        .unwrap_or(u32::MAX)
        .max(1);
    let top = report
        .strength
        .iter()
        .flat_map(points)
        .map(|(_, strength)| strength)
        .max()
        .unwrap_or(0)
        .max(1);
    let font = f64::from(font_size);
    let mut chart = ChartBuilder::on(&root)
        .margin(font_size)
        .x_label_area_size(font_size * 3)
        .y_label_area_size(font_size * 5)
        .build_cartesian_2d(0u32..games, 0u64..top + top / 10 + 1)
        .map_err(error)?;
    chart
        .configure_mesh()
        .x_desc("game (0: as the units first joined)")
        .y_desc("strength: FF, bases or SP")
        .x_labels(usize::try_from(games + 1).unwrap_or(usize::MAX).min(21))
        .x_label_formatter(&|x| format!("{x}"))
        .label_style(("sans-serif", font))
        .light_line_style(WHITE)
        .bold_line_style(RGBColor(215, 215, 215))
        .draw()
        .map_err(error)?;
    for (i, side) in report.strength.iter().enumerate() {
        let colour = colour(i);
        let line = points(side);
        chart
            .draw_series(LineSeries::new(line.clone(), colour.stroke_width(2)))
            .map_err(error)?
            .label(side.side.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        chart
            .draw_series(
                line.into_iter()
                    .map(|point| Circle::new(point, font_size / 3 + 1, colour.filled())),
            )
            .map_err(error)?;
    }
    if !report.strength.is_empty() {
        chart
            .configure_series_labels()
            .label_font(("sans-serif", font))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(error)?;
    }
    root.present().map_err(error)?;
    Ok(())
}

/// The chart as an SVG document.
pub fn svg(report: &CampaignReport) -> Result<String, String> {
    let mut text = String::new();
    draw(SVGBackend::with_string(&mut text, SVG_SIZE), report, 13)?;
    Ok(text)
}
