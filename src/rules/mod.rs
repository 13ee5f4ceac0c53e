//! Pure resolution of each ruleset, one contract for every procedure:
//!
//! - a [`Procedure`] names its typed `Input` (serde: the desk's form edits it, the CLI's
//!   flags parse into it, the log records it) and its typed `Outcome` (serde: its JSON keys
//!   are the `--json` contract), and resolves `(&Charts, &Input, &mut dyn DiceSource) ->
//!   Result<Resolution<Outcome>, Refusal>`; no UI, no files, no clock;
//! - [`Request`] is any procedure's input with its ruleset and name, so a logged
//!   resolution replays from what it recorded; [`Outcome`] is any procedure's outcome.
//!
//! Each ruleset module lists its procedures once with [`procedures!`], which makes its
//! own `Request` and `Outcome` enums.

pub mod cells;
pub mod dba_zulu;
pub mod describe;
pub mod field;
pub mod measure;
pub mod micro_colonial;
mod resolved;
pub mod situation;
pub mod soldiers_of_the_queen;
pub mod victoria_cross;
pub mod words;

pub use resolved::AnyResolution;

use crate::charts::Charts;
use crate::dice::{DiceChoice, DiceSource};
use crate::resolution::{Odds, Refusal, RefusalKind, Resolution, RuleRef};
use crate::ruleset::Ruleset;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt::Debug;

/// One procedure of one ruleset: its typed input and outcome, and how it resolves.
///
/// Entry points are called the same way in every ruleset:
/// `dba_zulu::Combat::resolve(&charts, &input, &mut dice)` and
/// `dba_zulu::Combat::odds(&charts, &input)`.
pub trait Procedure {
    /// The ruleset it belongs to.
    const RULESET: Ruleset;
    /// Its name, as `Resolution::procedure` and the log write it (`combat`).
    const NAME: &'static str;
    /// Whether resolving it can throw dice: the desk asks for faces or a seed only for
    /// those that do, and one that does not resolves without drawing a die. An input may
    /// settle that this one throws none ([`Procedure::throws`]).
    const THROWS: bool;
    /// Everything it is resolved from.
    type Input: Debug + Clone + PartialEq + Serialize + DeserializeOwned;
    /// What it decides: the `outcome` of its resolution.
    type Outcome: Debug + Clone + PartialEq + Serialize + DeserializeOwned;
    /// The roles of the units it is resolved for, in order (`a`, `b`; `firer`, `target`):
    /// `--unit ROLE=ID` names them, the desk fills them from the selection, and applying
    /// the result edits the units in them. Empty for a procedure about no unit on the table.
    const ROLES: &'static [&'static str] = &[];
    /// The roles whose units are on the other side from the rest (a target, a defender,
    /// DBA's `b`): the record's gate refuses a result applied to units of one side in
    /// both. The other roles are on one side, the acting side, except those listed in
    /// [`Procedure::EITHER_SIDE`].
    const OPPOSING: &'static [&'static str] = &[];
    /// The roles whose units may be of either side (the counters of one zone).
    const EITHER_SIDE: &'static [&'static str] = &[];
    /// Its fields as every door asks for them: the command line's flags and the desk's
    /// form are made from this list (see [`describe`]). Empty for a procedure whose
    /// doors are still written by hand.
    const FIELDS: &'static [describe::FieldSpec] = &[];

    /// Resolves the input with dice from `dice` (procedures that throw none ignore it).
    fn resolve(
        charts: &Charts,
        input: &Self::Input,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<Self::Outcome>, Refusal>;

    /// The exact odds of its outcome before any die is thrown, for procedures that throw
    /// dice; `None` for those that throw none.
    fn odds(charts: &Charts, input: &Self::Input) -> Option<Result<Odds, Refusal>> {
        let _ = (charts, input);
        None
    }

    /// Whether resolving this input throws dice: [`Procedure::THROWS`], unless the input
    /// settles that it throws none (a leader alone with the enemy upon him).
    fn throws(input: &Self::Input) -> bool {
        let _ = input;
        Self::THROWS
    }

    /// The dice one throw of it asks for, in the order they are typed (each named by whose
    /// it is and its colour), before they are thrown and before any chart cell is read;
    /// `None` where the input does not settle them, or it throws none.
    fn dice_asked(charts: &Charts, input: &Self::Input) -> Option<crate::dice::DiceAsked> {
        let _ = (charts, input);
        None
    }
}

