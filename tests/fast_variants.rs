//! The variants' shortcuts (overlays instead of copies, Rank and File lines
//! counted once per call, quakes judged once, scoped SAN resolution) against
//! the rules by the letter in `tests/common/reference.rs`: random games of every
//! variant, rich in special moves, and in every position every candidate
//! move and several tokens, legal and not, must get the same verdict.
use crate::agreement;

use crate::reference;
use agreement::{pick, verdict};
use fvnote::notation::san::{long_form, write_san};
use fvnote::record::gen::SplitMix64;
use fvnote::rules::Scope;
use fvnote::variant::Variant;
use fvnote::{Move, Position, Role};

fn sorted(moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
    v.sort();
    v
}

/// Every check of one position; returns its legal moves.
fn compare_position(pos: &Position, at: &str) -> Vec<Move> {
    let fen = format!("{pos:?} ({at})");
    let cands = pos.candidate_moves();
    assert_eq!(
        sorted(&cands),
        sorted(&reference::candidates(pos)),
        "candidates, {fen}"
    );
    // SAN resolves drops, slides, quakes and cage moves among these alone.
    let extras: Vec<Move> = cands
        .iter()
        .filter(|m| {
            !matches!(
                m,
                Move::Normal(_) | Move::EnPassant { .. } | Move::Castle { .. }
            )
        })
        .copied()
        .collect();
    assert_eq!(
        sorted(&pos.candidate_moves_in(Scope::Extras)),
        sorted(&extras),
        "the variant's own moves, {fen}"
    );
    let in_check = pos.is_check();
    assert_eq!(in_check, reference::in_check(pos), "in check, {fen}");
    let legal = pos.legal_moves();
    let want = reference::legal_moves(pos);
    assert_eq!(sorted(&legal), sorted(&want), "legal moves, {fen}");
    for mv in &cands {
        let expected = reference::check(pos, mv);
        assert_eq!(pos.check_move(mv), expected, "{mv:?}, {fen}");
        if legal.is_empty() && pos.outcome().is_some() {
            continue;
        }
        assert_eq!(
            pos.is_legal_candidate_in(mv, in_check),
            expected.is_ok(),
            "{mv:?} with in_check = {in_check}, {fen}"
        );
        // The token naming exactly this move: resolved to it when legal,
        // refused with the reference's ruling when not.
        let token = long_form(pos, mv);
        match (verdict(pos, &token), expected) {
            (Ok(got), Ok(())) => assert_eq!(got, *mv, "{token}, {fen}"),
            (Err(ruling), Err(ill)) => {
                // A castling or quake token names one candidate; a drop
                // or piece token may be refused as a whole for the first
                // matching candidate, which is this one here.
                assert_eq!(ruling, Some(ill.ruling), "{token}, {fen}");
            }
            (got, want) => panic!("{token}: {got:?}, reference {want:?}, {fen}"),
        }
    }
    for mv in &legal {
        let san = write_san(pos, mv);
        assert_eq!(verdict(pos, &san), Ok(*mv), "{san}, {fen}");
        let after = pos.play(mv);
        assert_eq!(
            after,
            reference::play(pos, mv),
            "position after {san}, {fen}"
        );
        assert_eq!(
            after.gives_check_mark(),
            reference::gives_check(&after),
            "check mark of {san}, {fen}"
        );
    }
    // Tokens that name no candidate: drops of every piece (most not in
    // hand), on the first empty cell and on an occupied one.
    let empty = pos.cells().find(|&sq| pos.piece_at(sq).is_none());
    let full = pos.cells().find(|&sq| pos.piece_at(sq).is_some());
    for sq in [empty, full].into_iter().flatten() {
        for role in Role::ALL {
            let token = format!("{}@{sq}", role.code());
            let drop = Move::Drop { role, to: sq };
            let got = verdict(pos, &token);
            if want.contains(&drop) {
                assert_eq!(got, Ok(drop), "{token}, {fen}");
            } else {
                assert!(got.is_err(), "{token} accepted, {fen}");
            }
        }
    }
    legal.to_vec()
}

fn random_games(variant: Variant, games: usize, plies: usize, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut positions = 0;
    for game in 0..games {
        let mut pos = Position::start(variant);
        for ply in 0..plies {
            let legal = compare_position(&pos, &format!("{variant} game {game} ply {ply}"));
            positions += 1;
            if legal.is_empty() {
                break;
            }
            let mv = pick(&legal, &mut rng);
            pos.play_in_place(&mv);
        }
    }
    assert!(
        positions >= games * 10,
        "{variant}: only {positions} positions"
    );
}

#[test]
fn chess_shortcuts_agree_with_the_reference() {
    random_games(Variant::Chess, 6, 80, 1);
}

#[test]
fn grid_shortcuts_agree_with_the_reference() {
    random_games(Variant::Grid, 8, 100, 2);
}

#[test]
fn rank_and_file_shortcuts_agree_with_the_reference() {
    random_games(Variant::RankAndFile, 10, 120, 3);
}

#[test]
fn fault_line_shortcuts_agree_with_the_reference() {
    random_games(Variant::FaultLine, 8, 80, 4);
}

#[test]
fn quake_shortcuts_agree_with_the_reference() {
    random_games(Variant::Quake, 8, 100, 5);
}

#[test]
fn quake_lb_shortcuts_agree_with_the_reference() {
    random_games(Variant::QuakeLb, 8, 100, 6);
}

#[test]
fn slide_shortcuts_agree_with_the_reference() {
    random_games(Variant::Slide, 8, 100, 7);
}

/// RF4 after a capture: the captured unit leaves the opponent's counts,
/// which can move its permitted lines. Black's units: a8, e8, h8 (rank 8: 3),
/// e7, e5 (file e: 3, files win ties, RF1). After Rxe5 file e counts 2 and
/// rank 8 is Black's line, so the rook on a8 attacks a1 down the a-file: the
/// capture leaves White's king attacked (G6).
#[test]
fn rank_and_file_capture_changes_the_opponents_lines() {
    let fen = "r3k2r/4p3/8/4r3/8/8/8/K3R3 w - - 0 1";
    let pos = fvnote::notation::fen::read_fen(fen, Variant::RankAndFile).unwrap();
    assert_eq!(verdict(&pos, "Rxe5"), Err(Some("G6")));
    compare_position(&pos, "constructed");
}
