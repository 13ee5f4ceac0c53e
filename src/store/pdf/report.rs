//! The campaign report as a PDF to print: the campaign's name and seal, the games, the
//! standings by side and by player, the strength chart (drawn by plotters through a backend
//! that writes PDF paths, so it prints as sharp as the text) and each regiment's record, in
//! the record sheet's fonts: a name prints as typed, or as a stand-in with a warning.

use super::fonts::Font;
use super::page::{HEIGHT, Page, WIDTH};
use super::{FontSet, MARGIN, PrintedPdf, assemble, printable};
use crate::game::CampaignReport;
use crate::store::report::{ReportTable, ReportTables, chart, tables};
use plotters::backend::DrawingBackend;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use std::cell::RefCell;
use std::convert::Infallible;

const INNER: f32 = WIDTH - 2.0 * MARGIN;
const TOP: f32 = HEIGHT - MARGIN;
const BOTTOM: f32 = MARGIN;
const ROW: f32 = 13.0;
const BODY: f32 = 8.5;
/// The chart's size on the page, in points.
const CHART: (u32, u32) = (520, 270);

/// One piece of the report, laid out top to bottom.
enum Block<'a> {
    Title(&'a str),
    Seal(&'a str),
    Heading(&'a str, f32),
    Header(&'a ReportTable),
    Row(&'a ReportTable, usize),
    Empty,
    Chart,
}

impl Block<'_> {
    fn height(&self) -> f32 {
        match self {
            Block::Title(_) => 26.0,
            Block::Seal(_) => 16.0,
            Block::Heading(_, size) => size + 12.0,
            Block::Header(_) | Block::Row(..) | Block::Empty => ROW,
            Block::Chart => CHART.1 as f32 + 8.0,
        }
    }

    /// What must fit on the page with this block: a heading keeps its table's first rows.
    fn keep(&self) -> f32 {
        match self {
            Block::Heading(..) => self.height() + 2.0 * ROW,
            _ => self.height(),
        }
    }
}

/// The report as PDF bytes, with the warnings its pages print.
pub fn print(report: &CampaignReport) -> PrintedPdf {
    let words = tables(report);
    let blocks = blocks(&words);
    let mut fonts = FontSet::new();
    let mut pages = Vec::new();
    let mut warnings = Vec::new();
    let mut next = 0;
    while next < blocks.len() || pages.is_empty() {
        let mut page = Page::new(&mut fonts);
        let mut y = TOP;
        while let Some(block) = blocks.get(next) {
            if y - block.keep() < BOTTOM && y < TOP {
                break;
            }
            draw(&mut page, block, y, report);
            y -= block.height();
            next += 1;
        }
        page.text(
            Font::Regular,
            6.5,
            MARGIN,
            BOTTOM - 14.0,
            &format!(
                "{} — page {} — campaign seal {}",
                words.campaign,
                pages.len() + 1,
                &words.seal
            ),
        );
        warnings.extend(page.warnings().iter().cloned());
        pages.push(page.finish());
    }
    PrintedPdf {
        bytes: assemble(
            &format!("Campaign report: {}", words.campaign),
            &pages,
            &fonts,
        ),
        warnings,
    }
}

fn blocks(words: &ReportTables) -> Vec<Block<'_>> {
    let mut blocks = vec![Block::Title(&words.campaign), Block::Seal(&words.seal)];
    for table in [&words.games, &words.sides, &words.players] {
        push_table(&mut blocks, table, 13.0);
    }
    blocks.push(Block::Heading(chart::CAPTION, 13.0));
    blocks.push(Block::Chart);
    blocks.push(Block::Heading("Regiments", 13.0));
    for regiment in &words.regiments {
        push_table(&mut blocks, regiment, 10.5);
    }
    blocks
}

fn push_table<'a>(blocks: &mut Vec<Block<'a>>, table: &'a ReportTable, size: f32) {
    blocks.push(Block::Heading(&table.title, size));
    if table.rows.is_empty() {
        blocks.push(Block::Empty);
        return;
    }
    blocks.push(Block::Header(table));
    blocks.extend((0..table.rows.len()).map(|i| Block::Row(table, i)));
}

fn draw(page: &mut Page, block: &Block<'_>, top: f32, report: &CampaignReport) {
    match block {
        Block::Title(name) => {
            let name = printable(
                page,
                Font::Bold,
                name,
                "the campaign",
                "the campaign's name",
            );
            page.text_in(
                Font::Bold,
                16.0,
                (MARGIN, top - 18.0, INNER),
                super::page::Align::Left,
                &name.text,
            );
        }
        Block::Seal(seal) => {
            page.text(Font::Regular, BODY, MARGIN, top - 10.0, "Campaign seal:");
            page.text(Font::Mono, 7.5, MARGIN + 66.0, top - 10.0, seal);
        }
        Block::Heading(title, size) => {
            let shown = printable(page, Font::Bold, title, "a regiment", "a regiment's name");
            page.text_in(
                Font::Bold,
                *size,
                (MARGIN, top - size - 6.0, INNER),
                super::page::Align::Left,
                &shown.text,
            );
        }
        Block::Header(table) => {
            page.band(MARGIN, top - ROW + 2.0, INNER, ROW, 0.9);
            let cells: Vec<String> = table.headers.iter().map(|h| (*h).to_owned()).collect();
            row(page, table, &cells, top, Font::Bold);
        }
        Block::Row(table, i) => {
            let cells = &table.rows[*i];
            row(page, table, cells, top, Font::Regular);
            page.rule(
                (MARGIN, top - ROW + 2.0),
                (MARGIN + INNER, top - ROW + 2.0),
                0.3,
                0.75,
            );
        }
        Block::Empty => page.text(Font::Regular, BODY, MARGIN, top - 10.0, "None yet."),
        Block::Chart => {
            let backend = PdfBackend {
                page: RefCell::new(page),
                origin: (MARGIN, top),
                size: CHART,
            };
            if let Err(e) = chart::draw(backend, report, 8) {
                page.warn(e);
            }
        }
    }
}

/// One row of cells, each in its column's share of the width.
fn row(page: &mut Page, table: &ReportTable, cells: &[String], top: f32, font: Font) {
    let weights: Vec<f32> = table.headers.iter().map(|h| weight(h)).collect();
    let total: f32 = weights.iter().sum();
    let mut x = MARGIN;
    for ((cell, header), weight) in cells.iter().zip(&table.headers).zip(&weights) {
        let width = INNER * weight / total;
        let what = format!("{} ({header})", table.title);
        let shown = printable(page, font, cell, "?", &what);
        let cell_font = if *header == "seal" && font == Font::Regular {
            Font::Mono
        } else {
            font
        };
        page.text_in(
            cell_font,
            BODY,
            (x + 2.0, top - 9.5, width - 4.0),
            super::page::Align::Left,
            &shown.text,
        );
        x += width;
    }
}

/// A column's share of a table's width.
fn weight(header: &str) -> f32 {
    match header {
        "players" => 2.6,
        "game" | "player" | "side" => 2.0,
        "seal" => 1.9,
        "date" | "result" | "ruleset" => 1.5,
        "table" | "ended" | "strength lost" | "restored" => 1.1,
        _ => 0.8,
    }
}

/// plotters' drawing on a PDF page: the chart's pixels are points, from the top left of the
/// chart's box.
struct PdfBackend<'p, 'f> {
    page: RefCell<&'p mut Page<'f>>,
    origin: (f32, f32),
    size: (u32, u32),
}

impl PdfBackend<'_, '_> {
    fn at(&self, (x, y): BackendCoord) -> (f32, f32) {
        (self.origin.0 + x as f32, self.origin.1 - y as f32)
    }
}

fn rgb(colour: BackendColor) -> (f32, f32, f32) {
    let (r, g, b) = colour.rgb;
    (
        f32::from(r) / 255.0,
        f32::from(g) / 255.0,
        f32::from(b) / 255.0,
    )
}

fn stroke(style: &impl BackendStyle) -> f32 {
    (style.stroke_width() as f32).max(0.5)
}

impl DrawingBackend for PdfBackend<'_, '_> {
    type ErrorType = Infallible;

    fn get_size(&self) -> (u32, u32) {
        self.size
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<Infallible>> {
        Ok(())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        colour: BackendColor,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if colour.alpha > 0.0 {
            let (x, y) = self.at(point);
            let square = [(x, y), (x + 1.0, y), (x + 1.0, y - 1.0), (x, y - 1.0)];
            self.page.borrow_mut().polygon(&square, rgb(colour));
        }
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        self.draw_path([from, to], style)
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let (l, t) = upper_left;
        let (r, b) = bottom_right;
        let corners = [(l, t), (r, t), (r, b), (l, b)];
        if fill {
            self.fill_polygon(corners, style)
        } else {
            self.draw_path(corners.into_iter().chain([(l, t)]), style)
        }
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if style.color().alpha > 0.0 {
            let points: Vec<(f32, f32)> = path.into_iter().map(|p| self.at(p)).collect();
            self.page
                .borrow_mut()
                .polyline(&points, stroke(style), rgb(style.color()));
        }
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let (cx, cy) = self.at(center);
        let r = radius as f32;
        let mut points: Vec<(f32, f32)> = (0..24)
            .map(|i| {
                let angle = i as f32 * std::f32::consts::TAU / 24.0;
                (cx + r * angle.cos(), cy + r * angle.sin())
            })
            .collect();
        if style.color().alpha > 0.0 {
            let mut page = self.page.borrow_mut();
            if fill {
                page.polygon(&points, rgb(style.color()));
            } else {
                points.push(points[0]);
                page.polyline(&points, stroke(style), rgb(style.color()));
            }
        }
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vertices: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        if style.color().alpha > 0.0 {
            let points: Vec<(f32, f32)> = vertices.into_iter().map(|p| self.at(p)).collect();
            self.page.borrow_mut().polygon(&points, rgb(style.color()));
        }
        Ok(())
    }

    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<Infallible>> {
        let size = style.size() as f32;
        let mut page = self.page.borrow_mut();
        let shown = printable(&mut page, Font::Regular, text, "?", "a label of the chart");
        let width = page.width(Font::Regular, &shown.text, size);
        let anchor = style.anchor();
        let along = match anchor.h_pos {
            HPos::Left => 0.0,
            HPos::Center => width / 2.0,
            HPos::Right => width,
        };
        // From the anchor to the baseline, across the text's line.
        let across = match anchor.v_pos {
            VPos::Top => size * 0.8,
            VPos::Center => size * 0.35,
            VPos::Bottom => 0.0,
        };
        let (x, y) = self.at(pos);
        match style.transform() {
            FontTransform::Rotate270 => {
                page.text_up(Font::Regular, size, x + across, y - along, &shown.text);
            }
            _ => page.text(Font::Regular, size, x - along, y - across, &shown.text),
        }
        Ok(())
    }

    fn estimate_text_size<T: BackendTextStyle>(
        &self,
        text: &str,
        style: &T,
    ) -> Result<(u32, u32), DrawingErrorKind<Infallible>> {
        let size = style.size() as f32;
        let width = self.page.borrow_mut().width(Font::Regular, text, size);
        Ok((width.ceil() as u32, size.ceil() as u32))
    }
}
