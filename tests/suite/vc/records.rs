//! Fire and melee from a campaign game's records (`vc::situation`, `laager vc fire|melee
//! --campaign FILE --unit ...`): the SP the counters in their roles bring, and the hits
//! applied to the counter in role `target`. Worked on the rulebook's own examples.

use crate::support::{assert_refused_json, run, stderr, stdout};
use laager::Ruleset;
use laager::game::{Campaign, CampaignSettings, Event, Game, UnitEdit, UnitId, UnitSpec};
use laager::record::Status;
use laager::resolution::RefusalKind;
use laager::store::{CampaignFile, Mode};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

pub(super) fn counter(id: &str, side: &str, kind: &str, sp: u32) -> UnitSpec {
    UnitSpec {
        unit_id: UnitId(id.to_owned()),
        name: id.to_owned(),
        side: side.to_owned(),
        troop_type: kind.to_owned(),
        initial: sp,
        present: sp,
        class: None,
        strength_note: None,
        formation: None,
    }
}

/// Zone 16 of the Combat and Melee Examples: "Two British 2 SP infantry units, plus a
/// Native Infantry 2 SP unit occupy zone 16, along with British Commander Pulleine" (the
/// Melee Example adds a second native unit and marks one infantry unit Ammo Depleted); the
/// Zulu force of zone 11, 17 SP.
pub(super) fn campaign(dir: &Path) -> PathBuf {
    let mut game = Game::new(Ruleset::VictoriaCross, "Isandlwana", json!(null));
    for unit in [
        counter("1/24 A", "British", "infantry", 2),
        counter("1/24 C", "British", "infantry", 2),
        counter("NNC 1", "British", "native-infantry", 2),
        counter("NNC 2", "British", "native-infantry", 2),
        counter("Pulleine", "British", "leader", 1),
        counter("Zone 11 Zulus", "Zulus", "warriors", 17),
    ] {
        game.append(Event::UnitAdded { unit }).expect("joins");
    }
    let mut campaign = Campaign::new("Isandlwana", CampaignSettings::default());
    campaign.games.push(game);
    let path = dir.join("vc.laager");
    CampaignFile::create_from(&path, &campaign).expect("create");
    path
}

fn mark_ammo_depleted(path: &Path, unit: &str) {
    let mut file = CampaignFile::open(path, Mode::Write).expect("open");
    crate::support::log(
        &mut file,
        1,
        Event::Edit {
            edit: UnitEdit::StatusSet {
                unit_id: UnitId(unit.to_owned()),
                status: Status::parse("ammo depleted"),
            },
        },
    )
    .expect("marked");
}

pub(super) fn present(path: &Path, unit: &str) -> u32 {
    let file = CampaignFile::open(path, Mode::Read).expect("open");
    file.campaign().games[0]
        .state()
        .unit(&UnitId(unit.to_owned()))
        .expect("on the roster")
        .present
}

pub(super) fn json_of(args: &[&str]) -> Value {
    let out = run(args);
    serde_json::from_str(&stdout(&out)).unwrap_or_else(|e| panic!("{e}: {}", stderr(&out)))
}

pub(super) fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8")
}

