//! One game object of the JSON form told to a PGN [`Visitor`]: its head
//! (tags, prelude), its plies with their variations, and its end, each
//! token located at its own line and column. [`super::read`] hands the
//! parts over either from the whole object or, for a game longer than its
//! window, one main-line ply at a time.

use crate::model::{advance, width, Comment as ModelComment, CommentKind, Span};
use crate::notation::annotation::Annotations;
use crate::notation::pgn::{Reader, Visitor};
use crate::record::json::schema::{
    Comment, Game, Ply, Raw, Tag, TypedFields, DERIVED_FIELDS, FORMAT, VERSION,
};
use crate::record::pipeline::read::ReadError;
use crate::record::replay::damage::not_utf8;

/// Positions in one game's text, found going forward from the last one
/// or from a mark (so that reading stays linear in the text).
pub(super) struct Locator<'t, 'k> {
    text: &'t [u8],
    /// The first field of the game that the JSON form does not hold.
    ignored: &'k mut Option<String>,
    base: Span,
    at: usize,
    line: u32,
    column: u32,
    /// Where a search that would go back starts again: the start of the
    /// value whose parts are being found.
    mark: (usize, u32, u32),
    /// The text is one line of ASCII: a column is a byte, found without
    /// counting.
    ascii_line: bool,
}

impl<'t, 'k> Locator<'t, 'k> {
    pub(super) fn new(
        text: &'t [u8],
        base: Span,
        ignored: &'k mut Option<String>,
    ) -> Locator<'t, 'k> {
        Locator {
            text,
            ignored,
            base,
            at: 0,
            line: base.line,
            column: base.column,
            mark: (0, base.line, base.column),
            ascii_line: false,
        }
    }

    /// The text is known to be one line of ASCII.
    pub(super) fn of_ascii_line(self) -> Locator<'t, 'k> {
        Locator {
            ascii_line: true,
            ..self
        }
    }

    /// Parts found from now on stand after the last one found.
    pub(super) fn mark(&mut self) {
        self.mark = (self.at, self.line, self.column);
    }

    /// The span of `part`, a slice of the text.
    pub(super) fn of(&mut self, part: &[u8]) -> Span {
        let rel = (part.as_ptr() as usize)
            .saturating_sub(self.text.as_ptr() as usize)
            .min(self.text.len());
        if self.ascii_line {
            let bytes = u32::try_from(rel).unwrap_or(u32::MAX);
            self.column = self.base.column.saturating_add(bytes);
        } else {
            if rel < self.at {
                (self.at, self.line, self.column) = match self.mark {
                    m if m.0 <= rel => m,
                    _ => (0, self.base.line, self.base.column),
                };
            }
            (self.line, self.column) = advance(&self.text[self.at..rel], self.line, self.column);
        }
        self.at = rel;
        Span {
            offset: self.base.offset + rel as u64,
            line: self.line,
            column: self.column,
            len: u32::try_from(part.len().min(1)).unwrap_or(1),
        }
    }
}

/// The span of byte `upto` of a game's `text` (at `base`), in characters.
pub(super) fn locate(text: &[u8], base: Span, upto: usize) -> Span {
    let upto = upto.min(text.len());
    let line_start = text[..upto]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |n| n + 1);
    let lines = text[..line_start].iter().filter(|&&b| b == b'\n').count() as u32;
    let chars = width(&text[line_start..upto]);
    Span {
        offset: base.offset + upto as u64,
        line: base.line + lines,
        column: if lines == 0 {
            base.column + chars
        } else {
            1 + chars
        },
        len: 1,
    }
}

/// A serde error in a game's text, located in the stream.
pub(super) fn serde_error(e: &serde_json::Error, base: Span, text: &[u8]) -> ReadError {
    let (line, column) = (e.line(), e.column());
    // serde_json counts columns in bytes, from 1.
    let line_start = text
        .split_inclusive(|&b| b == b'\n')
        .take(line.saturating_sub(1))
        .map(<[u8]>::len)
        .sum::<usize>();
    let span = locate(text, base, line_start + column.saturating_sub(1));
    // serde's message ends with its own position, which is the text's.
    let message = e.to_string();
    let message = message.split(" at line ").next().unwrap_or(&message);
    ReadError::json(span, message)
}

