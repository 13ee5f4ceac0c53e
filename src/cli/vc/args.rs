//! The flags of `laager vc ...`: every subcommand's arguments, the battle and side as
//! the command line names them, the dice and `--json` with the tables in force.

use super::super::TablesArgs;
use super::super::described::Described;
use super::super::situation::SituationArgs;
use crate::bounds::{Count, Seed, Strength, ZoneRange};
use crate::rules::victoria_cross::{Battle, Side};
use clap::{Args, Subcommand, ValueEnum};

/// `laager vc ...`.
#[derive(Debug, Subcommand)]
pub enum VcCommand {
    /// British fire from one zone at one target zone: one die per firing SP.
    Fire(FireArgs),
    /// A leader's volley fire with N infantry SP (1-4): 3 x (N + 1) dice at an adjacent zone.
    Volley(VolleyArgs),
    /// Isandlwana's ammunition check: re-roll one die per 1, each at or under the distance
    /// to zone 15 marks a unit Ammo Depleted.
    Ammo(AmmoArgs),
    /// The Zulu random fire: a hit on each 6 (5 and 6 at the water cart).
    RandomFire(RandomFireArgs),
    /// One side's melee into one zone: one die per SP.
    Melee(MeleeArgs),
    /// A British leader's bayonet charge with up to 4 SP into an adjacent Zulu zone:
    /// simultaneous melee rounds until a side is gone or the British stop → outcome.rounds,
    /// british_sp, zulu_sp (left), result.
    ///
    /// Roles from the records (--campaign FILE.laager [--game N]): --unit leader=ID, the
    /// British counters charging with him --unit unit-1=ID ... unit-4=ID (their SP counted as
    /// in melee, the leader 1) and --unit target=ID, the Zulu counter charged (its SP the
    /// Zulu SP). With --apply the Zulu losses come off the target; British losses are the
    /// British player's to allocate, unless none is left, when every charging counter goes.
    BayonetCharge(BayonetChargeArgs),
    /// Rorke's Drift's British replacements in zone G: "two replacement SP" a turn, at most
    /// 1 a unit, to up to two units of reduced strength → outcome.applied.
    ///
    /// Roles from the records (--campaign FILE.laager [--game N]): --unit unit-1=ID,
    /// unit-2=ID, each one's SP now and full SP from the records; the N-th --replace gives
    /// unit-N's gain= and in-g. With --apply the SP given are restored on the roster.
    Replacements(ReplacementsArgs),
    /// Rorke's Drift's Hospital Phase: one die moves the fire marker along the track.
    Hospital(HospitalArgs),
    /// The Zulu Victory Points at the end of a turn (Victory Conditions) →
    /// outcome.earned, deductions, total.
    ///
    /// With --campaign FILE.laager [--game N] the records give the VP units eliminated so
    /// far (Rorke's Drift: counters recorded as vp-unit, removed or at 0 SP) and the Zulu SP
    /// lost this turn (the game's move); a flag given wins. The zones held stay flags: the
    /// board is the club's.
    VictoryPoints(VictoryPointsArgs),
    /// Who has won at the end of a turn, and the victory level (Victory Conditions) →
    /// outcome.winner, level.
    Victory(VictoryArgs),
    /// Isandlwana's alternate victory level at game end from the British SP that survive →
    /// outcome.level.
    AlternateVictory(AlternateVictoryArgs),
    /// How many lost Zulu SP may re-enter this movement phase under the SP cap →
    /// outcome.may_enter, held.
    ZuluReentry(ZuluReentryArgs),
    /// Both sides' melee over one zone, resolved together: the Zulus roll first, then the
    /// British, and only then are losses applied → outcome.zulu_hits (on the British),
    /// british_hits (on the Zulus).
    ///
    /// Roles from the records (--campaign FILE.laager [--game N]): --unit unit-1=ID ...
    /// unit-16=ID, the counters of both sides in the melee, each going to its side's melee by
    /// what the records say it is (their SP counted as in melee). With --apply the result is
    /// logged; each owning player chooses which of his units lose the SP.
    MeleeExchange(MeleeExchangeArgs),
    /// Whether one side's stack in a zone is within its limit ("Maximum Units/SP per
    /// Zone") → outcome.allowed, limit.
    ///
    /// Roles from the records (--campaign FILE.laager [--game N]): --unit unit-1=ID ...
    /// unit-16=ID, one side's counters in the zone: their side, their SP (the artillery 1, a
    /// VP unit none) and their leaders.
    Stacking(StackingArgs),
    /// Whether the Zulus may enter the board by a zone on a turn ("Map Board") →
    /// outcome.allowed.
    ZuluEntry(ZuluEntryArgs),
    /// The solitaire Zulu Entry Chart: one die, a 6 splitting the force in two →
    /// outcome.zones, split.
    SolitaireEntry(SolitaireEntryArgs),
    /// The solitaire Zulu movement chart: one die and its modifiers → outcome.direction
    /// (stay, left, ahead, right), roll.
    SolitaireMovement(SolitaireMovementArgs),
}

