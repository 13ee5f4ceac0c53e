//! Combat results and what they do to the units of a hex (PART 10 G, PART 12 F), shared
//! by fire and melee, with the morale checks and leader deaths they call for.

use super::cells::Cells;
use super::{Game, Morale, Side, leaders, morale, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::ruleset::serde_by_name;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// A result of the Fire or a Melee Combat Results Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatResult {
    /// M: each unit checks morale.
    Morale,
    /// WD: withdraw (in melee, the attackers withdraw).
    Withdraw,
    /// RT: routed.
    Rout,
    /// PN: the hex is pinned.
    Pin,
    /// PN*: the firer rolls again; 1-5 pinned, 6 one unit eliminated and the rest check.
    PinStar,
    /// 1 or 2: eliminate the top unit(s); the rest check morale (fire).
    Eliminate(u8),
    /// —: no effect.
    NoEffect,
}

impl CombatResult {
    /// Parses a cell: M, WD, RT, PN, PN*, 1, 2, — (or -).
    pub fn parse(text: &str) -> Option<CombatResult> {
        Some(match text.trim() {
            "M" => CombatResult::Morale,
            "WD" => CombatResult::Withdraw,
            "RT" => CombatResult::Rout,
            "PN" => CombatResult::Pin,
            "PN*" => CombatResult::PinStar,
            "1" => CombatResult::Eliminate(1),
            "2" => CombatResult::Eliminate(2),
            "—" | "-" | "–" => CombatResult::NoEffect,
            _ => return None,
        })
    }

    /// The code as printed.
    pub fn code(self) -> &'static str {
        match self {
            CombatResult::Morale => "M",
            CombatResult::Withdraw => "WD",
            CombatResult::Rout => "RT",
            CombatResult::Pin => "PN",
            CombatResult::PinStar => "PN*",
            CombatResult::Eliminate(1) => "1",
            CombatResult::Eliminate(_) => "2",
            CombatResult::NoEffect => "—",
        }
    }
}

impl FromStr for CombatResult {
    type Err = String;

    fn from_str(text: &str) -> Result<CombatResult, String> {
        CombatResult::parse(text).ok_or_else(|| {
            format!("'{text}' is not a combat result: expected M, WD, RT, PN, PN*, 1, 2 or —")
        })
    }
}

serde_by_name!(CombatResult, code);

/// What became of one unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fate {
    /// Still in place, unpinned.
    Unaffected,
    /// Pinned (PART 10 G PN).
    Pinned,
    /// Withdraws one hex (PART 10 G WD).
    Withdrawn,
    /// Withdraws one hex and is pinned: an Omdurman British unit inside the Zariba that
    /// routs (PART 13 E: "When a Rout result is rolled, the unit Withdraws 1 hex and becomes Pinned").
    WithdrawnPinned,
    /// Routed, retreats three hexes (PART 10 G RT).
    Routed,
    /// Eliminated.
    Eliminated,
}

impl Fate {
    /// The fate's name in the outcome.
    pub fn name(self) -> &'static str {
        match self {
            Fate::Unaffected => "unaffected",
            Fate::Pinned => "pinned",
            Fate::Withdrawn => "withdrawn",
            Fate::WithdrawnPinned => "withdrawn-pinned",
            Fate::Routed => "routed",
            Fate::Eliminated => "eliminated",
        }
    }

    /// Whether the unit has left its hex.
    pub fn left_hex(self) -> bool {
        matches!(
            self,
            Fate::Withdrawn | Fate::WithdrawnPinned | Fate::Routed | Fate::Eliminated
        )
    }
}

/// One combat unit in the hex under fire or melee, top of the stack first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackUnit {
    /// The unit's name as the referee knows it.
    pub name: String,
    /// Its Morale Rating, needed when it must check morale.
    #[serde(default)]
    pub morale: Option<Morale>,
    /// An Isandhlwana 7-pounder gun unit (PART 12 F's exception).
    #[serde(default)]
    pub gun: bool,
    /// An Omdurman British unit inside the Zariba, which does not rout (PART 13 E).
    #[serde(default)]
    pub zariba: bool,
}

/// One unit of the hex and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitFate {
    /// The unit's name.
    pub name: String,
    /// What became of it.
    pub fate: Fate,
}

/// What a fire or melee did to the hex: the outcome keys fire and melee share.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HexOutcome {
    /// Every unit of the hex, top first, with its fate.
    pub units: Vec<UnitFate>,
    /// The units eliminated.
    pub eliminated: Vec<String>,
    /// The leaders killed (PART 13 D).
    pub leaders_killed: Vec<String>,
    /// The Khalifa is among them (PART 13 D); the key is written only when he is.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub khalifa_killed: bool,
}

/// The state one resolution carries: cells read, dice and the growing explanation.
pub(crate) struct Ctx<'a> {
    pub cells: Cells<'a>,
    pub res: Resolution<()>,
    pub dice: &'a mut dyn DiceSource,
    pub game: Game,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(
        charts: &'a Charts,
        dice: &'a mut dyn DiceSource,
        game: Game,
        procedure: &str,
    ) -> Ctx<'a> {
        Ctx {
            cells: Cells::new(charts),
            res: Resolution::new(super::RULESET, procedure, charts.hash()),
            dice,
            game,
        }
    }

    /// The charts read.
    pub(crate) fn charts(&self) -> &'a Charts {
        self.cells.charts()
    }

    /// Refuses, naming every needed cell and every missing row or column, if anything read
    /// so far was missing.
    pub(crate) fn check(&self, section: &str, what: &str) -> Result<(), Refusal> {
        match self.cells.refusal(rule(section), Some(what)) {
            Some(refusal) => Err(refusal),
            None => Ok(()),
        }
    }

    /// The explanation, with the warnings of the cells read, and this outcome.
    pub(crate) fn finish<O>(mut self, outcome: O) -> Resolution<O> {
        for w in self.cells.warnings() {
            self.res.warn(w.clone());
        }
        self.res.with_outcome(outcome)
    }
}

