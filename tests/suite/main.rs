//! Laager's integration tests: one binary, one module per area.

mod app_desk;
mod app_window;
mod charts_load;
mod cli_tables;
mod dba;
mod dice;
mod json_forms;
mod mc;
mod mc2;
mod sotq;
mod support;
