//! Melee Combat (PART 12): the pre-melee morale check, odds with remainders for the
//! defender, automatic elimination, terrain and charge shifts, one die on the game's Melee
//! Combat Results Table, the result, leader deaths and advance after combat.

use super::morale::{self, MoraleResult};
use super::odds::MeleeOdds;
use super::results::{CombatResult, Ctx, Fate, HexOutcome, HexStack, StackUnit};
use super::units::{Arm, Nationality};
use super::{Game, Morale, Side, all_known, cell_rule, grid_axes, rule, throw};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::{Ruleset, serde_by_name};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

mod restrictions;
use restrictions::check_restrictions;

/// One attacking unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attacker {
    /// The unit's name.
    pub name: String,
    /// Its Melee Strength.
    pub strength: u32,
    /// Regular, colonial, Zulu or Dervish.
    pub nationality: Nationality,
    /// Foot, cavalry, artillery, Maxim or gunboat.
    #[serde(default)]
    pub arm: Arm,
    /// Mounted cavalry.
    #[serde(default)]
    pub mounted: bool,
    /// Making a cavalry charge (Omdurman, PART 12 C).
    #[serde(default)]
    pub charging: bool,
    /// The 21st Lancers (PART 12 C).
    #[serde(default)]
    pub lancers: bool,
    /// Within its leader's Command Radius (PART 12 C).
    #[serde(default)]
    pub in_command_radius: bool,
    /// Its impi (Isandhlwana) or tribe (Omdurman).
    #[serde(default)]
    pub group: Option<String>,
    /// Pinned.
    #[serde(default)]
    pub pinned: bool,
    /// Routed.
    #[serde(default)]
    pub routed: bool,
}

/// One defending unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defender {
    /// Name, morale, gun and Zariba marks.
    pub unit: StackUnit,
    /// Its Melee Strength.
    pub strength: u32,
    /// Its arm.
    #[serde(default)]
    pub arm: Arm,
    /// Mounted cavalry.
    #[serde(default)]
    pub mounted: bool,
}

/// Which way an attack crosses a ridge hexside (PART 12 D).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ridge {
    /// All attackers across a ridge hexside onto defenders at a lower elevation.
    Down,
    /// All attackers across a ridge hexside up onto defenders at a higher elevation.
    Up,
}

impl Ridge {
    /// The direction's name, as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Ridge::Down => "down",
            Ridge::Up => "up",
        }
    }
}

impl FromStr for Ridge {
    type Err = String;

    fn from_str(text: &str) -> Result<Ridge, String> {
        match text.trim() {
            "down" => Ok(Ridge::Down),
            "up" => Ok(Ridge::Up),
            other => Err(format!("'{other}' is not a direction: expected down or up")),
        }
    }
}

serde_by_name!(Ridge, name);

/// One melee attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeInput {
    /// The game.
    pub game: Game,
    /// The attacking units.
    pub attackers: Vec<Attacker>,
    /// The defending units, top of the stack first.
    pub defenders: Vec<Defender>,
    /// Leaders stacked with the defenders.
    #[serde(default)]
    pub leaders: Vec<String>,
    /// The defenders are surrounded by enemy units, enemy ZOCs and/or impassable terrain.
    #[serde(default)]
    pub surrounded: bool,
    /// An attack across a ridge hexside.
    #[serde(default)]
    pub ridge: Option<Ridge>,
    /// All attackers across the Big Donga's elevated bank against its west side (Isandhlwana).
    #[serde(default)]
    pub big_donga: bool,
    /// All attackers through a thorn hedge hexside (Omdurman).
    #[serde(default)]
    pub thorn_hedge: bool,
    /// The defenders are in a trench hex and the attackers are not (Omdurman).
    #[serde(default)]
    pub trench: bool,
    /// The defenders are in rough terrain, Level 2 and higher (Omdurman).
    #[serde(default)]
    pub rough: bool,
    /// The attack crosses a crest or all-Nile hexside.
    #[serde(default)]
    pub prohibited_hexside: bool,
    /// The Khalifa has been killed (PART 13 D).
    #[serde(default)]
    pub khalifa_killed: bool,
    /// The mounted defender avoids the melee by retreating one hex (PART 12 C).
    #[serde(default)]
    pub mounted_retreat: bool,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// What a melee did: the `--json` outcome of `laager sotq melee`. The keys of the steps
