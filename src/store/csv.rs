//! Record sheets as CSV (RFC 4180: comma-separated, quoted where a cell needs it).

use crate::game::Table;

/// One cell, quoted if it holds a comma, a quote or a line break. A control character other
/// than a line break (NUL, a tab: no door lets one into a name now, but an older file may
/// hold one) is written as U+FFFD, never raw.
fn cell(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| {
            if c.is_control() && c != '\n' && c != '\r' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect();
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// A table as CSV text, header first, each line ending in `\n`.
pub fn to_csv(table: &Table) -> String {
    let mut out = String::new();
    let header: Vec<String> = table.headers.iter().map(|h| cell(h)).collect();
    out.push_str(&header.join(","));
    out.push('\n');
    for row in &table.rows {
        let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_control_character_never_reaches_the_csv_raw() {
        assert_eq!(super::cell("a\u{0}b\tc"), "a\u{fffd}b\u{fffd}c");
        assert_eq!(super::cell("x,y"), "\"x,y\"");
    }
}
