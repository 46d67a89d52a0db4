//! The one pipeline every command reads games through: inputs
//! ([`source`]) → a reader for their record syntax (PGN, JSON, Game
//! Courier: [`read`]) → the damage watch and the replay, with the command's
//! [`GameWriter`] beside them ([`game`]) → the command's [`Sink`], in input
//! order. Every command therefore reports the same verdict, variant, kind,
//! location and ruling for the same game, and the same class of exit
//! status ([`RunSummary::exit_status`]).
//!
//! [`run`] reads its inputs one game at a time on the calling thread (a
//! writer's output streams); [`check`], for commands that write nothing
//! per game (`validate`), reads large PGN inputs in parallel blocks and
//! small files side by side ([`blocks`]), through the same per-game code.
//!
//! ```
//! use fvnote::record::pipeline::{check, source::Input, Options, Sink};
//! use fvnote::record::pipeline::game::Finished;
//! use fvnote::record::pipeline::read::GameText;
//! use fvnote::record::pipeline::source::Inputs;
//! # let dir = std::env::temp_dir().join(format!("fvnote-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("a.pgn");
//! std::fs::write(&path, "1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n").unwrap();
//! struct Valid(Vec<bool>);
//! impl Sink<()> for Valid {
//!     fn game(&mut self, _: &Input, g: Finished<()>, _: Option<GameText<'_>>) -> std::io::Result<()> {
//!         self.0.push(g.verdict.valid);
//!         Ok(())
//!     }
//! }
//! let inputs = Inputs { list: vec![Input::file(&path)], failures: Vec::new() };
//! let mut sink = Valid(Vec::new());
//! let summary = check(&inputs, &Options::default(), &mut sink).unwrap();
//! assert_eq!(sink.0, [false, true]);
//! assert_eq!(summary.exit_status(false), 1);
//! ```

pub mod blocks;
pub mod compare;
pub mod game;
pub mod pick;
pub mod read;
pub mod select;
pub mod source;
pub mod summary;
pub mod walk;

use std::io::{self, BufRead, Read};
use std::time::Instant;

use rayon::prelude::*;

use crate::fs::compressed::Compression;
use crate::model::advance;
use crate::model::Span;
use crate::notation::pgn::Visitor;
use crate::record::gamecourier::{visit_list, ListSetup};
use crate::record::json::read::JsonReader;
use crate::record::pipeline::blocks::{check_blocks, BlockOptions, BLOCK};
use crate::record::pipeline::game::{Checked, Finished, GameWriter, NoWriter};
use crate::record::pipeline::read::{
    each_game, EachGame, GameReader, GameText, PgnGames, ReadError, Stopped,
};
use crate::record::pipeline::select::{no_such_game, Condition, Selection};
use crate::record::pipeline::source::{open, sniff, Decoding, Input, Inputs, Origin, Syntax};
use crate::record::pipeline::summary::RunSummary;
use crate::record::replay::damage::not_utf8;
use crate::record::replay::verdict::Verdict;
use crate::variant::Variant;

/// An input that could not be read (or not to its end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The path as given (`<stdin>` for standard input).
    pub path: String,
    /// What went wrong, without the path.
    pub message: String,
    /// Where reading stopped, when the input failed part-way.
    pub line: Option<u32>,
}

impl Failure {
    /// An input that failed as a whole (no line).
    pub fn whole(path: impl Into<String>, message: impl Into<String>) -> Failure {
        Failure {
            path: path.into(),
            message: message.into(),
            line: None,
        }
    }
}

/// How a run reads.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The record syntax (`None`: PGN or JSON, told by each input's start).
    pub syntax: Option<Syntax>,
    /// How bytes become text.
    pub decoding: Decoding,
    /// Lenient notation is an error.
    pub strict: bool,
    /// `--where`: games are chosen by their tags.
    pub conditions: Vec<Condition>,
    /// The output replaces the input: a PGN `%` escape line, which no
    /// record keeps, is an error rather than skipped.
    pub rewrite: bool,
    /// `--variant`: the variant of a game whose `Variant` tag is absent or
    /// blank (`None`: chess). The writers are handed the tag, so what is
    /// written anew names the variant it was read as.
    pub variant: Option<Variant>,
}