// "The British player totals up his firing SP's in zone 16, coming up with the total of 5
// SP's. He receives 2 SP's each from the two British infantry plus 1 SP for Pulleine. He
// receives no SP from the Native infantry ... The British player rolls his 5 dice and the
// results are 1, 1, 3, 5, 6. The results yield ... 2 hits on the Zulu force. The Zulu
// player immediately removes 2 SP from the Zulu force".
#[test]
fn the_combat_examples_five_sp_come_from_the_records_and_its_two_hits_are_applied() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let by_flags = json_of(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--sp",
        "5",
        "--range",
        "2",
        "--dice",
        "1,1,3,5,6",
        "--json",
    ]);
    let from_records = json_of(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--range",
        "2",
        "--campaign",
        s(&file),
        "--unit",
        "firer-1=1/24 A",
        "--unit",
        "firer-2=1/24 C",
        "--unit",
        "firer-3=NNC 1",
        "--unit",
        "firer-4=Pulleine",
        "--unit",
        "target=Zone 11 Zulus",
        "--dice",
        "1,1,3,5,6",
        "--apply",
        "--json",
    ]);
    assert_eq!(
        from_records["outcome"],
        json!({"hits": 2, "ammo_checks": 2})
    );
    assert_eq!(from_records["outcome"], by_flags["outcome"]);
    let first = from_records["steps"][0]["text"].as_str().expect("a step");
    assert!(
        first.starts_with("from the records: firing SP 5 — 1/24 A: one die per SP 2;"),
        "{first}"
    );
    assert!(
        first.contains("NNC 1: native infantry may only melee 0"),
        "{first}"
    );
    assert_eq!(present(&file, "Zone 11 Zulus"), 15);
    // The applied fire replays from its recorded input and dice.
    let replay = run(&["log", "replay", s(&file)]);
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
    assert!(
        stdout(&replay).contains("1 applied resolution"),
        "{}",
        stdout(&replay)
    );
}

// "The British player decides to melee all 9 SP against the Zulu's in zone 11 ... (1 for
// Pulleine + 4 for the two British infantry, even though one is marked Ammo Depleted it may
// still melee + 4 for the two Native Infantry ...) ... he gets 5 hits ... The Zulu player
// takes all 5 of his SP losses from the 17 SP attacking from zone 11, leaving the Zulu
// player with 12 SP in zone 11". The side is read from the counters too.
#[test]
fn the_melee_examples_nine_sp_and_side_come_from_the_records_and_its_five_hits_are_applied() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    mark_ammo_depleted(&file, "1/24 C");
    let dice = "5,5,5,6,6,1,2,3,4";
    let by_flags = json_of(&[
        "vc",
        "melee",
        "--battle",
        "isandlwana",
        "--side",
        "british",
        "--sp",
        "9",
        "--dice",
        dice,
        "--json",
    ]);
    let mut args = vec![
        "vc",
        "melee",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
    ];
    for unit in [
        "unit-1=Pulleine",
        "unit-2=1/24 A",
        "unit-3=1/24 C",
        "unit-4=NNC 1",
        "unit-5=NNC 2",
        "target=Zone 11 Zulus",
    ] {
        args.extend(["--unit", unit]);
    }
    args.extend(["--dice", dice, "--apply", "--json"]);
    let from_records = json_of(&args);
    assert_eq!(from_records["outcome"], json!({"hits": 5}));
    assert_eq!(from_records["outcome"], by_flags["outcome"]);
    assert_eq!(present(&file, "Zone 11 Zulus"), 12);
}

// The Ammo Depleted marker on the records: "may not conduct fire combat while marked"; a
// flag given wins over the records' SP, and a step says so.
#[test]
fn an_ammo_depleted_counter_does_not_fire_and_a_flag_given_wins() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    mark_ammo_depleted(&file, "1/24 C");
    let base = [
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--range",
        "2",
        "--campaign",
        s(&file),
        "--unit",
        "firer-1=1/24 A",
        "--unit",
        "firer-2=1/24 C",
        "--unit",
        "firer-3=Pulleine",
        "--odds",
        "--json",
    ];
    let read = json_of(&base);
    let given = json_of(&[&base[..], &["--sp", "4"]].concat());
    let dice = |odds: &Value| odds["outcomes"].as_array().map_or(0, Vec::len);
    // 3 SP fire (2 + 1), hitting on 4, 5 or 6 at R2: 0 to 3 hits, all three 1/8; with 4
    // given: 0 to 4 hits.
    assert_eq!((dice(&read), dice(&given)), (4, 5), "{read}\n{given}");
    assert_eq!(
        read["outcomes"][3],
        json!({"probability": 0.125, "value": 3})
    );
    let resolved = json_of(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--range",
        "2",
        "--campaign",
        s(&file),
        "--unit",
        "firer-1=1/24 A",
        "--unit",
        "firer-2=1/24 C",
        "--sp",
        "4",
        "--dice",
        "6,6,6,6",
        "--json",
    ]);
    let texts: Vec<&str> = resolved["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .filter_map(|s| s["text"].as_str())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("firing SP 4 given by hand; the records give 2")),
        "{texts:#?}"
    );
}

