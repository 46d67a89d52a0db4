//! The [`Visitor`] trait: what the reader reports, token by token.

use crate::model::Span;

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
    /// A `$n` NAG or a suffix glyph mapped to its NAG.
    fn nag(&mut self, _nag: u16, _span: Span) {}
    /// A `{...}` comment (text without braces).
    fn comment(&mut self, _text: &str, _span: Span) {}
    /// A `;` comment (text without `;` and line terminator).
    fn line_comment(&mut self, text: &str, span: Span) {
        self.comment(text, span);
    }
    /// The comment about to be reported holds bytes that are not UTF-8,
    /// read as U+FFFD (unless [`Reader::refuse_invalid_utf8`](super::Reader::refuse_invalid_utf8)): the first
    /// such byte and its span. Called before [`Visitor::comment`].
    fn lossy_comment(&mut self, _byte: u8, _span: Span) {}
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
