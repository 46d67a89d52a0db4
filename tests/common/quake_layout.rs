//! Random legal Quake Chess layouts (both armies), shared by the quake
//! engine's and the accelerator's token tests.
#![allow(dead_code)]

use fvnote::notation::fen::read_fen;
use fvnote::record::gen::SplitMix64;
use fvnote::variant::Variant;
use fvnote::Position;

/// A random legal layout in `variant`'s army: cells of a frame up to 9×8 with
/// about one hole in five, both kings, a few pieces and pawns, pieces in
/// hand. `None` when the FEN reader refuses it (e.g. a side not to move in
/// check, or a frame that is not the cells' bounding box).
pub fn random_layout(variant: Variant, rng: &mut SplitMix64) -> Option<Position> {
    // Narrow frames too: there a quake can cut the knight's graph (QK2 c).
    let w = if rng.chance(1, 4) {
        2 + rng.below(2)
    } else {
        5 + rng.below(5)
    };
    let h = 4 + rng.below(5);
    let pieces: &[&str] = if variant == Variant::QuakeLb {
        &["RN", "BN", "BR", "NR", "NB", "RB"]
    } else {
        &["R", "B", "N"]
    };
    let mut grid: Vec<Vec<String>> = vec![vec![String::new(); w]; h];
    for cell in grid.iter_mut().flatten() {
        *cell = if rng.chance(1, 5) { "*" } else { "." }.to_owned();
    }
    let place = |grid: &mut Vec<Vec<String>>, code: String, rng: &mut SplitMix64| {
        for _ in 0..20 {
            let (f, r) = (rng.below(w), rng.below(h));
            if grid[r][f] == "." {
                grid[r][f] = code;
                return;
            }
        }
    };
    place(&mut grid, "K".to_owned(), rng);
    place(&mut grid, "k".to_owned(), rng);
    for _ in 0..rng.below(5) {
        let p = pieces[rng.below(pieces.len())];
        let code = if rng.chance(1, 2) {
            p.to_owned()
        } else {
            p.to_lowercase()
        };
        place(&mut grid, code, rng);
    }
    // Pawns only where their forward cell exists (QK6).
    for _ in 0..rng.below(6) {
        let (f, r) = (rng.below(w), rng.below(h));
        let white = rng.chance(1, 2);
        let ahead = if white { r + 1 } else { r.wrapping_sub(1) };
        if grid[r][f] == "." && ahead < h && grid[ahead][f] != "*" {
            grid[r][f] = if white { "P" } else { "p" }.to_owned();
        }
    }
    // FEN: top rank first; a piece code longer than a letter in parentheses.
    let mut board = Vec::new();
    for row in grid.iter().rev() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in row {
            if cell == "." {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            if cell.len() > 1 {
                text.push_str(&format!("({cell})"));
            } else {
                text.push_str(cell);
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        board.push(text);
    }
    // Only the army's own pieces may be in hand (QK0).
    let hand = if variant == Variant::QuakeLb {
        "P(NB)(BR)p(rn)"
    } else {
        "PNBpr"
    };
    let turn = if rng.chance(1, 2) { "w" } else { "b" };
    let fen = format!("{}[{hand}] {turn} - - 0 1", board.join("/"));
    read_fen(&fen, variant).ok()
}
