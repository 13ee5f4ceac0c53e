//! The layout reader's terrain: each piece's kind and outline, a hill's contour and crest,
//! a river's type, every value checked as it is read and every fault an issue naming it.

use super::{
    Point, Reader, RiverType, TOUCH_MM, Table, Terrain, TerrainKind, Value, join, kind,
    segments_intersection2d,
};

/// The terrain, each piece with an id of its own.
pub(super) fn read_terrains(
    r: &mut Reader<'_>,
    top: &serde_json::Map<String, Value>,
    table: Option<&Table>,
) -> Vec<Terrain> {
    let terrain_items: &[Value] = match top.get("terrain") {
        Some(Value::Array(items)) => items,
        None => &[],
        Some(other) => {
            r.error(
                "terrain",
                format!("expected a list of terrain, found {}", kind(other)),
            );
            &[]
        }
    };
    let mut terrain = Vec::new();
    let mut terrain_ids = std::collections::HashSet::new();
    for (i, item) in terrain_items.iter().enumerate() {
        let path = format!("terrain[{i}]");
        if let Some(t) = read_terrain(r, item, &path, table) {
            if !terrain_ids.insert(t.terrain_id.clone()) {
                r.error(
                    &join(&path, "id"),
                    format!("terrain id '{}' is used twice", t.terrain_id),
                );
            }
            terrain.push(t);
        }
    }
    terrain
}

#[allow(clippy::many_single_char_names)] // edges a-b and c-d
fn simple_polygon(outline: &[Point]) -> Result<(), String> {
    let n = outline.len();
    for i in 0..n {
        for j in i + 1..n {
            // Neighbouring edges share a vertex; the first and last are neighbours too.
            if j == i + 1 || (i == 0 && j == n - 1) {
                continue;
            }
            let (a, b) = (outline[i], outline[(i + 1) % n]);
            let (c, d) = (outline[j], outline[(j + 1) % n]);
            if segments_intersection2d(&a, &b, &c, &d, 1.0e-6).is_some() {
                return Err(format!(
                    "the polygon crosses itself: edge {i} meets edge {j}"
                ));
            }
        }
    }
    let mut twice_area = 0.0;
    for i in 0..n {
        let (a, b) = (outline[i], outline[(i + 1) % n]);
        twice_area += a.x * b.y - b.x * a.y;
    }
    if twice_area.abs() / 2.0 < TOUCH_MM {
        return Err("the polygon has no area".to_owned());
    }
    Ok(())
}

fn read_terrain(
    r: &mut Reader<'_>,
    value: &Value,
    path: &str,
    table: Option<&Table>,
) -> Option<Terrain> {
    let map = r.object(
        value,
        path,
        &[
            "id",
            "kind",
            "polygon",
            "line",
            "contour",
            "crest",
            "river_type",
        ],
    )?;
    let id = r.text(map, path, "id");
    let kind = read_terrain_kind(r, map, path);
    let shape = match (map.get("polygon"), map.get("line")) {
        (Some(p), None) => {
            let at = join(path, "polygon");
            let outline = r.points(p, &at, 3);
            if let Some(outline) = &outline
                && let Err(e) = simple_polygon(outline)
            {
                r.error(&at, e);
                return None;
            }
            if kind.is_some_and(TerrainKind::is_linear) {
                r.error(
                    &at,
                    "a wall, hedge or trench is a line: give `line`, not `polygon`",
                );
            }
            outline.map(|o| (true, o, at))
        }
        (None, Some(l)) => {
            let at = join(path, "line");
            if kind.is_some_and(|k| !k.may_be_line()) {
                r.error(&at, "only walls, hedges, trenches, roads, rivers and dongas may be lines: give `polygon`");
            }
            r.points(l, &at, 2).map(|p| (false, p, at))
        }
        (Some(_), Some(_)) => {
            r.error(path, "give `polygon` or `line`, not both");
            None
        }
        (None, None) => {
            r.error(path, "missing: give `polygon` (an area) or `line`");
            None
        }
    };
    if let (Some(table), Some((_, points, at))) = (table, &shape)
        && let Some(i) = points.iter().position(|p| !table.holds(p))
    {
        r.error(&format!("{at}[{i}]"), "the point is off the table");
    }
    let is_hill = kind == Some(TerrainKind::Hill);
    let (contour, crest) = read_hill(r, map, path, is_hill);
    let river = read_river_type(r, map, path, kind);
    let (is_area, points, _) = shape?;
    let (id, kind) = (id?, kind?);
    let mut terrain = if is_area {
        Terrain::area(id, kind, points)
    } else {
        Terrain::line(id, kind, points)
    };
    if is_hill {
        terrain = terrain.with_hill(contour, crest);
    }
    terrain.river = river;
    Some(terrain)
}

/// A terrain piece's kind, one of the kinds the table knows.
fn read_terrain_kind(
    r: &mut Reader<'_>,
    map: &serde_json::Map<String, Value>,
    path: &str,
) -> Option<TerrainKind> {
    match map.get("kind") {
        Some(Value::String(k)) => TerrainKind::from_name(k).or_else(|| {
            let names: Vec<&str> = TerrainKind::ALL.iter().map(|k| k.name()).collect();
            r.error(
                &join(path, "kind"),
                format!(
                    "unknown terrain kind '{k}': expected one of {}",
                    names.join(", ")
                ),
            );
            None
        }),
        Some(other) => {
            r.error(
                &join(path, "kind"),
                format!("expected a terrain kind, found {}", kind(other)),
            );
            None
        }
        None => {
            r.error(&join(path, "kind"), "missing: expected a terrain kind");
            None
        }
    }
}

/// A hill's contour level (1 unless given) and crest line; another kind has neither.
fn read_hill(
    r: &mut Reader<'_>,
    map: &serde_json::Map<String, Value>,
    path: &str,
    is_hill: bool,
) -> (u32, Option<Vec<Point>>) {
    let contour = match map.get("contour") {
        None => 1,
        Some(v) => match v.as_u64().filter(|c| *c >= 1 && is_hill) {
            Some(c) => c as u32,
            None => {
                r.error(
                    &join(path, "contour"),
                    if is_hill {
                        "expected a contour level of 1 or more"
                    } else {
                        "only a hill has a contour"
                    },
                );
                1
            }
        },
    };
    let crest = match map.get("crest") {
        None => None,
        Some(_) if !is_hill => {
            r.error(&join(path, "crest"), "only a hill has a crest line");
            None
        }
        Some(v) => r.points(v, &join(path, "crest"), 2),
    };
    (contour, crest)
}

/// A river's type, stream or small, if given (a river only).
fn read_river_type(
    r: &mut Reader<'_>,
    map: &serde_json::Map<String, Value>,
    path: &str,
    kind: Option<TerrainKind>,
) -> Option<RiverType> {
    match map.get("river_type") {
        None => None,
        Some(v) => match (v.as_str(), kind) {
            (Some("stream"), Some(TerrainKind::River)) => Some(RiverType::Stream),
            (Some("small"), Some(TerrainKind::River)) => Some(RiverType::Small),
            _ => {
                r.error(
                    &join(path, "river_type"),
                    "expected \"stream\" or \"small\", on a river only",
                );
                None
            }
        },
    }
}