/// The units of a hex and what has become of each.
pub(crate) struct HexStack {
    pub side: Side,
    pub units: Vec<StackUnit>,
    pub fates: Vec<Fate>,
    /// Morale ratings lowered a level (the Khalifa is dead, PART 13 D).
    pub lowered: bool,
}

impl HexStack {
    pub(crate) fn new(side: Side, units: Vec<StackUnit>, lowered: bool) -> HexStack {
        let fates = vec![Fate::Unaffected; units.len()];
        HexStack {
            side,
            units,
            fates,
            lowered,
        }
    }

    /// Indices of units still in the hex, top first.
    pub(crate) fn present(&self) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| !self.fates[i].left_hex())
            .collect()
    }

    pub(crate) fn eliminate(&mut self, i: usize, ctx: &mut Ctx<'_>, section: &str, why: &str) {
        self.fates[i] = Fate::Eliminated;
        ctx.res.step(Step::note(
            rule(section),
            format!("{} is eliminated ({why})", self.units[i].name),
        ));
    }

    /// Applies a Morale Check Table result to one unit.
    pub(crate) fn apply_morale(&mut self, i: usize, result: morale::MoraleResult) {
        use morale::MoraleResult as R;
        let fate = match result {
            R::Withdraw => Fate::Withdrawn,
            R::Rout if self.units[i].zariba && self.side == Side::British => Fate::WithdrawnPinned,
            R::Rout => Fate::Routed,
            R::Pin => Fate::Pinned,
            R::NoEffect => Fate::Unaffected,
        };
        // PART 10 G RT: "A Routed unit cannot be Pinned".
        if !(self.fates[i] == Fate::Routed && fate == Fate::Pinned) {
            self.fates[i] = fate;
        }
    }

    /// Every unit still in the hex checks morale, each on its own roll (PART 10 G M:
    /// "each unit checks individually").
    pub(crate) fn check_all(
        &mut self,
        ctx: &mut Ctx<'_>,
        indices: &[usize],
        section: &str,
    ) -> Result<(), Refusal> {
        for &i in indices {
            let unit = self.units[i].clone();
            if let Some(result) = morale::check(ctx, self.side, &unit, self.lowered, 0, section)? {
                self.apply_morale(i, result);
            }
        }
        ctx.check(section, "the morale checks")?;
        self.spread_pin();
        Ok(())
    }

    /// PART 10 G PN: "The defending unit, and all remaining units in the hex, are Pinned."
    pub(crate) fn spread_pin(&mut self) {
        let pinned = self
            .fates
            .iter()
            .any(|f| matches!(f, Fate::Pinned | Fate::WithdrawnPinned));
        if pinned {
            for fate in &mut self.fates {
                if *fate == Fate::Unaffected {
                    *fate = Fate::Pinned;
                }
            }
        }
    }

    /// Pins every unit still in the hex (routed units excepted).
    pub(crate) fn pin_all(&mut self) {
        for fate in &mut self.fates {
            if *fate == Fate::Unaffected {
                *fate = Fate::Pinned;
            }
        }
    }

    /// Whether any unit is pinned.
    pub(crate) fn pinned(&self) -> bool {
        self.fates
            .iter()
            .any(|f| matches!(f, Fate::Pinned | Fate::WithdrawnPinned))
    }

    /// Rolls for the leaders in the hex once units have been eliminated (PART 13 D), and
    /// tells what became of the hex: each unit's fate, the units eliminated, the leaders
    /// killed.
    pub(crate) fn finish(
        &self,
        ctx: &mut Ctx<'_>,
        leaders_in_hex: &[String],
    ) -> Result<HexOutcome, Refusal> {
        let eliminated: Vec<String> = (0..self.units.len())
            .filter(|&i| self.fates[i] == Fate::Eliminated)
            .map(|i| self.units[i].name.clone())
            .collect();
        let remaining = self
            .fates
            .iter()
            .filter(|f| **f != Fate::Eliminated)
            .count();
        let leaders_killed =
            leaders::after_elimination(ctx, leaders_in_hex, eliminated.len(), remaining)?;
        let units = self
            .units
            .iter()
            .zip(&self.fates)
            .map(|(u, f)| UnitFate {
                name: u.name.clone(),
                fate: *f,
            })
            .collect();
        let khalifa_killed = leaders_killed.iter().any(|l| leaders::is_khalifa(l));
        if khalifa_killed {
            ctx.res.step(Step::note(
                rule("PART 13 D"),
                "the Khalifa is killed: every Dervish unit lowers its Morale Rating permanently by one level, and the Taiasha make for the southern map edge",
            ));
        }
        Ok(HexOutcome {
            units,
            eliminated,
            leaders_killed,
            khalifa_killed,
        })
    }
}
