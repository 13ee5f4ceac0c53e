//! Case 4 (the DBA-style Zulu rules): ranged combat with no distance assumes nothing.

use super::json;
use serde_json::json;

const FIRE: [&str; 10] = [
    "dba",
    "combat",
    "--kind",
    "ranged",
    "--a",
    "british-regulars",
    "--b",
    "zulu-rifles",
    "--dice",
    "1,6",
];

// "Targets capable of returning fire may do so ( in which case the firer may suffer adverse
// results ) but are not required to do so"; "Bases may engage in fire combat up to the
// limit of their listed range": whether b fires back depends on the distance.
#[test]
fn ranged_combat_with_no_distance_asks_for_it_or_for_return_fire() {
    let (code, v) = json(&FIRE);
    assert_eq!(code, Some(2), "{v}");
    let reason = v["refusal"]["reason"].as_str().unwrap_or_default();
    for asked in ["--range-mm", "--return-fire", "--no-return-fire"] {
        assert!(reason.contains(asked), "{asked}: {reason}");
    }
}

#[test]
fn return_fire_or_not_is_recorded_in_the_steps() {
    // a 1 against b's 6: with b returning fire the firer loses; holding it, no result.
    let (code, returned) = json(&[&FIRE[..], &["--return-fire"]].concat());
    assert_eq!(code, Some(0), "{returned}");
    assert!(
        returned
            .to_string()
            .contains("--return-fire gives a within b's own listed range"),
        "{returned}"
    );
    let (code, held) = json(&[&FIRE[..], &["--no-return-fire"]].concat());
    assert_eq!(code, Some(0), "{held}");
    assert!(
        held.to_string().contains("--no-return-fire given"),
        "{held}"
    );
    assert_ne!(returned["outcome"], held["outcome"], "{returned} {held}");
    // Both at once are refused by the command line.
    let out = crate::support::run(&[&FIRE[..], &["--return-fire", "--no-return-fire"]].concat());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_measured_distance_decides_and_contradicting_it_is_refused() {
    // Zulu rifles' listed range at 15 mm; a firer 10 mm away is within it.
    let (code, v) = json(&[&FIRE[..], &["--range-mm", "10"]].concat());
    assert_eq!(code, Some(0), "{v}");
    // Regulars 5 + 1 = 6 against Zulu rifles 2 + 6 = 8 at 10 mm: the rifles return fire
    // and the regulars recoil.
    assert_eq!(v["outcome"]["loser"], json!("a"), "{v}");
    assert_eq!(v["outcome"]["result"], json!("recoil"), "{v}");
    // 80 mm is beyond the rifles' 2" (50.8 mm): they cannot fire back, and saying they can
    // (--return-fire) contradicts the distance.
    let (code, v) = json(&[&FIRE[..], &["--range-mm", "80"]].concat());
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["result"], json!("no_result"), "{v}");
    let (code, v) = json(&[&FIRE[..], &["--range-mm", "80", "--return-fire"]].concat());
    assert_eq!(code, Some(2), "{v}");
    // A target that cannot fire (Zulus: range "none") needs nothing said: 6 against 4 + 6
    // = 10, and the firer suffers no adverse result.
    let (code, v) = json(&[
        "dba",
        "combat",
        "--kind",
        "ranged",
        "--a",
        "british-regulars",
        "--b",
        "zulus",
        "--dice",
        "1,6",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["result"], json!("no_result"), "{v}");
}
