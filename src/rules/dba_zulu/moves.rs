//! The outcome moves as distances for the layout: the loser's recoil or flight, and the
//! winner's pursuit, in millimetres at the figure scale in force.

use super::combat::{Prepared, PursuitResult, SideId};
use super::troops::{CHART, Pursuit, Troop, TroopType};
use super::verdict::{Decision, Fate};
use super::{cell, rule, section};
use crate::charts::{CellReader, Value};
use crate::resolution::{NeededCell, Refusal, Resolution, Step};

const MM_PER_INCH: f64 = 25.4;

/// The flight after the one-base-depth turn-and-displace: "It then moves 6" straight back".
const FLEE_IN: f64 = 6.0;

/// The figure scale's factor on base dimensions, and on inches when `scale_distances` is yes.
pub(super) struct Scale {
    pub name: String,
    pub factor: f64,
    pub distances: bool,
}

impl Scale {
    /// A distance the text gives in inches, in mm at this scale: inches scale with the
    /// figures only when `scale_distances` is yes.
    pub fn inches_to_mm(&self, inches: f64) -> f64 {
        let factor = if self.distances { self.factor } else { 1.0 };
        round(inches * MM_PER_INCH * factor)
    }

    /// The scale in words: "15mm figures, the inches as written" or "25mm figures, the
    /// inches scaled with the figures" (the settings' `scale_distances`).
    pub fn words(&self) -> String {
        format!(
            "{} figures, {}",
            self.name,
            if self.distances {
                "the inches scaled with the figures"
            } else {
                "the inches as written"
            }
        )
    }
}

/// The figure scale in force: the situation's, else the setting; `None` (cells noted as
/// needed) when a cell is unknown.
pub(super) fn read_scale(reader: &mut CellReader<'_>, scale: Option<&String>) -> Option<Scale> {
    let name = match scale {
        Some(name) => name.clone(),
        None => reader
            .get("settings", &["figure_scale"])?
            .as_text()?
            .to_owned(),
    };
    let num = reader.int("figure_scales", &[&name, "factor_num"]);
    let den = reader.int("figure_scales", &[&name, "factor_den"]);
    let distances = reader
        .get("settings", &["scale_distances"])
        .and_then(|v| v.as_text().map(|t| t == "yes"));
    let (num, den, distances) = (num?, den?, distances?);
    if den == 0 {
        return None;
    }
    Some(Scale {
        name,
        factor: num as f64 / den as f64,
        distances,
    })
}

/// One base depth of a troop type at the scale, in mm: `Some(None)` when the table gives
/// none ("as required", or a camp), `None` when the cell is unknown (noted as needed).
#[allow(clippy::option_option)] // unknown (None) differs from "no depth given" (Some(None))
fn depth(reader: &mut CellReader<'_>, troop: &Troop, scale: &Scale) -> Option<Option<f64>> {
    match reader.get(CHART, &[troop.kind.id(), "base_depth_mm"])? {
        Value::None => Some(None),
        v => Some(v.as_number().map(|mm| round(mm * scale.factor))),
    }
}

fn round(mm: f64) -> f64 {
    (mm * 10.0).round() / 10.0
}

/// The loser's and winner's moves: `displace_mm`, `flee_mm`, `pursuit`, `pursuit_mm`
/// (`None` where they do not arise).
#[derive(Debug, Default)]
pub(crate) struct OutcomeMoves {
    pub displace_mm: Option<f64>,
    pub flee_mm: Option<f64>,
    pub pursuit: Option<PursuitResult>,
    pub pursuit_mm: Option<f64>,
}

