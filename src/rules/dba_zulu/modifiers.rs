//! The combat modifiers: named flags on the side whose total they change, and where the
//! text says each applies. A flag given where its rule cannot apply adds a step saying it
//! has no effect and why; a contradictory one is refused.

use super::combat::{CombatKind, Contact, SideId};
use super::troops::{CHART, Troop, TroopType};
use super::{cell, rule, section};
use crate::charts::CellReader;
use crate::resolution::{Refusal, Step};
use std::fmt;
use std::str::FromStr;

/// A modifier flag, as written after `a:` or `b:` in `--mod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModifierName {
    /// The base itself is in rough (partly in rough counts as wholly).
    Rough,
    /// A mounted base, not itself in rough, in contact with foot in rough.
    ContactingFootInRough,
    /// Behind stone walls, mealie bags and the like (defender only).
    PreparedPosition,
    /// Flanks overlapped in close combat (`overlaps=N`, N up to 2).
    Overlaps,
    /// Contacted in flank or rear in close combat by a base other than the opponent.
    FlankOrRear,
    /// Bases aiding the ranged fire against this base (`fire-aided-against=N`).
    FireAidedAgainst,
    /// Shot at by enfilading fire.
    Enfiladed,
    /// In square (an intact square in close combat).
    Square,
    /// Defending on the bank of a small river.
    SmallRiver,
    /// Defending in a donga.
    Donga,
    /// On a kopje or hill and higher than its opponent.
    HigherGround,
    /// A Zulu amabutho that has lost one of its two bases.
    AmabuthoBaseLost,
}

impl ModifierName {
    /// Every flag, in the order the issue lists them.
    pub const ALL: [ModifierName; 12] = [
        ModifierName::Rough,
        ModifierName::ContactingFootInRough,
        ModifierName::PreparedPosition,
        ModifierName::Overlaps,
        ModifierName::FlankOrRear,
        ModifierName::FireAidedAgainst,
        ModifierName::Enfiladed,
        ModifierName::Square,
        ModifierName::SmallRiver,
        ModifierName::Donga,
        ModifierName::HigherGround,
        ModifierName::AmabuthoBaseLost,
    ];

    /// The flag's name.
    pub fn id(self) -> &'static str {
        match self {
            ModifierName::Rough => "rough",
            ModifierName::ContactingFootInRough => "contacting-foot-in-rough",
            ModifierName::PreparedPosition => "prepared-position",
            ModifierName::Overlaps => "overlaps",
            ModifierName::FlankOrRear => "flank-or-rear",
            ModifierName::FireAidedAgainst => "fire-aided-against",
            ModifierName::Enfiladed => "enfiladed",
            ModifierName::Square => "square",
            ModifierName::SmallRiver => "small-river",
            ModifierName::Donga => "donga",
            ModifierName::HigherGround => "higher-ground",
            ModifierName::AmabuthoBaseLost => "amabutho-base-lost",
        }
    }

    /// The largest count the flag takes (`=N`); 1 for a plain flag.
    fn max_count(self) -> u32 {
        match self {
            // "Each flank overlapped": a base has two flanks.
            ModifierName::Overlaps => 2,
            ModifierName::FireAidedAgainst => u32::MAX,
            // An amabutho is two bases; with one lost, the other fights at +3.
            _ => 1,
        }
    }
}

impl fmt::Display for ModifierName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for ModifierName {
    type Err = String;

    fn from_str(text: &str) -> Result<ModifierName, String> {
        ModifierName::ALL
            .into_iter()
            .find(|m| m.id() == text)
            .ok_or_else(|| {
                format!(
                    "'{text}' is not a modifier: expected one of {}",
                    ModifierName::ALL.map(ModifierName::id).join(", ")
                )
            })
    }
}

