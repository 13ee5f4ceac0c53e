//! What the table settles for a DBA combat: the modifiers the two bases' geometry and the
//! terrain under them decide, each with the base or terrain that decides it. The desk
//! pre-fills its combat form with them once per selection and says where each came from; a
//! value the referee changes by hand wins, and the resolution's first step says so.
//!
//! Only src/geometry measures here. A flag the table cannot decide (square, enfilade, fire
//! aid, a lost amabutho base, a river whose type the layout does not give) is not read, so
//! the form keeps what the referee set.

use crate::geometry::{
    Base, EdgeName, Layout, RiverType, TOUCH_MM, TerrainKind, contact_edge, overlaps, terrain_under,
};
use crate::resolution::{RuleRef, Step};
use crate::rules::dba_zulu::{ModifierName, Modifiers, SideId, TroopType};
use crate::ruleset::Ruleset;
use parry2d::bounding_volume::BoundingVolume;

/// One modifier the table decides: which side, the flag, the count it gives and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableValue {
    /// The side whose total the flag changes.
    pub side: SideId,
    /// The flag.
    pub name: ModifierName,
    /// The count the table gives (0 or 1 for a plain flag).
    pub count: u32,
    /// What on the table gives it, in words.
    pub why: String,
}

/// Everything the table decided for one firer → target pair.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableReading {
    /// The attacker's unit id.
    pub a_id: String,
    /// The defender's unit id.
    pub b_id: String,
    /// Every flag the table decides, those it finds absent included.
    pub values: Vec<TableValue>,
    /// What the table holds but cannot decide (a river of no stated type).
    pub undecided: Vec<String>,
}

/// A flag's count on one side (0 or 1 for a plain flag).
pub fn count(mods: &Modifiers, name: ModifierName) -> u32 {
    match name {
        ModifierName::Overlaps => mods.overlaps,
        ModifierName::FireAidedAgainst => mods.fire_aided_against,
        ModifierName::AmabuthoBaseLost => mods.amabutho_base_lost,
        ModifierName::Rough => u32::from(mods.rough),
        ModifierName::ContactingFootInRough => u32::from(mods.contacting_foot_in_rough),
        ModifierName::PreparedPosition => u32::from(mods.prepared_position),
        ModifierName::FlankOrRear => u32::from(mods.flank_or_rear),
        ModifierName::Enfiladed => u32::from(mods.enfiladed),
        ModifierName::Square => u32::from(mods.square),
        ModifierName::SmallRiver => u32::from(mods.small_river),
        ModifierName::Donga => u32::from(mods.donga),
        ModifierName::HigherGround => u32::from(mods.higher_ground),
    }
}

/// Puts a flag's count on one side, replacing what was there.
pub fn put(mods: &mut Modifiers, name: ModifierName, value: u32) {
    match name {
        ModifierName::Overlaps => mods.overlaps = value,
        ModifierName::FireAidedAgainst => mods.fire_aided_against = value,
        ModifierName::AmabuthoBaseLost => mods.amabutho_base_lost = value,
        _ => *flag(mods, name) = value > 0,
    }
}

/// The slot of a plain flag (the counted ones fall to `higher_ground`, never asked for).
fn flag(mods: &mut Modifiers, name: ModifierName) -> &mut bool {
    match name {
        ModifierName::Rough => &mut mods.rough,
        ModifierName::ContactingFootInRough => &mut mods.contacting_foot_in_rough,
        ModifierName::PreparedPosition => &mut mods.prepared_position,
        ModifierName::FlankOrRear => &mut mods.flank_or_rear,
        ModifierName::Enfiladed => &mut mods.enfiladed,
        ModifierName::Square => &mut mods.square,
        ModifierName::SmallRiver => &mut mods.small_river,
        ModifierName::Donga => &mut mods.donga,
        _ => &mut mods.higher_ground,
    }
}

/// DBA rough: "ROUGH: steep grades, rocky or broken ground and built up areas. A base partly
/// in rough is considered to be as if it were completely in rough." The layout's `rough`,
/// and the kinds that text names: broken ground and buildings (built up areas).
fn is_rough(kind: TerrainKind) -> bool {
    matches!(
        kind,
        TerrainKind::Rough | TerrainKind::BrokenGround | TerrainKind::Building
    )
}

