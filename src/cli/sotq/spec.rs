//! Unit specs on the command line: `name=A/1/24,strength=4,weapon=S,range=3,nationality=regular`,
//! comma-separated `key=value` pairs and bare flags, parsed straight into the typed inputs'
//! parts (`Firer`, `StackUnit`, `Attacker`, `Defender`, `Piece`).

use crate::rules::field::FieldId;
use crate::rules::soldiers_of_the_queen::{
    Arm, Attacker, Defender, Firer, Kind, Morale, Nationality, Piece, StackUnit,
};
use std::collections::BTreeMap;

/// The keys and flags of one spec, consumed as they are read; leftovers are errors.
struct Spec {
    flag: &'static str,
    text: String,
    values: BTreeMap<String, String>,
    flags: Vec<String>,
    /// The input fields this spec gave (of the part's own type).
    given: Vec<FieldId>,
}

impl Spec {
    fn parse(flag: &'static str, text: &str) -> Spec {
        let mut values = BTreeMap::new();
        let mut flags = Vec::new();
        for token in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            match token.split_once('=') {
                Some((k, v)) => {
                    values.insert(k.trim().to_owned(), v.trim().to_owned());
                }
                None => flags.push(token.to_owned()),
            }
        }
        Spec {
            flag,
            text: text.to_owned(),
            values,
            flags,
            given: Vec::new(),
        }
    }

    /// Notes that the spec gave the input field `field`.
    fn gave(&mut self, field: FieldId, gave: bool) {
        if gave {
            self.given.push(field);
        }
    }

    /// A key's text, noted as giving `field`.
    fn text_of(&mut self, key: &str, field: FieldId) -> Option<String> {
        let text = self.text(key);
        self.gave(field, text.is_some());
        text
    }

    /// A flag, noted as giving `field`; `off` (`dismounted`) gives it as false.
    fn switch(&mut self, on: &str, off: Option<&str>, field: FieldId) -> Result<bool, String> {
        let (yes, no) = (self.flag(on), off.is_some_and(|off| self.flag(off)));
        if yes && no {
            return Err(self.err(format!("{on} and {} contradict", off.unwrap_or_default())));
        }
        self.gave(field, yes || no);
        Ok(yes)
    }

    fn err(&self, message: impl std::fmt::Display) -> String {
        format!("{} '{}': {message}", self.flag, self.text)
    }

    fn text(&mut self, key: &str) -> Option<String> {
        self.values.remove(key)
    }

    fn required(&mut self, key: &str) -> Result<String, String> {
        self.text(key)
            .ok_or_else(|| self.err(format!("needs {key}=")))
    }

    /// A whole number of the spec, in its domain: a strength (`strength=`), else a count.
    fn number(&mut self, key: &str) -> Result<Option<u32>, String> {
        let Some(v) = self.text(key) else {
            return Ok(None);
        };
        let parsed = if key == "strength" {
            crate::bounds::Strength::parse(&v).map(crate::bounds::Strength::get)
        } else {
            crate::bounds::Count::parse(&v).map(crate::bounds::Count::get)
        };
        parsed
            .map(Some)
            .map_err(|e| self.err(format!("{key}={v}: {e}")))
    }

    fn flag(&mut self, name: &str) -> bool {
        let found = self.flags.iter().position(|f| f == name);
        if let Some(i) = found {
            self.flags.remove(i);
        }
        found.is_some()
    }

    fn parsed<T>(
        &mut self,
        key: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, String> {
        match self.text(key) {
            Some(v) => parse(&v).map(Some).map_err(|e| self.err(e)),
            None => Ok(None),
        }
    }

    fn finish(self, known: &str) -> Result<(), String> {
        let extra: Vec<String> = self
            .values
            .keys()
            .cloned()
            .chain(self.flags.iter().cloned())
            .collect();
        if extra.is_empty() {
            Ok(())
        } else {
            Err(self.err(format!("unknown {}: expected {known}", extra.join(", "))))
        }
    }
}

