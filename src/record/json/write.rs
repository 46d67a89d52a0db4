//! The JSON form written as games are read: a [`GameSink`] that writes each
//! main-line move, with its variations, as soon as
//! [`GameStream`](crate::record::convert::stream::GameStream) hands it over,
//! so a game of any length costs one move's worth of memory (plus what the
//! output holds back). Every value goes through serde_json's serializer,
//! and the game's own braces and brackets through its formatter, whose state
//! is kept between calls: the bytes are serde_json's.

use std::io::{self, Write};

use compact_str::CompactString;
use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

use crate::model::{
    comment_commands, steps, Comment as ModelComment, CommentKind, Node, Span, Step,
    Tag as ModelTag,
};
use crate::notation::annotation::Annotations;
use crate::notation::fen::write_fen;
use crate::record::convert::held::GameOut;
use crate::record::convert::stream::{GameEnd, GameSink};
use crate::record::convert::{end_in, Converted, GameError};
use crate::record::json::schema::{
    CagePromotion, Command, Comment, ErrorJson, Ply, Promotion, Tag, TypedFields, VerdictJson,
    Written, FORMAT, MAX_VARIATION_DEPTH, VERSION,
};
use crate::record::pipeline::read::GameText;
use crate::record::replay::facts::Facts;
use crate::record::replay::fast::push_square;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{record_start, record_variant, ReplayMode};
use crate::square::Square;

/// How games are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One document: an array of games, pretty-printed.
    Array,
    /// JSON Lines: one game per line.
    Lines,
}

/// What the form holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JsonOptions {
    /// `fen_after` on every ply that resolved.
    pub fens: bool,
    /// The compact form: empty and null fields left out, and what a reader
    /// derives (`canonical` equal to `san`, `color`, `kind`, `piece`,
    /// `move_number`).
    pub compact: bool,
}

/// serde_json's two formatters, one of them, kept between calls.
#[derive(Clone)]
enum Fmt {
    Pretty(PrettyFormatter<'static>),
    Compact(CompactFormatter),
}

/// A formatter lent to a serializer: the state stays with the writer.
struct Lent<'a>(&'a mut Fmt);

macro_rules! delegate {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {
        $(fn $name<W: ?Sized + Write>(&mut self, w: &mut W $(, $arg: $ty)*) -> io::Result<()> {
            match self.0 {
                Fmt::Pretty(f) => f.$name(w $(, $arg)*),
                Fmt::Compact(f) => f.$name(w $(, $arg)*),
            }
        })*
    };
}

impl Formatter for Lent<'_> {
    delegate! {
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        begin_object();
        end_object();
        begin_object_key(first: bool);
        end_object_key();
        begin_object_value();
        end_object_value();
    }
}

/// Writes games in the JSON form to `W` (see the module).
pub struct JsonGames<W> {
    out: W,
    /// What is being written, passed to `out` at the end of each event:
    /// serde_json writes a value in many small pieces, each a call through
    /// `out`'s layers otherwise.
    buf: Vec<u8>,
    fmt: Fmt,
    layout: Layout,
    opts: JsonOptions,
    /// Games written (the array's separators).
    games: usize,
    // The game being written.
    /// Members of the game object written (a comma before the next).
    members: usize,
    /// `prelude` is open; `moves` is open, with its plies so far.
    prelude_open: bool,
    moves_open: Option<usize>,
    /// Why the game is not written.
    error: Option<GameError>,
    /// The formatter before the game, for a game taken back.
    before: Option<Fmt>,
}

impl<W: GameOut> JsonGames<W> {
    /// Games to `out`.
    pub fn new(out: W, layout: Layout, opts: JsonOptions) -> JsonGames<W> {
        let fmt = match layout {
            Layout::Array => Fmt::Pretty(PrettyFormatter::new()),
            Layout::Lines => Fmt::Compact(CompactFormatter),
        };
        JsonGames {
            out,
            buf: Vec::new(),
            fmt,
            layout,
            opts,
            games: 0,
            members: 0,
            prelude_open: false,
            moves_open: None,
            error: None,
            before: None,
        }
    }

    /// The output.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }

    /// Closes what the games opened (the array of [`Layout::Array`]).
    pub fn finish(&mut self) -> io::Result<()> {
        if self.layout == Layout::Array {
            if self.games == 0 {
                Lent(&mut self.fmt).begin_array(&mut self.buf)?;
            }
            Lent(&mut self.fmt).end_array(&mut self.buf)?;
            self.buf.push(b'\n');
        }
        self.pass_on()
    }

    /// Passes what was written on to the output.
    fn pass_on(&mut self) -> io::Result<()> {
        let r = self.out.write_all(&self.buf);
        self.buf.clear();
        r
    }

