//! The one walk over a record's move tree, in document order.
//!
//! Lines are kept on an explicit stack, so the depth of nested variations
//! never touches the call stack.
//!
//! ```
//! use fvnote::model::{Node, Record, Step};
//! let mut e4 = Node::new("e4");
//! e4.variations.push(vec![Node::new("d4")]);
//! let record = Record { moves: vec![e4, Node::new("e5")], ..Record::default() };
//! let steps: Vec<String> = record
//!     .steps()
//!     .map(|s| match s {
//!         Step::Move(n) => n.san.to_string(),
//!         Step::Enter => "(".into(),
//!         Step::Leave => ")".into(),
//!     })
//!     .collect();
//! assert_eq!(steps, ["e4", "(", "d4", ")", "e5"]);
//! ```

use crate::model::{Node, Record};

/// One step of [`Record::steps`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A move; the alternatives written after it follow as
    /// [`Step::Enter`] … [`Step::Leave`], before the next move of its line.
    Move(&'a Node),
    /// A variation opens.
    Enter,
    /// The innermost open variation ends.
    Leave,
}

/// The iterator of [`Record::steps`].
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    /// The innermost open line: its remaining moves, and for a variation
    /// whether it has been entered yet (`None`: the main line).
    line: Option<OpenLine<'a>>,
    /// The lines open around it, innermost last (allocated only once a
    /// move has variations: most walks are of one plain move).
    outer: Vec<OpenLine<'a>>,
}

type OpenLine<'a> = (std::slice::Iter<'a, Node>, Option<bool>);

impl<'a> Steps<'a> {
    fn open(&mut self, line: OpenLine<'a>) {
        if let Some(outer) = self.line.replace(line) {
            self.outer.push(outer);
        }
    }

    fn close(&mut self) -> Option<OpenLine<'a>> {
        std::mem::replace(&mut self.line, self.outer.pop())
    }
}

impl<'a> Iterator for Steps<'a> {
    type Item = Step<'a>;
    fn next(&mut self) -> Option<Step<'a>> {
        loop {
            let (nodes, open) = self.line.as_mut()?;
            if *open == Some(false) {
                *open = Some(true);
                return Some(Step::Enter);
            }
            match nodes.next() {
                Some(node) => {
                    // Alternatives to this move, the first one innermost.
                    for v in node.variations.iter().rev() {
                        self.open((v.iter(), Some(false)));
                    }
                    return Some(Step::Move(node));
                }
                None => {
                    if self.close().is_some_and(|l| l.1.is_some()) {
                        return Some(Step::Leave);
                    }
                }
            }
        }
    }
}

impl Record {
    /// Every move of the main line and of every variation, in document
    /// order, with where variations open and end.
    pub fn steps(&self) -> Steps<'_> {
        steps(&self.moves)
    }

    /// Calls `f` on every move in document order (a move before its
    /// variations), mutably.
    pub fn for_each_node_mut(&mut self, f: impl FnMut(&mut Node)) {
        for_each_node_mut(&mut self.moves, f);
    }
}

/// [`Record::steps`] of a line and its variations.
pub fn steps(line: &[Node]) -> Steps<'_> {
    Steps {
        line: Some((line.iter(), None)),
        outer: Vec::new(),
    }
}

/// [`Record::for_each_node_mut`] of a line and its variations.
pub fn for_each_node_mut(line: &mut [Node], mut f: impl FnMut(&mut Node)) {
    // The line being walked, and the lines to come back to, innermost
    // last (allocated only once a move has variations).
    let mut nodes = line.iter_mut();
    let mut outer = Vec::new();
    loop {
        let Some(node) = nodes.next() else {
            match outer.pop() {
                Some(line) => nodes = line,
                None => return,
            }
            continue;
        };
        f(node);
        let mut variations = node.variations.iter_mut();
        if let Some(first) = variations.next() {
            outer.push(std::mem::replace(&mut nodes, first.iter_mut()));
            outer.extend(variations.rev().map(|v| v.iter_mut()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `e4 (d4 (c4) Nf3) (b3) (g3) e5 (c5)`: three variations on one move,
    /// one nested, one on the last move.
    fn tree() -> Vec<Node> {
        let mut d4 = Node::new("d4");
        d4.variations.push(vec![Node::new("c4")]);
        let mut e4 = Node::new("e4");
        e4.variations.push(vec![d4, Node::new("Nf3")]);
        e4.variations.push(vec![Node::new("b3")]);
        e4.variations.push(vec![Node::new("g3")]);
        let mut e5 = Node::new("e5");
        e5.variations.push(vec![Node::new("c5")]);
        vec![e4, e5]
    }

    #[test]
    fn both_walks_go_in_document_order() {
        let line = tree();
        let written: Vec<String> = steps(&line)
            .map(|s| match s {
                Step::Move(n) => n.san.to_string(),
                Step::Enter => "(".into(),
                Step::Leave => ")".into(),
            })
            .collect();
        assert_eq!(
            written.join(" "),
            "e4 ( d4 ( c4 ) Nf3 ) ( b3 ) ( g3 ) e5 ( c5 )"
        );
        let mut line = tree();
        let mut visited = Vec::new();
        for_each_node_mut(&mut line, |n| visited.push(n.san.to_string()));
        assert_eq!(visited, ["e4", "d4", "c4", "Nf3", "b3", "g3", "e5", "c5"]);
    }
}