/// The keys `--firer` takes, for errors and help.
pub const FIRER_KEYS: &str = "name=, strength=, weapon=, range= (or from=CCRR with --target-hex), nationality=regular|colonial|nnc|zulu|dervish, arm=foot|cavalry|artillery|maxim|gunboat, and flags mounted (or dismounted), limbered (or unlimbered), moved, changed-formation, out-of-ammo, pinned, routed, rear (target not through a frontal hexside), zoc-elsewhere (an enemy in its ZOC is not the target); the N-th --firer with --unit firer-N=ID needs only strength=, weapon= and range=";

/// A unit's nationality: required unless the records give it (`recorded`).
fn nationality(s: &mut Spec, recorded: bool) -> Result<Nationality, String> {
    match s.parsed("nationality", Nationality::parse)? {
        Some(n) => {
            s.gave(crate::field!(Firer: nationality), true);
            Ok(n)
        }
        None if recorded => Ok(Nationality::Regular),
        None => Err(s.err("needs nationality=")),
    }
}

/// A unit's arm, foot unless given.
fn arm(s: &mut Spec) -> Result<Arm, String> {
    let arm = s.parsed("arm", Arm::parse)?;
    s.gave(crate::field!(Firer: arm), arm.is_some());
    Ok(arm.unwrap_or(Arm::Foot))
}

/// Parses a `--firer`; `range_from` turns `from=CCRR` into a range. `recorded`: a unit of
/// the records is in its role (`firer-N`), which gives what the spec leaves out. Returns
/// the fields the spec gave, by their JSON names.
pub fn firer(
    text: &str,
    index: usize,
    range_from: &dyn Fn(&str) -> Result<u32, String>,
    recorded: bool,
) -> Result<(Firer, Vec<FieldId>), String> {
    let mut s = Spec::parse("--firer", text);
    let name = s
        .text_of("name", crate::field!(Firer: name))
        .unwrap_or_else(|| format!("firer {index}"));
    let strength = s
        .number("strength")?
        .ok_or_else(|| s.err("needs strength="))?;
    let weapon = s.required("weapon")?;
    let range = match (s.number("range")?, s.text("from")) {
        (Some(r), None) => r,
        (None, Some(hex)) => range_from(&hex).map_err(|e| s.err(e))?,
        _ => return Err(s.err("needs range=N or from=CCRR (one of them)")),
    };
    let nationality = nationality(&mut s, recorded)?;
    let arm = arm(&mut s)?;
    let f = Firer {
        name,
        strength,
        weapon,
        range,
        nationality,
        arm,
        mounted: s.switch("mounted", Some("dismounted"), crate::field!(Firer: mounted))?,
        limbered: s.switch(
            "limbered",
            Some("unlimbered"),
            crate::field!(Firer: limbered),
        )?,
        moved: s.flag("moved"),
        changed_formation: s.flag("changed-formation"),
        out_of_ammo: s.switch("out-of-ammo", None, crate::field!(Firer: out_of_ammo))?,
        pinned: s.switch("pinned", None, crate::field!(Firer: pinned))?,
        routed: s.switch("routed", None, crate::field!(Firer: routed))?,
        rear: s.flag("rear"),
        zoc_elsewhere: s.flag("zoc-elsewhere"),
    };
    let given = std::mem::take(&mut s.given);
    s.finish(FIRER_KEYS)?;
    Ok((f, given))
}

/// The keys a target or defending unit takes.
pub const UNIT_KEYS: &str = "name=, morale=A|B|C|D, and flags gun (a 7-pounder), zariba";

fn stack_unit(s: &mut Spec, index: usize, prefix: &str) -> Result<StackUnit, String> {
    Ok(StackUnit {
        name: s
            .text_of("name", crate::field!(StackUnit: name))
            .unwrap_or_else(|| format!("{prefix} {index}")),
        morale: s.parsed("morale", Morale::parse)?,
        gun: s.flag("gun"),
        zariba: s.flag("zariba"),
    })
}

/// Parses a `--target` unit; returns the fields it gave.
pub fn target_unit(text: &str, index: usize) -> Result<(StackUnit, Vec<FieldId>), String> {
    let mut s = Spec::parse("--target", text);
    let unit = stack_unit(&mut s, index, "target")?;
    let given = std::mem::take(&mut s.given);
    s.finish(UNIT_KEYS)?;
    Ok((unit, given))
}

