//! Issue 21, Deliver 10: "CI keeps proptest-based tests of the same parsers" the fuzz
//! targets (fuzz/) drive — chart TOML, house files, layout JSON, campaign JSON import,
//! `.laager` open and dice faces. Arbitrary text and bytes, and the shipped files with a few
//! bytes changed, go into each parser: none may panic, and every refusal is the parser's
//! typed error saying where and what ("errors are clear, lowercase, name what was wrong
//! and where"). A few hundred cases each, so the suite stays fast; the fuzz run goes deep.
//! An input the fuzzer finds to crash a parser becomes a regression test here, named after
//! what it checks.

use laager::Ruleset;
use laager::charts::{ChartSource, Charts, LoadError, parse_chart, registry};
use laager::dice::{DiceChoice, DiceError, DiceSource as _, EnteredDice};
use laager::geometry::file;
use laager::resolution::Colour;
use laager::store::{
    CampaignFile, JsonError, Mode, StoreError, campaign_from_json, campaign_to_json, game_from_json,
};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

static SHIPPED: LazyLock<Charts> =
    LazyLock::new(|| Charts::shipped().expect("the shipped charts load"));

fn repo(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(repo(relative)).expect(relative)
}

/// Every shipped chart: its ruleset, name and text.
static CHART_FILES: LazyLock<Vec<(Ruleset, &'static str, String)>> = LazyLock::new(|| {
    Ruleset::ALL
        .into_iter()
        .flat_map(|ruleset| {
            registry::known_charts(ruleset)
                .iter()
                .filter_map(move |name| {
                    let path = repo(&format!("tables/{}/{name}.toml", ruleset.folder()));
                    std::fs::read_to_string(path)
                        .ok()
                        .map(|text| (ruleset, *name, text))
                })
        })
        .collect()
});

/// The fuzz seeds and shipped files each parser is mutated from.
static HOUSE_FILES: LazyLock<Vec<(Ruleset, String)>> = LazyLock::new(|| {
    ["dba_zulu", "micro_colonial"]
        .into_iter()
        .map(|folder| {
            let seed = read(&format!("fuzz/seeds/house_file/{folder}-house"));
            let text = seed
                .split_once('\n')
                .map(|(_, t)| t.to_owned())
                .unwrap_or(seed);
            (Ruleset::from_id(folder).expect(folder), text)
        })
        .collect()
});
static LAYOUTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    [
        "assets/demos/dba_zulu_battle.json",
        "assets/demos/micro_colonial_isandhlwana.json",
        "tests/fixtures/dba_overlap.json",
    ]
    .into_iter()
    .map(read)
    .collect()
});
static CAMPAIGNS: LazyLock<Vec<String>> = LazyLock::new(|| {
    [
        "fuzz/seeds/campaign_json/campaign-two-games.json",
        "fuzz/seeds/campaign_json/campaign-empty.json",
        "fuzz/seeds/campaign_json/game-1.json",
        "fuzz/seeds/campaign_json/game-2.json",
    ]
    .into_iter()
    .map(read)
    .collect()
});
static LAAGER_FILES: LazyLock<Vec<Vec<u8>>> = LazyLock::new(|| {
    [
        "fuzz/seeds/laager_open/campaign-two-games.laager",
        "fuzz/seeds/laager_open/campaign-empty.laager",
    ]
    .into_iter()
    .map(|p| std::fs::read(repo(p)).expect(p))
    .collect()
});

/// One change to a file: `(where, what, byte)`; `where` is a fraction of its length so the
/// same change fits any file.
type Edit = (f64, u8, u8);

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec((0.0..1.0f64, 0..4u8, any::<u8>()), 1..6)
}

/// Applies edits to bytes: replace a byte, insert one, delete a run, or cut the file there.
fn mutate(bytes: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for &(at, op, byte) in edits {
        let i = ((out.len() as f64) * at) as usize;
        match op {
            0 if i < out.len() => out[i] = byte,
            1 => out.insert(i.min(out.len()), byte),
            2 => {
                let end = (i + usize::from(byte % 16) + 1).min(out.len());
                out.drain(i.min(end)..end);
            }
            3 if byte < 8 => out.truncate(i),
            _ => {}
        }
    }
    out
}

/// Mutated text: the edits keep to the text's characters where they can, so the result is
/// still UTF-8 most of the time; when it is not, the lossy reading is what a parser sees.
fn mutate_text(text: &str, edits: &[Edit]) -> String {
    String::from_utf8_lossy(&mutate(text.as_bytes(), edits)).into_owned()
}

fn assert_load_errors(errors: &[LoadError], file: &str) {
    assert!(!errors.is_empty(), "a refusal says why");
    for e in errors {
        assert_eq!(e.file, file, "{e}");
        assert!(e.line >= 1 && e.column >= 1, "{e}");
        assert!(!e.message.is_empty(), "{e}");
    }
}