/// Lists a ruleset's procedures once and makes its `Request` (any procedure's input,
/// tagged `{"procedure": NAME, "input": {...}}`) and `Outcome` (any procedure's outcome,
/// serialised as the procedure's own keys) with their dispatch.
///
/// ```ignore
/// procedures! {
///     ruleset: Ruleset::DbaZulu,
///     Combat("combat") => combat::Combat,
/// }
/// ```
macro_rules! procedures {
    (ruleset: $ruleset:expr, $($variant:ident($name:literal, label: $label:literal, command: $command:literal) => $procedure:ty),+ $(,)?) => {
        /// Which procedure of this ruleset: the one list the desk's procedure picker, the
        /// command line's subcommands and the log's names are checked against.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ProcedureId {
            $(
                #[allow(missing_docs)]
                $variant,
            )+
        }

        impl ProcedureId {
            /// Every procedure of this ruleset, in the order listed.
            pub const ALL: &'static [ProcedureId] = &[$(ProcedureId::$variant,)+];

            /// Its description: see [`crate::rules::Description`].
            pub fn describe(self) -> $crate::rules::Description {
                use $crate::rules::Procedure as _;
                match self {
                    $(ProcedureId::$variant => $crate::rules::Description {
                        ruleset: $ruleset,
                        name: $name,
                        label: $label,
                        command: $command,
                        roles: <$procedure>::ROLES,
                        opposing: <$procedure>::OPPOSING,
                        either_side: <$procedure>::EITHER_SIDE,
                        throws: <$procedure>::THROWS,
                        fields: <$procedure>::FIELDS,
                    },)+
                }
            }

            /// Its name, as the log writes it.
            pub fn name(self) -> &'static str {
                self.describe().name
            }

            /// Its label on the desk.
            pub fn label(self) -> &'static str {
                self.describe().label
            }

            /// The procedure of this name, if this ruleset lists one.
            pub fn from_name(name: &str) -> Option<ProcedureId> {
                Self::ALL.iter().copied().find(|p| p.name() == name)
            }
        }

        /// Any procedure of this ruleset with its input, as the log records it.
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "procedure", content = "input")]
        pub enum Request {
            $(
                #[allow(missing_docs)]
                #[serde(rename = $name)]
                $variant(<$procedure as $crate::rules::Procedure>::Input),
            )+
        }

        /// Any procedure's outcome of this ruleset.
        #[derive(Debug, Clone, PartialEq, serde::Serialize)]
        #[serde(untagged)]
        pub enum Outcome {
            $(
                #[allow(missing_docs)]
                $variant(<$procedure as $crate::rules::Procedure>::Outcome),
            )+
        }

        impl Request {
            /// The procedure's name.
            pub fn procedure(&self) -> &'static str {
                match self {
                    $(Request::$variant(_) => $name,)+
                }
            }

            /// Which procedure it is.
            pub fn id(&self) -> ProcedureId {
                match self {
                    $(Request::$variant(_) => ProcedureId::$variant,)+
                }
            }

            /// Resolves it, its outcome wrapped as any procedure's.
            pub fn resolve(
                &self,
                charts: &$crate::charts::Charts,
                dice: &mut dyn $crate::dice::DiceSource,
            ) -> Result<$crate::resolution::Resolution<Outcome>, $crate::resolution::Refusal> {
                use $crate::rules::Procedure as _;
                match self {
                    $(Request::$variant(input) => <$procedure>::resolve(charts, input, dice)
                        .map(|r| r.map_outcome(Outcome::$variant)),)+
                }
            }

            /// The roles of the units it is resolved for.
            pub fn roles(&self) -> &'static [&'static str] {
                use $crate::rules::Procedure as _;
                match self {
                    $(Request::$variant(_) => <$procedure>::ROLES,)+
                }
            }

            /// Which side the unit in `role` is on: see [`crate::rules::Procedure::OPPOSING`].
            pub fn party(&self, role: &str) -> $crate::rules::situation::Party {
                use $crate::rules::Procedure as _;
                use $crate::rules::situation::Party;
                let (opposing, either): (&[&str], &[&str]) = match self {
                    $(Request::$variant(_) => (<$procedure>::OPPOSING, <$procedure>::EITHER_SIDE),)+
                };
                if opposing.contains(&role) {
                    Party::Opposing
                } else if either.contains(&role) || !self.roles().contains(&role) {
                    Party::Either
                } else {
                    Party::Acting
                }
            }

            /// Whether it throws dice: see [`crate::rules::Procedure::throws`].
            pub fn throws(&self) -> bool {
                use $crate::rules::Procedure as _;
                match self {
                    $(Request::$variant(input) => <$procedure>::throws(input),)+
                }
            }

            /// Its exact odds, if it throws dice.
            pub fn odds(
                &self,
                charts: &$crate::charts::Charts,
            ) -> Option<Result<$crate::resolution::Odds, $crate::resolution::Refusal>> {
                use $crate::rules::Procedure as _;
                match self {
                    $(Request::$variant(input) => <$procedure>::odds(charts, input),)+
                }
            }

            /// The dice a throw of it asks for: see [`crate::rules::Procedure::dice_asked`].
            pub fn dice_asked(
                &self,
                charts: &$crate::charts::Charts,
            ) -> Option<$crate::dice::DiceAsked> {
                use $crate::rules::Procedure as _;
                match self {
                    $(Request::$variant(input) => <$procedure>::dice_asked(charts, input),)+
                }
            }
        }

        impl Outcome {
            /// Reads a procedure's outcome from its JSON form; `None` for a name this
            /// ruleset does not list.
            pub fn from_value(
                procedure: &str,
                value: serde_json::Value,
            ) -> Option<Result<Outcome, serde_json::Error>> {
                match procedure {
                    $($name => Some(serde_json::from_value(value).map(Outcome::$variant)),)+
                    _ => None,
                }
            }
        }

        #[cfg(test)]
        #[test]
        fn each_listed_name_is_the_procedures_own() {
            use $crate::rules::Procedure as _;
            $(
                assert_eq!(<$procedure>::NAME, $name);
                assert_eq!(<$procedure>::RULESET, $ruleset);
                for role in <$procedure>::OPPOSING.iter().chain(<$procedure>::EITHER_SIDE) {
                    assert!(<$procedure>::ROLES.contains(role), "{}: {role} is not a role", $name);
                }
            )+
        }
    };
}
pub(crate) use procedures;

