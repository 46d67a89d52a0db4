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

use std::collections::BTreeMap;
use std::io::{BufRead, Read};
use std::sync::mpsc;

use serde::Serialize;

use crate::model::Span;
use crate::notation::pgn::{line_breaks, PgnError, PgnErrorKind, Reader};
use crate::record::damage;
use crate::record::replay::{Diagnostic, GameReport, Omitted, ReplayOptions, Replayer, Severity};
use crate::variant::Variant;

/// How to validate.
#[derive(Clone, Debug)]
pub struct ValidateOptions {
    /// Lenient notation is an error.
    pub strict: bool,
    /// Bytes of the archive per block checked in parallel ([`check_games`]);
    /// each block ends where a line starts with `[`.
    pub block: usize,
}

impl Default for ValidateOptions {
    fn default() -> Self {
        ValidateOptions {
            strict: false,
            block: BLOCK,
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
    /// Whether the game has no error (warnings and notes allowed).
    pub valid: bool,
    /// Main-line plies that were played.
    pub plies: usize,
    /// The variant identifier (`chess` when unknown or unreadable).
    pub variant: String,
    /// `White` and `Black` tags, when present, to name the game.
    pub white: Option<String>,
    /// See `white`.
    pub black: Option<String>,
    /// The first error; a PGN syntax error has no ruling and no position.
    pub error: Option<Diagnostic>,
    /// Whether `error` is a PGN syntax error (the game could not be read).
    pub syntax_error: bool,
    /// The first [`KEPT_DIAGNOSTICS`](crate::record::replay::KEPT_DIAGNOSTICS)
    /// warnings; `omitted` counts the rest.
    pub warnings: Vec<Diagnostic>,
    /// The first [`KEPT_DIAGNOSTICS`](crate::record::replay::KEPT_DIAGNOSTICS)
    /// notes; `omitted` counts the rest.
    pub notes: Vec<Diagnostic>,
    /// Errors after the first, warnings and notes after those kept.
    pub omitted: Omitted,
}

impl Verdict {
    /// Warnings in the game, kept or not.
    pub fn warning_count(&self) -> usize {
        self.warnings.len() + self.omitted.warnings
    }

    /// Notes in the game, kept or not.
    pub fn note_count(&self) -> usize {
        self.notes.len() + self.omitted.notes
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
        omitted: report.omitted,
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
        omitted: Omitted::default(),
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
        kind: None,
    }
}

/// Bytes a block of the archive holds, by default, before it ends at the
/// next line that starts with `[`.
pub const BLOCK: usize = 1 << 20;
/// Past this size without a game start, or when a block held back for its
/// broken last game reaches half of it, the rest is checked as one stream,
/// so memory stays bounded and work linear on any input.
const MAX_BLOCK: usize = 16 << 20;

/// Reads every game from `input` and hands each verdict to `sink`, in order.
///
/// The archive is cut into blocks of about a megabyte, each ending where a
/// line starts with `[`; the blocks are checked in parallel on the rayon
/// pool, each by a streaming reader that counts positions from the block's
/// start, so every span is exact. A cut can only fall inside a game that
/// its block sees end without a result token (in its tag section, in a
/// comment holding a line that starts with `[` …), so such a block is
/// checked again joined to the next one: the verdicts are those of one stream
/// ([`check_games_serial`], which a pool of one thread uses). Do not call it
/// from inside a rayon task (it waits on the pool). An I/O error of the input
/// ends the stream and is returned after the verdicts of the games before it.
pub fn check_games<R: BufRead>(
    input: R,
    opts: &ValidateOptions,
    sink: impl FnMut(Verdict),
) -> Result<(), PgnError> {
    check_games_from(input, 0, 1, opts, sink)
}

/// [`check_games`] on input that starts at byte `offset`, the start of line
/// `line`, of a larger text.
fn check_games_from<R: BufRead>(
    mut input: R,
    offset: u64,
    line: u32,
    opts: &ValidateOptions,
    mut sink: impl FnMut(Verdict),
) -> Result<(), PgnError> {
    let threads = rayon::current_num_threads();
    if threads <= 1 {
        return stream(
            Reader::new(input).starting_at(offset, line),
            opts,
            |v, _| sink(v),
        );
    }
    let mut games = 0;
    let mut emit = |verdicts: Vec<Verdict>| {
        for mut v in verdicts {
            games += 1;
            v.game = games;
            sink(v);
        }
    };
    let size = opts.block.clamp(1, MAX_BLOCK / 2);
    // Blocks are checked on the pool while this thread cuts the next ones
    // and emits the finished ones in order: no batch waits for its slowest
    // block. At most `2 * threads` blocks are in flight, so memory stays
    // bounded.
    let (tx, rx) = mpsc::channel::<(usize, Block, Checked)>();
    let mut cutter = Cutter {
        offset,
        line,
        ..Cutter::default()
    };
    let mut finished: BTreeMap<usize, (Block, Checked)> = BTreeMap::new();
    let (mut sent, mut next) = (0usize, 0usize);
    let mut io_error = None;
    let mut more = true;
    // A block whose last game may continue in the next block.
    let mut held: Option<Block> = None;
    loop {
        while more && sent - next < 2 * threads {
            match cutter.next(&mut input, size) {
                Ok(Some(block)) => {
                    let (tx, opts, seq) = (tx.clone(), opts.clone(), sent);
                    rayon::spawn(move || {
                        let checked = check_block(&block, &opts);
                        // The receiver lives until every block is back.
                        let _ = tx.send((seq, block, checked));
                    });
                    sent += 1;
                }
                Ok(None) => more = false,
                Err(e) => {
                    io_error = Some(e);
                    more = false;
                }
            }
        }
        if next == sent {
            break;
        }
        // The next block in order.
        let (block, checked) = loop {
            if let Some(done) = finished.remove(&next) {
                break done;
            }
            receive(&rx, &mut finished)?;
        };
        next += 1;
        let (block, checked) = match held.take() {
            Some(mut h) => {
                h.bytes.extend_from_slice(&block.bytes);
                let c = check_block(&h, opts);
                (h, c)
            }
            None => (block, checked),
        };
        match checked {
            Some((verdicts, true)) => emit(verdicts),
            Some((_, false)) if block.bytes.len() < MAX_BLOCK / 2 => held = Some(block),
            _ => {
                // Hostile input (tiny games by the thousand, or games that
                // never end): one stream from this block on, so the blocks
                // in flight come back first.
                while finished.len() < sent - next {
                    receive(&rx, &mut finished)?;
                }
                let mut bytes = block.bytes;
                for (b, _) in std::mem::take(&mut finished).into_values() {
                    bytes.extend_from_slice(&b.bytes);
                }
                cutter.oversize = true;
                cutter.buf.splice(0..0, bytes);
                cutter.offset = block.offset;
                cutter.line = block.line;
                break;
            }
        }
    }
    // What is left is read as one stream: the held block (whose last game
    // ends the input), the bytes cut so far, and the rest of the input.
    let (offset, line, mut bytes) = match held {
        Some(h) => (h.offset, h.line, h.bytes),
        None => (cutter.offset, cutter.line, Vec::new()),
    };
    bytes.append(&mut cutter.buf);
    let Some(e) = io_error else {
        let rest = std::io::Cursor::new(bytes).chain(input);
        let reader = Reader::new(rest).starting_at(offset, line);
        return stream(reader, opts, |v, _| emit(vec![v]));
    };
    // The input failed: the games read before the failure, except a last
    // one the failure may have cut short, then the error where it struck.
    let failed_at = Span {
        offset: offset + bytes.len() as u64,
        line: line.saturating_add(line_breaks(&bytes)),
        column: 1,
        len: 0,
    };
    let mut last = None;
    let reader = Reader::new(&bytes[..]).starting_at(offset, line);
    let _ = stream(reader, opts, |v, ended| {
        if let Some(done) = last.replace((v, ended)) {
            emit(vec![done.0]);
        }
    });
    if let Some((v, true)) = last {
        emit(vec![v]);
    }
    Err(PgnError {
        span: failed_at,
        kind: PgnErrorKind::Io(e.to_string()),
    })
}

/// Where a stream is cut into pieces read each on its own: the games
/// between two pieces were left out ([`crate::record::select`]), and a game
/// must end where the whole file ended it, not run on over their blanks
/// into the next piece's first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The stream offset where the next piece starts.
    pub at: u64,
    /// The line `at` is on (from 1; CR, LF and CRLF each end a line).
    pub line: u32,
    /// The characters on `at`'s line before it (the end of the piece
    /// before): the next piece reads as many spaces first, so its columns
    /// and its line's start are those of the stream.
    pub pad: u32,
}

/// [`check_games`], reading the pieces of `input` between `cuts` (sorted)
/// each on its own: no game runs from one piece into the next. Pieces up
/// to a block are checked in parallel, at most `2 * threads` read ahead;
/// a larger one (and the last) streams as [`check_games`] streams an
/// input, never read whole. Verdicts come in order, numbered from 1 over
/// all pieces.
pub fn check_games_cut<R: BufRead>(
    mut input: R,
    cuts: &[Cut],
    opts: &ValidateOptions,
    mut sink: impl FnMut(Verdict),
) -> Result<(), PgnError> {
    if cuts.is_empty() {
        return check_games(input, opts, sink);
    }
    let threads = rayon::current_num_threads();
    let size = opts.block.clamp(1, MAX_BLOCK / 2) as u64;
    let mut games = 0;
    let mut emit = |verdicts: Vec<Verdict>| {
        for mut v in verdicts {
            games += 1;
            v.game = games;
            sink(v);
        }
    };
    // Piece `k` starts where cut `k - 1` is and ends at cut `k` (the last
    // at the end of the input).
    let start = |k: usize| match k {
        0 => Cut {
            at: 0,
            line: 1,
            pad: 0,
        },
        k => cuts[k - 1],
    };
    let len = |k: usize| cuts.get(k).map(|c| c.at.saturating_sub(start(k).at));
    let (tx, rx) = mpsc::channel::<(usize, Block, Checked)>();
    let mut finished: BTreeMap<usize, (Block, Checked)> = BTreeMap::new();
    let (mut sent, mut next, mut k) = (0usize, 0usize, 0usize);
    let mut io_error = None;
    loop {
        while io_error.is_none() && k <= cuts.len() && sent - next < 2 * threads {
            let (s, n) = (start(k), len(k));
            let Some(n) = n.filter(|&n| threads > 1 && n + u64::from(s.pad) <= size) else {
                // The last piece, or a large one: streamed below.
                break;
            };
            let mut bytes = vec![b' '; s.pad as usize];
            if let Err(e) = (&mut input).take(n).read_to_end(&mut bytes) {
                io_error = Some((e, s));
                break;
            }
            let block = Block {
                offset: s.at.saturating_sub(u64::from(s.pad)),
                line: s.line,
                bytes,
            };
            let (tx, opts, seq) = (tx.clone(), opts.clone(), sent);
            rayon::spawn(move || {
                let checked = check_block(&block, &opts);
                // The receiver lives until every block is back.
                let _ = tx.send((seq, block, checked));
            });
            sent += 1;
            k += 1;
        }
        if next < sent {
            let (block, checked) = loop {
                if let Some(done) = finished.remove(&next) {
                    break done;
                }
                receive(&rx, &mut finished)?;
            };
            next += 1;
            // A piece ends its last game, whether or not with a result.
            match checked {
                Some((verdicts, _)) => emit(verdicts),
                None => {
                    let reader =
                        Reader::new(&block.bytes[..]).starting_at(block.offset, block.line);
                    stream(reader, opts, |v, _| emit(vec![v]))?;
                }
            }
            continue;
        }
        if io_error.is_some() || k > cuts.len() {
            break;
        }
        let s = start(k);
        let pad = std::io::Cursor::new(vec![b' '; s.pad as usize]);
        let piece = pad.chain((&mut input).take(len(k).unwrap_or(u64::MAX)));
        let offset = s.at.saturating_sub(u64::from(s.pad));
        check_games_from(piece, offset, s.line, opts, |v| emit(vec![v]))?;
        k += 1;
    }
    match io_error {
        None => Ok(()),
        Some((e, at)) => Err(PgnError {
            span: Span {
                offset: at.at,
                line: at.line,
                column: 1 + at.pad,
                len: 0,
            },
            kind: PgnErrorKind::Io(e.to_string()),
        }),
    }
}

/// A block's verdicts, whether its last game surely ended in it; `None`
/// when it holds too many games ([`check_block`]).
type Checked = Option<(Vec<Verdict>, bool)>;

/// Waits for the next checked block from the pool and files it by number.
/// The caller holds a sender, so this fails only if a worker died.
fn receive(
    rx: &mpsc::Receiver<(usize, Block, Checked)>,
    finished: &mut BTreeMap<usize, (Block, Checked)>,
) -> Result<(), PgnError> {
    let (seq, block, checked) = rx.recv().map_err(|_| PgnError {
        span: Span::default(),
        kind: PgnErrorKind::Io("a validation worker stopped".into()),
    })?;
    finished.insert(seq, (block, checked));
    Ok(())
}

/// A slice of the archive that starts at a line start.
struct Block {
    bytes: Vec<u8>,
    offset: u64,
    line: u32,
}

/// Cuts the input into blocks at lines that start with `[`, counting
/// lines as the reader does (CR, LF and CRLF each end one line).
struct Cutter {
    buf: Vec<u8>,
    /// Where the next block starts.
    offset: u64,
    line: u32,
    eof: bool,
    /// No game start within [`MAX_BLOCK`]: `buf` and the rest of the input
    /// are left for one stream.
    oversize: bool,
}

impl Default for Cutter {
    fn default() -> Self {
        Cutter {
            buf: Vec::new(),
            offset: 0,
            line: 1,
            eof: false,
            oversize: false,
        }
    }
}

impl Cutter {
    /// The next block; `None` at the end of the input or when oversize.
    fn next<R: BufRead>(&mut self, input: &mut R, size: usize) -> std::io::Result<Option<Block>> {
        let mut searched = size;
        while !self.oversize {
            if self.buf.len() > size {
                if let Some(cut) = game_start(&self.buf, searched) {
                    let rest = self.buf.split_off(cut);
                    let bytes = std::mem::replace(&mut self.buf, rest);
                    return Ok(Some(self.block(bytes)));
                }
                searched = self.buf.len();
                if self.buf.len() >= MAX_BLOCK {
                    self.oversize = true;
                    break;
                }
            }
            if self.eof {
                if self.buf.is_empty() {
                    break;
                }
                let bytes = std::mem::take(&mut self.buf);
                return Ok(Some(self.block(bytes)));
            }
            let chunk = match input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.eof = true;
                continue;
            }
            let n = chunk.len();
            self.buf.extend_from_slice(chunk);
            input.consume(n);
        }
        Ok(None)
    }

