//! Pure resolution of each ruleset: `(&Charts, &Situation, &mut dyn DiceSource) -> Result<Resolution, Refusal>`.
pub mod soldiers_of_the_queen;
