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

use crate::model::{Comment, CommentKind, Node, Record, Tag};

mod wrap;
mod writable;

use wrap::{is_short, Wrap};
pub use writable::{
    check_writable, comments_writable, line_writable, result_writable, tags_writable, Unwritable,
};

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

/// Comments outside any movetext, each on a line of its own: those before
/// a tag pair, and those after an input's last game, which belong to no
/// game (the reader's trailer).
pub fn write_comment_lines(comments: &[Comment], out: &mut impl Write) -> io::Result<()> {
    for c in comments {
        let mut line = Wrap::new(&mut *out, 0, false);
        line.comment(&c.text, c.kind)?;
        line.out()?;
        if line.col > 0 {
            out.write_all(b"\n")?;
        }
    }
    Ok(())
}

/// The tag section: each pair on its line, after the comments that stand
/// before it (each on a line of its own), then a blank line (nothing
/// without tags).
pub fn write_tags(tags: &[Tag], out: &mut impl Write) -> io::Result<()> {
    for t in tags {
        write_comment_lines(&t.comments_before, out)?;
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
            w: Wrap::new(out, 0, false),
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

    /// The output, holding what has been written so far (the tokens of
    /// the line being filled are not in it yet): a caller may take them.
    pub fn written_mut(&mut self) -> &mut W {
        &mut self.w.out
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
        let started = self.w.started();
        let out = self.w.out()?;
        if started {
            out.write_all(b"\n\n")?;
        }
        Ok(self.w.into_inner())
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

/// `n` in decimal, written at the end of `buf` without allocating.
pub(crate) fn decimal_digits(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[at..]
}

/// `prefix`, `n` in decimal and `suffix` (each of at most three bytes),
/// written in `buf`: a move number or NAG token without allocating.
fn decimal<'a>(buf: &'a mut [u8; 16], prefix: &str, n: u32, suffix: &str) -> &'a [u8] {
    let mut digits = [0; 20];
    let mut len = 0;
    // Byte by byte: a few bytes, no copy call.
    for &b in prefix
        .as_bytes()
        .iter()
        .chain(decimal_digits(u64::from(n), &mut digits))
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
mod tests;
