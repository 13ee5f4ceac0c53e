//! Ranged and close combat: each side rolls a d6 and adds its combat factor and modifiers;
//! the totals are compared and the loser's fate read from the outcome rules and its row of
//! the troop table. Exact odds over the 36 rolls.

use super::modifiers::{self, CombatView, Modifiers, SideView};
use super::moves;
use super::troops::{CHART, Troop, TroopType};
use super::verdict::Fate;
use super::verdict::decide;
use super::{RULESET, cell, rule, section};
use crate::charts::{CellReader, Charts};
use crate::dice::DiceSource;
use crate::resolution::{Odds, OddsEntry, Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::{Ruleset, serde_by_name};
use serde::{Deserialize, Serialize};
use std::str::FromStr;

mod ranged;
use ranged::firing_steps;

/// Ranged (fire) or close (melee) combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatKind {
    /// Close combat (melee).
    Close,
    /// Ranged combat (fire).
    Ranged,
}

impl CombatKind {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            CombatKind::Close => "close",
            CombatKind::Ranged => "ranged",
        }
    }
}

serde_by_name!(CombatKind, name);
serde_by_name!(Contact, name);

impl FromStr for CombatKind {
    type Err = String;

    fn from_str(text: &str) -> Result<CombatKind, String> {
        match text {
            "close" => Ok(CombatKind::Close),
            "ranged" => Ok(CombatKind::Ranged),
            _ => Err(format!(
                "'{text}' is not a kind of combat: expected close or ranged"
            )),
        }
    }
}

/// Where a's front edge touches b.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Contact {
    /// b's front edge.
    #[default]
    Front,
    /// b's flank.
    Flank,
    /// b's rear.
    Rear,
}

impl Contact {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Contact::Front => "front",
            Contact::Flank => "flank",
            Contact::Rear => "rear",
        }
    }
}

impl FromStr for Contact {
    type Err = String;

    fn from_str(text: &str) -> Result<Contact, String> {
        match text {
            "front" => Ok(Contact::Front),
            "flank" => Ok(Contact::Flank),
            "rear" => Ok(Contact::Rear),
            _ => Err(format!(
                "'{text}' is not a contact: expected front, flank or rear"
            )),
        }
    }
}

/// Side a (the attacker: the firer, or the base that moved into contact) or b (the defender).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideId {
    /// The attacker.
    A,
    /// The defender.
    B,
}

impl SideId {
    /// "a" or "b".
    pub fn name(self) -> &'static str {
        match self {
            SideId::A => "a",
            SideId::B => "b",
        }
    }

    fn other(self) -> SideId {
        match self {
            SideId::A => SideId::B,
            SideId::B => SideId::A,
        }
    }
}

/// One side of a combat: its troop type and its modifier flags.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// The troop type.
    pub troop: TroopType,
    /// The flags on this side (each changes this side's total).
    #[serde(default)]
    pub mods: Modifiers,
}

impl Side {
    /// A side with no flags.
    pub fn plain(troop: TroopType) -> Side {
        Side {
            troop,
            mods: Modifiers::default(),
        }
    }
}

/// Everything a combat is resolved from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatInput {
    /// Ranged or close.
    pub kind: CombatKind,
    /// The attacker: the firer, or the base that moved into contact.
    pub a: Side,
    /// The defender: the target.
    pub b: Side,
    /// Where a's front edge touches b (close combat, or ranged with `in_contact`).
    #[serde(default)]
    pub contact: Contact,
    /// The bases are in contact: ranged combat at bases in contact; for close combat, the
    /// contact the table shows (or the referee's call when the table shows none).
    #[serde(default)]
    pub in_contact: bool,
    /// Ranged combat where b, though able to fire, does not return fire (out of its range,
    /// or by choice: "Targets capable of returning fire may do so ... but are not required to").
    #[serde(default)]
    pub b_holds_fire: bool,
    /// Ranged combat with no distance measured: b is within its own listed range and
    /// returns fire (`--return-fire`), said instead of measuring.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub b_returns_fire: bool,
    /// The figure scale (`15mm`, `25mm`, `10mm`, `6mm`); `None` reads the setting.
    #[serde(default)]
    pub scale: Option<String>,
    /// Ranged combat: the distance between the bases' nearest points in mm, measured on
    /// the table or typed; `None` when not measured (the firer is then taken to be within
    /// its listed range, and the step says so).
    #[serde(default)]
    pub range_mm: Option<f64>,
    /// The values the table and the records decided (`situation::combat`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

