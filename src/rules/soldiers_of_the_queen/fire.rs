//! Fire Combat (PART 10): fire strengths combined where they may be, the column shifts of
//! range, terrain and unit type, one die on the Fire Combat Results Table, and the result
//! applied to the target hex with the morale checks it calls for.

use super::results::{CombatResult, Ctx, Fate, Stack, StackUnit};
use super::units::{Arm, Nationality};
use super::{Game, Side, all_known, cell_rule, grid_axes, rule, throw};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use serde_json::json;

const RANGE_EFFECTS: &str = "range_effects";
const FIRE_TABLE: &str = "fire_combat_results";

/// One firing unit.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub arm: Arm,
    /// Mounted cavalry.
    pub mounted: bool,
    /// Limbered artillery (Isandhlwana).
    pub limbered: bool,
    /// Moved in this Friendly Movement Phase.
    pub moved: bool,
    /// Changed formation in this Friendly Movement Phase.
    pub changed_formation: bool,
    /// Every box of its Ammunition Roster is marked (Isandhlwana).
    pub out_of_ammo: bool,
    /// Pinned.
    pub pinned: bool,
    /// Routed.
    pub routed: bool,
    /// The target is not through one of its frontal hexsides (PART 7 C).
    pub rear: bool,
    /// An Enemy unit is in its ZOC and the target is not (PART 8 D).
    pub zoc_elsewhere: bool,
}

/// The fire phase (PART 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The firing player's Offensive Fire Phase.
    Offensive,
    /// A Defensive Fire Phase.
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

/// The target hex.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Target {
    /// The combat units in it, top of the stack first.
    pub units: Vec<StackUnit>,
    /// Leaders in the hex.
    pub leaders: Vec<String>,
    /// A woods hex (Isandhlwana).
    pub woods: bool,
    /// Fired on through the Big Donga's elevated bank hexside (Isandhlwana).
    pub big_donga: bool,
    /// A trench hex (Omdurman).
    pub trench: bool,
    /// The target unit is mounted cavalry (Omdurman).
    pub mounted: bool,
    /// The target is a gunboat (Omdurman).
    pub gunboat: bool,
    /// The Line of Sight is blocked (PART 10 C), as the referee judges it on the map.
    pub los_blocked: bool,
    /// The fire crosses a crest hexside (PART 10 F).
    pub through_crest: bool,
}

/// One fire attack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fire {
    /// The game.
    pub game: Game,
    /// The phase.
    pub phase: Phase,
    /// The units firing together.
    pub firers: Vec<Firer>,
    /// The hex fired on.
    pub target: Target,
    /// The Khalifa has been killed (Dervish morale one level lower, PART 13 D).
    pub khalifa_killed: bool,
}

fn refuse(section: &str, reason: impl Into<String>) -> Refusal {
    Refusal::by_rule(rule(section), reason)
}

