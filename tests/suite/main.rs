//! Laager's integration tests: one binary, one module per area. The window's tests, which
//! need egui_kittest, are a package of their own (app-tests/).

mod campaign_play;
mod charts_load;
mod cli_tables;
mod contract;
mod dba;
mod dice;
mod dice_history;
mod doors_domains;
mod fuzz_parsers;
mod game_table;
mod geometry;
mod hardening_chain;
mod hardening_charts;
mod hardening_extremes;
mod hardening_files;
mod hardening_input;
mod hardening_numbers;
mod json_forms;
mod logged_procedures;
mod mc;
mod mc2;
mod mc_contract;
mod records;
mod records_effects;
mod records_file;
mod records_pdf;
mod situations;
mod situations_basic;
mod situations_rd;
mod sotq;
mod store_files;
mod support;
mod vc;
mod words;
