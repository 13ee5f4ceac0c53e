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

/// A cell the rule names by a number on an axis whose printed keys are bands that are
/// lost (Small Arms Table 1's number of firing FF): a club's value is for the band the
/// card prints, so it serves every number in it, as `laager tables set
/// CHART:101-200:COL=VALUE` writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BandOffer {
    /// Which part of the key the band takes (0: the row, 1: the column).
    pub part: usize,
    /// The number the rule named the cell by.
    pub number: i64,
    /// The band of a hundred holding it, offered until the referee types the card's own
    /// (`201-300` for 250; the document's strength bands run 101-200, 201-300).
    pub band: String,
    /// What the band is of, in words.
    pub what: &'static str,
}

impl BandOffer {
    /// The address with `band` in the number's place: `CHART:201-300:COL`.
    pub fn address_with(&self, address: &str, band: &str) -> String {
        let mut parts: Vec<&str> = address.split(':').collect();
        if let Some(slot) = parts.get_mut(self.part + 1) {
            *slot = band.trim();
        }
        parts.join(":")
    }
}

/// The band offer of a cell at `address`, when the rule names it by a number on a banded
/// axis whose keys are lost.
pub fn band_offer(ruleset: Ruleset, address: &str) -> Option<BandOffer> {
    if ruleset != Ruleset::MicroColonial {
        return None;
    }
    let mut parts = address.split(':');
    let chart = parts.next()?;
    let key: Vec<&str> = parts.collect();
    crate::rules::micro_colonial::lost_keys::TEMPLATE_HINTS
        .iter()
        .filter(|hint| hint.chart == chart && hint.kind == crate::charts::KeyKind::Band)
        .find_map(|hint| {
            let part = usize::from(hint.axis == "columns");
            let number: i64 = key.get(part)?.parse().ok()?;
            let low = (number.max(1) - 1) / 100 * 100 + 1;
            Some(BandOffer {
                part,
                number,
                band: format!("{low}-{}", low + 99),
                what: hint.what.split(',').next().unwrap_or(hint.what),
            })
        })
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

    // SMALL ARMS FIRE: "2. Obtain the Range Factor from Table 1" by the number of firing
    // factors, printed in bands: 250 FF is offered the band 201-300, which the cell's
    // address then carries.
    #[test]
    fn a_cell_named_by_firing_ff_is_offered_its_band() {
        let address = "small_arms_range_factors:250:independent-500";
        let offer = band_offer(Ruleset::MicroColonial, address).expect("a band");
        assert_eq!(
            (offer.part, offer.number, offer.band.as_str()),
            (0, 250, "201-300")
        );
        assert_eq!(
            offer.address_with(address, "201-300"),
            "small_arms_range_factors:201-300:independent-500"
        );
        let hundred = band_offer(
            Ruleset::MicroColonial,
            "small_arms_range_factors:100:volley-300",
        );
        assert_eq!(hundred.map(|o| o.band), Some("1-100".to_owned()));
        assert!(band_offer(Ruleset::MicroColonial, "weapon_ranges:rifle").is_none());
        let charts = Charts::shipped().expect("shipped");
        check_typed_cell(
            &charts,
            Ruleset::MicroColonial,
            "small_arms_range_factors:201-300:independent-500",
            "31",
        )
        .expect("a band reads");
    }
}
