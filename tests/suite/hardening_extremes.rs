//! Issue 21, deliver 5: "a property test drives extreme values through every procedure".
//!
//! `tests/fixtures/requests.jsonl` holds one logged request of every procedure of the four
//! rulesets (as `Request` serialises them; a test below holds the list complete). Each
//! number in a request is set, one at a time and then several at once, to an extreme (the
//! ends of i64 and u32, 0, the largest and smallest floats); whatever still reads as a
//! request is resolved and its odds worked out, on the shipped charts and on the test
//! club's. None may panic: each resolves or refuses. JSON has no infinity or NaN, so the
//! non-finite distances are driven through the typed inputs in `hardening_numbers`.

use laager::charts::Charts;
use laager::dice::SeededDice;
use laager::rules::Request;
use proptest::prelude::*;
use serde_json::{Number, Value};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

fn samples() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/requests.jsonl");
    std::fs::read_to_string(path)
        .expect("fixture")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a request"))
        .collect()
}

fn extremes() -> Vec<Value> {
    let floats = [f64::MAX, f64::MIN, 1e300, -1e300, f64::MIN_POSITIVE, -0.0];
    let values: Vec<Value> = [i64::MIN, i64::MAX, i64::MIN + 1, -1, 0, 1]
        .into_iter()
        .map(Value::from)
        .chain([u64::from(u32::MAX), u64::from(u32::MAX) + 1, u64::MAX].map(Value::from))
        .chain(
            floats
                .into_iter()
                .filter_map(Number::from_f64)
                .map(Value::Number),
        )
        .collect();
    values
}

/// Every number's place in `value`, as a path of keys and indices.
fn numbers(value: &Value, at: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match value {
        Value::Number(_) => out.push(at.clone()),
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                at.push(Value::from(i));
                numbers(item, at, out);
                at.pop();
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                at.push(Value::from(key.clone()));
                numbers(item, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn set(value: &mut Value, path: &[Value], new: Value) {
    let mut here = value;
    for step in path {
        here = match step {
            Value::Number(i) => &mut here[i.as_u64().unwrap_or(0) as usize],
            Value::String(k) => &mut here[k.as_str()],
            _ => return,
        };
    }
    *here = new;
}

/// The request, if the mutated JSON still reads as one (a u32 set to -1 does not).
fn read(request: &Value) -> Option<Request> {
    serde_json::from_value::<Request>(request.clone()).ok()
}

fn all_charts() -> Vec<Charts> {
    let club = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sotq_club");
    vec![
        Charts::shipped().expect("shipped"),
        laager::store::tables::load(Some(&club)).expect("club"),
    ]
}

/// Resolves and works out the odds of the request on each charts; whether any panicked.
fn panics(charts: &[Charts], request: &Request, seed: u64) -> bool {
    charts.iter().any(|charts| {
        catch_unwind(AssertUnwindSafe(|| {
            let _ = request.resolve(charts, &mut SeededDice::new(seed));
            let _ = request.odds(charts);
        }))
        .is_err()
    })
}

fn assert_no_panic(charts: &[Charts], request: &Request, seed: u64) {
    assert!(
        !panics(charts, request, seed),
        "panicked on {}",
        serde_json::to_string(request).unwrap_or_default()
    );
}

#[test]
fn the_fixture_holds_a_request_of_every_procedure() {
    let mut listed: Vec<String> = samples()
        .iter()
        .map(|s| format!("{}/{}", s["ruleset"], s["procedure"]).replace('"', ""))
        .collect();
    listed.sort();
    listed.dedup();
    // 3 DBA + 25 Micro Colonial + 11 Soldiers of the Queen + 17 Victoria Cross procedures
    // (the `procedures!` lists in src/rules/*/mod.rs).
    assert_eq!(listed.len(), 3 + 25 + 11 + 17, "{listed:?}");
    for sample in samples() {
        assert!(read(&sample).is_some(), "{sample}");
    }
}

#[test]
fn no_procedure_panics_with_any_one_number_at_an_extreme() {
    let charts = all_charts();
    let mut panicked = Vec::new();
    for sample in samples() {
        let mut places = Vec::new();
        numbers(&sample, &mut Vec::new(), &mut places);
        for place in &places {
            for extreme in extremes() {
                let mut request = sample.clone();
                set(&mut request, place, extreme.clone());
                if let Some(request) = read(&request)
                    && panics(&charts, &request, 7)
                {
                    panicked.push(format!(
                        "{}/{} {place:?} = {extreme}",
                        sample["ruleset"], sample["procedure"]
                    ));
                }
            }
        }
    }
    assert!(panicked.is_empty(), "panicked:\n{}", panicked.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn no_procedure_panics_with_several_numbers_at_extremes(
        which in any::<prop::sample::Index>(),
        picks in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 1..6),
        seed in any::<u64>(),
    ) {
        let samples = samples();
        let sample = which.get(&samples);
        let mut places = Vec::new();
        numbers(sample, &mut Vec::new(), &mut places);
        prop_assume!(!places.is_empty());
        let extremes = extremes();
        let mut request = sample.clone();
        for (place, extreme) in &picks {
            set(&mut request, &places[place.index(places.len())], extreme.get(&extremes).clone());
        }
        if let Some(request) = read(&request) {
            assert_no_panic(&all_charts(), &request, seed);
        }
    }
}

/// Counts the dice a resolution draws (each throw's faces), thrown by a seeded generator.
struct Counted {
    dice: SeededDice,
    drawn: usize,
}

impl laager::dice::DiceSource for Counted {
    fn throw(
        &mut self,
        colours: &[Option<laager::resolution::Colour>],
    ) -> Result<laager::resolution::Roll, laager::dice::DiceError> {
        self.drawn += colours.len();
        self.dice.throw(colours)
    }
}

/// `Procedure::THROWS`, which the desk reads to ask for faces or a seed ("whether
/// resolving it throws dice"): a procedure that says it throws none draws no die from its
/// sample nor from any variant of it with one number at an extreme, on the shipped or a
/// club's charts; one that says it throws draws at least one from some variant that
/// resolves (a throw may not be called for by every situation: an automatic rally).
#[test]
fn each_procedure_says_whether_it_throws_dice_as_its_resolution_does() {
    let charts = all_charts();
    let mut wrong = Vec::new();
    for sample in samples() {
        let request = read(&sample).expect("a request");
        let name = format!("{}/{}", request.ruleset().id(), request.procedure());
        let mut places = Vec::new();
        numbers(&sample, &mut Vec::new(), &mut places);
        let mut variants = vec![request.clone()];
        for place in &places {
            for extreme in extremes() {
                let mut value = sample.clone();
                set(&mut value, place, extreme);
                variants.extend(read(&value));
            }
        }
        let (mut resolved, mut drew) = (0, 0);
        for variant in &variants {
            for charts in &charts {
                let mut dice = Counted {
                    dice: SeededDice::new(7),
                    drawn: 0,
                };
                let ok = variant.resolve(charts, &mut dice).is_ok();
                resolved += usize::from(ok);
                drew += usize::from(dice.drawn > 0);
                if dice.drawn > 0 && !variant.throws() {
                    wrong.push(format!("{name}: says it throws none, drew {}", dice.drawn));
                }
            }
        }
        if request.throws() && resolved > 0 && drew == 0 {
            wrong.push(format!(
                "{name}: says it throws, drew none in {resolved} resolutions"
            ));
        }
    }
    wrong.dedup();
    assert!(wrong.is_empty(), "{wrong:#?}");
}