/// "Bases in close combat may overlap an enemy base and receive a - 1 factor applied to the
/// defender per overlap, EXCEPT British regulars, artillery, rockets and Gatling Guns."
fn gives_overlaps(troop: TroopType) -> bool {
    troop != TroopType::BritishRegulars && !troop.is_gun()
}

/// The contour a base's centre stands on: the highest hill card holding it (0 off every
/// hill), with that hill's id.
fn level(layout: &Layout, base: &Base) -> (u32, Option<String>) {
    terrain_under(layout, base)
        .into_iter()
        .filter(|t| t.kind == TerrainKind::Hill && t.contains(&base.centre()))
        .filter_map(|t| {
            t.hill
                .as_ref()
                .map(|h| (h.contour, Some(t.terrain_id.clone())))
        })
        .max()
        .unwrap_or((0, None))
}

impl TableReading {
    /// Reads the table for `a` (the firer, or the base that moved into contact) against `b`.
    pub fn read(layout: &Layout, a: &Base, b: &Base) -> TableReading {
        let mut reading = TableReading {
            a_id: a.unit_id().to_owned(),
            b_id: b.unit_id().to_owned(),
            ..TableReading::default()
        };
        let contact = contact_edge(a, b).edge;
        for (side, base) in [(SideId::A, a), (SideId::B, b)] {
            reading.read_ground(layout, side, base);
        }
        reading.read_height(layout, a, b);
        if contact.is_some() {
            // "Base contacted to flank or rear in close combat : - 2": a base other than
            // the opponent (the opponent's own contact is the form's contact edge).
            reading.read_flank_contacts(layout, SideId::A, a, b);
            reading.read_flank_contacts(layout, SideId::B, b, a);
        }
        if contact == Some(EdgeName::Front) {
            reading.read_overlaps(layout, SideId::A, a, b);
            reading.read_overlaps(layout, SideId::B, b, a);
        }
        reading
    }

    fn push(&mut self, side: SideId, name: ModifierName, count: u32, why: String) {
        self.values.push(TableValue {
            side,
            name,
            count,
            why,
        });
    }

    /// Rough for either side; prepared position, donga and small river for the defender
    /// only, as the text gives them ("+ 2 to defender", "give the defender a + 1").
    fn read_ground(&mut self, layout: &Layout, side: SideId, base: &Base) {
        let who = format!("{} ({})", side.name(), base.unit_id());
        let under = terrain_under(layout, base);
        let of_kind = |test: &dyn Fn(TerrainKind) -> bool| -> Vec<String> {
            under
                .iter()
                .filter(|t| test(t.kind))
                .map(|t| format!("{} '{}'", t.kind.name(), t.terrain_id))
                .collect()
        };
        let rough = of_kind(&is_rough);
        let why = if rough.is_empty() {
            format!("{who} is in no rough ground")
        } else {
            format!("{who} is (at least partly) in {}", rough.join(", "))
        };
        self.push(side, ModifierName::Rough, u32::from(!rough.is_empty()), why);
        if side == SideId::A {
            return;
        }
        let prepared: Vec<String> = under
            .iter()
            .filter(|t| t.kind == TerrainKind::PreparedPosition && t.is_area())
            .map(|t| format!("prepared position '{}'", t.terrain_id))
            .collect();
        let why = if prepared.is_empty() {
            format!("{who} is in no prepared position")
        } else {
            format!("{who} is in {}", prepared.join(", "))
        };
        let n = u32::from(!prepared.is_empty());
        self.push(side, ModifierName::PreparedPosition, n, why);
        let donga = of_kind(&|k| k == TerrainKind::Donga);
        let why = if donga.is_empty() {
            format!("{who} is in no donga")
        } else {
            format!("{who} is in {}", donga.join(", "))
        };
        self.push(side, ModifierName::Donga, u32::from(!donga.is_empty()), why);
        // "small rivers which give the defender on its banks a + 1": the base touching the
        // river's edge (or the chalked line) is on its bank; "streams ... give no defensive
        // bonus"; a river of no stated type is left to the referee.
        let query = base.aabb().loosened(TOUCH_MM * 2.0);
        let mut small = Vec::new();
        let mut stream = Vec::new();
        let mut untyped = false;
        for river in layout.terrain_near(&query) {
            if river.kind != TerrainKind::River || !river.touches_edge(base) {
                continue;
            }
            match river.river {
                Some(RiverType::Small) => small.push(format!("small river '{}'", river.terrain_id)),
                Some(RiverType::Stream) => stream.push(format!("stream '{}'", river.terrain_id)),
                None => {
                    untyped = true;
                    self.undecided.push(format!(
                    "{who} is on the bank of river '{}', whose type (stream or small river) the layout does not give: small-river is left as set",
                    river.terrain_id
                    ));
                }
            }
        }
        if !untyped {
            let why = match (small.is_empty(), stream.is_empty()) {
                (false, _) => format!("{who} is on the bank of {}", small.join(", ")),
                (true, false) => format!(
                    "{who} is on the bank of {}: streams 'give no defensive bonus'",
                    stream.join(", ")
                ),
                (true, true) => format!("{who} is on the bank of no river"),
            };
            self.push(
                side,
                ModifierName::SmallRiver,
                u32::from(!small.is_empty()),
                why,
            );
        }
    }