/// `json` read as a `T`; the first field `T` does not hold, if any, is
/// put in `ignored` (serde skips it; a rewrite would drop it).
fn from_json<'t, T: serde::Deserialize<'t>>(
    json: &'t str,
    ignored: &mut Option<String>,
) -> serde_json::Result<T> {
    let mut de = serde_json::Deserializer::from_str(json);
    let value = serde_ignored::deserialize(&mut de, |path| {
        // A field's own name (the path's last) tells a derived one; the
        // path is spelled only for the first other (this runs per ply).
        let derived = matches!(&path, serde_ignored::Path::Map { key, .. }
            if DERIVED_FIELDS.contains(&last_name(key)));
        if !derived && ignored.is_none() {
            *ignored = Some(path.to_string());
        }
    })?;
    de.end()?;
    Ok(value)
}

/// The last `.`-separated name of `key`, as the path's spelling ends.
fn last_name(key: &str) -> &str {
    match key.bytes().rposition(|b| b == b'.') {
        Some(dot) => &key[dot + 1..],
        None => key,
    }
}

/// A value read from its raw text, and where that text is.
pub(super) fn parse<'t, T: serde::Deserialize<'t>>(
    raw: Raw<'t>,
    at: &mut Locator<'_, '_>,
) -> Result<(T, Span), ReadError> {
    let span = at.of(raw.get().as_bytes());
    from_json(raw.get(), at.ignored)
        .map(|x| (x, span))
        .map_err(|e| serde_error(&e, span, raw.get().as_bytes()))
}

/// A game object as serde reads it: its plies, tags and comments raw.
pub(super) type GameIn<'t> = Game<'t, Raw<'t>, Raw<'t>, Raw<'t>>;

/// A ply as read: its record fields, its variations left raw.
type PlyIn<'a> = Ply<'a, Raw<'a>, Raw<'a>>;

/// The game object `text` (at `base`) read by serde, every byte of it
/// checked to be UTF-8 (RFC 8259), also of fields this reader skips.
pub(super) fn game_object<'t>(
    text: &'t [u8],
    base: Span,
    ignored: &mut Option<String>,
) -> Result<GameIn<'t>, ReadError> {
    let json = utf8(text, base)?;
    from_json(json, ignored).map_err(|e| serde_error(&e, base, text))
}

/// `text` (at `base`) as a `str`, or an error at its first byte that is
/// not UTF-8.
pub(super) fn utf8(text: &[u8], base: Span) -> Result<&str, ReadError> {
    std::str::from_utf8(text).map_err(|e| {
        let at = e.valid_up_to();
        ReadError::new(not_utf8(text[at], locate(text, base, at)))
    })
}

/// An error about the game object at `base`.
pub(super) fn at_game(base: Span, message: impl std::fmt::Display) -> ReadError {
    ReadError::json(Span { len: 1, ..base }, message)
}

