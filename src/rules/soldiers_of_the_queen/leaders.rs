//! Leaders (PART 13): death when their stack loses units, death when alone, rallying
//! Routed units, and the Khalifa.

use super::commanders::{Army, Leader, Role};
use super::results::Ctx;
use super::{Game, RULESET, Side, rule, throw};
use crate::charts::{CellReader, Charts};
use crate::dice::{DiceSource, Dist};
use crate::resolution::{Odds, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::{FieldSpec, Kind, flag, parsed};
use crate::rules::situation::Origins;
use crate::ruleset::{Ruleset, serde_by_name};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// Whether a leader's name is the Khalifa's.
pub fn is_khalifa(name: &str) -> bool {
    name.to_ascii_lowercase().contains("khalifa")
}

/// PART 13 D: "A leader is eliminated on a roll of 2 or 12."
pub fn killed_on(total: u8) -> bool {
    total == 2 || total == 12
}

/// The exact chance a leader dies when his stack loses a unit but keeps one: 2/36.
fn death_odds() -> Odds {
    let dist = Dist::d6().add(&Dist::d6());
    Dist::bool_odds(dist.p_where(|t| t == 2 || t == 12))
}

/// One leader's death roll (PART 13 D): two dice, killed on 2 or 12.
fn death_roll(
    charts: &Charts,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<LeaderDeathOutcome>, Refusal> {
    let mut res = Resolution::<()>::new(RULESET, LeaderDeath::NAME, charts.hash());
    let faces = throw(dice, 2, &mut res, "PART 13 D")?;
    let total = faces[0] + faces[1];
    let killed = killed_on(total);
    res.step(Step::valued(
        rule("PART 13 D"),
        format!(
            "two dice {} + {}: a leader is eliminated on a roll of 2 or 12",
            faces[0], faces[1]
        ),
        total,
        None,
    ));
    Ok(res.with_outcome(LeaderDeathOutcome {
        killed,
        total: Some(total),
        moves_away: None,
    }))
}

/// Rolls for each leader in a hex after Fire or Melee eliminated units there (PART 13 D),
/// returning the leaders killed.
pub(crate) fn after_elimination(
    ctx: &mut Ctx<'_>,
    leaders: &[String],
    eliminated: usize,
    remaining: usize,
) -> Result<Vec<String>, Refusal> {
    if eliminated == 0 || leaders.is_empty() {
        return Ok(Vec::new());
    }
    if remaining == 0 {
        ctx.res.step(Step::note(
            rule("PART 13 D"),
            "all combat units in the hex are eliminated: all leaders in that hex are killed",
        ));
        return Ok(leaders.to_vec());
    }
    let mut killed = Vec::new();
    for leader in leaders {
        let faces = throw(ctx.dice, 2, &mut ctx.res, "PART 13 D")?;
        let total = faces[0] + faces[1];
        let dead = killed_on(total);
        ctx.res.step(Step::valued(
            rule("PART 13 D"),
            format!(
                "a unit was eliminated but one remains: {leader} rolls two dice {} + {} ({})",
                faces[0],
                faces[1],
                if dead {
                    "killed on 2 or 12"
                } else {
                    "survives"
                }
            ),
            total,
            None,
        ));
        if dead {
            killed.push(leader.clone());
        }
    }
    Ok(killed)
}

/// How an enemy comes upon a leader in a hex with no Friendly combat units (PART 13 D).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AloneCase {
    /// "an Enemy combat unit moves through the Friendly leader's hex during the Enemy Movement Phase".
    MovedThrough,
    /// "an unrouted, unpinned, Enemy combat unit is adjacent ... at the beginning of the Enemy Melee Phase".
    Adjacent,
    /// The adjacent Enemy unit is pinned or Routed.
    AdjacentPinnedOrRouted,
    /// The hexside between them is impassable for the leader or the combat unit.
    AdjacentImpassable,
    /// Stacked with an Enemy unit at the end of the Enemy Player Turn (PART 12 A).
    StackedWithEnemy,
}

impl AloneCase {
    /// The case's name, as [`AloneCase::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            AloneCase::MovedThrough => "moved-through",
            AloneCase::Adjacent => "adjacent",
            AloneCase::AdjacentPinnedOrRouted => "adjacent-pinned",
            AloneCase::AdjacentImpassable => "adjacent-impassable",
            AloneCase::StackedWithEnemy => "stacked-with-enemy",
        }
    }

    /// Parses `moved-through`, `adjacent`, `adjacent-pinned` (or `adjacent-routed`), `adjacent-impassable`.
    pub fn parse(text: &str) -> Result<AloneCase, String> {
        match text.trim() {
            "moved-through" => Ok(AloneCase::MovedThrough),
            "adjacent" => Ok(AloneCase::Adjacent),
            "adjacent-pinned" | "adjacent-routed" => Ok(AloneCase::AdjacentPinnedOrRouted),
            "adjacent-impassable" => Ok(AloneCase::AdjacentImpassable),
            "stacked-with-enemy" => Ok(AloneCase::StackedWithEnemy),
            other => Err(format!(
                "'{other}' is not a case: expected moved-through, adjacent, adjacent-pinned, adjacent-routed, adjacent-impassable or stacked-with-enemy"
            )),
        }
    }
}

