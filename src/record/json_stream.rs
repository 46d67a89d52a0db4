//! The JSON form of a game (`record::json`) written as the PGN reader reads
//! it: a [`GameSink`] that writes each main-line move, with its variations,
//! as soon as [`GameStream`](crate::record::game_stream::GameStream) hands
//! it over, so a game of any length costs one move's worth of memory
//! (plus what the output buffers). The bytes are those of `serde_json`
//! writing [`to_game`](crate::record::json::to_game)'s [`Game`](crate::record::json::Game)
//! (pretty, compact, or `--compact`'s form of `record::json_compact`, whose
//! keys `serde_json` sorts); `tests/convert_streaming.rs` checks it.

use std::io::{self, Write};
use std::slice::Iter;

use compact_str::CompactString;

use crate::model::{Comment, Node, Record, Span, Tag};
use crate::record::game_stream::{GameEnd, GameSink};
use crate::record::json::{
    game_start, variation_depth, JsonComment, JsonError, JsonOptions, FORMAT, MAX_VARIATION_DEPTH,
    VERSION,
};
use crate::record::json_ply::{self, push_square_bytes, square_text, Facts, Track};
use crate::record::json_write::{push_number, push_plain, push_quoted, JsonWriter};
use crate::square::Square;
use crate::variant::Variant;

/// The layout of the JSON written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One line per game (JSON Lines).
    Line,
    /// Pretty-printed, one level in: an element of a JSON array.
    Element,
}

/// Why a game was not written.
#[derive(Debug)]
pub enum GameError {
    /// It cannot be written as JSON; where the game is.
    Json(JsonError, Span),
    /// Writing failed.
    Io(io::Error),
}

/// Writes games in the JSON form to `W` (see the module).
pub struct JsonGames<W: Write> {
    w: JsonWriter<W>,
    opts: JsonOptions,
    layout: Layout,
    compact: bool,
    /// Games written before this one (the array's separator).
    pub games_before: usize,
    // The game being written.
    pos: Option<Box<Track>>,
    tags: Vec<Tag>,
    start: Option<String>,
    variant: Option<&'static str>,
    prelude: Vec<Comment>,
    prelude_open: bool,
    moves_open: bool,
    deepest: usize,
    error: Option<io::Error>,
    /// The game is replayed alongside: its verdicts count.
    replayed: bool,
    /// A ply's derived fields, and a square's text: kept, not allocated.
    facts: Option<Box<Facts>>,
    text: String,
    /// What comes before a ply's members in the pretty layout (see
    /// `JsonWriter::member_lead`): kept, not allocated.
    lead: Vec<u8>,
}

impl<W: Write> JsonGames<W> {
    /// Games to `out`; `compact`: the compact form (`--compact`).
    pub fn new(out: W, opts: JsonOptions, layout: Layout, compact: bool) -> JsonGames<W> {
        let pretty = layout == Layout::Element;
        JsonGames {
            w: JsonWriter::new(out, pretty, usize::from(pretty)),
            opts,
            layout,
            compact,
            games_before: 0,
            pos: None,
            tags: Vec::new(),
            start: None,
            variant: None,
            prelude: Vec::new(),
            prelude_open: false,
            moves_open: false,
            deepest: 0,
            error: None,
            replayed: false,
            facts: None,
            text: String::new(),
            lead: Vec::new(),
        }
    }

    /// The output.
    pub fn get_mut(&mut self) -> &mut W {
        self.w.get_mut()
    }

    /// Runs `f` unless writing already failed or the game cannot be written.
    fn write(&mut self, f: impl FnOnce(&mut Self) -> io::Result<()>) {
        if self.error.is_none() && self.deepest <= MAX_VARIATION_DEPTH {
            if let Err(e) = f(self) {
                self.error = Some(e);
            }
        }
    }

    fn open_moves(&mut self) -> io::Result<()> {
        if self.moves_open {
            return Ok(());
        }
        self.moves_open = true;
        if !self.compact {
            if !self.prelude_open {
                self.w.key("prelude")?;
                self.w.begin_array()?;
            }
            self.w.end_array()?;
        }
        self.w.key("moves")?;
        self.w.begin_array()
    }

