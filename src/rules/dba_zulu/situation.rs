//! The situation of a DBA combat, built from the table and the records for the bases in
//! their roles (`a`, the firer or the base that moved into contact; `b`, the target): their
//! troop types, the contact edge, the distance between them, the figure scale, the modifiers
//! the two bases' geometry and the terrain under them decide, and a two-base amabutho that
//! has lost a base. Each value is noted with what decided it; a value given by hand
//! afterwards wins, and the resolution's first steps say so.
//!
//! A flag the table cannot decide (square, enfilade, fire aid, a river whose type the layout
//! does not give) is left as given, and noted as left to the referee where the table holds
//! something the referee must rule on.

use super::combat::{CombatInput, CombatKind, Contact, Side, SideId};
use super::modifiers::{ModifierName, Modifiers};
use super::troops::TroopType;
use super::{rule, section};
use crate::geometry::{
    Base, EdgeName, Layout, RiverType, TOUCH_MM, TerrainKind, contact_edge, edge_to_edge, overlaps,
    round_mm, terrain_under,
};
use crate::resolution::Refusal;
use crate::rules::field::{FieldId, FieldPath};
use crate::rules::situation::{Origins, Records, Roles, Source};
use parry2d::bounding_volume::BoundingVolume;

/// A unit's name as an owner: "uMcijo front's", "dragoons'".
fn possessive(unit: &str) -> String {
    if unit.ends_with('s') {
        format!("{unit}'")
    } else {
        format!("{unit}'s")
    }
}

/// The input field of a modifier flag on one side.
pub fn pointer(side: SideId, name: ModifierName) -> FieldPath {
    let flag = match name {
        ModifierName::Rough => crate::field!(Modifiers: rough),
        ModifierName::ContactingFootInRough => crate::field!(Modifiers: contacting_foot_in_rough),
        ModifierName::PreparedPosition => crate::field!(Modifiers: prepared_position),
        ModifierName::Overlaps => crate::field!(Modifiers: overlaps),
        ModifierName::FlankOrRear => crate::field!(Modifiers: flank_or_rear),
        ModifierName::FireAidedAgainst => crate::field!(Modifiers: fire_aided_against),
        ModifierName::Enfiladed => crate::field!(Modifiers: enfiladed),
        ModifierName::Square => crate::field!(Modifiers: square),
        ModifierName::SmallRiver => crate::field!(Modifiers: small_river),
        ModifierName::Donga => crate::field!(Modifiers: donga),
        ModifierName::HigherGround => crate::field!(Modifiers: higher_ground),
        ModifierName::AmabuthoBaseLost => crate::field!(Modifiers: amabutho_base_lost),
    };
    mods_field(side).then(flag)
}

/// The input field of one side's modifier flags.
pub fn mods_field(side: SideId) -> FieldPath {
    side_field(side).then(crate::field!(Side: mods))
}

