//! `convert` describes each ply of the JSON form (kind, colour, piece,
//! squares, captures, promotions, slides with their permission, quakes,
//! cage moves and insertions), from the replay that gives the verdict,
//! mostly on the accelerator (`record::replay::facts`): every main-line ply must be what
//! an independent description from the full replay says (the move the
//! reference engine played, read off the position before it), on random
//! games rich in each variant's special moves, with variations and, in
//! Fault Line, `[%deny]` refusals.

use fvnote::notation::pgn::read_all;
use fvnote::notation::san::write_san;
use fvnote::record::convert::{convert_record, ConvertOptions, Target};
use fvnote::record::gen::SplitMix64;
use fvnote::record::json::write::JsonOptions;
use fvnote::record::replay::{replay, ReplayOptions};
use fvnote::rules::promotion_squares;
use fvnote::variant::Variant;
use fvnote::{Move, PieceMove, Position};
use serde_json::{json, Value};

/// The derived fields of a ply played as `mv` from `pos` (the reference's
/// description, written here from the move alone).
fn described(pos: &Position, mv: &Move, san: &str, permission: bool) -> Value {
    let turn = pos.turn();
    let sq = |s: fvnote::Square| json!(s.to_string());
    let mut v = json!({
        "canonical": san,
        "kind": mv.kind_name(),
        "color": turn.name().to_ascii_lowercase(),
        "check": if san.ends_with('#') { json!("#") } else if san.ends_with('+') { json!("+") } else { Value::Null },
    });
    match *mv {
        Move::Normal(PieceMove {
            role,
            from,
            to,
            capture,
            promotion,
        }) => {
            v["piece"] = json!(role.code());
            v["from"] = sq(from);
            v["to"] = sq(to);
            if let Some(c) = capture {
                v["captured"] = json!(c.code());
            }
            if let Some(p) = promotion {
                v["promotion"] = json!(p.code());
            }
        }
        Move::EnPassant { from, to } => {
            v["piece"] = json!("P");
            v["from"] = sq(from);
            v["to"] = sq(to);
            v["captured"] = json!("P");
        }
        Move::Castle { king, rook } => {
            v["piece"] = json!("K");
            v["from"] = sq(king);
            v["to"] = sq(pos.castle_targets(king, rook).0);
        }
        Move::Drop { role, to } => {
            v["piece"] = json!(role.code());
            v["to"] = sq(to);
        }
        Move::Slide { rank, dir } => {
            v["rank"] = json!(u32::from(rank) + 1);
            v["direction"] = json!(dir.char().to_string());
            v["permission"] = json!(permission);
        }
        Move::Quake { dir } => {
            v["piece"] = json!("K");
            v["from"] = pos.king(turn).map_or(Value::Null, sq);
            v["direction"] = json!(dir.char().to_string());
        }
        Move::CageMove { to } => {
            let cage = pos.cage(turn);
            v["from"] = cage.map_or(Value::Null, sq);
            v["to"] = sq(to);
            if let Some(p) = cage.and_then(|c| pos.piece_at(c)) {
                v["piece"] = json!(p.role.code());
            }
        }
        Move::Null => {}
        Move::CageInsert { to, promotions } => {
            v["from"] = pos.cage(turn).map_or(Value::Null, sq);
            v["to"] = sq(to);
            let list: Vec<Value> = promotion_squares(pos, mv)
                .iter()
                .zip(promotions.iter().flatten())
                .map(|(s, r)| json!({"square": s.to_string(), "piece": r.code()}))
                .collect();
            if !list.is_empty() {
                v["promotion"] = Value::Array(list);
            }
        }
    }
    v
}

/// Whether `mv` is one of a variant's own moves (as `examples/special_games`).
fn special(mv: &Move) -> bool {
    match mv {
        Move::Normal(PieceMove { promotion, .. }) => promotion.is_some(),
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
    let opts = ConvertOptions {
        to: Target::Jsonl,
        json: JsonOptions::default(),
        fix_result: false,
    };
    let fields = [
        "canonical",
        "kind",
        "color",
        "check",
        "piece",
        "from",
        "to",
        "captured",
        "promotion",
        "rank",
        "direction",
        "permission",
    ];
    let mut compared = 0;
    for (n, rec) in read_all(pgn.as_bytes()).into_iter().enumerate() {
        let rec = rec.unwrap();
        let game: Value = serde_json::from_slice(&convert_record(&rec, &opts).unwrap()).unwrap();
        let report = replay(&rec, &ReplayOptions::default());
        let mut pos = *report.start.clone().unwrap();
        let plies = game["moves"].as_array().unwrap();
        // Plies after a move that does not resolve keep what was written.
        assert!(
            report.main_line.len() <= plies.len(),
            "{variant:?} game {}",
            n + 1
        );
        for ply in &plies[report.main_line.len()..] {
            assert!(ply.get("canonical").is_none(), "{variant:?} game {}", n + 1);
        }
        for (i, (info, ply)) in report.main_line.iter().zip(plies).enumerate() {
            let expected = described(&pos, &info.mv, &info.san, info.with_permission);
            for f in fields {
                let got = ply.get(f).cloned().unwrap_or(Value::Null);
                let want = expected.get(f).cloned().unwrap_or(Value::Null);
                assert_eq!(
                    got,
                    want,
                    "{variant:?} game {} ply {} {f}: {ply}",
                    n + 1,
                    i + 1
                );
            }
            pos.play_in_place(&info.mv);
            compared += 1;
        }
    }
    assert!(compared > 20 * count, "{compared} plies compared");
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
