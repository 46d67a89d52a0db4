//! The [`Visitor`] trait: what the reader reports, token by token.

use crate::model::{Comment, CommentKind, Record, Span, Step};
use crate::notation::san::{San, Suffix};
use crate::rules::fast::FastPos;

/// Receives the tokens of one game, in order (pgn-reader style).
///
/// Only `end_game` is required; everything else defaults to ignoring the
/// token, so a visitor that counts games allocates nothing.
pub trait Visitor {
    /// What a finished game turns into.
    type Output;
    /// A new game starts (called before its first token).
    fn begin_game(&mut self) {}
    /// A tag pair; `value` has its escapes resolved.
    fn tag(&mut self, _name: &str, _value: &str, _span: Span) {}
    /// The first movetext token follows.
    fn begin_movetext(&mut self) {}
    /// A move token (number and suffix glyphs removed).
    fn san(&mut self, _token: &str, _span: Span) {}
    /// A move token that is plain ASCII, as bytes: the reader's path for
    /// the common token, so a visitor that reads bytes skips the UTF-8
    /// check a `&str` costs. By default it goes on to [`Visitor::san`].
    fn san_ascii(&mut self, token: &[u8], span: Span) {
        // ASCII is UTF-8: this always goes on.
        if let Ok(token) = std::str::from_utf8(token) {
            self.san(token, span);
        }
    }
    /// A move the reader has already matched and played on the variant's
    /// accelerator (a Game Courier turn): a replay that follows the game on
    /// the same accelerator may take the position after it instead of
    /// matching a token again. By default its canonical SAN
    /// ([`Proof::token`]) goes on to [`Visitor::san`].
    fn san_proved(&mut self, span: Span, proof: Proof<'_>) {
        self.san(&proof.token(), span);
    }
    /// A `$n` NAG or a suffix glyph mapped to its NAG.
    fn nag(&mut self, _nag: u16, _span: Span) {}
    /// A `{...}` comment (text without braces).
    fn comment(&mut self, _text: &str, _span: Span) {}
    /// A `;` comment (text without `;` and line terminator).
    fn line_comment(&mut self, text: &str, span: Span) {
        self.comment(text, span);
    }
    /// `(`.
    fn begin_variation(&mut self, _span: Span) {}
    /// `)`.
    fn end_variation(&mut self, _span: Span) {}
    /// A move number such as `12.` or `12...`.
    fn move_number(&mut self, _n: u32, _span: Span) {}
    /// A result token ending the game.
    fn outcome(&mut self, _result: &str, _span: Span) {}
    /// The game is complete.
    fn end_game(&mut self) -> Self::Output;
}

/// A move a reader has already matched and played on an accelerator (a
/// Game Courier turn), as [`Visitor::san_proved`] tells it: its canonical
/// SAN (as a move and its mark, written only when asked), the position
/// after it, and whether it was a Fault Line slide played with permission
/// (FL6).
#[derive(Clone, Copy)]
pub struct Proof<'a> {
    pub(crate) san: &'a San,
    pub(crate) suffix: Option<Suffix>,
    pub(crate) after: &'a FastPos,
    pub(crate) permission: bool,
}

impl Proof<'_> {
    /// The move's canonical SAN, with its mark.
    pub fn token(&self) -> String {
        let mut token = self.san.to_string();
        if let Some(s) = self.suffix {
            token.push(s.char());
        }
        token
    }
}

/// Drives `v` over a record's tokens in document order, as the reader would
/// report them had it read the record's PGN: tags (each after the comments
/// before it), the prelude, every move with its number, NAGs, comments and
/// variations, a trailing move number, the result. A move's NAGs and
/// comments are reported at the move's span; records made in code have
/// default spans.
pub fn visit_record<V: Visitor>(record: &Record, v: &mut V) -> V::Output {
    visit_tokens(record, v);
    v.end_game()
}

/// [`visit_record`] but for the end of the game, for a caller that ends
/// it (or does not) itself.
pub fn visit_tokens<V: Visitor>(record: &Record, v: &mut V) {
    let comment = |v: &mut V, c: &Comment| match c.kind {
        CommentKind::Brace => v.comment(&c.text, c.span),
        CommentKind::Line => v.line_comment(&c.text, c.span),
    };
    v.begin_game();
    for t in &record.tags {
        t.comments_before.iter().for_each(|c| comment(v, c));
        v.tag(&t.name, &t.value, t.span);
    }
    v.begin_movetext();
    record.prelude.iter().for_each(|c| comment(v, c));
    for step in record.steps() {
        match step {
            Step::Enter => v.begin_variation(Span::default()),
            Step::Leave => v.end_variation(Span::default()),
            Step::Move(node) => {
                node.comments_before.iter().for_each(|c| comment(v, c));
                if let Some(n) = node.move_number {
                    v.move_number(n, node.span);
                }
                v.san(&node.san, node.span);
                for &nag in &node.nags {
                    v.nag(nag, node.span);
                }
                node.comments.iter().for_each(|c| comment(v, c));
            }
        }
    }
    if let Some(n) = record.trailing_move_number {
        v.move_number(n, record.span);
    }
    if let Some(res) = &record.result {
        // Records made in code may have no span for the result: show the
        // Result tag then, else the game.
        let tag = record.tag_pair("Result").map(|t| t.span);
        v.outcome(res, record.result_span.or(tag).unwrap_or(record.span));
    }
}
