//! The domain of each chart's numbers: what a value may be, checked wherever a value enters
//! (a shipped or club chart file as it loads, a `house.toml` cell, `laager tables set`,
//! `--cell`). The bounds live here, keyed by ruleset, chart and column, so a club's own
//! chart file cannot widen them; `tables/README.md` lists them.

use super::model::Value;
use crate::ruleset::Ruleset;

/// The whole numbers a chart column may hold, from `min` to `max`; a number (a distance)
/// must also be finite. Text may be limited to the words a rule reads (`words`); true/false
/// and lists have no bounds beyond their type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Domain {
    /// The least value.
    pub min: i64,
    /// The greatest value.
    pub max: i64,
    /// What the values are, in words ("a roll of one die").
    pub what: &'static str,
    /// The words a text value (or each item of a list) may be, when the rule reading it
    /// knows only these; empty for any text.
    pub words: &'static [&'static str],
    /// Whether a word may be written in any case (the Morale Result Table's printed
    /// capitals); otherwise it is written exactly as listed.
    pub any_case: bool,
}

/// The results of Micro Colonial's Morale Result Table, as the morale rule reads them
/// ("GOOD", "FALL BACK", "GO TO GROUND", "BREAK": MORALE RESULTS).
pub const MORALE_RESULT_WORDS: &[&str] = &["GOOD", "FALL BACK", "GO TO GROUND", "BREAK"];

/// A Morale Result Table cell: one of the results the table prints.
const MORALE_RESULT: Domain = Domain {
    min: 0,
    max: 0,
    what: "a result of the Morale Result Table",
    words: MORALE_RESULT_WORDS,
    any_case: true,
};

/// The DBA troop types, as the rules read `troop_types`' rows (the rules' `TroopType` ids:
/// a test holds the two lists equal), and `any`, which `destroyed_by` may list.
pub const DBA_TROOP_TYPE_WORDS: &[&str] = &[
    "british-regulars",
    "cavalry",
    "lancers",
    "light-horse",
    "dismounted-light-horse",
    "nnc",
    "zulus",
    "zulu-rifles",
    "artillery",
    "gatling",
    "rockets",
    "baggage-train",
    "camp",
    "kraal",
    "laager",
    "any",
];

/// A DBA troop type's "Destroyed if beat by": the types (or `any`) whose win destroys it.
const DBA_DESTROYED_BY: Domain = Domain {
    min: 0,
    max: 0,
    what: "a list of troop types (or any)",
    words: DBA_TROOP_TYPE_WORDS,
    any_case: false,
};

/// When a DBA loser is destroyed rather than recoiled, as the combat rules read it.
const DBA_DESTROYED_WHEN: Domain = Domain {
    min: 0,
    max: 0,
    what: "a time a loser is destroyed",
    words: &["always", "melee-only", "in-rough", "in-contact"],
    any_case: false,
};

/// A DBA winner's duty to pursue (Pursuit), as the combat rules read it.
const DBA_PURSUIT: Domain = Domain {
    min: 0,
    max: 0,
    what: "a pursuit",
    words: &["must", "must-close-combat", "never", "may"],
    any_case: false,
};

/// A Soldiers of the Queen Morale Check Table result (PART 10 G, under M: "WD", "RT", "PN",
/// or no effect, "—"), as the morale rule reads it (a test holds the two equal).
pub const SOTQ_MORALE_RESULT_WORDS: &[&str] = &["WD", "RT", "PN", "—", "-", "–"];

/// A Morale Check Table cell.
const SOTQ_MORALE_RESULT: Domain = Domain {
    min: 0,
    max: 0,
    what: "a result of the Morale Check Table",
    words: SOTQ_MORALE_RESULT_WORDS,
    any_case: false,
};

/// The directions of Victoria Cross's solitaire Zulu movement chart, as the solitaire rule
/// reads them (a test holds the two equal).
pub const VC_DIRECTION_WORDS: &[&str] = &["left", "ahead", "right"];

/// A solitaire movement chart cell.
const VC_DIRECTION: Domain = Domain {
    min: 0,
    max: 0,
    what: "a direction of the solitaire movement chart",
    words: VC_DIRECTION_WORDS,
    any_case: false,
};

