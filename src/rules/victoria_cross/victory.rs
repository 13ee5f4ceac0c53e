//! Replacements, the Zulu 90-SP cap, victory points and the victory conditions
//! ("Replacements", "Game Units", "Victory Conditions", "Optional Rules").

use super::{Battle, RULESET, Reader, cell_rule, resolution, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::describe::FieldSpec;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

mod fields;
mod points;
pub use points::{VictoryPoints, VictoryPointsInput, VictoryPointsOutcome, VpTurn};

const REPLACEMENTS: &str = "Replacements";
const VICTORY: &str = "Victory Conditions";

/// A British unit the player wants to give a replacement SP in zone G.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplacementUnit {
    /// The unit's name.
    pub name: String,
    /// Its SP now.
    pub sp: u32,
    /// Its full-strength SP.
    pub full_sp: u32,
    /// It started the turn in zone G.
    pub started_in_g: bool,
    /// The SP the player gives it.
    pub gain: u32,
}

/// The British replacements asked for in one turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplacementsInput {
    /// Which battle (Isandlwana has none).
    pub battle: Battle,
    /// The units and the SP each is given.
    pub units: Vec<ReplacementUnit>,
    /// What the records decided, for the first steps (only when read from them).
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The replacements applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplacementsOutcome {
    /// The replacement SP applied this turn.
    pub applied: u32,
}

/// Checks and applies the British replacements at Rorke's Drift: `outcome.applied` (SP).
fn replacements(
    charts: &Charts,
    input: &ReplacementsInput,
) -> Result<Resolution<ReplacementsOutcome>, Refusal> {
    let (battle, units) = (input.battle, &input.units);
    let refuse = |reason: String| Err(Refusal::by_rule(rule(REPLACEMENTS), reason));
    if battle == Battle::Isandlwana {
        return refuse(
            "\"ISANDLWANA: The British player receives no replacements in Isandlwana.\"".to_owned(),
        );
    }
    let mut reader = Reader::new(charts);
    let per_turn = reader.int("limits", &["replacement-sp-per-turn"]);
    let per_unit = reader.int("limits", &["replacement-sp-per-unit"]);
    let most_units = reader.int("limits", &["replacement-units"]);
    reader.check(&rule(REPLACEMENTS))?;
    let (per_turn, per_unit, most_units) = (
        per_turn.unwrap_or(0) as u32,
        per_unit.unwrap_or(0) as u32,
        most_units.unwrap_or(0) as u32,
    );
    let mut r = resolution(charts, Replacements::NAME);
    r.steps = input.origins.steps(input, &rule(REPLACEMENTS));
    let mut applied = 0;
    let mut receiving = 0;
    for unit in units.iter().filter(|u| u.gain > 0) {
        if !unit.started_in_g {
            return refuse(format!(
                "{}: only \"British units that start their turn in zone G\" receive replacements",
                unit.name
            ));
        }
        if unit.gain > per_unit {
            return refuse(format!(
                "{}: units \"may gain a maximum of {per_unit} strength points a turn\"",
                unit.name
            ));
        }
        if unit.sp == 0 {
            return refuse(format!(
                "{}: \"Eliminated British units may not be brought back into the game with replacements\"",
                unit.name
            ));
        }
        if unit.sp + unit.gain > unit.full_sp {
            return refuse(format!(
                "{}: \"The replacement SP can only be applied to units of reduced strength\" ({} of {} SP)",
                unit.name, unit.sp, unit.full_sp
            ));
        }
        receiving += 1;
        applied += unit.gain;
        r.step(Step::valued(
            rule(REPLACEMENTS),
            format!(
                "{} gains {} SP ({} of {} SP)",
                unit.name,
                unit.gain,
                unit.sp + unit.gain,
                unit.full_sp
            ),
            unit.gain,
            Some(applied.into()),
        ));
    }
    if receiving > most_units {
        return refuse(format!(
            "{receiving} units: \"up to two units may be receive replacements\" ({most_units})"
        ));
    }
    if applied > per_turn {
        return refuse(format!(
            "{applied} SP: \"the British player has two replacement SP\" a turn ({per_turn}); they do not accumulate"
        ));
    }
    r.step(Step::note(
        rule(REPLACEMENTS),
        "\"These replacement SP do not accumulate from turn to turn\"; \"Units that receive replacements may move in the same turn\"",
    ));
    reader.warn_into(&mut r);
    Ok(r.with_outcome(ReplacementsOutcome { applied }))
}

/// The British replacements at Rorke's Drift: `applied`.
pub struct Replacements;

