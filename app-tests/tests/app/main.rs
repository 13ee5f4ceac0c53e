//! The window's tests, driven headless with egui_kittest by the panels' labels; the
//! snapshot images are under tests/snapshots/ of this package.
#![cfg(feature = "gui")]

mod app_canvas;
mod app_cases;
mod app_club_bundle;
mod app_club_night;
mod app_contract;
mod app_dba_prefill;
mod app_desk;
mod app_desk_sotq;
mod app_phone;
mod app_props;
mod app_record_gate;
mod app_records_long;
mod app_records_mc;
mod app_referee;
mod app_report;
mod app_screen;
mod app_screen_ii;
mod app_snapshots;
mod app_web_files;
mod app_whole_game;
mod app_window;
mod gpu;
mod sotq;
mod support;
