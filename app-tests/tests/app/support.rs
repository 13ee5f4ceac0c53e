//! Helpers shared by the window's tests.

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

/// The words the desk labels a needed chart cell's field with (its chart's printed title
/// and its key), for tests that type into the field of a cell they know by address.
pub fn cell_label(ruleset: laager::Ruleset, address: &str) -> String {
    let charts = laager::charts::Charts::shipped().expect("shipped charts");
    let chart = address.split(':').next().unwrap_or_default();
    laager::app::desk::resolution_view::cell_words(&charts, ruleset, chart, Some(address))
}

/// Turns the panel beside the table to `tab` (the desk, or the roster over the log), as a
/// click on its tab does.
pub fn side_tab(
    harness: &mut egui_kittest::Harness<'_, laager::app::LaagerApp>,
    tab: laager::app::SideTab,
) {
    harness.state_mut().side_tab = tab;
    harness.state_mut().state.show_desk = true;
    harness.run();
    harness.run();
}

/// Picks `item` of the File menu ("Save game as…", "Open game…", "Export records CSV…",
/// "Print record sheet (PDF)…", "Export game JSON…"), types `path` in its prompt and
/// presses the prompt's button (Save, Open, Export, Print).
pub fn through_file_menu(
    harness: &mut egui_kittest::Harness<'_, laager::app::LaagerApp>,
    item: &str,
    path: &std::path::Path,
) {
    use egui_kittest::kittest::Queryable;
    use laager::app::prompts::PromptKind;
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label(item).click();
    harness.run();
    let prompt = harness
        .state_mut()
        .windows
        .prompt
        .as_mut()
        .expect("the File menu item opens its prompt");
    prompt.typed = path.display().to_string();
    let verb = match prompt.kind {
        PromptKind::SaveGame => "Save",
        PromptKind::OpenGame => "Open",
        PromptKind::ExportCsv | PromptKind::ExportJson => "Export",
        PromptKind::PrintPdf => "Print",
    };
    harness.run();
    harness.get_by_label(verb).click();
    harness.run();
}
