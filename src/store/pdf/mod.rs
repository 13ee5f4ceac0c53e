//! Casualty record sheets as a PDF to print: one A4 page per twenty units, each page headed
//! with the game's name, its move and the head of its log (the hash that names the log as
//! it stood), each unit's record as its ruleset keeps it — Micro Colonial IF, PF and, by
//! move, D (struck through once taken into account) and K; DBA bases; Victoria Cross and
//! Soldiers of the Queen strength points. The text is real text in embedded subsets of
//! DejaVu Sans (and of a font of the computer's for a script it lacks: `fonts`), so it can
//! be selected, searched and extracted as typed. A name no font here prints stands as its
//! unit's record number, with a warning on the page and in [`PrintedPdf::warnings`].
//!
//! The bytes are built here without touching a file; the CLI and the window write them.

mod embed;
mod fonts;
mod page;
pub mod report;
mod system;

pub use system::{FAMILIES as FALLBACK_FAMILIES, font_data_for as system_font_for};

use crate::game::{McUnit, RecordSheet, SheetRows, sheet::StrengthUnit};
use crate::record::Status;
use crate::rules::words::readable;
use fonts::{Font, FontSet};
use page::{Align, HEIGHT, Page, WIDTH};
use pdf_writer::{Finish, Name, Pdf, Rect, Ref, TextStr};

/// Units on one page.
pub const UNITS_PER_PAGE: usize = 20;

const MARGIN: f32 = 36.0;
/// Where the rows start (the top of the first) and end (the bottom of the last).
const ROWS_TOP: f32 = HEIGHT - MARGIN - 78.0;
const ROWS_BOTTOM: f32 = MARGIN + 26.0;
const ROW_HEIGHT: f32 = (ROWS_TOP - ROWS_BOTTOM) / UNITS_PER_PAGE as f32;
const INNER: f32 = WIDTH - 2.0 * MARGIN;
/// The size of a row's first line (the unit's name and its figures).
const BODY: f32 = 8.5;
/// The size of the smaller lines.
const SMALL: f32 = 7.0;

/// One game's sheet to print, with the head of its log.
#[derive(Debug, Clone, Copy)]
pub struct Printed<'a> {
    /// The sheet.
    pub sheet: &'a RecordSheet,
    /// The hash of the game's last logged event.
    pub head: &'a str,
}

/// How many pages a sheet prints on: one per twenty units, at least one.
pub fn page_count(sheet: &RecordSheet) -> usize {
    unit_count(sheet).div_ceil(UNITS_PER_PAGE).max(1)
}

fn unit_count(sheet: &RecordSheet) -> usize {
    match &sheet.rows {
        SheetRows::MicroColonial { units } => units.len(),
        SheetRows::Bases { units } | SheetRows::StrengthPoints { units } => units.len(),
    }
}

/// A PDF of record sheets, with the warnings printed on its pages (a name no font here
/// prints, and what stands for it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedPdf {
    /// The PDF.
    pub bytes: Vec<u8>,
    /// The warnings, as the pages print them.
    pub warnings: Vec<String>,
}

/// The characters of `text` the sheet cannot print: no font here has them (the shipped
/// DejaVu Sans, then the computer's fonts of [`FALLBACK_FAMILIES`]), or their script is set
/// right to left or with joined letters. Empty when the sheet prints `text` as typed.
pub fn unprintable(text: &str) -> Vec<char> {
    FontSet::new().missing(Font::Regular, text)
}

/// One game's record sheet as PDF bytes.
pub fn record_sheet(sheet: &RecordSheet, head: &str) -> Vec<u8> {
    record_sheets(&[Printed { sheet, head }])
}

