//! The fonts the record sheet prints in. Names are what a club typed, in any script, so the
//! sheet's text is set in DejaVu Sans (regular and bold), shipped in `assets/fonts/` cut to
//! Latin with its diacritics, Greek and Cyrillic (`LICENSE-DejaVu.txt` says how), and
//! embedded as a subset of the glyphs the sheet uses, with a ToUnicode map so the text
//! extracts as typed. A character those fonts lack is looked for in the computer's own
//! fonts, by family name (`system.rs`; none in the browser). The log head's hash is ASCII
//! in Courier, a standard font every PDF reader has.
//!
//! A text a font set cannot print is not guessed at (never "????"): [`FontSet::missing`]
//! names its characters, and the sheet prints a stand-in with a warning. So are the scripts
//! set right to left or with joined letters: the sheet does not shape text, and would print
//! them in the wrong order or with the wrong letter forms.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// DejaVu Sans, cut to Latin, Greek and Cyrillic (assets/fonts/LICENSE-DejaVu.txt).
static REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-LGC.ttf");
/// DejaVu Sans Bold, cut likewise.
static BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold-LGC.ttf");

/// A style of the sheet's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
    /// Courier, for the log head's hash (ASCII).
    Mono,
}

/// One font file the sheet may embed, with what the document used of it.
pub struct Face {
    data: Arc<[u8]>,
    index: u32,
    /// The font's PostScript name (`DejaVuSans`).
    pub name: String,
    units_per_em: f32,
    /// Ascender, descender, cap height and bounding box, in thousandths of the size.
    pub metrics: Metrics,
    /// Whether its outlines are CFF (embedded as `FontFile3`), else TrueType.
    pub is_cff: bool,
    glyphs: HashMap<char, Option<u16>>,
    /// The glyphs used, renumbered in the order first used: the subset's glyph ids, which
    /// are the codes the pages' text shows.
    pub remapper: subsetter::GlyphRemapper,
    /// Each glyph used, by its id in the subset, with the character it prints (for the
    /// ToUnicode map).
    pub used: BTreeMap<u16, char>,
}

/// A face's vertical metrics and bounding box, in thousandths of the font size.
#[derive(Debug, Clone, Copy)]
pub struct Metrics {
    /// Above the baseline.
    pub ascent: f32,
    /// Below the baseline (negative).
    pub descent: f32,
    /// The height of capitals.
    pub cap_height: f32,
    /// The bounding box of all glyphs: left, bottom, right, top.
    pub bbox: [f32; 4],
}

impl Face {
    /// Reads a font file (`index` into a collection); `None` if it does not parse.
    pub fn new(data: Arc<[u8]>, index: u32) -> Option<Face> {
        let face = ttf_parser::Face::parse(&data, index).ok()?;
        let units_per_em = f32::from(face.units_per_em().max(1));
        let scale = |v: i16| f32::from(v) * 1000.0 / units_per_em;
        let bbox = face.global_bounding_box();
        let name = face
            .names()
            .into_iter()
            .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
            .find_map(|n| n.to_string())
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_graphic()))
            .unwrap_or_else(|| "Font".to_owned());
        let metrics = Metrics {
            ascent: scale(face.ascender()),
            descent: scale(face.descender()),
            cap_height: scale(face.capital_height().unwrap_or(face.ascender())),
            bbox: [
                scale(bbox.x_min),
                scale(bbox.y_min),
                scale(bbox.x_max),
                scale(bbox.y_max),
            ],
        };
        let is_cff = face.tables().glyf.is_none();
        Some(Face {
            index,
            name,
            units_per_em,
            metrics,
            is_cff,
            glyphs: HashMap::new(),
            remapper: subsetter::GlyphRemapper::new(),
            used: BTreeMap::new(),
            data,
        })
    }

    fn parsed(&self) -> Option<ttf_parser::Face<'_>> {
        ttf_parser::Face::parse(&self.data, self.index).ok()
    }

    /// The glyph for `c`, if the face has one.
    pub fn glyph(&mut self, c: char) -> Option<u16> {
        if let Some(found) = self.glyphs.get(&c) {
            return *found;
        }
        let found = self
            .parsed()
            .and_then(|f| f.glyph_index(c))
            .map(|g| g.0)
            .filter(|g| *g != 0);
        self.glyphs.insert(c, found);
        found
    }

    /// A glyph's advance in thousandths of the font size.
    pub fn advance(&self, glyph: u16) -> f32 {
        let units = self
            .parsed()
            .and_then(|f| f.glyph_hor_advance(ttf_parser::GlyphId(glyph)))
            .unwrap_or(0);
        f32::from(units) * 1000.0 / self.units_per_em
    }

    /// The font file cut to the glyphs used, numbered as the pages show them.
    pub fn subset(&self) -> Option<Vec<u8>> {
        subsetter::subset(&self.data, self.index, &self.remapper).ok()
    }

    /// The advance of each glyph of the subset, in its order, in thousandths of the size.
    pub fn subset_widths(&self) -> Vec<f32> {
        self.remapper
            .remapped_gids()
            .map(|old| self.advance(old))
            .collect()
    }
}

