//! Every dice procedure by name, as `laager roll` and `laager odds` take them: its
//! arguments, its resolution (steps, faces, typed outcome) and its exact odds.

use super::micro_colonial::{self as mc, Room, SameColour};
use super::outcome::{
    DbaCommandOutcome, DbaGatlingOutcome, DbaOpposedOutcome, McBreakInOutcome, McInitiativeOutcome,
    McPursuitOutcome, McRallyOutcome, McRandomFactorOutcome, McRoutLossOutcome, RollOutcome,
    SotqD6Outcome, SotqLeaderDeathOutcome, SotqPnStarOutcome, SotqPreMeleeOutcome, VcAmmoOutcome,
    VcBucketOutcome, VcHospitalFireOutcome,
};
use super::source::describe;
use super::victoria_cross::{self as vc, MAX_BUCKET};
use super::{DiceError, DiceSource, Thrown, dba, soldiers_of_the_queen as sotq};
use crate::resolution::{Colour, Odds, Refusal, Resolution};
use crate::ruleset::Ruleset;

/// One dice procedure of one ruleset, with its arguments (not to be confused with
/// `rules::Procedure`, a rule resolved from the charts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiceProcedure {
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

/// Puts a throw into the resolution (its steps and its roll) and returns its result.
fn record<T>(r: &mut Resolution<()>, thrown: Thrown<T>) -> T {
    r.steps.extend(thrown.steps);
    r.rolls.push(thrown.roll);
    thrown.result
}

/// The ruleset of a dice procedure by its name (`vc-bucket`: Victoria Cross); `None` for a
/// name that is not a dice procedure's.
pub fn ruleset_of(name: &str) -> Option<Ruleset> {
    if !DiceProcedure::NAMES.contains(&name) {
        return None;
    }
    Some(match name.split('-').next() {
        Some("mc") => Ruleset::MicroColonial,
        Some("dba") => Ruleset::DbaZulu,
        Some("vc") => Ruleset::VictoriaCross,
        _ => Ruleset::SoldiersOfTheQueen,
    })
}

/// RANDOM FACTOR: the black dice less the red, two of a colour counted as the club reads
/// them (a reading, said in a warning).
fn mc_random_factor(
    dice: &mut dyn DiceSource,
    r: &mut Resolution<()>,
    (black, red): (u8, u8),
    same: SameColour,
) -> Result<RollOutcome, RollError> {
    let factor = mc::random_factor(dice, black, red, same)?;
    let steps = mc::random_factor_steps(&factor, same);
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
    Ok(RollOutcome::McRandomFactor(McRandomFactorOutcome {
        result: record(r, thrown),
        same_colour_dice: same,
    }))
}

/// Rorke's Drift's break-in into `room`, with the random factor its dice make.
fn mc_break_in(
    dice: &mut dyn DiceSource,
    r: &mut Resolution<()>,
    room: Room,
) -> Result<RollOutcome, RollError> {
    let t = mc::break_in(dice, room)?;
    let random_factor = mc::random_factor_value(&t.roll.faces, SameColour::Sum);
    let broke_in = record(r, t);
    Ok(RollOutcome::McBreakIn(McBreakInOutcome {
        result: broke_in,
        broke_in,
        random_factor,
        room,
    }))
}

/// A Gatling's jam (in combat) or repair throw.
fn dba_gatling(
    dice: &mut dyn DiceSource,
    r: &mut Resolution<()>,
    throw: dba::GatlingThrow,
) -> Result<RollOutcome, RollError> {
    let happened = record(r, dba::gatling(dice, throw)?);
    let combat = throw == dba::GatlingThrow::Combat;
    Ok(RollOutcome::DbaGatling(DbaGatlingOutcome {
        result: happened,
        jammed: combat.then_some(happened),
        repaired: (!combat).then_some(happened),
    }))
}

impl DiceProcedure {
    /// Every procedure's name, in the order `laager roll --help` lists them.
    pub const NAMES: [&'static str; 16] = RollOutcome::NAMES;

    /// The procedure's name (`mc-random-factor`), as the command line and `procedure` write it.
    pub fn name(self) -> &'static str {
        let i = match self {
            DiceProcedure::McRandomFactor { .. } => 0,
            DiceProcedure::McRoutLoss => 1,
            DiceProcedure::McRally { .. } => 2,
            DiceProcedure::McInitiative => 3,
            DiceProcedure::McPursuit => 4,
            DiceProcedure::McBreakIn { .. } => 5,
            DiceProcedure::DbaOpposed { .. } => 6,
            DiceProcedure::DbaCommand => 7,
            DiceProcedure::DbaGatling { .. } => 8,
            DiceProcedure::VcBucket { .. } => 9,
            DiceProcedure::VcAmmo { .. } => 10,
            DiceProcedure::VcHospitalFire { .. } => 11,
            DiceProcedure::SotqD6 => 12,
            DiceProcedure::SotqLeaderDeath => 13,
            DiceProcedure::SotqPreMelee => 14,
            DiceProcedure::SotqPnStar => 15,
        };
        Self::NAMES[i]
    }

