//! The Micro Colonial procedures on the one contract: every input a `Request` whose JSON
//! round-trips and replays, every outcome typed with the `--json` keys, cells of charts
//! whose printed keys are lost carried by the charts, and dice that do not fit refused as
//! bad dice from inside the procedure.

use super::mc_json;
use laager::Ruleset;
use laager::charts::{Charts, Value};
use laager::dice::{DiceChoice, EnteredDice};
use laager::resolution::RefusalKind;
use laager::rules::AnyResolution;
use laager::rules::micro_colonial::artillery::{Ammo, ArtilleryInput, ArtilleryTarget, Gun};
use laager::rules::micro_colonial::charge::{ChargeInput, InitiativeInput, Pursuer, PursuitInput};
use laager::rules::micro_colonial::evade::{EvadeInput, Evader};
use laager::rules::micro_colonial::fire::{Fire, FireInput, FireType, Firer, Target, Weapon};
use laager::rules::micro_colonial::jam::{Crew, JamInput};
use laager::rules::micro_colonial::loss::LossFactorInput;
use laager::rules::micro_colonial::melee::{MeleeInput, Side};
use laager::rules::micro_colonial::morale::{Charge, MoraleInput, MoraleResult};
use laager::rules::micro_colonial::morale_due::{MoraleClass, MoraleDueInput, Quality};
use laager::rules::micro_colonial::movement::{Crossing, MoveInput, Terrain, Troop};
use laager::rules::micro_colonial::rally::{Command, RallyClass, RallyInput, RoutLossInput};
use laager::rules::micro_colonial::random::RandomFactorInput;
use laager::rules::micro_colonial::rorkes_drift::{
    BreakInInput, PerimeterWall, RdMoveInput, RdVictoryInput, Room, Side as RdSide, ZMarkerInput,
};
use laager::rules::micro_colonial::rorkes_drift::{
    Counter, RdCombineInput, RdFireInput, RdFiringPartyInput, RdMeleeInput, RdSetupInput,
};
use laager::rules::micro_colonial::victory::VictoryInput;
use laager::rules::{Outcome, Procedure, Request, micro_colonial as mc};
use serde_json::json;

/// The volley of `mc2::fire`: 250 regular infantry with rifles at 250 mm into 300 FF of
/// close-order natives in the open.
fn volley() -> FireInput {
    FireInput {
        firer: Firer::RegularInfantry,
        firer_ff: 250,
        weapon: Weapon::Rifle,
        fire: FireType::Volley,
        range_mm: 250.0,
        target_ff: 300,
        target: Target::NativeCloseOrderInOpen,
        in_building: false,
        initial_volley: false,
        two_unit_rear_ff: None,
        target_in_melee: None,
        melee_round: 1,
        changing_to_volley: false,
        jam_penalty: None,
        in_arc: None,
        origins: laager::rules::situation::Origins::default(),
    }
}

/// The shipped charts with these one-off cells, as `--cell` and the desk supply them.
fn charts_with(cells: &[&str]) -> Charts {
    let mut charts = Charts::shipped().expect("shipped tables");
    for cell in cells {
        charts
            .apply_cell_arg(Ruleset::MicroColonial, cell)
            .expect("a valid cell");
    }
    charts
}

/// The volley's three cells: the rifle's lost range, Table 1's cell (its keys are lost, so
/// it is named by the firing FF and `GROUP-RANGE`) and Table 2's.
const VOLLEY_CELLS: [&str; 3] = [
    "weapon_ranges:rifle=400",
    "small_arms_range_factors:250:volley-300=42",
    "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
];

