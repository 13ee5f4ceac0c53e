//! Movement, worked by hand from the Movement tables and the rules text, through the
//! library (`movement::Move` over a `MoveInput`). Each case names the sentence or chart
//! cell it checks; `cli_contract` keeps `laager mc move`'s flags, exit code and JSON keys.

use super::{no_dice, shipped};
use crate::support::OutcomeKeys;
use laager::resolution::{Refusal, RefusalKind, Resolution};
use laager::rules::Procedure as _;
use laager::rules::micro_colonial::movement::{
    Change, Crossing, Interpenetration, Mode, Move, MoveInput, MoveOutcome, Square, Terrain, Troop,
};

/// A move described the way a referee adds to it: the troop's plain move, then its mode,
/// the ground crossed, its changes and interpenetrations, last move's losses and square.
trait Described {
    fn moving(self, mode: Mode) -> Self;
    fn over(self, kind: Terrain, count: u32) -> Self;
    fn changing(self, change: Change) -> Self;
    fn through(self, how: Interpenetration) -> Self;
    fn after_volley(self, ff_lost: u32) -> Self;
    fn in_square(self, square: Square) -> Self;
}

impl Described for MoveInput {
    fn moving(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }
    fn over(mut self, kind: Terrain, count: u32) -> Self {
        self.terrain.push(Crossing { kind, count });
        self
    }
    fn changing(mut self, change: Change) -> Self {
        self.changes.push(change);
        self
    }
    fn through(mut self, how: Interpenetration) -> Self {
        self.interpenetrations.push(how);
        self
    }
    fn after_volley(mut self, ff_lost: u32) -> Self {
        self.volley_losses = ff_lost;
        self
    }
    fn in_square(mut self, square: Square) -> Self {
        self.square = Some(square);
        self
    }
}

fn unit(troop: Troop) -> MoveInput {
    MoveInput::new(troop)
}

fn resolve(input: &MoveInput) -> Result<Resolution<MoveOutcome>, Refusal> {
    Move::resolve(&shipped(), input, &mut no_dice())
}