impl FromStr for AloneCase {
    type Err = String;

    fn from_str(text: &str) -> Result<AloneCase, String> {
        AloneCase::parse(text)
    }
}

serde_by_name!(AloneCase, name);

/// A leader alone with the enemy upon him (PART 13 D).
fn alone(charts: &Charts, case: AloneCase) -> Resolution<LeaderDeathOutcome> {
    let mut res = Resolution::<()>::new(RULESET, LeaderDeath::NAME, charts.hash());
    let section = if case == AloneCase::StackedWithEnemy {
        "PART 12 A"
    } else {
        "PART 13 D"
    };
    let (killed, text) = match case {
        AloneCase::StackedWithEnemy => (
            true,
            "If a Leader or Supply Wagon unit is stacked with an Enemy unit at the end of the Enemy Player Turn, the leader or Supply Wagon is automatically eliminated",
        ),
        AloneCase::MovedThrough => (
            true,
            "The leader is killed if an Enemy combat unit moves through the Friendly leader's hex during the Enemy Movement Phase (no Movement Point cost)",
        ),
        AloneCase::Adjacent => (
            true,
            "The leader is killed if an unrouted, unpinned, Enemy combat unit is adjacent to the Friendly leader's hex at the beginning of the Enemy Melee Phase",
        ),
        AloneCase::AdjacentPinnedOrRouted | AloneCase::AdjacentImpassable => (
            false,
            "If the adjacent Enemy unit is pinned or Routed, or if the hexside connecting the two hexes is impassable, the owner moves the leader one hex away from the combat unit (or leaves him in place if he cannot move)",
        ),
    };
    res.step(Step::note(rule(section), text));
    res.with_outcome(LeaderDeathOutcome {
        killed,
        total: None,
        moves_away: Some(!killed),
    })
}

/// A leader's death: his roll when his stack lost a unit but kept one, or the case of a
/// leader alone with the enemy upon him.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderDeathInput {
    /// A leader with no Friendly combat units, and how the enemy came upon him; `None`
    /// for the roll of two dice.
    #[serde(default)]
    pub alone: Option<AloneCase>,
    /// The leader on the roster the roll is for, when named (applying a death removes him).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<String>,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Whether the leader dies: the `--json` outcome of `laager sotq leader-death`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderDeathOutcome {
    /// The leader is killed.
    pub killed: bool,
    /// The two dice's total, for the roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u8>,
    /// A leader alone who is not killed moves one hex away.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_away: Option<bool>,
}

/// A leader's death (PART 13 D).
pub struct LeaderDeath;

/// The death roll's fields, as `laager sotq leader-death` and the desk's form ask for
/// them: the leader himself comes from the records (`--unit leader=ID`).
const DEATH_FIELDS: &[FieldSpec] = &[FieldSpec {
    field: crate::field!(LeaderDeathInput: alone),
    flag: "alone",
    value_name: "CASE",
    label: "the leader is alone",
    help: "A leader with no Friendly combat units, and how the enemy came upon him (PART 13 D, PART 12 A): moved-through, adjacent, adjacent-pinned (or adjacent-routed), adjacent-impassable or stacked-with-enemy; none for the roll of two dice",
    kind: Kind::Choice {
        names: &[
            "moved-through",
            "adjacent",
            "adjacent-pinned",
            "adjacent-impassable",
            "stacked-with-enemy",
        ],
    },
    required: false,
    from_records: false,
    parse: parsed::<AloneCase>,
}];

