//! Reports of a validation run: one printer per output format, and the rule
//! book they cite.
//!
//! The CLI makes a [`Printer`] for `--format` and hands it, in input order,
//! each file's start, its verdicts and its end, every input that could not
//! be checked ([`Failure`]), and at last the run's [`RunSummary`]. The
//! printer owns every byte of its format; no failure is left out of any.

pub mod columns;
pub mod common;
pub mod github;
pub mod human;
pub mod json;
pub mod junit;
pub mod line;
pub mod progress;
pub mod rdjson;
pub mod root;
pub mod rulings;
pub mod sarif;
pub mod sink;
pub mod source;

use std::io::{self, Write};

pub use crate::record::pipeline::summary::RunSummary;
pub use crate::record::pipeline::Failure;
pub use human::HumanOptions;
pub use root::Root;
pub use source::Source;

use crate::record::replay::verdict::Verdict;

/// The output formats of `validate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// rustc-style diagnostics with the source line and a caret.
    Human,
    /// JSON Lines: one object per game (and per unreadable input); columns
    /// in characters.
    Json,
    /// GitHub Actions workflow commands, a table in $GITHUB_STEP_SUMMARY and
    /// the counts in $GITHUB_OUTPUT; columns in characters.
    Github,
    /// JUnit XML: a testsuite per file, a testcase per game, totals;
    /// columns in characters.
    Junit,
    /// SARIF 2.1.0 (code scanning); rule ids are ruling ids; columns in
    /// UTF-16 code units.
    Sarif,
    /// reviewdog's diagnostic format (rdjson); columns in UTF-8 bytes.
    Rdjson,
}

impl Format {
    /// Whether the printer reads the games' bytes: the human one shows
    /// lines, and SARIF, rdjson and github give where a finding ends, and
    /// SARIF and rdjson count columns in units other than characters
    /// ([`columns`]), which a span alone cannot tell.
    pub fn reads_source(self) -> bool {
        !matches!(self, Format::Json | Format::Junit)
    }
}

/// A report being written.
pub trait Printer {
    /// A file (or standard input) begins.
    fn file_start(&mut self, out: &mut dyn Write, name: &str) -> io::Result<()>;
    /// One game's verdict, in input order; snippets read lines from the
    /// game's bytes in `source`.
    fn game(&mut self, out: &mut dyn Write, v: &Verdict, source: Source<'_>) -> io::Result<()>;
    /// The file's last verdict was given (most formats close nothing).
    fn file_end(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// An input that could not be checked (or not to its end).
    fn failure(&mut self, out: &mut dyn Write, f: &Failure) -> io::Result<()>;
    /// The run ended.
    fn finish(&mut self, out: &mut dyn Write, summary: &RunSummary) -> io::Result<()>;
}

/// The printer for `format`; `human` shapes the human one, `root` is where
/// SARIF's URIs (and, when given, github's and rdjson's paths) start.
pub fn printer(format: Format, human: HumanOptions, root: Root) -> Box<dyn Printer> {
    match format {
        Format::Human => Box::new(human::Human::new(human)),
        Format::Json => Box::new(json::Json::default()),
        Format::Github => {
            let path = |name| {
                std::env::var_os(name)
                    .filter(|p| !p.is_empty())
                    .map(Into::into)
            };
            Box::new(
                github::Github::new(path("GITHUB_STEP_SUMMARY"))
                    .with_outputs(path("GITHUB_OUTPUT"))
                    .with_root(root),
            )
        }
        Format::Junit => Box::new(junit::Junit::default()),
        Format::Sarif => Box::new(sarif::Sarif::new(root)),
        Format::Rdjson => Box::new(rdjson::Rdjson::new(root)),
    }
}
