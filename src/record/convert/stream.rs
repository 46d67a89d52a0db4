//! A game handed on a main-line move at a time as it is read, so a writer
//! converts a game of any length holding only the move being finished
//! (with its variations), not the whole record.
//!
//! [`GameStream`] is the [`GameWriter`] of every conversion: it places
//! tokens as [`RecordBuilder`] does (it is one, whose main-line moves are
//! taken away as they complete) and hands each main-line [`Node`] to its
//! [`GameSink`] once the next main-line move starts or the game ends: only
//! then are its comments, NAGs and variations all known. Each node comes
//! with the replay's verdict on each of its move tokens, in document order.

use compact_str::CompactString;

use crate::model::{Comment, Node, Span, Tag};
use crate::notation::pgn::{RecordBuilder, Visitor};
use crate::record::pipeline::game::GameWriter;
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::source::Syntax;
use crate::record::replay::facts::Facts;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::ReplayMode;

/// How a game ended, handed to [`GameSink::end_game`].
pub struct GameEnd<'a> {
    /// The tag pairs, in order (with the comments before each).
    pub tags: Vec<Tag>,
    /// The termination marker, if the movetext had one.
    pub result: Option<String>,
    /// A move number the movetext ends with (a cut-off log).
    pub trailing_move_number: Option<u32>,
    /// Where the game starts (its first token).
    pub span: Span,
    /// The one verdict on the game.
    pub verdict: &'a Verdict,
}

