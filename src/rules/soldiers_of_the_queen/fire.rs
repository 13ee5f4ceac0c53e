//! Fire Combat (PART 10): fire strengths combined where they may be, the column shifts of
//! range, terrain and unit type, one die on the Fire Combat Results Table, and the result
//! applied to the target hex with the morale checks it calls for.

use super::range_effects::{range_effects, shift_text};
use super::results::{CombatResult, Ctx, Fate, HexOutcome, HexStack, StackUnit};
use super::units::{Arm, Nationality};
use super::{Game, Side, cell_rule, grid_axes, rule, throw};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, RefusalKind, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::{Ruleset, serde_by_name};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

mod restrictions;
use restrictions::{check_combination, check_firers};

const FIRE_TABLE: &str = "fire_combat_results";

/// One firing unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Firer {
    /// The unit's name.
    pub name: String,
    /// Its Fire Strength, printed on the unit (PART 10 A).
    pub strength: u32,
    /// Its weapon letter (PART 10 A), a row of the Range Effects Chart.
    pub weapon: String,
    /// The range to the target in hexes (PART 10 A).
    pub range: u32,
    /// Regular, colonial, NNC, Zulu or Dervish.
    pub nationality: Nationality,
    /// Foot, cavalry, artillery, Maxim or gunboat.
    #[serde(default)]
    pub arm: Arm,
    /// Mounted cavalry.
    #[serde(default)]
    pub mounted: bool,
    /// Limbered artillery (Isandhlwana).
    #[serde(default)]
    pub limbered: bool,
    /// Moved in this Friendly Movement Phase.
    #[serde(default)]
    pub moved: bool,
    /// Changed formation in this Friendly Movement Phase.
    #[serde(default)]
    pub changed_formation: bool,
    /// Every box of its Ammunition Roster is marked (Isandhlwana).
    #[serde(default)]
    pub out_of_ammo: bool,
    /// Pinned.
    #[serde(default)]
    pub pinned: bool,
    /// Routed.
    #[serde(default)]
    pub routed: bool,
    /// The target is not through one of its frontal hexsides (PART 7 C).
    #[serde(default)]
    pub rear: bool,
    /// An Enemy unit is in its ZOC and the target is not (PART 8 D).
    #[serde(default)]
    pub zoc_elsewhere: bool,
}

/// The fire phase (PART 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phase {
    /// The firing player's Offensive Fire Phase.
    Offensive,
    /// A Defensive Fire Phase.
    #[default]
    Defensive,
    /// The British Maxim Defensive Fire Phase (Omdurman).
    MaximDefensive,
}

impl Phase {
    /// Every fire phase.
    pub const ALL: &'static [Phase] = &[Phase::Offensive, Phase::Defensive, Phase::MaximDefensive];

    /// The phase's name, as [`Phase::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Offensive => "offensive",
            Phase::Defensive => "defensive",
            Phase::MaximDefensive => "maxim-defensive",
        }
    }

    /// Parses `offensive`, `defensive`, `maxim-defensive`.
    pub fn parse(text: &str) -> Result<Phase, String> {
        match text.trim() {
            "offensive" => Ok(Phase::Offensive),
            "defensive" => Ok(Phase::Defensive),
            "maxim-defensive" => Ok(Phase::MaximDefensive),
            other => Err(format!(
                "'{other}' is not a fire phase: expected offensive, defensive or maxim-defensive"
            )),
        }
    }
}

impl FromStr for Phase {
    type Err = String;

    fn from_str(text: &str) -> Result<Phase, String> {
        Phase::parse(text)
    }
}

serde_by_name!(Phase, name);

/// The target hex.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    /// The combat units in it, top of the stack first.
    pub units: Vec<StackUnit>,
    /// Leaders in the hex.
    #[serde(default)]
    pub leaders: Vec<String>,
    /// A woods hex (Isandhlwana).
    #[serde(default)]
    pub woods: bool,
    /// Fired on through the Big Donga's elevated bank hexside (Isandhlwana).
    #[serde(default)]
    pub big_donga: bool,
    /// A trench hex (Omdurman).
    #[serde(default)]
    pub trench: bool,
    /// The target unit is mounted cavalry (Omdurman).
    #[serde(default)]
    pub mounted: bool,
    /// The target is a gunboat (Omdurman).
    #[serde(default)]
    pub gunboat: bool,
    /// The Line of Sight is blocked (PART 10 C), as the referee judges it on the map.
    #[serde(default)]
    pub los_blocked: bool,
    /// The fire crosses a crest hexside (PART 10 F).
    #[serde(default)]
    pub through_crest: bool,
}

