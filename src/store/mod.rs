//! `.laager` SQLite campaign files and JSON/CSV import and export (issue: records).