    fn tags(&mut self) -> io::Result<()> {
        self.w.key("tags")?;
        self.w.begin_array()?;
        for t in &self.tags {
            self.w.begin_object()?;
            self.w.key("name")?;
            self.w.string(&t.name)?;
            self.w.key("value")?;
            self.w.string(&t.value)?;
            self.w.end_object()?;
        }
        self.w.end_array()
    }

    /// A node and its variations from `track` (the position before it,
    /// which becomes the one after). Recursion is bounded: nesting is at
    /// most [`MAX_VARIATION_DEPTH`].
    fn node(
        &mut self,
        node: &Node,
        verdicts: &mut Iter<'_, Option<CompactString>>,
        track: &mut Option<Box<Track>>,
    ) -> io::Result<()> {
        let resolved = !self.replayed || matches!(verdicts.next(), Some(Some(_)));
        let before = if node.variations.is_empty() {
            None
        } else {
            track.clone()
        };
        // Kept between plies; a variation's plies get their own.
        let mut facts = self.facts.take().unwrap_or_default();
        let played = json_ply::play(&node.san, resolved, track, &mut facts, self.opts.fens);
        let p = played.then_some(&*facts);
        let r = if self.compact {
            self.compact_ply(p, node, verdicts, &before)
        } else {
            self.full_ply(p, node, verdicts, &before)
        };
        self.facts = Some(facts);
        r
    }

    fn variations(
        &mut self,
        node: &Node,
        verdicts: &mut Iter<'_, Option<CompactString>>,
        before: &Option<Box<Track>>,
    ) -> io::Result<()> {
        self.w.begin_array()?;
        for line in &node.variations {
            let mut track = before.clone();
            self.w.begin_array()?;
            for n in line {
                self.node(n, verdicts, &mut track)?;
            }
            self.w.end_array()?;
        }
        self.w.end_array()
    }

    fn opt(&mut self, key: &str, v: &Option<String>) -> io::Result<()> {
        self.opt_str(key, v.as_deref())
    }

    fn opt_str(&mut self, key: &str, v: Option<&str>) -> io::Result<()> {
        if let Some(v) = v {
            self.w.key(key)?;
            self.w.string(v)?;
        }
        Ok(())
    }

    fn square(&mut self, key: &str, sq: Option<Square>) -> io::Result<()> {
        if let Some(sq) = sq {
            square_text(sq, &mut self.text);
            self.w.key(key)?;
            self.w.string(&self.text)?;
        }
        Ok(())
    }

    fn direction(&mut self, d: Option<char>) -> io::Result<()> {
        if let Some(d) = d {
            self.w.key("direction")?;
            self.w.string(d.encode_utf8(&mut [0; 4]))?;
        }
        Ok(())
    }

    /// A ply in the full form.
    fn full_ply(
        &mut self,
        p: Option<&Facts>,
        node: &Node,
        verdicts: &mut Iter<'_, Option<CompactString>>,
        before: &Option<Box<Track>>,
    ) -> io::Result<()> {
        match self.w.is_pretty() {
            true => self.full_ply_in::<true>(p, node, verdicts, before),
            false => self.full_ply_in::<false>(p, node, verdicts, before),
        }
    }

