//! One game through the pipeline: a reader drives [`Checked`] — the damage
//! watch around the replay, with the command's [`GameWriter`] beside them —
//! and the game comes out [`Finished`]: the one verdict, and what the
//! writer made of it.

use compact_str::CompactString;

use crate::model::{Comment, Span, Tag};
use crate::notation::pgn::{Proof, Visitor};
use crate::record::pipeline::read::GameText;
use crate::record::pipeline::select::Selection;
use crate::record::pipeline::source::Syntax;
use crate::record::replay::damage::Watch;
use crate::record::replay::facts::Facts;
use crate::record::replay::fast::clean_san_into;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{Diagnostic, ReplayMode, ReplayOptions};
use crate::variant::Variant;

/// What a command makes of each game, fed token by token beside the replay
/// (pgn-reader's visitor, with the replay's verdicts): a writer of canonical
/// PGN, of JSON, of FENs, a collector of digests … Every method but the
/// two ends defaults to ignoring its token.
pub trait GameWriter {
    /// What a game turns into (often nothing: the writer wrote it out).
    type Output;
    /// Whether the writer reads move tokens (false: they are never made
    /// `str`s for it).
    const READS_TOKENS: bool = true;
    /// What the replay keeps for the writer: [`ReplayMode::Canonical`] for
    /// each token's canonical SAN, [`ReplayMode::Described`] for that and
    /// what each move did; the verdict alone otherwise.
    fn mode(&self) -> ReplayMode {
        ReplayMode::Verdict
    }
    /// Whether the writer wants an unreadable game's bytes as read.
    fn wants_text(&self) -> bool {
        false
    }
    /// The games that follow are read from an input of `syntax`.
    fn input(&mut self, _syntax: &Syntax) {}
    /// The next game read is number `n` of its input (chosen or not).
    fn game_number(&mut self, _n: usize) {}
    /// A new game starts.
    fn begin_game(&mut self) {}
    /// A tag pair.
    fn tag(&mut self, _name: &str, _value: &str, _span: Span) {}
    /// The game names no variant (no `Variant` tag, or a blank one) and is
    /// read as `variant` (`--variant`): called once its tags are read,
    /// before the first movetext event. A writer of records gives the game
    /// the tag (an absent one after the others, a blank one in its place:
    /// [`GameWriter::tag`] has it with the value filled in), so what it
    /// writes names the variant the game was read as.
    fn assume_variant(&mut self, _variant: Variant) {}
    /// The first movetext token follows.
    fn begin_movetext(&mut self) {}
    /// A move token and the replay's verdict on it: its canonical SAN,
    /// `None` when it did not resolve, and always `None` under
    /// [`ReplayMode::Verdict`].
    fn san(&mut self, _token: &str, _span: Span, _verdict: Option<CompactString>) {}
    /// What the move token just given played: after [`GameWriter::san`],
    /// under [`ReplayMode::Described`], when the token resolved.
    fn facts(&mut self, _facts: Facts) {}
    /// A NAG.
    fn nag(&mut self, _nag: u16, _span: Span) {}
    /// A `{…}` comment.
    fn comment(&mut self, _text: &str, _span: Span) {}
    /// A `;…` comment.
    fn line_comment(&mut self, text: &str, span: Span) {
        self.comment(text, span);
    }
    /// `(`.
    fn begin_variation(&mut self, _span: Span) {}
    /// `)`.
    fn end_variation(&mut self, _span: Span) {}
    /// A move number.
    fn move_number(&mut self, _n: u32, _span: Span) {}
    /// The termination marker.
    fn outcome(&mut self, _result: &str, _span: Span) {}
    /// The game was read to its end; `verdict` is the one every command
    /// reports for it.
    fn end_game(&mut self, verdict: &Verdict) -> Self::Output;
    /// The game could not be read (`verdict` says where and why); `text`:
    /// its bytes as read, when [`GameWriter::wants_text`].
    fn unreadable(&mut self, verdict: &Verdict, text: Option<GameText<'_>>) -> Self::Output;
    /// Once an input whose every game was chosen is read: the comments
    /// after its last game that belong to no game (see
    /// [`GameReader::trailer`](crate::record::pipeline::read::GameReader::trailer)).
    /// A writer that keeps every comment writes them after the games.
    fn trailer(&mut self, _comments: &[Comment]) -> std::io::Result<()> {
        Ok(())
    }
}

/// The writer of `validate`: nothing beside the verdict.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoWriter;

impl GameWriter for NoWriter {
    type Output = ();
    const READS_TOKENS: bool = false;
    fn end_game(&mut self, _: &Verdict) {}
    fn unreadable(&mut self, _: &Verdict, _: Option<GameText<'_>>) {}
}

/// A game the pipeline read: its verdict and what the writer made of it.
#[derive(Debug)]
pub struct Finished<T> {
    /// The verdict (its `game` number is set by the caller, which counts).
    pub verdict: Verdict,
    /// The writer's output.
    pub output: T,
    /// Whether the game ended with a termination marker (a parallel block
    /// whose last game did not may have been cut inside it).
    pub ended_with_result: bool,
}

/// Whether the current game is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// `--where` waits for the tags: events are held.
    Deciding,
    Chosen,
    Skipped,
}

/// An event held while `--where` waits for the tags (a comment may come
/// before or between them).
enum Held {
    Tag(Tag),
    Comment(String, Span),
    LineComment(String, Span),
}

/// The PGN [`Visitor`] every command reads games through: the damage
/// watch around the replay, and the command's writer beside them; games
/// not chosen (by number or `--where`) are read but neither replayed nor
/// written.
pub struct Checked<W> {
    watch: Watch,
    writer: W,
    selection: Selection,
    held: Vec<Held>,
    choice: Choice,
    /// The next game is not chosen by its number.
    skip_next: bool,
    /// The last game read had a termination marker (chosen or not).
    ended: bool,
    /// `--variant`, for a game that names none.
    variant: Option<Variant>,
    /// The game's tags have named no variant yet: the writer is told of
    /// [`Checked::variant`] when they end.
    unnamed: bool,
}

impl<W: GameWriter> Checked<W> {
    /// Games checked with `strict`, those without a `Variant` tag in
    /// `variant` (default chess), written by `writer`, chosen by
    /// `selection`'s conditions (its numbers are the caller's to apply,
    /// with [`Checked::skip_next_game`]).
    pub fn new(
        writer: W,
        strict: bool,
        variant: Option<Variant>,
        selection: Selection,
    ) -> Checked<W> {
        let opts = ReplayOptions {
            strict,
            variant,
            ..ReplayOptions::new(writer.mode())
        };
        Checked {
            watch: Watch::new(opts),
            writer,
            selection,
            held: Vec::new(),
            choice: Choice::Chosen,
            skip_next: false,
            ended: false,
            variant,
            unnamed: false,
        }
    }

