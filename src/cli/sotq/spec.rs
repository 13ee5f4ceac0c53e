//! Unit specs on the command line: `name=A/1/24,strength=4,weapon=S,range=3,nationality=regular`,
//! comma-separated `key=value` pairs and bare flags, parsed straight into the typed inputs'
//! parts (`Firer`, `StackUnit`, `Attacker`, `Defender`, `Piece`).

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
        }
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

    fn number(&mut self, key: &str) -> Result<Option<u32>, String> {
        match self.text(key) {
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| self.err(format!("{key}={v} is not a whole number"))),
            None => Ok(None),
        }
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
pub const FIRER_KEYS: &str = "name=, strength=, weapon=, range= (or from=CCRR with --target-hex), nationality=regular|colonial|nnc|zulu|dervish, arm=foot|cavalry|artillery|maxim|gunboat, and flags mounted, limbered, moved, changed-formation, out-of-ammo, pinned, routed, rear (target not through a frontal hexside), zoc-elsewhere (an enemy in its ZOC is not the target)";

/// Parses a `--firer`; `range_from` turns `from=CCRR` into a range.
pub fn firer(
    text: &str,
    index: usize,
    range_from: &dyn Fn(&str) -> Result<u32, String>,
) -> Result<Firer, String> {
    let mut s = Spec::parse("--firer", text);
    let name = s.text("name").unwrap_or_else(|| format!("firer {index}"));
    let strength = s
        .number("strength")?
        .ok_or_else(|| s.err("needs strength="))?;
    let weapon = s.required("weapon")?;
    let range = match (s.number("range")?, s.text("from")) {
        (Some(r), None) => r,
        (None, Some(hex)) => range_from(&hex).map_err(|e| s.err(e))?,
        _ => return Err(s.err("needs range=N or from=CCRR (one of them)")),
    };
    let nationality = s
        .parsed("nationality", Nationality::parse)?
        .ok_or_else(|| s.err("needs nationality="))?;
    let arm = s.parsed("arm", Arm::parse)?.unwrap_or(Arm::Foot);
    let f = Firer {
        name,
        strength,
        weapon,
        range,
        nationality,
        arm,
        mounted: s.flag("mounted"),
        limbered: s.flag("limbered"),
        moved: s.flag("moved"),
        changed_formation: s.flag("changed-formation"),
        out_of_ammo: s.flag("out-of-ammo"),
        pinned: s.flag("pinned"),
        routed: s.flag("routed"),
        rear: s.flag("rear"),
        zoc_elsewhere: s.flag("zoc-elsewhere"),
    };
    s.finish(FIRER_KEYS)?;
    Ok(f)
}

/// The keys a target or defending unit takes.
pub const UNIT_KEYS: &str = "name=, morale=A|B|C|D, and flags gun (a 7-pounder), zariba";

fn stack_unit(s: &mut Spec, index: usize, prefix: &str) -> Result<StackUnit, String> {
    Ok(StackUnit {
        name: s
            .text("name")
            .unwrap_or_else(|| format!("{prefix} {index}")),
        morale: s.parsed("morale", Morale::parse)?,
        gun: s.flag("gun"),
        zariba: s.flag("zariba"),
    })
}

/// Parses a `--target` unit.
pub fn target_unit(text: &str, index: usize) -> Result<StackUnit, String> {
    let mut s = Spec::parse("--target", text);
    let unit = stack_unit(&mut s, index, "target")?;
    s.finish(UNIT_KEYS)?;
    Ok(unit)
}

/// The keys `--attacker` takes.
pub const ATTACKER_KEYS: &str = "name=, strength=, nationality=, arm=, group= (impi or tribe), and flags mounted, charging, lancers (the 21st Lancers), in-radius, pinned, routed";

/// Parses an `--attacker`.
pub fn attacker(text: &str, index: usize) -> Result<Attacker, String> {
    let mut s = Spec::parse("--attacker", text);
    let a = Attacker {
        name: s
            .text("name")
            .unwrap_or_else(|| format!("attacker {index}")),
        strength: s
            .number("strength")?
            .ok_or_else(|| s.err("needs strength="))?,
        nationality: s
            .parsed("nationality", Nationality::parse)?
            .ok_or_else(|| s.err("needs nationality="))?,
        arm: s.parsed("arm", Arm::parse)?.unwrap_or(Arm::Foot),
        group: s.text("group"),
        mounted: s.flag("mounted"),
        charging: s.flag("charging"),
        lancers: s.flag("lancers"),
        in_command_radius: s.flag("in-radius"),
        pinned: s.flag("pinned"),
        routed: s.flag("routed"),
    };
    s.finish(ATTACKER_KEYS)?;
    Ok(a)
}

/// The keys `--defender` takes.
pub const DEFENDER_KEYS: &str =
    "name=, strength=, morale=A|B|C|D, arm=, and flags mounted, gun (a 7-pounder), zariba";

/// Parses a `--defender`.
pub fn defender(text: &str, index: usize) -> Result<Defender, String> {
    let mut s = Spec::parse("--defender", text);
    let strength = s
        .number("strength")?
        .ok_or_else(|| s.err("needs strength="))?;
    let arm = s.parsed("arm", Arm::parse)?.unwrap_or(Arm::Foot);
    let mounted = s.flag("mounted");
    let unit = stack_unit(&mut s, index, "defender")?;
    s.finish(DEFENDER_KEYS)?;
    Ok(Defender {
        unit,
        strength,
        arm,
        mounted,
    })
}

/// The keys `--piece` takes.
pub const PIECE_KEYS: &str = "name=, kind=foot|dismounted|mounted|artillery|engineer|wagon|leader, melee=, group= (regiment, impi or tribe), and flag colonial";

/// Parses a `--piece`.
pub fn piece(text: &str, index: usize) -> Result<Piece, String> {
    let mut s = Spec::parse("--piece", text);
    let p = Piece {
        name: s.text("name").unwrap_or_else(|| format!("piece {index}")),
        kind: s.parsed("kind", Kind::parse)?.unwrap_or(Kind::Foot),
        melee: s.number("melee")?.unwrap_or(0),
        group: s.text("group"),
        colonial: s.flag("colonial"),
    };
    s.finish(PIECE_KEYS)?;
    Ok(p)
}
