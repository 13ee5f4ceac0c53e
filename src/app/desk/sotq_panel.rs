//! The Soldiers of the Queen resolver forms: hex range, the melee odds column, the
//! leader's death roll, fire and melee. Fire and melee read the Fire and Melee Combat
//! Results Tables, which the document does not print: with the shipped tables they refuse
//! naming the charts and cells, and resolve once a club supplies them.

use super::described::DescribedForm;
use super::sotq_board::SotqBoard;
use super::sotq_combat::SotqFireForm;
use super::sotq_melee::SotqMeleeForm;
use super::sotq_more::SotqMore;
use crate::game::GameState;
use crate::resolution::RuleRef;
use crate::rules::Procedure as _;
use crate::rules::Request;
use crate::rules::situation::{Records, Roles};
use crate::rules::soldiers_of_the_queen::{self as sotq, Game, LeaderDeathInput};

/// Which Soldiers of the Queen procedure the desk resolves: the engine's list.
pub type SotqProcedure = crate::rules::soldiers_of_the_queen::ProcedureId;

/// The Soldiers of the Queen form.
#[derive(Debug, Clone, PartialEq)]
pub struct SotqForm {
    /// The procedure.
    pub procedure: SotqProcedure,
    /// The hex range form, made from the engine's description of its fields.
    pub range: DescribedForm,
    /// The melee odds form, made from the engine's description of its fields.
    pub odds: DescribedForm,
    /// The fire form.
    pub fire: SotqFireForm,
    /// The melee form.
    pub melee: SotqMeleeForm,
    /// The rally, resupply and allowance forms.
    pub more: SotqMore,
    /// The stacking, entry and victory forms.
    pub board: SotqBoard,
    /// The leader's death form, made from the engine's description of its fields; the
    /// leader himself comes from the selection.
    pub death: DescribedForm,
}

impl Default for SotqForm {
    fn default() -> Self {
        SotqForm {
            procedure: SotqProcedure::Odds,
            range: DescribedForm::new(sotq::Range::FIELDS),
            odds: DescribedForm::new(sotq::OddsColumn::FIELDS),
            fire: SotqFireForm::default(),
            melee: SotqMeleeForm::default(),
            more: SotqMore::default(),
            board: SotqBoard::default(),
            death: DescribedForm::new(sotq::LeaderDeath::FIELDS),
        }
    }
}

impl SotqForm {
    /// Reads the units selected from the records, each procedure's in its roles (the last
    /// selected of two or more the unit hit, `Request::roles_of`), by the engine's
    /// `soldiers_of_the_queen::situation`, and lays what they give into the forms.
    pub fn fill(&mut self, state: &GameState, selected: &[String]) {
        use crate::rules::soldiers_of_the_queen::situation;
        let records: &dyn Records = state;
        let roles_of = |roles: &[&str]| Roles::of_selection(roles, selected);
        self.fire.fill(records, &roles_of(situation::FIRE_ROLES));
        self.melee.fill(records, &roles_of(situation::MELEE_ROLES));
        self.more.fill(records, selected);
        self.board.fill(state, selected);
        let death = roles_of(situation::LEADER_ROLES);
        self.death.fill(&death, |base: LeaderDeathInput, _given| {
            situation::leader_death(records, &death, base)
        });
    }

    /// The form of a procedure whose fields the engine describes, made from that
    /// description; `None` for one whose form is still written by hand.
    pub fn described(&mut self, procedure: SotqProcedure) -> Option<&mut DescribedForm> {
        match procedure {
            SotqProcedure::Range => Some(&mut self.range),
            SotqProcedure::Odds => Some(&mut self.odds),
            SotqProcedure::Rally => Some(&mut self.more.rally),
            SotqProcedure::Resupply => Some(&mut self.more.resupply),
            SotqProcedure::Allowance => Some(&mut self.more.allowance),
            SotqProcedure::Entry => Some(&mut self.more.entry),
            SotqProcedure::LeaderDeath => Some(&mut self.death),
            _ => None,
        }
    }

    /// Whether a form's values typed have changed since the records were read with
    /// them, so they must be read again.
    pub fn wants_fill(&self) -> bool {
        self.more.rally.wants_fill()
            || self.more.resupply.wants_fill()
            || self.more.allowance.wants_fill()
            || self.more.entry.wants_fill()
            || self.death.wants_fill()
    }

