//! Desk ≡ command line, generated from the engine's description (issue 39), the command
//! line's half: for every procedure whose fields the engine describes, values drawn from
//! each field's domain (a required field sometimes left out) are typed as the flags the
//! description names, `laager` runs as a process, and what it prints is what the engine
//! gives for the same values: its resolution or refusal, or, for a field not given, the
//! refusal naming that field's flag. The desk's half types the same values into the
//! form by its labels (app-tests/tests/app/app_described.rs).

use super::sotq::club_dir;
use super::support::{run, stderr, stdout};
use laager::dice::DiceChoice;
use laager::rules::describe::{FieldSpec, Given, Kind};
use laager::rules::{Description, catalogue};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};
use std::path::PathBuf;

/// The procedures whose doors are made from their description.
fn described() -> Vec<Description> {
    catalogue()
        .into_iter()
        .filter(|d| !d.fields.is_empty())
        .collect()
}

/// A value typed for one field, `None` when it is left out: a choice or example the
/// description gives, a number in its domain, a flag on or off.
fn typed(spec: FieldSpec) -> BoxedStrategy<Option<String>> {
    if let Kind::Flag = spec.kind {
        return any::<bool>().prop_map(|on| on.then(String::new)).boxed();
    }
    // A required field is left out one time in twenty, to see it asked for by name.
    let left_out = if spec.required { 1 } else { 10 };
    let value = proptest::sample::select(spec.samples()).prop_map(Some);
    prop_oneof![left_out => Just(None), 19 => value].boxed()
}

/// The tables both sides read: Soldiers of the Queen's test club, whose charts the text
/// leaves out; the shipped tables otherwise.
fn tables(description: &Description) -> Option<PathBuf> {
    (description.ruleset == laager::Ruleset::SoldiersOfTheQueen).then(club_dir)
}

/// The engine's answer for these values, as `--json` prints it, or the refusal's words
/// for a field not given.
fn engine(
    description: &Description,
    values: &[(FieldSpec, Option<String>)],
    face: u8,
) -> Result<Value, String> {
    let mut given = Given::default();
    for (spec, text) in values {
        if let Some(text) = text {
            given.set(
                spec.field,
                spec.read(text, spec.flag).expect("a value of its domain"),
            );
        }
    }
    let request = description
        .request(&given)
        .map_err(|e| e.sentence(|spec| format!("--{}", spec.flag)))?;
    let charts = laager::cli::load_tables(tables(description).as_deref()).expect("tables");
    let dice = match faces(description, values, face) {
        Some(faces) => DiceChoice::Typed(faces),
        None => DiceChoice::None,
    };
    Ok(match request.resolve_with(&charts, &dice) {
        Ok(resolution) => serde_json::to_value(resolution).expect("json"),
        Err(refusal) => json!({ "refusal": refusal }),
    })
}

/// The faces typed for these values, `face` for each die the engine asks for (one where
/// it does not say how many); `None` when the input throws none (`Request::throws`: a
/// leader alone).
fn faces(
    description: &Description,
    values: &[(FieldSpec, Option<String>)],
    face: u8,
) -> Option<String> {
    if !description.throws {
        return None;
    }
    let mut given = Given::default();
    for (spec, text) in values {
        if let Some(text) = text {
            given.set(spec.field, spec.read(text, spec.flag).expect("a value"));
        }
    }
    let Ok(request) = description.request(&given) else {
        return Some(face.to_string());
    };
    if !request.throws() {
        return None;
    }
    let charts = laager::cli::load_tables(tables(description).as_deref()).expect("tables");
    let n = request
        .dice_asked(&charts)
        .map_or(1, |asked| asked.dice.len());
    Some(vec![face.to_string(); n].join(","))
}

/// What `laager` prints for the same values typed as flags.
fn command_line(
    description: &Description,
    values: &[(FieldSpec, Option<String>)],
    face: u8,
) -> Result<Value, String> {
    let mut args: Vec<String> = vec![description.ruleset.short().to_owned()];
    args.extend(description.command.split(' ').map(str::to_owned));
    for (spec, text) in values {
        match (spec.kind, text) {
            (_, None) => {}
            (Kind::Flag, Some(_)) => args.push(format!("--{}", spec.flag)),
            (_, Some(text)) => args.extend([format!("--{}", spec.flag), text.clone()]),
        }
    }
    if let Some(dir) = tables(description) {
        args.extend(["--tables".to_owned(), dir.display().to_string()]);
    }
    if let Some(faces) = faces(description, values, face) {
        args.extend(["--dice".to_owned(), faces]);
    }
    args.push("--json".to_owned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args);
    if out.status.code() == Some(2) && stdout(&out).trim().is_empty() {
        return Err(stderr(&out).trim().to_owned());
    }
    serde_json::from_str(&stdout(&out))
        .map_err(|e| format!("not JSON ({e}): {}\n{}", stdout(&out), stderr(&out)))
}

/// The values as the flags typed, for a failure's message.
fn shown(values: &[(FieldSpec, Option<String>)]) -> String {
    values
        .iter()
        .filter_map(|(spec, text)| text.as_ref().map(|t| format!("--{} {t}", spec.flag)))
        .collect::<Vec<_>>()
        .join(" ")
}

// The issue's deliverable 8: "For each, it builds inputs from its field domains
// (proptest) ... runs `laager` as a process with the generated flags. It asserts identical
// resolutions."
#[test]
fn every_described_procedure_resolves_on_the_command_line_as_the_engine_does() {
    let procedures = described();
    assert!(
        procedures.len() >= 2,
        "the Soldiers of the Queen rally and resupply are described"
    );
    for description in procedures {
        let fields: Vec<BoxedStrategy<(FieldSpec, Option<String>)>> = description
            .fields
            .iter()
            .map(|spec| {
                let spec = *spec;
                typed(spec).prop_map(move |text| (spec, text)).boxed()
            })
            .collect();
        let mut runner = TestRunner::new(Config {
            cases: 40,
            failure_persistence: None,
            ..Config::default()
        });
        runner
            .run(&(fields, 1u8..=6), |(values, face)| {
                let engine = engine(&description, &values, face);
                let cli = command_line(&description, &values, face);
                let bad_dice = engine.as_ref().ok().and_then(|json| {
                    (json["refusal"]["kind"] == "bad_dice")
                        .then(|| json["refusal"]["reason"].as_str().unwrap_or("").to_owned())
                });
                match (&engine, &cli) {
                    // Faces that do not fit the throw (a bayonet charge's later rounds) are
                    // bad input at the door: the command line names the flag and says why.
                    (Ok(_), Err(said)) if bad_dice.is_some() => prop_assert!(
                        said.starts_with("--dice")
                            && said.contains(bad_dice.as_deref().unwrap_or_default()),
                        "{}: {said:?}",
                        description.command_line()
                    ),
                    (Err(asked), Err(said)) => prop_assert!(
                        said.contains(asked.as_str()),
                        "{}: the engine asks {asked:?}, laager says {said:?}",
                        description.command_line()
                    ),
                    _ => prop_assert_eq!(
                        &engine,
                        &cli,
                        "{} with {}",
                        description.command_line(),
                        shown(&values)
                    ),
                }
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