    /// The tags are read: a game that named no variant is in `--variant`'s
    /// (the replay knows it from its options; the writer is told here).
    #[inline]
    fn tags_read(&mut self) {
        if std::mem::take(&mut self.unnamed) {
            if let Some(v) = self.variant {
                self.writer.assume_variant(v);
            }
        }
    }

    /// The next game is read but not chosen (its number is not).
    pub fn skip_next_game(&mut self, skip: bool) {
        self.skip_next = skip;
    }

    /// The games that follow are read from an input of `syntax` (a Game
    /// Courier list has no termination marker and no tag roster to check).
    pub fn input(&mut self, syntax: &Syntax) {
        self.watch
            .for_lists(matches!(syntax, Syntax::GameCourier(_)));
        self.writer.input(syntax);
    }

    /// Ends the game being read with `error`, filed as the replay's: the
    /// rest of it was not read, so the writer has it as
    /// [unreadable](GameWriter::unreadable) (no text), not as a whole game.
    pub fn end_with(&mut self, error: Diagnostic) -> Option<Finished<W::Output>> {
        if !self.chosen() {
            return None;
        }
        self.watch.inner.file_error(error);
        self.finish(false)
    }

    /// Whether the last game read ended with a termination marker, chosen
    /// or not.
    pub fn last_ended_with_result(&self) -> bool {
        self.ended
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut W {
        &mut self.writer
    }

    /// The writer, given back.
    pub fn into_writer(self) -> W {
        self.writer
    }

    /// The game whose reading stopped at `error`, if it is chosen; `text`:
    /// its bytes, when kept.
    pub fn unreadable(
        &mut self,
        error: Diagnostic,
        text: Option<GameText<'_>>,
    ) -> Option<Finished<W::Output>> {
        if self.choice == Choice::Deciding {
            self.decide();
        }
        if self.choice == Choice::Skipped {
            return None;
        }
        let verdict = Verdict::unreadable(0, error, &self.watch.inner);
        let output = self.writer.unreadable(&verdict, text);
        Some(Finished {
            verdict,
            output,
            ended_with_result: false,
        })
    }

    /// Whether the game's tags meet `--where`: then its held events go on.
    #[cold]
    fn decide(&mut self) {
        let tags = self.held.iter().filter_map(|h| match h {
            Held::Tag(t) => Some(t),
            _ => None,
        });
        if !self.selection.holds(tags) {
            self.choice = Choice::Skipped;
            self.held.clear();
            return;
        }
        self.choice = Choice::Chosen;
        for h in std::mem::take(&mut self.held) {
            match h {
                Held::Tag(t) => self.tag(&t.name, &t.value, t.span),
                Held::Comment(text, span) => self.comment(&text, span),
                Held::LineComment(text, span) => self.line_comment(&text, span),
            }
        }
    }

    /// Whether a movetext event goes on (deciding first, if need be).
    #[inline]
    fn chosen(&mut self) -> bool {
        if self.choice == Choice::Deciding {
            self.decide();
        }
        self.choice == Choice::Chosen
    }

    /// Whether an event that may come before `--where` is decided (a tag or
    /// a comment) goes on now; while deciding, it is held for then.
    #[inline]
    fn passes(&mut self, held: impl FnOnce() -> Held) -> bool {
        if self.choice == Choice::Deciding {
            self.held.push(held());
        }
        self.choice == Choice::Chosen
    }

    /// The token just played and the replay's verdict on it (and what it
    /// did, when the writer asks), for the writer.
    #[inline]
    fn tell(&mut self, token: &str, span: Span) {
        let verdict = self.token_verdict();
        let resolved = verdict.is_some();
        self.writer.san(token, span, verdict);
        if resolved && matches!(self.watch.inner.mode(), ReplayMode::Described { .. }) {
            self.writer.facts(self.watch.inner.take_facts());
        }
    }

    /// The replay's verdict on the token just played, for the writer.
    #[inline]
    fn token_verdict(&mut self) -> Option<CompactString> {
        match self.watch.inner.mode() {
            ReplayMode::Verdict => None,
            _ => self.watch.inner.take_verdict(),
        }
    }
}

impl<W: GameWriter> Visitor for Checked<W> {
    type Output = Option<Finished<W::Output>>;