impl CombatInput {
    /// A combat with no flags, front contact, the scale from the settings.
    pub fn new(kind: CombatKind, a: TroopType, b: TroopType) -> CombatInput {
        CombatInput {
            kind,
            a: Side::plain(a),
            b: Side::plain(b),
            contact: Contact::Front,
            in_contact: false,
            b_holds_fire: false,
            b_returns_fire: false,
            scale: None,
            range_mm: None,
            origins: Origins::default(),
        }
    }

    /// One side by its id.
    pub(crate) fn side(&self, id: SideId) -> &Side {
        match id {
            SideId::A => &self.a,
            SideId::B => &self.b,
        }
    }
}

/// What equal totals do (the setting `ties`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ties {
    NoResult,
    Reroll,
}

/// A combat with its troop rows read and its totals before the dice.
pub(crate) struct Prepared<'s> {
    /// The combat as given.
    pub situation: &'s CombatInput,
    /// a's row.
    pub a: Troop,
    /// b's row.
    pub b: Troop,
    /// a's total before its die.
    pub a_base: i64,
    /// b's total before its die.
    pub b_base: i64,
    /// The steps so far.
    pub steps: Vec<Step>,
    /// The `ties` setting.
    pub ties: Ties,
    /// Ranged combat where b returns fire, so the firer may lose.
    pub b_returns_fire: bool,
}

impl Prepared<'_> {
    /// One side's row.
    pub fn troop(&self, id: SideId) -> &Troop {
        match id {
            SideId::A => &self.a,
            SideId::B => &self.b,
        }
    }

    /// Whether this is close combat.
    pub fn close(&self) -> bool {
        self.situation.kind == CombatKind::Close
    }

    /// Whether a side has an enemy in contact to its flank or rear in close combat.
    pub fn flanked(&self, id: SideId) -> bool {
        let s = self.situation;
        self.close()
            && (s.side(id).mods.flank_or_rear || (id == SideId::B && s.contact != Contact::Front))
    }
}

/// Reads both rows and works each side's total before its die: the combat factor and the
/// modifiers, with the range steps of a ranged combat.
fn prepare<'s>(
    reader: &mut CellReader<'_>,
    situation: &'s CombatInput,
) -> Result<Prepared<'s>, Refusal> {
    let s = situation;
    check_situation(s)?;
    let a = Troop::read(reader, s.a.troop)?;
    let b = Troop::read(reader, s.b.troop)?;
    // Read ahead; warned about when totals tie.
    let ties = read_ties(reader)?;
    if let Some(refusal) = reader.refusal(rule(section::COMBAT)) {
        return Err(refusal);
    }
    let (Some(a), Some(b)) = (a, b) else {
        return Err(Refusal::by_rule(
            rule(section::TROOP_TABLE),
            "the troop table rows could not be read",
        ));
    };
    let mut steps = Vec::new();
    let b_returns_fire = firing_steps(reader, s, &a, &b, &mut steps)?;
    let view = CombatView {
        kind: s.kind,
        contact: s.contact,
        in_contact: s.in_contact,
        b_returns_fire,
    };
    let mut base = [0; 2];
    for (i, id) in [SideId::A, SideId::B].into_iter().enumerate() {
        let (me, opp) = match id {
            SideId::A => (&a, &b),
            SideId::B => (&b, &a),
        };
        let combat = combat_factor(reader, s, id, me, &mut steps)?;
        let side = SideView {
            id,
            troop: me,
            mods: &s.side(id).mods,
            opponent: opp,
            opponent_mods: &s.side(id.other()).mods,
        };
        base[i] = modifiers::apply(reader, &view, &side, &mut steps, combat)?;
    }
    if let Some(refusal) = reader.refusal(rule(section::MODIFIERS)) {
        return Err(refusal);
    }
    Ok(Prepared {
        situation,
        b_returns_fire,
        a,
        b,
        a_base: base[0],
        b_base: base[1],
        steps,
        ties,
    })
}

