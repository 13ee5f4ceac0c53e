//! The canvas tools: what a click or drag on the table does, each with its shortcut.

use egui::Key;
use serde::{Deserialize, Serialize};

/// What the primary button does on the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Tool {
    /// Select units (shift adds), drag to move, drag the handle to turn, drag the cloth to pan.
    #[default]
    Select,
    /// Drag a ruler between two points.
    Ruler,
    /// Click the vertices of a terrain area or line; double-click or Enter to finish.
    Terrain,
    /// Click points on the photo to calibrate it.
    Calibrate,
}

impl Tool {
    /// Every tool, in toolbar order.
    pub const ALL: [Tool; 4] = [Tool::Select, Tool::Ruler, Tool::Terrain, Tool::Calibrate];

    /// The toolbar label.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::Ruler => "Ruler",
            Tool::Terrain => "Terrain",
            Tool::Calibrate => "Calibrate photo",
        }
    }

    /// The key that picks the tool.
    pub fn shortcut(self) -> Key {
        match self {
            Tool::Select => Key::S,
            Tool::Ruler => Key::R,
            Tool::Terrain => Key::T,
            Tool::Calibrate => Key::C,
        }
    }

    /// The tooltip: what it does and its shortcut.
    pub fn tooltip(self) -> &'static str {
        match self {
            Tool::Select => {
                "Select (S): click a unit to select it, shift-click or right-click to add the target; drag a unit to move it, its handle to turn it ([ and ] turn by 15°, with shift by 1°); Delete removes it; drag the cloth to pan"
            }
            Tool::Ruler => "Ruler (R): drag between two points; the length shows in mm and inches",
            Tool::Terrain => {
                "Terrain (T): click the outline's corners; double-click or Enter finishes, Backspace removes the last, Escape cancels; drag a corner of drawn terrain to move it"
            }
            Tool::Calibrate => {
                "Calibrate photo (C): click two points of the photo whose real distance you know, then type it; a second pair checks it"
            }
        }
    }
}

/// Keys that work on the canvas whatever the tool.
pub const VIEW_KEYS: &str = "Arrows pan, + and - zoom, Home fits the table, G shows or hides the grid, A adds a unit; the wheel zooms about the pointer, right- or middle-drag pans";
