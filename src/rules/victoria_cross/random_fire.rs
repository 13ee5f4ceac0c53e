//! The Zulu random fire ("Fire Combat: ZULU RANDOM FIRE COMBAT").

use super::melee::HitsOutcome;
use super::{
    Battle, RULESET, Reader, bucket, cell_rule, count, faces_text, resolution, rule, throw,
};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Odds, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, condition};
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

const RANDOM: &str = "Fire Combat: ZULU RANDOM FIRE COMBAT";

/// One Zulu random fire phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomFireSituation {
    /// Which battle.
    pub battle: Battle,
    /// A night turn (Rorke's Drift only).
    #[serde(default)]
    pub night: bool,
    /// The fire is at British units in zone J with the water cart (Rorke's Drift only).
    #[serde(default)]
    pub water_cart: bool,
    /// The zone fired at, if named: refused if the rules exclude it.
    #[serde(default)]
    pub target_zone: Option<String>,
}

impl RandomFireSituation {
    /// A random fire by day at no named zone.
    pub fn new(battle: Battle) -> RandomFireSituation {
        RandomFireSituation {
            battle,
            night: false,
            water_cart: false,
            target_zone: None,
        }
    }
}

struct Plan {
    dice: u32,
    hit_on: u8,
    steps: Vec<Step>,
    warnings: Vec<String>,
}

fn plan(charts: &Charts, s: &RandomFireSituation) -> Result<Plan, Refusal> {
    let mut reader = Reader::new(charts);
    let mut steps = Vec::new();
    if s.battle == Battle::Isandlwana && s.night {
        return Err(Refusal::by_rule(
            rule("Sequence of Play"),
            "Isandlwana has no night turns: \"Isandlwana are all day turns\"",
        ));
    }
    let mut water_cart = s.water_cart;
    if let Some(zone) = &s.target_zone
        && s.battle == Battle::RorkesDrift
    {
        let excluded = reader
            .cells
            .get("named_zones", &["rorkes-drift-no-zulu-fire"])
            .and_then(|v| v.as_list().map(<[String]>::to_vec));
        let cart = reader
            .cells
            .get("named_zones", &["rorkes-drift-water-cart"])
            .and_then(|v| v.as_list().map(<[String]>::to_vec));
        reader.check(&rule(RANDOM))?;
        if excluded.unwrap_or_default().contains(zone) {
            return Err(Refusal::by_rule(
                rule(RANDOM),
                format!(
                    "zone {zone}: the Zulu player may fire at any zone \"excluding the Rorke's Drift hospital zones (L, M, N, O), the final redoubt zone (D) or storehouse zone (G)\""
                ),
            ));
        }
        if cart.unwrap_or_default().contains(zone) {
            water_cart = true;
        }
    }
    if water_cart && s.battle == Battle::Isandlwana {
        return Err(Refusal::by_rule(
            rule(RANDOM),
            "the water cart (zone J) is on the Rorke's Drift board",
        ));
    }
    let advantage = reader.setting_is("zulu_firepower", "zulu-advantage");
    let key = match (s.battle, s.night, advantage) {
        (Battle::Isandlwana, _, false) => "isandlwana",
        (Battle::Isandlwana, _, true) => "isandlwana-zulu-advantage",
        (Battle::RorkesDrift, false, false) => "rorkes-drift-day",
        (Battle::RorkesDrift, true, false) => "rorkes-drift-night",
        (Battle::RorkesDrift, false, true) => "rorkes-drift-day-zulu-advantage",
        (Battle::RorkesDrift, true, true) => "rorkes-drift-night-zulu-advantage",
    };
    let section = if advantage {
        "Optional Rules: ZULU ADVANTAGE"
    } else {
        RANDOM
    };
    let base = reader.need_int("zulu_random_fire", &[key], &rule(section))?;
    steps.push(Step::valued(
        cell_rule(section, "zulu_random_fire", &[key]),
        format!(
            "{} {}: the Zulu player rolls {base} dice",
            s.battle.heading(),
            if s.battle == Battle::RorkesDrift {
                if s.night { "by night" } else { "by day" }
            } else {
                "(all day turns)"
            }
        ),
        base,
        None,
    ));
    let mut dice = base;
    if reader.setting_is("solitaire", "on") {
        let times = reader.need_int(
            "zulu_random_fire",
            &["solitaire-multiplier"],
            &rule("Solitaire Play"),
        )?;
        dice *= times;
        steps.push(Step::valued(
            cell_rule("Solitaire Play", "zulu_random_fire", &["solitaire-multiplier"]),
            "solitaire: \"double the die rolls for the Zulu fire combat\" (read as the number of dice)",
            times,
            Some(dice.into()),
        ));
    }
    let key = if water_cart {
        "hit-on-water-cart"
    } else {
        "hit-on"
    };
    let hit_on = reader.need_int("zulu_random_fire", &[key], &rule(RANDOM))?;
    steps.push(Step::valued(
        cell_rule(RANDOM, "zulu_random_fire", &[key]),
        if water_cart {
            "at the water cart in zone J: \"hit on 5s and 6s\" (the most open area of the compound)"
        } else {
            "\"he scores a hit on the British for every 6 rolled\"; zone ranges and line of sight do not apply"
        },
        hit_on,
        None,
    ));
    Ok(Plan {
        dice: dice as u32,
        hit_on: hit_on as u8,
        steps,
        warnings: reader.cells.warnings().to_vec(),
    })
}

