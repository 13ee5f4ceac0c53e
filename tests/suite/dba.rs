//! The DBA-style Zulu rules (003_d01d2219af99fefb.txt): every troop-type row, every
//! modifier, the outcomes, exact odds counted by hand over the 36 rolls, command points,
//! victory, and the `laager dba` commands. Each case is worked by hand from the text.

mod as_written;
mod cli;
mod command;
mod command_table;
mod modifiers;
mod odds;
mod outcomes;
mod properties;
mod range;
mod situation;
mod troops;

use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::EnteredDice;
use laager::resolution::Refusal;
use laager::rules::Procedure;
use laager::rules::dba_zulu::{Combat, CombatInput, CombatOutcome, Modifiers, SideId};

/// A combat's resolution.
type Resolution = laager::resolution::Resolution<CombatOutcome>;
use serde_json::Value;

/// The shipped tables.
fn charts() -> Charts {
    Charts::shipped().expect("shipped tables load")
}

/// The shipped tables with one cell typed in (`CHART:KEY=VALUE`).
fn charts_with(cell: &str) -> Charts {
    let mut charts = charts();
    charts
        .apply_cell_arg(Ruleset::DbaZulu, cell)
        .expect("cell applies");
    charts
}

/// A combat of a kind between two troop types, with `a:NAME[=N]` / `b:NAME[=N]` flags. A
/// ranged combat is within b's own range unless a test says otherwise (`--return-fire`:
/// with no distance measured, it is said, never assumed).
fn combat(kind: &str, a: &str, b: &str, mods: &[&str]) -> CombatInput {
    let mut s = CombatInput::new(
        kind.parse().expect("kind"),
        a.parse().expect("type a"),
        b.parse().expect("type b"),
    );
    s.b_returns_fire = kind == "ranged";
    for m in mods {
        let (side, name, n) = Modifiers::parse_arg(m).expect("flag parses");
        match side {
            SideId::A => s.a.mods.set(name, n),
            SideId::B => s.b.mods.set(name, n),
        }
        .expect("flag sets");
    }
    s
}

/// The same combat at bases in contact (`--in-contact`).
fn in_contact(mut s: CombatInput) -> CombatInput {
    s.in_contact = true;
    s
}

/// The same combat with a's front edge on b's flank or rear.
fn contact(mut s: CombatInput, edge: &str) -> CombatInput {
    s.contact = edge.parse().expect("contact");
    s
}

/// Resolves with a's die then b's die, against the given tables.
#[allow(clippy::result_large_err)] // the contract's Result<Resolution, Refusal>
fn try_roll_with(charts: &Charts, s: &CombatInput, a: u8, b: u8) -> Result<Resolution, Refusal> {
    let mut dice = EnteredDice::from_faces(&[a, b]).expect("faces");
    Combat::resolve(charts, s, &mut dice)
}

/// Resolves with a's die then b's die against the shipped tables; it must resolve.
fn roll(s: &CombatInput, a: u8, b: u8) -> Resolution {
    try_roll_with(&charts(), s, a, b).expect("resolves")
}

/// One outcome key of the `--json` form.
fn out(r: &Resolution, key: &str) -> Value {
    serde_json::to_value(&r.outcome)
        .expect("outcome serialises")
        .get(key)
        .cloned()
        .unwrap_or(Value::Null)
}

/// The (a_total, b_total, loser, result) of a resolution.
fn verdict(r: &Resolution) -> (i64, i64, Value, String) {
    (
        out(r, "a_total").as_i64().expect("a_total"),
        out(r, "b_total").as_i64().expect("b_total"),
        out(r, "loser"),
        out(r, "result").as_str().expect("result").to_owned(),
    )
}

/// Whether any step's text contains `needle`.
fn says(r: &Resolution, needle: &str) -> bool {
    r.steps.iter().any(|s| s.text.contains(needle))
}
