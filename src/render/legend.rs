//! The caption under a diagram and the key under a text board: side to move
//! and what each variant's marks mean.

use super::options::Options;
use crate::piece::Color;
use crate::position::Position;
use crate::square::Square;
use crate::variant::Variant;

/// What a cage holds, in words.
fn content(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(p) => format!(
            "holds a {} {}",
            p.color.name().to_ascii_lowercase(),
            p.role.name()
        ),
        None => "empty".into(),
    }
}

/// FL0/FL4: where each sliding rank stands now.
fn fault_line_ranks(pos: &Position) -> Option<String> {
    let (files, ranks) = pos.frame();
    let (mut west, mut east) = (Vec::new(), Vec::new());
    for r in 0..ranks {
        let first = Square::new(0, r).is_some_and(|s| pos.is_cell(s));
        let last = Square::new(files - 1, r).is_some_and(|s| pos.is_cell(s));
        match (first, last) {
            (true, false) => west.push((r + 1).to_string()),
            (false, true) => east.push((r + 1).to_string()),
            _ => {}
        }
    }
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_owned()
        } else {
            v.join(", ")
        }
    };
    Some(format!(
        "Sliding ranks at a–g: {}; at b–h: {} (FL4)",
        list(&west),
        list(&east)
    ))
}

/// Caption lines: side to move (with check and the last move), then a key
/// for the variant's marks.
pub fn legend(pos: &Position, opts: &Options) -> Vec<String> {
    let mut lines = Vec::new();
    let mut first = format!("{} to move", pos.turn().name());
    if opts.check && super::highlight::checked_king(pos).is_some() {
        first.push_str(", in check (red)");
    }
    if let Some(san) = &opts.last_san {
        first.push_str(&format!("; last move {san} (yellow)"));
    }
    lines.push(first);
    match pos.variant() {
        Variant::Grid => {
            lines.push("Thick lines: the 2×2 sections; every move crosses one (GR1, GR2)".into())
        }
        Variant::FaultLine => lines.extend(fault_line_ranks(pos)),
        Variant::QuakeLb => lines.push(
            "Two-part pieces: hunter (captures, large) over carrier (moves, small) (QK0)".into(),
        ),
        Variant::RankAndFile => {
            let permitted = crate::rules::rank_and_file::permitted(pos, pos.turn());
            lines.push(format!(
                "Tinted: the lines {} may move from; {} (RF1, RF2)",
                pos.turn().name(),
                permitted.describe()
            ));
        }
        Variant::Slide => {
            lines.push("Grey track: the ring the cages travel round (SC0)".into());
            for color in Color::ALL {
                let (frame, dot) = match color {
                    Color::White => ("blue", "white"),
                    Color::Black => ("red", "black"),
                };
                let what = match pos.cage(color) {
                    Some(sq) => format!("on {sq}, {}", content(pos, sq)),
                    None => "none".into(),
                };
                lines.push(format!(
                    "{}'s cage ({frame} frame, {dot} dot): {what} (SC0)",
                    color.name()
                ));
            }
        }
        _ => {}
    }
    lines
}