/// Several games' record sheets as one PDF, each game starting on a new page.
pub fn record_sheets(sheets: &[Printed<'_>]) -> Vec<u8> {
    print(sheets).bytes
}

/// Several games' record sheets as one PDF, with the warnings its pages print.
pub fn print(sheets: &[Printed<'_>]) -> PrintedPdf {
    let mut fonts = FontSet::new();
    let mut pages: Vec<Vec<u8>> = Vec::new();
    let mut warnings = Vec::new();
    for printed in sheets {
        let count = page_count(printed.sheet);
        for number in 0..count {
            let mut page = Page::new(&mut fonts);
            draw_page(&mut page, *printed, number, count);
            warnings.extend(page.warnings().iter().cloned());
            pages.push(page.finish());
        }
    }
    if pages.is_empty() {
        let mut page = Page::new(&mut fonts);
        page.text(
            Font::Regular,
            BODY,
            MARGIN,
            HEIGHT - MARGIN - BODY,
            "No games to print.",
        );
        pages.push(page.finish());
    }
    let title = match sheets {
        [one] => format!("Casualty record sheet: {}", one.sheet.name),
        _ => "Casualty record sheets".to_owned(),
    };
    PrintedPdf {
        bytes: assemble(&title, &pages, &fonts),
        warnings,
    }
}

/// The PDF around the pages' content streams: catalog, page tree, fonts, document info.
fn assemble(title: &str, pages: &[Vec<u8>], fonts: &FontSet) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let info = Ref::new(3);
    let page_ids: Vec<Ref> = (0..pages.len() as i32)
        .map(|i| Ref::new(4 + 2 * i))
        .collect();
    let mut next = 4 + 2 * pages.len() as i32;
    let font_resources = embed::write(&mut pdf, fonts, &mut next);
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_ids.iter().copied())
        .count(pages.len() as i32);
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("Laager"));
    for (content, page_id) in pages.iter().zip(&page_ids) {
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, WIDTH, HEIGHT))
            .parent(tree)
            .contents(content_id);
        let mut resources = page.resources();
        let mut fonts = resources.fonts();
        for (name, id) in &font_resources {
            fonts.pair(Name(name.as_bytes()), *id);
        }
        fonts.finish();
        resources.finish();
        page.finish();
        pdf.stream(content_id, content);
    }
    pdf.finish()
}

/// One page: the heading, the column titles, up to twenty units, the key.
fn draw_page(page: &mut Page, printed: Printed<'_>, number: usize, count: usize) {
    let sheet = printed.sheet;
    let top = HEIGHT - MARGIN;
    let name = printable(
        page,
        Font::Bold,
        &sheet.name,
        &format!("game {}", sheet.game),
        &format!("game {}'s name", sheet.game),
    )
    .text;
    page.text_in(
        Font::Bold,
        14.0,
        (MARGIN, top - 14.0, INNER),
        Align::Left,
        &format!("Casualty record sheet: {name}"),
    );
    page.text_in(
        Font::Regular,
        9.0,
        (MARGIN, top - 30.0, INNER),
        Align::Left,
        &format!(
            "{} · game {} · move {} · {} unit{} · page {} of {count}",
            sheet.ruleset.title(),
            sheet.game,
            sheet.move_number,
            unit_count(sheet),
            if unit_count(sheet) == 1 { "" } else { "s" },
            number + 1,
        ),
    );
    page.text(Font::Regular, SMALL, MARGIN, top - 43.0, "log head");
    let label = page.width(Font::Regular, "log head ", SMALL);
    page.text(Font::Mono, SMALL, MARGIN + label, top - 43.0, printed.head);
    let range = number * UNITS_PER_PAGE..(number + 1) * UNITS_PER_PAGE;
    match &sheet.rows {
        SheetRows::MicroColonial { units } => {
            let columns = McColumns::new();
            columns.titles(page);
            for (row, unit) in units.iter().enumerate().skip(range.start).take(range.len()) {
                let y = row_top(page, row - range.start);
                columns.unit(page, y, unit, row + 1);
            }
            key(
                page,
                &[
                    "UI unit identification · IF initial fighting factor · PF present fighting factor · Cut: mm off the unit's next forward move",
                    "D volley-fire losses, struck through once the unit's next move took them into account · K all other losses · + restored",
                ],
            );
        }
        SheetRows::Bases { units } | SheetRows::StrengthPoints { units } => {
            let what = if matches!(sheet.rows, SheetRows::Bases { .. }) {
                "Bases"
            } else {
                "SP"
            };
            strength_titles(page, what);
            for (row, unit) in units.iter().enumerate().skip(range.start).take(range.len()) {
                let y = row_top(page, row - range.start);
                strength_unit(page, y, unit, row + 1);
            }
            key(
                page,
                &[if what == "Bases" {
                    "Bases: at the start of the game, now, and lost"
                } else {
                    "SP strength points: at the start of the game, now, and lost"
                }],
            );
        }
    }
    if unit_count(sheet) == 0 {
        page.text(
            Font::Regular,
            BODY,
            MARGIN,
            ROWS_TOP - 14.0,
            "No units on the roster.",
        );
    }
    warnings(page, top - 54.0);
}