/// Checks every firer may fire at all (PART 4, PART 10 F).
fn check_firers(fire: &Fire) -> Result<(), Refusal> {
    if fire.firers.is_empty() {
        return Err(refuse("PART 10 B", "no firing unit given"));
    }
    if fire.target.units.is_empty() {
        return Err(refuse(
            "PART 10 F",
            "When a Friendly unit fires, the target hex must contain at least one Enemy combat unit (no sniping at leaders or a supply wagon)",
        ));
    }
    if fire.target.through_crest {
        return Err(refuse(
            "PART 10 F",
            "No fire can be directed through a crest hexside",
        ));
    }
    if fire.target.los_blocked {
        return Err(refuse(
            "PART 10 C",
            "If the LOS is blocked, the unit cannot fire",
        ));
    }
    for f in &fire.firers {
        let who = &f.name;
        if f.nationality == Nationality::Zulu {
            return Err(refuse(
                "PART 4",
                format!("{who}: the Sequence of Play gives the Zulu Player no fire phase"),
            ));
        }
        if f.nationality == Nationality::Dervish && fire.game != Game::Omdurman {
            return Err(refuse(
                "Glossary",
                format!("{who}: a Dervish unit fights only in the Omdurman Game"),
            ));
        }
        if f.nationality == Nationality::Nnc && fire.game == Game::Omdurman {
            return Err(refuse(
                "Orders of Battle",
                format!("{who}: the Natal Native Contingent fights only at Isandhlwana"),
            ));
        }
        if f.strength == 0 {
            return Err(refuse(
                "PART 10 A",
                format!(
                    "{who}: Any piece that has no Fire Strength or weapon type printed on it cannot engage in Fire Combat"
                ),
            ));
        }
        if f.range == 0 {
            return Err(refuse(
                "PART 10 A",
                format!("{who}: range 0: the target must be in another hex"),
            ));
        }
        if f.rear {
            return Err(refuse(
                "PART 7 C",
                format!("{who}: A unit can fire only through its frontal hexsides at the enemy"),
            ));
        }
        if f.zoc_elsewhere {
            return Err(refuse(
                "PART 8 D",
                format!(
                    "{who}: A Friendly unit cannot fire at an Enemy unit not in its ZOC if there is an Enemy unit in its ZOC"
                ),
            ));
        }
        if f.pinned || f.routed {
            return Err(refuse(
                "PART 4",
                format!("{who}: only units that are not pinned or routed can fire"),
            ));
        }
        if fire.phase == Phase::Offensive && (f.moved || f.changed_formation) {
            let gunboat_exception = fire.game == Game::Omdurman && f.arm == Arm::Gunboat;
            if !gunboat_exception {
                return Err(refuse(
                    "PART 10 F",
                    format!(
                        "{who}: A unit that moves (or changes formation) in the Friendly Movement Phase cannot fire in the Friendly Offensive Fire Phase"
                    ),
                ));
            }
        }
        if fire.phase == Phase::MaximDefensive
            && (fire.game != Game::Omdurman
                || !(f.arm == Arm::Maxim || (f.arm == Arm::Gunboat && f.weapon == "M")))
        {
            return Err(refuse(
                "PART 4",
                format!("{who}: in the Maxim Defensive Fire Phase (Omdurman) only Maxim guns fire"),
            ));
        }
        if fire.game == Game::Isandhlwana {
            if (f.arm == Arm::Cavalry && f.mounted) || (f.arm == Arm::Artillery && f.limbered) {
                return Err(refuse(
                    "PART 10 F",
                    format!(
                        "{who}: Mounted horse units and limbered artillery units cannot fire (Isandhlwana)"
                    ),
                ));
            }
            if f.out_of_ammo {
                return Err(refuse(
                    "PART 10 F",
                    format!("{who}: A unit without ammunition cannot fire until it is resupplied"),
                ));
            }
        }
        if fire.target.gunboat && !f.arm.is_artillery() {
            return Err(refuse(
                "PART 10 F",
                format!("{who}: Gunboats can be attacked only by artillery"),
            ));
        }
    }
    Ok(())
}

/// Checks the firers may combine into one attack (PART 10 E and the Special Firing Restrictions).
fn check_combination(fire: &Fire) -> Result<(), Refusal> {
    let firers = &fire.firers;
    if firers.len() < 2 {
        return Ok(());
    }
    let artillery = firers.iter().filter(|f| f.arm.is_artillery()).count();
    if artillery != 0 && artillery != firers.len() {
        return Err(refuse(
            "PART 10 E",
            "Artillery units can never combine their Fire Strength with that of non-artillery units: fire them separately",
        ));
    }
    let sides: Vec<Side> = firers.iter().map(|f| f.nationality.side()).collect();
    if sides.iter().any(|s| *s != sides[0]) {
        return Err(refuse(
            "PART 10 E",
            "firers of both sides cannot fire together",
        ));
    }
    if fire.game == Game::Omdurman {
        if firers.iter().any(|f| f.arm == Arm::Gunboat) {
            return Err(refuse(
                "PART 10 F",
                "A gunboat unit can never combine fire with any other unit, including other gunboats",
            ));
        }
        let maxims = firers.iter().filter(|f| f.arm == Arm::Maxim).count();
        if maxims != 0 && maxims != firers.len() {
            return Err(refuse(
                "PART 10 F",
                "Maxim gun units can never combine fire with any different type of unit, including other artillery (G's)",
            ));
        }
    }
    if fire.game == Game::Isandhlwana {
        let regular = firers.iter().any(|f| f.nationality == Nationality::Regular);
        let colonial = firers.iter().any(|f| f.nationality.is_colonial());
        if regular && colonial {
            return Err(refuse(
                "PART 10 F",
                "Regular units cannot combine fire with colonial units (Isandhlwana)",
            ));
        }
    }
    Ok(())
}

