//! A top-down photo of the real table as the canvas background: loaded from a PNG or JPEG,
//! placed on the table in millimetres, and calibrated by two clicked points and their
//! typed real distance (a second pair checks it).

use crate::geometry::Real;
use egui::{Color32, ColorImage, Pos2, Rect, TextureHandle, Vec2, pos2};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Where a photo lies on the table: what is saved with the layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhotoPlacement {
    /// The image file.
    pub path: PathBuf,
    /// Millimetres of table per image pixel (1 until calibrated).
    pub mm_per_pixel: Real,
    /// The table point (mm) under the image's bottom-left corner.
    pub origin_mm: [Real; 2],
    /// Whether the scale came from a calibration (rather than the 1 mm a pixel default).
    pub calibrated: bool,
}

/// A check of a calibration against a second measured pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CalibrationCheck {
    /// The distance the calibration gives for the second pair, mm.
    pub measured_mm: Real,
    /// The distance typed for it, mm.
    pub typed_mm: Real,
}

impl CalibrationCheck {
    /// The calibration's error on the check pair, as a percentage of the typed distance.
    pub fn error_percent(&self) -> Real {
        if self.typed_mm > 0.0 {
            (self.measured_mm - self.typed_mm) / self.typed_mm * 100.0
        } else {
            0.0
        }
    }
}

/// A loaded photo.
pub struct Photo {
    /// Its placement on the table.
    pub placement: PhotoPlacement,
    /// Width and height in pixels.
    pub size_px: [usize; 2],
    /// The last calibration check, if a second pair was measured.
    pub check: Option<CalibrationCheck>,
    image: Option<ColorImage>,
    texture: Option<TextureHandle>,
}

impl Photo {
    /// Reads a PNG or JPEG.
    pub fn load(path: &Path) -> Result<Photo, String> {
        let bytes = crate::store::layout_file::read_photo(path)?;
        Photo::from_bytes(path, &bytes)
    }

