//! Round trips of every text form (`FromStr` + `Display`): `Variant`, `Fen`
//! (and the `Position` it sets up), `San`, `SanPlus` and `Move` (long form,
//! `{:#}`), over positions of random games of every variant, and the
//! grammars over arbitrary text: whatever reads, written back, reads the same.

use fvnote::notation::fen::{read_fen, write_fen, Fen};
use fvnote::notation::san::{write_san, San, SanPlus};
use fvnote::variant::Variant;
use fvnote::{Move, Position};
use proptest::prelude::*;

/// A position `plies` random legal moves from the start (xorshift from `seed`).
fn position(variant: Variant, seed: u64, plies: usize) -> Position {
    let mut x = seed | 1;
    let mut pos = Position::start(variant);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        pos.play_in_place(&legal[(x % legal.len() as u64) as usize]);
    }
    pos
}

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    }
}

#[test]
fn variants_round_trip() {
    for v in Variant::ALL {
        assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
    }
}

proptest! {
    #![proptest_config(config())]

    /// Position → Fen → text → Fen → Position: nothing changes on the way.
    #[test]
    fn fen_round_trips(v in variant(), seed in any::<u64>(), plies in 0usize..60) {
        let pos = position(v, seed, plies);
        let fen = Fen::from(&pos);
        let text = fen.to_string();
        prop_assert_eq!(&text, &write_fen(&pos));
        let back: Fen = text.parse().unwrap();
        prop_assert_eq!(&back, &fen);
        prop_assert_eq!(back.to_string(), text.clone());
        prop_assert_eq!(back.position(v).unwrap(), pos.clone());
        prop_assert_eq!(read_fen(&text, v).unwrap(), pos);
    }

    /// Every legal move: canonical SAN displays as `write_san` writes it,
    /// parses back to the same `SanPlus` and `San`, and resolves to the
    /// move without a warning; the long form reads back to the move.
    #[test]
    fn every_legal_move_round_trips(v in variant(), seed in any::<u64>(), plies in 0usize..60) {
        let pos = position(v, seed, plies);
        for mv in pos.legal_moves() {
            let sp = SanPlus::from_move(&pos, &mv);
            let text = sp.to_string();
            prop_assert_eq!(&text, &write_san(&pos, &mv));
            prop_assert_eq!(&text.parse::<SanPlus>().unwrap(), &sp);
            prop_assert_eq!(&sp.san.to_string().parse::<San>().unwrap(), &sp.san);
            let resolved = San::parse(&text).unwrap().resolve(&pos).unwrap();
            prop_assert_eq!(resolved.mv, mv);
            prop_assert!(resolved.warnings.is_empty(), "{}: {:?}", text, resolved.warnings);
            prop_assert_eq!(resolved.san.as_str(), text.as_str());
            let long = format!("{mv:#}");
            prop_assert_eq!(long.parse::<Move>(), Ok(mv), "{}", long);
        }
        // Moves by movement alone too (illegal ones included): the long form
        // carries every field.
        for mv in pos.candidate_moves() {
            prop_assert_eq!(format!("{mv:#}").parse::<Move>(), Ok(mv));
        }
    }

    /// Any text the move grammar accepts, lenient spellings included, is
    /// written back canonically and that reads as the same move.
    #[test]
    fn san_text_reads_back_canonically(text in "[a-hxKQRBNPO0SC@*=+#()>/:e. 1-9-]{1,10}") {
        if let Ok(parsed) = San::parse(&text) {
            let sp = parsed.san_plus();
            prop_assert_eq!(sp.to_string().parse::<SanPlus>().unwrap(), sp.clone());
            // The canonical text is not lenient (castling with zeros, `++` …).
            let again = San::parse(&sp.to_string()).unwrap();
            prop_assert!(
                again.lenient.iter().all(|l| parsed.lenient.contains(l)),
                "{} → {}: {:?}", text, sp, again.lenient
            );
        }
    }

    /// Any text the FEN grammar accepts reads back the same after writing.
    #[test]
    fn fen_text_reads_back(v in variant(), seed in any::<u64>(), edits in prop::collection::vec((any::<usize>(), "[pnbrqkPNBRQK0-9*/()\\[\\] wb!-]"), 0..3)) {
        let mut text = write_fen(&position(v, seed, 10));
        for (at, s) in edits {
            let mut at = at % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.insert_str(at, &s);
        }
        if let Ok(fen) = text.parse::<Fen>() {
            prop_assert_eq!(fen.to_string().parse::<Fen>().unwrap(), fen);
        }
    }
}

#[test]
fn long_move_forms_are_documented_ones() {
    for text in [
        "Ng1-f3",
        "Bc4xPf7",
        "Pe7xRd8=Q",
        "Pe5xd6ep",
        "Ke1Rh1",
        "N@e4",
        "RN@c3",
        "S3e",
        "K-qn",
        "C-a5",
        "C>e1",
        "C>e1/Q",
        "C>e1/-/N",
        "RNb1-c3",
        "Pe7-e8=K",
    ] {
        let mv: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(format!("{mv:#}"), text);
    }
    for bad in ["e2e4", "Ng1f3", "Bc4xf7", "K@", "C>e1/Q/R/B", "S0e"] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
}

/// A `Fen` built in code, outside what the grammar reads, is refused rather
/// than set up (no panic, no frame beyond 26 × 40).
#[test]
fn fen_values_beyond_the_grammar_are_refused() {
    use fvnote::notation::fen::FenSquare;
    use fvnote::{Color, Piece, Role};
    let start = Fen::from(&Position::start(Variant::Quake));
    let mut wide = start.clone();
    for row in &mut wide.board {
        row.resize(30, FenSquare::Empty);
    }
    assert!(wide.position(Variant::Quake).is_err());
    let mut empty = start.clone();
    empty.board.clear();
    assert!(empty.position(Variant::Quake).is_err());
    let mut king_in_hand = start;
    king_in_hand.pockets = Some(vec![Piece::new(Color::White, Role::King)]);
    assert!(king_in_hand.position(Variant::Quake).is_err());
}
