//! The quake engine's shortcuts (quakes planned and shape-tested on bit rows,
//! boards moved in place with the kings carried along, pocketing only the
//! pawn that moved, QK2 left out of `play`) against the rules by the letter
//! in `tests/common/reference.rs`, token by token: random games of both armies from
//! the start and from random layouts with holes, rich in quakes and drops,
//! with every quake token (legal or not, QK1–QK5), every drop token
//! (QK7) and every legal move's SAN judged alike and leading to the same
//! position, king squares, check mark and game end; and whole games replayed
//! from PGN with an illegal token stopping them where the reference says.
use crate::agreement;
use crate::quake_layout;
use crate::reference;

use agreement::verdict;
use fvnote::notation::pgn::Reader;
use fvnote::notation::san::write_san;
use fvnote::record::gen::SplitMix64;
use fvnote::record::replay::{ReplayOptions, Replayer};
use fvnote::rules::Outcome;
use fvnote::variant::Variant;
use fvnote::{Color, Dir, Move, Position, Role, Square};
use quake_layout::random_layout;

/// The king squares found by looking at every cell (the cache must agree).
fn kings_by_scan(pos: &Position) -> [Option<Square>; 2] {
    let mut kings = [None, None];
    for sq in pos.cells() {
        if let Some(p) = pos.piece_at(sq).filter(|p| p.role == Role::King) {
            kings[usize::from(p.color == Color::Black)] = Some(sq);
        }
    }
    kings
}

/// QK6 by the letter: no pawn of either colour is left without a forward cell.
fn unpocketed_pawn(pos: &Position) -> Option<Square> {
    pos.cells().find(|&sq| {
        pos.piece_at(sq).is_some_and(|p| {
            let ahead = match p.color {
                Color::White => sq.rank().checked_add(1),
                Color::Black => sq.rank().checked_sub(1),
            };
            let ahead = ahead.and_then(|r| Square::new(sq.file(), r));
            p.role == Role::Pawn && !ahead.is_some_and(|a| pos.is_cell(a))
        })
    })
}

/// The position after `mv` by the engine, checked against the reference.
fn after(pos: &Position, mv: &Move, what: &str) -> Position {
    let next = pos.play(mv);
    assert_eq!(next, reference::play(pos, mv), "position after {what}");
    assert_eq!(
        [next.king(Color::White), next.king(Color::Black)],
        kings_by_scan(&next),
        "king squares after {what}"
    );
    assert_eq!(unpocketed_pawn(&next), None, "QK6 after {what}");
    assert_eq!(
        next.gives_check_mark(),
        reference::gives_check(&next),
        "check mark of {what}"
    );
    next
}

/// Every quake and drop token and every legal move's SAN in `pos`, against
/// the reference; returns the legal moves.
fn compare_tokens(pos: &Position, at: &str) -> Vec<Move> {
    let fen = format!("{pos:?} ({at})");
    let legal = reference::legal_moves(pos);
    assert_eq!(pos.legal_moves().len(), legal.len(), "legal moves, {fen}");
    assert_eq!(pos.has_legal_move(), !legal.is_empty(), "any move, {fen}");
    for dir in Dir::ALL {
        let mv = Move::Quake { dir };
        let token = format!("K-q{}", dir.char());
        let want = reference::check(pos, &mv).map_err(|ill| Some(ill.ruling));
        let got = verdict(pos, &token).map(|_| ());
        // A game that is over refuses everything (G5) on both sides.
        if legal.is_empty() {
            assert!(got.is_err(), "{token} accepted after the end, {fen}");
            continue;
        }
        assert_eq!(got, want, "{token}, {fen}");
        // The same refusal, word for word (QK2 a, b and c share a ruling).
        assert_eq!(pos.check_move(&mv), reference::check(pos, &mv), "{fen}");
        if want.is_ok() {
            after(pos, &mv, &format!("{token}, {fen}"));
        }
    }
    // Drops of every piece on every cell, most of them illegal (QK7).
    for sq in pos.cells() {
        for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook] {
            let mv = Move::Drop { role, to: sq };
            let token = format!("{}@{sq}", role.code());
            let got = verdict(pos, &token);
            if legal.contains(&mv) {
                assert_eq!(got, Ok(mv), "{token}, {fen}");
            } else {
                assert!(got.is_err(), "{token} accepted, {fen}");
            }
        }
    }
    for mv in &legal {
        let san = write_san(pos, mv);
        assert_eq!(verdict(pos, &san), Ok(*mv), "{san}, {fen}");
        after(pos, mv, &format!("{san}, {fen}"));
    }
    legal.to_vec()
}