/// One request of every procedure in the registry.
fn every_request() -> Vec<mc::Request> {
    vec![
        mc::Request::Move(MoveInput {
            terrain: vec![Crossing {
                kind: Terrain::Hill,
                count: 2,
            }],
            ..MoveInput::new(Troop::Natives)
        }),
        mc::Request::Fire(volley()),
        mc::Request::Jam(JamInput {
            crew: Crew::Naval,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Artillery(ArtilleryInput {
            gun: Gun::SixSeven,
            ammo: Ammo::Shell,
            range_mm: 350.0,
            gun_ff: 40,
            target: ArtilleryTarget::CloseOrderNative,
            factors: vec!["close-order-flank".to_owned()],
            overhead: false,
            friends_near_gun_mm: None,
            friends_near_target_mm: None,
            skirmish_screen: true,
            in_arc: None,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Melee(MeleeInput {
            a: Side::new(400, "native-fanatic-infantry"),
            b: Side::new(120, "regular-infantry"),
            in_contact: None,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::MoraleDue(MoraleDueInput {
            class: MoraleClass::Other,
            lost_this_move: 60,
            won_melee: false,
            melee_lost_by: Some(12),
            being_charged: true,
            flank_broke_within_mm: None,
            flank_quality: Quality::Equal,
            flank_fell_back_within_mm: Some(40.0),
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Morale(MoraleInput {
            initial_ff: 400,
            present_ff: 380,
            troop: "zulu".to_owned(),
            class: "native".to_owned(),
            cavalry: false,
            charge: Some(Charge::BeingCharged),
            factors: vec![("per-supporting-unit".to_owned(), 3)],
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Rally(RallyInput {
            class: RallyClass::Levies,
            command: Command::SubCommander,
            in_melee: false,
            under_cannister: false,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::RoutLoss(RoutLossInput::default()),
        mc::Request::Charge(ChargeInput {
            moves_since_last_charge: Some(2),
            pursuing: false,
            charge_mm: 200.0,
            target_mm: 150.0,
            volley_losses: 60,
            cause_during_move: true,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Pursuit(PursuitInput {
            pursuer: Pursuer::Native,
            round: 2,
            infantry_in_prepared_position: false,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Initiative(InitiativeInput::default()),
        mc::Request::RandomFactor(RandomFactorInput { black: 2, red: 1 }),
        mc::Request::LossFactor(LossFactorInput {
            initial_ff: 400,
            present_ff: 300,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::ZMarker(ZMarkerInput {
            zulu_present_ff: 800,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::BreakIn(BreakInInput {
            room: Room::Occupied,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::RdVictory(RdVictoryInput {
            sections_lost: 25,
            commanders_lost: 2,
            attacks_beaten_off: false,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::RdMove(RdMoveInput {
            side: RdSide::Zulu,
            inside_perimeter: false,
            internal_walls: 0,
            climb: Some(PerimeterWall::Unoccupied),
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Victory(VictoryInput {
            regular_infantry: 8,
            regular_infantry_destroyed: 4,
            driven_from_start_line: false,
            assaults_beaten_off: true,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::Evade(EvadeInput {
            evader: Evader::ArtilleryCrew,
            cannot_limber: true,
            morale_forbids_fire: false,
            gun: None,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::RdFiringParty(RdFiringPartyInput {
            led_by_command: true,
            zulu_ff_lost: Some(60),
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::RdCombine(RdCombineInput {
            into_ff: 6,
            removed_ff: 4,
            counter: Counter::Section,
            origins: laager::rules::situation::Origins::default(),
        }),
        mc::Request::RdMelee(rd_melee()),
        mc::Request::RdFire(RdFireInput {
            fire: FireInput {
                firer_ff: 27,
                range_mm: 150.0,
                ..volley()
            },
            sections: vec![10, 9, 8],
            behind_cover: false,
            zulu_rifles: false,
            redoubt: true,
            zulu_inside_perimeter: false,
        }),
        mc::Request::RdSetup(RdSetupInput {}),
    ]
}

/// The Rorke's Drift melee of `mc2::rd_combat`: 950 Zulus against sections of 10, 10 and 8.
fn rd_melee() -> RdMeleeInput {
    RdMeleeInput {
        zulu_ff: 950,
        front_rank: vec![10, 10, 8],
        second_rank: Vec::new(),
        csm_leads: false,
        in_building: false,
        across_obstacle: false,
        sections_in_cover: false,
        zulu_in_cover: false,
        counter_attack: false,
        later_round: false,
        zulu_impact: false,
        zulu_factors: Vec::new(),
        british_factors: Vec::new(),
        third_rank_fire_losses: None,
        zulu_falling_back: false,
        british_falling_back: false,
        origins: laager::rules::situation::Origins::default(),
    }
}

// The Rorke's Drift melee through the library, as the desk and `laager mc rd melee` send
// it: the same losses as the CLI's (`mc2::rd_combat`), and a seeded throw replays from the
// request read back from its JSON.
#[test]
fn a_rorkes_drift_melee_resolves_and_replays_through_the_library() {
    let charts =
        charts_with(&["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4"]);
    let request = Request::MicroColonial(mc::Request::RdMelee(rd_melee()));
    let typed = request
        .resolve_with(
            &charts,
            &DiceChoice::Typed("B4,R2,B3,R1,B1,R1,B1,R1".to_owned()),
        )
        .expect("resolves");
    let Outcome::MicroColonial(mc::Outcome::RdMelee(outcome)) = &typed.outcome else {
        panic!("a Rorke's Drift melee outcome: {:?}", typed.outcome);
    };
    assert_eq!(outcome.zulu_losses, 26);
    assert_eq!(outcome.british_losses, 10);
    assert_eq!(outcome.section_losses, vec![4, 3, 3]);
    let dice = DiceChoice::Seeded(11);
    let first = request.resolve_with(&charts, &dice).expect("resolves");
    let logged = serde_json::to_string(&request).expect("serialise");
    let replayed: Request = serde_json::from_str(&logged).expect("reads back");
    assert_eq!(replayed.resolve_with(&charts, &dice), Ok(first));
}

// A logged resolution replays from what it recorded: each procedure's request is tagged
// by ruleset and procedure name and reads back as itself.
#[test]
fn every_procedure_request_round_trips_through_its_json() {
    let names: Vec<&str> = every_request().iter().map(mc::Request::procedure).collect();
    assert_eq!(
        names,
        [
            "move",
            "small-arms-fire",
            "machine-gun-jam",
            "artillery-fire",
            "melee",
            "morale-due",
            "morale",
            "rally",
            "rout-loss",
            "charge",
            "pursuit",
            "initiative",
            "random-factor",
            "loss-factor",
            "z-marker",
            "break-in",
            "rd-victory",
            "rd-move",
            "victory",
            "evade",
            "rd-firing-party",
            "rd-combine",
            "rd-melee",
            "rd-fire",
            "rd-setup",
        ]
    );
    for request in every_request() {
        let request = Request::MicroColonial(request);
        let value = serde_json::to_value(&request).expect("serialise");
        assert_eq!(value["ruleset"], "micro-colonial");
        assert_eq!(value["procedure"], request.procedure());
        let back: Request = serde_json::from_value(value).expect("reads back");
        assert_eq!(back, request);
    }
}

// The JSON spellings are the command line's (`--firer regular-infantry`), a field with a
// natural default may be left out (`--melee-round` is 1), and an unknown field is an error.
#[test]
fn a_fire_request_reads_with_the_cli_spellings_and_its_defaults() {
    let text = json!({
        "ruleset": "micro-colonial",
        "procedure": "small-arms-fire",
        "input": {
            "firer": "regular-infantry", "firer_ff": 250, "weapon": "rifle", "fire": "volley",
            "range_mm": 250.0, "target_ff": 300, "target": "native-close-order-in-open"
        }
    });
    let request: Request = serde_json::from_value(text.clone()).expect("reads");
    assert_eq!(request, Request::MicroColonial(mc::Request::Fire(volley())));
    let mut unknown = text.clone();
    unknown["input"]["range"] = json!(250);
    assert!(serde_json::from_value::<Request>(unknown).is_err());
    let mut misspelt = text;
    misspelt["input"]["weapon"] = json!("rifles");
    assert!(serde_json::from_value::<Request>(misspelt).is_err());
}

// A cell of Small Arms Table 1, whose printed keys are lost, typed once under the name the
// rule gives it: the charts keep it and their hash says so.
#[test]
fn a_lost_key_cell_travels_with_the_charts_and_counts_in_their_hash() {
    let shipped = Charts::shipped().expect("shipped");
    let charts = charts_with(&["small_arms_range_factors:250:volley-300=42"]);
    assert_eq!(
        charts.lost_key_cell(
            Ruleset::MicroColonial,
            "small_arms_range_factors",
            "250",
            "volley-300"
        ),
        Some(&Value::Int(42))
    );
    assert_ne!(charts.hash(), shipped.hash());
    // Read as the grid's values are; a chart with no lost key has no such cell.
    let mut charts = shipped.clone();
    let bad_value = charts.apply_cell_arg(
        Ruleset::MicroColonial,
        "small_arms_range_factors:250:volley-300=x",
    );
    assert!(bad_value.is_err_and(|e| e.contains("volley-300=x")));
    let no_lost_key =
        charts.apply_cell_arg(Ruleset::MicroColonial, "movement_troops:zulus:normal=100");
    assert!(no_lost_key.is_err_and(|e| e.contains("has no cell")));
    assert_eq!(charts.hash(), shipped.hash());
}

// The volley of `mc2::fire` with its cells in the charts and a seeded throw: the request
// read back from its JSON resolves to the same resolution over the same tables.
#[test]
fn a_replayed_fire_request_reproduces_its_resolution() {
    let charts = charts_with(&VOLLEY_CELLS);
    let request = Request::MicroColonial(mc::Request::Fire(volley()));
    let dice = DiceChoice::Seeded(7);
    let first = request.resolve_with(&charts, &dice).expect("resolves");
    assert_eq!(first.tables_hash, charts.hash());
    let logged = serde_json::to_string(&request).expect("serialise");
    let replayed: Request = serde_json::from_str(&logged).expect("reads back");
    assert_eq!(replayed.resolve_with(&charts, &dice), Ok(first));
}

// B4 - R2 = +2 on 42 - 10: 34 FF lost, all to the volley. The resolution's JSON reads back
// with the fire's typed outcome, whose keys are the `--json` contract.
#[test]
fn a_fire_resolution_reads_back_with_its_typed_outcome() {
    let charts = charts_with(&VOLLEY_CELLS);
    let resolution = Request::MicroColonial(mc::Request::Fire(volley()))
        .resolve_with(&charts, &DiceChoice::Typed("B4,R2".to_owned()))
        .expect("resolves");
    let value = serde_json::to_value(&resolution).expect("serialise");
    let keys: Vec<&String> = value["outcome"]
        .as_object()
        .expect("outcome")
        .keys()
        .collect();
    assert_eq!(
        keys,
        ["ff_lost", "range_rounded_mm", "total", "volley_losses"]
    );
    let back: AnyResolution = serde_json::from_value(value).expect("reads back");
    let Outcome::MicroColonial(mc::Outcome::Fire(fire)) = &back.outcome else {
        panic!("a typed fire outcome: {:?}", back.outcome);
    };
    assert_eq!((fire.ff_lost, fire.volley_losses, fire.total), (34, 34, 34));
    assert_eq!(back, resolution);
}

/// The outcome keys of `laager mc ARGS --json`, sorted.
fn outcome_keys(args: &[&str]) -> Vec<String> {
    let (code, value) = mc_json(args);
    assert_eq!(code, Some(0), "laager mc {}: {value}", args.join(" "));
    let mut keys: Vec<String> = value["outcome"]
        .as_object()
        .expect("outcome")
        .keys()
        .cloned()
        .collect();
    keys.sort();
    keys
}

// The keys that appear only sometimes: a skirmish screen's shares, and the Loss table cell
// read (none for the standard factor of units under 101).
#[test]
fn the_outcome_keys_that_appear_only_sometimes() {
    let shell = [
        "artillery",
        "--gun",
        "6-7pdr",
        "--ammo",
        "shell",
        "--range-mm",
        "350",
        "--gun-ff",
        "40",
        "--target",
        "close-order-native",
        "--dice",
        "B5,R1",
        "--cell",
        "artillery_shell:400:close-order-native-6-7pdr=12",
        "--cell",
        "artillery_tactical_factors:random-factor-maximum=15",
    ];
    assert_eq!(outcome_keys(&shell), ["ff_lost", "total"]);
    let screened: Vec<&str> = shell.iter().copied().chain(["--skirmish-screen"]).collect();
    assert_eq!(
        outcome_keys(&screened),
        ["close_order_losses", "ff_lost", "screen_losses", "total"]
    );
    assert_eq!(
        outcome_keys(&["loss-factor", "--initial-ff", "100", "--present-ff", "60"]),
        ["automatic_rout", "loss_factor", "signed_factor"]
    );
    assert_eq!(
        outcome_keys(&[
            "loss-factor",
            "--initial-ff",
            "400",
            "--present-ff",
            "300",
            "--cell",
            "settings:loss_table_orientation=B"
        ]),
        ["automatic_rout", "cell", "loss_factor", "signed_factor"]
    );
}

// The morale test reads the Loss table's typed outcome: an R routs it without a throw, the
// total is null, and faces typed for it were not needed (a warning, not a refusal).
#[test]
fn an_automatic_rout_throws_nothing_and_the_faces_typed_are_not_needed() {
    let charts = charts_with(&["settings:loss_table_orientation=B"]);
    let request = Request::MicroColonial(mc::Request::Morale(MoraleInput {
        initial_ff: 400,
        present_ff: 30,
        troop: "zulu".to_owned(),
        class: "native".to_owned(),
        cavalry: false,
        charge: None,
        factors: Vec::new(),
        origins: laager::rules::situation::Origins::default(),
    }));
    let resolution = request
        .resolve_with(&charts, &DiceChoice::Typed("3".to_owned()))
        .expect("resolves");
    let Outcome::MicroColonial(mc::Outcome::Morale(morale)) = &resolution.outcome else {
        panic!("a typed morale outcome: {:?}", resolution.outcome);
    };
    assert!(morale.automatic_rout);
    assert_eq!(morale.total, None);
    assert_eq!(morale.result, MoraleResult::Break);
    assert!(resolution.rolls.is_empty());
    assert!(
        resolution.warnings.iter().any(|w| w.contains("not needed")),
        "{:?}",
        resolution.warnings
    );
}

// Dice typed that do not fit the throw are the procedure's refusal of kind bad dice, under
// its own section; faces left over are refused by the dice choice.
#[test]
fn dice_that_do_not_fit_are_refused_as_bad_dice() {
    let charts = charts_with(&VOLLEY_CELLS);
    let short = Fire::resolve(
        &charts,
        &volley(),
        &mut EnteredDice::parse("B4").expect("faces"),
    )
    .expect_err("one die short");
    assert_eq!(short.kind, RefusalKind::BadDice);
    assert_eq!(short.rule.section, "SMALL ARMS FIRE");
    let request = Request::MicroColonial(mc::Request::Fire(volley()));
    let left_over = request
        .resolve_with(&charts, &DiceChoice::Typed("B4,R2,R1".to_owned()))
        .expect_err("a face left over");
    assert_eq!(left_over.kind, RefusalKind::BadDice);
    assert_eq!(left_over.rule.section, "dice");
}

// "This or better" is the rule's to say, and every Micro Colonial list runs upwards: a
// melee's odds are listed from A's view, worst first — B wins, a draw, A wins — so "this or
// better" of a draw is the chance A does not lose, and of B's win the whole throw.
#[test]
fn a_melees_odds_run_from_bs_win_to_as_and_count_this_or_better_for_a() {
    for request in every_request() {
        assert!(request.better_is_higher(), "{}", request.procedure());
    }
    let charts =
        charts_with(&["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-4"]);
    let melee = every_request()
        .into_iter()
        .find(|r| matches!(r, mc::Request::Melee(_)))
        .expect("a melee");
    let request = Request::MicroColonial(melee);
    let odds = request
        .odds(&charts)
        .expect("a melee throws dice")
        .expect("odds");
    let values: Vec<&str> = odds
        .outcomes
        .iter()
        .filter_map(|o| o.value.as_str())
        .collect();
    assert_eq!(values, ["b", "draw", "a"]);
    let p: Vec<f64> = odds.outcomes.iter().map(|o| o.probability).collect();
    let cumulative = odds.this_or_better(request.better_is_higher());
    assert!(
        (cumulative[2] - p[2]).abs() < 1e-12,
        "A wins: {cumulative:?}"
    );
    assert!(
        (cumulative[1] - (p[1] + p[2])).abs() < 1e-12,
        "A does not lose: {cumulative:?}"
    );
    assert!((cumulative[0] - 1.0).abs() < 1e-12, "{cumulative:?}");
}

// The command line's `--terrain KIND[:N]` cannot give a count of 0 or a counted track; a
// move read from JSON can, and is refused as bad input rather than resolved.
#[test]
fn a_move_with_a_crossing_the_command_line_cannot_give_is_bad_input() {
    let charts = Charts::shipped().expect("shipped");
    for (kind, count) in [(Terrain::Hill, 0), (Terrain::Track, 2)] {
        let request = Request::MicroColonial(mc::Request::Move(MoveInput {
            terrain: vec![Crossing { kind, count }],
            ..MoveInput::new(Troop::Natives)
        }));
        let refusal = request
            .resolve_with(&charts, &DiceChoice::None)
            .expect_err("refused");
        assert_eq!(refusal.kind, RefusalKind::BadInput, "{kind}:{count}");
        assert_eq!(refusal.rule.section, "TERRAIN PENALTIES");
    }
}
