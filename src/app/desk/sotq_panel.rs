//! The Soldiers of the Queen resolver forms the text defines without its missing charts:
//! hex range, the melee odds column and the leader's death roll. Fire and melee need the
//! club's Fire and Melee Combat Results Tables (the Charts tab, or `laager sotq`).

use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution, RuleRef};
use crate::rules::soldiers_of_the_queen::hex::{self, Hex};
use crate::rules::soldiers_of_the_queen::{Game, leaders, odds};
use crate::ruleset::Ruleset;

/// Which Soldiers of the Queen procedure the desk resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SotqProcedure {
    /// Hexes from firer to target.
    Range,
    /// The melee odds column.
    MeleeOdds,
    /// A leader's death roll on 2d6.
    LeaderDeath,
}

/// The Soldiers of the Queen form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SotqForm {
    /// The procedure.
    pub procedure: SotqProcedure,
    /// The firer's hex, CCRR.
    pub from: String,
    /// The target's hex, CCRR.
    pub to: String,
    /// Total attack strength.
    pub attack: u32,
    /// Total defence strength.
    pub defence: u32,
    /// The game, for clamping the odds to its melee table.
    pub game: Option<Game>,
}

impl Default for SotqForm {
    fn default() -> Self {
        SotqForm {
            procedure: SotqProcedure::MeleeOdds,
            from: "0328".to_owned(),
            to: "0525".to_owned(),
            attack: 24,
            defence: 3,
            game: None,
        }
    }
}

fn hex(field: &str, text: &str) -> Result<Hex, Refusal> {
    Hex::parse(text.trim()).map_err(|e| {
        Refusal::by_rule(
            RuleRef::section(Ruleset::SoldiersOfTheQueen, "PART 10 A"),
            format!("{field} hex: {e}"),
        )
    })
}

impl SotqForm {
    /// Whether the procedure throws dice.
    pub fn throws(&self) -> bool {
        self.procedure == SotqProcedure::LeaderDeath
    }

    /// The exact odds, for the procedures that throw dice.
    pub fn odds(&self) -> Option<Odds> {
        self.throws().then(leaders::death_odds)
    }

    /// Resolves the chosen procedure.
    pub fn resolve(
        &self,
        charts: &Charts,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, Refusal> {
        match self.procedure {
            SotqProcedure::Range => {
                hex::range(charts, hex("from", &self.from)?, hex("to", &self.to)?, None)
            }
            SotqProcedure::MeleeOdds => odds::resolve(charts, self.attack, self.defence, self.game),
            SotqProcedure::LeaderDeath => leaders::death_roll(charts, dice),
        }
    }

    /// Draws the form. Returns whether the procedure changed.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let before = self.procedure;
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.procedure, SotqProcedure::Range, "Hex range");
            ui.selectable_value(&mut self.procedure, SotqProcedure::MeleeOdds, "Melee odds");
            ui.selectable_value(
                &mut self.procedure,
                SotqProcedure::LeaderDeath,
                "Leader death",
            );
        });
        match self.procedure {
            SotqProcedure::Range => {
                for (label, text) in [("from hex", &mut self.from), ("to hex", &mut self.to)] {
                    ui.horizontal(|ui| {
                        let l = ui.label(label);
                        ui.add(
                            egui::TextEdit::singleline(text)
                                .desired_width(60.0)
                                .hint_text("CCRR"),
                        )
                        .labelled_by(l.id);
                    });
                }
            }
            SotqProcedure::MeleeOdds => {
                ui.add(egui::Slider::new(&mut self.attack, 1..=200).text("attack strength"));
                ui.add(egui::Slider::new(&mut self.defence, 1..=200).text("defence strength"));
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut self.game, None, "any game");
                    ui.selectable_value(&mut self.game, Some(Game::Isandhlwana), "Isandhlwana");
                    ui.selectable_value(&mut self.game, Some(Game::Omdurman), "Omdurman");
                });
            }
            SotqProcedure::LeaderDeath => {
                ui.label("Two dice: the leader dies on 2 or 12.");
            }
        }
        self.procedure != before
    }
}
