//! The game as an append-only event log, its projections and campaigns (issue: records).
