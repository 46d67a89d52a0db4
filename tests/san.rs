//! Move tokens: reading in two steps, lenient spellings, canonical writing.
use fvnote::notation::fen::read_fen;
use fvnote::notation::san::{write_san, Lenient, San, SanError};
use fvnote::variant::Variant;
use fvnote::Position;

fn chess(fen: &str) -> Position {
    read_fen(fen, Variant::Chess).unwrap()
}

fn resolve(pos: &Position, token: &str) -> Result<(String, Vec<Lenient>), SanError> {
    let parsed = San::parse(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    parsed
        .resolve(pos)
        .map(|r| (write_san(pos, &r.mv), r.warnings))
}

const POSITIONS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

#[test]
fn every_legal_move_round_trips_through_canonical_san() {
    for fen in POSITIONS {
        let pos = chess(fen);
        for mv in pos.legal_moves() {
            let text = write_san(&pos, &mv);
            let parsed = San::parse(&text).unwrap();
            let back = parsed.resolve(&pos).unwrap();
            assert_eq!(back.mv, mv, "{fen}: {text}");
            assert!(
                back.warnings.is_empty(),
                "{fen}: {text}: {:?}",
                back.warnings
            );
        }
    }
}

#[test]
fn disambiguation_is_minimal() {
    // Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3.
    let pos = chess("4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1");
    assert_eq!(resolve(&pos, "Nbd2").unwrap().0, "Nbd2");
    assert_eq!(resolve(&pos, "R1a3").unwrap().0, "R1a3");
    assert_eq!(resolve(&pos, "Rb5").unwrap().0, "Rb5");
    // A pawn capture always names its file.
    let pos = chess("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(resolve(&pos, "exd5").unwrap().0, "exd5");
}

#[test]
fn lenient_spellings_are_accepted_with_a_warning() {
    let start = Position::start(Variant::Chess);
    for (token, canon, warning) in [
        ("e2e4", "e4", Lenient::LongAlgebraic),
        ("e2-e4", "e4", Lenient::LongAlgebraic),
        ("Ng1-f3", "Nf3", Lenient::LongAlgebraic),
        ("g1f3", "Nf3", Lenient::LongAlgebraic),
        ("Ngf3", "Nf3", Lenient::NeedlessDisambiguation),
    ] {
        let (san, warnings) = resolve(&start, token).unwrap();
        assert_eq!(san, canon, "{token}");
        assert!(warnings.contains(&warning), "{token}: {warnings:?}");
    }
    let promo = chess("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for (token, warning) in [
        ("e8Q", Lenient::PromotionWithoutEquals),
        ("e8(Q)", Lenient::PromotionInParentheses),
        ("e7e8q", Lenient::LongAlgebraic),
    ] {
        let (san, warnings) = resolve(&promo, token).unwrap();
        assert_eq!(san, "e8=Q+", "{token}");
        assert!(warnings.contains(&warning), "{token}: {warnings:?}");
    }
    let castle = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let (san, warnings) = resolve(&castle, "0-0").unwrap();
    assert_eq!(san, "O-O");
    assert_eq!(warnings, [Lenient::ZeroCastling]);
    let (san, _) = resolve(&castle, "e1c1").unwrap();
    assert_eq!(san, "O-O-O");
    let ep = chess("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    let (san, warnings) = resolve(&ep, "exd6 e.p.").unwrap();
    assert_eq!(san, "exd6");
    assert_eq!(warnings, [Lenient::EnPassantSuffix]);
}

#[test]
fn check_marks_are_checked() {
    // Scholar's mate: Qxf7 is mate.
    let pos = chess("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    assert_eq!(resolve(&pos, "Qxf7#").unwrap(), ("Qxf7#".into(), vec![]));
    assert_eq!(
        resolve(&pos, "Qxf7").unwrap().1,
        [Lenient::MissingCheckMark]
    );
    assert_eq!(resolve(&pos, "Qxf7+").unwrap().1, [Lenient::WrongCheckMark]);
    assert_eq!(
        resolve(&pos, "Qxf7++").unwrap().1,
        [Lenient::DoublePlusMate]
    );
    let start = Position::start(Variant::Chess);
    assert_eq!(resolve(&start, "e4+").unwrap().1, [Lenient::WrongCheckMark]);
}

#[test]
fn malformed_tokens_are_parse_errors() {
    for bad in [
        "", "Xe4", "e9x", "Nf", "e4=", "K-qx", "S3n", "C-z", "N@", "K@e4", "e2-", "Pe2-e4x",
    ] {
        assert!(San::parse(bad).is_err(), "{bad:?} should not parse");
    }
}

#[test]
fn resolution_errors_say_what_is_wrong() {
    let pos = chess("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    match resolve(&pos, "Nd2") {
        Err(SanError::Ambiguous { candidates }) => assert_eq!(candidates, ["Nbd2", "Nfd2"]),
        other => panic!("{other:?}"),
    }
    // The bishop on d2 is pinned along the diagonal by the queen on a5.
    let pinned = chess("4k3/8/8/q7/8/8/3B4/4K3 w - - 0 1");
    match resolve(&pinned, "Be3") {
        Err(SanError::Illegal { ruling, reason, .. }) => {
            assert_eq!(ruling, "G6");
            assert_eq!(reason, "leaves the king in check");
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        resolve(&Position::start(Variant::Chess), "e5"),
        Err(SanError::NoMatch { .. })
    ));
    let promo = chess("8/4P3/8/8/8/8/8/k3K3 w - - 0 1");
    assert!(matches!(
        resolve(&promo, "e8"),
        Err(SanError::Promotion { .. })
    ));
    let mated = chess("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(matches!(
        resolve(&mated, "e4"),
        Err(SanError::GameOver { .. })
    ));
}
