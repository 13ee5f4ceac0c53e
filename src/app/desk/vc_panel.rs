//! The Victoria Cross II resolver forms: British fire, volley fire, the Isandlwana
//! ammunition re-rolls, Zulu random fire, melee and the hospital fire — buckets of dice the
//! engine counts against the hit numbers — and the Victory Conditions: the Zulu Victory
//! Points of a turn, the victory check and the Zulu re-entry under the SP cap.

use crate::rules::Request;
use crate::rules::victoria_cross::{
    self as vc, AmmoInput, AmmoSituation, Battle, ExchangeGround, FireInput, FireSituation,
    MeleeExchangeInput, MeleeSituation, ReplacementUnit, ReplacementsInput, Side,
    SolitaireEntryInput,
};

mod records;
mod sections;

use super::asked::AskedNumber;
use super::described::DescribedForm;
use crate::rules::Procedure as _;
use sections::numbers;

/// Which Victoria Cross II procedure the desk resolves: the engine's list.
pub type VcProcedure = crate::rules::victoria_cross::ProcedureId;

/// What the records gave a fire, a volley and a melee for the counters selected (the
/// engine's `victoria_cross::situation`), or why they gave nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FromRecords {
    /// The fire's situation, or the refusal's reason.
    pub fire: Option<Result<FireSituation, String>>,
    /// The melee's.
    pub melee: Option<Result<MeleeSituation, String>>,
    /// The ammunition check's (the firing counters that may be marked).
    pub ammo: Option<Result<AmmoSituation, String>>,
    /// The replacements'.
    pub replacements: Option<Result<ReplacementsInput, String>>,
    /// Both sides' melee over one zone.
    pub exchange: Option<Result<MeleeExchangeInput, String>>,
}

/// The Victoria Cross II form: the inputs of every procedure, the chosen one used.
#[allow(clippy::struct_excessive_bools)] // one checkbox per condition the rules name
#[derive(Debug, Clone, PartialEq)]
pub struct VcForm {
    /// The procedure.
    pub procedure: VcProcedure,
    /// Which battle.
    pub battle: Battle,
    /// Firing or meleeing SP (volley: infantry SP, 1 to 4); empty until typed or read.
    pub sp: Option<u32>,
    /// Range in zones, 1 to 3; empty until typed.
    pub range: Option<u32>,
    /// A night turn (Rorke's Drift).
    pub night: bool,
    /// Wall sections crossed (Rorke's Drift).
    pub walls_crossed: u32,
    /// A zone between the firer and the wall it fires over (Rorke's Drift).
    pub zone_before_wall: bool,
    /// The 1s to re-roll.
    pub ones: Option<u32>,
    /// Zones from the firing zone to zone 15 (15 itself counts 1).
    pub distance: Option<u32>,
    /// The meleeing side.
    pub side: Side,
    /// Melee across a wall section, or through a door or window.
    pub across_wall: bool,
    /// Melee into a building zone, from this many zones (0: not into a building).
    pub into_building_from_zones: u32,
    /// Melee out of a building zone.
    pub out_of_building: bool,
    /// The British melee from a laagered zone (British Laager Camp).
    pub in_laager_camp: bool,
    /// The Zulu random fire form, made from the engine's description of its fields; the
    /// British counter hit comes from the selection.
    pub random_fire: DescribedForm,
    /// The volley form, made from the engine's description of its fields; the leader and
    /// his group's SP come from the selection.
    pub volley: DescribedForm,
    /// The Hospital Phase form, made from the engine's description of its fields; the
    /// counters in the hospital come from the selection.
    pub hospital: DescribedForm,
    /// The Zulu Victory Points form, made from the engine's description of its fields; the
    /// Zulu SP lost this turn and the VP units eliminated are counted on the roster.
    pub points: DescribedForm,
    /// The victory check's form, made from the engine's description of its fields; the
    /// British SP left are counted on the roster.
    pub victory: DescribedForm,
    /// The alternate victory's form; the British SP left are counted on the roster.
    pub alternate: DescribedForm,
    /// The Zulu re-entry's form; the Zulu SP on the board are counted on the roster.
    pub reentry: DescribedForm,
    /// The bayonet charge's form, made from the engine's description of its fields; the
    /// SP of both sides come from the leader, his counters and the Zulu counter selected.
    pub bayonet: DescribedForm,
    /// The units given replacement SP in zone G.
    pub replacements: Vec<ReplacementUnit>,
    /// The Zulu meleeing SP of a melee exchange (the British: `sp`).
    pub zulu_sp: Option<u32>,
    /// The stack form, made from the engine's description of its fields; the side, the SP
    /// and the leaders come from the counters selected.
    pub stack: DescribedForm,
    /// The Zulu entry form, made from the engine's description of its fields.
    pub entry: DescribedForm,
    /// A solitaire Zulu force's situation on its movement roll, made from the engine's
    /// description of its fields.
    pub solitaire: DescribedForm,
    /// What the records gave for the counters selected.
    pub from_records: FromRecords,
}

