//! The troop types and what the troop table says about each, read from `troop_types`.

use super::{cell, section};
use crate::charts::{CellReader, Value};
use crate::resolution::Refusal;
use std::fmt;
use std::str::FromStr;

/// A row of the troop types table (the laager is the camp with its wagons laagered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TroopType {
    /// British Regulars.
    BritishRegulars,
    /// Cavalry (dragoons).
    Cavalry,
    /// Lancers.
    Lancers,
    /// Light Horse.
    LightHorse,
    /// Dismounted Light Horse.
    DismountedLightHorse,
    /// Natal Native Contingent.
    Nnc,
    /// Zulus (an amabutho).
    Zulus,
    /// Zulu (or native) rifles.
    ZuluRifles,
    /// Artillery.
    Artillery,
    /// Gatling gun.
    Gatling,
    /// Rockets.
    Rockets,
    /// Baggage train.
    BaggageTrain,
    /// The British camp.
    Camp,
    /// A Zulu kraal.
    Kraal,
    /// The camp with its wagons laagered.
    Laager,
}

impl TroopType {
    /// The troop type's printed name: the troop chart's `label` ("British Regulars",
    /// "NNC (Natal Native Contingent)"), else its id as words.
    pub fn printed_name(self, charts: &crate::charts::Charts) -> String {
        charts
            .chart(super::RULESET, CHART)
            .and_then(|chart| chart.cell(&[self.id(), "label"]))
            .and_then(|cell| cell.value.as_ref()?.as_text().map(str::to_owned))
            .unwrap_or_else(|| crate::rules::words::readable(self.id()))
    }

    /// Every troop type, in the table's order.
    pub const ALL: [TroopType; 15] = [
        TroopType::BritishRegulars,
        TroopType::Cavalry,
        TroopType::Lancers,
        TroopType::LightHorse,
        TroopType::DismountedLightHorse,
        TroopType::Nnc,
        TroopType::Zulus,
        TroopType::ZuluRifles,
        TroopType::Artillery,
        TroopType::Gatling,
        TroopType::Rockets,
        TroopType::BaggageTrain,
        TroopType::Camp,
        TroopType::Kraal,
        TroopType::Laager,
    ];

    /// The id used on the command line and as the chart's row key.
    pub fn id(self) -> &'static str {
        match self {
            TroopType::BritishRegulars => "british-regulars",
            TroopType::Cavalry => "cavalry",
            TroopType::Lancers => "lancers",
            TroopType::LightHorse => "light-horse",
            TroopType::DismountedLightHorse => "dismounted-light-horse",
            TroopType::Nnc => "nnc",
            TroopType::Zulus => "zulus",
            TroopType::ZuluRifles => "zulu-rifles",
            TroopType::Artillery => "artillery",
            TroopType::Gatling => "gatling",
            TroopType::Rockets => "rockets",
            TroopType::BaggageTrain => "baggage-train",
            TroopType::Camp => "camp",
            TroopType::Kraal => "kraal",
            TroopType::Laager => "laager",
        }
    }

    /// Artillery, rockets or a Gatling gun: the guns the text names together.
    pub fn is_gun(self) -> bool {
        matches!(
            self,
            TroopType::Artillery | TroopType::Rockets | TroopType::Gatling
        )
    }

    /// A base of the Zulu player: the Zulus, their rifles and their kraals ("CAMP: ( British
    /// Player ) and KRAALS (Zulu Player )"); every other type is the British player's.
    pub fn is_zulu(self) -> bool {
        matches!(
            self,
            TroopType::Zulus | TroopType::ZuluRifles | TroopType::Kraal
        )
    }
}

impl fmt::Display for TroopType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

crate::ruleset::serde_by_name!(TroopType, id);

impl FromStr for TroopType {
    type Err = String;

    fn from_str(text: &str) -> Result<TroopType, String> {
        TroopType::ALL
            .into_iter()
            .find(|t| t.id() == text)
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a troop type: expected one of {}",
                    TroopType::ALL.map(TroopType::id).join(", ")
                )
            })
    }
}

/// When a loser of a type is destroyed rather than recoiled ("Destroyed if beat by").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DestroyedWhen {
    /// Beaten by one of the listed types, in any combat.
    Always,
    /// Beaten by one of the listed types in close combat ("(Melee only)").
    MeleeOnly,
    /// Beaten by anyone while in rough ("any and in rough").
    InRough,
    /// Beaten by anyone in contact ("any in contact").
    InContact,
}

/// Whether a winner advances after close combat (Pursuit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pursuit {
    /// Must advance one base depth.
    Must,
    /// Must advance, in close combat only (Zulu rifles).
    MustCloseCombat,
    /// Never pursues.
    Never,
    /// May pursue at the player's discretion.
    May,
}

