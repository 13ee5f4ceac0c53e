//! A number field that starts empty: asked for by name until the referee types it or the
//! records give it, never defaulted (issue 39), and read by the same domain type as the
//! command line's flag for it (`Strength` for `--sp`, `ZoneRange` for `--range`).

/// What one asked-for number is: its label, its help, what else can give it, and the
/// domain type's reading of the text typed.
#[derive(Debug, Clone, Copy)]
pub struct AskedNumber {
    /// Its label on the form (and the name the form's refusal gives it).
    pub label: &'static str,
    /// One line of help.
    pub hint: &'static str,
    /// Where else it can come from, said while it is not given.
    pub ask: &'static str,
    /// Reads the text typed (`Err`: why it is not a value of the field's domain).
    pub parse: fn(&str) -> Result<u32, String>,
}

impl AskedNumber {
    /// "LABEL: not given: ASK" while `value` is empty, as the form refuses to resolve.
    pub fn missing(&self, value: Option<u32>) -> Option<String> {
        value
            .is_none()
            .then(|| format!("{}: not given: {}", self.label, self.ask))
    }

    /// Draws the field for `value`. The text typed is kept between frames; a value given
    /// elsewhere (the records, a form reset) replaces it.
    pub fn ui(&self, ui: &mut egui::Ui, value: &mut Option<u32>) {
        let id = ui.make_persistent_id(("asked", self.label));
        let mut text: String = ui.data_mut(|d| d.get_temp(id)).unwrap_or_default();
        let reads = |text: &str| (self.parse)(text.trim()).ok();
        if reads(&text) != *value {
            text = value.map(|v| v.to_string()).unwrap_or_default();
        }
        ui.horizontal(|ui| {
            let label = ui.label(self.label);
            let field = ui
                .add(egui::TextEdit::singleline(&mut text).desired_width(60.0))
                .labelled_by(label.id)
                .on_hover_text(self.hint);
            if field.changed() {
                *value = reads(&text);
            }
        });
        let typed = text.trim();
        if typed.is_empty() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!("{}: not given: {}", self.label, self.ask),
            );
        } else if let Err(e) = (self.parse)(typed) {
            ui.colored_label(ui.visuals().error_fg_color, format!("{}: {e}", self.label));
        }
        ui.data_mut(|d| d.insert_temp(id, text));
    }
}

/// Strength points typed, read as every door reads them (`bounds::Strength`).
pub fn strength(text: &str) -> Result<u32, String> {
    crate::bounds::Strength::parse(text)
        .map(crate::bounds::Strength::get)
        .map_err(|e| e.to_string())
}

/// A count typed (`bounds::Count`).
pub fn count(text: &str) -> Result<u32, String> {
    crate::bounds::Count::parse(text)
        .map(crate::bounds::Count::get)
        .map_err(|e| e.to_string())
}

/// A range in zones typed (`bounds::ZoneRange`, 1 to 3).
pub fn zone_range(text: &str) -> Result<u32, String> {
    crate::bounds::ZoneRange::parse(text)
        .map(|r| u32::from(r.get()))
        .map_err(|e| e.to_string())
}