    fn block(&mut self, bytes: Vec<u8>) -> Block {
        let b = Block {
            offset: self.offset,
            line: self.line,
            bytes,
        };
        self.offset += b.bytes.len() as u64;
        self.line = self.line.saturating_add(line_breaks(&b.bytes));
        b
    }
}

/// The first line at or after `from` that starts with `[` and follows a
/// line that does not (so the cut is rarely inside a tag section, which
/// would hold the block back); `None` if there is none yet.
fn game_start(buf: &[u8], from: usize) -> Option<usize> {
    let mut at = from.max(1);
    loop {
        let i = at + buf.get(at - 1..)?.windows(2).position(|w| w == b"\n[")?;
        // The line before: from after the previous line break to `i - 1`.
        let before = buf[..i - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |j| j + 1);
        if buf.get(before) != Some(&b'[') {
            return Some(i);
        }
        at = i + 1;
    }
}

/// Games a block may hold; more (tiny games by the thousand) and the rest
/// of the input is checked as one stream, so memory stays bounded.
const MAX_GAMES: usize = 20_000;

/// The verdicts of one block, read as a stream from the block's position,
/// and whether its last game surely ends in it: it ended with a result
/// token. Otherwise the cut may have fallen inside that game (in its tag
/// section, in a comment holding a line that starts with `[` …). `None`
/// when the block holds more than [`MAX_GAMES`] games.
fn check_block(b: &Block, opts: &ValidateOptions) -> Checked {
    let mut verdicts = Vec::new();
    let mut complete = true;
    let reader = Reader::new(&b.bytes[..]).starting_at(b.offset, b.line);
    let mut games = 0usize;
    // Reading from memory cannot fail; the verdicts stop at the cap.
    let _ = stream(reader, opts, |v, ended| {
        games += 1;
        if games <= MAX_GAMES {
            verdicts.push(v);
        }
        complete = ended;
    });
    (games <= MAX_GAMES).then_some((verdicts, complete))
}

