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

use std::io::{self, Write};

use crate::record::{Comment, CommentKind, Line, Node, Record};

const WIDTH: usize = 80;

/// Write one record followed by a blank line.
pub fn write_record(rec: &Record, out: &mut impl Write) -> io::Result<()> {
    for t in &rec.tags {
        let v = t.value.replace('\\', "\\\\").replace('"', "\\\"");
        writeln!(out, "[{} \"{}\"]", t.name, v)?;
    }
    if !rec.tags.is_empty() {
        writeln!(out)?;
    }
    let mut w = Wrap {
        out,
        col: 0,
        glue: false,
    };
    for c in &rec.prelude {
        w.comment(c)?;
    }
    movetext(rec, &mut w)?;
    let result = rec
        .result
        .as_deref()
        .or_else(|| {
            rec.tag("Result")
                .filter(|r| matches!(*r, "1-0" | "0-1" | "1/2-1/2" | "*"))
        })
        .unwrap_or("*");
    w.token(result)?;
    w.out.write_all(b"\n\n")
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

struct Wrap<'w, W: Write> {
    out: &'w mut W,
    col: usize,
    glue: bool,
}

impl<W: Write> Wrap<'_, W> {
    fn token(&mut self, s: &str) -> io::Result<()> {
        let first_line = s.split(['\n', '\r']).next().unwrap_or("");
        let len = first_line.chars().count();
        let sep = usize::from(!self.glue);
        if self.col > 0 {
            if self.col + sep + len > WIDTH {
                self.out.write_all(b"\n")?;
                self.col = 0;
            } else if sep == 1 {
                self.out.write_all(b" ")?;
                self.col += 1;
            }
        }
        if self.col == 0 && s.starts_with('%') {
            // `%` in column 1 starts an escape line, which readers skip:
            // indent a token such as a move `%x` (found by fuzzing).
            self.out.write_all(b" ")?;
            self.col = 1;
        }
        self.out.write_all(s.as_bytes())?;
        match s.rfind(['\n', '\r']) {
            Some(i) => self.col = s.get(i + 1..).map_or(0, |t| t.chars().count()),
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

    fn comment(&mut self, c: &Comment) -> io::Result<()> {
        let has_break = c.text.contains(['\n', '\r']);
        let as_line = !has_break && (c.kind == CommentKind::Line || c.text.contains('}'));
        if as_line {
            self.token(&format!(";{}", c.text))?;
            self.out.write_all(b"\n")?;
            self.col = 0;
            Ok(())
        } else {
            self.token(&format!("{{{}}}", c.text.replace('}', ")")))
        }
    }
}

/// Starting side and fullmove number from the FEN tag.
fn start_of(rec: &Record) -> (u32, bool) {
    let Some(fen) = rec.tag("FEN") else {
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

struct Frame<'a> {
    line: &'a Line,
    idx: usize,
    fullmove: u32,
    black: bool,
    need_number: bool,
    /// Emitting the variations of node `idx - 1`: next index, and the
    /// number/side that node was played at.
    vars: Option<(usize, u32, bool)>,
}

/// The move tree, depth-first with an explicit stack (no recursion).
fn movetext<W: Write>(rec: &Record, w: &mut Wrap<'_, W>) -> io::Result<()> {
    let (fullmove, black) = start_of(rec);
    let mut stack = vec![Frame {
        line: &rec.moves,
        idx: 0,
        fullmove,
        black,
        need_number: true,
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
                top.need_number = true;
                w.open()?;
                stack.push(Frame {
                    line: var,
                    idx: 0,
                    fullmove: fm,
                    black: bl,
                    need_number: true,
                    vars: None,
                });
                continue;
            }
            top.vars = None;
        }
        let Some(node) = top.line.get(top.idx) else {
            stack.pop();
            if !stack.is_empty() {
                w.close()?;
            }
            continue;
        };
        write_node(node, top, w)?;
        let played_at = (top.fullmove, top.black);
        if top.black {
            top.fullmove = top.fullmove.saturating_add(1);
        }
        top.black = !top.black;
        top.idx += 1;
        if !node.variations.is_empty() {
            top.vars = Some((0, played_at.0, played_at.1));
        }
    }
    Ok(())
}

fn write_node<W: Write>(node: &Node, f: &mut Frame<'_>, w: &mut Wrap<'_, W>) -> io::Result<()> {
    for c in &node.comments_before {
        w.comment(c)?;
        f.need_number = true;
    }
    if let Some(n) = node.move_number {
        f.fullmove = n;
    }
    if node.move_number.is_some() || !f.black || f.need_number {
        let dots = if f.black { "..." } else { "." };
        w.token(&format!("{}{}", f.fullmove, dots))?;
    }
    f.need_number = false;
    w.token(&node.san)?;
    for n in &node.nags {
        w.token(&format!("${n}"))?;
    }
    for c in &node.comments {
        w.comment(c)?;
        f.need_number = true;
    }
    Ok(())
}
