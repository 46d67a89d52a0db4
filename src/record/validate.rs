//! Validating archives: stream games, replay them in parallel, report in order.
//!
//! A PGN archive can be far larger than memory, so games are read one at a
//! time by the streaming [`Reader`] and replayed in batches across all cores;
//! the verdicts come back in input order so output is deterministic. A PGN
//! syntax error is the verdict of the game it broke (the reader resumes at
//! the next game), so one damaged game never hides the rest.
//!
//! ```
//! use fvnote::record::validate::{check_games, ValidateOptions};
//! let pgn = "1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n";
//! let mut verdicts = Vec::new();
//! check_games(pgn.as_bytes(), &ValidateOptions::default(), |v| verdicts.push(v)).unwrap();
//! assert!(!verdicts[0].valid);
//! assert_eq!(verdicts[0].error.as_ref().unwrap().token, "Ke3");
//! assert!(verdicts[1].valid);
//! assert_eq!(verdicts[1].game, 2);
//! ```

use std::io::BufRead;

use rayon::prelude::*;
use serde::Serialize;

use crate::notation::pgn::{PgnError, PgnErrorKind, Reader, RecordBuilder};
use crate::record::replay::{
    replay_with, Diagnostic, GameReport, ReplayOptions, Replayer, Severity,
};
use crate::record::{Record, Span};
use crate::rules::Variant;

/// How to validate.
#[derive(Clone, Debug)]
pub struct ValidateOptions {
    /// Lenient notation is an error.
    pub strict: bool,
    /// Games replayed together (in parallel) before their verdicts are handed on.
    pub batch: usize,
}

impl Default for ValidateOptions {
    fn default() -> Self {
        ValidateOptions {
            strict: false,
            batch: 256,
        }
    }
}

/// The verdict on one game of an archive.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// 1-based index of the game in its input.
    pub game: usize,
    /// Where the game starts (for a syntax error: where the error is).
    pub span: Span,
    pub valid: bool,
    /// Main-line plies that were played.
    pub plies: usize,
    /// The variant identifier (`chess` when unknown or unreadable).
    pub variant: String,
    /// `White` and `Black` tags, when present, to name the game.
    pub white: Option<String>,
    pub black: Option<String>,
    /// The first error; a PGN syntax error has no ruling and no position.
    pub error: Option<Diagnostic>,
    /// Whether `error` is a PGN syntax error (the game could not be read).
    pub syntax_error: bool,
    pub warnings: Vec<Diagnostic>,
    pub notes: Vec<Diagnostic>,
}

/// The verdict on one game read (or not) from an archive.
pub fn check_game(game: usize, read: Result<Record, PgnError>, opts: &ValidateOptions) -> Verdict {
    match read {
        Ok(record) => {
            let mut r = Replayer::new(replay_options(opts));
            let report = replay_with(&record, &mut r);
            verdict(game, record.span, &r, report)
        }
        Err(e) => syntax_verdict(game, &e),
    }
}

fn replay_options(opts: &ValidateOptions) -> ReplayOptions {
    ReplayOptions {
        strict: opts.strict,
        fens: false,
        verdict_only: true,
    }
}

/// The verdict from a replay report; `r` still holds the game's tags.
fn verdict(game: usize, span: Span, r: &Replayer, report: GameReport) -> Verdict {
    let (white, black) = r.players();
    let variant = match r.variant_tag() {
        Some(name) if report.variant == Variant::Chess && !name.trim().is_empty() => {
            // An unknown variant name is shown as written.
            name.parse::<Variant>()
                .map(|v| v.id().to_owned())
                .unwrap_or_else(|_| name.to_owned())
        }
        _ => report.variant.id().to_owned(),
    };
    Verdict {
        game,
        span,
        valid: report.is_valid(),
        plies: report.plies,
        variant,
        white: white.map(str::to_owned),
        black: black.map(str::to_owned),
        error: report.error,
        syntax_error: false,
        warnings: report.warnings,
        notes: report.notes,
    }
}