    /// [`JsonGames::full_ply`] in the writer's layout, `PRETTY` or not:
    /// its short members appended as text (the bytes the writer's own
    /// calls would give), one copy of the code per layout.
    fn full_ply_in<const PRETTY: bool>(
        &mut self,
        p: Option<&Facts>,
        node: &Node,
        verdicts: &mut Iter<'_, Option<CompactString>>,
        before: &Option<Box<Track>>,
    ) -> io::Result<()> {
        self.w.begin_object()?;
        // Each key with what comes before it: one constant in the compact
        // layout; in the pretty one the lead (a comma, a line break and the
        // indentation), then the key and `": "`.
        let mut lead = std::mem::take(&mut self.lead);
        if PRETTY {
            self.w.member_lead(&mut lead);
        }
        let lead_or = PRETTY.then_some(&lead[..]);
        // `key!(b, "k")`, or `key!(b, "k", "text")` with the value's text
        // (or its start) in the same constant.
        macro_rules! key {
            ($b:ident, $k:literal) => {
                key!($b, $k, "")
            };
            ($b:ident, $k:literal, $then:literal) => {
                match lead_or {
                    None => $b.extend_from_slice(concat!(",\"", $k, "\":", $then).as_bytes()),
                    Some(lead) => {
                        $b.extend_from_slice(lead);
                        $b.extend_from_slice(concat!("\"", $k, "\": ", $then).as_bytes());
                    }
                }
            };
        }
        let b = self.w.members();
        match lead_or {
            None => b.extend_from_slice(b"\"san\":"),
            Some(lead) => {
                b.extend_from_slice(&lead[1..]);
                b.extend_from_slice(b"\"san\": ");
            }
        }
        push_quoted(b, &node.san);
        key!(b, "move_number");
        match node.move_number {
            Some(n) => push_number(b, u64::from(n)),
            None => b.extend_from_slice(b"null"),
        }
        if let Some(p) = p {
            key!(b, "canonical");
            push_quoted(b, &p.canonical);
            key!(b, "kind");
            push_plain(b, p.kind);
            key!(b, "color");
            push_plain(b, p.color);
            if let Some(piece) = p.piece {
                key!(b, "piece");
                push_plain(b, piece);
            }
            if let Some(sq) = p.from {
                key!(b, "from", "\"");
                push_square_bytes(sq, b);
                b.push(b'"');
            }
            if let Some(sq) = p.to {
                key!(b, "to", "\"");
                push_square_bytes(sq, b);
                b.push(b'"');
            }
            if let Some(r) = p.rank {
                key!(b, "rank");
                push_number(b, u64::from(r));
            }
            if let Some(d) = p.direction {
                key!(b, "direction");
                push_quoted(b, d.encode_utf8(&mut [0; 4]));
            }
            self.promotion(p)?;
            let b = self.w.members();
            if let Some(c) = p.captured {
                key!(b, "captured");
                push_plain(b, c);
            }
            match p.check {
                Some(c) => {
                    key!(b, "check");
                    push_plain(b, c);
                }
                None => key!(b, "check", "null"),
            }
            match p.permission {
                Some(true) => key!(b, "permission", "true"),
                Some(false) => key!(b, "permission", "false"),
                None => {}
            }
        }
        let bare = node.nags.is_empty()
            && node.comments_before.is_empty()
            && node.comments.is_empty()
            && node.variations.is_empty();
        if bare {
            let b = self.w.members();
            match lead_or {
                None => b.extend_from_slice(b",\"nags\":[],\"comments\":[],\"variations\":[]"),
                Some(_) => {
                    key!(b, "nags", "[]");
                    key!(b, "comments", "[]");
                    key!(b, "variations", "[]");
                }
            }
        }
        self.lead = lead;
        if !bare {
            self.node_annotations(node, verdicts, before)?;
        }
        self.fen_after_and_end(p)
    }

    /// A ply's NAGs, comments and variations, in the form's order.
    fn node_annotations(
        &mut self,
        node: &Node,
        verdicts: &mut Iter<'_, Option<CompactString>>,
        before: &Option<Box<Track>>,
    ) -> io::Result<()> {
        self.nags(&node.nags)?;
        if !node.comments_before.is_empty() {
            self.w.key("comments_before")?;
            self.comments(&node.comments_before)?;
        }
        self.w.key("comments")?;
        self.comments(&node.comments)?;
        self.w.key("variations")?;
        self.variations(node, verdicts, before)
    }

    /// `fen_after` when asked for, and the end of the ply's object.
    fn fen_after_and_end(&mut self, p: Option<&Facts>) -> io::Result<()> {
        if let Some(fen) = p.and_then(|p| p.fen_after.as_deref()) {
            self.w.key("fen_after")?;
            self.w.string(fen)?;
        }
        self.w.end_object()
    }

