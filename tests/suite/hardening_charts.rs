//! Issue 21, club tables: `tables set` locks the club folder and writes under a unique
//! name (deliver 2); club values are checked by their domain wherever they enter (deliver
//! 4); `--tables` must name a club's tables folder, not a ruleset folder in it nor a folder
//! with none (deliver 6); chart, house, layout and photo files are regular files within
//! their documented sizes (deliver 7).

use crate::support::{laager, run, run_within, stderr};
use laager::charts::Charts;
use laager::ruleset::Ruleset;
use laager::store::layout_file;
use std::path::Path;
use std::process::Output;

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

fn assert_refused(out: &Output, needles: &[&str]) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    for needle in needles {
        assert!(stderr(out).contains(needle), "{needle}: {}", stderr(out));
    }
}

/// A club folder holding `RULESET/FILE` with `text`.
fn club_with(dir: &Path, ruleset: &str, file: &str, text: &str) -> std::path::PathBuf {
    let club = dir.join("club");
    std::fs::create_dir_all(club.join(ruleset)).expect("folder");
    std::fs::write(club.join(ruleset).join(file), text).expect("write");
    club
}

/// Deliver 2: "twenty parallel sets of different cells leave twenty cells and a file that
/// parses" (the audit: 15 calls, 8 reported success, 1 cell written).
#[test]
fn twenty_parallel_tables_sets_keep_twenty_cells_and_a_file_that_parses() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    let charts = Charts::shipped().expect("shipped");
    let keys: Vec<String> = charts
        .chart(Ruleset::MicroColonial, "rules_thresholds")
        .expect("chart")
        .cells()
        .into_iter()
        .take(20)
        .map(|(key, _)| key[0].clone())
        .collect();
    assert_eq!(keys.len(), 20);
    let children: Vec<_> = keys
        .iter()
        .map(|key| {
            laager()
                .args([
                    "tables",
                    "set",
                    &format!("micro_colonial/rules_thresholds:{key}=7"),
                    "--into",
                    s(&club),
                ])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("output");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
    let house = club.join("micro_colonial/house.toml");
    let text = std::fs::read_to_string(&house).expect("house.toml");
    let parsed: toml::Table = toml::from_str(&text).expect("house.toml parses");
    let cells = parsed["cell"].as_array().expect("cells");
    assert_eq!(cells.len(), 20, "{text}");
    let charts = laager::store::tables::load(Some(&club)).expect("the club folder loads");
    for key in &keys {
        let cell = charts
            .chart(Ruleset::MicroColonial, "rules_thresholds")
            .and_then(|c| c.cell(&[key]))
            .expect("cell");
        assert_eq!(
            cell.value.as_ref().and_then(laager::charts::Value::as_int),
            Some(7),
            "{key}"
        );
    }
    // Nothing half-written is left beside it.
    let leftovers: Vec<_> = std::fs::read_dir(club.join("micro_colonial"))
        .expect("folder")
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n != "house.toml")
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Deliver 8 with deliver 2: a lock held (by another writer) beyond the wait exits 2 with
/// a plain message naming the folder, and writes nothing.
#[cfg(unix)]
#[test]
fn tables_set_refuses_a_club_folder_whose_lock_is_held_too_long() {
    use std::os::fd::AsRawFd as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    std::fs::create_dir(&club).expect("club");
    let holder = std::fs::File::open(&club).expect("open");
    // SAFETY: the descriptor is open while the lock is held.
    let locked = unsafe { libc::flock(holder.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    assert_eq!(locked, 0);
    let out = run_within(
        &["tables", "set", "hit_numbers:3=6", "--into", s(&club)],
        60,
    );
    assert_refused(&out, &[s(&club), "lock", "nothing was written"]);
    assert!(!club.join("victoria_cross/house.toml").exists());
    drop(holder);
}

/// Deliver 1 for house files: a dead run's `house.toml.partial-PID-N` is cleared by the
/// next `tables set`, and the old fixed `.house.toml.tmp` name is not used.
#[test]
fn tables_set_clears_what_a_killed_set_left_behind() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    std::fs::create_dir_all(club.join("victoria_cross")).expect("folder");
    // A process id above the kernel's pid_max (4,194,304 at most) is never running.
    let leftover = club.join("victoria_cross/house.toml.partial-4194305-0");
    std::fs::write(&leftover, "[[cell]]\naddress = ").expect("write");
    let out = run(&["tables", "set", "hit_numbers:3=6", "--into", s(&club)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!leftover.exists());
    assert!(!club.join("victoria_cross/.house.toml.tmp").exists());
}

/// Deliver 4 through `tables set`: "dice numbers within the die, distances and ranges
/// finite and ≥ 0, factors and strengths within bounds stated per chart, lists as lists".
/// Each value the audit got through is refused naming the cell and the bound; nothing is
/// written.
#[test]
fn tables_set_refuses_values_outside_their_domain() {
    let cases = [
        ("troop_types:zulus:range_in=nan", "finite"),
        ("troop_types:zulus:range_in=inf", "finite"),
        ("troop_types:zulus:range_in=-3", "from 0 to 120"),
        ("troop_types:zulus:move_in=-1", "from 0 to 120"),
        (
            "troop_types:zulus:combat=9223372036854775807",
            "from 0 to 20",
        ),
        ("hit_numbers:3=0", "from 1 to 6"),
        ("hit_numbers:3=7", "from 1 to 6"),
        ("hit_numbers:3=-1", "from 1 to 6"),
        (
            r#"troop_types:zulus:destroyed_by=["any"]"#,
            "not one item of a list",
        ),
        ("troop_types:zulus:destroyed_by=zulus,,nnc", "empty item"),
    ];
    for (assignment, needle) in cases {
        let dir = tempfile::tempdir().expect("tempdir");
        let club = dir.path().join("club");
        let out = run(&["tables", "set", assignment, "--into", s(&club)]);
        let cell = assignment.split('=').next().expect("address");
        assert_refused(&out, &[cell, needle]);
        assert!(
            !club.join("dba_zulu/house.toml").exists()
                && !club.join("victoria_cross/house.toml").exists(),
            "{assignment}"
        );
    }
    // The bounds let every printed value through: a die face of 6, a distance of 0.
    let dir = tempfile::tempdir().expect("tempdir");
    let club = dir.path().join("club");
    for ok in [
        "hit_numbers:3=6",
        "hit_numbers:1=1",
        "troop_types:zulus:range_in=0",
    ] {
        let out = run(&["tables", "set", ok, "--into", s(&club)]);
        assert_eq!(out.status.code(), Some(0), "{ok}: {}", stderr(&out));
    }
}

/// Deliver 4 through `--cell`: a one-off cell is checked by the same domain.
#[test]
fn a_cell_outside_its_domain_is_refused_on_the_command_line() {
    let out = run(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--a",
        "zulus",
        "--b",
        "nnc",
        "--dice",
        "5,2",
        "--cell",
        "troop_types:zulus:combat=9223372036854775807",
    ]);
    assert_refused(
        &out,
        &["--cell", "troop_types:zulus:combat", "from 0 to 20"],
    );
}

/// Deliver 4 in a house file: `value = nan` (valid TOML) is refused, the error naming the
/// file, the line and the cell.
#[test]
fn a_house_file_value_outside_its_domain_is_refused_naming_file_line_and_cell() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club_with(
        dir.path(),
        "dba_zulu",
        "house.toml",
        "[[cell]]\naddress = \"troop_types:zulus:range_in\"\nvalue = nan\n\n[[cell]]\naddress = \"troop_types:zulus:move_in\"\nvalue = -inf\n",
    );
    let out = run(&["tables", "check", s(&club)]);
    let file = club.join("dba_zulu/house.toml");
    assert_refused(
        &out,
        &[
            &format!("{}:3:", file.display()),
            "cell troop_types:zulus:range_in: NaN is not a finite number",
            &format!("{}:7:", file.display()),
            "cell troop_types:zulus:move_in: -inf is not a finite number",
        ],
    );
}

/// Deliver 4: "one value per address (two house cells for one address: refuse, naming both
/// lines)" — before, the last silently won.
#[test]
fn two_house_cells_for_one_address_are_refused_naming_both_lines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club_with(
        dir.path(),
        "victoria_cross",
        "house.toml",
        "[[cell]]\naddress = \"hit_numbers:3\"\nvalue = 5\n\n[[cell]]\naddress = \"victoria_cross/hit_numbers:3\"\nvalue = 6\n",
    );
    let out = run(&["tables", "check", s(&club)]);
    assert_refused(&out, &["hit_numbers:3 is given twice, on lines 2 and 6"]);
}

