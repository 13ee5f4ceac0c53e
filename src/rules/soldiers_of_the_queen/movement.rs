//! Movement and stacking (PART 6, PART 9, PART 15): Movement Allowances, the cost of
//! entering the map one behind another, and the stacking limits of both games.

mod fields;

use super::cells::Cells;
use super::hex::Hex;
use super::units::is_ukhulutshane;
use super::{Game, RULESET, Side, cell_rule, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::FieldSpec;
use crate::rules::situation::Origins;
use crate::ruleset::{Ruleset, serde_by_name};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// The unit types of a game's Movement Allowance table, as its keys name them.
fn unit_types(charts: &Charts, game: Game) -> Vec<String> {
    let prefix = format!("{}.", game.name());
    charts
        .chart(RULESET, "movement_allowances")
        .map(|c| {
            c.cells()
                .into_iter()
                .filter_map(|(k, _)| k[0].strip_prefix(&prefix).map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// A unit type's Movement Allowance, or a refusal naming the types the table has.
fn read_allowance(
    cells: &mut Cells<'_>,
    game: Game,
    unit_type: &str,
) -> Result<(String, i64), Refusal> {
    let key = format!("{}.{unit_type}", game.name());
    let known = unit_types(cells.charts(), game);
    if !known.iter().any(|k| k == unit_type) {
        return Err(Refusal::bad_input(
            rule("PART 6 B"),
            format!(
                "no {} unit type '{unit_type}' in the Movement Allowance table: expected one of {}",
                game.name(),
                known.join(", ")
            ),
        ));
    }
    let value = cells.int("movement_allowances", &[&key]);
    if let Some(refusal) = cells.refusal(rule("PART 6 B"), None) {
        return Err(refusal);
    }
    match value {
        Some(value) => Ok((key, value)),
        None => Err(Refusal::bad_input(
            rule("PART 6 B"),
            format!("movement_allowances:{key} is not a whole number"),
        )),
    }
}

/// A game's unit type, for its Movement Allowance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllowanceInput {
    /// The game.
    pub game: Game,
    /// The unit type as the table names it (zulu-infantry, horse-mounted, camel, gunboat …);
    /// read from the records for a unit named in role `unit`.
    #[serde(default)]
    pub unit_type: String,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The allowance: the `--json` outcome of `laager sotq allowance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllowanceOutcome {
    /// Movement Points a Movement Phase.
    pub allowance: i64,
}

/// A unit type's Movement Allowance (PART 6 B).
pub struct Allowance;

impl Procedure for Allowance {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "allowance";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = super::situation::UNIT_ROLES;
    const FIELDS: &'static [FieldSpec] = fields::ALLOWANCE;
    type Input = AllowanceInput;
    type Outcome = AllowanceOutcome;

    fn resolve(
        charts: &Charts,
        input: &AllowanceInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<AllowanceOutcome>, Refusal> {
        let mut cells = Cells::new(charts);
        let (key, allowance) = read_allowance(&mut cells, input.game, &input.unit_type)?;
        let mut res = Resolution::<()>::new(RULESET, Allowance::NAME, charts.hash());
        res.steps = input.origins.steps(input, &rule("PART 6 B"));
        res.step(Step::valued(
            cell_rule("PART 6 B", "movement_allowances", &[&key]),
            format!("Movement Allowance of {}", input.unit_type),
            allowance,
            None,
        ));
        for w in cells.warnings() {
            res.warn(w.clone());
        }
        Ok(res.with_outcome(AllowanceOutcome { allowance }))
    }
}

/// A unit entering the map (PART 15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryInput {
    /// The game.
    pub game: Game,
    /// The entering side.
    pub side: Side,
    /// The entry hex, if named.
    #[serde(default)]
    pub hex: Option<Hex>,
    /// How many units (this one included) have entered through this hex this Game Turn.
    pub order: u32,
    /// The Movement Point cost of the entry hex, if typed in.
    #[serde(default)]
    pub hex_cost: Option<i64>,
    /// The entry hex's terrain, a row of the game's Terrain Effects Chart.
    #[serde(default)]
    pub terrain: Option<String>,
    /// The unit type, for its Movement Allowance (PART 6 B).
    #[serde(default)]
    pub unit_type: Option<String>,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The cost of entering: the `--json` outcome of `laager sotq entry`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryOutcome {
    /// Movement Points to enter.
    pub mp: i64,
    /// The unit type's Movement Allowance, when the type is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowance: Option<i64>,
    /// The allowance left after entering (negative: it cannot enter this turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining: Option<i64>,
}

/// The Movement Points a unit pays to enter the map (PART 15).
pub struct Entry;

impl Procedure for Entry {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "entry";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = super::situation::UNIT_ROLES;
    const FIELDS: &'static [FieldSpec] = fields::ENTRY;
    type Input = EntryInput;
    type Outcome = EntryOutcome;

    fn resolve(
        charts: &Charts,
        input: &EntryInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<EntryOutcome>, Refusal> {
        super::records_first(entry(charts, input), &input.origins, input, "PART 15")
    }
}

/// The Movement Points a unit pays to enter the map.
fn entry(charts: &Charts, e: &EntryInput) -> Result<Resolution<EntryOutcome>, Refusal> {
    check_entry(e)?;
    let mut cells = Cells::new(charts);
    let mut res = Resolution::<()>::new(RULESET, Entry::NAME, charts.hash());
    let cost = entry_hex_cost(&mut cells, e, &mut res)?;
    let mp = entry_mp(e, cost, &mut res)?;
    res.step(Step::valued(
        rule("PART 15"),
        "Movement Points to enter",
        mp,
        None,
    ));
    let mut outcome = EntryOutcome {
        mp,
        allowance: None,
        remaining: None,
    };
    if let Some(unit_type) = &e.unit_type {
        let (key, allowance) = read_allowance(&mut cells, e.game, unit_type)?;
        res.step(Step::valued(
            cell_rule("PART 6 B", "movement_allowances", &[&key]),
            "Movement Allowance",
            allowance,
            None,
        ));
        if mp > allowance {
            res.step(Step::note(rule("PART 6 C"), "The number of Movement Points expended by a unit during a single Movement Phase can never exceed its total Movement Allowance: it cannot enter this turn"));
        }
        outcome.allowance = Some(allowance);
        outcome.remaining = Some(checked(
            "the Movement Allowance left",
            allowance.checked_sub(mp),
        )?);
    }
    for w in cells.warnings() {
        res.warn(w.clone());
    }
    Ok(res.with_outcome(outcome))
}

/// A count of Movement Points that did not overflow, or PART 15's refusal naming it.
fn checked(what: &str, value: Option<i64>) -> Result<i64, Refusal> {
    crate::bounds::checked(rule("PART 15"), what, value)
}

/// Refuses an entry order of 0 or beyond the most units counted, and a hex cost that is
/// not a Movement Point cost.
fn check_entry(e: &EntryInput) -> Result<(), Refusal> {
    if e.order == 0 {
        return Err(Refusal::bad_input(
            rule("PART 15"),
            "the entry order counts from 1 (the first unit through the hex)",
        ));
    }
    if e.order > crate::bounds::MAX_COUNT {
        return Err(Refusal::bad_input(
            rule("PART 15"),
            format!(
                "entry order {} is beyond the most units Laager counts ({})",
                e.order,
                crate::bounds::MAX_COUNT
            ),
        ));
    }
    if e.hex_cost.is_some() && e.terrain.is_some() {
        return Err(Refusal::bad_input(
            rule("PART 6 A"),
            "give the entry hex's terrain or its Movement Point cost, not both",
        ));
    }
    if let Some(c) = e.hex_cost
        && !(0..=crate::bounds::MAX_COST).contains(&c)
    {
        return Err(Refusal::bad_input(
            rule("PART 6 A"),
            format!(
                "hex cost {c} is not a Movement Point cost: expected 0 to {m}",
                m = crate::bounds::MAX_COST
            ),
        ));
    }
    Ok(())
}

/// The entry hex's Movement Point cost (PART 6 A): as given, else its terrain's on the
/// game's Terrain Effects Chart; terrain no unit can enter is refused (PART 6 C).
fn entry_hex_cost(
    cells: &mut Cells<'_>,
    e: &EntryInput,
    res: &mut Resolution<()>,
) -> Result<i64, Refusal> {
    let cost = match (e.hex_cost, &e.terrain) {
        (Some(c), _) => {
            res.step(Step::valued(
                rule("PART 6 A"),
                "the entry hex's Movement Point cost, as given",
                c,
                None,
            ));
            Some(c)
        }
        (None, Some(t)) => {
            let chart = format!("terrain_effects_{}", e.game.name());
            let value = cells.get(&chart, &[t, "movement_cost"]);
            if let Some(refusal) = cells.refusal(rule("PART 6 A"), None) {
                return Err(refusal);
            }
            match value.and_then(|v| v.as_int()) {
                Some(c) => {
                    res.step(Step::valued(
                        cell_rule("PART 6 A", &chart, &[t, "movement_cost"]),
                        format!("Terrain Effects Chart: entering {t}"),
                        c,
                        None,
                    ));
                    Some(c)
                }
                None => {
                    return Err(Refusal::by_rule(
                        rule("PART 6 C"),
                        format!("no unit can enter {t}"),
                    ));
                }
            }
        }
        (None, None) => None,
    };
    let Some(cost) = cost else {
        return Err(Refusal::bad_input(
            rule("PART 6 A"),
            "the entry hex's cost is needed: give its terrain or its Movement Point cost",
        ));
    };
    Ok(cost)
}

/// PART 15's Movement Points to enter: the British pay the hex's cost (the second unit
/// at 2201 one more); the Zulus and Dervishes pay it once for themselves and once for each
/// unit that entered through the hex before them this Game Turn.
fn entry_mp(e: &EntryInput, cost: i64, res: &mut Resolution<()>) -> Result<i64, Refusal> {
    let british = e.side == Side::British;
    let mp = if british {
        // PART 15: "Units pay the Movement Point costs of their entry hex when they enter,
        // and the second unit to enter hex 2201 must pay an additional Movement Point."
        let at_2201 = e.hex.is_some_and(|h| h.to_string() == "2201");
        let extra = i64::from(at_2201 && e.order == 2);
        if at_2201 && e.order > 2 {
            return Err(Refusal::by_rule(
                rule("PART 15"),
                "only Edendale and Sikali/H Horse enter at 2201 (with Major Durnford, a leader): there is no third unit",
            ));
        }
        if extra == 1 {
            res.step(Step::valued(
                rule("PART 15"),
                "the second unit to enter hex 2201 must pay an additional Movement Point",
                1,
                None,
            ));
        }
        checked("the Movement Points to enter", cost.checked_add(extra))?
    } else {
        // PART 15: "Each unit pays the Movement Point cost for its entry hex, plus the
        // Movement Point cost paid by each previous unit that entered through that hex in the
        // same Game Turn ... the fourth unit ... would pay 4 Movement Points, 1 to enter the
        // hex and 3 for the units that entered before it": the entry cost once per unit,
        // this one and each ahead of it.
        let before = i64::from(e.order - 1);
        let added = checked(
            "the Movement Points of the units before it",
            before.checked_mul(cost),
        )?;
        res.step(Step::valued(rule("PART 15"), format!("{before} units entered through this hex before it this Game Turn, each adding the hex's cost {cost}"), added, None));
        checked(
            "the Movement Points to enter",
            cost.checked_mul(i64::from(e.order)),
        )?
    };
    Ok(mp)
}

/// What a piece is, for stacking (PART 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    /// Infantry (and dismounted cavalry, PART 9 B).
    #[default]
    Foot,
    /// Mounted cavalry.
    Mounted,
    /// Artillery, Maxims included.
    Artillery,
    /// The Royal Engineers (Omdurman).
    Engineer,
    /// The Supply Wagon (Isandhlwana).
    Wagon,
    /// A leader or officer: never counts (PART 9).
    Leader,
}

impl Kind {
    /// The kind's name, as [`Kind::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Foot => "foot",
            Kind::Mounted => "mounted",
            Kind::Artillery => "artillery",
            Kind::Engineer => "engineer",
            Kind::Wagon => "wagon",
            Kind::Leader => "leader",
        }
    }

    /// Parses `foot`, `dismounted`, `mounted`, `artillery`, `maxim`, `engineer`, `wagon`, `leader`.
    pub fn parse(text: &str) -> Result<Kind, String> {
        match text.trim() {
            "foot" | "dismounted" | "infantry" => Ok(Kind::Foot),
            "mounted" | "camel" => Ok(Kind::Mounted),
            "artillery" | "maxim" | "gun" | "rocket" => Ok(Kind::Artillery),
            "engineer" => Ok(Kind::Engineer),
            "wagon" => Ok(Kind::Wagon),
            "leader" | "officer" => Ok(Kind::Leader),
            other => Err(format!(
                "'{other}' is not a kind: expected foot, dismounted, mounted, artillery, engineer, wagon or leader"
            )),
        }
    }
}

impl FromStr for Kind {
    type Err = String;

    fn from_str(text: &str) -> Result<Kind, String> {
        Kind::parse(text)
    }
}

serde_by_name!(Kind, name);

/// One piece of a stack, top first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// Its name.
    pub name: String,
    /// What it is.
    #[serde(default)]
    pub kind: Kind,
    /// Its Melee Strength (Isandhlwana British stacking counts points).
    #[serde(default)]
    pub melee: u32,
    /// Its regiment, impi or tribe.
    #[serde(default)]
    pub group: Option<String>,
    /// A colonial British unit.
    #[serde(default)]
    pub colonial: bool,
}

/// One hex's stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StackInput {
    /// The game.
    pub game: Game,
    /// The side whose stack it is.
    pub side: Side,
    /// The pieces, top of the stack first.
    pub pieces: Vec<Piece>,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The stack checked: the `--json` outcome of `laager sotq stack`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackOutcome {
    /// No stacking limit is broken.
    pub legal: bool,
    /// Each limit broken, in the rule's words.
    pub violations: Vec<String>,
    /// The units that may fire from the hex.
    pub may_fire: Vec<String>,
}

/// Checks one hex's stack (PART 9) and names the units that may fire (PART 9, PART 10 F).
pub struct Stack;

impl Procedure for Stack {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "stack";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = super::situation::STACK_ROLES;
    const EITHER_SIDE: &'static [&'static str] = super::situation::STACK_ROLES;
    type Input = StackInput;
    type Outcome = StackOutcome;

    fn resolve(
        charts: &Charts,
        input: &StackInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<StackOutcome>, Refusal> {
        let resolved = stack(charts, input.game, input.side, &input.pieces);
        super::records_first(resolved, &input.origins, input, "PART 9")
    }
}

/// Checks one hex's stack and names the units that may fire.
fn stack(
    charts: &Charts,
    game: Game,
    side: Side,
    pieces: &[Piece],
) -> Result<Resolution<StackOutcome>, Refusal> {
    let mut cells = Cells::new(charts);
    let mut res = Resolution::<()>::new(RULESET, Stack::NAME, charts.hash());
    let combat: Vec<&Piece> = pieces.iter().filter(|p| p.kind != Kind::Leader).collect();
    let mut violations = Violations::default();
    match (game, side) {
        (Game::Isandhlwana, Side::Zulu) => isandhlwana_zulu(&mut cells, &combat, &mut violations),
        (Game::Isandhlwana, _) => {
            isandhlwana_british(&mut cells, &combat, &mut res, &mut violations);
        }
        (Game::Omdurman, _) => omdurman(&mut cells, side, &combat, &mut violations),
    }
    if let Some(refusal) = cells.refusal(rule("PART 9"), None) {
        return Err(refusal);
    }
    let violations = violations.0;
    for (section, text) in &violations {
        res.step(Step::note(rule(section), text.clone()));
    }
    let may_fire = may_fire(game, side, &combat, &mut res);
    res.step(Step::note(
        rule("PART 10 F"),
        format!(
            "may fire: {}",
            if may_fire.is_empty() {
                "none".to_owned()
            } else {
                may_fire.join(", ")
            }
        ),
    ));
    for w in cells.warnings() {
        res.warn(w.clone());
    }
    Ok(res.with_outcome(StackOutcome {
        legal: violations.is_empty(),
        violations: violations.into_iter().map(|(_, t)| t).collect(),
        may_fire,
    }))
}

/// The stacking limits a stack breaks: the section and the rule's words for each.
#[derive(Default)]
struct Violations(Vec<(String, String)>);

impl Violations {
    /// Notes a limit broken, under its section.
    fn note(&mut self, section: &str, text: String) {
        self.0.push((section.to_owned(), text));
    }
}

/// A game's stacking limit `name` from the stacking limits chart.
fn stacking_limit(cells: &mut Cells<'_>, game: Game, name: &str) -> Option<i64> {
    cells.int("stacking_limits", &[&format!("{}.{name}", game.name())])
}

/// Whether every piece of the list names the same group (regiment, impi or tribe).
fn same_group(list: &[&Piece]) -> bool {
    list.windows(2).all(|w| {
        w[0].group.is_some()
            && w[0].group.as_deref().map(str::to_ascii_lowercase)
                == w[1].group.as_deref().map(str::to_ascii_lowercase)
    })
}

/// PART 9 A: at Isandhlwana, at most two Zulu combat units a hex (the uKhulutshane not
/// counted), all of one impi.
fn isandhlwana_zulu(cells: &mut Cells<'_>, combat: &[&Piece], violations: &mut Violations) {
    let counted: Vec<&Piece> = combat
        .iter()
        .copied()
        .filter(|p| !p.group.as_deref().is_some_and(is_ukhulutshane))
        .collect();
    let max = stacking_limit(cells, Game::Isandhlwana, "zulu-combat-units").unwrap_or(2);
    if counted.len() as i64 > max {
        violations.note(
            "PART 9 A",
            format!(
                "A maximum of {max} Zulu combat units can stack in any one hex ({} here, uKhulutshane not counted)",
                counted.len()
            ),
        );
    }
    if !same_group(&counted) && counted.len() > 1 {
        violations.note(
            "PART 9 A",
            "units of different impis cannot end the Movement Phase stacked in the same hex"
                .to_owned(),
        );
    }
}

/// PART 9 B: at Isandhlwana, at most eight British Melee Strength points a hex (the wagon
/// counting four, the guns free), and regulars not with colonials.
fn isandhlwana_british(
    cells: &mut Cells<'_>,
    combat: &[&Piece],
    res: &mut Resolution<()>,
    violations: &mut Violations,
) {
    let game = Game::Isandhlwana;
    let max = stacking_limit(cells, game, "british-melee-strength").unwrap_or(8);
    let wagon = stacking_limit(cells, game, "supply-wagon-melee-points").unwrap_or(4);
    let points: i64 = combat
        .iter()
        .map(|p| match p.kind {
            Kind::Wagon => wagon,
            Kind::Artillery => 0,
            _ => i64::from(p.melee),
        })
        .sum();
    res.step(Step::valued(rule("PART 9 B"), "Melee Strength points in the hex (guns and the Rocket Battery stack freely; the wagon counts four)", points, None));
    if points > max {
        violations.note(
            "PART 9 B",
            format!(
                "A maximum of {max} Melee Strength points can stack in any one hex ({points} here)"
            ),
        );
    }
    let colonial = combat.iter().any(|p| p.colonial);
    let regular = combat.iter().any(|p| !p.colonial && p.kind != Kind::Wagon);
    if colonial && regular {
        violations.note(
            "PART 9 B",
            "Regular units cannot stack with colonial units (unless forced by rout or withdrawal)"
                .to_owned(),
        );
    }
}

/// PART 9 B at Omdurman: two foot units of one regiment or tribe (else one), one artillery
/// unit and one mounted cavalry unit a hex, the cavalry alone.
fn omdurman(cells: &mut Cells<'_>, side: Side, combat: &[&Piece], violations: &mut Violations) {
    let game = Game::Omdurman;
    let count = |k: Kind| combat.iter().filter(|p| p.kind == k).count() as i64;
    let foot: Vec<&Piece> = combat
        .iter()
        .copied()
        .filter(|p| p.kind == Kind::Foot)
        .collect();
    let (same, other) = if side == Side::Dervish {
        ("dervish-foot-same-tribe", "dervish-foot-otherwise")
    } else {
        ("british-foot-same-regiment", "british-foot-otherwise")
    };
    let max = if same_group(&foot) {
        stacking_limit(cells, game, same).unwrap_or(2)
    } else {
        stacking_limit(cells, game, other).unwrap_or(1)
    };
    if foot.len() as i64 > max {
        violations.note(
            "PART 9 B",
            format!(
                "{} foot units where {max} may stack (two only from the same {})",
                foot.len(),
                if side == Side::Dervish {
                    "tribe"
                } else {
                    "regiment"
                }
            ),
        );
    }
    let artillery_max = stacking_limit(cells, game, "artillery-units").unwrap_or(1);
    if count(Kind::Artillery) > artillery_max {
        violations.note(
            "PART 9 B",
            "Only one artillery unit is allowed per hex".to_owned(),
        );
    }
    let mounted_max = stacking_limit(cells, game, "mounted-cavalry-units").unwrap_or(1);
    if count(Kind::Mounted) > mounted_max {
        violations.note(
            "PART 9 B",
            "Only one mounted cavalry unit is allowed per hex".to_owned(),
        );
    }
    if count(Kind::Mounted) > 0 && combat.len() as i64 > count(Kind::Mounted) {
        violations.note(
            "PART 9 B",
            "mounted cavalry cannot stack with foot, artillery, or engineer units".to_owned(),
        );
    }
}

/// The units of the stack that may fire (PART 9 B, C; PART 10 A), with a note for a
/// Supply Wagon among the top two.
fn may_fire(game: Game, side: Side, combat: &[&Piece], res: &mut Resolution<()>) -> Vec<String> {
    match game {
        // PART 9 B: "Only the top two units in any stack can fire." The Supply Wagon "has no
        // Fire or Melee Strength" (PART 11) and "Any piece that has no Fire Strength …
        // cannot engage in Fire Combat" (PART 10 A): it takes neither of the two places.
        Game::Isandhlwana if side == Side::British => {
            if let Some(wagon) = combat.iter().take(2).find(|p| p.kind == Kind::Wagon) {
                res.step(Step::note(
                    rule("PART 10 A"),
                    format!(
                        "{}: the Supply Wagon has no Fire Strength and takes no firing place",
                        wagon.name
                    ),
                ));
            }
            combat
                .iter()
                .filter(|p| p.kind != Kind::Wagon)
                .take(2)
                .map(|p| p.name.clone())
                .collect()
        }
        Game::Isandhlwana => Vec::new(),
        // PART 9 B, C: "The top unit in a stack can fire, in addition to one artillery unit
        // in the stack. If the top unit in the stack is an artillery unit, only it can fire."
        Game::Omdurman => match combat.first() {
            Some(top) if top.kind == Kind::Artillery => vec![top.name.clone()],
            Some(top) => std::iter::once(top.name.clone())
                .chain(
                    combat
                        .iter()
                        .skip(1)
                        .find(|p| p.kind == Kind::Artillery)
                        .map(|p| p.name.clone()),
                )
                .collect(),
            None => Vec::new(),
        },
    }
}
