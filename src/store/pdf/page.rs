//! One page's drawing: text at a point in a font, text fitted to a width, numbers struck
//! through, rules and shaded bands, in PDF points from the bottom left of an A4 page.

use super::fonts::{Font, FontSet, ascii};
use pdf_writer::{Content, Name, Str};

/// An A4 page's width in points.
pub const WIDTH: f32 = 595.28;
/// An A4 page's height in points.
pub const HEIGHT: f32 = 841.89;

/// The smallest size text is shrunk to before it is cut short.
const SMALLEST: f32 = 5.0;

/// A page being drawn, in the document's fonts.
pub struct Page<'f> {
    content: Content,
    fonts: &'f mut FontSet,
    warnings: Vec<String>,
}

/// The resource name of Courier, the standard font of the log head's hash.
pub const MONO_RESOURCE: &str = "C1";

/// The resource name of the document's face `i` (`E0` the shipped regular, `E1` bold).
pub fn face_resource(i: usize) -> String {
    format!("E{i}")
}

/// Horizontal alignment of text in a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// From the left edge.
    Left,
    /// Ending at the right edge.
    Right,
}

impl<'f> Page<'f> {
    /// An empty page, its text set in `fonts`.
    pub fn new(fonts: &'f mut FontSet) -> Page<'f> {
        Page {
            content: Content::new(),
            fonts,
            warnings: Vec::new(),
        }
    }

    /// Notes a warning to print on the page.
    pub fn warn(&mut self, warning: String) {
        if !self.warnings.contains(&warning) {
            self.warnings.push(warning);
        }
    }

    /// The page's warnings.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The width of `text` in `font` at `size` points, in points.
    pub fn width(&mut self, font: Font, text: &str, size: f32) -> f32 {
        self.fonts.width(font, text, size)
    }

    /// The characters of `text` no font here prints in `font` (empty: it prints as typed).
    pub fn missing(&mut self, font: Font, text: &str) -> Vec<char> {
        self.fonts.missing(font, text)
    }

    /// The page's content stream.
    pub fn finish(self) -> Vec<u8> {
        self.content.finish().to_vec()
    }

    /// Writes `text` with its baseline starting at (`x`, `y`).
    pub fn text(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        if text.is_empty() {
            return;
        }
        self.content.begin_text();
        self.content.next_line(x, y);
        if font == Font::Mono {
            self.content
                .set_font(Name(MONO_RESOURCE.as_bytes()), size)
                .show(Str(&ascii(text)));
        } else {
            for run in self.fonts.runs(font, text) {
                let codes: Vec<u8> = run.glyphs.iter().flat_map(|g| g.to_be_bytes()).collect();
                self.content
                    .set_font(Name(face_resource(run.face).as_bytes()), size)
                    .show(Str(&codes));
            }
        }
        self.content.end_text();
    }

    /// Writes `text` turned a quarter left, reading upwards from (`x`, `y`): a chart's
    /// vertical axis title.
    pub fn text_up(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        if text.is_empty() || font == Font::Mono {
            return;
        }
        self.content.begin_text();
        self.content.set_text_matrix([0.0, 1.0, -1.0, 0.0, x, y]);
        for run in self.fonts.runs(font, text) {
            let codes: Vec<u8> = run.glyphs.iter().flat_map(|g| g.to_be_bytes()).collect();
            self.content
                .set_font(Name(face_resource(run.face).as_bytes()), size)
                .show(Str(&codes));
        }
        self.content.end_text();
    }

    /// Writes `text` in a cell `width` wide: shrunk (down to 5 pt) where it is too wide,
    /// and only then cut short with an ellipsis. Returns the size it was set at.
    pub fn text_in(
        &mut self,
        font: Font,
        size: f32,
        (x, y, width): (f32, f32, f32),
        align: Align,
        text: &str,
    ) -> f32 {
        let (size, text) = self.fit(font, size, width, text);
        let x = match align {
            Align::Left => x,
            Align::Right => x + width - self.width(font, &text, size),
        };
        self.text(font, size, x, y, &text);
        size
    }

    /// Writes a number struck through with a line (a D figure taken into account).
    pub fn struck(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        self.text(font, size, x, y, text);
        let middle = y + size * 0.3;
        let end = x + self.width(font, text, size) + 0.5;
        self.rule((x - 0.5, middle), (end, middle), 0.7, 0.0);
    }

    /// A straight line `width` thick in a grey (0 black, 1 white).
    pub fn rule(&mut self, from: (f32, f32), to: (f32, f32), width: f32, grey: f32) {
        self.content
            .save_state()
            .set_line_width(width)
            .set_stroke_gray(grey)
            .move_to(from.0, from.1)
            .line_to(to.0, to.1)
            .stroke()
            .restore_state();
    }

    /// Straight lines through `points`, `width` thick, in a colour (red, green, blue, each
    /// from 0 to 1): a chart's line or axis.
    pub fn polyline(&mut self, points: &[(f32, f32)], width: f32, rgb: (f32, f32, f32)) {
        let Some((first, rest)) = points.split_first() else {
            return;
        };
        self.content
            .save_state()
            .set_line_width(width)
            .set_stroke_rgb(rgb.0, rgb.1, rgb.2)
            .move_to(first.0, first.1);
        for point in rest {
            self.content.line_to(point.0, point.1);
        }
        self.content.stroke().restore_state();
    }

    /// A polygon filled in a colour: a chart's marker or area.
    pub fn polygon(&mut self, points: &[(f32, f32)], rgb: (f32, f32, f32)) {
        let Some((first, rest)) = points.split_first() else {
            return;
        };
        self.content
            .save_state()
            .set_fill_rgb(rgb.0, rgb.1, rgb.2)
            .move_to(first.0, first.1);
        for point in rest {
            self.content.line_to(point.0, point.1);
        }
        self.content.close_path().fill_nonzero().restore_state();
    }

    /// A filled band in a grey, for every other row.
    pub fn band(&mut self, x: f32, y: f32, width: f32, height: f32, grey: f32) {
        self.content
            .save_state()
            .set_fill_gray(grey)
            .rect(x, y, width, height)
            .fill_nonzero()
            .restore_state();
    }

    /// The size and text that fit `width`: the size as given if it fits, else smaller down
    /// to the smallest, else the smallest with the text cut short and an ellipsis.
    fn fit(&mut self, font: Font, size: f32, width: f32, text: &str) -> (f32, String) {
        let wide = self.width(font, text, size);
        if wide <= width {
            return (size, text.to_owned());
        }
        let shrunk = (size * width / wide).max(SMALLEST);
        if self.width(font, text, shrunk) <= width {
            return (shrunk, text.to_owned());
        }
        let mut cut: String = text.to_owned();
        while !cut.is_empty() && self.width(font, &format!("{cut}…"), shrunk) > width {
            cut.pop();
        }
        (shrunk, format!("{}…", cut.trim_end()))
    }
}
