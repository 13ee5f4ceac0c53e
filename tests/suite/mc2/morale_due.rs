//! MORALE (L163): the causes of a test, FANATICS & EUROPEAN REGULARS against OTHER TROOPS,
//! and BEING CHARGED (L131).

use super::resolved;
use serde_json::{Value, json};

fn due(args: &[&str]) -> Value {
    let mut all = vec!["morale-due"];
    all.extend_from_slice(args);
    resolved(&all)["outcome"]["due"].clone()
}

// "1. When a Fanatic unit loses more than 100 fighting factors in any one move."
#[test]
fn a_fanatic_unit_losing_101_tests_and_100_does_not() {
    assert_eq!(
        due(&["--class", "fanatic", "--lost-this-move", "101"]),
        json!(["losses"])
    );
    assert_eq!(
        due(&["--class", "fanatic", "--lost-this-move", "100"]),
        json!([])
    );
}

// "2. When a European regular unit loses more than 50 fighting factors in any one move, but
// not in a move in which it wins a melee."
#[test]
fn european_regulars_ignore_losses_in_a_move_they_win_a_melee() {
    let args = ["--class", "european-regular", "--lost-this-move", "60"];
    assert_eq!(due(&args), json!(["losses"]));
    let mut won = args.to_vec();
    won.push("--won-melee");
    assert_eq!(due(&won), json!([]));
}

// OTHER TROOPS "1. When a unit loses more than 50 fighting factors in any one move."
#[test]
fn other_troops_losing_51_test() {
    assert_eq!(
        due(&["--class", "other", "--lost-this-move", "51"]),
        json!(["losses"])
    );
    assert_eq!(
        due(&["--class", "other", "--lost-this-move", "50"]),
        json!([])
    );
}

// "4. Loser of more fighting factors in a melee and the difference is more than 20" against
// OTHER TROOPS "2. ... more than 10".
#[test]
fn the_melee_loser_tests_past_20_or_past_10() {
    let elite = [
        "--class",
        "european-regular",
        "--lost-this-move",
        "0",
        "--melee-lost-by",
    ];
    assert_eq!(due(&[&elite[..], &["21"]].concat()), json!(["melee-loss"]));
    assert_eq!(due(&[&elite[..], &["20"]].concat()), json!([]));
    let other = [
        "--class",
        "other",
        "--lost-this-move",
        "0",
        "--melee-lost-by",
    ];
    assert_eq!(due(&[&other[..], &["11"]].concat()), json!(["melee-loss"]));
    assert_eq!(due(&[&other[..], &["10"]].concat()), json!([]));
}

// "A unit that is being charged, other than Native Fanatics and European regulars, must take
// a morale test."
#[test]
fn being_charged_is_a_cause_for_others_only() {
    for class in ["fanatic", "european-regular"] {
        assert_eq!(
            due(&["--class", class, "--lost-this-move", "0", "--being-charged"]),
            json!([]),
            "{class}"
        );
    }
    assert_eq!(
        due(&[
            "--class",
            "other",
            "--lost-this-move",
            "0",
            "--being-charged"
        ]),
        json!(["being-charged"])
    );
}

// "3. When a flanking unit within 50 mm breaks. The test will be taken only if the breaking
// unit is of equal quality."
#[test]
fn fanatics_test_for_a_breaking_flank_within_50_mm_of_equal_quality() {
    let base = [
        "--class",
        "fanatic",
        "--lost-this-move",
        "0",
        "--flank-broke-within-mm",
    ];
    assert_eq!(due(&[&base[..], &["50"]].concat()), json!(["flank-broke"]));
    assert_eq!(due(&[&base[..], &["51"]].concat()), json!([]));
    assert_eq!(
        due(&[&base[..], &["40", "--flank-quality", "unequal"]].concat()),
        json!([])
    );
}

// OTHER TROOPS "4. When a flanking unit within 100 mm falls back or breaks."
#[test]
fn others_test_for_a_flank_falling_back_within_100_mm() {
    let base = ["--class", "other", "--lost-this-move", "0"];
    assert_eq!(
        due(&[&base[..], &["--flank-fell-back-within-mm", "100"]].concat()),
        json!(["flank-fell-back"])
    );
    assert_eq!(
        due(&[&base[..], &["--flank-fell-back-within-mm", "101"]].concat()),
        json!([])
    );
    assert_eq!(
        due(&[&base[..], &["--flank-broke-within-mm", "90"]].concat()),
        json!(["flank-broke"])
    );
}

// A flank falling back is no cause for European regulars.
#[test]
fn a_flank_falling_back_is_no_cause_for_european_regulars() {
    assert_eq!(
        due(&[
            "--class",
            "european-regular",
            "--lost-this-move",
            "0",
            "--flank-fell-back-within-mm",
            "10"
        ]),
        json!([])
    );
}