/// The modifier flags of one side.
#[allow(clippy::struct_excessive_bools)] // one named flag per modifier the text lists
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Modifiers {
    /// `rough`.
    pub rough: bool,
    /// `contacting-foot-in-rough`.
    pub contacting_foot_in_rough: bool,
    /// `prepared-position`.
    pub prepared_position: bool,
    /// `overlaps=N`: flanks overlapped (0–2).
    pub overlaps: u32,
    /// `flank-or-rear`.
    pub flank_or_rear: bool,
    /// `fire-aided-against=N`: additional bases aiding the fire at this base.
    pub fire_aided_against: u32,
    /// `enfiladed`.
    pub enfiladed: bool,
    /// `square`.
    pub square: bool,
    /// `small-river`.
    pub small_river: bool,
    /// `donga`.
    pub donga: bool,
    /// `higher-ground`.
    pub higher_ground: bool,
    /// `amabutho-base-lost` (0 or 1).
    pub amabutho_base_lost: u32,
}

impl Modifiers {
    /// Sets one flag; `count` is N of `NAME=N` (1 for a plain flag). Refuses a count the
    /// flag cannot take and a flag given twice.
    pub fn set(&mut self, name: ModifierName, count: u32) -> Result<(), String> {
        let counted_flag = matches!(
            name,
            ModifierName::Overlaps
                | ModifierName::FireAidedAgainst
                | ModifierName::AmabuthoBaseLost
        );
        if count > name.max_count() || (!counted_flag && count != 1) {
            return Err(match name {
                ModifierName::Overlaps => format!(
                    "overlaps={count}: a base has two flanks, so at most 2 can be overlapped"
                ),
                ModifierName::AmabuthoBaseLost => format!(
                    "amabutho-base-lost={count}: an amabutho has two bases; it fights on with one (+3) after losing one"
                ),
                _ => format!("{name}={count}: this flag takes no count"),
            });
        }
        let flag = |slot: &mut bool| {
            if std::mem::replace(slot, true) {
                Err(format!("{name} is given twice"))
            } else {
                Ok(())
            }
        };
        let counted = |slot: &mut u32| {
            if *slot > 0 {
                Err(format!("{name} is given twice"))
            } else {
                *slot = count;
                Ok(())
            }
        };
        match name {
            ModifierName::Rough => flag(&mut self.rough),
            ModifierName::ContactingFootInRough => flag(&mut self.contacting_foot_in_rough),
            ModifierName::PreparedPosition => flag(&mut self.prepared_position),
            ModifierName::Overlaps => counted(&mut self.overlaps),
            ModifierName::FlankOrRear => flag(&mut self.flank_or_rear),
            ModifierName::FireAidedAgainst => counted(&mut self.fire_aided_against),
            ModifierName::Enfiladed => flag(&mut self.enfiladed),
            ModifierName::Square => flag(&mut self.square),
            ModifierName::SmallRiver => flag(&mut self.small_river),
            ModifierName::Donga => flag(&mut self.donga),
            ModifierName::HigherGround => flag(&mut self.higher_ground),
            ModifierName::AmabuthoBaseLost => counted(&mut self.amabutho_base_lost),
        }
    }

    /// Parses `a:NAME[=N]` or `b:NAME[=N]` (the `--mod` argument) into its side, flag and count.
    pub fn parse_arg(text: &str) -> Result<(SideId, ModifierName, u32), String> {
        let (side, rest) = text
            .split_once(':')
            .ok_or_else(|| format!("--mod '{text}': expected a:NAME[=N] or b:NAME[=N]"))?;
        let side = match side {
            "a" => SideId::A,
            "b" => SideId::B,
            other => {
                return Err(format!(
                    "--mod '{text}': side '{other}' is neither a (the attacker) nor b (the defender)"
                ));
            }
        };
        let (name, count) = match rest.split_once('=') {
            Some((name, n)) => {
                let n: u32 = n.parse().map_err(|_| {
                    format!("--mod '{text}': '{n}' is not a count (a whole number, 0 or more)")
                })?;
                (name, n)
            }
            None => (rest, 1),
        };
        let name: ModifierName = name.parse().map_err(|e| format!("--mod '{text}': {e}"))?;
        Ok((side, name, count))
    }
}

/// What one side's total is built from: its own flags and type, and its opponent's.
pub(crate) struct SideView<'a> {
    /// The side.
    pub id: SideId,
    /// Its row.
    pub troop: &'a Troop,
    /// Its flags.
    pub mods: &'a Modifiers,
    /// The opponent's row.
    pub opponent: &'a Troop,
    /// The opponent's flags.
    pub opponent_mods: &'a Modifiers,
}

