//! The window's fonts: egui's own (Latin, Greek, Cyrillic) and, where the computer has one,
//! a font of its own for the scripts those lack (Chinese, Japanese, Korean), found by
//! family name as the record sheet finds it (`store::pdf::FALLBACK_FAMILIES`), so a unit
//! named in them shows as typed rather than as empty boxes.

/// A character of each script the window looks for a font for.
const SCRIPTS: [char; 3] = ['中', 'あ', '한'];

/// Adds the computer's fonts for [`SCRIPTS`] behind egui's own, in every family.
pub fn add_system_fallbacks(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    let mut added: Vec<(String, Vec<u8>, u32)> = Vec::new();
    for c in SCRIPTS {
        // A font added for an earlier script may cover this one too.
        let covered = added.iter().any(|(_, bytes, index)| {
            ttf_parser::Face::parse(bytes, *index).is_ok_and(|f| f.glyph_index(c).is_some())
        });
        if covered {
            continue;
        }
        if let Some((bytes, index)) = crate::store::pdf::system_font_for(c) {
            added.push((format!("system-{}", u32::from(c)), bytes, index));
        }
    }
    if added.is_empty() {
        return;
    }
    for (name, bytes, index) in added {
        let mut data = egui::FontData::from_owned(bytes);
        data.index = index;
        fonts
            .font_data
            .insert(name.clone(), std::sync::Arc::new(data));
        for family in fonts.families.values_mut() {
            family.push(name.clone());
        }
    }
    ctx.set_fonts(fonts);
}
