//! The Quake Chess accelerator (`rules::fast::quake`, both armies) against
//! the reference engine, token by token: it may play only a token the
//! reference plays the same way without a word (QK1 quakes, QK7 drops,
//! piece moves with QK6's pocketing and QK7's captures into the hand), it
//! must reach the same position (frame, hands and all, QK5) with the same
//! check or mate mark, and validation with it must report exactly what the
//! reference reports.
use crate::mailbox_fast;
use crate::quake_layout;

use fvnote::notation::fen::read_fen;
use fvnote::notation::san::{write_san, ParsedSan, San, Suffix};
use fvnote::record::gen::{generate, to_pgn as gen_pgn, GenOptions, SplitMix64};
use fvnote::record::replay::fast::{play_clean, successor as play_clean_into};
use fvnote::rules::fast::quake::FastQuake;
use fvnote::rules::fast::Accelerator;
use fvnote::variant::Variant;
use fvnote::{Color, Move, Position, Role};
use mailbox_fast::{
    compare_along_games, compare_tokens, compare_verdicts, pgn_files, special_games, to_pgn,
};
use quake_layout::random_layout;
use std::cell::RefCell;

const ARMIES: [Variant; 2] = [Variant::Quake, Variant::QuakeLb];

/// What the played tokens showed, so a test can say it met each case.
#[derive(Default, Debug)]
struct Seen {
    quakes: usize,
    frame_grew: usize,
    frame_moved: usize,
    quake_pockets: usize,
    quake_checks: usize,
    quake_mates: usize,
    drops: usize,
    drop_checks: usize,
    mates: usize,
    captures_into_hand: usize,
    drops_on_rank: [bool; 8],
}

thread_local! {
    static SEEN: RefCell<Seen> = RefCell::new(Seen::default());
}

fn hand(pos: &Position, color: Color) -> u32 {
    Role::ALL
        .iter()
        .map(|&r| u32::from(pos.in_hand(color, r)))
        .sum()
}

fn fast_play(pos: &Position, san: &ParsedSan) -> Option<Position> {
    let mut fast = FastQuake::from_position(pos).expect("a Quake Chess position");
    if !play_clean(&mut fast, san) {
        assert_eq!(
            fast.to_position(),
            *pos,
            "declined {san:?} changed the board"
        );
        return None;
    }
    let after = fast.to_position();
    note(pos, san, &after);
    Some(after)
}

/// Counts what a played token showed.
fn note(pos: &Position, san: &ParsedSan, after: &Position) {
    let mate = san.suffix == Some(Suffix::Mate);
    let check = san.suffix.is_some();
    SEEN.with(|s| {
        let mut s = s.borrow_mut();
        match san.san {
            San::Quake { .. } => {
                s.quakes += 1;
                s.frame_grew +=
                    usize::from(after.frame().0 * after.frame().1 > pos.frame().0 * pos.frame().1);
                s.frame_moved += usize::from(after.frame() != pos.frame());
                s.quake_pockets += usize::from(
                    after.in_hand(pos.turn(), Role::Pawn) > pos.in_hand(pos.turn(), Role::Pawn),
                );
                s.quake_checks += usize::from(check);
                s.quake_mates += usize::from(mate);
            }
            San::Drop { to, .. } => {
                s.drops += 1;
                s.drop_checks += usize::from(check);
                if let Some(r) = s.drops_on_rank.get_mut(usize::from(to.rank())) {
                    *r = true;
                }
            }
            San::Normal { capture: true, .. } => {
                s.captures_into_hand +=
                    usize::from(hand(after, pos.turn()) > hand(pos, pos.turn()));
            }
            _ => {}
        }
        s.mates += usize::from(mate);
    });
}

thread_local! {
    /// The accelerator carried along the line to the position compared,
    /// and a spare slot holding an earlier position of the line.
    static CARRIED: RefCell<Option<(FastQuake, FastQuake)>> = const { RefCell::new(None) };
}