    /// `value` serialized by serde_json with the kept formatter.
    fn value(&mut self, value: &impl Serialize) -> io::Result<()> {
        let written = match &mut self.fmt {
            // Stateless: serde_json's own, each call inlined.
            Fmt::Compact(_) => serde_json::to_writer(&mut self.buf, value),
            Fmt::Pretty(_) => {
                let f = Lent(&mut self.fmt);
                value.serialize(&mut serde_json::Serializer::with_formatter(
                    &mut self.buf,
                    f,
                ))
            }
        };
        written.map_err(io::Error::from)
    }

    /// `"key": ` as the next member of the game object.
    fn key(&mut self, key: &str) -> io::Result<()> {
        let mut f = Lent(&mut self.fmt);
        f.begin_object_key(&mut self.buf, self.members == 0)?;
        self.members += 1;
        serde_json::to_writer(&mut self.buf, key)?;
        let mut f = Lent(&mut self.fmt);
        f.end_object_key(&mut self.buf)?;
        f.begin_object_value(&mut self.buf)
    }

    /// A member of the game object.
    fn member(&mut self, key: &str, value: &impl Serialize) -> io::Result<()> {
        self.key(key)?;
        self.value(value)?;
        Lent(&mut self.fmt).end_object_value(&mut self.buf)
    }

    /// The formatter as it was before the game (its output is dropped).
    fn restore(&mut self) {
        self.buf.clear();
        if let Some(fmt) = self.before.take() {
            self.fmt = fmt;
        }
    }

    /// Starts the game object (after the array's separator).
    fn open_game(&mut self) -> io::Result<()> {
        self.before = Some(self.fmt.clone());
        if self.layout == Layout::Array {
            let mut f = Lent(&mut self.fmt);
            if self.games == 0 {
                f.begin_array(&mut self.buf)?;
            }
            f.begin_array_value(&mut self.buf, self.games == 0)?;
        }
        self.members = 0;
        Lent(&mut self.fmt).begin_object(&mut self.buf)
    }

    /// Ends the game object.
    fn close_game(&mut self) -> io::Result<()> {
        let mut f = Lent(&mut self.fmt);
        f.end_object(&mut self.buf)?;
        match self.layout {
            Layout::Array => f.end_array_value(&mut self.buf)?,
            Layout::Lines => self.buf.push(b'\n'),
        }
        self.games += 1;
        self.before = None;
        Ok(())
    }

    /// Opens an array member (`prelude`, `moves`).
    fn open_array(&mut self, key: &str) -> io::Result<()> {
        self.key(key)?;
        Lent(&mut self.fmt).begin_array(&mut self.buf)
    }

    /// An element of the open array.
    fn element(&mut self, first: bool, value: &impl Serialize) -> io::Result<()> {
        Lent(&mut self.fmt).begin_array_value(&mut self.buf, first)?;
        self.value(value)?;
        Lent(&mut self.fmt).end_array_value(&mut self.buf)
    }

    /// Closes the open array member.
    fn close_array(&mut self) -> io::Result<()> {
        let mut f = Lent(&mut self.fmt);
        f.end_array(&mut self.buf)?;
        f.end_object_value(&mut self.buf)
    }

    /// Closes the prelude (the full form writes it even when empty) and
    /// opens `moves`.
    fn open_moves(&mut self) -> io::Result<()> {
        if self.moves_open.is_some() {
            return Ok(());
        }
        if self.prelude_open {
            self.close_array()?;
            self.prelude_open = false;
        } else if !self.opts.compact {
            self.open_array("prelude")?;
            self.close_array()?;
        }
        self.moves_open = Some(0);
        self.open_array("moves")
    }

    /// Runs `f` unless the game already failed, and passes on what it
    /// wrote.
    fn write(&mut self, f: impl FnOnce(&mut Self) -> io::Result<()>) {
        if self.error.is_none() {
            if let Err(e) = f(self).and_then(|()| self.pass_on()) {
                self.error = Some(GameError::Io(e));
            }
        }
        self.buf.clear();
    }

    /// The ply of `node` and its variations, with the replay's word on
    /// each token (`verdicts`, and `facts` for those that resolved, in
    /// document order). Recursion is bounded: nesting is at most
    /// [`MAX_VARIATION_DEPTH`], checked first.
    fn ply<'n>(
        &self,
        node: &'n Node,
        verdicts: &mut std::slice::Iter<'n, Option<CompactString>>,
        facts: &mut std::slice::Iter<'n, Facts>,
    ) -> Written<'n> {
        let played = match verdicts.next() {
            Some(Some(canonical)) => facts.next().map(|f| (canonical.as_str(), f)),
            _ => None,
        };
        let compact = self.opts.compact;
        let mut lines = Vec::with_capacity(node.variations.len());
        for line in &node.variations {
            let mut plies = Vec::with_capacity(line.len());
            for n in line {
                plies.push(self.ply(n, verdicts, facts));
            }
            lines.push(plies);
        }
        let variations = (!compact || !lines.is_empty()).then_some(lines);
        Written(described(node, played, variations, compact))
    }

    /// The verdict the form carries: only for an invalid game.
    fn verdict(verdict: &Verdict) -> Option<VerdictJson<'_>> {
        let e = verdict.error.as_ref()?;
        Some(VerdictJson {
            valid: false,
            error: Some(ErrorJson {
                line: e.span.line,
                column: e.span.column,
                ply: e.ply,
                token: &e.token,
                ruling: e.ruling,
                kind: e.kind,
                message: &e.message,
            }),
        })
    }
}