/// One procedure as the engine describes it: what the desk's picker, the command line's
/// subcommands and the record's gate read, written once in its ruleset's [`procedures!`]
/// list and its [`Procedure`] impl.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Description {
    /// Its ruleset.
    pub ruleset: Ruleset,
    /// Its name, as the log writes it (`small-arms-fire`).
    pub name: &'static str,
    /// Its label on the desk (`Fire`).
    pub label: &'static str,
    /// Its subcommand after `laager <ruleset>` (`fire`, `rd break-in`).
    pub command: &'static str,
    /// See [`Procedure::ROLES`].
    pub roles: &'static [&'static str],
    /// See [`Procedure::OPPOSING`].
    pub opposing: &'static [&'static str],
    /// See [`Procedure::EITHER_SIDE`].
    pub either_side: &'static [&'static str],
    /// See [`Procedure::THROWS`].
    pub throws: bool,
    /// See [`Procedure::FIELDS`].
    pub fields: &'static [describe::FieldSpec],
}

impl Description {
    /// The request the values given make for this procedure, as both doors build it: a
    /// required field not given is named; the fields the records fill are left to its
    /// situation.
    pub fn request(&self, given: &describe::Given) -> Result<Request, describe::BuildError> {
        let input = given.value(self.fields)?;
        serde_json::from_value(serde_json::json!({
            "ruleset": self.ruleset.id(),
            "procedure": self.name,
            "input": input,
        }))
        .map_err(|e| describe::BuildError::Invalid(e.to_string()))
    }

    /// The whole command line that resolves it: `laager mc rd break-in`.
    pub fn command_line(&self) -> String {
        format!("laager {} {}", self.ruleset.short(), self.command)
    }
}

/// Every procedure of every ruleset, ruleset by ruleset in [`Ruleset::ALL`]'s order.
pub fn catalogue() -> Vec<Description> {
    Ruleset::ALL
        .iter()
        .flat_map(|ruleset| descriptions(*ruleset))
        .collect()
}

