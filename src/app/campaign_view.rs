//! The Campaign view (the menu bar's Campaign): what the engine gives of the campaign in
//! play — its games with their ruleset, sides, result and seal, the standings by side, each
//! unit's history across the games — with End game and Next game, and an earlier game
//! opened to read, and each side's strength game by game, the campaign report's chart. It
//! draws; the engine works everything out (`Campaign::standings`, `Campaign::report`,
//! `Campaign::unit_history`), and every write goes through the session's gate.

use super::records_panel::{EndForm, RecordsAction, result_words};
use super::{Command, LaagerApp, Mode};
use crate::game::{Campaign, UnitId};
use crate::rules::words::readable;
use plotters::style::RGBColor;

impl LaagerApp {
    /// Draws the Campaign view and carries out what the referee asks of it.
    pub(super) fn campaign_ui(&mut self, ui: &mut egui::Ui) {
        let mut actions = Vec::new();
        egui::ScrollArea::vertical()
            .id_salt("campaign")
            .show(ui, |ui| {
                let campaign = self.session.campaign();
                ui.heading(format!("Campaign: {}", campaign.name));
                match self.session.path() {
                    Some(path) => ui.label(format!("file {}", path.display())),
                    None => ui.weak("not saved yet: File > Save game as…"),
                };
                #[cfg(not(target_arch = "wasm32"))]
                if ui
                    .button("Campaign report…")
                    .on_hover_text("The campaign's story for the club's noticeboard, as a PDF to print or one web page (also in the File menu)")
                    .clicked()
                {
                    self.windows.report_prompt =
                        Some(super::report_prompt::ReportPrompt::default());
                }
                ui.add_space(6.0);
                let open = games_ui(ui, campaign, self.session.game_number);
                if let Some(number) = open {
                    actions.push(RecordsAction::ViewGame(number));
                    self.commands.push(Command::SetMode(Mode::Play));
                }
                self.end_or_next_ui(ui, &mut actions);
                ui.add_space(10.0);
                standings_ui(ui, self.session.campaign());
                ui.add_space(10.0);
                strength_ui(ui, self.session.campaign());
                ui.add_space(10.0);
                self.unit_history_ui(ui);
            });
        self.run_records_actions(actions);
    }

    /// End game (its form) for the last game in play, Next game once it has ended.
    fn end_or_next_ui(&mut self, ui: &mut egui::Ui, actions: &mut Vec<RecordsAction>) {
        let campaign = self.session.campaign();
        let Some(last) = campaign.games.last() else {
            return;
        };
        let number = campaign.games.len();
        ui.horizontal_wrapped(|ui| match &last.state().result {
            None => {
                ui.label(format!("Game {number} is in play."));
                if ui
                    .button("End game…")
                    .on_hover_text("Record its result: the victory condition's, or the referee's call")
                    .clicked()
                {
                    actions.push(RecordsAction::ViewGame(number));
                    self.records.ending = Some(EndForm::default());
                }
            }
            Some(result) => {
                ui.label(format!("Game {number} is over: {}.", result_words(result)));
                if ui
                    .button("Next game")
                    .on_hover_text("The campaign's next game on this table, the forces carried over under its replacement rule")
                    .clicked()
                {
                    actions.push(RecordsAction::ViewGame(number));
                    actions.push(RecordsAction::NextGame);
                }
            }
        });
        if self.records.ending.is_some() && self.session.game_number == number {
            let game = self.session.game();
            let charts = self.charts.as_ref().ok();
            if let Some(form) = &mut self.records.ending
                && super::records_panel::end_form_ui(ui, form, game, charts, actions)
            {
                self.records.ending = None;
            }
        }
    }

    /// Each unit's history across the games: the unit chosen, game by game.
    fn unit_history_ui(&mut self, ui: &mut egui::Ui) {
        let campaign = self.session.campaign();
        let units = campaign.unit_ids();
        ui.strong("Each unit's history");
        if units.is_empty() {
            ui.weak("No unit has joined a game yet.");
            return;
        }
        let shown = self
            .campaign_unit
            .clone()
            .filter(|u| units.contains(u))
            .unwrap_or_else(|| units[0].clone());
        let mut chosen = shown.clone();
        egui::ComboBox::from_label("unit")
            .selected_text(shown.to_string())
            .width(220.0)
            .show_ui(ui, |ui| {
                for unit in &units {
                    ui.selectable_value(&mut chosen, unit.clone(), unit.to_string());
                }
            });
        self.campaign_unit = Some(chosen.clone());
        unit_games_ui(ui, campaign, &chosen);
    }
}