/// The flags of `laager vc fire`.
#[derive(Debug, Args)]
pub struct FireArgs {
    /// The battle.
    #[arg(long, value_enum)]
    pub battle: BattleArg,
    /// The firing SP (British infantry, cavalry, leaders; the artillery battery 6).
    /// Needed unless the records give it (--campaign FILE.laager --unit firer-1=ID ...).
    #[arg(long, required_unless_present = "units")]
    pub sp: Option<Strength>,
    /// The range in zones, from the firing zone's list (R1, R2, R3).
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub range: Option<ZoneRange>,
    /// Instead of --range: the firing zone, read off the board's fire lists.
    #[arg(long, value_name = "ZONE", requires = "to")]
    pub from: Option<String>,
    /// With --from: the target zone.
    #[arg(long, value_name = "ZONE", requires = "from")]
    pub to: Option<String>,
    /// With --from: the zones holding British units, which may block the line of sight.
    #[arg(
        long,
        value_name = "ZONE,...",
        value_delimiter = ',',
        requires = "from"
    )]
    pub friendly: Vec<String>,
    /// A night turn (Rorke's Drift): the British range is at most 2 zones.
    #[arg(long)]
    pub night: bool,
    /// Rorke's Drift: a zone lies between the firer and the wall it fires over.
    #[arg(long)]
    pub zone_before_wall: bool,
    /// Rorke's Drift: the wall sections the fire crosses ("British units may not fire
    /// over more than one wall section at an enemy unit"); 1 with --zone-before-wall
    /// when not given, else 0.
    #[arg(long, value_name = "N")]
    pub walls_crossed: Option<Count>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// From a campaign's records: `--unit firer-1=ID` ... `firer-8=ID`, the British
    /// counters firing together (their firing SP), and `--unit target=ID`, the Zulu
    /// counter the hits are taken off when `--apply` records them.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc volley`.
#[derive(Debug, Args)]
pub struct VolleyArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::Volley>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// From a campaign's records: `--unit leader=ID`, `--unit infantry-1=ID` ...
    /// `infantry-4=ID` (the infantry grouped with him: their SP), and `--unit
    /// target=ID`, the Zulu counter the hits are taken off when `--apply` records them.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc ammo`.