impl Procedure for LeaderDeath {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "leader-death";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = super::situation::LEADER_ROLES;
    const FIELDS: &'static [FieldSpec] = DEATH_FIELDS;
    type Input = LeaderDeathInput;
    type Outcome = LeaderDeathOutcome;

    /// A leader alone throws no dice: his case decides.
    fn throws(input: &LeaderDeathInput) -> bool {
        input.alone.is_none()
    }

    fn resolve(
        charts: &Charts,
        input: &LeaderDeathInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<LeaderDeathOutcome>, Refusal> {
        let resolved = match input.alone {
            Some(case) => Ok(alone(charts, case)),
            None => death_roll(charts, dice),
        };
        super::records_first(resolved, &input.origins, input, "PART 13 D")
    }

    /// The roll's exact odds, 2/36 killed; a leader alone throws no dice.
    fn odds(_charts: &Charts, input: &LeaderDeathInput) -> Option<Result<Odds, Refusal>> {
        input.alone.is_none().then(|| Ok(death_odds()))
    }

    /// Two dice for the roll; none for a leader alone.
    fn dice_asked(_charts: &Charts, input: &LeaderDeathInput) -> Option<crate::dice::DiceAsked> {
        input
            .alone
            .is_none()
            .then(|| crate::dice::DiceAsked::of(vec![crate::dice::DieAsked::new(None, None); 2]))
    }
}

/// Who is trying to rally.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rallier {
    /// The army commander: Pulleine, Kitchener, Tshingwayo, the Khalifa (any unit of his army).
    ArmyCommander,
    /// A leader named by his name or his command's: Pulleine, Degacher (or 1/24), Durnford,
    /// an inDuna (by his impi), a brigade or tribal commander.
    Commander(String),
    /// General Gatacre (Omdurman): any British unit he stacks with; army commander once Kitchener is dead.
    Gatacre,
}

impl Rallier {
    /// The leader as the command line names him: `army-commander`, `gatacre`, or a name:
    /// his own as the text gives it (Pulleine, Durnford) or his command's (1/24), read
    /// against the text's leaders when the rally is resolved.
    pub fn name(&self) -> &str {
        match self {
            Rallier::ArmyCommander => "army-commander",
            Rallier::Gatacre => "gatacre",
            Rallier::Commander(command) => command,
        }
    }
}

impl FromStr for Rallier {
    type Err = String;

    fn from_str(text: &str) -> Result<Rallier, String> {
        Ok(match text.trim() {
            "" => {
                return Err(
                    "no leader given: expected army-commander, gatacre, a leader's name or the name of his command"
                        .to_owned(),
                );
            }
            "army-commander" => Rallier::ArmyCommander,
            "gatacre" => Rallier::Gatacre,
            command => Rallier::Commander(command.to_owned()),
        })
    }
}

serde_by_name!(Rallier, name);

/// Where the Routed unit is, seen from the leader (PART 13 E).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// In the leader's hex.
    Stacked,
    /// In a hex next to the leader's.
    Adjacent,
    /// Farther away.
    Away,
}

impl Position {
    /// The position's name, as the command line writes it.
    pub fn name(self) -> &'static str {
        match self {
            Position::Stacked => "stacked",
            Position::Adjacent => "adjacent",
            Position::Away => "away",
        }
    }
}

impl FromStr for Position {
    type Err = String;

    fn from_str(text: &str) -> Result<Position, String> {
        match text.trim() {
            "stacked" => Ok(Position::Stacked),
            "adjacent" => Ok(Position::Adjacent),
            "away" => Ok(Position::Away),
            other => Err(format!(
                "'{other}' is not a position: expected stacked, adjacent or away"
            )),
        }
    }
}

serde_by_name!(Position, name);

