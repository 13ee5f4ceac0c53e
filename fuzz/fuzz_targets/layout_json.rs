//! A layout file's JSON, read and checked against the shipped charts (`laager layout check`).
#![no_main]

use laager::charts::Charts;
use laager::geometry::file;
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static SHIPPED: LazyLock<Charts> =
    LazyLock::new(|| Charts::shipped().expect("the shipped charts load"));

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = file::read(text, &SHIPPED);
});
