//! A validation run: inputs checked in order into a [`Printer`].
//!
//! Small files are read whole and checked in parallel, up to 64 at a time;
//! larger files and standard input stream through
//! [`check_games`](crate::record::validate::check_games), which cuts them
//! into blocks checked in parallel (games chosen apart are read apart:
//! [`check_games_cut`]). Verdicts reach the printer in input
//! order either way. Game Courier move lists ([`InputKind::GameCourier`])
//! are one game per input, read whole. An input that cannot be read is
//! reported on standard error and to the printer, and the run goes on. An
//! input that needs a step in front of the reader (decoding, choosing games:
//! [`ReadThrough`]) streams through it, and its source lines are shown from
//! what that step gives.

use std::cell::RefCell;
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

use rayon::prelude::*;

use super::common::Failure;
use super::progress::Progress;
use super::source::{Kept, Source, Tee};
use super::summary::RunSummary;
use super::Printer;
use crate::fs::ReadAhead;
use crate::record::gamecourier::{check_list, ListSetup};
use crate::record::select::GameNumbers;
use crate::record::validate::{check_games_cut, check_games_serial, ValidateOptions, Verdict};

/// One input: a file or standard input.
#[derive(Clone, Debug)]
pub enum Input {
    /// A file.
    File(PathBuf),
    /// Standard input.
    Stdin,
}

impl Input {
    /// The name reports use.
    pub fn name(&self) -> String {
        match self {
            Input::File(p) => p.display().to_string(),
            Input::Stdin => "<stdin>".into(),
        }
    }
}

/// Files at most this large are read whole and checked in parallel with
/// their neighbours; larger ones stream, cut into blocks checked in parallel.
const SMALL_FILE: u64 = 1 << 20;

/// Reads of standard input: large blocks, as the block cutter wants.
const STDIN_BUFFER: usize = 1 << 20;

/// What the inputs hold.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum InputKind {
    /// PGN archives, any number of games each.
    #[default]
    Pgn,
    /// Game Courier move lists, one game each, read by these rules.
    GameCourier(ListSetup),
}

/// A step in front of the reader for the inputs that need one (decoding
/// from another encoding, choosing some games of a file).
pub trait ReadThrough {
    /// Whether `input` is read as it is, without this step.
    fn is_plain(&self, input: &Input) -> bool;
    /// `input` opened and read through the step, and the numbers in the
    /// input of the games it lets through (empty: counted as read).
    fn open(&self, input: &Input) -> std::io::Result<(Box<dyn Read>, GameNumbers)>;
}

/// How a run goes.
pub struct RunOptions<'a> {
    /// What the inputs hold (PGN, or Game Courier lists).
    pub kind: InputKind,
    /// How each game is checked.
    pub validate: ValidateOptions,
    /// Whether the printer reads the source again ([`super::Format::reads_source`];
    /// only then is standard input kept until its games are reported).
    pub snippets: bool,
    /// Whether a run that checks no game is fine; otherwise it is a
    /// failure named `empty_name` (the paths given).
    pub allow_empty: bool,
    /// The name an empty run's failure is reported under.
    pub empty_name: String,
    /// The step in front of the reader (None: every input read as it is).
    pub read_through: Option<&'a (dyn ReadThrough + Sync)>,
}

/// An error that ends the run: writing the report failed.
pub type WriteError = std::io::Error;

