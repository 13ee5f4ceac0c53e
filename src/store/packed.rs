//! An event's payload as the file stores it: from schema 6 its canonical JSON deflated
//! (zlib) as a BLOB, or as text when it is short ([`PACK_FROM`]); before, the JSON as text.
//! The chain's hashes are of the JSON, so how it is stored changes no seal; reading takes
//! either form.

use flate2::Compression;
use flate2::read::ZlibDecoder;
use flate2::write::ZlibEncoder;
use rusqlite::types::ValueRef;
use std::io::{Read, Write};

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
    match value {
        ValueRef::Text(text) => {
            String::from_utf8(text.to_vec()).map_err(|_| "its payload is not UTF-8 text".to_owned())
        }
        ValueRef::Blob(bytes) => {
            let mut json = String::new();
            ZlibDecoder::new(bytes)
                .take(MAX_PAYLOAD + 1)
                .read_to_string(&mut json)
                .map_err(|e| format!("its payload does not inflate: {e}"))?;
            if json.len() as u64 > MAX_PAYLOAD {
                return Err(format!(
                    "its payload inflates to more than {MAX_PAYLOAD} bytes"
                ));
            }
            Ok(json)
        }
        ValueRef::Null | ValueRef::Integer(_) | ValueRef::Real(_) => {
            Err("its payload is neither text nor a deflated BLOB".to_owned())
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
    }
}
