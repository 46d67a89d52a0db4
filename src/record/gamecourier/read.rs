//! Reading a whole list into a record.

use compact_str::CompactString;

use super::effect::TurnEffect;
use super::fast::FastTurns;
use super::matching::{matching_moves, Boards};
use super::resolve::{resolve, Resolved, TurnError};
use super::write::format_op;
use crate::model::{Comment, CommentKind, Node, Record, Span, Tag};
use crate::notation::fen::{read_fen, write_fen};
use crate::notation::gamecourier::{Event, Reader, SyntaxError, TurnRef};
use crate::notation::pgn::{Proof, Visitor};
use crate::notation::san::write_san;
use crate::piece::Color;
use crate::position::Position;
use crate::record::replay::fast::clean_san_into;
use crate::record::replay::{Diagnostic, Severity};
use crate::rules::Outcome;
use crate::variant::Variant;

/// What a list reads to: the record of the turns that resolved, and the first
/// error, if any (then the record holds the turns before it).
#[derive(Clone, Debug)]
pub struct ListRead {
    /// The turns that resolved, as a record.
    pub record: Record,
    /// The first error, if any.
    pub error: Option<Diagnostic>,
    /// Whether the error is a syntax error (the list could not be read).
    pub syntax_error: bool,
}

/// The start position for `variant` and an optional FEN.
pub fn start_position(variant: Variant, fen: Option<&str>) -> Result<Position, String> {
    if !variant.has_game_courier() {
        return Err(no_lists(variant));
    }
    match fen {
        None => Ok(Position::start(variant)),
        Some(f) => read_fen(f, variant).map_err(|e| format!("--fen: {e}")),
    }
}

/// Why a variant has no Game Courier lists.
pub fn no_lists(variant: Variant) -> String {
    format!(
        "{variant} has no Game Courier lists (they exist for {}); convert its records to PGN or JSON",
        Variant::game_courier_ids()
    )
}

fn diagnostic(span: Span, token: &str, message: String) -> Diagnostic {
    Diagnostic::new(Severity::Error, span, token, message)
}

/// What a reader of a list does with the turns (and comments) it resolves.
pub(super) trait Sink {
    /// A `//` comment; `own_line` when nothing but blanks precede it.
    fn comment(&mut self, text: &str, own_line: bool, span: Span);
    /// A turn, at `span`, resolved to its move and played.
    fn turn(&mut self, span: Span, turn: ResolvedTurn<'_>);
    /// Whether [`Sink::turn`] needs every turn: if not, turns may be
    /// matched on the variant's accelerator ([`FastTurns`]) and told by
    /// [`Sink::fast_turn`].
    fn needs_turns(&self) -> bool {
        false
    }
    /// A turn matched on an accelerator ([`Proof`]: its canonical SAN, the
    /// position after it, and whether it was a Fault Line slide played with
    /// permission, FL6, whose note is filed at `span`).
    fn fast_turn(&mut self, span: Span, proof: Proof<'_>);
}

/// A turn resolved to its move, played from `before` to `after`.
pub(super) struct ResolvedTurn<'a> {
    /// The position the move is played from.
    pub(super) before: &'a Position,
    /// The position after it.
    pub(super) after: &'a Position,
    /// The move.
    pub(super) resolved: &'a Resolved,
}

impl ResolvedTurn<'_> {
    /// The move's canonical SAN ([`Resolved::san`]).
    pub(super) fn san(&self) -> String {
        self.resolved.san(self.before, self.after)
    }
}

/// How a walk over a list ended.
pub(super) struct Walked {
    /// The position after the last turn that resolved.
    pub(super) end: Position,
    /// The first error, if any.
    pub(super) error: Option<Diagnostic>,
    /// Whether the error is a syntax error.
    pub(super) syntax_error: bool,
    /// The end's outcome, when the accelerator the walk ended on told it.
    pub(super) outcome: Option<Option<Outcome>>,
}

impl Walked {
    /// The result a list reads to: it carries none, so the rules' own, else
    /// unfinished (`*`). A game that ended is over whatever follows (G5):
    /// a turn past its end is that turn's error, not a wrong result. A list
    /// that does not read has reached no end.
    pub(super) fn result(&self) -> &'static str {
        self.result_of(self.outcome())
    }

    /// The end's outcome (on the rules, it may search every move).
    pub(super) fn outcome(&self) -> Option<Outcome> {
        self.outcome.unwrap_or_else(|| self.end.outcome())
    }

    /// [`Walked::result`] from the end's outcome, when already known.
    pub(super) fn result_of(&self, outcome: Option<Outcome>) -> &'static str {
        match outcome {
            Some(end) if !self.syntax_error => end.result(),
            _ => "*",
        }
    }
}

