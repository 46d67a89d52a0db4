//! Export-style PGN writer.
//!
//! Output: tags in the given order (no Seven Tag Roster reordering), a blank
//! line, movetext wrapped at 80 columns, the result, a blank line.
//!
//! Move numbers: a number is written before every white move and before a
//! black move that starts a line or follows a comment or variation
//! (`3... Nf6`). A node's recorded `move_number` is used when present (and
//! always written); otherwise the number is computed from the position in
//! the line, starting from the `FEN` tag's side to move and fullmove number
//! (white, 1 without a FEN tag). Hence `read(write(read(x))) == read(x)`
//! modulo spans whenever `x` already had numbers where export style wants
//! them (e.g. `x` written by this writer); otherwise the re-read record
//! additionally carries the numbers (and the result) the writer supplied.
//!
//! Comments: brace comments as `{...}`, `;` comments as `;...` followed by a
//! line break, so both round-trip. Text a brace comment cannot hold (a `}`)
//! is written as a `;` comment if it has no line break, else `}` becomes
//! `)`. Comments are never split, so a long comment may exceed 80 columns.
//! Tag values cannot contain line breaks in PGN; they are written as given.
//! [`check_writable`] tells in advance whether a record comes back intact.

use std::io::{self, Write};

use super::lexer;
use super::reader::ReaderOptions;
use crate::model::{Comment, CommentKind, Node, Record, Tag};

const WIDTH: usize = 80;
/// The longest token [`Wrap::short`] writes in one piece (a move number
/// or NAG, nearly every move).
const SHORT: usize = 24;

/// Write one record followed by a blank line.
pub fn write_record(rec: &Record, out: &mut impl Write) -> io::Result<()> {
    write_tags(&rec.tags, out)?;
    let mut m = Movetext::new(out, &rec.tags);
    for c in &rec.prelude {
        m.comment(c)?;
    }
    for node in &rec.moves {
        m.node(node)?;
    }
    m.finish(rec.trailing_move_number, rec.result.as_deref())
        .map(drop)
}

/// The tag section: each pair on its line, after the comments that stand
/// before it (each on a line of its own), then a blank line (nothing
/// without tags).
pub fn write_tags(tags: &[Tag], out: &mut impl Write) -> io::Result<()> {
    for t in tags {
        for c in &t.comments_before {
            let mut line = Wrap {
                out: &mut *out,
                pending: Staged::new(),
                col: 0,
                glue: false,
            };
            line.comment(&c.text, c.kind)?;
            line.out()?;
            if line.col > 0 {
                out.write_all(b"\n")?;
            }
        }
        out.write_all(b"[")?;
        out.write_all(t.name.as_bytes())?;
        out.write_all(b" \"")?;
        // A backslash or quote is escaped; the rest goes as it is.
        let mut rest = t.value.as_bytes();
        while let Some(i) = rest.iter().position(|&b| b == b'\\' || b == b'"') {
            out.write_all(&rest[..i])?;
            out.write_all(&[b'\\', rest[i]])?;
            rest = &rest[i + 1..];
        }
        out.write_all(rest)?;
        out.write_all(b"\"]\n")?;
    }
    if !tags.is_empty() {
        writeln!(out)?;
    }
    Ok(())
}

/// The movetext of one game written a main-line move at a time, so a
/// caller that reads a game as a stream need not hold it whole: the
/// prelude's comments, then each main-line node with its variations, then
/// the result. [`write_record`] is this over a whole record.
///
/// Short tokens reach `out` about a line at a time (a few hundred bytes at
/// most wait); [`Movetext::finish`] writes the rest, so a movetext dropped
/// without it leaves its last line unwritten.
#[derive(Clone)]
pub struct Movetext<W: Write> {
    w: Wrap<W>,
    main: LineState,
    /// The text of the main line's last white move number, bumped to the
    /// next: a move number costs a few bytes compared, not a division a
    /// digit.
    number: Number,
}

impl<W: Write> Movetext<W> {
    /// Movetext to `out` for a game with these tags (the `FEN` tag gives
    /// the first move number and side).
    pub fn new(out: W, tags: &[Tag]) -> Movetext<W> {
        let (fullmove, black) = start_of(tags);
        Movetext {
            w: Wrap {
                out,
                pending: Staged::new(),
                col: 0,
                glue: false,
            },
            main: LineState {
                fullmove,
                black,
                need_number: true,
            },
            number: Number::new(),
        }
    }

