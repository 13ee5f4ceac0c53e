//! Campaigns and games to and from JSON: readable, diffable, and refused with the path in
//! the document and the field at fault when wrong.
//!
//! A game is `{"laager": "game", "format": 1, "ruleset", "name", "layout", "events"}`;
//! each event `{"seq", "prev_hash", "hash", "event"}`. The layout is kept exactly as given
//! (the geometry module's layout format). On import, `prev_hash` and `hash` may be left
//! out (they are then computed); where given they must match, so a log changed after it
//! was written is refused. A campaign is `{"laager": "campaign", "format": 1, "name",
//! "settings", "games": [game, ..]}`.
//!
//! A game's first `prev_hash` is the seal of its header and its campaign's settings (see
//! `game::chain`): in a campaign it must match them, so a header or settings changed in
//! the JSON is refused; the all-zero genesis of a game logged by an older Laager is kept
//! as it is. A game read alone carries no campaign settings: its chain is checked link by
//! link and sealed anew when it joins a campaign. Settings and events are refused where
//! the command line would refuse them (a share above 100 %, unknown fields).

use crate::charts::Charts;
use crate::game::{
    Campaign, CampaignSettings, Event, GENESIS, Game, LoggedEvent, UnitEdit, UnitSpec,
};
use crate::ruleset::Ruleset;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The JSON format version this build writes and reads.
pub const FORMAT: u64 = 1;

/// What is wrong with an imported document, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct JsonError {
    /// The path in the document (`$.games[1].events[4].event.effects[0].amount`).
    pub path: String,
    /// What is wrong there.
    pub message: String,
}

fn error(path: &str, message: impl Into<String>) -> JsonError {
    JsonError {
        path: path.to_owned(),
        message: message.into(),
    }
}

#[derive(Serialize)]
struct EventOut<'a> {
    seq: u64,
    prev_hash: &'a str,
    hash: &'a str,
    event: &'a Event,
}

#[derive(Serialize)]
struct GameOut<'a> {
    laager: &'static str,
    format: u64,
    ruleset: Ruleset,
    name: &'a str,
    layout: &'a Value,
    events: Vec<EventOut<'a>>,
}

#[derive(Serialize)]
struct CampaignOut<'a> {
    laager: &'static str,
    format: u64,
    name: &'a str,
    settings: &'a CampaignSettings,
    games: Vec<GameOut<'a>>,
}

fn game_out(game: &Game) -> GameOut<'_> {
    GameOut {
        laager: "game",
        format: FORMAT,
        ruleset: game.ruleset,
        name: &game.name,
        layout: &game.layout,
        events: game
            .events()
            .iter()
            .map(|e| EventOut {
                seq: e.seq,
                prev_hash: &e.prev_hash,
                hash: &e.hash,
                event: &e.event,
            })
            .collect(),
    }
}

fn pretty(value: &impl Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    text
}

/// A game as JSON text.
pub fn game_to_json(game: &Game) -> String {
    pretty(&game_out(game))
}

/// A campaign as JSON text.
pub fn campaign_to_json(campaign: &Campaign) -> String {
    pretty(&CampaignOut {
        laager: "campaign",
        format: FORMAT,
        name: &campaign.name,
        settings: &campaign.settings,
        games: campaign.games.iter().map(game_out).collect(),
    })
}

fn parse(text: &str) -> Result<Value, JsonError> {
    serde_json::from_str(text).map_err(|e| error("$", format!("not JSON: {e}")))
}

/// Reads a game's JSON, checking every event as it is logged.
pub fn game_from_json(text: &str) -> Result<Game, JsonError> {
    game_from_value(&parse(text)?, "$", None)
}

