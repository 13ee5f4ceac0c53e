//! Reading JSON values with every problem recorded at its path.

use super::Issue;
use crate::bounds;
use crate::charts::Charts;
use crate::geometry::{Point, Real};
use serde_json::{Map, Value};

pub(super) struct Reader<'a> {
    pub(super) errors: Vec<Issue>,
    /// The errors of values outside their domains, also in `errors`.
    pub(super) outside: Vec<Issue>,
    /// The charts unit sizes are read from; `None` checks only what needs none.
    pub(super) charts: Option<&'a Charts>,
    /// Millimetres per length unit of the file (1, or 25.4 with `"length_unit": "in"`).
    pub(super) scale: f64,
}

/// The domain a number of a layout is read in ([`crate::bounds`], docs/layout.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Number {
    /// A coordinate on the table (a length).
    Coordinate,
    /// A side of the table or of a base (a length).
    Size,
    /// A facing in degrees.
    Facing,
}

impl Reader<'_> {
    /// A value outside its domain ([`crate::bounds`]): an error, and one of those a
    /// campaign file is checked for when it opens.
    pub(super) fn outside(&mut self, path: &str, message: impl Into<String>) {
        let message = message.into();
        self.outside.push(Issue {
            path: path.to_owned(),
            message: message.clone(),
        });
        self.error(path, message);
    }

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

    /// A number of the file in its domain (a length scaled to mm first).
    pub(super) fn number(
        &mut self,
        map: &Map<String, Value>,
        path: &str,
        key: &str,
        domain: Number,
    ) -> Option<Real> {
        match map.get(key) {
            None => {
                self.error(&join(path, key), "missing: expected a number");
                None
            }
            Some(v) => self.number_value(v, &join(path, key), domain),
        }
    }

    /// A number in its domain: finite, a length scaled to mm, and then within the bounds
    /// of [`crate::bounds`] (checked in `f64`, before geometry's `f32` could round it to
    /// infinity).
    pub(super) fn number_value(
        &mut self,
        value: &Value,
        path: &str,
        domain: Number,
    ) -> Option<Real> {
        let Some(x) = value.as_f64().filter(|x| x.is_finite()) else {
            self.error(path, format!("expected a number, found {}", kind(value)));
            return None;
        };
        let checked = match domain {
            Number::Coordinate => bounds::Coordinate::new(x * self.scale).map(f64::from),
            Number::Size => bounds::Side::new(x * self.scale).map(f64::from),
            Number::Facing => bounds::Facing::new(x).map(f64::from),
        };
        match checked {
            Ok(x) => Some(x as Real),
            Err(e) => {
                let unit = if domain == Number::Facing { "" } else { " mm" };
                self.outside(
                    path,
                    format!(
                        "{}{unit} is not {}: expected {}",
                        e.value, e.what, e.expected
                    ),
                );
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
                    self.number_value(x, &format!("{at}[0]"), Number::Coordinate),
                    self.number_value(y, &format!("{at}[1]"), Number::Coordinate),
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