/// Refuses a combat the text does not allow before any chart is read: both bases higher,
/// a flank or rear contact not in contact, close combat between bases apart, a Zulu base
/// in square, and the return-fire flags outside ranged combat or together.
fn check_situation(s: &CombatInput) -> Result<(), Refusal> {
    if s.a.mods.higher_ground && s.b.mods.higher_ground {
        return Err(Refusal::by_rule(
            rule(section::TERRAIN),
            "higher-ground is given to both a and b: only one base can be 'at a higher elevation than its opponent'",
        ));
    }
    if s.kind == CombatKind::Ranged && s.contact != Contact::Front && !s.in_contact {
        return Err(Refusal::by_rule(
            rule(section::RANGED),
            format!(
                "contact {} needs the bases in contact: mark them in contact for a ranged combat at bases in contact",
                s.contact.name()
            ),
        ));
    }
    // "Close Combat": bases fight when in contact. A table that shows them apart refuses,
    // unless the referee calls them in contact (the call is stated as given by hand).
    if s.kind == CombatKind::Close
        && !s.in_contact
        && let Some(measured) = s.origins.of(crate::field!(CombatInput: in_contact))
        && measured.value == false
    {
        return Err(Refusal::out_of_range(
            rule(section::CLOSE),
            format!(
                "close combat needs the bases in contact: {}; if the table is wrong, mark them in contact",
                measured.why
            ),
        ));
    }
    // "British formations can be: COLUMN ... LINE ... SQUARE": a square is the British
    // player's formation; a Zulu base cannot form one.
    for (id, side) in [(SideId::A, &s.a), (SideId::B, &s.b)] {
        if side.mods.square && side.troop.is_zulu() {
            return Err(Refusal::by_rule(
                rule(section::MOVEMENT),
                format!(
                    "{}: {} cannot be in square: 'British formations can be: COLUMN ... LINE ... SQUARE', and this is a Zulu player's base",
                    id.name(),
                    side.troop.id()
                ),
            ));
        }
    }
    if s.kind == CombatKind::Close && (s.b_holds_fire || s.b_returns_fire) {
        return Err(Refusal::by_rule(
            rule(section::RANGED),
            format!(
                "{} is for ranged combat: in close combat both bases fight",
                if s.b_holds_fire {
                    "--no-return-fire"
                } else {
                    "--return-fire"
                }
            ),
        ));
    }
    if s.b_holds_fire && s.b_returns_fire {
        return Err(Refusal::bad_input(
            rule(section::RANGED),
            "--return-fire and --no-return-fire are both given: b returns fire or it does not",
        ));
    }
    Ok(())
}

/// The `ties` setting: no result (the default) or a re-roll.
fn read_ties(reader: &mut CellReader<'_>) -> Result<Ties, Refusal> {
    match reader
        .quiet("settings", &["ties"])
        .as_ref()
        .and_then(|v| v.as_text())
    {
        Some("no_result") | None => Ok(Ties::NoResult),
        Some("reroll") => Ok(Ties::Reroll),
        Some(other) => Err(Refusal::by_rule(
            cell(section::SETTINGS, "settings", &["ties"]),
            format!("settings:ties is '{other}': expected no_result or reroll"),
        )),
    }
}

/// A side's combat factor from its row, with its step; a laager not defending in close
/// combat fights as the camp.
fn combat_factor(
    reader: &mut CellReader<'_>,
    s: &CombatInput,
    id: SideId,
    me: &Troop,
    steps: &mut Vec<Step>,
) -> Result<i64, Refusal> {
    // The laager's +2 is "( + 2 defending in close combat )": otherwise the camp with
    // its wagons laagered fights as the camp, which has "no defensive benefit".
    let laager_as_camp =
        me.kind == TroopType::Laager && !(s.kind == CombatKind::Close && id == SideId::B);
    if !laager_as_camp {
        steps.push(Step::valued(
            cell(section::TROOP_TABLE, CHART, &[me.kind.id(), "combat"]),
            format!("{}: {} combat factor", id.name(), me.label),
            me.combat,
            Some(me.combat.into()),
        ));
        return Ok(me.combat);
    }
    let camp = reader.int(CHART, &[TroopType::Camp.id(), "combat"]);
    let Some(camp) = camp else {
        return Err(reader
            .refusal(rule(section::TROOP_TABLE))
            .unwrap_or_else(|| {
                Refusal::by_rule(
                    rule(section::TROOP_TABLE),
                    "the camp's row could not be read",
                )
            }));
    };
    steps.push(Step::valued(
        cell(
            section::TROOP_TABLE,
            CHART,
            &[TroopType::Camp.id(), "combat"],
        ),
        format!(
            "{}: {} fights as the camp: its +{} is '+ 2 defending in close combat' only",
            id.name(),
            me.label,
            me.combat
        ),
        camp,
        Some(camp.into()),
    ));
    Ok(camp)
}

