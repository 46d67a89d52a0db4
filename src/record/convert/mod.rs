//! Writing games in another form as they are read: canonical PGN
//! ([`pgn`]), the JSON form (`record::json::write`), FEN lists ([`fen`]),
//! Game Courier move lists (`record::gamecourier::write`).
//!
//! Each form is a [`GameSink`](stream::GameSink) under a
//! [`GameStream`], the [`GameWriter`] the pipeline
//! feeds beside the replay: a game costs a move's worth of memory, or its
//! converted text, never its record. Each writes into a [`GameOut`]
//! (standard output or a file, [`held::Held`] back a game at a time) and
//! passes the game on when it is complete, or drops it when the form
//! cannot hold it ([`GameError::Refused`]). Nothing is made up: a game
//! keeps its damage (no termination marker is invented), and an invalid
//! game is written as it is where the form can say so (PGN, JSON) and
//! refused where it cannot (FEN, Game Courier).

pub mod fen;
pub mod fix_result;
pub mod held;
pub mod pgn;
pub mod stream;
pub mod strip;

use std::io;

use crate::model::Record;
use crate::notation::pgn::visit_record;
use crate::record::convert::held::{Buffer, GameOut};
use crate::record::convert::stream::GameStream;
use crate::record::json::write::{JsonGames, JsonOptions, Layout};
use crate::record::pipeline::game::Checked;
use crate::record::pipeline::game::GameWriter;
use crate::record::pipeline::select::Selection;

/// What to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Target {
    /// One JSON document: an array of games, pretty-printed.
    Json,
    /// JSON Lines: one game per line.
    Jsonl,
    /// PGN; PGN input is rewritten in canonical form.
    Pgn,
    /// The FEN after every main-line ply, start first; a blank line between games.
    Fen,
    /// A Game Courier move list (notation/gamecourier.md): one numbered turn
    /// per line; tags, result, NAGs and variations are not written.
    Gamecourier,
}

/// Why a game was not written.
#[derive(Debug)]
pub enum GameError {
    /// The form cannot hold the game (why); nothing of it was kept.
    Refused(String),
    /// Writing failed.
    Io(io::Error),
    /// Part of the game had gone out before it was refused (its
    /// conversion outgrew what is held back): the output is cut inside it.
    Cut(String),
}

impl From<io::Error> for GameError {
    fn from(e: io::Error) -> GameError {
        GameError::Io(e)
    }
}

/// What a conversion makes of a game: written (with the result it set,
/// under `--fix-result`), or why not.
pub type Converted = Result<Option<fix_result::Change>, GameError>;

/// Ends a game in `out`: passes it on when `made` is fine, else drops it.
pub fn end_in<O: GameOut + ?Sized>(out: &mut O, made: Converted) -> Converted {
    match made {
        Ok(change) => {
            out.commit_game()?;
            Ok(change)
        }
        Err(GameError::Refused(why)) if out.drop_game() => Err(GameError::Cut(why)),
        Err(e) => {
            out.drop_game();
            Err(e)
        }
    }
}

/// How to convert.
#[derive(Clone, Copy, Debug)]
pub struct ConvertOptions {
    /// What to write.
    pub to: Target,
    /// The JSON form's options.
    pub json: JsonOptions,
    /// PGN: set results from the final position where the rules decide.
    pub fix_result: bool,
}

/// The writer of a form, behind one type for the pipeline.
// One writer per run: the size of its largest form costs nothing.
#[allow(clippy::large_enum_variant)]
pub enum Writer<O: GameOut> {
    /// Canonical PGN.
    Pgn(GameStream<pgn::CanonicalPgn<O>>),
    /// The JSON form.
    Json(GameStream<JsonGames<O>>),
    /// FEN lists.
    Fen(GameStream<fen::FenList<O>>),
    /// Game Courier move lists.
    Gamecourier(GameStream<crate::record::gamecourier::ListWriter<O>>),
}

impl<O: GameOut> Writer<O> {
    /// The writer `opts` asks for, writing to `out`.
    pub fn new(opts: &ConvertOptions, out: O) -> Writer<O> {
        match opts.to {
            Target::Pgn => Writer::Pgn(GameStream::new(pgn::CanonicalPgn::new(
                out,
                opts.fix_result,
            ))),
            Target::Json => Writer::Json(GameStream::new(JsonGames::new(
                out,
                Layout::Array,
                opts.json,
            ))),
            Target::Jsonl => Writer::Json(GameStream::new(JsonGames::new(
                out,
                Layout::Lines,
                opts.json,
            ))),
            Target::Fen => Writer::Fen(GameStream::new(fen::FenList::new(out))),
            Target::Gamecourier => Writer::Gamecourier(GameStream::new(
                crate::record::gamecourier::ListWriter::new(out),
            )),
        }
    }

