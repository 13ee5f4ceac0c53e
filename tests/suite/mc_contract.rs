//! One contract per procedure (issue 16), Micro Colonial: the same situation resolved
//! through `laager mc ... --layout` with the units in their roles, through the engine's own
//! path (`situation`, then `Request::resolve_with`, which the desk calls: its side is in
//! app-tests/tests/app/app_contract.rs) and through plain flags. `--layout` and the
//! engine's path build the input with the same function, so their JSON is identical; the
//! flags give the same outcome and steps, less the steps that say what the table decided.
//!
//! The table (tests/fixtures/mc_situation.json): 1/24 A (100 FF, two-unit) with 1/24 B (80
//! FF) touching its rear, Pulleine 67.5 mm behind them; a gun N/5 RA beside them; 222.5 mm
//! ahead, uNodwengu 1 (950 FF, Fanatic, close order, in the open); uKhandempemvu (800 FF,
//! Fanatic) front to front with 1/24 C (100 FF, European regular), Durnford 67.5 mm behind
//! it; 2/24 G in square in the open.

use crate::support::{laager, stdout};
use laager::Ruleset;
use laager::charts::Charts;
use laager::dice::DiceChoice;
use laager::game::{GameState, records_of_new_game};
use laager::geometry::{Layout, file};
use laager::resolution::Refusal;
use laager::rules::Request;
use laager::rules::micro_colonial::artillery::{Ammo, ArtilleryInput, ArtilleryTarget, Gun};
use laager::rules::micro_colonial::charge::{InitiativeInput, Pursuer, PursuitInput};
use laager::rules::micro_colonial::fire::{FireInput, FireType, Firer, Target, Weapon};
use laager::rules::micro_colonial::jam::{Crew, JamInput};
use laager::rules::micro_colonial::loss::LossFactorInput;
use laager::rules::micro_colonial::melee::{MeleeInput, Side};
use laager::rules::micro_colonial::morale::MoraleInput;
use laager::rules::micro_colonial::movement::{MoveInput, Troop};
use laager::rules::micro_colonial::rally::{Command, RallyClass, RallyInput, RoutLossInput};
use laager::rules::micro_colonial::{self as mc, situation};
use laager::rules::situation::{Origins, Roles};
use serde_json::Value;
use std::path::PathBuf;

fn table_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mc_situation.json")
}

/// The table, and the records a new game on it starts with (as `--layout` reads them).
fn table(charts: &Charts) -> (Layout, GameState) {
    let text = std::fs::read_to_string(table_path()).expect("the fixture");
    let layout = file::read(&text, charts).layout.expect("the table reads");
    let records = records_of_new_game(&layout, Ruleset::MicroColonial, Some(charts));
    (layout, records)
}

/// Builds a procedure's request from the table through its situation.
type Engine = fn(&Layout, &Charts, &GameState, &Roles) -> Result<mc::Request, Refusal>;

/// One procedure's situation, three ways.
struct Case {
    /// `laager mc SUBCOMMAND` and the flags the table does not give.
    command: &'static [&'static str],
    /// The units in their roles.
    roles: &'static [(&'static str, &'static str)],
    /// The flags that give what the table and the records decide, for the run without one.
    given: &'static [&'static str],
    /// The chart cells the document lost, typed for the resolution.
    cells: &'static [&'static str],
    /// The faces thrown, if the procedure throws any.
    dice: Option<&'static str>,
    /// The engine's own path.
    engine: Engine,
    /// An outcome key and its value, worked by hand.
    expect: (&'static str, Value),
}

fn fire(
    layout: &Layout,
    charts: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = FireInput {
        firer: Firer::RegularInfantry,
        firer_ff: 0,
        weapon: Weapon::Rifle,
        fire: FireType::Volley,
        range_mm: 0.0,
        target_ff: 0,
        target: Target::InCover,
        in_building: false,
        initial_volley: false,
        two_unit_rear_ff: None,
        target_in_melee: None,
        melee_round: 1,
        changing_to_volley: false,
        jam_penalty: None,
        in_arc: None,
        origins: Origins::default(),
    };
    situation::fire(layout, charts, records, roles, base).map(mc::Request::Fire)
}

