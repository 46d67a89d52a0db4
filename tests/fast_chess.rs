//! The bitboard accelerator (`rules::fast::chess`) against the reference
//! engine: it may only play a token the reference plays the same way without
//! a warning, and it must reach the same positions (CH1) and game ends (G5).
use crate::common;
use crate::mailbox_fast;

use fvnote::notation::pgn::read_all;
use fvnote::notation::san::{long_form, write_san, San};
use fvnote::record::gen::{generate, GenOptions};
use fvnote::record::replay::fast::play_clean;
use fvnote::record::replay::{replay, ReplayMode, ReplayOptions};
use fvnote::rules::fast::chess::FastChess;
use fvnote::rules::fast::Accelerator;
use fvnote::variant::Variant;
use fvnote::{Color, Outcome, Position};

/// Spellings of one move: canonical first, then lenient or wrong ones.
fn spellings(pos: &Position, mv: &fvnote::Move) -> Vec<String> {
    let san = write_san(pos, mv);
    let body = san.trim_end_matches(['+', '#']).to_owned();
    let mut out = vec![
        san.clone(),
        body.clone(),
        format!("{body}+"),
        format!("{body}#"),
        long_form(pos, mv),
    ];
    if let Some(rest) = body.strip_prefix(['N', 'B', 'R', 'Q', 'K']) {
        let letter = &body[..1];
        // A needless (or needed) origin file and rank, and a wrong capture mark.
        let from = long_form(pos, mv);
        let from = from.trim_start_matches(['N', 'B', 'R', 'Q', 'K']);
        out.push(format!("{letter}{}{rest}", &from[..1]));
        out.push(format!("{letter}{}{rest}", &from[1..2]));
        out.push(match rest.strip_prefix('x') {
            Some(r) => format!("{letter}{r}"),
            None => format!("{letter}x{rest}"),
        });
    }
    if body.starts_with("O-O") {
        out.push(body.replace('O', "0"));
    }
    if let Some((file, rest)) = body.split_once('x') {
        // A pawn capture without its mark.
        if file.len() == 1 {
            out.push(format!("{file}{rest}"));
        }
    }
    out
}