/// One fire attack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireInput {
    /// The game.
    pub game: Game,
    /// The phase.
    #[serde(default)]
    pub phase: Phase,
    /// The units firing together.
    pub firers: Vec<Firer>,
    /// The hex fired on.
    pub target: Target,
    /// The Khalifa has been killed (Dervish morale one level lower, PART 13 D).
    #[serde(default)]
    pub khalifa_killed: bool,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// What a fire attack did: the `--json` outcome of `laager sotq fire`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FireOutcome {
    /// The Fire Strength directed at the hex.
    pub total_strength: u32,
    /// The weapon whose Range Effects row decided the shift (PART 10 E).
    pub weapon: String,
    /// The Range Effects column of the range.
    pub range_column: String,
    /// Every column shift, added (left negative).
    pub shift: i64,
    /// The Fire Combat Results Table column read.
    pub column: String,
    /// The die.
    pub die: u8,
    /// The result read.
    pub result: CombatResult,
    /// The second die of a PN* result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pn_star_die: Option<u8>,
    /// Against a gunboat: whether it is sunk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sunk: Option<bool>,
    /// The units left in the hex are pinned.
    pub pinned: bool,
    /// What became of each unit and leader of the hex.
    #[serde(flatten)]
    pub hex: HexOutcome,
    /// Isandhlwana: the firers that mark an ammunition box (PART 10 B).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ammunition_boxes_marked: Option<Vec<String>>,
}

/// One fire attack (PART 10).
pub struct Fire;

impl Procedure for Fire {
    const RULESET: Ruleset = super::RULESET;
    const NAME: &'static str = "fire";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = super::situation::FIRE_ROLES;
    const OPPOSING: &'static [&'static str] =
        &["target", "target-2", "target-3", "leader-1", "leader-2"];
    type Input = FireInput;
    type Outcome = FireOutcome;

    fn resolve(
        charts: &Charts,
        input: &FireInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<FireOutcome>, Refusal> {
        let resolved = resolve(charts, input, dice);
        super::records_first(resolved, &input.origins, input, "PART 10")
    }
}

pub(super) fn refuse(section: &str, reason: impl Into<String>) -> Refusal {
    Refusal::by_rule(rule(section), reason)
}

pub(super) fn refuse_as(kind: RefusalKind, section: &str, reason: impl Into<String>) -> Refusal {
    Refusal::new(kind, rule(section), reason)
}

