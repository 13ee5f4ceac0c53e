//! What the rule measures between a firer and a target: the engine's answer
//! ([`crate::rules::measure`]), asked once a frame and shared by the canvas overlay and the
//! measurement panel (so both show one number).

pub use crate::rules::measure::{Measurement, mc_arc_angle, measure};