/// A rally attempt in the Friendly Rally Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RallyInput {
    /// The game.
    pub game: Game,
    /// The side rallying.
    pub side: Side,
    /// The leader.
    pub rallier: Rallier,
    /// The command the Routed unit belongs to (battalion, brigade, impi, tribe).
    #[serde(default)]
    pub unit_command: Option<String>,
    /// Whether the unit is an artillery unit (PART 13 A, C exceptions).
    #[serde(default)]
    pub unit_artillery: bool,
    /// Where the unit is.
    pub position: Position,
    /// The army commander has been killed (PART 13 D).
    #[serde(default)]
    pub army_commander_killed: bool,
    /// The Routed unit on the roster, when named (applying a rally clears its status).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Whether the unit rallies: the `--json` outcome of `laager sotq rally`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RallyOutcome {
    /// The Routed unit is rallied.
    pub rallied: bool,
}

/// Whether a leader rallies a Routed unit (PART 13 A-E).
pub struct Rally;

/// The rally's fields, as `laager sotq rally` and the desk's form ask for them.
const RALLY_FIELDS: &[FieldSpec] = &[
    super::game_field(crate::field!(RallyInput: game)),
    super::side_field(crate::field!(RallyInput: side), "rallying side"),
    FieldSpec {
        field: crate::field!(RallyInput: rallier),
        flag: "leader",
        value_name: "WHO",
        label: "rallying leader",
        help: "army-commander, gatacre, a leader's name as the text gives it (Pulleine, Degacher, Durnford, Kitchener, Broadwood, Tshingwayo, Osman Digna), or the name of his command (1/24, I Brigade, uDududu); a name the text does not give is refused, listing those it does",
        kind: Kind::Text {
            examples: &[
                "army-commander",
                "gatacre",
                "Pulleine",
                "Durnford",
                "Degacher",
            ],
        },
        required: true,
        from_records: false,
        parse: parsed::<Rallier>,
    },
    FieldSpec {
        field: crate::field!(RallyInput: unit_command),
        flag: "unit-command",
        value_name: "NAME",
        label: "the unit's command",
        help: "The command or unit the Routed unit belongs to, as the text names it (1/24, 1/1 NNC, Edendale, I Brigade, uVe, Kehena); one the text does not name is refused",
        kind: Kind::Text {
            examples: &["1/24", "1/1 NNC", "Edendale", "uVe"],
        },
        required: false,
        from_records: false,
        parse: parsed::<String>,
    },
    FieldSpec {
        field: crate::field!(RallyInput: unit_artillery),
        flag: "artillery",
        value_name: "",
        label: "the unit is artillery",
        help: "The Routed unit is artillery (PART 13 A, C); the records give it from the unit's troop type",
        kind: Kind::Flag,
        required: false,
        from_records: true,
        parse: flag,
    },
    FieldSpec {
        field: crate::field!(RallyInput: position),
        flag: "at",
        value_name: "WHERE",
        label: "the unit is",
        help: "Where the unit is, seen from the leader: stacked, adjacent or away",
        kind: Kind::Choice {
            names: &["stacked", "adjacent", "away"],
        },
        required: true,
        from_records: false,
        parse: parsed::<Position>,
    },
    FieldSpec {
        field: crate::field!(RallyInput: army_commander_killed),
        flag: "army-commander-killed",
        value_name: "",
        label: "the army commander has been killed",
        help: "The army commander has been killed (Kitchener, for Gatacre; PART 13 D)",
        kind: Kind::Flag,
        required: false,
        from_records: false,
        parse: flag,
    },
];

impl Procedure for Rally {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "rally";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = super::situation::UNIT_ROLES;
    const FIELDS: &'static [FieldSpec] = RALLY_FIELDS;
    type Input = RallyInput;
    type Outcome = RallyOutcome;

