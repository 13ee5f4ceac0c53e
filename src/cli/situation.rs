//! `--layout FILE.json` or `--campaign FILE.laager [--game N]` with `--unit ROLE=ID`: the
//! situation of a resolving command built by the engine from a table and its records, as
//! the desk builds it; `--apply` logs the result in the campaign's game as the desk's Apply
//! does.

use super::CliError;
use crate::charts::Charts;
use crate::game::gate::{Action, Apply};
use crate::game::{GameState, ThrowId, records_of_new_game, table_as_played};
use crate::geometry::{Layout, file};
use crate::rules::AnyResolution;
use crate::rules::Request;
use crate::rules::situation::{NoRecords, Records, Roles};
use crate::store::{CampaignFile, Mode};
use clap::Args;
use serde_json::json;
use std::path::{Path, PathBuf};

/// Where a resolving command's situation comes from.
#[derive(Debug, Clone, Default, Args)]
pub struct SituationArgs {
    /// Build the situation from this layout's table (its units named with --unit).
    #[arg(long, value_name = "FILE.json", conflicts_with = "campaign")]
    pub layout: Option<PathBuf>,
    /// Build the situation from a campaign game's table as played and its records.
    #[arg(long, value_name = "FILE.laager")]
    pub campaign: Option<PathBuf>,
    /// The campaign's game, from 1 (default: its latest).
    #[arg(long, value_name = "N", requires = "campaign")]
    pub game: Option<crate::bounds::GameNumber>,
    /// A unit in its role, ROLE=ID (repeatable; the roles are in the command's help).
    #[arg(long = "unit", value_name = "ROLE=ID")]
    pub units: Vec<String>,
    /// With --campaign: write the result to the game's log, as the desk's Apply does, and
    /// print the events written.
    #[arg(long, requires = "campaign")]
    pub apply: bool,
}

/// A table and, from a campaign, its game's records.
pub struct Context {
    /// The table as played.
    pub layout: Layout,
    /// The game's records: the campaign game's, or those a new game on a bare layout
    /// starts with (none when the layout names no ruleset).
    state: Option<GameState>,
    file: Option<(CampaignFile, usize)>,
}

fn read_text(path: &Path) -> Result<String, CliError> {
    crate::store::disk::read_text(path, crate::store::Input::Layout)
        .map_err(|e| CliError::Input(e.to_string()))
}

fn layout_of(text: &str, charts: &Charts, what: &str) -> Result<Layout, CliError> {
    let report = file::read(text, charts);
    match report.layout {
        Some(layout) => Ok(layout),
        None => Err(CliError::Input(format!(
            "{what}: the layout does not read: {}",
            report
                .errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ))),
    }
}

impl SituationArgs {
    /// Whether a table was given.
    pub fn given(&self) -> bool {
        self.layout.is_some() || self.campaign.is_some()
    }

    /// The units in their roles, checked against the procedure's roles.
    pub fn roles(&self, allowed: &[&str]) -> Result<Roles, CliError> {
        if !self.units.is_empty() && !self.given() {
            return Err(CliError::Input(
                "--unit names a unit on a table: give --layout FILE.json or --campaign FILE.laager"
                    .to_owned(),
            ));
        }
        Roles::parse(&self.units, allowed).map_err(CliError::Input)
    }

    /// The table and records, when `--layout` or `--campaign` is given.
    pub fn context(&self, charts: &Charts) -> Result<Option<Context>, CliError> {
        self.context_for(charts, true)
    }

    /// The records, when `--layout` or `--campaign` is given, for a procedure that counts
    /// them and reads no table (a victory): a campaign game played without a table (a
    /// board game's) is read too.
    pub fn records_context(&self, charts: &Charts) -> Result<Option<Context>, CliError> {
        self.context_for(charts, false)
    }

    fn context_for(&self, charts: &Charts, needs_table: bool) -> Result<Option<Context>, CliError> {
        if let Some(path) = &self.layout {
            let layout = layout_of(&read_text(path)?, charts, &path.display().to_string())?;
            // The records a new game on this table starts with, as the desk's.
            let state = layout
                .ruleset
                .map(|ruleset| records_of_new_game(&layout, ruleset, Some(charts)));
            return Ok(Some(Context {
                layout,
                state,
                file: None,
            }));
        }
        let Some(path) = &self.campaign else {
            return Ok(None);
        };
        // A reading takes the game's state as the file stores it beside the log, where
        // this build can trust it; otherwise, and for a write, the whole file is read.
        let game = self.game.map(crate::bounds::GameNumber::get);
        if !self.apply
            && let Some(projected) = crate::store::projection::read_game(path, game)
        {
            return Self::context_of(
                path,
                projected.number,
                &projected.layout,
                projected.state,
                None,
                charts,
                needs_table,
            )
            .map(Some);
        }
        let mode = if self.apply { Mode::Write } else { Mode::Read };
        let opened = CampaignFile::open(path, mode).map_err(super::campaign::store_error)?;
        let number = super::game_number(path, opened.campaign().games.len(), self.game)?;
        let game = &opened.campaign().games[number - 1];
        let (layout, state) = (game.layout.clone(), game.state().clone());
        Self::context_of(
            path,
            number,
            &layout,
            state,
            Some(opened),
            charts,
            needs_table,
        )
        .map(Some)
    }