// "Zulus fire only by random fire"; the hits fall on the other side's counter; one side
// melees at a time: each refused as bad input by its rule, exit 2.
#[test]
fn a_zulu_firer_a_british_target_or_mixed_sides_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    for (args, section) in [
        (
            vec![
                "vc",
                "fire",
                "--range",
                "1",
                "--unit",
                "firer-1=Zone 11 Zulus",
            ],
            "Fire Combat",
        ),
        (
            vec![
                "vc",
                "fire",
                "--range",
                "1",
                "--unit",
                "firer-1=1/24 A",
                "--unit",
                "target=1/24 C",
            ],
            "Fire Combat",
        ),
        (
            vec![
                "vc",
                "melee",
                "--unit",
                "unit-1=1/24 A",
                "--unit",
                "unit-2=Zone 11 Zulus",
            ],
            "Melee Combat",
        ),
    ] {
        let mut args = args;
        args.extend([
            "--battle",
            "isandlwana",
            "--campaign",
            s(&file),
            "--dice",
            "6",
            "--json",
        ]);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert_refused_json(
            &serde_json::from_str(&stdout(&out)).expect("json"),
            RefusalKind::BadInput,
            section,
        );
    }
}

// "Chard, Bromhead, Durnford, and Pulleine, may each conduct volley fire with up to 4 SP
// plus themselves ... He would roll 15 dice, the 4 SP plus Chard equal 5 dice x 3": Pulleine
// with the two 2 SP infantry units of zone 16, read from the records, throws 15 dice, as
// `--sp 4` does, and the hits come off the Zulu counter.
#[test]
fn a_volleys_leader_and_infantry_sp_come_from_the_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let dice = "6,6,6,5,5,4,4,3,3,2,2,1,1,1,1";
    let by_flags = json_of(&[
        "vc",
        "volley",
        "--battle",
        "isandlwana",
        "--sp",
        "4",
        "--dice",
        dice,
        "--json",
    ]);
    let from_records = json_of(&[
        "vc",
        "volley",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
        "--unit",
        "leader=Pulleine",
        "--unit",
        "infantry-1=1/24 A",
        "--unit",
        "infantry-2=1/24 C",
        "--unit",
        "target=Zone 11 Zulus",
        "--dice",
        dice,
        "--apply",
        "--json",
    ]);
    assert_eq!(from_records["outcome"], by_flags["outcome"]);
    assert_eq!(
        from_records["rolls"][0]["faces"].as_array().map(Vec::len),
        Some(15)
    );
    let hits = from_records["outcome"]["hits"].as_u64().expect("hits");
    assert!(hits > 0, "{from_records}");
    assert_eq!(u64::from(present(&file, "Zone 11 Zulus")), 17 - hits);
    // A native infantry counter is not British infantry for a volley.
    let out = run(&[
        "vc",
        "volley",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
        "--unit",
        "leader=Pulleine",
        "--unit",
        "infantry-1=NNC 1",
        "--dice",
        dice,
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_refused_json(
        &serde_json::from_str(&stdout(&out)).expect("json"),
        RefusalKind::BadInput,
        "British Leaders: VOLLEY FIRE",
    );
}

// "The Zulu player ... scores a hit on the British for every 6 rolled. The British player
// then allocates the hits among the units in the zone(s) picked by the Zulu player. British
// units reduced below 1 SP are eliminated from the game": two 6s on Pulleine (1 SP) take
// his 1 SP (the second hit is the British player's to place) and eliminate him.
#[test]
fn a_random_fires_hits_fall_on_the_british_counter_named_and_eliminate_it_at_no_sp() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let faces = |n: usize| {
        let mut faces = vec!["6", "6"];
        faces.resize(n, "1");
        faces.join(",")
    };
    // The dice the battle gives: as many as the odds list outcomes, less one.
    let odds = json_of(&[
        "vc",
        "random-fire",
        "--battle",
        "isandlwana",
        "--odds",
        "--json",
    ]);
    let dice = odds["outcomes"].as_array().map_or(0, Vec::len) - 1;
    let out = json_of(&[
        "vc",
        "random-fire",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
        "--unit",
        "target=Pulleine",
        "--dice",
        &faces(dice),
        "--apply",
        "--json",
    ]);
    assert_eq!(out["outcome"], json!({"hits": 2}));
    let events = out["applied"].to_string();
    assert!(events.contains("only 1 left"), "{events}");
    let file = CampaignFile::open(&file, Mode::Read).expect("open");
    let pulleine = file.campaign().games[0]
        .state()
        .unit(&UnitId("Pulleine".to_owned()))
        .cloned()
        .expect("on the roster");
    assert_eq!((pulleine.present, pulleine.removed), (0, true));
    // A Zulu counter is not the random fire's target.
    let out = run(&[
        "vc",
        "random-fire",
        "--battle",
        "isandlwana",
        "--campaign",
        file.path().to_str().expect("utf-8"),
        "--unit",
        "target=Zone 11 Zulus",
        "--dice",
        &faces(dice),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_refused_json(
        &serde_json::from_str(&stdout(&out)).expect("json"),
        RefusalKind::BadInput,
        "Fire Combat: ZULU RANDOM FIRE COMBAT",
    );
}

// "Eliminate British units until the total SP for all British units' falls below 10 SP":
// zone 16's counters on the records are 2 + 2 + 2 + 2 = 8 SP (Pulleine, a leader, brings
// none: "16 British SP plus any leaders"), so the Zulus have won; the alternate level for 8
// is "Zulu Decisive Victory: 9 or less British SP survive"; and 17 warrior SP on the board
// leave room under "never ... more than 90 warrior SP" for all 35 on the loss track.
#[test]
fn the_british_sp_left_and_the_zulu_sp_on_the_board_are_counted_on_the_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let f = s(&file);
    let victory = json_of(&[
        "vc",
        "victory",
        "--battle",
        "isandlwana",
        "--turn",
        "5",
        "--zulu-vp",
        "0",
        "--campaign",
        f,
        "--json",
    ]);
    assert_eq!(victory["outcome"]["winner"], json!("zulu"), "{victory}");
    let first = victory["steps"][0]["text"].as_str().expect("a step");
    assert_eq!(
        first,
        "from the records: British SP 8 — the British counters left: 1/24 A 2, 1/24 C 2, NNC 1 2, NNC 2 2"
    );
    let level = json_of(&["vc", "alternate-victory", "--campaign", f, "--json"]);
    assert_eq!(level["outcome"]["level"], json!("zulu-decisive"));
    // A count given wins: 28 is a British Victory.
    let given = json_of(&[
        "vc",
        "alternate-victory",
        "--campaign",
        f,
        "--british-sp",
        "28",
        "--json",
    ]);
    assert_eq!(given["outcome"]["level"], json!("british-victory"));
    let reentry = json_of(&[
        "vc",
        "zulu-reentry",
        "--loss-track-sp",
        "35",
        "--campaign",
        f,
        "--json",
    ]);
    assert_eq!(reentry["outcome"], json!({"may_enter": 35, "held": 0}));
    // Without the records, the count is needed, named.
    let out = run(&["vc", "alternate-victory", "--json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("not given: --british-sp")
            && stderr(&out).contains("the records count it"),
        "{}",
        stderr(&out)
    );
}

// The counters selected at the desk in a fire's roles: "the owning player determines which
// units incur them", so the counter hit is the one picked last; the others fire, in order.
// A Zulu random fire has the one role, the British counter hit. Micro Colonial's sub-commander
// and unit keep their order.
#[test]
fn the_last_counter_selected_is_the_one_hit() {
    use laager::rules::Request;
    use laager::rules::victoria_cross::{
        self as vc, Battle, FireInput, FireSituation, RandomFireSituation,
    };
    let ids = |names: &[&str]| names.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let pairs = |roles: laager::rules::situation::Roles| {
        roles
            .0
            .into_iter()
            .map(|(r, id)| format!("{r}={id}"))
            .collect::<Vec<_>>()
    };
    let fire = Request::VictoriaCross(vc::Request::Fire(FireInput::AtRange(FireSituation::new(
        Battle::Isandlwana,
        5,
        2,
    ))));
    assert_eq!(
        pairs(fire.roles_of(&ids(&["1/24 A", "Pulleine", "Zone 11 Zulus"]))),
        ["firer-1=1/24 A", "firer-2=Pulleine", "target=Zone 11 Zulus"]
    );
    let random = Request::VictoriaCross(vc::Request::RandomFire(RandomFireSituation::new(
        Battle::Isandlwana,
    )));
    assert_eq!(pairs(random.roles_of(&ids(&["1/24 A"]))), ["target=1/24 A"]);
    let initiative = Request::MicroColonial(laager::rules::micro_colonial::Request::Initiative(
        laager::rules::micro_colonial::charge::InitiativeInput {
            origins: laager::rules::situation::Origins::default(),
        },
    ));
    assert_eq!(
        pairs(initiative.roles_of(&ids(&["Durnford", "1/24 A", "1/24 C"]))),
        ["sub-commander=Durnford", "unit=1/24 A", "unit-3=1/24 C"]
    );
    // How many counters fill the roles: one firer and the one hit (of the eight that may
    // fire), the one hit alone, and both of the sub-commander's pair.
    assert_eq!(fire.least_roles(), 2);
    assert_eq!(random.least_roles(), 1);
    assert_eq!(initiative.least_roles(), 2);
}

fn marked(path: &Path, unit: &str) -> bool {
    let file = CampaignFile::open(path, Mode::Read).expect("open");
    file.campaign().games[0]
        .state()
        .unit(&UnitId(unit.to_owned()))
        .expect("on the roster")
        .status
        .as_ref()
        .is_some_and(|s| s.name() == "ammo depleted")
}

fn ammo(file: &Path, firers: &[&str], dice: &str) -> Value {
    let mut args = vec![
        "vc".to_owned(),
        "ammo".to_owned(),
        "--ones".to_owned(),
        "2".to_owned(),
        "--distance".to_owned(),
        "1".to_owned(),
        "--campaign".to_owned(),
        s(file).to_owned(),
    ];
    for (i, id) in firers.iter().enumerate() {
        args.push("--unit".to_owned());
        args.push(format!("firer-{}={id}", i + 1));
    }
    args.extend(["--dice", dice, "--apply", "--json"].map(str::to_owned));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    json_of(&args)
}

// The Combat Example's ammunition check: "He must count the distance from zone 16 to zone 15,
// which is 1. This means he must roll two dice (one for each of the 1's rolled during fire
// combat) and on a result of 1 again ... he must mark a unit as Ammo Depleted. The British
// player ... rolls two 1's. This means he picks two of the firing units to be marked as Ammo
// Depleted, he chooses Pulleine, and one of the British 2 SP infantry units." Of the four
// counters that fired, three may be marked (NNC 1 brought no firing SP): two to mark is the
// British player's choice, named, and none is marked for him.
#[test]
fn the_combat_examples_two_ammo_depleted_are_the_british_players_choice() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let value = ammo(&file, &["1/24 A", "1/24 C", "NNC 1", "Pulleine"], "1,1");
    assert_eq!(value["outcome"], json!({"depleted": 2}), "{value}");
    let first = value["steps"][0]["text"].as_str().expect("a step");
    assert!(
        first.contains("units that may be marked 3")
            && first.contains("1/24 A, 1/24 C, Pulleine fired and may be marked"),
        "{first}"
    );
    let writes = value["applied"]["writes"].to_string();
    assert!(
        writes.contains(
            "mark 2 of 1/24 A, 1/24 C, Pulleine Ammo Depleted, the British player's choice"
        ),
        "{writes}"
    );
    for unit in ["1/24 A", "1/24 C", "NNC 1", "Pulleine"] {
        assert!(!marked(&file, unit), "{unit}");
    }
}

// With only Pulleine and 1/24 A firing the same two 1s leave no choice: both are marked, and
// the marker stops their next fire ("The unit may not conduct fire combat while marked").
// With 1/24 A firing alone the two are capped at one unit: "Any firing unit ... is marked".
#[test]
fn ammo_depleted_is_marked_when_every_firing_unit_must_be() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let value = ammo(&file, &["Pulleine", "1/24 A"], "1,1");
    assert_eq!(value["outcome"], json!({"depleted": 2}), "{value}");
    assert!(marked(&file, "Pulleine") && marked(&file, "1/24 A"));
    assert!(!marked(&file, "1/24 C"));
    let fire = json_of(&[
        "vc",
        "fire",
        "--battle",
        "isandlwana",
        "--range",
        "2",
        "--campaign",
        s(&file),
        "--unit",
        "firer-1=1/24 A",
        "--unit",
        "firer-2=1/24 C",
        "--dice",
        "1,1",
        "--json",
    ]);
    assert_eq!(fire["outcome"]["hits"], json!(0), "{fire}");

    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let value = ammo(&file, &["1/24 C"], "1,1");
    assert_eq!(value["outcome"], json!({"depleted": 1}), "{value}");
    assert!(marked(&file, "1/24 C"));
}

