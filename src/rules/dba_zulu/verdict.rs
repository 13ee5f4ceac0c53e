//! The verdict of one roll: the totals compared and the loser's fate, read from COMBAT
//! OUTCOMES, the close-combat flank rules and the loser's "Destroyed if beat by" entry.

use super::combat::{Contact, Prepared, SideId};
use super::troops::{CHART, DestroyedWhen, TroopType};
use super::{RULESET, cell, rule, section};
use crate::resolution::{Refusal, RuleRef, Step};

/// What befalls the loser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// "Destroyed: Remove base from play."
    Destroyed,
    /// Displaces one base depth back, facing its opponent.
    Recoil,
    /// Turns and displaces one base depth, then moves 6" straight back.
    Flee,
    /// An attacker beaten by the base whose flank or rear it contacted stays in contact.
    Stays,
    /// Equal totals: nothing happens.
    NoResult,
}

crate::ruleset::serde_by_name!(Fate, name);

impl std::str::FromStr for Fate {
    type Err = String;

    fn from_str(text: &str) -> Result<Fate, String> {
        [
            Fate::Destroyed,
            Fate::Recoil,
            Fate::Flee,
            Fate::Stays,
            Fate::NoResult,
        ]
        .into_iter()
        .find(|f| f.name() == text)
        .ok_or_else(|| {
            format!("'{text}' is not a combat result: expected destroyed, recoil, flee, stays or no_result")
        })
    }
}

impl Fate {
    /// The name in `outcome.result`.
    pub fn name(self) -> &'static str {
        match self {
            Fate::Destroyed => "destroyed",
            Fate::Recoil => "recoil",
            Fate::Flee => "flee",
            Fate::Stays => "stays",
            Fate::NoResult => "no_result",
        }
    }
}

/// The dice's verdict: totals, the loser and its fate, with the steps that explain them.
pub(crate) struct Decision {
    /// a's total.
    pub a_total: i64,
    /// b's total.
    pub b_total: i64,
    /// The loser, if any.
    pub loser: Option<SideId>,
    /// What befalls it.
    pub fate: Fate,
    /// The steps that explain it.
    pub steps: Vec<Step>,
}

/// The loser's fate, in this order: an enemy in contact to its flank or rear destroys it
/// (Close Combat); its "Destroyed if beat by" entry destroys it; a total of half the
/// winner's or less destroys it, except light horse in close combat with Zulus, which flee
/// (COMBAT OUTCOMES); an a beaten by the b whose flank or rear it contacted stays in
/// contact instead of recoiling; otherwise it recoils. The entry comes before the
/// light-horse exception because that exception lifts only the half-total rule, and
/// before "stays" because "the flanking bases do not recoil" replaces a recoil only.
pub(crate) fn decide(p: &Prepared<'_>, a_face: u8, b_face: u8) -> Result<Decision, Refusal> {
    // A combat factor at the edge of the integers (a club value) must not wrap: the totals,
    // and twice the loser's for the half-total rule, are checked.
    let total = |base: i64, face: u8, who: &str| {
        crate::bounds::checked(
            rule(section::COMBAT),
            &format!("{who}'s total"),
            base.checked_add(i64::from(face))
                .filter(|t| t.checked_mul(2).is_some()),
        )
    };
    let a_total = total(p.a_base, a_face, "a")?;
    let b_total = total(p.b_base, b_face, "b")?;
    let mut steps = vec![
        Step::valued(
            rule(section::COMBAT),
            format!("a rolls {a_face}"),
            a_face,
            Some(a_total.into()),
        ),
        Step::valued(
            rule(section::COMBAT),
            format!("b rolls {b_face}"),
            b_face,
            Some(b_total.into()),
        ),
    ];
    if a_total == b_total {
        steps.push(Step::note(
            RuleRef::cell(RULESET, section::SETTINGS, "settings", "settings:ties"),
            format!(
                "equal totals ({a_total}): the text is silent on ties; setting ties = no_result, so neither side loses"
            ),
        ));
        return Ok(Decision {
            a_total,
            b_total,
            loser: None,
            fate: Fate::NoResult,
            steps,
        });
    }
    let (loser_id, winner_id, loser_total, winner_total) = if a_total < b_total {
        (SideId::A, SideId::B, a_total, b_total)
    } else {
        (SideId::B, SideId::A, b_total, a_total)
    };
    let loser = p.troop(loser_id);
    let l = loser_id.name();
    if loser_id == SideId::A && !p.close() && !p.b_returns_fire {
        steps.push(Step::note(
            rule(section::RANGED),
            format!(
                "totals compared: a {a_total}, b {b_total}: the firer's total is lower, but b did not return fire, so the firer suffers no adverse result"
            ),
        ));
        return Ok(Decision {
            a_total,
            b_total,
            loser: None,
            fate: Fate::NoResult,
            steps,
        });
    }
    steps.push(Step::note(
        rule(section::COMBAT),
        format!(
            "totals compared: a {a_total}, b {b_total}: {l} ({}) loses",
            loser.label
        ),
    ));
    let fate = fate(
        p,
        loser_id,
        winner_id,
        loser_total,
        winner_total,
        &mut steps,
    );
    Ok(Decision {
        a_total,
        b_total,
        loser: Some(loser_id),
        fate,
        steps,
    })
}