/// Resolves the turns of a list from `start` in order, telling `sink`
/// about each, up to the first error. The list is read as it is matched:
/// each turn is resolved as soon as it is read, from a buffer the reader
/// reuses. After the first error the rest is only read for its syntax: a
/// syntax error anywhere is the list's error, and then `sink` must be
/// discarded (nothing of a list that does not read is told).
pub(super) fn walk(text: &str, start: Position, sink: &mut impl Sink) -> Walked {
    let mut reader = Reader::new(text);
    // Boxed: a turn's position comes from `boards` by a swap, not a copy.
    let mut pos = Box::new(start.clone());
    let mut boards = Boards::new(&start);
    let mut number: Option<(u32, bool, Span)> = None;
    let mut error = None;
    let mut ply = 0;
    // While set, `pos` is stale: the game is on bitboards.
    let mut fast = (!sink.needs_turns())
        .then(|| FastTurns::new(&pos))
        .flatten();
    let mut back_to_fast = false;
    loop {
        let event = match reader.next_event() {
            Ok(Some(event)) => event,
            Ok(None) => break,
            Err(e) => return syntax_error(e, start),
        };
        if error.is_some() {
            continue;
        }
        match event {
            Event::Comment {
                text,
                own_line,
                span,
            } => sink.comment(text, own_line, span),
            Event::Number { n, black, span } => {
                // A number after a number: the turn between them is empty.
                if let Some(empty) = number.replace((n, black, span)) {
                    ply += 1;
                    if let Some(f) = fast.take() {
                        *pos = f.position();
                    }
                    let numbered = check_number(&pos, Some(empty), ply);
                    error = Some(
                        numbered
                            .err()
                            .map_or_else(|| empty_turn(&pos, empty, ply), |d| *d),
                    );
                }
            }
            Event::Turn(turn) => {
                ply += 1;
                if let Some(f) = &mut fast {
                    let numbered = number.is_none_or(|(n, black, _)| f.numbers_next(n, black));
                    if numbered {
                        if let Some((san, suffix, permission)) = f.play_san(turn.ops) {
                            number = None;
                            let proof = Proof {
                                san: &san,
                                suffix,
                                after: f.now(),
                                permission,
                            };
                            sink.fast_turn(turn.span, proof);
                            continue;
                        }
                    }
                    // The reference rules take this turn.
                    *pos = f.position();
                    fast = None;
                    back_to_fast = true;
                }
                if let Err(d) = check_number(&pos, number.take(), ply) {
                    error = Some(*d);
                    continue;
                }
                match resolve(&pos, turn.ops, &mut boards) {
                    Ok(resolved) => {
                        let played = ResolvedTurn {
                            before: &pos,
                            after: &boards.after,
                            resolved: &resolved,
                        };
                        sink.turn(turn.span, played);
                        std::mem::swap(&mut pos, &mut boards.after);
                        if back_to_fast {
                            fast = FastTurns::new(&pos);
                        }
                    }
                    Err(e) => error = Some(turn_diagnostic(&pos, &turn, e, ply)),
                }
            }
        }
    }
    Walked {
        outcome: fast.as_ref().map(|f| f.now().outcome()),
        end: fast.map_or(*pos, |f| f.position()),
        error,
        syntax_error: false,
    }
}

/// How a list with a syntax error walks: to its error, from the start.
fn syntax_error(e: SyntaxError, start: Position) -> Walked {
    let span = Span {
        offset: e.offset,
        line: e.line,
        column: e.column,
        len: 0,
    };
    let message = format!(
        "Game Courier syntax: expected {}, found {}",
        e.expected, e.found
    );
    Walked {
        end: start,
        error: Some(diagnostic(span, "", message)),
        syntax_error: true,
        outcome: None,
    }
}

/// Builds the record: comments kept, turns in canonical SAN.
struct RecordSink {
    record: Record,
    /// Comments on lines of their own since the last turn, and where the
    /// first began.
    pending: Vec<String>,
    pending_span: Span,
}

