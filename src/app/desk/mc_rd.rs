//! The Rorke's Drift melee and fire forms: the sections by their present FF, typed as a
//! list from the right-hand section, and the supplement's conditions as checkboxes. The
//! engine reads the charts and decides.

use super::hints::check;
use super::mc_fire::{GivenField, ZULU_PRESENT_FF, decided, whole_field};
use crate::rules::micro_colonial::fire::FireInput;
use crate::rules::micro_colonial::rorkes_drift::{RdFireInput, RdMeleeInput};

/// Sections typed as their present FF, the right-hand section first ("10, 10, 8").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionList {
    /// What was typed.
    pub text: String,
}

impl SectionList {
    fn new(text: &str) -> SectionList {
        SectionList {
            text: text.to_owned(),
        }
    }

    /// The sections' FF, or which entry does not read as a whole number.
    pub fn parse(&self, label: &str) -> Result<Vec<u32>, String> {
        self.text
            .split([',', ' '])
            .filter(|part| !part.trim().is_empty())
            .map(|part| super::whole_number(label, part))
            .collect()
    }

    fn ui(&mut self, ui: &mut egui::Ui, label: &str) {
        ui.horizontal(|ui| {
            let l = ui.label(label);
            ui.add(egui::TextEdit::singleline(&mut self.text).desired_width(120.0))
                .labelled_by(l.id)
                .on_hover_text(
                    "each section's present FF, the right-hand section first: 10, 10, 8",
                );
        });
    }
}

/// What the melee form says while no section in contact is given.
const FRONT_ASKED: &str = "sections in contact: not given: type each section's present FF, the right-hand section first, or select the sections on the table (their FF from the records)";

/// The Rorke's Drift melee form.
#[derive(Debug, Clone, PartialEq)]
pub struct RdMeleeForm {
    /// The engine's input; its ranks are read from the lists below.
    pub input: RdMeleeInput,
    /// The Zulu unit's PF field: asked for until typed or read from the records.
    pub zulu_ff: GivenField,
    /// The first rank.
    pub front: SectionList,
    /// A second rank.
    pub second: SectionList,
    /// The third rank's fire is counted (in the redoubt).
    pub third_rank: bool,
}

impl Default for RdMeleeForm {
    fn default() -> Self {
        RdMeleeForm {
            input: RdMeleeInput {
                zulu_ff: 0,
                front_rank: Vec::new(),
                second_rank: Vec::new(),
                csm_leads: false,
                in_building: false,
                across_obstacle: false,
                sections_in_cover: false,
                zulu_in_cover: false,
                counter_attack: false,
                later_round: false,
                zulu_impact: false,
                zulu_factors: Vec::new(),
                british_factors: Vec::new(),
                third_rank_fire_losses: None,
                zulu_falling_back: false,
                british_falling_back: false,
                origins: crate::rules::situation::Origins::default(),
            },
            zulu_ff: GivenField::empty(),
            front: SectionList::new(""),
            second: SectionList::new(""),
            third_rank: false,
        }
    }
}

impl RdMeleeForm {
    /// Draws the form; `factor_names` are Melee Table 4's factors.
    pub fn ui(&mut self, ui: &mut egui::Ui, factor_names: &[String]) {
        let input = &mut self.input;
        let from = decided(&input.origins, crate::field!(RdMeleeInput: zulu_ff));
        whole_field(
            ui,
            &mut self.zulu_ff,
            &ZULU_PRESENT_FF,
            &mut input.zulu_ff,
            from,
        );
        self.front.ui(ui, "sections in contact");
        if self.front.text.trim().is_empty() {
            ui.colored_label(ui.visuals().warn_fg_color, FRONT_ASKED);
        }
        self.second.ui(ui, "second rank");
        check(ui, &mut input.csm_leads, "the CSM leads them");
        check(ui, &mut input.in_building, "inside a building (Z markers)");
        check(
            ui,
            &mut input.across_obstacle,
            "behind cover or across an obstacle",
        );
        check(
            ui,
            &mut input.sections_in_cover,
            "the sections fight from cover (counted in melee)",
        );
        check(
            ui,
            &mut input.zulu_in_cover,
            "the Zulus fight from cover (counted in melee)",
        );
        check(ui, &mut input.counter_attack, "British counter-attack");
        check(ui, &mut input.later_round, "after the contact round");
        check(ui, &mut input.zulu_impact, "the Zulus charged in");
        if input.later_round {
            check(
                ui,
                &mut input.zulu_falling_back,
                "Zulus unable to fall back",
            );
            check(
                ui,
                &mut input.british_falling_back,
                "sections unable to fall back",
            );
        }
        check(ui, &mut self.third_rank, "redoubt: the third rank fired");
        if self.third_rank {
            let mut lost = input.third_rank_fire_losses.unwrap_or(0);
            super::bounded::strength(ui, "Zulu FF lost to it", &mut lost);
            input.third_rank_fire_losses = Some(lost);
        } else {
            input.third_rank_fire_losses = None;
        }
        super::mc_combat::titled_factor_boxes(
            ui,
            "the Zulus' Table 4 factors",
            "rd_melee_zulu_factors",
            factor_names,
            &mut input.zulu_factors,
        );
        super::mc_combat::titled_factor_boxes(
            ui,
            "the sections' Table 4 factors",
            "rd_melee_british_factors",
            factor_names,
            &mut input.british_factors,
        );
    }