/// Every procedure of one ruleset, in its list's order.
pub fn descriptions(ruleset: Ruleset) -> Vec<Description> {
    match ruleset {
        Ruleset::DbaZulu => dba_zulu::ProcedureId::ALL
            .iter()
            .map(|p| p.describe())
            .collect(),
        Ruleset::MicroColonial => micro_colonial::ProcedureId::ALL
            .iter()
            .map(|p| p.describe())
            .collect(),
        Ruleset::SoldiersOfTheQueen => soldiers_of_the_queen::ProcedureId::ALL
            .iter()
            .map(|p| p.describe())
            .collect(),
        Ruleset::VictoriaCross => victoria_cross::ProcedureId::ALL
            .iter()
            .map(|p| p.describe())
            .collect(),
    }
}

/// Any procedure of any ruleset with its input: what an applied resolution records so
/// `laager log replay` can resolve it again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "ruleset")]
pub enum Request {
    /// A DBA-style Zulu procedure.
    #[serde(rename = "dba-zulu")]
    DbaZulu(dba_zulu::Request),
    /// A Micro Colonial procedure.
    #[serde(rename = "micro-colonial")]
    MicroColonial(micro_colonial::Request),
    /// A Soldiers of the Queen procedure.
    #[serde(rename = "soldiers-of-the-queen")]
    SoldiersOfTheQueen(soldiers_of_the_queen::Request),
    /// A Victoria Cross II procedure.
    #[serde(rename = "victoria-cross")]
    VictoriaCross(victoria_cross::Request),
}

impl Request {
    /// The ruleset.
    pub fn ruleset(&self) -> Ruleset {
        match self {
            Request::DbaZulu(_) => Ruleset::DbaZulu,
            Request::MicroColonial(_) => Ruleset::MicroColonial,
            Request::SoldiersOfTheQueen(_) => Ruleset::SoldiersOfTheQueen,
            Request::VictoriaCross(_) => Ruleset::VictoriaCross,
        }
    }