/// a melee did not reach are not written (no odds once the pre-melee checks emptied the
/// hex; no column, die or result after an automatic elimination).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeleeOutcome {
    /// The attack's total Melee Strength.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<u32>,
    /// The defence's total Melee Strength, of the units the pre-melee checks left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defence: Option<u32>,
    /// The odds, remainders in the defender's favour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub odds: Option<MeleeOdds>,
    /// The column shifts, added (left negative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shift: Option<i64>,
    /// The Melee Combat Results Table column read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
    /// The die.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u8>,
    /// The result read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<CombatResult>,
    /// An Automatic Elimination decided it without a roll.
    pub automatic: bool,
    /// WD: the attackers withdraw one hex.
    pub attackers_withdraw: bool,
    /// The units left in the hex are pinned.
    pub pinned: bool,
    /// What became of each unit and leader of the hex.
    #[serde(flatten)]
    pub hex: HexOutcome,
    /// The defender's hex is vacant.
    pub hex_vacant: bool,
    /// The attacking units that may advance into it (not artillery).
    pub may_advance: Vec<String>,
    /// How many of them may: two into a vacant hex, else none.
    pub advance_limit: u8,
}

/// One melee attack (PART 12).
pub struct Melee;

impl Procedure for Melee {
    const RULESET: Ruleset = super::RULESET;
    const NAME: &'static str = "melee";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = super::situation::MELEE_ROLES;
    const OPPOSING: &'static [&'static str] = &[
        "defender",
        "defender-2",
        "defender-3",
        "leader-1",
        "leader-2",
    ];
    type Input = MeleeInput;
    type Outcome = MeleeOutcome;

    fn resolve(
        charts: &Charts,
        input: &MeleeInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<MeleeOutcome>, Refusal> {
        let resolved = resolve(charts, input, dice);
        super::records_first(resolved, &input.origins, input, "PART 12")
    }
}

/// The keys of the outcome the steps fill as a melee goes on.
#[derive(Default)]
struct Rolled {
    attack: Option<u32>,
    defence: Option<u32>,
    odds: Option<MeleeOdds>,
    shift: Option<i64>,
    column: Option<String>,
    die: Option<u8>,
    result: Option<CombatResult>,
    automatic: bool,
    attackers_withdraw: bool,
}

fn refuse(section: &str, reason: impl Into<String>) -> Refusal {
    Refusal::by_rule(rule(section), reason)
}

/// The shifts of PART 12 C and D that apply, by their names in `melee_shifts`.
fn listed_shifts(m: &MeleeInput) -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    match m.game {
        Game::Isandhlwana => {
            match m.ridge {
                Some(Ridge::Down) => out.push((
                    "isandhlwana.ridge-down",
                    "all Zulus attack across a ridge hexside onto British at a lower elevation",
                )),
                Some(Ridge::Up) => out.push((
                    "isandhlwana.ridge-up",
                    "all Zulus attack across a ridge hexside up to British at a higher elevation",
                )),
                None => {}
            }
            if m.big_donga {
                out.push(("isandhlwana.big-donga", "all Zulus attack across elevated bank hexsides of the Big Donga against its west side"));
            }
        }
        Game::Omdurman => {
            if m.thorn_hedge {
                out.push((
                    "omdurman.thorn-hedge",
                    "all attacking units attack through a thorn hedge hexside",
                ));
            }
            if m.trench {
                out.push((
                    "omdurman.trench",
                    "the defenders are in a trench hex and the attackers are not",
                ));
            }
            if m.ridge == Some(Ridge::Up) {
                out.push((
                    "omdurman.ridge-up",
                    "all attacking units attack uphill through a ridge hexside",
                ));
            }
            if m.attackers.iter().any(|a| a.charging && a.lancers) {
                out.push(("omdurman.21st-lancers-charge", "the 21st Lancers charge"));
            } else if m.attackers.iter().any(|a| a.charging) {
                out.push((
                    "omdurman.cavalry-charge",
                    "a mounted cavalry unit is charging",
                ));
            }
        }
    }
    out
}