/// Resolves one combat with dice from `dice`.
fn resolve_combat(
    charts: &Charts,
    situation: &CombatInput,
    dice: &mut dyn DiceSource,
) -> Result<Resolution<CombatOutcome>, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(&mut reader, situation)?;
    let mut resolution = Resolution::<()>::new(RULESET, Combat::NAME, charts.hash());
    resolution.steps = situation
        .origins
        .steps(situation, &rule(section::MODIFIERS));
    resolution.steps.extend(prepared.steps.iter().cloned());
    let mut jammed: Vec<SideId> = Vec::new();
    // Rerolls (ties = reroll) end with probability 1; a bound keeps a broken source finite.
    let mut decision = None;
    for _ in 0..100 {
        let roll = dice
            .throw(&[None, None])
            .map_err(|e| Refusal::bad_dice(rule(section::COMBAT), &e))?;
        let (a_face, b_face) = (roll.faces[0].face, roll.faces[1].face);
        resolution.rolls.push(roll);
        // "Gatling guns jam whenever they roll an unmodified 1 in combat ( not movement )."
        for (id, face) in [(SideId::A, a_face), (SideId::B, b_face)] {
            if prepared.troop(id).kind == TroopType::Gatling && face == 1 && !jammed.contains(&id) {
                jammed.push(id);
                resolution.step(Step::note(
                    rule(section::RANGED),
                    format!("{}'s Gatling gun rolls an unmodified 1: it jams (repair: a 6, one command point)", id.name()),
                ));
            }
        }
        let d = decide(&prepared, a_face, b_face)?;
        let tie = d.a_total == d.b_total;
        if tie {
            reader.mark_used("settings", &["ties"]);
        }
        resolution.steps.extend(d.steps.iter().cloned());
        if tie && prepared.ties == Ties::Reroll {
            if let Some(last) = resolution.steps.last_mut() {
                last.text = format!(
                    "equal totals ({}): the text is silent on ties; setting ties = reroll, so both roll again",
                    d.a_total
                );
            }
            continue;
        }
        decision = Some(d);
        break;
    }
    let Some(decision) = decision else {
        return Err(Refusal::by_rule(
            rule(section::COMBAT),
            "the dice tied 100 times in a row",
        ));
    };
    if decision.a_total == decision.b_total {
        resolution.warn(
            "ties: the text is silent on equal totals; settings:ties = no_result decided this one",
        );
    }
    let moves = moves::outcome_moves(&mut reader, &prepared, &decision, &mut resolution)?;
    let mut resolution = resolution.with_outcome(CombatOutcome {
        a_total: decision.a_total,
        b_total: decision.b_total,
        loser: decision.loser,
        result: decision.fate,
        jammed,
        displace_mm: moves.displace_mm,
        flee_mm: moves.flee_mm,
        pursuit: moves.pursuit,
        pursuit_mm: moves.pursuit_mm,
    });
    for warning in reader.warnings() {
        resolution.warn(warning.clone());
    }
    Ok(resolution)
}

/// The odds values, in the order.
///
/// From a's side, worst first: a flee replaces destruction for light horse ("except Light
/// Horse in close combat with Zulus. In this case, they flee 6\""), so it ranks between
/// destroyed and recoil.
pub(crate) const ODDS_ORDER: [&str; 9] = [
    "a:destroyed",
    "a:flee",
    "a:recoil",
    "a:stays",
    "none:no_result",
    "b:stays",
    "b:recoil",
    "b:flee",
    "b:destroyed",
];