/// Drives `v` over one whole game object `game`, read by
/// [`game_object`] from `text` (at `base`); `None` for the
/// `trailing_comments` object, whose comments go to `trailer`.
pub(super) fn visit<V: Visitor>(
    game: &GameIn<'_>,
    text: &[u8],
    base: Span,
    v: &mut V,
    kept: &mut Option<String>,
    ignored: &mut Option<String>,
    trailer: &mut Vec<ModelComment>,
) -> Result<Option<V::Output>, ReadError> {
    check_form(game.format.as_deref(), game.version, base)?;
    if let Some(list) = &game.trailing_comments {
        let alone = game.tags.is_empty()
            && game.moves.is_empty()
            && game.prelude.as_ref().is_none_or(Vec::is_empty)
            && !matches!(game.result, Some(Some(_)))
            && game.trailing_move_number.is_none()
            && game.unreadable.is_none();
        if !alone {
            return Err(at_game(
                base,
                "`trailing_comments` holds the comments after the last game, which are no \
                 game's: its object has no tags, prelude, moves or result",
            ));
        }
        let mut at = Locator::new(text, base, ignored);
        for &raw in list {
            let (c, span): (Comment<'_>, Span) = parse(raw, &mut at)?;
            let kind = match c.kind.as_deref() {
                Some("line") => CommentKind::Line,
                _ => CommentKind::Brace,
            };
            trailer.push(ModelComment {
                text: c.text.into_owned(),
                kind,
                span,
            });
        }
        return Ok(None);
    }
    no_game_after(trailer, base)?;
    if let Some(pgn) = &game.unreadable {
        *kept = Some(pgn.to_string());
        // Read again as the PGN it is: the same error, at this game.
        return match Reader::new(pgn.as_bytes()).read_game(v) {
            Ok(Some(out)) => Ok(Some(out)),
            Ok(None) => Err(at_game(base, "an unreadable game with no text")),
            Err(e) => {
                let mut e = ReadError::from(e);
                e.error.span = Span { len: 1, ..base };
                Err(e)
            }
        };
    }
    let mut at = Locator::new(text, base, ignored);
    head(game, v, &mut at)?;
    let mut last = base;
    for &raw in &game.moves {
        ply_tree(raw, v, &mut at, &mut last)?;
    }
    end(ending(game), text, v, &mut at, last).map(Some)
}

/// A game at `base` may not follow the `trailing_comments` object (its
/// comments, `trailer`): they are the comments after the last game.
pub(super) fn no_game_after(trailer: &[ModelComment], base: Span) -> Result<(), ReadError> {
    match trailer.is_empty() {
        true => Ok(()),
        false => Err(at_game(
            base,
            "a game after `trailing_comments`: they hold the comments after the last game",
        )),
    }
}

/// `format` and `version` say the object at `base` is a game of this form.
pub(super) fn check_form(
    format: Option<&str>,
    version: Option<u32>,
    base: Span,
) -> Result<(), ReadError> {
    match format {
        Some(FORMAT) => {}
        Some(other) => return Err(at_game(base, format!("format {other:?} is not {FORMAT:?}"))),
        None => return Err(at_game(base, format!("no `format` (expected {FORMAT:?})"))),
    }
    match version {
        Some(VERSION) => Ok(()),
        Some(other) => Err(at_game(
            base,
            format!("version {other} is not supported (this fvnote reads version {VERSION})"),
        )),
        None => Err(at_game(base, format!("no `version` (expected {VERSION})"))),
    }
}

/// Each comment read where it stands.
fn comment<'t, V: Visitor>(
    v: &mut V,
    raw: Raw<'t>,
    at: &mut Locator<'_, '_>,
) -> Result<Comment<'t>, ReadError> {
    let (c, span): (Comment<'_>, Span) = parse(raw, at)?;
    match c.kind.as_deref() {
        Some("line") => v.line_comment(&c.text, span),
        _ => v.comment(&c.text, span),
    }
    Ok(c)
}

/// The game's start: its tags and the comments before its first move.
pub(super) fn head<V: Visitor>(
    game: &GameIn<'_>,
    v: &mut V,
    at: &mut Locator<'_, '_>,
) -> Result<(), ReadError> {
    v.begin_game();
    for &raw in &game.tags {
        let (tag, span): (Tag<'_, Raw<'_>>, Span) = parse(raw, at)?;
        at.mark();
        for &c in &tag.comments_before {
            comment(v, c, at)?;
        }
        v.tag(&tag.name, &tag.value, span);
    }
    v.begin_movetext();
    for &c in game.prelude.iter().flatten() {
        comment(v, c, at)?;
    }
    Ok(())
}

/// One ply of the main line and every variation on it; `last` becomes
/// the span of the last ply told.
pub(super) fn ply_tree<'t, V: Visitor>(
    raw: Raw<'t>,
    v: &mut V,
    at: &mut Locator<'_, '_>,
    last: &mut Span,
) -> Result<(), ReadError> {
    // Lines open, innermost last: each line's plies, the next one's index,
    // and the variations of the same ply waiting after it (last first).
    struct Open<'t> {
        plies: Vec<Raw<'t>>,
        next: usize,
        siblings: Vec<Vec<Raw<'t>>>,
    }
    let mut stack: Vec<Open<'t>> = Vec::new();
    // The variations of the ply just told, which open next.
    let mut siblings = ply(raw, v, at, last)?;
    loop {
        if let Some(first) = siblings.pop() {
            v.begin_variation(*last);
            stack.push(Open {
                plies: first,
                next: 0,
                siblings: std::mem::take(&mut siblings),
            });
        }
        let Some(top) = stack.last_mut() else { break };
        if let Some(&raw) = top.plies.get(top.next) {
            top.next += 1;
            siblings = ply(raw, v, at, last)?;
            continue;
        }
        if let Some(done) = stack.pop() {
            v.end_variation(*last);
            siblings = done.siblings;
        }
    }
    Ok(())
}

