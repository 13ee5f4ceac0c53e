//! A chart cell as a referee types it: how its value is written, shown by example (`+3/-2`
//! for a melee table's split cell, `12` for a whole number), and whether a value typed
//! reads as the rule will read it — checked when it is typed, so a wrong entry is said at
//! its field and never reaches a resolution. Both front ends ask here.

use crate::charts::{CellAddress, Charts, ValueType};
use crate::ruleset::Ruleset;

/// How one chart's cells are written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellFormat {
    /// A value written as the rule reads it: `+3/-2`, `12`, `1.5`, `GOOD`.
    pub example: &'static str,
    /// What such a value is, in words: "the attacker's and the defender's factors,
    /// ATTACKER/DEFENDER".
    pub what: &'static str,
}

/// The type of the cell at `key` of a chart, or of the chart's cells where the key is one
/// the chart does not print (a lost key, named by what the rule knows).
fn value_type(chart: &crate::charts::Chart, key: &[&str]) -> Option<ValueType> {
    if let Some((value_type, _)) = chart.value_type_at(key) {
        return Some(value_type);
    }
    match &chart.body {
        crate::charts::Body::OneD { value_type, .. } => Some(*value_type),
        crate::charts::Body::TwoD { column_types, .. } => {
            let first = *column_types.first()?;
            column_types.iter().all(|t| *t == first).then_some(first)
        }
    }
}

/// How the cell at `address` (`CHART:KEY` or `CHART:ROW:COL`) is written.
pub fn cell_format(charts: &Charts, ruleset: Ruleset, address: &str) -> CellFormat {
    let mut parts = address.split(':');
    let chart = parts.next().unwrap_or_default();
    let key: Vec<&str> = parts.collect();
    if ruleset == Ruleset::MicroColonial
        && crate::rules::micro_colonial::melee::SPLIT_CHARTS.contains(&chart)
    {
        return CellFormat {
            example: "+3/-2",
            what: "the attacker's and the defender's factors, ATTACKER/DEFENDER",
        };
    }
    match charts
        .chart(ruleset, chart)
        .and_then(|c| value_type(c, &key))
    {
        Some(ValueType::Int) => CellFormat {
            example: "12",
            what: "a whole number, with its sign where it is minus",
        },
        Some(ValueType::Number) => CellFormat {
            example: "1.5",
            what: "a number",
        },
        Some(ValueType::Bool) => CellFormat {
            example: "true",
            what: "true or false",
        },
        Some(ValueType::List) => CellFormat {
            example: "[\"zulus\"]",
            what: "a list of words",
        },
        Some(ValueType::Text) | None => CellFormat {
            example: "GOOD",
            what: "the word the chart prints",
        },
    }
}

/// Checks a value typed for the cell at `address` (`CHART:KEY`, of `ruleset`): it must be
/// of the chart's type and read as the rule reads it. The error says why, with the format
/// by example.
pub fn check_typed_cell(
    charts: &Charts,
    ruleset: Ruleset,
    address: &str,
    value: &str,
) -> Result<(), String> {
    let value = value.trim();
    let mut parsed = CellAddress::parse(address)?;
    parsed.ruleset = Some(ruleset);
    let format = cell_format(charts, ruleset, address);
    let wrong = |why: String| {
        format!(
            "'{value}' {why}: write {} as {}",
            format.what, format.example
        )
    };
    if value.is_empty() {
        return Err(format!("give {} (as {})", format.what, format.example));
    }
    charts
        .check_cell(&parsed, value)
        .map_err(|e| wrong(format!("does not read ({e})")))?;
    if ruleset == Ruleset::MicroColonial
        && crate::rules::micro_colonial::melee::SPLIT_CHARTS.contains(&parsed.chart.as_str())
        && crate::rules::micro_colonial::melee::split(value).is_none()
    {
        return Err(wrong("is not two factors".to_owned()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MELEE: &str = "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry";

    #[test]
    fn a_melee_cell_is_shown_by_example_and_a_lone_factor_is_refused_saying_why() {
        let charts = Charts::shipped().expect("shipped");
        let format = cell_format(&charts, Ruleset::MicroColonial, MELEE);
        assert_eq!(format.example, "+3/-2");
        check_typed_cell(&charts, Ruleset::MicroColonial, MELEE, "+3/-2").expect("reads");
        let said =
            check_typed_cell(&charts, Ruleset::MicroColonial, MELEE, "3").expect_err("one factor");
        assert!(said.starts_with("'3' is not two factors"), "{said}");
        assert!(said.contains("+3/-2"), "{said}");
        let int = check_typed_cell(&charts, Ruleset::DbaZulu, "troop_types:zulus:combat", "x")
            .expect_err("not a number");
        assert!(int.contains("'x' does not read"), "{int}");
        check_typed_cell(&charts, Ruleset::DbaZulu, "troop_types:zulus:combat", "3")
            .expect("reads");
    }
}
