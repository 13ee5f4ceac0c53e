//! The referee's desk: the widgets that show odds, dice, resolutions, refusals and charts.
//!
//! Everything here renders engine results; nothing computes a rule of its own.

mod answer;
pub mod asked;
pub mod bounded;
pub mod chart_view;
pub mod dba_panel;
pub mod described;
pub mod dice_entry;
mod hints;
pub mod mc_combat;
pub mod mc_fire;
pub mod mc_more;
pub mod mc_panel;
pub mod mc_rd;
pub mod odds_view;
pub mod panel;
pub mod resolution_view;
pub mod sotq_board;
pub mod sotq_combat;
pub mod sotq_melee;
pub mod sotq_more;
pub mod sotq_panel;
pub mod vc_panel;

pub use chart_view::ChartView;
pub use dice_entry::{DiceEntry, DiceMode};
pub use odds_view::odds_ui;
pub use panel::{Desk, DeskAction, DeskContext, DeskTab};
pub use resolution_view::{RefusalAction, refusal_ui, resolution_ui};

/// A strength (or a loss of one) typed in a field, through the strength's domain
/// ([`crate::bounds::Strength`], as the command line's flags), or a message naming the field.
pub(crate) fn whole_number(field: &str, text: &str) -> Result<u32, String> {
    let text = text.trim();
    match crate::bounds::Strength::parse(text) {
        Ok(n) => Ok(n.get()),
        Err(e) if text.parse::<i128>().is_ok() => Err(format!("{field}: {e}")),
        Err(_) => Err(format!("{field}: '{text}' is not a whole number")),
    }
}