fn syntax_verdict(game: usize, e: &PgnError) -> Verdict {
    Verdict {
        game,
        span: e.span,
        valid: false,
        plies: 0,
        variant: "chess".into(),
        white: None,
        black: None,
        error: Some(syntax_diagnostic(e)),
        syntax_error: true,
        warnings: Vec::new(),
        notes: Vec::new(),
    }
}

/// A PGN syntax error as a diagnostic (no ruling, no position).
pub fn syntax_diagnostic(e: &PgnError) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        span: e.span,
        ply: None,
        token: String::new(),
        message: format!("PGN syntax: {}", e.kind),
        ruling: None,
        fen: None,
        suggestions: Vec::new(),
        in_variation: false,
    }
}

/// Reads every game from `input` and hands each verdict to `sink`, in order.
///
/// Games are replayed in batches of `opts.batch` on the rayon pool while the
/// next batch is read; do not call it from inside a rayon task (it would wait
/// on the pool from one of its own workers): use [`check_games_serial`]. An I/O
/// error of the input ends the stream and is returned (after the verdicts of
/// the games before it).
pub fn check_games<R: BufRead>(
    input: R,
    opts: &ValidateOptions,
    mut sink: impl FnMut(Verdict),
) -> Result<(), PgnError> {
    if rayon::current_num_threads() <= 1 {
        return check_games_serial(input, opts, sink);
    }
    let mut reader = Reader::new(input);
    let batch_size = opts.batch.max(1);
    let mut index = 0usize;
    let mut builder = RecordBuilder::default();
    // Reading (on this thread) overlaps with replaying the previous batch
    // (on the rayon pool), so the reader is never the bottleneck alone.
    std::thread::scope(|scope| {
        let mut running: Option<std::thread::ScopedJoinHandle<'_, Vec<Verdict>>> = None;
        let mut deliver = |h: std::thread::ScopedJoinHandle<'_, Vec<Verdict>>| match h.join() {
            Ok(verdicts) => verdicts.into_iter().for_each(&mut sink),
            Err(panic) => std::panic::resume_unwind(panic),
        };
        loop {
            let mut batch = Vec::with_capacity(batch_size.min(1024));
            let mut io_error = None;
            while let Some(read) = reader.read_game(&mut builder).transpose() {
                if let Err(
                    e @ PgnError {
                        kind: PgnErrorKind::Io(_),
                        ..
                    },
                ) = &read
                {
                    io_error = Some(e.clone());
                    break;
                }
                index += 1;
                batch.push((index, read));
                if batch.len() == batch_size {
                    break;
                }
            }
            let done = batch.len() < batch_size || io_error.is_some();
            if let Some(h) = running.take() {
                deliver(h);
            }
            let h = scope.spawn(move || {
                batch
                    .into_par_iter()
                    .map(|(i, read)| check_game(i, read, opts))
                    .collect()
            });
            if done {
                deliver(h);
                return io_error.map_or(Ok(()), Err);
            }
            running = Some(h);
        }
    })
}

/// Checks every game of `input` on the calling thread, in order.
///
/// Each game is replayed as the reader lends its tokens ([`Replayer`]): no
/// record is built. For callers that are already parallel (one file per
/// rayon task): it never blocks on the pool, so it cannot starve it.
pub fn check_games_serial<R: BufRead>(
    input: R,
    opts: &ValidateOptions,
    mut sink: impl FnMut(Verdict),
) -> Result<(), PgnError> {
    let mut reader = Reader::new(input);
    let mut replayer = Replayer::new(replay_options(opts));
    let mut index = 0;
    loop {
        let read = reader.read_game(&mut replayer);
        let v = match read {
            Ok(None) => return Ok(()),
            Ok(Some(report)) => {
                index += 1;
                let span = replayer.game_span();
                verdict(index, span, &replayer, report)
            }
            Err(e) => {
                if let PgnErrorKind::Io(_) = e.kind {
                    return Err(e);
                }
                index += 1;
                syntax_verdict(index, &e)
            }
        };
        sink(v);
    }
}