/// What a command does with each game the pipeline hands on, in input
/// order.
pub trait Sink<T> {
    /// Whether the sink wants each game's bytes as read.
    fn wants_text(&self) -> bool {
        false
    }
    /// An input begins.
    fn input_start(&mut self, _input: &Input) -> io::Result<()> {
        Ok(())
    }
    /// A game chosen from `input`: its verdict and what the writer made of
    /// it, and its bytes (when kept).
    fn game(
        &mut self,
        input: &Input,
        game: Finished<T>,
        text: Option<GameText<'_>>,
    ) -> io::Result<()>;
    /// After the input's last game, once every game was chosen: its
    /// comments that belong to no game were handed to the writer
    /// ([`GameWriter::trailer`]); `text`, their bytes as read (when kept).
    fn trailer(&mut self, _input: &Input, _text: Option<&[u8]>) -> io::Result<()> {
        Ok(())
    }
    /// The input's last game was handed on.
    fn input_end(&mut self, _input: &Input) -> io::Result<()> {
        Ok(())
    }
    /// An input could not be read (or not to its end).
    fn failure(&mut self, _failure: &Failure) -> io::Result<()> {
        Ok(())
    }
}

/// Reads every input, a game at a time on this thread, through `writer`;
/// each game to `sink`. Returns the counts and the writer. Fails only when
/// the sink does (writing its output).
pub fn run<W: GameWriter>(
    inputs: &Inputs,
    opts: &Options,
    writer: W,
    sink: &mut dyn Sink<W::Output>,
) -> io::Result<(RunSummary, W)> {
    let started = Instant::now();
    let mut summary = RunSummary::default();
    for f in &inputs.failures {
        fail(sink, &mut summary, f)?;
    }
    let mut checked = Checked::new(writer, opts.strict, opts.variant, selection(opts));
    for input in &inputs.list {
        read_input(input, opts, &mut checked, sink, &mut summary)?;
    }
    summary.empty = summary.counts.games == 0 && summary.failures == 0;
    summary.elapsed = started.elapsed();
    Ok((summary, checked.into_writer()))
}

/// [`run`] for a sink that needs only verdicts: large PGN inputs are read
/// in parallel blocks, small files side by side, the verdicts handed on in
/// input order. Do not call it from a rayon task.
pub fn check(inputs: &Inputs, opts: &Options, sink: &mut dyn Sink<()>) -> io::Result<RunSummary> {
    let started = Instant::now();
    let mut summary = RunSummary::default();
    for f in &inputs.failures {
        fail(sink, &mut summary, f)?;
    }
    let mut checked = Checked::new(NoWriter, opts.strict, opts.variant, selection(opts));
    let list = &inputs.list;
    let mut i = 0;
    while i < list.len() {
        // A run of small plain files is read whole, side by side.
        let mut j = i;
        while j < list.len() && j - i < 64 && small(&list[j], opts) {
            j += 1;
        }
        if j > i {
            let read: Vec<(Vec<u8>, io::Result<WholeFile>)> = list[i..j]
                .par_iter()
                .map(|input| {
                    let bytes = input.path().map_or_else(|| Ok(Vec::new()), std::fs::read);
                    match bytes {
                        Ok(b) => {
                            let games = check_whole(&b, opts);
                            (b, Ok(games))
                        }
                        Err(e) => (Vec::new(), Err(e)),
                    }
                })
                .collect();
            for (input, (bytes, games)) in list[i..j].iter().zip(read) {
                let (games, read) = match games {
                    Ok(g) => g,
                    Err(e) => {
                        fail(
                            sink,
                            &mut summary,
                            &Failure::whole(&input.name, e.to_string()),
                        )?;
                        continue;
                    }
                };
                sink.input_start(input)?;
                summary.counts.files += 1;
                summary.read += read;
                for g in games {
                    let text = GameText {
                        bytes: bytes.get(g.range.0..g.range.1).unwrap_or(&[]),
                        offset: g.range.0 as u64,
                        pgn: true,
                        unreadable: None,
                        ignored: None,
                    };
                    summary.add(&g.finished.verdict);
                    sink.game(input, g.finished, Some(text))?;
                }
                sink.input_end(input)?;
            }
            i = j;
            continue;
        }
        let input = &list[i];
        i += 1;
        let plain_pgn = opts.decoding == Decoding::Utf8
            && input.games.is_none()
            && matches!(opts.syntax, None | Some(Syntax::Pgn));
        if !plain_pgn || rayon::current_num_threads() <= 1 {
            read_input(input, opts, &mut checked, sink, &mut summary)?;
            continue;
        }
        let (syntax, reader) = match opened(input, opts) {
            Ok(r) => r,
            Err(e) => {
                let f = Failure::whole(&input.name, e.to_string());
                fail(sink, &mut summary, &f)?;
                continue;
            }
        };
        if syntax != Syntax::Pgn {
            read_with(
                input,
                syntax,
                reader,
                opts,
                &mut checked,
                sink,
                &mut summary,
            )?;
            continue;
        }
        sink.input_start(input)?;
        summary.counts.files += 1;
        let block = BlockOptions {
            strict: opts.strict,
            variant: opts.variant,
            block: BLOCK,
            selection: selection(opts),
        };
        let mut write_error = None;
        let mut emit = |f: Finished<()>, text: GameText<'_>| {
            summary.add(&f.verdict);
            if let Err(e) = sink.game(input, f, Some(text)) {
                write_error = Some(e);
                return Err(io::Error::other("stopped"));
            }
            Ok(())
        };
        let r = check_blocks(reader, &block, &mut emit);
        if let Some(e) = write_error {
            return Err(e);
        }
        sink.input_end(input)?;
        stopped(r, input, sink, &mut summary)?;
    }
    summary.empty = summary.counts.games == 0 && summary.failures == 0;
    summary.elapsed = started.elapsed();
    Ok(summary)
}

