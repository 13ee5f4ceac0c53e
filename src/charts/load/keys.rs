//! A chart's keys and axes from TOML: each key's label parsed as a band or a whole number
//! where its axis says so, with its confidence and note, and an axis checked for repeated
//! labels and for bands out of order, overlapping or leaving a gap.

use crate::charts::error::{ErrorKind, Errors};
use crate::charts::model::{Axis, Band, Confidence, Key, KeyKind};
use crate::charts::raw::RawAxis;

/// Builds a key, parsing its band or integer when its header is known.
pub(super) fn make_key(
    errors: &mut Errors<'_>,
    kind: KeyKind,
    label: &str,
    confidence: Confidence,
    note: Option<String>,
    at: usize,
) -> Key {
    let mut key = Key {
        label: label.to_owned(),
        confidence,
        band: None,
        int: None,
        note,
    };
    if confidence == Confidence::Unknown {
        return key;
    }
    match kind {
        KeyKind::Name => {}
        KeyKind::Int => match label.parse() {
            Ok(n) => key.int = Some(n),
            Err(_) => errors.at(
                at,
                ErrorKind::WrongType,
                format!("key '{label}' is not a whole number"),
            ),
        },
        KeyKind::Band => match Band::parse(label) {
            Some(b) => key.band = Some(b),
            None => errors.at(
                at,
                ErrorKind::WrongType,
                format!("key '{label}' is not a band: expected LO-HI, LO+ or a number"),
            ),
        },
    }
    key
}

/// Checks an axis: no repeated labels; for bands, ascending with no gaps or overlaps.
pub(super) fn check_axis(errors: &mut Errors<'_>, axis: &Axis, spans: &[usize]) {
    // One pass with a set of the labels seen: a chart of many entries loads in linear time.
    let mut seen = std::collections::HashSet::with_capacity(axis.keys.len());
    for (i, key) in axis.keys.iter().enumerate() {
        if !seen.insert(key.label.as_str()) {
            errors.at(
                spans[i],
                ErrorKind::MissingKey,
                format!("key '{}' appears twice in {}", key.label, axis.name),
            );
        }
    }
    if axis.kind != KeyKind::Band {
        return;
    }
    // Only neighbouring bands whose headers are both known can be checked against each other.
    #[allow(clippy::needless_range_loop)] // neighbours i - 1 and i, and their spans
    for i in 1..axis.keys.len() {
        let (Some(prev), Some(next)) = (axis.keys[i - 1].band, axis.keys[i].band) else {
            continue;
        };
        let Some(prev_hi) = prev.hi else {
            errors.at(
                spans[i],
                ErrorKind::BandOverlap,
                format!(
                    "band '{}' follows the open band '{}', which already covers it",
                    axis.keys[i].label,
                    axis.keys[i - 1].label
                ),
            );
            continue;
        };
        if next.lo > prev_hi + 1 {
            errors.at(
                spans[i],
                ErrorKind::BandGap,
                format!(
                    "gap between bands '{}' and '{}': {}..{} is in neither",
                    axis.keys[i - 1].label,
                    axis.keys[i].label,
                    prev_hi + 1,
                    next.lo - 1
                ),
            );
        } else if next.lo <= prev_hi {
            errors.at(
                spans[i],
                ErrorKind::BandOverlap,
                format!(
                    "bands '{}' and '{}' overlap (expected ascending bands with no overlap)",
                    axis.keys[i - 1].label,
                    axis.keys[i].label
                ),
            );
        }
        if next.hi.is_some_and(|hi| hi < next.lo) {
            errors.at(
                spans[i],
                ErrorKind::BadValue,
                format!("band '{}' runs backwards", axis.keys[i].label),
            );
        }
    }
}

pub(super) fn axis(errors: &mut Errors<'_>, raw: &RawAxis) -> (Axis, Vec<usize>) {
    let kind = raw
        .kind
        .as_ref()
        .and_then(|k| super::key_kind(errors, k))
        .unwrap_or(KeyKind::Name);
    let mut keys = Vec::new();
    let mut spans = Vec::new();
    for item in &raw.keys {
        let at = item.span().start;
        let key = match item.get_ref() {
            toml::Value::String(label) => {
                make_key(errors, kind, label, Confidence::Printed, None, at)
            }
            toml::Value::Integer(n) => {
                make_key(errors, kind, &n.to_string(), Confidence::Printed, None, at)
            }
            toml::Value::Table(t) => {
                let label = t.get("key").and_then(toml::Value::as_str);
                let conf = t
                    .get("confidence")
                    .and_then(toml::Value::as_str)
                    .map(|c| Confidence::from_name(c).ok_or(c));
                let note = t
                    .get("note")
                    .and_then(toml::Value::as_str)
                    .map(str::to_owned);
                let unknown_field = t
                    .keys()
                    .find(|k| !["key", "confidence", "note"].contains(&k.as_str()));
                if let Some(field) = unknown_field {
                    errors.at(
                        at,
                        ErrorKind::UnknownField,
                        format!("unknown field `{field}` in a key: expected key, confidence, note"),
                    );
                }
                match (label, conf) {
                    (Some(label), None) => {
                        make_key(errors, kind, label, Confidence::Printed, note, at)
                    }
                    (Some(label), Some(Ok(c))) => make_key(errors, kind, label, c, note, at),
                    (_, Some(Err(c))) => {
                        errors.at(at, ErrorKind::BadValue, format!("unknown confidence '{c}'"));
                        continue;
                    }
                    (None, _) => {
                        errors.at(at, ErrorKind::MissingField, "a key table needs `key`");
                        continue;
                    }
                }
            }
            other => {
                errors.at(
                    at,
                    ErrorKind::WrongType,
                    format!(
                        "a key must be text or {{ key, confidence, note }}, found {}",
                        other.type_str()
                    ),
                );
                continue;
            }
        };
        keys.push(key);
        spans.push(at);
    }
    let axis = Axis {
        name: raw.name.clone(),
        kind,
        keys,
    };
    check_axis(errors, &axis, &spans);
    (axis, spans)
}