/// Checks every game of `input` on the calling thread, in order.
///
/// Each game is replayed as the reader lends its tokens ([`Replayer`]): no
/// record is built. For callers that are already parallel (one file per
/// rayon task): it never blocks on the pool, so it cannot starve it.
pub fn check_games_serial<R: BufRead>(
    input: R,
    opts: &ValidateOptions,
    sink: impl FnMut(Verdict),
) -> Result<(), PgnError> {
    let mut sink = sink;
    stream(Reader::new(input), opts, |v, _| sink(v))
}

/// Every game of `reader`, numbered from 1, replayed as it is read; the
/// sink also learns whether the game ended with a result token.
fn stream<R: BufRead>(
    mut reader: Reader<R>,
    opts: &ValidateOptions,
    mut sink: impl FnMut(Verdict, bool),
) -> Result<(), PgnError> {
    // Damage (cut-off games, roster) is checked beside the replay.
    let mut watch = damage::Watch::new(replay_options(opts));
    let mut index = 0;
    loop {
        let read = reader.read_game(&mut watch);
        let replayer = &watch.inner;
        let (v, ended) = match read {
            Ok(None) => return Ok(()),
            Ok(Some(report)) => {
                index += 1;
                let span = replayer.game_span();
                let v = verdict(index, span, replayer, report);
                (v, replayer.ended_with_result())
            }
            Err(e) => {
                if let PgnErrorKind::Io(_) = e.kind {
                    return Err(e);
                }
                index += 1;
                let mut v = syntax_verdict(index, &e);
                v.error = damage::relabel_syntax(&e).or(v.error);
                (v, false)
            }
        };
        sink(v, ended);
    }
}