/// Counts over a whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub files: usize,
    pub games: usize,
    pub valid: usize,
    pub invalid: usize,
    pub warnings: usize,
    pub notes: usize,
}

impl Summary {
    /// Counts one verdict.
    pub fn add(&mut self, v: &Verdict) {
        self.games += 1;
        if v.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.warnings += v.warnings.len();
        self.notes += v.notes.len();
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural =
            |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        write!(
            f,
            "checked {} {} in {} {}: {} valid, {} invalid, {} {}",
            self.games,
            plural(self.games, "game", "games"),
            self.files,
            plural(self.files, "file", "files"),
            self.valid,
            self.invalid,
            self.warnings,
            plural(self.warnings, "warning", "warnings"),
        )
    }
}

/// The line of `text` that holds byte `offset` (without its line break),
/// and the byte offset of that line's start.
pub fn line_around(text: &[u8], offset: usize) -> Option<(usize, &[u8])> {
    if offset > text.len() {
        return None;
    }
    let start = text
        .get(..offset)?
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = text
        .get(offset..)?
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| offset + i);
    let mut line = text.get(start..end)?;
    if line.last() == Some(&b'\r') {
        line = line.get(..line.len() - 1)?;
    }
    Some((start, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_around_finds_the_line() {
        let t = b"ab\ncd\r\nef";
        assert_eq!(line_around(t, 0), Some((0, &b"ab"[..])));
        assert_eq!(line_around(t, 4), Some((3, &b"cd"[..])));
        assert_eq!(line_around(t, 8), Some((7, &b"ef"[..])));
        assert_eq!(line_around(t, 9), Some((7, &b"ef"[..])));
        assert_eq!(line_around(t, 10), None);
    }

    #[test]
    fn syntax_error_then_good_game() {
        let pgn = "[Event \"a\"]\n\n1. e4 ) e5 *\n\n[Event \"b\"]\n\n1. d4 *\n";
        let mut v = Vec::new();
        check_games(pgn.as_bytes(), &ValidateOptions::default(), |x| v.push(x)).unwrap();
        assert!(v.iter().any(|x| x.syntax_error));
        assert!(v.last().unwrap().valid);
    }

    #[test]
    fn serial_matches_batched() {
        let pgn = "1. e4 *\n\n1. Ke2 *\n\n1. d4 ) *\n\n[Event \"x\"]\n\n1. c4 *\n";
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let opts = ValidateOptions::default();
        check_games(pgn.as_bytes(), &opts, |x| a.push((x.game, x.valid))).unwrap();
        check_games_serial(pgn.as_bytes(), &opts, |x| b.push((x.game, x.valid))).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, vec![(1, true), (2, false), (3, false), (4, true)]);
    }

    #[test]
    fn batches_keep_order() {
        let pgn = "1. e4 *\n\n".repeat(10) + "1. Ke2 *\n";
        let opts = ValidateOptions {
            strict: false,
            batch: 3,
        };
        let mut v = Vec::new();
        check_games(pgn.as_bytes(), &opts, |x| v.push(x)).unwrap();
        let idx: Vec<usize> = v.iter().map(|x| x.game).collect();
        assert_eq!(idx, (1..=11).collect::<Vec<_>>());
        assert!(!v[10].valid);
    }

    #[test]
    fn summary_line() {
        let s = Summary {
            files: 3,
            games: 12,
            valid: 11,
            invalid: 1,
            warnings: 4,
            notes: 0,
        };
        assert_eq!(
            s.to_string(),
            "checked 12 games in 3 files: 11 valid, 1 invalid, 4 warnings"
        );
    }
}