/// Reads a campaign's JSON, checking every game and event.
pub fn campaign_from_json(text: &str) -> Result<Campaign, JsonError> {
    let value = parse(text)?;
    let object = header(&value, "$", "campaign")?;
    only(
        object,
        "$",
        &["laager", "format", "name", "settings", "games"],
    )?;
    let name: String = field(object, "$", "name")?;
    let settings: CampaignSettings = field(object, "$", "settings")?;
    if let Err((key, message)) = settings.check() {
        return Err(error(&format!("$.settings.{key}"), message));
    }
    let games = array(object, "$", "games")?;
    let mut campaign = Campaign::new(&name, settings);
    for (i, game) in games.iter().enumerate() {
        let game = game_from_value(game, &format!("$.games[{i}]"), Some(&campaign.settings))?;
        campaign.games.push(game);
    }
    Ok(campaign)
}

fn header<'a>(
    value: &'a Value,
    path: &str,
    kind: &str,
) -> Result<&'a Map<String, Value>, JsonError> {
    let object = value
        .as_object()
        .ok_or_else(|| error(path, format!("expected a Laager {kind} (a JSON object)")))?;
    match object.get("laager").and_then(Value::as_str) {
        Some(found) if found == kind => {}
        Some(found) => {
            return Err(error(
                &format!("{path}.laager"),
                format!("this is a Laager {found}, not a {kind}"),
            ));
        }
        None => {
            return Err(error(
                &format!("{path}.laager"),
                format!("missing: expected \"{kind}\" (is this a Laager file?)"),
            ));
        }
    }
    let format: u64 = field(object, path, "format")?;
    if format > FORMAT {
        return Err(error(
            &format!("{path}.format"),
            format!("format {format} is from a newer Laager (this one reads up to {FORMAT})"),
        ));
    }
    Ok(object)
}

fn game_from_value(
    value: &Value,
    path: &str,
    settings: Option<&CampaignSettings>,
) -> Result<Game, JsonError> {
    let object = header(value, path, "game")?;
    only(
        object,
        path,
        &["laager", "format", "ruleset", "name", "layout", "events"],
    )?;
    let ruleset: Ruleset = field(object, path, "ruleset")?;
    let name: String = field(object, path, "name")?;
    let layout = object.get("layout").cloned().unwrap_or(Value::Null);
    let mut game = match settings {
        Some(settings) => Game::sealed(ruleset, &name, layout, settings),
        None => Game::new(ruleset, &name, layout),
    };
    for (i, item) in array(object, path, "events")?.iter().enumerate() {
        let at = format!("{path}.events[{i}]");
        let entry = item
            .as_object()
            .ok_or_else(|| error(&at, "expected an event (a JSON object)"))?;
        only(entry, &at, &["seq", "prev_hash", "hash", "event"])?;
        let seq: u64 = field(entry, &at, "seq")?;
        if seq != i as u64 + 1 {
            return Err(error(
                &format!("{at}.seq"),
                format!("{seq} where {} was expected", i + 1),
            ));
        }
        let prev_hash: Option<String> = optional(entry, &at, "prev_hash")?;
        let hash: Option<String> = optional(entry, &at, "hash")?;
        if let Some(Value::Object(event)) = entry.get("event")
            && event.get("kind").and_then(Value::as_str) == Some("move_advanced")
        {
            // serde lets a unit variant of a tagged enum ignore keys beside its tag.
            only(event, &format!("{at}.event"), &["kind"])?;
        }
        let event: Event = field(entry, &at, "event")?;
        if let Err((key, message)) = check_imported(&event) {
            return Err(error(&format!("{at}.event.{key}"), message));
        }
        if i == 0
            && let Some(first) = &prev_hash
            && first != game.genesis()
        {
            if first != GENESIS && settings.is_some() {
                return Err(error(
                    &format!("{at}.prev_hash"),
                    "does not match the game's header and the campaign's settings (its ruleset, name or layout, or the settings, were changed after it was written)",
                ));
            }
            // A game from an older Laager starts at the all-zero genesis; a game read
            // alone starts at the seal of a campaign this document does not hold.
            game = Game::from_parts(
                game.ruleset,
                &game.name,
                game.layout.clone(),
                first.clone(),
                Vec::new(),
            );
        }
        let logged: LoggedEvent = game
            .prepare(event)
            .map_err(|e| error(&format!("{at}.event"), e.to_string()))?;
        if prev_hash.is_some_and(|h| h != logged.prev_hash) {
            return Err(error(
                &format!("{at}.prev_hash"),
                "does not match the hash of the event before it (an event was changed, removed or inserted)",
            ));
        }
        if hash.is_some_and(|h| h != logged.hash) {
            return Err(error(
                &format!("{at}.hash"),
                "does not match the event (it was changed after it was logged; remove the hashes to re-chain it on purpose)",
            ));
        }
        game.accept(logged);
    }
    if let Some(refused) = super::domains::game_errors(&game).into_iter().next() {
        return Err(error(&format!("{path}.{}", refused.path), refused.message));
    }
    Ok(game)
}