fn artillery(
    layout: &Layout,
    charts: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = ArtilleryInput {
        gun: Gun::SixSeven,
        ammo: Ammo::Shell,
        range_mm: 0.0,
        gun_ff: 0,
        target: ArtilleryTarget::Guns,
        factors: Vec::new(),
        overhead: false,
        friends_near_gun_mm: None,
        friends_near_target_mm: None,
        skirmish_screen: false,
        in_arc: None,
        origins: Origins::default(),
    };
    situation::artillery(layout, charts, records, roles, base).map(mc::Request::Artillery)
}

fn side() -> Side {
    Side {
        ff: 0,
        kind: String::new(),
        factors: Vec::new(),
        impact: false,
        flank_attack: false,
        fired_at_mm: None,
        last_20mm_curved: false,
        in_stationary_melee: false,
    }
}

fn melee(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = MeleeInput {
        a: side(),
        b: side(),
        in_contact: None,
        origins: Origins::default(),
    };
    situation::melee(layout, records, roles, base).map(mc::Request::Melee)
}

fn morale(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = MoraleInput {
        initial_ff: 0,
        present_ff: 0,
        troop: String::new(),
        class: String::new(),
        cavalry: false,
        charge: None,
        factors: Vec::new(),
        origins: Origins::default(),
    };
    // The records give the troop type and class; `--troop zulu --class native` win over
    // them, and the first steps say so.
    let mut input = situation::morale(layout, records, roles, base)?;
    "zulu".clone_into(&mut input.troop);
    "native".clone_into(&mut input.class);
    Ok(mc::Request::Morale(input))
}

fn rally(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = RallyInput {
        class: RallyClass::Levies,
        command: Command::None,
        in_melee: false,
        under_cannister: false,
        origins: Origins::default(),
    };
    // `--command none` is typed; the class is the record's.
    situation::rally(layout, records, roles, base, &["/command".to_owned()]).map(mc::Request::Rally)
}

fn rout(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    situation::rout_loss(layout, records, roles, RoutLossInput::default())
        .map(mc::Request::RoutLoss)
}

fn movement(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = MoveInput::new(Troop::RegularInfantry);
    situation::movement(layout, records, roles, base).map(mc::Request::Move)
}

fn jam(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = JamInput {
        crew: Crew::Naval,
        origins: Origins::default(),
    };
    // `--crew naval` is typed: it wins over the records'.
    situation::jam(layout, records, roles, base, &["/crew".to_owned()]).map(mc::Request::Jam)
}

fn pursuit(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = PursuitInput {
        pursuer: Pursuer::Other,
        round: 2,
        infantry_in_prepared_position: false,
        origins: Origins::default(),
    };
    situation::pursuit(layout, records, roles, base).map(mc::Request::Pursuit)
}

fn initiative(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    situation::initiative(layout, records, roles, InitiativeInput::default())
        .map(mc::Request::Initiative)
}

fn loss_factor(
    layout: &Layout,
    _: &Charts,
    records: &GameState,
    roles: &Roles,
) -> Result<mc::Request, Refusal> {
    let base = LossFactorInput {
        initial_ff: 0,
        present_ff: 0,
        origins: Origins::default(),
    };
    situation::loss_factor(layout, records, roles, base).map(mc::Request::LossFactor)
}

