//! [`RecordBuilder`]: the visitor that builds records.

use super::Visitor;
use crate::model::{Comment, CommentKind, Line, Node, Record, Span, Tag};

/// A [`Visitor`] that builds [`Record`]s.
///
/// Placement rules: a comment before the movetext goes to the next tag
/// pair's `comments_before` (or, when no tag follows, to the prelude); in
/// the movetext it goes after the last move of the current line, or before
/// the first move to `Record::prelude` (main line) or the next move's
/// `comments_before` (variation). A variation is attached to the last move
/// of the enclosing line. A move number the main line ends with is kept in
/// `Record::trailing_move_number`. A NAG before any move, or a comment in
/// a variation with none, would be dropped: the [`Reader`](super::Reader) makes them
/// errors first (other drivers should too).
#[derive(Debug, Default)]
pub struct RecordBuilder {
    rec: Record,
    /// Current lines, main line at the bottom.
    stack: Vec<Line>,
    pending_number: Option<u32>,
    pending_comments: Vec<Comment>,
    /// Comments read in the tag section, for the next tag pair.
    tag_comments: Vec<Comment>,
    in_movetext: bool,
    end: u64,
    started: bool,
}

impl RecordBuilder {
    /// A fresh builder.
    pub fn new() -> Self {
        Self::default()
    }

    fn touch(&mut self, span: Span) {
        if !self.started {
            self.started = true;
            self.rec.span = Span { len: 0, ..span };
            self.end = span.offset;
        }
        self.end = self
            .end
            .max(span.offset.saturating_add(u64::from(span.len)));
    }

    fn top(&mut self) -> &mut Line {
        if self.stack.is_empty() {
            self.stack.push(Line::new());
        }
        // Cannot fail: the stack was made non-empty just above.
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    /// Pops the main line's last move, for a caller that hands moves on as
    /// they complete (call it when the main line is the current line and a
    /// new move starts).
    pub fn pop_main(&mut self) -> Option<Node> {
        match self.stack.len() {
            0 | 1 => self.stack.first_mut().and_then(Vec::pop),
            _ => None,
        }
    }

    /// The depth of the current line (1: the main line).
    pub fn depth(&self) -> usize {
        self.stack.len().max(1)
    }

    /// The record so far (its tags, prelude and result), for a caller that
    /// takes the moves itself.
    pub fn record_mut(&mut self) -> &mut Record {
        &mut self.rec
    }

    /// The tag section is over: comments held for a tag go to the prelude.
    fn start_movetext(&mut self) {
        if !std::mem::replace(&mut self.in_movetext, true) {
            let held = std::mem::take(&mut self.tag_comments);
            self.rec.prelude.splice(0..0, held);
        }
    }

    fn push_comment(&mut self, c: Comment) {
        if !self.in_movetext {
            self.tag_comments.push(c);
            return;
        }
        let depth = self.stack.len();
        match self.top().last_mut() {
            Some(n) => n.comments.push(c),
            None if depth <= 1 => self.rec.prelude.push(c),
            None => self.pending_comments.push(c),
        }
    }
}

impl Visitor for RecordBuilder {
    type Output = Record;

    fn begin_game(&mut self) {
        *self = RecordBuilder::default();
    }

    fn tag(&mut self, name: &str, value: &str, span: Span) {
        self.touch(span);
        self.rec.tags.push(Tag {
            name: name.to_string(),
            value: value.to_string(),
            span,
            comments_before: std::mem::take(&mut self.tag_comments),
        });
    }

    fn begin_movetext(&mut self) {
        self.start_movetext();
    }

    fn san(&mut self, token: &str, span: Span) {
        self.touch(span);
        self.start_movetext();
        let mut n = Node::new(token);
        n.span = span;
        n.move_number = self.pending_number.take();
        n.comments_before = std::mem::take(&mut self.pending_comments);
        self.top().push(n);
    }

    fn nag(&mut self, nag: u16, span: Span) {
        self.touch(span);
        self.start_movetext();
        if let Some(n) = self.top().last_mut() {
            n.nags.push(nag);
        }
    }

    fn comment(&mut self, text: &str, span: Span) {
        self.touch(span);
        self.push_comment(Comment {
            text: text.to_string(),
            kind: CommentKind::Brace,
            span,
        });
    }

    fn line_comment(&mut self, text: &str, span: Span) {
        self.touch(span);
        self.push_comment(Comment {
            text: text.to_string(),
            kind: CommentKind::Line,
            span,
        });
    }

    fn begin_variation(&mut self, span: Span) {
        self.touch(span);
        self.start_movetext();
        self.top();
        self.pending_number = None;
        self.pending_comments.clear();
        self.stack.push(Line::new());
    }

    fn end_variation(&mut self, span: Span) {
        self.touch(span);
        self.pending_number = None;
        self.pending_comments.clear();
        if self.stack.len() > 1 {
            if let Some(line) = self.stack.pop() {
                if let Some(n) = self.top().last_mut() {
                    n.variations.push(line);
                }
            }
        }
    }

    fn move_number(&mut self, n: u32, span: Span) {
        self.touch(span);
        self.start_movetext();
        self.pending_number = Some(n);
    }

    fn outcome(&mut self, result: &str, span: Span) {
        self.touch(span);
        self.start_movetext();
        self.rec.result = Some(result.to_string());
        self.rec.result_span = Some(span);
    }

    fn end_game(&mut self) -> Record {
        self.start_movetext();
        if self.stack.len() <= 1 {
            self.rec.trailing_move_number = self.pending_number.take();
        }
        // Close anything left open (the reader reports that as an error, but
        // a builder driven by other code should still not lose moves).
        while self.stack.len() > 1 {
            if let Some(line) = self.stack.pop() {
                if let Some(n) = self.top().last_mut() {
                    n.variations.push(line);
                }
            }
        }
        let mut rec = std::mem::take(&mut self.rec);
        rec.moves = self.stack.pop().unwrap_or_default();
        rec.span.len = u32::try_from(self.end.saturating_sub(rec.span.offset)).unwrap_or(u32::MAX);
        *self = RecordBuilder::default();
        rec
    }
}