/// Checks `inputs` in order, reporting `failures` found before (unreadable
/// directories) first; returns the counts.
pub fn run(
    inputs: &[Input],
    failures: Vec<Failure>,
    opts: &RunOptions<'_>,
    printer: &mut dyn Printer,
    out: &mut dyn Write,
) -> Result<RunSummary, WriteError> {
    let started = Instant::now();
    let mut summary = RunSummary::default();
    let mut progress = Progress::new();
    for f in &failures {
        fail(printer, out, &mut summary, f.clone())?;
    }
    let plain = |inp: &Input| opts.read_through.is_none_or(|r| r.is_plain(inp));
    let mut i = 0;
    while i < inputs.len() {
        let small = |inp: &Input| match inp {
            Input::File(p) => {
                plain(inp)
                    && std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() <= SMALL_FILE)
            }
            Input::Stdin => false,
        };
        let mut j = i;
        while j < inputs.len() && j - i < 64 && small(&inputs[j]) {
            j += 1;
        }
        if j > i {
            // A run of small files is checked in parallel, whole.
            let group: Vec<(Result<Vec<Verdict>, String>, &Input)> = inputs[i..j]
                .par_iter()
                .map(|inp| {
                    let Input::File(p) = inp else {
                        return (Ok(Vec::new()), inp);
                    };
                    let r = std::fs::read(p)
                        .map_err(|e| e.to_string())
                        .and_then(|bytes| check_whole(&bytes, opts));
                    (r, inp)
                })
                .collect();
            for (r, inp) in group {
                let name = inp.name();
                match r {
                    Ok(verdicts) => {
                        let file = match inp {
                            Input::File(p) if opts.snippets => File::open(p).ok(),
                            _ => None,
                        };
                        printer.file_start(out, &name, Source::File(file))?;
                        summary.counts.files += 1;
                        for v in &verdicts {
                            summary.add(v);
                            printer.game(out, v)?;
                        }
                        printer.file_end(out)?;
                        progress.tick(&summary);
                    }
                    Err(message) => {
                        fail(printer, out, &mut summary, Failure::whole(name, message))?
                    }
                }
            }
            i = j;
            continue;
        }
        let inp = &inputs[i];
        i += 1;
        let name = inp.name();
        let mut numbers = GameNumbers::default();
        let (reader, source): (Box<dyn BufRead>, Source) = match inp {
            // Through the step: lines are shown from what it gives.
            _ if !plain(inp) => {
                let opened = opts.read_through.map(|r| r.open(inp));
                match opened {
                    Some(Ok((inner, n))) if opts.snippets => {
                        numbers = n;
                        let kept = Rc::new(RefCell::new(Kept::default()));
                        let tee = Tee::new(inner, Rc::clone(&kept));
                        (
                            Box::new(BufReader::with_capacity(STDIN_BUFFER, tee)),
                            Source::Kept(kept),
                        )
                    }
                    Some(Ok((inner, n))) => {
                        numbers = n;
                        (
                            Box::new(BufReader::with_capacity(STDIN_BUFFER, inner)),
                            Source::File(None),
                        )
                    }
                    Some(Err(e)) => {
                        fail(
                            printer,
                            out,
                            &mut summary,
                            Failure::whole(name, e.to_string()),
                        )?;
                        continue;
                    }
                    // `plain` is true without a step.
                    None => continue,
                }
            }
            Input::Stdin if opts.snippets => {
                let kept = Rc::new(RefCell::new(Kept::default()));
                let tee = Tee::new(ReadAhead::stdin(), Rc::clone(&kept));
                (
                    Box::new(BufReader::with_capacity(STDIN_BUFFER, tee)),
                    Source::Kept(kept),
                )
            }
            Input::Stdin => (Box::new(ReadAhead::stdin()), Source::File(None)),
            Input::File(p) => match File::open(p) {
                Ok(f) => (
                    Box::new(BufReader::with_capacity(1 << 16, f)),
                    Source::File(File::open(p).ok().filter(|_| opts.snippets)),
                ),
                Err(e) => {
                    fail(
                        printer,
                        out,
                        &mut summary,
                        Failure::whole(name, e.to_string()),
                    )?;
                    continue;
                }
            },
        };
        let kept = match &source {
            Source::Kept(k) => Some(Rc::clone(k)),
            Source::File(_) => None,
        };
        printer.file_start(out, &name, source)?;
        summary.counts.files += 1;
        let mut write_err = None;
        let mut each = |mut v: Verdict| {
            if let Some(n) = numbers.at(v.span.offset) {
                v.game = n;
            }
            summary.add(&v);
            if write_err.is_none() {
                if let Err(e) = printer.game(out, &v) {
                    write_err = Some(e);
                }
            }
            if let Some(k) = &kept {
                k.borrow_mut().trim_before(v.span.offset);
            }
            progress.tick(&summary);
        };
        let r = match &opts.kind {
            InputKind::Pgn => {
                // Games chosen apart are read apart.
                check_games_cut(reader, numbers.cuts(), &opts.validate, each)
                    .map_err(|e| (e.to_string(), e.span.line))
            }
            InputKind::GameCourier(_) => read_all(reader)
                .and_then(|bytes| check_whole(&bytes, opts))
                .map(|verdicts| verdicts.into_iter().for_each(&mut each))
                .map_err(|m| (m, 0)),
        };
        if let Some(e) = write_err {
            return Err(e);
        }
        printer.file_end(out)?;
        if let Err((message, line)) = r {
            let line = (line > 0).then_some(line);
            fail(
                printer,
                out,
                &mut summary,
                Failure {
                    path: name,
                    message,
                    line,
                },
            )?;
        }
    }
    progress.clear();
    if summary.counts.games == 0 && summary.failures == 0 && !opts.allow_empty {
        // A typo in a CI path must not pass as "0 games, all valid".
        let message =
            "no games found: nothing was checked (--allow-empty accepts a run with no games)";
        summary.empty = true;
        fail(
            printer,
            out,
            &mut summary,
            Failure::whole(opts.empty_name.clone(), message),
        )?;
    }
    summary.elapsed = started.elapsed();
    Ok(summary)
}

/// Checks one input read whole: its verdicts, or why it could not be read.
fn check_whole(bytes: &[u8], opts: &RunOptions) -> Result<Vec<Verdict>, String> {
    match &opts.kind {
        InputKind::Pgn => {
            let mut v = Vec::new();
            check_games_serial(bytes, &opts.validate, |x| v.push(x))
                .map(|()| v)
                .map_err(|e| e.to_string())
        }
        InputKind::GameCourier(setup) => {
            check_list(bytes, setup, opts.validate.strict).map(|v| v.into_iter().collect())
        }
    }
}

/// All of `reader` (a move list is one game, read whole).
fn read_all(mut reader: Box<dyn BufRead>) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map(|_| bytes)
        .map_err(|e| e.to_string())
}

/// Says on standard error that an input could not be checked, and tells
/// the printer.
fn fail(
    printer: &mut dyn Printer,
    out: &mut dyn Write,
    summary: &mut RunSummary,
    f: Failure,
) -> Result<(), WriteError> {
    eprintln!("error: {}: {}", f.path, f.message);
    if !summary.empty {
        summary.failures += 1;
    }
    printer.failure(out, &f)
}

/// Whether standard input is a terminal (nothing piped in).
pub fn stdin_is_terminal() -> bool {
    std::io::stdin().is_terminal()
}