/// A file or rank hint beyond the 8×8 board names no piece: the accelerator
/// declines the token (it once panicked on `N9f3`) and the reference
/// engine reports it.
#[test]
fn hints_beyond_the_board_are_declined() {
    let start = Position::start(Variant::Chess);
    let mut fast = FastChess::from_position(&start).unwrap();
    for token in ["N9f3", "Nif3", "N11f3", "Nzf3+"] {
        let san = San::parse(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert!(!play_clean(&mut fast, &san), "{token}");
        assert_eq!(fast.to_position(), start, "{token}");
        let games = read_all(format!("1. {token} *").as_bytes());
        let rec = games[0].as_ref().unwrap();
        let opts = ReplayOptions::new(ReplayMode::Verdict);
        let error = replay(rec, &opts).error.expect("an error");
        assert_eq!((error.token.as_str(), error.ply), (token, Some(1)));
    }
}

#[test]
fn the_accelerator_plays_only_what_the_reference_plays_cleanly() {
    let games = generate(&GenOptions {
        variant: Variant::Chess,
        games: 40,
        seed: 7,
        max_plies: 160,
    });
    let (mut accepted, mut positions) = (0usize, 0usize);
    for g in &games {
        let mut pos = Position::start(Variant::Chess);
        let mut fast = FastChess::from_position(&pos).unwrap();
        for node in &g.record.moves {
            positions += 1;
            // The mirror and the incrementally played board equal the reference.
            assert_eq!(FastChess::from_position(&pos).unwrap().to_position(), pos);
            assert_eq!(fast.to_position(), pos);
            for mv in pos.legal_moves().iter() {
                let canonical = write_san(&pos, mv);
                for token in spellings(&pos, mv) {
                    let Ok(parsed) = San::parse(&token) else {
                        continue;
                    };
                    let mut f = fast.clone();
                    let took = play_clean(&mut f, &parsed);
                    let mut after = pos.clone();
                    let reference = parsed.play(&mut after);
                    if took {
                        accepted += 1;
                        let r = reference.unwrap_or_else(|e| panic!("{token}: {e} at {pos:?}"));
                        assert!(r.warnings.is_empty(), "{token}: {:?}", r.warnings);
                        assert_eq!(r.mv, *mv, "{token} at {pos:?}");
                        assert_eq!(f.to_position(), after, "{token}");
                    } else if token == canonical {
                        panic!("declined canonical {token} at {pos:?}");
                    } else {
                        // Declined: the board is unchanged.
                        assert_eq!(f.to_position(), pos, "{token}");
                    }
                }
            }
            // The generator writes canonical SAN: the accelerator plays it.
            let parsed = San::parse(&node.san).unwrap();
            assert!(play_clean(&mut fast, &parsed), "{} at {pos:?}", node.san);
            parsed.play(&mut pos).unwrap();
        }
    }
    assert!(positions > 2_000, "{positions}");
    assert!(accepted > 20_000, "{accepted}");
}

#[test]
fn positions_the_accelerator_declines() {
    let fen = |f: &str| fvnote::notation::fen::read_fen(f, Variant::Chess).unwrap();
    // Other variants, and castling rights it cannot mirror exactly.
    assert!(FastChess::from_position(&Position::start(Variant::Grid)).is_none());
    assert!(FastChess::from_position(&fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")).is_some());
    // A castling right with the king off e1 is no chess position (CH1):
    // neither tier ever sees one.
    let d1 = "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1";
    assert!(fvnote::notation::fen::read_fen(d1, Variant::Chess).is_err());
    // Game ends as the reference sees them (G5).
    for (end, expected) in [
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Some(Outcome::Stalemate)),
        (
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            Some(Outcome::Checkmate {
                winner: Color::White,
            }),
        ),
        // Bare kings: G5 has no dead-position end, so the game goes on.
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", None),
    ] {
        let p = fen(end);
        assert_eq!(p.outcome(), expected, "{end}");
        assert_eq!(
            FastChess::from_position(&p).unwrap().outcome(),
            expected,
            "{end}"
        );
    }
    // Counters beyond what cozy-chess keeps survive the round trip.
    let far = fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 250 70000");
    let mut f = FastChess::from_position(&far).unwrap();
    assert_eq!(f.to_position(), far);
    assert!(play_clean(&mut f, &San::parse("Ra2").unwrap()));
    let p = f.to_position();
    assert_eq!((p.halfmoves(), p.fullmoves()), (251, 70000));
    // En passant: kept only when capturable, as the reference keeps it.
    let ep = fen("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1");
    let mut f = FastChess::from_position(&ep).unwrap();
    assert!(play_clean(&mut f, &San::parse("d4").unwrap()));
    assert_eq!(
        f.to_position().ep_square().map(|s| s.to_string()),
        Some("d3".into())
    );
    assert!(play_clean(&mut f, &San::parse("exd3").unwrap()));
}

const TRICKY: &str = r#"
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O Nxe4 5. Re1 (5. d4 Nd6) 5... Nd6) 4. Ba4 Nf6 5. O-O Be7 *

1. e2e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Nc3 Nf6 5. Nd5 Nxd5 6. Bxd5 d6 7. c3 O-O 8. d4 exd4 9. cxd4 Bb4+ 10. Bd2 *

1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Ng1 Ng8 5. Nge2 Nge7 6. Ng3 Ng6 7. N3e2 N6e7 *

1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Bf4 e6 7. h3 Bxf3 8. Qxf3 Bb4 9. Be2 Nd7 10. a3 O-O-O 11. axb4 Qxa1+ 12. Kd2 Qxh1 13. Qxc6+ bxc6 14. Ba6# 1-0

1. f3 e5 2. g4 Qh4 3. e4 *

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0

1. e4 {[%deny S1e]} e5 2. Ke3 (2. Ke2 Ke7 3. Ke3) 2... Nf6 *

1. d4 e5 2. dxe5 f5 3. exf6 gxf6 4. Nc3 d5 5. e4 dxe4 6. Bb5+ c6 7. Ba4 Qxd1+ 8. Kxd1 *

[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"]

1. a8=Q+ Kd7 2. Qa4+ Ke6 3. Qe4+ Kd6 4. Kf2 h1=N+ 5. Kg1 *

[SetUp "1"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 99 80"]

1. O-O O-O-O 2. Ra1 Rh8 3. Rf2 *
"#;

#[test]
fn validation_with_the_accelerator_reports_exactly_what_the_reference_reports() {
    let mut texts: Vec<(String, Vec<u8>)> = vec![("tricky".into(), TRICKY.as_bytes().to_vec())];
    let files = common::pgn_files(&["fixtures", "tests/data"]);
    for f in files {
        texts.push((f.display().to_string(), std::fs::read(&f).unwrap()));
    }
    let games = generate(&GenOptions {
        variant: Variant::Chess,
        games: 30,
        seed: 3,
        max_plies: 300,
    });
    texts.push((
        "generated".into(),
        fvnote::record::gen::to_pgn(&games).into_bytes(),
    ));
    // `ReplayMode::Verdict` turns the accelerator on.
    let compared = mailbox_fast::compare_verdicts(&texts);
    assert!(compared >= 200, "{compared}");
}

/// Every pawn and piece token onto every square (pushes, captures,
/// promotions; each with no mark, `+` and `#`) in many positions: the
/// accelerator plays exactly the tokens that are the canonical SAN of the
/// one move the reference plays for them, and reaches the same position;
/// everything else it declines, board unchanged. Hand-picked positions add
/// the pawn's edge cases: blocked and occupied pushes, a pinned pawn that
/// captures along its pin, en passant that would expose the king, check
/// evasions, double check, promotions for both sides.
#[test]
fn every_token_onto_every_square_is_judged_as_the_reference_judges() {
    let fen = |f: &str| fvnote::notation::fen::read_fen(f, Variant::Chess).unwrap();
    let mut positions: Vec<Position> = [
        "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/4p3/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/1b6/2n5/3P4/4K3 w - - 0 1",
        "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "4k3/8/8/8/8/5n2/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/1b6/5n2/3PP3/4K3 w - - 0 1",
        "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1",
        "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        "3qk3/8/8/8/8/8/3P4/3K4 w - - 0 1",
    ]
    .into_iter()
    .map(fen)
    .collect();
    for g in generate(&GenOptions {
        variant: Variant::Chess,
        games: 6,
        seed: 11,
        max_plies: 120,
    }) {
        let mut pos = Position::start(Variant::Chess);
        for node in &g.record.moves {
            positions.push(pos.clone());
            San::parse(&node.san).unwrap().play(&mut pos).unwrap();
        }
    }
    let squares: Vec<String> = (b'a'..=b'h')
        .flat_map(|f| (b'1'..=b'8').map(move |r| format!("{}{}", f as char, r as char)))
        .collect();
    let mut bodies = Vec::new();
    for sq in &squares {
        let (file, rank) = (sq.as_bytes()[0], sq.as_bytes()[1]);
        let promotions: &[&str] = if rank == b'1' || rank == b'8' {
            &["", "=Q", "=N"]
        } else {
            &[""]
        };
        for p in promotions {
            bodies.push(format!("{sq}{p}"));
            for from in [file.wrapping_sub(1), file + 1] {
                if (b'a'..=b'h').contains(&from) {
                    bodies.push(format!("{}x{sq}{p}", from as char));
                }
            }
        }
        for piece in ["N", "B", "R", "Q", "K"] {
            bodies.push(format!("{piece}{sq}"));
            bodies.push(format!("{piece}x{sq}"));
        }
    }
    let (mut played, mut declined) = (0usize, 0usize);
    for pos in &positions {
        let Some(fast) = FastChess::from_position(pos) else {
            continue;
        };
        for body in &bodies {
            let mut after = pos.clone();
            let canonical = San::parse(body)
                .unwrap()
                .play(&mut after)
                .ok()
                .map(|r| write_san(pos, &r.mv));
            for mark in ["", "+", "#"] {
                let token = format!("{body}{mark}");
                let mut f = fast.clone();
                let took = play_clean(&mut f, &San::parse(&token).unwrap());
                let clean = canonical.as_deref() == Some(token.as_str());
                assert_eq!(took, clean, "{token} (canonical {canonical:?}) at {pos:?}");
                if took {
                    played += 1;
                    assert_eq!(f.to_position(), after, "{token}");
                } else {
                    declined += 1;
                    assert_eq!(f.to_position(), *pos, "{token}");
                }
            }
        }
    }
    assert!(
        played > 5_000 && declined > 1_000_000,
        "{played} {declined}"
    );
}
