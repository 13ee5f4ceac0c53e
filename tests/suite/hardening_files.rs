//! Issue 21, files: no command writes over a file it did not create unless told to, and
//! never over a campaign; writes go through a temporary file a killed run's successor
//! clears; inputs are regular files within their limits; the user's and the system's
//! failures exit 2 with a plain message.

use crate::records::sample_game;
use crate::support::{laager, run, run_within, stderr};
use laager::game::{Campaign, CampaignSettings};
use laager::store::{CampaignFile, StoreError};
use std::path::{Path, PathBuf};
use std::process::Output;

fn s(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

fn campaign_at(path: &Path) -> PathBuf {
    let mut campaign = Campaign::new("Zulu War", CampaignSettings::default());
    campaign.games.push(sample_game());
    CampaignFile::create_from(path, &campaign).expect("create");
    path.to_owned()
}

fn assert_refused(out: &Output, needles: &[&str]) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    for needle in needles {
        assert!(stderr(out).contains(needle), "{needle}: {}", stderr(out));
    }
}

#[test]
fn campaign_export_refuses_an_existing_file_naming_it_and_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let out_path = dir.path().join("out.json");
    std::fs::write(&out_path, "keep me").expect("write");
    let out = run(&["campaign", "export", s(&source), s(&out_path)]);
    assert_refused(&out, &["out.json", "--force"]);
    assert_eq!(std::fs::read_to_string(&out_path).expect("read"), "keep me");
}

#[test]
fn campaign_export_with_force_replaces_a_file_that_is_not_a_campaign() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let out_path = dir.path().join("out.json");
    std::fs::write(&out_path, "old").expect("write");
    let out = run(&["campaign", "export", s(&source), s(&out_path), "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&out_path).expect("read");
    assert!(text.contains("\"laager\": \"campaign\""), "{text}");
}

#[test]
fn campaign_export_never_writes_over_another_campaign_even_with_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let other = campaign_at(&dir.path().join("b.laager"));
    let before = std::fs::read(&other).expect("bytes");
    for extra in [None, Some("--force")] {
        let mut args = vec!["campaign", "export", s(&source), s(&other)];
        args.extend(extra);
        let out = run(&args);
        assert_refused(&out, &["b.laager", "Laager campaign", "never written over"]);
    }
    assert_eq!(std::fs::read(&other).expect("bytes"), before);
}

#[test]
fn campaign_export_refuses_to_write_over_its_own_source() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let before = std::fs::read(&source).expect("bytes");
    let out = run(&["campaign", "export", s(&source), s(&source), "--force"]);
    assert_refused(&out, &["a.laager", "never written over"]);
    assert_eq!(std::fs::read(&source).expect("bytes"), before);
}

#[test]
fn campaign_new_and_import_never_replace_a_campaign_even_with_force() {
    let dir = tempfile::tempdir().expect("tempdir");
    let existing = campaign_at(&dir.path().join("a.laager"));
    let before = std::fs::read(&existing).expect("bytes");
    let json = dir.path().join("c.json");
    assert_eq!(
        run(&["campaign", "export", s(&existing), s(&json)])
            .status
            .code(),
        Some(0)
    );
    let out = run(&["campaign", "new", s(&existing), "--name", "x", "--force"]);
    assert_refused(&out, &["a.laager", "never written over"]);
    let out = run(&["campaign", "import", s(&json), s(&existing), "--force"]);
    assert_refused(&out, &["a.laager", "never written over"]);
    let out = run(&["campaign", "import", s(&json), s(&existing)]);
    assert_refused(&out, &["a.laager"]);
    assert_eq!(std::fs::read(&existing).expect("bytes"), before);
}

#[test]
fn campaign_import_refuses_to_write_over_its_own_input() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let json = dir.path().join("c.json");
    run(&["campaign", "export", s(&source), s(&json)]);
    let before = std::fs::read(&json).expect("bytes");
    let out = run(&["campaign", "import", s(&json), s(&json), "--force"]);
    assert_refused(&out, &["c.json", "being imported"]);
    assert_eq!(std::fs::read(&json).expect("bytes"), before);
}

#[test]
fn campaign_new_with_force_replaces_a_stray_file_that_is_not_a_campaign() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("x.laager");
    std::fs::write(&path, "not a campaign").expect("write");
    let out = run(&["campaign", "new", s(&path), "--name", "x"]);
    assert_refused(&out, &["x.laager", "already exists"]);
    let out = run(&["campaign", "new", s(&path), "--name", "x", "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(CampaignFile::open(&path, laager::store::Mode::Read).is_ok());
}

#[test]
fn writes_leave_no_temporary_file_behind() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let json = dir.path().join("c.json");
    run(&["campaign", "export", s(&source), s(&json)]);
    run(&["campaign", "export", s(&source), s(&json), "--force"]);
    run(&[
        "campaign",
        "import",
        s(&json),
        s(&dir.path().join("b.laager")),
    ]);
    run(&[
        "campaign",
        "new",
        s(&dir.path().join("n.laager")),
        "--name",
        "n",
    ]);
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.laager", "b.laager", "c.json", "n.laager"]);
}