    fn begin_game(&mut self) {
        self.held.clear();
        self.ended = false;
        self.choice = match (
            std::mem::take(&mut self.skip_next),
            self.selection.has_conditions(),
        ) {
            (true, _) => Choice::Skipped,
            (false, true) => Choice::Deciding,
            (false, false) => Choice::Chosen,
        };
        if self.choice != Choice::Skipped {
            self.watch.begin_game();
            self.writer.begin_game();
        }
        self.unnamed = self.variant.is_some();
    }

    fn tag(&mut self, name: &str, value: &str, span: Span) {
        let held = || {
            Held::Tag(Tag {
                span,
                ..Tag::new(name, value)
            })
        };
        if !self.passes(held) {
            return;
        }
        self.watch.tag(name, value, span);
        match (name, self.variant) {
            // The first `Variant` tag names the game's (the replay reads the
            // first); a blank one is filled in.
            ("Variant", Some(v)) if std::mem::take(&mut self.unnamed) => {
                let value = match value.trim().is_empty() {
                    true => v.id(),
                    false => value,
                };
                self.writer.tag(name, value, span);
            }
            _ => self.writer.tag(name, value, span),
        }
    }

    fn begin_movetext(&mut self) {
        if self.chosen() {
            self.tags_read();
            self.watch.begin_movetext();
            self.writer.begin_movetext();
        }
    }

