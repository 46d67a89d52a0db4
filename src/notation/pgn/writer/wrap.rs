//! The movetext's line wrapping: tokens gathered and written a line or so
//! at a time, at most [`WIDTH`] columns where tokens allow.

use std::io::{self, Write};

use crate::model::CommentKind;

pub(super) const WIDTH: usize = 80;
/// The longest token [`Wrap::short`] writes in one piece (a move number
/// or NAG, nearly every move).
pub(super) const SHORT: usize = 24;

#[derive(Clone)]
pub(super) struct Wrap<W: Write> {
    pub(super) out: W,
    /// Short tokens and what goes between them, not yet written to `out`:
    /// most moves cost a few bytes copied, and `out` is written about once
    /// a line.
    pending: Staged,
    pub(super) col: usize,
    pub(super) glue: bool,
}

impl<W: Write> Wrap<W> {
    /// Wrapping into `out`, at column `col`; `glue`: the next token
    /// follows the last without a space.
    pub(super) fn new(out: W, col: usize, glue: bool) -> Wrap<W> {
        Wrap {
            out,
            pending: Staged::new(),
            col,
            glue,
        }
    }

    /// Whether anything was written or staged on the current line.
    pub(super) fn started(&self) -> bool {
        self.col > 0 || self.pending.len > 0
    }

    /// The output; the pending bytes must have been written ([`Wrap::out`]).
    pub(super) fn into_inner(self) -> W {
        self.out
    }

    /// The output, with the pending bytes written to it first, for
    /// anything written otherwise than staged.
    pub(super) fn out(&mut self) -> io::Result<&mut W> {
        if self.pending.len > 0 {
            self.out.write_all(self.pending.bytes())?;
            self.pending.len = 0;
        }
        Ok(&mut self.out)
    }

    /// Writes the pending bytes out when two short tokens might not fit
    /// after them.
    #[inline]
    pub(super) fn make_room(&mut self) -> io::Result<()> {
        if self.pending.len + 2 * ROOM > self.pending.bytes.len() {
            self.out()?;
        }
        Ok(())
    }

    pub(super) fn token(&mut self, s: &str) -> io::Result<()> {
        match is_short(s.as_bytes()) {
            true => self.short(s.as_bytes()),
            false => self.token3("", s, ""),
        }
    }

    /// [`Wrap::token3`] for a token of at most [`SHORT`] printable ASCII
    /// bytes (a column a byte, no line break), staged with what goes
    /// before it.
    pub(super) fn short(&mut self, tok: &[u8]) -> io::Result<()> {
        self.make_room()?;
        match self.stage(tok) {
            true => Ok(()),
            false => self.token3("", &String::from_utf8_lossy(tok), ""),
        }
    }

    /// Appends [`Wrap::short`]'s bytes for `tok` to the pending ones and
    /// moves the column past them; false, changing nothing, when they do
    /// not fit.
    #[inline(always)]
    pub(super) fn stage(&mut self, tok: &[u8]) -> bool {
        let len = tok.len();
        let buf = &mut self.pending;
        if buf.len + 2 + len > buf.bytes.len() {
            return false;
        }
        let sep = usize::from(!self.glue);
        if self.col > 0 {
            if self.col + sep + len > WIDTH {
                buf.push(b'\n');
                self.col = 0;
            } else if sep == 1 {
                buf.push(b' ');
                self.col += 1;
            }
        }
        if self.col == 0 && tok.first() == Some(&b'%') {
            // As `token3`: no `%` in column 1.
            buf.push(b' ');
            self.col = 1;
        }
        buf.extend(tok);
        self.col += len;
        self.glue = false;
        true
    }

