//! Reading JSON values with every problem recorded at its path.

use super::Issue;
use crate::charts::Charts;
use crate::geometry::{Point, Real};
use serde_json::{Map, Value};

pub(super) struct Reader<'a> {
    pub(super) errors: Vec<Issue>,
    pub(super) charts: &'a Charts,
    pub(super) scale: Real,
}

impl Reader<'_> {
    pub(super) fn error(&mut self, path: &str, message: impl Into<String>) {
        self.errors.push(Issue {
            path: path.to_owned(),
            message: message.into(),
        });
    }

    pub(super) fn object<'v>(
        &mut self,
        value: &'v Value,
        path: &str,
        allowed: &[&str],
    ) -> Option<&'v Map<String, Value>> {
        let Some(map) = value.as_object() else {
            self.error(path, format!("expected an object, found {}", kind(value)));
            return None;
        };
        for key in map.keys() {
            if !allowed.contains(&key.as_str()) {
                self.error(
                    &join(path, key),
                    format!("unknown field: expected one of {}", allowed.join(", ")),
                );
            }
        }
        Some(map)
    }

    pub(super) fn text(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
    ) -> Option<String> {
        match map.get(key) {
            None => {
                self.error(&join(path, key), "missing: expected text");
                None
            }
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.clone()),
            Some(other) => {
                self.error(
                    &join(path, key),
                    format!("expected non-empty text, found {}", kind(other)),
                );
                None
            }
        }
    }

    /// A number (scaled to mm when `length`).
    pub(super) fn number(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
        length: bool,
    ) -> Option<Real> {
        match map.get(key) {
            None => {
                self.error(&join(path, key), "missing: expected a number");
                None
            }
            Some(v) => self.number_value(v, &join(path, key), length),
        }
    }

    pub(super) fn number_value(&mut self, value: &Value, path: &str, length: bool) -> Option<Real> {
        match value.as_f64() {
            Some(x) if x.is_finite() => {
                let x = x as Real;
                Some(if length { x * self.scale } else { x })
            }
            _ => {
                self.error(path, format!("expected a number, found {}", kind(value)));
                None
            }
        }
    }

    pub(super) fn points(
        &mut self,
        value: &Value,
        path: &str,
        at_least: usize,
    ) -> Option<Vec<Point>> {
        let Some(items) = value.as_array() else {
            self.error(
                path,
                format!("expected a list of [x, y] points, found {}", kind(value)),
            );
            return None;
        };
        let mut points = Vec::new();
        let mut good = true;
        for (i, item) in items.iter().enumerate() {
            let at = format!("{path}[{i}]");
            match item.as_array().map(Vec::as_slice) {
                Some([x, y]) => match (
                    self.number_value(x, &format!("{at}[0]"), true),
                    self.number_value(y, &format!("{at}[1]"), true),
                ) {
                    (Some(x), Some(y)) => points.push(Point::new(x, y)),
                    _ => good = false,
                },
                _ => {
                    self.error(
                        &at,
                        format!("expected a point [x, y], found {}", kind(item)),
                    );
                    good = false;
                }
            }
        }
        if good && points.len() < at_least {
            self.error(
                path,
                format!("needs at least {at_least} points, found {}", points.len()),
            );
            good = false;
        }
        good.then_some(points)
    }
}

pub(super) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

pub(super) fn kind(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the text \"{s}\""),
        Value::Array(_) => "a list".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}
