//! A `.laager` campaign file: the bytes are written to a file and opened through the store,
//! for reading and for writing, and an opened file is verified as `laager log verify` does.
#![no_main]

use laager::store::{CampaignFile, Mode};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static DIR: LazyLock<tempfile::TempDir> =
    LazyLock::new(|| tempfile::tempdir().expect("a temporary folder"));

fuzz_target!(|data: &[u8]| {
    let path = DIR.path().join("fuzz.laager");
    for mode in [Mode::Read, Mode::Write] {
        // A fresh copy each time: opening for writing may migrate the file.
        let _ = std::fs::remove_file(laager::store::disk::journal_of(&path));
        std::fs::write(&path, data).expect("the temporary file is written");
        if let Ok(file) = CampaignFile::open(&path, mode) {
            let _ = file.verify();
            let _ = file.campaign().games.len();
        }
    }
});
