//! Every position of a record's move tree, main line and variations, in
//! document order: what a replay page steps through.

use super::highlight;
use crate::model::{Comment, Line, Node};
use crate::notation::san::San;
use crate::position::Position;
use crate::square::Square;

/// Variations nested deeper than this are listed as text without boards, so
/// a hostile record cannot exhaust the call stack.
pub const MAX_DEPTH: usize = 64;

/// One position of the tree.
#[derive(Clone, Debug)]
pub struct Step {
    /// The step before (None for the start).
    pub parent: Option<usize>,
    /// The next step of the same line.
    pub next: Option<usize>,
    /// The move as canonical SAN (the start has none).
    pub san: String,
    /// The position after the move (the start position for the start).
    pub pos: Position,
    /// Cells the move touched, in `pos`'s frame.
    pub marks: Vec<Square>,
    /// Plies from the start.
    pub ply: usize,
}

/// A piece of the move list, in document order.
#[derive(Clone, Debug)]
pub enum Item<'a> {
    /// A move that was played: its step index, the node, the ply it makes.
    Move(usize, &'a Node),
    /// A move that could not be played, and why.
    Bad(&'a Node, usize, String),
    /// A move after a bad one in the same line (not played).
    Dead(&'a Node),
    /// A comment.
    Comment(&'a Comment),
    /// `(` of a variation.
    Open,
    /// `)` of a variation.
    Close,
    /// Variations deeper than [`MAX_DEPTH`] were left out.
    TooDeep,
}

/// The steps (index 0 is the start) and the move list.
pub struct Tree<'a> {
    /// Every position reached, linked by `parent` and `next`.
    pub steps: Vec<Step>,
    /// The move list, in document order.
    pub items: Vec<Item<'a>>,
}

/// Plays every line of `moves` from `start`.
pub fn walk<'a>(start: &Position, prelude: &'a [Comment], moves: &'a Line) -> Tree<'a> {
    let mut tree = Tree {
        steps: vec![Step {
            parent: None,
            next: None,
            san: String::new(),
            pos: start.clone(),
            marks: Vec::new(),
            ply: 0,
        }],
        items: prelude.iter().map(Item::Comment).collect(),
    };
    line(&mut tree, 0, moves, 0);
    tree
}

fn line<'a>(tree: &mut Tree<'a>, from: usize, moves: &'a Line, depth: usize) {
    let mut at = Some(from);
    for node in moves {
        tree.items
            .extend(node.comments_before.iter().map(Item::Comment));
        let Some(prev) = at else {
            tree.items.push(Item::Dead(node));
            tree.items.extend(node.comments.iter().map(Item::Comment));
            continue;
        };
        let before = tree.steps[prev].pos.clone();
        let ply = tree.steps[prev].ply + 1;
        let mut pos = before.clone();
        let played = San::parse(&node.san)
            .map_err(|e| e.to_string())
            .and_then(|p| p.play(&mut pos).map_err(|e| e.to_string()));
        match played {
            Ok(resolved) => {
                let index = tree.steps.len();
                tree.steps.push(Step {
                    parent: Some(prev),
                    next: None,
                    san: resolved.san.to_string(),
                    marks: highlight::last_move(&before, &resolved.mv, &pos),
                    pos,
                    ply,
                });
                if tree.steps[prev].next.is_none() {
                    tree.steps[prev].next = Some(index);
                }
                tree.items.push(Item::Move(index, node));
                at = Some(index);
            }
            Err(why) => {
                tree.items.push(Item::Bad(node, ply, why));
                at = None;
            }
        }
        tree.items.extend(node.comments.iter().map(Item::Comment));
        for variation in &node.variations {
            if depth >= MAX_DEPTH {
                tree.items.push(Item::TooDeep);
                break;
            }
            tree.items.push(Item::Open);
            line(tree, prev, variation, depth + 1);
            tree.items.push(Item::Close);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pgn::read_all;
    use crate::variant::Variant;

    #[test]
    fn variations_branch_from_the_position_before() {
        let games = read_all(b"1. e4 (1. d4 d5) 1... e5 2. Nf3 Qxx 3. a3 *");
        let g = games[0].as_ref().unwrap();
        let tree = walk(&Position::start(Variant::Chess), &g.prelude, &g.moves);
        let sans: Vec<&str> = tree.steps.iter().map(|s| s.san.as_str()).collect();
        assert_eq!(sans, ["", "e4", "d4", "d5", "e5", "Nf3"]);
        // d4 branches from the start; the main line goes on from e4.
        assert_eq!(tree.steps[2].parent, Some(0));
        assert_eq!(tree.steps[0].next, Some(1));
        assert_eq!(tree.steps[1].next, Some(4));
        assert!(matches!(
            tree.items
                .iter()
                .filter(|i| matches!(i, Item::Bad(..)))
                .count(),
            1
        ));
        assert!(tree
            .items
            .iter()
            .any(|i| matches!(i, Item::Dead(n) if n.san == "a3")));
    }
}