// BAYONET CHARGE: "a British leader with up to 4 SP each can conduct a bayonet charge" —
// Pulleine with the two 2 SP infantry counters is 5 SP, the Zulu counter charged 3 SP, read
// from the records as `--british-sp 5 --zulu-sp 3` gives them. Round 1 (Rorke's Drift's
// melee, as in rules_more.rs): 3 Zulu dice 6,1,1 hit once; 5 British dice 5,6,5,1,1 hit
// three times: the Zulus are gone ("until one side is eliminated") and leave the game; the
// British SP lost is the British player's to take off his counters.
#[test]
fn a_bayonet_charges_sp_come_from_the_records_and_its_losses_are_applied() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    {
        let mut opened = CampaignFile::open(&file, Mode::Write).expect("open");
        crate::support::log(
            &mut opened,
            1,
            Event::UnitAdded {
                unit: counter("Zone 12 Zulus", "Zulus", "warriors", 3),
            },
        )
        .expect("joins");
    }
    let dice = "6,1,1,5,6,5,1,1";
    let by_flags = json_of(&[
        "vc",
        "bayonet-charge",
        "--battle",
        "rorkes-drift",
        "--british-sp",
        "5",
        "--zulu-sp",
        "3",
        "--dice",
        dice,
        "--json",
    ]);
    let from_records = json_of(&[
        "vc",
        "bayonet-charge",
        "--battle",
        "rorkes-drift",
        "--campaign",
        s(&file),
        "--unit",
        "leader=Pulleine",
        "--unit",
        "unit-1=1/24 A",
        "--unit",
        "unit-2=1/24 C",
        "--unit",
        "target=Zone 12 Zulus",
        "--dice",
        dice,
        "--apply",
        "--json",
    ]);
    assert_eq!(
        from_records["outcome"],
        json!({"rounds": 1, "british_sp": 4, "zulu_sp": 0, "result": "zulus-eliminated"})
    );
    assert_eq!(from_records["outcome"], by_flags["outcome"]);
    let first = from_records["steps"][0]["text"].as_str().expect("a step");
    assert!(
        first.starts_with("from the records: British SP 5"),
        "{first}"
    );
    assert!(first.contains("Zulu SP 3"), "{first}");
    let opened = CampaignFile::open(&file, Mode::Read).expect("open");
    let state = opened.campaign().games[0].state();
    let zulus = state
        .unit(&UnitId("Zone 12 Zulus".to_owned()))
        .expect("roster");
    assert!(zulus.removed);
    assert_eq!(present(&file, "1/24 A"), 2, "the British player allocates");
    let text = from_records.to_string();
    assert!(
        text.contains("take 1 SP off Pulleine, 1/24 A, 1/24 C, the British player's choice"),
        "{text}"
    );
    let replay = run(&["log", "replay", s(&file)]);
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
}