/// Resolves one melee.
fn resolve(
    charts: &Charts,
    m: &MeleeInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<MeleeOutcome>, Refusal> {
    check_restrictions(m)?;
    let side = match m.attackers[0].nationality.side() {
        Side::British => m.game.enemy(),
        _ => Side::British,
    };
    let mut ctx = Ctx::new(charts, dice, m.game, Melee::NAME);
    let units: Vec<StackUnit> = m.defenders.iter().map(|d| d.unit.clone()).collect();
    let mut stack = HexStack::new(side, units, m.khalifa_killed);
    if m.mounted_retreat {
        return mounted_retreat(ctx, m, &mut stack);
    }

    pre_melee_checks(&mut ctx, m, &mut stack)?;

    let sum = |what: &str, mut strengths: std::slice::Iter<'_, u32>| {
        crate::bounds::checked(
            rule("PART 12 A"),
            what,
            strengths.try_fold(0u32, |sum, s| sum.checked_add(*s)),
        )
    };
    let attack_strengths: Vec<u32> = m.attackers.iter().map(|a| a.strength).collect();
    let attack = sum("the attackers' Melee Strength", attack_strengths.iter())?;
    let present = stack.present();
    let defence_strengths: Vec<u32> = present.iter().map(|&i| m.defenders[i].strength).collect();
    let defence = sum("the defenders' Melee Strength", defence_strengths.iter())?;
    let mut rolled = Rolled {
        attack: Some(attack),
        defence: Some(defence),
        ..Rolled::default()
    };
    if present.is_empty() {
        ctx.res.step(Step::note(
            rule("PART 12 B"),
            "the pre-melee morale checks have emptied the defender's hex: no melee is rolled",
        ));
        return finish(ctx, m, &mut stack, rolled);
    }
    ctx.res.step(Step::valued(
        rule("PART 12 B"),
        "the attacker totals the Melee Strength of all his attacking units",
        attack,
        None,
    ));
    ctx.res.step(Step::valued(
        rule("PART 12 C"),
        "the Melee Strength of all defending units is totalled into a single number",
        defence,
        None,
    ));
    if defence == 0 {
        return Err(Refusal::bad_input(
            rule("PART 12 A"),
            "the defending units have no Melee Strength to compare",
        ));
    }
    let odds = MeleeOdds::of(attack, defence);
    ctx.res.step(Step::valued(
        rule("PART 12 B"),
        format!("{attack} to {defence}, remainders rounded in favor of the defender"),
        odds.to_string(),
        None,
    ));
    rolled.odds = Some(odds);

    if automatic_elimination(&mut ctx, m, &mut stack, odds, &present) {
        rolled.automatic = true;
        return finish(ctx, m, &mut stack, rolled);
    }

    let shift = column_shifts(&mut ctx, m)?;
    rolled.shift = Some(shift);

    let chart = chart_for(m.game);
    let column = melee_column(&mut ctx, chart, odds, shift);
    if let Some(column) = &column {
        super::fire::note_missing_column(&mut ctx, chart, column);
    }
    ctx.check("PART 12 B", "the melee")?;
    let Some(column) = column else {
        return Err(refuse("PART 12 B", "the melee column could not be read"));
    };
    let (face, result) = read_result(&mut ctx, chart, &column)?;
    rolled.column = Some(column);
    rolled.die = Some(face);
    rolled.result = Some(result);
    rolled.attackers_withdraw = apply(&mut ctx, m, &mut stack, result)?;
    finish(ctx, m, &mut stack, rolled)
}

