//! One frame of the window: the menu bar and the status bar, the foot in Play, the panel
//! beside the table (the desk or the records), the table itself, or the campaign; touch
//! mode's sizes; then the frame's commands.

use super::desk::DeskAction;
use super::records_panel::RecordsAction;
use super::{LaagerApp, Mode, NARROW_TEXT_SIZE, NARROW_WIDTH, TOUCH_CONTROL_HEIGHT, canvas};

/// Which tab of the panel beside the table is shown in Play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SideTab {
    /// The measurement and the referee's desk.
    #[default]
    Desk,
    /// The roster over the game log.
    Records,
}

impl SideTab {
    /// The other tab (F3).
    pub fn toggled(self) -> SideTab {
        match self {
            SideTab::Desk => SideTab::Records,
            SideTab::Records => SideTab::Desk,
        }
    }
}

/// The width of the panel beside the table for a window `width` wide: one width for a
/// window size, whatever the ruleset, the procedure or the form (issue 40).
pub fn side_width(width: f32) -> f32 {
    (width * 0.3).clamp(330.0, 560.0)
}

impl LaagerApp {
    /// F2 folds the panel beside the table away, F3 turns it to the records and back;
    /// touch mode sizes every control, and every checkbox, for a finger.
    fn touch_style(&mut self, ui: &egui::Ui, narrow: bool) {
        let (f2, f3, touched) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::F2),
                i.consume_key(egui::Modifiers::NONE, egui::Key::F3),
                i.has_touch_screen(),
            )
        });
        if f2 {
            self.state.show_desk = !self.state.show_desk;
        }
        if f3 {
            self.side_tab = self.side_tab.toggled();
            self.state.show_desk = true;
        }
        // In the browser a phone-sized page is a touch screen until shown otherwise (View >
        // Touch mode): egui hears of the touch screen only at the first touch.
        self.touch_seen |= touched || (cfg!(target_arch = "wasm32") && narrow);
        let text_sizes = egui::Style::default().text_styles;
        let least = if narrow { NARROW_TEXT_SIZE } else { 0.0 };
        let body = ui
            .style()
            .text_styles
            .get(&egui::TextStyle::Body)
            .map(|f| f.size);
        let body_wanted = text_sizes
            .get(&egui::TextStyle::Body)
            .map(|f| f.size.max(least));
        if body != body_wanted {
            ui.ctx().all_styles_mut(|style| {
                for (text_style, font) in &mut style.text_styles {
                    if let Some(plain) = text_sizes.get(text_style) {
                        font.size = plain.size.max(least);
                    }
                }
            });
        }
        let plain = egui::Style::default().spacing;
        let (height, padding, icon, inner) = if self.state.touch_mode(self.touch_seen) {
            (TOUCH_CONTROL_HEIGHT, 10.0, 28.0, 18.0)
        } else {
            (
                plain.interact_size.y,
                plain.button_padding.y,
                plain.icon_width,
                plain.icon_width_inner,
            )
        };
        if (ui.spacing().interact_size.y - height).abs() > 0.5
            || (ui.spacing().icon_width - icon).abs() > 0.5
        {
            ui.ctx().all_styles_mut(|style| {
                style.spacing.interact_size.y = height;
                style.spacing.button_padding.y = padding;
                style.spacing.icon_width = icon;
                style.spacing.icon_width_inner = inner;
            });
        }
    }

    /// Draws the whole window into `ui`, then applies the frame's commands.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let frame_start = self.messages.len();
        if let Some(result) = self.exported.lock().ok().and_then(|mut slot| slot.take()) {
            self.messages.push(result);
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.open_dropped_files(ui);
        self.windows.keys(ui);
        let narrow = ui.available_width() < NARROW_WIDTH;
        self.menu_bar(ui, narrow);
        self.status_bar(ui);
        self.ask_ui(ui);
        self.sync_table_from_game();
        self.touch_style(ui, narrow);
        if self.state.mode == Mode::Campaign {
            egui::CentralPanel::default().show(ui, |ui| self.campaign_ui(ui));
        } else {
            self.table_frame(ui, narrow);
        }
        if self.windows.show(ui, self.session.game(), &self.messages) {
            self.messages.clear();
            self.status_from = 0;
        }
        if let Some((kind, path)) = self.windows.prompt_ui(ui) {
            self.run_prompt(kind, path);
        }
        self.club_prompts_ui(ui);
        self.report_prompt_ui(ui);
        #[cfg(not(target_arch = "wasm32"))]
        self.autosave();
        if !self.commands.is_empty() {
            // The frame was drawn before these changes: draw the next one with them.
            ui.ctx().request_repaint();
        }
        self.run_commands();
        // Another game on the table: what was said of the one before leaves the status bar.
        let now = (
            self.session.path(),
            self.session.game().genesis().to_owned(),
        );
        if now != self.status_of {
            self.status_of = now;
            self.status_from = frame_start;
        }
    }

    /// The latest message about the game on the table now, for the status bar.
    pub(super) fn status_message(&self) -> Option<&String> {
        self.messages
            .get(self.status_from.min(self.messages.len())..)
            .and_then(<[String]>::last)
    }

    /// Set up and Play: the foot, the panel beside the table and the table.
    fn table_frame(&mut self, ui: &mut egui::Ui, narrow: bool) {
        let playing = self.state.mode == Mode::Play;
        if playing {
            let actions = egui::Panel::bottom("foot")
                .show(ui, |ui| {
                    self.records
                        .foot_ui(ui, &self.session, self.charts.as_ref().ok())
                })
                .inner;
            self.run_records_actions(actions);
        }
        self.show_strengths_on_bases();
        let measurement = self.measurement();
        self.prefill_desk();
        self.desk_context();
        self.preview_apply();
        let desk_actions = if !playing || self.state.show_desk {
            self.side_panel_ui(ui, narrow, playing, measurement.as_ref())
        } else {
            Vec::new()
        };
        self.run_desk_actions(desk_actions);
        let (undo, redo) = ui.input_mut(|i| {
            let redo = i.consume_key(
                egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
                egui::Key::Z,
            );
            let undo = i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z);
            (undo, redo)
        });
        if playing && redo {
            self.run_records_actions(vec![RecordsAction::Redo]);
        } else if playing && undo {
            self.run_records_actions(vec![RecordsAction::Undo]);
        }
        if !playing {
            let panel = if narrow {
                egui::Panel::bottom("table_sheet")
                    .resizable(true)
                    .default_size((ui.available_height() * 0.5).max(160.0))
            } else {
                egui::Panel::left("table_panel").default_size(280.0)
            };
            panel.show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| self.side_panel(ui));
            });
        }
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                let Self {
                    state,
                    document,
                    canvas,
                    commands,
                    ..
                } = self;
                canvas.play = playing;
                canvas.ui(
                    ui,
                    &mut state.canvas,
                    document,
                    measurement.as_ref(),
                    commands,
                );
            });
    }

    /// The panel beside the table (on a phone, a sheet over its bottom): in Play the Desk
    /// and Records tabs, in Set up the measurement. Its width is one for a window size.
    fn side_panel_ui(
        &mut self,
        ui: &mut egui::Ui,
        narrow: bool,
        playing: bool,
        measurement: Option<&canvas::measure::Measurement>,
    ) -> Vec<DeskAction> {
        let mut desk_actions = Vec::new();
        let panel = if narrow {
            let tallest = (ui.available_height() * 0.8).max(200.0);
            egui::Panel::bottom("desk_sheet")
                .resizable(true)
                .default_size((ui.available_height() * 0.3).max(160.0))
                .max_size(tallest)
        } else {
            egui::Panel::right("measure_panel")
                .resizable(false)
                .exact_size(side_width(ui.ctx().content_rect().width()))
        };
        let mut records_actions = Vec::new();
        panel.show(ui, |ui| {
            if playing {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.side_tab, SideTab::Desk, "Desk")
                        .on_hover_text(
                            "The measurement and the referee's desk (F3 turns to the records)",
                        );
                    ui.selectable_value(&mut self.side_tab, SideTab::Records, "Records")
                        .on_hover_text("The roster, each unit's record and the game log (F3)");
                });
                ui.separator();
            }
            if playing && self.side_tab == SideTab::Records {
                records_actions = self.records.records_ui(
                    ui,
                    self.session.game(),
                    self.charts.as_ref().ok(),
                    &self.canvas.selected,
                );
                return;
            }
            let board = matches!(
                self.session.game().ruleset,
                crate::ruleset::Ruleset::VictoriaCross
                    | crate::ruleset::Ruleset::SoldiersOfTheQueen
            );
            if playing && board {
                // A board game's counters are not on the table: they are picked here, in
                // order, as the roster's names pick them.
                records_actions.extend(counter_picker(
                    ui,
                    self.session.game().state(),
                    &self.canvas.selected,
                ));
            } else {
                canvas::measure_panel::ui(
                    ui,
                    measurement,
                    &self.canvas.selected,
                    self.canvas.ruler,
                    self.state.touch_mode(self.touch_seen),
                );
            }
            if playing && let Ok(charts) = &self.charts {
                ui.separator();
                let ruleset = self.session.game().ruleset;
                desk_actions = self.desk.ui(ui, charts, ruleset);
            }
        });
        self.run_records_actions(records_actions);
        desk_actions
    }

    /// What every result on the desk depends on besides its form: the units selected, the
    /// game (its ruleset and log head), the table and the tables in force; and, where the
    /// log moved since the result shown, what moved it.
    fn desk_context(&mut self) {
        self.desk.selection.clone_from(&self.desk_selection);
        self.desk.context = super::desk::DeskContext {
            ruleset: Some(self.session.game().ruleset),
            head: self.session.game().head().to_owned(),
            revision: self.document.revision,
            charts: self
                .charts
                .as_ref()
                .map_or_else(|_| String::new(), |c| c.hash().to_owned()),
        };
        self.desk.log_moved = self
            .desk
            .resolved_head()
            .and_then(|head| self.log_since(head));
        self.desk.read_only = self.session.read_only().then(|| {
            format!(
                "game {} is open to read: the campaign's last game is played",
                self.session.game_number
            )
        });
    }
}

/// The counters of a board game, to pick in order (the firers or attackers, then the unit
/// they act on) as the roster's names pick them: each click adds a counter to the end of
/// the selection or takes it out.
fn counter_picker(
    ui: &mut egui::Ui,
    state: &crate::game::GameState,
    selected: &[String],
) -> Option<RecordsAction> {
    let mut picked = None;
    ui.weak("Counters: pick the ones that act, then the one they act on");
    egui::ScrollArea::vertical()
        .id_salt("counter_picker")
        .max_height(110.0)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for unit in state.units.iter().filter(|u| !u.removed) {
                    let id = unit.spec.unit_id.to_string();
                    let on = selected.contains(&id);
                    if ui
                        .selectable_label(on, &id)
                        .on_hover_text(format!(
                            "{}, {}",
                            crate::rules::words::readable(&unit.spec.side),
                            crate::rules::words::readable(&unit.spec.troop_type)
                        ))
                        .clicked()
                    {
                        let mut now = selected.to_vec();
                        if on {
                            now.retain(|s| *s != id);
                        } else {
                            now.push(id);
                        }
                        picked = Some(RecordsAction::Select(now));
                    }
                }
            });
        });
    picked
}
