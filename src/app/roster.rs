//! The roster: each unit's present strength against its initial, its losses this move with
//! the morale test they make due, its status, and the hand edits a referee makes to a
//! unit's record (strength on joining, a loss to column D or K, a status, removal). Every
//! edit is an event in the game's log, so it can be undone.

use super::desk::whole_number;
use super::roster_rows::{RosterRows, RowText, headings};
use crate::charts::Charts;
use crate::game::{Cause, Game, GameState, RecordWords, UnitEdit, UnitId, UnitState};
use crate::record::{Formation, Status};
use crate::rules::words::readable;
use crate::ruleset::Ruleset;

/// The roster's own state: the unit being edited and the edit fields.
#[derive(Debug, Clone, Default)]
pub struct Roster {
    /// The unit whose record is open for editing.
    pub editing: Option<UnitId>,
    /// Initial strength typed (IF).
    pub initial: String,
    /// Strength on joining typed (PF).
    pub present: String,
    /// A loss typed.
    pub loss: String,
    /// The kind of loss (Micro Colonial: volley fire, column D, or other, K).
    pub cause: Option<Cause>,
    /// A status typed.
    pub status: String,
    /// A formation typed.
    pub formation: String,
    /// Why the last edit could not be made.
    pub error: Option<String>,
    /// Every unit's row as text, worked out once per change.
    rows: RosterRows,
}

/// The unit's casualty record sheet: Micro Colonial "ID, IF, PF" and D and K by move (a
/// D figure struck through once the unit's next move took it into account); the other
/// rulesets' strength changes by move.
fn sheet_ui(ui: &mut egui::Ui, ruleset: Ruleset, state: &GameState, unit: &UnitState) {
    let words = RecordWords::of(ruleset);
    ui.strong(if ruleset == Ruleset::MicroColonial {
        format!(
            "{}: {} IF {} PF {}",
            words.sheet, unit.spec.unit_id, unit.spec.initial, unit.present
        )
    } else {
        format!(
            "{}: {}, {} of {}",
            words.sheet,
            unit.spec.unit_id,
            words.strength(unit.present),
            unit.spec.initial
        )
    });
    egui::Grid::new("unit_sheet").striped(true).show(ui, |ui| {
        if ruleset == Ruleset::MicroColonial {
            let sheet = crate::game::mc_unit(state, unit);
            for h in ["move", "D", "K", "restored"] {
                ui.strong(h);
            }
            ui.end_row();
            for line in &sheet.moves {
                ui.label(line.move_number.to_string());
                ui.horizontal(|ui| {
                    for d in &line.d {
                        let text = egui::RichText::new(d.ff.to_string());
                        ui.label(if d.struck { text.strikethrough() } else { text });
                    }
                });
                ui.label(line.k.to_string());
                ui.label(line.restored.to_string());
                ui.end_row();
            }
            if sheet.forward_move_cut_mm > 0 {
                ui.label(format!(
                    "next forward move {} mm shorter",
                    sheet.forward_move_cut_mm
                ));
                ui.end_row();
            }
        } else {
            for h in ["move", "change"] {
                ui.strong(h);
            }
            ui.end_row();
            for change in state
                .changes
                .iter()
                .filter(|c| c.unit_id == unit.spec.unit_id)
            {
                ui.label(change.move_number.to_string());
                ui.label(if change.cause.is_loss() {
                    format!("-{}", change.amount)
                } else {
                    format!("+{}", change.amount)
                });
                ui.end_row();
            }
        }
    });
}

/// A grid cell at least `min_width` wide, when given.
fn cell(
    ui: &mut egui::Ui,
    min_width: Option<f32>,
    add: impl FnOnce(&mut egui::Ui) -> egui::Response,
) -> egui::Response {
    match min_width {
        Some(width) => {
            ui.scope(|ui| {
                ui.set_min_width(width);
                add(ui)
            })
            .inner
        }
        None => add(ui),
    }
}

