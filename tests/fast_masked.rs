//! The Grid and Rank and File accelerator (`rules::fast::masked`) against the
//! reference engine: it may only play a token the reference plays the same
//! way without a warning, and it must reach the same positions and game ends
//! (GR1–GR4, RF1–RF7, G5). Declining is always allowed; accepting anything
//! the reference would refuse or warn about is a defect.
use crate::agreement;
use crate::mailbox_fast;

use agreement::pick;
use fvnote::notation::san::{long_form, write_san, San};
use fvnote::record::gen::{generate, to_pgn, GenOptions, SplitMix64};
use fvnote::record::replay::fast::play_clean;
use fvnote::rules::fast::masked::FastMasked;
use fvnote::rules::fast::Accelerator;
use fvnote::variant::Variant;
use fvnote::{Move, Position};

const VARIANTS: [Variant; 2] = [Variant::Grid, Variant::RankAndFile];

/// Special-move-rich games: every position reached, start included.
fn special_positions(variant: Variant, games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(variant);
        for _ in 0..plies {
            out.push(pos.clone());
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = pick(&legal, &mut rng);
            pos.play_in_place(&mv);
        }
    }
    out
}

/// Special-move-rich games as PGN, with their results.
fn special_pgn(variant: Variant, games: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut text = String::new();
    for _ in 0..games {
        let mut pos = Position::start(variant);
        let mut sans = Vec::new();
        while sans.len() < 160 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = pick(&legal, &mut rng);
            sans.push(write_san(&pos, &mv));
            pos.play_in_place(&mv);
        }
        let result = pos.outcome().map_or("*", |o| o.result());
        text.push_str(&format!(
            "[Variant \"{}\"]\n[Result \"{result}\"]\n\n",
            variant.id()
        ));
        for (i, san) in sans.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(san);
            text.push(' ');
        }
        text.push_str(result);
        text.push_str("\n\n");
    }
    text
}

/// Spellings of one move: canonical first, then lenient or wrong ones.
fn spellings(pos: &Position, mv: &Move) -> Vec<String> {
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
        let from = long_form(pos, mv);
        let from = from.trim_start_matches(['N', 'B', 'R', 'Q', 'K']);
        out.push(format!("{letter}{}{rest}", &from[..1]));
        out.push(format!("{letter}{}{rest}", &from[1..2]));
        out.push(format!("{letter}{}{rest}", &from[..2]));
        out.push(match rest.strip_prefix('x') {
            Some(r) => format!("{letter}{r}"),
            None => format!("{letter}x{rest}"),
        });
    }
    if body.starts_with("O-O") {
        out.push(body.replace('O', "0"));
    }
    if let Some((file, rest)) = body.split_once('x') {
        if file.len() == 1 {
            out.push(format!("{file}{rest}"));
        }
    }
    out
}

/// Every pawn and piece token onto every square: pushes, captures (from
/// both neighbouring files), promotions, pieces with and without `x`.
fn bodies() -> Vec<String> {
    let mut out = Vec::new();
    for file in b'a'..=b'h' {
        for rank in b'1'..=b'8' {
            let sq = format!("{}{}", file as char, rank as char);
            let promotions: &[&str] = if rank == b'1' || rank == b'8' {
                &["", "=Q", "=N", "=K"]
            } else {
                &[""]
            };
            for p in promotions {
                out.push(format!("{sq}{p}"));
                for from in [file.wrapping_sub(1), file + 1] {
                    if (b'a'..=b'h').contains(&from) {
                        out.push(format!("{}x{sq}{p}", from as char));
                    }
                }
            }
            for piece in ["N", "B", "R", "Q", "K"] {
                out.push(format!("{piece}{sq}"));
                out.push(format!("{piece}x{sq}"));
            }
        }
    }
    out.extend(["O-O", "O-O-O"].map(String::from));
    out
}