    /// The ruleset the procedure belongs to.
    pub fn ruleset(self) -> Ruleset {
        ruleset_of(self.name()).unwrap_or(Ruleset::SoldiersOfTheQueen)
    }

    /// The dice one throw of the procedure uses.
    pub fn dice(self) -> usize {
        match self {
            DiceProcedure::McRandomFactor { black, red, .. } => {
                usize::from(black) + usize::from(red)
            }
            DiceProcedure::McBreakIn { .. }
            | DiceProcedure::DbaOpposed { .. }
            | DiceProcedure::SotqLeaderDeath => 2,
            DiceProcedure::VcBucket { count, volley, .. } => {
                count as usize * if volley { 3 } else { 1 }
            }
            DiceProcedure::VcAmmo { ones, .. } => ones as usize,
            _ => 1,
        }
    }

    /// Checks the arguments: each names the flag at fault.
    pub fn validate(self) -> Result<(), String> {
        let name = self.name();
        match self {
            DiceProcedure::McRandomFactor { black, red, .. }
                if !(1..=6).contains(&black) || !(1..=6).contains(&red) =>
            {
                return Err(format!("{name}: --black and --red must be 1 to 6"));
            }
            DiceProcedure::McRally { min } if !(1..=6).contains(&min) => {
                return Err(format!("{name}: --min {min} is not a die score (1 to 6)"));
            }
            DiceProcedure::VcBucket { hit, .. } if !(1..=6).contains(&hit) => {
                return Err(format!("{name}: --hit {hit} is not a die face (1 to 6)"));
            }
            DiceProcedure::VcBucket { count, .. } | DiceProcedure::VcAmmo { ones: count, .. }
                if self.dice() > MAX_BUCKET as usize =>
            {
                return Err(format!(
                    "{name}: {} dice asked for (from {count}); a bucket holds at most {MAX_BUCKET}",
                    self.dice()
                ));
            }
            DiceProcedure::DbaOpposed { a, b } => {
                for (flag, factor) in [("--a", a), ("--b", b)] {
                    dba::check_factor(flag, factor).map_err(|e| format!("{name}: {e}"))?;
                }
            }
            DiceProcedure::VcHospitalFire { track } if track > vc::BURNED_DOWN => {
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
            DiceProcedure::McRoutLoss
                | DiceProcedure::VcAmmo { .. }
                | DiceProcedure::SotqLeaderDeath
                | DiceProcedure::DbaGatling {
                    throw: dba::GatlingThrow::Combat
                }
        )
    }

    /// A note for the odds table where "better" is a reading, not the document's.
    pub fn odds_note(self) -> Option<&'static str> {
        match self {
            DiceProcedure::SotqD6 | DiceProcedure::SotqPreMelee => Some(
                "the results tables are not in the document: \"better\" reads a higher roll as better",
            ),
            _ => None,
        }
    }

    /// The exact odds of the procedure's result, as the `outcome.result` values.
    pub fn odds(self) -> Result<Odds, RollError> {
        self.validate().map_err(RollError::Invalid)?;
        Ok(match self {
            DiceProcedure::McRandomFactor { black, red, same } => {
                mc::random_factor_dist(black, red, same).to_odds()
            }
            DiceProcedure::McRoutLoss => mc::rout_loss_dist().to_odds(),
            DiceProcedure::McRally { min } => mc::rally_odds(min),
            DiceProcedure::McInitiative => mc::initiative_odds(),
            DiceProcedure::McPursuit => mc::pursuit_odds(),
            DiceProcedure::McBreakIn { room } => mc::break_in_odds(room),
            DiceProcedure::DbaOpposed { a, b } => dba::opposed_dist(a, b).to_odds(),
            DiceProcedure::DbaCommand => dba::command_dist().to_odds(),
            DiceProcedure::DbaGatling { throw } => dba::gatling_odds(throw),
            DiceProcedure::VcBucket { hit, .. } => {
                vc::bucket_dist(self.dice() as u32, hit).to_odds()
            }
            DiceProcedure::VcAmmo { ones, distance } => vc::ammo_dist(ones, distance).to_odds(),
            DiceProcedure::VcHospitalFire { track } => vc::hospital_fire_dist(track)?.to_odds(),
            DiceProcedure::SotqD6 => sotq::d6_dist().to_odds(),
            DiceProcedure::SotqLeaderDeath => sotq::leader_death_odds(),
            DiceProcedure::SotqPreMelee => sotq::pre_melee_dist().to_odds(),
            DiceProcedure::SotqPnStar => sotq::pn_star_odds(),
        })
    }

