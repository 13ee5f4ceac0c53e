//! Morale Checks (PART 10 G, M): one die on the owning player's Morale Check Table under
//! the unit's rating; the pre-melee check subtracts 2 (PART 12 E).

use super::results::{Ctx, StackUnit};
use super::{Game, Morale, Side, cell_rule, rule, throw};
use crate::charts::Value;
use crate::resolution::{Refusal, Step};

/// A result of a Morale Check Table (PART 10 G, under M: "The possible results are").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoraleResult {
    /// WD: withdraw one hex.
    Withdraw,
    /// RT: routed.
    Rout,
    /// PN: pinned, with the rest of the hex.
    Pin,
    /// —: no effect.
    NoEffect,
}

impl MoraleResult {
    /// Parses a cell: WD, RT, PN, — (or -).
    pub fn parse(text: &str) -> Option<MoraleResult> {
        Some(match text.trim() {
            "WD" => MoraleResult::Withdraw,
            "RT" => MoraleResult::Rout,
            "PN" => MoraleResult::Pin,
            "—" | "-" | "–" => MoraleResult::NoEffect,
            _ => return None,
        })
    }
}

/// The Morale Check Table a side rolls on in a game.
pub fn chart_for(game: Game, side: Side) -> &'static str {
    match (game, side) {
        (Game::Isandhlwana, Side::British) => "morale_check_british_isandhlwana",
        (Game::Omdurman, Side::British) => "morale_check_british_omdurman",
        (_, Side::Zulu) => "morale_check_zulu",
        (_, Side::Dervish) => "morale_check_dervish",
    }
}

/// The rating a unit checks under: its own, one lower once the Khalifa is dead.
pub(crate) fn rating(
    ctx: &mut Ctx<'_>,
    side: Side,
    unit: &StackUnit,
    lowered: bool,
) -> Result<Morale, Refusal> {
    let Some(own) = unit.morale else {
        return Err(Refusal::bad_input(
            rule("PART 10 G"),
            format!(
                "{} must check morale but has no Morale Rating given (morale=A-D)",
                unit.name
            ),
        ));
    };
    if lowered && side == Side::Dervish {
        if let Some(lower) = own.lowered() {
            ctx.res.step(Step::note(
                rule("PART 13 D"),
                format!(
                    "the Khalifa is dead: {} checks as {} instead of {}",
                    unit.name,
                    lower.letter(),
                    own.letter()
                ),
            ));
            return Ok(lower);
        }
        ctx.res
            .warn("the Khalifa is dead but the text gives no rating below D: D is kept");
    }
    Ok(own)
}

/// One morale check: rolls a die, adds `modifier`, reads the side's table. `Ok(None)` when
/// the cell is not supplied (the cells read then name it).
pub(crate) fn check(
    ctx: &mut Ctx<'_>,
    side: Side,
    unit: &StackUnit,
    lowered: bool,
    modifier: i64,
    section: &str,
) -> Result<Option<MoraleResult>, Refusal> {
    let rating = rating(ctx, side, unit, lowered)?;
    let chart = chart_for(ctx.game, side);
    let face = throw(ctx.dice, 1, &mut ctx.res, section)?[0];
    let value = i64::from(face) + modifier;
    let text = if modifier == 0 {
        format!("{} checks morale: die {face}", unit.name)
    } else {
        format!("{} checks morale: die {face} {modifier:+}", unit.name)
    };
    ctx.res.step(Step::valued(rule(section), text, value, None));
    let Some(row) = ctx
        .cells
        .row_of(chart, value, &format!("a modified roll of {value}"))
    else {
        return Ok(None);
    };
    let key = [row.as_str(), rating.letter()];
    let Some(found) = ctx.cells.get(chart, &key) else {
        return Ok(None);
    };
    let result = found
        .as_text()
        .and_then(MoraleResult::parse)
        .ok_or_else(|| bad_cell(chart, &key, &found))?;
    ctx.res.step(Step::valued(
        cell_rule("PART 10 G", chart, &key),
        format!("Morale Check Table, {} under {}", row, rating.letter()),
        found.to_string(),
        None,
    ));
    Ok(Some(result))
}

fn bad_cell(chart: &str, key: &[&str], found: &Value) -> Refusal {
    Refusal::bad_input(
        rule("PART 10 G"),
        format!(
            "{chart}:{} holds '{found}', which is not a Morale Check result (WD, RT, PN, —)",
            key.join(":")
        ),
    )
}

#[cfg(test)]
mod domain_tests {
    use super::MoraleResult;
    use crate::charts::domain::SOTQ_MORALE_RESULT_WORDS;

    #[test]
    fn the_chart_domain_holds_exactly_the_results_the_rule_reads() {
        for word in SOTQ_MORALE_RESULT_WORDS {
            assert!(MoraleResult::parse(word).is_some(), "{word}");
        }
        assert!(MoraleResult::parse("XX").is_none());
    }
}
