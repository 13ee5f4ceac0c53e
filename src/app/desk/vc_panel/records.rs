//! The Victoria Cross II form filled from the records: the fire, the volley, the melee and
//! the random fire read by the engine for the counters selected, and the shown procedure's
//! values laid into the form, with a note for each reading the engine refused.

use super::{FromRecords, VcForm, VcProcedure};
use crate::game::GameState;
use crate::game::victory::VcCounts;
use crate::resolution::{Refusal, RuleRef};
use crate::rules::Request;
use crate::rules::situation::{Records, Roles};
use crate::rules::victoria_cross::{self as vc, AmmoInput, FireInput};
use crate::ruleset::Ruleset::VictoriaCross as VICTORIA_CROSS;

impl VcForm {
    /// Reads the fire, the volley, the melee and the random fire from the records for the
    /// counters selected, each in its procedure's roles (the last selected the counter hit,
    /// `Request::roles_of`), by the engine's `victoria_cross::situation`; then lays the shown
    /// procedure's values into the form.
    pub fn fill(&mut self, state: &GameState, selected: &[String]) {
        use crate::rules::victoria_cross::situation;
        let records: &dyn Records = state;
        let why = |r: Refusal| r.reason;
        let roles = |request: vc::Request| -> Option<Roles> {
            let roles = Request::VictoriaCross(request).roles_of(selected);
            (!roles.0.is_empty()).then_some(roles)
        };
        let fire = roles(vc::Request::Fire(FireInput::AtRange(self.fire()))).map(|roles| {
            situation::fire(records, &roles, FireInput::AtRange(self.fire()))
                .map(|input| match input {
                    FireInput::AtRange(s) => s,
                    FireInput::FromBoard(_) => self.fire(),
                })
                .map_err(why)
        });
        let volleying = Roles::of_selection(situation::VOLLEY_ROLES, selected);
        self.volley.fill(&volleying, |base, given| {
            situation::volley(records, &volleying, base, given)
        });
        let melee = roles(vc::Request::Melee(self.melee()))
            .map(|roles| situation::melee(records, &roles, self.melee()).map_err(why));
        let hit = Roles::of_selection(situation::RANDOM_FIRE_ROLES, selected);
        self.random_fire.fill(&hit, |base, _given| {
            situation::random_fire(records, &hit, base)
        });
        let ammo = roles(vc::Request::Ammo(AmmoInput::AtDistance(self.ammo()))).map(|roles| {
            situation::ammo(records, &roles, AmmoInput::AtDistance(self.ammo()))
                .map(|input| match input {
                    AmmoInput::AtDistance(s) => s,
                    AmmoInput::FromBoard(_) => self.ammo(),
                })
                .map_err(why)
        });
        let charging = Roles::of_selection(situation::BAYONET_ROLES, selected);
        self.bayonet.fill(&charging, |base, given| {
            situation::bayonet_charge(records, &charging, base, given)
        });
        let replacements = roles(vc::Request::Replacements(self.replacements())).map(|roles| {
            situation::replacements(records, &roles, self.replacements()).map_err(why)
        });
        let exchange = roles(vc::Request::MeleeExchange(self.exchange()))
            .map(|roles| situation::melee_exchange(records, &roles, self.exchange()).map_err(why));
        let stacked = Roles::of_selection(situation::ZONE_ROLES, selected);
        self.stack.fill(&stacked, |base, given| {
            situation::stack(records, &stacked, base, given)
        });
        let in_hospital = Roles::of_selection(situation::HOSPITAL_ROLES, selected);
        self.hospital.fill(&in_hospital, |base, _given| {
            situation::hospital(records, &in_hospital, base)
        });
        let counts = (!state.units.is_empty()).then(|| crate::game::victory::vc_counts(state));
        let counted = counts.as_ref();
        fill_counted(&mut self.victory, counted, VcCounts::victory);
        fill_counted(&mut self.alternate, counted, VcCounts::alternate_victory);
        fill_counted(&mut self.reentry, counted, VcCounts::zulu_reentry);
        fill_counted(&mut self.points, counted, VcCounts::victory_points);
        self.from_records = FromRecords {
            fire,
            melee,
            ammo,
            replacements,
            exchange,
        };
        self.take_records();
    }

