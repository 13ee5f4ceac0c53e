//! The DBA ranged-combat distance: measured on the table between the bases' nearest points,
//! or typed by hand (which wins over the plotted one), the step saying which was used.

use super::mc_combat::number_field;
use crate::resolution::{RuleRef, Step};
use crate::ruleset::Ruleset;

/// A distance for the eye: to the hundredth of a mm, without trailing zeros.
fn mm_text(mm: f64) -> String {
    let text = format!("{mm:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The distance between firer and target for ranged combat.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RangeField {
    /// The distance last measured on the table (mm), if any.
    pub plotted_mm: Option<f64>,
    /// The distance typed by hand (mm); it wins over the plotted one.
    pub typed_mm: Option<f64>,
    /// The text in the field.
    pub text: String,
    /// The field does not read as a distance.
    pub error: Option<String>,
}

impl RangeField {
    /// The distance measured on the table; shown in the field unless one was typed.
    pub fn plot(&mut self, mm: f64) {
        if self.plotted_mm == Some(mm) {
            return;
        }
        self.plotted_mm = Some(mm);
        if self.typed_mm.is_none() && self.error.is_none() {
            self.text = mm_text(mm);
        }
    }

    /// Drops a typed distance, so the plotted one is used again.
    pub fn use_plotted(&mut self) {
        self.typed_mm = None;
        self.error = None;
        self.text = self.plotted_mm.map(mm_text).unwrap_or_default();
    }

    /// The distance used: the typed one, else the plotted one, else none (not measured).
    pub fn mm(&self) -> Option<f64> {
        self.typed_mm.or(self.plotted_mm)
    }

    /// Draws the field, with where its value came from.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        if number_field(
            ui,
            "range mm",
            &mut self.text,
            "Between the nearest points of the two bases; a typed range wins over the plotted one",
        ) {
            let text = self.text.trim();
            if text.is_empty() {
                self.use_plotted();
            } else {
                match text.parse::<f64>() {
                    Ok(v) if v.is_finite() && v >= 0.0 => {
                        self.typed_mm = Some(v);
                        self.error = None;
                    }
                    _ => {
                        self.error = Some(format!("range: '{text}' is not a distance in mm"));
                    }
                }
            }
        }
        ui.horizontal(|ui| {
            ui.small(self.source());
            if self.typed_mm.is_some()
                && self.plotted_mm.is_some()
                && ui
                    .button("use the plotted range")
                    .on_hover_text("Take the range from the table again")
                    .clicked()
            {
                self.use_plotted();
            }
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    /// Where the distance came from, in words.
    fn source(&self) -> String {
        match (self.typed_mm, self.plotted_mm) {
            (Some(_), Some(p)) => format!(
                "range typed at the desk (the table measured {} mm)",
                mm_text(p)
            ),
            (Some(_), None) => "range typed at the desk".to_owned(),
            (None, Some(_)) => "range from the table".to_owned(),
            (None, None) => "range not measured: select the firer and the target".to_owned(),
        }
    }

    /// The step saying which distance was used, if any.
    pub fn step(&self) -> Option<Step> {
        let text = match (self.typed_mm, self.plotted_mm) {
            (Some(t), Some(p)) => format!(
                "range {} mm: typed at the desk, winning over the {} mm measured on the table",
                mm_text(t),
                mm_text(p)
            ),
            (Some(t), None) => format!("range {} mm: typed at the desk", mm_text(t)),
            (None, Some(p)) => format!(
                "range {} mm: measured on the table between the nearest points of the two bases",
                mm_text(p)
            ),
            (None, None) => return None,
        };
        Some(Step::note(
            RuleRef::section(Ruleset::DbaZulu, "Ranged Combat"),
            text,
        ))
    }
}