    /// The compact form: keys sorted, empty and derived fields left out.
    fn compact_ply(
        &mut self,
        p: Option<&Facts>,
        node: &Node,
        verdicts: &mut Iter<'_, Option<CompactString>>,
        before: &Option<Box<Track>>,
    ) -> io::Result<()> {
        self.w.begin_object()?;
        if let Some(p) = p.filter(|p| p.canonical.as_str() != node.san.as_str()) {
            self.opt_str("canonical", Some(&p.canonical))?;
        }
        let p_or = |f: fn(&Facts) -> Option<&str>| p.and_then(f);
        self.opt_str("captured", p_or(|p| p.captured))?;
        if let Some(check) = p_or(|p| p.check) {
            self.w.key("check")?;
            self.w.string(check)?;
        }
        if !node.comments.is_empty() {
            self.w.key("comments")?;
            self.comments(&node.comments)?;
        }
        if !node.comments_before.is_empty() {
            self.w.key("comments_before")?;
            self.comments(&node.comments_before)?;
        }
        if let Some(p) = p {
            self.direction(p.direction)?;
            self.opt_str("fen_after", p.fen_after.as_deref())?;
            self.square("from", p.from)?;
        }
        if !node.nags.is_empty() {
            self.nags(&node.nags)?;
        }
        if let Some(p) = p {
            if let Some(b) = p.permission {
                self.w.key("permission")?;
                self.w.boolean(b)?;
            }
            self.promotion(p)?;
            if let Some(r) = p.rank {
                self.w.key("rank")?;
                self.w.number(u64::from(r))?;
            }
        }
        self.w.key("san")?;
        self.w.string(&node.san)?;
        if let Some(p) = p {
            self.square("to", p.to)?;
        }
        if !node.variations.is_empty() {
            self.w.key("variations")?;
            self.variations(node, verdicts, before)?;
        }
        self.w.end_object()
    }

    fn nags(&mut self, nags: &[u16]) -> io::Result<()> {
        self.w.key("nags")?;
        self.w.begin_array()?;
        for &n in nags {
            self.w.number(u64::from(n))?;
        }
        self.w.end_array()
    }

    /// `promotion`, if the ply promotes: a role code, or a cage
    /// insertion's list.
    fn promotion(&mut self, p: &Facts) -> io::Result<()> {
        if let Some(role) = p.promotion {
            self.w.key("promotion")?;
            return self.w.string(role);
        }
        if p.cage.is_empty() {
            return Ok(());
        }
        self.w.key("promotion")?;
        self.w.begin_array()?;
        for &(square, piece) in &p.cage {
            self.w.begin_object()?;
            square_text(square, &mut self.text);
            let square = std::mem::take(&mut self.text);
            let fields = [("square", square.as_str()), ("piece", piece)];
            let fields = if self.compact {
                [fields[1], fields[0]]
            } else {
                fields
            };
            for (k, v) in fields {
                self.w.key(k)?;
                self.w.string(v)?;
            }
            self.text = square;
            self.w.end_object()?;
        }
        self.w.end_array()
    }

    fn comments(&mut self, list: &[Comment]) -> io::Result<()> {
        self.w.begin_array()?;
        for c in list {
            self.comment(c)?;
        }
        self.w.end_array()
    }

    fn comment(&mut self, c: &Comment) -> io::Result<()> {
        let c = &JsonComment::from(c);
        let w = &mut self.w;
        w.begin_object()?;
        if !self.compact {
            w.key("text")?;
            w.string(&c.text)?;
            w.key("kind")?;
            w.string(&c.kind)?;
        }
        if !c.commands.is_empty() {
            w.key("commands")?;
            w.begin_array()?;
            for cmd in &c.commands {
                w.begin_object()?;
                let fields = [("name", &cmd.name), ("args", &cmd.args)];
                let fields = if self.compact {
                    [fields[1], fields[0]]
                } else {
                    fields
                };
                for (k, v) in fields {
                    w.key(k)?;
                    w.string(v)?;
                }
                w.end_object()?;
            }
            w.end_array()?;
        }
        if self.compact {
            w.key("kind")?;
            w.string(&c.kind)?;
            w.key("text")?;
            w.string(&c.text)?;
        }
        w.end_object()
    }

