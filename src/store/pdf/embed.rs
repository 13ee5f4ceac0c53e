//! The document's fonts written into the PDF: each face the pages used as a Type0 font
//! over a CID font of its subset (Identity-H: a glyph's two-byte id in the subset is its
//! code), with its widths, its descriptor, the subset itself, and a ToUnicode map so the
//! text extracts as it was typed; and Courier as a standard Type 1 font.

use super::fonts::FontSet;
use super::page::{MONO_RESOURCE, face_resource};
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Finish, Name, Pdf, Rect, Ref, Str};

/// The font resources every page names: each resource name with its font's object.
pub type Resources = Vec<(String, Ref)>;

/// Writes the fonts of `fonts` the pages used, with object ids from `next` on (each font
/// takes five). Returns the page resources.
pub fn write(pdf: &mut Pdf, fonts: &FontSet, next: &mut i32) -> Resources {
    let mut take = || {
        let id = Ref::new(*next);
        *next += 1;
        id
    };
    let mono = take();
    pdf.type1_font(mono)
        .base_font(Name(b"Courier"))
        .encoding_predefined(Name(b"WinAnsiEncoding"));
    let mut resources = vec![(MONO_RESOURCE.to_owned(), mono)];
    let info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    for (i, face) in fonts.faces().iter().enumerate() {
        if face.used.is_empty() {
            continue;
        }
        let Some(data) = face.subset() else {
            continue;
        };
        let (type0, cid, descriptor, file, cmap) = (take(), take(), take(), take(), take());
        // A subset's name is its font's behind a six-letter tag (PDF 32000, 9.6.4).
        let tag: String = (0..6)
            .map(|k| char::from(b'A' + ((i * 7 + k * 3) % 26) as u8))
            .collect();
        let name = format!("{tag}+{}", face.name);
        let name = Name(name.as_bytes());
        pdf.type0_font(type0)
            .base_font(name)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(cmap);
        let mut font = pdf.cid_font(cid);
        font.subtype(if face.is_cff {
            CidFontType::Type0
        } else {
            CidFontType::Type2
        })
        .base_font(name)
        .system_info(info)
        .font_descriptor(descriptor);
        if !face.is_cff {
            font.cid_to_gid_map_predefined(Name(b"Identity"));
        }
        font.widths().consecutive(0, face.subset_widths());
        font.finish();
        let m = face.metrics;
        let mut described = pdf.font_descriptor(descriptor);
        described
            .name(name)
            .flags(FontFlags::NON_SYMBOLIC)
            .bbox(Rect::new(m.bbox[0], m.bbox[1], m.bbox[2], m.bbox[3]))
            .italic_angle(0.0)
            .ascent(m.ascent)
            .descent(m.descent)
            .cap_height(m.cap_height)
            .stem_v(80.0);
        if face.is_cff {
            described.font_file3(file);
        } else {
            described.font_file2(file);
        }
        described.finish();
        let mut stream = pdf.stream(file, &data);
        if face.is_cff {
            stream.pair(Name(b"Subtype"), Name(b"OpenType"));
        }
        stream.finish();
        let mut unicode = UnicodeCmap::new(Name(b"Laager-UTF16"), info);
        for (glyph, c) in &face.used {
            unicode.pair(*glyph, *c);
        }
        pdf.cmap(cmap, &unicode.finish());
        resources.push((face_resource(i), type0));
    }
    resources
}