/// Every procedure that takes units on the table, with its worked case.
fn cases() -> Vec<Case> {
    vec![
        // 100 FF and half the rear unit's 80 in a volley: 140 FF at 222.5 mm (300 mm band),
        // 42 - 10 + (B4 - R2 = 2) = 34 FF lost.
        Case {
            command: &[
                "fire",
                "--firer",
                "regular-infantry",
                "--weapon",
                "rifle",
                "--fire",
                "volley",
            ],
            roles: &[("firer", "1/24 A"), ("target", "uNodwengu 1")],
            given: &[
                "--firer-ff",
                "100",
                "--two-unit-rear-ff",
                "80",
                "--range-mm",
                "222.5",
                "--target-ff",
                "950",
                "--target",
                "native-close-order-in-open",
            ],
            cells: &[
                "weapon_ranges:rifle=400",
                "small_arms_range_factors:140:volley-300=42",
                "small_arms_target_factors:native-close-order-in-open-volley:700-999=-10",
            ],
            dice: Some("B4,R2"),
            engine: fire,
            expect: ("ff_lost", 34.into()),
        },
        // 12 (Shell, 400 band) + 40 / 10 + min((5 - 1) x 5, 15) = 31.
        Case {
            command: &["artillery", "--gun", "6-7pdr", "--ammo", "shell"],
            roles: &[("gun", "N/5 RA"), ("target", "uNodwengu 1")],
            given: &[
                "--range-mm",
                "225.236",
                "--gun-ff",
                "40",
                "--target",
                "close-order-native",
            ],
            cells: &[
                "artillery_shell:400:close-order-native-6-7pdr=12",
                "artillery_tactical_factors:random-factor-maximum=15",
            ],
            dice: Some("B5,R1"),
            engine: artillery,
            expect: ("ff_lost", 31.into()),
        },
        // A = 800 / 10 + 3 + 2 = 85; B = 100 / 10 - 4 + 10 (Durnford within 100 mm) + 2 = 18.
        Case {
            command: &["melee"],
            roles: &[("a", "uKhandempemvu"), ("b", "1/24 C")],
            given: &[
                "--a-ff",
                "800",
                "--a-type",
                "native-fanatic-infantry",
                "--b-ff",
                "100",
                "--b-type",
                "regular-infantry",
                "--b-factor",
                "c-in-c-within-100mm",
            ],
            cells: &["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4"],
            dice: Some("B4,R2,B3,R1"),
            engine: melee,
            expect: ("b_losses", 85.into()),
        },
        // -30 (a unit under 101 FF, orientation A) + 0 + 10 (Pulleine within 100 mm) = -20.
        Case {
            command: &["morale", "--troop", "zulu", "--class", "native"],
            roles: &[("unit", "1/24 A")],
            given: &[
                "--initial-ff",
                "100",
                "--present-ff",
                "100",
                "--factor",
                "c-in-c-within-100mm",
            ],
            cells: &[
                "settings:loss_table_orientation=A",
                "morale_tactical_factors:c-in-c-within-100mm=10",
                "morale_random_factor:zulu:3=0",
                "morale_results:under-30:native=fall back",
            ],
            dice: Some("3"),
            engine: morale,
            expect: ("total", (-20).into()),
        },
        // "European Regulars and Fanatics" with no command figure: 5 rallies.
        Case {
            command: &["rally", "--command", "none"],
            roles: &[("unit", "uNodwengu 1")],
            given: &["--class", "european-regular-or-fanatic"],
            cells: &[],
            dice: Some("5"),
            engine: rally,
            expect: ("rallied", true.into()),
        },
        // "one dice x 10 fighting factors": 3 is 30.
        Case {
            command: &["rout-loss"],
            roles: &[("unit", "uNodwengu 1")],
            given: &[],
            cells: &[],
            dice: Some("3"),
            engine: rout,
            expect: ("ff_lost", 30.into()),
        },
        // MACHINE GUNS AND GATLING GUNS: the crew is the referee's (N/5 RA's record names no
        // class); B4,R2 is +2, "Any plus result means that the gun is fully operational".
        Case {
            command: &["jam", "--crew", "naval"],
            roles: &[("gun", "N/5 RA")],
            given: &[],
            cells: &[],
            dice: Some("B4,R2"),
            engine: jam,
            expect: ("state", "operational".into()),
        },
        // PURSUIT: a Fanatic regiment is native; "On the second and subsequent round of
        // pursuit all natives ... must throw one dice: ... 5 or 6 - they may break off".
        Case {
            command: &["pursuit", "--round", "2"],
            roles: &[("pursuer", "uNodwengu 1")],
            given: &["--pursuer", "native"],
            cells: &[],
            dice: Some("5"),
            engine: pursuit,
            expect: ("pursuit", "may-break-off".into()),
        },
        // APPENDIX 2 SUB COMMANDERS: "3 to 6-the officer may change the orders as required".
        Case {
            command: &["initiative"],
            roles: &[("sub-commander", "Pulleine"), ("unit", "1/24 A")],
            given: &[],
            cells: &[],
            dice: Some("4"),
            engine: initiative,
            expect: ("initiative", "may-change".into()),
        },
        // MORALE CHARTS, TABLE 1: "UNITS WITH AN INITIAL STRENGTH OF LESS THAN 101 WILL HAVE
        // A STANDARD LOSS FACTOR OF 30": 1/24 A's IF 100.
        Case {
            command: &["loss-factor"],
            roles: &[("unit", "1/24 A")],
            given: &["--initial-ff", "100", "--present-ff", "100"],
            cells: &[],
            dice: None,
            engine: loss_factor,
            expect: ("loss_factor", 30.into()),
        },
        // A large square in open ground: at most 25 mm.
        Case {
            command: &["move", "--troop", "regular-infantry"],
            roles: &[("unit", "2/24 G")],
            given: &["--square", "open"],
            cells: &[],
            dice: None,
            engine: movement,
            expect: ("allowance_mm", 25.into()),
        },
    ]
}