/// The face of one six-sided die: "a 6" is the most a die shows, "a 1" the least.
const DIE: Domain = Domain {
    min: 1,
    max: 6,
    what: "a face of one die",
    words: &[],
    any_case: false,
};
/// A change to a die roll, which cannot move it further than a die's six faces.
const DIE_MODIFIER: Domain = Domain {
    min: -6,
    max: 6,
    what: "a die modifier",
    words: &[],
    any_case: false,
};
/// A distance on the table in inches (DBA): from nothing to well past any table's width.
const INCHES: Domain = Domain {
    min: 0,
    max: 120,
    what: "a distance in inches",
    words: &[],
    any_case: false,
};
/// A distance on the table in millimetres (Micro Colonial): up to 10 m.
const MILLIMETRES: Domain = Domain {
    min: 0,
    max: 10_000,
    what: "a distance in millimetres",
    words: &[],
    any_case: false,
};
/// A DBA combat factor: the printed ones run 2 to 5; a die and every modifier added stay
/// far from the bound.
const DBA_COMBAT: Domain = Domain {
    min: 0,
    max: 20,
    what: "a combat factor",
    words: &[],
    any_case: false,
};
/// A DBA tactical factor (+1, -2): a few points either way.
const DBA_MODIFIER: Domain = Domain {
    min: -10,
    max: 10,
    what: "a tactical factor",
    words: &[],
    any_case: false,
};
/// A Micro Colonial factor or percentage (tactical factors of -70 to +15, range factors of
/// 10 to 98).
const MC_FACTOR: Domain = Domain {
    min: -1000,
    max: 1000,
    what: "a factor",
    words: &[],
    any_case: false,
};
/// A Soldiers of the Queen column shift: a few columns of a results table either way.
const COLUMN_SHIFT: Domain = Domain {
    min: -10,
    max: 10,
    what: "a column shift",
    words: &[],
    any_case: false,
};
/// A count of things (figures, counters, points, turns, pips, boxes).
const COUNT: Domain = Domain {
    min: 0,
    max: 10_000,
    what: "a count",
    words: &[],
    any_case: false,
};
/// A count or threshold that may be negative (Rorke's Drift adjustments such as -5).
const SIGNED_COUNT: Domain = Domain {
    min: -10_000,
    max: 10_000,
    what: "a number of the rules",
    words: &[],
    any_case: false,
};
/// A figure-scale numerator or denominator: at least one.
const SCALE: Domain = Domain {
    min: 1,
    max: 10_000,
    what: "a scale factor",
    words: &[],
    any_case: false,
};
/// An angle in degrees: a full turn at most.
const DEGREES: Domain = Domain {
    min: 0,
    max: 360,
    what: "an angle in degrees",
    words: &[],
    any_case: false,
};
/// The bound of any number no chart entry below names: a number far beyond any the rules
/// use, so no sum of chart values can overflow.
pub const GENERAL: Domain = Domain {
    min: -1_000_000,
    max: 1_000_000,
    what: "a chart number",
    words: &[],
    any_case: false,
};

