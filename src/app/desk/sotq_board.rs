//! The Soldiers of the Queen stacking and victory forms: a labelled field for every input
//! of the engine's `StackInput` and `VictoryInput`, filled from the records by the
//! engine's `soldiers_of_the_queen::situation` (the pieces picked) and
//! `game::victory::sotq_counts` (the Isandhlwana Game's counts on the
//! whole roster). The engine resolves; nothing here does.

use super::mc_combat::{number_field, pick};
use super::sotq_combat::{FromRecords, game_ui, origins_of, whole};
use crate::game::GameState;
use crate::rules::situation::{Origins, Records, Roles};
use crate::rules::soldiers_of_the_queen::{
    EliminatedOnTurn, Game, IsandhlwanaCounts, Kind, OmdurmanCounts, Piece, Side, StackInput,
    VictoryInput, situation,
};

const SIDES: &[Side] = &[Side::British, Side::Zulu, Side::Dervish];
const KINDS: &[Kind] = &[
    Kind::Foot,
    Kind::Mounted,
    Kind::Artillery,
    Kind::Engineer,
    Kind::Wagon,
    Kind::Leader,
];

/// A labelled one-line text field.
fn text_field(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32, hover: &str) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(egui::TextEdit::singleline(text).desired_width(width))
            .labelled_by(l.id)
            .on_hover_text(hover);
    });
}

/// One piece of a stack, as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceRow {
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// Its printed Melee Strength.
    pub melee: String,
    /// The group it belongs to (blank: none).
    pub group: String,
    /// A colonial unit.
    pub colonial: bool,
}

impl PieceRow {
    fn blank(n: usize) -> PieceRow {
        PieceRow {
            name: format!("piece {n}"),
            kind: Kind::Foot,
            melee: String::new(),
            group: String::new(),
            colonial: false,
        }
    }
}

/// The pieces in one hex (PART 9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackForm {
    /// The game.
    pub game: Game,
    /// The stack's side.
    pub side: Side,
    /// The pieces, top first.
    pub pieces: Vec<PieceRow>,
    /// What the records gave.
    pub from_records: FromRecords,
}

impl Default for StackForm {
    fn default() -> Self {
        StackForm {
            game: Game::Isandhlwana,
            side: Side::British,
            pieces: vec![PieceRow::blank(1), PieceRow::blank(2)],
            from_records: None,
        }
    }
}

