//! Help inside the window (F1, or the Help menu): a one-minute guide to settling a dispute,
//! and every shortcut of the table, the desk and the log.

use super::canvas::tools::Tool;

/// The guide's heading, as the Help window shows it.
pub const GUIDE_HEADING: &str = "Settle a dispute in a minute";

/// The guide, a step a line: what to do, then what it does.
pub const GUIDE: [(&str, &str); 6] = [
    (
        "Select",
        "With the Select tool (S), click the unit that acts: the firer, the attacker, the unit that tests.",
    ),
    (
        "Shift-click",
        "Shift-click the unit it acts on: the target or the defender. The first unit selected is the firer, the second the target.",
    ),
    (
        "Read",
        "The measurement panel shows the range, the arcs and the line of sight; the desk fills the procedure from the table and the records. Check what it says and change what the table cannot know.",
    ),
    (
        "Type the dice",
        "Throw real dice at the table and type the faces in the desk's dice field, as 5,2 (Micro Colonial's black and red dice as B4,R2), or let Laager roll them.",
    ),
    (
        "Resolve",
        "Press Resolve (Enter): the result comes first, in words, then the odds and each step with the rule it follows.",
    ),
    (
        "Apply",
        "Apply (Ctrl+Enter) writes the result to the game's log and the units' records. Undo (Ctrl+Z) takes it back.",
    ),
];

/// The shortcuts that work whatever the tool, by where they work: (where, keys, what).
pub const SHORTCUTS: [(&str, &str, &str); 23] = [
    ("Window", "F1", "this help"),
    ("Window", "F2", "show or fold away the desk (Play)"),
    (
        "Window",
        "F3",
        "show or fold away the roster and the log (Play)",
    ),
    ("Table", "Arrow keys", "pan"),
    ("Table", "+ and -", "zoom in and out"),
    ("Table", "mouse wheel", "zoom about the pointer"),
    ("Table", "right- or middle-drag", "pan"),
    ("Table", "Home", "fit the whole table"),
    ("Table", "G", "show or hide the grid"),
    ("Table", "click", "select a unit"),
    (
        "Table",
        "Shift+click",
        "add a unit to the selection (the target)",
    ),
    (
        "Table",
        "right-click or long press",
        "make a unit the target of the one selected",
    ),
    ("Table", "[ and ]", "turn the selected units by 15°"),
    (
        "Table",
        "Shift+[ and Shift+]",
        "turn the selected units by 1°",
    ),
    ("Table", "Delete", "remove the selected units"),
    (
        "Table",
        "Escape",
        "drop the ruler, the outline or the points being drawn",
    ),
    ("Terrain", "Enter or double-click", "finish the outline"),
    ("Terrain", "Backspace", "remove the outline's last point"),
    ("Set up", "A", "add a unit of the chosen type"),
    ("Desk", "Enter", "resolve"),
    ("Desk", "Ctrl+Enter", "apply the result to the game"),
    ("Log", "Ctrl+Z", "undo the last action"),
    ("Log", "Ctrl+Shift+Z", "redo"),
];

/// Draws the guide and the shortcuts.
pub fn ui(ui: &mut egui::Ui) {
    ui.heading(GUIDE_HEADING);
    for (number, (step, what)) in GUIDE.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.strong(format!("{}. {step}:", number + 1));
            ui.label(*what);
        });
    }
    ui.add_space(8.0);
    ui.heading("Shortcuts");
    egui::Grid::new("help_shortcuts")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            for tool in Tool::ALL {
                ui.label("Tools");
                ui.monospace(tool.shortcut().name());
                ui.label(tool.label());
                ui.end_row();
            }
            for (place, keys, what) in SHORTCUTS {
                ui.label(place);
                ui.monospace(keys);
                ui.label(what);
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    ui.weak("Hover over a control to see what it does.");
}

/// What the page says when the window could not start in a browser: what is missing and
/// what to try, in a sentence, never the browser's raw error value. `error` is the error
/// as text.
pub fn start_failure_words(error: &str) -> String {
    let lower = error.to_lowercase();
    if lower.contains("webgl") || lower.contains("webgpu") || lower.contains("context") {
        "Laager could not start: it draws the table with WebGL, and this browser did not give it a WebGL context. Try turning on hardware acceleration (graphics) in the browser's settings, updating the browser, or opening this page in another browser (Firefox, Chrome, Edge or Safari).".to_owned()
    } else {
        format!(
            "Laager could not start: {}. Try reloading the page, or opening it in another browser.",
            error.trim().trim_end_matches('.')
        )
    }
}

#[cfg(test)]
mod tests {
    use super::start_failure_words;

    #[test]
    fn a_browser_without_webgl_is_told_what_is_missing_and_what_to_try() {
        let said = start_failure_words("WebGL isn't supported");
        assert!(said.contains("WebGL"), "{said}");
        assert!(said.contains("hardware acceleration"), "{said}");
        assert!(!said.contains("JsValue"), "{said}");
        let other = start_failure_words("out of memory");
        assert!(
            other.starts_with("Laager could not start: out of memory."),
            "{other}"
        );
    }
}
