//! `laager sotq ... --campaign FILE --unit ROLE=ID`: the units read from a game's records
//! (`rules::soldiers_of_the_queen::situation`) give the same resolution as the same units
//! typed in specs; a key typed wins and the steps say so; `--apply` records what the roll
//! did to the unit in its role.

use super::club_dir;
use crate::support::{run, stderr, stdout};
use laager::game::{Campaign, CampaignSettings, Event, Game, UnitEdit, UnitId, UnitSpec};
use laager::record::Status;
use laager::store::{CampaignFile, Mode};
use serde_json::Value;
use std::path::{Path, PathBuf};

pub(super) fn json_of(args: &[&str]) -> (Option<i32>, Value) {
    let out = run(args);
    let text = stdout(&out);
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("json: {e}\n{text}\n{}", stderr(&out)));
    (out.status.code(), value)
}

fn unit(id: &str, side: &str, troop_type: &str, class: &str) -> UnitSpec {
    UnitSpec {
        unit_id: UnitId(id.to_owned()),
        name: id.to_owned(),
        side: side.to_owned(),
        troop_type: troop_type.to_owned(),
        initial: 1,
        present: 1,
        class: Some(class.to_owned()),
        strength_note: None,
        formation: None,
    }
}

/// An Isandhlwana game: A/1/24 (regular infantry), N/5 (artillery, limbered), Durnford,
/// Zulus "top", "second", uNokhenke (routed) and uDududu, C/1/24 (pinned) and the Natal
/// Mounted Police on foot (NMP).
pub(super) fn campaign(dir: &Path) -> PathBuf {
    let path = dir.join("sotq.laager");
    let mut game = Game::new(
        laager::Ruleset::SoldiersOfTheQueen,
        "Isandhlwana",
        serde_json::json!(null),
    );
    for spec in [
        unit("A/1/24", "British", "regular-infantry", "regular"),
        unit("N/5", "British", "artillery-limbered", "regular"),
        unit("Durnford", "British", "durnford", "colonial"),
        unit("top", "Zulus", "zulu-infantry", "zulu"),
        unit("second", "Zulus", "zulu-infantry", "zulu"),
        unit("uNokhenke", "Zulus", "zulu-infantry", "zulu"),
        unit("uDududu", "Zulus", "zulu-infantry", "zulu"),
        unit("C/1/24", "British", "regular-infantry", "regular"),
        unit("NMP", "British", "horse-dismounted", "colonial"),
    ] {
        game.append(Event::UnitAdded { unit: spec }).expect("joins");
    }
    for (id, word) in [("uNokhenke", "routed"), ("C/1/24", "pinned")] {
        game.append(Event::Edit {
            edit: UnitEdit::StatusSet {
                unit_id: UnitId(id.to_owned()),
                status: Status::parse(word),
            },
        })
        .expect("status");
    }
    let mut campaign = Campaign::new("Isandhlwana", CampaignSettings::default());
    campaign.games.push(game);
    CampaignFile::create_from(&path, &campaign).expect("create");
    path
}

pub(super) fn club() -> String {
    club_dir().to_str().expect("utf-8").to_owned()
}

pub(super) fn state_of(path: &Path) -> laager::game::GameState {
    let opened = CampaignFile::open(path, Mode::Read).expect("open");
    opened.campaign().games[0].state().clone()
}