/// The ply of `node` as written, with its canonical SAN and what it
/// played (`None`: it did not resolve), and its `variations`.
///
/// Built in one expression, the typed fields first: a `Ply` is large, and
/// one changed after it is built is copied once more on its way out.
fn described<'n>(
    node: &'n Node,
    played: Option<(&'n str, &Facts)>,
    variations: Option<Vec<Vec<Written<'n>>>>,
    compact: bool,
) -> Ply<'n, Written<'n>> {
    let derived = !compact;
    let f = played.map(|(_, f)| f);
    let typed = typed_fields(&node.comments);
    Ply {
        san: node.san.as_str().into(),
        move_number: match compact {
            true => None,
            false => Some(node.move_number),
        },
        canonical: played
            .map(|(canonical, _)| canonical)
            .filter(|&canonical| derived || canonical != node.san.as_str()),
        kind: f.filter(|_| derived).map(|f| f.kind),
        color: f.filter(|_| derived).map(|f| f.color),
        piece: f.filter(|_| derived).and_then(|f| f.piece),
        from: f.and_then(|f| f.from).map(square_name),
        to: f.and_then(|f| f.to).map(square_name),
        rank: f.and_then(|f| f.rank),
        direction: f.and_then(|f| f.direction),
        promotion: f.and_then(|f| match (f.promotion, f.cage.is_empty()) {
            (Some(p), _) => Some(Promotion::Piece(p)),
            (None, false) => Some(Promotion::Cage(
                f.cage
                    .iter()
                    .map(|&(sq, piece)| CagePromotion {
                        square: sq.to_string(),
                        piece,
                    })
                    .collect(),
            )),
            (None, true) => None,
        }),
        captured: f.and_then(|f| f.captured),
        check: f.and_then(|f| match (compact, f.check) {
            (true, None) => None,
            (_, c) => Some(c),
        }),
        permission: f.and_then(|f| f.permission),
        nags: (!compact || !node.nags.is_empty()).then(|| node.nags.clone()),
        comments_before: comments(&node.comments_before, compact),
        comments: (!compact || !node.comments.is_empty())
            .then(|| comments(&node.comments, compact)),
        clock: typed.clock,
        emt: typed.emt,
        eval: typed.eval,
        arrows: typed.arrows,
        marks: typed.marks,
        variations,
        fen_after: f.and_then(|f| f.fen_after.clone()),
    }
}

/// A square's name, held inline (no allocation per ply).
fn square_name(sq: Square) -> CompactString {
    let mut name = CompactString::default();
    push_square(sq, &mut name);
    name
}

/// The typed fields the annotations of `comments` give.
fn typed_fields(comments: &[ModelComment]) -> TypedFields {
    if comments.iter().any(|c| c.text.contains("[%")) {
        TypedFields::of(&Annotations::of(comments.iter().map(|c| c.text.as_str())))
    } else {
        TypedFields::default()
    }
}

/// A comment in the form (`compact`: a brace comment's kind left out).
fn comment(c: &ModelComment, compact: bool) -> Comment<'_> {
    let line = c.kind == CommentKind::Line;
    Comment {
        text: c.text.as_str().into(),
        kind: match (compact, line) {
            (true, false) => None,
            (_, true) => Some("line".into()),
            (false, false) => Some("brace".into()),
        },
        commands: comment_commands(&c.text)
            .map(|(name, args)| Command { name, args })
            .collect(),
    }
}

fn comments(list: &[ModelComment], compact: bool) -> Vec<Comment<'_>> {
    list.iter().map(|c| comment(c, compact)).collect()
}

/// The deepest variation nesting of `node` (0: none).
fn depth(node: &Node) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for step in steps(std::slice::from_ref(node)) {
        match step {
            Step::Enter => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            Step::Leave => depth = depth.saturating_sub(1),
            Step::Move(_) => {}
        }
    }
    deepest
}

impl<W: GameOut> GameSink for JsonGames<W> {
    type Output = Converted;

    fn mode(&self) -> ReplayMode {
        ReplayMode::Described {
            fens: self.opts.fens,
        }
    }

    fn wants_text(&self) -> bool {
        true
    }

    fn begin_game(&mut self) {
        self.before = None;
        self.prelude_open = false;
        self.moves_open = None;
        self.error = None;
    }