/// The combat as a whole, as the modifiers see it.
pub(crate) struct CombatView {
    /// Ranged or close.
    pub kind: CombatKind,
    /// Where a touches b.
    pub contact: Contact,
    /// Ranged combat at bases in contact.
    pub in_contact: bool,
    /// Ranged combat where the target fires back.
    pub b_returns_fire: bool,
}

impl CombatView {
    fn close(&self) -> bool {
        self.kind == CombatKind::Close
    }

    /// Whether the two bases touch: always in close combat, with `--in-contact` in ranged.
    fn touching(&self) -> bool {
        self.close() || self.in_contact
    }
}

/// One side's running total as its modifiers are added: a valued step for each, a note for
/// each flag that cannot apply (pushed after them), and the first modifier that overflowed.
struct Tally<'s> {
    /// The side's name, at the head of every step.
    who: &'static str,
    /// The resolution's steps.
    steps: &'s mut Vec<Step>,
    /// The total so far.
    total: i64,
    /// The flags with no effect, and the section saying why.
    notes: Vec<(&'static str, String)>,
    /// The first modifier whose product or sum overflowed.
    overflowed: Option<String>,
}

impl Tally<'_> {
    /// Adds the modifier `key` from the chart `times` times, with a step saying why.
    fn add(&mut self, reader: &mut CellReader<'_>, key: &str, times: i64, text: &str) {
        let who = self.who;
        if let Some(value) = reader.int("modifiers", &[key]) {
            let Some((value, sum)) = value
                .checked_mul(times)
                .and_then(|v| self.total.checked_add(v).map(|t| (v, t)))
            else {
                self.overflowed
                    .get_or_insert_with(|| format!("{who}: modifier {key}"));
                return;
            };
            self.total = sum;
            self.steps.push(Step::valued(
                cell(section::MODIFIERS, "modifiers", &[key]),
                format!("{who}: {text}"),
                value,
                Some(self.total.into()),
            ));
        }
    }

    /// Notes a flag that has no effect, citing the section that says why.
    fn note(&mut self, sec: &'static str, text: String) {
        self.notes.push((sec, text));
    }
}

/// Adds one side's modifiers to its running total, one step each; flags that cannot apply
/// get a step saying so. Returns the total before the die.
pub(crate) fn apply(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    steps: &mut Vec<Step>,
    total: i64,
) -> Result<i64, Refusal> {
    let who = side.id.name();
    // A club value or a count beyond every bound must not wrap the total: the first
    // modifier whose product or sum overflows is refused.
    let mut tally = Tally {
        who,
        steps,
        total,
        notes: Vec::new(),
        overflowed: None,
    };
    rough(reader, view, side, &mut tally);
    contacting_foot_in_rough(reader, view, side, &mut tally);
    prepared_position(reader, side, &mut tally);
    overlaps(reader, view, side, &mut tally);
    flank_or_rear(reader, view, side, &mut tally);
    fire_aided_against(reader, view, side, &mut tally);
    enfiladed(reader, view, side, &mut tally);
    square(reader, view, side, &mut tally);
    small_river(reader, view, side, &mut tally);
    donga(reader, side, &mut tally);
    higher_ground(reader, view, side, &mut tally);
    amabutho_base_lost(reader, side, &mut tally);

    let Tally {
        steps,
        total,
        notes,
        overflowed,
        ..
    } = tally;
    for (sec, text) in notes {
        steps.push(Step::note(rule(sec), format!("{who}: {text}")));
    }
    if let Some(what) = overflowed {
        return crate::bounds::checked(rule(section::MODIFIERS), &what, None);
    }
    Ok(total)
}