/// Reads a game's JSON to add it to a campaign: as [`game_from_json`], and then its layout
/// checked with `charts` exactly as `laager layout check` checks a file. Every error of
/// the layout is returned, each at its JSON path (`$.layout.table.width`).
pub fn game_import(text: &str, charts: &Charts) -> Result<Game, Vec<JsonError>> {
    let game = game_from_json(text).map_err(|e| vec![e])?;
    let errors = layout_errors(&game, charts, "$");
    if errors.is_empty() {
        Ok(game)
    } else {
        Err(errors)
    }
}

/// Reads a campaign's JSON to make a campaign file of it: as [`campaign_from_json`], and
/// then every game's layout checked as [`game_import`] checks one.
pub fn campaign_import(text: &str, charts: &Charts) -> Result<Campaign, Vec<JsonError>> {
    let campaign = campaign_from_json(text).map_err(|e| vec![e])?;
    let errors: Vec<JsonError> = campaign
        .games
        .iter()
        .enumerate()
        .flat_map(|(i, game)| layout_errors(game, charts, &format!("$.games[{i}]")))
        .collect();
    if errors.is_empty() {
        Ok(campaign)
    } else {
        Err(errors)
    }
}

fn layout_errors(game: &Game, charts: &Charts, path: &str) -> Vec<JsonError> {
    super::domains::layout_errors(game, charts)
        .into_iter()
        .map(|refused| error(&format!("{path}.{}", refused.path), refused.message))
        .collect()
}