    /// The procedure's name.
    pub fn procedure(&self) -> &'static str {
        match self {
            Request::DbaZulu(r) => r.procedure(),
            Request::MicroColonial(r) => r.procedure(),
            Request::SoldiersOfTheQueen(r) => r.procedure(),
            Request::VictoriaCross(r) => r.procedure(),
        }
    }

    /// Resolves it.
    pub fn resolve(
        &self,
        charts: &Charts,
        dice: &mut dyn DiceSource,
    ) -> Result<AnyResolution, Refusal> {
        match self {
            Request::DbaZulu(r) => r
                .resolve(charts, dice)
                .map(|r| r.map_outcome(Outcome::DbaZulu)),
            Request::MicroColonial(r) => r
                .resolve(charts, dice)
                .map(|r| r.map_outcome(Outcome::MicroColonial)),
            Request::SoldiersOfTheQueen(r) => r
                .resolve(charts, dice)
                .map(|r| r.map_outcome(Outcome::SoldiersOfTheQueen)),
            Request::VictoriaCross(r) => r
                .resolve(charts, dice)
                .map(|r| r.map_outcome(Outcome::VictoriaCross)),
        }
    }

    /// Whether it throws dice: see [`Procedure::throws`].
    pub fn throws(&self) -> bool {
        match self {
            Request::DbaZulu(r) => r.throws(),
            Request::MicroColonial(r) => r.throws(),
            Request::SoldiersOfTheQueen(r) => r.throws(),
            Request::VictoriaCross(r) => r.throws(),
        }
    }

    /// Its exact odds, if it throws dice.
    pub fn odds(&self, charts: &Charts) -> Option<Result<Odds, Refusal>> {
        match self {
            Request::DbaZulu(r) => r.odds(charts),
            Request::MicroColonial(r) => r.odds(charts),
            Request::SoldiersOfTheQueen(r) => r.odds(charts),
            Request::VictoriaCross(r) => r.odds(charts),
        }
    }

    /// The dice a throw of it asks for, in the order they are typed: see
    /// [`Procedure::dice_asked`].
    pub fn dice_asked(&self, charts: &Charts) -> Option<crate::dice::DiceAsked> {
        match self {
            Request::DbaZulu(r) => r.dice_asked(charts),
            Request::MicroColonial(r) => r.dice_asked(charts),
            Request::SoldiersOfTheQueen(r) => r.dice_asked(charts),
            Request::VictoriaCross(r) => r.dice_asked(charts),
        }
    }

    /// Which way the odds' "this or better" counts: `true` when later outcomes in the
    /// list are better for the side whose view [`words::odds_for`] names (DBA lists from
    /// a's side, worst first: "a:destroyed" … "b:destroyed"; Micro Colonial as
    /// [`micro_colonial::Request::better_is_higher`]; Victoria Cross ammunition and a Soldiers
    /// of the Queen leader's death list the thrower's worst last; the rest list upwards).
    pub fn better_is_higher(&self) -> bool {
        match self {
            Request::MicroColonial(r) => r.better_is_higher(),
            // Fewer units out of ammunition, listed from 0, is better for the British; a
            // leader's death is listed false (survives) before true (killed).
            Request::VictoriaCross(victoria_cross::Request::Ammo(_))
            | Request::SoldiersOfTheQueen(soldiers_of_the_queen::Request::LeaderDeath(_)) => false,
            Request::DbaZulu(_) | Request::SoldiersOfTheQueen(_) | Request::VictoriaCross(_) => {
                true
            }
        }
    }

    /// The roles of the units it is resolved for, in order.
    pub fn roles(&self) -> &'static [&'static str] {
        match self {
            Request::DbaZulu(r) => r.roles(),
            Request::MicroColonial(r) => r.roles(),
            Request::SoldiersOfTheQueen(r) => r.roles(),
            Request::VictoriaCross(r) => r.roles(),
        }
    }

    /// Which side the unit in `role` is on, relative to the procedure's acting side; a
    /// role the procedure does not list (`unit-3` of a selection past its roles) may be of
    /// either.
    pub fn party(&self, role: &str) -> situation::Party {
        match self {
            Request::DbaZulu(r) => r.party(role),
            Request::MicroColonial(r) => r.party(role),
            Request::SoldiersOfTheQueen(r) => r.party(role),
            Request::VictoriaCross(r) => r.party(role),
        }
    }

    /// The units selected on the table (firer or attacker first) in this procedure's
    /// roles; a procedure about no unit on the table names them `unit-1`, `unit-2`. Where
    /// a numbered list of roles is followed by `target` or `defender` (Victoria Cross II's
    /// `firer-1` ... `firer-8`, `target`; Soldiers of the Queen's `attacker-1` ...
    /// `attacker-8`, `defender`), the last unit selected of two or more is the one hit and
    /// the others fill the list in order.
    pub fn roles_of(&self, selected: &[String]) -> situation::Roles {
        situation::Roles::of_selection(self.roles(), selected)
    }

    /// How many units selected fill this procedure's roles: every role up to the one hit
    /// (`target`, `defender`), a numbered list counting its first (one firer of Victoria
    /// Cross II's eight fires); a role after the one hit is optional (Micro Colonial fire's
    /// `rear`, the unit behind in a two-unit formation). A procedure with no unit hit
    /// needs all its roles.
    pub fn least_roles(&self) -> usize {
        let roles = self.roles();
        match roles
            .iter()
            .position(|r| matches!(*r, "target" | "defender"))
        {
            Some(at) if at > 1 && roles[..at].iter().all(|r| r.contains('-')) => 2,
            Some(at) => at + 1,
            None => roles.len(),
        }
    }

    /// Resolves it with the dice chosen at the desk or on the command line. Typed faces
    /// that do not read, run short or are left over are refused as bad dice, naming them;
    /// faces typed for a resolution that threw none (an automatic rout, a first move's
    /// pursuit) were not needed, which it warns of.
    pub fn resolve_with(
        &self,
        charts: &Charts,
        dice: &DiceChoice,
    ) -> Result<AnyResolution, Refusal> {
        let dice_rule = || RuleRef::section(self.ruleset(), "dice");
        let mut source = dice
            .source()
            .map_err(|e| Refusal::bad_dice(dice_rule(), &e))?;
        let mut resolution = self.resolve(charts, source.as_mut())?;
        let unused = source.unused();
        if unused > 0 && resolution.rolls.is_empty() {
            resolution.warn(format!(
                "dice: the {unused} face(s) typed were not needed: nothing was thrown"
            ));
        } else if unused > 0 {
            let thrown: usize = resolution.rolls.iter().map(|r| r.faces.len()).sum();
            return Err(Refusal::new(
                RefusalKind::BadDice,
                dice_rule(),
                format!(
                    "dice: {unused} typed face(s) left unused: this {} {} threw {thrown}",
                    self.ruleset().title(),
                    self.procedure()
                ),
            ));
        }
        // A cell typed for this resolution that it never read: say so, rather than let
        // the value seem to have counted (issue 19). A cell read warns "used club value
        // for ADDRESS" as it is read, a Micro Colonial setting "used club setting ADDRESS".
        for cell in charts.typed_cells() {
            let Ok((address, _)) = crate::charts::CellAddress::parse_assignment(cell) else {
                continue;
            };
            let address = address.local();
            let read = [
                format!("used club value for {address}"),
                format!("used club setting {address} "),
            ];
            let was_read = |w: &String| read.iter().any(|r| w.starts_with(r.as_str()));
            if !resolution.warnings.iter().any(was_read) {
                resolution.warn(format!(
                    "the cell {address} typed for this resolution was not read by it: its value was not used"
                ));
            }
        }
        Ok(resolution)
    }
}

