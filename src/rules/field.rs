//! Field ids: which field of a procedure's input a value of the table, the records or a
//! flag belongs to. The record keeps a field as a JSON pointer into the input
//! (`/b/mods/rough`); the code names it with [`field!`](crate::field), which checks when it
//! compiles that the path is a field of the input type, so a renamed field cannot leave a
//! stale name behind.

use std::fmt;

/// A field of an input type, built by [`field!`](crate::field) (checked against the type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FieldId(&'static str);

impl FieldId {
    /// Only for [`field!`](crate::field), which has checked the path names a field.
    #[doc(hidden)]
    pub const fn checked(pointer: &'static str) -> FieldId {
        FieldId(pointer)
    }

    /// The JSON pointer the record keeps (`/range_mm`).
    pub const fn pointer(self) -> &'static str {
        self.0
    }

    /// Item `index` of this list field (`/defenders/2`).
    pub fn item(self, index: usize) -> FieldPath {
        FieldPath(format!("{}/{index}", self.0))
    }

    /// The entry `key` of this map field (`/factors/square`).
    pub fn key(self, key: &str) -> FieldPath {
        FieldPath(format!("{}/{key}", self.0))
    }

    /// The field `leaf` (of this field's own type) inside this one (`/a` then `/ff`).
    pub fn then(self, leaf: FieldId) -> FieldPath {
        FieldPath(format!("{}{}", self.0, leaf.0))
    }
}

/// A field reached through a list's item or a map's key: a [`FieldId`] with an index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldPath(String);

impl FieldPath {
    /// The field `leaf` (of the item's type) inside this one (`/defenders/2` then `/sp`).
    pub fn then(mut self, leaf: FieldId) -> FieldPath {
        self.0.push_str(leaf.0);
        self
    }

    /// The entry `key` of this map field.
    pub fn key(mut self, key: &str) -> FieldPath {
        self.0.push('/');
        self.0.push_str(key);
        self
    }

    /// Whether this is `field` or a field inside it.
    pub fn within(&self, field: impl Field) -> bool {
        is_within(&self.0, field.pointer())
    }
}

/// Whether `pointer` is `outer` or a field inside it.
pub fn is_within(pointer: &str, outer: &str) -> bool {
    pointer
        .strip_prefix(outer)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Anything that names one input field: a [`FieldId`] or a [`FieldPath`].
pub trait Field {
    /// The JSON pointer the record keeps.
    fn pointer(&self) -> &str;
}

impl Field for FieldId {
    fn pointer(&self) -> &str {
        self.0
    }
}

impl Field for FieldPath {
    fn pointer(&self) -> &str {
        &self.0
    }
}

impl<T: Field + ?Sized> Field for &T {
    fn pointer(&self) -> &str {
        (**self).pointer()
    }
}

impl From<FieldId> for FieldPath {
    fn from(field: FieldId) -> FieldPath {
        FieldPath(field.0.to_owned())
    }
}

impl fmt::Display for FieldId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `field!(Type: a.b)`: the field `a.b` of the input type `Type`, as a [`FieldId`]
/// (`/a/b`). It does not compile unless `Type` has that field.
///
/// ```
/// use laager::rules::micro_colonial::fire::FireInput;
/// assert_eq!(laager::field!(FireInput: range_mm).pointer(), "/range_mm");
/// ```
///
/// A name the input does not have is refused when the code compiles:
///
/// ```compile_fail
/// use laager::rules::micro_colonial::fire::FireInput;
/// let _ = laager::field!(FireInput: range);
/// ```
#[macro_export]
macro_rules! field {
    ($ty:ty : $first:ident $(. $rest:ident)*) => {{
        #[allow(dead_code, clippy::no_effect_underscore_binding)]
        fn names_a_field(input: &$ty) {
            let _field = &input.$first $(.$rest)*;
        }
        $crate::rules::field::FieldId::checked(concat!(
            "/", stringify!($first) $(, "/", stringify!($rest))*
        ))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Side {
        ff: u32,
    }
    struct Input {
        a: Side,
        factors: Vec<u32>,
    }

    #[test]
    fn a_field_is_its_json_pointer() {
        let _ = Input {
            a: Side { ff: 0 },
            factors: Vec::new(),
        }
        .a
        .ff;
        assert_eq!(field!(Input: a.ff).pointer(), "/a/ff");
        assert_eq!(
            field!(Input: factors).key("square").pointer(),
            "/factors/square"
        );
        assert_eq!(field!(Input: a).then(field!(Side: ff)).pointer(), "/a/ff");
        assert_eq!(field!(Input: factors).item(2).pointer(), "/factors/2");
    }

    #[test]
    fn within_is_the_field_or_inside_it() {
        assert!(is_within("/b/mods/rough", "/b/mods"));
        assert!(is_within("/b/mods", "/b/mods"));
        assert!(!is_within("/b/modsx", "/b/mods"));
    }
}