fn check_chart(ruleset: Ruleset, name: &str, text: &str) {
    if let Err(errors) = parse_chart(ruleset, name, "club/chart.toml", text) {
        assert_load_errors(&errors, "club/chart.toml");
    }
}

fn check_house(ruleset: Ruleset, text: &str) {
    let mut charts = SHIPPED.clone();
    let file = format!("club/{}/house.toml", ruleset.folder());
    let result = charts.overlay_sources(vec![ChartSource {
        relative: format!("{}/house.toml", ruleset.folder()),
        file: file.clone(),
        source: text.to_owned(),
    }]);
    if let Err(errors) = result {
        assert_load_errors(&errors, &file);
    }
}

fn check_layout(text: &str) {
    let report = file::read(text, &SHIPPED);
    for issue in report.errors.iter().chain(&report.warnings) {
        assert!(!issue.message.is_empty(), "{issue:?}");
    }
}

fn check_json_error(e: &JsonError) {
    assert!(e.path.starts_with('$'), "{e:?}");
    assert!(!e.message.is_empty(), "{e:?}");
}

fn check_campaign(text: &str) {
    match campaign_from_json(text) {
        // What is accepted exports and imports again.
        Ok(campaign) => {
            let again = campaign_to_json(&campaign);
            assert!(campaign_from_json(&again).is_ok(), "{again}");
        }
        Err(e) => check_json_error(&e),
    }
    if let Err(e) = game_from_json(text) {
        check_json_error(&e);
    }
}

fn check_laager(bytes: &[u8]) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("game.laager");
    for mode in [Mode::Read, Mode::Write] {
        std::fs::write(&path, bytes).expect("write the file");
        match CampaignFile::open(&path, mode) {
            Ok(file) => {
                let _ = file.verify();
            }
            // A file of bytes is refused as not Laager's, newer, or damaged: never as a
            // failure of Laager itself.
            Err(e) => assert!(
                matches!(
                    e,
                    StoreError::NotLaager { .. }
                        | StoreError::Newer { .. }
                        | StoreError::Damaged { .. }
                ),
                "{e:?}"
            ),
        }
    }
}

fn check_dice(text: &str, shape: u8) {
    let colours: Vec<Option<Colour>> = (0..shape % 8)
        .map(|i| match (shape >> 3) % 4 {
            0 => None,
            1 => Some(Colour::Black),
            2 => Some(Colour::Red),
            _ if i % 2 == 0 => Some(Colour::Black),
            _ => Some(Colour::Red),
        })
        .collect();
    match EnteredDice::parse(text) {
        Ok(mut dice) => {
            if let Ok(roll) = dice.throw(&colours) {
                assert_eq!(roll.faces.len(), colours.len());
                assert!(roll.faces.iter().all(|f| (1..=6).contains(&f.face)));
            }
        }
        Err(e) => assert!(
            matches!(e, DiceError::BadFace { .. }),
            "{text:?} refused as a bad face: {e:?}"
        ),
    }
    if let Ok(mut source) = DiceChoice::from_flags(Some(text), None).source() {
        let _ = source.throw(&colours);
    }
}