/// The rough modifiers: -2 to mounted troops in rough, -2 to regulars, guns and rifles in
/// rough using ranged combat, -1 to regulars and guns in rough in close combat.
fn rough(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    let me = side.troop;
    let is_regular_or_gun = me.kind == TroopType::BritishRegulars || me.kind.is_gun();
    // Rough: "- 2 to all mounted troop types (Light Horse, Cavalry but not dismounted Light
    // Horse ) in rough or contacting foot in rough : - 2 to British Regulars, artillery,
    // rockets, Gatling guns, native and Zulu rifles using ranged combat except when in
    // contact : - 1 to British Regulars, artillery, rockets and Gatling guns in close combat".
    if side.mods.rough {
        reader.mark_used(CHART, &[me.kind.id(), "mounted"]);
        if me.mounted {
            tally.add(
                reader,
                "rough-mounted",
                1,
                &format!("{} (mounted) in rough", me.label),
            );
        } else if view.close() {
            if is_regular_or_gun {
                tally.add(
                    reader,
                    "rough-close",
                    1,
                    &format!("{} in rough, in close combat", me.label),
                );
            } else {
                tally.note(section::MODIFIERS, format!(
                    "rough has no effect: in close combat the rough modifiers name only mounted troops and British regulars, artillery, rockets and Gatling guns, not {}",
                    me.label
                ));
            }
        } else if is_regular_or_gun || me.kind == TroopType::ZuluRifles {
            if side.id == SideId::B && !view.b_returns_fire {
                tally.note(section::MODIFIERS, format!(
                    "rough has no effect: {} lose 2 in rough when 'using ranged combat', and b does not return fire",
                    me.label
                ));
            } else if view.in_contact {
                tally.note(section::MODIFIERS, format!(
                    "rough has no effect: {} in rough lose 2 using ranged combat 'except when in contact'",
                    me.label
                ));
            } else {
                tally.add(
                    reader,
                    "rough-ranged",
                    1,
                    &format!("{} in rough, using ranged combat", me.label),
                );
            }
        } else {
            tally.note(section::MODIFIERS, format!(
                "rough has no effect: in ranged combat the rough modifiers name only mounted troops and British regulars, artillery, rockets, Gatling guns, native and Zulu rifles, not {}",
                me.label
            ));
        }
    }
}

/// A mounted base contacting foot in rough: -2, once, given by the flag or seen from the
/// opponent.
fn contacting_foot_in_rough(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    let me = side.troop;
    let mods = side.mods;
    // "... in rough or contacting foot in rough": one -2 for a mounted base not itself in
    // rough. Given by the flag, or seen from the opponent: foot flagged `rough`, in contact.
    if side.opponent_mods.rough && view.touching() {
        reader.mark_used(CHART, &[side.opponent.kind.id(), "foot"]);
        reader.mark_used(CHART, &[me.kind.id(), "mounted"]);
    }
    let opponent_is_foot_in_rough =
        side.opponent.foot && side.opponent_mods.rough && view.touching();
    if mods.contacting_foot_in_rough || (me.mounted && !mods.rough && opponent_is_foot_in_rough) {
        if !me.mounted {
            tally.note(section::MODIFIERS, format!(
                "contacting-foot-in-rough has no effect: it applies to mounted troop types only, not {}",
                me.label
            ));
        } else if mods.rough {
            tally.note(section::MODIFIERS,
                "contacting-foot-in-rough has no further effect: the base is already at -2 for being in rough ('in rough or contacting foot in rough')".to_owned());
        } else if !view.touching() {
            tally.note(section::MODIFIERS,
                "contacting-foot-in-rough has no effect: the bases are not in contact (a ranged combat with the bases not marked in contact)".to_owned());
        } else {
            let why = if mods.contacting_foot_in_rough {
                format!("{} (mounted) contacting foot in rough", me.label)
            } else {
                format!(
                    "{} (mounted) contacting foot in rough (its opponent, {}, is in rough)",
                    me.label, side.opponent.label
                )
            };
            tally.add(reader, "contacting-foot-in-rough", 1, &why);
        }
    }
}

/// A prepared position: +2, to the defender only.
fn prepared_position(reader: &mut CellReader<'_>, side: &SideView<'_>, tally: &mut Tally<'_>) {
    // "Prepared position ( Stone walls, mealy bags etc ) : + 2 to defender".
    if side.mods.prepared_position {
        if side.id == SideId::B {
            tally.add(
                reader,
                "prepared-position",
                1,
                "defender in a prepared position",
            );
        } else {
            tally.note(
                section::MODIFIERS,
                "prepared-position has no effect: it is '+ 2 to defender', and a is the attacker"
                    .to_owned(),
            );
        }
    }
}