impl Default for VcForm {
    fn default() -> Self {
        VcForm {
            procedure: VcProcedure::Fire,
            battle: Battle::Isandlwana,
            sp: None,
            range: None,
            night: false,
            walls_crossed: 0,
            zone_before_wall: false,
            ones: None,
            distance: None,
            side: Side::British,
            across_wall: false,
            into_building_from_zones: 0,
            out_of_building: false,
            in_laager_camp: false,
            hospital: DescribedForm::new(vc::Hospital::FIELDS),
            volley: DescribedForm::new(vc::Volley::FIELDS),
            random_fire: DescribedForm::new(vc::RandomFire::FIELDS),
            points: DescribedForm::new(vc::VictoryPoints::FIELDS),
            victory: DescribedForm::new(vc::Victory::FIELDS),
            alternate: DescribedForm::new(vc::AlternateVictory::FIELDS),
            reentry: DescribedForm::new(vc::ZuluReentry::FIELDS),
            bayonet: DescribedForm::new(vc::BayonetCharge::FIELDS),
            replacements: Vec::new(),
            zulu_sp: None,
            stack: DescribedForm::new(vc::Stacking::FIELDS),
            entry: DescribedForm::new(vc::ZuluEntry::FIELDS),
            solitaire: DescribedForm::new(vc::SolitaireMovement::FIELDS),
            from_records: FromRecords::default(),
        }
    }
}

impl VcForm {
    fn fire(&self) -> FireSituation {
        let mut s = FireSituation::new(
            self.battle,
            self.sp.unwrap_or_default(),
            self.range.map_or(0, |r| u8::try_from(r).unwrap_or(u8::MAX)),
        );
        s.night = self.night;
        s.walls_crossed = self.walls_crossed;
        s.zone_before_wall = self.zone_before_wall;
        if let Some(Ok(read)) = &self.from_records.fire {
            s.origins = read.origins.clone();
        }
        s
    }

    fn ammo(&self) -> AmmoSituation {
        let read = match &self.from_records.ammo {
            Some(Ok(s)) => Some(s),
            _ => None,
        };
        AmmoSituation {
            ones: self.ones.unwrap_or_default(),
            distance: self.distance.unwrap_or_default(),
            markable_units: read.and_then(|s| s.markable_units),
            origins: read.map(|s| s.origins.clone()).unwrap_or_default(),
        }
    }

    fn melee(&self) -> MeleeSituation {
        let mut s = MeleeSituation::new(self.battle, self.side, self.sp.unwrap_or_default());
        if let Some(Ok(read)) = &self.from_records.melee {
            s.origins = read.origins.clone();
        }
        // As the form holds them: a field of the other battle is cleared when the battle
        // changes (`clear_the_other_battles_ground`), and the rule refuses what is left.
        s.across_wall = self.across_wall;
        s.into_building_from_zones = self.into_building_from_zones;
        s.out_of_building = self.out_of_building;
        s.in_laager_camp = self.in_laager_camp;
        s
    }

    fn replacements(&self) -> ReplacementsInput {
        ReplacementsInput {
            battle: self.battle,
            units: self.replacements.clone(),
            origins: match &self.from_records.replacements {
                Some(Ok(read)) => read.origins.clone(),
                _ => crate::rules::situation::Origins::default(),
            },
        }
    }

    /// Both sides' melee over one zone: at Rorke's Drift the Zulus melee into a building
    /// zone the British melee out of (`laager vc melee-exchange --building`).
    fn exchange(&self) -> MeleeExchangeInput {
        let read = match &self.from_records.exchange {
            Some(Ok(read)) => Some(read),
            _ => None,
        };
        let mut input = MeleeExchangeInput::over(
            self.battle,
            self.zulu_sp.unwrap_or_default(),
            self.sp.unwrap_or_default(),
            ExchangeGround {
                across_wall: self.across_wall,
                into_building_from_zones: self.into_building_from_zones,
                in_laager_camp: self.in_laager_camp,
                turn: None,
            },
        );
        if let Some(read) = read {
            input.zulu.origins = read.zulu.origins.clone();
            input.british.origins = read.british.origins.clone();
        }
        input
    }

