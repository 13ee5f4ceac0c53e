//! The clock the command line and the window read for the dates they record (a game's
//! start and end, a club value's day). The rules never read it: a date reaches the record
//! as a value the caller gives.

use crate::game::Stamp;

/// Now, to the second, in UTC.
pub fn now() -> Stamp {
    // std's clock panics in the browser (wasm32); web-time's reads the browser's.
    #[cfg(not(target_arch = "wasm32"))]
    use std::time::{SystemTime, UNIX_EPOCH};
    #[cfg(target_arch = "wasm32")]
    use web_time::{SystemTime, UNIX_EPOCH};
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Stamp::from_unix_seconds(seconds)
}
