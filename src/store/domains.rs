//! The domains ([`crate::bounds`], docs/layout.md) applied to a game Laager is given or
//! stored: its layout, the table as played (each unit where its last move left it, the
//! bases put on the table in play) and the unit ids its events name. An import refuses a
//! game holding a value outside them; a `.laager` file written by an older Laager that
//! holds one opens to read only, naming the value and where it is.

use crate::charts::Charts;
use crate::game::{Campaign, Event, Game, table_as_played};
use crate::geometry::file::{self, Issue};

/// One value of a game outside its domain: where (`layout.units[0].x`, relative to the
/// game) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// Where in the game, as a JSON path below it.
    pub path: String,
    /// What is wrong there.
    pub message: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

fn under(prefix: &str, issue: Issue) -> Refused {
    Refused {
        path: if issue.path.is_empty() {
            prefix.to_owned()
        } else {
            format!("{prefix}.{}", issue.path)
        },
        message: issue.message,
    }
}

/// Every value of `game` outside its domain, found without the charts: in its layout,
/// then in the table as played, then the unit ids its events add.
pub fn game_errors(game: &Game) -> Vec<Refused> {
    let mut refused = Vec::new();
    if !game.layout.is_null() {
        refused.extend(
            file::domain_errors(&game.layout)
                .into_iter()
                .map(|issue| under("layout", issue)),
        );
        if refused.is_empty() {
            let played = table_as_played(&game.layout, game.state());
            refused.extend(
                file::domain_errors(&played)
                    .into_iter()
                    .map(|issue| under("events (the table as played)", issue)),
            );
        }
    }
    for (i, logged) in game.events().iter().enumerate() {
        let (Event::UnitAdded { unit } | Event::BasePlaced { unit, .. }) = &logged.event else {
            continue;
        };
        if let Err(e) = crate::bounds::unit_id(&unit.unit_id.0) {
            refused.push(Refused {
                path: format!("events[{i}].event.unit.unit_id"),
                message: e.to_string(),
            });
        }
    }
    refused
}

/// The errors of `game`'s layout as `laager layout check` finds them in a file, with the
/// charts in force (unit types and sizes); none for a game with no table.
pub fn layout_errors(game: &Game, charts: &Charts) -> Vec<Refused> {
    if game.layout.is_null() {
        return Vec::new();
    }
    file::read_stored(&game.layout, charts)
        .errors
        .into_iter()
        .map(|issue| under("layout", issue))
        .collect()
}

/// Why a campaign file must open to read only: the first values outside their domains,
/// each named with its game and place; `None` when every value is in its domain.
pub fn campaign_refusal(campaign: &Campaign) -> Option<String> {
    const SHOWN: usize = 3;
    let mut lines = Vec::new();
    let mut count = 0;
    for (i, game) in campaign.games.iter().enumerate() {
        for refused in game_errors(game) {
            count += 1;
            if lines.len() < SHOWN {
                lines.push(format!("game {} \"{}\": {refused}", i + 1, game.name));
            }
        }
    }
    if count == 0 {
        return None;
    }
    if count > SHOWN {
        lines.push(format!("and {} more", count - SHOWN));
    }
    Some(lines.join("; "))
}
