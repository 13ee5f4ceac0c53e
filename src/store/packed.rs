//! An event's payload as the file stores it: from schema 6 its canonical JSON deflated
//! (zlib) as a BLOB, or as text when it is short ([`PACK_FROM`]); before, the JSON as text.
//! The chain's hashes are of the JSON, so how it is stored changes no seal; reading takes
//! either form.

use flate2::write::ZlibEncoder;
use flate2::{Compression, Decompress, FlushDecompress, Status};
use rusqlite::types::ValueRef;
use std::io::Write;

/// The most a payload may inflate to: far above any event Laager writes (a few KB), far
/// below what a crafted file could ask memory for.
pub const MAX_PAYLOAD: u64 = 16 * 1024 * 1024;

/// The shortest payload worth deflating: below it, deflating saves a few bytes and costs
/// more than the rest of writing the event (a layout of 20,000 units joins in 20,000
/// events of about 250 bytes each).
pub const PACK_FROM: usize = 512;

/// A payload as it is stored: deflated from [`PACK_FROM`] bytes on, as text below.
pub fn stored(json: String) -> rusqlite::types::Value {
    if json.len() >= PACK_FROM {
        rusqlite::types::Value::Blob(pack(&json))
    } else {
        rusqlite::types::Value::Text(json)
    }
}

/// `json` deflated, as schema 6 stores a payload.
pub fn pack(json: &str) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(json.as_bytes());
    encoder.finish().unwrap_or_default()
}

/// A stored payload's JSON: text as it is, a BLOB inflated; anything else, a damaged
/// deflate stream, text that is not UTF-8 or a payload over [`MAX_PAYLOAD`] is refused,
/// saying why.
pub fn unpack(value: ValueRef<'_>) -> Result<String, String> {
    Inflater::default().unpack(value)
}

/// Reads stored payloads one after another with one inflate state: its tables are tens of
/// KB, and setting them up anew for each event was an eighth of opening a long log.
pub struct Inflater {
    state: Decompress,
}

impl Default for Inflater {
    fn default() -> Self {
        Inflater {
            state: Decompress::new(true),
        }
    }
}

impl Inflater {
    /// A stored payload's JSON, as [`unpack`] reads it.
    pub fn unpack(&mut self, value: ValueRef<'_>) -> Result<String, String> {
        match value {
            ValueRef::Text(text) => String::from_utf8(text.to_vec())
                .map_err(|_| "its payload is not UTF-8 text".to_owned()),
            ValueRef::Blob(bytes) => {
                let json = self.inflate(bytes)?;
                String::from_utf8(json).map_err(|_| "its payload is not UTF-8 text".to_owned())
            }
            ValueRef::Null | ValueRef::Integer(_) | ValueRef::Real(_) => {
                Err("its payload is neither text nor a deflated BLOB".to_owned())
            }
        }
    }

    /// `bytes` inflated, refused past [`MAX_PAYLOAD`] or where the stream is damaged or
    /// ends too soon.
    fn inflate(&mut self, bytes: &[u8]) -> Result<Vec<u8>, String> {
        let damaged = |why: String| format!("its payload does not inflate: {why}");
        let max = usize::try_from(MAX_PAYLOAD).unwrap_or(usize::MAX);
        self.state.reset(true);
        let mut json = Vec::with_capacity(bytes.len().saturating_mul(8).clamp(256, max));
        loop {
            let read = usize::try_from(self.state.total_in()).unwrap_or(usize::MAX);
            let written = json.len();
            let rest = bytes.get(read..).unwrap_or_default();
            let status = self
                .state
                .decompress_vec(rest, &mut json, FlushDecompress::None)
                .map_err(|e| damaged(e.to_string()))?;
            if status == Status::StreamEnd {
                return Ok(json);
            }
            if json.len() > max {
                return Err(format!(
                    "its payload inflates to more than {MAX_PAYLOAD} bytes"
                ));
            }
            if json.len() == json.capacity() {
                json.reserve_exact(json.capacity().min(max + 1 - json.len()));
            } else if json.len() == written
                && usize::try_from(self.state.total_in()).unwrap_or(usize::MAX) == read
            {
                return Err(damaged("it ends too soon".to_owned()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_packs_and_unpacks_to_the_same_json() {
        let json = r#"{"kind":"edit","steps":["the same words","the same words"]}"#;
        let packed = pack(json);
        assert_ne!(packed, json.as_bytes());
        assert_eq!(unpack(ValueRef::Blob(&packed)).as_deref(), Ok(json));
        assert_eq!(unpack(ValueRef::Text(json.as_bytes())).as_deref(), Ok(json));
    }

    #[test]
    fn a_damaged_or_bombed_payload_is_refused() {
        assert!(unpack(ValueRef::Blob(b"not deflate")).is_err());
        let bomb = pack(&" ".repeat(MAX_PAYLOAD as usize + 10));
        assert!(unpack(ValueRef::Blob(&bomb)).is_err_and(|e| e.contains("more than")),);
        assert!(unpack(ValueRef::Integer(3)).is_err());
        let whole = pack(&"the same words ".repeat(400));
        let cut = &whole[..whole.len() / 2];
        assert!(unpack(ValueRef::Blob(cut)).is_err_and(|e| e.contains("does not inflate")));
    }

    #[test]
    fn one_inflater_reads_payloads_one_after_another() {
        let mut inflater = Inflater::default();
        let long = "a step as shown, ".repeat(3000);
        for json in [long.as_str(), "{}", long.as_str()] {
            let packed = pack(json);
            assert_eq!(
                inflater.unpack(ValueRef::Blob(&packed)).as_deref(),
                Ok(json)
            );
        }
        assert!(inflater.unpack(ValueRef::Blob(b"not deflate")).is_err());
        let packed = pack("{}");
        assert_eq!(
            inflater.unpack(ValueRef::Blob(&packed)).as_deref(),
            Ok("{}")
        );
    }
}
