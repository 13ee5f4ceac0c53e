//! Pure resolution of each ruleset: `(&Charts, &Situation, &mut dyn DiceSource) -> Result<Resolution, Refusal>`.

pub mod dba_zulu;
pub mod micro_colonial;
pub mod soldiers_of_the_queen;
pub mod victoria_cross;