/// One move worked by hand: the rule it checks, the move, and the allowance in mm.
type Case = (&'static str, MoveInput, i64);

/// Resolves every case and checks its allowance, naming the case that fails.
fn check_allowances(cases: &[Case]) {
    for (rule, input, expected) in cases {
        let resolution = resolve(input).unwrap_or_else(|r| panic!("{rule}: refused: {r:?}"));
        assert_eq!(
            resolution.outcome.allowance_mm, *expected,
            "{rule}: {input:?}"
        );
        // The typed outcome is the `--json` outcome.
        assert_eq!(resolution.out("allowance_mm"), *expected, "{rule}");
    }
}

#[test]
fn the_rates_of_movement_tables_1_and_2() {
    check_allowances(&[
        (
            "Table 1: regular infantry in close order on foot, Normal 40",
            unit(Troop::RegularInfantry),
            40,
        ),
        (
            "Table 1: regular cavalry, Charge & Break 250",
            unit(Troop::RegularCavalry).moving(Mode::Charge),
            250,
        ),
        (
            "Table 1 has one \"Charge & Break\" column: irregular cavalry break at 220",
            unit(Troop::IrregularCavalry).moving(Mode::Break),
            220,
        ),
        (
            "FALLING BACK: \"troops electing to fall back facing the enemy, may do so at half \
             their normal move rate\": open order infantry 50 / 2 = 25",
            unit(Troop::OpenOrderInfantry).moving(Mode::FallBack),
            25,
        ),
        (
            "Table 2: field guns Normal 60, Un/limbering 60: unlimbering takes the whole move",
            unit(Troop::FieldGun).changing(Change::Unlimber),
            0,
        ),
        (
            "Table 2: horse guns' Action Move 160, which \"must include either limbering or \
             unlimbering\"",
            unit(Troop::HorseGun)
                .moving(Mode::Action)
                .changing(Change::Unlimber),
            160,
        ),
        (
            "Table 2: machine guns manhandled 30",
            unit(Troop::MachineGun).moving(Mode::Manhandle),
            30,
        ),
    ]);
}

#[test]
fn the_terrain_penalties_and_their_notes() {
    check_allowances(&[
        (
            "TERRAIN PENALTIES note 3: \"Hill penalties apply per contour\": natives 100 - 2 x \
             10 = 80",
            unit(Troop::Natives).over(Terrain::Hill, 2),
            80,
        ),
        (
            "Note 4: \"Halve the above penalties if a unit is moving along a track which \
             crosses the terrain\": close order in cover -40 halved to -20; 40 - 20 = 20",
            unit(Troop::RegularInfantry)
                .over(Terrain::Cover, 1)
                .over(Terrain::Track, 1),
            20,
        ),
        (
            "Note 5: \"Halve this penalty for camels crossing soft sand\": 150 - 80 / 2 = 110",
            unit(Troop::Camels).over(Terrain::SoftSand, 1),
            110,
        ),
        (
            "Mounted troops crossing a linear obstacle: 150 - 100 = 50",
            unit(Troop::RegularCavalry).over(Terrain::LinearObstacle, 1),
            50,
        ),
        (
            "Note 1: \"This does not apply to cavalry who jump an obstacle when charging\": 250",
            unit(Troop::RegularCavalry)
                .moving(Mode::Charge)
                .over(Terrain::LinearObstacle, 1),
            250,
        ),
        (
            "NOTES ON MOVEMENT: \"Troops moving in soft sand may not use their charge move \
             rate\": regular cavalry charging in soft sand move at the normal 150, less the \
             mounted -80",
            unit(Troop::RegularCavalry)
                .moving(Mode::Charge)
                .over(Terrain::SoftSand, 1),
            70,
        ),
        (
            "\"Only rockets and machine guns may move in areas of broken ground\": rockets \
             100 - 80",
            unit(Troop::Rockets).over(Terrain::BrokenGround, 1),
            20,
        ),
        (
            "The same sentence keeps a horse gun out of broken ground",
            unit(Troop::HorseGun).over(Terrain::BrokenGround, 1),
            0,
        ),
        (
            "Note 4: \"Field guns in broken ground and soft sand will halve their normal move \
             rate if on such a track\": 60 / 2 = 30",
            unit(Troop::FieldGun)
                .over(Terrain::BrokenGround, 1)
                .over(Terrain::Track, 1),
            30,
        ),
    ]);
}

#[test]
fn the_costs_of_changes_and_interpenetrations() {
    check_allowances(&[
        (
            "CHANGING FORMATION OR FACE: regular infantry \"Changing face up to 180°. 20\": \
             40 - 20 = 20",
            unit(Troop::RegularInfantry).changing(Change::Face),
            20,
        ),
        (
            "CHANGING FORMATION OR FACE has columns by class: mounting is costed by the \
             cavalry's class (regular cavalry \"Mounting/dismounting\" 50: 150 - 50)",
            unit(Troop::RegularCavalry).changing(Change::Mount),
            100,
        ),
        (
            "INTERPENETRATION: \"may withdraw through another friendly unit expending 40 mm \
             of their movement\": irregular infantry 50 - 40 = 10",
            unit(Troop::IrregularInfantry).through(Interpenetration::Withdraw),
            10,
        ),
        (
            "\"Regular and irregular units in line formation may interpenetrate each other \
             expending 10 mm of their move\": 40 - 10 = 30",
            unit(Troop::RegularInfantry).through(Interpenetration::Line),
            30,
        ),
        (
            "\"A moving unit, moving over another which has gone to ground, will reduce its \
             forward movement by 20 mm\": natives 100 - 20 = 80",
            unit(Troop::Natives).through(Interpenetration::OverGoneToGround),
            80,
        ),
    ]);
}

#[test]
fn volley_losses_and_large_squares() {
    check_allowances(&[
        (
            "VOLLEY FIRE EFFECT ON MOVEMENT: \"reduce its forward movement only by 1 mm for \
             each fighting factor lost\": 40 - 15 = 25",
            unit(Troop::RegularInfantry).after_volley(15),
            25,
        ),
        (
            "\"If the number of fighting factors lost exceeds the unit's move rate, it will \
             remain stationary during the next move\": 45 FF lost > 40 mm",
            unit(Troop::RegularInfantry).after_volley(45),
            0,
        ),
        (
            "\"Units forming a large multi-unit square may move up to a maximum of 25 mm per \
             move in open ground\": 40 capped at 25",
            unit(Troop::RegularInfantry).in_square(Square::Open),
            25,
        ),
        (
            "\"... or 10 mm per move if any part of the square is in terrain other than open \
             ground\"",
            unit(Troop::Natives).in_square(Square::Other),
            10,
        ),
    ]);
}

// A result that would be negative is 0: 40 - 40 (cover) - 20 (wall) = -20.
#[test]
fn costs_above_the_rate_leave_0_mm_and_a_step_saying_so() {
    let resolution = resolve(
        &unit(Troop::RegularInfantry)
            .over(Terrain::Cover, 1)
            .over(Terrain::LinearObstacle, 1),
    )
    .expect("resolves");
    assert_eq!(resolution.outcome.allowance_mm, 0);
    assert!(
        resolution
            .steps
            .iter()
            .any(|s| s.text.contains("cannot move")),
        "{:?}",
        resolution.steps
    );
}

/// One move the rules refuse: the rule it checks, the move, the kind of refusal, the
/// section that refuses and, when the refusal cites one, the chart cell it read.
type Refused = (
    &'static str,
    MoveInput,
    RefusalKind,
    &'static str,
    Option<&'static str>,
);

#[test]
fn the_moves_the_rules_refuse() {
    let cases: [Refused; 6] = [
        (
            "\"Units, other than mounted troops, may withdraw through another friendly unit\"",
            unit(Troop::RegularCavalry).through(Interpenetration::Withdraw),
            RefusalKind::NotAllowed,
            "INTERPENETRATION",
            None,
        ),
        (
            "\"Action moves ... must include either limbering or unlimbering, but not both\"",
            unit(Troop::HorseGun).moving(Mode::Action),
            RefusalKind::NotAllowed,
            "NOTES ON MOVEMENT",
            None,
        ),
        (
            "Guns have no charge rate (Table 2 has none)",
            unit(Troop::Gatling).moving(Mode::Charge),
            RefusalKind::NotAllowed,
            "MOVEMENT, Table 2 Artillery",
            None,
        ),
        (
            "Table 2 prints \"-\" for the field guns' Action Move: they have none",
            unit(Troop::FieldGun)
                .moving(Mode::Action)
                .changing(Change::Unlimber),
            RefusalKind::NotAllowed,
            "MOVEMENT, Table 2 Artillery",
            Some("movement_artillery:field-guns:action"),
        ),
        (
            "CHANGING FORMATION OR FACE has columns by class, none for dismounted cavalry",
            unit(Troop::DismountedCavalry).changing(Change::Mount),
            RefusalKind::NotAllowed,
            "CHANGING FORMATION OR FACE",
            None,
        ),
        (
            "The chart gives no lying-down cost for cavalry (\"Cavalry will interpret this \
             order as Fall Back\"): refused rather than guessed",
            unit(Troop::IrregularCavalry).changing(Change::LieDown),
            RefusalKind::NotAllowed,
            "CHANGING FORMATION OR FACE",
            Some("formation_changes:lie-down-stand-up:irregular-native-cavalry"),
        ),
    ];
    for (rule, input, kind, section, cell) in cases {
        let refusal = resolve(&input).expect_err(rule);
        assert_eq!(refusal.kind, kind, "{rule}: {refusal:?}");
        assert_eq!(refusal.rule.section, section, "{rule}: {refusal:?}");
        assert_eq!(refusal.rule.cell.as_deref(), cell, "{rule}: {refusal:?}");
        assert!(refusal.needs_cells.is_empty(), "{rule}: {refusal:?}");
    }
}

/// `laager mc move`'s own contract: the flag spellings parse to the same move, a refusal
/// exits 2 with the typed refusal in its JSON, and a bad flag is an input error naming it.
mod cli_contract {
    use super::super::{allowance, mc_json};
    use crate::support::{run, stderr};

    // `--terrain KIND:N`, `--interpenetrate` and `--volley-losses` as spelled: natives
    // 100 - 2 x 10 (two contours) - 20 (over a unit gone to ground) - 15 (FF lost) = 45;
    // `--mode` and `--change`: a horse gun's action move with unlimbering, 160; `--square`:
    // regular infantry in a large square in the open, 40 capped at 25.
    #[test]
    fn the_move_flags_as_spelled() {
        assert_eq!(
            allowance(&[
                "--troop",
                "natives",
                "--terrain",
                "hill:2",
                "--interpenetrate",
                "over-gone-to-ground",
                "--volley-losses",
                "15"
            ]),
            45
        );
        assert_eq!(
            allowance(&[
                "--troop",
                "horse-gun",
                "--mode",
                "action",
                "--change",
                "unlimber"
            ]),
            160
        );
        assert_eq!(
            allowance(&["--troop", "regular-infantry", "--square", "open"]),
            25
        );
    }

    // The `--json` keys of a move: the allowance and the rate it started from.
    #[test]
    fn a_move_prints_its_allowance_and_rate() {
        let (code, value) = mc_json(&["move", "--troop", "regular-infantry"]);
        assert_eq!(code, Some(0));
        let mut keys: Vec<&String> = value["outcome"]
            .as_object()
            .expect("outcome")
            .keys()
            .collect();
        keys.sort();
        assert_eq!(keys, ["allowance_mm", "rate_mm"]);
        assert_eq!(value["outcome"]["rate_mm"], 40);
    }

    // "Units, other than mounted troops, may withdraw through another friendly unit": the
    // refusal exits 2 and prints its kind and section.
    #[test]
    fn a_refused_move_exits_2_with_its_typed_refusal() {
        let (code, value) = mc_json(&[
            "move",
            "--troop",
            "regular-cavalry",
            "--interpenetrate",
            "withdraw",
        ]);
        assert_eq!(code, Some(2));
        assert_eq!(value["refusal"]["kind"], "not_allowed");
        assert_eq!(value["refusal"]["rule"]["section"], "INTERPENETRATION");
    }

    #[test]
    fn an_unknown_terrain_kind_is_an_input_error_naming_the_flag() {
        let out = run(&["mc", "move", "--troop", "natives", "--terrain", "swamp"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("--terrain"), "{}", stderr(&out));
    }
}

mod properties {
    use laager::charts::Charts;
    use laager::dice::EnteredDice;
    use laager::rules::Procedure;
    use laager::rules::micro_colonial::movement::{
        Change, Crossing, Interpenetration, Mode, Move, MoveInput, Square, Troop,
    };
    use proptest::prelude::*;
    use std::sync::LazyLock;

    static CHARTS: LazyLock<Charts> = LazyLock::new(|| Charts::shipped().expect("shipped"));

    fn pick<T: Copy + std::fmt::Debug + 'static>(all: &'static [T]) -> impl Strategy<Value = T> {
        (0..all.len()).prop_map(move |i| all[i])
    }

    proptest! {
        // Whatever the costs, "a result below 0 is 0" and no cost adds distance: the
        // allowance lies between 0 and the rate the mode starts from.
        #[test]
        fn an_allowance_is_never_negative_nor_above_the_rate(
            troop in pick(Troop::ALL),
            mode in pick(Mode::ALL),
            terrain in proptest::collection::vec((pick(laager::rules::micro_colonial::movement::Terrain::ALL), 1u32..4), 0..4),
            changes in proptest::collection::vec(pick(Change::ALL), 0..3),
            inters in proptest::collection::vec(pick(Interpenetration::ALL), 0..2),
            volley in 0u32..300,
            square in proptest::option::of(pick(Square::ALL)),
        ) {
            let request = MoveInput {
                troop,
                mode,
                terrain: terrain
                    .into_iter()
                    .map(|(kind, n)| Crossing { kind, count: if kind == laager::rules::micro_colonial::movement::Terrain::Track { 1 } else { n } })
                    .collect(),
                changes,
                interpenetrations: inters,
                volley_losses: volley,
                square,
                origins: laager::rules::situation::Origins::default(),
            };
            let mut no_dice = EnteredDice::parse("").expect("no faces");
            if let Ok(resolution) = Move::resolve(&CHARTS, &request, &mut no_dice) {
                let allowance = resolution.outcome.allowance_mm;
                let rate = resolution.outcome.rate_mm;
                prop_assert!(allowance >= 0);
                prop_assert!(allowance <= rate, "{allowance} > {rate} for {request:?}");
            }
        }
    }
}
