//! Printing resolutions, refusals and odds, as text or as the JSON contract.

use super::CliError;
use crate::charts::Charts;
use crate::dice::DiceChoice;
use crate::resolution::{Odds, Refusal, RefusalKind};
use crate::rules::AnyResolution;
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
pub fn print_resolved(result: &Result<AnyResolution, Refusal>, json: bool) -> Outcome {
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
            if !refusal.partial_steps.is_empty() {
                eprintln!("  worked so far:");
                for step in &refusal.partial_steps {
                    eprintln!("    {}", step_line(step));
                }
            }
            if let Some(formula) = &refusal.formula {
                eprintln!("  left: {formula}");
            }
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
    result: &Result<AnyResolution, Refusal>,
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
    let applied = context.apply(request, &resolution, roles, charts.typed_cells())?;
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
        let seqs: Vec<String> = applied["events"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| e["seq"].as_u64())
            .map(|seq| seq.to_string())
            .collect();
        println!(
            "applied to game {} as event {}:",
            applied["game"],
            seqs.join(" and ")
        );
        for line in applied["writes"].as_array().into_iter().flatten() {
            println!("  {}", line.as_str().unwrap_or_default());
        }
    }
    Ok(Outcome::Done)
}

/// The text form of a resolution: each step with its rule, the outcome's non-empty fields
/// in readable form, the warnings.
pub fn render_resolution(resolution: &AnyResolution) -> String {
    render_with_words(resolution, "")
}

/// The text form of a resolution with its outcome in words on the line after its name,
/// then the dice, the steps, the outcome's non-empty fields and the warnings.
pub fn render_with_words(resolution: &AnyResolution, said: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        crate::rules::words::heading(resolution.ruleset, &resolution.procedure)
    );
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
        let _ = writeln!(out, "  {}. {}", i + 1, step_line(step));
    }
    let fields = crate::rules::words::fields(resolution);
    if !fields.is_empty() {
        let _ = writeln!(out, "  outcome:");
    }
    for (key, value) in fields {
        let _ = writeln!(out, "    {key}: {value}");
    }
    for warning in &resolution.warnings {
        let _ = writeln!(out, "  warning: {warning}");
    }
    out
}

/// Prints the exact odds of `request` (`--odds`), the units in their `roles`, or its
/// refusal; `no_odds` is the error for a procedure that works out none.
pub fn print_request_odds(
    request: &Request,
    charts: &Charts,
    json: bool,
    roles: &Roles,
    no_odds: impl FnOnce() -> CliError,
) -> Result<Outcome, CliError> {
    match request.odds(charts) {
        Some(Ok(odds)) => {
            print_odds(
                &odds,
                json,
                request.better_is_higher(),
                Some((request, roles)),
            );
            Ok(Outcome::Done)
        }
        Some(Err(refusal)) => Ok(print_resolved(&Err(refusal), json)),
        None => Err(no_odds()),
    }
}

/// Prints odds: a table of each outcome in words, its probability and the cumulative
/// "this or better", with whose view "better" takes, or the JSON form.
///
/// `better_is_higher`: later outcomes in the list are better for that view. `request`
/// (with the units in their roles) names the outcomes in words and says whose view it is;
/// without one the values are printed as they are and the view is the thrower's.
pub fn print_odds(
    odds: &Odds,
    json: bool,
    better_is_higher: bool,
    request: Option<(&Request, &Roles)>,
) {
    if json {
        println!("{}", json_text(odds));
        return;
    }
    print!("{}", render_odds(odds, better_is_higher, request));
}

/// The text form of odds (see [`print_odds`]): percentages to 0.1.
pub fn render_odds(
    odds: &Odds,
    better_is_higher: bool,
    request: Option<(&Request, &Roles)>,
) -> String {
    use crate::rules::words;
    use std::fmt::Write as _;
    let labels: Vec<String> = odds
        .outcomes
        .iter()
        .map(|entry| match request {
            Some((request, roles)) => words::odds_label(request, &entry.value, roles),
            None => match &entry.value {
                serde_json::Value::String(s) => s.replace(['_', '-'], " "),
                other => other.to_string(),
            },
        })
        .collect();
    let whom = request.map_or_else(
        || "for the one who throws".to_owned(),
        |(request, roles)| words::odds_for(request, roles),
    );
    let width = labels
        .iter()
        .map(|l| l.chars().count())
        .chain(["outcome".len()])
        .max()
        .unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(out, "\"this or better\" is counted {whom}");
    let _ = writeln!(
        out,
        "{:<width$}  {:>11}  {:>14}",
        "outcome", "probability", "this or better"
    );
    let cumulative = odds.this_or_better(better_is_higher);
    for ((entry, cum), label) in odds.outcomes.iter().zip(cumulative).zip(&labels) {
        let _ = writeln!(
            out,
            "{label:<width$}  {:>10.1}%  {:>13.1}%",
            entry.probability * 100.0,
            cum * 100.0
        );
    }
    out
}

/// One step as the plain output prints it: its text, value and running total, and the
/// rule it cites.
fn step_line(step: &crate::resolution::Step) -> String {
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
    format!("{}{value}{total}  [{cite}]", step.text)
}
