//! Pure resolution of each ruleset: `(&Charts, &Situation, &mut dyn DiceSource) -> Result<Resolution, Refusal>`.
pub mod victoria_cross;
