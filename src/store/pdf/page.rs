//! One page's drawing: text at a point in a font, text fitted to a width, numbers struck
//! through, rules and shaded bands, in PDF points from the bottom left of an A4 page.

use super::fonts::{Font, encode};
use pdf_writer::{Content, Str};

/// An A4 page's width in points.
pub const WIDTH: f32 = 595.28;
/// An A4 page's height in points.
pub const HEIGHT: f32 = 841.89;

/// The smallest size text is shrunk to before it is cut short.
const SMALLEST: f32 = 5.0;

/// A page being drawn.
pub struct Page {
    content: Content,
}

/// Horizontal alignment of text in a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// From the left edge.
    Left,
    /// Ending at the right edge.
    Right,
}

impl Page {
    /// An empty page.
    pub fn new() -> Page {
        Page {
            content: Content::new(),
        }
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
        self.content
            .begin_text()
            .set_font(font.resource(), size)
            .next_line(x, y)
            .show(Str(&encode(text)))
            .end_text();
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
        let (size, text) = fit(font, size, width, text);
        let x = match align {
            Align::Left => x,
            Align::Right => x + width - font.width(&text, size),
        };
        self.text(font, size, x, y, &text);
        size
    }

    /// Writes a number struck through with a line (a D figure taken into account).
    pub fn struck(&mut self, font: Font, size: f32, x: f32, y: f32, text: &str) {
        self.text(font, size, x, y, text);
        let middle = y + size * 0.3;
        self.rule(
            (x - 0.5, middle),
            (x + font.width(text, size) + 0.5, middle),
            0.7,
            0.0,
        );
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

    /// A filled band in a grey, for every other row.
    pub fn band(&mut self, x: f32, y: f32, width: f32, height: f32, grey: f32) {
        self.content
            .save_state()
            .set_fill_gray(grey)
            .rect(x, y, width, height)
            .fill_nonzero()
            .restore_state();
    }
}

/// The size and text that fit `width`: the size as given if it fits, else smaller down to
/// the smallest, else the smallest with the text cut short and an ellipsis.
fn fit(font: Font, size: f32, width: f32, text: &str) -> (f32, String) {
    let wide = font.width(text, size);
    if wide <= width {
        return (size, text.to_owned());
    }
    let shrunk = (size * width / wide).max(SMALLEST);
    if font.width(text, shrunk) <= width {
        return (shrunk, text.to_owned());
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() && font.width(&format!("{cut}…"), shrunk) > width {
        cut.pop();
    }
    (shrunk, format!("{}…", cut.trim_end()))
}
