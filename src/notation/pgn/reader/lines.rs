//! The lines open at a point of the movetext, so that nothing read is lost
//! on the way to a record.

use crate::model::Span;

/// The main line and the variations open at a point of the movetext: what
/// each has seen decides whether a `(`, a NAG or a `)` has something to
/// belong to. Nothing read may be lost on the way to a [`Record`], whose
/// variations, NAGs and comments all hang on moves. Explicit stack: nesting
/// depth never touches the call stack.
#[derive(Default)]
pub(super) struct Lines {
    /// The main line has a move.
    pub(super) main_has_move: bool,
    /// One entry per open `(`.
    pub(super) open: Vec<OpenLine>,
}

pub(super) struct OpenLine {
    /// Where the `(` is.
    pub(super) at: Span,
    pub(super) has_move: bool,
    /// The first comment of the variation while it has no move (cleared
    /// by its first move).
    pub(super) comment: Option<Span>,
}

impl Lines {
    /// A new game: only the main line, without a move.
    pub(super) fn clear(&mut self) {
        self.main_has_move = false;
        self.open.clear();
    }

    /// Whether the current line (the innermost open variation, else the
    /// main line) has a move yet.
    pub(super) fn has_move(&self) -> bool {
        self.open.last().map_or(self.main_has_move, |o| o.has_move)
    }

    pub(super) fn moved(&mut self) {
        match self.open.last_mut() {
            Some(o) => {
                o.has_move = true;
                o.comment = None;
            }
            None => self.main_has_move = true,
        }
    }

    /// A comment of the current line. In the main line before its first
    /// move it is the game's (the record's prelude); in a variation it
    /// waits for the variation's first move.
    pub(super) fn commented(&mut self, span: Span) {
        if let Some(o) = self.open.last_mut() {
            if !o.has_move {
                o.comment.get_or_insert(span);
            }
        }
    }
}