/// The verdicts on every game of `text` (PGN, or the JSON form told by its
/// first bytes), chosen by `opts.conditions`, read on this thread: for a
/// caller with a text in hand.
///
/// ```
/// use fvnote::record::pipeline::{verdicts, Options};
/// let v = verdicts(b"1. e4 e5 2. Ke3 *\n\n1. d4 d5", &Options::default());
/// assert_eq!(v[0].error.as_ref().unwrap().token, "Ke3");
/// assert_eq!(v[1].error.as_ref().unwrap().kind, Some("no-termination"));
/// ```
pub fn verdicts(text: &[u8], opts: &Options) -> Vec<Verdict> {
    let mut checked = Checked::new(NoWriter, opts.strict, opts.variant, selection(opts));
    let mut out = Vec::new();
    let mut each = |_: usize, f: Finished<()>, _: Option<GameText<'_>>| {
        out.push(f.verdict);
        Ok(true)
    };
    // Reading from memory cannot fail.
    let _ = match opts
        .syntax
        .clone()
        .unwrap_or_else(|| match source::is_json(text) {
            true => Syntax::Json,
            false => Syntax::Pgn,
        }) {
        Syntax::Json => each_game(&mut JsonReader::new(text), &mut checked, None, &mut each),
        _ => each_game(&mut PgnGames::new(text), &mut checked, None, &mut each),
    };
    out
}

/// The games of a small file read whole, and how many were read.
type WholeFile = (Vec<Checked1>, usize);

/// A game of a small file, read whole.
struct Checked1 {
    finished: Finished<()>,
    range: (usize, usize),
}

/// Files at most this large are read whole and checked side by side.
const SMALL_FILE: u64 = 1 << 20;

/// Whether `input` is a small plain PGN file (not compressed).
fn small(input: &Input, opts: &Options) -> bool {
    let Origin::File(p) = &input.origin else {
        return false;
    };
    opts.decoding == Decoding::Utf8
        && input.games.is_none()
        && matches!(opts.syntax, None | Some(Syntax::Pgn))
        && std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() <= SMALL_FILE)
        && starts_as_pgn(p)
}

/// Whether the file at `p` starts neither as the JSON form nor as a
/// compressed stream (which are read as streams).
fn starts_as_pgn(p: &std::path::Path) -> bool {
    let mut head = Vec::new();
    let read = std::fs::File::open(p).and_then(|f| f.take(64).read_to_end(&mut head));
    read.is_ok() && !source::is_json(&head) && Compression::of(&head).is_none()
}