/// The input field of one side.
fn side_field(side: SideId) -> FieldId {
    match side {
        SideId::A => crate::field!(CombatInput: a),
        SideId::B => crate::field!(CombatInput: b),
    }
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

/// Puts a flag's count on one side, replacing what was there (0 clears a plain flag).
pub fn put(mods: &mut Modifiers, name: ModifierName, value: u32) {
    let on = value > 0;
    match name {
        ModifierName::Overlaps => mods.overlaps = value,
        ModifierName::FireAidedAgainst => mods.fire_aided_against = value,
        ModifierName::AmabuthoBaseLost => mods.amabutho_base_lost = value,
        ModifierName::Rough => mods.rough = on,
        ModifierName::ContactingFootInRough => mods.contacting_foot_in_rough = on,
        ModifierName::PreparedPosition => mods.prepared_position = on,
        ModifierName::FlankOrRear => mods.flank_or_rear = on,
        ModifierName::Enfiladed => mods.enfiladed = on,
        ModifierName::Square => mods.square = on,
        ModifierName::SmallRiver => mods.small_river = on,
        ModifierName::Donga => mods.donga = on,
        ModifierName::HigherGround => mods.higher_ground = on,
    }
}

/// A counted flag's value as the input holds it (`true`/`false` for a plain flag).
fn json_value(name: ModifierName, count: u32) -> serde_json::Value {
    match name {
        ModifierName::Overlaps
        | ModifierName::FireAidedAgainst
        | ModifierName::AmabuthoBaseLost => count.into(),
        _ => (count > 0).into(),
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

/// A base of the layout by the id given in a role, with its DBA troop type.
fn base_in_role<'l>(
    layout: &'l Layout,
    roles: &Roles,
    role: &str,
) -> Result<(&'l Base, TroopType), Refusal> {
    let refuse = |why: String| Refusal::bad_input(rule(section::COMBAT), why);
    let id = roles.need(role).map_err(refuse)?;
    let base = layout
        .base(id)
        .ok_or_else(|| refuse(format!("{role}: no base '{id}' is on the table")))?;
    let troop = base.unit_type().parse::<TroopType>().map_err(|e| {
        refuse(format!(
            "{role}: base '{id}' is of type '{}', not a DBA troop type ({e})",
            base.unit_type()
        ))
    })?;
    Ok((base, troop))
}

/// The combat of the bases in roles `a` and `b` on this table, with these records.
///
/// Refuses (as bad input) a role not given, a base not on the table, or a base whose type
/// is not a DBA troop type.
pub fn combat(
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    kind: CombatKind,
) -> Result<CombatInput, Refusal> {
    let (a, a_troop) = base_in_role(layout, roles, "a")?;
    let (b, b_troop) = base_in_role(layout, roles, "b")?;
    let mut input = CombatInput::new(kind, a_troop, b_troop);
    let mut reading = Reading {
        input: &mut input,
        origins: Origins::default(),
        units: [a.unit_id().to_owned(), b.unit_id().to_owned()],
    };
    reading.read(layout, records, a, b);
    let origins = reading.origins;
    input.origins = origins;
    Ok(input)
}

/// The input being filled and the origins of what was filled.
struct Reading<'i> {
    input: &'i mut CombatInput,
    origins: Origins,
    /// The units of a and b, as the steps name them.
    units: [String; 2],
}

impl Reading<'_> {
    /// The unit on one side.
    fn unit(&self, side: SideId) -> &str {
        match side {
            SideId::A => &self.units[0],
            SideId::B => &self.units[1],
        }
    }

    fn flag(&mut self, side: SideId, name: ModifierName, count: u32, why: String) {
        let mods = match side {
            SideId::A => &mut self.input.a.mods,
            SideId::B => &mut self.input.b.mods,
        };
        put(mods, name, count);
        let unit = self.unit(side).to_owned();
        self.origins.note(
            pointer(side, name),
            format!("{unit} {}", name.id().replace('-', " ")),
            json_value(name, count),
            Source::Table,
            why,
        );
    }

    fn read(&mut self, layout: &Layout, records: &dyn Records, a: &Base, b: &Base) {
        for (side, base) in [(SideId::A, a), (SideId::B, b)] {
            let troop = match side {
                SideId::A => self.input.a.troop,
                SideId::B => self.input.b.troop,
            };
            self.origins.note(
                side_field(side).then(crate::field!(Side: troop)),
                format!("{} troop type", possessive(base.unit_id())),
                troop,
                Source::Table,
                "its base on the table",
            );
        }
        // The contact edge src/geometry measures: a's front edge against b's edges.
        let contact = contact_edge(a, b).edge;
        let (edge, touching) = match contact {
            Some(EdgeName::Flank) => (Contact::Flank, true),
            Some(EdgeName::Rear) => (Contact::Rear, true),
            Some(EdgeName::Front) => (Contact::Front, true),
            None => (Contact::Front, false),
        };
        self.input.contact = edge;
        self.input.in_contact = touching;
        let why = match contact {
            Some(e) => format!(
                "{} front edge touches {} {} (within {TOUCH_MM} mm)",
                possessive(a.unit_id()),
                possessive(b.unit_id()),
                e.word()
            ),
            None => format!(
                "the bases do not touch: {} apart",
                crate::rules::words::mm(round_mm(edge_to_edge(a, b).mm))
            ),
        };
        if touching {
            self.origins.note(
                crate::field!(CombatInput: contact),
                "contact",
                edge,
                Source::Table,
                why.clone(),
            );
        }
        self.origins.note(
            crate::field!(CombatInput: in_contact),
            "in contact",
            touching,
            Source::Table,
            why,
        );
        // "Bases may engage in fire combat up to the limit of their listed range",
        // measured between the nearest points of the two bases.
        if self.input.kind == CombatKind::Ranged {
            let mm = round_mm(edge_to_edge(a, b).mm);
            self.input.range_mm = Some(mm);
            self.origins.note(
                crate::field!(CombatInput: range_mm),
                "range mm",
                mm,
                Source::Table,
                "measured between the nearest points of the two bases",
            );
        }
        // The layout's figure scale sets the listed ranges' and the base depths' scale.
        if let Some(mm) = layout.figure_scale_mm {
            let scale = format!("{mm}mm");
            self.input.scale = Some(scale.clone());
            self.origins.note(
                crate::field!(CombatInput: scale),
                "figure scale",
                scale,
                Source::Table,
                "the layout's figure scale",
            );
        }
        for (side, base) in [(SideId::A, a), (SideId::B, b)] {
            self.read_ground(layout, side, base);
        }
        self.read_height(layout, a, b);
        if contact.is_some() {
            // "Base contacted to flank or rear in close combat : - 2": a base other than
            // the opponent (the opponent's own contact is the contact edge).
            self.read_flank_contacts(layout, SideId::A, a, b);
            self.read_flank_contacts(layout, SideId::B, b, a);
        }
        if contact == Some(EdgeName::Front) {
            self.read_overlaps(layout, SideId::A, a, b);
            self.read_overlaps(layout, SideId::B, b, a);
        }
        for (side, base) in [(SideId::A, a), (SideId::B, b)] {
            self.read_amabutho(records, side, base);
        }
    }

    /// "Note only one stand of 2 base amabutho is removed": a Zulu unit of two bases that
    /// has lost one fights on with the other (`amabutho-base-lost`), from the records.
    fn read_amabutho(&mut self, records: &dyn Records, side: SideId, base: &Base) {
        let troop = match side {
            SideId::A => self.input.a.troop,
            SideId::B => self.input.b.troop,
        };
        if troop != TroopType::Zulus {
            return;
        }
        let Some(unit) = records.unit(base.unit_id()) else {
            return;
        };
        if unit.initial != 2 {
            return;
        }
        let lost = u32::from(unit.present < unit.initial);
        let name = ModifierName::AmabuthoBaseLost;
        let mods = match side {
            SideId::A => &mut self.input.a.mods,
            SideId::B => &mut self.input.b.mods,
        };
        put(mods, name, lost);
        self.origins.note(
            pointer(side, name),
            format!("{} {}", base.unit_id(), name.id().replace('-', " ")),
            json_value(name, lost),
            Source::Records,
            format!(
                "'{}' is a two-base amabutho with {} of 2 bases left",
                base.unit_id(),
                unit.present
            ),
        );
    }

    /// Rough for either side; prepared position, donga and small river for the defender
    /// only, as the text gives them ("+ 2 to defender", "give the defender a + 1").
    fn read_ground(&mut self, layout: &Layout, side: SideId, base: &Base) {
        let who = base.unit_id();
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
        self.flag(side, ModifierName::Rough, u32::from(!rough.is_empty()), why);
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
        self.flag(side, ModifierName::PreparedPosition, n, why);
        let donga = of_kind(&|k| k == TerrainKind::Donga);
        let why = if donga.is_empty() {
            format!("{who} is in no donga")
        } else {
            format!("{who} is in {}", donga.join(", "))
        };
        self.flag(side, ModifierName::Donga, u32::from(!donga.is_empty()), why);
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
                    self.origins.undecided.push(format!(
                        "{who} is on the bank of river '{}', whose type (stream or small river) the layout does not give: whether it is a small river is the referee's call",
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
            let n = u32::from(!small.is_empty());
            self.flag(side, ModifierName::SmallRiver, n, why);
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
        self.flag(SideId::A, higher, u32::from(a_level > b_level), why.clone());
        self.flag(SideId::B, higher, u32::from(b_level > a_level), why);
    }

    /// Enemy bases other than the opponent whose front edge touches this base's flank or
    /// rear; "EXCEPT artillery, rockets and Gatling Guns", which receive no favourable
    /// modifier for it.
    fn read_flank_contacts(&mut self, layout: &Layout, side: SideId, base: &Base, opponent: &Base) {
        let query = base.aabb().loosened(TOUCH_MM * 2.0);
        let mut by = Vec::new();
        let mut guns = Vec::new();
        let bases = layout.bases();
        // Contact is worked once per footprint: the bases lying on one touch alike.
        for stack in layout.footprints_near(&query) {
            let Some(edge @ (EdgeName::Flank | EdgeName::Rear)) =
                contact_edge(&bases[stack[0]], base).edge
            else {
                continue;
            };
            for enemy in stack.iter().map(|i| &bases[*i]) {
                if enemy.side() == base.side() || enemy.unit_id() == opponent.unit_id() {
                    continue;
                }
                let text = format!("'{}' on its {}", enemy.unit_id(), edge.word());
                match enemy.unit_type().parse::<TroopType>() {
                    Ok(troop) if troop.is_gun() => guns.push(text),
                    _ => by.push(text),
                }
            }
        }
        let who = base.unit_id();
        let mut why = vec![if by.is_empty() {
            format!(
                "no other enemy base touches {} flank or rear",
                possessive(who)
            )
        } else {
            format!("{who} is contacted by {}", by.join(", "))
        }];
        if !guns.is_empty() {
            why.push(format!(
                "{} gives no modifier (artillery, rockets and Gatling guns do not)",
                guns.join(", ")
            ));
        }
        let n = u32::from(!by.is_empty());
        self.flag(side, ModifierName::FlankOrRear, n, why.join("; "));
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
                Some(t) => refused.push(format!(
                    "{text} ({} give no overlaps)",
                    crate::rules::words::readable(t.id())
                )),
                None => refused.push(format!("{text} (not a DBA troop type)")),
            }
        }
        let who = base.unit_id();
        let mut why = vec![if counted.is_empty() {
            format!("no enemy base overlaps {who}")
        } else {
            format!("{who} is overlapped by {}", counted.join(" and "))
        }];
        if !refused.is_empty() {
            why.push(format!("not counted: {}", refused.join(", ")));
        }
        let n = u32::try_from(counted.len()).unwrap_or(2);
        self.flag(side, ModifierName::Overlaps, n, why.join("; "));
    }
}

