//! The Slide-chess accelerator (`rules::fast::slide`) against the reference
//! engine: it may play only a token the reference plays the same way
//! without a word, it must reach the same positions (cages and what they
//! hold included, SC0–SC4), and validation with it must report exactly
//! what the reference reports.
use crate::mailbox_fast;

use fvnote::notation::fen::read_fen;
use fvnote::notation::san::{ParsedSan, San};
use fvnote::record::gen::SplitMix64;
use fvnote::record::replay::fast::play_clean;
use fvnote::rules::fast::slide::FastSlide;
use fvnote::rules::fast::Accelerator;
use fvnote::variant::Variant;
use fvnote::{Move, Position, Square};
use mailbox_fast::{
    compare_along_games, compare_tokens, compare_verdicts, pgn_files, special_games, to_pgn,
};

fn fast_play(pos: &Position, san: &ParsedSan) -> Option<Position> {
    let mut fast = FastSlide::from_position(pos).expect("a Slide-chess position");
    if play_clean(&mut fast, san) {
        Some(fast.to_position())
    } else {
        assert_eq!(
            fast.to_position(),
            *pos,
            "declined {san:?} changed the board"
        );
        None
    }
}

/// Every canonical token of a legal move is the accelerator's.
fn never(_: &Position, _: &Move) -> bool {
    false
}

/// Cage tokens beyond the candidates: a relocation to every square of the
/// frame and beyond it (with and without a mark), and insertions ending
/// everywhere on the ring, with promotions right and wrong.
fn cage_tokens() -> Vec<String> {
    let mut out = Vec::new();
    for f in 'a'..='j' {
        for r in 1..=9 {
            out.push(format!("C-{f}{r}"));
            out.push(format!("C>{f}{r}"));
        }
        out.push(format!("C-{f}1+"));
        for p in ["/b2=Q", "/b7=Q", "/b2=K", "/b2=Q/b7=N", "/c2=R"] {
            out.push(format!("C>{f}1{p}"));
            out.push(format!("C>{f}8{p}"));
        }
    }
    for r in 1..=8 {
        for p in ["", "+", "#", "/b{r}=Q", "/h{r}=B"] {
            let p = p.replace("{r}", &r.to_string());
            out.push(format!("C>a{r}{p}"));
            out.push(format!("C>i{r}{p}"));
        }
    }
    out
}

#[test]
fn the_accelerator_plays_only_what_the_reference_plays_cleanly() {
    let games = special_games(Variant::Slide, 10, 5, 80);
    let (positions, played, _) =
        compare_along_games(Variant::Slide, &games, &cage_tokens(), &fast_play, &never);
    assert!(positions > 400, "{positions}");
    assert!(played > 10_000, "{played}");
}

/// Hand-made positions: a relocation that would expose the king or give
/// check (SC1), insertions promoting one and two pawns (SC3), one pushing
/// a king into the cage or onto the other cage (SC2, SC4), a king next to a
/// cage (SC4), mate and check marks.
#[test]
fn hand_made_positions_are_judged_as_the_reference_judges() {
    let fen = |f: &str| {
        fvnote::notation::fen::read_fen(f, Variant::Slide).unwrap_or_else(|e| panic!("{f}: {e}"))
    };
    let start = Position::start(Variant::Slide);
    let mut positions = vec![start.clone()];
    for line in [
        &["C-a5", "e5", "C>i5"][..],
        &["C-b8", "C-a7", "C>b1", "C>i7"][..],
        &["C-a2", "C-i7", "C>i2", "C>a7", "C-a6", "C-i3"][..],
    ] {
        let mut pos = start.clone();
        for san in line {
            San::parse(san).unwrap().play(&mut pos).unwrap();
            positions.push(pos.clone());
        }
    }
    for f in [
        // Two pawns promoted by one push (SC3), the king beside the line.
        "********1/*3k3*/*P6*/*7*/*7*/*7*/*6K*/*p******* w - - 0 1 b1i8",
        "*********/*6k*/*5p1*/nR6*/*7B/*7*/*K6*/********* w - - 0 1 i4a5",
        "*********/*3k3*/*7*/R7*/*7*/*7*/*K6*/****1**** w - - 0 1 a5e1",
        "*********/*3k3*/*7*/R7*/*7*/*7*/*K6*/****1**** w - - 0 1 a5!e1",
        "****R****/*3k3*/*7*/*7*/*7*/*7*/*K6*/****1**** b - - 0 1 e8e1",
        // Cages in the corners (SC0: they cannot push, SC2), holding pieces.
        "R********/*3k3*/*7*/*7*/*7*/*7*/*K6*/********n w - - 0 1 a8i1",
        "********1/*3k3*/*7*/*7*/*7*/*7*/*K6*/Q******** b - - 0 1 a1i8!",
        // Both cages on one edge: a rook slides from cage to cage, not
        // through the holes beyond (SC0).
        "*********/*3k3*/*7*/*7*/R7*/1K6*/*7*/********* w - - 0 1 a4a3",
        "*********/*3k3*/*7*/R7*/*7*/1K6*/*7*/********* w - - 0 1 a5a3",
    ] {
        positions.push(fen(f));
    }
    // SC3: no castling and no en passant, whatever is written.
    let mut extra = cage_tokens();
    extra.extend(["O-O", "O-O-O", "O-O+", "exd6", "e4", "e3e4"].map(String::from));
    for pos in &positions {
        compare_tokens(pos, &extra, &fast_play, &never);
    }
}

/// Games with the moves the reference reports: a second relocation in a
/// row (SC1), a relocation giving check, lenient and illegal tokens,
/// variations, wrong marks.
const TRICKY: &str = r#"
[Variant "slide"]