    /// Closes what the games opened (a JSON array), and passes it on.
    pub fn finish(&mut self) -> io::Result<()> {
        if let Writer::Json(w) = self {
            w.sink().finish()?;
        }
        self.out().commit_game()
    }

    /// The output.
    pub fn out(&mut self) -> &mut O {
        match self {
            Writer::Pgn(w) => w.sink().out(),
            Writer::Json(w) => w.sink().get_mut(),
            Writer::Fen(w) => w.sink().out(),
            Writer::Gamecourier(w) => w.sink().out(),
        }
    }
}

/// Forwards a [`GameWriter`] call to the form's writer.
macro_rules! each {
    ($self:ident, $w:ident => $e:expr) => {
        match $self {
            Writer::Pgn($w) => $e,
            Writer::Json($w) => $e,
            Writer::Fen($w) => $e,
            Writer::Gamecourier($w) => $e,
        }
    };
}

impl<O: GameOut> GameWriter for Writer<O> {
    type Output = Converted;
    fn mode(&self) -> crate::record::replay::ReplayMode {
        each!(self, w => w.mode())
    }
    fn wants_text(&self) -> bool {
        each!(self, w => GameWriter::wants_text(w))
    }
    fn input(&mut self, syntax: &crate::record::pipeline::source::Syntax) {
        each!(self, w => w.input(syntax))
    }
    fn begin_game(&mut self) {
        each!(self, w => w.begin_game())
    }
    fn tag(&mut self, name: &str, value: &str, span: crate::model::Span) {
        each!(self, w => w.tag(name, value, span))
    }
    fn assume_variant(&mut self, variant: crate::variant::Variant) {
        each!(self, w => w.assume_variant(variant))
    }
    fn begin_movetext(&mut self) {
        each!(self, w => w.begin_movetext())
    }
    fn san(
        &mut self,
        token: &str,
        span: crate::model::Span,
        verdict: Option<compact_str::CompactString>,
    ) {
        each!(self, w => w.san(token, span, verdict))
    }
    fn facts(&mut self, facts: crate::record::replay::facts::Facts) {
        each!(self, w => w.facts(facts))
    }
    fn nag(&mut self, nag: u16, span: crate::model::Span) {
        each!(self, w => w.nag(nag, span))
    }
    fn comment(&mut self, text: &str, span: crate::model::Span) {
        each!(self, w => w.comment(text, span))
    }
    fn line_comment(&mut self, text: &str, span: crate::model::Span) {
        each!(self, w => w.line_comment(text, span))
    }
    fn begin_variation(&mut self, span: crate::model::Span) {
        each!(self, w => w.begin_variation(span))
    }
    fn end_variation(&mut self, span: crate::model::Span) {
        each!(self, w => w.end_variation(span))
    }
    fn move_number(&mut self, n: u32, span: crate::model::Span) {
        each!(self, w => w.move_number(n, span))
    }
    fn outcome(&mut self, result: &str, span: crate::model::Span) {
        each!(self, w => w.outcome(result, span))
    }
    fn end_game(&mut self, verdict: &crate::record::replay::verdict::Verdict) -> Converted {
        each!(self, w => w.end_game(verdict))
    }
    fn unreadable(
        &mut self,
        verdict: &crate::record::replay::verdict::Verdict,
        text: Option<crate::record::pipeline::read::GameText<'_>>,
    ) -> Converted {
        each!(self, w => w.unreadable(verdict, text))
    }
    fn trailer(&mut self, comments: &[crate::model::Comment]) -> io::Result<()> {
        each!(self, w => w.trailer(comments))
    }
}

/// Converts one record read (or made) already, through the same writer
/// and replay as a stream of games: its text in `opts.to`, or why the form
/// cannot hold it. An invalid game is converted where the form can say so.
///
/// ```
/// use fvnote::notation::pgn::read_all;
/// use fvnote::record::convert::{convert_record, ConvertOptions, Target};
/// let record = read_all(b"1. e4 e5 2. Nf3 *").remove(0).unwrap();
/// let opts = ConvertOptions { to: Target::Fen, json: Default::default(), fix_result: false };
/// let fens = String::from_utf8(convert_record(&record, &opts).unwrap()).unwrap();
/// assert_eq!(fens.lines().count(), 4);
/// ```
pub fn convert_record(record: &Record, opts: &ConvertOptions) -> Result<Vec<u8>, String> {
    let writer = Writer::new(opts, Buffer::default());
    let mut checked = Checked::new(writer, false, None, Selection::default());
    let made = visit_record(record, &mut checked);
    let mut writer = checked.into_writer();
    writer.finish().map_err(|e| e.to_string())?;
    match made.map(|f| f.output) {
        Some(Ok(_)) | None => Ok(std::mem::take(&mut writer.out().bytes)),
        Some(Err(GameError::Refused(why) | GameError::Cut(why))) => Err(why),
        Some(Err(GameError::Io(e))) => Err(e.to_string()),
    }
}