// RORKE'S DRIFT: "On each turn the British player has two replacement SP that can be applied
// to units in storehouse zone G ... The replacement SP can only be applied to units of
// reduced strength": 1/24 A, down to 1 of its 2 SP on the records, gains 1 as typed by hand
// (`--replace name=1/24 A,sp=1,full=2,gain=1,in-g`) and --apply restores it to 2; 1/24 C at
// full strength is refused.
#[test]
fn replacements_read_the_sp_from_the_records_and_restore_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    {
        let mut opened = CampaignFile::open(&file, Mode::Write).expect("open");
        crate::support::log(
            &mut opened,
            1,
            Event::Edit {
                edit: UnitEdit::StrengthChanged {
                    unit_id: UnitId("1/24 A".to_owned()),
                    amount: 1,
                    cause: laager::game::Cause::Other,
                },
            },
        )
        .expect("a loss");
    }
    assert_eq!(present(&file, "1/24 A"), 1);
    let by_flags = json_of(&[
        "vc",
        "replacements",
        "--battle",
        "rorkes-drift",
        "--replace",
        "name=1/24 A,sp=1,full=2,gain=1,in-g",
        "--json",
    ]);
    let from_records = json_of(&[
        "vc",
        "replacements",
        "--battle",
        "rorkes-drift",
        "--campaign",
        s(&file),
        "--unit",
        "unit-1=1/24 A",
        "--replace",
        "gain=1,in-g",
        "--apply",
        "--json",
    ]);
    assert_eq!(from_records["outcome"], json!({"applied": 1}));
    assert_eq!(from_records["outcome"], by_flags["outcome"]);
    let first = from_records["steps"][0]["text"].as_str().expect("a step");
    assert!(
        first.starts_with("from the records: unit-1 name 1/24 A"),
        "{first}"
    );
    assert!(first.contains("unit-1 SP 1"), "{first}");
    assert_eq!(present(&file, "1/24 A"), 2);
    let out = run(&[
        "vc",
        "replacements",
        "--battle",
        "rorkes-drift",
        "--campaign",
        s(&file),
        "--unit",
        "unit-1=1/24 C",
        "--replace",
        "gain=1,in-g",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("units of reduced strength"),
        "{}",
        stdout(&out)
    );
    let replay = run(&["log", "replay", s(&file)]);
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
}

// A result whose dice Laager rolled (`--seed`) replays: its faces are read again as
// typed, and a roll is the same throw when its faces are (the desk's Roll logs the same).
#[test]
fn a_melee_rolled_from_a_seed_replays() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = campaign(dir.path());
    let out = run(&[
        "vc",
        "melee",
        "--battle",
        "isandlwana",
        "--campaign",
        s(&file),
        "--unit",
        "unit-1=Pulleine",
        "--unit",
        "unit-2=1/24 A",
        "--unit",
        "target=Zone 11 Zulus",
        "--seed",
        "3",
        "--apply",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let replay = run(&["log", "replay", s(&file)]);
    assert_eq!(replay.status.code(), Some(0), "{}", stdout(&replay));
    assert!(stdout(&replay).contains("0 differ"), "{}", stdout(&replay));
}