/// The games: number, name, ruleset, sides, result, seal, and the way onto each. Returns
/// the game the referee opened, if one.
fn games_ui(ui: &mut egui::Ui, campaign: &Campaign, on_table: usize) -> Option<usize> {
    let mut open = None;
    ui.strong("Games");
    let standings = campaign.standings();
    let last = campaign.games.len();
    egui::Grid::new("campaign_games")
        .striped(true)
        .show(ui, |ui| {
            for heading in [
                "game", "name", "ruleset", "sides", "players", "result", "seal", "",
            ] {
                ui.strong(heading);
            }
            ui.end_row();
            for (line, game) in standings.games.iter().zip(&campaign.games) {
                ui.label(line.game.to_string());
                ui.label(&line.name);
                ui.label(line.ruleset.title());
                let sides: Vec<String> = game
                    .state()
                    .sides()
                    .iter()
                    .map(|s| readable(s))
                    .collect();
                ui.label(sides.join(", "));
                players_cell(ui, line);
                ui.label(match &line.winner {
                    None => "in play".to_owned(),
                    Some(None) => "drawn".to_owned(),
                    Some(Some(side)) => format!("{side} won"),
                });
                let head = game.head();
                let identity = line.identity.as_deref().map_or_else(
                    || "no identity yet (nothing logged)".to_owned(),
                    |id| format!("identity {}", &id[..id.len().min(12)]),
                );
                ui.monospace(&head[..head.len().min(12)]).on_hover_text(format!(
                    "The game log's seal after its last action; the game's {identity}, the same in every copy of the campaign"
                ));
                if line.game == last {
                    let text = if on_table == last { "on the table" } else { "Play" };
                    if ui
                        .add_enabled(on_table != last, egui::Button::new(text))
                        .on_hover_text("The campaign's last game, the one played")
                        .clicked()
                    {
                        open = Some(last);
                    }
                } else if ui
                    .button(if on_table == line.game {
                        "open (read only)"
                    } else {
                        "Open to read"
                    })
                    .on_hover_text("Show this earlier game on the table, its records and log; nothing can be written to it")
                    .clicked()
                {
                    open = Some(line.game);
                }
                ui.end_row();
            }
        });
    open
}

/// The standings by side over the ended games.
fn standings_ui(ui: &mut egui::Ui, campaign: &Campaign) {
    let standings = campaign.standings();
    ui.strong("Standings by side");
    if standings.sides.is_empty() {
        ui.weak("No side has fought yet.");
        return;
    }
    egui::Grid::new("campaign_standings")
        .striped(true)
        .show(ui, |ui| {
            for heading in ["side", "played", "won", "drawn", "lost", "strength lost"] {
                ui.strong(heading);
            }
            ui.end_row();
            for side in &standings.sides {
                ui.label(readable(&side.side));
                for n in [side.played, side.won, side.drawn, side.lost] {
                    ui.label(n.to_string());
                }
                ui.label(side.strength_lost.to_string())
                    .on_hover_text("FF, bases or SP, as each game's ruleset counts them");
                ui.end_row();
            }
        });
    players_standings_ui(ui, &standings);
}

/// Who played each side of a game, with its table and dates in the hover: a dash when
/// nobody was named.
fn players_cell(ui: &mut egui::Ui, line: &crate::game::campaign::GameLine) {
    let players: Vec<String> = line
        .players
        .iter()
        .map(|p| format!("{}: {}", readable(&p.side), p.name))
        .collect();
    let text = if players.is_empty() {
        "—".to_owned()
    } else {
        players.join("; ")
    };
    let when = [
        line.table.as_ref().map(|t| format!("played on {t}")),
        line.started.as_ref().map(|d| format!("started {d}")),
        line.ended.as_ref().map(|d| format!("ended {d}")),
    ];
    let when: Vec<String> = when.into_iter().flatten().collect();
    let response = ui.label(text);
    if !when.is_empty() {
        response.on_hover_text(when.join(", "));
    }
}