    /// Reads a PNG or JPEG from its bytes (an upload in the page, a file dropped on the
    /// window), `path` its name.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<Photo, String> {
        let limit = crate::store::disk::Input::Photo.limit();
        if bytes.len() as u64 > limit {
            return Err(format!(
                "{}: larger than the {} MB a photo may be",
                path.display(),
                limit / crate::store::disk::MB
            ));
        }
        let mut image = image::load_from_memory(bytes)
            .map_err(|e| format!("cannot read photo {}: {e}", path.display()))?
            .to_rgba8();
        // Larger than a GPU texture may be: shrink it (the same way every time, so a saved
        // calibration in these pixels still holds).
        if image.width().max(image.height()) > MAX_SIDE_PX {
            let scale = f64::from(MAX_SIDE_PX) / f64::from(image.width().max(image.height()));
            let (w, h) = (
                (f64::from(image.width()) * scale).round().max(1.0) as u32,
                (f64::from(image.height()) * scale).round().max(1.0) as u32,
            );
            image = image::imageops::resize(&image, w, h, image::imageops::FilterType::Triangle);
        }
        let size_px = [image.width() as usize, image.height() as usize];
        let pixels = ColorImage::from_rgba_unmultiplied(size_px, image.as_raw());
        Ok(Photo {
            placement: PhotoPlacement {
                path: path.to_owned(),
                mm_per_pixel: 1.0,
                origin_mm: [0.0, 0.0],
                calibrated: false,
            },
            size_px,
            check: None,
            image: Some(pixels),
            texture: None,
        })
    }

    /// Reads the photo a saved placement names, keeping its calibration.
    pub fn load_placed(placement: PhotoPlacement) -> Result<Photo, String> {
        let mut photo = Photo::load(&placement.path)?;
        photo.placement = placement;
        Ok(photo)
    }

    /// The table rectangle (mm) the image covers; `min` is its bottom-left corner.
    pub fn table_rect(&self) -> Rect {
        let scale = self.placement.mm_per_pixel;
        let [x, y] = self.placement.origin_mm;
        Rect::from_min_size(
            pos2(x, y),
            Vec2::new(
                self.size_px[0] as Real * scale,
                self.size_px[1] as Real * scale,
            ),
        )
    }

    /// The image pixel (x right, y down from the top row) under a table point.
    pub fn pixel_from_table(&self, table: Pos2) -> Pos2 {
        let rect = self.table_rect();
        let scale = self.placement.mm_per_pixel;
        pos2(
            (table.x - rect.min.x) / scale,
            (rect.max.y - table.y) / scale,
        )
    }

    /// The table point under an image pixel.
    pub fn table_from_pixel(&self, pixel: Pos2) -> Pos2 {
        let rect = self.table_rect();
        let scale = self.placement.mm_per_pixel;
        pos2(rect.min.x + pixel.x * scale, rect.max.y - pixel.y * scale)
    }

    /// Sets the scale from two pixels `distance_mm` apart on the real table, keeping the
    /// first pixel where it was on the table.
    pub fn calibrate(&mut self, a: Pos2, b: Pos2, distance_mm: Real) -> Result<(), String> {
        let pixels = (b - a).length();
        if pixels < 1.0 {
            return Err(
                "the two calibration points are the same pixel: click two points apart".to_owned(),
            );
        }
        if !(distance_mm.is_finite() && distance_mm > 0.0) {
            return Err("the calibration distance must be more than 0".to_owned());
        }
        let anchor = self.table_from_pixel(a);
        self.placement.mm_per_pixel = distance_mm / pixels;
        self.placement.calibrated = true;
        let moved = self.table_from_pixel(a);
        self.placement.origin_mm[0] += anchor.x - moved.x;
        self.placement.origin_mm[1] += anchor.y - moved.y;
        self.check = None;
        Ok(())
    }

    /// Checks the calibration on a second pair of pixels typed as `distance_mm` apart.
    pub fn check_pair(&mut self, a: Pos2, b: Pos2, distance_mm: Real) -> CalibrationCheck {
        let check = CalibrationCheck {
            measured_mm: (b - a).length() * self.placement.mm_per_pixel,
            typed_mm: distance_mm,
        };
        self.check = Some(check);
        check
    }

    /// The texture, uploaded on first use.
    pub fn texture(&mut self, ctx: &egui::Context) -> Option<&TextureHandle> {
        if self.texture.is_none()
            && let Some(image) = self.image.take()
        {
            self.texture =
                Some(ctx.load_texture("table-photo", image, egui::TextureOptions::LINEAR));
        }
        self.texture.as_ref()
    }
}

/// The longest side a photo is shown at, in pixels (within every GPU's texture limit).
pub const MAX_SIDE_PX: u32 = 4096;

/// How strongly the photo shows under the drawing.
pub const PHOTO_TINT: Color32 = Color32::from_rgba_premultiplied(230, 230, 230, 230);

#[cfg(test)]
mod tests {
    use super::*;

    fn photo(width: usize, height: usize) -> Photo {
        Photo {
            placement: PhotoPlacement {
                path: PathBuf::from("table.png"),
                mm_per_pixel: 1.0,
                origin_mm: [0.0, 0.0],
                calibrated: false,
            },
            size_px: [width, height],
            check: None,
            image: None,
            texture: None,
        }
    }

    #[test]
    fn calibration_sets_the_scale_from_the_typed_distance() {
        let mut p = photo(400, 300);
        // 200 pixels apart on the photo, 500 mm apart on the table: 2.5 mm a pixel.
        p.calibrate(pos2(100.0, 100.0), pos2(300.0, 100.0), 500.0)
            .expect("two distinct points");
        assert!((p.placement.mm_per_pixel - 2.5).abs() < 1e-6);
        // The first point stays where it was on the table.
        let first = p.table_from_pixel(pos2(100.0, 100.0));
        assert!((first - pos2(100.0, 200.0)).length() < 1e-3);
    }

    #[test]
    fn pixel_and_table_round_trip() {
        let p = photo(400, 300);
        let pixel = pos2(37.0, 12.0);
        let back = p.pixel_from_table(p.table_from_pixel(pixel));
        assert!((back - pixel).length() < 1e-4);
    }
}
