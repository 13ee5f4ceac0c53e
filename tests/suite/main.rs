//! Laager's integration tests: one binary, one module per area.

mod app_canvas;
mod app_contract;
mod app_dba_prefill;
mod app_desk;
mod app_desk_sotq;
mod app_records_long;
mod app_records_mc;
mod app_referee;
mod app_snapshots;
mod app_window;
mod campaign_play;
mod charts_load;
mod cli_tables;
mod dba;
mod dice;
mod geometry;
mod json_forms;
mod mc;
mod mc2;
mod records;
mod records_effects;
mod records_file;
mod sotq;
mod support;
mod vc;