/// A quake with probability 1/2 and a drop with 1/4 when there is one.
fn pick(legal: &[Move], rng: &mut SplitMix64) -> Move {
    let of = |quake: bool| -> Vec<Move> {
        legal
            .iter()
            .filter(|m| matches!(m, Move::Quake { .. }) == quake)
            .filter(|m| quake || matches!(m, Move::Drop { .. }))
            .copied()
            .collect()
    };
    let (quakes, drops) = (of(true), of(false));
    if !quakes.is_empty() && rng.chance(1, 2) {
        quakes[rng.below(quakes.len())]
    } else if !drops.is_empty() && rng.chance(1, 2) {
        drops[rng.below(drops.len())]
    } else {
        legal[rng.below(legal.len())]
    }
}

fn random_game(start: Position, plies: usize, rng: &mut SplitMix64, name: &str) -> usize {
    let mut pos = start;
    for ply in 0..plies {
        let legal = compare_tokens(&pos, &format!("{name} ply {ply}"));
        if legal.is_empty() {
            return ply;
        }
        let mv = pick(&legal, rng);
        pos = after(&pos, &mv, &format!("{name} ply {ply}"));
    }
    plies
}

fn random_games(variant: Variant, games: usize, plies: usize, seed: u64) {
    let mut rng = SplitMix64::new(seed);
    let mut played = 0;
    for game in 0..games {
        played += random_game(
            Position::start(variant),
            plies,
            &mut rng,
            &format!("{variant} game {game}"),
        );
    }
    assert!(played >= games * 20, "{variant}: only {played} plies");
}

#[test]
fn quake_tokens_agree_with_the_reference() {
    random_games(Variant::Quake, 6, 60, 11);
}

#[test]
fn quake_lb_tokens_agree_with_the_reference() {
    random_games(Variant::QuakeLb, 6, 60, 12);
}

#[test]
fn random_layouts_with_holes_agree_with_the_reference() {
    let mut rng = SplitMix64::new(13);
    let (mut layouts, mut shape_refusals, mut knight_refusals) = (0, 0, 0);
    for variant in [Variant::Quake, Variant::QuakeLb] {
        for n in 0..400 {
            let Some(start) = random_layout(variant, &mut rng) else {
                continue;
            };
            layouts += 1;
            for dir in Dir::ALL {
                if let Err(ill) = reference::check(&start, &Move::Quake { dir }) {
                    shape_refusals += usize::from(ill.ruling == "QK2");
                    knight_refusals += usize::from(ill.reason.contains("knight"));
                }
            }
            random_game(start, 12, &mut rng, &format!("{variant} layout {n}"));
        }
    }
    // The layouts must exercise what they are for: many positions, and
    // quakes refused by each shape limit's ruling among them.
    assert!(layouts >= 200, "only {layouts} layouts");
    assert!(shape_refusals >= 50, "only {shape_refusals} QK2 refusals");
    assert!(
        knight_refusals >= 5,
        "only {knight_refusals} QK2 (c) refusals"
    );
}

/// A game written as PGN with `bad` after its legal moves: replay stops at
/// `bad` with the reference's ruling, and the position before it is the
/// reference's.
fn replay_with(variant: Variant, sans: &[String], bad: &str) -> (usize, Option<String>) {
    let mut text = format!("[Variant \"{variant}\"]\n\n");
    for (i, san) in sans
        .iter()
        .chain(std::iter::once(&bad.to_owned()))
        .enumerate()
    {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(san);
        text.push(' ');
    }
    text.push_str("*\n");
    let mut reader = Reader::new(text.as_bytes());
    let mut replayer = Replayer::new(ReplayOptions::default());
    let report = reader.read_game(&mut replayer).unwrap().unwrap();
    let error = report.error.map(|e| format!("{} {:?}", e.token, e.ruling));
    (report.plies, error)
}

#[test]
fn replayed_games_stop_at_the_illegal_token_the_reference_refuses() {
    let mut rng = SplitMix64::new(14);
    let mut refused = 0;
    for variant in [Variant::Quake, Variant::QuakeLb] {
        for game in 0..12 {
            let mut pos = Position::start(variant);
            let mut sans = Vec::new();
            let plies = 10 + rng.below(50);
            for _ in 0..plies {
                let legal = reference::legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let mv = pick(&legal, &mut rng);
                sans.push(write_san(&pos, &mv));
                pos = reference::play(&pos, &mv);
            }
            // The first quake the reference refuses here, if any.
            let illegal = Dir::ALL.into_iter().find_map(|dir| {
                let ill = reference::check(&pos, &Move::Quake { dir }).err()?;
                Some((format!("K-q{}", dir.char()), ill.ruling))
            });
            let Some((token, ruling)) = illegal else {
                continue;
            };
            if reference::legal_moves(&pos).is_empty() {
                continue;
            }
            let (plies, error) = replay_with(variant, &sans, &token);
            assert_eq!(plies, sans.len(), "{variant} game {game}: {sans:?}");
            assert_eq!(
                error,
                Some(format!("{token} {:?}", Some(ruling))),
                "{variant} game {game}: {sans:?} {pos:?}"
            );
            refused += 1;
        }
    }
    assert!(
        refused >= 8,
        "only {refused} games ended on a refused quake"
    );
}