/// The domain of a chart's values: `column` is the field of a records chart, `None` for
/// the single value type of a list, banded or grid chart.
#[allow(clippy::match_same_arms)] // one arm per ruleset and chart, as tables/README.md lists them
pub fn domain(ruleset: Ruleset, chart: &str, column: Option<&str>) -> Domain {
    match (ruleset, chart, column.unwrap_or("")) {
        (Ruleset::DbaZulu, "troop_types", "combat") => DBA_COMBAT,
        (Ruleset::DbaZulu, "troop_types", "destroyed_by") => DBA_DESTROYED_BY,
        (Ruleset::DbaZulu, "troop_types", "destroyed_when") => DBA_DESTROYED_WHEN,
        (Ruleset::DbaZulu, "troop_types", "pursuit") => DBA_PURSUIT,
        (Ruleset::DbaZulu, "troop_types", "range_in" | "move_in" | "horns_move_in") => INCHES,
        (Ruleset::DbaZulu, "troop_types", "base_depth_mm") => MILLIMETRES,
        (Ruleset::DbaZulu, "troop_types", "figures") => COUNT,
        (Ruleset::DbaZulu, "modifiers", _) => DBA_MODIFIER,
        (Ruleset::DbaZulu, "figure_scales", _) => SCALE,
        (Ruleset::DbaZulu, "command_costs" | "victory_conditions", _) => COUNT,
        (
            Ruleset::MicroColonial,
            "small_arms_range_factors"
            | "small_arms_target_factors"
            | "artillery_cannister"
            | "artillery_tactical_factors"
            | "melee_additional_factors"
            | "morale_charge"
            | "morale_random_factor"
            | "morale_tactical_factors",
            _,
        ) => MC_FACTOR,
        (
            Ruleset::MicroColonial,
            "movement_troops" | "movement_artillery" | "weapon_ranges" | "artillery_ranges"
            | "counter_sizes",
            _,
        ) => MILLIMETRES,
        (Ruleset::MicroColonial, "army_lists", _) => COUNT,
        (Ruleset::MicroColonial, "morale_results", _) => MORALE_RESULT,
        (Ruleset::MicroColonial, "firing_arc", _) => DEGREES,
        (Ruleset::MicroColonial, "rules_thresholds", _) => COUNT,
        (Ruleset::MicroColonial, "rorkes_drift", _) => SIGNED_COUNT,
        (Ruleset::VictoriaCross, "hit_numbers" | "melee_hit_numbers", _) => DIE,
        (Ruleset::VictoriaCross, "solitaire_movement_modifiers", _) => DIE_MODIFIER,
        (
            Ruleset::VictoriaCross,
            "hospital_fire" | "victory_points" | "limits" | "zulu_random_fire" | "forces"
            | "turn_record" | "zones_isandlwana" | "zones_rorkes_drift",
            _,
        ) => COUNT,
        (Ruleset::SoldiersOfTheQueen, "fire_shifts" | "melee_shifts", _) => COLUMN_SHIFT,
        (
            Ruleset::SoldiersOfTheQueen,
            "morale_check_british_isandhlwana"
            | "morale_check_british_omdurman"
            | "morale_check_zulu"
            | "morale_check_dervish",
            _,
        ) => SOTQ_MORALE_RESULT,
        (Ruleset::VictoriaCross, "solitaire_movement", _) => VC_DIRECTION,
        (
            Ruleset::SoldiersOfTheQueen,
            "movement_allowances"
            | "stacking_limits"
            | "omdurman_victory_points"
            | "terrain_effects_isandhlwana"
            | "terrain_effects_omdurman",
            _,
        ) => COUNT,
        (Ruleset::SoldiersOfTheQueen, "map_isandhlwana" | "map_omdurman", "elevation") => COUNT,
        _ => GENERAL,
    }
}

impl Domain {
    /// Checks a value against the domain: the reason it is outside, naming the value.
    pub fn check(&self, value: &Value) -> Result<(), String> {
        let Domain {
            min,
            max,
            what,
            words,
            any_case,
        } = *self;
        let known = |text: &str| {
            words.is_empty()
                || words.iter().any(|w| {
                    if any_case {
                        w.eq_ignore_ascii_case(text.trim())
                    } else {
                        *w == text
                    }
                })
        };
        let unknown = |text: &str| {
            Err(format!(
                "'{text}' is not {what}: expected one of {}",
                words.join(", ")
            ))
        };
        match value {
            Value::Text(text) if !known(text) => unknown(text),
            Value::Int(n) if !(min..=max).contains(n) => Err(format!(
                "{n} is outside the values of {what}: expected a whole number from {min} to {max}"
            )),
            Value::Number(x) if !x.is_finite() => Err(format!(
                "{x} is not a finite number: expected {what}, from {min} to {max}"
            )),
            Value::Number(x) if *x < min as f64 || *x > max as f64 => Err(format!(
                "{x} is outside the values of {what}: expected a number from {min} to {max}"
            )),
            Value::List(items) => items.iter().try_for_each(|item| {
                list_item(item)?;
                if known(item) { Ok(()) } else { unknown(item) }
            }),
            _ => Ok(()),
        }
    }
}

/// A list's item is one word or phrase: not empty, and not itself a list written as text
/// (`'["any"]'`).
fn list_item(item: &str) -> Result<(), String> {
    if item.trim().is_empty() {
        return Err("a list holds an empty item: expected words separated by commas".to_owned());
    }
    if item.contains(['[', ']', '"', '\'', ',']) {
        return Err(format!(
            "'{item}' is not one item of a list: write a list as [\"a\", \"b\"] in TOML, a,b on the command line"
        ));
    }
    Ok(())
}
