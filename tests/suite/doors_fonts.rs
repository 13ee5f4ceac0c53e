//! Issue 36, "Every door parses", deliver 6: any name on paper. The record sheet embeds a
//! subset of DejaVu Sans, so Latin with its diacritics, Greek and Cyrillic print as typed;
//! another script prints in a font of the computer's found by name; a name no font here
//! prints stands as its unit's record number, with a warning on the sheet and in the CLI,
//! never as "????".

use crate::records::unit;
use crate::support::{run, stderr};
use laager::Ruleset;
use laager::game::{Campaign, CampaignSettings, Event, Game, UnitId, UnitSpec};
use laager::store::{CampaignFile, pdf};
use std::path::Path;
use std::process::Command;

/// A unit named `name` (its id `id`).
fn named(id: &str, name: &str) -> Event {
    let Event::UnitAdded { unit: mut spec } = unit(id, "Zulu", 10) else {
        unreachable!("unit() adds a unit")
    };
    spec = UnitSpec {
        unit_id: UnitId::from(id),
        name: name.to_owned(),
        ..spec
    };
    Event::UnitAdded { unit: spec }
}

/// A campaign file of one DBA game whose units are named `names`.
fn campaign_of(dir: &Path, names: &[&str]) -> std::path::PathBuf {
    let mut game = Game::new(Ruleset::DbaZulu, "Names", serde_json::Value::Null);
    for (i, name) in names.iter().enumerate() {
        game.append(named(&format!("u{i}"), name)).expect("joins");
    }
    let mut campaign = Campaign::new("Any name", CampaignSettings::default());
    campaign.games.push(game);
    let path = dir.join("names.laager");
    CampaignFile::create_from(&path, &campaign).expect("create");
    path
}

/// The PDF's text as `pdftotext` extracts it (poppler-utils: .ci/run installs it).
fn pdftotext(path: &Path) -> String {
    let out = Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn print(dir: &Path, names: &[&str]) -> (String, String) {
    let file = campaign_of(dir, names);
    let out = dir.join("names.pdf");
    let ran = run(&[
        "records",
        file.to_str().expect("utf-8"),
        "--pdf",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(ran.status.code(), Some(0), "{}", stderr(&ran));
    (pdftotext(&out), stderr(&ran))
}

// Issue 36: "The PDF record sheet prints Greek, Cyrillic, CJK, Arabic and Hebrew unit names
// as "????" with no warning". Done when "`pdftotext` of a sheet with Greek, Cyrillic and
// Latin names with diacritics shows them exactly".
#[test]
fn latin_with_diacritics_greek_and_cyrillic_names_print_as_typed() {
    let names = [
        "Zoë Ngqumbazi",
        "Łódź Ćwiczenia",
        "Ærø Ångström",
        "Nguyễn Trãi",
        "Λεωνίδας ὁ Σπαρτιάτης",
        "Пётр Багратион",
        "Їжак Ґудзик",
    ];
    let dir = tempfile::tempdir().expect("tempdir");
    let (text, err) = print(dir.path(), &names);
    for name in names {
        assert!(text.contains(name), "{name} not in:\n{text}");
        assert!(pdf::unprintable(name).is_empty(), "{name}");
    }
    assert!(!text.contains('?'), "no character printed as '?':\n{text}");
    assert!(!err.contains("warning"), "{err}");
}

// "Where a system font covers other scripts (CJK), the desktop and CLI use it, found by
// name. A name no available font covers prints with its unit's record number and a warning
// on the sheet and in the CLI, never as "????" silently."
#[test]
fn a_name_in_another_script_prints_in_a_system_font_or_as_its_record_number() {
    let names = ["uMbonambi", "中文名字", "שלום עליכם", "تجربة"];
    // Right to left, or joined: the sheet sets no such script, whatever fonts there are.
    for name in &names[2..] {
        assert!(!pdf::unprintable(name).is_empty(), "{name}");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let (text, err) = print(dir.path(), &names);
    assert!(!text.contains("????"), "{text}");
    assert!(text.contains("warning: record"), "{text}");
    for (record, name) in names.iter().enumerate().map(|(i, n)| (i + 1, n)) {
        let missing = pdf::unprintable(name);
        if missing.is_empty() {
            // A font of the computer's prints it (a CJK font, where one is installed).
            assert!(text.contains(name), "{name} not in:\n{text}");
        } else {
            let code = format!("U+{:04X}", u32::from(missing[0]));
            let warning = format!("record {record}'s name cannot be printed");
            // On its row: the record number for the name, and what could not be printed.
            assert!(text.contains(&format!("record {record}\n")), "{text}");
            assert!(
                text.contains(&format!("name cannot be printed ({code}")),
                "{text}"
            );
            // On the page and in the CLI: the warning.
            assert!(err.contains(&warning) && err.contains(&code), "{err}");
        }
    }
}