1. C-a5 C-a4 2. C-a6 (2. e5 C>i4 3. C>i5) 2... e5 3. C>i6 C-b8 *

[Variant "slide"]

1. C-a5 e5 2. C>i5 C-i1 3. C-a5+ C-a1 4. e5 *

[Variant "slide"]

1. C-a5 e5 2. C>i5+ C>e8 3. C-a1 C>e1/e7=Q 4. Pe3e4 Nf6 5. Nf3 Ng4 6. Nfd4 C-z9 *
"#;

#[test]
fn validation_with_the_accelerator_reports_exactly_what_the_reference_reports() {
    let mut texts = vec![("tricky".to_owned(), TRICKY.as_bytes().to_vec())];
    texts.extend(pgn_files("fixtures/slide"));
    let games = special_games(Variant::Slide, 40, 9, 200);
    texts.push((
        "generated".into(),
        to_pgn(Variant::Slide, &games).into_bytes(),
    ));
    let compared = compare_verdicts(&texts);
    assert!(compared >= 100, "{compared}");
}

/// The ring squares (SC0): the frame a–i × 1–8 less the board b2–h7.
fn ring() -> Vec<Square> {
    (0..8u8)
        .flat_map(|r| (0..9u8).map(move |f| (f, r)))
        .filter(|&(f, r)| !((1..=7).contains(&f) && (1..=6).contains(&r)))
        .filter_map(|(f, r)| Square::new(f, r))
        .collect()
}

/// A random Slide-chess FEN: the two cages anywhere on the ring (corners
/// and edges alike, SC0), two kings and a few pieces of either colour on
/// the cells (cages included, which may hold pawns and enemy pieces), and
/// either side to move, its cage possibly just relocated (SC1). Many are
/// invalid (a king in a cage, the side not to move in check ...); the
/// reference's FEN reader decides.
fn random_fen(rng: &mut SplitMix64) -> String {
    let ring = ring();
    let white_cage = ring[rng.below(ring.len())];
    let black_cage = ring[rng.below(ring.len())];
    let mut board = [['*'; 9]; 8];
    for (r, row) in board.iter_mut().enumerate() {
        for (f, c) in row.iter_mut().enumerate() {
            let sq = Square::new(f as u8, r as u8).unwrap();
            if (1..=7).contains(&f) && (1..=6).contains(&r) || sq == white_cage || sq == black_cage
            {
                *c = '.';
            }
        }
    }
    let cells: Vec<(usize, usize)> = (0..8)
        .flat_map(|r| (0..9).map(move |f| (f, r)))
        .filter(|&(f, r)| board[r][f] == '.')
        .collect();
    // Kings often on the board's edge, where mates are likeliest.
    let edge: Vec<(usize, usize)> = cells
        .iter()
        .copied()
        .filter(|&(f, r)| f == 1 || f == 7 || r == 1 || r == 6)
        .collect();
    let pieces = 2 + rng.below(9);
    for i in 0..pieces {
        let (f, r) = if i < 2 && rng.chance(2, 3) {
            edge[rng.below(edge.len())]
        } else {
            cells[rng.below(cells.len())]
        };
        let code = match i {
            0 => 'K',
            1 => 'k',
            _ => b"PNBRQpnbrqPPpp"[rng.below(14)] as char,
        };
        board[r][f] = code;
    }
    let mut text = String::new();
    for (r, row) in board.iter().enumerate().rev() {
        let mut empty = 0;
        for &c in row {
            match c {
                '.' => empty += 1,
                c => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if r > 0 {
            text.push('/');
        }
    }
    let turn = if rng.chance(1, 2) { 'w' } else { 'b' };
    let mark = |yes: bool| if yes { "!" } else { "" };
    format!(
        "{text} {turn} - - 0 1 {white_cage}{}{black_cage}{}",
        mark(rng.chance(1, 4)),
        mark(rng.chance(1, 4))
    )
}

/// Random sparse positions, rich in checks, mates, cages on corners and
/// edges, pushes that promote and relocations that would check: every
/// spelling of every candidate, and the cage tokens, judged as the
/// reference judges them; the game's end and the check as it says.
#[test]
fn random_positions_are_judged_as_the_reference_judges() {
    let mut rng = SplitMix64::new(27);
    let extra = cage_tokens();
    let (mut positions, mut played, mut ends) = (0, 0, 0);
    while positions < 3000 {
        let fen = random_fen(&mut rng);
        let Ok(pos) = read_fen(&fen, Variant::Slide) else {
            continue;
        };
        positions += 1;
        let fast = FastSlide::from_position(&pos).expect("a valid Slide-chess position");
        assert_eq!(fast.to_position(), pos, "{fen}");
        assert_eq!(fast.is_check(), pos.is_check(), "{fen}");
        assert_eq!(fast.outcome(), pos.outcome(), "{fen}");
        ends += usize::from(pos.outcome().is_some());
        played += compare_tokens(&pos, &extra, &fast_play, &never).0;
    }
    assert!(played > 100_000 && ends > 10, "{played} {ends}");
}

/// The game's end (SC mate and stalemate, G5) and the check, in every
/// position of games rich in cage moves, as the reference says.
#[test]
fn outcomes_and_checks_agree_along_games() {
    let games = special_games(Variant::Slide, 60, 13, 300);
    let mut checks = 0;
    for game in &games {
        let mut pos = Position::start(Variant::Slide);
        for san in game {
            San::parse(san).unwrap().play(&mut pos).unwrap();
            let fast = FastSlide::from_position(&pos).unwrap();
            assert_eq!(fast.is_check(), pos.is_check(), "{pos:?}");
            assert_eq!(fast.outcome(), pos.outcome(), "{pos:?}");
            checks += usize::from(pos.is_check());
        }
    }
    assert!(checks > 100, "{checks}");
}
