//! The report as one self-contained web page: inline styles, the chart as an SVG data URI,
//! and a content security policy that lets the page fetch nothing at all.

use super::{ReportTable, chart, tables};
use crate::game::CampaignReport;
use base64::Engine;
use std::fmt::Write;

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:2em auto;max-width:60em;padding:0 1em;color:#1a1a1a}\
h1{margin-bottom:.2em}h2{margin-top:1.6em;border-bottom:1px solid #999}h3{margin:1.2em 0 .3em}\
table{border-collapse:collapse;width:100%;font-size:.92em}th,td{text-align:left;padding:.25em .5em;border-bottom:1px solid #ddd;vertical-align:top}\
th{background:#eee}td.n{text-align:right}.seal{font-family:monospace;word-break:break-all}\
img{max-width:100%;height:auto;border:1px solid #ccc}";

/// The report as an HTML page. The chart's SVG comes from plotters; a chart that could not
/// be drawn leaves a sentence saying so in its place.
pub fn html(report: &CampaignReport) -> String {
    let words = tables(report);
    let mut page = String::new();
    let title = format!("Campaign report: {}", words.campaign);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n\
         <p>Campaign seal: <span class=\"seal\">{}</span></p>\n",
        escape(&title),
        escape(&words.campaign),
        escape(&words.seal)
    );
    table(&mut page, &words.games, "h2");
    table(&mut page, &words.sides, "h2");
    table(&mut page, &words.players, "h2");
    let _ = writeln!(page, "<h2>{}</h2>", escape(chart::CAPTION));
    match chart::svg(report) {
        Ok(svg) => {
            let data = base64::engine::general_purpose::STANDARD.encode(svg.as_bytes());
            let _ = writeln!(
                page,
                "<p><img alt=\"{}\" src=\"data:image/svg+xml;base64,{data}\"></p>",
                escape(&alt_text(report))
            );
        }
        Err(e) => {
            let _ = writeln!(page, "<p>{}</p>", escape(&e));
        }
    }
    let _ = writeln!(page, "<h2>Regiments</h2>");
    for regiment in &words.regiments {
        table(&mut page, regiment, "h3");
    }
    page.push_str("<p>Made by Laager from the campaign's record.</p>\n</body>\n</html>\n");
    page
}

/// The chart in words, for a reader that does not see it.
fn alt_text(report: &CampaignReport) -> String {
    let sides: Vec<String> = report
        .strength
        .iter()
        .map(|side| {
            let points: Vec<String> = chart::points(side)
                .iter()
                .map(|(game, strength)| format!("{game}: {strength}"))
                .collect();
            format!("{} ({})", side.side, points.join(", "))
        })
        .collect();
    format!("{}: {}", chart::CAPTION, sides.join("; "))
}

fn table(page: &mut String, table: &ReportTable, heading: &str) {
    let _ = writeln!(page, "<{heading}>{}</{heading}>", escape(&table.title));
    if table.rows.is_empty() {
        page.push_str("<p>None yet.</p>\n");
        return;
    }
    page.push_str("<table>\n<tr>");
    for header in &table.headers {
        let _ = write!(page, "<th>{}</th>", escape(header));
    }
    page.push_str("</tr>\n");
    for row in &table.rows {
        page.push_str("<tr>");
        for (cell, header) in row.iter().zip(&table.headers) {
            let class = if *header == "seal" {
                " class=\"seal\""
            } else if !cell.is_empty() && cell.bytes().all(|b| b.is_ascii_digit()) {
                " class=\"n\""
            } else {
                ""
            };
            let _ = write!(page, "<td{class}>{}</td>", escape(cell));
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</table>\n");
}

/// `text` safe in HTML text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