/// Resolves the Zulu random fire: `outcome.hits`.
fn random_fire(
    charts: &Charts,
    s: &RandomFireSituation,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<HitsOutcome>, Refusal> {
    let plan = plan(charts, s)?;
    let mut r = resolution(charts, RandomFire::NAME);
    for step in plan.steps {
        r.step(step);
    }
    for w in plan.warnings {
        r.warn(w);
    }
    let (roll, faces) = throw(dice, plan.dice as usize, RANDOM)?;
    r.rolls.push(roll);
    let hits = count(&faces, |f| f >= plan.hit_on);
    r.step(Step::valued(
        rule(RANDOM),
        format!(
            "rolled {}: the British player allocates the hits among the units in the zone(s) picked",
            faces_text(&faces)
        ),
        hits,
        None,
    ));
    Ok(r.with_outcome(HitsOutcome { hits }))
}

/// The exact odds of the Zulu random fire's hits.
fn random_fire_odds(charts: &Charts, s: &RandomFireSituation) -> Result<Odds, Refusal> {
    let plan = plan(charts, s)?;
    Ok(bucket(plan.dice, |f| f >= plan.hit_on).to_odds())
}

/// The Zulu random fire: `hits`, which the British player allocates.
pub struct RandomFire;

/// The random fire's fields, as `laager vc random-fire` and the desk's form ask for them;
/// the British counter hit comes from the records (`--unit target=ID`).
const RANDOM_FIRE_FIELDS: &[FieldSpec] = &[
    super::battle_field(crate::field!(RandomFireSituation: battle)),
    condition(
        crate::field!(RandomFireSituation: night),
        "night",
        "night turn",
        "A night turn (Rorke's Drift only)",
    ),
    condition(
        crate::field!(RandomFireSituation: water_cart),
        "water-cart",
        "at zone J (the water cart)",
        "The fire is at British units in zone J with the water cart (Rorke's Drift only)",
    ),
];

impl Procedure for RandomFire {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "random-fire";
    const THROWS: bool = true;
    const FIELDS: &'static [FieldSpec] = RANDOM_FIRE_FIELDS;
    type Input = RandomFireSituation;
    type Outcome = HitsOutcome;
    const ROLES: &'static [&'static str] = super::situation::RANDOM_FIRE_ROLES;

    fn resolve(
        charts: &Charts,
        input: &RandomFireSituation,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<HitsOutcome>, Refusal> {
        random_fire(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &RandomFireSituation) -> Option<Result<Odds, Refusal>> {
        Some(random_fire_odds(charts, input))
    }

    /// The battle's and the turn's dice; none where the fire is refused before any is
    /// thrown.
    fn dice_asked(charts: &Charts, input: &RandomFireSituation) -> Option<crate::dice::DiceAsked> {
        let plan = plan(charts, input).ok()?;
        Some(crate::dice::DiceAsked::of(vec![
            crate::dice::DieAsked::new(
                None, None
            );
            plan.dice as usize
        ]))
    }
}
