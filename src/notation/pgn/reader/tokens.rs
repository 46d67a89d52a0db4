//! Movetext tokens the general way: comments, NAGs, results, move numbers,
//! moves with their glyphs and a separate `e.p.`, and every error among them.

use std::io::BufRead;

use super::{Reader, Visitor};
use crate::model::Span;
use crate::notation::pgn::lexer::{
    classify, glyph_nag, is_token_byte, is_ws, parse_decimal, split_glyphs, Class, Scan, EP,
};
use crate::notation::pgn::{PgnError, PgnErrorKind};

impl<R: BufRead> Reader<R> {
    /// A `{...}` comment; its span.
    pub(super) fn brace_comment<V: Visitor>(&mut self, v: &mut V) -> Result<Span, PgnError> {
        let cap = self.opts.max_comment_len.saturating_add(2);
        let scan = self
            .win
            .scan_until(1, |b| b == b'}', cap)
            .map_err(|e| self.io_err(e))?;
        match scan {
            Scan::Found(end) => {
                let text = self.utf8(self.win.slice(1, end - 1), 1)?;
                let span = self.win.span(end + 1);
                v.comment(text, span);
                self.win.advance(end + 1);
                Ok(span)
            }
            Scan::Eof(_) => {
                let span = self.win.span(1);
                Err(self.fail(span, PgnErrorKind::UnterminatedComment))
            }
            Scan::Cap => {
                let span = self.win.span(1);
                let limit = self.opts.max_comment_len;
                Err(self.fail(span, PgnErrorKind::CommentTooLong { limit }))
            }
        }
    }

    /// A `;` comment; its span.
    pub(super) fn line_comment<V: Visitor>(&mut self, v: &mut V) -> Result<Span, PgnError> {
        let cap = self.opts.max_comment_len.saturating_add(2);
        let scan = self
            .win
            .scan_until(1, |b| b == b'\n' || b == b'\r', cap)
            .map_err(|e| self.io_err(e))?;
        match scan {
            Scan::Found(end) | Scan::Eof(end) => {
                let text = self.utf8(self.win.slice(1, end - 1), 1)?;
                let span = self.win.span(end);
                v.line_comment(text, span);
                self.win.advance(end);
                Ok(span)
            }
            Scan::Cap => {
                let span = self.win.span(1);
                let limit = self.opts.max_comment_len;
                Err(self.fail(span, PgnErrorKind::CommentTooLong { limit }))
            }
        }
    }

    /// The NAG (or glyph) of `len` bytes here needs a move before it in
    /// its line: it annotates that move, and a record has nowhere else to
    /// keep it.
    fn annotatable(&self, len: usize) -> Result<(), PgnError> {
        if self.lines.has_move() {
            return Ok(());
        }
        let span = self.win.span(len);
        let found = String::from_utf8_lossy(self.win.slice(0, len)).into_owned();
        Err(self.fail(span, PgnErrorKind::NagBeforeMove { found }))
    }

    pub(super) fn nag<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError> {
        let cap = self.opts.max_token_len.saturating_add(1);
        let scan = self
            .win
            .scan_until(1, |b| !b.is_ascii_digit(), cap)
            .map_err(|e| self.io_err(e))?;
        let end = match scan {
            Scan::Found(i) | Scan::Eof(i) => i,
            Scan::Cap => {
                let span = self.win.span(1);
                let limit = self.opts.max_token_len;
                return Err(self.fail(span, PgnErrorKind::TokenTooLong { limit }));
            }
        };
        let span = self.win.span(end);
        if end == 1 {
            return Err(self.fail(span, PgnErrorKind::EmptyNag));
        }
        self.annotatable(end)?;
        let digits = self.win.slice(1, end - 1);
        match parse_decimal::<u16>(digits) {
            Some(n) => {
                v.nag(n, span);
                self.win.advance(end);
                Ok(())
            }
            None => {
                let digits = String::from_utf8_lossy(digits).into_owned();
                Err(self.fail(span, PgnErrorKind::NagOverflow { digits }))
            }
        }
    }

    /// A run of token bytes: result, move number, dots, glyphs or a move.
    /// Returns (whether a move was reported, the result if it ended the game).
    pub(super) fn token<V: Visitor>(
        &mut self,
        v: &mut V,
    ) -> Result<(bool, Option<String>), PgnError> {
        let cap = self.opts.max_token_len.saturating_add(1);
        // Most tokens end inside the buffered bytes, before a space.
        let mut end = match self.win.avail().iter().position(|&b| !is_token_byte(b)) {
            Some(i) if i < cap && self.win.avail()[i] != b'(' => return self.classified(v, i),
            _ => 0,
        };
        loop {
            let scan = self
                .win
                .scan_until(end, |b| !is_token_byte(b), cap)
                .map_err(|e| self.io_err(e))?;
            match scan {
                Scan::Eof(i) => {
                    end = i;
                    break;
                }
                Scan::Found(i) => {
                    end = i;
                    // Lenient promotion `e8(Q)`: glued single uppercase
                    // letter, right after a square's rank. Not after `2.`:
                    // `2.(Y)` is a move number and a variation, not a move
                    // `(Y)` that the writer could only write as a variation
                    // (found by fuzzing).
                    let after_rank = self
                        .win
                        .slice(0, end)
                        .last()
                        .is_some_and(u8::is_ascii_digit);
                    let mut p = |k| self.win.peek(i + k).map_err(|e| self.io_err(e));
                    if after_rank
                        && p(0)? == Some(b'(')
                        && p(1)?.is_some_and(|b| b.is_ascii_uppercase())
                        && p(2)? == Some(b')')
                        && end + 3 < cap
                    {
                        end += 3;
                        continue;
                    }
                    break;
                }
                Scan::Cap => end = cap,
            }
            break;
        }
        if end > self.opts.max_token_len {
            let span = self.win.span(1);
            let limit = self.opts.max_token_len;
            return Err(self.fail(span, PgnErrorKind::TokenTooLong { limit }));
        }
        self.classified(v, end)
    }