fn cli_json(args: &[String]) -> Value {
    let out = laager().args(args).output().expect("laager runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout(&out)).expect("json")
}

/// The steps that state what the table and records decided (the input's origins).
fn is_origin_step(step: &Value) -> bool {
    let text = step["text"].as_str().unwrap_or_default();
    [
        "from the table",
        "from the records",
        "given by hand",
        "left to the referee",
    ]
    .iter()
    .any(|p| text.starts_with(p))
}

fn args(case: &Case, with: &[String]) -> Vec<String> {
    let mut args: Vec<String> = ["mc"]
        .iter()
        .chain(case.command)
        .map(|a| (*a).to_owned())
        .collect();
    args.extend(with.iter().cloned());
    for cell in case.cells {
        args.extend(["--cell".to_owned(), (*cell).to_owned()]);
    }
    if let Some(faces) = case.dice {
        args.extend(["--dice".to_owned(), faces.to_owned()]);
    }
    args.push("--json".to_owned());
    args
}

#[test]
fn each_procedure_is_one_resolution_from_layout_roles_the_engine_and_flags() {
    let shipped = Charts::shipped().expect("shipped tables");
    let (layout, records) = table(&shipped);
    for case in cases() {
        let name = case.command[0];
        // Through --layout with the units in their roles.
        let mut with: Vec<String> = vec!["--layout".to_owned(), table_path().display().to_string()];
        for (role, id) in case.roles {
            with.extend(["--unit".to_owned(), format!("{role}={id}")]);
        }
        let from_layout = cli_json(&args(&case, &with));

        // The engine's own path: the situation, then Request::resolve_with.
        let mut charts = shipped.clone();
        for cell in case.cells {
            charts
                .apply_cell_arg(Ruleset::MicroColonial, cell)
                .expect("a valid cell");
        }
        let roles = Roles(
            case.roles
                .iter()
                .map(|(r, id)| ((*r).to_owned(), (*id).to_owned()))
                .collect(),
        );
        let request = (case.engine)(&layout, &charts, &records, &roles).expect("situation");
        let dice = case
            .dice
            .map_or(DiceChoice::None, |f| DiceChoice::Typed(f.to_owned()));
        let engine = Request::MicroColonial(request)
            .resolve_with(&charts, &dice)
            .expect("resolves");
        assert_eq!(
            serde_json::to_value(engine).expect("serialises"),
            from_layout,
            "{name}"
        );
        assert_eq!(
            from_layout["outcome"][case.expect.0], case.expect.1,
            "{name}"
        );

        // The same situation typed as flags: the same outcome and the same steps, less
        // those that say what the table decided.
        let given: Vec<String> = case.given.iter().map(|a| (*a).to_owned()).collect();
        let from_flags = cli_json(&args(&case, &given));
        assert_eq!(from_flags["outcome"], from_layout["outcome"], "{name}");
        let table_steps: Vec<&Value> = from_layout["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .filter(|s| !is_origin_step(s))
            .collect();
        let flag_steps: Vec<&Value> = from_flags["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .collect();
        assert_eq!(flag_steps, table_steps, "{name}");
        assert!(
            from_layout["steps"][0]["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("from the") || t.starts_with("left to")),
            "{name}: the first step says what the table and the records decided"
        );
    }
}

#[test]
fn each_procedure_names_its_roles_in_its_help() {
    for (command, roles) in [
        (
            "fire",
            vec!["--unit firer=ID", "--unit target=ID", "--unit rear=ID"],
        ),
        (
            "artillery",
            vec!["--unit gun=ID", "--unit target=ID", "--unit screen=ID"],
        ),
        ("melee", vec!["--unit a=ID", "--unit b=ID"]),
        ("morale", vec!["--unit unit=ID"]),
        ("rally", vec!["--unit unit=ID"]),
        ("rout-loss", vec!["--unit unit=ID"]),
        ("move", vec!["--unit unit=ID"]),
        ("jam", vec!["--unit gun=ID"]),
        ("pursuit", vec!["--unit pursuer=ID", "--unit pursued=ID"]),
        (
            "initiative",
            vec!["--unit sub-commander=ID", "--unit unit=ID"],
        ),
        ("loss-factor", vec!["--unit unit=ID"]),
        ("rd break-in", vec!["--unit zulu=ID"]),
        (
            "rd firing-party",
            vec!["--unit leader=ID", "--unit zulu=ID"],
        ),
        ("rd combine", vec!["--unit into=ID", "--unit removed=ID"]),
        ("rd move", vec!["--unit unit=ID"]),
    ] {
        let out = laager()
            .arg("mc")
            .args(command.split(' '))
            .arg("--help")
            .output()
            .expect("laager runs");
        let help = stdout(&out);
        for role in roles {
            assert!(
                help.contains(role),
                "mc {command} --help names {role}: {help}"
            );
        }
        assert!(help.contains("--layout"), "mc {command} --help");
    }
}

#[test]
fn a_flag_the_table_would_give_is_needed_without_one() {
    let out = laager()
        .args([
            "mc",
            "fire",
            "--firer",
            "regular-infantry",
            "--weapon",
            "rifle",
            "--fire",
            "volley",
            "--dice",
            "B4,R2",
        ])
        .output()
        .expect("laager runs");
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains("give --firer-ff N, --range-mm R, --target-ff N, --target TYPE, or a table"),
        "{error}"
    );
}

#[test]
fn a_flag_given_over_the_table_wins_and_a_step_says_so() {
    let case = &cases()[0];
    let mut with: Vec<String> = vec!["--layout".to_owned(), table_path().display().to_string()];
    for (role, id) in case.roles {
        with.extend(["--unit".to_owned(), format!("{role}={id}")]);
    }
    // The referee rules the rear company out of the volley: only the front's 100 FF.
    with.extend(["--two-unit-rear-ff".to_owned(), "0".to_owned()]);
    let mut all = args(case, &with);
    // Table 1's cell for 100 FF rather than 140.
    for arg in &mut all {
        if arg.starts_with("small_arms_range_factors") {
            "small_arms_range_factors:100:volley-300=30".clone_into(arg);
        }
    }
    let json = cli_json(&all);
    let given = json["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .find(|s| {
            s["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("given by hand"))
        })
        .expect("a step for the value given by hand");
    assert!(
        given["text"]
            .as_str()
            .is_some_and(|t| t.contains("two-unit rear FF 0 given by hand; the records give 80")),
        "{given}"
    );
    // 30 - 10 + 2 = 22.
    assert_eq!(json["outcome"]["ff_lost"], 22);
}

// A whole exchange from the command line: the melee built from the campaign's table and
// applied as the desk's Apply does, then the loser's morale test reading it from the
// records — "If loser of melee round" — with its PF after the melee's 85 FF.
#[test]
fn a_melee_applied_in_a_campaign_counts_in_the_next_morale_test() {
    let dir = tempfile::tempdir().expect("tempdir");
    let campaign = dir.path().join("night.laager");
    let campaign = campaign.to_str().expect("utf-8").to_owned();
    let table = table_path().display().to_string();
    let run = |args: &[&str]| cli_json(&args.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>());
    let out = laager()
        .args(["campaign", "new", &campaign, "--name", "Club night"])
        .output()
        .expect("laager runs");
    assert!(out.status.success());
    run(&[
        "campaign",
        "add-game",
        &campaign,
        "--ruleset",
        "micro-colonial",
        "--layout",
        &table,
        "--json",
    ]);
    let melee = run(&[
        "mc",
        "melee",
        "--campaign",
        &campaign,
        "--unit",
        "a=uKhandempemvu",
        "--unit",
        "b=1/24 C",
        "--dice",
        "B4,R2,B3,R1",
        "--cell",
        "melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4",
        "--apply",
        "--json",
    ]);
    assert_eq!(melee["outcome"]["winner"], "a");
    let event = &melee["applied"]["events"][0]["event"];
    assert_eq!(event["request"]["procedure"], "melee");
    assert_eq!(
        event["request"]["input"]["b"]["factors"],
        serde_json::json!(["c-in-c-within-100mm"])
    );
    let morale = run(&[
        "mc",
        "morale",
        "--troop",
        "zulu",
        "--class",
        "native",
        "--campaign",
        &campaign,
        "--unit",
        "unit=1/24 C",
        "--dice",
        "3",
        "--cell",
        "settings:loss_table_orientation=A",
        "--cell",
        "morale_tactical_factors:c-in-c-within-100mm=10",
        "--cell",
        "morale_random_factor:zulu:3=0",
        "--cell",
        "morale_results:under-30:native=fall back",
        "--json",
    ]);
    let records = morale["steps"][1]["text"]
        .as_str()
        .expect("the records' step");
    assert!(
        records.contains("PF 15")
            && records.contains("factor loser-of-melee 1 — unit ('1/24 C') lost a melee against 'uKhandempemvu' this move"),
        "{records}"
    );
    // -30 + 0 + 10 (Durnford) - 15 (loser of melee) = -35.
    assert_eq!(morale["outcome"]["total"], -35);
}

/// Issue 19, deliver 4: "every `rules_thresholds` value is read by the rule that uses it, so
/// a club's value takes effect — or the threshold leaves the chart". Each key of the shipped
/// chart is named in the engine's source (the rules read thresholds by their key).
#[test]
fn every_rules_threshold_is_read_by_a_rule() {
    fn sources(dir: &std::path::Path, text: &mut String) {
        for entry in std::fs::read_dir(dir).expect("src reads") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                sources(&path, text);
            } else if path.extension().is_some_and(|e| e == "rs") {
                text.push_str(&std::fs::read_to_string(&path).expect("source reads"));
            }
        }
    }
    let mut code = String::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules"),
        &mut code,
    );
    let charts = laager::charts::Charts::shipped().expect("shipped");
    let chart = charts
        .chart(laager::Ruleset::MicroColonial, "rules_thresholds")
        .expect("rules_thresholds");
    let unread: Vec<String> = chart
        .cells()
        .into_iter()
        .map(|(key, _)| key[0].clone())
        .filter(|key| !code.contains(&format!("\"{key}\"")))
        .collect();
    assert!(unread.is_empty(), "thresholds no rule reads: {unread:?}");
}