/// One token in one position: the accelerator plays it only as the
/// reference plays it with no warning, reaching the same position, and
/// leaves the board as it was otherwise. Returns whether it played.
fn judge(pos: &Position, fast: &FastMasked, token: &str) -> bool {
    let Ok(parsed) = San::parse(token) else {
        return false;
    };
    let mut f = fast.clone();
    let took = play_clean(&mut f, &parsed);
    let mut after = pos.clone();
    let reference = parsed.play(&mut after);
    if took {
        let r = reference.unwrap_or_else(|e| panic!("{token} accepted, reference: {e} at {pos:?}"));
        assert!(
            r.warnings.is_empty(),
            "{token}: {:?} at {pos:?}",
            r.warnings
        );
        assert_eq!(r.san.as_str(), token, "{token} at {pos:?}");
        assert_eq!(f.to_position(), after, "{token} at {pos:?}");
    } else {
        if let Ok(r) = &reference {
            assert!(
                !r.warnings.is_empty() || r.san.as_str() != token,
                "declined clean {token} at {pos:?}"
            );
        }
        assert_eq!(f, *fast, "{token} changed the board at {pos:?}");
    }
    took
}

/// Positions, token by token: the mirror round-trips, the incrementally
/// played board equals the reference, game ends agree, and every spelling
/// of every legal move plus every token onto every square is judged as the
/// reference judges it.
fn token_by_token(variant: Variant, positions: &[Position], all_bodies: bool) -> (usize, usize) {
    let bodies = bodies();
    let (mut played, mut declined) = (0, 0);
    for pos in positions {
        let fast = FastMasked::from_position(pos)
            .unwrap_or_else(|| panic!("{variant}: the accelerator declines {pos:?}"));
        assert_eq!(fast.to_position(), *pos);
        assert_eq!(fast.outcome(), pos.outcome(), "outcome at {pos:?}");
        let mut tokens: Vec<String> = Vec::new();
        for mv in pos.legal_moves().iter() {
            tokens.extend(spellings(pos, mv));
        }
        if all_bodies {
            for body in &bodies {
                for mark in ["", "+", "#"] {
                    tokens.push(format!("{body}{mark}"));
                }
            }
        }
        for token in &tokens {
            if judge(pos, &fast, token) {
                played += 1;
            } else {
                declined += 1;
            }
        }
    }
    (played, declined)
}

#[test]
fn grid_tokens_are_judged_as_the_reference_judges_them() {
    let positions = special_positions(Variant::Grid, 12, 120, 21);
    let (played, declined) = token_by_token(Variant::Grid, &positions, false);
    assert!(played > 10_000 && declined > 30_000, "{played} {declined}");
    let some: Vec<Position> = positions.iter().step_by(7).cloned().collect();
    let (played, declined) = token_by_token(Variant::Grid, &some, true);
    assert!(played > 1_000 && declined > 100_000, "{played} {declined}");
}

#[test]
fn rank_and_file_tokens_are_judged_as_the_reference_judges_them() {
    let positions = special_positions(Variant::RankAndFile, 12, 120, 22);
    let (played, declined) = token_by_token(Variant::RankAndFile, &positions, false);
    assert!(played > 5_000 && declined > 20_000, "{played} {declined}");
    let some: Vec<Position> = positions.iter().step_by(7).cloned().collect();
    let (played, declined) = token_by_token(Variant::RankAndFile, &some, true);
    assert!(played > 500 && declined > 100_000, "{played} {declined}");
}

/// Generated games played token by token on one board: it stays equal to
/// the reference position after every ply.
#[test]
fn generated_games_stay_on_the_accelerator() {
    for variant in VARIANTS {
        for g in generate(&GenOptions {
            variant,
            games: 20,
            seed: 5,
            max_plies: 200,
        }) {
            let mut pos = Position::start(variant);
            let mut fast = FastMasked::from_position(&pos).unwrap();
            for node in &g.record.moves {
                let parsed = San::parse(&node.san).unwrap();
                assert!(play_clean(&mut fast, &parsed), "{} at {pos:?}", node.san);
                parsed.play(&mut pos).unwrap();
                assert_eq!(fast.to_position(), pos, "{}", node.san);
            }
            assert_eq!(fast.outcome(), pos.outcome());
        }
    }
}

