//! One contract per procedure (issue 16), Soldiers of the Queen: every procedure that reads
//! units resolves the same situation through `--campaign` with the units in their roles,
//! through the engine's own path (`rules::soldiers_of_the_queen::situation`, then
//! `Request::resolve_with`, which the desk calls: app-tests/tests/app/app_contract.rs) and
//! through the flags typed by hand. The first two build the input with the same function,
//! so their JSON is identical; the flags give the same outcome and the same steps, less
//! those that say what the records decided.

use super::roles::{campaign, club, json_of};
use laager::dice::DiceChoice;
use laager::resolution::Refusal;
use laager::rules::Request;
use laager::rules::situation::{Origins, Records, Roles};
use laager::rules::soldiers_of_the_queen::{
    self as sotq, AllowanceInput, Arm, Attacker, Defender, EntryInput, FireInput, Firer, Game,
    Kind, LeaderDeathInput, MeleeInput, Morale, Nationality, Phase, Piece, Position, Rallier,
    RallyInput, ResupplyInput, ResupplyUnit, Side, StackInput, StackUnit, Target, situation,
};
use serde_json::Value;

type Engine = fn(&dyn Records, &Roles) -> Result<sotq::Request, Refusal>;

/// One procedure's situation, three ways.
struct Case {
    /// The subcommand and the flags every way shares.
    command: &'static [&'static str],
    /// The units in their roles.
    roles: &'static [(&'static str, &'static str)],
    /// The specs the records leave to the referee (the counters' printed values).
    with_roles: &'static [&'static str],
    /// The same situation typed by hand, no records.
    by_hand: &'static [&'static str],
    /// The engine's own path from the records.
    engine: Engine,
    /// Typed dice, if it throws any.
    dice: Option<&'static str>,
    /// An outcome key and the value the rule gives.
    expect: (&'static str, Value),
}

fn firer(strength: u32, weapon: &str, range: u32) -> Firer {
    Firer {
        name: "firer 1".into(),
        strength,
        weapon: weapon.into(),
        range,
        nationality: Nationality::Regular,
        arm: Arm::Foot,
        mounted: false,
        limbered: false,
        moved: false,
        changed_formation: false,
        out_of_ammo: false,
        pinned: false,
        routed: false,
        rear: false,
        zoc_elsewhere: false,
    }
}

fn stack_unit(name: &str, morale: Option<Morale>) -> StackUnit {
    StackUnit {
        name: name.into(),
        morale,
        gun: false,
        zariba: false,
    }
}

fn fire(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    let base = FireInput {
        game: Game::Isandhlwana,
        phase: Phase::Defensive,
        firers: vec![firer(4, "T", 3)],
        target: Target {
            units: vec![
                stack_unit("target 1", Some(Morale::B)),
                stack_unit("target 2", Some(Morale::D)),
            ],
            ..Target::default()
        },
        khalifa_killed: false,
        origins: Origins::default(),
    };
    situation::fire(records, roles, base, &[]).map(sotq::Request::Fire)
}

fn melee(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    let base = MeleeInput {
        game: Game::Omdurman,
        attackers: vec![Attacker {
            name: "attacker 1".into(),
            strength: 6,
            nationality: Nationality::Regular,
            arm: Arm::Foot,
            group: None,
            mounted: false,
            charging: false,
            lancers: false,
            in_command_radius: false,
            pinned: false,
            routed: false,
        }],
        defenders: vec![Defender {
            unit: stack_unit("defender 1", Some(Morale::A)),
            strength: 2,
            arm: Arm::Foot,
            mounted: false,
        }],
        leaders: Vec::new(),
        surrounded: false,
        ridge: None,
        big_donga: false,
        thorn_hedge: false,
        trench: false,
        rough: false,
        prohibited_hexside: false,
        khalifa_killed: false,
        mounted_retreat: false,
        origins: Origins::default(),
    };
    situation::melee(records, roles, base, &[]).map(sotq::Request::Melee)
}

fn leader_death(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    situation::leader_death(records, roles, LeaderDeathInput::default())
        .map(sotq::Request::LeaderDeath)
}

fn rally(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    let base = RallyInput {
        game: Game::Isandhlwana,
        side: Side::Zulu,
        rallier: Rallier::ArmyCommander,
        unit_command: None,
        unit_artillery: false,
        position: Position::Stacked,
        army_commander_killed: false,
        unit: None,
        origins: Origins::default(),
    };
    situation::rally(records, roles, base, &[]).map(sotq::Request::Rally)
}