    /// Ends the game's object (compact: the keys after `moves`).
    fn close(&mut self, result: Option<&str>) -> io::Result<()> {
        self.open_moves()?;
        self.w.end_array()?;
        if !self.compact {
            self.w.key("result")?;
            self.w.opt_string(result)?;
            return self.w.end_object();
        }
        if !self.prelude.is_empty() {
            self.w.key("prelude")?;
            let prelude = std::mem::take(&mut self.prelude);
            self.comments(&prelude)?;
        }
        if let Some(r) = result {
            self.w.key("result")?;
            self.w.string(r)?;
        }
        let start = self.start.take();
        self.opt("start", &start)?;
        self.tags()?;
        if let Some(v) = self.variant {
            self.w.key("variant")?;
            self.w.string(v)?;
        }
        self.w.key("version")?;
        self.w.number(u64::from(VERSION))?;
        self.w.end_object()
    }
}

impl<W: Write> GameSink for JsonGames<W> {
    /// Whether the game was written.
    type Output = Result<(), GameError>;

    /// A ply's fields come from its own replay (`json_ply`): the verdict
    /// only says whether it resolved.
    fn wants_canonical(&self) -> bool {
        false
    }

    fn begin_game(&mut self) {
        self.pos = None;
        self.tags.clear();
        self.start = None;
        self.variant = None;
        self.prelude.clear();
        self.prelude_open = false;
        self.moves_open = false;
        self.deepest = 0;
        self.error = None;
    }

    fn movetext(&mut self, tags: &[Tag], _span: Span) -> bool {
        // The tags alone, as a record, for what they say about the start.
        let head = Record {
            tags: tags.to_vec(),
            ..Record::default()
        };
        let (variant, start, start_fen) = game_start(&head);
        self.tags = head.tags;
        self.pos = start.map(|p| Box::new(Track::new(p)));
        self.start = start_fen;
        self.variant = variant.map(|v| v.id());
        let pretty = self.layout == Layout::Element;
        self.w.reset(usize::from(pretty));
        let first = self.games_before == 0;
        self.write(|s| {
            if pretty {
                let sep: &[u8] = if first { b"[\n  " } else { b",\n  " };
                s.w.raw(sep)?;
            }
            s.w.begin_object()?;
            s.w.key("format")?;
            s.w.string(FORMAT)?;
            if s.compact {
                return Ok(());
            }
            s.w.key("version")?;
            s.w.number(u64::from(VERSION))?;
            s.tags()?;
            s.w.key("variant")?;
            s.w.opt_string(s.variant)?;
            let start = s.start.take();
            s.opt("start", &start)
        });
        // Playing each move in turn gives the replay's verdict but for
        // Fault Line's refusals (`[%deny]`, FL10): only there is the game
        // replayed alongside.
        self.replayed = variant == Some(Variant::FaultLine);
        self.replayed
    }

    fn prelude(&mut self, c: &Comment) {
        if self.compact {
            self.prelude.push(c.clone());
            return;
        }
        self.write(|s| {
            if !std::mem::replace(&mut s.prelude_open, true) {
                s.w.key("prelude")?;
                s.w.begin_array()?;
            }
            s.comment(c)
        });
    }

    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>]) {
        let depth = match node.variations.is_empty() {
            true => 0,
            false => variation_depth(std::slice::from_ref(&node)),
        };
        self.deepest = self.deepest.max(depth);
        self.write(|s| {
            s.open_moves()?;
            let mut pos = s.pos.take();
            let r = s.node(&node, &mut verdicts.iter(), &mut pos);
            s.pos = pos;
            r
        });
    }

    fn end_game(&mut self, end: GameEnd) -> Self::Output {
        self.write(|s| {
            s.close(end.result.as_deref())?;
            if s.layout == Layout::Line {
                s.w.raw(b"\n")?;
            }
            Ok(())
        });
        if let Err(e) = self.w.flush() {
            self.error.get_or_insert(e);
        }
        if let Some(e) = self.error.take() {
            return Err(GameError::Io(e));
        }
        if self.deepest > MAX_VARIATION_DEPTH {
            let e = JsonError::TooDeep {
                depth: self.deepest,
                limit: MAX_VARIATION_DEPTH,
            };
            return Err(GameError::Json(e, end.span));
        }
        Ok(())
    }
}
