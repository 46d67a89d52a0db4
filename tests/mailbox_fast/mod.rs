//! What `tests/fast_fault_line.rs` and `tests/fast_slide.rs` share (and
//! `tests/fast_chess.rs` and `tests/fast_masked.rs` its verdict check): random
//! games rich in a variant's special moves, many spellings of every
//! candidate move (canonical, lenient, wrong), and the token-by-token and
//! verdict-by-verdict comparisons of an accelerator with the reference.
#![allow(dead_code)]

use fvnote::model::Record;
use fvnote::notation::pgn::read_all;
use fvnote::notation::san::{long_form, write_san, ParsedSan, San};
use fvnote::record::gen::SplitMix64;
use fvnote::record::replay::{replay, GameReport, ReplayMode, ReplayOptions};
use fvnote::variant::Variant;
use fvnote::{Move, PieceMove, Position};

/// Whether `mv` is one of the moves that make a variant what it is.
fn special(mv: &Move) -> bool {
    match mv {
        Move::Normal(PieceMove { promotion, .. }) => promotion.is_some(),
        _ => true,
    }
}

/// Random legal games, a special move drawn whenever one is legal and a
/// coin says so: the positions of the token comparisons, and PGN.
pub fn special_games(variant: Variant, games: usize, seed: u64, plies: usize) -> Vec<Vec<String>> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(variant);
        let mut sans = Vec::new();
        while pos.outcome().is_none() && sans.len() < plies {
            let legal = pos.legal_moves();
            let specials: Vec<&Move> = legal.iter().filter(|m| special(m)).collect();
            let mv = if !specials.is_empty() && rng.chance(60, 100) {
                *specials[rng.below(specials.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            sans.push(write_san(&pos, &mv));
            pos.play_in_place(&mv);
        }
        out.push(sans);
    }
    out
}

/// The games as PGN of `variant`.
pub fn to_pgn(variant: Variant, games: &[Vec<String>]) -> String {
    let mut text = String::new();
    for sans in games {
        text.push_str(&format!("[Variant \"{}\"]\n\n", variant.id()));
        for (i, san) in sans.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(san);
            text.push(' ');
        }
        text.push_str("*\n\n");
    }
    text
}

/// Spellings of one move: canonical first, then lenient or wrong ones.
pub fn spellings(pos: &Position, mv: &Move) -> Vec<String> {
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
        if file.len() == 1 {
            out.push(format!("{file}{rest}"));
        }
    }
    if let Some(p) = body.strip_suffix(['Q', 'R', 'B', 'N']) {
        // Another promotion piece, and none at all.
        out.push(format!("{p}Q"));
        out.push(p.trim_end_matches('=').to_owned());
    }
    out
}

/// Every spelling of every candidate of `pos`, legal or not, and `extra`
/// tokens: the accelerator may play only what the reference plays without
/// a word, must reach the reference's position, and must leave the board
/// as it was when it declines. `play` returns the position after a token
/// it played, or `None` (asserting itself that the board is unchanged).
/// Returns (tokens played, canonical tokens of legal moves declined).
pub fn compare_tokens(
    pos: &Position,
    extra: &[String],
    play: &dyn Fn(&Position, &ParsedSan) -> Option<Position>,
    may_decline: &dyn Fn(&Position, &Move) -> bool,
) -> (usize, usize) {
    let legal = pos.legal_moves();
    let mut tokens: Vec<(String, Option<Move>)> = Vec::new();
    for mv in pos.candidate_moves().iter() {
        let canonical = legal.contains(mv).then_some(*mv);
        for (i, t) in spellings(pos, mv).into_iter().enumerate() {
            tokens.push((t, canonical.filter(|_| i == 0)));
        }
    }
    tokens.extend(extra.iter().map(|t| (t.clone(), None)));
    let (mut played, mut declined) = (0, 0);
    for (token, canonical_of) in tokens {
        let Ok(parsed) = San::parse(&token) else {
            continue;
        };
        let mut after = pos.clone();
        let reference = parsed.play(&mut after);
        match play(pos, &parsed) {
            Some(fast) => {
                played += 1;
                let r = reference.unwrap_or_else(|e| panic!("{token}: {e} at {pos:?}"));
                assert!(
                    r.warnings.is_empty(),
                    "{token}: {:?} at {pos:?}",
                    r.warnings
                );
                assert_eq!(fast, after, "{token} from {pos:?}");
            }
            None => {
                if let Some(mv) = canonical_of {
                    assert!(
                        may_decline(pos, &mv),
                        "declined canonical {token} at {pos:?}"
                    );
                    declined += 1;
                }
            }
        }
    }
    (played, declined)
}

