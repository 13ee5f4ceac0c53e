//! Printing resolutions, refusals and odds, as text or as the JSON contract.

use super::CliError;
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::resolution::{Odds, Refusal, RefusalKind, Resolution};
use crate::rules::Request;
use crate::rules::situation::Roles;
use std::process::ExitCode;

/// How a command ended when it did not fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done: exit 0.
    Done,
    /// The rule refused: exit 2.
    Refused,
}

impl Outcome {
    /// The process exit code.
    pub fn exit_code(self) -> ExitCode {
        match self {
            Outcome::Done => ExitCode::SUCCESS,
            Outcome::Refused => ExitCode::from(2),
        }
    }
}

fn json_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// Prints a resolution or a refusal; a refusal also goes to stderr and exits 2.
pub fn print_resolved(result: &Result<Resolution, Refusal>, json: bool) -> Outcome {
    match result {
        Ok(resolution) => {
            if json {
                println!("{}", json_text(resolution));
            } else {
                print!("{}", render_resolution(resolution));
            }
            Outcome::Done
        }
        Err(refusal) => {
            if json {
                println!("{}", json_text(&refusal.to_json()));
            }
            eprintln!("refused: {}", refusal.reason);
            if refusal.kind == RefusalKind::NeedsCells {
                eprintln!(
                    "  supply them with --cell CHART:KEY=VALUE (this resolution) or --tables DIR (a club's tables folder)"
                );
            }
            Outcome::Refused
        }
    }
}

/// Resolves a request with the dice given and prints it. Typed dice the procedure cannot
/// read are bad input (`--dice '...': ...`, exit 2); every other refusal is the rule's
/// answer, printed as such.
pub fn run_request(
    request: &Request,
    charts: &Charts,
    dice: &DiceChoice,
    json: bool,
) -> Result<Outcome, CliError> {
    match request.resolve_with(charts, dice) {
        Err(refusal) if refusal.kind == RefusalKind::BadDice => Err(CliError::Input(match dice {
            DiceChoice::Typed(text) => format!("--dice '{text}': {}", refusal.reason),
            _ => refusal.reason,
        })),
        result => Ok(print_answer(request, &Roles::default(), &result, json)),
    }
}

/// Prints a resolution with its outcome in words first (text form), or its JSON form;
/// a refusal as [`print_resolved`] does.
fn print_answer(
    request: &Request,
    roles: &Roles,
    result: &Result<Resolution, Refusal>,
    json: bool,
) -> Outcome {
    match result {
        Ok(resolution) if !json => {
            let said = crate::rules::words::words(Some(request), resolution, roles);
            print!("{}", render_with_words(resolution, &said));
            Outcome::Done
        }
        other => print_resolved(other, json),
    }
}

/// Resolves a request and, with `apply` (a campaign's game and the units in their roles),
/// logs the result as the desk's Apply does: the resolution is printed with what was
/// written (`"applied": {game, events, writes}` in the JSON form). A refusal writes nothing.
pub fn run_and_apply(
    request: &Request,
    charts: &Charts,
    dice: &DiceChoice,
    json: bool,
    roles: &Roles,
    apply: Option<&mut super::situation::Context>,
) -> Result<Outcome, CliError> {
    let resolution = match request.resolve_with(charts, dice) {
        Err(refusal) if refusal.kind == RefusalKind::BadDice => {
            return run_request(request, charts, dice, json);
        }
        Err(refusal) => return Ok(print_resolved(&Err(refusal), json)),
        Ok(resolution) => resolution,
    };
    let Some(context) = apply else {
        return Ok(print_answer(request, roles, &Ok(resolution), json));
    };
    let applied = context.apply(request, &resolution, roles)?;
    if json {
        let mut value =
            serde_json::to_value(&resolution).map_err(|e| CliError::Internal(e.to_string()))?;
        if let Some(object) = value.as_object_mut() {
            object.insert("applied".to_owned(), applied);
        }
        println!("{}", json_text(&value));
    } else {
        let said = crate::rules::words::words(Some(request), &resolution, roles);
        print!("{}", render_with_words(&resolution, &said));
        let seq = applied["events"][0]["seq"].as_u64().unwrap_or_default();
        println!("applied to game {} as event {seq}:", applied["game"]);
        for line in applied["writes"].as_array().into_iter().flatten() {
            println!("  {}", line.as_str().unwrap_or_default());
        }
    }
    Ok(Outcome::Done)
}

/// The text form of a resolution: each step with its rule, the outcome, the warnings.
pub fn render_resolution(resolution: &Resolution) -> String {
    render_with_words(resolution, "")
}

/// The text form of a resolution with its outcome in words on the line after its name.
pub fn render_with_words(resolution: &Resolution, said: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "{} {}", resolution.ruleset, resolution.procedure);
    if !said.is_empty() {
        let _ = writeln!(out, "  result: {said}");
    }
    for roll in &resolution.rolls {
        let faces: Vec<String> = roll.faces.iter().map(ToString::to_string).collect();
        let source = match roll.seed {
            Some(seed) => format!("seeded {seed}"),
            None => "entered".to_owned(),
        };
        let _ = writeln!(out, "  dice ({source}): {}", faces.join(","));
    }
    for (i, step) in resolution.steps.iter().enumerate() {
        let value = step
            .value
            .as_ref()
            .map(|v| format!(" = {v}"))
            .unwrap_or_default();
        let total = step
            .total
            .as_ref()
            .map(|t| format!("  (total {t})"))
            .unwrap_or_default();
        let mut cite = step.rule.section.clone();
        if let Some(cell) = &step.rule.cell {
            cite.push_str(", ");
            cite.push_str(cell);
        }
        let _ = writeln!(out, "  {}. {}{value}{total}  [{cite}]", i + 1, step.text);
    }
    for (key, value) in &resolution.outcome.to_map() {
        let _ = writeln!(out, "  {key}: {value}");
    }
    for warning in &resolution.warnings {
        let _ = writeln!(out, "  warning: {warning}");
    }
    out
}

/// Prints odds: a table of value, probability and cumulative "this or better", or JSON.
///
/// "Better" is read in the direction of the listed order's end (higher values are better
/// for the roller); `better_is_higher` flips it.
pub fn print_odds(odds: &Odds, json: bool, better_is_higher: bool) {
    if json {
        println!("{}", json_text(odds));
        return;
    }
    let n = odds.outcomes.len();
    let mut cumulative = vec![0.0; n];
    if better_is_higher {
        let mut running = 0.0;
        for i in (0..n).rev() {
            running += odds.outcomes[i].probability;
            cumulative[i] = running;
        }
    } else {
        let mut running = 0.0;
        for (entry, cum) in odds.outcomes.iter().zip(cumulative.iter_mut()) {
            running += entry.probability;
            *cum = running;
        }
    }
    println!(
        "{:>16}  {:>11}  {:>13}",
        "value", "probability", "this or better"
    );
    for (entry, cum) in odds.outcomes.iter().zip(cumulative) {
        let value = match &entry.value {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        println!(
            "{value:>16}  {:>10.4}%  {:>12.4}%",
            entry.probability * 100.0,
            cum * 100.0
        );
    }
}
