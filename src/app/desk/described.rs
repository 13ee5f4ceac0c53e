//! The desk's form of a procedure whose fields the engine describes
//! ([`Procedure::FIELDS`](crate::rules::Procedure::FIELDS)): drawn from that list (choices
//! as combo boxes, flags as checkboxes, names and numbers as text fields), each value
//! parsed by its field's domain, as `laager`'s flags made from the same list parse it. A
//! field nobody has filled is asked for by name: nothing here defaults one.
//!
//! What the records give is read by the engine's situation with the values typed, and
//! read again whenever they change; a value typed wins over the records'.

use crate::resolution::Refusal;
use crate::rules::describe::{BuildError, FieldSpec, Given, Kind};
use crate::rules::field::FieldId;
use crate::rules::situation::{Origins, Roles};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::BTreeMap;

/// What a choice not required shows when none is made.
const NONE: &str = "none";

/// What the records gave: the whole input the situation read (`None`: no unit named).
type Read = Option<Result<Value, String>>;

/// One procedure's form, made from its described fields.
#[derive(Debug, Clone, PartialEq)]
pub struct DescribedForm {
    fields: &'static [FieldSpec],
    /// What was typed into each text field or chosen, by field.
    texts: BTreeMap<FieldId, String>,
    /// The flags set or cleared by hand, by field.
    flags: BTreeMap<FieldId, bool>,
    /// What the records gave, and the values typed it was read with.
    read: Read,
    read_with: Option<Given>,
}

impl DescribedForm {
    /// An empty form of these fields.
    pub fn new(fields: &'static [FieldSpec]) -> DescribedForm {
        DescribedForm {
            fields,
            texts: BTreeMap::new(),
            flags: BTreeMap::new(),
            read: None,
            read_with: None,
        }
    }

    /// Types `text` into the field labelled `label` (or chooses it), as a user does.
    pub fn type_in(&mut self, label: &str, text: &str) {
        if let Some(spec) = self.fields.iter().find(|spec| spec.label == label) {
            match spec.kind {
                Kind::Flag => {
                    self.flags.insert(spec.field, !text.is_empty());
                }
                _ => {
                    self.texts.insert(spec.field, text.to_owned());
                }
            }
        }
    }

    /// What was typed, each value parsed by its field's domain; the first that does not
    /// parse is named by its label.
    pub fn given(&self) -> Result<Given, String> {
        let mut given = Given::default();
        for spec in self.fields {
            match spec.kind {
                Kind::Flag => {
                    if let Some(on) = self.flags.get(&spec.field) {
                        given.set(spec.field, Value::Bool(*on));
                    }
                }
                _ => {
                    let text = self.texts.get(&spec.field).map_or("", |t| t.trim());
                    if !text.is_empty() {
                        given.set(spec.field, spec.read(text, spec.label)?);
                    }
                }
            }
        }
        Ok(given)
    }

    /// Reads the unit in the roles from the records by the engine's `situation`, with
    /// the values typed (which win over the records'); no unit named, nothing read.
    pub fn fill<I: Serialize + DeserializeOwned>(
        &mut self,
        roles: &Roles,
        situation: impl FnOnce(I, &[String]) -> Result<I, Refusal>,
    ) {
        self.fill_when(!roles.0.is_empty(), situation);
    }

    /// Reads the records by the engine's `situation` when `reads` (a unit is named, or the
    /// procedure counts the whole roster and it has counters), with the values typed.
    pub fn fill_when<I: Serialize + DeserializeOwned>(
        &mut self,
        reads: bool,
        situation: impl FnOnce(I, &[String]) -> Result<I, Refusal>,
    ) {
        let Ok(given) = self.given() else {
            (self.read, self.read_with) = (None, None);
            return;
        };
        self.read = reads.then(|| match given.base::<I>(self.fields) {
            Err(error) => Err(format!(
                "read once the form is complete: {}",
                refusal(&error)
            )),
            Ok(base) => situation(base, &given.pointers())
                .map_err(|refusal| refusal.reason)
                .and_then(|input| serde_json::to_value(input).map_err(|e| e.to_string()))
                .and_then(|read| {
                    // A field the records were to give and did not is asked for by name.
                    given
                        .filled(self.fields, &read)
                        .map(|()| read)
                        .map_err(|error| format!("they do not give it: {}", refusal(&error)))
                }),
        });
        self.read_with = Some(given);
    }

    /// Whether the values typed have changed since the records were read with them.
    pub fn wants_fill(&self) -> bool {
        self.given().ok() != self.read_with
    }