#[derive(Debug, Args)]
pub struct AmmoArgs {
    /// The 1s rolled in the fire.
    #[arg(long)]
    pub ones: Count,
    /// Zones from the firing zone to zone 15 (zone 15 itself counts 1).
    #[arg(long, required_unless_present = "from", conflicts_with = "from")]
    pub distance: Option<Count>,
    /// Instead of --distance: the firing zone, the distance counted on the board.
    #[arg(long, value_name = "ZONE")]
    pub from: Option<String>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// From a campaign's records: `--unit firer-1=ID` ... `firer-8=ID`, the British
    /// counters that fired. No more are marked than may be (not the artillery), and
    /// `--apply` marks them Ammo Depleted when all must be; when fewer, it names the
    /// British player's choice.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc random-fire`.
#[derive(Debug, Args)]
pub struct RandomFireArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::RandomFire>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// From a campaign's records: `--unit target=ID`, the British counter the hits are
    /// taken off when `--apply` records them.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc melee`.
#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// The battle.
    #[arg(long, value_enum)]
    pub battle: BattleArg,
    /// Who melees. Needed unless the records give it (--unit unit-1=ID ...).
    #[arg(long, value_enum, required_unless_present = "units")]
    pub side: Option<SideArg>,
    /// The meleeing SP (the artillery counts 1); with --from, their sum or left out; or
    /// from the records (--unit unit-1=ID ...).
    #[arg(long, required_unless_present_any = ["from", "units"])]
    pub sp: Option<Strength>,
    /// Rorke's Drift: across a wall section, or through a door or window.
    #[arg(long)]
    pub across_wall: bool,
    /// Rorke's Drift: into a building zone, from this many zones (default 1): at most
    /// 8 SP a zone melee, the rest do not.
    #[arg(
        long,
        value_name = "ZONES",
        num_args = 0..=1,
        default_missing_value = "1"
    )]
    pub into_building: Option<Count>,
    /// Rorke's Drift: out of a building zone: at most 8 SP melee, the rest do not.
    #[arg(long)]
    pub out_of_building: bool,
    /// The British melee from a laagered zone (the British Laager Camp optional rule,
    /// on with --cell settings:british_laager_camp=on).
    #[arg(long)]
    pub in_laager_camp: bool,
    /// The target zone: with --from, the walls, the building zones and the laager are
    /// read off the board instead of the flags.
    #[arg(long, value_name = "ZONE")]
    pub into: Option<String>,
    /// A zone the SP melee from and its SP, ZONE=SP (repeatable: "Players may melee
    /// with units from two or more zones").
    #[arg(long = "from", value_name = "ZONE=SP")]
    pub from: Vec<String>,
    /// The game turn (no melee on turn 1 at Isandlwana).
    #[arg(long)]
    pub turn: Option<Count>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// From a campaign's records: `--unit unit-1=ID` ... `unit-8=ID`, one side's
    /// counters meleeing (their side and SP), and `--unit target=ID`, the other side's
    /// counter the hits are taken off when `--apply` records them.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc bayonet-charge`.
#[derive(Debug, Args)]
pub struct BayonetChargeArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::BayonetCharge>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc replacements`.
#[derive(Debug, Args)]
pub struct ReplacementsArgs {
    /// The battle (Isandlwana has none).
    #[arg(long, value_enum)]
    pub battle: BattleArg,
    /// A unit given replacement SP: name=, sp= (now), full= (full strength), gain=, and
    /// flag in-g (it started the turn in zone G); with --unit unit-N=ID, the N-th gives
    /// its gain= and in-g (repeatable).
    #[arg(long = "replace", value_name = "SPEC")]
    pub replace: Vec<String>,
    #[command(flatten)]
    pub common: Common,
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc hospital`.
#[derive(Debug, Args)]
pub struct HospitalArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::Hospital>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// From a campaign's records (--campaign FILE.laager [--game N]): `--unit
    /// unit-1=ID` ... `unit-16=ID`, the counters in the hospital zones; with --apply the
    /// result is logged and, when the hospital burns down, those counters are
    /// eliminated ("Any units still in the hospital when it burns down are
    /// eliminated").
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc victory-points`.
#[derive(Debug, Args)]
pub struct VictoryPointsArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::VictoryPoints>,
    #[command(flatten)]
    pub common: Common,
    /// The campaign game whose records give the VP units eliminated and the Zulu losses.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc victory`.
#[derive(Debug, Args)]
pub struct VictoryArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::Victory>,
    #[command(flatten)]
    pub common: Common,
    /// The campaign game whose records give the British SP left.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc alternate-victory`.
#[derive(Debug, Args)]
pub struct AlternateVictoryArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::AlternateVictory>,
    #[command(flatten)]
    pub common: Common,
    /// The campaign game whose records give the British SP left.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc zulu-reentry`.