/// PART 12 C's Automatic Elimination: whether the odds decided the melee without a roll,
/// the defenders' fates set. At Isandhlwana 18-1 against surrounded units; at Omdurman
/// 10-1 against surrounded units, else 7-1 takes the top unit.
fn automatic_elimination(
    ctx: &mut Ctx<'_>,
    m: &MeleeInput,
    stack: &mut HexStack,
    odds: MeleeOdds,
    present: &[usize],
) -> bool {
    // Automatic elimination is read from the odds before any column shift: the text
    // speaks of "the attack odds", not a column.
    match m.game {
        Game::Isandhlwana if odds.at_least(18) && m.surrounded => {
            ctx.res.step(Step::note(rule("PART 12 C"), "Automatic Elimination: attacked at 18-1 or greater and completely surrounded: the units are automatically eliminated"));
            for i in stack.present() {
                stack.fates[i] = Fate::Eliminated;
            }
            true
        }
        Game::Omdurman if odds.at_least(10) && m.surrounded => {
            ctx.res.step(Step::note(rule("PART 12 C"), "Automatic Elimination: 10-1 or greater against surrounded units: all defending units are eliminated"));
            for i in stack.present() {
                stack.fates[i] = Fate::Eliminated;
            }
            true
        }
        Game::Omdurman if odds.at_least(7) => {
            let top = present[0];
            stack.eliminate(top, ctx, "PART 12 C", "Automatic Elimination: odds 7-1 or greater, the defender loses the top unit without a roll");
            true
        }
        _ => false,
    }
}

/// PART 12 D: the column shifts that apply, each read from `melee_shifts`, added.
fn column_shifts(ctx: &mut Ctx<'_>, m: &MeleeInput) -> Result<i64, Refusal> {
    let mut shift = 0i64;
    for (name, why) in listed_shifts(m) {
        let Some(n) = ctx.cells.int("melee_shifts", &[name]) else {
            continue;
        };
        shift += n;
        ctx.res.step(Step::valued(
            cell_rule("PART 12 D", "melee_shifts", &[name]),
            why,
            n,
            Some(shift.into()),
        ));
    }
    ctx.check("PART 12 D", "the melee column shifts")?;
    Ok(shift)
}

/// PART 12 B: throws the die and reads the result under the column; a cell that is not a
/// melee result is refused (PART 12 F).
fn read_result(
    ctx: &mut Ctx<'_>,
    chart: &str,
    column: &str,
) -> Result<(u8, CombatResult), Refusal> {
    let face = throw(ctx.dice, 1, &mut ctx.res, "PART 12 B")?[0];
    let key = [face.to_string(), column.to_owned()];
    let key: Vec<&str> = key.iter().map(String::as_str).collect();
    let value = ctx.cells.get(chart, &key);
    ctx.check("PART 12 B", "the melee result")?;
    let text = value.map(|v| v.to_string()).unwrap_or_default();
    let result = CombatResult::parse(&text)
        .filter(|r| *r != CombatResult::PinStar)
        .ok_or_else(|| {
            Refusal::bad_input(
                rule("PART 12 F"),
                format!(
                    "{chart}:{} holds '{text}', not a melee result (M, WD, RT, PN, 1, —)",
                    key.join(":")
                ),
            )
        })?;
    ctx.res.step(Step::valued(
        cell_rule("PART 12 B", chart, &key),
        format!("Melee Combat Results Table, die {face} under {column}"),
        result.code(),
        None,
    ));
    Ok((face, result))
}

/// PART 12 C: "A Friendly mounted unit that is being attacked only by Enemy infantry or
/// dismounted cavalry can avoid melee with the Enemy units by retreating one hex ... The
/// Enemy units avoided by the mounted unit cannot advance into the vacated hex. A mounted
/// unit cannot retreat to avoid melee if any of the attacking Enemy units are mounted cavalry units."
fn mounted_retreat(
    mut ctx: Ctx<'_>,
    m: &MeleeInput,
    stack: &mut HexStack,
) -> Result<Resolution<MeleeOutcome>, Refusal> {
    if m.defenders.iter().any(|d| !d.mounted) {
        return Err(refuse(
            "PART 12 C",
            "only a mounted unit can retreat to avoid melee",
        ));
    }
    if m.attackers
        .iter()
        .any(|a| a.mounted && a.arm == Arm::Cavalry)
    {
        return Err(refuse(
            "PART 12 C",
            "A mounted unit cannot retreat to avoid melee if any of the attacking Enemy units are mounted cavalry units",
        ));
    }
    ctx.res.step(Step::note(rule("PART 12 C"), "the mounted unit retreats one hex (no Movement Points, not into an Enemy ZOC) and avoids the melee; the avoided units cannot advance into the vacated hex"));
    for fate in &mut stack.fates {
        *fate = Fate::Withdrawn;
    }
    let hex = stack.finish(&mut ctx, &[])?;
    Ok(ctx.finish(MeleeOutcome {
        attack: None,
        defence: None,
        odds: None,
        shift: None,
        column: None,
        die: None,
        result: None,
        automatic: false,
        attackers_withdraw: false,
        pinned: false,
        hex,
        hex_vacant: true,
        may_advance: Vec::new(),
        advance_limit: 0,
    }))
}

