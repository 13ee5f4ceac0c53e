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
