//! The rule charts as data: generic shapes (banded lookups, grids, lists, records,
//! settings), two-stage TOML loading, provenance per value, a club's overrides cell by
//! cell, and the content hash of the tables in force. Everything is parsed from text: a
//! club's folder is read from disk by `store::tables`.

pub mod domain;
mod error;
mod load;
mod lost_keys;
mod model;
mod overrides;
mod raw;
mod reader;
pub mod registry;
pub mod template;

pub use error::{ErrorKind, LoadError, line_column};
pub use load::{parse_chart, parse_typed};
pub use model::{
    Axis, Band, Body, Cell, Chart, Confidence, Key, KeyKind, Shape, Status, Value, ValueType,
};
pub use overrides::{CellAddress, HOUSE_FILE, house_file_with};
pub use reader::CellReader;

use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// Feeds what is written to it into a SHA-256 digest.
struct DigestWriter(Sha256);

impl std::io::Write for DigestWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/shipped_tables.rs"));
}

/// Every chart in force: the shipped ones, with a club's folder and one-off cells on top.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::struct_field_names)] // `charts`: the charts themselves, by ruleset and name
pub struct Charts {
    charts: BTreeMap<Ruleset, BTreeMap<String, Chart>>,
    /// One-off cells of grids whose printed keys are lost, under the names a rule gives
    /// them (see `lost_keys`).
    lost_key_cells: lost_keys::LostKeyCells,
    hash: String,
    /// The cells typed for one resolution ([`Charts::apply_cell_arg`]), as typed
    /// (`CHART:KEY=VALUE`): an applied result records them so it can be replayed.
    typed: Vec<String>,
}

/// One chart file of a club's tables folder, read by `store::tables`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartSource {
    /// Its path in the folder, `/`-separated (`dba_zulu/troop_types.toml`).
    pub relative: String,
    /// The file as errors name it (its path on disk).
    pub file: String,
    /// Its text.
    pub source: String,
}

/// Counts for `laager tables check`.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// Charts loaded.
    pub charts: usize,
    /// Cells in them.
    pub cells: usize,
    /// Cells per confidence: printed, reconstructed, unknown, house.
    pub by_confidence: BTreeMap<String, usize>,
    /// Charts shipped with their shape only (`not_supplied`), as `ruleset/chart`.
    pub not_supplied: Vec<String>,
}

/// The shipped charts read ahead: `assets/shipped_charts.json`, the JSON of
/// [`Charts::read_ahead_json`] for the shipped tables, written by the test
/// `charts_load::the_charts_read_ahead_are_the_shipped_tables_as_parsed` under
/// `LAAGER_BLESS=1`. Reading it is a third of the time of parsing the tables' TOML, which
/// every command pays at its start.
const READ_AHEAD: &str = include_str!("../../assets/shipped_charts.json");

/// The digest of the shipped tables and the code that reads them, from `build.rs`: the
/// charts read ahead are used only when they were made from these.
const CHARTS_DIGEST: &str = env!("LAAGER_CHARTS_DIGEST");

/// Gives back the "none" of an optional field a JSON `null` stands for: a cell's value is
/// `None` exactly when its confidence is `unknown`, so a `null` with any other is the
/// chart's "none" ([`Value::None`], also written `null`).
fn restore_none(chart: &mut Chart) {
    let cells: Box<dyn Iterator<Item = &mut Cell>> = match &mut chart.body {
        Body::OneD { cells, .. } => Box::new(cells.iter_mut()),
        Body::TwoD { cells, .. } => Box::new(cells.iter_mut().flatten()),
    };
    for cell in cells {
        if cell.value.is_none() && cell.confidence != Confidence::Unknown {
            cell.value = Some(Value::None);
        }
    }
}

/// The read-ahead file's form.
#[derive(Serialize, Deserialize)]
struct ReadAhead {
    digest: String,
    hash: String,
    charts: BTreeMap<Ruleset, BTreeMap<String, Chart>>,
}

impl Charts {
    /// The shipped tables, embedded in the binary: read ahead where that is current,
    /// otherwise parsed ([`Charts::parse_shipped`]); the same charts either way.
    pub fn shipped() -> Result<Charts, Vec<LoadError>> {
        match Charts::read_ahead() {
            Some(charts) => Ok(charts),
            None => Charts::parse_shipped(),
        }
    }

