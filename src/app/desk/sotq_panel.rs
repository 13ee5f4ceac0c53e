//! The Soldiers of the Queen resolver forms: hex range, the melee odds column, the
//! leader's death roll, fire and melee. Fire and melee read the Fire and Melee Combat
//! Results Tables, which the document does not print: with the shipped tables they refuse
//! naming the charts and cells, and resolve once a club supplies them.

use super::sotq_combat::SotqFireForm;
use super::sotq_melee::SotqMeleeForm;
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution};
use crate::rules::soldiers_of_the_queen::fire::{self, Fire};
use crate::rules::soldiers_of_the_queen::hex::{self, Hex};
use crate::rules::soldiers_of_the_queen::melee::{self, Melee};
use crate::rules::soldiers_of_the_queen::{Game, leaders, odds};

/// Which Soldiers of the Queen procedure the desk resolves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SotqProcedure {
    /// Hexes from firer to target.
    Range,
    /// The melee odds column.
    MeleeOdds,
    /// A leader's death roll on 2d6.
    LeaderDeath,
    /// One fire attack (PART 10).
    Fire,
    /// One melee attack (PART 12).
    Melee,
}

impl SotqProcedure {
    /// Every procedure, with its label.
    pub const ALL: [(SotqProcedure, &'static str); 5] = [
        (SotqProcedure::Range, "Hex range"),
        (SotqProcedure::MeleeOdds, "Melee odds"),
        (SotqProcedure::LeaderDeath, "Leader death"),
        (SotqProcedure::Fire, "Fire"),
        (SotqProcedure::Melee, "Melee"),
    ];
}

/// One resolution's inputs, read from the form: what the engine is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SotqRequest {
    /// Hexes from firer to target.
    Range(Hex, Hex),
    /// The melee odds column of total attack and defence strengths.
    MeleeOdds(u32, u32, Option<Game>),
    /// A leader's death roll.
    LeaderDeath,
    /// One fire attack.
    Fire(Box<Fire>),
    /// One melee attack.
    Melee(Box<Melee>),
}

impl SotqRequest {
    /// Whether the request throws dice.
    pub fn throws(&self) -> bool {
        matches!(
            self,
            SotqRequest::LeaderDeath | SotqRequest::Fire(_) | SotqRequest::Melee(_)
        )
    }

    /// Asks the engine.
    pub fn resolve(
        &self,
        charts: &Charts,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution, Refusal> {
        match self {
            SotqRequest::Range(from, to) => hex::range(charts, *from, *to, None),
            SotqRequest::MeleeOdds(attack, defence, game) => {
                odds::resolve(charts, *attack, *defence, *game)
            }
            SotqRequest::LeaderDeath => leaders::death_roll(charts, dice),
            SotqRequest::Fire(situation) => fire::resolve(charts, situation, dice),
            SotqRequest::Melee(situation) => melee::resolve(charts, situation, dice),
        }
    }
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
    /// The fire form.
    pub fire: SotqFireForm,
    /// The melee form.
    pub melee: SotqMeleeForm,
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
            fire: SotqFireForm::default(),
            melee: SotqMeleeForm::default(),
        }
    }
}

fn hex(field: &str, text: &str) -> Result<Hex, String> {
    Hex::parse(text.trim()).map_err(|e| format!("{field} hex: {e}"))
}

impl SotqForm {
    /// Whether the procedure throws dice.
    pub fn throws(&self) -> bool {
        matches!(
            self.procedure,
            SotqProcedure::LeaderDeath | SotqProcedure::Fire | SotqProcedure::Melee
        )
    }

    /// The exact odds before the roll, where the engine gives them: the leader's death
    /// roll (it gives none for fire and melee).
    pub fn odds(&self) -> Option<Odds> {
        (self.procedure == SotqProcedure::LeaderDeath).then(leaders::death_odds)
    }

    /// What the dice field asks for.
    pub fn dice_hint(&self) -> &'static str {
        match self.procedure {
            SotqProcedure::Fire => {
                "the fire die, then any PN* die, morale dice and leaders' pairs, e.g. 5,1"
            }
            SotqProcedure::Melee => {
                "any pre-melee morale dice, the melee die, then morale dice and leaders' pairs, e.g. 4,3"
            }
            _ => "two faces, e.g. 1,1",
        }
    }

    /// The engine's request, or a message naming the field that does not read.
    pub fn request(&self) -> Result<SotqRequest, String> {
        Ok(match self.procedure {
            SotqProcedure::Range => {
                SotqRequest::Range(hex("from", &self.from)?, hex("to", &self.to)?)
            }
            SotqProcedure::MeleeOdds => {
                SotqRequest::MeleeOdds(self.attack, self.defence, self.game)
            }
            SotqProcedure::LeaderDeath => SotqRequest::LeaderDeath,
            SotqProcedure::Fire => SotqRequest::Fire(Box::new(self.fire.fire()?)),
            SotqProcedure::Melee => SotqRequest::Melee(Box::new(self.melee.melee()?)),
        })
    }

    /// Draws the form. Returns whether the procedure changed.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let before = self.procedure;
        ui.horizontal_wrapped(|ui| {
            for (p, name) in SotqProcedure::ALL {
                ui.selectable_value(&mut self.procedure, p, name);
            }
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
            SotqProcedure::Fire => self.fire.ui(ui),
            SotqProcedure::Melee => self.melee.ui(ui),
        }
        self.procedure != before
    }
}
