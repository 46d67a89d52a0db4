//! `convert` describes a ply from the accelerator when it knows the move
//! (`record::json_ply`): chess, Grid, Rank and File, Fault Line (piece
//! moves, castling, slides with their permission), Slide-chess (piece
//! moves, relocations, insertions) and Quake Chess, both armies (piece
//! moves, drops, quakes). The streamed JSON must be the bytes of
//! the whole-record path, which describes every ply on the reference
//! rules (`json::to_game`), on random games rich in each variant's special
//! moves, with variations and, in Fault Line, `[%deny]` refusals.

use fvnote::notation::pgn::Reader;
use fvnote::notation::san::write_san;
use fvnote::record::game_stream::GameStream;
use fvnote::record::gen::SplitMix64;
use fvnote::record::json::{to_game, JsonOptions};
use fvnote::record::json_compact::compact;
use fvnote::record::json_stream::{JsonGames, Layout};
use fvnote::variant::Variant;
use fvnote::{Move, Position};

/// Every game of `pgn` through the streaming writer (None: refused).
fn streamed(pgn: &str, layout: Layout, compact: bool, fens: bool) -> Vec<Option<String>> {
    let sink = JsonGames::new(Vec::new(), JsonOptions { fens }, layout, compact);
    let mut games = GameStream::new(sink, true);
    let mut reader = Reader::new(pgn.as_bytes());
    let mut out = Vec::new();
    loop {
        games.sink().games_before = 0;
        let game = match reader.read_game(&mut games) {
            Ok(None) => break,
            Ok(Some(g)) => g.is_ok(),
            Err(_) => false,
        };
        let text = std::mem::take(games.sink().get_mut());
        out.push(game.then(|| String::from_utf8(text).unwrap()));
    }
    out
}

/// What the whole-record path writes for each game.
fn whole(pgn: &str, layout: Layout, compact_form: bool, fens: bool) -> Vec<Option<String>> {
    let opts = JsonOptions { fens };
    Reader::new(pgn.as_bytes())
        .map(|r| {
            let g = to_game(&r.ok()?, &opts).ok()?;
            let v = compact(serde_json::to_value(&g).unwrap());
            Some(match (layout, compact_form) {
                (Layout::Line, false) => serde_json::to_string(&g).unwrap() + "\n",
                (Layout::Line, true) => serde_json::to_string(&v).unwrap() + "\n",
                (Layout::Element, c) => {
                    let pretty = match c {
                        false => serde_json::to_string_pretty(&g).unwrap(),
                        true => serde_json::to_string_pretty(&v).unwrap(),
                    };
                    format!("[\n  {}", pretty.replace('\n', "\n  "))
                }
            })
        })
        .collect()
}

/// Whether `mv` is one of a variant's own moves (as `examples/special_games`).
fn special(mv: &Move) -> bool {
    match mv {
        Move::Normal { promotion, .. } => promotion.is_some(),
        _ => true,
    }
}

/// A random legal move of `pos`, a special one more often than not.
fn pick(pos: &Position, rng: &mut SplitMix64) -> Option<Move> {
    let legal = pos.legal_moves();
    let specials: Vec<&Move> = legal.iter().filter(|m| special(m)).collect();
    if !specials.is_empty() && rng.chance(60, 100) {
        return Some(*specials[rng.below(specials.len())]);
    }
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())])
}

/// `games` random games of `variant` as PGN: special moves favoured,
/// one-move and two-move variations, and in Fault Line `[%deny]` comments
/// (some of which refuse the slide that follows).
fn games(variant: Variant, games: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut text = String::new();
    for round in 1..=games {
        let mut pos = Position::start(variant);
        text.push_str(&format!(
            "[Event \"describing\"]\n[Round \"{round}\"]\n[Result \"*\"]\n[Variant \"{}\"]\n\n",
            variant.id()
        ));
        for ply in 0..160 {
            let Some(mv) = pick(&pos, &mut rng) else {
                break;
            };
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            if variant == Variant::FaultLine && rng.chance(1, 6) {
                let dirs = ['n', 's', 'e', 'w'];
                let slide = format!("S{}{}", rng.below(8) + 1, dirs[rng.below(4)]);
                text.push_str(&format!("{{[%deny {slide}]}} "));
            }
            text.push_str(&write_san(&pos, &mv));
            text.push(' ');
            if rng.chance(1, 8) {
                // A variation from the same position: one or two plies.
                if let Some(alt) = pick(&pos, &mut rng) {
                    let mut side = pos.clone();
                    text.push_str(&format!("( {} ", write_san(&side, &alt)));
                    side.play_in_place(&alt);
                    if let Some(reply) = pick(&side, &mut rng).filter(|_| rng.chance(1, 2)) {
                        text.push_str(&write_san(&side, &reply));
                        text.push(' ');
                    }
                    text.push_str(") ");
                }
            }
            pos.play_in_place(&mv);
            if pos.outcome().is_some() {
                break;
            }
        }
        text.push_str("*\n\n");
    }
    text
}

fn check(variant: Variant, count: usize) {
    let pgn = games(variant, count, 27);
    let mut compared = 0;
    for layout in [Layout::Line, Layout::Element] {
        for (compact, fens) in [(false, false), (true, false), (false, true)] {
            let s = streamed(&pgn, layout, compact, fens);
            let w = whole(&pgn, layout, compact, fens);
            assert_eq!(s.len(), w.len());
            for (n, (s, w)) in s.iter().zip(&w).enumerate() {
                assert!(s.is_some(), "{variant:?} game {} refused", n + 1);
                assert_eq!(
                    s,
                    w,
                    "{variant:?} game {} ({layout:?}, compact {compact}, fens {fens})",
                    n + 1
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 6 * count);
}

#[test]
fn chess_plies_are_described_as_the_reference_does() {
    check(Variant::Chess, 30);
}

#[test]
fn grid_plies_are_described_as_the_reference_does() {
    check(Variant::Grid, 30);
}

#[test]
fn rank_and_file_plies_are_described_as_the_reference_does() {
    check(Variant::RankAndFile, 30);
}

#[test]
fn fault_line_plies_are_described_as_the_reference_does() {
    check(Variant::FaultLine, 40);
}

#[test]
fn slide_chess_plies_are_described_as_the_reference_does() {
    check(Variant::Slide, 40);
}

#[test]
fn quake_plies_are_described_as_the_reference_does() {
    check(Variant::Quake, 40);
}

#[test]
fn quake_lb_plies_are_described_as_the_reference_does() {
    check(Variant::QuakeLb, 40);
}