    /// Clears what the form shows only at the other battle (its walls, buildings, water
    /// cart and night at Rorke's Drift; the laager at Isandlwana), so a field out of sight
    /// never reaches a resolution: the form passes every field as it holds it, and the
    /// rule refuses what the battle cannot hold, as it does for `laager vc`.
    fn clear_the_other_battles_ground(&mut self) {
        let blank = VcForm::default();
        self.across_wall = blank.across_wall;
        self.into_building_from_zones = blank.into_building_from_zones;
        self.out_of_building = blank.out_of_building;
        self.walls_crossed = blank.walls_crossed;
        self.zone_before_wall = blank.zone_before_wall;
        self.in_laager_camp = blank.in_laager_camp;
        self.night = blank.night;
    }

    /// The chosen procedure with the form's inputs: what the desk resolves, shows the odds
    /// of, and records when the result is applied.
    /// Why the form cannot be resolved as it stands: a zone the procedure needs that
    /// nothing gave (the board's zones are the referee's to type; none is assumed).
    pub fn input_error(&self) -> Option<String> {
        if self.procedure == VcProcedure::Replacements && self.replacements.is_empty() {
            return Some(sections::REPLACED_UNITS_ASKED.to_owned());
        }
        self.asked()
            .into_iter()
            .find_map(|(field, value)| field.missing(value))
    }

    /// The numbers the procedure shown asks for, each with what the form holds.
    fn asked(&self) -> Vec<(&'static AskedNumber, Option<u32>)> {
        use sections::numbers as n;
        match self.procedure {
            VcProcedure::Fire => vec![(&n::FIRING_SP, self.sp), (&n::RANGE, self.range)],
            VcProcedure::Ammo => vec![(&n::ONES, self.ones), (&n::DISTANCE, self.distance)],
            VcProcedure::Melee => vec![(&n::MELEE_SP, self.sp)],
            VcProcedure::MeleeExchange => vec![
                (&n::EXCHANGE_ZULU_SP, self.zulu_sp),
                (&n::EXCHANGE_BRITISH_SP, self.sp),
            ],
            _ => Vec::new(),
        }
    }

    /// The engine's request, or a message naming the field that does not read.
    pub fn request(&self) -> Result<Request, String> {
        Ok(Request::VictoriaCross(match self.procedure {
            VcProcedure::Fire => vc::Request::Fire(FireInput::AtRange(self.fire())),
            VcProcedure::Volley => vc::Request::Volley(self.volley.input()?),
            VcProcedure::Ammo => vc::Request::Ammo(AmmoInput::AtDistance(self.ammo())),
            VcProcedure::RandomFire => vc::Request::RandomFire(self.random_fire.input()?),
            VcProcedure::Melee => vc::Request::Melee(self.melee()),
            VcProcedure::BayonetCharge => vc::Request::BayonetCharge(self.bayonet.input()?),
            VcProcedure::Replacements => vc::Request::Replacements(self.replacements()),
            VcProcedure::Hospital => vc::Request::Hospital(self.hospital.input()?),
            VcProcedure::VictoryPoints => vc::Request::VictoryPoints(self.points.input()?),
            VcProcedure::Victory => vc::Request::Victory(self.victory.input()?),
            VcProcedure::ZuluReentry => vc::Request::ZuluReentry(self.reentry.input()?),
            VcProcedure::AlternateVictory => vc::Request::AlternateVictory(self.alternate.input()?),
            VcProcedure::MeleeExchange => vc::Request::MeleeExchange(self.exchange()),
            VcProcedure::Stacking => vc::Request::Stacking(self.stack.input()?),
            VcProcedure::ZuluEntry => vc::Request::ZuluEntry(self.entry.input()?),
            VcProcedure::SolitaireEntry => vc::Request::SolitaireEntry(SolitaireEntryInput {}),
            VcProcedure::SolitaireMovement => {
                vc::Request::SolitaireMovement(self.solitaire.input()?)
            }
        }))
    }

    /// Whether a described form's values typed have changed since the records were read
    /// with them, so they must be read again.
    pub fn wants_fill(&self) -> bool {
        [
            &self.hospital,
            &self.volley,
            &self.random_fire,
            &self.victory,
            &self.alternate,
            &self.reentry,
            &self.stack,
            &self.bayonet,
            &self.points,
        ]
        .iter()
        .any(|form| form.wants_fill())
    }