/// A shift as the Range Effects Chart prints it: "1L", "2R", "0"; `None` for "X" (out of reach).
fn parse_shift(text: &str) -> Result<Option<i64>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("x") || t == "—" || t == "-" {
        return Ok(None);
    }
    if t == "0" {
        return Ok(Some(0));
    }
    let (n, dir) = t.split_at(t.len().saturating_sub(1));
    let n: i64 = n
        .parse()
        .map_err(|_| format!("'{t}' is not a shift: expected 1L, 2R, 0 or X"))?;
    match dir {
        "L" | "l" => Ok(Some(-n)),
        "R" | "r" => Ok(Some(n)),
        _ => Err(format!("'{t}' is not a shift: expected 1L, 2R, 0 or X")),
    }
}

fn shift_text(n: i64) -> String {
    match n {
        0 => "no shift".to_owned(),
        n if n < 0 => format!("{} left", -n),
        n => format!("{n} right"),
    }
}

/// The Range Effects column label holding a range, noting the chart as needed if unknown.
fn range_column(ctx: &mut Ctx<'_>, weapon: &str, range: u32) -> Option<String> {
    let found = grid_axes(ctx.charts, RANGE_EFFECTS).and_then(|(_, cols)| {
        cols.position_of_value(i64::from(range))
            .map(|i| cols.keys[i].label.clone())
    });
    if found.is_none() {
        // The column holding this range is not known: ask for it by the range itself.
        ctx.reader
            .get(RANGE_EFFECTS, &[weapon, &format!("range {range}")]);
    }
    found
}

/// A weapon's greatest range: the top of the last column it can reach (PART 10 E's tie-break).
fn maximum_range(ctx: &mut Ctx<'_>, weapon: &str) -> Option<i64> {
    let (_, cols) = grid_axes(ctx.charts, RANGE_EFFECTS)?;
    if !all_known(cols) {
        ctx.reader.get(RANGE_EFFECTS, &[weapon, "maximum range"]);
        return None;
    }
    let mut best = None;
    for key in &cols.keys {
        let v = ctx.reader.get(RANGE_EFFECTS, &[weapon, &key.label])?;
        if parse_shift(&v.to_string()).ok().flatten().is_some() {
            best = key.band.map(|b| b.hi.unwrap_or(i64::MAX));
        }
    }
    best
}