/// [`fast_play`] on the accelerator carried along the line (what it keeps
/// between plies: the cells as bit rows, whether the side to move is in
/// check, whether the layout meets QK2), played both into a copy and into
/// the spare slot as the replayer does; what it keeps afterwards must be
/// what a fresh copy of the position holds.
fn carried_play(pos: &Position, san: &ParsedSan) -> Option<Position> {
    let (fast, spare) = CARRIED
        .with(|c| c.borrow().clone())
        .expect("a carried accelerator");
    assert_eq!(fast.position(), pos, "the carried accelerator is elsewhere");
    let mut copy = fast.clone();
    let played = play_clean(&mut copy, san);
    let mut next = spare;
    assert_eq!(
        play_clean_into(&fast, san, &mut next),
        played,
        "{san:?} into the spare slot, at {pos:?}"
    );
    if !played {
        assert_eq!(copy, fast, "declined {san:?} changed the accelerator");
        return None;
    }
    assert_eq!(next, copy, "{san:?} into the spare slot, at {pos:?}");
    let fresh = FastQuake::from_position(copy.position());
    assert_eq!(
        fresh.as_ref(),
        Some(&copy),
        "kept state after {san:?} at {pos:?}"
    );
    let after = copy.to_position();
    note(pos, san, &after);
    Some(after)
}