fn steps_text(v: &Value) -> String {
    v["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| s["text"].as_str().unwrap_or_default().to_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

// The club fire of `cli.rs` ("4T at range 3 is T 1L; 3-4 shifts to 1-2; die 6: '1'; the
// second unit (D) rolls 2: WD"), its units named by role: the records give A/1/24's name
// and nationality and the target hex's names; the outcome is the typed one's.
#[test]
fn a_fire_read_from_the_records_is_the_fire_typed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let file = path.to_str().expect("utf-8");
    let club = club();
    let base = [
        "sotq",
        "fire",
        "--game",
        "isandhlwana",
        "--dice",
        "6,2",
        "--tables",
        &club,
        "--json",
    ];
    let typed: Vec<&str> = base
        .iter()
        .copied()
        .chain([
            "--firer",
            "name=A/1/24,strength=4,weapon=T,range=3,nationality=regular",
            "--target",
            "name=top,morale=B",
            "--target",
            "name=second,morale=D",
        ])
        .collect();
    let read: Vec<&str> = base
        .iter()
        .copied()
        .chain([
            "--campaign",
            file,
            "--unit",
            "firer-1=A/1/24",
            "--firer",
            "strength=4,weapon=T,range=3",
            "--unit",
            "target=top",
            "--unit",
            "target-2=second",
            "--target",
            "morale=B",
            "--target",
            "morale=D",
        ])
        .collect();
    let ((c1, v1), (c2, v2)) = (json_of(&typed), json_of(&read));
    assert_eq!((c1, c2), (Some(0), Some(0)), "{v2}");
    assert_eq!(v1["outcome"], v2["outcome"]);
    assert_eq!(v2["outcome"]["eliminated"], serde_json::json!(["top"]));
    let text = steps_text(&v2);
    assert!(
        text.starts_with("from the records: firer-1 name A/1/24"),
        "{text}"
    );
    assert!(text.contains("firer-1 nationality regular"), "{text}");
    assert!(text.contains("target-2 name second"), "{text}");
}

// PART 10 F: "only units that are not pinned or routed can fire" — C/1/24 is pinned on
// the roster, so firing him is refused as typing `pinned` is.
#[test]
fn a_unit_pinned_on_the_roster_may_not_fire() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let (code, v) = json_of(&[
        "sotq",
        "fire",
        "--game",
        "isandhlwana",
        "--campaign",
        path.to_str().expect("utf-8"),
        "--unit",
        "firer-1=C/1/24",
        "--firer",
        "strength=4,weapon=T,range=1",
        "--unit",
        "target=uDududu",
        "--dice",
        "1",
        "--tables",
        &club(),
        "--json",
    ]);
    assert_eq!(code, Some(2), "{v}");
    let reason = v["refusal"]["reason"].as_str().expect("reason");
    assert!(reason.contains("not pinned or routed"), "{reason}");
    assert_eq!(v["refusal"]["kind"], "not_allowed");
}

// A key typed in the spec wins over the records' and the steps say which.
#[test]
fn a_nationality_typed_wins_over_the_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let (code, v) = json_of(&[
        "sotq",
        "fire",
        "--game",
        "isandhlwana",
        "--campaign",
        path.to_str().expect("utf-8"),
        "--unit",
        "firer-1=A/1/24",
        "--firer",
        "strength=4,weapon=T,range=3,nationality=colonial",
        "--unit",
        "target=top",
        "--target",
        "morale=B",
        "--seed",
        "1",
        "--tables",
        &club(),
        "--json",
    ]);
    assert_eq!(code, Some(0), "{v}");
    let text = steps_text(&v);
    assert!(
        text.contains("firer-1 nationality colonial given by hand; the records give regular"),
        "{text}"
    );
}

// The records' sides are checked: a fire on a unit of one's own side is refused.
#[test]
fn a_fire_on_a_friendly_unit_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let (code, v) = json_of(&[
        "sotq",
        "fire",
        "--game",
        "isandhlwana",
        "--campaign",
        path.to_str().expect("utf-8"),
        "--unit",
        "firer-1=A/1/24",
        "--firer",
        "strength=4,weapon=T,range=3",
        "--unit",
        "target=N/5",
        "--dice",
        "6",
        "--json",
    ]);
    assert_eq!(code, Some(2), "{v}");
    assert_eq!(v["refusal"]["kind"], "bad_input");
    let reason = v["refusal"]["reason"].as_str().expect("reason");
    assert!(
        reason.contains("'N/5' is british like 'A/1/24'"),
        "{reason}"
    );
}

// A firer in a role with no spec to give its printed values is refused, naming them.
#[test]
fn a_firer_with_no_fire_strength_is_refused_naming_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let (code, v) = json_of(&[
        "sotq",
        "fire",
        "--game",
        "isandhlwana",
        "--campaign",
        path.to_str().expect("utf-8"),
        "--firer",
        "strength=4,weapon=T,range=3",
        "--unit",
        "firer-1=A/1/24",
        "--unit",
        "firer-2=N/5",
        "--unit",
        "target=top",
        "--dice",
        "6",
        "--json",
    ]);
    assert_eq!(code, Some(2), "{v}");
    let reason = v["refusal"]["reason"].as_str().expect("reason");
    assert!(
        reason.starts_with(
            "firer-2 ('N/5'): its Fire Strength, weapon and range are printed on the counter"
        ),
        "{reason}"
    );
}

