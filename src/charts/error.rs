//! Errors from loading and checking chart files: each names the file, line and column.

use std::fmt;

/// What kind of mistake a chart file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// Not valid TOML, or not the expected structure.
    Syntax,
    /// A field the format does not have.
    UnknownField,
    /// A field the format requires is missing.
    MissingField,
    /// A value of the wrong type.
    WrongType,
    /// A row, column or entry key that should be present is missing, or one is repeated.
    MissingKey,
    /// Bands that leave a gap between them.
    BandGap,
    /// Bands that overlap.
    BandOverlap,
    /// A chart name no ruleset knows, or a folder no ruleset owns.
    UnknownChart,
    /// A value outside what the field allows (a confidence name, a setting choice).
    BadValue,
    /// The file could not be read.
    Io,
}

/// One error in one chart file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LoadError {
    /// The file, as given (relative to the tables folder for shipped tables).
    pub file: String,
    /// 1-based line; 0 for an error of a folder or a whole file, not of a place in it.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What kind of mistake.
    pub kind: ErrorKind,
    /// What was wrong and what was expected, lowercase.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "{}: {}", self.file, self.message);
        }
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Turns a byte offset into a 1-based line and column (columns count characters).
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..source.floor_char_boundary(offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

/// Collects the errors of one file, placing each at a byte offset of its source.
pub(crate) struct Errors<'a> {
    file: &'a str,
    source: &'a str,
    /// The byte offset of each line's start, found on the first error: each error then
    /// costs a binary search and its own line, not a scan of the file before it.
    line_starts: Option<Vec<usize>>,
    /// The errors found so far.
    pub found: Vec<LoadError>,
}

impl<'a> Errors<'a> {
    pub(crate) fn new(file: &'a str, source: &'a str) -> Errors<'a> {
        Errors {
            file,
            source,
            line_starts: None,
            found: Vec::new(),
        }
    }

    pub(crate) fn at(&mut self, offset: usize, kind: ErrorKind, message: impl Into<String>) {
        let (line, column) = self.position(offset);
        self.found.push(LoadError {
            file: self.file.to_owned(),
            line,
            column,
            kind,
            message: message.into(),
        });
    }

    /// The 1-based line of a byte offset.
    pub(crate) fn line_of(&mut self, offset: usize) -> usize {
        self.position(offset).0
    }

    /// The 1-based line and column (in characters) of a byte offset.
    fn position(&mut self, offset: usize) -> (usize, usize) {
        let source = self.source;
        let starts = self.line_starts.get_or_insert_with(|| {
            std::iter::once(0)
                .chain(source.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let offset = source.floor_char_boundary(offset.min(source.len()));
        let line = starts.partition_point(|&start| start <= offset);
        let line_start = starts[line - 1];
        let column = source[line_start..offset].chars().count() + 1;
        (line, column)
    }

    /// Classifies a TOML or serde error by its message.
    pub(crate) fn toml(&mut self, error: &toml::de::Error) {
        let message = error.message().trim().to_owned();
        let kind = if message.starts_with("unknown field") {
            ErrorKind::UnknownField
        } else if message.starts_with("missing field") {
            ErrorKind::MissingField
        } else if message.starts_with("invalid type") {
            ErrorKind::WrongType
        } else {
            ErrorKind::Syntax
        };
        let offset = error.span().map_or(0, |s| s.start);
        let message = message.replace('\n', " ");
        self.at(offset, kind, message);
    }
}