fn resupply(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    let base = ResupplyInput {
        unit_type: ResupplyUnit::Foot,
        boxes: 10,
        marked: 5,
        range: 2,
        artillery: false,
        pinned: false,
        routed: false,
        path_blocked: false,
        unit: None,
        origins: Origins::default(),
    };
    situation::resupply(records, roles, base, &[]).map(sotq::Request::Resupply)
}

fn stack(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    let piece = |i: usize| Piece {
        name: format!("piece {i}"),
        kind: Kind::Foot,
        melee: 0,
        group: Some("uVe".into()),
        colonial: false,
    };
    let base = StackInput {
        game: Game::Isandhlwana,
        side: Side::Zulu,
        pieces: vec![piece(1), piece(2)],
        origins: Origins::default(),
    };
    situation::stack(records, roles, base, &[]).map(sotq::Request::Stack)
}

fn allowance(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    let base = AllowanceInput {
        game: Game::Isandhlwana,
        unit_type: String::new(),
        origins: Origins::default(),
    };
    situation::allowance(records, roles, base, &[]).map(sotq::Request::Allowance)
}

fn entry(records: &dyn Records, roles: &Roles) -> Result<sotq::Request, Refusal> {
    let base = EntryInput {
        game: Game::Isandhlwana,
        side: Side::British,
        hex: Some(sotq::Hex::parse("2201").expect("a hex")),
        order: 2,
        hex_cost: Some(1),
        terrain: None,
        unit_type: None,
        origins: Origins::default(),
    };
    situation::entry(records, roles, base, &[]).map(sotq::Request::Entry)
}

fn cases() -> Vec<Case> {
    vec![
        // Test club: "4T at range 3 is T 1L; 3-4 shifts to 1-2; die 6: '1'; the second unit
        // (D) rolls 2: WD".
        Case {
            command: &["fire", "--game", "isandhlwana"],
            roles: &[
                ("firer-1", "A/1/24"),
                ("target", "top"),
                ("target-2", "second"),
            ],
            with_roles: &[
                "--firer",
                "strength=4,weapon=T,range=3",
                "--target",
                "morale=B",
                "--target",
                "morale=D",
            ],
            by_hand: &[
                "--firer",
                "name=A/1/24,strength=4,weapon=T,range=3,nationality=regular",
                "--target",
                "name=top,morale=B",
                "--target",
                "name=second,morale=D",
            ],
            engine: fire,
            dice: Some("6,2"),
            expect: ("eliminated", serde_json::json!(["top"])),
        },
        // Test club: 6 against 2 is 3-1, die 3: RT.
        Case {
            command: &["melee", "--game", "omdurman"],
            roles: &[("attacker-1", "top"), ("defender", "A/1/24")],
            with_roles: &[
                "--attacker",
                "strength=6",
                "--defender",
                "strength=2,morale=A",
            ],
            by_hand: &[
                "--attacker",
                "name=top,strength=6,nationality=zulu",
                "--defender",
                "name=A/1/24,strength=2,morale=A",
            ],
            engine: melee,
            dice: Some("3"),
            expect: ("result", Value::from("RT")),
        },
        // PART 13 D: "killed on a roll of 2 or 12".
        Case {
            command: &["leader-death"],
            roles: &[("leader", "Durnford")],
            with_roles: &[],
            by_hand: &[],
            engine: leader_death,
            dice: Some("1,1"),
            expect: ("killed", Value::from(true)),
        },
        // PART 13 E: "A commander can automatically rally any unit in his command with which
        // he is stacked".
        Case {
            command: &[
                "rally",
                "--game",
                "isandhlwana",
                "--side",
                "zulu",
                "--leader",
                "army-commander",
                "--at",
                "stacked",
            ],
            roles: &[("unit", "uNokhenke")],
            with_roles: &[],
            by_hand: &[],
            engine: rally,
            dice: None,
            expect: ("rallied", Value::from(true)),
        },
        // Test club: dismounted cavalry at 0-2 hexes succeed on 1-4 (foot on 1-5): a 5
        // erases nothing for the NMP, on foot as the records show them.
        Case {
            command: &["resupply", "--boxes", "10", "--marked", "5", "--range", "2"],
            roles: &[("unit", "NMP")],
            with_roles: &[],
            by_hand: &["--unit-type", "dismounted-cavalry"],
            engine: resupply,
            dice: Some("5"),
            expect: ("resupplied", Value::from(false)),
        },
        // PART 9 A: "A maximum of two Zulu combat units" of one impi in a hex.
        Case {
            command: &["stack", "--game", "isandhlwana", "--side", "zulu"],
            roles: &[("piece-1", "top"), ("piece-2", "second")],
            with_roles: &["--piece", "group=uVe", "--piece", "group=uVe"],
            by_hand: &[
                "--piece",
                "name=top,kind=foot,group=uVe",
                "--piece",
                "name=second,kind=foot,group=uVe",
            ],
            engine: stack,
            dice: None,
            expect: ("legal", Value::from(true)),
        },
        // PART 6 B: "Regular Infantry (Foot) 3".
        Case {
            command: &["allowance", "--game", "isandhlwana"],
            roles: &[("unit", "A/1/24")],
            with_roles: &[],
            by_hand: &["--unit", "regular-infantry"],
            engine: allowance,
            dice: None,
            expect: ("allowance", Value::from(3)),
        },
        // PART 15: "Units pay the Movement Point costs of their entry hex when they enter,
        // and the second unit to enter hex 2201 must pay an additional Movement Point": the
        // second through 2201, a 1 MP hex, pays 2.
        Case {
            command: &[
                "entry",
                "--game",
                "isandhlwana",
                "--side",
                "british",
                "--order",
                "2",
                "--hex-cost",
                "1",
                "--hex",
                "2201",
            ],
            roles: &[("unit", "N/5")],
            with_roles: &[],
            by_hand: &["--unit", "artillery-limbered"],
            engine: entry,
            dice: None,
            expect: ("mp", Value::from(2)),
        },
    ]
}

