//! `laager measure` on layouts with extreme coordinates (issue 36): a table, bases and
//! terrain whose numbers come from the input as raw 64-bit floats (NaN, infinities, 1e308,
//! subnormals, the largest integers) or table-sized numbers, or typed `--from`/`--to`
//! positions of such numbers. The command runs as `laager measure --json` runs
//! (`cli::measure_json`): it refuses the input, or measures; it never panics, and every
//! distance it gives is a number.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write as _;

/// Numbers that broke or nearly broke a measurement: beyond f32, beyond the table's
/// bounds, at them, and the smallest.
const SPECIAL: [f64; 16] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    1e300,
    1e299,
    1e290,
    1e307,
    18_446_744_073_709_551_615.0,
    -0.0,
    5e-324,
    20_000.0,
    20_000.000_1,
    -1e-9,
    3.4e38,
    1e-40,
    0.01,
];

/// The input, read a few bytes at a time; zeros once it runs out.
struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }

    fn number(&mut self) -> f64 {
        let mut raw = [0u8; 8];
        match self.byte() % 4 {
            0 => {
                raw.iter_mut().for_each(|b| *b = self.byte());
                f64::from_le_bytes(raw)
            }
            1 => SPECIAL[usize::from(self.byte()) % SPECIAL.len()],
            2 => f64::from(u16::from_le_bytes([self.byte(), self.byte()])),
            _ => f64::from(u16::from_le_bytes([self.byte(), self.byte()])) / 8.0,
        }
    }
}

/// A number as JSON text: NaN and the infinities as JSON cannot hold them (not JSON, or a
/// number too large to read).
fn json(x: f64) -> String {
    if x.is_nan() {
        "NaN".to_owned()
    } else if x.is_infinite() {
        if x > 0.0 { "1e999" } else { "-1e999" }.to_owned()
    } else {
        format!("{x:e}")
    }
}

fn typed(b: &mut Bytes<'_>) -> String {
    (0..5).map(|_| format!("{:e}", b.number())).collect::<Vec<_>>().join(",")
}

fn layout(b: &mut Bytes<'_>) -> String {
    let ruleset = if b.byte() % 2 == 0 { "dba-zulu" } else { "micro-colonial" };
    let unit = if b.byte() % 4 == 0 { "in" } else { "mm" };
    let (width, depth) = (b.number(), b.number());
    let count = 2 + usize::from(b.byte() % 3);
    let units: Vec<String> = (0..count)
        .map(|i| {
            let side = if i % 2 == 0 { "zulu" } else { "british" };
            let kind = if ruleset == "dba-zulu" { "zulus" } else { "infantry" };
            format!(
                r#"{{ "id": "u{i}", "side": "{side}", "type": "{kind}", "x": {}, "y": {}, "facing": {}, "frontage": {}, "depth": {} }}"#,
                json(b.number()),
                json(b.number()),
                json(b.number()),
                json(b.number()),
                json(b.number())
            )
        })
        .collect();
    let kinds = ["wood", "hill", "building", "dead-ground", "rough"];
    let kind = kinds[usize::from(b.byte()) % kinds.len()];
    let corners = 3 + usize::from(b.byte() % 2);
    let polygon: Vec<String> = (0..corners)
        .map(|_| format!("[{}, {}]", json(b.number()), json(b.number())))
        .collect();
    let wall = format!(
        "[[{}, {}], [{}, {}]]",
        json(b.number()),
        json(b.number()),
        json(b.number()),
        json(b.number())
    );
    format!(
        r#"{{ "format": "laager-layout", "version": 1, "ruleset": "{ruleset}", "length_unit": "{unit}",
  "table": {{ "width": {}, "depth": {} }},
  "units": [{}],
  "terrain": [{{ "id": "t", "kind": "{kind}", "polygon": [{}] }},
              {{ "id": "w", "kind": "wall", "line": {wall} }}] }}"#,
        json(width),
        json(depth),
        units.join(", "),
        polygon.join(", ")
    )
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data.iter());
    let mode = b.byte();
    let arc = "micro_colonial/firing_arc:angle_deg=90";
    let measured = if mode % 3 == 0 {
        let (from, to) = (typed(&mut b), typed(&mut b));
        let units = if mode % 2 == 0 { "mm" } else { "in" };
        laager::cli::measure_json(&[
            "--from", &from, "--to", &to, "--units", units, "--cell", arc,
        ])
    } else {
        let text = layout(&mut b);
        let Ok(mut file) = tempfile::NamedTempFile::new() else {
            return;
        };
        if file.write_all(text.as_bytes()).is_err() {
            return;
        }
        let path = file.path().to_string_lossy().into_owned();
        laager::cli::measure_json(&[&path, "--from", "u0", "--to", "u1", "--cell", arc])
    };
    if let Ok(m) = measured {
        for key in ["centre_to_nearest_mm", "edge_to_edge_mm"] {
            assert!(m[key].is_number(), "{key} is not a number: {m}");
        }
    }
});
