//! Laager's integration tests: one binary, one module per area.

mod app_canvas;
mod app_window;
mod charts_load;
mod cli_tables;
mod geometry;
mod json_forms;
mod support;
