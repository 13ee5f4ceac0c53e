//! What the referee says about a move: the troop type, mode, terrain crossed, changes,
//! interpenetrations, volley losses and square, as closed sets of names the command line
//! parses; and which chart row and column each of them reads.

use crate::rules::micro_colonial::names::named;
use crate::rules::micro_colonial::section;
use crate::rules::situation::Origins;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

named!(
    /// The troop types of `laager mc move --troop`.
    Troop, "troop type" {
        /// Regular infantry in close order on foot.
        RegularInfantry = "regular-infantry",
        /// Infantry in open order.
        OpenOrderInfantry = "open-order-infantry",
        /// Irregular infantry.
        IrregularInfantry = "irregular-infantry",
        /// Dismounted cavalry (on foot).
        DismountedCavalry = "dismounted-cavalry",
        /// Native infantry.
        Natives = "natives",
        /// Regular cavalry.
        RegularCavalry = "regular-cavalry",
        /// Irregular cavalry.
        IrregularCavalry = "irregular-cavalry",
        /// Native cavalry.
        NativeCavalry = "native-cavalry",
        /// Camels.
        Camels = "camels",
        /// A field gun.
        FieldGun = "field-gun",
        /// A horse gun.
        HorseGun = "horse-gun",
        /// A rocket battery.
        Rockets = "rockets",
        /// A machine gun.
        MachineGun = "machine-gun",
        /// A Gatling gun.
        Gatling = "gatling",
    }
);

named!(
    /// The modes of `--mode`: troops move normal, charge, break or fall back; guns move
    /// normal, action (limbering or unlimbering on the way) or manhandled.
    Mode, "mode" {
        /// The normal rate.
        Normal = "normal",
        /// The charge rate.
        Charge = "charge",
        /// Breaking or routing: the charge & break rate.
        Break = "break",
        /// Falling back: half the normal rate.
        FallBack = "fall-back",
        /// A gun's action move.
        Action = "action",
        /// A gun manhandled by its crew.
        Manhandle = "manhandle",
    }
);

named!(
    /// The terrain kinds of `--terrain KIND[:N]`.
    Terrain, "terrain kind" {
        /// A hill: N contours climbed.
        Hill = "hill",
        /// Cover.
        Cover = "cover",
        /// A linear obstacle: wall, hedge, trench, or climbing into a prepared position.
        LinearObstacle = "linear-obstacle",
        /// Scrub.
        Scrub = "scrub",
        /// Broken ground.
        BrokenGround = "broken-ground",
        /// Soft sand.
        SoftSand = "soft-sand",
        /// Moving along a track that crosses the terrain.
        Track = "track",
    }
);

impl Terrain {
    /// Whether a crossing of it is counted (`KIND:N`: the contours climbed, the areas
    /// crossed); a track is followed or not, and takes no count.
    pub fn counted(self) -> bool {
        self != Terrain::Track
    }
}

named!(
    /// The changes of `--change`.
    Change, "change" {
        /// Changing face up to 180°.
        Face = "face",
        /// Lying down.
        LieDown = "lie-down",
        /// Standing up.
        StandUp = "stand-up",
        /// Forming open order.
        OpenOrder = "open-order",
        /// Mounting.
        Mount = "mount",
        /// Dismounting.
        Dismount = "dismount",
        /// Limbering a gun.
        Limber = "limber",
        /// Unlimbering a gun.
        Unlimber = "unlimber",
    }
);

named!(
    /// The interpenetrations of `--interpenetrate`.
    Interpenetration, "interpenetration" {
        /// Withdrawing through a friendly unit.
        Withdraw = "withdraw",
        /// Regular and irregular units in line passing through each other.
        Line = "line",
        /// Moving over a unit gone to ground.
        OverGoneToGround = "over-gone-to-ground",
    }
);

named!(
    /// The large multi-unit square of `--square`.
    Square, "square" {
        /// Wholly in open ground.
        Open = "open",
        /// Any part in other terrain.
        Other = "other",
    }
);

/// One terrain crossed: its kind and how many (contours climbed, for a hill).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Crossing {
    /// The terrain.
    pub kind: Terrain,
    /// Contours climbed for a hill; otherwise how many such areas (1 by default).
    #[serde(default = "one")]
    pub count: u32,
}

/// One area crossed, the default count.
fn one() -> u32 {
    1
}

impl FromStr for Crossing {
    type Err = String;

    /// Parses `KIND` or `KIND:N`.
    fn from_str(text: &str) -> Result<Crossing, String> {
        let (kind, count) = match text.split_once(':') {
            Some((kind, n)) => {
                let n: u32 = n.trim().parse().map_err(|_| {
                    format!("--terrain '{text}': '{n}' is not a whole number of contours or areas")
                })?;
                if n == 0 {
                    return Err(format!("--terrain '{text}': N must be at least 1"));
                }
                (kind, n)
            }
            None => (text, 1),
        };
        let kind: Terrain = kind
            .trim()
            .parse()
            .map_err(|e| format!("--terrain '{text}': {e}"))?;
        if !kind.counted() && count != 1 {
            return Err(format!("--terrain '{text}': a track takes no count"));
        }
        Ok(Crossing { kind, count })
    }
}