/// The standings by player, when the campaign names players.
fn players_standings_ui(ui: &mut egui::Ui, standings: &crate::game::Standings) {
    if standings.players.is_empty() {
        return;
    }
    ui.add_space(10.0);
    ui.strong("Standings by player");
    egui::Grid::new("campaign_players")
        .striped(true)
        .show(ui, |ui| {
            for heading in ["player", "played", "won", "drawn", "lost"] {
                ui.strong(heading);
            }
            ui.end_row();
            for player in &standings.players {
                ui.label(&player.player);
                for n in [player.played, player.won, player.drawn, player.lost] {
                    ui.label(n.to_string());
                }
                ui.end_row();
            }
        });
}

/// One unit's part in each game it joined.
fn unit_games_ui(ui: &mut egui::Ui, campaign: &Campaign, unit: &UnitId) {
    egui::Grid::new("campaign_unit_history")
        .striped(true)
        .show(ui, |ui| {
            for heading in [
                "game",
                "joined with",
                "ended with",
                "lost",
                "restored",
                "status",
            ] {
                ui.strong(heading);
            }
            ui.end_row();
            for part in campaign.unit_history(unit) {
                ui.label(part.game.to_string());
                for n in [part.start, part.end, part.lost, part.restored] {
                    ui.label(n.to_string());
                }
                ui.label(if part.removed {
                    "removed".to_owned()
                } else {
                    part.status.map(|s| s.to_string()).unwrap_or_default()
                });
                ui.end_row();
            }
        });
}

/// Each side's strength on the table game by game, as the campaign report charts it (x 0:
/// as its units first joined; x N: at the end of game N), in the report's colours.
fn strength_ui(ui: &mut egui::Ui, campaign: &Campaign) {
    use crate::store::report::chart;
    let report = campaign.report();
    ui.strong(chart::CAPTION);
    if report.strength.is_empty() {
        ui.weak("No unit has joined a game yet.");
        return;
    }
    let games = report.standings.games.len();
    let top = report
        .strength
        .iter()
        .flat_map(strength_points)
        .map(|[_, strength]| strength)
        .fold(1.0, f64::max);
    egui_plot::Plot::new("campaign_strength")
        .height(240.0)
        .legend(egui_plot::Legend::default())
        .x_axis_label("game (0: as the units first joined)")
        .y_axis_label("strength: FF, bases or SP")
        .include_x(0.0)
        .include_x(f64::from(u32::try_from(games).unwrap_or(u32::MAX).max(1)))
        .include_y(0.0)
        .include_y(top * 1.1)
        // Games are whole: a mark at each, and no label between.
        .x_grid_spacer(|input| {
            let (low, high) = input.bounds;
            let first = low.ceil().max(0.0);
            let count = (high.floor() - first).clamp(0.0, 200.0) as usize;
            (0..=count)
                .map(|i| egui_plot::GridMark {
                    value: first + i as f64,
                    step_size: 1.0,
                })
                .collect()
        })
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .show(ui, |plot| {
            for (i, side) in report.strength.iter().enumerate() {
                let RGBColor(r, g, b) = chart::colour(i);
                let colour = egui::Color32::from_rgb(r, g, b);
                let name = readable(&side.side);
                let points: Vec<[f64; 2]> = strength_points(side);
                plot.line(
                    egui_plot::Line::new(name.clone(), points.clone())
                        .color(colour)
                        .width(2.0),
                );
                plot.points(
                    egui_plot::Points::new(name, points)
                        .color(colour)
                        .radius(3.5),
                );
            }
        });
}

/// A side's points as the plot takes them: the report's own.
fn strength_points(side: &crate::game::SideStrength) -> Vec<[f64; 2]> {
    crate::store::report::chart::points(side)
        .into_iter()
        .map(|(game, strength)| [f64::from(game), strength as f64])
        .collect()
}
