//! The solitaire Zulu: the Zulu Entry Chart and the movement chart with its die roll
//! modifiers ("Solitaire Play").

use super::{RULESET, Reader, cell_rule, resolution, rule, throw};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, condition};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

const SOLITAIRE: &str = "Solitaire Play";
const ENTRY: &str = "Solitaire Play: Zulu Entry Chart";

/// A guard against a split whose re-rolls never stop showing 6.
const MAX_REROLLS: u32 = 100;

fn entry_value(reader: &mut Reader<'_>, face: u8) -> Result<String, Refusal> {
    let value = reader
        .cells
        .get("solitaire_entry", &[&face.to_string()])
        .and_then(|v| v.as_text().map(str::to_owned));
    value.ok_or_else(|| reader.refusal(rule(ENTRY)))
}

/// A roll of the Zulu Entry Chart: it needs nothing but the die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct SolitaireEntryInput {}

/// Where the solitaire Zulu force enters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolitaireEntryOutcome {
    /// The entry zone: one, or one per part after a 6.
    pub zones: Vec<String>,
    /// A 6 split the force in two.
    pub split: bool,
}

/// Rolls the Zulu Entry Chart: `outcome.zones` (one zone, or one per part after a 6) and
/// `outcome.split`.
fn solitaire_entry(
    charts: &Charts,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<SolitaireEntryOutcome>, Refusal> {
    let mut reader = Reader::new(charts);
    let mut r = resolution(charts, SolitaireEntry::NAME);
    let (roll, faces) = throw(dice, 1, ENTRY)?;
    r.rolls.push(roll);
    let first = entry_value(&mut reader, faces[0])?;
    let mut zones = Vec::new();
    let split = first == "split";
    if split {
        r.step(Step::valued(
            cell_rule(ENTRY, "solitaire_entry", &["6"]),
            "6: \"Split the force into two parts, player's choice on size. Roll the die again for each part\"",
            6,
            None,
        ));
        for part in 1..=2 {
            let mut tries = 0;
            loop {
                tries += 1;
                if tries > MAX_REROLLS {
                    return Err(Refusal::by_rule(
                        rule(ENTRY),
                        format!("part {part}: {MAX_REROLLS} sixes in a row"),
                    ));
                }
                let (roll, faces) = throw(dice, 1, ENTRY)?;
                r.rolls.push(roll);
                let zone = entry_value(&mut reader, faces[0])?;
                if zone == "split" {
                    r.step(Step::valued(
                        rule(ENTRY),
                        format!("part {part}: a 6, \"Rolls of 6 must be re-rolled\""),
                        6,
                        None,
                    ));
                    continue;
                }
                r.step(Step::valued(
                    cell_rule(ENTRY, "solitaire_entry", &[&faces[0].to_string()]),
                    format!("part {part} enters from zone {zone}"),
                    i64::from(faces[0]),
                    None,
                ));
                zones.push(zone);
                break;
            }
        }
    } else {
        r.step(Step::valued(
            cell_rule(ENTRY, "solitaire_entry", &[&faces[0].to_string()]),
            format!("\"Entire force enters the game from zone {first}\""),
            i64::from(faces[0]),
            None,
        ));
        zones.push(first);
    }
    r.step(Step::note(
        rule(SOLITAIRE),
        "\"For Zulu replacements, hold off board until 30 or more SP are accumulated\"",
    ));
    reader.warn_into(&mut r);
    Ok(r.with_outcome(SolitaireEntryOutcome { zones, split }))
}

/// The solitaire Zulu Entry Chart: `zones`, `split`.
pub struct SolitaireEntry;

impl Procedure for SolitaireEntry {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "solitaire-entry";
    const THROWS: bool = true;
    type Input = SolitaireEntryInput;
    type Outcome = SolitaireEntryOutcome;

    fn resolve(
        charts: &Charts,
        _input: &SolitaireEntryInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<SolitaireEntryOutcome>, Refusal> {
        solitaire_entry(charts, dice)
    }
}

/// One solitaire Zulu force's movement roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct SolitaireMove {
    /// The force starts its movement adjacent to a British-occupied zone.
    pub adjacent_to_british: bool,
    /// A Zulu-occupied zone is to the force's right (-1).
    pub zulu_on_right: bool,
    /// A Zulu-occupied zone is to the force's left (+1).
    pub zulu_on_left: bool,
}

/// Which way a solitaire Zulu force moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// It stays for melee (it started adjacent to a British-occupied zone).
    Stay,
    /// One zone to the left.
    Left,
    /// Straight ahead, the maximum move towards the closest British force.
    Ahead,
    /// One zone to the right.
    Right,
}