/// Each flank overlapped in close combat: -1, not against an intact square.
fn overlaps(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    let mods = side.mods;
    // "Each flank overlapped in close combat : - 1 ( does not apply to bases in square;
    // British regulars, artillery, rockets and Gatling guns cannot use this modifier )".
    if mods.overlaps > 0 {
        if !view.close() {
            tally.note(section::MODIFIERS,
                "overlaps have no effect: 'Each flank overlapped in close combat' (this is ranged combat)".to_owned());
        } else if mods.square {
            tally.note(section::MODIFIERS,
                "overlaps have no effect: 'no overlaps are possible against units forming an intact square in close combat' (a square with a gap on that flank: give the overlaps without `square`)".to_owned());
        } else {
            tally.add(reader, "overlap", i64::from(mods.overlaps), &format!(
                    "{} flank(s) overlapped (by bases other than British regulars, artillery, rockets or Gatling guns, which cannot give overlaps)",
                    mods.overlaps
                ));
        }
    }
}

/// A base contacted in flank or rear in close combat: -2, once, by a or by another base;
/// guns contacting a flank or rear give no modifier.
fn flank_or_rear(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    let mods = side.mods;
    // "Base contacted to flank or rear in close combat : - 2"; "Bases may contact an enemy
    // bases flank or rear and receive favorable modifiers EXCEPT artillery, rockets and
    // Gatling Guns."
    let contacted_by_opponent = side.id == SideId::B && view.contact != Contact::Front;
    if contacted_by_opponent || mods.flank_or_rear {
        if view.close() {
            let by_opponent_counts = contacted_by_opponent && !side.opponent.kind.is_gun();
            if contacted_by_opponent && !by_opponent_counts {
                tally.note(section::CLOSE, format!(
                    "a's contact on b's {} gives no modifier: bases contacting a flank or rear receive favourable modifiers 'EXCEPT artillery, rockets and Gatling Guns'",
                    view.contact.name()
                ));
            }
            if by_opponent_counts {
                tally.add(
                    reader,
                    "flank-or-rear",
                    1,
                    &format!("contacted in the {} by a", view.contact.name()),
                );
                if mods.flank_or_rear {
                    tally.note(section::MODIFIERS,
                        "flank-or-rear has no further effect: the -2 is once per base, not per contacting base".to_owned());
                }
            } else if mods.flank_or_rear {
                tally.add(
                    reader,
                    "flank-or-rear",
                    1,
                    "contacted in flank or rear by another enemy base",
                );
            }
        } else {
            tally.note(section::MODIFIERS, format!(
                "{} contact has no effect on the totals: 'Base contacted to flank or rear in close combat' (this is ranged combat)",
                if contacted_by_opponent { view.contact.name() } else { "flank-or-rear" }
            ));
        }
    }
}

/// Why a fire modifier against the firer a has no effect.
const NOT_SHOT_AT: &str = "a is not shot at: b does not return fire";

/// Whether the side is shot at. Fire aid, enfilade and a square's -1 are against a base
/// being shot at: the firer a is shot at only when b returns fire.
fn shot_at(view: &CombatView, side: &SideView<'_>) -> bool {
    !view.close() && (side.id == SideId::B || view.b_returns_fire)
}

/// Each additional base aiding the fire at this base: -1, not when the firers are rifles.
fn fire_aided_against(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    let mods = side.mods;
    // "Each additional base aiding ranged fire : - 1 ( does not apply to Zulu or native
    // rifles; also their fire may not be aided )".
    if mods.fire_aided_against > 0 {
        if !view.close() && !shot_at(view, side) {
            tally.note(
                section::RANGED,
                format!("fire-aided-against has no effect: {NOT_SHOT_AT}"),
            );
        } else if view.close() {
            tally.note(section::MODIFIERS,
                "fire-aided-against has no effect: fire aid is for ranged fire (this is close combat)".to_owned());
        } else if side.opponent.kind == TroopType::ZuluRifles {
            tally.note(section::RANGED,
                "fire-aided-against has no effect: 'Native and Zulu rifles can neither aid or be aided in fire combat'".to_owned());
        } else {
            tally.add(reader, "fire-aid", i64::from(mods.fire_aided_against), &format!(
                    "{} additional base(s) aiding the fire at it (British player bases, not native rifles, adjacent to the firer, the target in their field of fire and sight)",
                    mods.fire_aided_against
                ));
        }
    }
}

