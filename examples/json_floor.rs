//! The floor of a serde_json reader of the JSON form: JSON Lines read by
//! serde_json's `StreamDeserializer` into the form's own types
//! (`record::json::schema`), strings borrowed, derived and unknown fields
//! skipped, and nothing else done (no replay, no PGN written). Issue 42
//! keeps a hand-written scanner only where it beats such a reader by 1.5×;
//! BENCHMARKS.md ("JSON Lines, both ways") times this against `convert --to pgn`.
//!
//! `cargo run --release --example json_floor -- FILE.jsonl` prints the
//! games and plies read.

use fvnote::record::json::schema::{Comment, Game, Ply, Tag};
use serde::Deserialize;

/// A ply whose variations hold plies like it.
#[derive(Deserialize)]
#[serde(transparent)]
struct Lean<'a>(#[serde(borrow)] Ply<'a, Lean<'a>>);

type LeanGame<'a> = Game<'a, Lean<'a>, Tag<'a>, Comment<'a>>;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: json_floor FILE.jsonl")?;
    let text = std::fs::read(&path)?;
    let (mut games, mut plies) = (0usize, 0usize);
    for game in serde_json::Deserializer::from_slice(&text).into_iter::<LeanGame<'_>>() {
        let game = game?;
        games += 1;
        plies += game.moves.iter().filter(|p| !p.0.san.is_empty()).count();
    }
    println!("{games} games, {plies} plies");
    Ok(())
}