    /// What the records gave the procedure shown, or why they gave nothing: the first
    /// steps its resolution will state (`Origins::steps`), values given by hand since
    /// included.
    pub fn records_notes(&self) -> Vec<String> {
        let described = match self.procedure {
            SotqProcedure::LeaderDeath => Some(&self.death),
            SotqProcedure::Rally => Some(&self.more.rally),
            SotqProcedure::Resupply => Some(&self.more.resupply),
            SotqProcedure::Allowance => Some(&self.more.allowance),
            SotqProcedure::Entry => Some(&self.more.entry),
            _ => None,
        };
        if let Some(form) = described {
            return form.records_notes(crate::ruleset::Ruleset::SoldiersOfTheQueen);
        }
        let read = match self.procedure {
            SotqProcedure::Fire => self.fire.from_records.clone(),
            SotqProcedure::Melee => self.melee.from_records.clone(),
            SotqProcedure::Stack => self.board.stack.from_records.clone(),
            SotqProcedure::Victory if self.board.victory.game == Game::Isandhlwana => {
                self.board.victory.from_records.clone()
            }
            _ => return Vec::new(),
        };
        match read {
            None => return Vec::new(),
            Some(Err(why)) => return vec![format!("the records: {why}")],
            Some(Ok(_)) => {}
        }
        let rule = RuleRef::section(crate::ruleset::Ruleset::SoldiersOfTheQueen, "the records");
        let steps = match self.procedure {
            SotqProcedure::Fire => {
                let f = self.fire.shown();
                f.origins.steps(&f, &rule)
            }
            SotqProcedure::Melee => {
                let m = self.melee.shown();
                m.origins.steps(&m, &rule)
            }
            SotqProcedure::Stack => self
                .board
                .stack
                .stack()
                .map(|s| s.origins.steps(&s, &rule))
                .unwrap_or_default(),
            SotqProcedure::Victory => match self.board.victory.victory() {
                Ok(sotq::VictoryInput::Isandhlwana(c)) => c.origins.steps(&c, &rule),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        steps.into_iter().map(|step| step.text).collect()
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
            SotqProcedure::Resupply => "one face",
            _ => "two faces, e.g. 1,1",
        }
    }

    /// The engine's request, or a message naming the field that does not read.
    pub fn request(&self) -> Result<Request, String> {
        let request = match self.procedure {
            SotqProcedure::Range => sotq::Request::Range(self.range.input()?),
            SotqProcedure::Odds => sotq::Request::Odds(self.odds.input()?),
            SotqProcedure::LeaderDeath => sotq::Request::LeaderDeath(self.death.input()?),
            SotqProcedure::Fire => sotq::Request::Fire(self.fire.fire()?),
            SotqProcedure::Melee => sotq::Request::Melee(self.melee.melee()?),
            SotqProcedure::Rally => sotq::Request::Rally(self.more.rally.input()?),
            SotqProcedure::Resupply => sotq::Request::Resupply(self.more.resupply.input()?),
            SotqProcedure::Allowance => sotq::Request::Allowance(self.more.allowance.input()?),
            SotqProcedure::Stack => sotq::Request::Stack(self.board.stack.stack()?),
            SotqProcedure::Entry => sotq::Request::Entry(self.more.entry.input()?),
            SotqProcedure::Victory => sotq::Request::Victory(self.board.victory.victory()?),
        };
        Ok(Request::SoldiersOfTheQueen(request))
    }

    /// Draws the form. Returns whether the procedure changed.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let before = self.procedure;
        ui.horizontal_wrapped(|ui| {
            for p in SotqProcedure::ALL {
                ui.selectable_value(&mut self.procedure, *p, p.label());
            }
        });
        for note in self.records_notes() {
            ui.weak(note);
        }
        match self.procedure {
            SotqProcedure::Range => self.range.ui(ui),
            SotqProcedure::Odds => self.odds.ui(ui),
            SotqProcedure::LeaderDeath => self.death.ui(ui),
            SotqProcedure::Fire => self.fire.ui(ui),
            SotqProcedure::Melee => self.melee.ui(ui),
            SotqProcedure::Rally => self.more.rally_ui(ui),
            SotqProcedure::Resupply => self.more.resupply_ui(ui),
            SotqProcedure::Allowance => self.more.allowance_ui(ui),
            SotqProcedure::Stack => self.board.stack_ui(ui),
            SotqProcedure::Entry => self.more.entry_ui(ui),
            SotqProcedure::Victory => self.board.victory_ui(ui),
        }
        self.procedure != before
    }
}
