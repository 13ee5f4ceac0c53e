//! The computer's own fonts, for a character the shipped DejaVu Sans lacks (a CJK, Arabic
//! or Hebrew name): found by family name, in the order below, through `fontdb` (the
//! system's font folders and fontconfig). The browser build has none to look in.

use super::fonts::Face;

/// Families known to cover scripts beyond Latin, Greek and Cyrillic, tried in this order.
pub const FAMILIES: &[&str] = &[
    "Noto Sans CJK SC",
    "Noto Sans CJK JP",
    "Noto Sans CJK TC",
    "Noto Sans CJK KR",
    "Source Han Sans",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Droid Sans Fallback",
    "Noto Sans Arabic",
    "Noto Sans Hebrew",
    "Noto Sans",
    "DejaVu Sans",
    "FreeSans",
    "Arial Unicode MS",
    "Microsoft YaHei",
    "MS Gothic",
    "PingFang SC",
    "Hiragino Sans",
    "Arial",
];

/// The computer's fonts, read once when a character first needs one.
#[derive(Default)]
pub struct Fallback {
    #[cfg(not(target_arch = "wasm32"))]
    db: Option<fontdb::Database>,
}

impl Fallback {
    /// A face of the computer's that prints `c`, from the first family of [`FAMILIES`] that
    /// has it; `None` when none does (or in the browser).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn face_for(&mut self, c: char) -> Option<Face> {
        let db = self.db.get_or_insert_with(|| {
            let mut db = fontdb::Database::new();
            db.load_system_fonts();
            db
        });
        for family in FAMILIES {
            let query = fontdb::Query {
                families: &[fontdb::Family::Name(family)],
                ..fontdb::Query::default()
            };
            let Some(id) = db.query(&query) else {
                continue;
            };
            let found = db.with_face_data(id, |data, index| {
                let mut face = Face::new(std::sync::Arc::from(data), index)?;
                face.glyph(c).is_some().then_some(face)
            });
            if let Some(Some(face)) = found {
                return Some(face);
            }
        }
        None
    }

    /// The browser has no fonts of its own to look in (the same call as the native one's).
    #[cfg(target_arch = "wasm32")]
    #[allow(clippy::unused_self)]
    pub fn face_for(&mut self, _c: char) -> Option<Face> {
        None
    }
}

/// The bytes and collection index of a font of the computer's that has `c`, from the first
/// family of [`FAMILIES`] that does (the window adds it to its own fonts); `None` when none
/// does, and in the browser.
pub fn font_data_for(c: char) -> Option<(Vec<u8>, u32)> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let mut db = fontdb::Database::new();
        db.load_system_fonts();
        for family in FAMILIES {
            let query = fontdb::Query {
                families: &[fontdb::Family::Name(family)],
                ..fontdb::Query::default()
            };
            let Some(id) = db.query(&query) else {
                continue;
            };
            let found = db.with_face_data(id, |data, index| {
                let face = ttf_parser::Face::parse(data, index).ok()?;
                face.glyph_index(c).map(|_| (data.to_vec(), index))
            });
            if let Some(Some(found)) = found {
                return Some(found);
            }
        }
        None
    }
    #[cfg(target_arch = "wasm32")]
    {
        let _ = c;
        None
    }
}
