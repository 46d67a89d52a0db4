//! A report as the pipeline's sink: each input's start, its verdicts with
//! the games' bytes, its end, and every input that could not be read, handed
//! to the [`Printer`] of the chosen format in input order.

use std::io::{self, Write};

use super::progress::Progress;
use super::source::Source;
use super::Printer;
use crate::record::pipeline::game::Finished;
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::Input;
use crate::record::pipeline::summary::RunSummary;
use crate::record::pipeline::{Failure, Sink};

/// Prints a run's verdicts (see the module).
pub struct Report<'a> {
    printer: &'a mut dyn Printer,
    out: &'a mut dyn Write,
    /// Whether the printer reads the games' bytes.
    reads_source: bool,
    progress: Progress,
    games: usize,
    invalid: usize,
    /// Warnings and notes are left out (`-q`).
    quiet: bool,
}

impl<'a> Report<'a> {
    /// A report by `printer` to `out`; `reads_source`: the printer shows
    /// lines of the games (see [`super::Format::reads_source`]).
    pub fn new(
        printer: &'a mut dyn Printer,
        out: &'a mut dyn Write,
        reads_source: bool,
    ) -> Report<'a> {
        Report {
            printer,
            out,
            reads_source,
            progress: Progress::new(),
            games: 0,
            invalid: 0,
            quiet: false,
        }
    }

    /// Leaves warnings and notes out of every game's verdict as printed,
    /// in any format (`-q`); the run's summary still counts them.
    pub fn quiet(mut self, quiet: bool) -> Report<'a> {
        self.quiet = quiet;
        self
    }

    /// Ends the report: a run that chose no game is a failure unless
    /// `allow_empty` (named `empty_name`, the paths given), then the
    /// printer's end with the counts.
    pub fn finish(
        &mut self,
        summary: &mut RunSummary,
        allow_empty: bool,
        empty_name: &str,
    ) -> io::Result<()> {
        self.progress.clear();
        if summary.empty && !allow_empty {
            // A typo in a CI path must not pass as "0 games, all valid".
            let message = match summary.read {
                0 => "no games found: nothing was checked (--allow-empty accepts a run with no games)"
                    .to_owned(),
                n => format!(
                    "{n} game{} read, none chosen by FILE:N or --where: nothing was checked \
                     (--allow-empty accepts a run with no games)",
                    if n == 1 { "" } else { "s" }
                ),
            };
            eprintln!("error: {empty_name}: {message}");
            self.printer
                .failure(self.out, &Failure::whole(empty_name, message))?;
        }
        self.printer.finish(self.out, summary)
    }
}

impl Sink<()> for Report<'_> {
    fn wants_text(&self) -> bool {
        self.reads_source
    }

    fn input_start(&mut self, input: &Input) -> io::Result<()> {
        self.printer.file_start(self.out, &input.name)
    }

    fn game(
        &mut self,
        _: &Input,
        game: Finished<()>,
        text: Option<GameText<'_>>,
    ) -> io::Result<()> {
        self.games += 1;
        self.invalid += usize::from(!game.verdict.valid);
        let mut verdict = game.verdict;
        if self.quiet {
            verdict.warnings.clear();
            verdict.notes.clear();
            verdict.omitted.warnings = 0;
            verdict.omitted.notes = 0;
        }
        self.printer.game(self.out, &verdict, Source::new(text))?;
        self.progress.tick(self.games, self.invalid);
        Ok(())
    }

    fn input_end(&mut self, _: &Input) -> io::Result<()> {
        self.printer.file_end(self.out)
    }

    fn failure(&mut self, failure: &Failure) -> io::Result<()> {
        self.printer.failure(self.out, failure)
    }
}
