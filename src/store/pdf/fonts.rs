//! The three standard PDF fonts the record sheet uses (Helvetica, Helvetica-Bold, Courier):
//! every PDF reader has them, so nothing is embedded and the text stays real, selectable
//! text. Their widths (from Adobe's metrics) lay out the columns; text is written in
//! WinAnsiEncoding.

use pdf_writer::Name;

/// A font of the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    /// Helvetica.
    Regular,
    /// Helvetica-Bold.
    Bold,
    /// Courier, for the log head's hash.
    Mono,
}

impl Font {
    /// Every font, in the order of their resource names.
    pub const ALL: [Font; 3] = [Font::Regular, Font::Bold, Font::Mono];

    /// The font's name in a page's resources.
    pub fn resource(self) -> Name<'static> {
        match self {
            Font::Regular => Name(b"F1"),
            Font::Bold => Name(b"F2"),
            Font::Mono => Name(b"F3"),
        }
    }

    /// The standard font's PostScript name.
    pub fn base_font(self) -> Name<'static> {
        match self {
            Font::Regular => Name(b"Helvetica"),
            Font::Bold => Name(b"Helvetica-Bold"),
            Font::Mono => Name(b"Courier"),
        }
    }

    /// The width of `text` set at `size` points, in points.
    pub fn width(self, text: &str, size: f32) -> f32 {
        let units: u32 = encode(text)
            .into_iter()
            .map(|byte| u32::from(self.glyph_width(byte)))
            .sum();
        units as f32 * size / 1000.0
    }

    /// A glyph's advance in thousandths of the font size.
    fn glyph_width(self, byte: u8) -> u16 {
        let table: (&[u16; 95], &[u16; 96]) = match self {
            Font::Mono => return 600,
            Font::Regular => (&REGULAR_ASCII, &REGULAR_LATIN),
            Font::Bold => (&BOLD_ASCII, &BOLD_LATIN),
        };
        match byte {
            32..=126 => table.0[usize::from(byte - 32)],
            160..=255 => table.1[usize::from(byte - 160)],
            0x85 | 0x89 | 0x97 | 0x99 => 1000,
            0x95 => 350,
            _ => 556,
        }
    }
}

/// Text in WinAnsiEncoding: ASCII and Latin-1 as they are, the typographic marks at their
/// places, anything else as `?`.
pub fn encode(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' | '\u{a0}'..='\u{ff}' => c as u8,
            '€' => 0x80,
            '‚' => 0x82,
            'ƒ' => 0x83,
            '„' => 0x84,
            '…' => 0x85,
            '†' => 0x86,
            '‡' => 0x87,
            'ˆ' => 0x88,
            '‰' => 0x89,
            'Š' => 0x8a,
            '‹' => 0x8b,
            'Œ' => 0x8c,
            'Ž' => 0x8e,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '–' => 0x96,
            '—' => 0x97,
            '˜' => 0x98,
            '™' => 0x99,
            'š' => 0x9a,
            '›' => 0x9b,
            'œ' => 0x9c,
            'ž' => 0x9e,
            'Ÿ' => 0x9f,
            '\t' => b' ',
            _ => b'?',
        })
        .collect()
}

/// Helvetica, codes 32 to 126.
const REGULAR_ASCII: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// Helvetica, codes 160 to 255.
const REGULAR_LATIN: [u16; 96] = [
    278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333,
    333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667,
    1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778,
    722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556,
    278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556,
    500,
];

/// Helvetica-Bold, codes 32 to 126.
const BOLD_ASCII: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/// Helvetica-Bold, codes 160 to 255.
const BOLD_LATIN: [u16; 96] = [
    278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333,
    333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722,
    1000, 722, 667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778,
    722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556,
    278, 278, 278, 278, 611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611,
    556,
];
