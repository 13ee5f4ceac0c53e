//! Writing a layout as version-1 JSON.

use super::{FORMAT, VERSION};
use crate::geometry::{Layout, Point, TerrainShape, round_mm};
use serde_json::{Value, json};

fn point_json(p: Point) -> Value {
    json!([round_mm(p.x), round_mm(p.y)])
}

/// Writes a layout as version-1 JSON, in millimetres.
pub fn write(layout: &Layout) -> Value {
    let units: Vec<Value> = layout
        .bases()
        .iter()
        .map(|b| {
            let mut unit = json!({
                "id": b.unit_id(),
                "side": b.side(),
                "x": round_mm(b.centre().x),
                "y": round_mm(b.centre().y),
                "facing": round_mm(b.facing_deg()),
                "frontage": round_mm(b.frontage()),
                "depth": round_mm(b.depth()),
            });
            if !b.unit_type().is_empty() {
                unit["type"] = json!(b.unit_type());
            }
            let record = b.record();
            if let Some(strength) = record.strength {
                unit["strength"] = json!(strength);
            }
            if let Some(class) = &record.class {
                unit["class"] = json!(class);
            }
            if let Some(army_list) = &record.army_list {
                unit["army_list"] = json!(army_list);
            }
            if let Some(formation) = &record.formation {
                unit["formation"] = json!(formation);
            }
            unit
        })
        .collect();
    let terrain: Vec<Value> = layout
        .terrain()
        .iter()
        .map(|t| {
            let points: Vec<Value> = t.points().iter().copied().map(point_json).collect();
            let mut item = json!({ "id": t.terrain_id, "kind": t.kind.name() });
            let key = match t.shape {
                TerrainShape::Area { .. } => "polygon",
                TerrainShape::Line { .. } => "line",
            };
            item[key] = Value::Array(points);
            if let Some(hill) = &t.hill {
                item["contour"] = json!(hill.contour);
                if let Some((crest, _)) = &hill.crest {
                    item["crest"] = Value::Array(crest.iter().copied().map(point_json).collect());
                }
            }
            if let Some(river) = t.river {
                item["river_type"] = json!(river);
            }
            item
        })
        .collect();
    let mut out = json!({
        "format": FORMAT,
        "version": VERSION,
        "table": { "width": round_mm(layout.table.width_mm), "depth": round_mm(layout.table.depth_mm) },
        "units": units,
        "terrain": terrain,
    });
    if let Some(rs) = layout.ruleset {
        out["ruleset"] = json!(rs.id());
    }
    if let Some(scale) = layout.figure_scale_mm {
        out["figure_scale_mm"] = json!(scale);
    }
    if let Some(scenario) = layout.scenario {
        out["scenario"] = json!(scenario.id());
    }
    out
}