/// Works out the loser's and winner's moves, with their steps. Refuses when a base depth
/// the outcome needs is unknown.
pub(crate) fn outcome_moves(
    reader: &mut CellReader<'_>,
    prepared: &Prepared<'_>,
    decision: &Decision,
    resolution: &mut Resolution<()>,
) -> Result<OutcomeMoves, Refusal> {
    let mut displace = None;
    let mut flee = None;
    let mut pursuit = None;
    let mut pursuit_mm = None;
    let needs_scale = matches!(decision.fate, Fate::Recoil | Fate::Flee)
        || (decision.loser.is_some() && prepared.close());
    let scale = if needs_scale {
        read_scale(reader, prepared.situation.scale.as_ref())
    } else {
        None
    };
    if let Some(loser_id) = decision.loser {
        let loser = prepared.troop(loser_id);
        let winner_id = match loser_id {
            SideId::A => SideId::B,
            SideId::B => SideId::A,
        };
        let winner = prepared.troop(winner_id);
        let l = loser_id.name();
        match decision.fate {
            Fate::Destroyed => {
                let text = if loser.kind == TroopType::Zulus && !amabutho_single(prepared, loser_id)
                {
                    format!(
                        "{l} is destroyed: only the forward base of the 2-base amabutho is removed ('Note only one stand of 2 base amabutho is removed')"
                    )
                } else {
                    format!("{l} is destroyed: 'Remove base from play.'")
                };
                resolution.step(Step::note(rule(section::OUTCOMES), text));
            }
            Fate::Recoil | Fate::Flee => {
                // The distances are secondary: the result stands without them.
                let Some(scale) = scale.as_ref() else {
                    resolution.step(Step::note(
                        rule(section::SET_UP),
                        format!(
                            "{l} {}: the distance needs the figure scale, which could not be read",
                            decision.fate.name()
                        ),
                    ));
                    return Ok(finish_moves(reader, displace, flee, None, None));
                };
                displace = displacement(reader, loser, l, decision.fate, scale, resolution);
                if decision.fate == Fate::Flee {
                    let mm = scale.inches_to_mm(FLEE_IN);
                    flee = Some(mm);
                    resolution.step(Step::valued(
                        cell(section::SETTINGS, "settings", &["scale_distances"]),
                        format!(
                            "then moves 6\" straight back from its front edge ({})",
                            scale.words()
                        ),
                        mm,
                        None,
                    ));
                }
            }
            Fate::Stays | Fate::NoResult => {}
        }
        if prepared.close() {
            let (value, mm) = pursue(
                reader,
                prepared,
                winner_id,
                winner,
                scale.as_ref(),
                resolution,
            );
            pursuit = Some(value);
            pursuit_mm = mm;
        } else {
            resolution.step(Step::note(
                rule(section::PURSUIT),
                "no pursuit: pursuit follows close combat only",
            ));
        }
    }
    Ok(finish_moves(reader, displace, flee, pursuit, pursuit_mm))
}

/// The recoil's or flight's displacement, one base depth of the loser at the scale, with
/// its step; `None` when the set-up chart or the document gives no base depth.
fn displacement(
    reader: &mut CellReader<'_>,
    loser: &Troop,
    l: &str,
    fate: Fate,
    scale: &Scale,
    resolution: &mut Resolution<()>,
) -> Option<f64> {
    let mut displace = None;
    if let Some(d) = depth(reader, loser, scale) {
        let at = cell(section::SET_UP, CHART, &[loser.kind.id(), "base_depth_mm"]);
        match d {
            Some(mm) => {
                displace = Some(mm);
                let text = if fate == Fate::Recoil {
                    format!(
                        "{l} recoils: 'displaces one base depth back, facing opponent' ({} base depth at {}); destroyed if it meets impassable terrain, an enemy base or any base not facing the same direction",
                        loser.label, scale.name
                    )
                } else {
                    format!(
                        "{l} flees: 'turn 180 degrees at no cost and displace one base depth with its rear facing the enemy' ({} base depth at {})",
                        loser.label, scale.name
                    )
                };
                resolution.step(Step::valued(at, text, mm, None));
            }
            None => resolution.step(Step::note(
                at,
                format!(
                    "{l} {}: the set-up chart gives {} no base depth, so the distance is left to the table",
                    fate.name(),
                    loser.label
                ),
            )),
        }
    } else {
        resolution.step(Step::note(
            cell(section::SET_UP, CHART, &[loser.kind.id(), "base_depth_mm"]),
            format!(
                "{l} {}: the distance is one base depth, which the document does not give for {}",
                fate.name(),
                loser.label
            ),
        ));
    }
    displace
}