/// The page's warnings, under its heading: the first in full, and a count of any more
/// (each row says what of it could not be printed).
fn warnings(page: &mut Page, y: f32) {
    let lines: Vec<String> = page.warnings().to_vec();
    let Some(first) = lines.first() else {
        return;
    };
    page.text_in(
        Font::Bold,
        SMALL,
        (MARGIN, y, INNER),
        Align::Left,
        &format!("warning: {first}"),
    );
    if lines.len() > 1 {
        page.text_in(
            Font::Bold,
            SMALL,
            (MARGIN, y - 8.5, INNER),
            Align::Left,
            &format!(
                "warning: and {} more text(s) on this page cannot be printed: each row says which",
                lines.len() - 1
            ),
        );
    }
}

/// `text` as it prints in `font`; when the sheet cannot print some of its characters, the
/// `stand_in`, a warning naming `what` and the characters (the page's and the CLI's), and
/// the characters for the row's own note.
fn printable(page: &mut Page, font: Font, text: &str, stand_in: &str, what: &str) -> Shown {
    let missing = page.missing(font, text);
    if missing.is_empty() {
        return Shown {
            text: text.to_owned(),
            missing: None,
        };
    }
    let mut codes: Vec<String> = missing
        .iter()
        .take(3)
        .map(|c| format!("U+{:04X}", u32::from(*c)))
        .collect();
    if missing.len() > 3 {
        codes.push("…".to_owned());
    }
    let codes = codes.join(" ");
    page.warn(format!(
        "{what} cannot be printed ({codes}): no font here has it, or it is set right to left or joined; shown as \"{stand_in}\""
    ));
    Shown {
        text: stand_in.to_owned(),
        missing: Some(codes),
    }
}

/// A text as the sheet shows it, and the characters it could not print.
struct Shown {
    text: String,
    missing: Option<String>,
}

/// The top of row `index` on the page, its band shaded on every other row.
fn row_top(page: &mut Page, index: usize) -> f32 {
    let top = ROWS_TOP - index as f32 * ROW_HEIGHT;
    if index % 2 == 1 {
        page.band(MARGIN, top - ROW_HEIGHT, INNER, ROW_HEIGHT, 0.93);
    }
    page.rule(
        (MARGIN, top - ROW_HEIGHT),
        (MARGIN + INNER, top - ROW_HEIGHT),
        0.3,
        0.6,
    );
    top
}

/// The column titles above the rows, a rule beneath them.
fn titles(page: &mut Page, cells: &[(f32, f32, Align, &str)]) {
    let y = ROWS_TOP + 5.0;
    for &(x, width, align, title) in cells {
        page.text_in(Font::Bold, SMALL + 0.5, (x, y, width), align, title);
    }
    page.rule((MARGIN, ROWS_TOP), (MARGIN + INNER, ROWS_TOP), 0.8, 0.0);
}

/// The key to the columns at the foot of the page, a line each.
fn key(page: &mut Page, lines: &[&str]) {
    page.rule(
        (MARGIN, ROWS_BOTTOM - 4.0),
        (MARGIN + INNER, ROWS_BOTTOM - 4.0),
        0.8,
        0.0,
    );
    for (i, line) in lines.iter().enumerate() {
        page.text_in(
            Font::Regular,
            6.5,
            (MARGIN, ROWS_BOTTOM - 13.0 - i as f32 * 8.0, INNER),
            Align::Left,
            line,
        );
    }
}

/// The unit's cell: its name, then its id and side, then its status.
fn unit_cell(page: &mut Page, (x, y, width): (f32, f32, f32), unit: UnitLines<'_>) {
    let record = unit.record;
    let name = printable(
        page,
        Font::Bold,
        unit.name,
        &format!("record {record}"),
        &format!("record {record}'s name"),
    );
    page.text_in(Font::Bold, BODY, (x, y, width), Align::Left, &name.text);
    // Sides and troop types as words ("British", "British Regulars"), as in the window.
    let about: Vec<String> = [
        unit.unit_id.to_owned(),
        readable(unit.side),
        readable(unit.troop_type),
    ]
    .into_iter()
    .filter(|part| !part.is_empty())
    .collect();
    let about = printable(
        page,
        Font::Regular,
        &about.join(" · "),
        &format!("record {record}"),
        &format!("record {record}'s id, side or type"),
    );
    page.text_in(
        Font::Regular,
        SMALL,
        (x, y - 9.5, width),
        Align::Left,
        &about.text,
    );
    let status = match (unit.status, unit.removed) {
        (Some(status), true) => format!("{status}; removed"),
        (Some(status), false) => status.to_owned(),
        (None, true) => "removed".to_owned(),
        (None, false) => String::new(),
    };
    // A name the sheet cannot print says so on its own row.
    let status = match name.missing.or(about.missing) {
        Some(codes) if status.is_empty() => format!("name cannot be printed ({codes})"),
        Some(codes) => format!("{status}; name cannot be printed ({codes})"),
        None => status,
    };
    page.text_in(
        Font::Regular,
        SMALL,
        (x, y - 18.5, width),
        Align::Left,
        &status,
    );
}