impl Procedure for Replacements {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "replacements";
    const THROWS: bool = false;
    const ROLES: &'static [&'static str] = super::situation::REPLACEMENT_ROLES;
    type Input = ReplacementsInput;
    type Outcome = ReplacementsOutcome;

    fn resolve(
        charts: &Charts,
        input: &ReplacementsInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<ReplacementsOutcome>, Refusal> {
        replacements(charts, input)
    }
}

/// The Zulu player's returning losses at the start of his movement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZuluReentryInput {
    /// Zulu warrior SP on the board now (leaders not counted).
    #[serde(default)]
    pub on_board_sp: u32,
    /// SP on the Zulu Loss Track (and held off board).
    pub loss_track_sp: u32,
    /// The values the records decided (`game::victory::vc_counts`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// How many lost Zulu SP come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ZuluReentryOutcome {
    /// The SP that may enter this movement phase.
    pub may_enter: i64,
    /// The SP that stay on the loss track.
    pub held: i64,
}

/// How many lost Zulu SP may come back this movement phase under the 90-SP cap:
/// `outcome.may_enter`, `outcome.held` (stay on the loss track).
fn zulu_reentry(
    charts: &Charts,
    s: &ZuluReentryInput,
) -> Result<Resolution<ZuluReentryOutcome>, Refusal> {
    let mut reader = Reader::new(charts);
    let cap_rule = rule("Game Units");
    let mut cap = reader.need_int("limits", &["zulu-on-board-sp"], &cap_rule)?;
    let mut r = resolution(charts, ZuluReentry::NAME);
    r.steps = s.origins.steps(s, &rule("Game Units"));
    r.step(Step::valued(
        cell_rule("Game Units", "limits", &["zulu-on-board-sp"]),
        "\"as long as he never has more than 90 warrior SP on the board at one time (plus leaders)\"",
        cap,
        None,
    ));
    if reader.setting_is("zulu_extra_sp", "on") {
        let extra = reader.need_int(
            "limits",
            &["zulu-extra-sp-zulu-advantage"],
            &rule("Optional Rules: ZULU ADVANTAGE"),
        )?;
        cap += extra;
        r.step(Step::valued(
            rule("Optional Rules: ZULU ADVANTAGE"),
            "\"Increase the Zulu SP in the game by 10\"",
            extra,
            Some(cap.into()),
        ));
    }
    let room = (cap - i64::from(s.on_board_sp)).max(0);
    let may_enter = room.min(i64::from(s.loss_track_sp));
    r.step(Step::valued(
        rule(REPLACEMENTS),
        format!(
            "{} SP on the board, {} on the Zulu Loss Track: the lost SP return \"as long as the Zulu player never exceed their maximum on board strength allowance\"",
            s.on_board_sp, s.loss_track_sp
        ),
        may_enter,
        None,
    ));
    r.step(Step::note(
        rule(REPLACEMENTS),
        "\"The Zulu player may also hold his replacements off board from turn to turn\"; they enter on outer board zones under each battle's entry rules",
    ));
    reader.warn_into(&mut r);
    Ok(r.with_outcome(ZuluReentryOutcome {
        may_enter,
        held: i64::from(s.loss_track_sp) - may_enter,
    }))
}

/// The Zulu returning losses under the on-board cap: `may_enter`, `held`.
pub struct ZuluReentry;

impl Procedure for ZuluReentry {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "zulu-reentry";
    const THROWS: bool = false;
    const FIELDS: &'static [FieldSpec] = fields::REENTRY_FIELDS;
    type Input = ZuluReentryInput;
    type Outcome = ZuluReentryOutcome;

    fn resolve(
        charts: &Charts,
        input: &ZuluReentryInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<ZuluReentryOutcome>, Refusal> {
        zulu_reentry(charts, input)
    }
}

/// The state a victory check reads at the end of a turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryCheck {
    /// Which battle.
    pub battle: Battle,
    /// The turn just played (16 is the last).
    pub turn: u32,
    /// The SP of every British unit left (native infantry and cavalry included, the
    /// artillery counted as 1 SP).
    #[serde(default)]
    pub british_sp: u32,
    /// The Zulu VP total.
    pub zulu_vp: i64,
    /// The values the records decided (`game::victory::vc_counts`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// Who has won, if anyone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The Zulu player.
    Zulu,
    /// The British player.
    British,
    /// No one yet.
    None,
}