    /// A comment before the first move (the record's prelude).
    pub fn comment(&mut self, c: &Comment) -> io::Result<()> {
        self.w.comment(&c.text, c.kind)
    }

    /// A comment between main-line moves, given as its text and kind: the
    /// next move is numbered (what a node's comments or the next node's
    /// `comments_before` write); before the first move, a prelude comment.
    pub fn comment_between(&mut self, text: &str, kind: CommentKind) -> io::Result<()> {
        self.w.comment(text, kind)?;
        self.main.need_number = true;
        Ok(())
    }

    /// The next main-line move without a recorded number, comments or
    /// variations, and its NAGs: what [`Movetext::node`] writes for such a
    /// node. `san` is UTF-8 (a move token's bytes).
    pub fn plain_move(&mut self, san: &[u8], nags: &[u16]) -> io::Result<()> {
        let at = &mut self.main;
        let mut buf = [0; 16];
        // The number and the move go to the pending line, written out a
        // line at a time.
        self.w.make_room()?;
        if !at.black {
            self.w.stage(self.number.text(at.fullmove));
        } else if at.need_number {
            let number = decimal(&mut buf, "", at.fullmove, "...");
            self.w.stage(number);
        }
        at.need_number = false;
        if !(is_short(san) && self.w.stage(san)) {
            self.w.token(&String::from_utf8_lossy(san))?;
        }
        for &n in nags {
            self.w.short(decimal(&mut buf, "$", u32::from(n), ""))?;
        }
        if at.black {
            at.fullmove = at.fullmove.saturating_add(1);
        }
        at.black = !at.black;
        Ok(())
    }

    /// The next main-line node, with its comments, NAGs and variations.
    pub fn node(&mut self, node: &Node) -> io::Result<()> {
        if !node.variations.is_empty() {
            return lines(std::slice::from_ref(node), &mut self.main, &mut self.w);
        }
        // Most nodes: what `lines` does for one, without its stack.
        write_node(node, &mut self.main, &mut self.w)?;
        let at = &mut self.main;
        if at.black {
            at.fullmove = at.fullmove.saturating_add(1);
        }
        at.black = !at.black;
        Ok(())
    }

    /// Ends the game: a move number it ends with (a cut-off log), the
    /// termination marker, if it had one (none is ever made up: a game
    /// without one was cut off, and stays so), and the blank line after
    /// it; the writer given back.
    pub fn finish(mut self, trailing_number: Option<u32>, result: Option<&str>) -> io::Result<W> {
        if let Some(n) = trailing_number {
            let mut buf = [0; 16];
            let dots = if self.main.black { "..." } else { "." };
            self.w.short(decimal(&mut buf, "", n, dots))?;
        }
        if let Some(result) = result {
            self.w.token(result)?;
        }
        let started = self.w.col > 0 || self.w.pending.len > 0;
        let out = self.w.out()?;
        if started {
            out.write_all(b"\n\n")?;
        }
        Ok(self.w.out)
    }
}

/// Write many records.
pub fn write_records<'a>(
    recs: impl IntoIterator<Item = &'a Record>,
    out: &mut impl Write,
) -> io::Result<()> {
    for r in recs {
        write_record(r, out)?;
    }
    Ok(())
}

/// A record as a PGN string.
pub fn to_string(rec: &Record) -> String {
    let mut v = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_record(rec, &mut v);
    String::from_utf8_lossy(&v).into_owned()
}

/// What a record holds that PGN cannot: writing it would give a text that
/// reads back as another record, or not at all. Records read from PGN never
/// hold such things; records read from JSON may.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unwritable {
    /// The ply it is at (document order of the game, variations numbered
    /// from the ply they replace), None for tags and the result.
    pub ply: Option<usize>,
    /// Why it cannot be written.
    pub message: String,
}

