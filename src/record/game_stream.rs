//! A game handed on a main-line move at a time as the PGN reader reads it,
//! so a writer can convert a game of any length while holding only the
//! move being finished (with its variations), not the whole record.
//!
//! [`GameStream`] is a PGN [`Visitor`]: it places tokens as
//! [`RecordBuilder`](crate::notation::pgn::RecordBuilder) does (a comment
//! after the last move of its line, before the first move in the prelude or
//! the next move's `comments_before`, a variation on the last move of the
//! enclosing line), and hands each main-line [`Node`] to its [`GameSink`]
//! once the next main-line move starts or the game ends: only then are its
//! comments, NAGs and variations all known. A [`Replayer`] replays the game
//! alongside when asked, and each node comes with the replay's verdict on
//! each of its move tokens, in document order.

use compact_str::CompactString;

use crate::model::{Comment, CommentKind, Line, Node, Record, Span, Step, Tag};
use crate::notation::pgn::Visitor;
use crate::record::replay::{GameReport, ReplayOptions, Replayer};

/// How a game ended, handed to [`GameSink::end_game`].
pub struct GameEnd {
    /// The tag pairs, in order.
    pub tags: Vec<Tag>,
    /// The result token ending the movetext, if any.
    pub result: Option<String>,
    /// Where the game starts (its first token).
    pub span: Span,
    /// The replay's verdict on the whole game, when replayed.
    pub report: Option<GameReport>,
}

/// Receives a game from [`GameStream`], in order: `begin_game`, then
/// `movetext` once the tags are known, the prelude's comments, each
/// main-line node, and `end_game`.
pub trait GameSink {
    /// What a game turns into.
    type Output;
    /// A new game starts.
    fn begin_game(&mut self);
    /// The tags are read (before any prelude comment, node or the end);
    /// whether the game's nodes need the replay's verdicts.
    fn movetext(&mut self, tags: &[Tag], span: Span) -> bool;
    /// A comment before the first move.
    fn prelude(&mut self, c: &Comment);
    /// The next main-line node, complete; `verdicts`: the replay's
    /// canonical SAN of each of its move tokens in document order (the
    /// node's, then its variations'; see [`GameSink::wants_canonical`]),
    /// None where one did not resolve; empty when the game is not replayed
    /// (see [`GameSink::movetext`]).
    fn node(&mut self, node: Node, verdicts: &[Option<CompactString>]);
    /// The game is complete.
    fn end_game(&mut self, end: GameEnd) -> Self::Output;
    /// Whether the verdicts [`GameSink::node`] gets must be canonical SAN;
    /// false: a resolved token's may be any string (only resolving counts).
    fn wants_canonical(&self) -> bool {
        true
    }
}

/// A PGN visitor that hands a game to a [`GameSink`] a main-line node at a
/// time (see the module).
pub struct GameStream<S> {
    sink: S,
    replayer: Option<Replayer>,
    tags: Vec<Tag>,
    /// Open lines, main line at the bottom; the main line holds at most the
    /// node not yet handed on.
    stack: Vec<Line>,
    pending_number: Option<u32>,
    pending_comments: Vec<Comment>,
    verdicts: Vec<Option<CompactString>>,
    result: Option<String>,
    span: Option<Span>,
    in_movetext: bool,
    /// The current game is replayed (its tags always are).
    replaying: bool,
}

impl<S: GameSink> GameStream<S> {
    /// Games to `sink`; `replay`: replay each game alongside (a full replay,
    /// so every token gets a verdict; clean tokens on the accelerator).
    pub fn new(sink: S, replay: bool) -> GameStream<S> {
        let replayer = Replayer::new(ReplayOptions::default()).fast_verdicts();
        let replayer = match sink.wants_canonical() {
            true => replayer,
            false => replayer.resolved_only(),
        };
        GameStream {
            sink,
            replayer: replay.then_some(replayer),
            tags: Vec::new(),
            stack: Vec::new(),
            pending_number: None,
            pending_comments: Vec::new(),
            verdicts: Vec::new(),
            result: None,
            span: None,
            in_movetext: false,
            replaying: false,
        }
    }

    /// The sink.
    pub fn sink(&mut self) -> &mut S {
        &mut self.sink
    }

    /// The sink, given back.
    pub fn into_sink(self) -> S {
        self.sink
    }

    /// Hands a record already read to the sink, as if read from PGN (its
    /// tokens in document order).
    pub fn record(&mut self, record: &Record) -> S::Output {
        self.begin_game();
        self.span = Some(Span {
            len: 0,
            ..record.span
        });
        for t in &record.tags {
            self.tag(&t.name, &t.value, t.span);
        }
        self.begin_movetext();
        let comment = |v: &mut Self, c: &Comment| match c.kind {
            CommentKind::Brace => v.comment(&c.text, c.span),
            CommentKind::Line => v.line_comment(&c.text, c.span),
        };
        record.prelude.iter().for_each(|c| comment(self, c));
        for step in record.steps() {
            match step {
                Step::Enter => self.begin_variation(Span::default()),
                Step::Leave => self.end_variation(Span::default()),
                Step::Move(node) => {
                    node.comments_before.iter().for_each(|c| comment(self, c));
                    if let Some(n) = node.move_number {
                        self.move_number(n, node.span);
                    }
                    self.san(&node.san, node.span);
                    for &nag in &node.nags {
                        self.nag(nag, node.span);
                    }
                    node.comments.iter().for_each(|c| comment(self, c));
                }
            }
        }
        if let Some(res) = &record.result {
            let tag = record.tag_pair("Result").map(|t| t.span);
            self.outcome(res, record.result_span.or(tag).unwrap_or(record.span));
        }
        self.end_game()
    }