/// Refuses in an imported event what the command line and the layout would refuse: a
/// strength beyond [`crate::bounds::MAX_STRENGTH`], a unit with no side. The error names
/// the field (`unit.initial`, `effects[2].amount`). A unit's troop type is its ruleset's
/// words as the referee wrote them ("regular infantry"), so any text is taken.
fn check_imported(event: &Event) -> Result<(), (String, String)> {
    let strength = |key: &str, n: u32| {
        crate::bounds::strength("strength", n)
            .map(|_| ())
            .map_err(|m| (key.to_owned(), m))
    };
    let unit = |spec: &UnitSpec| -> Result<(), (String, String)> {
        crate::bounds::unit_id(&spec.unit_id.0)
            .map_err(|e| ("unit.unit_id".to_owned(), e.to_string()))?;
        strength("unit.initial", spec.initial)?;
        strength("unit.present", spec.present)?;
        if spec.side.trim().is_empty() {
            return Err(("unit.side".into(), "expected a side, found none".into()));
        }
        Ok(())
    };
    let edit = |prefix: &str, edit: &UnitEdit| match edit {
        UnitEdit::StrengthChanged { amount, .. } => strength(&format!("{prefix}amount"), *amount),
        UnitEdit::StrengthSet {
            initial, present, ..
        } => {
            strength(&format!("{prefix}initial"), *initial)?;
            strength(&format!("{prefix}present"), *present)
        }
        _ => Ok(()),
    };
    match event {
        Event::UnitAdded { unit: spec } | Event::BasePlaced { unit: spec, .. } => unit(spec),
        Event::Edit { edit: e } => edit("edit.", e),
        Event::ResolutionApplied(applied) => {
            for (i, e) in applied.effects.iter().enumerate() {
                edit(&format!("effects[{i}]."), e)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn only(object: &Map<String, Value>, path: &str, known: &[&str]) -> Result<(), JsonError> {
    match object.keys().find(|k| !known.contains(&k.as_str())) {
        Some(key) => Err(error(
            &format!("{path}.{key}"),
            format!("unknown field (expected one of: {})", known.join(", ")),
        )),
        None => Ok(()),
    }
}

fn array<'a>(
    object: &'a Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<&'a Vec<Value>, JsonError> {
    object
        .get(key)
        .ok_or_else(|| error(&format!("{path}.{key}"), "missing"))?
        .as_array()
        .ok_or_else(|| error(&format!("{path}.{key}"), "expected a list"))
}

fn field<T: DeserializeOwned>(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<T, JsonError> {
    optional(object, path, key)?.ok_or_else(|| error(&format!("{path}.{key}"), "missing"))
}

fn optional<T: DeserializeOwned>(
    object: &Map<String, Value>,
    path: &str,
    key: &str,
) -> Result<Option<T>, JsonError> {
    let Some(value) = object.get(key) else {
        return Ok(None);
    };
    let at = format!("{path}.{key}");
    serde_json::from_value(value.clone())
        .map(Some)
        .map_err(|e| locate(value, &at, &e.to_string()))
}

/// Narrows serde's message to the field at fault: serde names the value it did not
/// expect (`invalid type: string "x", expected u32`) or the key (`unknown field `x``);
/// the first place in the value holding it is where the error is.
fn locate(value: &Value, path: &str, message: &str) -> JsonError {
    let target = unexpected(message);
    let found = target.and_then(|target| find(value, path, &target));
    error(&found.unwrap_or_else(|| path.to_owned()), message)
}

enum Target {
    Leaf(Box<dyn Fn(&Value) -> bool>),
    Key(String),
}

fn unexpected(message: &str) -> Option<Target> {
    let between = |text: &str| -> Option<String> {
        let start = text.find('`')? + 1;
        let end = start + text[start..].find('`')?;
        Some(text[start..end].to_owned())
    };
    if let Some(rest) = message.strip_prefix("unknown field ") {
        return between(rest).map(Target::Key);
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let name = between(rest)?;
        return Some(Target::Leaf(Box::new(move |v| v.as_str() == Some(&name))));
    }
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))?;
    let what = rest.split(", expected").next()?.to_owned();
    if let Some(quoted) = what.strip_prefix("string ") {
        let quoted = quoted.to_owned();
        return Some(Target::Leaf(Box::new(move |v| {
            v.as_str().is_some_and(|s| format!("{s:?}") == quoted)
        })));
    }
    if what == "null" {
        return Some(Target::Leaf(Box::new(Value::is_null)));
    }
    let literal = between(&what)?;
    if what.starts_with("integer") || what.starts_with("floating point") {
        let number: f64 = literal.parse().ok()?;
        return Some(Target::Leaf(Box::new(move |v| {
            v.as_f64()
                .is_some_and(|n| (n - number).abs() < f64::EPSILON)
        })));
    }
    if what.starts_with("boolean") {
        let flag = literal == "true";
        return Some(Target::Leaf(Box::new(move |v| v.as_bool() == Some(flag))));
    }
    None
}

fn find(value: &Value, path: &str, target: &Target) -> Option<String> {
    match (value, target) {
        (Value::Object(map), _) => {
            if let Target::Key(key) = target
                && map.contains_key(key)
            {
                return Some(format!("{path}.{key}"));
            }
            map.iter()
                .find_map(|(k, v)| find(v, &format!("{path}.{k}"), target))
        }
        (Value::Array(items), _) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| find(v, &format!("{path}[{i}]"), target)),
        (leaf, Target::Leaf(matches)) => matches(leaf).then(|| path.to_owned()),
        (_, Target::Key(_)) => None,
    }
}
