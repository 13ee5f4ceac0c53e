//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `laager` binary built for these tests.
pub fn laager() -> Command {
    Command::new(env!("CARGO_BIN_EXE_laager"))
}

/// Runs `laager` with arguments and returns its output.
pub fn run(args: &[&str]) -> Output {
    laager().args(args).output().expect("run laager")
}

/// The repository's shipped tables folder.
pub fn tables_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tables")
}

/// Copies a folder tree.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// Runs `laager` with arguments that must succeed (exit 0, else the test fails with its
/// standard error) and returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "laager {}: {}",
        args.join(" "),
        stderr(&out)
    );
    stdout(&out)
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// One key of a resolution's outcome in its `--json` form (`null` when absent), for tests
/// that check the JSON contract of a procedure.
pub trait OutcomeKeys {
    /// The value of `key` in the outcome's JSON.
    fn out(&self, key: &str) -> serde_json::Value;
}

impl<O: serde::Serialize> OutcomeKeys for laager::resolution::Resolution<O> {
    fn out(&self, key: &str) -> serde_json::Value {
        serde_json::to_value(&self.outcome)
            .ok()
            .and_then(|v| v.get(key).cloned())
            .unwrap_or(serde_json::Value::Null)
    }
}

/// Runs `laager` with a deadline, so a command that blocks (on a FIFO, a lock) fails the
/// test instead of hanging it.
pub fn run_within(args: &[&str], seconds: u64) -> Output {
    use std::time::{Duration, Instant};
    let mut child = laager()
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let deadline = Instant::now() + Duration::from_secs(seconds);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kill");
            panic!("laager {args:?} still running after {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// Asserts a refusal is of `kind` and given by the rule document's `section`: the typed
/// refusal (which rule, which kind), not the words of its reason. The failure message
/// prints the whole refusal, reason included.
#[track_caller]
pub fn assert_refused(
    refusal: &laager::resolution::Refusal,
    kind: laager::resolution::RefusalKind,
    section: &str,
) {
    assert!(
        refusal.kind == kind && refusal.rule.section == section,
        "expected a {} refusal by section {section:?}, got a {} refusal by {:?} ({}): {}\nneeds cells: {:?}",
        kind.name(),
        refusal.kind.name(),
        refusal.rule.section,
        refusal.rule.document,
        refusal.reason,
        needed_cells(refusal),
    );
}

/// [`assert_refused`] for a refusal's JSON form, `{"refusal": {...}}`.
#[track_caller]
pub fn assert_refused_json(
    value: &serde_json::Value,
    kind: laager::resolution::RefusalKind,
    section: &str,
) {
    let refusal = &value["refusal"];
    assert!(
        refusal["kind"] == kind.name() && refusal["rule"]["section"] == section,
        "expected a {} refusal by section {section:?}, got: {refusal}",
        kind.name(),
    );
}

/// The addresses (`CHART:KEY`) of the cells a refusal needs.
pub fn needed_cells(refusal: &laager::resolution::Refusal) -> Vec<String> {
    refusal
        .needs_cells
        .iter()
        .map(laager::resolution::NeededCell::address)
        .collect()
}

/// Logs a manual edit in game `number` of a campaign file through the record's gate.
pub fn log(
    file: &mut laager::store::CampaignFile,
    number: usize,
    event: laager::game::Event,
) -> Result<laager::game::LoggedEvent, laager::store::StoreError> {
    file.act(number, event.try_into().expect("a manual event"))
        .map(|acted| acted.logged.last().cloned().expect("an event logged"))
}