    fn touch(&mut self, span: Span) {
        self.span.get_or_insert(Span { len: 0, ..span });
    }

    /// The tags are complete: tell the sink, once, and learn whether the
    /// game is replayed.
    fn start_movetext(&mut self) {
        if !std::mem::replace(&mut self.in_movetext, true) {
            let span = self.span.unwrap_or_default();
            let wanted = self.sink.movetext(&self.tags, span);
            self.replaying = wanted && self.replayer.is_some();
        }
    }

    /// The replayer, while a movetext token is to be replayed.
    fn replayer(&mut self) -> Option<&mut Replayer> {
        self.start_movetext();
        match self.replaying {
            true => self.replayer.as_mut(),
            false => None,
        }
    }

    fn top(&mut self) -> &mut Line {
        if self.stack.is_empty() {
            self.stack.push(Line::new());
        }
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    /// Hands the main line's waiting node on.
    fn flush_main(&mut self) {
        if let Some(node) = self.stack.first_mut().and_then(Vec::pop) {
            self.sink.node(node, &self.verdicts);
        }
        self.verdicts.clear();
    }

    fn push_comment(&mut self, c: Comment) {
        self.start_movetext();
        let depth = self.stack.len();
        match self.top().last_mut() {
            Some(n) => n.comments.push(c),
            None if depth <= 1 => self.sink.prelude(&c),
            None => self.pending_comments.push(c),
        }
    }

    /// Closes the open variations onto their moves.
    fn close_variation(&mut self) {
        if self.stack.len() > 1 {
            if let Some(line) = self.stack.pop() {
                if let Some(n) = self.top().last_mut() {
                    n.variations.push(line);
                }
            }
        }
    }
}

impl<S: GameSink> Visitor for GameStream<S> {
    type Output = S::Output;

    fn begin_game(&mut self) {
        self.tags.clear();
        self.stack.clear();
        self.pending_number = None;
        self.pending_comments.clear();
        self.verdicts.clear();
        self.result = None;
        self.span = None;
        self.in_movetext = false;
        self.replaying = false;
        self.sink.begin_game();
        if let Some(r) = &mut self.replayer {
            r.begin_game();
        }
    }

    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.touch(span);
        if let Some(r) = &mut self.replayer {
            r.tag(name, value, span);
        }
        self.tags.push(Tag {
            name: name.to_string(),
            value: value.to_string(),
            span,
        });
    }

    fn begin_movetext(&mut self) {
        if let Some(r) = &mut self.replayer {
            r.begin_movetext();
        }
    }

    fn san(&mut self, token: &str, span: Span) {
        self.touch(span);
        self.start_movetext();
        if self.stack.len() <= 1 {
            self.flush_main();
        }
        if let Some(r) = self.replayer() {
            r.san(token, span);
            let verdict = r.take_verdict();
            self.verdicts.push(verdict);
        }
        let mut n = Node::new(token);
        n.span = span;
        n.move_number = self.pending_number.take();
        n.comments_before = std::mem::take(&mut self.pending_comments);
        self.top().push(n);
    }

    fn nag(&mut self, nag: u16, span: Span) {
        self.touch(span);
        if let Some(r) = self.replayer() {
            r.nag(nag, span);
        }
        if let Some(n) = self.top().last_mut() {
            n.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &str, span: Span) {
        self.touch(span);
        if let Some(r) = self.replayer() {
            r.comment(text, span);
        }
        self.push_comment(Comment {
            text: text.to_string(),
            kind: CommentKind::Brace,
            span,
        });
    }

    fn line_comment(&mut self, text: &str, span: Span) {
        self.touch(span);
        if let Some(r) = self.replayer() {
            r.line_comment(text, span);
        }
        self.push_comment(Comment {
            text: text.to_string(),
            kind: CommentKind::Line,
            span,
        });
    }

    fn begin_variation(&mut self, span: Span) {
        self.touch(span);
        self.start_movetext();
        if let Some(r) = self.replayer() {
            r.begin_variation(span);
        }
        self.top();
        self.pending_number = None;
        self.pending_comments.clear();
        self.stack.push(Line::new());
    }

    fn end_variation(&mut self, span: Span) {
        self.touch(span);
        if let Some(r) = self.replayer() {
            r.end_variation(span);
        }
        self.pending_number = None;
        self.pending_comments.clear();
        self.close_variation();
    }

    fn move_number(&mut self, n: u32, span: Span) {
        self.touch(span);
        if let Some(r) = self.replayer() {
            r.move_number(n, span);
        }
        self.pending_number = Some(n);
    }

    fn outcome(&mut self, result: &str, span: Span) {
        self.touch(span);
        if let Some(r) = self.replayer() {
            r.outcome(result, span);
        }
        self.result = Some(result.to_string());
    }

    fn end_game(&mut self) -> S::Output {
        self.start_movetext();
        while self.stack.len() > 1 {
            self.close_variation();
        }
        self.flush_main();
        let report = self.replayer().map(Visitor::end_game);
        self.sink.end_game(GameEnd {
            tags: std::mem::take(&mut self.tags),
            result: self.result.take(),
            span: self.span.unwrap_or_default(),
            report,
        })
    }
}