impl std::fmt::Display for Unwritable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ply {
            Some(ply) => write!(f, "ply {ply}, {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Checks that `rec` can be written as PGN that reads back (with the
/// reader's default limits) as the same record: tag names and values, move
/// tokens, comments and the result.
///
/// ```
/// use fvnote::notation::pgn::{check_writable, read_all};
/// let mut rec = read_all(&b"1. e4 e5 *"[..]).remove(0).unwrap();
/// assert!(check_writable(&rec).is_ok());
/// rec.moves[1].san = "e5 Nf3".into();
/// let e = check_writable(&rec).unwrap_err();
/// assert_eq!(e.ply, Some(2));
/// ```
pub fn check_writable(rec: &Record) -> Result<(), Unwritable> {
    let empty = rec.tags.is_empty()
        && rec.prelude.is_empty()
        && rec.moves.is_empty()
        && rec.result.is_none()
        && rec.trailing_move_number.is_none();
    if empty {
        return Err(Unwritable {
            ply: None,
            message: "a record of nothing (no tag, comment, move or result) has no PGN text".into(),
        });
    }
    tags_writable(&rec.tags)?;
    comments_writable(None, &rec.prelude)?;
    line_writable(&rec.moves, 1)?;
    result_writable(rec.result.as_deref())
}

/// [`check_writable`] for a game's tag pairs (and the comments before them).
pub fn tags_writable(tags: &[Tag]) -> Result<(), Unwritable> {
    let limits = ReaderOptions::default();
    let fail = |message: String| Err(Unwritable { ply: None, message });
    for t in tags {
        comments_writable(None, &t.comments_before)?;
        if t.name.is_empty()
            || !t
                .name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return fail(format!(
                "tag name `{}`: PGN tag names are letters, digits and `_`",
                t.name
            ));
        }
        if t.value.contains(['\n', '\r']) {
            return fail(format!(
                "tag `{}`: PGN tag values cannot hold a line break",
                t.name
            ));
        }
        let escaped = t.value.len() + t.value.matches(['\\', '"']).count();
        if escaped > limits.max_tag_value_len {
            return fail(format!(
                "tag `{}`: a value of {escaped} bytes written is longer than PGN readers take ({} bytes)",
                t.name, limits.max_tag_value_len
            ));
        }
    }
    Ok(())
}

/// [`check_writable`] for comments (at `ply`, None before the moves).
pub fn comments_writable(ply: Option<usize>, list: &[Comment]) -> Result<(), Unwritable> {
    let limit = ReaderOptions::default().max_comment_len;
    list.iter()
        .try_for_each(|c| comment_writable(c, limit).map_err(|message| Unwritable { ply, message }))
}

/// [`check_writable`] for a line of moves whose first ply is `first`, with
/// their comments and variations.
pub fn line_writable(moves: &[Node], first: usize) -> Result<(), Unwritable> {
    let limit = ReaderOptions::default().max_token_len;
    // (line, ply of its first node)
    let mut stack: Vec<(&[Node], usize)> = vec![(moves, first)];
    while let Some((line, first)) = stack.pop() {
        for (i, node) in line.iter().enumerate() {
            let ply = first + i;
            if let Err(message) = token_writable(&node.san, limit) {
                return Err(Unwritable {
                    ply: Some(ply),
                    message,
                });
            }
            comments_writable(Some(ply), &node.comments_before)?;
            comments_writable(Some(ply), &node.comments)?;
            stack.extend(node.variations.iter().map(|v| (&v[..], ply)));
        }
    }
    Ok(())
}

/// [`check_writable`] for a termination marker.
pub fn result_writable(result: Option<&str>) -> Result<(), Unwritable> {
    match result {
        None | Some("1-0" | "0-1" | "1/2-1/2" | "*") => Ok(()),
        Some(r) => Err(Unwritable {
            ply: None,
            message: format!("result `{r}`: a PGN result is 1-0, 0-1, 1/2-1/2 or *"),
        }),
    }
}

/// A move token must read back as one move token, itself. `exd6 e.p.` is
/// the reader's join of a move and a separate `e.p.` mark, and reads back
/// as itself when the move does.
fn token_writable(san: &str, max_len: usize) -> Result<(), String> {
    let tok = san
        .strip_suffix(lexer::EP)
        .and_then(|t| t.strip_suffix(' '))
        .unwrap_or(san)
        .as_bytes();
    let why = if tok.is_empty() {
        "a move token cannot be empty"
    } else if tok.len() > max_len {
        "a move token is at most 255 bytes"
    } else if !tok.iter().all(|&b| lexer::is_token_byte(b)) {
        "a move token holds no white space, control characters or `{ } ( ) [ ] ; $ \"`"
    } else if lexer::classify(tok) != lexer::Class::Move {
        "it reads as a move number or a result"
    } else if !lexer::split_glyphs(tok).1.is_empty() {
        "`!` and `?` after a move read as annotations (write them as NAGs)"
    } else if tok == lexer::EP.as_bytes() {
        "`e.p.` on its own reads as the en passant mark of the move before it"
    } else {
        return Ok(());
    };
    Err(format!("move `{san}` cannot be written in PGN: {why}"))
}

/// A comment's text must come back unchanged: a brace comment cannot hold
/// `}` and a line comment cannot hold a line break, so text with both does
/// not fit either.
fn comment_writable(c: &Comment, max_len: usize) -> Result<(), String> {
    if c.text.contains('}') && c.text.contains(['\n', '\r']) {
        return Err(format!(
            "comment {:?}: PGN cannot hold a comment with both `}}` and a line break",
            c.text
        ));
    }
    if c.text.len() > max_len {
        return Err(format!(
            "a comment of {} bytes is longer than PGN readers take ({max_len} bytes)",
            c.text.len()
        ));
    }
    Ok(())
}

#[derive(Clone)]
struct Wrap<W: Write> {
    out: W,
    /// Short tokens and what goes between them, not yet written to `out`:
    /// most moves cost a few bytes copied, and `out` is written about once
    /// a line.
    pending: Staged,
    col: usize,
    glue: bool,
}

impl<W: Write> Wrap<W> {
    /// The output, with the pending bytes written to it first, for
    /// anything written otherwise than staged.
    fn out(&mut self) -> io::Result<&mut W> {
        if self.pending.len > 0 {
            self.out.write_all(self.pending.bytes())?;
            self.pending.len = 0;
        }
        Ok(&mut self.out)
    }

