//! A chart file's TOML, as a club's folder gives it. The input's first line names the
//! chart (`dba_zulu/troop_types`), the rest is the file: the seeds are the shipped charts
//! with their names on top, so mutations stay close to real charts.
#![no_main]

use laager::Ruleset;
use laager::charts::{parse_chart, registry};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (name_line, source) = text.split_once('\n').unwrap_or(("", text));
    let (ruleset, stem) = match name_line.trim().split_once('/') {
        Some((folder, stem)) => match Ruleset::from_id(folder) {
            Some(r) if registry::is_known(r, stem) => (r, stem),
            _ => return,
        },
        None => return,
    };
    let _ = parse_chart(ruleset, stem, "fuzz.toml", source);
});