fn fate(
    p: &Prepared<'_>,
    loser_id: SideId,
    winner_id: SideId,
    loser_total: i64,
    winner_total: i64,
    steps: &mut Vec<Step>,
) -> Fate {
    let s = p.situation;
    let loser = p.troop(loser_id);
    let winner = p.troop(winner_id);
    let l = loser_id.name();
    if p.flanked(loser_id) {
        steps.push(Step::note(
            rule(section::CLOSE),
            format!(
                "{l} loses with an enemy in contact to its flank or rear: destroyed ('Bases with an enemy to their front and/or another enemy base(s) to its flank or rear and loses the combat is destroyed')"
            ),
        ));
        return Fate::Destroyed;
    }
    let entry = cell(
        section::TROOP_TABLE,
        CHART,
        &[loser.kind.id(), "destroyed_if_beaten_by"],
    );
    let listed = winner.listed_in(loser);
    let loser_rough = s.side(loser_id).mods.rough;
    let winner_in_contact = p.close() || s.in_contact;
    let by_entry = match loser.destroyed_when {
        DestroyedWhen::Always => listed,
        DestroyedWhen::MeleeOnly => listed && p.close(),
        DestroyedWhen::InRough => listed && loser_rough,
        DestroyedWhen::InContact => listed && winner_in_contact,
    };
    if by_entry {
        steps.push(Step::note(
            entry,
            format!(
                "{} destroyed if beat by '{}': beaten by {}{}: destroyed",
                loser.label,
                loser.destroyed_text,
                winner.label,
                match loser.destroyed_when {
                    DestroyedWhen::Always => "",
                    DestroyedWhen::MeleeOnly => " in close combat",
                    DestroyedWhen::InRough => " while in rough",
                    DestroyedWhen::InContact => " in contact",
                }
            ),
        ));
        return Fate::Destroyed;
    }
    // "All bases whose combat roll including modifiers is less than or half that of their
    // opponents are destroyed": loser <= winner / 2, compared as 2 * loser <= winner so odd
    // totals and totals below zero need no rounding.
    if 2 * loser_total <= winner_total {
        if loser.kind == TroopType::LightHorse && p.close() && winner.kind == TroopType::Zulus {
            steps.push(Step::note(
                rule(section::OUTCOMES),
                format!(
                    "{l}'s total {loser_total} is half of {winner_total} or less, but light horse in close combat with Zulus flee 6\" instead of being destroyed"
                ),
            ));
            return Fate::Flee;
        }
        steps.push(Step::note(
            rule(section::OUTCOMES),
            format!("{l}'s total {loser_total} is half of {winner_total} or less: destroyed"),
        ));
        return Fate::Destroyed;
    }
    steps.push(Step::note(
        entry,
        format!(
            "{l}'s total {loser_total} is more than half of {winner_total}; {} destroyed if beat by '{}': not destroyed by {}{}",
            loser.label,
            loser.destroyed_text,
            winner.label,
            if p.close() || s.in_contact { "" } else { " (not in contact)" }
        ),
    ));
    if loser_id == SideId::A && p.close() && s.contact != Contact::Front {
        steps.push(Step::note(
            rule(section::CLOSE),
            format!(
                "a contacted b's {}: 'the flanking bases do not recoil but remain in contact'; b turns to face it in its own phase",
                s.contact.name()
            ),
        ));
        return Fate::Stays;
    }
    // "Recoil: Losing unit displaces one base depth back": a camp, kraal or laager has no
    // move ("none") and cannot displace. Laager's reading: it stays where it is, beaten
    // but not destroyed (the troop table destroys it only when beaten by "any in contact").
    if loser.move_in.is_none() {
        steps.push(Step::note(
            cell(section::TROOP_TABLE, CHART, &[loser.kind.id(), "move_in"]),
            format!(
                "{l} ({}) cannot recoil: its move is 'none', so it cannot 'displace one base depth back'; Laager's reading: it stays where it is",
                loser.label
            ),
        ));
        return Fate::Stays;
    }
    Fate::Recoil
}