impl RecordSink {
    /// A turn, in canonical SAN, after the comments on lines of their own
    /// before it.
    fn push(&mut self, san: CompactString, span: Span) {
        let mut node = Node::new(san);
        node.span = span;
        if !self.pending.is_empty() {
            let text = std::mem::take(&mut self.pending).join("\n");
            node.comments_before.push(comment(text, self.pending_span));
        }
        self.record.moves.push(node);
    }
}

impl Sink for RecordSink {
    fn comment(&mut self, text: &str, own_line: bool, span: Span) {
        if !own_line && self.pending.is_empty() {
            if let Some(last) = self.record.moves.last_mut() {
                last.comments.push(comment(text.to_owned(), span));
                return;
            }
        }
        if self.pending.is_empty() {
            self.pending_span = span;
        }
        self.pending.push(text.to_owned());
    }

    fn turn(&mut self, span: Span, turn: ResolvedTurn<'_>) {
        self.push(turn.san().into(), span);
    }

    fn fast_turn(&mut self, span: Span, proof: Proof<'_>) {
        let mut san = CompactString::default();
        clean_san_into(proof.san, proof.suffix, &mut san);
        self.push(san, span);
    }
}

/// The tags a list's record carries: the variant, and the start position
/// when one was given.
fn list_tags(variant: Variant, fen: Option<&str>) -> Vec<Tag> {
    let mut tags = vec![Tag::new("Variant", variant.id())];
    if let Some(f) = fen {
        tags.push(Tag::new("SetUp", "1"));
        tags.push(Tag::new("FEN", f));
    }
    tags
}

/// The span of a whole list.
pub(super) fn list_span(text: &str) -> Span {
    Span {
        offset: 0,
        line: 1,
        column: 1,
        len: text.len().min(u32::MAX as usize) as u32,
    }
}

/// Reads a move list of `variant` from `fen` (or the start position): every
/// turn resolved to its legal move, in canonical SAN. Comments (`//`) are
/// kept: one after a turn on its line follows that turn; lines of comments
/// between turns (joined by line breaks) come before the next turn.
pub fn read(text: &str, variant: Variant, fen: Option<&str>) -> Result<ListRead, String> {
    let start = start_position(variant, fen)?;
    let fresh = || RecordSink {
        record: Record {
            tags: list_tags(variant, fen),
            prelude: Vec::new(),
            moves: Vec::new(),
            result: None,
            trailing_move_number: None,
            result_span: None,
            span: list_span(text),
        },
        pending: Vec::new(),
        pending_span: Span::default(),
    };
    let mut sink = fresh();
    let walked = walk(text, start, &mut sink);
    if walked.syntax_error {
        sink = fresh();
    }
    let mut record = sink.record;
    if !sink.pending.is_empty() {
        let c = comment(sink.pending.join("\n"), sink.pending_span);
        match record.moves.last_mut() {
            Some(last) => last.comments.push(c),
            None => record.prelude.push(c),
        }
    }
    record.result = Some(walked.result().into());
    Ok(ListRead {
        record,
        error: walked.error,
        syntax_error: walked.syntax_error,
    })
}

/// Tells `v` the game of a list as [`read()`] reads it, as the list is
/// matched: its tags, then each turn in canonical SAN at its place (a turn
/// matched on the accelerator with the move played there, [`Proof`]), the
/// comments where [`read()`] keeps them, and the result. Returns the
/// list's first error, if any, and whether it is a syntax error: then the
/// list could not be read, and what `v` was told before it is void (as a
/// PGN game's tokens before its syntax error). `Err`: `fen` is not one.
pub fn visit_list<V: Visitor>(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
    v: &mut V,
) -> Result<Option<(Diagnostic, bool)>, String> {
    let start = start_position(variant, fen)?;
    v.begin_game();
    for t in list_tags(variant, fen) {
        v.tag(&t.name, &t.value, t.span);
    }
    v.begin_movetext();
    let mut sink = Told {
        v,
        pending: None,
        moved: false,
    };
    let walked = walk(text, start, &mut sink);
    if walked.syntax_error {
        return Ok(walked.error.map(|d| (d, true)));
    }
    sink.flush();
    sink.v.outcome(walked.result(), list_span(text));
    Ok(walked.error.map(|d| (d, false)))
}

