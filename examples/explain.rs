//! Prints the verdict of every game in a PGN file (a debugging aid).
//! `cargo run --example explain -- FILE`
use fvnote::notation::pgn::read_all;
use fvnote::record::replay::{replay, ReplayOptions};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: explain FILE.pgn");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&path).unwrap_or_default();
    for (i, game) in read_all(&bytes).into_iter().enumerate() {
        match game {
            Err(e) => println!("game {}: {e}", i + 1),
            Ok(rec) => {
                let r = replay(&rec, &ReplayOptions::default());
                match r.error {
                    None => println!("game {}: valid, {} plies", i + 1, r.plies),
                    Some(d) => println!(
                        "game {}: {}:{} {} — {} {:?}",
                        i + 1,
                        d.span.line,
                        d.span.column,
                        d.token,
                        d.message,
                        d.suggestions
                    ),
                }
            }
        }
    }
}