/// Random games from `start`: a quake half the time and a drop a quarter
/// when there is one, else any legal move; as SAN.
fn random_line(start: &Position, plies: usize, rng: &mut SplitMix64) -> Vec<String> {
    let mut pos = start.clone();
    let mut sans = Vec::new();
    while sans.len() < plies && pos.outcome().is_none() {
        let legal = pos.legal_moves();
        let of = |quake: bool| -> Vec<Move> {
            legal
                .iter()
                .filter(|m| match m {
                    Move::Quake { .. } => quake,
                    Move::Drop { .. } => !quake,
                    _ => false,
                })
                .copied()
                .collect()
        };
        let (quakes, drops) = (of(true), of(false));
        let mv = if !quakes.is_empty() && rng.chance(1, 2) {
            quakes[rng.below(quakes.len())]
        } else if !drops.is_empty() && rng.chance(1, 2) {
            drops[rng.below(drops.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        sans.push(write_san(&pos, &mv));
        pos.play_in_place(&mv);
    }
    sans
}

/// Every token at every position of `line` from `start`, on the
/// accelerator carried along it, the spare slot holding the position two
/// plies back (its frame often another). Returns the positions compared.
fn compare_carried(start: &Position, line: &[String], extra: &[String]) -> usize {
    let mut pos = start.clone();
    let mut fast = FastQuake::from_position(start).expect("a legal layout");
    let mut spare = fast.clone();
    for (ply, san) in line.iter().enumerate() {
        CARRIED.with(|c| *c.borrow_mut() = Some((fast.clone(), spare.clone())));
        compare_tokens(&pos, extra, &carried_play, &never);
        let parsed = San::parse(san).unwrap();
        let mut next = spare;
        assert!(
            play_clean_into(&fast, &parsed, &mut next),
            "{san} at ply {ply} of {start:?}"
        );
        parsed.play(&mut pos).unwrap();
        assert_eq!(next.position(), &pos, "{san} at ply {ply}");
        spare = fast;
        fast = next;
    }
    CARRIED.with(|c| *c.borrow_mut() = Some((fast.clone(), spare)));
    compare_tokens(&pos, extra, &carried_play, &never);
    line.len() + 1
}

/// Every canonical token of a legal move is the accelerator's.
fn never(_: &Position, _: &Move) -> bool {
    false
}

/// Drop and quake tokens beyond the candidates: every piece letter of both
/// armies (and the king and queen, which no hand holds) on every square of
/// a grown frame and beyond it (`all_drops`, else a few), and every quake
/// with every mark.
fn extra_tokens(all_drops: bool) -> Vec<String> {
    let mut out = Vec::new();
    let letters: &[&str] = if all_drops {
        &[
            "P", "N", "B", "R", "Q", "K", "RN", "BN", "BR", "NR", "NB", "RB",
        ]
    } else {
        &["P", "Q", "K", "RN"]
    };
    let squares = if all_drops { 1..=9 } else { 3..=4 };
    for f in 'a'..='k' {
        for r in squares.clone() {
            for p in letters {
                out.push(format!("{p}@{f}{r}"));
            }
            out.push(format!("N@{f}{r}+"));
            out.push(format!("R@{f}{r}#"));
        }
    }
    // Full origins (needed only where rivals share the origin's file and
    // its rank), with and without a capture mark.
    for from in ["b1", "b5", "d1"] {
        for mark in ["", "+"] {
            out.push(format!("N{from}xc3{mark}"));
            out.push(format!("N{from}c3{mark}"));
        }
    }
    for d in ["n", "s", "e", "w"] {
        for mark in ["", "+", "#"] {
            out.push(format!("K-q{d}{mark}"));
        }
    }
    out
}

#[test]
fn the_accelerator_plays_only_what_the_reference_plays_cleanly() {
    let extra = extra_tokens(false);
    for variant in ARMIES {
        let games = special_games(variant, 6, 27, 120);
        let (positions, played, _) =
            compare_along_games(variant, &games, &extra, &fast_play, &never);
        assert!(positions > 300, "{variant:?}: {positions}");
        assert!(played > 5_000, "{variant:?}: {played}");
    }
    SEEN.with(|s| {
        let s = s.borrow();
        assert!(s.quakes > 100 && s.drops > 100, "{s:?}");
        assert!(s.frame_grew > 10 && s.captures_into_hand > 10, "{s:?}");
        assert!(s.quake_checks > 0 && s.drop_checks > 0, "{s:?}");
    });
}

/// Hand-made positions: quakes that grow the frame, check or mate, drops
/// on every rank, captures into the hand, pawns pocketed (QK6).
#[test]
fn hand_made_positions_are_judged_as_the_reference_judges() {
    let extra = extra_tokens(true);
    let mut positions = Vec::new();
    for (variant, fen) in [
        // A 4×4 frame, full: every quake grows it (QK5).
        (Variant::Quake, "3k/4/4/K3[NBRP] w - - 0 1"),
        (Variant::Quake, "3k/4/4/K3[nbrp] b - - 0 1"),
        // A rook that quakes east with its king's rank onto the black
        // king's file gives check; drops check too.
        (Variant::Quake, "2k2/5/5/5/KR3[RN] w - - 0 1"),
        // Mate by a quake: `K-qw` slides rank 3 west, the b3 rook onto
        // the cornered king's file, the b1 rook holding the b-file.
        (Variant::Quake, "k4/5/1R2K/5/1R3[] w - - 0 1"),
        (Variant::QuakeLb, "k4/5/1(RN)2K/5/1(RB)3[] w - - 0 1"),
        (Variant::Quake, "k4/2R2/5/5/K4[R] w - - 0 1"),
        // Three knights onto c3: `Nb1xc3+` names its full origin.
        (Variant::Quake, "1N1k1/5/2p2/5/KN1N1[] w - - 0 1"),
        // Captures into the hand, a pawn stepping to its last cell (QK6).
        (Variant::Quake, "k2r1/2P2/2n2/1B3/K3*[] w - - 0 1"),
        (
            Variant::QuakeLb,
            "k2(rn)1/2P2/2(nb)2/1(BR)3/K3*[(RN)] w - - 0 1",
        ),
        (Variant::QuakeLb, "(rb)k3/5/5/5/1(NR)2K[(nr)p] b - - 0 1"),
    ] {
        let pos = read_fen(fen, variant).unwrap_or_else(|e| panic!("{fen}: {e}"));
        positions.push(pos);
    }
    for variant in ARMIES {
        let start = Position::start(variant);
        positions.push(start.clone());
        // Lines from the start through captures, drops and quakes.
        for line in [&["e3", "d4", "exd4", "P@e4"][..]] {
            let mut pos = start.clone();
            for san in line {
                if San::parse(san).unwrap().play(&mut pos).is_err() {
                    break;
                }
                positions.push(pos.clone());
            }
        }
    }
    let mut played = 0;
    for pos in &positions {
        played += compare_tokens(pos, &extra, &fast_play, &never).0;
    }
    assert!(played > 100, "{played}");
    SEEN.with(|s| {
        let s = s.borrow();
        assert!(s.frame_grew > 0 && s.quake_checks > 0, "{s:?}");
        assert!(s.quake_mates > 0 && s.mates > s.quake_mates, "{s:?}");
        assert!(s.captures_into_hand > 0, "{s:?}");
        assert!(s.drops_on_rank[..5].iter().all(|&r| r), "{s:?}");
    });
}

/// Games with the moves the reference reports: quakes in check (after a
/// clean checking drop: QK4, the accelerator's kept check), of both
/// kings' strip, drops with nothing in hand or onto a pawn's strip,
/// lenient and wrong marks, variations.
const TRICKY: &str = r#"
[Variant "quake"]
[SetUp "1"]
[FEN "2k2/5/5/5/KR3[RN] w - - 0 1"]

1. R@c2+ K-qn *

[Variant "quake"]
[SetUp "1"]
[FEN "2k2/5/5/5/KR3[RN] w - - 0 1"]

1. R@c2+ (1. N@d3+ K-qs) 1... Kd5 2. K-qe Kd4 3. K-qn *
[Variant "quake"]

1. e3 d4 2. exd4 e4 3. P@d3 (3. K-qn) 3... P@e5 4. K-qs K-qw 5. N@c3 Kxe3 *

[Variant "quake"]

1. e3 d4 2. exd4 e4 3. N@e6 P@c3 4. K-qe+ K-qn 5. Bxc3 *

[Variant "quake-lb"]

1. e3 d4 2. exd4 e4 3. K-qw K-qe 4. P@e2 P@d3 5. Nf3 N@e3 *

[Variant "quake-lb"]

1. d3 e4 2. dxe4 d4 3. P@d2 P@e3 4. K-qs+ RN@e4 5. K-qn# *
"#;

#[test]
fn validation_with_the_accelerator_reports_exactly_what_the_reference_reports() {
    let mut texts = vec![("tricky".to_owned(), TRICKY.as_bytes().to_vec())];
    texts.extend(pgn_files("fixtures/quake"));
    texts.extend(pgn_files("fixtures/quake-lb"));
    for (seed, variant) in ARMIES.into_iter().enumerate() {
        let games = special_games(variant, 30, 11 + seed as u64, 200);
        texts.push(("special".into(), to_pgn(variant, &games).into_bytes()));
        // What `fvnote gen` writes: comments, NAGs and variations.
        let generated = generate(&GenOptions {
            variant,
            games: 30,
            seed: 5 + seed as u64,
            max_plies: 200,
        });
        texts.push(("gen".into(), gen_pgn(&generated).into_bytes()));
    }
    let compared = compare_verdicts(&texts);
    assert!(compared >= 200, "{compared}");
}

/// The accelerator carried along games (its kept rows, check and shape
/// flags), from the start and from random layouts with holes and hands
/// (narrow frames where a quake cuts the knight's graph, QK2 c): every
/// token at every position against the reference, including quakes that
/// move or grow the frame and pocket pawns (QK5, QK6), drops (QK7), and
/// check and mate marks.
#[test]
fn the_carried_accelerator_agrees_token_by_token() {
    let extra = extra_tokens(false);
    let mut rng = SplitMix64::new(2027);
    let mut positions = 0;
    for variant in ARMIES {
        for game in special_games(variant, 2, 41, 80) {
            positions += compare_carried(&Position::start(variant), &game, &extra);
        }
        let (mut layouts, mut tries) = (0, 0);
        while layouts < 30 {
            tries += 1;
            assert!(tries < 2_000, "{variant}: no legal layout");
            let Some(start) = random_layout(variant, &mut rng) else {
                continue;
            };
            layouts += 1;
            let line = random_line(&start, 20, &mut rng);
            positions += compare_carried(&start, &line, &extra);
        }
    }
    assert!(positions > 1_000, "{positions}");
    eprintln!(
        "{positions} positions: {:?}",
        SEEN.with(|s| format!("{:?}", s.borrow()))
    );
    SEEN.with(|s| {
        let s = s.borrow();
        assert!(s.quakes > 2_000 && s.drops > 10_000, "{s:?}");
        assert!(s.frame_grew > 500 && s.frame_moved > 700, "{s:?}");
        assert!(
            s.quake_pockets > 50 && s.captures_into_hand > 1_000,
            "{s:?}"
        );
        assert!(s.quake_checks > 5 && s.drop_checks > 500, "{s:?}");
        assert!(s.mates > 10, "{s:?}");
    });
}