/// Tells a visitor each turn as it is matched, and the comments where
/// [`RecordSink`] keeps them.
struct Told<'v, V> {
    v: &'v mut V,
    /// Comments on lines of their own since the last turn (joined by line
    /// breaks), and where the first began.
    pending: Option<(String, Span)>,
    /// A turn was told.
    moved: bool,
}

impl<V: Visitor> Told<'_, V> {
    /// Tells the pending comments, as one.
    fn flush(&mut self) {
        if let Some((text, span)) = self.pending.take() {
            self.v.comment(&text, span);
        }
    }
}

impl<V: Visitor> Sink for Told<'_, V> {
    fn comment(&mut self, text: &str, own_line: bool, span: Span) {
        match &mut self.pending {
            // After the last turn, on its line.
            None if !own_line && self.moved => self.v.comment(text, span),
            None => self.pending = Some((text.to_owned(), span)),
            Some((held, _)) => {
                held.push('\n');
                held.push_str(text);
            }
        }
    }

    fn turn(&mut self, span: Span, turn: ResolvedTurn<'_>) {
        self.flush();
        self.moved = true;
        self.v.san(&turn.san(), span);
    }

    fn fast_turn(&mut self, span: Span, proof: Proof<'_>) {
        self.flush();
        self.moved = true;
        self.v.san_proved(span, proof);
    }
}

fn comment(text: String, span: Span) -> Comment {
    Comment {
        text,
        kind: CommentKind::Brace,
        span,
    }
}

fn check_number(
    pos: &Position,
    number: Option<(u32, bool, Span)>,
    ply: usize,
) -> Result<(), Box<Diagnostic>> {
    let Some((n, black, span)) = number else {
        return Ok(());
    };
    let want_black = pos.turn() == Color::Black;
    if n == pos.fullmoves() && black == want_black {
        return Ok(());
    }
    let dots = if want_black { "..." } else { "." };
    let mut d = diagnostic(
        span,
        &format!("{n}{}", if black { "..." } else { "." }),
        format!(
            "expected move number {}{dots}: the next turn is {}'s move {}",
            pos.fullmoves(),
            pos.turn().name(),
            pos.fullmoves()
        ),
    );
    d.ply = Some(ply);
    d.fen = Some(write_fen(pos));
    Err(Box::new(d))
}

/// An empty turn, numbered `number` (a Fault Line slide of an empty rank
/// types no board edit, so a list that leaves it out cannot say which rank
/// slid): the error at the turn's number, naming the legal moves that
/// leave the board as it was, which it could be.
fn empty_turn(pos: &Position, number: (u32, bool, Span), ply: usize) -> Diagnostic {
    let (n, black, span) = number;
    let token = format!("{n}{}", if black { "..." } else { "." });
    let sans: Vec<String> = matching_moves(pos, &TurnEffect::start(pos))
        .iter()
        .map(|m| write_san(pos, m))
        .collect();
    let message = match &sans[..] {
        [] => "an empty turn: no board edit, and no legal move leaves the board as it was".into(),
        [one] => format!(
            "an empty turn: no board edit; it could be {one} (a slide of an empty rank \
             is typed as its hole mark)"
        ),
        many => format!(
            "an empty turn: no board edit; it could be {} (which rank slid cannot be told)",
            many.join(", ")
        ),
    };
    let mut d = diagnostic(span, &token, message);
    d.ply = Some(ply);
    d.fen = Some(write_fen(pos));
    d.suggestions = sans;
    d
}

fn turn_diagnostic(pos: &Position, turn: &TurnRef<'_>, e: TurnError, ply: usize) -> Diagnostic {
    let span = if e.span == Span::default() {
        turn.span
    } else {
        e.span
    };
    let token = if e.span == Span::default() {
        turn.text.to_string()
    } else {
        turn.ops
            .iter()
            .find(|o| o.span == e.span)
            .map_or_else(|| turn.text.to_string(), |o| format_op(&o.kind))
    };
    let mut d = diagnostic(span, &token, e.message);
    d.ply = Some(ply);
    d.fen = Some(write_fen(pos));
    d.suggestions = e.suggestions;
    d
}

/// Reads a move list into a record, or its first error.
pub fn read_list(
    text: &str,
    variant: Variant,
    fen: Option<&str>,
) -> Result<Record, Box<Diagnostic>> {
    let read =
        read(text, variant, fen).map_err(|m| Box::new(diagnostic(Span::default(), "", m)))?;
    match read.error {
        Some(d) => Err(Box::new(d)),
        None => Ok(read.record),
    }
}
