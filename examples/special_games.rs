//! Random legal games rich in a variant's special moves (drops, quakes,
//! slides, cage moves and insertions, castling, en passant, promotions), as
//! PGN on standard output: the archives `benches/variants.sh` times.
//!
//!     cargo run --release --example special_games -- VARIANT GAMES SEED [BIAS%]
//!
//! At each ply, with probability BIAS% (default 60) the move is drawn from
//! the legal special moves when there are any, otherwise from all legal
//! moves; games stop at their end or after 200 plies. `fvnote gen` draws
//! uniformly, so a quake or a drop is as rare there as any single move.
use std::io::Write;

use fvnote::notation::san::write_san;
use fvnote::record::gen::SplitMix64;
use fvnote::variant::Variant;
use fvnote::{Move, PieceMove, Position};

/// Whether `mv` is one of the moves that make a variant what it is.
fn special(mv: &Move) -> bool {
    match mv {
        Move::Normal(PieceMove { promotion, .. }) => promotion.is_some(),
        _ => true,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: special_games VARIANT GAMES SEED [BIAS%]";
    let (Some(variant), Some(games), Some(seed)) = (
        args.first().and_then(|v| v.parse::<Variant>().ok()),
        args.get(1).and_then(|n| n.parse::<usize>().ok()),
        args.get(2).and_then(|s| s.parse::<u64>().ok()),
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let bias = args
        .get(3)
        .and_then(|b| b.parse::<u64>().ok())
        .unwrap_or(60);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut rng = SplitMix64::new(seed);
    for round in 1..=games {
        let mut pos = Position::start(variant);
        let mut sans = Vec::new();
        let mut outcome = pos.outcome();
        while outcome.is_none() && sans.len() < 200 {
            let legal = pos.legal_moves();
            let specials: Vec<&Move> = legal.iter().filter(|m| special(m)).collect();
            let mv = if !specials.is_empty() && rng.chance(bias.min(100), 100) {
                *specials[rng.below(specials.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            sans.push(write_san(&pos, &mv));
            pos.play_in_place(&mv);
            outcome = pos.outcome();
        }
        let result = outcome.map_or("*", |o| o.result());
        let mut text = format!(
            "[Event \"special moves\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"{round}\"]\n\
             [White \"random\"]\n[Black \"random\"]\n[Result \"{result}\"]\n[Variant \"{}\"]\n\n",
            variant.id()
        );
        for (i, san) in sans.iter().enumerate() {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(san);
            text.push(if i % 16 == 15 { '\n' } else { ' ' });
        }
        text.push_str(result);
        text.push_str("\n\n");
        if out.write_all(text.as_bytes()).is_err() {
            std::process::exit(1);
        }
    }
    if out.flush().is_err() {
        std::process::exit(1);
    }
}
