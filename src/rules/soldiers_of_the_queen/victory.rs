//! How to Win (PART 5): the Isandhlwana Victory Conditions, and the Omdurman Automatic
//! Victory, exit requirement and Victory Point Schedule.

use super::cells::Cells;
use super::{RULESET, cell_rule, rule};
use crate::charts::Charts;
use crate::dice::DiceSource;
use crate::resolution::{Refusal, Resolution, Step};
use crate::rules::Procedure;
use crate::rules::situation::Origins;
use crate::ruleset::Ruleset;
use serde::{Deserialize, Serialize};

/// The counts that decide the Isandhlwana Game (PART 5 B).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IsandhlwanaCounts {
    /// British regular red and blue combat units not yet eliminated (officers not counted).
    pub british_regulars_remaining: u32,
    /// Zulu combat units eliminated (leaders and the uKhulutshane impi not counted).
    pub zulu_units_eliminated: u32,
    /// The values the records decided (`game::victory::sotq_counts`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// British combat units eliminated on one Game Turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EliminatedOnTurn {
    /// The Game Turn.
    pub turn: u32,
    /// How many.
    pub count: u32,
}

/// The counts that decide the Omdurman Game (PART 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OmdurmanCounts {
    /// The last Game Turn completed (21 ends the game after the British Player Turn).
    pub turn: u32,
    /// Unrouted, unpinned British combat units exited through the south exit hexes
    /// (leaders and gunboats not counted).
    #[serde(default)]
    pub british_exited: u32,
    /// British combat units neither eliminated nor exited.
    pub british_remaining: u32,
    /// The Khalifa has been killed.
    #[serde(default)]
    pub khalifa_killed: bool,
    /// Dervish combat units eliminated.
    #[serde(default)]
    pub dervish_eliminated: u32,
    /// British combat units eliminated, turn by turn.
    #[serde(default)]
    pub british_eliminated: Vec<EliminatedOnTurn>,
    /// Game Turns from Turn 12 on in which the British exited no combat unit.
    #[serde(default)]
    pub turns_without_exit: Vec<u32>,
}

/// The counts of one game, by its name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum VictoryInput {
    /// The Isandhlwana Game.
    Isandhlwana(IsandhlwanaCounts),
    /// The Omdurman Game.
    Omdurman(OmdurmanCounts),
}

/// Who has won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The British player.
    British,
    /// The Zulu player.
    Zulu,
    /// The Dervish player.
    Dervish,
    /// No one yet: play goes on.
    None,
    /// The game is over and neither player's condition is met.
    Draw,
}

/// Who has won: the `--json` outcome of `laager sotq victory`. The Omdurman keys are
/// written for the Omdurman Game only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VictoryOutcome {
    /// The winner, `none` while play goes on.
    pub winner: Winner,
    /// The game has ended.
    pub game_over: bool,
    /// Omdurman: the British Automatic Victory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automatic: Option<bool>,
    /// Omdurman: the British Victory Points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub british_vp: Option<i64>,
    /// Omdurman: the Dervish Victory Points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dervish_vp: Option<i64>,
    /// Omdurman: British combat units exited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub british_exited: Option<u32>,
}

/// How to Win (PART 5).
pub struct Victory;

impl Procedure for Victory {
    const RULESET: Ruleset = RULESET;
    const NAME: &'static str = "victory";
    const THROWS: bool = false;
    type Input = VictoryInput;
    type Outcome = VictoryOutcome;

    fn resolve(
        charts: &Charts,
        input: &VictoryInput,
        _dice: &mut dyn DiceSource,
    ) -> Result<Resolution<VictoryOutcome>, Refusal> {
        match input {
            VictoryInput::Isandhlwana(counts) => isandhlwana(charts, counts),
            VictoryInput::Omdurman(counts) => omdurman(charts, counts),
        }
    }
}

/// PART 5 B: "The Zulu player wins if he eliminates all British regular red and blue combat
/// units before he loses 14 of his own combat units."
fn isandhlwana(
    charts: &Charts,
    c: &IsandhlwanaCounts,
) -> Result<Resolution<VictoryOutcome>, Refusal> {
    let mut res = Resolution::<()>::new(RULESET, Victory::NAME, charts.hash());
    res.steps = c.origins.steps(c, &rule("PART 5 B"));
    let zulu = c.british_regulars_remaining == 0;
    let british = c.zulu_units_eliminated >= 14;
    res.step(Step::valued(
        rule("PART 5 B"),
        "British regular combat units remaining (the Zulu player wins when none is left)",
        c.british_regulars_remaining,
        None,
    ));
    res.step(Step::valued(
        rule("PART 5 B"),
        "Zulu combat units eliminated (the British player wins at 14)",
        c.zulu_units_eliminated,
        None,
    ));
    if zulu && british {
        return Err(Refusal::bad_input(
            rule("PART 5 A"),
            "both players' conditions are met in these counts, but the game ends immediately when the first is achieved: give the counts at that moment",
        ));
    }
    let winner = if zulu {
        Winner::Zulu
    } else if british {
        Winner::British
    } else {
        Winner::None
    };
    res.step(Step::note(
        rule("PART 5 A"),
        if winner == Winner::None {
            "There are no set number of Game Turns: play goes on"
        } else {
            "The game ends immediately when one player achieves his Victory Conditions"
        },
    ));
    Ok(res.with_outcome(VictoryOutcome {
        winner,
        game_over: winner != Winner::None,
        automatic: None,
        british_vp: None,
        dervish_vp: None,
        british_exited: None,
    }))
}