/// Hand-picked positions for the rules' corners, each with tokens the
/// accelerator must decline (the reference refuses them or warns) and the
/// one it must play.
#[test]
fn corners_of_the_rules() {
    let cases: &[(Variant, &str, &[&str], &[&str])] = &[
        // GR4: e3-e4 stays in its section; e2-e4 crosses; g7xh8 never, f7xg8 does.
        (
            Variant::Grid,
            "r3k1nr/5P2/8/8/8/4P3/4P3/R3K2R w KQkq - 0 1",
            &["e4", "fxg8=Q", "f8=Q"],
            &["fxg8=Q+", "O-O", "O-O-O"],
        ),
        // GR3: kings side by side inside one section attack nothing.
        (
            Variant::Grid,
            "8/8/8/8/8/8/k7/1K6 w - - 0 1",
            &["Kxa2", "Ka1"],
            &["Kc2", "Kc1"],
        ),
        // RF2: only units on the most crowded line move (file e: 3 units).
        (
            Variant::RankAndFile,
            "4k3/8/8/8/8/4P3/4P3/2N1K3 w - - 0 1",
            &["Nd3", "Nb3"],
            &["e4", "Kd1", "Kf2"],
        ),
        // RF2 escape: in check from the rook on Black's rank 7, White's king
        // moves off White's rank 2, even beside Black's king, whose rank 6
        // is not permitted (RF3); RF7: never onto that king.
        (
            Variant::RankAndFile,
            "8/pp1K3r/3k4/8/8/8/PPP5/8 w - - 0 1",
            &["Kxd6", "Kc7", "a3"],
            &["Ke6", "Ke8", "Kc8"],
        ),
    ];
    for &(variant, fen, refused, played) in cases {
        let pos = fvnote::notation::fen::read_fen(fen, variant).unwrap();
        let fast = FastMasked::from_position(&pos).unwrap();
        for token in refused {
            assert!(!judge(&pos, &fast, token), "{token} played at {fen}");
        }
        for token in played {
            assert!(judge(&pos, &fast, token), "{token} declined at {fen}");
        }
    }
}

const TRICKY: &str = r#"
[Variant "grid"]

1. e4 d5 2. exd5 e6 (2... Qxd5 3. Nc3 Qe5+ 4. Ne2) 3. dxe6 Bxe6 4. Nf3 Nc6 5. Bc4 Qd7 6. O-O O-O-O *

[Variant "grid"]

1. e2e4 e5 2. e3 Nf6 3. Nf3 *

[Variant "grid"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O Bc5 5. Re1 O-O 6. Nc3 Re8 7. Ne2 Ne7 8. Ng3 Ng6 9. Ne2 Ne7 10. Nc3 Nc6 11. N3e2 *

[Variant "rank-and-file"]

1. Nc3 Nc6 2. Nb1 Nb8 (2... e5 3. Nf3) 3. e4 *

[Variant "rank-and-file"]

1. e4 e5 2. Ke2 Ke7 3. Ke3 *

[Variant "rank-and-file"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3+ Nf6 4. Nc3 Nc6 5. d4 *
"#;

#[test]
fn validation_with_the_accelerator_reports_exactly_what_the_reference_reports() {
    let mut texts: Vec<(String, Vec<u8>)> = vec![("tricky".into(), TRICKY.as_bytes().to_vec())];
    for dir in ["fixtures/grid", "fixtures/rank-and-file"] {
        for kind in ["valid", "invalid"] {
            let Ok(entries) = std::fs::read_dir(format!("{dir}/{kind}")) else {
                continue;
            };
            for e in entries.flatten() {
                texts.push((
                    e.path().display().to_string(),
                    std::fs::read(e.path()).unwrap(),
                ));
            }
        }
    }
    for (i, variant) in VARIANTS.into_iter().enumerate() {
        let games = generate(&GenOptions {
            variant,
            games: 20,
            seed: 3 + i as u64,
            max_plies: 300,
        });
        texts.push((format!("generated {variant}"), to_pgn(&games).into_bytes()));
        texts.push((
            format!("special {variant}"),
            special_pgn(variant, 20, 9 + i as u64).into_bytes(),
        ));
    }
    let compared = mailbox_fast::compare_verdicts(&texts);
    assert!(compared >= 180, "{compared}");
}