/// The game's Melee Combat Results Table ("Each game has its own").
pub fn chart_for(game: Game) -> &'static str {
    match game {
        Game::Isandhlwana => "melee_combat_results_isandhlwana",
        Game::Omdurman => "melee_combat_results_omdurman",
    }
}

/// PART 12 E: defenders rated C or D check morale on die - 2 before the attack.
fn pre_melee_checks(
    ctx: &mut Ctx<'_>,
    m: &MeleeInput,
    stack: &mut HexStack,
) -> Result<(), Refusal> {
    for i in 0..m.defenders.len() {
        let unit = &m.defenders[i].unit;
        let Some(own) = unit.morale else { continue };
        let effective = if m.khalifa_killed && stack.side == Side::Dervish {
            own.lowered().unwrap_or(own)
        } else {
            own
        };
        if effective < Morale::C {
            continue;
        }
        if let Some(result) =
            morale::check(ctx, stack.side, unit, m.khalifa_killed, -2, "PART 12 E")?
        {
            stack.apply_morale(i, result);
        }
    }
    ctx.check("PART 12 E", "the pre-melee morale checks")?;
    stack.spread_pin();
    let left: Vec<&str> = (0..m.defenders.len())
        .filter(|&i| stack.fates[i].left_hex())
        .map(|i| m.defenders[i].unit.name.as_str())
        .collect();
    if !left.is_empty() {
        ctx.res.step(Step::note(
            rule("PART 12 E"),
            format!(
                "the pre-melee check sends {} out of the hex before the attack is resolved",
                left.join(", ")
            ),
        ));
    }
    Ok(())
}

/// The odds column, clamped to the table's ends, then shifted (PART 12 B). A table whose
/// odds headings the charts in force do not print is noted as missing (its headings are no
/// cells to type: a club's tables folder supplies the table).
fn melee_column(ctx: &mut Ctx<'_>, chart: &str, odds: MeleeOdds, shift: i64) -> Option<String> {
    let axes = grid_axes(ctx.charts(), chart);
    let columns: Option<Vec<(MeleeOdds, String)>> = axes
        .filter(|(_, cols)| all_known(cols))
        .and_then(|(_, cols)| {
            cols.keys
                .iter()
                .map(|k| MeleeOdds::parse(&k.label).map(|o| (o, k.label.clone())))
                .collect()
        });
    let Some(mut columns) = columns.filter(|c| !c.is_empty()) else {
        let shifted = if shift == 0 {
            String::new()
        } else {
            format!(", shifted {shift:+} columns")
        };
        ctx.cells.miss(
            chart,
            format!(
                "the {chart} column for {odds}{shifted}: the document prints none of its odds headings"
            ),
        );
        return None;
    };
    columns.sort_by_key(|(o, _)| *o);
    let last = columns.len() - 1;
    // Rounded in the defender's favour: the highest column not above the odds.
    let base = match columns.iter().rposition(|(o, _)| *o <= odds) {
        Some(i) => {
            if i == last && odds > columns[last].0 {
                ctx.res.step(Step::note(rule("PART 12 B"), "Attacks at odds higher than the highest column on the table use the highest column"));
            }
            i
        }
        None => {
            ctx.res.step(Step::note(
                rule("PART 12 B"),
                "Attacks at odds less than the lowest column on the table use the lowest column",
            ));
            0
        }
    };
    let index = (base as i64 + shift).clamp(0, last as i64) as usize;
    if shift != 0 {
        ctx.res.step(Step::valued(
            rule("PART 12 B"),
            format!(
                "from the {} column, shifted {shift:+} (never past the table's ends)",
                columns[base].1
            ),
            columns[index].1.clone(),
            None,
        ));
    }
    Some(columns[index].1.clone())
}

