//! Tooltips for the Micro Colonial forms' fields: what each one asks, in the terms of the
//! rules, so a referee new to the desk can fill it without the rule book open. They say what
//! a field means, never what it is worth: the engine's steps say that.

/// The tooltip of a field, by its label on the form.
pub fn hint(label: &str) -> Option<&'static str> {
    Some(match label {
        "firer" => "The firing unit's kind, as the small arms tables list firers",
        "weapon" => "The firers' weapon: its maximum range is read from the weapon ranges",
        "type of fire" => "Volley or independent fire: the range factor's column",
        "target" => "The target's kind and formation, as the target factors list them",
        "firers in a building" => "The firing unit fires from inside a building",
        "initial volley of the battle" => "This is the unit's first volley of the battle",
        "changing to volley fire this move" => "The unit changes to volley fire this move",
        "two-unit formation" => {
            "The firers are a two-unit formation: give the rear unit's FF as well"
        }
        "rear unit FF" => "The fighting figures of the rear unit of the two-unit formation",
        "target in melee" => "Whether the target is fighting a melee, and with whom",
        "melee round" => "The round of the melee the target is fighting",
        "partial jam (from the jam check)" => {
            "The jam check this move gave a partial jam: give the penalty it read"
        }
        "jam penalty" => "The penalty the jam check read for a partial jam",
        "gun" => "The piece that fires, as the artillery ranges list them",
        "ammunition" => "Shell or cannister: each has its own range and table",
        "gun FF" => "The fighting figures of the gun's crew",
        "artillery target" => "The target, as the artillery tables list targets",
        "overhead fire" => "The gun fires over the heads of friendly troops",
        "target screened by skirmishers" => "Skirmishers stand between the gun and the target",
        "crew" => "The crew working the piece, as the jam chart lists crews",
        "class" => "The unit's class, as the rally chart lists them",
        "command" => "Who is with the unit as it tries to rally",
        "still in melee" => "The unit trying to rally is still in a melee",
        "under cannister fire" => "The unit trying to rally is under cannister fire",
        "initial FF" => "The unit's fighting figures at the start of the battle",
        "present FF" => "The unit's fighting figures now, after its losses",
        "volley losses last move (D)" => {
            "Figures the unit lost to volley fire last move (D on its record)"
        }
        "in contact (the referee's call)" => {
            "The table shows the units apart: tick if they are engaged all the same; the steps record the call"
        }
        _ => return None,
    })
}

/// A response with its field's tooltip, if the field has one.
pub fn hinted(response: egui::Response, label: &str) -> egui::Response {
    match hint(label) {
        Some(text) => response.on_hover_text(text),
        None => response,
    }
}

/// A checkbox with its field's tooltip.
pub fn check(ui: &mut egui::Ui, value: &mut bool, label: &str) -> egui::Response {
    hinted(ui.checkbox(value, label), label)
}
