//! Reports of a validation run: one printer per output format, and the rule
//! book they cite.
//!
//! The CLI builds a [`Printer`] for `--format` and feeds it files, verdicts
//! and I/O failures in input order; the printer owns every byte of the
//! report's layout.

pub mod rulings;