    /// The shipped charts read ahead, when the file was made from the tables and the code
    /// this build holds (a developer's change to either is parsed until the file is
    /// written again).
    pub fn read_ahead() -> Option<Charts> {
        if !READ_AHEAD.starts_with(&format!("{{\"digest\":\"{CHARTS_DIGEST}\"")) {
            return None;
        }
        let mut read: ReadAhead = serde_json::from_str(READ_AHEAD).ok()?;
        for chart in read.charts.values_mut().flat_map(BTreeMap::values_mut) {
            restore_none(chart);
        }
        Some(Charts {
            charts: read.charts,
            lost_key_cells: lost_keys::LostKeyCells::default(),
            hash: read.hash,
            typed: Vec::new(),
        })
    }

    /// The read-ahead file's text for these charts (the shipped ones as parsed).
    pub fn read_ahead_json(&self) -> String {
        let read = ReadAhead {
            digest: CHARTS_DIGEST.to_owned(),
            hash: self.hash.clone(),
            charts: self.charts.clone(),
        };
        // Plain data: serializing it cannot fail.
        serde_json::to_string(&read).unwrap_or_default()
    }

    /// The shipped tables, embedded in the binary, parsed from their TOML.
    pub fn parse_shipped() -> Result<Charts, Vec<LoadError>> {
        let mut charts = Charts {
            charts: BTreeMap::new(),
            lost_key_cells: lost_keys::LostKeyCells::default(),
            hash: String::new(),
            typed: Vec::new(),
        };
        let mut errors = Vec::new();
        for (relative, source) in shipped::SHIPPED {
            let file = format!("tables/{relative}");
            if let Err(mut e) = charts.add_file(relative, &file, source) {
                errors.append(&mut e);
            }
        }
        charts.rehash();
        if errors.is_empty() {
            Ok(charts)
        } else {
            Err(errors)
        }
    }

    /// Adds (or replaces) a chart from a file at `relative` (`dba_zulu/troop_types.toml`).
    /// A `house.toml` is applied cell by cell instead.
    fn add_file(&mut self, relative: &str, file: &str, source: &str) -> Result<(), Vec<LoadError>> {
        self.add_file_as(relative, file, source, false)
    }

    /// Adds one file; `club` marks every value of a whole chart file as `house`: a club's
    /// chart is the club's reading, whatever confidence its cells claim, and a resolution
    /// that reads one of its values warns.
    fn add_file_as(
        &mut self,
        relative: &str,
        file: &str,
        source: &str,
        club: bool,
    ) -> Result<(), Vec<LoadError>> {
        let fail = |kind, message: String| {
            vec![LoadError {
                file: file.to_owned(),
                line: 1,
                column: 1,
                kind,
                message,
            }]
        };
        let (folder, stem) = match relative.rsplit_once('/') {
            Some((folder, name)) => (folder, name.trim_end_matches(".toml")),
            None => {
                return Err(fail(
                    ErrorKind::UnknownChart,
                    "a chart file must be inside a ruleset folder (micro_colonial, dba_zulu, victoria_cross, soldiers_of_the_queen)".to_owned(),
                ));
            }
        };
        let Some(ruleset) = Ruleset::from_id(folder) else {
            return Err(fail(
                ErrorKind::UnknownChart,
                format!(
                    "folder '{folder}' is not a ruleset: expected micro_colonial, dba_zulu, victoria_cross or soldiers_of_the_queen"
                ),
            ));
        };
        if stem == overrides::HOUSE_STEM {
            return overrides::apply_house_file(self, ruleset, file, source);
        }
        if !registry::is_known(ruleset, stem) {
            return Err(fail(
                ErrorKind::UnknownChart,
                format!(
                    "no {} chart is named '{stem}': expected one of {}",
                    ruleset.id(),
                    registry::known_charts(ruleset).join(", ")
                ),
            ));
        }
        let mut chart = parse_chart(ruleset, stem, file, source)?;
        if club {
            chart.mark_house(&format!("the club's chart file {relative}"));
        }
        self.charts
            .entry(ruleset)
            .or_default()
            .insert(stem.to_owned(), chart);
        Ok(())
    }

