//! Issue 40: the dice a resolution asks for, said before the throw ("4 faces: A black, A
//! red, B black, B red"), are the dice it throws. Each case resolves with a generator that
//! notes every die asked of it, and compares them, in order, with `dice_asked`.

use super::charts_with;
use laager::charts::Charts;
use laager::dice::{DiceAsked, DiceError, DiceSource, SeededDice};
use laager::resolution::{Colour, Roll};
use laager::rules::Procedure;
use laager::rules::micro_colonial::fire::{Fire, FireInput, FireType, Firer, Target, Weapon};
use laager::rules::micro_colonial::melee::{Melee, MeleeInput, Side};
use laager::rules::situation::Origins;

/// A seeded generator that notes the colour of every die it is asked for.
struct Noting {
    dice: SeededDice,
    asked: Vec<Option<Colour>>,
}

impl DiceSource for Noting {
    fn throw(&mut self, colours: &[Option<Colour>]) -> Result<Roll, DiceError> {
        self.asked.extend_from_slice(colours);
        self.dice.throw(colours)
    }
}

/// The colours `P` asked for when resolving `input`, and the ones `dice_asked` said.
fn asked_and_said<P: Procedure>(
    charts: &Charts,
    input: &P::Input,
) -> (Vec<Option<Colour>>, DiceAsked) {
    let mut noting = Noting {
        dice: SeededDice::new(7),
        asked: Vec::new(),
    };
    P::resolve(charts, input, &mut noting).expect("resolves");
    let said = P::dice_asked(charts, input).expect("says its dice");
    (noting.asked, said)
}

fn colours(said: &DiceAsked) -> Vec<Option<Colour>> {
    said.dice.iter().map(|d| d.colour).collect()
}

/// MELEE CALCULATIONS: "4. Throw a random factor per unit engaged"; RANDOM FACTOR: "throw
/// one red dice ... and one black dice"; the impact round throws two black.
#[test]
fn a_melee_says_the_four_faces_it_throws_and_five_with_an_impact_round() {
    let charts =
        charts_with(&["melee_infantry_v_infantry:native-fanatic-infantry:regular-infantry=+3/-2"]);
    let mut input = MeleeInput {
        a: Side::new(400, "native-fanatic-infantry"),
        b: Side::new(120, "regular-infantry"),
        in_contact: None,
        origins: Origins::default(),
    };
    let (asked, said) = asked_and_said::<Melee>(&charts, &input);
    assert_eq!(said.words(), "4 faces: A black, A red, B black, B red");
    assert_eq!(asked, colours(&said));
    // Before the cell is given the melee is refused, yet its dice are said all the same.
    let bare = charts_with(&[]);
    assert_eq!(
        Melee::dice_asked(&bare, &input).map(|d| d.words()),
        Some(said.words())
    );
    input.a.impact = true;
    let (asked, said) = asked_and_said::<Melee>(&charts, &input);
    assert_eq!(
        said.words(),
        "5 faces: A black, A black, A red, B black, B red"
    );
    assert_eq!(asked, colours(&said));
}

/// RANDOM FACTOR: "Regular troops firing their initial volley of the battle" throw two
/// black dice and one red.
#[test]
fn fire_says_one_black_and_one_red_and_two_black_for_an_initial_volley() {
    let charts = charts_with(&[
        "weapon_ranges:rifle=400",
        "small_arms_range_factors:250:volley-300=42",
        "small_arms_target_factors:native-close-order-in-open-volley:100-399=-10",
    ]);
    let mut input = FireInput {
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
        origins: Origins::default(),
    };
    let (asked, said) = asked_and_said::<Fire>(&charts, &input);
    assert_eq!(said.words(), "2 faces: black, red");
    assert_eq!(asked, colours(&said));
    input.initial_volley = true;
    let (asked, said) = asked_and_said::<Fire>(&charts, &input);
    assert_eq!(said.words(), "3 faces: black, black, red");
    assert_eq!(asked, colours(&said));
}
