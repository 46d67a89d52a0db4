//! The Fault Line accelerator (`rules::fast::fault_line`) against the
//! reference engine: it may play only a token the reference plays the same
//! way without a word (no warning, and no FL6 note), it must reach the same
//! positions, and validation with it must report exactly what the reference
//! reports (FL0–FL10).
use crate::mailbox_fast;

use fvnote::notation::san::{ParsedSan, San};
use fvnote::record::replay::fast::play_clean;
use fvnote::rules::fast::fault_line::FastFaultLine;
use fvnote::rules::fast::Accelerator;
use fvnote::rules::Outcome;
use fvnote::variant::Variant;
use fvnote::{Move, Position};
use mailbox_fast::{
    compare_along_games, compare_tokens, compare_verdicts, pgn_files, special_games, to_pgn,
};

/// Plays a token on the accelerator from `pos`: the position after it, or
/// `None` (and the board unchanged) when it declines.
fn fast_play(pos: &Position, san: &ParsedSan) -> Option<Position> {
    let Some(mut fast) = FastFaultLine::from_position(pos) else {
        // FL1: only a finished game stays off the accelerator; every token
        // is then the reference's to refuse (G5).
        assert!(is_over(pos), "not taken: {pos:?}");
        return None;
    };
    if play_clean(&mut fast, san) {
        // FL6: a permitted slide is the reference's to report.
        let mv = san.resolve(pos).expect("a legal move").mv;
        assert!(
            !may_decline(pos, &mv),
            "played {san:?}, which needs permission"
        );
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

/// FL1: a king captured or on its far rank.
fn is_over(pos: &Position) -> bool {
    matches!(
        pos.outcome(),
        Some(Outcome::KingCaptured { .. } | Outcome::KingReachedFarRank { .. })
    )
}

/// FL6: a slide of an uncontrolled rank is reported with a note, so the
/// reference path plays it; every other canonical token is the accelerator's.
fn may_decline(pos: &Position, mv: &Move) -> bool {
    fvnote::rules::fault_line::move_needs_permission(pos, mv)
}

/// Every slide token of every rank and direction, with and without a mark.
fn slide_tokens() -> Vec<String> {
    let mut out = Vec::new();
    for rank in 1..=7 {
        for dir in ['e', 'w', 'n'] {
            out.push(format!("S{rank}{dir}"));
            out.push(format!("S{rank}{dir}+"));
        }
    }
    out
}

#[test]
fn the_accelerator_plays_only_what_the_reference_plays_cleanly() {
    let games = special_games(Variant::FaultLine, 14, 5, 90);
    let (positions, played, declined) = compare_along_games(
        Variant::FaultLine,
        &games,
        &slide_tokens(),
        &fast_play,
        &may_decline,
    );
    assert!(positions > 500, "{positions}");
    assert!(played > 10_000, "{played}");
    // Slides needing permission are common in these games.
    assert!(declined > 100, "{declined}");
}

/// Hand-made positions: castling (FL8), promotion on the far rank (FL3), a
/// king capture and a king on the far rank ending the game (FL1), the
/// check mark (FL9), slides of controlled, uncontrolled and opponent's
/// ranks (FL5, FL6).
#[test]
fn hand_made_positions_are_judged_as_the_reference_judges() {
    let fen = |f: &str| fvnote::notation::fen::read_fen(f, Variant::FaultLine).unwrap();
    let extra = slide_tokens();
    for f in [
        "*r2k2r/*6*/*7/7*/*6*/R2K2R* w KQkq - 0 1",
        "*r2k2r/*6*/*7/7*/*6*/R2K2R* b KQkq - 0 1",
        "*3k3/*P5*/*7/7*/*6*/3K3* w - - 0 1",
        "*3k3/*6*/*7/7*/*p5*/3K3* b - - 0 1",
        "*3k3/*6*/*7/2R4*/*6*/3K3* w - - 0 1",
        "*3k3/*2K3*/*7/7*/*6*/7* w - - 0 1",
        "*3k3/*6*/*7/R1r4*/*6*/3K3* w - - 0 1",
        "*7/*2k3*/*7/2K4*/*6*/R5R* w - - 0 1",
        "*7/*2k3*/*7/2K4*/*6*/R5R* b - - 0 1",
        "*7/*6*/*7/2K4*/*6*/R5R* b - - 0 1",
        // FL8 after slides: the rights stay with the end cells (b1, h1; a6, g6).
        "*r2k2r/*6*/*7/7*/*6*/*R2K2R w KQkq - 0 1",
        "r2k2r*/*6*/*7/7*/*6*/*R2K2R b KQkq - 0 1",
        // FL8: a bishop on b4 attacks e1, which O-O crosses; O-O-O is free.
        "*r2k2r/*6*/*7/1b5*/*6*/R2K2R* w KQkq - 0 1",
        // FL0: the hole a2 stops a rook on a3 (Ra1), the hole a4 a pawn on a3.
        "*3k3/*6*/*7/P6*/*6*/R2K3* w - - 0 1",
        "*3k3/*6*/*7/R6*/*6*/3K3* w - - 0 1",
        // FL9: a slide that checks (the rook to b1 under the king on b6).
        "*k6/*6*/*7/7*/*6*/R2K3* w - - 0 1",
        // FL1: a rook takes the king; FL3: a pawn promotes by capture or push.
        "*3k3/*6*/*7/4R2*/*6*/3K3* w - - 0 1",
        "*3kr2/*5P*/*7/7*/*6*/3K3* w - - 0 1",
    ] {
        let pos = fen(f);
        compare_tokens(&pos, &extra, &fast_play, &may_decline);
    }
}

/// Tokens of moves the board does not allow, beside the candidates': into
/// and through the holes (FL0), a double step and en passant (FL3).
fn impossible_tokens() -> Vec<String> {
    [
        "Ra1", "Ra2", "Ra4", "a4", "a5", "Rh1", "Rh2", "b4", "bxa4", "Kc2", "Kf1",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain(slide_tokens())
    .collect()
}

#[test]
fn moves_into_or_through_holes_and_double_steps_are_refused() {
    let fen = |f: &str| fvnote::notation::fen::read_fen(f, Variant::FaultLine).unwrap();
    let extra = impossible_tokens();
    for f in [
        "*3k3/*6*/*7/P6*/*6*/R2K3* w - - 0 1",
        "*3k3/*6*/*7/R6*/*6*/3K3* w - - 0 1",
        "*3k3/*6*/7*/*7/*P5*/3K3* w - - 0 1",
        "*3k3/*6*/*7/7*/*P5*/*2K3R w - - 0 1",
    ] {
        let pos = fen(f);
        let (played, _) = compare_tokens(&pos, &extra, &fast_play, &may_decline);
        assert!(played > 0, "{f}");
    }
}

/// The accelerator's outcome (FL1: a king captured or on its far rank;
/// FL2: stalemate, never mate) is the reference's, along random games and
/// at their ends.
#[test]
fn the_outcome_is_the_references() {
    let games = special_games(Variant::FaultLine, 30, 11, 200);
    let mut ends = 0;
    for game in &games {
        let mut pos = Position::start(Variant::FaultLine);
        let mut fast = FastFaultLine::from_position(&pos).unwrap();
        for san in game {
            assert_eq!(fast.outcome(), pos.outcome(), "{pos:?}");
            let parsed = San::parse(san).unwrap();
            parsed.play(&mut pos).unwrap();
            if !play_clean(&mut fast, &parsed) {
                fast = FastFaultLine::from_position(&pos).unwrap();
            }
            assert_eq!(fast.to_position(), pos, "{san}");
        }
        if pos.outcome().is_some() {
            ends += 1;
        }
        assert_eq!(fast.outcome(), pos.outcome(), "{pos:?}");
    }
    assert!(ends > 5, "{ends}");
}

/// Games with the moves the reference reports: permitted slides (FL6
/// notes), `[%deny]` refusals valid and void (FL10), lenient and illegal
/// tokens, variations, a game already over (FL1).
const TRICKY: &str = r#"
[Variant "fault-line"]

1. S3e {[%deny S4w]} S4w 2. Nc3 S6w 3. S1e S6e 4. Nb5 (4. Nd5 S4w) 4... S4w *

[Variant "fault-line"]

1. Nc3 {[%deny S4w]} S4w 2. S3e *

[Variant "fault-line"]

1. Nc3 {[%deny S6w]} Nc4 2. Nb1c3 Nxd2 3. Nxd2 S6w 4. S1e+ S6e 5. Nf3 Ne4 6. Ne5# *

[Variant "fault-line"]

1. e3 d4 2. exd4 cxd4 3. Kd2 d3 4. Kxd3 S4w 5. S3e S6w 6. Kc4 S6e 7. Kc5 S4e 8. S9e *
"#;

#[test]
fn validation_with_the_accelerator_reports_exactly_what_the_reference_reports() {
    let mut texts = vec![("tricky".to_owned(), TRICKY.as_bytes().to_vec())];
    texts.extend(pgn_files("fixtures/fault-line"));
    let games = special_games(Variant::FaultLine, 40, 9, 200);
    texts.push((
        "generated".into(),
        to_pgn(Variant::FaultLine, &games).into_bytes(),
    ));
    let compared = compare_verdicts(&texts);
    assert!(compared >= 100, "{compared}");
}

/// FL1, G5: once a king is captured or stands on its far rank, nothing is
/// played on the accelerator (the reference refuses every token).
#[test]
fn nothing_is_played_after_the_game_ends() {
    let fen = |f: &str| fvnote::notation::fen::read_fen(f, Variant::FaultLine).unwrap();
    let after_end = [
        "Ke5", "Kf6", "Kxd5", "Kd6", "Kf5", "S6w", "S4w", "S3e", "S1e", "c4", "Bc4", "O-O",
    ];
    for (f, ending, outcome) in [
        (
            "*3k3/*2K3*/*7/7*/*6*/7* w - - 0 1",
            "Kc6",
            Outcome::KingReachedFarRank {
                winner: fvnote::Color::White,
            },
        ),
        (
            "*3k3/*6*/*7/4R2*/*6*/3K3* w - - 0 1",
            "Rxe6",
            Outcome::KingCaptured {
                winner: fvnote::Color::White,
            },
        ),
    ] {
        let mut pos = fen(f);
        let mut fast = FastFaultLine::from_position(&pos).unwrap();
        let parsed = San::parse(ending).unwrap();
        assert!(play_clean(&mut fast, &parsed), "{ending}");
        parsed.play(&mut pos).unwrap();
        assert_eq!(fast.to_position(), pos);
        assert_eq!(fast.outcome(), Some(outcome));
        assert_eq!(pos.outcome(), Some(outcome));
        for token in after_end {
            let parsed = San::parse(token).unwrap();
            assert!(parsed.resolve(&pos).is_err(), "{token} after {ending}");
            let mut tried = fast.clone();
            assert!(!play_clean(&mut tried, &parsed), "{token} after {ending}");
            assert_eq!(tried, fast);
        }
    }
}

/// `fvnote gen fault-line` games (comments, results, game ends): the same
/// verdicts with and without the accelerator, and the accelerator plays
/// every move of their main lines but the permitted slides (FL6).
#[test]
fn generated_games_get_the_references_verdicts() {
    use fvnote::record::gen::{generate, to_pgn as gen_pgn, GenOptions};
    let games = generate(&GenOptions {
        variant: Variant::FaultLine,
        games: 60,
        seed: 27,
        max_plies: 200,
    });
    let mut fast_plies = 0;
    for g in &games {
        let mut pos = Position::start(Variant::FaultLine);
        let mut fast = FastFaultLine::from_position(&pos).unwrap();
        for node in &g.record.moves {
            let parsed = San::parse(&node.san).unwrap();
            let mv = parsed.resolve(&pos).unwrap().mv;
            let played = play_clean(&mut fast, &parsed);
            assert_eq!(played, !may_decline(&pos, &mv), "{} at {pos:?}", node.san);
            parsed.play(&mut pos).unwrap();
            if played {
                fast_plies += 1;
            } else {
                fast = FastFaultLine::from_position(&pos).unwrap();
            }
            assert_eq!(fast.to_position(), pos, "{}", node.san);
        }
        assert_eq!(fast.outcome(), pos.outcome());
    }
    assert!(fast_plies > 3_000, "{fast_plies}");
    let texts = [("gen".to_owned(), gen_pgn(&games).into_bytes())];
    assert!(compare_verdicts(&texts) >= 120);
}
