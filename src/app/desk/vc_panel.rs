//! The Victoria Cross II resolver form: British fire, a bucket of one die per firing SP
//! against the Hit Number Chart, with the Rorke's Drift walls and night.

use crate::rules::victoria_cross::{Battle, FireSituation};

/// The British fire form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FireForm {
    /// Which battle.
    pub battle: Battle,
    /// Firing SP.
    pub sp: u32,
    /// Range in zones, 1 to 3.
    pub range: u8,
    /// A night turn (Rorke's Drift).
    pub night: bool,
    /// Wall sections crossed (Rorke's Drift).
    pub walls_crossed: u32,
    /// A zone between the firer and the wall it fires over (Rorke's Drift).
    pub zone_before_wall: bool,
}

impl Default for FireForm {
    fn default() -> Self {
        FireForm {
            battle: Battle::Isandlwana,
            sp: 5,
            range: 2,
            night: false,
            walls_crossed: 0,
            zone_before_wall: false,
        }
    }
}

impl FireForm {
    /// The engine's situation.
    pub fn situation(&self) -> FireSituation {
        let mut s = FireSituation::new(self.battle, self.sp, self.range);
        s.night = self.night;
        s.walls_crossed = self.walls_crossed;
        s.zone_before_wall = self.zone_before_wall;
        s
    }

    /// Draws the form.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.battle, Battle::Isandlwana, "Isandlwana");
            ui.selectable_value(&mut self.battle, Battle::RorkesDrift, "Rorke's Drift");
        });
        ui.add(egui::Slider::new(&mut self.sp, 1..=60).text("firing SP"));
        ui.add(egui::Slider::new(&mut self.range, 1..=3).text("range (zones)"));
        if self.battle == Battle::RorkesDrift {
            ui.checkbox(&mut self.night, "night turn");
            ui.add(egui::Slider::new(&mut self.walls_crossed, 0..=2).text("wall sections crossed"));
            ui.checkbox(&mut self.zone_before_wall, "a zone between firer and wall");
        }
    }
}