/// Deliver 4 in a whole club chart file: a combat factor of i64::MAX (which flipped a
/// combat) is refused naming the file, its line and the cell.
#[test]
fn a_club_chart_with_a_combat_factor_beyond_its_bound_is_refused() {
    let shipped =
        std::fs::read_to_string(crate::support::tables_dir().join("dba_zulu/troop_types.toml"))
            .expect("shipped chart");
    let (before, after) = shipped.split_once("combat = ").expect("a combat value");
    let line = before.matches('\n').count() + 1;
    let digits = after.find(|c: char| !c.is_ascii_digit()).expect("end");
    let key = before
        .rsplit("key = \"")
        .next()
        .and_then(|k| k.split('"').next())
        .expect("record key")
        .to_owned();
    let text = format!("{before}combat = 9223372036854775807{}", &after[digits..]);
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club_with(dir.path(), "dba_zulu", "troop_types.toml", &text);
    let out = run(&["tables", "check", s(&club)]);
    let file = club.join("dba_zulu/troop_types.toml");
    assert_refused(
        &out,
        &[
            &format!("{}:{line}:", file.display()),
            &format!("cell troop_types:{key}:combat: 9223372036854775807 is outside"),
        ],
    );
}

/// Deliver 6: "`--tables` pointed at a ruleset folder is refused naming the folder above
/// it; a folder with no ruleset folder is refused" (`tables check /` said ok; a resolution
/// with `--tables club/dba_zulu` silently ignored the club).
#[test]
fn tables_refuses_a_ruleset_folder_naming_the_folder_above_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club_with(
        dir.path(),
        "dba_zulu",
        "house.toml",
        "[[cell]]\naddress = \"troop_types:zulus:combat\"\nvalue = 5\n",
    );
    let deep = club.join("dba_zulu");
    let out = run(&["tables", "check", s(&deep)]);
    assert_refused(
        &out,
        &[
            "ruleset folder 'dba_zulu'",
            &format!("give the folder above it, {}", club.display()),
        ],
    );
    let out = run(&[
        "dba",
        "combat",
        "--kind",
        "close",
        "--a",
        "zulus",
        "--b",
        "nnc",
        "--dice",
        "5,2",
        "--tables",
        s(&deep),
    ]);
    assert_refused(&out, &["ruleset folder 'dba_zulu'"]);
    // `tables set --into club/dba_zulu` must not write club/dba_zulu/dba_zulu/house.toml.
    let out = run(&[
        "tables",
        "set",
        "troop_types:zulus:combat=4",
        "--into",
        s(&deep),
    ]);
    assert_refused(&out, &["ruleset folder 'dba_zulu'"]);
    assert!(!deep.join("dba_zulu").exists());
}

