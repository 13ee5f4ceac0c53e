//! Laager's integration tests: one binary, one module per area.

mod charts_load;
mod cli_tables;
mod json_forms;
mod records;
mod records_file;
mod support;
