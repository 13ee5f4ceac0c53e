//! Every dice procedure by name, as `laager roll` and `laager odds` take them: its
//! arguments, its resolution (steps, faces, outcome) and its exact odds.

use super::micro_colonial::{self as mc, Room, SameColour};
use super::source::describe;
use super::victoria_cross::{self as vc, MAX_BUCKET};
use super::{DiceError, DiceSource, Thrown, dba, soldiers_of_the_queen as sotq};
use crate::resolution::{Colour, Odds, Refusal, Resolution};
use crate::ruleset::Ruleset;
use serde_json::{Value, json};

/// One dice procedure of one ruleset, with its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Procedure {
    /// Micro Colonial random factor: `black` dice plus, `red` dice minus.
    McRandomFactor {
        /// Black (plus) dice, 1 to 6.
        black: u8,
        /// Red (minus) dice, 1 to 6.
        red: u8,
        /// How two dice of one colour count.
        same: SameColour,
    },
    /// Micro Colonial rout loss: one die × 10 fighting factors.
    McRoutLoss,
    /// Micro Colonial rally: one die against the Rally table's minimum.
    McRally {
        /// The minimum score, 1 to 6.
        min: u8,
    },
    /// Micro Colonial sub-commander initiative.
    McInitiative,
    /// Micro Colonial pursuit, second and later rounds.
    McPursuit,
    /// Rorke's Drift break-in: a random factor better than +2 (occupied) or 0 (empty).
    McBreakIn {
        /// Occupied or empty.
        room: Room,
    },
    /// DBA opposed combat: a's total less b's.
    DbaOpposed {
        /// Side a's combat factor with modifiers.
        a: i64,
        /// Side b's combat factor with modifiers.
        b: i64,
    },
    /// DBA command points.
    DbaCommand,
    /// DBA Gatling jam (combat die) or repair.
    DbaGatling {
        /// Which throw.
        throw: dba::GatlingThrow,
    },
    /// Victoria Cross bucket: hits on `hit` or better.
    VcBucket {
        /// The dice (or, with `volley`, the SP: three dice each).
        count: u32,
        /// The lowest face that hits.
        hit: u8,
        /// Volley fire: three dice per SP.
        volley: bool,
    },
    /// Victoria Cross (Isandlwana) ammunition check.
    VcAmmo {
        /// The 1s rolled by the firers: one die each.
        ones: u32,
        /// Zones from the firing unit to zone 15.
        distance: u32,
    },
    /// Victoria Cross (Rorke's Drift) hospital fire.
    VcHospitalFire {
        /// The box the marker is in, 0 before the fire.
        track: u8,
    },
    /// Soldiers of the Queen: one die on a results table.
    SotqD6,
    /// Soldiers of the Queen: a leader's death on two dice.
    SotqLeaderDeath,
    /// Soldiers of the Queen: the pre-melee morale check, die − 2.
    SotqPreMelee,
    /// Soldiers of the Queen: the PN* re-roll.
    SotqPnStar,
}

/// Why a procedure was not rolled: bad arguments, bad typed dice, leftovers, or the rule.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RollError {
    /// An argument out of the procedure's range; the message names it.
    #[error("{0}")]
    Invalid(String),
    /// The typed dice do not fit the throw; nothing was consumed.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// More faces were typed than the procedure throws; nothing was consumed.
    #[error(
        "dice: {typed} faces typed but {procedure} throws {thrown} ({what}): {} left over",
        typed - thrown
    )]
    Leftover {
        /// Faces typed.
        typed: usize,
        /// The procedure's name.
        procedure: &'static str,
        /// The dice it throws.
        thrown: usize,
        /// What they are ("1 black and 1 red").
        what: String,
    },
    /// The rule refuses the throw (a hospital already burned down).
    #[error("refused: {}", .0.reason)]
    Refused(Box<Refusal>),
}

