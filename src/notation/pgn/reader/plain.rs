//! The fast path for the common movetext tokens: a plain ASCII move or
//! move number ended by whitespace in the buffered bytes. Anything else
//! declines to the general path (`tokens.rs`), which reads it the same way.

use std::io::BufRead;

use super::{Reader, Visitor};
use crate::notation::pgn::lexer::{is_ascii_token_byte, is_ws, parse_decimal};

impl<R: BufRead> Reader<R> {
    /// The length of the move token at the position when it is the common
    /// kind: ASCII, ended inside the buffered bytes by whitespace, no suffix
    /// glyph, no final `.` (so `e.p.` itself, an error, and the rare glued
    /// `exd6e.p.` go the general way) and no `e.p.` after it. Anything else
    /// (`None`) takes the general path ([`Reader::token`]), which reads such
    /// a token the same way.
    pub(super) fn plain_move_len(&self) -> Option<usize> {
        let avail = self.win.avail();
        // Uncapped (a cap cost 1% of validation): a run longer than a token
        // lies within one line, which the general path's error then skips,
        // so no byte is scanned more than a few times.
        let len = avail.iter().position(|&b| !is_ascii_token_byte(b))?;
        let plain = len > 0
            && len <= self.opts.max_token_len
            && avail.get(len).is_some_and(|&b| is_ws(b))
            && !matches!(avail.get(len - 1), Some(b'!' | b'?' | b'.'))
            && self.surely_not_ep(len);
        plain.then_some(len)
    }

    /// Reports a move number such as `12.` or `12...` ended by whitespace
    /// inside the buffered bytes, the common kind; false (nothing consumed)
    /// for anything else, which [`Reader::token`] reads the same way.
    pub(super) fn plain_move_number<V: Visitor>(&mut self, v: &mut V) -> bool {
        let avail = self.win.avail();
        // Scanned uncapped, as in `plain_move_len`; a number longer than a
        // token (`000…02.`, which fits a `u32`) or too long for a `u32` is
        // the general path's error, which skips its line.
        let Some(digits) = avail.iter().position(|b| !b.is_ascii_digit()) else {
            return false;
        };
        let rest = avail.get(digits..).unwrap_or(&[]);
        let Some(dots) = rest.iter().position(|&b| b != b'.') else {
            return false;
        };
        let len = digits + dots;
        if dots == 0 || len > self.opts.max_token_len || !avail.get(len).is_some_and(|&b| is_ws(b))
        {
            return false;
        }
        let Some(n) = parse_decimal::<u32>(&avail[..digits]) else {
            return false;
        };
        v.move_number(n, self.win.span(len));
        self.win.advance_ascii(len);
        true
    }

    /// Reports the move token of [`Reader::plain_move_len`] bytes.
    pub(super) fn plain_move<V: Visitor>(&mut self, v: &mut V, len: usize) {
        v.san_ascii(self.win.slice(0, len), self.win.span(len));
        self.win.advance_ascii(len);
    }

    /// Whether the buffered bytes after `len` show at once that no `e.p.`
    /// follows (the next token is there and does not start with `e.`).
    pub(super) fn surely_not_ep(&self, len: usize) -> bool {
        let rest = self.win.avail().get(len..).unwrap_or(&[]);
        rest.iter()
            .position(|&b| !is_ws(b))
            .and_then(|j| rest.get(j..j + 2))
            .is_some_and(|next| next != b"e.")
    }
}