    fn movetext(&mut self, tags: &[ModelTag], _span: Span) {
        let head = crate::model::Record {
            tags: tags.to_vec(),
            ..Default::default()
        };
        let variant = record_variant(&head).ok();
        let sets_up = head.tag("FEN").is_some() && head.tag("SetUp").map(str::trim) != Some("0");
        let start_fen = match sets_up {
            true => variant
                .and_then(|v| record_start(&head, v).ok())
                .as_ref()
                .map(write_fen)
                .or_else(|| head.tag("FEN").map(|f| f.trim().to_owned())),
            false => None,
        };
        let compact = self.opts.compact;
        self.write(|w| {
            w.open_game()?;
            w.member("format", &FORMAT)?;
            w.member("version", &VERSION)?;
            let tags: Vec<Tag> = tags
                .iter()
                .map(|t| Tag {
                    name: t.name.as_str().into(),
                    value: t.value.as_str().into(),
                    comments_before: comments(&t.comments_before, compact),
                })
                .collect();
            if !compact || !tags.is_empty() {
                w.member("tags", &tags)?;
            }
            match (variant, compact) {
                (Some(v), _) => w.member("variant", &v.id())?,
                (None, false) => w.member("variant", &())?,
                (None, true) => {}
            }
            if let Some(fen) = &start_fen {
                w.member("start", fen)?;
            }
            Ok(())
        });
    }

    fn prelude(&mut self, c: &ModelComment) {
        let first = !self.prelude_open;
        self.write(|w| {
            if first {
                w.open_array("prelude")?;
                w.prelude_open = true;
            }
            let c = comment(c, w.opts.compact);
            w.element(first, &c)
        });
    }

    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>], facts: &[Facts]) {
        if self.error.is_some() {
            return;
        }
        let deep = depth(&node);
        if deep > MAX_VARIATION_DEPTH {
            self.error = Some(GameError::Refused(format!(
                "variations nested {deep} deep; the JSON form holds at most {MAX_VARIATION_DEPTH} levels"
            )));
            return;
        }
        let ply = self.ply(&node, &mut verdicts.iter(), &mut facts.iter());
        self.write(|w| {
            w.open_moves()?;
            let n = w.moves_open.unwrap_or(0);
            w.moves_open = Some(n + 1);
            w.element(n == 0, &ply)
        });
    }

    fn end_game(&mut self, end: GameEnd<'_>) -> Self::Output {
        let compact = self.opts.compact;
        self.write(|w| {
            w.open_moves()?;
            w.close_array()?;
            match (&end.result, compact) {
                (Some(r), _) => w.member("result", r)?,
                (None, false) => w.member("result", &())?,
                (None, true) => {}
            }
            if let Some(n) = end.trailing_move_number {
                w.member("trailing_move_number", &n)?;
            }
            if let Some(v) = Self::verdict(end.verdict) {
                w.member("verdict", &v)?;
            }
            w.close_game()
        });
        let made = match self.error.take() {
            Some(e) => {
                self.restore();
                Err(e)
            }
            None => Ok(None),
        };
        end_in(&mut self.out, made)
    }

    fn trailer(&mut self, list: &[ModelComment]) -> io::Result<()> {
        // No game's: an object of its own after the games.
        self.moves_open = None;
        self.prelude_open = false;
        let compact = self.opts.compact;
        self.open_game()?;
        self.member("format", &FORMAT)?;
        self.member("version", &VERSION)?;
        self.member("trailing_comments", &comments(list, compact))?;
        self.close_game()?;
        self.pass_on()?;
        self.out.commit_game()
    }

    fn unreadable(&mut self, verdict: &Verdict, text: Option<GameText<'_>>) -> Self::Output {
        // What was begun of the game is taken back: it is written whole,
        // as read.
        if self.before.is_some() {
            self.restore();
            if self.out.drop_game() {
                return Err(GameError::Cut("the game could not be read".into()));
            }
        }
        let Some(text) = text
            .and_then(|t| t.as_pgn())
            .and_then(|t| std::str::from_utf8(t).ok())
        else {
            return Err(GameError::Refused(
                "a game not read to its end is kept only from PGN text in UTF-8, as it stands"
                    .into(),
            ));
        };
        self.moves_open = None;
        self.prelude_open = false;
        let r = (|| {
            self.open_game()?;
            self.member("format", &FORMAT)?;
            self.member("version", &VERSION)?;
            self.member("variant", &verdict.variant)?;
            self.member("unreadable", &text)?;
            if let Some(v) = Self::verdict(verdict) {
                self.member("verdict", &v)?;
            }
            self.close_game()?;
            self.pass_on()
        })();
        self.buf.clear();
        end_in(&mut self.out, r.map(|()| None).map_err(GameError::Io))
    }
}
