//! The table: bases, terrain and the measurements the rules ask for (issue: geometry).
