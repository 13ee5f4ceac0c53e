//! Case 1: the Soldiers of the Queen named commanders (PART 13 A-C, the Orders of Battle).

use super::json;

fn rally(leader: &str, unit_command: Option<&str>, at: &str) -> (Option<i32>, serde_json::Value) {
    rally_in("isandhlwana", "british", leader, unit_command, at)
}

fn rally_in(
    game: &str,
    side: &str,
    leader: &str,
    unit_command: Option<&str>,
    at: &str,
) -> (Option<i32>, serde_json::Value) {
    let mut args = vec![
        "sotq", "rally", "--game", game, "--side", side, "--leader", leader, "--at", at,
    ];
    if let Some(command) = unit_command {
        args.extend(["--unit-command", command]);
    }
    json(&args)
}

fn rallied(v: &serde_json::Value) -> bool {
    v["outcome"]["rallied"]
        .as_bool()
        .unwrap_or_else(|| panic!("no outcome: {v}"))
}

#[test]
fn pulleine_rallies_any_british_unit() {
    // PART 13 A: "Lieutenant Colonel Pulleine is the officer in command of the British
    // Army, and he can be used to rally any British unit."
    let (code, v) = rally("Pulleine", Some("1/1 NNC"), "stacked");
    assert_eq!(code, Some(0), "{v}");
    assert!(rallied(&v), "{v}");
    for unit in ["G/2/24", "RA", "NMP", "Edendale"] {
        assert!(
            rallied(&rally("pulleine", Some(unit), "adjacent").1),
            "{unit}"
        );
    }
}

#[test]
fn durnford_rallies_his_basutos_and_the_1_1_nnc_and_no_others() {
    // PART 13 A: "Major Durnford commands Durnford's Basutos: Edendale, Sikali/H, Sikali/V,
    // baTlakwa, and Jantzi cavalry; and the 1/1 Natal Native Contingent foot units. He can
    // rally any of those units, and no others."
    for unit in [
        "1/1 NNC", "Edendale", "Sikali/H", "Sikali/V", "baTlakwa", "Jantzi",
    ] {
        let (code, v) = rally("Durnford", Some(unit), "stacked");
        assert_eq!(code, Some(0), "{v}");
        assert!(rallied(&v), "{unit}: {v}");
    }
    for unit in ["1/24", "1/3 NNC", "NMP"] {
        assert!(
            !rallied(&rally("Durnford", Some(unit), "stacked").1),
            "{unit}"
        );
    }
}

#[test]
fn degacher_rallies_a_1_24_unit_and_not_g_2_24() {
    // PART 13 A: "Captain Degacher commands the 1/24 battalion; he can rally any unit from
    // that battalion. (He cannot rally any unit of G/2/24.)"
    for unit in ["1/24", "A/1/24", "H/1/24"] {
        assert!(
            rallied(&rally("Degacher", Some(unit), "adjacent").1),
            "{unit}"
        );
    }
    let (code, v) = rally("Degacher", Some("G/2/24"), "adjacent");
    assert_eq!(code, Some(0), "{v}");
    assert!(!rallied(&v), "{v}");
}

#[test]
fn todays_leader_values_keep_their_meaning() {
    // `army-commander`, `gatacre` and a command's name name the same leaders as before.
    assert!(rallied(&rally("army-commander", Some("NNP"), "stacked").1));
    assert!(rallied(&rally("1/24", Some("C/1/24"), "stacked").1));
    assert!(!rallied(&rally("1/24", Some("G/2/24"), "stacked").1));
    // PART 13 A, Omdurman: "Gatacre can rally any British unit he stacks with."
    assert!(rallied(
        &rally_in(
            "omdurman",
            "british",
            "gatacre",
            Some("I Brigade"),
            "stacked"
        )
        .1
    ));
    // PART 13 B: "that inDuna can rally only units from his own impi."
    assert!(rallied(
        &rally_in("isandhlwana", "zulu", "uVe", Some("uVe"), "stacked").1
    ));
    assert!(!rallied(
        &rally_in("isandhlwana", "zulu", "uVe", Some("umCijo"), "stacked").1
    ));
}

#[test]
fn omdurman_leaders_by_name() {
    // PART 13 A: "The brigade commanders can rally only the units of their respective
    // brigades"; the Order of Battle: "II Brigade (Brigadier N.G. Lyttleton)".
    let lyttleton = |unit| rally_in("omdurman", "british", "Lyttleton", Some(unit), "stacked").1;
    assert!(rallied(&lyttleton("Grenadier Guards")));
    assert!(!rallied(&lyttleton("Cameron Highlanders")));
    // PART 13 C: "Tribal commanders can rally and lead charges for only the units listed
    // for them"; PART 15: "Osman Digna (B): Hadendowah foot".
    let digna = |unit| rally_in("omdurman", "dervish", "Osman Digna", Some(unit), "stacked").1;
    assert!(rallied(&digna("Hadendowah")));
    assert!(!rallied(&digna("Taiasha")));
    // "The Khalifa commands the Dervish Army and can rally any Dervish unit".
    assert!(rallied(
        &rally_in(
            "omdurman",
            "dervish",
            "Khalifa",
            Some("Taiasha"),
            "adjacent"
        )
        .1
    ));
}

#[test]
fn an_unknown_leader_is_refused_listing_the_names_the_text_gives() {
    let (code, v) = rally("Zzyzx", Some("1/24"), "stacked");
    assert_eq!(code, Some(2), "{v}");
    let reason = v["refusal"]["reason"].as_str().expect("a reason");
    for name in [
        "Zzyzx",
        "army-commander",
        "Pulleine",
        "Degacher (1/24)",
        "Durnford",
    ] {
        assert!(reason.contains(name), "{name}: {reason}");
    }
    // Gatacre is Omdurman's: "The British Player has two special leaders: General Gatacre
    // and Captain Baring."
    let (code, v) = rally("gatacre", Some("1/24"), "stacked");
    assert_eq!(code, Some(2), "{v}");
}

#[test]
fn an_unknown_unit_command_is_refused_listing_the_commands() {
    let (code, v) = rally("Pulleine", Some("Zzyzx"), "stacked");
    assert_eq!(code, Some(2), "{v}");
    let reason = v["refusal"]["reason"].as_str().expect("a reason");
    assert!(reason.contains("--unit-command 'Zzyzx'"), "{reason}");
    assert!(
        reason.contains("1/1 NNC") && reason.contains("G/2/24"),
        "{reason}"
    );
}