/// The target of enfilading fire: -1.
fn enfiladed(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    // "Such fire adds a - 1 modifier to the target's combat factor."
    if side.mods.enfiladed {
        if !view.close() && !shot_at(view, side) {
            tally.note(
                section::RANGED,
                format!("enfiladed has no effect: {NOT_SHOT_AT}"),
            );
        } else if view.close() {
            tally.note(
                section::RANGED,
                "enfiladed has no effect: enfilading fire is ranged fire (this is close combat)"
                    .to_owned(),
            );
        } else {
            tally.add(reader, "enfiladed", 1, "target of enfilading fire");
        }
    }
}

/// A square shot at: -1; none in close combat.
fn square(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    // "They have a - 1 modifier if shot at. However, no overlaps are possible against units
    // forming an intact square in close combat."
    if side.mods.square {
        if !view.close() && !shot_at(view, side) {
            tally.note(
                section::MOVEMENT,
                format!("square has no effect: the -1 is 'if shot at', and {NOT_SHOT_AT}"),
            );
        } else if view.close() {
            tally.note(section::MOVEMENT,
                "square: no -1 in close combat (only 'if shot at'); an intact square cannot be overlapped".to_owned());
        } else {
            tally.add(reader, "square", 1, "in square, shot at");
        }
    }
}

/// The defender on the bank of a small river: +1, in close combat only.
fn small_river(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    // "small rivers which give the defender on its banks a + 1 combat modifier when
    // defending in close combat only (i.e. NOT if being fired at and not if the base on the
    // bank is the attacker)".
    if side.mods.small_river {
        if side.id == SideId::A {
            tally.note(
                section::TERRAIN,
                "small-river has no effect: 'not if the base on the bank is the attacker'"
                    .to_owned(),
            );
        } else if !view.close() {
            tally.note(
                section::TERRAIN,
                "small-river has no effect: 'in close combat only (i.e. NOT if being fired at'"
                    .to_owned(),
            );
        } else {
            tally.add(
                reader,
                "small-river",
                1,
                "defending on the bank of a small river",
            );
        }
    }
}

/// The defender in a donga: +1, against ranged and close combat.
fn donga(reader: &mut CellReader<'_>, side: &SideView<'_>, tally: &mut Tally<'_>) {
    // "dongas give the defender a + 1 combat modifier against both ranged and close combat."
    if side.mods.donga {
        if side.id == SideId::B {
            tally.add(reader, "donga", 1, "defending in a donga");
        } else {
            tally.note(
                section::TERRAIN,
                "donga has no effect: dongas give the defender +1, and a is the attacker"
                    .to_owned(),
            );
        }
    }
}

/// On a hill and higher than the opponent: +1, in close combat only.
fn higher_ground(
    reader: &mut CellReader<'_>,
    view: &CombatView,
    side: &SideView<'_>,
    tally: &mut Tally<'_>,
) {
    // "+ 1 to the combat factor of the base occupying the hill AND at a higher elevation
    // than its opponent. There is no benefit for ranged combat."
    if side.mods.higher_ground {
        if view.close() {
            tally.add(
                reader,
                "higher-ground",
                1,
                "on a hill and higher than its opponent",
            );
        } else {
            tally.note(
                section::TERRAIN,
                "higher-ground has no effect: 'There is no benefit for ranged combat.'".to_owned(),
            );
        }
    }
}

/// A Zulu amabutho that has lost a base: -1.
fn amabutho_base_lost(reader: &mut CellReader<'_>, side: &SideView<'_>, tally: &mut Tally<'_>) {
    let me = side.troop;
    let mods = side.mods;
    // "Zulu amabutho base lost - 1 ( a single base amabutho has a combat factor of +3 )".
    if mods.amabutho_base_lost > 0 {
        if me.kind == TroopType::Zulus {
            tally.add(
                reader,
                "amabutho-base-lost",
                i64::from(mods.amabutho_base_lost),
                "amabutho has lost a base",
            );
        } else {
            tally.note(
                section::MODIFIERS,
                format!(
                    "amabutho-base-lost has no effect: only a Zulu amabutho loses a base, not {}",
                    me.label
                ),
            );
        }
    }
}