/// What the unit cell shows.
#[derive(Clone, Copy)]
struct UnitLines<'a> {
    record: usize,
    name: &'a str,
    unit_id: &'a str,
    side: &'a str,
    troop_type: &'a str,
    status: Option<&'a str>,
    removed: bool,
}

/// The first baseline of a row whose top is `top`.
fn baseline(top: f32) -> f32 {
    top - 10.0
}

/// The columns of a Micro Colonial sheet.
struct McColumns {
    unit: (f32, f32),
    initial: (f32, f32),
    present: (f32, f32),
    cut: (f32, f32),
    moves: (f32, f32),
}

impl McColumns {
    fn new() -> McColumns {
        let gap = 6.0;
        let unit = (MARGIN + 2.0, 148.0);
        let initial = (unit.0 + unit.1 + gap, 30.0);
        let present = (initial.0 + initial.1 + gap, 30.0);
        let cut = (present.0 + present.1 + gap, 30.0);
        let start = cut.0 + cut.1 + 2.0 * gap;
        let moves = (start, MARGIN + INNER - 2.0 - start);
        McColumns {
            unit,
            initial,
            present,
            cut,
            moves,
        }
    }

    fn titles(&self, page: &mut Page) {
        titles(
            page,
            &[
                (self.unit.0, self.unit.1, Align::Left, "Unit (UI)"),
                (self.initial.0, self.initial.1, Align::Right, "IF"),
                (self.present.0, self.present.1, Align::Right, "PF"),
                (self.cut.0, self.cut.1, Align::Right, "Cut mm"),
                (
                    self.moves.0,
                    self.moves.1,
                    Align::Left,
                    "By move: D volley losses, K other losses, + restored",
                ),
            ],
        );
    }

    fn unit(&self, page: &mut Page, top: f32, unit: &McUnit, record: usize) {
        let y = baseline(top);
        unit_cell(
            page,
            (self.unit.0, y, self.unit.1),
            UnitLines {
                record,
                name: &unit.name,
                unit_id: &unit.unit_id.0,
                side: &unit.side,
                troop_type: &unit.troop_type,
                status: unit.status.as_ref().map(Status::name),
                removed: unit.removed,
            },
        );
        for ((x, width), value) in [
            (self.initial, unit.initial),
            (self.present, unit.present),
            (self.cut, unit.forward_move_cut_mm),
        ] {
            page.text_in(
                Font::Regular,
                BODY,
                (x, y, width),
                Align::Right,
                &value.to_string(),
            );
        }
        let groups: Vec<Vec<Token>> = unit.moves.iter().map(move_tokens).collect();
        flow(page, (self.moves.0, y, self.moves.1), top, &groups);
    }
}

/// A piece of a move's entry.
struct Token {
    text: String,
    font: Font,
    struck: bool,
}

impl Token {
    fn new(text: impl Into<String>, font: Font) -> Token {
        Token {
            text: text.into(),
            font,
            struck: false,
        }
    }
}

/// One move's entry: `M2 D 30 15 K 20 +5`, its D figures struck through where taken into
/// account.
fn move_tokens(line: &crate::game::sheet::McMove) -> Vec<Token> {
    let mut tokens = vec![Token::new(format!("M{}", line.move_number), Font::Bold)];
    if !line.d.is_empty() {
        tokens.push(Token::new("D", Font::Regular));
        for entry in &line.d {
            tokens.push(Token {
                text: entry.ff.to_string(),
                font: Font::Regular,
                struck: entry.struck,
            });
        }
    }
    if line.k > 0 {
        tokens.push(Token::new("K", Font::Regular));
        tokens.push(Token::new(line.k.to_string(), Font::Regular));
    }
    if line.restored > 0 {
        tokens.push(Token::new(format!("+{}", line.restored), Font::Regular));
    }
    tokens
}