/// [`compare_tokens`] in every position of `games` (SAN lists of
/// `variant` from the start), the final one included, where every token
/// is refused. Returns (positions before a move, tokens played, canonical
/// tokens declined).
pub fn compare_along_games(
    variant: Variant,
    games: &[Vec<String>],
    extra: &[String],
    play: &dyn Fn(&Position, &ParsedSan) -> Option<Position>,
    may_decline: &dyn Fn(&Position, &Move) -> bool,
) -> (usize, usize, usize) {
    let (mut positions, mut played, mut declined) = (0, 0, 0);
    for game in games {
        let mut pos = Position::start(variant);
        for san in game {
            positions += 1;
            let (p, d) = compare_tokens(&pos, extra, play, may_decline);
            played += p;
            declined += d;
            San::parse(san).unwrap().play(&mut pos).unwrap();
        }
        // The end of the game: every token is refused, by the reference.
        compare_tokens(&pos, extra, play, may_decline);
    }
    (positions, played, declined)
}

/// What a verdict shows, comparable across the two replays.
pub fn verdict(r: &GameReport) -> String {
    let json = |d: &Vec<_>| serde_json::to_string(d).unwrap();
    format!(
        "{} {:?} {:?} {} {} {} {:?}",
        r.plies,
        r.outcome,
        r.result,
        json(&r.errors),
        json(&r.warnings),
        json(&r.notes),
        r.omitted,
    )
}

/// `rec` replayed on the accelerator as `validate` does (verdict only)
/// and on the reference engine (full report, then limited as a verdict
/// is): the verdicts must be identical, and so must the final positions,
/// the accelerator's as a writer's replay (canonical SAN) keeps it (a
/// verdict keeps none). Returns the verdict-only report.
pub fn fast_against_reference(rec: &Record, strict: bool, what: &str) -> GameReport {
    let opts = |mode| ReplayOptions {
        strict,
        ..ReplayOptions::new(mode)
    };
    let fast = replay(rec, &opts(ReplayMode::Verdict));
    let written = replay(rec, &opts(ReplayMode::Canonical));
    let mut reference = replay(rec, &opts(ReplayMode::Full));
    assert_eq!(written.final_position, reference.final_position, "{what}");
    reference.limit_diagnostics();
    assert_eq!(verdict(&fast), verdict(&reference), "{what}");
    fast
}

/// Every game of `texts` replayed with the accelerator (verdict only) and
/// without it (full report, then limited as a verdict is), lenient and
/// strict: the verdicts must be identical. Returns how many were compared.
pub fn compare_verdicts(texts: &[(String, Vec<u8>)]) -> usize {
    let mut compared = 0;
    for (name, bytes) in texts {
        for (i, rec) in read_all(bytes).iter().enumerate() {
            let Ok(rec) = rec else { continue };
            for strict in [false, true] {
                let what = format!("{name} game {}", i + 1);
                fast_against_reference(rec, strict, &what);
                compared += 1;
            }
        }
    }
    compared
}

/// The PGN files under `dir`, recursively.
pub fn pgn_files(dir: &str) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "pgn") {
                out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}