    fn san(&mut self, token: &str, span: Span) {
        if self.chosen() {
            self.watch.san(token, span);
            self.tell(token, span);
        }
    }

    fn san_ascii(&mut self, token: &[u8], span: Span) {
        if self.chosen() {
            self.watch.san_ascii(token, span);
            if W::READS_TOKENS {
                // ASCII is UTF-8.
                if let Ok(token) = std::str::from_utf8(token) {
                    self.tell(token, span);
                }
            }
        }
    }

    fn san_proved(&mut self, span: Span, proof: Proof<'_>) {
        if self.chosen() {
            self.watch.san_proved(span, proof);
            if W::READS_TOKENS {
                let mut token = String::with_capacity(8);
                clean_san_into(proof.san, proof.suffix, &mut token);
                self.tell(&token, span);
            }
        }
    }

    fn nag(&mut self, nag: u16, span: Span) {
        if self.chosen() {
            self.watch.nag(nag, span);
            self.writer.nag(nag, span);
        }
    }

    fn comment(&mut self, text: &str, span: Span) {
        if self.passes(|| Held::Comment(text.to_owned(), span)) {
            self.watch.comment(text, span);
            self.writer.comment(text, span);
        }
    }

    fn line_comment(&mut self, text: &str, span: Span) {
        if self.passes(|| Held::LineComment(text.to_owned(), span)) {
            self.watch.line_comment(text, span);
            self.writer.line_comment(text, span);
        }
    }

    fn begin_variation(&mut self, span: Span) {
        if self.chosen() {
            self.watch.begin_variation(span);
            self.writer.begin_variation(span);
        }
    }

    fn end_variation(&mut self, span: Span) {
        if self.chosen() {
            self.watch.end_variation(span);
            self.writer.end_variation(span);
        }
    }

    fn move_number(&mut self, n: u32, span: Span) {
        if self.chosen() {
            self.watch.move_number(n, span);
            self.writer.move_number(n, span);
        }
    }

    fn outcome(&mut self, result: &str, span: Span) {
        self.ended = true;
        if self.chosen() {
            self.watch.outcome(result, span);
            self.writer.outcome(result, span);
        }
    }

    fn end_game(&mut self) -> Self::Output {
        if !self.chosen() {
            return None;
        }
        self.finish(true)
    }
}

impl<W: GameWriter> Checked<W> {
    /// The verdict on the game read, and the writer's output: of the whole
    /// game, or of one whose reading stopped short.
    fn finish(&mut self, whole: bool) -> Option<Finished<W::Output>> {
        if whole {
            self.tags_read();
        }
        let report = self.watch.end_game();
        let r = &self.watch.inner;
        let verdict = Verdict::of(0, r.game_span(), r, report);
        let ended_with_result = r.ended_with_result();
        let output = match whole {
            true => self.writer.end_game(&verdict),
            false => self.writer.unreadable(&verdict, None),
        };
        Some(Finished {
            verdict,
            output,
            ended_with_result,
        })
    }
}