/// Text with the characters the formats are made of, so arbitrary inputs reach past the
/// first byte.
fn texty() -> impl Strategy<Value = String> {
    prop::string::string_regex(r#"[\[\]{}=:,."'#\na-z_0-9 \-+BRbr\u{feff}é\\]{0,200}"#)
        .expect("regex")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn chart_toml_never_panics_on_arbitrary_text(
        pick in 0..1000usize, text in prop_oneof![texty(), any::<String>()]
    ) {
        let (ruleset, name, _) = &CHART_FILES[pick % CHART_FILES.len()];
        check_chart(*ruleset, name, &text);
    }

    #[test]
    fn chart_toml_never_panics_on_a_shipped_chart_changed(pick in 0..1000usize, edits in edits()) {
        let (ruleset, name, text) = &CHART_FILES[pick % CHART_FILES.len()];
        check_chart(*ruleset, name, &mutate_text(text, &edits));
    }

    #[test]
    fn layout_json_never_panics_on_arbitrary_text(text in prop_oneof![texty(), any::<String>()]) {
        check_layout(&text);
    }

    #[test]
    fn layout_json_never_panics_on_a_shipped_layout_changed(pick in 0..3usize, edits in edits()) {
        check_layout(&mutate_text(&LAYOUTS[pick], &edits));
    }

    #[test]
    fn campaign_json_never_panics_on_arbitrary_text(text in prop_oneof![texty(), any::<String>()]) {
        check_campaign(&text);
    }

    #[test]
    fn campaign_json_never_panics_on_an_export_changed(pick in 0..4usize, edits in edits()) {
        check_campaign(&mutate_text(&CAMPAIGNS[pick], &edits));
    }

    #[test]
    fn dice_faces_never_panic_on_arbitrary_text(
        text in prop_oneof![texty(), any::<String>()], shape in any::<u8>()
    ) {
        check_dice(&text, shape);
    }
}

proptest! {
    // Each case lays a house file over the shipped charts and hashes them all again (a few
    // tens of milliseconds in a debug build): fewer cases.
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn house_file_never_panics_on_arbitrary_text(
        pick in 0..4usize, text in prop_oneof![texty(), any::<String>()]
    ) {
        check_house(Ruleset::ALL[pick], &text);
    }

    #[test]
    fn house_file_never_panics_on_a_club_file_changed(pick in 0..2usize, edits in edits()) {
        let (ruleset, text) = &HOUSE_FILES[pick];
        check_house(*ruleset, &mutate_text(text, &edits));
    }
}

proptest! {
    // Each case writes and opens an SQLite file: fewer cases, still a few hundred in all.
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    #[test]
    fn laager_open_never_panics_on_arbitrary_bytes(
        bytes in prop::collection::vec(any::<u8>(), 0..4096)
    ) {
        check_laager(&bytes);
    }

    #[test]
    fn laager_open_never_panics_on_a_campaign_file_changed(pick in 0..2usize, edits in edits()) {
        check_laager(&mutate(&LAAGER_FILES[pick], &edits));
    }
}

/// Numbers that broke measurements (issue 36): beyond f32, beyond the table's bounds, at
/// them, and table-sized ones.
fn extreme() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(1e300),
        Just(1e299),
        Just(1e290),
        Just(1e307),
        Just(18_446_744_073_709_551_615.0),
        Just(20_000.0),
        Just(20_000.000_1),
        Just(-1e-9),
        Just(3.4e38),
        any::<f64>().prop_filter("JSON numbers are finite", |x| x.is_finite()),
        0.0..2_000.0f64,
    ]
}

/// `laager measure --json` on a layout of `numbers` (table, two bases, a wood): refused or
/// measured, never a panic, and every distance given is a number.
fn check_measure(numbers: &[f64]) {
    let n = |i: usize| format!("{:e}", numbers[i % numbers.len()]);
    let layout = format!(
        r#"{{ "format": "laager-layout", "version": 1, "ruleset": "dba-zulu",
  "table": {{ "width": {}, "depth": {} }},
  "units": [
    {{ "id": "u0", "side": "zulu", "type": "zulus", "x": {}, "y": {}, "facing": {}, "frontage": {}, "depth": {} }},
    {{ "id": "u1", "side": "british", "type": "zulus", "x": {}, "y": {}, "facing": {}, "frontage": {}, "depth": {} }}],
  "terrain": [{{ "id": "t", "kind": "wood", "polygon": [[{}, {}], [{}, {}], [{}, {}]] }}] }}"#,
        n(0),
        n(1),
        n(2),
        n(3),
        n(4),
        n(5),
        n(6),
        n(7),
        n(8),
        n(9),
        n(10),
        n(11),
        n(12),
        n(13),
        n(14),
        n(15),
        n(16),
        n(17)
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("extreme.json");
    std::fs::write(&path, layout).expect("write");
    let path = path.to_string_lossy().into_owned();
    let typed = |from: usize| (from..from + 5).map(n).collect::<Vec<_>>().join(",");
    for words in [
        vec![path.as_str(), "--from", "u0", "--to", "u1"],
        vec!["--from", &typed(0), "--to", &typed(5)],
    ] {
        match laager::cli::measure_json(&words) {
            Ok(m) => {
                for key in ["centre_to_nearest_mm", "edge_to_edge_mm"] {
                    assert!(m[key].is_number(), "{key}: {m}");
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn measure_never_panics_on_layouts_with_extreme_coordinates(
        numbers in prop::collection::vec(extreme(), 18)
    ) {
        check_measure(&numbers);
    }
}

// Issue 36: "One layout (table 1e300, units at 1e299 and 1e290) panics in `measure` with
// exit 101, at parry2d's `convex_hull2.rs:92` via the DBA line of sight."
#[test]
fn measure_on_a_table_of_1e300_is_refused_not_a_panic() {
    let mut numbers = vec![1e300, 1e300, 1e299, 1e299, 0.0, 40.0, 15.0];
    numbers.extend([
        1e290, 1e290, 180.0, 40.0, 15.0, 10.0, 10.0, 20.0, 10.0, 15.0, 20.0,
    ]);
    check_measure(&numbers);
    let refused = laager::cli::measure_json(&[
        "--from",
        "1e299,1e299,0,40,15",
        "--to",
        "1e290,1e290,0,40,15",
    ]);
    assert!(refused.is_err());
}