    /// Lays a club's chart files over these charts: whole chart files replace the shipped
    /// ones, `house.toml` sets single cells (after every whole chart, so a house cell lands
    /// on the club's chart). Every error in every file is reported.
    pub fn overlay_sources(&mut self, mut files: Vec<ChartSource>) -> Result<(), Vec<LoadError>> {
        files.sort_by(|a, b| {
            let house = |f: &ChartSource| {
                f.relative
                    .rsplit('/')
                    .next()
                    .is_some_and(|name| name.trim_end_matches(".toml") == overrides::HOUSE_STEM)
            };
            (house(a), &a.relative).cmp(&(house(b), &b.relative))
        });
        let mut errors = Vec::new();
        for file in &files {
            if let Err(mut e) = self.add_file_as(&file.relative, &file.file, &file.source, true) {
                errors.append(&mut e);
            }
        }
        self.rehash();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Checks a value typed for one cell against these charts, as `laager tables set` does
    /// before writing it: the ruleset the cell belongs to and the value as the chart reads
    /// it. The charts themselves are left as they are.
    pub fn check_cell(
        &self,
        address: &CellAddress,
        value: &str,
    ) -> Result<(Ruleset, Value), String> {
        let ruleset = match address.ruleset {
            Some(r) => r,
            None => self.find(&address.chart)?.ruleset,
        };
        let mut check = self.clone();
        if check.is_lost_key_address(ruleset, address) {
            check
                .set_lost_key_cell(ruleset, address, value, "checked")
                .map_err(|e| format!("cell {}: {e}", address.local()))?;
            let [row, column] = address.key.as_slice() else {
                return Err(format!("no cell {}", address.local()));
            };
            let typed = check
                .lost_key_cell(ruleset, &address.chart, row, column)
                .cloned()
                .ok_or_else(|| format!("no cell {}", address.local()))?;
            return Ok((ruleset, typed));
        }
        check.set_cell(ruleset, address, value, None, None, None)?;
        let key: Vec<&str> = address.key.iter().map(String::as_str).collect();
        let typed = check
            .chart(ruleset, &address.chart)
            .and_then(|c| c.cell(&key))
            .and_then(|c| c.value.clone())
            .ok_or_else(|| format!("no cell {}", address.local()))?;
        Ok((ruleset, typed))
    }

    /// Supplies one cell for one resolution: `CHART:KEY=VALUE` (`--cell`, the desk's cells
    /// typed once), marked `house`. A `CHART:ROW:COL` the grid does not have, in a grid
    /// whose printed keys are lost, is kept under that name for the rule that names its
    /// cells by what it knows (see [`Charts::lost_key_cell`]). The error names what is
    /// wrong with the cell; the caller names where it was typed (`--cell '…'`, the desk).
    pub fn apply_cell_arg(&mut self, ruleset: Ruleset, arg: &str) -> Result<(), String> {
        self.apply_cell_text(ruleset, arg)
            .map_err(|e| format!("'{arg}': {e}"))?;
        self.typed.push(arg.to_owned());
        Ok(())
    }

    /// The cells typed for this resolution, as they were typed (`CHART:KEY=VALUE`), in
    /// the order given.
    pub fn typed_cells(&self) -> &[String] {
        &self.typed
    }

    /// Lays one of a game's club cells over these charts: `RULESET/CHART:KEY=VALUE`, as the
    /// window keeps them and a game's `TablesInForce` records them. Unlike a cell typed for
    /// one resolution it stays in force.
    pub fn apply_club_line(&mut self, line: &str) -> Result<(), String> {
        let (ruleset, cell) = line
            .split_once('/')
            .and_then(|(r, cell)| Some((Ruleset::from_id(r)?, cell)))
            .ok_or_else(|| format!("club cell '{line}': expected RULESET/CHART:KEY=VALUE"))?;
        self.apply_cell_text(ruleset, cell)
            .map_err(|e| format!("club cell '{line}': '{cell}': {e}"))
    }

    fn apply_cell_text(&mut self, ruleset: Ruleset, arg: &str) -> Result<(), String> {
        let (address, value) = CellAddress::parse_assignment(arg)?;
        if self.is_lost_key_address(ruleset, &address) {
            return self.set_lost_key_cell(ruleset, &address, value, "typed for this resolution");
        }
        self.set_cell(
            ruleset,
            &address,
            value,
            Some("typed for this resolution".to_owned()),
            None,
            None,
        )
    }

    /// Sets one cell from typed text, as a `house` value. The value must be of the cell's
    /// type and within its column's domain ([`domain::domain`]).
    pub fn set_cell(
        &mut self,
        ruleset: Ruleset,
        address: &CellAddress,
        value: &str,
        note: Option<String>,
        by: Option<String>,
        date: Option<String>,
    ) -> Result<(), String> {
        self.set_cell_unhashed(ruleset, address, value, note, by, date)?;
        self.rehash();
        Ok(())
    }

    /// [`Charts::set_cell`] without recomputing the hash, for a file of many cells whose
    /// loader rehashes once at the end.
    pub(crate) fn set_cell_unhashed(
        &mut self,
        ruleset: Ruleset,
        address: &CellAddress,
        value: &str,
        note: Option<String>,
        by: Option<String>,
        date: Option<String>,
    ) -> Result<(), String> {
        let chart = self
            .charts
            .get_mut(&ruleset)
            .and_then(|c| c.get_mut(&address.chart))
            .ok_or_else(|| format!("no {} chart is named '{}'", ruleset.id(), address.chart))?;
        let key: Vec<&str> = address.key.iter().map(String::as_str).collect();
        let (value_type, optional) = chart.value_type_at(&key).ok_or_else(|| {
            format!(
                "chart '{}' has no cell {}",
                address.chart,
                address.key.join(":")
            )
        })?;
        let parsed = parse_typed(value, value_type, optional)?;
        chart
            .domain_at(&key)
            .check(&parsed)
            .map_err(|e| format!("cell {}: {e}", address.local()))?;
        let cell = chart.cell_mut(&key).ok_or_else(|| {
            format!(
                "chart '{}' has no cell {}",
                address.chart,
                address.key.join(":")
            )
        })?;
        if let (Some(choices), Value::Text(v)) = (&cell.choices, &parsed)
            && !choices.contains(v)
        {
            return Err(format!("'{v}' is not one of: {}", choices.join(", ")));
        }
        cell.value = Some(parsed);
        cell.confidence = Confidence::House;
        cell.note = note;
        cell.by = by;
        cell.date = date;
        Ok(())
    }

    /// One chart of a ruleset.
    pub fn chart(&self, ruleset: Ruleset, name: &str) -> Option<&Chart> {
        self.charts.get(&ruleset)?.get(name)
    }

    /// Every chart of a ruleset, by name.
    pub fn of(&self, ruleset: Ruleset) -> impl Iterator<Item = &Chart> {
        self.charts
            .get(&ruleset)
            .into_iter()
            .flat_map(|c| c.values())
    }

    /// Every chart, ruleset by ruleset.
    pub fn all(&self) -> impl Iterator<Item = &Chart> {
        self.charts.values().flat_map(|c| c.values())
    }

    /// Finds a chart by name across rulesets: `ruleset/chart` or a name only one ruleset has.
    pub fn find(&self, name: &str) -> Result<&Chart, String> {
        if let Some((folder, chart)) = name.split_once('/') {
            let ruleset =
                Ruleset::from_id(folder).ok_or_else(|| format!("'{folder}' is not a ruleset"))?;
            return self
                .chart(ruleset, chart)
                .ok_or_else(|| format!("no {} chart is named '{chart}'", ruleset.id()));
        }
        let found: Vec<&Chart> = self.all().filter(|c| c.name == name).collect();
        match found.as_slice() {
            [one] => Ok(one),
            [] => Err(format!(
                "no chart is named '{name}' (see `laager tables list`)"
            )),
            many => Err(format!(
                "'{name}' is a chart of several rulesets: write one of {}",
                many.iter()
                    .map(|c| format!("{}/{}", c.ruleset.folder(), c.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    }

    /// The content hash of the tables in force (sha-256 of their canonical JSON, hex).
    pub fn hash(&self) -> &str {
        &self.hash
    }

    fn rehash(&mut self) {
        // The canonical JSON is streamed into the digest rather than built first: a club
        // chart of 200,000 entries would otherwise be written out whole to be hashed.
        let mut digest = DigestWriter(Sha256::new());
        let _ = serde_json::to_writer(&mut digest, &self.charts);
        // Lost-key cells count too; with none, the hash is the charts' alone.
        if !self.lost_key_cells.is_empty() {
            let _ = serde_json::to_writer(&mut digest, &self.lost_key_cells);
        }
        self.hash = digest.0.finalize().iter().fold(String::new(), |mut s, b| {
            use std::fmt::Write as _;
            let _ = write!(s, "{b:02x}");
            s
        });
    }

    /// Counts charts, cells and cells per confidence.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        for c in Confidence::ALL {
            summary.by_confidence.insert(c.name().to_owned(), 0);
        }
        for chart in self.all() {
            summary.charts += 1;
            for (confidence, count) in Confidence::ALL.iter().zip(chart.confidence_counts()) {
                summary.cells += count;
                *summary
                    .by_confidence
                    .entry(confidence.name().to_owned())
                    .or_default() += count;
            }
            if chart.status == Status::NotSupplied {
                summary
                    .not_supplied
                    .push(format!("{}/{}", chart.ruleset.folder(), chart.name));
            }
        }
        // A club's cells of grids whose printed keys are lost are its values: house.
        let lost = self.lost_key_cells.len();
        summary.cells += lost;
        *summary
            .by_confidence
            .entry(Confidence::House.name().to_owned())
            .or_default() += lost;
        summary
    }
}
