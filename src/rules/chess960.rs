//! Chess960 (Fischer Random Chess): orthodox chess (CH1) from any start with
//! the king between the rooks. Castling is FIDE's from wherever king and
//! rook stand: the king lands on the g-file (c-file), the rook on the f-file
//! (d-file), every square either crosses empty but for the two of them
//! (`rules::castling`). A right names its rook (X-FEN `KQkq` the outermost
//! rook of that side, Shredder-FEN its file).

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Piece, Role};
use crate::position::{CastleSide, Position};
use crate::rules::castling::{castle_rook, castle_side};
use crate::rules::chess::{orthodox_candidates, validate_orthodox, Chess};
use crate::rules::fit::{Field, Unfit};
use crate::rules::movegen::home_rank;
use crate::rules::{Illegal, Rules, Scope};
use crate::square::Square;

/// Chess960.
pub struct Chess960;

impl Rules for Chess960 {
    fn candidates(pos: &Position, scope: Scope, out: &mut MoveList) {
        orthodox_candidates(pos, scope, out);
    }

    fn check(pos: &Position, mv: &Move) -> Result<(), Illegal> {
        Chess::check(pos, mv)
    }

    fn check_in(pos: &Position, mv: &Move, in_check: bool) -> Result<(), Illegal> {
        Chess::check_in(pos, mv, in_check)
    }

    fn play(pos: &mut Position, mv: &Move) {
        Chess::play(pos, mv);
    }

    fn attacked(pos: &Position, target: Square, by: Color) -> bool {
        Chess::attacked(pos, target, by)
    }

    fn validate(pos: &Position) -> Result<(), Unfit> {
        validate_orthodox::<Chess960>(pos)
    }

    fn castling_fits(pos: &Position, color: Color, side: CastleSide) -> Result<(), Unfit> {
        any_start(pos, color, side)
    }
}

/// CH1 for Chess960: a right needs the king on its home rank and the
/// right's rook there too, on the side the right names.
pub fn any_start(pos: &Position, color: Color, side: CastleSide) -> Result<(), Unfit> {
    let home = home_rank(pos, color);
    let towards = match side {
        CastleSide::King => "h-side",
        CastleSide::Queen => "a-side",
    };
    let fault = |why: String| {
        Err(Unfit::new(
            Field::Castling(color, side),
            "CH1",
            format!(
                "{0}'s king on rank {1} and a {0} rook on its {towards} (CH1), but {why}",
                color.name(),
                u32::from(home) + 1
            ),
        ))
    };
    let king = match pos.king(color) {
        Some(k) if k.rank() == home => k,
        Some(k) => return fault(format!("the king stands on {k}")),
        None => return fault("there is no king".to_owned()),
    };
    match castle_rook(pos, color, side) {
        Some(sq) if pos.piece_at(sq) != Some(Piece::new(color, Role::Rook)) => {
            fault(format!("{sq} holds no {} rook", color.name()))
        }
        Some(sq) if sq == king || castle_side(king, sq) != side => fault(format!(
            "the rook it names on {sq} is not on the king's {towards}"
        )),
        Some(_) => Ok(()),
        None => fault("there is no such rook".to_owned()),
    }
}

/// The back rank of start number `n` (0–959, Scharnagl's numbering: 518 is
/// orthodox chess's `RNBQKBNR`), as White's piece letters from the a-file.
pub fn start_rank(n: u16) -> [char; 8] {
    let mut rank = [' '; 8];
    let mut n = usize::from(n % 960);
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    let free = |rank: &[char; 8], k: usize| {
        (0..8)
            .filter(|&f| rank[f] == ' ')
            .nth(k)
            .expect("a back rank has eight squares")
    };
    let queen = free(&rank, n % 6);
    rank[queen] = 'Q';
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    let (a, b) = (free(&rank, a), free(&rank, b));
    rank[a] = 'N';
    rank[b] = 'N';
    for piece in ['R', 'K', 'R'] {
        let f = free(&rank, 0);
        rank[f] = piece;
    }
    rank
}

/// The FEN of Chess960 start number `n` (see [`start_rank`]).
pub fn start_fen(n: u16) -> String {
    let white: String = start_rank(n).iter().collect();
    let black = white.to_ascii_lowercase();
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1")
}

#[cfg(test)]
mod tests {
    #[test]
    fn start_518_is_orthodox_and_every_start_reads() {
        use super::start_fen;
        assert_eq!(
            start_fen(518),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        // Scharnagl's first: BBQNNRKR.
        assert!(start_fen(0).starts_with("bbqnnrkr/"));
        let mut seen = std::collections::BTreeSet::new();
        for n in 0..960 {
            let fen = start_fen(n);
            read_fen(&fen, Variant::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"));
            seen.insert(fen);
        }
        assert_eq!(seen.len(), 960);
    }

    use crate::notation::fen::{read_fen, write_fen};
    use crate::variant::Variant;

    #[test]
    fn castling_lands_on_the_g_and_c_files_from_any_start() {
        // King b1, rooks a1 and h1: O-O-O puts the king on c1, the rook on d1.
        let pos = read_fen("r3k2r/8/8/8/8/8/8/RK5R w KQkq - 0 1", Variant::Chess960).unwrap();
        let san = crate::notation::san::San::parse("O-O-O").unwrap();
        let mut after = pos.clone();
        san.play(&mut after).unwrap();
        assert_eq!(write_fen(&after), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
        // X-FEN letters whose rook is not the outermost are written as files.
        let inner = read_fen("4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", Variant::Chess960).unwrap();
        assert_eq!(write_fen(&inner), "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1");
    }
}