/// Receives a game from [`GameStream`], in order: `begin_game`, then
/// `movetext` once the tags are known, the prelude's comments, each
/// main-line node, and `end_game` — or, for a game that could not be
/// read, `unreadable` after whatever came before the error.
pub trait GameSink {
    /// What a game turns into.
    type Output;
    /// What the replay keeps for the sink (see [`GameWriter::mode`]).
    fn mode(&self) -> ReplayMode {
        ReplayMode::Canonical
    }
    /// Whether the sink wants an unreadable game's bytes.
    fn wants_text(&self) -> bool {
        false
    }
    /// The games that follow are read from an input of `syntax`.
    fn input(&mut self, _syntax: &Syntax) {}
    /// The next game read is number `n` of its input (chosen or not).
    fn game_number(&mut self, _n: usize) {}
    /// A new game starts.
    fn begin_game(&mut self) {}
    /// The tags are read (before any prelude comment, node or the end).
    fn movetext(&mut self, tags: &[Tag], span: Span);
    /// A comment before the first move.
    fn prelude(&mut self, c: &Comment);
    /// The next main-line node, complete; `verdicts`: the replay's verdict
    /// on each of its move tokens in document order (the node's, then its
    /// variations'), `None` where one did not resolve; `facts`: what each
    /// token that resolved played, in the same order, when the sink's mode
    /// is [`ReplayMode::Described`].
    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>], facts: &[Facts]);
    /// The game is complete.
    fn end_game(&mut self, end: GameEnd<'_>) -> Self::Output;
    /// The game could not be read (see [`GameWriter::unreadable`]).
    fn unreadable(&mut self, verdict: &Verdict, text: Option<GameText<'_>>) -> Self::Output;
    /// The comments after the input's last game (see
    /// [`GameWriter::trailer`]).
    fn trailer(&mut self, _comments: &[Comment]) -> std::io::Result<()> {
        Ok(())
    }
}

/// The [`GameWriter`] that hands a game to a [`GameSink`] a main-line node
/// at a time (see the module).
pub struct GameStream<S> {
    sink: S,
    builder: RecordBuilder,
    /// The verdicts of the main line's waiting node (and its variations),
    /// and what those that resolved played.
    verdicts: Vec<Option<CompactString>>,
    facts: Vec<Facts>,
    /// Prelude comments handed on so far.
    prelude: usize,
    in_movetext: bool,
}

impl<S: GameSink> GameStream<S> {
    /// Games to `sink`.
    pub fn new(sink: S) -> GameStream<S> {
        GameStream {
            sink,
            builder: RecordBuilder::new(),
            verdicts: Vec::new(),
            facts: Vec::new(),
            prelude: 0,
            in_movetext: false,
        }
    }

    /// The sink.
    pub fn sink(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The sink, given back.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// The tags are complete: tell the sink, once.
    fn start_movetext(&mut self) {
        if !std::mem::replace(&mut self.in_movetext, true) {
            self.builder.begin_movetext();
            let rec = self.builder.record_mut();
            let span = rec.tags.first().map_or(rec.span, |t| t.span);
            self.sink.movetext(&rec.tags, span);
        }
        self.flush_prelude();
    }

    /// Hands on prelude comments not yet handed on.
    fn flush_prelude(&mut self) {
        let rec = self.builder.record_mut();
        for c in rec.prelude.get(self.prelude..).unwrap_or(&[]) {
            self.sink.prelude(c);
        }
        self.prelude = rec.prelude.len();
    }

    /// Hands the main line's waiting node on.
    fn flush_main(&mut self) {
        if let Some(node) = self.builder.pop_main() {
            self.sink.node(node, &self.verdicts, &self.facts);
        }
        self.verdicts.clear();
        self.facts.clear();
    }
}

impl<S: GameSink> GameWriter for GameStream<S> {
    type Output = S::Output;

    fn mode(&self) -> ReplayMode {
        self.sink.mode()
    }

    fn wants_text(&self) -> bool {
        self.sink.wants_text()
    }

    fn input(&mut self, syntax: &Syntax) {
        self.sink.input(syntax);
    }

    fn game_number(&mut self, n: usize) {
        self.sink.game_number(n);
    }

    fn begin_game(&mut self) {
        self.builder.begin_game();
        self.verdicts.clear();
        self.facts.clear();
        self.prelude = 0;
        self.in_movetext = false;
        self.sink.begin_game();
    }

    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.builder.tag(name, value, span);
    }

    fn assume_variant(&mut self, variant: crate::variant::Variant) {
        // Written after the tags read; it stands nowhere in the input.
        self.builder.tag("Variant", variant.id(), Span::default());
    }

    fn begin_movetext(&mut self) {
        self.start_movetext();
    }

    fn san(&mut self, token: &str, span: Span, verdict: Option<CompactString>) {
        self.start_movetext();
        if self.builder.depth() <= 1 {
            self.flush_main();
        }
        self.builder.san(token, span);
        self.verdicts.push(verdict);
    }

    fn facts(&mut self, facts: Facts) {
        self.facts.push(facts);
    }

    fn nag(&mut self, nag: u16, span: Span) {
        self.start_movetext();
        self.builder.nag(nag, span);
    }

    fn comment(&mut self, text: &str, span: Span) {
        self.builder.comment(text, span);
        if self.in_movetext {
            self.flush_prelude();
        }
    }

    fn line_comment(&mut self, text: &str, span: Span) {
        self.builder.line_comment(text, span);
        if self.in_movetext {
            self.flush_prelude();
        }
    }

    fn begin_variation(&mut self, span: Span) {
        self.start_movetext();
        self.builder.begin_variation(span);
    }

    fn end_variation(&mut self, span: Span) {
        self.builder.end_variation(span);
    }

    fn move_number(&mut self, n: u32, span: Span) {
        self.start_movetext();
        self.builder.move_number(n, span);
    }

    fn outcome(&mut self, result: &str, span: Span) {
        self.start_movetext();
        self.builder.outcome(result, span);
    }

    fn end_game(&mut self, verdict: &Verdict) -> S::Output {
        self.start_movetext();
        // The builder closes open lines; the last main-line node and the
        // rest of the record come back with it.
        let mut rec = self.builder.end_game();
        if let Some(node) = rec.moves.pop() {
            self.sink.node(node, &self.verdicts, &self.facts);
        }
        self.verdicts.clear();
        self.facts.clear();
        self.sink.end_game(GameEnd {
            tags: rec.tags,
            result: rec.result,
            trailing_move_number: rec.trailing_move_number,
            span: rec.span,
            verdict,
        })
    }

    fn unreadable(&mut self, verdict: &Verdict, text: Option<GameText<'_>>) -> S::Output {
        self.sink.unreadable(verdict, text)
    }

    fn trailer(&mut self, comments: &[Comment]) -> std::io::Result<()> {
        self.sink.trailer(comments)
    }
}
