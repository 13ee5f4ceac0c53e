//! The words each ruleset keeps a unit's record in: Micro Colonial counts fighting factors
//! (IF, PF, and losses in columns D and K), DBA counts bases, Victoria Cross II and
//! Soldiers of the Queen strength points (SP). The statuses and formations a rule of the
//! ruleset reads are listed from the record's own words ([`crate::record`]). The window's
//! roster and unit editor, the bases' labels and the record sheets name things by these.

use super::event::Cause;
use crate::record::{Formation, Status};
use crate::ruleset::Ruleset;

/// How one ruleset names a unit's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordWords {
    /// The unit strength is counted in: "FF", "bases", "SP".
    pub unit: &'static str,
    /// The strength a unit starts the game with (Micro Colonial "IF").
    pub initial: &'static str,
    /// The strength it joins this game with (Micro Colonial "PF" on joining).
    pub joining: &'static str,
    /// The strength it has now (Micro Colonial "PF").
    pub present: &'static str,
    /// The kinds of loss the record keeps apart, each with its words: Micro Colonial's
    /// columns D and K; one kind elsewhere.
    pub losses: &'static [(Cause, &'static str)],
    /// The record sheet's title.
    pub sheet: &'static str,
    /// The roster's strength column: present against initial.
    pub column: &'static str,
}

/// Micro Colonial CASUALTY RECORD SHEET: "ID, IF, PF", "record all volley fire losses under
/// the column headed 'D' ... all other losses under the column headed 'K'".
const MICRO_COLONIAL: RecordWords = RecordWords {
    unit: "FF",
    initial: "IF (initial fighting factor)",
    joining: "PF on joining",
    present: "PF (present fighting factor)",
    losses: &[
        (Cause::Volley, "to volley fire (column D)"),
        (Cause::Other, "other losses (column K)"),
    ],
    sheet: "Casualty record",
    column: "PF / IF",
};

/// DBA: "Each base ... is removed when destroyed"; an army counts its bases lost.
const DBA: RecordWords = RecordWords {
    unit: "bases",
    initial: "bases at the start",
    joining: "bases on joining",
    present: "bases now",
    losses: &[(Cause::Other, "bases lost")],
    sheet: "Bases lost",
    column: "bases now / start",
};

/// Victoria Cross II and Soldiers of the Queen count strength points.
const STRENGTH_POINTS: RecordWords = RecordWords {
    unit: "SP",
    initial: "SP at the start",
    joining: "SP on joining",
    present: "SP now",
    losses: &[(Cause::Other, "SP lost")],
    sheet: "Strength points lost",
    column: "SP now / start",
};

impl RecordWords {
    /// The words of `ruleset`'s records.
    pub fn of(ruleset: Ruleset) -> &'static RecordWords {
        match ruleset {
            Ruleset::MicroColonial => &MICRO_COLONIAL,
            Ruleset::DbaZulu => &DBA,
            Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => &STRENGTH_POINTS,
        }
    }

    /// The statuses a rule of `ruleset` reads, as the record spells them: Micro Colonial
    /// BREAK, FALL BACK, GO TO GROUND and a morale test due; DBA recoil, flee and an
    /// attacker staying in contact. A club may type a word of its own besides.
    pub fn statuses(ruleset: Ruleset) -> Vec<Status> {
        match ruleset {
            Ruleset::MicroColonial => vec![
                Status::Broken,
                Status::FallingBack,
                Status::GoneToGround,
                Status::MoraleTestDue,
            ],
            Ruleset::DbaZulu => vec![Status::Recoiled, Status::Fled, Status::StaysInContact],
            Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => Vec::new(),
        }
    }

    /// The formations a rule of `ruleset` reads (Micro Colonial's orders, squares and the
    /// two-unit formation; none in the other rulesets' records).
    pub fn formations(ruleset: Ruleset) -> Vec<Formation> {
        match ruleset {
            Ruleset::MicroColonial => Formation::KNOWN
                .iter()
                .filter_map(|word| Formation::parse(word))
                .collect(),
            Ruleset::DbaZulu | Ruleset::VictoriaCross | Ruleset::SoldiersOfTheQueen => Vec::new(),
        }
    }

    /// A strength in these words: "280 FF", "1 base", "3 SP".
    pub fn strength(&self, n: u32) -> String {
        match (self.unit, n) {
            ("bases", 1) => "1 base".to_owned(),
            (unit, n) => format!("{n} {unit}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ruleset_keeps_its_own_words() {
        let mc = RecordWords::of(Ruleset::MicroColonial);
        assert!(mc.initial.starts_with("IF"));
        assert!(mc.present.starts_with("PF"));
        assert_eq!(mc.losses.len(), 2, "columns D and K");
        let dba = RecordWords::of(Ruleset::DbaZulu);
        assert_eq!(dba.strength(1), "1 base");
        assert_eq!(dba.strength(3), "3 bases");
        assert!(!dba.initial.contains("IF"));
        assert_eq!(RecordWords::of(Ruleset::VictoriaCross).unit, "SP");
        assert_eq!(
            RecordWords::statuses(Ruleset::DbaZulu),
            vec![Status::Recoiled, Status::Fled, Status::StaysInContact]
        );
        assert!(RecordWords::formations(Ruleset::DbaZulu).is_empty());
        // Every status a rule reads belongs to one ruleset's list.
        for word in Status::KNOWN {
            let status = Status::parse(word).expect("a word");
            let owners = Ruleset::ALL
                .iter()
                .filter(|r| RecordWords::statuses(**r).contains(&status))
                .count();
            assert_eq!(owners, 1, "{word}");
        }
    }
}