fn vp(
    cells: &mut Cells<'_>,
    res: &mut Resolution<()>,
    key: &str,
    count: u32,
    text: &str,
    total: &mut i64,
) {
    if count == 0 {
        return;
    }
    if let Some(points) = cells.int("omdurman_victory_points", &[key]) {
        let gained = points * i64::from(count);
        *total += gained;
        res.step(Step::valued(
            cell_rule("PART 5 B", "omdurman_victory_points", &[key]),
            format!("{text}: {count} × {points}"),
            gained,
            Some((*total).into()),
        ));
    }
}

/// The Omdurman Game: Automatic Victory, or at the end of Game Turn 21 the exit requirement
/// and the Victory Point totals.
fn omdurman(charts: &Charts, c: &OmdurmanCounts) -> Result<Resolution<VictoryOutcome>, Refusal> {
    check_omdurman_counts(c)?;
    let mut res = Resolution::<()>::new(RULESET, Victory::NAME, charts.hash());
    // PART 5 B: "The British Player wins an Automatic Victory if he exits all combat units
    // that have not been eliminated (minimum 32 units)".
    let automatic = c.british_remaining == 0 && c.british_exited >= 32;
    res.step(Step::valued(
        rule("PART 5 B"),
        format!(
            "British combat units exited ({} still on the map)",
            c.british_remaining
        ),
        c.british_exited,
        None,
    ));

    let mut cells = Cells::new(charts);
    let (british, dervish) = omdurman_vp(&mut cells, &mut res, c);
    if let Some(refusal) = cells.refusal(rule("PART 5 B"), None) {
        return Err(refusal);
    }
    for w in cells.warnings() {
        res.warn(w.clone());
    }

    let game_over = automatic || c.turn == 21;
    let winner = if automatic {
        res.step(Step::note(
            rule("PART 5 A"),
            "Automatic Victory: the game ends immediately",
        ));
        Winner::British
    } else if !game_over {
        res.step(Step::note(rule("PART 5 A"), "the Omdurman Game ends on Game Turn 21 when the British Player Turn is complete: play goes on"));
        Winner::None
    } else if c.british_exited < 32 {
        res.step(Step::note(
            rule("PART 5 B"),
            "The Dervish Player wins if he prevents the British Player from exiting 32 units",
        ));
        Winner::Dervish
    } else if british > dervish {
        res.step(Step::note(rule("PART 5 B"), "The British Player wins if he exits at least 32 British units and has a higher Victory Point total"));
        Winner::British
    } else if dervish > british {
        res.step(Step::note(
            rule("PART 5 B"),
            "The Dervish Player wins if his Victory Point total is higher at the end of the game",
        ));
        Winner::Dervish
    } else {
        res.step(Step::note(
            rule("PART 5 B"),
            "32 units exited and equal Victory Points: neither player's condition is met",
        ));
        Winner::Draw
    };
    Ok(res.with_outcome(VictoryOutcome {
        winner,
        game_over,
        automatic: Some(automatic),
        british_vp: Some(british),
        dervish_vp: Some(dervish),
        british_exited: Some(c.british_exited),
    }))
}

/// Refuses Omdurman counts outside the game: a turn not from 1 to 21, a British unit
/// eliminated after the turn, and a turn without an exit before Turn 12 or after the turn.
fn check_omdurman_counts(c: &OmdurmanCounts) -> Result<(), Refusal> {
    let bad = |reason: String| Refusal::bad_input(rule("PART 5 A"), reason);
    if c.turn == 0 || c.turn > 21 {
        return Err(bad(format!(
            "turn {}: the Omdurman Game runs from Game Turn 1 to 21",
            c.turn
        )));
    }
    for &EliminatedOnTurn { turn, .. } in &c.british_eliminated {
        if turn == 0 || turn > c.turn {
            return Err(bad(format!(
                "a British unit eliminated on turn {turn}, outside turns 1-{}",
                c.turn
            )));
        }
    }
    for &turn in &c.turns_without_exit {
        if turn < 12 || turn > c.turn {
            return Err(bad(format!(
                "turn {turn} without an exit: only Game Turns from 12 to {} count",
                c.turn
            )));
        }
    }
    Ok(())
}

/// PART 5 B's Victory Points, the British total and the Dervish total: the Khalifa and the
/// Dervish units eliminated for the British; the British units eliminated, by the turn, and
/// the turns from Turn 12 without a British exit for the Dervishes.
fn omdurman_vp(cells: &mut Cells<'_>, res: &mut Resolution<()>, c: &OmdurmanCounts) -> (i64, i64) {
    let mut british = 0i64;
    vp(
        cells,
        res,
        "british.killing-the-khalifa",
        u32::from(c.khalifa_killed),
        "British: killing the Khalifa",
        &mut british,
    );
    vp(
        cells,
        res,
        "british.dervish-combat-unit",
        c.dervish_eliminated,
        "British: Dervish combat units eliminated",
        &mut british,
    );
    let mut dervish = 0i64;
    for &EliminatedOnTurn { turn, count } in &c.british_eliminated {
        let key = match turn {
            1..=8 => "dervish.british-combat-unit-turns-1-8",
            9..=16 => "dervish.british-combat-unit-turns-9-16",
            _ => "dervish.british-combat-unit-turns-17-21",
        };
        vp(
            cells,
            res,
            key,
            count,
            &format!("Dervish: British combat units eliminated on Game Turn {turn}"),
            &mut dervish,
        );
    }
    let mut no_exit = c.turns_without_exit.clone();
    no_exit.sort_unstable();
    no_exit.dedup();
    vp(
        cells,
        res,
        "dervish.turn-without-british-exit",
        no_exit.len() as u32,
        "Dervish: Game Turns from Turn 12 with no British exit",
        &mut dervish,
    );
    (british, dervish)
}