    fn resolve(
        charts: &Charts,
        input: &RallyInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<RallyOutcome>, Refusal> {
        let mut reader = CellReader::new(charts, RULESET);
        let (rallied, section, why) = rally_reason(charts, &mut reader, input)?;
        let mut res = Resolution::<()>::new(RULESET, Rally::NAME, charts.hash());
        res.steps = input.origins.steps(input, &rule("PART 13"));
        res.step(Step::note(rule(section), why));
        for warning in reader.warnings() {
            res.warn(warning.clone());
        }
        if !rallied {
            res.step(Step::note(
                rule("PART 13 E"),
                "a Routed unit that is not rallied moves three hexes in the Rally Phase toward its specified location",
            ));
        }
        Ok(res.with_outcome(RallyOutcome { rallied }))
    }
}

/// Whether the unit rallies, the section and the words that say why; an unknown leader or
/// command is refused, naming those the text gives.
fn rally_reason(
    charts: &Charts,
    reader: &mut CellReader<'_>,
    s: &RallyInput,
) -> Result<(bool, &'static str, String), Refusal> {
    let army = Army::read(charts, reader, s.game, s.side)?;
    if let Some(command) = &s.unit_command
        && !army.knows_command(command)
    {
        return Err(army.unknown_command(command));
    }
    let leader = match &s.rallier {
        Rallier::ArmyCommander => army.commander().ok_or_else(|| {
            Refusal::bad_input(
                rule("PART 13 A-C"),
                format!("the text names no army commander of the {} side", s.side.name()),
            )
        })?,
        Rallier::Gatacre => army.with_role(Role::Gatacre).ok_or_else(|| {
            Refusal::bad_input(
                rule("PART 13 A"),
                format!(
                    "--leader gatacre: General Gatacre is a British leader of the Omdurman game (PART 13 A), not of the {} side in the {} game: expected {}",
                    s.side.name(),
                    s.game.name(),
                    army.known_leaders()
                ),
            )
        })?,
        Rallier::Commander(name) => army.leader(name)?,
    };
    Ok(rally_by(s, leader))
}

/// PART 13 A-E for a leader of the text.
fn rally_by(s: &RallyInput, leader: &Leader) -> (bool, &'static str, String) {
    let who = leader.label();
    let gatacre_commands = leader.role == Role::Gatacre;
    match s.position {
        Position::Away => {
            return (
                false,
                "PART 13 E",
                format!(
                    "A commander can automatically rally any unit in his command with which he is stacked or to which he is adjacent: this unit is neither stacked with {who} nor adjacent to him"
                ),
            );
        }
        Position::Adjacent if gatacre_commands && !s.army_commander_killed => {
            return (
                false,
                "PART 13 A",
                "Gatacre can rally any British unit he stacks with; only once Kitchener is killed can he rally units adjacent to him".to_owned(),
            );
        }
        _ => {}
    }
    if s.army_commander_killed && !gatacre_commands {
        return (
            false,
            "PART 13 D",
            "If the army commander is killed, units of that army cannot be rallied".to_owned(),
        );
    }
    if s.unit_artillery {
        match (s.game, s.side, leader.role) {
            (Game::Omdurman, Side::British, Role::Commander | Role::Baring) => {
                return (
                    false,
                    "PART 13 A",
                    format!(
                        "{who}: \"Artillery units can be rallied only by Generals Kitchener and Gatacre\""
                    ),
                );
            }
            (Game::Omdurman, Side::Dervish, _) => {
                return (
                    true,
                    "PART 13 C",
                    format!("{who}: \"Any Dervish leader can rally a Dervish artillery unit\""),
                );
            }
            _ => {}
        }
    }
    let sentence = leader
        .sentence
        .as_deref()
        .map(|t| format!(": {t}"))
        .unwrap_or_default();
    match leader.role {
        Role::ArmyCommander => (
            true,
            "PART 13 A",
            format!("{who} is the army commander and can rally any unit of his army{sentence}"),
        ),
        Role::Gatacre => (
            s.side == Side::British,
            "PART 13 A",
            "Gatacre can rally any British unit he stacks with (and, once Kitchener is killed, units adjacent to him)".to_owned(),
        ),
        Role::Commander | Role::Baring => {
            let baring = if leader.role == Role::Baring {
                " (Baring does not enter play unless Broadwood is killed)"
            } else {
                ""
            };
            match s.unit_command.as_deref() {
                Some(unit) if leader.commands(unit) => (
                    true,
                    "PART 13 A",
                    format!("the unit ({unit}) is of {who}'s command, {}{baring}{sentence}", leader.command),
                ),
                Some(unit) => (
                    false,
                    "PART 13 A",
                    format!("the unit ({unit}) is not of {who}'s command, {}: he can rally only the units of his command{baring}{sentence}", leader.command),
                ),
                None => (
                    false,
                    "PART 13 A",
                    format!("{who} can rally only the units of his command, {}, and no command was given for the unit (--unit-command){baring}", leader.command),
                ),
            }
        }
    }
}
