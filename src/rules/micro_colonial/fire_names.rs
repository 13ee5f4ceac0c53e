//! The names a small arms fire is described by: firer, weapon, type of fire, Table 2's
//! target section, and the side a target in melee is engaged on.

use super::names::named;

named!(
    /// Who fires (`--firer`).
    Firer, "firer" {
        /// Regular infantry on foot.
        RegularInfantry = "regular-infantry",
        /// Mounted infantry fighting dismounted.
        DismountedMountedInfantry = "dismounted-mounted-infantry",
        /// Infantry in open order.
        OpenOrderInfantry = "open-order-infantry",
        /// Irregular infantry.
        IrregularInfantry = "irregular-infantry",
        /// Native troops.
        Natives = "natives",
        /// Mounted troops firing while mounted (two red dice).
        Mounted = "mounted",
        /// A machine or Gatling gun's crew.
        GunCrew = "gun-crew",
    }
);

named!(
    /// The weapon fired (`--weapon`), with its WEAPON RANGES maximum.
    Weapon, "weapon" {
        /// Musket, 200 mm.
        Musket = "musket",
        /// Rifle (its range is lost).
        Rifle = "rifle",
        /// Carbine.
        Carbine = "carbine",
        /// Gatling gun, 600 mm.
        Gatling = "gatling",
        /// Machine gun, 800 mm.
        MachineGun = "machine-gun",
    }
);

named!(
    /// The type of fire (`--fire`).
    FireType, "type of fire" {
        /// Volley fire: regular infantry and dismounted mounted infantry, under 300 mm.
        Volley = "volley",
        /// Independent fire.
        Independent = "independent",
    }
);

named!(
    /// The target's formation section of Table 2 (`--target`).
    Target, "target type" {
        /// Troops in cover, lying down or in buildings.
        InCover = "in-cover",
        /// All mounted troops.
        Mounted = "mounted",
        /// Close order native troops in the open.
        NativeCloseOrderInOpen = "native-close-order-in-open",
        /// Other close order troops.
        OtherCloseOrder = "other-close-order",
    }
);

named!(
    /// Where a target in a melee is engaged (`--target-in-melee`).
    Engaged, "side engaged" {
        /// Engaged to its front.
        Front = "front",
        /// Engaged in its rear.
        Rear = "rear",
        /// Engaged only on its flank.
        Flank = "flank",
    }
);