/// Resolves one fire attack. Outcome: `total_strength`, `weapon`, `range_column`, `shift`,
/// `column`, `die`, `result`, `units`, `eliminated`, `pinned`, `leaders_killed`,
/// `ammunition_boxes_marked`, and `sunk` when the target is a gunboat.
pub fn resolve(
    charts: &Charts,
    fire: &Fire,
    dice: &mut dyn DiceSource,
) -> Result<Resolution, Refusal> {
    check_firers(fire)?;
    check_combination(fire)?;
    let mut ctx = Ctx::new(charts, dice, fire.game, "fire");

    // PART 10 B: "He totals the Fire Strength being directed at the target hex."
    let mut total = 0u32;
    for f in &fire.firers {
        total += f.strength;
        ctx.res.step(Step::valued(
            rule("PART 10 B"),
            format!("{}: Fire Strength {}{}", f.name, f.strength, f.weapon),
            f.strength,
            Some(total.into()),
        ));
    }
    ctx.res.set("total_strength", total);

    // PART 10 E: "the weapon-type with the greatest number of Fire Strength points is used
    // to determine any column shift on the Range Effects Chart. If there is a tie, use the
    // weapon with the greatest maximum range."
    let mut by_weapon: Vec<(String, u32)> = Vec::new();
    for f in &fire.firers {
        match by_weapon.iter_mut().find(|(w, _)| *w == f.weapon) {
            Some((_, s)) => *s += f.strength,
            None => by_weapon.push((f.weapon.clone(), f.strength)),
        }
    }
    let most = by_weapon.iter().map(|(_, s)| *s).max().unwrap_or(0);
    let tied: Vec<String> = by_weapon
        .iter()
        .filter(|(_, s)| *s == most)
        .map(|(w, _)| w.clone())
        .collect();
    let weapon = if tied.len() == 1 {
        tied[0].clone()
    } else {
        let mut best: Option<(i64, String)> = None;
        for w in &tied {
            if let Some(r) = maximum_range(&mut ctx, w)
                && best.as_ref().is_none_or(|(b, _)| r > *b)
            {
                best = Some((r, w.clone()));
            }
        }
        ctx.check(
            "PART 10 E",
            "the weapons tie on strength and the tie goes to the greatest maximum range",
        )?;
        best.map_or_else(|| tied[0].clone(), |(_, w)| w)
    };
    if by_weapon.len() > 1 {
        ctx.res.step(Step::valued(
            rule("PART 10 E"),
            "the weapon with the most Fire Strength points decides the Range Effects column",
            weapon.clone(),
            None,
        ));
    }

    // PART 10 E: "All units firing into the hex must be able to use the same column on the
    // Range Effects Chart." Equal ranges share a column whatever the chart says.
    let ranges: Vec<u32> = fire.firers.iter().map(|f| f.range).collect();
    let range = ranges[0];
    let column = if ranges.iter().all(|r| *r == range) {
        range_column(&mut ctx, &weapon, range)
    } else {
        let columns: Vec<Option<String>> = fire
            .firers
            .iter()
            .map(|f| range_column(&mut ctx, &f.weapon, f.range))
            .collect();
        ctx.check(
            "PART 10 E",
            "firers at different ranges may combine only in one Range Effects column",
        )?;
        let first = columns[0].clone();
        if columns.iter().any(|c| *c != first) {
            return Err(refuse(
                "PART 10 E",
                "the firers' ranges fall in different Range Effects columns: they cannot combine fire",
            ));
        }
        first
    };
    // A cell the document lacks does not stop the reading here: every needed cell is
    // gathered, and the refusal before the die lists them all.
    let mut range_shift = None;
    if let Some(column) = &column {
        let key = [weapon.as_str(), column.as_str()];
        if let Some(value) = ctx.reader.get(RANGE_EFFECTS, &key) {
            let cell = value.to_string();
            let parsed = parse_shift(&cell).map_err(|e| {
                refuse(
                    "PART 10 D",
                    format!("{RANGE_EFFECTS}:{}: {e}", key.join(":")),
                )
            })?;
            let Some(n) = parsed else {
                return Err(refuse(
                    "PART 10 D",
                    format!(
                        "weapon {weapon} cannot reach range {range} ({RANGE_EFFECTS}:{} is {cell})",
                        key.join(":")
                    ),
                ));
            };
            ctx.res.step(Step::valued(
                cell_rule("PART 10 D", RANGE_EFFECTS, &key),
                format!(
                    "Range Effects Chart, weapon {weapon} at range {range} (column {column}): {}",
                    shift_text(n)
                ),
                n,
                Some(n.into()),
            ));
            range_shift = Some(n);
        }
        ctx.res.set("range_column", column.clone());
        // Every firer must be able to use that column: a weapon that cannot reach it ("X")
        // cannot join the attack.
        for (other, _) in by_weapon.iter().filter(|(w, _)| *w != weapon) {
            let key = [other.as_str(), column.as_str()];
            if let Some(value) = ctx.reader.get(RANGE_EFFECTS, &key)
                && parse_shift(&value.to_string()).ok().flatten().is_none()
            {
                return Err(refuse(
                    "PART 10 E",
                    format!(
                        "weapon {other} cannot use the {column} column ({RANGE_EFFECTS}:{} is {value}): it cannot combine fire",
                        key.join(":")
                    ),
                ));
            }
        }
    }
    ctx.res.set("weapon", weapon.clone());
    let mut shift = range_shift.unwrap_or(0);

    for (name, why) in listed_shifts(fire, &mut ctx)? {
        let Some(n) = ctx.reader.int("fire_shifts", &[name]) else {
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
    ctx.res.set("shift", shift);

    let shift_known = ctx.reader.needs().is_empty();
    let column = fire_column(&mut ctx, total, shift, shift_known)?;
    ctx.check("PART 10 B", "the fire attack")?;
    let column = column.unwrap_or_default();
    ctx.res.set("column", column.clone());

    // PART 10 B: "rolls one die. He then checks the result for that column and die roll".
    let face = throw(ctx.dice, 1, &mut ctx.res, "PART 10 B")?[0];
    ctx.res.set("die", face);
    let key = [face.to_string(), column.clone()];
    let key: Vec<&str> = key.iter().map(String::as_str).collect();
    let value = ctx.reader.get(FIRE_TABLE, &key);
    ctx.check("PART 10 B", "the fire result")?;
    let text = value.map(|v| v.to_string()).unwrap_or_default();
    let result = CombatResult::parse(&text).ok_or_else(|| {
        refuse(
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
    ctx.res.set("result", result.code());

    apply(&mut ctx, fire, result)?;
    mark_ammunition(&mut ctx, fire);
    Ok(ctx.finish())
}

/// The named shifts of PART 10 F that apply, with the reason each applies.
fn listed_shifts(fire: &Fire, ctx: &mut Ctx<'_>) -> Result<Vec<(&'static str, String)>, Refusal> {
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
                    let rule_value = ctx.reader.get("settings", &["mixed_mounted_fire"]);
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
/// the column must be known before the die is rolled; missing ones are noted in the reader.
fn fire_column(
    ctx: &mut Ctx<'_>,
    total: u32,
    shift: i64,
    shift_known: bool,
) -> Result<Option<String>, Refusal> {
    let Some((_, cols)) = grid_axes(ctx.charts, FIRE_TABLE) else {
        return Err(refuse(
            "PART 10 B",
            format!("no {FIRE_TABLE} chart is loaded"),
        ));
    };
    let Some(base) = cols.position_of_value(i64::from(total)) else {
        ctx.reader
            .get(FIRE_TABLE, &["column", &format!("strength {total}")]);
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
        let setting = ctx.reader.get("settings", &["fire_beyond_last_column"]);
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
        let wanted = format!("{} of {}", shift_text(shift), cols.keys[base].label);
        ctx.reader.get(FIRE_TABLE, &["column", &wanted]);
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
            .charts
            .chart(super::RULESET, chart)
            .and_then(|c| c.cell(&[&die, column]))
            .is_some_and(|c| c.value.is_some());
        if !known {
            ctx.reader.get(chart, &[&die, column]);
        }
    }
}

/// Applies the fire result to the target hex (PART 10 G).
fn apply(ctx: &mut Ctx<'_>, fire: &Fire, result: CombatResult) -> Result<(), Refusal> {
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
        ctx.res.set("sunk", sunk);
        let mut stack = Stack::new(side, target.units.clone(), false);
        if sunk {
            stack.fates[0] = Fate::Eliminated;
        }
        ctx.res.set("pinned", false);
        return stack.finish(ctx, &target.leaders);
    }
    let mut stack = Stack::new(side, target.units.clone(), fire.khalifa_killed);
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
            ctx.res.set("pn_star_die", face);
            if face <= 5 {
                stack.pin_all();
            } else {
                let present = stack.present();
                stack.eliminate(present[0], ctx, "PART 10 G", "PN* and a 6");
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
    ctx.res.set(
        "pinned",
        stack
            .fates
            .iter()
            .any(|f| matches!(f, Fate::Pinned | Fate::WithdrawnPinned)),
    );
    stack.finish(ctx, &target.leaders)
}

/// PART 10 B: "(If the Isandhlwana Game is being played, the firing player marks one box on
/// the firing unit's Ammunition Supply Roster.)" Artillery never runs out (PART 11).
fn mark_ammunition(ctx: &mut Ctx<'_>, fire: &Fire) {
    if fire.game != Game::Isandhlwana {
        return;
    }
    let marked: Vec<&str> = fire
        .firers
        .iter()
        .filter(|f| !f.arm.is_artillery() && f.nationality.side() == Side::British)
        .map(|f| f.name.as_str())
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
    ctx.res.set("ammunition_boxes_marked", json!(marked));
}

impl Fire {
    /// The side of the target hex: the other side from the firers.
    pub fn target_side(&self) -> Side {
        match self.firers.first().map(|f| f.nationality.side()) {
            Some(Side::British) | None => self.game.enemy(),
            Some(_) => Side::British,
        }
    }
}