/// A run of text set in one face.
pub struct Run {
    /// The face, by its place in the set.
    pub face: usize,
    /// The glyphs, by their ids in the face's subset.
    pub glyphs: Vec<u16>,
}

/// The faces of one document: the shipped DejaVu Sans regular and bold first, then any
/// font of the computer's found for a character they lack.
pub struct FontSet {
    faces: Vec<Face>,
    system: super::system::Fallback,
}

impl Default for FontSet {
    fn default() -> Self {
        FontSet::new()
    }
}

impl FontSet {
    /// The shipped faces, with the computer's fonts to fall back on.
    pub fn new() -> FontSet {
        let shipped = |data: &'static [u8]| {
            Face::new(Arc::from(data), 0).expect("the shipped DejaVu Sans parses")
        };
        FontSet {
            faces: vec![shipped(REGULAR), shipped(BOLD)],
            system: super::system::Fallback::default(),
        }
    }

    /// The faces, in their order.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// The face that prints `c` in `style`: the shipped one of that style, then the other,
    /// then a font of the computer's.
    fn face_for(&mut self, style: Font, c: char) -> Option<(usize, u16)> {
        let first = usize::from(style == Font::Bold);
        for i in [first, 1 - first] {
            if let Some(g) = self.faces[i].glyph(c) {
                return Some((i, g));
            }
        }
        for i in 2..self.faces.len() {
            if let Some(g) = self.faces[i].glyph(c) {
                return Some((i, g));
            }
        }
        let mut face = self.system.face_for(c)?;
        let glyph = face.glyph(c)?;
        self.faces.push(face);
        Some((self.faces.len() - 1, glyph))
    }

    /// The characters of `text` the sheet cannot print in `style` (none: it prints as
    /// typed): those no face has, and those of scripts set right to left or with joined
    /// letters, which the sheet, setting each character's glyph in turn, would print
    /// wrongly.
    pub fn missing(&mut self, style: Font, text: &str) -> Vec<char> {
        let mut missing: Vec<char> = text
            .chars()
            .map(printed_as)
            .filter(|c| needs_shaping(*c) || self.face_for(style, *c).is_none())
            .collect();
        missing.dedup();
        missing
    }

    /// `text` as runs of glyphs, each in one face, the glyphs noted as used. A character
    /// no face has is left out: callers check [`FontSet::missing`] first.
    pub fn runs(&mut self, style: Font, text: &str) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        for c in text.chars().map(printed_as) {
            let Some((face, glyph)) = self.face_for(style, c) else {
                continue;
            };
            let used = &mut self.faces[face];
            let glyph = used.remapper.remap(glyph);
            used.used.entry(glyph).or_insert(c);
            match runs.last_mut() {
                Some(run) if run.face == face => run.glyphs.push(glyph),
                _ => runs.push(Run {
                    face,
                    glyphs: vec![glyph],
                }),
            }
        }
        runs
    }

    /// The width of `text` set at `size` points, in points.
    pub fn width(&mut self, style: Font, text: &str, size: f32) -> f32 {
        if style == Font::Mono {
            return text.chars().count() as f32 * 600.0 * size / 1000.0;
        }
        let mut units = 0.0;
        for c in text.chars().map(printed_as) {
            if let Some((face, glyph)) = self.face_for(style, c) {
                units += self.faces[face].advance(glyph);
            }
        }
        units * size / 1000.0
    }
}

/// Whether `c` is of a script set right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...)
/// or whose letters join or reorder (the Indic scripts, Tibetan, Myanmar, Khmer): the sheet
/// sets one glyph after another, left to right, so it cannot print them as they are read.
fn needs_shaping(c: char) -> bool {
    matches!(
        u32::from(c),
        0x0590..=0x08FF
            | 0x0900..=0x0DFF
            | 0x0F00..=0x109F
            | 0x1780..=0x17FF
            | 0xFB1D..=0xFDFF
            | 0xFE70..=0xFEFF
            | 0x1_0800..=0x1_0FFF
            | 0x1_E800..=0x1_EFFF
    )
}

/// The character a text's character is printed as: a tab as a space, another control
/// character (which no door lets in now, but an older file may hold) as U+FFFD.
fn printed_as(c: char) -> char {
    match c {
        '\t' => ' ',
        c if c.is_control() => '\u{fffd}',
        c => c,
    }
}

/// ASCII text for the standard Courier (the log head's hash), anything else as `?`.
pub fn ascii(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c as u8
            } else {
                b'?'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_faces_print_latin_greek_and_cyrillic() {
        let mut fonts = FontSet::new();
        for text in ["Ngqumbazi · Zoë · Łódź", "Λεωνίδας", "Пётр Багратион"]
        {
            assert!(fonts.missing(Font::Regular, text).is_empty(), "{text}");
            assert!(fonts.missing(Font::Bold, text).is_empty(), "{text}");
        }
        assert!(fonts.width(Font::Regular, "Λεωνίδας", 10.0) > 30.0);
    }
}
