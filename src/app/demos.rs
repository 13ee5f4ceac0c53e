//! The demo battles shipped with the app (assets/demos/), so a new user sees a table at once.

/// Each demo: its title and its layout JSON.
pub const DEMOS: [(&str, &str); 2] = [
    (
        "DBA-style Zulu battle",
        include_str!("../../assets/demos/dba_zulu_battle.json"),
    ),
    (
        "Micro Colonial: Isandhlwana skirmish",
        include_str!("../../assets/demos/micro_colonial_isandhlwana.json"),
    ),
];

/// The demo opened on first start.
pub const FIRST_START: usize = 0;
