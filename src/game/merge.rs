//! The record's gate for a merge: the games of a club night's tables brought back into the
//! club's campaign, like a fast-forward. Games are matched by identity (the hash of their
//! first event), never by number: a copy that logged events after the last the club holds
//! adds them; a game the club lacks is added with the next number; two copies that both
//! logged different events after the same one are refused, naming the game and the event
//! where they part. [`admit_merge`] decides it all before anything is written, and the
//! result depends only on the files given, not their order: merging A then B, B then A,
//! or A twice gives the same games, events, standings and histories.

use super::campaign::Campaign;
use super::chain::LoggedEvent;
use super::event::{Event, ThrowId};
use super::gate::GateError;
use super::log::Game;
use super::seals::{self, Stored};
use serde::Serialize;
use std::collections::BTreeMap;

/// A table's copy of the campaign, as read from its file, to be merged.
#[derive(Debug, Clone)]
pub struct TableCopy {
    /// Where it came from, for messages (the file's path or name).
    pub source: String,
    /// The campaign it holds.
    pub campaign: Campaign,
    /// What its file records of the seals.
    pub stored: Stored,
}

/// One game a merge brings in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MergedGame {
    /// Its number in the club's campaign after the merge, from 1.
    pub game: usize,
    /// Its identity: the hash of its first event.
    pub identity: String,
    /// Its name.
    pub name: String,
    /// The table it is played on, if named.
    pub table: Option<String>,
    /// Whether the club's campaign lacked it.
    pub new: bool,
    /// How many events it adds.
    pub events_added: usize,
    /// The file the events come from.
    pub from: String,
}

/// What the gate admitted of a merge: written all in one transaction, or nothing.
#[derive(Debug, Clone)]
pub struct Merge {
    /// Events to log after the last of games the club holds: its number and the events.
    pub appended: Vec<(usize, Vec<LoggedEvent>)>,
    /// Games the club lacks, in the order they take the next numbers.
    pub added: Vec<Game>,
    /// One line per game brought in, in the order of their numbers.
    pub lines: Vec<MergedGame>,
}

impl Merge {
    /// Whether the merge brings nothing in (every copy was the club's already).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Logs the merge in a campaign in memory: each event as the log checks it, linked
    /// as its copy linked it.
    pub fn apply_to(&self, campaign: &mut Campaign) -> Result<(), GateError> {
        for (number, events) in &self.appended {
            let game = &mut campaign.games[number - 1];
            for logged in events {
                let linked = game.prepare(logged.event.clone())?;
                if linked.hash != logged.hash {
                    return Err(GateError::Broken(format!(
                        "game {number}, event {}: its copy's hash does not follow from the club's log",
                        logged.seq
                    )));
                }
                game.accept(linked);
            }
        }
        campaign.games.extend(self.added.iter().cloned());
        Ok(())
    }
}

/// A game's identity shortened for a message.
fn short(identity: &str) -> &str {
    identity.get(..10).unwrap_or(identity)
}

/// One copy of a game: the file holding it and the game.
struct Copy<'a> {
    source: &'a str,
    game: &'a Game,
}

/// Checks that a table's file verifies and is a copy of the club's campaign (its name and
/// settings: the settings are sealed into every game's chain).
fn check_table(table: &TableCopy, club: &Campaign) -> Result<(), GateError> {
    let TableCopy {
        source,
        campaign,
        stored,
    } = table;
    seals::check_for_write(campaign, None, stored).map_err(|reason| GateError::TableBroken {
        file: source.clone(),
        reason,
    })?;
    let why = if campaign.name != club.name {
        Some(format!(
            "it holds the campaign \"{}\", not \"{}\"",
            campaign.name, club.name
        ))
    } else if campaign.settings != club.settings {
        Some("its campaign's settings (replacement rule, scale) are not the club's".to_owned())
    } else {
        None
    };
    if let Some(why) = why {
        return Err(GateError::OtherCampaign {
            file: source.clone(),
            why,
        });
    }
    one_of_each(campaign, source)
}

/// Checks that a file holds each game once: two games of one identity (possible only
/// in a file an older Laager logged, before games began with their start) cannot be told
/// apart.
fn one_of_each(campaign: &Campaign, source: &str) -> Result<(), GateError> {
    let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, game) in campaign.games.iter().enumerate() {
        if let Some(identity) = game.identity()
            && let Some(first) = seen.insert(identity, i + 1)
        {
            return Err(GateError::SameIdentity {
                file: source.to_owned(),
                first,
                second: i + 1,
            });
        }
    }
    Ok(())
}

/// The longest of a game's copies, once every other is shown to be a prefix of it;
/// `Err` names the first two that part, and the event where they do.
fn longest<'a>(copies: &[Copy<'a>], words: &str) -> Result<&'a Game, GateError> {
    let mut best = &copies[0];
    for copy in &copies[1..] {
        if copy.game.events().len() > best.game.events().len() {
            best = copy;
        }
    }
    for copy in copies {
        let (ours, theirs) = (copy.game.events(), best.game.events());
        // Chained events: the last hash of the shorter copy fixes all before it.
        if ours.last().map(|e| &e.hash) == theirs.get(ours.len() - 1).map(|e| &e.hash) {
            continue;
        }
        let seq = ours
            .iter()
            .zip(theirs)
            .position(|(a, b)| a.hash != b.hash)
            .map_or(ours.len() as u64 + 1, |i| i as u64 + 1);
        let (first, second) = if copy.source <= best.source {
            (copy.source, best.source)
        } else {
            (best.source, copy.source)
        };
        return Err(GateError::Diverged {
            game: words.to_owned(),
            seq,
            first: first.to_owned(),
            second: second.to_owned(),
        });
    }
    Ok(best.game)
}