/// The games of one small PGN file, read whole on a pool thread, and how
/// many were read.
fn check_whole(bytes: &[u8], opts: &Options) -> (Vec<Checked1>, usize) {
    let mut games = PgnGames::new(bytes);
    let mut checked = Checked::new(NoWriter, opts.strict, opts.variant, selection(opts));
    let mut chosen = Vec::new();
    let mut ranges = Vec::new();
    let mut each = |n: usize, f: Finished<()>, _: Option<GameText<'_>>| {
        chosen.push((n, f));
        Ok(true)
    };
    let mut tracking = RangeTracking {
        games: &mut games,
        ranges: &mut ranges,
    };
    // Reading from memory cannot fail.
    let read = each_game(&mut tracking, &mut checked, None, &mut each).unwrap_or(0);
    let games = chosen
        .into_iter()
        .map(|(n, finished)| Checked1 {
            finished,
            range: ranges.get(n - 1).copied().unwrap_or((0, 0)),
        })
        .collect();
    (games, read)
}

/// Notes each game's byte range (for a slice read whole).
struct RangeTracking<'a, R> {
    games: &'a mut PgnGames<R>,
    ranges: &'a mut Vec<(usize, usize)>,
}

impl<R: BufRead> GameReader for RangeTracking<'_, R> {
    fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, ReadError> {
        let r = self.games.read_game(v);
        if !matches!(r, Ok(None)) {
            let range = self.games.last_range();
            self.ranges.push((range.start as usize, range.end as usize));
        }
        r
    }
    fn game_text(&mut self) -> Option<GameText<'_>> {
        None
    }
}

fn selection(opts: &Options) -> Selection {
    Selection {
        games: None,
        conditions: opts.conditions.clone(),
    }
}

/// Reports a failure.
fn fail<T>(sink: &mut dyn Sink<T>, summary: &mut RunSummary, f: &Failure) -> io::Result<()> {
    eprintln!("error: {}: {}", f.path, f.message);
    summary.failures += 1;
    sink.failure(f)
}

/// `input` opened, and its syntax: `opts.syntax`, or told by its first
/// bytes.
fn opened(input: &Input, opts: &Options) -> io::Result<(Syntax, Box<dyn BufRead>)> {
    let reader = open(input, opts.decoding)?;
    match &opts.syntax {
        Some(s) => Ok((s.clone(), reader)),
        None => sniff(reader),
    }
}

/// Reads one input through `checked`.
fn read_input<W: GameWriter>(
    input: &Input,
    opts: &Options,
    checked: &mut Checked<W>,
    sink: &mut dyn Sink<W::Output>,
    summary: &mut RunSummary,
) -> io::Result<()> {
    let (syntax, reader) = match opened(input, opts) {
        Ok(r) => r,
        Err(e) => return fail(sink, summary, &Failure::whole(&input.name, e.to_string())),
    };
    read_with(input, syntax, reader, opts, checked, sink, summary)
}

/// Reads `reader`, of `syntax`, through `checked`.
fn read_with<W: GameWriter>(
    input: &Input,
    syntax: Syntax,
    reader: Box<dyn BufRead>,
    opts: &Options,
    checked: &mut Checked<W>,
    sink: &mut dyn Sink<W::Output>,
    summary: &mut RunSummary,
) -> io::Result<()> {
    sink.input_start(input)?;
    summary.counts.files += 1;
    let keep = sink.wants_text() || checked.writer().wants_text();
    let numbers = input.games.as_ref();
    checked.input(&syntax);
    let mut each = |_: usize, f: Finished<W::Output>, text: Option<GameText<'_>>| {
        summary.add(&f.verdict);
        sink.game(input, f, text).map(|()| true)
    };
    // Every game read, and the comments after the last one.
    fn whole<R: GameReader, W: GameWriter>(
        games: &mut R,
        checked: &mut Checked<W>,
        numbers: Option<&std::ops::RangeInclusive<usize>>,
        each: &mut EachGame<'_, W::Output>,
    ) -> (
        Result<usize, Stopped>,
        Vec<crate::model::Comment>,
        Option<Vec<u8>>,
    ) {
        let r = each_game(games, checked, numbers, each);
        let trailer = games.trailer();
        let text = match trailer.is_empty() {
            true => None,
            false => games.trailer_text().map(<[u8]>::to_vec),
        };
        (r, trailer, text)
    }
    let (r, trailer, text) = match syntax {
        Syntax::Pgn => {
            let mut games = PgnGames::new(reader);
            if keep {
                games = games.keep_text();
            }
            if opts.rewrite {
                games = games.refuse_escape_lines();
            }
            whole(&mut games, checked, numbers, &mut each)
        }
        Syntax::Json => whole(&mut JsonReader::new(reader), checked, numbers, &mut each),
        Syntax::GameCourier(setup) => whole(
            &mut ListGames::new(reader, setup),
            checked,
            numbers,
            &mut each,
        ),
    };
    // They belong to no game: kept when every game is.
    let every = numbers.is_none() && opts.conditions.is_empty();
    if r.is_ok() && every && !trailer.is_empty() {
        checked.writer().trailer(&trailer)?;
        sink.trailer(input, text.as_deref())?;
    }
    sink.input_end(input)?;
    stopped(r, input, sink, summary)
}