/// Counts over a whole run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Inputs read.
    pub files: usize,
    /// Games checked.
    pub games: usize,
    /// Games found valid.
    pub valid: usize,
    /// Games found invalid.
    pub invalid: usize,
    /// Warnings over all games.
    pub warnings: usize,
    /// Notes over all games.
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
        self.warnings += v.warning_count();
        self.notes += v.note_count();
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
    fn serial_matches_blocks() {
        let pgn = "1. e4 *\n\n1. Ke2 *\n\n1. d4 ) *\n\n[Event \"x\"]\n\n1. c4 *\n";
        let (mut a, mut b) = (Vec::new(), Vec::new());
        // Small blocks, so the input is cut before `[Event`.
        let opts = ValidateOptions {
            strict: false,
            block: 8,
        };
        check_games(pgn.as_bytes(), &opts, |x| a.push((x.game, x.valid))).unwrap();
        check_games_serial(pgn.as_bytes(), &opts, |x| b.push((x.game, x.valid))).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, vec![(1, true), (2, false), (3, false), (4, true)]);
    }

    #[test]
    fn blocks_keep_order() {
        let pgn = "[Event \"e\"]\n1. e4 *\n\n".repeat(10) + "[Event \"k\"]\n1. Ke2 *\n";
        // Blocks of about one game each.
        let opts = ValidateOptions {
            strict: false,
            block: 10,
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
