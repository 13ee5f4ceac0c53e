//! The chart names each ruleset knows. A file with any other name is an error, so a typo
//! in a club's folder is caught instead of silently ignored.

use crate::ruleset::Ruleset;

/// The chart names a ruleset's folder may hold (file stems), `settings` included.
pub fn known_charts(ruleset: Ruleset) -> &'static [&'static str] {
    match ruleset {
        Ruleset::MicroColonial => &[
            "settings",
            "small_arms_range_factors",
            "small_arms_target_factors",
            "machine_gun_jams",
            "artillery_shell",
            "artillery_cannister",
            "artillery_tactical_factors",
            "melee_infantry_v_infantry",
            "melee_cavalry_v_infantry",
            "melee_cavalry_v_cavalry",
            "melee_additional_factors",
            "morale_losses",
            "morale_charge",
            "morale_random_factor",
            "morale_tactical_factors",
            "morale_results",
            "rally",
            "movement_troops",
            "movement_artillery",
            "terrain_penalties",
            "formation_changes",
            "weapon_ranges",
            "artillery_ranges",
            "army_lists",
            "counter_sizes",
            "firing_arc",
            "rules_thresholds",
            "rorkes_drift",
        ],
        Ruleset::DbaZulu => &[
            "settings",
            "troop_types",
            "modifiers",
            "figure_scales",
            "command_costs",
            "victory_conditions",
        ],
        Ruleset::VictoriaCross => &[
            "settings",
            "hit_numbers",
            "melee_hit_numbers",
            "hospital_fire",
            "victory_points",
            "zones_isandlwana",
            "zones_rorkes_drift",
            "fire_lists_isandlwana",
            "fire_lists_rorkes_drift",
            "turn_record",
            "solitaire_entry",
            "solitaire_movement",
            "forces",
            "limits",
            "named_zones",
            "zulu_random_fire",
            "solitaire_movement_modifiers",
        ],
        Ruleset::SoldiersOfTheQueen => &[
            "settings",
            "fire_combat_results",
            "range_effects",
            "melee_combat_results_isandhlwana",
            "melee_combat_results_omdurman",
            "morale_check_british_isandhlwana",
            "morale_check_zulu",
            "morale_check_british_omdurman",
            "morale_check_dervish",
            "terrain_effects_isandhlwana",
            "terrain_effects_omdurman",
            "ammunition_resupply",
            "movement_allowances",
            "stacking_limits",
            "fire_shifts",
            "melee_shifts",
            "omdurman_victory_points",
            "map_isandhlwana",
            "map_omdurman",
            "commanders",
        ],
    }
}

/// Whether a ruleset knows a chart name.
pub fn is_known(ruleset: Ruleset, name: &str) -> bool {
    known_charts(ruleset).contains(&name)
}