    /// The token of `end` bytes at the position, by its class.
    fn classified<V: Visitor>(
        &mut self,
        v: &mut V,
        end: usize,
    ) -> Result<(bool, Option<String>), PgnError> {
        let tok = self.win.slice(0, end);
        match classify(tok) {
            Class::Result(r) => {
                v.outcome(r, self.win.span(end));
                let r = r.to_string();
                self.win.advance(end);
                Ok((false, Some(r)))
            }
            Class::Dots => {
                self.win.advance(end);
                Ok((false, None))
            }
            Class::Number { digits, dots, rest } => {
                let nlen = digits.len() + dots;
                let rest_len = rest.len();
                let span = self.win.span(nlen);
                let Some(n) = parse_decimal::<u32>(digits) else {
                    let digits = String::from_utf8_lossy(digits).into_owned();
                    return Err(self.fail(span, PgnErrorKind::MoveNumberOverflow { digits }));
                };
                v.move_number(n, span);
                self.win.advance_in_line(nlen);
                if rest_len == 0 {
                    return Ok((false, None));
                }
                self.move_token(v, rest_len, false).map(|m| (m, None))
            }
            Class::Move => self.move_token(v, end, true).map(|m| (m, None)),
        }
    }

    /// Where a separate `e.p.` token starts after the move token of `len`
    /// bytes (past whitespace), and how many glyph bytes follow it
    /// (`e.p.!`, joined too: read apart, `# e.p.?` was the move `#` and the
    /// move `e.p.`, written back as `# e.p. $2`, which reads as one move;
    /// found by fuzzing). `None` when the next token is not `e.p.` with at
    /// most two glyph bytes.
    fn separate_ep(&mut self, len: usize) -> Result<Option<(usize, usize)>, PgnError> {
        let scan = self
            .win
            .scan_until(len, |b| !is_ws(b), len + 256)
            .map_err(|e| self.io_err(e))?;
        let Scan::Found(j) = scan else {
            return Ok(None);
        };
        let mut w = |k| self.win.peek(j + k).map_err(|e| self.io_err(e));
        for (k, &b) in EP.as_bytes().iter().enumerate() {
            if w(k)? != Some(b) {
                return Ok(None);
            }
        }
        let mut glyphs = 0;
        loop {
            match w(EP.len() + glyphs)? {
                Some(b'!' | b'?') if glyphs < 2 => glyphs += 1,
                Some(b) if is_token_byte(b) => return Ok(None),
                _ => return Ok(Some((j, glyphs))),
            }
        }
    }

    /// The move token of `len` bytes at the current position, with suffix
    /// glyphs and an optional following `e.p.`. The text is lent to the
    /// visitor straight from the window.
    /// `classified`: the whole token is known to be of [`Class::Move`].
    fn move_token<V: Visitor>(
        &mut self,
        v: &mut V,
        len: usize,
        classified: bool,
    ) -> Result<bool, PgnError> {
        let (mv_len, g_len) = {
            let (mv, g) = split_glyphs(self.win.slice(0, len));
            (mv.len(), g.len())
        };
        let known = classified && g_len == 0;
        if mv_len > 0 && !known && classify(self.win.slice(0, mv_len)) != Class::Move {
            // `*?`, `1-0!`, `12?`, `...!`, `1.2`, `1.1-0`: glyphs on a result,
            // number or dots, or one glued to a move number. Read as a move
            // named `*` or `2`, the writer could not write it back as a move
            // (found by fuzzing).
            let span = self.win.span(len);
            let found = String::from_utf8_lossy(self.win.slice(0, len)).into_owned();
            return Err(self.fail(span, PgnErrorKind::NotAMove { found }));
        }
        if self.win.slice(0, mv_len) == EP.as_bytes()
            && (g_len == 0 || glyph_nag(self.win.slice(mv_len, g_len)).is_some())
        {
            // Found by fuzzing: `q`, a `%` line, `e.p.` was the moves `q` and
            // `e.p.`, written back as `q e.p.`, one move. With a glyph that is
            // none of the six, that is the error to report instead.
            let span = self.win.span(len);
            return Err(self.fail(span, PgnErrorKind::LoneEnPassant));
        }
        // A separate `e.p.` joined to the move: its glyph bytes.
        let mut ep = None;
        if mv_len > 0 {
            let mut total = mv_len;
            if g_len == 0 && !self.surely_not_ep(mv_len) {
                if let Some((at, glyphs)) = self.separate_ep(mv_len)? {
                    total = at + EP.len();
                    ep = Some(glyphs);
                }
            }
            let span = self.win.span(total);
            let text = self.utf8(self.win.slice(0, mv_len), 0)?;
            if ep.is_some() {
                v.san(&format!("{text} {EP}"), span);
                self.win.advance(total);
            } else {
                v.san(text, span);
                self.win.advance_in_line(total);
            }
        }
        let g_len = ep.unwrap_or(g_len);
        if g_len > 0 {
            let span = self.win.span(g_len);
            if mv_len == 0 {
                self.annotatable(g_len)?;
            }
            let glyphs = self.win.slice(0, g_len);
            let Some(n) = glyph_nag(glyphs) else {
                let found = String::from_utf8_lossy(glyphs).into_owned();
                return Err(self.fail(span, PgnErrorKind::UnknownGlyph { found }));
            };
            v.nag(n, span);
            self.win.advance(g_len);
        }
        Ok(mv_len > 0)
    }
}