    /// "+ 1 to the combat factor of the base occupying the hill AND at a higher elevation
    /// than its opponent": the contours under the two bases' centres.
    fn read_height(&mut self, layout: &Layout, a: &Base, b: &Base) {
        let (a_level, a_hill) = level(layout, a);
        let (b_level, b_hill) = level(layout, b);
        let on = |level: u32, hill: Option<String>| match hill {
            Some(id) => format!("on hill '{id}' (contour {level})"),
            None => "off every hill".to_owned(),
        };
        let why = format!(
            "a ({}) is {}, b ({}) is {}",
            a.unit_id(),
            on(a_level, a_hill),
            b.unit_id(),
            on(b_level, b_hill)
        );
        let higher = ModifierName::HigherGround;
        self.push(SideId::A, higher, u32::from(a_level > b_level), why.clone());
        self.push(SideId::B, higher, u32::from(b_level > a_level), why);
    }

    /// Enemy bases other than the opponent whose front edge touches this base's flank or
    /// rear; "EXCEPT artillery, rockets and Gatling Guns", which receive no favourable
    /// modifier for it.
    fn read_flank_contacts(&mut self, layout: &Layout, side: SideId, base: &Base, opponent: &Base) {
        let query = base.aabb().loosened(TOUCH_MM * 2.0);
        let mut by = Vec::new();
        let mut guns = Vec::new();
        for enemy in layout.bases_near(&query) {
            if enemy.side() == base.side() || enemy.unit_id() == opponent.unit_id() {
                continue;
            }
            let Some(edge @ (EdgeName::Flank | EdgeName::Rear)) = contact_edge(enemy, base).edge
            else {
                continue;
            };
            let text = format!("'{}' on its {}", enemy.unit_id(), edge.word());
            match enemy.unit_type().parse::<TroopType>() {
                Ok(troop) if troop.is_gun() => guns.push(text),
                _ => by.push(text),
            }
        }
        let who = format!("{} ({})", side.name(), base.unit_id());
        let mut why = vec![if by.is_empty() {
            format!("no other enemy base touches {who}'s flank or rear")
        } else {
            format!("{who} is contacted by {}", by.join(", "))
        }];
        if !guns.is_empty() {
            why.push(format!(
                "{} gives no modifier (artillery, rockets and Gatling guns do not)",
                guns.join(", ")
            ));
        }
        let why = why.join("; ");
        self.push(
            side,
            ModifierName::FlankOrRear,
            u32::from(!by.is_empty()),
            why,
        );
    }

