//! Who played a game and when: the moment a game started or ended, as the caller's clock
//! read it ([`Stamp`]), and the people who played each side ([`Player`]). Both are
//! recorded as events of the game; the rules never read a clock.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A moment in UTC to the second, written `2026-12-03T19:30:05Z`: when a game started or
/// ended. Read from the clock by the command line or the window, never by the rules.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Stamp(String);

impl Stamp {
    /// The moment `seconds` after 1970-01-01T00:00:00Z.
    pub fn from_unix_seconds(seconds: u64) -> Stamp {
        let days = (seconds / 86_400) as i64;
        let rest = seconds % 86_400;
        let (year, month, day) = civil_from_days(days);
        Stamp(format!(
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
            rest / 3600,
            rest / 60 % 60,
            rest % 60
        ))
    }

    /// Reads a moment written `YYYY-MM-DDTHH:MM:SSZ` (UTC), refusing any other form or a
    /// day, hour, minute or second out of its range.
    pub fn parse(text: &str) -> Result<Stamp, String> {
        let refuse = || {
            format!(
                "'{text}' is not a moment: expected YYYY-MM-DDTHH:MM:SSZ (UTC), as 2026-12-03T19:30:05Z"
            )
        };
        let bytes = text.as_bytes();
        let shape = bytes.len() == 20
            && bytes.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                10 => *b == b'T',
                13 | 16 => *b == b':',
                19 => *b == b'Z',
                _ => b.is_ascii_digit(),
            });
        if !shape {
            return Err(refuse());
        }
        let number = |from: usize, to: usize| text[from..to].parse::<u32>().unwrap_or(u32::MAX);
        let (year, month, day) = (number(0, 4), number(5, 7), number(8, 10));
        let (hour, minute, second) = (number(11, 13), number(14, 16), number(17, 19));
        let in_month = (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        if !in_month || hour > 23 || minute > 59 || second > 59 {
            return Err(refuse());
        }
        Ok(Stamp(text.to_owned()))
    }

    /// The moment as written in the log.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Its day, `YYYY-MM-DD`.
    pub fn day(&self) -> &str {
        &self.0[..10]
    }

    /// Its day and minute in words a referee reads: `2026-12-03 19:30 UTC`.
    pub fn words(&self) -> String {
        format!("{} {} UTC", &self.0[..10], &self.0[11..16])
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Stamp {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Stamp::parse(&text).map_err(serde::de::Error::custom)
    }
}

fn is_leap(year: u32) -> bool {
    (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The civil date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// One person who played one side of a game (a side may have several).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The side, as the game's units name it (`british`).
    pub side: String,
    /// The player's name as the club writes it (`Ann`).
    pub name: String,
}

impl Player {
    /// A player of a side, both trimmed; refuses an empty side or name.
    pub fn new(side: &str, name: &str) -> Result<Player, String> {
        let (side, name) = (side.trim(), name.trim());
        if side.is_empty() {
            return Err(format!(
                "'{side}={name}': no side: expected SIDE=NAME, as british=Ann"
            ));
        }
        if name.is_empty() {
            return Err(format!(
                "'{side}=': no player named: expected SIDE=NAME, as {side}=Ann"
            ));
        }
        Ok(Player {
            side: side.to_owned(),
            name: name.to_owned(),
        })
    }

    /// Reads `SIDE=NAME` (`british=Ann`), as `--player` gives it.
    pub fn parse(text: &str) -> Result<Player, String> {
        let Some((side, name)) = text.split_once('=') else {
            return Err(format!(
                "'{text}' is not SIDE=NAME: expected a side and a player, as british=Ann"
            ));
        };
        Player::new(side, name)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.side, self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_is_written_from_the_seconds_since_1970() {
        assert_eq!(Stamp::from_unix_seconds(0).as_str(), "1970-01-01T00:00:00Z");
        // 2024-02-29 (a leap day) 12:34:56: 19_782 days and 45_296 seconds.
        let leap = 19_782 * 86_400 + 45_296;
        assert_eq!(
            Stamp::from_unix_seconds(leap).as_str(),
            "2024-02-29T12:34:56Z"
        );
        assert_eq!(
            Stamp::from_unix_seconds(leap).words(),
            "2024-02-29 12:34 UTC"
        );
    }

    #[test]
    fn a_moment_reads_back_and_refuses_what_is_not_one() {
        let stamp = Stamp::parse("2026-12-03T19:30:05Z").expect("a moment");
        assert_eq!(stamp.day(), "2026-12-03");
        for bad in [
            "2026-12-03",
            "2026-13-03T19:30:05Z",
            "2025-02-29T10:00:00Z",
            "2026-12-03T24:00:00Z",
            "2026-12-03 19:30:05Z",
            "2026-12-03T19:30:05+01:00",
        ] {
            assert!(Stamp::parse(bad).is_err(), "{bad}");
        }
        assert!(Stamp::parse("2024-02-29T10:00:00Z").is_ok());
    }

    #[test]
    fn a_player_is_a_side_and_a_name() {
        let player = Player::parse(" british = Ann Smith ").expect("a player");
        assert_eq!(player.side, "british");
        assert_eq!(player.name, "Ann Smith");
        assert!(Player::parse("british").is_err());
        assert!(Player::parse("=Ann").is_err());
        assert!(Player::parse("zulu=  ").is_err());
    }
}