// The club melee of `cli.rs` (6 against 2 is 3-1, die 3: RT), the defender read from the
// records: "top" routs and carries it; the attacker's nationality is the records'.
#[test]
fn a_melee_read_from_the_records_routs_the_defender_on_apply() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let file = path.to_str().expect("utf-8");
    let (code, v) = json_of(&[
        "sotq",
        "melee",
        "--game",
        "omdurman",
        "--campaign",
        file,
        "--unit",
        "attacker-1=top",
        "--attacker",
        "strength=6",
        "--unit",
        "defender=A/1/24",
        "--defender",
        "strength=2,morale=A",
        "--dice",
        "3",
        "--tables",
        &club(),
        "--apply",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["odds"], "3-1");
    assert_eq!(v["outcome"]["result"], "RT");
    assert!(
        steps_text(&v).contains("attacker-1 nationality zulu"),
        "{v}"
    );
    let state = state_of(&path);
    let status = state
        .unit(&UnitId("A/1/24".to_owned()))
        .and_then(|u| u.status.clone());
    assert_eq!(status.as_ref().map(Status::name), Some("routed"));
}

// PART 13 D: a leader's death roll, "killed on a roll of 2 or 12": 1,1 kills Durnford and
// --apply takes him off the roster.
#[test]
fn a_leader_killed_by_his_roll_leaves_the_game() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let file = path.to_str().expect("utf-8");
    let (code, v) = json_of(&[
        "sotq",
        "leader-death",
        "--dice",
        "1,1",
        "--campaign",
        file,
        "--unit",
        "leader=Durnford",
        "--apply",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["killed"], true);
    assert!(
        steps_text(&v).contains("leader Durnford — 'Durnford' is a leader on the roster"),
        "{v}"
    );
    let state = state_of(&path);
    assert!(
        state
            .unit(&UnitId("Durnford".to_owned()))
            .expect("roster")
            .removed
    );
    // A combat unit is no leader.
    let (code, v) = json_of(&[
        "sotq",
        "leader-death",
        "--dice",
        "1,1",
        "--campaign",
        file,
        "--unit",
        "leader=top",
        "--json",
    ]);
    assert_eq!(code, Some(2), "{v}");
    assert!(
        v["refusal"]["reason"]
            .as_str()
            .is_some_and(|r| r.contains("not a leader")),
        "{v}"
    );
}

// PART 13 E: "A commander can automatically rally any unit in his command with which he is
// stacked" — uNokhenke, routed on the roster, rallies and --apply clears the status
// ("Routed units can be rallied (returned to normal status)"); "top" is not Routed.
#[test]
fn a_routed_unit_rallied_returns_to_normal_status() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let file = path.to_str().expect("utf-8");
    let rally = |id: &str, apply: bool| {
        let unit = format!("unit={id}");
        let mut args = vec![
            "sotq",
            "rally",
            "--game",
            "isandhlwana",
            "--side",
            "zulu",
            "--leader",
            "army-commander",
            "--at",
            "stacked",
            "--campaign",
            file,
            "--unit",
            &unit,
            "--json",
        ];
        if apply {
            args.push("--apply");
        }
        json_of(&args)
    };
    let (code, v) = rally("uNokhenke", true);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["rallied"], true);
    let state = state_of(&path);
    let unit = state.unit(&UnitId("uNokhenke".to_owned())).expect("roster");
    assert_eq!(unit.status, None);
    let (code, v) = rally("top", false);
    assert_eq!(code, Some(2), "{v}");
    assert_eq!(v["refusal"]["rule"]["section"], "PART 13 E");
}