    /// Throws the procedure's dice and explains the result; typed faces left over are an
    /// error, as are typed faces that do not fit.
    pub fn resolve(
        self,
        dice: &mut dyn DiceSource,
        tables_hash: &str,
    ) -> Result<Resolution<RollOutcome>, RollError> {
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
        let mut r = Resolution::<()>::new(self.ruleset(), self.name(), tables_hash);
        let outcome = self.throw(dice, &mut r)?;
        Ok(r.with_outcome(outcome))
    }

    /// The colours of the dice one throw uses (`None` for plain dice).
    pub fn colours(self) -> Vec<Option<Colour>> {
        match self {
            DiceProcedure::McRandomFactor { black, red, .. } => {
                mc::random_factor_colours(black, red)
            }
            DiceProcedure::McBreakIn { .. } => mc::random_factor_colours(1, 1),
            _ => vec![None; self.dice()],
        }
    }

    fn throw(
        self,
        dice: &mut dyn DiceSource,
        r: &mut Resolution<()>,
    ) -> Result<RollOutcome, RollError> {
        Ok(match self {
            DiceProcedure::McRandomFactor { black, red, same } => {
                mc_random_factor(dice, r, (black, red), same)?
            }
            DiceProcedure::McRoutLoss => {
                let ff_lost = record(r, mc::rout_loss(dice)?);
                RollOutcome::McRoutLoss(McRoutLossOutcome {
                    result: ff_lost,
                    ff_lost,
                })
            }
            DiceProcedure::McRally { min } => {
                let rallied = record(r, mc::rally(dice, min)?);
                RollOutcome::McRally(McRallyOutcome {
                    result: rallied,
                    rallied,
                    min,
                })
            }
            DiceProcedure::McInitiative => RollOutcome::McInitiative(McInitiativeOutcome {
                result: record(r, mc::initiative(dice)?),
            }),
            DiceProcedure::McPursuit => RollOutcome::McPursuit(McPursuitOutcome {
                result: record(r, mc::pursuit(dice)?),
            }),
            DiceProcedure::McBreakIn { room } => mc_break_in(dice, r, room)?,
            DiceProcedure::DbaOpposed { a, b } => {
                let totals = record(r, dba::opposed(dice, a, b)?);
                RollOutcome::DbaOpposed(DbaOpposedOutcome {
                    result: totals.difference(),
                    a_total: totals.a_total,
                    b_total: totals.b_total,
                })
            }
            DiceProcedure::DbaCommand => {
                let points = record(r, dba::command(dice)?);
                RollOutcome::DbaCommand(DbaCommandOutcome {
                    result: points,
                    command_points: points,
                })
            }
            DiceProcedure::DbaGatling { throw } => dba_gatling(dice, r, throw)?,
            DiceProcedure::VcBucket { hit, volley, .. } => {
                let count = self.dice() as u32;
                let bucket = record(r, vc::bucket(dice, count, hit, volley)?);
                RollOutcome::VcBucket(VcBucketOutcome {
                    result: bucket.hits,
                    dice: count,
                    hits: bucket.hits,
                    ones: bucket.ones,
                })
            }
            DiceProcedure::VcAmmo { ones, distance } => {
                let depleted = record(r, vc::ammo(dice, ones, distance)?);
                RollOutcome::VcAmmo(VcAmmoOutcome {
                    result: depleted,
                    depleted,
                })
            }
            DiceProcedure::VcHospitalFire { track } => {
                let fire = record(r, vc::hospital_fire(dice, track)?);
                RollOutcome::VcHospitalFire(VcHospitalFireOutcome {
                    result: fire.track,
                    moved: fire.moved,
                    burned_down: fire.burned_down,
                })
            }
            DiceProcedure::SotqD6 => RollOutcome::SotqD6(SotqD6Outcome {
                result: record(r, sotq::d6(dice)?),
            }),
            DiceProcedure::SotqLeaderDeath => {
                let killed = record(r, sotq::leader_death(dice)?);
                RollOutcome::SotqLeaderDeath(SotqLeaderDeathOutcome {
                    result: killed,
                    killed,
                })
            }
            DiceProcedure::SotqPreMelee => {
                let t = sotq::pre_melee(dice)?;
                let die = t.roll.faces.first().map_or(0, |f| f.face);
                RollOutcome::SotqPreMelee(SotqPreMeleeOutcome {
                    result: record(r, t),
                    die,
                })
            }
            DiceProcedure::SotqPnStar => RollOutcome::SotqPnStar(SotqPnStarOutcome {
                result: record(r, sotq::pn_star(dice)?),
            }),
        })
    }
}
