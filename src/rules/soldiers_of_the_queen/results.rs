//! Combat results and what they do to the units of a hex (PART 10 G, PART 12 F), shared
//! by fire and melee, with the morale checks and leader deaths they call for.

use super::{Game, Morale, Side, leaders, morale, rule};
use crate::charts::{CellReader, Charts, Status};
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use serde_json::{Value, json};

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

/// What became of one unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackUnit {
    /// The unit's name as the referee knows it.
    pub name: String,
    /// Its Morale Rating, needed when it must check morale.
    pub morale: Option<Morale>,
    /// An Isandhlwana 7-pounder gun unit (PART 12 F's exception).
    pub gun: bool,
    /// An Omdurman British unit inside the Zariba, which does not rout (PART 13 E).
    pub zariba: bool,
}

/// The state one resolution carries: charts, cell reader, dice and the growing resolution.
pub(crate) struct Ctx<'a> {
    pub charts: &'a Charts,
    pub reader: CellReader<'a>,
    pub res: Resolution,
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
            charts,
            reader: CellReader::new(charts, super::RULESET),
            res: Resolution::new(super::RULESET, procedure, charts.hash()),
            dice,
            game,
        }
    }

    /// Refuses, listing every needed cell, if any cell read so far was missing.
    pub(crate) fn check(&self, section: &str, what: &str) -> Result<(), Refusal> {
        match self.reader.refusal(rule(section)) {
            Some(mut refusal) => {
                let mut missing: Vec<String> = Vec::new();
                for need in &refusal.needs_cells {
                    let chart = self.charts.chart(super::RULESET, &need.chart);
                    if let Some(chart) = chart.filter(|c| c.status == Status::NotSupplied) {
                        let text =
                            format!("{} ({}) is not in the document", chart.title, chart.name);
                        if !missing.contains(&text) {
                            missing.push(text);
                        }
                    }
                }
                let charts = if missing.is_empty() {
                    String::new()
                } else {
                    format!("{}; ", missing.join("; "))
                };
                refusal.reason = format!("{what}: {charts}{}", refusal.reason);
                Err(refusal)
            }
            None => Ok(()),
        }
    }

    /// The resolution, with the reader's warnings.
    pub(crate) fn finish(mut self) -> Resolution {
        for w in self.reader.warnings() {
            self.res.warn(w.clone());
        }
        self.res
    }
}

/// The units of a hex and what has become of each.
pub(crate) struct Stack {
    pub side: Side,
    pub units: Vec<StackUnit>,
    pub fates: Vec<Fate>,
    /// Morale ratings lowered a level (the Khalifa is dead, PART 13 D).
    pub lowered: bool,
}

impl Stack {
    pub(crate) fn new(side: Side, units: Vec<StackUnit>, lowered: bool) -> Stack {
        let fates = vec![Fate::Unaffected; units.len()];
        Stack {
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

    /// Rolls for the leaders in the hex once units have been eliminated (PART 13 D), and
    /// writes the outcome keys `units`, `eliminated`, `leaders_killed`, `khalifa_killed`.
    pub(crate) fn finish(
        &self,
        ctx: &mut Ctx<'_>,
        leaders_in_hex: &[String],
    ) -> Result<(), Refusal> {
        let eliminated: Vec<&str> = (0..self.units.len())
            .filter(|&i| self.fates[i] == Fate::Eliminated)
            .map(|i| self.units[i].name.as_str())
            .collect();
        let remaining = self
            .fates
            .iter()
            .filter(|f| **f != Fate::Eliminated)
            .count();
        let killed = leaders::after_elimination(ctx, leaders_in_hex, eliminated.len(), remaining)?;
        let units: Vec<Value> = self
            .units
            .iter()
            .zip(&self.fates)
            .map(|(u, f)| json!({ "name": u.name, "fate": f.name() }))
            .collect();
        ctx.res.set("units", units);
        ctx.res.set("eliminated", json!(eliminated));
        let khalifa = killed.iter().any(|l| leaders::is_khalifa(l));
        ctx.res.set("leaders_killed", json!(killed));
        if khalifa {
            ctx.res.set("khalifa_killed", true);
            ctx.res.step(Step::note(
                rule("PART 13 D"),
                "the Khalifa is killed: every Dervish unit lowers its Morale Rating permanently by one level, and the Taiasha make for the southern map edge",
            ));
        }
        Ok(())
    }
}