/// Applies a melee result (PART 12 F). Returns whether the attackers withdraw.
fn apply(
    ctx: &mut Ctx<'_>,
    m: &MeleeInput,
    stack: &mut HexStack,
    result: CombatResult,
) -> Result<bool, Refusal> {
    let mut attackers_withdraw = false;
    match result {
        CombatResult::Morale => {
            ctx.res.step(Step::note(
                rule("PART 12 F"),
                "M: each defending unit checks morale individually",
            ));
            let all = stack.present();
            stack.check_all(ctx, &all, "PART 12 F")?;
        }
        CombatResult::Withdraw => {
            ctx.res.step(Step::note(rule("PART 12 F"), "WD: All attacking units must Withdraw one hex. If they are unable to Withdraw, they are Pinned, not eliminated"));
            attackers_withdraw = true;
        }
        CombatResult::Rout => {
            ctx.res.step(Step::note(
                rule("PART 12 F"),
                "RT: the defending units are Routed",
            ));
            for i in stack.present() {
                stack.apply_morale(i, MoraleResult::Rout);
            }
        }
        CombatResult::Pin => {
            ctx.res.step(Step::note(
                rule("PART 12 F"),
                "PN: the defending units are Pinned",
            ));
            stack.pin_all();
        }
        CombatResult::Eliminate(n) => {
            for _ in 0..n {
                let present = stack.present();
                let Some(&top) = present.first() else { break };
                // "If this result occurs in the Isandhlwana game, and the top unit in the
                // stack is a 7-pounder gun unit, eliminate the next non-gun unit, if any."
                if m.game == Game::Isandhlwana && stack.units[top].gun {
                    match present.iter().find(|&&i| !stack.units[i].gun) {
                        Some(&i) => stack.eliminate(i, ctx, "PART 12 F", "the top unit is a 7-pounder gun: the next non-gun unit goes"),
                        None => ctx.res.step(Step::note(rule("PART 12 F"), "the top unit is a 7-pounder gun and there is no non-gun unit: none is eliminated")),
                    }
                } else {
                    stack.eliminate(
                        top,
                        ctx,
                        "PART 12 F",
                        "1: eliminate one defending unit, the top unit",
                    );
                }
            }
        }
        CombatResult::NoEffect | CombatResult::PinStar => {
            ctx.res.step(Step::note(rule("PART 12 F"), "—: No Effect"));
        }
    }
    Ok(attackers_withdraw)
}

fn finish(
    mut ctx: Ctx<'_>,
    m: &MeleeInput,
    stack: &mut HexStack,
    rolled: Rolled,
) -> Result<Resolution<MeleeOutcome>, Refusal> {
    stack.spread_pin();
    let pinned = stack.pinned();
    let hex = stack.finish(&mut ctx, &m.leaders)?;
    let hex_vacant = stack.present().is_empty();
    let may_advance: Vec<String> = if hex_vacant {
        m.attackers
            .iter()
            .filter(|a| !a.arm.is_artillery())
            .map(|a| a.name.clone())
            .collect()
    } else {
        Vec::new()
    };
    if hex_vacant {
        ctx.res.step(Step::note(rule("PART 12 F"), "Advance After Combat: the defender's hex is vacant; the attacker can advance into it with up to two attacking units (not artillery), regardless of Enemy ZOCs, before any other melee"));
    }
    let Rolled {
        attack,
        defence,
        odds,
        shift,
        column,
        die,
        result,
        automatic,
        attackers_withdraw,
    } = rolled;
    Ok(ctx.finish(MeleeOutcome {
        attack,
        defence,
        odds,
        shift,
        column,
        die,
        result,
        automatic,
        attackers_withdraw,
        pinned,
        hex,
        hex_vacant,
        may_advance,
        advance_limit: if hex_vacant { 2 } else { 0 },
    }))
}