impl Direction {
    /// The chart's word for a direction (`left`, `ahead`, `right`); `None` for any other.
    fn from_chart(text: &str) -> Option<Direction> {
        match text {
            "left" => Some(Direction::Left),
            "ahead" => Some(Direction::Ahead),
            "right" => Some(Direction::Right),
            _ => None,
        }
    }
}

/// Where a solitaire Zulu force moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolitaireMovementOutcome {
    /// Its direction.
    pub direction: Direction,
    /// The modified roll read on the chart; absent when the force stays.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub roll: Option<i64>,
}

/// Rolls the solitaire movement chart: `outcome.direction` (`stay`, `left`, `ahead`,
/// `right`) and `outcome.roll` (the modified roll, absent when the force stays).
fn solitaire_movement(
    charts: &Charts,
    s: &SolitaireMove,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<SolitaireMovementOutcome>, Refusal> {
    let mut reader = Reader::new(charts);
    let mut r = resolution(charts, SolitaireMovement::NAME);
    if s.adjacent_to_british {
        r.step(Step::note(
            rule(SOLITAIRE),
            "\"If a Zulu force starts their movement adjacent to a British occupied zone, then that Zulu force doesn't move but stays for melee\"; it melees the weakest adjacent British zone",
        ));
        return Ok(r.with_outcome(SolitaireMovementOutcome {
            direction: Direction::Stay,
            roll: None,
        }));
    }
    let modifier = movement_modifier(&mut reader, s, &mut r)?;
    let modified = roll_on_chart(&mut reader, &mut r, dice, modifier)?;
    let key = modified.to_string();
    let Some(direction) = reader
        .cells
        .get("solitaire_movement", &[&key])
        .and_then(|v| v.as_text().map(str::to_owned))
    else {
        return Err(reader.refusal(rule(SOLITAIRE)));
    };
    let Some(direction) = Direction::from_chart(&direction) else {
        return Err(Refusal::by_rule(
            cell_rule(SOLITAIRE, "solitaire_movement", &[&key]),
            format!("solitaire_movement:{key} is '{direction}': expected left, ahead or right"),
        ));
    };
    let text = match direction {
        Direction::Left => {
            "\"Move the entire Zulu force 1 zone to the left (only 1 move even with leaders)\""
        }
        Direction::Right => {
            "\"Move the entire Zulu force 1 zone to the right (only move 1 zone even with leaders)\""
        }
        Direction::Ahead | Direction::Stay => {
            "\"Move the entire Zulu force straight ahead the maximum move straight towards the closest British force\""
        }
    };
    r.step(Step::valued(
        cell_rule(SOLITAIRE, "solitaire_movement", &[&key]),
        text,
        modified,
        None,
    ));
    r.step(Step::note(
        rule(SOLITAIRE),
        "\"For Rorke's Drift, the focal point for determining straight ahead (and right and left) movement is the Compound; for Isandlwana it is Zone 15.\"",
    ));
    reader.warn_into(&mut r);
    Ok(r.with_outcome(SolitaireMovementOutcome {
        direction,
        roll: Some(modified),
    }))
}

/// Solitaire Play's die roll modifiers: -1 for a Zulu occupied zone to the right of the
/// force, +1 for one to its left.
fn movement_modifier(
    reader: &mut Reader<'_>,
    s: &SolitaireMove,
    r: &mut Resolution<()>,
) -> Result<i64, Refusal> {
    let mut modifier = 0;
    for (on, key) in [
        (s.zulu_on_right, "zulu-on-right"),
        (s.zulu_on_left, "zulu-on-left"),
    ] {
        if on {
            let m = reader.need_int("solitaire_movement_modifiers", &[key], &rule(SOLITAIRE))?;
            modifier += m;
            r.step(Step::valued(
                cell_rule("Solitaire Play: Die Roll Modifiers", "solitaire_movement_modifiers", &[key]),
                if key == "zulu-on-right" {
                    "\"-1 to the die roll if there is a Zulu occupied zone to the right of the force moving\""
                } else {
                    "\"+1 to the die roll if there is a Zulu occupied zone to the left of the force moving\""
                },
                m,
                Some(modifier.into()),
            ));
        }
    }
    Ok(modifier)
}

/// Throws the movement die until the modified roll is on the chart (1 to 6), an off-chart
/// roll read by the club's setting: clamped, or rolled again.
fn roll_on_chart(
    reader: &mut Reader<'_>,
    r: &mut Resolution<()>,
    dice: &mut dyn DiceSource,
    modifier: i64,
) -> Result<i64, Refusal> {
    let mut tries = 0;
    let modified = loop {
        tries += 1;
        let (roll, faces) = throw(dice, 1, SOLITAIRE)?;
        r.rolls.push(roll);
        let modified = i64::from(faces[0]) + modifier;
        if (1..=6).contains(&modified) {
            break modified;
        }
        // The text gives no row for a modified 0 or 7: the club's reading decides.
        let Some(reading) = reader.setting("solitaire_off_chart") else {
            return Err(Refusal {
                reason: format!(
                    "a modified roll of {modified} is not on the movement chart and the rulebook does not say how to read it: {}",
                    reader.refusal(rule(SOLITAIRE)).reason
                ),
                ..reader.refusal(rule(SOLITAIRE))
            });
        };
        if reading == "clamp" {
            let clamped = modified.clamp(1, 6);
            r.step(Step::valued(
                cell_rule(SOLITAIRE, "settings", &["solitaire_off_chart"]),
                format!("modified roll {modified} read as {clamped} (club setting: clamp)"),
                clamped,
                None,
            ));
            break clamped;
        }
        r.step(Step::valued(
            cell_rule(SOLITAIRE, "settings", &["solitaire_off_chart"]),
            format!(
                "modified roll {modified} is off the chart: rolled again (club setting: reroll)"
            ),
            modified,
            None,
        ));
        if tries > MAX_REROLLS {
            return Err(Refusal::by_rule(
                rule(SOLITAIRE),
                "no roll on the chart after 100 throws",
            ));
        }
    };
    Ok(modified)
}

/// The solitaire Zulu movement chart: `direction`, `roll`.
pub struct SolitaireMovement;

/// The movement roll's fields, as `laager vc solitaire-movement` and the desk's form ask
/// for them: where the Zulu force stands.
const MOVEMENT_FIELDS: &[FieldSpec] = &[
    condition(
        crate::field!(SolitaireMove: adjacent_to_british),
        "adjacent-to-british",
        "starts adjacent to a British-occupied zone",
        "The force starts its movement adjacent to a British-occupied zone: \"that Zulu force doesn't move but stays for melee\", and no die is thrown",
    ),
    condition(
        crate::field!(SolitaireMove: zulu_on_right),
        "zulu-on-right",
        "a Zulu-occupied zone to its right (-1)",
        "A Zulu-occupied zone is to the force's right: -1 to the roll",
    ),
    condition(
        crate::field!(SolitaireMove: zulu_on_left),
        "zulu-on-left",
        "a Zulu-occupied zone to its left (+1)",
        "A Zulu-occupied zone is to the force's left: +1 to the roll",
    ),
];

impl Procedure for SolitaireMovement {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "solitaire-movement";
    const THROWS: bool = true;
    const FIELDS: &'static [FieldSpec] = MOVEMENT_FIELDS;
    type Input = SolitaireMove;
    type Outcome = SolitaireMovementOutcome;

    /// A force adjacent to a British-occupied zone stays for melee: no die is thrown.
    fn throws(input: &SolitaireMove) -> bool {
        !input.adjacent_to_british
    }

    fn resolve(
        charts: &Charts,
        input: &SolitaireMove,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<SolitaireMovementOutcome>, Refusal> {
        solitaire_movement(charts, input, dice)
    }
}

#[cfg(test)]
mod domain_tests {
    use super::Direction;
    use crate::charts::domain::VC_DIRECTION_WORDS;

    #[test]
    fn the_chart_domain_holds_exactly_the_directions_the_rule_reads() {
        for word in VC_DIRECTION_WORDS {
            assert!(Direction::from_chart(word).is_some(), "{word}");
        }
        assert!(Direction::from_chart("stay").is_none());
    }
}