// PART 6 B: "Regular Infantry (Foot) 3" — `--unit unit=A/1/24` reads the type from the
// roster; `--unit zulu-infantry` is still the type typed ("Zulu Infantry 5").
#[test]
fn a_movement_allowance_reads_the_unit_type_from_the_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let file = path.to_str().expect("utf-8");
    let (code, v) = json_of(&[
        "sotq",
        "allowance",
        "--game",
        "isandhlwana",
        "--unit",
        "unit=A/1/24",
        "--campaign",
        file,
        "--json",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["allowance"], 3);
    assert!(steps_text(&v).contains("unit type regular infantry"), "{v}");
    let (code, v) = json_of(&[
        "sotq",
        "allowance",
        "--game",
        "isandhlwana",
        "--unit",
        "zulu-infantry",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["allowance"], 5);
    // PART 15's entry cost uses the same type: "Artillery (Limbered) 6".
    let (code, v) = json_of(&[
        "sotq",
        "entry",
        "--game",
        "isandhlwana",
        "--side",
        "british",
        "--order",
        "1",
        "--hex-cost",
        "1",
        "--unit",
        "unit=N/5",
        "--campaign",
        file,
        "--json",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert_eq!(v["outcome"]["mp"], 1, "{v}");
    assert!(
        steps_text(&v).contains("unit type artillery limbered"),
        "{v}"
    );
}

// PART 9 A: "A maximum of two Zulu combat units" of one impi — the records give each
// piece's name and kind, the specs their impi; `--unit` without a campaign is refused.
#[test]
fn a_stack_reads_its_pieces_from_the_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let file = path.to_str().expect("utf-8");
    let (code, v) = json_of(&[
        "sotq",
        "stack",
        "--game",
        "isandhlwana",
        "--side",
        "zulu",
        "--campaign",
        file,
        "--unit",
        "piece-1=top",
        "--unit",
        "piece-2=second",
        "--piece",
        "group=uVe",
        "--piece",
        "group=uVe",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{v}");
    assert!(steps_text(&v).contains("piece-2 name second"), "{v}");
    assert_eq!(v["outcome"]["legal"], true);
    let out = run(&[
        "sotq",
        "stack",
        "--game",
        "isandhlwana",
        "--side",
        "zulu",
        "--unit",
        "piece-1=top",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--campaign FILE.laager"),
        "{}",
        stderr(&out)
    );
}

// Each command's help names its roles (issue 16: "roles per procedure in its --help").
#[test]
fn each_commands_help_names_its_roles() {
    for (command, role) in [
        ("fire", "--unit firer-1=ID"),
        ("melee", "--unit attacker-1=ID"),
        ("leader-death", "--unit leader=ID"),
        ("rally", "--unit unit=ID"),
        ("allowance", "--unit unit=ID"),
        ("entry", "--unit unit=ID"),
        ("stack", "--unit piece-1=ID"),
        ("resupply", "--unit unit=ID"),
    ] {
        let out = run(&["sotq", command, "--help"]);
        assert!(stdout(&out).contains(role), "{command}: {}", stdout(&out));
    }
}

// Applying guards what the records say: a death roll's "killed" removes a leader, not the
// combat unit in the role by mistake, and a rally clears "routed" only ("Routed units can
// be rallied (returned to normal status)"), not C/1/24's "pinned".
#[test]
fn applying_a_roll_to_the_wrong_unit_changes_nothing() {
    use laager::dice::DiceChoice;
    use laager::rules::Request;
    use laager::rules::situation::{Origins, Roles};
    use laager::rules::soldiers_of_the_queen::{
        self as sotq, Game, LeaderDeathInput, Position, Rallier, RallyInput, Side,
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign(dir.path());
    let state = state_of(&path);
    let charts = laager::charts::Charts::shipped().expect("shipped");
    let role = |role: &str, id: &str| Roles(vec![(role.to_owned(), id.to_owned())]);
    let death =
        Request::SoldiersOfTheQueen(sotq::Request::LeaderDeath(LeaderDeathInput::default()));
    let killed = death
        .resolve_with(&charts, &DiceChoice::Typed("1,1".into()))
        .expect("resolves");
    let applied = laager::game::effects::of(&killed, &role("leader", "top"), &state);
    assert!(applied.is_empty(), "{applied:?}");
    let applied = laager::game::effects::of(&killed, &role("leader", "Durnford"), &state);
    assert_eq!(applied.len(), 1, "{applied:?}");
    let rally = Request::SoldiersOfTheQueen(sotq::Request::Rally(RallyInput {
        game: Game::Isandhlwana,
        side: Side::British,
        rallier: Rallier::ArmyCommander,
        unit_command: None,
        unit_artillery: false,
        position: Position::Stacked,
        army_commander_killed: false,
        unit: None,
        origins: Origins::default(),
    }));
    let rallied = rally
        .resolve_with(&charts, &DiceChoice::None)
        .expect("resolves");
    let applied = laager::game::effects::of(&rallied, &role("unit", "C/1/24"), &state);
    assert!(applied.is_empty(), "{applied:?}");
}