    /// Enemy bases overlapping this base's flanks while it fights `opponent` to its front,
    /// as src/geometry finds them; British regulars and guns give no overlap.
    fn read_overlaps(&mut self, layout: &Layout, side: SideId, base: &Base, opponent: &Base) {
        let found = overlaps(layout, base);
        let mut counted = Vec::new();
        let mut refused = Vec::new();
        for (flank, id) in [("left", found.left), ("right", found.right)] {
            let Some(id) = id.filter(|id| id != opponent.unit_id()) else {
                continue;
            };
            let troop = layout
                .base(&id)
                .and_then(|b| b.unit_type().parse::<TroopType>().ok());
            let text = format!("'{id}' on its {flank} flank");
            match troop {
                Some(t) if gives_overlaps(t) => counted.push(text),
                Some(t) => refused.push(format!("{text} ({} give no overlaps)", t.id())),
                None => refused.push(format!("{text} (not a DBA troop type)")),
            }
        }
        let who = format!("{} ({})", side.name(), base.unit_id());
        let mut why = vec![if counted.is_empty() {
            format!("no enemy base overlaps {who}")
        } else {
            format!("{who} is overlapped by {}", counted.join(" and "))
        }];
        if !refused.is_empty() {
            why.push(format!("not counted: {}", refused.join(", ")));
        }
        let why = why.join("; ");
        let n = u32::try_from(counted.len()).unwrap_or(2);
        self.push(side, ModifierName::Overlaps, n, why);
    }

    /// Writes every value the table decides into the two sides' flags.
    pub fn fill(&self, a: &mut Modifiers, b: &mut Modifiers) {
        for v in &self.values {
            let mods = match v.side {
                SideId::A => &mut *a,
                SideId::B => &mut *b,
            };
            put(mods, v.name, v.count);
        }
    }

    /// The values the form now holds as the table gave them, the set ones only
    /// (`a:rough` — why).
    pub fn from_table(&self, a: &Modifiers, b: &Modifiers) -> Vec<String> {
        self.values
            .iter()
            .filter(|v| v.count > 0 && held(v, a, b) == v.count)
            .map(|v| format!("{} — {}", flag_text(v.side, v.name, v.count), v.why))
            .collect()
    }

    /// The values the referee changed by hand, with what the table gave.
    pub fn typed(&self, a: &Modifiers, b: &Modifiers) -> Vec<String> {
        self.values
            .iter()
            .filter(|v| held(v, a, b) != v.count)
            .map(|v| {
                format!(
                    "{} typed at the desk; the table gives {} ({})",
                    flag_text(v.side, v.name, held(v, a, b)),
                    v.count,
                    v.why
                )
            })
            .collect()
    }

    /// The step saying which values came from the table and which were typed.
    pub fn step(&self, a: &Modifiers, b: &Modifiers) -> Step {
        let mut parts = Vec::new();
        let from = self.from_table(a, b);
        parts.push(if from.is_empty() {
            format!(
                "the table ({} against {}) sets none of the modifiers it decides",
                self.a_id, self.b_id
            )
        } else {
            format!(
                "from the table ({} against {}): {}",
                self.a_id,
                self.b_id,
                from.join("; ")
            )
        });
        let typed = self.typed(a, b);
        if !typed.is_empty() {
            parts.push(format!(
                "typed at the desk, winning over the table: {}",
                typed.join("; ")
            ));
        }
        Step::note(
            RuleRef::section(Ruleset::DbaZulu, "MODIFIERS"),
            parts.join(". "),
        )
    }
}

fn held(v: &TableValue, a: &Modifiers, b: &Modifiers) -> u32 {
    let mods = match v.side {
        SideId::A => a,
        SideId::B => b,
    };
    count(mods, v.name)
}

/// `a:rough`, `b:overlaps=1`, `a:rough=0` for a flag cleared.
fn flag_text(side: SideId, name: ModifierName, value: u32) -> String {
    match (name, value) {
        (ModifierName::Overlaps, n) => format!("{}:{}={n}", side.name(), name.id()),
        (_, 0) => format!("{}:{} off", side.name(), name.id()),
        _ => format!("{}:{}", side.name(), name.id()),
    }
}