    /// Writes the pending bytes out when two short tokens might not fit
    /// after them.
    #[inline]
    fn make_room(&mut self) -> io::Result<()> {
        if self.pending.len + 2 * ROOM > self.pending.bytes.len() {
            self.out()?;
        }
        Ok(())
    }

    fn token(&mut self, s: &str) -> io::Result<()> {
        match is_short(s.as_bytes()) {
            true => self.short(s.as_bytes()),
            false => self.token3("", s, ""),
        }
    }

    /// [`Wrap::token3`] for a token of at most [`SHORT`] printable ASCII
    /// bytes (a column a byte, no line break), staged with what goes
    /// before it.
    fn short(&mut self, tok: &[u8]) -> io::Result<()> {
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
    fn stage(&mut self, tok: &[u8]) -> bool {
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
    fn token3(&mut self, pre: &str, body: &str, post: &str) -> io::Result<()> {
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

    fn open(&mut self) -> io::Result<()> {
        self.token("(")?;
        self.glue = true;
        Ok(())
    }

    fn close(&mut self) -> io::Result<()> {
        self.glue = true;
        self.token(")")
    }

    fn comment(&mut self, text: &str, kind: CommentKind) -> io::Result<()> {
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
fn is_short(s: &[u8]) -> bool {
    s.len() <= SHORT && s.iter().all(|b| (b' '..0x80).contains(b))
}

/// The pending bytes of a [`Wrap`]: room for a few lines of moves.
const PENDING: usize = 256;
/// The most [`Wrap::stage`] adds for one short token.
const ROOM: usize = SHORT + 2;

/// Short tokens and what goes between them, gathered to be written in one
/// call.
#[derive(Clone)]
struct Staged {
    bytes: [u8; PENDING],
    len: usize,
}

impl Staged {
    fn new() -> Staged {
        Staged {
            bytes: [0; PENDING],
            len: 0,
        }
    }

    /// One byte more (the caller made room).
    #[inline]
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    /// Bytes more (the caller made room).
    #[inline]
    fn extend(&mut self, s: &[u8]) {
        if let Some(slots) = self.bytes.get_mut(self.len..self.len + s.len()) {
            copy_short(slots, s);
            self.len += s.len();
        }
    }

    fn bytes(&self) -> &[u8] {
        self.bytes.get(..self.len).unwrap_or_default()
    }
}

/// `dst.copy_from_slice(src)` for slices of one length: up to 16 bytes as
/// two overlapping fixed-size copies, which compile to a few moves where a
/// copy of unknown length is a call (one per move token, measured).
#[inline(always)]
fn copy_short(dst: &mut [u8], src: &[u8]) {
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

/// Starting side and fullmove number from the FEN tag.
fn start_of(tags: &[Tag]) -> (u32, bool) {
    let fen = tags
        .iter()
        .find(|t| t.name == "FEN")
        .map(|t| t.value.as_str());
    let Some(fen) = fen else {
        return (1, false);
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let black = fields.get(1) == Some(&"b");
    let num = fields
        .get(5)
        .and_then(|n| n.parse().ok())
        .filter(|&n: &u32| n > 0)
        .unwrap_or(1);
    (num, black)
}

/// Where a line stands: the number and side of its next move, and
/// whether that move needs its number written.
#[derive(Clone, Copy)]
struct LineState {
    fullmove: u32,
    black: bool,
    need_number: bool,
}

struct Frame<'a> {
    line: &'a [Node],
    idx: usize,
    at: LineState,
    /// Emitting the variations of node `idx - 1`: next index, and the
    /// number/side that node was played at.
    vars: Option<(usize, u32, bool)>,
}

/// The nodes of `root` with their variations, depth-first with an explicit
/// stack (no recursion), from the line state `at`, which is left where the
/// last node leaves it.
fn lines<W: Write>(root: &[Node], at: &mut LineState, w: &mut Wrap<W>) -> io::Result<()> {
    let mut stack = vec![Frame {
        line: root,
        idx: 0,
        at: *at,
        vars: None,
    }];
    while let Some(top) = stack.last_mut() {
        if let Some((vi, fm, bl)) = top.vars {
            let var = top
                .idx
                .checked_sub(1)
                .and_then(|i| top.line.get(i))
                .and_then(|n| n.variations.get(vi));
            if let Some(var) = var {
                top.vars = Some((vi + 1, fm, bl));
                top.at.need_number = true;
                w.open()?;
                stack.push(Frame {
                    line: var,
                    idx: 0,
                    at: LineState {
                        fullmove: fm,
                        black: bl,
                        need_number: true,
                    },
                    vars: None,
                });
                continue;
            }
            top.vars = None;
        }
        let Some(node) = top.line.get(top.idx) else {
            if let Some(done) = stack.pop() {
                if stack.is_empty() {
                    *at = done.at;
                } else {
                    w.close()?;
                }
            }
            continue;
        };
        write_node(node, &mut top.at, w)?;
        let played_at = (top.at.fullmove, top.at.black);
        if top.at.black {
            top.at.fullmove = top.at.fullmove.saturating_add(1);
        }
        top.at.black = !top.at.black;
        top.idx += 1;
        if !node.variations.is_empty() {
            top.vars = Some((0, played_at.0, played_at.1));
        }
    }
    Ok(())
}

fn write_node<W: Write>(node: &Node, f: &mut LineState, w: &mut Wrap<W>) -> io::Result<()> {
    for c in &node.comments_before {
        w.comment(&c.text, c.kind)?;
        f.need_number = true;
    }
    if let Some(n) = node.move_number {
        f.fullmove = n;
    }
    let mut buf = [0; 16];
    if node.move_number.is_some() || !f.black || f.need_number {
        let dots = if f.black { "..." } else { "." };
        w.short(decimal(&mut buf, "", f.fullmove, dots))?;
    }
    f.need_number = false;
    w.token(&node.san)?;
    for &n in &node.nags {
        w.short(decimal(&mut buf, "$", u32::from(n), ""))?;
    }
    for c in &node.comments {
        w.comment(&c.text, c.kind)?;
        f.need_number = true;
    }
    Ok(())
}

/// `prefix`, `n` in decimal and `suffix` (each of at most three bytes),
/// written in `buf`: a move number or NAG token without allocating.
fn decimal<'a>(buf: &'a mut [u8; 16], prefix: &str, n: u32, suffix: &str) -> &'a [u8] {
    let mut digits = [0; 10];
    let (mut i, mut v) = (digits.len(), n);
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let mut len = 0;
    // Byte by byte: a few bytes, no copy call.
    for &b in prefix
        .as_bytes()
        .iter()
        .chain(&digits[i..])
        .chain(suffix.as_bytes())
    {
        if let Some(slot) = buf.get_mut(len) {
            *slot = b;
            len += 1;
        }
    }
    &buf[..len]
}

/// A white move number's text (`12.`), kept for the next one: the number
/// after it is written by bumping its last digits.
#[derive(Clone)]
struct Number {
    /// The digits right-aligned before the final `.`, from `start`.
    text: [u8; 12],
    start: usize,
    n: u32,
}

impl Number {
    /// `1.`, the first move's.
    fn new() -> Number {
        let mut text = [b'0'; 12];
        text[10] = b'1';
        text[11] = b'.';
        Number {
            text,
            start: 10,
            n: 1,
        }
    }

    /// The text of `n.`.
    fn text(&mut self, n: u32) -> &[u8] {
        if n != self.n {
            if self.n.checked_add(1) == Some(n) {
                self.bump();
            } else {
                self.set(n);
            }
        }
        self.text.get(self.start..).unwrap_or(b"")
    }

    /// One more: the trailing nines become zeros and the digit before
    /// them goes up (a new leading `1` after all nines).
    fn bump(&mut self) {
        self.n = self.n.saturating_add(1);
        for i in (0..11).rev() {
            let Some(d) = self.text.get_mut(i) else {
                break;
            };
            if *d == b'9' {
                *d = b'0';
            } else {
                // Above the leading digit the zeros wait for their `1`.
                *d += 1;
                self.start = self.start.min(i);
                return;
            }
        }
    }

    /// Any number: written anew.
    fn set(&mut self, n: u32) {
        let mut buf = [0; 16];
        let digits = decimal(&mut buf, "", n, "");
        self.text = [b'0'; 12];
        self.text[11] = b'.';
        self.start = 11 - digits.len();
        if let Some(slot) = self.text.get_mut(self.start..11) {
            slot.copy_from_slice(digits);
        }
        self.n = n;
    }
}

#[cfg(test)]
mod tests {
    use super::{decimal, Movetext, Number, Staged, Wrap, WIDTH};

    #[test]
    fn decimals_are_formatted_as_format_does() {
        let mut buf = [0; 16];
        for n in [0, 1, 9, 10, 99, 100, 12345, u32::MAX] {
            assert_eq!(
                decimal(&mut buf, "", n, "..."),
                format!("{n}...").as_bytes()
            );
            assert_eq!(decimal(&mut buf, "$", n, ""), format!("${n}").as_bytes());
        }
    }

    /// A line state: the column and whether the token is glued on.
    fn wrap(col: usize, glue: bool) -> Wrap<Vec<u8>> {
        Wrap {
            out: Vec::new(),
            pending: Staged::new(),
            col,
            glue,
        }
    }

    /// Moves reach the output as they are written, but for at most a
    /// pending buffer's worth; `finish` writes the rest.
    #[test]
    fn moves_reach_the_output_a_line_at_a_time() {
        let mut m = Movetext::new(Vec::new(), &[]);
        let mut written = 0;
        for i in 0..1_000 {
            m.plain_move(b"Nbd7+", &[]).unwrap();
            // "N. Nbd7+" or " Nbd7+", and a break or space before each.
            written += 6 + if i % 2 == 0 {
                2 + (i / 2 + 1).to_string().len()
            } else {
                0
            };
            assert!(m.w.out.len() + super::PENDING >= written, "{i}");
        }
        let out = m.finish(None, Some("*")).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("1. Nbd7+ Nbd7+ 2. Nbd7+") && text.ends_with(" *\n\n"));
        assert!(text.lines().all(|l| l.len() <= WIDTH), "{text}");
    }

    /// The short copy copies every byte, at every length and offset.
    #[test]
    fn short_copies_copy_every_byte() {
        let src: Vec<u8> = (1..=40).collect();
        for n in 0..=30 {
            for at in [0, 1, 7] {
                let mut dst = [0u8; 40];
                super::copy_short(&mut dst[at..at + n], &src[..n]);
                let mut want = [0u8; 40];
                want[at..at + n].copy_from_slice(&src[..n]);
                assert_eq!(dst, want, "{n} at {at}");
            }
        }
    }

    /// `short`, `stage` and `token` write a short token as `token3` does,
    /// at every column around the width, glued or not, `%` first or not.
    #[test]
    fn short_tokens_are_written_as_token3_writes_them() {
        let tokens = ["e4", "%x", "1.", "12...", "$1", "Nbd7+", "%", "O-O-O#", "x"];
        let long = "a".repeat(super::SHORT);
        let mut cases = 0;
        for tok in tokens.iter().copied().chain([long.as_str()]) {
            for col in (0..=3).chain(WIDTH - 10..=WIDTH + 2) {
                for glue in [false, true] {
                    let mut general = wrap(col, glue);
                    general.token3("", tok, "").unwrap();
                    let mut short = wrap(col, glue);
                    short.short(tok.as_bytes()).unwrap();
                    let mut token = wrap(col, glue);
                    token.token(tok).unwrap();
                    let mut staged = wrap(col, glue);
                    assert!(staged.stage(tok.as_bytes()));
                    for w in [&mut short, &mut token, &mut staged] {
                        w.out().unwrap();
                    }
                    for other in [&short, &token, &staged] {
                        let what = format!("{tok:?} at {col}, glue {glue}");
                        assert_eq!(other.out, general.out, "{what}");
                        assert_eq!(other.col, general.col, "{what}");
                        assert_eq!(other.glue, general.glue, "{what}");
                    }
                    cases += 1;
                }
            }
        }
        assert!(cases > 200, "{cases}");
    }

    /// `plain_move` writes what `node` writes for a plain node, whatever
    /// the numbers and moves, across line breaks.
    #[test]
    fn plain_moves_are_written_as_nodes() {
        use crate::model::{Node, Tag};
        let fen =
            |n: u32, side: &str| Tag::new("FEN", format!("8/8/8/8/8/8/8/K6k {side} - - 0 {n}"));
        let sans = ["e4", "Nbd7+", "%x", "O-O-O#", "exd8=Q+", "\u{2654}e4", "a"];
        for tags in [
            vec![],
            vec![fen(9, "w")],
            vec![fen(99_998, "b")],
            vec![fen(7, "b")],
        ] {
            let mut plain = Movetext::new(Vec::new(), &tags);
            let mut nodes = Movetext::new(Vec::new(), &tags);
            for i in 0..300 {
                let san = sans[i % sans.len()].repeat(1 + i % 4);
                let nags: Vec<u16> = (0..(i % 3) as u16).map(|n| n * 70).collect();
                plain.plain_move(san.as_bytes(), &nags).unwrap();
                let mut node = Node::new(san.as_str());
                node.nags.clone_from(&nags);
                nodes.node(&node).unwrap();
                if i % 50 == 49 {
                    // A comment: the next move is numbered.
                    let c = crate::model::CommentKind::Brace;
                    plain.comment_between("c", c).unwrap();
                    nodes.comment_between("c", c).unwrap();
                }
            }
            let plain = plain.finish(None, Some("*")).unwrap();
            let nodes = nodes.finish(None, Some("*")).unwrap();
            assert_eq!(String::from_utf8(plain), String::from_utf8(nodes));
        }
    }

    #[test]
    fn move_numbers_bumped_are_formatted_as_format_does() {
        let mut number = Number::new();
        for n in 1..=100_000u32 {
            assert_eq!(number.text(n), format!("{n}.").as_bytes(), "{n}");
        }
        // Jumps (a recorded number, a FEN's) and the largest numbers.
        let tail = (u32::MAX - 100_000)..=u32::MAX;
        for n in [7, 7, 1, 999, 1000, 5, 99_999, 100_000]
            .into_iter()
            .chain(tail)
        {
            assert_eq!(number.text(n), format!("{n}.").as_bytes(), "{n}");
        }
    }

    #[test]
    fn tag_values_are_escaped_and_read_back() {
        use crate::model::Tag;
        for value in ["", "plain", "a\"b", "back\\slash", "\"\\\"", "é \\\\ \"x\""] {
            let mut out = Vec::new();
            super::write_tags(&[Tag::new("Event", value)], &mut out).unwrap();
            let want = value.replace('\\', "\\\\").replace('"', "\\\"");
            assert_eq!(
                String::from_utf8(out.clone()).unwrap(),
                format!("[Event \"{want}\"]\n\n")
            );
            let text = format!("{}*\n", String::from_utf8(out).unwrap());
            let records = crate::notation::pgn::read_all(text.as_bytes());
            let record = records.into_iter().next().unwrap().unwrap();
            assert_eq!(record.tags[0].value, value);
        }
    }
}