/// One ply told; its variations, last first.
fn ply<'t, V: Visitor>(
    raw: Raw<'t>,
    v: &mut V,
    at: &mut Locator<'_, '_>,
    last: &mut Span,
) -> Result<Vec<Vec<Raw<'t>>>, ReadError> {
    let (ply, span): (PlyIn<'t>, Span) = parse(raw, at)?;
    // What the ply holds stands after its start, in any order.
    at.mark();
    *last = span;
    for &c in &ply.comments_before {
        comment(v, c, at)?;
    }
    let nags = ply.nags.as_deref().unwrap_or_default();
    tell_move(v, span, ply.move_number.flatten(), &ply.san, nags);
    let mut notes = Annotations::default();
    for &c in ply.comments.iter().flatten() {
        notes.add(&comment(v, c, at)?.text);
    }
    check_typed(&ply, &notes, span)?;
    let mut siblings = ply.variations.unwrap_or_default();
    siblings.reverse();
    Ok(siblings)
}

/// What ends `game`: its trailing move number and its result, if any.
pub(super) fn ending<'g>(game: &'g GameIn<'_>) -> (Option<u32>, Option<&'g str>) {
    let result = game.result.as_ref().and_then(|r| r.as_deref());
    (game.trailing_move_number, result)
}

/// A ply's move told, its number, token and NAGs at the ply's `span`.
pub(super) fn tell_move<V: Visitor>(
    v: &mut V,
    span: Span,
    move_number: Option<u32>,
    san: &str,
    nags: &[u16],
) {
    if let Some(n) = move_number {
        v.move_number(n, span);
    }
    v.san(san, Span { len: 1, ..span });
    for &nag in nags {
        v.nag(nag, span);
    }
}

/// The game's end, its trailing move number and result (`text` is the
/// part of the object that holds `result`), and the game told.
pub(super) fn end<V: Visitor>(
    (trailing_move_number, result): (Option<u32>, Option<&str>),
    text: &[u8],
    v: &mut V,
    at: &mut Locator<'_, '_>,
    last: Span,
) -> Result<V::Output, ReadError> {
    if let Some(n) = trailing_move_number {
        v.move_number(n, last);
    }
    if let Some(result) = result {
        let key = memchr::memmem::rfind(text, b"\"result\"").map_or(text, |i| &text[i..]);
        let span = at.of(key);
        if !matches!(result, "1-0" | "0-1" | "1/2-1/2" | "*") {
            return Err(ReadError::json(
                span,
                format!(
                    "result {result:?} (expected \"1-0\", \"0-1\", \"1/2-1/2\", \"*\" or null)"
                ),
            ));
        }
        v.outcome(result, span);
    }
    Ok(v.end_game())
}

/// The typed fields `ply` holds must say what its comments say: the text
/// is the record, the fields are derived from it (`notation/json.md`).
fn check_typed(ply: &PlyIn<'_>, notes: &Annotations, span: Span) -> Result<(), ReadError> {
    let read = TypedFields {
        clock: ply.clock,
        emt: ply.emt,
        eval: ply.eval.clone(),
        arrows: ply.arrows.clone(),
        marks: ply.marks.clone(),
    };
    if read == TypedFields::default() {
        return Ok(());
    }
    match TypedFields::of(notes).disagreement(&read) {
        None => Ok(()),
        Some((name, read, derived)) => Err(ReadError::json(
            span,
            format!(
                "ply {:?}: \"{name}\" is {read} but its comments say {derived} (the comment text is the record and the typed fields are derived from it: correct the field or leave it out)",
                ply.san
            ),
        )),
    }
}