#[derive(Debug, Args)]
pub struct ZuluReentryArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::ZuluReentry>,
    #[command(flatten)]
    pub common: Common,
    /// The campaign game whose records give the Zulu warrior SP on the board.
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc melee-exchange`.
#[derive(Debug, Args)]
pub struct MeleeExchangeArgs {
    /// The battle.
    #[arg(long, value_enum)]
    pub battle: BattleArg,
    /// The Zulu meleeing SP. Needed unless the records give it (--unit unit-N=ID).
    #[arg(long, required_unless_present = "units")]
    pub zulu_sp: Option<Strength>,
    /// The British meleeing SP (the artillery counts 1). Needed unless the records give
    /// it (--unit unit-N=ID).
    #[arg(long, required_unless_present = "units")]
    pub british_sp: Option<Strength>,
    /// Rorke's Drift: the melee is across a wall section, or through a door or window.
    #[arg(long)]
    pub across_wall: bool,
    /// Rorke's Drift: the Zulus melee into a building zone, from this many zones
    /// (default 1), and the British out of it: at most 8 SP a zone melee.
    #[arg(
        long,
        value_name = "ZONES",
        num_args = 0..=1,
        default_missing_value = "1"
    )]
    pub building: Option<Count>,
    /// The British melee from a laagered zone (the British Laager Camp optional rule,
    /// on with --cell settings:british_laager_camp=on).
    #[arg(long)]
    pub in_laager_camp: bool,
    /// The game turn (no melee on turn 1 at Isandlwana).
    #[arg(long)]
    pub turn: Option<Count>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc stacking`.
#[derive(Debug, Args)]
pub struct StackingArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::Stacking>,
    #[command(flatten)]
    pub common: Common,
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc zulu-entry`: the engine's entry fields.
#[derive(Debug, Args)]
pub struct ZuluEntryArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::ZuluEntry>,
    #[command(flatten)]
    pub common: Common,
    /// With --campaign FILE.laager [--game N] --apply the answer is logged in the game
    /// (it is about no counter).
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc solitaire-entry`.
#[derive(Debug, Args)]
pub struct SolitaireEntryArgs {
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// From a campaign's records (--campaign FILE.laager [--game N]): `--unit
    /// unit-1=ID` ... `unit-16=ID`, the counters in the hospital zones; with --apply the
    /// result is logged and, when the hospital burns down, those counters are
    /// eliminated ("Any units still in the hospital when it burns down are
    /// eliminated").
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The flags of `laager vc solitaire-movement`: the engine's movement fields.
#[derive(Debug, Args)]
pub struct SolitaireMovementArgs {
    #[command(flatten)]
    pub fields: Described<crate::rules::victoria_cross::SolitaireMovement>,
    #[command(flatten)]
    pub dice: DiceArgs,
    #[command(flatten)]
    pub common: Common,
    /// With --campaign FILE.laager [--game N] --apply the roll is logged in the game (it
    /// is about no counter).
    #[command(flatten)]
    pub situation: SituationArgs,
}

/// The battle, on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BattleArg {
    /// Isandlwana.
    Isandlwana,
    /// Rorke's Drift.
    RorkesDrift,
}

impl From<SideArg> for Side {
    fn from(arg: SideArg) -> Side {
        match arg {
            SideArg::British => Side::British,
            SideArg::Zulu => Side::Zulu,
        }
    }
}

impl From<BattleArg> for Battle {
    fn from(arg: BattleArg) -> Battle {
        match arg {
            BattleArg::Isandlwana => Battle::Isandlwana,
            BattleArg::RorkesDrift => Battle::RorkesDrift,
        }
    }
}

/// The side, on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SideArg {
    /// The British player.
    British,
    /// The Zulu player.
    Zulu,
}

/// Where the dice come from: typed, seeded, or none (exact odds). One of them is asked
/// for when the input throws dice (`Request::throws`: a solitaire force that stays throws
/// none).
#[derive(Debug, Clone, Args)]
#[group(required = false, multiple = false)]
pub struct DiceArgs {
    /// The faces thrown at the table, comma-separated (`1,1,3,5,6`).
    #[arg(long, value_name = "F,...")]
    pub dice: Option<String>,
    /// Roll with Laager's generator from this seed.
    #[arg(long, value_name = "S")]
    pub seed: Option<Seed>,
    /// Print the exact odds of the outcome instead of rolling.
    #[arg(long)]
    pub odds: bool,
}

/// No dice: a procedure that throws none.
pub(super) const NO_DICE: DiceArgs = DiceArgs {
    dice: None,
    seed: None,
    odds: false,
};

/// `--json` and the tables in force.
#[derive(Debug, Clone, Args)]
pub struct Common {
    /// Print the JSON form.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub tables: TablesArgs,
}