/// The steps that state what the records decided (the input's origins).
fn is_origin_step(step: &Value) -> bool {
    let text = step["text"].as_str().unwrap_or_default();
    ["from the records", "given by hand", "left to the referee"]
        .iter()
        .any(|p| text.starts_with(p))
}

fn run(case: &Case, with: &[String], tables: &str) -> Value {
    let mut args: Vec<String> = ["sotq"]
        .iter()
        .chain(case.command)
        .map(|a| (*a).to_owned())
        .collect();
    args.extend(with.iter().cloned());
    if let Some(faces) = case.dice {
        args.extend(["--dice".to_owned(), faces.to_owned()]);
    }
    args.extend([
        "--tables".to_owned(),
        tables.to_owned(),
        "--json".to_owned(),
    ]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, value) = json_of(&args);
    assert_eq!(code, Some(0), "{args:?}: {value}");
    value
}

#[test]
fn each_procedure_is_one_resolution_from_the_records_the_engine_and_flags() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let file = path.display().to_string();
    let tables = club();
    let charts = laager::store::tables::load(Some(std::path::Path::new(&tables))).expect("club");
    let opened =
        laager::store::CampaignFile::open(&path, laager::store::Mode::Read).expect("opens");
    let records = opened.campaign().games[0].state().clone();
    for case in cases() {
        let name = case.command[0];
        // Through --campaign with the units in their roles.
        let mut with: Vec<String> = vec!["--campaign".to_owned(), file.clone()];
        for (role, id) in case.roles {
            with.extend(["--unit".to_owned(), format!("{role}={id}")]);
        }
        with.extend(case.with_roles.iter().map(|a| (*a).to_owned()));
        let from_records = run(&case, &with, &tables);

        // The engine's own path: the situation, then Request::resolve_with.
        let roles = Roles(
            case.roles
                .iter()
                .map(|(r, id)| ((*r).to_owned(), (*id).to_owned()))
                .collect(),
        );
        let request = (case.engine)(&records, &roles).expect("situation");
        let dice = case
            .dice
            .map_or(DiceChoice::None, |f| DiceChoice::Typed(f.to_owned()));
        let engine = Request::SoldiersOfTheQueen(request)
            .resolve_with(&charts, &dice)
            .expect("resolves");
        assert_eq!(
            serde_json::to_value(engine).expect("serialises"),
            from_records,
            "{name}"
        );
        assert_eq!(
            from_records["outcome"][case.expect.0], case.expect.1,
            "{name}"
        );
        assert!(
            from_records["steps"][0]["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("from the records")),
            "{name}: the first step says what the records decided"
        );

        // The same situation typed by hand: the same outcome and steps, less those that
        // say what the records decided.
        let by_hand: Vec<String> = case.by_hand.iter().map(|a| (*a).to_owned()).collect();
        let from_flags = run(&case, &by_hand, &tables);
        assert_eq!(from_flags["outcome"], from_records["outcome"], "{name}");
        let kept: Vec<&Value> = from_records["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .filter(|s| !is_origin_step(s))
            .collect();
        let typed: Vec<&Value> = from_flags["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .collect();
        assert_eq!(typed, kept, "{name}");
    }
}