/// Issue 19, deliver 4: "A result cell's value is checked against the result names when it
/// is loaded or set." The Morale Result Table's results are GOOD, FALL BACK, GO TO GROUND
/// and BREAK (MORALE RESULTS); a value the morale rule could not read is refused where it
/// enters — typed with --cell, or in a club's chart file as it loads — and a result in
/// another case is one of them.
#[test]
fn a_morale_result_cell_must_be_a_result_name() {
    let mut charts = laager::charts::Charts::shipped().expect("shipped");
    let refused = charts
        .apply_cell_arg(
            laager::Ruleset::MicroColonial,
            "morale_results:30-39:?c1=RETIRE",
        )
        .expect_err("not a result");
    assert!(
        refused.contains(
            "'RETIRE' is not a result of the Morale Result Table: expected one of GOOD, FALL BACK, GO TO GROUND, BREAK"
        ),
        "{refused}"
    );
    charts
        .apply_cell_arg(
            laager::Ruleset::MicroColonial,
            "morale_results:30-39:?c1=fall back",
        )
        .expect("a result in lower case");
    // Every word the domain allows is one the morale rule reads.
    assert_eq!(
        laager::charts::domain::MORALE_RESULT_WORDS,
        laager::rules::micro_colonial::morale::MoraleResult::NAMES
            .iter()
            .map(|n| n.replace('-', " ").to_uppercase())
            .collect::<Vec<_>>()
    );
}