/// One unit's move, as the referee describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveInput {
    /// The troop type.
    pub troop: Troop,
    /// The mode of movement.
    #[serde(default = "normal")]
    pub mode: Mode,
    /// Terrain crossed.
    #[serde(default)]
    pub terrain: Vec<Crossing>,
    /// Formation and facing changes made during the move.
    #[serde(default)]
    pub changes: Vec<Change>,
    /// Interpenetrations made during the move.
    #[serde(default)]
    pub interpenetrations: Vec<Interpenetration>,
    /// FF lost to volley fire last move (the D column).
    #[serde(default)]
    pub volley_losses: u32,
    /// Whether the unit is part of a large multi-unit square, and where.
    #[serde(default)]
    pub square: Option<Square>,
    /// The values the table and the records decided (`situation::movement`), stated as the
    /// resolution's first steps with any given by hand since.
    #[serde(default, skip_serializing_if = "Origins::is_empty")]
    pub origins: Origins,
}

/// The normal rate, the default mode.
fn normal() -> Mode {
    Mode::Normal
}

impl MoveInput {
    /// A plain move: the troop type at its normal rate in the open.
    pub fn new(troop: Troop) -> MoveInput {
        MoveInput {
            troop,
            mode: Mode::Normal,
            terrain: Vec::new(),
            changes: Vec::new(),
            interpenetrations: Vec::new(),
            volley_losses: 0,
            square: None,
            origins: Origins::default(),
        }
    }

    /// The steps that say which values the table and the records gave and which were
    /// given by hand: the resolution's first steps.
    pub fn origin_steps(&self) -> Vec<crate::resolution::Step> {
        self.origins.steps(self, &section(super::MOVEMENT))
    }
}

/// The terrain-penalty class of a troop type (the columns of Table 3).
pub(super) fn terrain_class(troop: Troop) -> &'static str {
    match troop {
        // "All native infantry units and dismounted cavalry units are classed as being in
        // close order when in the open. Regular infantry and all mounted units are in close
        // order" (FORMATIONS); irregular infantry are formed infantry too.
        Troop::RegularInfantry
        | Troop::IrregularInfantry
        | Troop::DismountedCavalry
        | Troop::Natives => "close-order",
        Troop::OpenOrderInfantry => "open-order",
        Troop::RegularCavalry | Troop::IrregularCavalry | Troop::NativeCavalry | Troop::Camels => {
            "mounted"
        }
        Troop::FieldGun => "field-guns",
        Troop::HorseGun | Troop::Rockets | Troop::MachineGun | Troop::Gatling => "other-guns",
    }
}

pub(crate) fn is_gun(troop: Troop) -> bool {
    matches!(
        troop,
        Troop::FieldGun | Troop::HorseGun | Troop::Rockets | Troop::MachineGun | Troop::Gatling
    )
}

pub(super) fn is_mounted(troop: Troop) -> bool {
    terrain_class(troop) == "mounted"
}

pub(super) fn is_cavalry(troop: Troop) -> bool {
    matches!(
        troop,
        Troop::RegularCavalry | Troop::IrregularCavalry | Troop::NativeCavalry
    )
}

/// The row of Movement Table 1 or 2.
pub(crate) fn rate_row(troop: Troop) -> &'static str {
    match troop {
        Troop::RegularInfantry => "regular-infantry",
        Troop::OpenOrderInfantry | Troop::IrregularInfantry | Troop::DismountedCavalry => {
            "open-order-infantry"
        }
        Troop::Natives => "natives",
        Troop::RegularCavalry => "regular-cavalry",
        Troop::IrregularCavalry => "irregular-cavalry",
        Troop::NativeCavalry => "native-cavalry",
        Troop::Camels => "camels",
        Troop::FieldGun => "field-guns",
        Troop::HorseGun | Troop::Rockets => "horse-guns-rockets",
        Troop::MachineGun | Troop::Gatling => "machine-gatling-guns",
    }
}

/// The column of the formation chart, or why the troop type has none.
pub(super) fn formation_column(troop: Troop, change: Change) -> Result<&'static str, String> {
    Ok(match troop {
        Troop::RegularInfantry | Troop::OpenOrderInfantry => "regular-infantry",
        Troop::IrregularInfantry | Troop::Natives => "irregulars-natives",
        Troop::RegularCavalry => "regular-cavalry",
        Troop::IrregularCavalry | Troop::NativeCavalry | Troop::Camels => {
            "irregular-native-cavalry"
        }
        Troop::DismountedCavalry => {
            return Err(format!(
                "the changing formation chart has no column for dismounted cavalry: {} the cost by cavalry class (give the troop as regular cavalry or irregular cavalry)",
                if change == Change::Mount {
                    "mounting is"
                } else {
                    "it gives"
                }
            ));
        }
        _ => "guns",
    })
}

pub(super) fn formation_row(change: Change) -> &'static str {
    match change {
        Change::Face => "face",
        Change::LieDown | Change::StandUp => "lie-down-stand-up",
        Change::OpenOrder => "open-order",
        Change::Mount | Change::Dismount => "mount-dismount",
        Change::Limber | Change::Unlimber => "limber",
    }
}

pub(super) fn terrain_row(kind: Terrain) -> &'static str {
    match kind {
        Terrain::Hill => "hills",
        Terrain::Cover => "cover",
        Terrain::LinearObstacle => "linear-obstacle",
        Terrain::Scrub | Terrain::BrokenGround | Terrain::SoftSand | Terrain::Track => {
            "scrub-broken-sand"
        }
    }
}
