//! Victoria Cross II's counts on the records: the British SP left and the Zulu warrior SP
//! on the board, each noted as read from them.

use super::eliminated;
use crate::game::state::GameState;
use crate::rules::situation::{Filler, Origins, Source};

/// Victoria Cross II's counts on the records, each noted as read from them: the British SP
/// left — "the total SP for all British units' (this includes Native and Cavalry units) ...
/// The artillery unit only counts as 1 SP" — and the Zulu warrior SP on the board ("never
/// has more than 90 warrior SP on the board at one time (plus leaders)"). A counter's kind
/// is its troop type (`infantry`, `warriors` ...); leaders and VP units bring no SP ("16
/// British SP plus any leaders"; "VP units do not have any SP value"). Refuses, naming it,
/// a counter whose troop type is not a Victoria Cross kind.
pub fn vc_counts(state: &GameState) -> Result<VcCounts, String> {
    use crate::rules::victoria_cross::UnitKind;
    use crate::rules::victoria_cross::situation::{KINDS, kind_of};
    let mut counts = VcCounts::default();
    let (mut british, mut zulus) = (Vec::new(), Vec::new());
    for unit in state.units.iter().filter(|u| !eliminated(u)) {
        let kind = kind_of(&unit.spec.troop_type).ok_or_else(|| {
            format!(
                "'{}' is recorded as '{}', not a Victoria Cross counter ({KINDS})",
                unit.spec.name, unit.spec.troop_type
            )
        })?;
        let name = &unit.spec.name;
        match kind {
            UnitKind::Infantry | UnitKind::NativeInfantry | UnitKind::Cavalry => {
                counts.british_sp += unit.present;
                british.push(format!("{name} {}", unit.present));
            }
            UnitKind::Artillery => {
                counts.british_sp += 1;
                british.push(format!("{name} 1 (the artillery)"));
            }
            UnitKind::Warriors => {
                counts.zulu_on_board_sp += unit.present;
                zulus.push(format!("{name} {}", unit.present));
            }
            UnitKind::Leader | UnitKind::VpUnit | UnitKind::ZuluLeader => {}
        }
    }
    let list = |names: &[String]| {
        if names.is_empty() {
            "no counter left".to_owned()
        } else {
            names.join(", ")
        }
    };
    counts.british_why = format!("the British counters left: {}", list(&british));
    counts.zulu_why = format!("the Zulu warriors on the board: {}", list(&zulus));
    // The Victory Conditions' VP units eliminated so far ("Each of these units is worth 1
    // VP to the Zulu player if eliminated") and the Zulu SP lost this turn (the deduction
    // for heavy losses), eliminated counters included.
    let (mut vp_units, mut zulu_lost) = (Vec::new(), Vec::new());
    for unit in &state.units {
        let kind = kind_of(&unit.spec.troop_type);
        let name = &unit.spec.name;
        // A VP unit has no SP ("VP units do not have any SP value"): it is eliminated
        // when it leaves the game.
        if kind == Some(UnitKind::VpUnit) && unit.removed {
            counts.vp_units_eliminated += 1;
            vp_units.push(name.clone());
        }
        if matches!(kind, Some(UnitKind::Warriors | UnitKind::ZuluLeader)) {
            let lost = crate::rules::situation::Records::unit(state, &unit.spec.unit_id.0)
                .map_or(0, |view| view.lost_this_move);
            if lost > 0 {
                counts.zulu_lost_this_turn += lost;
                zulu_lost.push(format!("{name} {lost}"));
            }
        }
    }
    let turn = crate::rules::situation::Records::move_number(state);
    counts.vp_units_why = if vp_units.is_empty() {
        "no VP unit has been eliminated, the records show".to_owned()
    } else {
        format!("the VP units eliminated: {}", vp_units.join(", "))
    };
    counts.zulu_lost_why = if zulu_lost.is_empty() {
        format!("no Zulu SP lost in turn {turn}, the records show")
    } else {
        format!("the Zulu SP lost in turn {turn}: {}", zulu_lost.join(", "))
    };
    Ok(counts)
}