/// What ended an input: its game count (and `FILE:N` past its last game is
/// a failure), a read error (a failure at its line), or the sink's error.
fn stopped<T>(
    r: Result<usize, Stopped>,
    input: &Input,
    sink: &mut dyn Sink<T>,
    summary: &mut RunSummary,
) -> io::Result<()> {
    match r {
        Ok(read) => {
            summary.read += read;
            match no_such_game(input.games.as_ref(), read) {
                Some(why) => fail(sink, summary, &Failure::whole(&input.name, why)),
                None => Ok(()),
            }
        }
        Err(Stopped::Write(e)) => Err(e),
        Err(Stopped::Read(e)) => {
            let f = Failure {
                path: input.name.clone(),
                message: e.error.message,
                line: (e.error.span.line > 0).then_some(e.error.span.line),
            };
            fail(sink, summary, &f)
        }
    }
}

/// A Game Courier move list: one game, the whole input, its turns matched
/// to moves and handed on as canonical SAN at the turns' places, as they
/// are matched (a turn matched on the accelerator with the position after
/// it, `Visitor::san_proved`); the first turn that matches no move ends
/// the game with its error.
pub struct ListGames<R> {
    input: Option<R>,
    setup: ListSetup,
    text: Vec<u8>,
}

impl<R: BufRead> ListGames<R> {
    /// The list of `input`, read by `setup`'s rules.
    pub fn new(input: R, setup: ListSetup) -> ListGames<R> {
        ListGames {
            input: Some(input),
            setup,
            text: Vec::new(),
        }
    }
}

impl<R: BufRead> GameReader for ListGames<R> {
    fn read_game<V: Visitor>(&mut self, v: &mut V) -> Result<Option<V::Output>, ReadError> {
        let Some(mut input) = self.input.take() else {
            return Ok(None);
        };
        self.text.clear();
        if let Err(e) = crate::fs::read_rest(&mut input, &mut self.text) {
            return Err(ReadError::io(Span::default(), e));
        }
        let text = match std::str::from_utf8(&self.text) {
            Ok(t) if t.trim().is_empty() => return Ok(None),
            Ok(t) => t,
            Err(e) => {
                let at = e.valid_up_to();
                let (line, column) = advance(&self.text[..at], 1, 1);
                let span = Span {
                    offset: at as u64,
                    line,
                    column,
                    len: 1,
                };
                return Err(ReadError::new(not_utf8(self.text[at], span)));
            }
        };
        let read = visit_list(text, self.setup.variant, self.setup.fen.as_deref(), v)
            .map_err(|m| ReadError::syntax(Span::default(), m))?;
        match read {
            None => Ok(Some(v.end_game())),
            // The list could not be read.
            Some((error, true)) => Err(ReadError::new(error)),
            Some((error, false)) => Err(ReadError {
                ends_game: true,
                ..ReadError::new(error)
            }),
        }
    }

    fn game_text(&mut self) -> Option<GameText<'_>> {
        Some(GameText {
            bytes: &self.text,
            offset: 0,
            pgn: false,
            unreadable: None,
            ignored: None,
        })
    }
}