    /// The engine's input: the records' reading when a unit is named, else what was
    /// typed; a field not given, or the records' refusal, is named.
    pub fn input<I: DeserializeOwned>(&self) -> Result<I, String> {
        let given = self.given()?;
        match &self.read {
            Some(_) if self.read_with.as_ref() != Some(&given) => {
                Err("the records are being read again for the values typed".to_owned())
            }
            Some(Ok(read)) => serde_json::from_value(read.clone()).map_err(|e| e.to_string()),
            Some(Err(why)) => Err(format!("the records: {why}")),
            None => given.build(self.fields).map_err(|e| refusal(&e)),
        }
    }

    /// What the records decided, or why they gave nothing (`None`: no unit named). An
    /// input leaves its origins out when the records decided nothing.
    pub fn from_records(&self) -> Option<Result<Origins, String>> {
        self.read.as_ref().map(|read| {
            read.clone().and_then(|value| match value.get("origins") {
                None => Ok(Origins::default()),
                Some(origins) => serde_json::from_value(origins.clone())
                    .map_err(|e| format!("the records' reading: {e}")),
            })
        })
    }

    /// What the records gave, or why they gave nothing, in the words the resolution's first
    /// steps will use (values given by hand since included); nothing when no unit is named
    /// or the records are being read again for values just typed.
    pub fn records_notes(&self, ruleset: crate::ruleset::Ruleset) -> Vec<String> {
        match self.from_records() {
            None => Vec::new(),
            Some(Err(why)) => vec![format!("the records: {why}")],
            Some(Ok(origins)) => match &self.read {
                Some(Ok(read)) if !self.wants_fill() => {
                    let rule = crate::resolution::RuleRef::section(ruleset, "the records");
                    origins
                        .steps(read, &rule)
                        .into_iter()
                        .map(|step| step.text)
                        .collect()
                }
                _ => Vec::new(),
            },
        }
    }

    /// The value the records gave `field`, where they gave one and it was not typed.
    fn read_value(&self, field: FieldId) -> Option<&Value> {
        match &self.read {
            Some(Ok(read)) => read.pointer(field.pointer()),
            _ => None,
        }
    }

    /// Draws every field, labelled, with its help on hover.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        for spec in self.fields {
            match spec.kind {
                Kind::Flag => {
                    let read = self
                        .read_value(spec.field)
                        .and_then(Value::as_bool)
                        .filter(|_| spec.from_records);
                    let mut on = self
                        .flags
                        .get(&spec.field)
                        .copied()
                        .or(read)
                        .unwrap_or(false);
                    if ui
                        .checkbox(&mut on, spec.label)
                        .on_hover_text(spec.help)
                        .changed()
                    {
                        self.flags.insert(spec.field, on);
                    }
                }
                Kind::Choice { names } => {
                    let chosen = self.texts.get(&spec.field).map_or("", String::as_str);
                    let shown = match (chosen.is_empty(), spec.required) {
                        (true, true) => "choose…",
                        (true, false) => NONE,
                        (false, _) => chosen,
                    };
                    let mut picked = None;
                    let combo = egui::ComboBox::from_label(spec.label)
                        .selected_text(shown.to_owned())
                        .show_ui(ui, |ui| {
                            // A choice not required may be left unmade: none.
                            if !spec.required
                                && ui.selectable_label(chosen.is_empty(), NONE).clicked()
                            {
                                picked = Some("");
                            }
                            for name in names {
                                if ui.selectable_label(chosen == *name, *name).clicked() {
                                    picked = Some(*name);
                                }
                            }
                        });
                    combo.response.on_hover_text(spec.help);
                    if let Some(name) = picked {
                        self.texts.insert(spec.field, name.to_owned());
                    }
                }
                Kind::Number { .. } | Kind::Text { .. } => {
                    let hint = match (self.read_value(spec.field), spec.kind) {
                        (Some(Value::String(read)), _) => format!("{read} (the records)"),
                        (Some(Value::Number(read)), _) => format!("{read} (the records)"),
                        (_, Kind::Number { unit, .. }) => {
                            format!("{} ({unit})", spec.value_name.to_lowercase())
                        }
                        _ => spec.value_name.to_lowercase(),
                    };
                    let mut text = self.texts.get(&spec.field).cloned().unwrap_or_default();
                    let edited = ui
                        .horizontal(|ui| {
                            let l = ui.label(spec.label);
                            ui.add(
                                egui::TextEdit::singleline(&mut text)
                                    .desired_width(180.0)
                                    .hint_text(hint),
                            )
                            .labelled_by(l.id)
                            .on_hover_text(spec.help)
                            .changed()
                        })
                        .inner;
                    if edited {
                        self.texts.insert(spec.field, text);
                    }
                }
            }
        }
    }
}

/// A build error in the desk's words: each missing field asked for by its label.
fn refusal(error: &BuildError) -> String {
    error.asked()
}