    /// Lays what the records gave the procedure shown into the form's fields.
    pub(super) fn take_records(&mut self) {
        match (self.procedure, &self.from_records) {
            (
                VcProcedure::Fire,
                FromRecords {
                    fire: Some(Ok(s)), ..
                },
            ) => self.sp = Some(s.sp),
            (
                VcProcedure::Melee,
                FromRecords {
                    melee: Some(Ok(s)), ..
                },
            ) => {
                self.sp = Some(s.sp);
                self.side = s.side;
            }
            (
                VcProcedure::Replacements,
                FromRecords {
                    replacements: Some(Ok(s)),
                    ..
                },
            ) => self.replacements.clone_from(&s.units),
            (
                VcProcedure::MeleeExchange,
                FromRecords {
                    exchange: Some(Ok(s)),
                    ..
                },
            ) => {
                self.zulu_sp = Some(s.zulu.sp);
                self.sp = Some(s.british.sp);
            }
            _ => {}
        }
    }

    /// What the records gave the procedure shown, or why they gave nothing: the first
    /// steps its resolution will state (`Origins::steps`), values given by hand since
    /// included.
    pub(super) fn records_notes(&self) -> Vec<String> {
        fn refused<T>(read: Option<&Result<T, String>>) -> Option<&String> {
            read?.as_ref().err()
        }
        let r = &self.from_records;
        let why = match self.procedure {
            VcProcedure::Fire => refused(r.fire.as_ref()),
            VcProcedure::Melee => refused(r.melee.as_ref()),
            VcProcedure::Ammo => refused(r.ammo.as_ref()),
            VcProcedure::RandomFire => return self.random_fire.records_notes(VICTORIA_CROSS),
            VcProcedure::BayonetCharge => return self.bayonet.records_notes(VICTORIA_CROSS),
            VcProcedure::Replacements => refused(r.replacements.as_ref()),
            VcProcedure::MeleeExchange => refused(r.exchange.as_ref()),
            VcProcedure::Stacking => return self.stack.records_notes(VICTORIA_CROSS),
            VcProcedure::Hospital => return self.hospital.records_notes(VICTORIA_CROSS),
            VcProcedure::Volley => return self.volley.records_notes(VICTORIA_CROSS),
            VcProcedure::Victory => return self.victory.records_notes(VICTORIA_CROSS),
            VcProcedure::AlternateVictory => return self.alternate.records_notes(VICTORIA_CROSS),
            VcProcedure::ZuluReentry => return self.reentry.records_notes(VICTORIA_CROSS),
            VcProcedure::VictoryPoints => return self.points.records_notes(VICTORIA_CROSS),
            _ => None,
        };
        if let Some(why) = why {
            return vec![format!("the records: {why}")];
        }
        let rule = RuleRef::section(crate::ruleset::Ruleset::VictoriaCross, "the records");
        let steps = match self.procedure {
            VcProcedure::Fire => {
                let s = self.fire();
                s.origins.steps(&s, &rule)
            }
            VcProcedure::Melee => {
                let s = self.melee();
                s.origins.steps(&s, &rule)
            }
            VcProcedure::Ammo => {
                let s = self.ammo();
                s.origins.steps(&s, &rule)
            }
            VcProcedure::Replacements => {
                let s = self.replacements();
                s.origins.steps(&s, &rule)
            }
            VcProcedure::MeleeExchange => {
                let s = self.exchange();
                let mut steps = s.zulu.origins.steps(&s.zulu, &rule);
                steps.extend(s.british.origins.steps(&s.british, &rule));
                steps
            }
            _ => Vec::new(),
        };
        steps.into_iter().map(|step| step.text).collect()
    }
}

/// Fills a form counted on the whole roster: with counters on it, the engine lays the
/// records' counts (`lay`) over what was typed; a refusal to count is named.
fn fill_counted<I: serde::Serialize + serde::de::DeserializeOwned>(
    form: &mut super::DescribedForm,
    counts: Option<&Result<VcCounts, String>>,
    lay: fn(&VcCounts, I, &[String]) -> I,
) {
    form.fill_when(counts.is_some(), |base, given| match counts {
        Some(Ok(counts)) => Ok(lay(counts, base, given)),
        Some(Err(why)) => Err(Refusal::bad_input(
            RuleRef::section(VICTORIA_CROSS, "the records"),
            why.clone(),
        )),
        None => Ok(base),
    });
}