/// MORALE CALCULATION's Table 3 row and result column are the unit's troop type and class;
/// "typed wins" (issue 39): with no `--troop` or `--class` the unit's record gives them,
/// stated as read from the records, and the lost cell is named by them
/// (`morale_random_factor:infantry:3`, the fixture's 1/24 A being infantry of class
/// european regular); with no table either, both flags are asked for by name.
#[test]
fn a_morale_test_reads_its_troop_type_and_class_from_the_records() {
    let table = table_path().display().to_string();
    let out = laager()
        .args([
            "mc",
            "morale",
            "--layout",
            &table,
            "--unit",
            "unit=1/24 A",
            "--dice",
            "3",
            "--json",
        ])
        .output()
        .expect("laager runs");
    let refused: Value = serde_json::from_str(&stdout(&out)).expect("json");
    let needed = refused["refusal"]["needs_cells"]
        .as_array()
        .expect("cells asked for");
    let row = serde_json::json!({"chart": "morale_random_factor", "key": ["infantry", "3"]});
    assert!(needed.contains(&row), "{refused}");
    let out = laager()
        .args([
            "mc",
            "morale",
            "--initial-ff",
            "100",
            "--present-ff",
            "100",
            "--dice",
            "3",
        ])
        .output()
        .expect("laager runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("give --troop TYPE, --class CLASS"), "{err}");
}