/// A process id that is no longer running: a child that has exited and been reaped.
fn dead_pid() -> u32 {
    let mut child = std::process::Command::new("true").spawn().expect("spawn");
    let pid = child.id();
    child.wait().expect("wait");
    pid
}

#[test]
fn campaign_import_clears_what_a_killed_import_left_and_keeps_a_live_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let json = dir.path().join("c.json");
    run(&["campaign", "export", s(&source), s(&json)]);
    let target = dir.path().join("out.laager");
    let dead = dead_pid();
    let killed = [
        dir.path().join(format!("out.laager.partial-{dead}")),
        dir.path()
            .join(format!("out.laager.partial-{dead}-journal")),
        dir.path().join(format!("out.laager.partial-{dead}-3")),
        dir.path()
            .join(format!("out.laager.partial-{dead}-3-journal")),
    ];
    for path in &killed {
        std::fs::write(path, b"half a campaign").expect("leftover");
    }
    // This test process is alive: what it is writing is not a leftover.
    let live = dir
        .path()
        .join(format!("out.laager.partial-{}-0", std::process::id()));
    std::fs::write(&live, b"in progress").expect("live");
    let out = run(&["campaign", "import", s(&json), s(&target)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for path in &killed {
        assert!(!path.exists(), "{} left behind", path.display());
    }
    assert!(live.exists(), "a live run's file was removed");
}

#[test]
fn a_missing_parent_folder_is_refused_plainly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let missing = dir.path().join("no-such-folder");
    let out = run(&["campaign", "export", s(&source), s(&missing.join("c.json"))]);
    assert_refused(&out, &["no-such-folder", "does not exist"]);
    let out = run(&[
        "campaign",
        "new",
        s(&missing.join("n.laager")),
        "--name",
        "n",
    ]);
    assert_refused(&out, &["no-such-folder", "does not exist"]);
}

#[test]
fn a_read_only_folder_is_refused_plainly() {
    // /sys is read-only to everyone, root included, where it is mounted.
    let folder = Path::new("/sys");
    if !folder.is_dir() || std::fs::write(folder.join("laager-probe"), b"").is_ok() {
        eprintln!("skipped: no read-only folder to try");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let source = campaign_at(&dir.path().join("a.laager"));
    let out = run(&["campaign", "export", s(&source), "/sys/laager.json"]);
    assert_refused(&out, &["/sys/laager.json", "cannot write"]);
    let out = run(&["campaign", "new", "/sys/laager.laager", "--name", "n"]);
    assert_refused(&out, &["/sys/laager.laager", "cannot write"]);
}

#[cfg(unix)]
#[test]
fn a_read_only_campaign_file_is_refused_plainly_when_written() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("a.laager"));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    if std::fs::OpenOptions::new().write(true).open(&path).is_ok() {
        eprintln!("skipped: running as root, a read-only file is writable");
        return;
    }
    let out = run(&["campaign", "end-game", s(&path), "--winner", "draw"]);
    assert_refused(&out, &["a.laager", "read-only"]);
}

#[test]
fn sqlite_failures_of_the_system_are_the_users_and_of_laager_its_own() {
    let path = Path::new("x.laager");
    let failure = |code| {
        rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), Some("message".into()))
    };
    for code in [
        rusqlite::ffi::SQLITE_READONLY,
        rusqlite::ffi::SQLITE_CANTOPEN,
        rusqlite::ffi::SQLITE_FULL,
        rusqlite::ffi::SQLITE_PERM,
    ] {
        let e = StoreError::from_sqlite(path, &failure(code));
        assert!(matches!(e, StoreError::Unwritable { .. }), "{code}: {e}");
        assert!(e.is_environment());
    }
    for code in [
        rusqlite::ffi::SQLITE_BUSY,
        rusqlite::ffi::SQLITE_LOCKED,
        rusqlite::ffi::SQLITE_CONSTRAINT,
    ] {
        let e = StoreError::from_sqlite(path, &failure(code));
        assert!(matches!(e, StoreError::Conflict { .. }), "{code}: {e}");
        assert!(e.is_environment());
    }
    let e = StoreError::from_sqlite(path, &failure(rusqlite::ffi::SQLITE_MISUSE));
    assert!(matches!(e, StoreError::Write { .. }) && !e.is_environment());
}

