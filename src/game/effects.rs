//! What a resolved outcome does to the units it names: the record edits the referee
//! applies with "apply". Each function reads only the outcome keys of its procedure.

use super::event::{Cause, UnitEdit, UnitId};
use serde_json::{Map, Value};

/// The effects of a DBA combat (`outcome.loser`, `outcome.result`) on its two bases.
///
/// "Destroyed: Remove base from play" — the loser loses its one base and leaves the game;
/// "Recoil", "Flee" and "stays" (an attacker on the flank who lost) are statuses; a tie
/// with no result changes nothing.
pub fn dba_combat(
    outcome: &Map<String, Value>,
    a: Option<&UnitId>,
    b: Option<&UnitId>,
) -> Vec<UnitEdit> {
    let loser = match outcome.get("loser").and_then(Value::as_str) {
        Some("a") => a,
        Some("b") => b,
        _ => None,
    };
    let Some(unit_id) = loser.cloned() else {
        return Vec::new();
    };
    match outcome.get("result").and_then(Value::as_str) {
        Some("destroyed") => vec![
            UnitEdit::StrengthChanged {
                unit_id: unit_id.clone(),
                amount: 1,
                cause: Cause::Other,
            },
            UnitEdit::Removed { unit_id },
        ],
        Some(status @ ("recoil" | "flee" | "stays")) => vec![UnitEdit::StatusSet {
            unit_id,
            status: Some(
                match status {
                    "recoil" => "recoiled",
                    "flee" => "fled",
                    _ => "stays in contact",
                }
                .to_owned(),
            ),
        }],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[allow(clippy::needless_pass_by_value)]
    fn outcome(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn destroyed_loser_loses_its_base_and_leaves() {
        let a = UnitId("zulu 1".to_owned());
        let b = UnitId("24th 1".to_owned());
        let edits = dba_combat(
            &outcome(json!({"loser": "b", "result": "destroyed"})),
            Some(&a),
            Some(&b),
        );
        assert_eq!(
            edits,
            vec![
                UnitEdit::StrengthChanged {
                    unit_id: b.clone(),
                    amount: 1,
                    cause: Cause::Other
                },
                UnitEdit::Removed { unit_id: b },
            ]
        );
    }

    #[test]
    fn recoil_is_a_status_and_no_result_changes_nothing() {
        let a = UnitId("a".to_owned());
        let edits = dba_combat(
            &outcome(json!({"loser": "a", "result": "recoil"})),
            Some(&a),
            None,
        );
        assert_eq!(
            edits,
            vec![UnitEdit::StatusSet {
                unit_id: a.clone(),
                status: Some("recoiled".to_owned())
            }]
        );
        assert!(
            dba_combat(
                &outcome(json!({"loser": null, "result": "no_result"})),
                Some(&a),
                None
            )
            .is_empty()
        );
    }
}