/// The keys `--attacker` takes.
pub const ATTACKER_KEYS: &str = "name=, strength=, nationality=, arm=, group= (impi or tribe), and flags mounted (or dismounted), charging, lancers (the 21st Lancers), in-radius, pinned, routed; the N-th --attacker with --unit attacker-N=ID needs only strength=";

/// Parses an `--attacker`; `recorded` as for [`firer`].
pub fn attacker(
    text: &str,
    index: usize,
    recorded: bool,
) -> Result<(Attacker, Vec<FieldId>), String> {
    let mut s = Spec::parse("--attacker", text);
    let name = s
        .text_of("name", crate::field!(Attacker: name))
        .unwrap_or_else(|| format!("attacker {index}"));
    let strength = s
        .number("strength")?
        .ok_or_else(|| s.err("needs strength="))?;
    let a = Attacker {
        name,
        strength,
        nationality: nationality(&mut s, recorded)?,
        arm: arm(&mut s)?,
        group: s.text("group"),
        mounted: s.switch(
            "mounted",
            Some("dismounted"),
            crate::field!(Attacker: mounted),
        )?,
        charging: s.flag("charging"),
        lancers: s.flag("lancers"),
        in_command_radius: s.flag("in-radius"),
        pinned: s.switch("pinned", None, crate::field!(Attacker: pinned))?,
        routed: s.switch("routed", None, crate::field!(Attacker: routed))?,
    };
    let given = std::mem::take(&mut s.given);
    s.finish(ATTACKER_KEYS)?;
    Ok((a, given))
}

/// The keys `--defender` takes.
pub const DEFENDER_KEYS: &str = "name=, strength=, morale=A|B|C|D, arm=, and flags mounted (or dismounted), gun (a 7-pounder), zariba";

/// Parses a `--defender`; returns the fields it gave (`unit/name` for its name).
pub fn defender(text: &str, index: usize) -> Result<(Defender, Vec<FieldId>), String> {
    let mut s = Spec::parse("--defender", text);
    let strength = s
        .number("strength")?
        .ok_or_else(|| s.err("needs strength="))?;
    let arm = arm(&mut s)?;
    let mounted = s.switch(
        "mounted",
        Some("dismounted"),
        crate::field!(Defender: mounted),
    )?;
    let unit = stack_unit(&mut s, index, "defender")?;
    let given = std::mem::take(&mut s.given)
        .into_iter()
        .map(|f| {
            if f == crate::field!(StackUnit: name) {
                crate::field!(Defender: unit.name)
            } else {
                f
            }
        })
        .collect();
    s.finish(DEFENDER_KEYS)?;
    Ok((
        Defender {
            unit,
            strength,
            arm,
            mounted,
        },
        given,
    ))
}

/// The keys `--piece` takes.
pub const PIECE_KEYS: &str = "name=, kind=foot|dismounted|mounted|artillery|engineer|wagon|leader, melee=, group= (regiment, impi or tribe), and flag colonial; with --unit piece-N=ID the N-th --piece gives its melee= and group=";

/// Parses a `--piece`; returns the fields it gave.
pub fn piece(text: &str, index: usize) -> Result<(Piece, Vec<FieldId>), String> {
    let mut s = Spec::parse("--piece", text);
    let name = s
        .text_of("name", crate::field!(Piece: name))
        .unwrap_or_else(|| format!("piece {index}"));
    let kind = s.parsed("kind", Kind::parse)?;
    s.gave(crate::field!(Piece: kind), kind.is_some());
    let p = Piece {
        name,
        kind: kind.unwrap_or(Kind::Foot),
        melee: s.number("melee")?.unwrap_or(0),
        group: s.text("group"),
        colonial: s.switch("colonial", None, crate::field!(Piece: colonial))?,
    };
    let given = std::mem::take(&mut s.given);
    s.finish(PIECE_KEYS)?;
    Ok((p, given))
}