/// A side's troop and flags, for a form that edits them.
pub fn side_mut(input: &mut CombatInput, side: SideId) -> &mut Side {
    match side {
        SideId::A => &mut input.a,
        SideId::B => &mut input.b,
    }
}

/// "An extra command point is required if the base ( or formation ) is 12" beyond the
/// commander's base in open terrain or 6" beyond the commander's base if out of line of
/// sight and/or in concealment terrain" (Movement 1): the orders for the bases in roles
/// `move-1` ... `move-12`, each a single base, measured from the base in role `commander`
/// (between the two bases' nearest points, the inches at the figure scale), put before the
/// orders `base` holds already.
///
/// The table decides what a distance can: within 6" no extra point; beyond 12" with the
/// ordered base in open ground (no terrain under it but a road) the 12" point. Whether a
/// base is out of the commander's sight, or its ground conceals it, is the scenario's and
/// the referee's ("it might provide concealment ... This is specified by scenario"), so
/// beyond 6" that is left to the referee, named.
///
/// Refuses (as bad input) no commander, a base not on the table, one the records show has
/// left the game, or one of the other side.
pub fn command(
    charts: &crate::charts::Charts,
    layout: &Layout,
    records: &dyn Records,
    roles: &Roles,
    base: super::CommandInput,
) -> Result<super::CommandInput, Refusal> {
    use super::command::{CHART, COMMAND_ROLES, MoveOrder, MoveUnit};
    let refuse = |why: String| Refusal::bad_input(rule(section::MOVEMENT), why);
    let on_table = |role: &str| -> Result<&Base, Refusal> {
        let id = roles.need(role).map_err(refuse)?;
        let base = layout
            .base(id)
            .ok_or_else(|| refuse(format!("{role}: no base '{id}' is on the table")))?;
        if records.unit(id).is_some_and(|u| u.removed) {
            return Err(refuse(format!(
                "{role}: '{id}' has left the game, the records show"
            )));
        }
        Ok(base)
    };
    let commander = on_table("commander")?;
    let mut reader = crate::charts::CellReader::new(charts, super::RULESET);
    let scale_name = layout.figure_scale_mm.map(|mm| format!("{mm}mm"));
    let scale = super::moves::read_scale(&mut reader, scale_name.as_ref());
    let limit = |reader: &mut crate::charts::CellReader<'_>, key: &str| {
        let inches = reader.int(CHART, &[key])?;
        let scale = scale.as_ref()?;
        #[allow(clippy::cast_precision_loss)] // a chart's inches are small
        Some((inches, scale.inches_to_mm(inches as f64)))
    };
    let far_open = limit(&mut reader, "far-open-in");
    let far_sight = limit(&mut reader, "far-out-of-sight-in");
    let mut input = base;
    let mut origins = Origins::default();
    let mut moves = Vec::new();
    for role in &COMMAND_ROLES[1..] {
        if roles.get(role).is_none() {
            continue;
        }
        let moved = on_table(role)?;
        let who = moved.unit_id().to_owned();
        if moved.side() != commander.side() {
            // "The British player spends one command point to move a single base ... The
            // Zulu player spends command points to halt" his own bases.
            return Err(refuse(format!(
                "{role}: '{who}' is a {} base, the commander's base '{}' a {} one: a commander orders his own side's bases",
                moved.side(),
                commander.unit_id(),
                commander.side()
            )));
        }
        let i = moves.len();
        let mm = round_mm(edge_to_edge(commander, moved).mm);
        let apart = format!(
            "{who} is {} from the commander's base ({})",
            crate::rules::words::mm(mm),
            commander.unit_id()
        );
        let ground: Vec<String> = terrain_under(layout, moved)
            .into_iter()
            .filter(|t| t.kind != TerrainKind::Road)
            .map(|t| format!("{} '{}'", t.kind.name(), t.terrain_id))
            .collect();
        let mut order = MoveOrder {
            unit: MoveUnit::Base,
            far: false,
            out_of_sight: false,
            line: None,
            base: Some(who.clone()),
        };
        let order_field = crate::field!(super::command::CommandInput: moves).item(i);
        let far = order_field.clone().then(crate::field!(MoveOrder: far));
        let sight = order_field.then(crate::field!(MoveOrder: out_of_sight));
        let label = |what: &str| format!("{who} {what}");
        match (far_open, far_sight) {
            (Some((open_in, open_mm)), Some((sight_in, sight_mm))) => {
                if mm <= sight_mm {
                    let why = format!("{apart}: not beyond {sight_in}\"");
                    origins.note(&far, label("far"), false, Source::Table, why.clone());
                    origins.note(&sight, label("out of sight"), false, Source::Table, why);
                } else if mm > open_mm && ground.is_empty() {
                    order.far = true;
                    let why = format!("{apart}, beyond {open_in}\", in open terrain");
                    origins.note(&far, label("far"), true, Source::Table, why);
                } else {
                    if mm <= open_mm {
                        let why = format!("{apart}: not beyond {open_in}\"");
                        origins.note(&far, label("far"), false, Source::Table, why);
                    }
                    let ground = if ground.is_empty() {
                        String::new()
                    } else {
                        format!(" (it is in {})", ground.join(", "))
                    };
                    origins.undecided.push(format!(
                        "{apart}, beyond {sight_in}\"{ground}: whether it is out of his line of sight or in concealment terrain is the scenario's call (--beyond {role}=out-of-sight)"
                    ));
                }
            }
            _ => origins.undecided.push(format!(
                "{apart}: the distances or the figure scale are unknown in the tables, so whether it is beyond them is the referee's call (--beyond {role}=far|out-of-sight)"
            )),
        }
        moves.push(order);
    }
    moves.append(&mut input.moves);
    input.moves = moves;
    input.origins = origins;
    Ok(input)
}