/// A refused quake leaves the accelerator's slot for the next position
/// holding rows of its own planning: a piece move played into that slot
/// afterwards must not take them for the rows it shares with the position
/// it starts from (the slot's id said they were until it was marked stale).
#[test]
fn a_refused_quake_does_not_leave_its_rows_to_the_next_move() {
    use fvnote::rules::fast::quake::FastQuake;
    use fvnote::rules::fast::Accelerator;
    let mut rng = SplitMix64::new(15);
    let mut refused = 0;
    for n in 0..300 {
        let Some(start) = random_layout(Variant::Quake, &mut rng) else {
            continue;
        };
        let Some(fast) = FastQuake::from_position(&start) else {
            continue;
        };
        let legal = start.legal_moves();
        let Some(mv) = legal.iter().find(|m| matches!(m, Move::Normal(_))) else {
            continue;
        };
        for dir in Dir::ALL {
            // The slot holds the same rows as `fast`, as after a piece move.
            let mut next = fast.clone();
            if fast.play_into(Move::Quake { dir }, &mut next).is_some() {
                continue;
            }
            refused += 1;
            fast.play_into(*mv, &mut next);
            let want = FastQuake::from_position(&reference::play(&start, mv));
            assert!(
                want.is_some_and(|w| w == next),
                "layout {n}, K-q{} then {mv:?}",
                dir.char()
            );
        }
    }
    // Enough refusals (QK2, QK4, QK5 on random layouts) to mean something.
    assert!(refused >= 100, "only {refused} refused quakes");
}

/// What the pocketing shortcut leaves out, by the rules by the letter (QK6):
/// a quake along a file pockets nothing (a pawn at either end of the moved
/// run already faced the hole that ended it), while one along a rank can.
#[test]
fn a_quake_along_a_file_pockets_nothing() {
    let mut rng = SplitMix64::new(17);
    let (mut along_files, mut rank_pockets) = (0, 0);
    for variant in [Variant::Quake, Variant::QuakeLb] {
        for n in 0..300 {
            let mut pos = match n % 3 {
                0 => Position::start(variant),
                _ => match random_layout(variant, &mut rng) {
                    Some(start) => start,
                    None => continue,
                },
            };
            for _ in 0..30 {
                let legal = reference::legal_moves(&pos);
                if legal.is_empty() {
                    break;
                }
                let mover = pos.turn();
                for &dir in &Dir::ALL {
                    let mv = Move::Quake { dir };
                    if !legal.contains(&mv) {
                        continue;
                    }
                    let pawns = |p: &Position| p.in_hand(mover, Role::Pawn);
                    let pocketed = pawns(&reference::play(&pos, &mv)) - pawns(&pos);
                    match dir {
                        Dir::North | Dir::South => {
                            along_files += 1;
                            assert_eq!(pocketed, 0, "{dir:?} pocketed, {pos:?}");
                        }
                        _ => rank_pockets += usize::from(pocketed > 0),
                    }
                }
                pos = reference::play(&pos, &pick(&legal, &mut rng));
            }
        }
    }
    assert!(
        along_files >= 5_000,
        "only {along_files} quakes along a file"
    );
    assert!(
        rank_pockets >= 500,
        "only {rank_pockets} pocketing quakes along a rank"
    );
}

/// Random games of both armies that prefer checking moves, so that
/// checks, double checks and mates all come up: at every check the
/// accelerator's search for a reply (from the check: king steps, captures
/// of and blocks against one checker, drops) must agree with the rules by
/// the letter (QK0, QK4, QK6, QK7), and at every position its game end
/// (G5) with the rules' own.
#[test]
fn a_reply_is_found_exactly_when_the_reference_has_a_legal_move() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut checks, mut mates) = (0, 0);
    for game in 0..120 {
        let variant = [Variant::Quake, Variant::QuakeLb][game % 2];
        let mut pos = Position::start(variant);
        for _ in 0..160 {
            let legal = reference::legal_moves(&pos);
            use fvnote::rules::fast::Accelerator;
            let fast = fvnote::rules::fast::quake::FastQuake::from_position(&pos)
                .expect("a position of a game");
            assert_eq!(fast.outcome(), pos.outcome(), "{pos:?}");
            if pos.is_check() {
                checks += 1;
                mates += usize::from(legal.is_empty());
                let mated = matches!(fast.outcome(), Some(Outcome::Checkmate { .. }));
                assert_eq!(mated, legal.is_empty(), "{pos:?}");
            }
            if legal.is_empty() {
                break;
            }
            let checking: Vec<_> = legal
                .iter()
                .filter(|m| reference::gives_check(&pos.play(m)))
                .collect();
            let mv = match checking.len() {
                0 => legal[next(legal.len())],
                n if next(3) > 0 => *checking[next(n)],
                _ => legal[next(legal.len())],
            };
            pos = pos.play(&mv);
        }
    }
    assert!(
        checks > 1000 && mates > 20,
        "{checks} checks, {mates} mates"
    );
}
