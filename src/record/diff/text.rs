//! A position diff in words, one kind of difference a line.

use std::fmt;

use super::{Change, Moved, Pairing, PositionDiff};

fn list<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for PositionDiff {
    /// The differences in words, one kind a line; "no differences" if none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return writeln!(f, "no differences");
        }
        let ch = |f: &mut fmt::Formatter<'_>, what: &str, c: &Option<Change>| match c {
            Some(c) => writeln!(f, "{what}: {} -> {}", c.before, c.after),
            None => Ok(()),
        };
        if let Some((x, y)) = self.plies {
            writeln!(
                f,
                "plies: {x} -> {y} of one game, every piece followed move by move"
            )?;
        }
        ch(f, "variant", &self.variant)?;
        ch(f, "frame", &self.frame)?;
        if self.pairing == Pairing::None {
            writeln!(
                f,
                "frames differ: squares of A and B are not the same places, so pieces are not paired by square"
            )?;
        }
        if let Some(r) = &self.relettered {
            let plies = list(&r.at, |p| format!("{} ({})", p.ply, p.san));
            let s = if r.at.len() == 1 { "" } else { "s" };
            match &r.example {
                Some((x, y)) if (r.files, r.ranks) != (0, 0) => {
                    writeln!(f, "frame re-lettered at ply{s} {plies}: A's {x} is B's {y}")?
                }
                _ => writeln!(
                    f,
                    "frame re-lettered at ply{s} {plies}: the names are back where they were"
                )?,
            }
        }
        if !self.became_holes.is_empty() {
            writeln!(f, "became holes: {}", self.became_holes.join(", "))?;
        }
        if !self.became_cells.is_empty() {
            writeln!(f, "became cells: {}", self.became_cells.join(", "))?;
        }
        let piece_move = |m: &Moved| {
            let to = match &m.became {
                Some(b) => format!("{}={b}", m.to),
                None => m.to.clone(),
            };
            match &m.captured {
                Some(c) => format!("{} {}x{to} (captured {c})", m.piece, m.from),
                None => format!("{} {}-{to}", m.piece, m.from),
            }
        };
        let (carried, moved): (Vec<&Moved>, Vec<&Moved>) =
            self.moved.iter().partition(|m| m.carried);
        if !moved.is_empty() {
            writeln!(f, "moved: {}", list(&moved, |m| piece_move(m)))?;
        }
        if !carried.is_empty() {
            writeln!(f, "carried: {}", list(&carried, |m| piece_move(m)))?;
        }
        if !self.added.is_empty() {
            writeln!(
                f,
                "added: {}",
                list(&self.added, |p| format!("{} {}", p.piece, p.square))
            )?;
        }
        if !self.removed.is_empty() {
            let s = list(&self.removed, |p| format!("{} {}", p.piece, p.square));
            writeln!(f, "removed: {s}")?;
        }
        if !self.replaced.is_empty() {
            let s = list(&self.replaced, |r| {
                format!("{} {} -> {}", r.square, r.before, r.after)
            });
            writeln!(f, "replaced: {s}")?;
        }
        for e in &self.events {
            let what = match (e.kind, &e.by) {
                ("captured", Some(by)) => format!("{} {} captured by {by}", e.piece, e.square),
                ("promoted", Some(from)) => format!("{from} {} promoted to {}", e.square, e.piece),
                (kind, _) => format!("{} {} {kind}", e.piece, e.square),
            };
            writeln!(f, "ply {} ({}): {what}", e.ply, e.san)?;
        }
        if !self.material.is_empty() {
            let s = list(&self.material, |(p, x, y)| format!("{p} {x} -> {y}"));
            writeln!(f, "material: {s}")?;
        }
        for (who, x, y) in &self.hands {
            writeln!(f, "in hand: {who} {x} -> {y}")?;
        }
        ch(f, "side to move", &self.turn)?;
        ch(f, "castling", &self.castling)?;
        ch(f, "en passant", &self.en_passant)?;
        ch(f, "halfmove clock", &self.halfmoves)?;
        ch(f, "fullmove number", &self.fullmoves)?;
        for (who, c) in &self.cages {
            writeln!(f, "{who} cage: {} -> {}", c.before, c.after)?;
        }
        for (who, c) in &self.relocated {
            writeln!(f, "{who} relocated last turn: {} -> {}", c.before, c.after)?;
        }
        Ok(())
    }
}