    /// The token `pre` + `body` + `post` (`pre` and `post` ASCII without
    /// line breaks), written without joining them: a line break before it
    /// when its first line would pass the width, else a space.
    pub(super) fn token3(&mut self, pre: &str, body: &str, post: &str) -> io::Result<()> {
        // ASCII without control characters: a byte a column (most tokens).
        let plain = body.bytes().all(|b| (b' '..0x80).contains(&b));
        let around = pre.len() + post.len();
        // The first line's width, and where the last line ends (None:
        // one line).
        let (len, last) = match plain {
            true => (around + body.len(), None),
            false => match body.find(['\n', '\r']) {
                None => (around + body.chars().count(), None),
                Some(i) => {
                    let tail = body.rfind(['\n', '\r']).unwrap_or(i);
                    let last = body.get(tail + 1..).map_or(0, |t| t.chars().count());
                    (
                        pre.len() + body[..i].chars().count(),
                        Some(last + post.len()),
                    )
                }
            },
        };
        let sep = usize::from(!self.glue);
        if self.col > 0 {
            if self.col + sep + len > WIDTH {
                self.out()?.write_all(b"\n")?;
                self.col = 0;
            } else if sep == 1 {
                self.out()?.write_all(b" ")?;
                self.col += 1;
            }
        }
        let first = (pre.bytes().chain(body.bytes()).chain(post.bytes())).next();
        if self.col == 0 && first == Some(b'%') {
            // `%` in column 1 starts an escape line, which readers skip:
            // indent a token such as a move `%x` (found by fuzzing).
            self.out()?.write_all(b" ")?;
            self.col = 1;
        }
        for part in [pre, body, post] {
            if !part.is_empty() {
                self.out()?.write_all(part.as_bytes())?;
            }
        }
        match last {
            Some(last) => self.col = last,
            None => self.col += len,
        }
        self.glue = false;
        Ok(())
    }

    pub(super) fn open(&mut self) -> io::Result<()> {
        self.token("(")?;
        self.glue = true;
        Ok(())
    }

    pub(super) fn close(&mut self) -> io::Result<()> {
        self.glue = true;
        self.token(")")
    }

    pub(super) fn comment(&mut self, text: &str, kind: CommentKind) -> io::Result<()> {
        let has_break = text.contains(['\n', '\r']);
        let as_line = !has_break && (kind == CommentKind::Line || text.contains('}'));
        if as_line {
            self.token3(";", text, "")?;
            self.out()?.write_all(b"\n")?;
            self.col = 0;
            Ok(())
        } else if text.contains('}') {
            self.token3("{", &text.replace('}', ")"), "}")
        } else {
            self.token3("{", text, "}")
        }
    }
}

/// Whether [`Wrap::short`] takes `s`: at most [`SHORT`] bytes of printable
/// ASCII.
pub(super) fn is_short(s: &[u8]) -> bool {
    s.len() <= SHORT && s.iter().all(|b| (b' '..0x80).contains(b))
}

/// The pending bytes of a [`Wrap`]: room for a few lines of moves.
pub(super) const PENDING: usize = 256;
/// The most [`Wrap::stage`] adds for one short token.
const ROOM: usize = SHORT + 2;

/// Short tokens and what goes between them, gathered to be written in one
/// call.
#[derive(Clone)]
pub(super) struct Staged {
    bytes: [u8; PENDING],
    len: usize,
}

impl Staged {
    pub(super) fn new() -> Staged {
        Staged {
            bytes: [0; PENDING],
            len: 0,
        }
    }

    /// One byte more (the caller made room).
    #[inline]
    pub(super) fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// Bytes more (the caller made room).
    #[inline]
    pub(super) fn extend(&mut self, s: &[u8]) {
        if let Some(slots) = self.bytes.get_mut(self.len..self.len + s.len()) {
            copy_short(slots, s);
            self.len += s.len();
        }
    }

    pub(super) fn bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }
}

/// `dst.copy_from_slice(src)` for slices of one length: up to 16 bytes as
/// two overlapping fixed-size copies, which compile to a few moves where a
/// copy of unknown length is a call (one per move token, measured).
#[inline(always)]
pub(super) fn copy_short(dst: &mut [u8], src: &[u8]) {
    let n = src.len();
    // The one caller slices `dst` to `src`'s length; the test lets the
    // compiler drop the bounds checks below.
    debug_assert_eq!(dst.len(), n);
    if dst.len() != n {
        return;
    }
    match n {
        0 => {}
        1..=3 => {
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
        4..=7 => {
            dst[..4].copy_from_slice(&src[..4]);
            dst[n - 4..].copy_from_slice(&src[n - 4..]);
        }
        8..=16 => {
            dst[..8].copy_from_slice(&src[..8]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        }
        _ => dst.copy_from_slice(src),
    }
}