#[test]
fn a_lock_held_by_another_program_is_refused_plainly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = campaign_at(&dir.path().join("a.laager"));
    let holder = rusqlite::Connection::open(&path).expect("open");
    holder
        .execute_batch("BEGIN EXCLUSIVE;")
        .expect("take the lock");
    let out = run_within(&["campaign", "end-game", s(&path), "--winner", "draw"], 30);
    assert_refused(&out, &["a.laager", "holds it locked"]);
    holder.execute_batch("ROLLBACK;").expect("release");
}

#[test]
fn eleven_racing_add_games_exit_0_or_2_never_as_an_internal_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("race.laager");
    assert_eq!(
        run(&["campaign", "new", s(&path), "--name", "race"])
            .status
            .code(),
        Some(0)
    );
    let children: Vec<_> = (0..11)
        .map(|_| {
            laager()
                .args([
                    "campaign",
                    "add-game",
                    s(&path),
                    "--ruleset",
                    "dba-zulu",
                    "--unfinished",
                ])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    let mut added = 0;
    for child in children {
        let out = child.wait_with_output().expect("wait");
        match out.status.code() {
            Some(0) => added += 1,
            Some(2) => assert!(
                !stderr(&out).contains("internal error")
                    && !stderr(&out).contains("UNIQUE constraint"),
                "{}",
                stderr(&out)
            ),
            other => panic!("exit {other:?}: {}", stderr(&out)),
        }
    }
    let file = CampaignFile::open(&path, laager::store::Mode::Read).expect("open");
    assert_eq!(file.campaign().games.len(), added);
    assert!(file.intact());
}

#[cfg(unix)]
fn fifo(path: &Path) {
    let name = std::ffi::CString::new(s(path)).expect("c path");
    // SAFETY: a valid NUL-terminated path and mode.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo");
}

#[cfg(unix)]
#[test]
fn a_fifo_as_a_layout_an_import_or_a_campaign_is_refused_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pipe = dir.path().join("pipe");
    fifo(&pipe);
    let new = dir.path().join("new.laager");
    for args in [
        vec!["layout", "check", s(&pipe)],
        vec!["measure", s(&pipe), "--from", "a", "--to", "b"],
        vec!["campaign", "import", s(&pipe), s(&new)],
        vec!["records", s(&pipe)],
        vec!["log", "verify", s(&pipe)],
    ] {
        let out = run_within(&args, 20);
        assert_refused(&out, &["pipe", "named pipe (FIFO), not a regular file"]);
    }
}

#[test]
fn devices_and_kernel_files_are_refused_at_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let new = dir.path().join("new.laager");
    if Path::new("/dev/zero").exists() {
        let out = run_within(&["layout", "check", "/dev/zero"], 20);
        assert_refused(&out, &["/dev/zero", "a device, not a regular file"]);
        let out = run_within(&["campaign", "import", "/dev/zero", s(&new)], 20);
        assert_refused(&out, &["/dev/zero", "a device"]);
    }
    if Path::new("/proc/self/status").exists() {
        let out = run_within(&["layout", "check", "/proc/self/status"], 20);
        assert_refused(&out, &["/proc/self/status", "a file of the kernel"]);
    }
}

#[test]
fn files_above_their_limit_are_refused_without_being_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Sparse files: the size is stated, nothing is written.
    let layout = dir.path().join("big.json");
    std::fs::File::create(&layout)
        .expect("create")
        .set_len(20_000_001)
        .expect("size");
    let out = run_within(&["layout", "check", s(&layout)], 20);
    assert_refused(&out, &["big.json", "larger than the 20 MB a layout may be"]);
    let import = dir.path().join("big-import.json");
    std::fs::File::create(&import)
        .expect("create")
        .set_len(200_000_001)
        .expect("size");
    let new = dir.path().join("new.laager");
    let out = run_within(&["campaign", "import", s(&import), s(&new)], 20);
    assert_refused(&out, &["big-import.json", "200 MB an import may be"]);
    assert!(!new.exists());
}

#[test]
fn a_layout_and_an_import_with_a_byte_order_mark_are_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demos/dba_zulu_battle.json");
    let mut text = "\u{feff}".as_bytes().to_vec();
    text.extend(std::fs::read(&demo).expect("demo"));
    let layout = dir.path().join("bom.json");
    std::fs::write(&layout, &text).expect("write");
    let out = run(&["layout", "check", s(&layout)]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let source = campaign_at(&dir.path().join("a.laager"));
    let json = dir.path().join("c.json");
    run(&["campaign", "export", s(&source), s(&json)]);
    let mut text = "\u{feff}".as_bytes().to_vec();
    text.extend(std::fs::read(&json).expect("json"));
    std::fs::write(&json, &text).expect("write");
    let out = run(&[
        "campaign",
        "import",
        s(&json),
        s(&dir.path().join("b.laager")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}