/// Resolves one fire attack.
fn resolve(
    charts: &Charts,
    fire: &FireInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<FireOutcome>, Refusal> {
    check_firers(fire)?;
    check_combination(fire)?;
    let mut ctx = Ctx::new(charts, dice, fire.game, Fire::NAME);

    // PART 10 B: "He totals the Fire Strength being directed at the target hex."
    let mut total = 0u32;
    for f in &fire.firers {
        total = crate::bounds::checked(
            rule("PART 10 B"),
            "the total Fire Strength",
            total.checked_add(f.strength),
        )?;
        ctx.res.step(Step::valued(
            rule("PART 10 B"),
            format!("{}: Fire Strength {}{}", f.name, f.strength, f.weapon),
            f.strength,
            Some(total.into()),
        ));
    }

    let (weapon, range_column, range_shift) = range_effects(&mut ctx, fire)?;
    let mut shift = range_shift.unwrap_or(0);
    for (name, why) in listed_shifts(fire, &mut ctx)? {
        let Some(n) = ctx.cells.int("fire_shifts", &[name]) else {
            continue;
        };
        shift += n;
        ctx.res.step(Step::valued(
            cell_rule("PART 10 F", "fire_shifts", &[name]),
            format!("{why}: {}", shift_text(n)),
            n,
            Some(shift.into()),
        ));
    }

    let shift_known = ctx.cells.complete();
    let column = fire_column(&mut ctx, total, shift, shift_known)?;
    ctx.check("PART 10 B", "the fire attack")?;
    let (Some(range_column), Some(column)) = (range_column, column) else {
        return Err(refuse("PART 10 B", "the fire column could not be read"));
    };

    // PART 10 B: "rolls one die. He then checks the result for that column and die roll".
    let face = throw(ctx.dice, 1, &mut ctx.res, "PART 10 B")?[0];
    let key = [face.to_string(), column.clone()];
    let key: Vec<&str> = key.iter().map(String::as_str).collect();
    let value = ctx.cells.get(FIRE_TABLE, &key);
    ctx.check("PART 10 B", "the fire result")?;
    let text = value.map(|v| v.to_string()).unwrap_or_default();
    let result = CombatResult::parse(&text).ok_or_else(|| {
        refuse_as(
            RefusalKind::BadInput,
            "PART 10 G",
            format!(
                "{FIRE_TABLE}:{} holds '{text}', not a fire result (M, WD, RT, PN, PN*, 1, 2, —)",
                key.join(":")
            ),
        )
    })?;
    ctx.res.step(Step::valued(
        cell_rule("PART 10 B", FIRE_TABLE, &key),
        format!("Fire Combat Results Table, die {face} under {column}"),
        result.code(),
        None,
    ));

    let applied = apply(&mut ctx, fire, result)?;
    let ammunition_boxes_marked = mark_ammunition(&mut ctx, fire);
    Ok(ctx.finish(FireOutcome {
        total_strength: total,
        weapon,
        range_column,
        shift,
        column,
        die: face,
        result,
        pn_star_die: applied.pn_star_die,
        sunk: applied.sunk,
        pinned: applied.pinned,
        hex: applied.hex,
        ammunition_boxes_marked,
    }))
}

/// The named shifts of PART 10 F that apply, with the reason each applies.
fn listed_shifts(
    fire: &FireInput,
    ctx: &mut Ctx<'_>,
) -> Result<Vec<(&'static str, String)>, Refusal> {
    let mut out = Vec::new();
    let t = &fire.target;
    let n = fire.firers.len();
    match fire.game {
        Game::Isandhlwana => {
            let nnc = fire
                .firers
                .iter()
                .filter(|f| f.nationality == Nationality::Nnc)
                .count();
            if 2 * nnc >= n {
                out.push((
                    "isandhlwana.nnc-half-or-more",
                    format!("{nnc} of {n} firers are NNC (at least one-half)"),
                ));
            }
            if t.woods {
                out.push((
                    "isandhlwana.woods",
                    "the target unit is in a woods hex".to_owned(),
                ));
            }
            if t.big_donga {
                out.push((
                    "isandhlwana.big-donga",
                    "the target is fired on through the Big Donga's elevated bank hexside"
                        .to_owned(),
                ));
            }
        }
        Game::Omdurman => {
            // "Colonial and Dervish units (except for artillery units) shift 1 column to the
            // left when firing ... also when ... half or more of the units are colonial."
            let colonial = fire
                .firers
                .iter()
                .filter(|f| {
                    !f.arm.is_artillery()
                        && matches!(f.nationality, Nationality::Colonial | Nationality::Dervish)
                })
                .count();
            if colonial > 0 && 2 * colonial >= n {
                out.push((
                    "omdurman.colonial-or-dervish",
                    format!("{colonial} of {n} firers are colonial or Dervish (not artillery)"),
                ));
            }
            if t.mounted {
                out.push((
                    "omdurman.mounted-target",
                    "the target is a mounted cavalry unit".to_owned(),
                ));
            }
            let mounted = fire.firers.iter().filter(|f| f.mounted).count();
            if mounted > 0 {
                let applies = if mounted == n {
                    true
                } else {
                    let rule_value = ctx.cells.get("settings", &["mixed_mounted_fire"]);
                    ctx.check("PART 10 F", "mounted and unmounted units fire together")?;
                    match rule_value.map(|v| v.to_string()).as_deref() {
                        Some("any") => true,
                        Some("half-or-more") => 2 * mounted >= n,
                        _ => false,
                    }
                };
                if applies {
                    out.push((
                        "omdurman.mounted-firer",
                        format!("{mounted} of {n} firers are mounted"),
                    ));
                }
            }
            if t.trench {
                out.push((
                    "omdurman.trench",
                    "the target unit is in a trench hex".to_owned(),
                ));
            }
        }
    }
    Ok(out)
}

/// Finds the strength column and shifts it, never left of "0" (PART 10 D). Every cell of
/// the column must be known before the die is rolled; missing ones are noted in the cells read.
fn fire_column(
    ctx: &mut Ctx<'_>,
    total: u32,
    shift: i64,
    shift_known: bool,
) -> Result<Option<String>, Refusal> {
    let Some((_, cols)) = grid_axes(ctx.charts(), FIRE_TABLE) else {
        return Err(refuse(
            "PART 10 B",
            format!("no {FIRE_TABLE} chart is loaded"),
        ));
    };
    let Some(base) = cols.position_of_value(i64::from(total)) else {
        ctx.cells.column_of(
            FIRE_TABLE,
            i64::from(total),
            &format!("a total Fire Strength of {total}"),
        );
        return Ok(None);
    };
    ctx.res.step(Step::valued(
        rule("PART 10 B"),
        format!(
            "total Fire Strength {total} falls in the {} column",
            cols.keys[base].label
        ),
        cols.keys[base].label.clone(),
        None,
    ));
    if !shift_known {
        return Ok(None);
    }
    // "No adjustment can be made further left than "0"".
    let zero = cols.position("0").unwrap_or(0) as i64;
    let mut index = base as i64 + shift;
    if index < zero {
        index = zero;
        ctx.res.step(Step::note(
            rule("PART 10 D"),
            "No adjustment can be made further left than \"0\": the 0 column is used",
        ));
    }
    let last = cols.keys.len() as i64 - 1;
    if index > last {
        let setting = ctx.cells.get("settings", &["fire_beyond_last_column"]);
        ctx.check(
            "PART 10 D",
            &format!(
                "the shifts pass the last column ({})",
                cols.keys[last as usize].label
            ),
        )?;
        match setting.map(|v| v.to_string()).as_deref() {
            Some("last-column") => {
                index = last;
                ctx.res.step(Step::note(
                    cell_rule("PART 10 D", "settings", &["fire_beyond_last_column"]),
                    "shifted past the last column: the club's setting uses the last column",
                ));
            }
            _ => {
                return Err(refuse(
                    "PART 10 D",
                    "shifted past the Fire Combat Results Table's last column, and the club's setting refuses",
                ));
            }
        }
    }
    let key = &cols.keys[index as usize];
    if key.confidence == crate::charts::Confidence::Unknown {
        ctx.cells.miss(
            FIRE_TABLE,
            format!(
                "the column {} of {} has a heading the document does not print",
                shift_text(shift),
                cols.keys[base].label
            ),
        );
        return Ok(None);
    }
    if index != base as i64 {
        ctx.res.step(Step::valued(
            rule("PART 10 D"),
            format!("the column shifts {} to {}", shift_text(shift), key.label),
            key.label.clone(),
            None,
        ));
    }
    let label = key.label.clone();
    note_missing_column(ctx, FIRE_TABLE, &label);
    Ok(Some(label))
}

/// Notes every unknown cell of a results column, so a refusal names them before any die.
pub(crate) fn note_missing_column(ctx: &mut Ctx<'_>, chart: &str, column: &str) {
    for die in 1..=6 {
        let die = die.to_string();
        let known = ctx
            .charts()
            .chart(super::RULESET, chart)
            .and_then(|c| c.cell(&[&die, column]))
            .is_some_and(|c| c.value.is_some());
        if !known {
            ctx.cells.get(chart, &[&die, column]);
        }
    }
}

/// What a fire result did to the target hex.
struct Applied {
    pn_star_die: Option<u8>,
    sunk: Option<bool>,
    pinned: bool,
    hex: HexOutcome,
}

/// Applies the fire result to the target hex (PART 10 G).
fn apply(ctx: &mut Ctx<'_>, fire: &FireInput, result: CombatResult) -> Result<Applied, Refusal> {
    let side = fire.target_side();
    let target = &fire.target;
    if target.gunboat {
        // PART 10 F Gunboats: "If a "1" result is rolled when Dervish artillery fires at a
        // gunboat, the gunboat is sunk. Any other result has no effect."
        let sunk = result == CombatResult::Eliminate(1);
        ctx.res.step(Step::note(
            rule("PART 10 F"),
            if sunk {
                "a 1 against a gunboat: the gunboat is sunk"
            } else {
                "against a gunboat any result but 1 has no effect"
            },
        ));
        let mut stack = HexStack::new(side, target.units.clone(), false);
        if sunk && let Some(fate) = stack.fates.first_mut() {
            *fate = Fate::Eliminated;
        }
        return Ok(Applied {
            pn_star_die: None,
            sunk: Some(sunk),
            pinned: false,
            hex: stack.finish(ctx, &target.leaders)?,
        });
    }
    let mut stack = HexStack::new(side, target.units.clone(), fire.khalifa_killed);
    let mut pn_star_die = None;
    match result {
        CombatResult::Morale => {
            ctx.res.step(Step::note(
                rule("PART 10 G"),
                "M: each unit checks morale individually",
            ));
            let all = stack.present();
            stack.check_all(ctx, &all, "PART 10 G")?;
        }
        CombatResult::Eliminate(n) => {
            let present = stack.present();
            for &i in present.iter().take(usize::from(n)) {
                stack.eliminate(
                    i,
                    ctx,
                    "PART 10 G",
                    &format!("result {n}: the top unit(s) of the stack"),
                );
            }
            let rest = stack.present();
            if !rest.is_empty() {
                ctx.res.step(Step::note(
                    rule("PART 10 G"),
                    "each remaining unit in the stack must undergo a Morale Check",
                ));
                stack.check_all(ctx, &rest, "PART 10 G")?;
            }
        }
        CombatResult::Pin => {
            ctx.res.step(Step::note(
                rule("PART 10 G"),
                "PN: the defending unit, and all remaining units in the hex, are Pinned",
            ));
            stack.pin_all();
        }
        CombatResult::PinStar => {
            let face = throw(ctx.dice, 1, &mut ctx.res, "PART 10 G")?[0];
            ctx.res.step(Step::valued(rule("PART 10 G"), "PN*: the firing player rolls the die again (1-5 pinned, 6 eliminates one defending unit)", face, None));
            pn_star_die = Some(face);
            if face <= 5 {
                stack.pin_all();
            } else if let Some(&top) = stack.present().first() {
                stack.eliminate(top, ctx, "PART 10 G", "PN* and a 6");
                let rest = stack.present();
                if !rest.is_empty() {
                    ctx.res.step(Step::note(
                        rule("PART 10 G"),
                        "all other units in the hex must undergo a Morale Check",
                    ));
                    stack.check_all(ctx, &rest, "PART 10 G")?;
                }
            }
        }
        CombatResult::Withdraw | CombatResult::Rout => {
            let morale = if result == CombatResult::Withdraw {
                super::morale::MoraleResult::Withdraw
            } else {
                super::morale::MoraleResult::Rout
            };
            for i in stack.present() {
                stack.apply_morale(i, morale);
            }
            ctx.res.step(Step::note(
                rule("PART 10 G"),
                format!("{}: applied to each unit in the hex", result.code()),
            ));
        }
        CombatResult::NoEffect => {
            ctx.res.step(Step::note(rule("PART 10 G"), "—: No Effect"));
        }
    }
    stack.spread_pin();
    Ok(Applied {
        pn_star_die,
        sunk: None,
        pinned: stack.pinned(),
        hex: stack.finish(ctx, &target.leaders)?,
    })
}

/// PART 10 B: "(If the Isandhlwana Game is being played, the firing player marks one box on
/// the firing unit's Ammunition Supply Roster.)" Artillery never runs out (PART 11).
/// `None` outside the Isandhlwana Game.
fn mark_ammunition(ctx: &mut Ctx<'_>, fire: &FireInput) -> Option<Vec<String>> {
    if fire.game != Game::Isandhlwana {
        return None;
    }
    let marked: Vec<String> = fire
        .firers
        .iter()
        .filter(|f| !f.arm.is_artillery() && f.nationality.side() == Side::British)
        .map(|f| f.name.clone())
        .collect();
    if !marked.is_empty() {
        ctx.res.step(Step::note(
            rule("PART 11"),
            format!(
                "mark one ammunition box on the roster of: {}",
                marked.join(", ")
            ),
        ));
    }
    Some(marked)
}

impl FireInput {
    /// The side of the target hex: the other side from the firers.
    pub fn target_side(&self) -> Side {
        match self.firers.first().map(|f| f.nationality.side()) {
            Some(Side::British) | None => self.game.enemy(),
            Some(_) => Side::British,
        }
    }
}