/// The moves worked out; a distance whose chart cells no one can read stays empty, and a
/// warning names the cells (the winner and the result never wait on a distance).
fn finish_moves(
    reader: &mut CellReader<'_>,
    displace_mm: Option<f64>,
    flee_mm: Option<f64>,
    pursuit: Option<PursuitResult>,
    pursuit_mm: Option<f64>,
) -> OutcomeMoves {
    let missing: Vec<String> = reader.needs().iter().map(NeededCell::address).collect();
    if !missing.is_empty() {
        reader.warn(format!(
            "a distance is left empty: it needs chart cell(s) {} (type their values for this resolution, or set them in a club's tables folder)",
            missing.join(", ")
        ));
    }
    OutcomeMoves {
        displace_mm,
        flee_mm,
        pursuit,
        pursuit_mm,
    }
}

fn amabutho_single(prepared: &Prepared<'_>, id: SideId) -> bool {
    let side = match id {
        SideId::A => &prepared.situation.a,
        SideId::B => &prepared.situation.b,
    };
    side.mods.amabutho_base_lost > 0
}

/// The winner's pursuit after close combat: "must", "may", "never" or "not_allowed".
fn pursue(
    reader: &mut CellReader<'_>,
    prepared: &Prepared<'_>,
    winner_id: SideId,
    winner: &Troop,
    scale: Option<&Scale>,
    resolution: &mut Resolution<()>,
) -> (PursuitResult, Option<f64>) {
    let w = winner_id.name();
    if prepared.flanked(winner_id) {
        resolution.step(Step::note(
            rule(section::CLOSE),
            format!(
                "{w} won with an enemy in contact to its flank or rear: 'The victorious base may not pursue even if normally required to do so.'"
            ),
        ));
        return (PursuitResult::NotAllowed, None);
    }
    let at = cell(section::PURSUIT, CHART, &[winner.kind.id(), "pursuit"]);
    reader.mark_used(CHART, &[winner.kind.id(), "pursuit"]);
    let kind = match winner.pursuit {
        Pursuit::Must | Pursuit::MustCloseCombat => PursuitResult::Must,
        Pursuit::May => PursuitResult::May,
        Pursuit::Never => PursuitResult::Never,
    };
    if kind == PursuitResult::Never || winner.move_in.is_none() {
        let why = if kind == PursuitResult::Never {
            "'Artillery, Rockets annd Gatling Guns never pursue.'".to_owned()
        } else {
            format!("{} does not move (Move: none)", winner.label)
        };
        resolution.step(Step::note(at, format!("{w} does not pursue: {why}")));
        return (PursuitResult::Never, None);
    }
    let verb = if kind == PursuitResult::Must {
        "must advance one base depth forward"
    } else {
        "may pursue one base depth at the discretion of the player"
    };
    let Some(scale) = scale else {
        resolution.step(Step::note(
            at,
            format!(
                "{w} ({}) {verb}; the distance needs the figure scale, which could not be read",
                winner.label
            ),
        ));
        return (kind, None);
    };
    match depth(reader, winner, scale) {
        Some(Some(mm)) => {
            resolution.step(Step::valued(
                at,
                format!(
                    "{w} ({}) {verb} ({} base depth at {})",
                    winner.label, winner.label, scale.name
                ),
                mm,
                None,
            ));
            (kind, Some(mm))
        }
        Some(None) => {
            resolution.step(Step::note(
                at,
                format!(
                    "{w} ({}) {verb}; the set-up chart gives it no base depth",
                    winner.label
                ),
            ));
            (kind, None)
        }
        None => {
            resolution.step(Step::note(
                at,
                format!(
                    "{w} ({}) {verb}; the distance is one base depth, which the document does not give for {}",
                    winner.label, winner.label
                ),
            ));
            (kind, None)
        }
    }
}
