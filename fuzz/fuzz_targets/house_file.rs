//! A club's `house.toml`, laid over the shipped charts as `laager --tables` does. The
//! input's first line names the ruleset folder it sits in (`dba_zulu`), the rest is the file.
#![no_main]

use laager::charts::{ChartSource, Charts};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static SHIPPED: LazyLock<Charts> =
    LazyLock::new(|| Charts::shipped().expect("the shipped charts load"));

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (folder, source) = text.split_once('\n').unwrap_or(("", text));
    let mut charts = SHIPPED.clone();
    let _ = charts.overlay_sources(vec![ChartSource {
        relative: format!("{}/house.toml", folder.trim()),
        file: "house.toml".to_owned(),
        source: source.to_owned(),
    }]);
});