/// The alternate victory level at game end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// British Victory: 28 or more British SP survive.
    BritishVictory,
    /// Zulu Marginal Victory: 27 to 19.
    ZuluMarginal,
    /// Zulu Tactical Victory: 18 to 10.
    ZuluTactical,
    /// Zulu Decisive Victory: 9 or less.
    ZuluDecisive,
}

/// What the victory check decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryOutcome {
    /// The winner so far.
    pub winner: Winner,
    /// The alternate victory level, when that optional rule decided the game's end.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub level: Option<Level>,
}

/// British SP exited count only under the "Isandlwana Alternate Victory" ("The British
/// player receives 5 VP for every 12 SP exited off of the board through zones 21, 27, or 31,
/// on turn 13 or later"): an optional rule of one battle, so exited SP are refused at
/// Rorke's Drift and while `settings:isandlwana_exit_victory` is off, rather than dropped.
fn exited_sp_allowed(reader: &mut Reader<'_>, battle: Battle, exited: u32) -> Result<(), Refusal> {
    let section = "Optional Rules: ALTERNATE VICTORY CONDITIONS";
    if battle == Battle::RorkesDrift {
        return Err(Refusal::by_rule(
            rule(section),
            format!(
                "{exited} British SP exited: exiting the board for VP is the Isandlwana Alternate Victory (\"through zones 21, 27, or 31, on turn 13 or later\"); Rorke's Drift has no such rule"
            ),
        ));
    }
    if !reader.setting_is("isandlwana_exit_victory", "on") {
        let setting = reader.setting("isandlwana_exit_victory");
        return Err(Refusal::by_rule(
            cell_rule(section, "settings", &["isandlwana_exit_victory"]),
            format!(
                "{exited} British SP exited: they count only under the optional Isandlwana Alternate Victory, and settings:isandlwana_exit_victory is {}: turn it on to play it (--cell settings:isandlwana_exit_victory=on)",
                setting.as_deref().unwrap_or("not set")
            ),
        ));
    }
    Ok(())
}

/// Checks the victory conditions: `outcome.winner` (`zulu`, `british` or `none`).
fn check_victory(charts: &Charts, s: &VictoryCheck) -> Result<Resolution<VictoryOutcome>, Refusal> {
    if s.battle == Battle::RorkesDrift && s.zulu_vp < 0 {
        return Err(Refusal::bad_input(
            rule(VICTORY),
            format!(
                "zulu_vp {}: at Rorke's Drift \"the Zulu VP total cannot go below zero\"",
                s.zulu_vp
            ),
        ));
    }
    let mut reader = Reader::new(charts);
    let below = reader.need_int("victory_points", &["british-sp-below"], &rule(VICTORY))?;
    let mut needed = reader.need_int("victory_points", &["zulu-vp-to-win"], &rule(VICTORY))?;
    let extra: i64 = reader
        .setting("zulu_vp_to_win_extra")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let vp_victory = !reader.setting_is("zulu_vp_victory", "off");
    let exit_rule =
        s.battle == Battle::Isandlwana && reader.setting_is("isandlwana_exit_victory", "on");
    let mut r = resolution(charts, Victory::NAME);
    r.steps = s.origins.steps(s, &rule(VICTORY));
    if extra > 0 {
        needed += extra;
        r.step(Step::valued(
            rule("Optional Rules: BRITISH ADVANTAGE"),
            "\"Increase the number of VPs needed by the Zulu player to win the game\"",
            extra,
            Some(needed.into()),
        ));
    }
    let mut winner = Winner::None;
    if exit_rule {
        r.step(Step::note(
            rule("Optional Rules: ALTERNATE VICTORY CONDITIONS"),
            "\"Ignore the Zulu victory for British SP dropping below 10 SP when playing this rule\"",
        ));
    } else {
        let fell = i64::from(s.british_sp) < below;
        r.step(Step::valued(
            cell_rule(VICTORY, "victory_points", &["british-sp-below"]),
            format!(
                "British SP left (the artillery counts 1): {}",
                if fell {
                    "below 10, a Zulu victory"
                } else {
                    "10 or more"
                }
            ),
            s.british_sp,
            None,
        ));
        if fell {
            winner = Winner::Zulu;
        }
    }
    if vp_victory {
        let reached = s.zulu_vp >= needed;
        r.step(Step::valued(
            cell_rule(VICTORY, "victory_points", &["zulu-vp-to-win"]),
            format!(
                "Zulu VP {} against {needed} needed: {}",
                s.zulu_vp,
                if reached { "a Zulu victory" } else { "not yet" }
            ),
            s.zulu_vp,
            None,
        ));
        if reached {
            winner = Winner::Zulu;
        }
    } else {
        r.step(Step::note(
            rule("Optional Rules: BRITISH ADVANTAGE"),
            "\"Eliminate the VP conditions for the Zulu player to win\"",
        ));
    }
    if winner == Winner::None && s.turn >= 16 {
        winner = Winner::British;
        r.step(Step::note(
            rule(VICTORY),
            "\"Survive until the end of the game without allowing the Zulu player to obtain his victory conditions\": each game is 16 turns",
        ));
    }
    let mut level = None;
    if s.turn >= 16 && reader.setting_is("alternate_victory", "on") {
        let levels = alternate_victory(
            charts,
            &AlternateVictoryInput {
                british_sp: s.british_sp,
                origins: Origins::default(),
            },
        )?;
        for step in levels.steps {
            r.step(step);
        }
        for warning in levels.warnings {
            r.warn(warning);
        }
        // "at game end use the following levels": they decide a game the Zulus did not win.
        if winner == Winner::British && levels.outcome.level != Level::BritishVictory {
            winner = Winner::Zulu;
        }
        level = Some(levels.outcome.level);
    }
    reader.warn_into(&mut r);
    Ok(r.with_outcome(VictoryOutcome { winner, level }))
}

