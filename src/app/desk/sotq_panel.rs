//! The Soldiers of the Queen resolver forms: hex range, the melee odds column, the
//! leader's death roll, fire and melee. Fire and melee read the Fire and Melee Combat
//! Results Tables, which the document does not print: with the shipped tables they refuse
//! naming the charts and cells, and resolve once a club supplies them.

use super::sotq_combat::SotqFireForm;
use super::sotq_melee::SotqMeleeForm;
use crate::rules::Request;
use crate::rules::soldiers_of_the_queen::{
    self as sotq, Game, Hex, LeaderDeathInput, OddsInput, RangeInput,
};

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
    pub fn request(&self) -> Result<Request, String> {
        let request = match self.procedure {
            SotqProcedure::Range => sotq::Request::Range(RangeInput {
                from: hex("from", &self.from)?,
                to: hex("to", &self.to)?,
                shifted_columns: None,
            }),
            SotqProcedure::MeleeOdds => sotq::Request::Odds(OddsInput {
                attack: self.attack,
                defence: self.defence,
                game: self.game,
            }),
            SotqProcedure::LeaderDeath => sotq::Request::LeaderDeath(LeaderDeathInput::default()),
            SotqProcedure::Fire => sotq::Request::Fire(self.fire.fire()?),
            SotqProcedure::Melee => sotq::Request::Melee(self.melee.melee()?),
        };
        Ok(Request::SoldiersOfTheQueen(request))
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
                                .hint_text("e.g. 0712"),
                        )
                        .on_hover_text("The hex's number as printed on the map: two digits of column, then two of row")
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