#[test]
fn tables_refuses_a_folder_with_no_ruleset_folder() {
    let out = run(&["tables", "check", "/"]);
    assert_refused(
        &out,
        &["/: not a club's tables folder: it holds no ruleset folder"],
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(&["tables", "check", s(dir.path())]);
    assert_refused(&out, &["holds no ruleset folder (micro_colonial, dba_zulu"]);
}

/// Deliver 7: a chart that is a FIFO or a link to /dev/zero is refused at once (the audit:
/// a hang; 12 GB read), and one over the 5 MB a chart may be is refused naming the limit.
#[cfg(unix)]
#[test]
fn club_chart_files_must_be_regular_files_within_5_mb() {
    let dir = tempfile::tempdir().expect("tempdir");
    let club = club_with(dir.path(), "dba_zulu", "modifiers.toml", "");
    let fifo = club.join("dba_zulu/troop_types.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", club.join("dba_zulu/house.toml")).expect("link");
    let big = std::fs::File::create(club.join("dba_zulu/modifiers.toml")).expect("file");
    big.set_len(5_000_001).expect("sparse");
    let out = run_within(&["tables", "check", s(&club)], 30);
    assert_refused(
        &out,
        &[
            "troop_types.toml: a named pipe (FIFO), not a regular file",
            "house.toml: a device, not a regular file",
            "modifiers.toml: larger than the 5 MB a chart or house file may be",
        ],
    );
}

/// Deliver 7: the window's layout, photo placement and photo reads refuse what is not a
/// regular file at once, and a photo over its 50 MB.
#[cfg(unix)]
#[test]
fn the_windows_layout_and_photo_reads_refuse_special_and_oversized_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("battle.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let error = layout_file::read(&fifo).expect_err("a FIFO");
    assert!(error.contains("named pipe"), "{error}");
    let layout = dir.path().join("ok.json");
    std::fs::write(&layout, "{}").expect("layout");
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("ok.photo.json")).expect("link");
    let error = layout_file::read(&layout).expect_err("placement on a device");
    assert!(error.contains("ok.photo.json: a device"), "{error}");
    let error = layout_file::read_photo(Path::new("/dev/zero")).expect_err("a device");
    assert!(error.contains("a device"), "{error}");
    let photo = dir.path().join("photo.png");
    std::fs::File::create(&photo)
        .expect("file")
        .set_len(50_000_001)
        .expect("sparse");
    let error = layout_file::read_photo(&photo).expect_err("too large");
    assert!(
        error.contains("larger than the 50 MB a photo may be"),
        "{error}"
    );
}