/// Lays the moves' entries out left to right in the cell, wrapping between entries (or
/// within one longer than a line), at the body size if they fit the row, smaller if not.
fn flow(page: &mut Page, (x, y, width): (f32, f32, f32), top: f32, groups: &[Vec<Token>]) {
    let room = top - ROW_HEIGHT + 2.0;
    let mut size = BODY;
    let placed = loop {
        let placed = place(page, groups, width, size);
        let lines = placed.iter().map(|p| p.line).max().map_or(0, |l| l + 1);
        let leading = size * 1.15;
        let bottom = y - (lines.saturating_sub(1)) as f32 * leading - size * 0.25;
        if bottom >= room || size <= 4.0 {
            break (placed, leading, size);
        }
        size -= 0.5;
    };
    let (placed, leading, size) = placed;
    for p in placed {
        let token = &groups[p.group][p.token];
        let at_y = y - p.line as f32 * leading;
        if token.struck {
            page.struck(token.font, size, x + p.x, at_y, &token.text);
        } else {
            page.text(token.font, size, x + p.x, at_y, &token.text);
        }
    }
}

/// Where one token goes: its line and its offset along it.
struct Placed {
    group: usize,
    token: usize,
    line: usize,
    x: f32,
}

fn place(page: &mut Page, groups: &[Vec<Token>], width: f32, size: f32) -> Vec<Placed> {
    let space = page.width(Font::Regular, " ", size);
    let group_gap = space * 3.0;
    let mut placed = Vec::new();
    let (mut line, mut x) = (0, 0.0_f32);
    for (g, tokens) in groups.iter().enumerate() {
        let widths: Vec<f32> = tokens
            .iter()
            .map(|t| page.width(t.font, &t.text, size))
            .collect();
        let whole = widths.iter().sum::<f32>() + space * widths.len().saturating_sub(1) as f32;
        let start = if x > 0.0 { x + group_gap } else { 0.0 };
        if x > 0.0 && start + whole > width && whole <= width {
            line += 1;
            x = 0.0;
        } else {
            x = start;
        }
        for (t, w) in widths.iter().enumerate() {
            if t > 0 {
                x += space;
            }
            if x > 0.0 && x + w > width {
                line += 1;
                x = 0.0;
            }
            placed.push(Placed {
                group: g,
                token: t,
                line,
                x,
            });
            x += w;
        }
    }
    placed
}

/// The columns of a sheet of bases or strength points.
const STRENGTH_UNIT: (f32, f32) = (MARGIN + 2.0, 190.0);
const STRENGTH_TYPE: (f32, f32) = (MARGIN + 200.0, 130.0);
const STRENGTH_START: (f32, f32) = (MARGIN + 340.0, 55.0);
const STRENGTH_NOW: (f32, f32) = (MARGIN + 403.0, 55.0);
const STRENGTH_LOST: (f32, f32) = (MARGIN + 466.0, 55.0);

fn strength_titles(page: &mut Page, what: &str) {
    titles(
        page,
        &[
            (STRENGTH_UNIT.0, STRENGTH_UNIT.1, Align::Left, "Unit"),
            (STRENGTH_TYPE.0, STRENGTH_TYPE.1, Align::Left, "Troop type"),
            (
                STRENGTH_START.0,
                STRENGTH_START.1,
                Align::Right,
                &format!("{what} at start"),
            ),
            (
                STRENGTH_NOW.0,
                STRENGTH_NOW.1,
                Align::Right,
                &format!("{what} now"),
            ),
            (
                STRENGTH_LOST.0,
                STRENGTH_LOST.1,
                Align::Right,
                &format!("{what} lost"),
            ),
        ],
    );
}

fn strength_unit(page: &mut Page, top: f32, unit: &StrengthUnit, record: usize) {
    let y = baseline(top);
    unit_cell(
        page,
        (STRENGTH_UNIT.0, y, STRENGTH_UNIT.1),
        UnitLines {
            record,
            name: &unit.name,
            unit_id: &unit.unit_id.0,
            side: &unit.side,
            troop_type: "",
            status: unit.status.as_ref().map(Status::name),
            removed: unit.removed,
        },
    );
    let troop_type = printable(
        page,
        Font::Regular,
        &readable(&unit.troop_type),
        "?",
        &format!("record {record}'s troop type"),
    )
    .text;
    page.text_in(
        Font::Regular,
        BODY,
        (STRENGTH_TYPE.0, y, STRENGTH_TYPE.1),
        Align::Left,
        &troop_type,
    );
    for ((x, width), value) in [
        (STRENGTH_START, unit.initial),
        (STRENGTH_NOW, unit.present),
        (STRENGTH_LOST, unit.lost),
    ] {
        page.text_in(
            Font::Regular,
            BODY,
            (x, y, width),
            Align::Right,
            &value.to_string(),
        );
    }
}