    /// The form of a procedure whose fields the engine describes, made from that
    /// description; `None` for one whose form is still written by hand.
    pub fn described(&mut self, procedure: VcProcedure) -> Option<&mut DescribedForm> {
        match procedure {
            VcProcedure::SolitaireMovement => Some(&mut self.solitaire),
            VcProcedure::ZuluEntry => Some(&mut self.entry),
            VcProcedure::Hospital => Some(&mut self.hospital),
            VcProcedure::Volley => Some(&mut self.volley),
            VcProcedure::RandomFire => Some(&mut self.random_fire),
            VcProcedure::Victory => Some(&mut self.victory),
            VcProcedure::AlternateVictory => Some(&mut self.alternate),
            VcProcedure::ZuluReentry => Some(&mut self.reentry),
            VcProcedure::Stacking => Some(&mut self.stack),
            VcProcedure::BayonetCharge => Some(&mut self.bayonet),
            VcProcedure::VictoryPoints => Some(&mut self.points),
            _ => None,
        }
    }

    /// How the typed faces are written for the chosen procedure.
    pub fn dice_hint(&self) -> &'static str {
        match self.procedure {
            VcProcedure::Fire => "one face per SP, e.g. 1,1,3,5,6",
            VcProcedure::Volley => "three faces per SP and the leader's",
            VcProcedure::Ammo => "one face per 1 re-rolled",
            VcProcedure::RandomFire => "4 faces (6 by day at Rorke's Drift)",
            VcProcedure::Melee => "one face per SP",
            VcProcedure::BayonetCharge => "each round: the Zulu faces, then the British",
            VcProcedure::MeleeExchange => "the Zulu faces (one per SP), then the British",
            VcProcedure::SolitaireEntry => "one face; after a 6, one for each part",
            VcProcedure::SolitaireMovement => "one face (none when the force stays)",
            VcProcedure::Hospital => "one face",
            VcProcedure::VictoryPoints
            | VcProcedure::Victory
            | VcProcedure::ZuluReentry
            | VcProcedure::Replacements
            | VcProcedure::AlternateVictory
            | VcProcedure::Stacking
            | VcProcedure::ZuluEntry => "no dice",
        }
    }

    /// Draws the procedure picker and the chosen procedure's inputs. Returns whether the
    /// procedure changed.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let before = self.procedure;
        ui.horizontal_wrapped(|ui| {
            for p in VcProcedure::ALL {
                ui.selectable_value(&mut self.procedure, *p, p.label());
            }
        });
        if self.procedure != before {
            self.take_records();
        }
        for note in self.records_notes() {
            ui.weak(note);
        }
        if !matches!(
            self.procedure,
            VcProcedure::Ammo
                | VcProcedure::Volley
                | VcProcedure::RandomFire
                | VcProcedure::Hospital
                | VcProcedure::ZuluReentry
                | VcProcedure::AlternateVictory
                | VcProcedure::Victory
                | VcProcedure::Stacking
                | VcProcedure::BayonetCharge
                | VcProcedure::VictoryPoints
                | VcProcedure::SolitaireEntry
                | VcProcedure::SolitaireMovement
                | VcProcedure::ZuluEntry
        ) {
            let before = self.battle;
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.battle, Battle::Isandlwana, "Isandlwana");
                ui.selectable_value(&mut self.battle, Battle::RorkesDrift, "Rorke's Drift");
            });
            if self.battle != before {
                self.clear_the_other_battles_ground();
            }
        }
        let rorkes = self.battle == Battle::RorkesDrift;
        match self.procedure {
            VcProcedure::Fire => self.fire_ui(ui, rorkes),
            VcProcedure::Volley => self.volley.ui(ui),
            VcProcedure::Ammo => {
                numbers::ONES.ui(ui, &mut self.ones);
                numbers::DISTANCE.ui(ui, &mut self.distance);
            }
            VcProcedure::RandomFire => self.random_fire.ui(ui),
            VcProcedure::Melee => self.melee_ui(ui, rorkes),
            VcProcedure::BayonetCharge => self.bayonet.ui(ui),
            VcProcedure::Replacements => self.replacements_ui(ui),
            VcProcedure::Hospital => self.hospital.ui(ui),
            VcProcedure::VictoryPoints => self.points.ui(ui),
            VcProcedure::Victory => self.victory.ui(ui),
            VcProcedure::MeleeExchange => self.exchange_ui(ui, rorkes),
            VcProcedure::Stacking => self.stack.ui(ui),
            VcProcedure::ZuluEntry => self.entry.ui(ui),
            VcProcedure::SolitaireEntry => {
                ui.weak("The Zulu Entry Chart needs nothing but the die.");
            }
            VcProcedure::SolitaireMovement => self.solitaire.ui(ui),
            VcProcedure::AlternateVictory => self.alternate.ui(ui),
            VcProcedure::ZuluReentry => self.reentry.ui(ui),
        }
        self.procedure != before
    }
}