/// Any procedure's outcome: serialised as the procedure's own keys, sorted (as the untyped
/// outcomes of earlier versions were), so a logged event's canonical JSON, and so its hash in
/// the chain, is the same whether it was written before or after its outcome was typed.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A DBA-style Zulu outcome.
    DbaZulu(dba_zulu::Outcome),
    /// A Micro Colonial outcome.
    MicroColonial(micro_colonial::Outcome),
    /// A Soldiers of the Queen outcome.
    SoldiersOfTheQueen(soldiers_of_the_queen::Outcome),
    /// A Victoria Cross II outcome.
    VictoriaCross(victoria_cross::Outcome),
    /// The outcome of a dice procedure of `laager roll` (`vc-bucket`, `mc-random-factor`).
    Roll(crate::dice::RollOutcome),
    /// The outcome of a procedure this build does not know (a game logged by another
    /// version), kept as its keys and values so the game still opens; never produced by a
    /// resolution of this build.
    Unrecognised(Map<String, Value>),
}

impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let value = match self {
            Outcome::DbaZulu(o) => serde_json::to_value(o),
            Outcome::MicroColonial(o) => serde_json::to_value(o),
            Outcome::SoldiersOfTheQueen(o) => serde_json::to_value(o),
            Outcome::VictoriaCross(o) => serde_json::to_value(o),
            Outcome::Roll(o) => serde_json::to_value(o),
            Outcome::Unrecognised(map) => return map.serialize(serializer),
        }
        .map_err(serde::ser::Error::custom)?;
        // A `Value` object's keys are sorted.
        value.serialize(serializer)
    }
}

impl Outcome {
    /// Reads an outcome from its JSON form, typed by its ruleset and procedure.
    ///
    /// The ruleset's own registry is tried first; a name it does not list is then read as a
    /// dice procedure of `laager roll` of that ruleset (their names carry the ruleset's
    /// prefix, `vc-bucket`, so none is a rule's name today; were one ever both, the rule
    /// wins); any other stays untyped.
    pub fn from_parts(
        ruleset: Ruleset,
        procedure: &str,
        value: Value,
    ) -> Result<Outcome, serde_json::Error> {
        let typed = match ruleset {
            Ruleset::DbaZulu => dba_zulu::Outcome::from_value(procedure, value.clone())
                .map(|r| r.map(Outcome::DbaZulu)),
            Ruleset::MicroColonial => micro_colonial::Outcome::from_value(procedure, value.clone())
                .map(|r| r.map(Outcome::MicroColonial)),
            Ruleset::SoldiersOfTheQueen => {
                soldiers_of_the_queen::Outcome::from_value(procedure, value.clone())
                    .map(|r| r.map(Outcome::SoldiersOfTheQueen))
            }
            Ruleset::VictoriaCross => victoria_cross::Outcome::from_value(procedure, value.clone())
                .map(|r| r.map(Outcome::VictoriaCross)),
        };
        let typed = typed.or_else(|| {
            (crate::dice::ruleset_of(procedure) == Some(ruleset))
                .then(|| crate::dice::RollOutcome::from_value(procedure, value.clone()))
                .flatten()
                .map(|r| r.map(Outcome::Roll))
        });
        match typed {
            Some(result) => result,
            None => serde_json::from_value(value).map(Outcome::Unrecognised),
        }
    }

    /// The outcome as JSON keys and values (its `--json` form).
    pub fn to_map(&self) -> Map<String, Value> {
        match serde_json::to_value(self) {
            Ok(Value::Object(map)) => map,
            _ => Map::new(),
        }
    }
}