    /// Puts the ranks as typed into the input, so the engine's situation sees a list
    /// given by hand as such.
    pub fn ranks_into_input(&mut self) {
        if let Ok(front) = self.front.parse("") {
            self.input.front_rank = front;
        }
        if let Ok(second) = self.second.parse("") {
            self.input.second_rank = second;
        }
    }

    /// Shows the ranks the engine's situation read from the table in the lists.
    pub fn ranks_from_input(&mut self) {
        let list = |ranks: &[u32]| {
            ranks
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        if self
            .input
            .origins
            .of(crate::field!(RdMeleeInput: front_rank))
            .is_some()
        {
            self.front.text = list(&self.input.front_rank);
        }
        if self
            .input
            .origins
            .of(crate::field!(RdMeleeInput: second_rank))
            .is_some()
        {
            self.second.text = list(&self.input.second_rank);
        }
    }

    /// A list that does not read, as a message.
    pub fn error(&self) -> Option<String> {
        let ranks = self
            .front
            .parse("sections in contact")
            .and_then(|front| self.second.parse("second rank").map(|_| front));
        match ranks {
            Err(e) => Some(e),
            Ok(front) => self
                .zulu_ff
                .missing(&ZULU_PRESENT_FF)
                .or_else(|| front.is_empty().then(|| FRONT_ASKED.to_owned())),
        }
    }

    /// The engine's input, the ranks read from their lists.
    pub fn request(&self) -> RdMeleeInput {
        // The falling-back boxes are shown only after the contact round: hidden, not sent.
        let later = self.input.later_round;
        RdMeleeInput {
            front_rank: self.front.parse("").unwrap_or_default(),
            second_rank: self.second.parse("").unwrap_or_default(),
            zulu_falling_back: later && self.input.zulu_falling_back,
            british_falling_back: later && self.input.british_falling_back,
            ..self.input.clone()
        }
    }
}

/// The Rorke's Drift fire form's own fields; the basic fire is the Fire form's.
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RdFireForm {
    /// Sections combining their fire (empty: the Fire form's firing FF).
    pub sections: SectionList,
    /// The firers are behind cover.
    pub behind_cover: bool,
    /// A Zulu rifle unit fires.
    pub zulu_rifles: bool,
    /// The redoubt's final defence.
    pub redoubt: bool,
    /// A British volley's Zulu target is inside the perimeter.
    pub zulu_inside_perimeter: bool,
}

impl Default for RdFireForm {
    fn default() -> Self {
        RdFireForm {
            sections: SectionList::new(""),
            behind_cover: false,
            zulu_rifles: false,
            redoubt: false,
            zulu_inside_perimeter: false,
        }
    }
}

impl RdFireForm {
    /// Draws the supplement's fields (under the Fire form's).
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.separator();
        ui.strong("Rorke's Drift");
        self.sections.ui(ui, "sections combining");
        check(ui, &mut self.behind_cover, "firers behind cover");
        check(ui, &mut self.zulu_rifles, "Zulu rifles");
        check(ui, &mut self.redoubt, "in the redoubt");
        check(
            ui,
            &mut self.zulu_inside_perimeter,
            "Zulu target inside the perimeter",
        );
    }

    /// The engine's input over the Fire form's fire.
    pub fn request(&self, fire: &FireInput) -> RdFireInput {
        RdFireInput {
            fire: fire.clone(),
            sections: self.sections.parse("").unwrap_or_default(),
            behind_cover: self.behind_cover,
            zulu_rifles: self.zulu_rifles,
            redoubt: self.redoubt,
            zulu_inside_perimeter: self.zulu_inside_perimeter,
        }
    }
}