impl Roster {
    /// Draws the roster grid — only the rows in `viewport`, the part of the scroll area in
    /// view, with each column as wide as its widest row — and, under it, the edit form of
    /// the unit being edited. A unit's name shows whether it is `selected`; a click on it
    /// adds it to the end of the selection or takes it out, and the selection it makes is
    /// returned with the events to log (the counters of a board game, which the table does
    /// not show, are selected here).
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        viewport: egui::Rect,
        game: &Game,
        charts: Option<&Charts>,
        selected: &[String],
    ) -> (Vec<UnitEdit>, Option<Vec<String>>) {
        let mut events = Vec::new();
        let mut picked = None;
        let state = game.state();
        self.rows.refresh(ui, game, charts);
        // A grid row is as tall as an "edit" button, or the minimum cell height.
        let spacing = ui.spacing().item_spacing.y;
        let text_height = ui.text_style_height(&egui::TextStyle::Body);
        let row_height = ui
            .spacing()
            .interact_size
            .y
            .max(text_height + 2.0 * ui.spacing().button_padding.y);
        let pitch = row_height + spacing;
        // The headings are row 0.
        let rows = state.units.len() + 1;
        let first = ((viewport.min.y / pitch).floor().max(0.0) as usize).min(rows - 1);
        let end = (((viewport.max.y / pitch).ceil().max(0.0) as usize) + 1).clamp(first + 1, rows);
        let grid_top = ui.cursor().min;
        let grid_height = rows as f32 * pitch - spacing;
        let in_view = egui::Rect::from_min_max(
            egui::pos2(ui.max_rect().left(), grid_top.y + first as f32 * pitch),
            egui::pos2(ui.max_rect().right(), grid_top.y + grid_height),
        );
        let mut rows_ui = ui.new_child(
            egui::UiBuilder::new()
                .id_salt("roster_rows")
                .max_rect(in_view)
                .layout(*ui.layout()),
        );
        let mut editing_row = None;
        egui::Grid::new("roster_grid")
            .striped(true)
            .start_row(first)
            .show(&mut rows_ui, |ui| {
                // The first row drawn carries every column's widest width.
                let mut widths = Some(self.rows.widths);
                if first == 0 {
                    // The edit buttons come first, in view however narrow the panel.
                    ui.strong("");
                    for (column, heading) in headings(game.ruleset).iter().take(6).enumerate() {
                        cell(ui, widths.and_then(|w| w.get(column).copied()), |ui| {
                            ui.strong(*heading)
                        });
                    }
                    widths = None;
                    ui.end_row();
                }
                for at in first.max(1) - 1..end - 1 {
                    let (Some(unit), Some(text)) = (state.units.get(at), self.rows.rows.get(at))
                    else {
                        break;
                    };
                    let text = text.clone();
                    let top = ui.cursor().min.y;
                    if self.row(ui, unit, &text, widths.take(), selected) {
                        let id = unit.spec.unit_id.to_string();
                        let mut now = selected.to_vec();
                        if now.contains(&id) {
                            now.retain(|s| *s != id);
                        } else {
                            now.push(id);
                        }
                        picked = Some(now);
                    }
                    if self.editing.as_ref() == Some(&unit.spec.unit_id) {
                        editing_row = Some(egui::Rect::from_x_y_ranges(
                            ui.max_rect().x_range(),
                            top..=ui.min_rect().bottom(),
                        ));
                    }
                    ui.end_row();
                }
            });
        ui.advance_cursor_after_rect(egui::Rect::from_min_size(
            grid_top,
            egui::vec2(rows_ui.min_rect().width(), grid_height),
        ));
        if let Some(unit) = self.editing.clone().and_then(|id| state.unit(&id)) {
            self.editor_beside(ui, editing_row, game, unit, &mut events);
        }
        if !events.is_empty() {
            self.error = None;
        }
        (events, picked)
    }

    /// One unit's row; `widths`, when given, are the columns' widest widths to keep.
    /// Returns whether its name was clicked.
    fn row(
        &mut self,
        ui: &mut egui::Ui,
        unit: &UnitState,
        text: &RowText,
        widths: Option<[f32; 6]>,
        selected: &[String],
    ) -> bool {
        let width = |column: usize| widths.map(|w| w[column]);
        let id = &unit.spec.unit_id;
        let name = id.to_string();
        let on = selected.contains(&name);
        let open = self.editing.as_ref() == Some(id);
        if ui
            .selectable_label(open, "edit")
            .on_hover_text(format!(
                "Edit {id}'s record: the editor opens beside this row"
            ))
            .clicked()
        {
            if open {
                self.editing = None;
            } else {
                self.open(unit);
            }
        }
        let clicked = cell(ui, width(0), |ui| {
            ui.selectable_label(on, &name).on_hover_text(if on {
                format!("Take {name} out of the selection")
            } else {
                format!("Add {name} to the selection (the desk reads the units selected in order)")
            })
        })
        .clicked();
        cell(ui, width(1), |ui| ui.label(readable(&unit.spec.side)));
        cell(ui, width(2), |ui| ui.label(readable(&unit.spec.troop_type)));
        let strength = cell(ui, width(3), |ui| ui.label(&text.strength));
        if let Some(note) = &unit.spec.strength_note {
            strength.on_hover_text(note);
        }
        cell(ui, width(4), |ui| {
            if text.warn {
                ui.colored_label(ui.visuals().warn_fg_color, &text.lost)
            } else {
                ui.label(&text.lost)
            }
        });
        cell(ui, width(5), |ui| ui.label(&text.status));
        clicked
    }

    /// Opens a unit's record in the edit form, its fields filled from the record.
    pub fn open(&mut self, unit: &UnitState) {
        self.editing = Some(unit.spec.unit_id.clone());
        // A strength not yet set opens empty, ready to type.
        let shown = |n: u32| if n == 0 { String::new() } else { n.to_string() };
        self.initial = shown(unit.spec.initial);
        self.present = shown(unit.spec.present);
        self.loss.clear();
        self.cause = None;
        self.status = unit
            .status
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default();
        self.formation = unit
            .formation
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default();
        self.error = None;
    }

    /// The unit's editor, beside its row: to the left of the roster, over the table's edge,
    /// at the row's height where there is room there, else just under the row; where the
    /// row is scrolled out of view, at the roster's top. It stays in view while it is open.
    fn editor_beside(
        &mut self,
        ui: &mut egui::Ui,
        row: Option<egui::Rect>,
        game: &Game,
        unit: &UnitState,
        events: &mut Vec<UnitEdit>,
    ) {
        let clip = ui.clip_rect();
        let row = row.unwrap_or(egui::Rect::from_min_size(
            clip.min,
            egui::vec2(clip.width(), 0.0),
        ));
        let room_left = clip.left() > 420.0;
        let (pivot, at) = if room_left {
            (
                egui::Align2::RIGHT_TOP,
                egui::pos2(clip.left() - 6.0, row.top()),
            )
        } else {
            (
                egui::Align2::LEFT_TOP,
                egui::pos2(clip.left(), row.bottom() + 2.0),
            )
        };
        let id = unit.spec.unit_id.clone();
        egui::Area::new(egui::Id::unique("unit_editor").with(id.0.as_str()))
            .order(egui::Order::Foreground)
            .pivot(pivot)
            .fixed_pos(at)
            .constrain(true)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(400.0);
                    ui.horizontal(|ui| {
                        ui.strong(format!("Edit {id}"));
                        if ui.small_button("Close").clicked() {
                            self.editing = None;
                        }
                    });
                    self.edit_form(ui, game.ruleset, unit, events);
                    sheet_ui(ui, game.ruleset, game.state(), unit);
                });
            });
    }

    #[allow(clippy::too_many_lines)] // one form: strength, loss, status, formation
    fn edit_form(
        &mut self,
        ui: &mut egui::Ui,
        ruleset: Ruleset,
        unit: &UnitState,
        events: &mut Vec<UnitEdit>,
    ) {
        let id = unit.spec.unit_id.clone();
        let words = RecordWords::of(ruleset);
        // Every row is drawn (`or`, not `or_else`); one click a frame gives the edit.
        let edit = self
            .strength_row(ui, words, &id)
            .or(self.loss_row(ui, words, unit))
            .or(self.status_rows(ui, ruleset, unit))
            .or(self.formation_row(ui, ruleset, &id));
        match edit {
            Some(Ok(edit)) => events.push(edit),
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
        if let Some(error) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
    }

    /// The strength the unit joined with, corrected.
    fn strength_row(
        &mut self,
        ui: &mut egui::Ui,
        words: &RecordWords,
        id: &UnitId,
    ) -> Option<Result<UnitEdit, String>> {
        let mut edit = None;
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(words.initial);
            ui.add(egui::TextEdit::singleline(&mut self.initial).desired_width(50.0))
                .labelled_by(label.id);
            let label = ui.label(words.joining);
            ui.add(egui::TextEdit::singleline(&mut self.present).desired_width(50.0))
                .labelled_by(label.id);
            if ui
                .button("Set strength")
                .on_hover_text(format!(
                    "Correct the strength the unit joined with ({}, {})",
                    words.initial, words.joining
                ))
                .clicked()
            {
                edit = Some(
                    whole_number(words.initial, &self.initial).and_then(|initial| {
                        let present = whole_number(words.joining, &self.present)?;
                        if present > initial {
                            return Err(format!(
                                "{}: {present} is more than the {} {initial}",
                                words.joining, words.initial
                            ));
                        }
                        Ok(UnitEdit::StrengthSet {
                            unit_id: id.clone(),
                            initial,
                            present,
                        })
                    }),
                );
            }
        });
        edit
    }

    /// A loss taken off present strength, with its cause.
    fn loss_row(
        &mut self,
        ui: &mut egui::Ui,
        words: &RecordWords,
        unit: &UnitState,
    ) -> Option<Result<UnitEdit, String>> {
        let id = &unit.spec.unit_id;
        let mut edit = None;
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(format!("{} lost", words.unit));
            ui.add(egui::TextEdit::singleline(&mut self.loss).desired_width(50.0))
                .labelled_by(label.id);
            let causes = words.losses;
            let cause = *self
                .cause
                .get_or_insert(causes.first().map_or(Cause::Other, |(c, _)| *c));
            if causes.len() > 1 {
                for (kind, said) in causes {
                    if ui.selectable_label(cause == *kind, *said).clicked() {
                        self.cause = Some(*kind);
                    }
                }
            }
            if ui
                .button("Record loss")
                .on_hover_text("Take the loss off present strength")
                .clicked()
            {
                let cause = self.cause.unwrap_or(Cause::Other);
                edit = Some(whole_number("loss", &self.loss).and_then(|amount| {
                    if amount > unit.present {
                        return Err(format!(
                            "loss: {id} has {} and cannot lose {amount}",
                            words.strength(unit.present)
                        ));
                    }
                    Ok(UnitEdit::StrengthChanged {
                        unit_id: id.clone(),
                        amount,
                        cause,
                    })
                }));
            }
        });
        edit
    }

    /// The statuses the ruleset reads, a club's own word, and removal from play.
    fn status_rows(
        &mut self,
        ui: &mut egui::Ui,
        ruleset: Ruleset,
        unit: &UnitState,
    ) -> Option<Result<UnitEdit, String>> {
        let id = &unit.spec.unit_id;
        let mut edit = None;
        // The statuses this ruleset's rules read, one click each; a club's own word typed.
        ui.horizontal_wrapped(|ui| {
            ui.label("status:");
            for status in RecordWords::statuses(ruleset) {
                let on = unit.status.as_ref() == Some(&status);
                if ui.selectable_label(on, status.name()).clicked() && !on {
                    edit = Some(Ok(UnitEdit::StatusSet {
                        unit_id: id.clone(),
                        status: Some(status),
                    }));
                }
            }
            if ui.button("Clear status").clicked() {
                self.status.clear();
                edit = Some(Ok(UnitEdit::StatusSet {
                    unit_id: id.clone(),
                    status: None,
                }));
            }
        });
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("new status");
            ui.add(
                egui::TextEdit::singleline(&mut self.status)
                    .hint_text("a word of the club's own")
                    .desired_width(140.0),
            )
            .labelled_by(label.id);
            if ui.button("Set status").clicked() {
                edit = Some(Ok(UnitEdit::StatusSet {
                    unit_id: id.clone(),
                    status: Status::parse(&self.status),
                }));
            }
            if !unit.removed
                && ui
                    .button("Remove from play")
                    .on_hover_text("The unit leaves the game (destroyed, routed off)")
                    .clicked()
            {
                edit = Some(Ok(UnitEdit::Removed {
                    unit_id: id.clone(),
                }));
            }
        });
        edit
    }

    /// A new formation, where the ruleset has formations.
    fn formation_row(
        &mut self,
        ui: &mut egui::Ui,
        ruleset: Ruleset,
        id: &UnitId,
    ) -> Option<Result<UnitEdit, String>> {
        let mut edit = None;
        let formations = RecordWords::formations(ruleset);
        if !formations.is_empty() {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label("new formation");
                let hint = formations
                    .iter()
                    .map(Formation::name)
                    .collect::<Vec<_>>()
                    .join(", ");
                ui.add(
                    egui::TextEdit::singleline(&mut self.formation)
                        .hint_text(hint)
                        .desired_width(160.0),
                )
                .labelled_by(label.id);
                if ui.button("Set formation").clicked() {
                    edit = Some(Ok(UnitEdit::FormationSet {
                        unit_id: id.clone(),
                        formation: Formation::parse(&self.formation),
                    }));
                }
            });
        }
        edit
    }
}