impl RollError {
    /// A refusal by the rule.
    pub fn refused(refusal: Refusal) -> RollError {
        RollError::Refused(Box::new(refusal))
    }
}

/// Puts a throw into the resolution: its steps, its roll and `outcome.result`.
fn record<T>(r: &mut Resolution, thrown: Thrown<T>, result: impl Into<Value>) {
    r.steps.extend(thrown.steps);
    r.rolls.push(thrown.roll);
    r.set("result", result);
}

impl Procedure {
    /// Every procedure's name, in the order `laager roll --help` lists them.
    pub const NAMES: [&'static str; 16] = [
        "mc-random-factor",
        "mc-rout-loss",
        "mc-rally",
        "mc-initiative",
        "mc-pursuit",
        "mc-break-in",
        "dba-opposed",
        "dba-command",
        "dba-gatling",
        "vc-bucket",
        "vc-ammo",
        "vc-hospital-fire",
        "sotq-d6",
        "sotq-leader-death",
        "sotq-pre-melee",
        "sotq-pn-star",
    ];

    /// The procedure's name (`mc-random-factor`), as the command line and `procedure` write it.
    pub fn name(self) -> &'static str {
        let i = match self {
            Procedure::McRandomFactor { .. } => 0,
            Procedure::McRoutLoss => 1,
            Procedure::McRally { .. } => 2,
            Procedure::McInitiative => 3,
            Procedure::McPursuit => 4,
            Procedure::McBreakIn { .. } => 5,
            Procedure::DbaOpposed { .. } => 6,
            Procedure::DbaCommand => 7,
            Procedure::DbaGatling { .. } => 8,
            Procedure::VcBucket { .. } => 9,
            Procedure::VcAmmo { .. } => 10,
            Procedure::VcHospitalFire { .. } => 11,
            Procedure::SotqD6 => 12,
            Procedure::SotqLeaderDeath => 13,
            Procedure::SotqPreMelee => 14,
            Procedure::SotqPnStar => 15,
        };
        Self::NAMES[i]
    }

    /// The ruleset the procedure belongs to.
    pub fn ruleset(self) -> Ruleset {
        match self.name().split('-').next() {
            Some("mc") => Ruleset::MicroColonial,
            Some("dba") => Ruleset::DbaZulu,
            Some("vc") => Ruleset::VictoriaCross,
            _ => Ruleset::SoldiersOfTheQueen,
        }
    }

    /// The dice one throw of the procedure uses.
    pub fn dice(self) -> usize {
        match self {
            Procedure::McRandomFactor { black, red, .. } => usize::from(black) + usize::from(red),
            Procedure::McBreakIn { .. }
            | Procedure::DbaOpposed { .. }
            | Procedure::SotqLeaderDeath => 2,
            Procedure::VcBucket { count, volley, .. } => {
                count as usize * if volley { 3 } else { 1 }
            }
            Procedure::VcAmmo { ones, .. } => ones as usize,
            _ => 1,
        }
    }

    /// Checks the arguments: each names the flag at fault.
    pub fn validate(self) -> Result<(), String> {
        let name = self.name();
        match self {
            Procedure::McRandomFactor { black, red, .. }
                if !(1..=6).contains(&black) || !(1..=6).contains(&red) =>
            {
                return Err(format!("{name}: --black and --red must be 1 to 6"));
            }
            Procedure::McRally { min } if !(1..=6).contains(&min) => {
                return Err(format!("{name}: --min {min} is not a die score (1 to 6)"));
            }
            Procedure::VcBucket { hit, .. } if !(1..=6).contains(&hit) => {
                return Err(format!("{name}: --hit {hit} is not a die face (1 to 6)"));
            }
            Procedure::VcBucket { count, .. } | Procedure::VcAmmo { ones: count, .. }
                if self.dice() > MAX_BUCKET as usize =>
            {
                return Err(format!(
                    "{name}: {} dice asked for (from {count}); a bucket holds at most {MAX_BUCKET}",
                    self.dice()
                ));
            }
            Procedure::VcHospitalFire { track } if track > vc::BURNED_DOWN => {
                return Err(format!("{name}: --track {track} is off the track (0 to 5)"));
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether a higher listed outcome is better for the player who throws (the odds
    /// table's "this or better" runs that way).
    pub fn better_is_higher(self) -> bool {
        !matches!(
            self,
            Procedure::McRoutLoss
                | Procedure::VcAmmo { .. }
                | Procedure::SotqLeaderDeath
                | Procedure::DbaGatling {
                    throw: dba::GatlingThrow::Combat
                }
        )
    }

    /// A note for the odds table where "better" is a reading, not the document's.
    pub fn odds_note(self) -> Option<&'static str> {
        match self {
            Procedure::SotqD6 | Procedure::SotqPreMelee => Some(
                "the results tables are not in the document: \"better\" reads a higher roll as better",
            ),
            _ => None,
        }
    }

    /// The exact odds of the procedure's result, as the `outcome.result` values.
    pub fn odds(self) -> Result<Odds, RollError> {
        self.validate().map_err(RollError::Invalid)?;
        Ok(match self {
            Procedure::McRandomFactor { black, red, same } => {
                mc::random_factor_dist(black, red, same).to_odds()
            }
            Procedure::McRoutLoss => mc::rout_loss_dist().to_odds(),
            Procedure::McRally { min } => mc::rally_odds(min),
            Procedure::McInitiative => mc::initiative_odds(),
            Procedure::McPursuit => mc::pursuit_odds(),
            Procedure::McBreakIn { room } => mc::break_in_odds(room),
            Procedure::DbaOpposed { a, b } => dba::opposed_dist(a, b).to_odds(),
            Procedure::DbaCommand => dba::command_dist().to_odds(),
            Procedure::DbaGatling { throw } => dba::gatling_odds(throw),
            Procedure::VcBucket { hit, .. } => vc::bucket_dist(self.dice() as u32, hit).to_odds(),
            Procedure::VcAmmo { ones, distance } => vc::ammo_dist(ones, distance).to_odds(),
            Procedure::VcHospitalFire { track } => vc::hospital_fire_dist(track)?.to_odds(),
            Procedure::SotqD6 => sotq::d6_dist().to_odds(),
            Procedure::SotqLeaderDeath => sotq::leader_death_odds(),
            Procedure::SotqPreMelee => sotq::pre_melee_dist().to_odds(),
            Procedure::SotqPnStar => sotq::pn_star_odds(),
        })
    }

    /// Throws the procedure's dice and explains the result; typed faces left over are an
    /// error, as are typed faces that do not fit.
    pub fn resolve(
        self,
        dice: &mut dyn DiceSource,
        tables_hash: &str,
    ) -> Result<Resolution, RollError> {
        self.validate().map_err(RollError::Invalid)?;
        // Typed faces wait in the source before the throw: too many is refused up front.
        let typed = dice.unused();
        if typed > self.dice() {
            return Err(RollError::Leftover {
                typed,
                procedure: self.name(),
                thrown: self.dice(),
                what: describe(&self.colours()),
            });
        }
        let mut r = Resolution::new(self.ruleset(), self.name(), tables_hash);
        self.throw(dice, &mut r)?;
        Ok(r)
    }

    /// The colours of the dice one throw uses (`None` for plain dice).
    pub fn colours(self) -> Vec<Option<Colour>> {
        match self {
            Procedure::McRandomFactor { black, red, .. } => mc::random_factor_colours(black, red),
            Procedure::McBreakIn { .. } => mc::random_factor_colours(1, 1),
            _ => vec![None; self.dice()],
        }
    }

    fn throw(self, dice: &mut dyn DiceSource, r: &mut Resolution) -> Result<(), RollError> {
        match self {
            Procedure::McRandomFactor { black, red, same } => {
                let factor = mc::random_factor(dice, black, red, same)?;
                let steps = mc::random_factor_steps(&factor, same);
                r.set("same_colour_dice", same.name());
                if black > 1 || red > 1 {
                    r.warn(format!(
                        "same_colour_dice = {same} is a reading: RANDOM FACTOR throws two dice of \
                         one colour without saying how they count"
                    ));
                }
                let result = factor.result;
                let thrown = Thrown {
                    roll: factor.roll,
                    result,
                    steps,
                };
                record(r, thrown, result);
            }
            Procedure::McRoutLoss => {
                let t = mc::rout_loss(dice)?;
                r.set("ff_lost", t.result);
                let v = t.result;
                record(r, t, v);
            }
            Procedure::McRally { min } => {
                let t = mc::rally(dice, min)?;
                r.set("rallied", t.result);
                r.set("min", min);
                let v = t.result;
                record(r, t, v);
            }
            Procedure::McInitiative => {
                let t = mc::initiative(dice)?;
                let v = t.result.label();
                record(r, t, v);
            }
            Procedure::McPursuit => {
                let t = mc::pursuit(dice)?;
                let v = t.result.label();
                record(r, t, v);
            }
            Procedure::McBreakIn { room } => {
                let t = mc::break_in(dice, room)?;
                r.set("broke_in", t.result);
                r.set(
                    "random_factor",
                    mc::random_factor_value(&t.roll.faces, SameColour::Sum),
                );
                r.set("room", json!(room));
                let v = t.result;
                record(r, t, v);
            }
            Procedure::DbaOpposed { a, b } => {
                let t = dba::opposed(dice, a, b)?;
                r.set("a_total", t.result.a_total);
                r.set("b_total", t.result.b_total);
                let v = t.result.difference();
                record(r, t, v);
            }
            Procedure::DbaCommand => {
                let t = dba::command(dice)?;
                r.set("command_points", t.result);
                let v = t.result;
                record(r, t, v);
            }
            Procedure::DbaGatling { throw } => {
                let t = dba::gatling(dice, throw)?;
                let key = match throw {
                    dba::GatlingThrow::Combat => "jammed",
                    dba::GatlingThrow::Repair => "repaired",
                };
                r.set(key, t.result);
                let v = t.result;
                record(r, t, v);
            }
            Procedure::VcBucket { hit, volley, .. } => {
                let t = vc::bucket(dice, self.dice() as u32, hit, volley)?;
                r.set("dice", self.dice());
                r.set("hits", t.result.hits);
                r.set("ones", t.result.ones);
                let v = t.result.hits;
                record(r, t, v);
            }
            Procedure::VcAmmo { ones, distance } => {
                let t = vc::ammo(dice, ones, distance)?;
                r.set("depleted", t.result);
                let v = t.result;
                record(r, t, v);
            }
            Procedure::VcHospitalFire { track } => {
                let t = vc::hospital_fire(dice, track)?;
                r.set("moved", t.result.moved);
                r.set("burned_down", t.result.burned_down);
                let v = t.result.track;
                record(r, t, v);
            }
            Procedure::SotqD6 => {
                let t = sotq::d6(dice)?;
                let v = t.result;
                record(r, t, v);
            }
            Procedure::SotqLeaderDeath => {
                let t = sotq::leader_death(dice)?;
                r.set("killed", t.result);
                let v = t.result;
                record(r, t, v);
            }
            Procedure::SotqPreMelee => {
                let t = sotq::pre_melee(dice)?;
                r.set("die", t.roll.faces.first().map_or(0, |f| f.face));
                let v = t.result;
                record(r, t, v);
            }
            Procedure::SotqPnStar => {
                let t = sotq::pn_star(dice)?;
                let v = t.result.label();
                record(r, t, v);
            }
        }
        Ok(())
    }
}
