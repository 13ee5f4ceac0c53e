//! The Range Effects Chart (PART 10 D, E): the column every firer of an attack must be
//! able to use, the weapon that decides it, and the shift it gives on the Fire Combat
//! Results Table.

use super::fire::{FireInput, refuse, refuse_as};
use super::results::Ctx;
use super::{all_known, cell_rule, grid_axes, rule};
use crate::resolution::{Refusal, RefusalKind, Step};

const RANGE_EFFECTS: &str = "range_effects";

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

pub(super) fn shift_text(n: i64) -> String {
    match n {
        0 => "no shift".to_owned(),
        n if n < 0 => format!("{} left", -n),
        n => format!("{n} right"),
    }
}

/// The Range Effects column heading holding a range; a range under no heading the chart
/// in force prints is noted as missing (no cell to type: the chart's headings are lost).
fn range_column(ctx: &mut Ctx<'_>, range: u32) -> Option<String> {
    ctx.cells.column_of(
        RANGE_EFFECTS,
        i64::from(range),
        &format!("a range of {range} hexes"),
    )
}

/// A weapon's greatest range: the top of the last column it can reach (PART 10 E's tie-break).
fn maximum_range(ctx: &mut Ctx<'_>, weapon: &str) -> Option<i64> {
    let Some((_, cols)) = grid_axes(ctx.charts(), RANGE_EFFECTS) else {
        ctx.cells.miss(
            RANGE_EFFECTS,
            format!("no chart '{RANGE_EFFECTS}' is loaded"),
        );
        return None;
    };
    if !all_known(cols) {
        ctx.cells.miss(
            RANGE_EFFECTS,
            format!(
                "weapon {weapon}'s maximum range: {RANGE_EFFECTS} has column headings the document does not print"
            ),
        );
        return None;
    }
    let mut best = None;
    for key in &cols.keys {
        let v = ctx.cells.get(RANGE_EFFECTS, &[weapon, &key.label])?;
        if parse_shift(&v.to_string()).ok().flatten().is_some() {
            best = key.band.map(|b| b.hi.unwrap_or(i64::MAX));
        }
    }
    best
}

/// The Range Effects column all the firers use and the shift it gives (PART 10 D, E), with
/// the weapon that decides it. A heading or cell the charts in force lack is noted in
/// `ctx.cells`, and the column is then `None`.
pub(super) fn range_effects(
    ctx: &mut Ctx<'_>,
    fire: &FireInput,
) -> Result<(String, Option<String>, Option<i64>), Refusal> {
    let (weapon, by_weapon) = deciding_weapon(ctx, fire)?;
    let (range, column) = shared_column(ctx, fire)?;
    // A cell the document lacks does not stop the reading here: every needed cell is
    // gathered, and the refusal before the die lists them all.
    let Some(column) = column else {
        return Ok((weapon, None, None));
    };
    let range_shift = read_shift(ctx, &weapon, range, &column)?;
    // Every firer must be able to use that column: a weapon that cannot reach it ("X")
    // cannot join the attack.
    for (other, _) in by_weapon.iter().filter(|(w, _)| *w != weapon) {
        let key = [other.as_str(), column.as_str()];
        if let Some(value) = ctx.cells.get(RANGE_EFFECTS, &key)
            && parse_shift(&value.to_string()).ok().flatten().is_none()
        {
            return Err(refuse_as(
                RefusalKind::OutOfRange,
                "PART 10 E",
                format!(
                    "weapon {other} cannot use the {column} column ({RANGE_EFFECTS}:{} is {value}): it cannot combine fire",
                    key.join(":")
                ),
            ));
        }
    }
    Ok((weapon, Some(column), range_shift))
}

/// PART 10 E: the weapon type with the most Fire Strength points, a tie going to the
/// greatest maximum range; with each weapon's Fire Strength.
fn deciding_weapon(
    ctx: &mut Ctx<'_>,
    fire: &FireInput,
) -> Result<(String, Vec<(String, u32)>), Refusal> {
    // PART 10 E: "the weapon-type with the greatest number of Fire Strength points is used
    // to determine any column shift on the Range Effects Chart. If there is a tie, use the
    // weapon with the greatest maximum range."
    let mut by_weapon: Vec<(String, u32)> = Vec::new();
    for f in &fire.firers {
        match by_weapon.iter_mut().find(|(w, _)| *w == f.weapon) {
            Some((_, s)) => {
                *s = crate::bounds::checked(
                    rule("PART 10 E"),
                    &format!("the Fire Strength of weapon {}", f.weapon),
                    s.checked_add(f.strength),
                )?;
            }
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
            if let Some(r) = maximum_range(ctx, w)
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
    Ok((weapon, by_weapon))
}

/// PART 10 E: the Range Effects column every firer's range falls in, with the first
/// firer's range; firers whose ranges fall in different columns are refused.
fn shared_column(ctx: &mut Ctx<'_>, fire: &FireInput) -> Result<(u32, Option<String>), Refusal> {
    // PART 10 E: "All units firing into the hex must be able to use the same column on the
    // Range Effects Chart." Equal ranges share a column whatever the chart says.
    let ranges: Vec<u32> = fire.firers.iter().map(|f| f.range).collect();
    let range = ranges[0];
    let column = if ranges.iter().all(|r| *r == range) {
        range_column(ctx, range)
    } else {
        let columns: Vec<Option<String>> = ranges.iter().map(|r| range_column(ctx, *r)).collect();
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
    Ok((range, column))
}

/// PART 10 D: the deciding weapon's shift in the column; a weapon that cannot reach it
/// ("X") is refused. `None` when the cell is not known.
fn read_shift(
    ctx: &mut Ctx<'_>,
    weapon: &str,
    range: u32,
    column: &str,
) -> Result<Option<i64>, Refusal> {
    let key = [weapon, column];
    let mut range_shift = None;
    if let Some(value) = ctx.cells.get(RANGE_EFFECTS, &key) {
        let cell = value.to_string();
        let parsed = parse_shift(&cell).map_err(|e| {
            refuse_as(
                RefusalKind::BadInput,
                "PART 10 D",
                format!("{RANGE_EFFECTS}:{}: {e}", key.join(":")),
            )
        })?;
        let Some(n) = parsed else {
            return Err(refuse_as(
                RefusalKind::OutOfRange,
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
    Ok(range_shift)
}
