//! The table being refereed: the layout (from src/geometry), where it came from, the photo
//! under it, and cached drawing data rebuilt whenever the layout changes.

use super::canvas::photo::{Photo, PhotoPlacement};
use crate::charts::Charts;
use crate::geometry::{Base, Layout, Table, Terrain, file};
use crate::store::layout_file;
use parry2d::shape::TriMesh;
use std::path::{Path, PathBuf};

/// The layout on the canvas and what belongs with it.
pub struct Document {
    /// The table, bases and terrain.
    pub layout: Layout,
    /// The file it was read from or last saved to.
    pub path: Option<PathBuf>,
    /// A short name for the status bar.
    pub name: String,
    /// Warnings from reading it (overlapping bases).
    pub warnings: Vec<String>,
    /// The photo under the table, if one is loaded.
    pub photo: Option<Photo>,
    /// Counts the changes to the bases and terrain, so what was read from the table can
    /// tell it is out of date.
    pub revision: u64,
    /// Each terrain area's triangles (for filling concave outlines); `None` for lines.
    terrain_triangles: Vec<Option<Vec<[u32; 3]>>>,
}

impl Document {
    /// A document over a layout.
    pub fn new(layout: Layout, name: impl Into<String>) -> Document {
        let mut document = Document {
            layout,
            path: None,
            name: name.into(),
            warnings: Vec::new(),
            photo: None,
            revision: 0,
            terrain_triangles: Vec::new(),
        };
        document.rebuild_triangles();
        document
    }

    /// An empty table of a given size.
    pub fn empty(table: Table) -> Document {
        Document::new(Layout::new(table, Vec::new(), Vec::new()), "new table")
    }

    /// Reads layout JSON text; the errors are the reader's, one per line.
    pub fn from_text(text: &str, name: &str, charts: &Charts) -> Result<Document, Vec<String>> {
        let report = file::read(text, charts);
        match report.layout {
            Some(layout) if report.errors.is_empty() => {
                let mut document = Document::new(layout, name);
                document.warnings = report.warnings.iter().map(ToString::to_string).collect();
                Ok(document)
            }
            _ => Err(report
                .errors
                .iter()
                .map(|e| format!("{name}: {e}"))
                .collect()),
        }
    }

    /// Reads a layout file, and its photo placement if one was saved beside it.
    pub fn open(path: &Path, charts: &Charts) -> Result<Document, Vec<String>> {
        let text = layout_file::read(path).map_err(|e| vec![e])?;
        let mut document = Document::from_text(&text.layout, &path.display().to_string(), charts)?;
        document.path = Some(path.to_owned());
        if let Some(placement) = text.photo_placement {
            let placement = serde_json::from_str::<PhotoPlacement>(&placement).map_err(|e| {
                vec![format!(
                    "{}: {e}",
                    layout_file::photo_placement_path(path).display()
                )]
            })?;
            let photo = Photo::load_placed(placement).map_err(|e| vec![e])?;
            document.photo = Some(photo);
        }
        Ok(document)
    }

    /// Writes the layout as JSON to `path`, and the photo placement beside it.
    pub fn save(&mut self, path: &Path) -> Result<(), String> {
        let value = file::write(&self.layout);
        let text = serde_json::to_string_pretty(&value).map_err(|e| e.to_string())? + "\n";
        let placement = match &self.photo {
            Some(photo) => Some(
                serde_json::to_string_pretty(&photo.placement).map_err(|e| e.to_string())? + "\n",
            ),
            None => None,
        };
        layout_file::write(path, &text, placement.as_deref())?;
        self.path = Some(path.to_owned());
        self.name = path.display().to_string();
        Ok(())
    }

    /// Replaces the whole layout (the table as a game's log leaves it).
    pub fn set_layout(&mut self, layout: Layout) {
        self.revision += 1;
        self.layout = layout;
        self.rebuild_triangles();
    }

    /// Replaces the bases (rebuilding the layout's indexes).
    pub fn set_bases(&mut self, bases: Vec<Base>) {
        self.revision += 1;
        self.layout = self.layout.with_bases(bases);
    }

    /// Replaces the terrain (rebuilding the indexes and the fills).
    pub fn set_terrain(&mut self, terrain: Vec<Terrain>) {
        self.revision += 1;
        self.layout = self.layout.with_terrain(terrain);
        self.rebuild_triangles();
    }

    /// The triangles filling terrain `index` (an area), if it could be triangulated.
    pub fn terrain_triangles(&self, index: usize) -> Option<&[[u32; 3]]> {
        self.terrain_triangles.get(index)?.as_deref()
    }

    fn rebuild_triangles(&mut self) {
        self.terrain_triangles = self
            .layout
            .terrain()
            .iter()
            .map(|t| {
                if !t.is_area() || t.points().len() < 3 {
                    return None;
                }
                // parry's ear clipping wants the outline anticlockwise: try both ways round.
                let points = t.points().to_vec();
                let last = points.len() as u32 - 1;
                TriMesh::from_polygon(points.clone())
                    .map(|mesh| mesh.indices().to_vec())
                    .or_else(|| {
                        let reversed: Vec<_> = points.into_iter().rev().collect();
                        TriMesh::from_polygon(reversed).map(|mesh| {
                            mesh.indices()
                                .iter()
                                .map(|tri| tri.map(|i| last - i))
                                .collect()
                        })
                    })
            })
            .collect();
    }
}