/// The victory conditions at the end of a turn: `winner` (and `level` under the alternate
/// victory conditions).
pub struct Victory;

impl Procedure for Victory {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "victory";
    const THROWS: bool = false;
    const FIELDS: &'static [FieldSpec] = fields::VICTORY_FIELDS;
    type Input = VictoryCheck;
    type Outcome = VictoryOutcome;

    fn resolve(
        charts: &Charts,
        input: &VictoryCheck,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<VictoryOutcome>, Refusal> {
        check_victory(charts, input)
    }
}

/// The British SP that survive at game end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlternateVictoryInput {
    /// The SP of every British unit left.
    #[serde(default)]
    pub british_sp: u32,
    /// The values the records decided (`game::victory::vc_counts`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The alternate victory level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlternateVictoryOutcome {
    /// The level.
    pub level: Level,
}

/// The alternate victory level at game end from the British SP that survive:
/// `outcome.level` (`british-victory`, `zulu-marginal`, `zulu-tactical`, `zulu-decisive`).
fn alternate_victory(
    charts: &Charts,
    input: &AlternateVictoryInput,
) -> Result<Resolution<AlternateVictoryOutcome>, Refusal> {
    let british_sp = input.british_sp;
    let section = "Optional Rules: ALTERNATE VICTORY CONDITIONS";
    let mut reader = Reader::new(charts);
    let british = reader.int("victory_points", &["level-british-victory"]);
    let marginal = reader.int("victory_points", &["level-zulu-marginal"]);
    let tactical = reader.int("victory_points", &["level-zulu-tactical"]);
    reader.check(&rule(section))?;
    let sp = i64::from(british_sp);
    let (level, text) = if sp >= british.unwrap_or(i64::MAX) {
        (
            Level::BritishVictory,
            "British Victory: Survive with 28 or more SP.",
        )
    } else if sp >= marginal.unwrap_or(i64::MAX) {
        (
            Level::ZuluMarginal,
            "Zulu Marginal Victory: 27 to 19 British SP survive.",
        )
    } else if sp >= tactical.unwrap_or(i64::MAX) {
        (
            Level::ZuluTactical,
            "Zulu Tactical Victory: 18 to 10 British SP survive.",
        )
    } else {
        (
            Level::ZuluDecisive,
            "Zulu Decisive Victory: 9 or less British SP survive.",
        )
    };
    let mut r = resolution(charts, AlternateVictory::NAME);
    r.steps = input.origins.steps(input, &rule(section));
    r.step(Step::valued(rule(section), text, british_sp, None));
    reader.warn_into(&mut r);
    Ok(r.with_outcome(AlternateVictoryOutcome { level }))
}

/// The alternate victory level at game end: `level`.
pub struct AlternateVictory;

impl Procedure for AlternateVictory {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "alternate-victory";
    const THROWS: bool = false;
    const FIELDS: &'static [FieldSpec] = fields::ALTERNATE_FIELDS;
    type Input = AlternateVictoryInput;
    type Outcome = AlternateVictoryOutcome;

    fn resolve(
        charts: &Charts,
        input: &AlternateVictoryInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<AlternateVictoryOutcome>, Refusal> {
        alternate_victory(charts, input)
    }
}