/// What [`vc_counts`] reads, with why.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VcCounts {
    /// The British SP left, the artillery 1.
    pub british_sp: u32,
    /// The counters counted.
    pub british_why: String,
    /// The Zulu warrior SP on the board.
    pub zulu_on_board_sp: u32,
    /// The counters counted.
    pub zulu_why: String,
    /// The VP units eliminated so far (Rorke's Drift).
    pub vp_units_eliminated: u32,
    /// Which.
    pub vp_units_why: String,
    /// The Zulu SP lost this turn (the game's move).
    pub zulu_lost_this_turn: u32,
    /// Whose.
    pub zulu_lost_why: String,
}

impl VcCounts {
    /// A turn's Victory Points with the counts the records give laid over what was typed
    /// (`given`: the pointers of the fields typed, which win): the Zulu SP lost this turn at
    /// either battle; the VP units eliminated only at Rorke's Drift, the one battle whose
    /// Victory Points count them ("worth 1 VP each"); at Isandlwana the input's own value
    /// stands, for the rule to judge.
    pub fn victory_points(
        &self,
        base: crate::rules::victoria_cross::VictoryPointsInput,
        given: &[String],
    ) -> crate::rules::victoria_cross::VictoryPointsInput {
        use crate::rules::victoria_cross::{Battle, VictoryPointsInput};
        let mut input = base;
        let mut fill = Filler::new(given);
        if input.battle == Battle::RorkesDrift {
            fill.set(
                crate::field!(VictoryPointsInput: turn.vp_units_eliminated),
                "VP units eliminated",
                &mut input.turn.vp_units_eliminated,
                self.vp_units_eliminated,
                self.vp_units_why.clone(),
            );
        }
        fill.set(
            crate::field!(VictoryPointsInput: turn.zulu_losses),
            "Zulu SP lost this turn",
            &mut input.turn.zulu_losses,
            self.zulu_lost_this_turn,
            self.zulu_lost_why.clone(),
        );
        input.origins = fill.origins;
        input
    }

    /// The Zulu warrior SP on the board noted as read from the records.
    pub fn on_board_origins(&self) -> Origins {
        let mut origins = Origins::default();
        origins.note(
            crate::field!(crate::rules::victoria_cross::ZuluReentryInput: on_board_sp),
            "Zulu warrior SP on the board",
            self.zulu_on_board_sp,
            Source::Records,
            self.zulu_why.clone(),
        );
        origins
    }

    /// A victory check with the British SP left the records count, unless given by hand
    /// (`given`: the pointers of the fields typed, which win).
    pub fn victory(
        &self,
        base: crate::rules::victoria_cross::VictoryCheck,
        given: &[String],
    ) -> crate::rules::victoria_cross::VictoryCheck {
        let mut input = base;
        let mut fill = Filler::new(given);
        fill.set(
            crate::field!(crate::rules::victoria_cross::VictoryCheck: british_sp),
            "British SP",
            &mut input.british_sp,
            self.british_sp,
            self.british_why.clone(),
        );
        input.origins = fill.origins;
        input
    }

    /// The alternate victory with the British SP the records count, unless given by hand.
    pub fn alternate_victory(
        &self,
        base: crate::rules::victoria_cross::AlternateVictoryInput,
        given: &[String],
    ) -> crate::rules::victoria_cross::AlternateVictoryInput {
        let mut input = base;
        let mut fill = Filler::new(given);
        fill.set(
            crate::field!(crate::rules::victoria_cross::AlternateVictoryInput: british_sp),
            "British SP",
            &mut input.british_sp,
            self.british_sp,
            self.british_why.clone(),
        );
        input.origins = fill.origins;
        input
    }

    /// The Zulu re-entry with the warrior SP on the board the records count, unless given
    /// by hand.
    pub fn zulu_reentry(
        &self,
        base: crate::rules::victoria_cross::ZuluReentryInput,
        given: &[String],
    ) -> crate::rules::victoria_cross::ZuluReentryInput {
        let mut input = base;
        let mut fill = Filler::new(given);
        fill.set(
            crate::field!(crate::rules::victoria_cross::ZuluReentryInput: on_board_sp),
            "Zulu warrior SP on the board",
            &mut input.on_board_sp,
            self.zulu_on_board_sp,
            self.zulu_why.clone(),
        );
        input.origins = fill.origins;
        input
    }

    /// The British SP noted as read from the records.
    pub fn british_origins(&self) -> Origins {
        let mut origins = Origins::default();
        origins.note(
            crate::field!(crate::rules::victoria_cross::VictoryCheck: british_sp),
            "British SP",
            self.british_sp,
            Source::Records,
            self.british_why.clone(),
        );
        origins
    }
}