/// One troop type's row, as the charts in force give it.
#[derive(Debug, Clone)]
pub(crate) struct Troop {
    /// The row.
    pub kind: TroopType,
    /// The printed name.
    pub label: String,
    /// Combat factor.
    pub combat: i64,
    /// `None` when the table says "none".
    pub range_in: Option<f64>,
    /// `None` when the table says "none".
    pub move_in: Option<f64>,
    /// The types (or "any") whose win destroys it.
    pub destroyed_by: Vec<String>,
    /// When that win destroys it.
    pub destroyed_when: DestroyedWhen,
    /// The entry as printed.
    pub destroyed_text: String,
    /// Its duty to pursue.
    pub pursuit: Pursuit,
    /// A mounted troop type (light horse, cavalry, lancers).
    pub mounted: bool,
    /// A troop type on foot.
    pub foot: bool,
}

/// The chart of the troop types table.
pub(crate) const CHART: &str = "troop_types";

#[allow(clippy::option_option)] // unknown (None) differs from "none" in the table (Some(None))
fn optional_number(value: Option<&Value>) -> Option<Option<f64>> {
    match value? {
        Value::None => Some(None),
        v => v.as_number().map(Some),
    }
}

fn boolean(value: Option<&Value>) -> Option<bool> {
    match value? {
        Value::Bool(b) => Some(*b),
        _ => None,
    }
}

impl Troop {
    /// Reads a troop type's row. Missing cells are noted in the reader (the caller refuses);
    /// a value the rules do not know is refused here.
    pub fn read(reader: &mut CellReader<'_>, kind: TroopType) -> Result<Option<Troop>, Refusal> {
        let id = kind.id();
        let label = reader.get(CHART, &[id, "label"]);
        let combat = reader.int(CHART, &[id, "combat"]);
        let range = reader.get(CHART, &[id, "range_in"]);
        let moves = reader.get(CHART, &[id, "move_in"]);
        let by = reader.get(CHART, &[id, "destroyed_by"]);
        let when = reader.get(CHART, &[id, "destroyed_when"]);
        let text = reader.get(CHART, &[id, "destroyed_if_beaten_by"]);
        // Read ahead for the modifiers and the pursuit; warned about when one decides.
        let pursuit = reader.quiet(CHART, &[id, "pursuit"]);
        let mounted = reader.quiet(CHART, &[id, "mounted"]);
        let foot = reader.quiet(CHART, &[id, "foot"]);
        let bad = |field: &str, value: &Option<Value>, expected: &str| {
            Refusal::by_rule(
                cell(section::TROOP_TABLE, CHART, &[id, field]),
                format!(
                    "{CHART}:{id}:{field} is '{}': expected {expected}",
                    value.as_ref().map(ToString::to_string).unwrap_or_default()
                ),
            )
        };
        let destroyed_when = match when.as_ref().and_then(Value::as_text) {
            None => None,
            Some("always") => Some(DestroyedWhen::Always),
            Some("melee-only") => Some(DestroyedWhen::MeleeOnly),
            Some("in-rough") => Some(DestroyedWhen::InRough),
            Some("in-contact") => Some(DestroyedWhen::InContact),
            Some(_) => {
                return Err(bad(
                    "destroyed_when",
                    &when,
                    "always, melee-only, in-rough or in-contact",
                ));
            }
        };
        let pursuit_kind = match pursuit.as_ref().and_then(Value::as_text) {
            None => None,
            Some("must") => Some(Pursuit::Must),
            Some("must-close-combat") => Some(Pursuit::MustCloseCombat),
            Some("never") => Some(Pursuit::Never),
            Some("may") => Some(Pursuit::May),
            Some(_) => {
                return Err(bad(
                    "pursuit",
                    &pursuit,
                    "must, must-close-combat, never or may",
                ));
            }
        };
        Ok((|| {
            Some(Troop {
                kind,
                label: label.as_ref()?.as_text()?.to_owned(),
                combat: combat?,
                range_in: optional_number(range.as_ref())?,
                move_in: optional_number(moves.as_ref())?,
                destroyed_by: by.as_ref()?.as_list()?.to_vec(),
                destroyed_when: destroyed_when?,
                destroyed_text: text.as_ref()?.as_text()?.to_owned(),
                pursuit: pursuit_kind?,
                mounted: boolean(mounted.as_ref())?,
                foot: boolean(foot.as_ref())?,
            })
        })())
    }

    /// Whether this type is listed in another's "Destroyed if beat by".
    pub fn listed_in(&self, loser: &Troop) -> bool {
        loser
            .destroyed_by
            .iter()
            .any(|t| t == "any" || t == self.kind.id())
    }
}

#[cfg(test)]
mod tests {
    use super::TroopType;
    use crate::charts::domain::DBA_TROOP_TYPE_WORDS;

    #[test]
    fn the_chart_domain_knows_every_troop_type_and_any() {
        let mut ids: Vec<&str> = TroopType::ALL.iter().map(|t| t.id()).collect();
        ids.push("any");
        assert_eq!(ids, DBA_TROOP_TYPE_WORDS);
    }
}
