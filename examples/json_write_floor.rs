//! The floor of writing the JSON form with serde_json: every game of a
//! JSON Lines file (as `convert --to jsonl` wrote it, without comments or
//! variations) read into plain borrowed values, then written again by
//! `serde_json::to_writer`, and only the writing timed. Nothing is replayed
//! or described: this is what serde_json's serializer alone costs for the
//! bytes `convert --to jsonl` writes. The bytes written are checked to be
//! the file's own. BENCHMARKS.md ("PGN → JSON Lines") sets it beside the
//! whole conversion.
//!
//! `cargo run --release --example json_write_floor -- FILE.jsonl` prints
//! the bytes written and the best of seven writing times.

use std::time::Instant;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// Each field as `convert --to jsonl` writes a ply of such a game, in its
/// order: a mirror for timing only (the form's types are
/// `record::json::schema`).
#[derive(Serialize, Deserialize)]
struct Ply<'a> {
    san: &'a str,
    move_number: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    canonical: Option<&'a str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<&'a str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    color: Option<&'a str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    piece: Option<&'a str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<&'a str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<&'a str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rank: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    direction: Option<&'a str>,
    /// A piece, or a cage insertion's list (written as read).
    #[serde(default, borrow, skip_serializing_if = "Option::is_none")]
    promotion: Option<&'a RawValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    captured: Option<&'a str>,
    check: Option<&'a str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    permission: Option<bool>,
    nags: Vec<u16>,
    comments: [(); 0],
    variations: [(); 0],
}

#[derive(Serialize, Deserialize)]
struct Tag<'a> {
    name: &'a str,
    value: &'a str,
}

#[derive(Serialize, Deserialize)]
struct Game<'a> {
    format: &'a str,
    version: u32,
    #[serde(borrow)]
    tags: Vec<Tag<'a>>,
    variant: Option<&'a str>,
    prelude: [(); 0],
    #[serde(borrow)]
    moves: Vec<Ply<'a>>,
    result: Option<&'a str>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .ok_or("usage: json_write_floor FILE.jsonl")?;
    let text = std::fs::read_to_string(&path)?;
    let games = text
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<Vec<Game<'_>>, _>>()?;
    let mut out = Vec::with_capacity(text.len());
    let mut best = f64::MAX;
    for _ in 0..7 {
        out.clear();
        let start = Instant::now();
        for game in &games {
            serde_json::to_writer(&mut out, game)?;
            out.push(b'\n');
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    if out != text.as_bytes() {
        let at = out
            .iter()
            .zip(text.as_bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        let shown = String::from_utf8_lossy(&out[at.saturating_sub(80)..(at + 40).min(out.len())]);
        return Err(format!("the bytes written are not the file's, at byte {at}: {shown}").into());
    }
    println!("{} bytes, written in {:.1} ms", out.len(), best * 1e3);
    Ok(())
}
