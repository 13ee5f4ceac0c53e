//! The leaders of both games as the text names them (`tables/soldiers_of_the_queen/
//! commanders.toml`: PART 13 A-C, PART 15, the Orders of Battle): who a `--leader` name is,
//! which commands and units he rallies, and the commands a Routed unit may belong to. A name
//! the text does not give is refused, listing those it does.

use super::{Game, RULESET, Side, rule};
use crate::charts::{Body, CellReader, Charts};
use crate::resolution::{Refusal, RuleRef};

/// The chart the leaders live in.
pub const CHART: &str = "commanders";

/// What a leader may rally (the record's `role`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The army commander: any unit of his army.
    ArmyCommander,
    /// A commander of one command: only its units.
    Commander,
    /// General Gatacre (Omdurman): any British unit he stacks with.
    Gatacre,
    /// Captain Baring (Omdurman): Broadwood's units, once Broadwood is killed.
    Baring,
}

impl Role {
    fn parse(text: &str) -> Option<Role> {
        match text {
            "army-commander" => Some(Role::ArmyCommander),
            "commander" => Some(Role::Commander),
            "gatacre" => Some(Role::Gatacre),
            "baring" => Some(Role::Baring),
            _ => None,
        }
    }
}

/// One leader of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leader {
    /// The record's key (`isandhlwana.durnford`).
    pub key: String,
    /// What he may rally.
    pub role: Role,
    /// The names the text gives him (none for an inDuna, known by his impi).
    pub names: Vec<String>,
    /// The name of his command.
    pub command: String,
    /// The commands and units of his command besides its own name.
    pub units: Vec<String>,
    /// The sentence that gives him his command.
    pub sentence: Option<String>,
}

impl Leader {
    /// How the steps name him: his first name, or "the inDuna of uVe".
    pub fn label(&self) -> String {
        match self.names.first() {
            Some(name) => name.clone(),
            None => format!("the inDuna of {}", self.command),
        }
    }

    /// Whether a Routed unit of `unit_command` is of his command.
    pub fn commands(&self, unit_command: &str) -> bool {
        same(&self.command, unit_command) || self.units.iter().any(|u| same(u, unit_command))
    }

    fn is_named(&self, name: &str) -> bool {
        self.names.iter().any(|n| same(n, name))
    }
}

/// The leaders of one game and side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Army {
    /// The game.
    pub game: Game,
    /// The side.
    pub side: Side,
    /// Its leaders, in the chart's order.
    pub leaders: Vec<Leader>,
}

/// Names compare without case and with runs of spaces as one.
fn same(a: &str, b: &str) -> bool {
    let words = |s: &str| {
        s.split_whitespace()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    };
    words(a) == words(b)
}

fn section() -> RuleRef {
    rule("PART 13 A-C")
}

impl Army {
    /// The leaders the text gives `side` in `game`, or a refusal when the chart cannot be
    /// read or names none.
    pub fn read(
        charts: &Charts,
        reader: &mut CellReader<'_>,
        game: Game,
        side: Side,
    ) -> Result<Army, Refusal> {
        let keys: Vec<String> = match charts.chart(RULESET, CHART).map(|c| &c.body) {
            Some(Body::TwoD { rows, .. }) => rows.labels().into_iter().map(str::to_owned).collect(),
            _ => {
                return Err(Refusal::by_rule(
                    section(),
                    format!("no chart '{CHART}' is loaded: the leaders of the text are in it"),
                ));
            }
        };
        let mut leaders = Vec::new();
        for key in keys {
            let text = |reader: &mut CellReader<'_>, field: &str| {
                reader
                    .quiet(CHART, &[&key, field])
                    .and_then(|v| v.as_text().map(str::to_owned))
            };
            let list = |reader: &mut CellReader<'_>, field: &str| {
                reader
                    .quiet(CHART, &[&key, field])
                    .and_then(|v| v.as_list().map(<[String]>::to_vec))
                    .unwrap_or_default()
            };
            if text(reader, "game").as_deref() != Some(game.name())
                || text(reader, "side").as_deref() != Some(side.name())
            {
                continue;
            }
            let role_text = text(reader, "role").unwrap_or_default();
            let role = Role::parse(&role_text).ok_or_else(|| {
                Refusal::bad_input(
                    section(),
                    format!(
                        "{CHART}:{key}:role is '{role_text}': expected army-commander, commander, gatacre or baring"
                    ),
                )
            })?;
            let sentence = charts
                .chart(RULESET, CHART)
                .and_then(|c| c.cell(&[&key, "role"]))
                .and_then(|c| c.note.clone());
            for field in ["game", "side", "role", "names", "command", "units"] {
                reader.mark_used(CHART, &[&key, field]);
            }
            leaders.push(Leader {
                role,
                names: list(reader, "names"),
                command: text(reader, "command").unwrap_or_default(),
                units: list(reader, "units"),
                sentence,
                key,
            });
        }
        if leaders.is_empty() {
            return Err(Refusal::bad_input(
                section(),
                format!(
                    "the text names no {} leaders in the {} game",
                    side.name(),
                    game.name()
                ),
            ));
        }
        Ok(Army {
            game,
            side,
            leaders,
        })
    }

    /// The army commander.
    pub fn commander(&self) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.role == Role::ArmyCommander)
    }

    /// The leader with a role (Gatacre), if this army has him.
    pub fn with_role(&self, role: Role) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.role == role)
    }

    /// The leader a `--leader` name names: one of his names, else his command's name (the
    /// first such leader: Broadwood before Baring); a name the text does not give is
    /// refused, listing those it does.
    pub fn leader(&self, name: &str) -> Result<&Leader, Refusal> {
        self.leaders
            .iter()
            .find(|l| l.is_named(name))
            .or_else(|| self.leaders.iter().find(|l| same(&l.command, name)))
            .ok_or_else(|| {
                Refusal::bad_input(
                    section(),
                    format!(
                        "--leader '{}': the text names no such {} leader in the {} game: expected {}",
                        name.trim(),
                        self.side.name(),
                        self.game.name(),
                        self.known_leaders()
                    ),
                )
            })
    }

    /// The leaders as `--leader` takes them: `army-commander`, `gatacre` where he serves,
    /// and each leader's name with his command's.
    pub fn known_leaders(&self) -> String {
        let mut known = vec!["army-commander".to_owned()];
        if self.with_role(Role::Gatacre).is_some() {
            known.push("gatacre".to_owned());
        }
        for l in &self.leaders {
            known.push(match l.names.first() {
                Some(name) => format!("{name} ({})", l.command),
                None => format!("{} (its inDuna)", l.command),
            });
        }
        known.join(", ")
    }

    /// Whether a Routed unit's command is one the text names for this army.
    pub fn knows_command(&self, unit_command: &str) -> bool {
        self.leaders.iter().any(|l| l.commands(unit_command))
    }

    /// A unit's command the text does not name, refused with those it does.
    pub fn unknown_command(&self, unit_command: &str) -> Refusal {
        let mut known: Vec<&str> = Vec::new();
        for l in &self.leaders {
            for name in std::iter::once(&l.command).chain(&l.units) {
                if !known.iter().any(|k| same(k, name)) {
                    known.push(name);
                }
            }
        }
        Refusal::bad_input(
            section(),
            format!(
                "--unit-command '{}': the text names no such {} command or unit in the {} game: expected {}",
                unit_command.trim(),
                self.side.name(),
                self.game.name(),
                known.join(", ")
            ),
        )
    }
}