/// The exact odds of every `LOSER:RESULT` over the 36 rolls (ties = reroll: over the rolls
/// that do not tie; a firer's "loss" to a target that does not return fire is `none:no_result`), non-zero ones only, in the order of [`ODDS_ORDER`].
fn combat_odds(charts: &Charts, situation: &CombatInput) -> Result<Odds, Refusal> {
    let mut reader = CellReader::new(charts, RULESET);
    let prepared = prepare(&mut reader, situation)?;
    let mut counts = [0u32; 9];
    for a_face in 1..=6 {
        for b_face in 1..=6 {
            let d = decide(&prepared, a_face, b_face)?;
            if d.a_total == d.b_total && prepared.ties == Ties::Reroll {
                continue;
            }
            let label = format!("{}:{}", d.loser.map_or("none", SideId::name), d.fate.name());
            if let Some(i) = ODDS_ORDER.iter().position(|v| *v == label) {
                counts[i] += 1;
            }
        }
    }
    let total: u32 = counts.iter().sum();
    Ok(Odds {
        outcomes: ODDS_ORDER
            .iter()
            .zip(counts)
            .filter(|(_, n)| *n > 0)
            .map(|(value, n)| OddsEntry {
                value: (*value).into(),
                probability: f64::from(n) / f64::from(total),
            })
            .collect(),
    })
}

/// What a combat decided: the `--json` outcome of `laager dba combat`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CombatOutcome {
    /// a's total: combat factor, modifiers and die.
    pub a_total: i64,
    /// b's total.
    pub b_total: i64,
    /// The side that lost, or `null` when the totals tied.
    pub loser: Option<SideId>,
    /// What befalls the loser.
    pub result: Fate,
    /// The sides whose Gatling gun jammed on an unmodified 1.
    pub jammed: Vec<SideId>,
    /// The loser's recoil or flight, one base depth, in mm; `null` where none arises.
    pub displace_mm: Option<f64>,
    /// The fleeing loser's 6" move straight back, in mm at the scale.
    pub flee_mm: Option<f64>,
    /// The winner's pursuit after close combat.
    pub pursuit: Option<PursuitResult>,
    /// The pursuit's one base depth, in mm.
    pub pursuit_mm: Option<f64>,
}

/// Whether the winner pursues after close combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PursuitResult {
    /// "must advance one base depth forward".
    Must,
    /// "may pursue one base depth at the discretion of the player".
    May,
    /// Never pursues (guns, rockets; or does not move).
    Never,
    /// Won with an enemy in contact to its flank or rear: "may not pursue".
    NotAllowed,
}

/// Ranged or close combat between two bases.
pub struct Combat;

impl Procedure for Combat {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "combat";
    const THROWS: bool = true;
    const ROLES: &'static [&'static str] = &["a", "b"];
    const OPPOSING: &'static [&'static str] = &["b"];
    type Input = CombatInput;
    type Outcome = CombatOutcome;

    fn resolve(
        charts: &Charts,
        input: &CombatInput,
        dice: &mut dyn DiceSource,
    ) -> Result<Resolution<CombatOutcome>, Refusal> {
        resolve_combat(charts, input, dice)
    }

    fn odds(charts: &Charts, input: &CombatInput) -> Option<Result<Odds, Refusal>> {
        Some(combat_odds(charts, input))
    }

    /// "Each side rolls a single die": a's, then b's; with the club's `settings:ties =
    /// reroll`, two more for each tie.
    fn dice_asked(charts: &Charts, _input: &CombatInput) -> Option<crate::dice::DiceAsked> {
        let reroll = charts
            .chart(RULESET, "settings")
            .and_then(|c| c.cell(&["ties"]))
            .and_then(|c| c.value.as_ref())
            .and_then(|v| v.as_text())
            == Some("reroll");
        Some(crate::dice::DiceAsked {
            dice: vec![
                crate::dice::DieAsked::new(Some("a"), None),
                crate::dice::DieAsked::new(Some("b"), None),
            ],
            more: reroll.then(|| "2 more for each tie, thrown again".to_owned()),
        })
    }
}