    /// The context of campaign game `number`: its table as played (a game without a table
    /// serves only a procedure that reads no table) and its state.
    fn context_of(
        path: &Path,
        number: usize,
        layout: &serde_json::Value,
        state: GameState,
        opened: Option<CampaignFile>,
        charts: &Charts,
        needs_table: bool,
    ) -> Result<Context, CliError> {
        let file = opened.map(|opened| (opened, number));
        if layout.is_null() && !needs_table {
            return Ok(Context {
                layout: Layout::new(crate::geometry::Table::SIX_BY_FOUR, Vec::new(), Vec::new()),
                state: Some(state),
                file,
            });
        }
        if layout.is_null() {
            return Err(CliError::Input(format!(
                "{} game {number} has no table: add the game with `laager campaign add-game --layout TABLE.json`",
                path.display()
            )));
        }
        let layout = layout_of(
            &table_as_played(layout, &state).to_string(),
            charts,
            &format!("{} game {number}", path.display()),
        )?;
        Ok(Context {
            layout,
            state: Some(state),
            file,
        })
    }
}

impl Context {
    /// The game's state: the campaign game's, or a new game's on a bare layout that names
    /// its ruleset.
    pub fn state(&self) -> Option<&GameState> {
        self.state.as_ref()
    }

    /// The game's records, or none for a bare layout.
    pub fn records(&self) -> &dyn Records {
        match &self.state {
            Some(state) => state,
            None => &NoRecords,
        }
    }

    /// Logs a resolution in the campaign's game through the record's gate (the file
    /// verified, the units in their roles checked, the throw new: each invocation is a new
    /// throw) and returns the events written with the notes, as JSON.
    pub fn apply(
        &mut self,
        request: &Request,
        resolution: &AnyResolution,
        roles: &Roles,
        cells: &[String],
    ) -> Result<serde_json::Value, CliError> {
        let Some((opened, number)) = &mut self.file else {
            return Err(CliError::Input(
                "--apply writes to a campaign's game: give --campaign FILE.laager".to_owned(),
            ));
        };
        let acted = opened
            .act(
                *number,
                Action::Apply(Box::new(Apply {
                    request: request.clone(),
                    resolution: resolution.clone(),
                    roles: roles.clone(),
                    cells: cells.to_vec(),
                    throw: ThrowId::new(),
                    tables: None,
                    table: Some(self.layout.clone()),
                })),
            )
            .map_err(super::campaign::store_error)?;
        Ok(json!({
            "game": number,
            "events": acted.logged,
            "writes": acted.lines,
        }))
    }
}

/// A count a flag gives, or the records when they were read: the flag wins; with neither,
/// the flag is needed, and the error names it and the table that would give it.
pub fn given_or_read(
    flag: Option<impl Into<u32>>,
    slot: &mut u32,
    read: bool,
    name: &str,
    table: &str,
) -> Result<(), CliError> {
    match flag {
        Some(value) => {
            *slot = value.into();
            Ok(())
        }
        None if read => Ok(()),
        None => Err(CliError::Input(format!("give {name}, or {table}"))),
    }
}

/// The game's state a records-counted procedure (a victory) reads: the campaign game's, or
/// a new game's on a bare layout. Refuses a layout that names no ruleset (no records).
pub fn records_of(context: Option<&Context>) -> Result<Option<&GameState>, CliError> {
    match context {
        None => Ok(None),
        Some(context) => context.state().map(Some).ok_or_else(|| {
            CliError::Input(
                "--layout: the layout names no ruleset, so no game's records start on it"
                    .to_owned(),
            )
        }),
    }
}

/// The input of a procedure counted on the records (a victory) and no units in roles: with
/// `--campaign`/`--layout`, what `count` reads from the game's records (its refusal to
/// count is bad input, named); without, `blank`. Returns the context (for `--apply`), the
/// input and whether the records were read.
pub fn counted<I>(
    args: &SituationArgs,
    charts: &Charts,
    blank: I,
    count: impl FnOnce(&GameState) -> Result<I, String>,
) -> Result<(Option<Context>, I, bool), CliError> {
    args.roles(&[])?;
    let context = args.records_context(charts)?;
    let input = match records_of(context.as_ref())? {
        Some(state) => count(state).map_err(CliError::Input)?,
        None => blank,
    };
    let read = context.is_some();
    Ok((context, input, read))
}

/// Resolves a request that throws no dice and about no units in roles (a victory) and,
/// with `apply`, logs it in the campaign's game.
pub fn run_counted(
    request: &Request,
    charts: &Charts,
    json: bool,
    context: &mut Option<Context>,
    apply: bool,
) -> Result<super::Outcome, CliError> {
    super::run_and_apply(
        request,
        charts,
        &crate::dice::DiceChoice::None,
        json,
        &Roles::default(),
        context.as_mut().filter(|_| apply),
    )
}