impl StackForm {
    /// The engine's stack, or a message naming the field that does not read.
    pub fn stack(&self) -> Result<StackInput, String> {
        let pieces = self
            .pieces
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let melee = if row.melee.trim().is_empty() {
                    0
                } else {
                    whole(&format!("piece {} melee strength", i + 1), &row.melee)?
                };
                let group = row.group.trim();
                Ok(Piece {
                    name: row.name.trim().to_owned(),
                    kind: row.kind,
                    melee,
                    group: (!group.is_empty()).then(|| group.to_owned()),
                    colonial: row.colonial,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(StackInput {
            game: self.game,
            side: self.side,
            pieces,
            origins: origins_of(&self.from_records),
        })
    }

    /// Reads the pieces in roles `piece-1` ... `piece-8` (`situation::stack`): the stack is
    /// the pieces picked; a row that becomes another unit's is cleared of what was typed.
    fn fill(&mut self, records: &dyn Records, roles: &Roles) {
        if roles.0.is_empty() {
            self.from_records = None;
            return;
        }
        self.pieces.truncate(roles.0.len());
        for (i, (_, id)) in roles.0.iter().enumerate() {
            match self.pieces.get_mut(i) {
                Some(row) if row.name == *id => {}
                Some(row) => *row = PieceRow::blank(i + 1),
                None => self.pieces.push(PieceRow::blank(i + 1)),
            }
        }
        let Ok(mut base) = self.stack() else {
            return;
        };
        base.origins = Origins::default();
        match situation::stack(records, roles, base, &[]) {
            Ok(read) => {
                for (row, piece) in self.pieces.iter_mut().zip(&read.pieces) {
                    row.name.clone_from(&piece.name);
                    row.kind = piece.kind;
                    row.colonial = piece.colonial;
                }
                self.from_records = Some(Ok(read.origins));
            }
            Err(refusal) => self.from_records = Some(Err(refusal.reason)),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        game_ui(ui, &mut self.game);
        pick(ui, "stack's side", &mut self.side, SIDES, Side::name);
        let mut remove = None;
        for (i, row) in self.pieces.iter_mut().enumerate() {
            let who = format!("piece {}", i + 1);
            ui.horizontal(|ui| {
                let l = ui.label(format!("{who} name"));
                ui.add(egui::TextEdit::singleline(&mut row.name).desired_width(120.0))
                    .labelled_by(l.id);
                if ui.small_button(format!("remove {who}")).clicked() {
                    remove = Some(i);
                }
            });
            ui.horizontal_wrapped(|ui| {
                pick(ui, &format!("{who} kind"), &mut row.kind, KINDS, Kind::name);
                ui.checkbox(&mut row.colonial, format!("{who} colonial"));
            });
            number_field(
                ui,
                &format!("{who} melee strength"),
                &mut row.melee,
                "Its printed Melee Strength (blank: 0)",
            );
            text_field(
                ui,
                &format!("{who} group"),
                &mut row.group,
                120.0,
                "The group it belongs to (blank: none)",
            );
        }
        if let Some(i) = remove {
            self.pieces.remove(i);
        }
        if ui.button("add piece").clicked() {
            self.pieces.push(PieceRow::blank(self.pieces.len() + 1));
        }
    }
}

/// Who has won (PART 5).
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VictoryForm {
    /// The game.
    pub game: Game,
    /// Isandhlwana: British regular units left.
    pub british_regulars_remaining: String,
    /// Isandhlwana: Zulu units eliminated.
    pub zulu_eliminated: String,
    /// Omdurman: the Game Turn just played.
    pub turn: String,
    /// Omdurman: British units exited.
    pub british_exited: String,
    /// Omdurman: British units remaining.
    pub british_remaining: String,
    /// Omdurman: the Khalifa killed.
    pub khalifa_killed: bool,
    /// Omdurman: Dervish units eliminated.
    pub dervish_eliminated: String,
    /// Omdurman: British units eliminated, TURN:COUNT, comma-separated.
    pub british_eliminated: String,
    /// Omdurman: the turns with no British exit, comma-separated.
    pub no_exit_turns: String,
    /// The Isandhlwana Game's counts on the roster, as the records noted them.
    pub from_records: FromRecords,
}

impl Default for VictoryForm {
    fn default() -> Self {
        VictoryForm {
            game: Game::Isandhlwana,
            british_regulars_remaining: "0".to_owned(),
            zulu_eliminated: "0".to_owned(),
            turn: "1".to_owned(),
            british_exited: "0".to_owned(),
            british_remaining: "0".to_owned(),
            khalifa_killed: false,
            dervish_eliminated: "0".to_owned(),
            british_eliminated: String::new(),
            no_exit_turns: String::new(),
            from_records: None,
        }
    }
}

/// A comma-separated list, each item read by `read`.
fn list<T>(text: &str, read: impl Fn(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(read)
        .collect()
}

impl VictoryForm {
    /// The engine's victory check, or a message naming the field that does not read.
    pub fn victory(&self) -> Result<VictoryInput, String> {
        Ok(match self.game {
            Game::Isandhlwana => VictoryInput::Isandhlwana(IsandhlwanaCounts {
                british_regulars_remaining: whole(
                    "British regulars remaining",
                    &self.british_regulars_remaining,
                )?,
                zulu_units_eliminated: whole("Zulu units eliminated", &self.zulu_eliminated)?,
                origins: origins_of(&self.from_records),
            }),
            Game::Omdurman => VictoryInput::Omdurman(OmdurmanCounts {
                turn: whole("turn", &self.turn)?,
                british_exited: whole("British exited", &self.british_exited)?,
                british_remaining: whole("British remaining", &self.british_remaining)?,
                khalifa_killed: self.khalifa_killed,
                dervish_eliminated: whole("Dervish eliminated", &self.dervish_eliminated)?,
                british_eliminated: list(&self.british_eliminated, |item| {
                    let (t, c) = item.split_once(':').ok_or_else(|| {
                        format!("British eliminated '{item}': expected TURN:COUNT, as 9:2")
                    })?;
                    Ok(EliminatedOnTurn {
                        turn: whole("British eliminated turn", t)?,
                        count: whole("British eliminated count", c)?,
                    })
                })?,
                turns_without_exit: list(&self.no_exit_turns, |t| {
                    whole("turns without an exit", t)
                })?,
            }),
        })
    }

    /// Counts the Isandhlwana Game on the whole roster (`game::victory::sotq_counts`), as
    /// `laager sotq victory --campaign` does; a game with no units counts nothing.
    fn fill(&mut self, state: &GameState) {
        if state.units.is_empty() {
            self.from_records = None;
            return;
        }
        match crate::game::victory::sotq_counts(state) {
            Ok((counts, ..)) => {
                self.british_regulars_remaining = counts.british_regulars_remaining.to_string();
                self.zulu_eliminated = counts.zulu_units_eliminated.to_string();
                self.from_records = Some(Ok(counts.origins));
            }
            Err(why) => self.from_records = Some(Err(why)),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        game_ui(ui, &mut self.game);
        match self.game {
            Game::Isandhlwana => {
                number_field(
                    ui,
                    "British regulars remaining",
                    &mut self.british_regulars_remaining,
                    "British regular units left on the map",
                );
                number_field(
                    ui,
                    "Zulu units eliminated",
                    &mut self.zulu_eliminated,
                    "Zulu units eliminated so far",
                );
            }
            Game::Omdurman => {
                for (label, text, hover) in [
                    ("turn", &mut self.turn, "The Game Turn just played"),
                    (
                        "British exited",
                        &mut self.british_exited,
                        "British units exited so far",
                    ),
                    (
                        "British remaining",
                        &mut self.british_remaining,
                        "British units left",
                    ),
                    (
                        "Dervish eliminated",
                        &mut self.dervish_eliminated,
                        "Dervish units eliminated",
                    ),
                ] {
                    number_field(ui, label, text, hover);
                }
                ui.checkbox(&mut self.khalifa_killed, "the Khalifa has been killed");
                text_field(
                    ui,
                    "British eliminated",
                    &mut self.british_eliminated,
                    120.0,
                    "British units eliminated on each turn, TURN:COUNT comma-separated (9:2, 10:1)",
                );
                text_field(
                    ui,
                    "turns without an exit",
                    &mut self.no_exit_turns,
                    120.0,
                    "The turns on which no British unit exited, comma-separated",
                );
            }
        }
    }
}

/// The stacking and victory forms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SotqBoard {
    /// The stack form.
    pub stack: StackForm,
    /// The victory form.
    pub victory: VictoryForm,
}

impl SotqBoard {
    /// Fills the stack for the pieces picked and the victory counts from the whole roster.
    pub fn fill(&mut self, state: &GameState, selected: &[String]) {
        let records: &dyn Records = state;
        self.stack.fill(
            records,
            &Roles::of_selection(situation::STACK_ROLES, selected),
        );
        self.victory.fill(state);
    }

    /// Draws the stack form.
    pub fn stack_ui(&mut self, ui: &mut egui::Ui) {
        self.stack.ui(ui);
    }

    /// Draws the victory form.
    pub fn victory_ui(&mut self, ui: &mut egui::Ui) {
        self.victory.ui(ui);
    }
}