/// Checks a merge of `tables` into `club` (what `stored` records of its seals) and returns
/// what to write. First every chain and seal of the club's campaign and of each table's
/// copy is verified, and each copy must be of the club's campaign (its name and settings);
/// then each game is matched by identity; then the campaign after the merge is checked: a
/// unit in play in two games that were not both in play before, or a throw applied in two
/// games, refuses the whole merge. Nothing is written here.
pub fn admit_merge(
    club: &Campaign,
    stored: &Stored,
    tables: &[TableCopy],
) -> Result<Merge, GateError> {
    const CLUB: &str = "the club's file";
    seals::check_for_write(club, None, stored).map_err(GateError::Broken)?;
    one_of_each(club, CLUB)?;
    for table in tables {
        check_table(table, club)?;
    }
    // Every copy of each game the tables hold, the club's first.
    let mut copies: BTreeMap<&str, Vec<Copy<'_>>> = BTreeMap::new();
    for table in tables {
        for game in &table.campaign.games {
            if let Some(identity) = game.identity() {
                copies.entry(identity).or_default().push(Copy {
                    source: &table.source,
                    game,
                });
            }
        }
    }
    let mut appended = Vec::new();
    let mut added: Vec<(&Game, &str)> = Vec::new();
    let mut lines = Vec::new();
    for (identity, mut found) in copies {
        let held = club
            .games
            .iter()
            .position(|g| g.identity() == Some(identity));
        if let Some(index) = held {
            found.insert(
                0,
                Copy {
                    source: CLUB,
                    game: &club.games[index],
                },
            );
        }
        let name = &found[0].game.name;
        let words = match held {
            Some(index) => format!("game {} \"{name}\" ({})", index + 1, short(identity)),
            None => format!("the game \"{name}\" ({}), new to the club", short(identity)),
        };
        let best = longest(&found, &words)?;
        let from = found
            .iter()
            .filter(|c| std::ptr::eq(c.game, best))
            .map(|c| c.source)
            .min()
            .unwrap_or(CLUB);
        match held {
            Some(index) => {
                let have = club.games[index].events().len();
                if best.events().len() > have {
                    let events = best.events()[have..].to_vec();
                    lines.push(MergedGame {
                        game: index + 1,
                        identity: identity.to_owned(),
                        name: best.name.clone(),
                        table: best.state().table.clone(),
                        new: false,
                        events_added: events.len(),
                        from: from.to_owned(),
                    });
                    appended.push((index + 1, events));
                }
            }
            None => {
                if let Some(broken) = best.verify(&club.settings).broken {
                    return Err(GateError::TableBroken {
                        file: from.to_owned(),
                        reason: format!("{words}, event {}: {}", broken.seq, broken.reason),
                    });
                }
                added.push((best, from));
            }
        }
    }
    // New games take the next numbers in the order they started, then of identity: the
    // same whatever the order of the files.
    added.sort_by(|(a, _), (b, _)| {
        (a.state().started.as_ref(), a.identity()).cmp(&(b.state().started.as_ref(), b.identity()))
    });
    for (k, (game, from)) in added.iter().enumerate() {
        lines.push(MergedGame {
            game: club.games.len() + k + 1,
            identity: game.identity().unwrap_or_default().to_owned(),
            name: game.name.clone(),
            table: game.state().table.clone(),
            new: true,
            events_added: game.events().len(),
            from: (*from).to_owned(),
        });
    }
    lines.sort_by_key(|line| line.game);
    let merge = Merge {
        appended,
        added: added.into_iter().map(|(g, _)| g.clone()).collect(),
        lines,
    };
    check_after(club, &merge)?;
    Ok(merge)
}

/// The campaign as the merge would leave it, checked: a unit in play in two games (not
/// both in play already before), a throw applied in two games.
fn check_after(club: &Campaign, merge: &Merge) -> Result<(), GateError> {
    if merge.is_empty() {
        return Ok(());
    }
    let mut after = club.clone();
    merge.apply_to(&mut after)?;
    let before: Vec<(String, Option<&str>, Option<&str>)> = club
        .in_play_twice()
        .into_iter()
        .map(|(unit, a, b)| {
            (
                unit.0,
                club.games[a - 1].identity(),
                club.games[b - 1].identity(),
            )
        })
        .collect();
    let words = |n: usize| format!("game {n} \"{}\"", after.games[n - 1].name);
    for (unit, a, b) in after.in_play_twice() {
        let key = (
            unit.0.clone(),
            after.games[a - 1].identity(),
            after.games[b - 1].identity(),
        );
        if !before.contains(&key) {
            return Err(GateError::InPlayTwice {
                unit: unit.0,
                first: words(a),
                second: words(b),
            });
        }
    }
    let mut throws: BTreeMap<&ThrowId, usize> = BTreeMap::new();
    for (i, game) in after.games.iter().enumerate() {
        for logged in game.events() {
            if let Event::ResolutionApplied(applied) = &logged.event
                && let Some(throw) = &applied.throw
                && let Some(first) = throws.insert(throw, i + 1)
                && first != i + 1
            {
                return Err(GateError::ThrowInTwoGames {
                    first: words(first),
                    second: words(i + 1),
                });
            }
        }
    }
    Ok(())
}

/// Merges `tables` into a campaign held in memory (the browser's) through
/// [`admit_merge`]: every game and event, or none.
pub fn merge_in_memory(
    campaign: &mut Campaign,
    stored: &mut Stored,
    tables: &[TableCopy],
) -> Result<Vec<MergedGame>, GateError> {
    let merge = admit_merge(campaign, stored, tables)?;
    let mut after = campaign.clone();
    merge.apply_to(&mut after)?;
    *campaign = after;
    stored.trust(campaign);
    Ok(merge.lines)
}
