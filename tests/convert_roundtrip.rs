//! Both routes to PGN agree (issue: correspondence archives, item 4):
//! `convert --to pgn X.pgn` and `convert --to json X.pgn | convert --to pgn -`
//! give the same bytes for every valid game of every variant, and JSON → PGN
//! replays like PGN → PGN (an illegal move is an error, exit 1).
use crate::cli;
use cli::fvnote;

use fvnote::record::gen::{generate, to_pgn, GenOptions};
use fvnote::variant::Variant;

fn convert(args: &[&str], stdin: Vec<u8>) -> (i32, Vec<u8>, String) {
    let out = fvnote()
        .arg("convert")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The PGN of `pgn` by both routes.
fn both_routes(pgn: &[u8]) -> Vec<u8> {
    let (code, direct, err) = convert(&["--to", "pgn", "--from", "pgn", "-"], pgn.to_vec());
    assert_eq!(code, 0, "{err}");
    for to in ["json", "jsonl", "jsonl --compact", "json --compact"] {
        let args: Vec<&str> = ["--to"]
            .into_iter()
            .chain(to.split(' '))
            .chain(["-"])
            .collect();
        let (code, json, err) = convert(&args, pgn.to_vec());
        assert_eq!(code, 0, "{err}");
        let (code, back, err) = convert(&["--to", "pgn", "-"], json);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            String::from_utf8_lossy(&back),
            String::from_utf8_lossy(&direct),
            "via {to}"
        );
    }
    direct
}

#[test]
fn random_games_of_every_variant_give_the_same_pgn_by_both_routes() {
    for variant in Variant::ALL {
        for seed in [1, 2] {
            let games = generate(&GenOptions {
                variant,
                games: 4,
                seed,
                max_plies: 80,
            });
            both_routes(to_pgn(&games).as_bytes());
        }
    }
}

#[test]
fn lenient_notation_is_canonical_by_both_routes() {
    // PGN → PGN canonicalises; JSON → PGN did not (it kept `e2e4`, `0-0`).
    let pgn = b"1. e2e4 e7e5 2. Ng1f3 Nb8c6 3. Bf1c4 Bf8c5 4. 0-0 *\n";
    let direct = both_routes(pgn);
    assert_eq!(
        String::from_utf8(direct).unwrap(),
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n\n"
    );
}

/// An illegal game read from JSON is written as it was read, and the error
/// points at the ply in the JSON text (exit 1): nothing is dropped, and no
/// option turns the check off.
#[test]
fn json_to_pgn_keeps_an_illegal_game_and_says_where() {
    let (_, json, _) = convert(&["--to", "jsonl", "-"], b"1. e4 Ke7 2. Ke6 *\n".to_vec());
    let text = String::from_utf8(json.clone()).unwrap();
    let ply = text.find(r#"{"san":"Ke7""#).unwrap() + 1;
    let (code, out, err) = convert(&["--to", "pgn", "-"], json.clone());
    assert_eq!(code, 1);
    assert_eq!(out, b"1. e4 Ke7 2. Ke6 *\n\n");
    assert_eq!(
        err,
        format!(
            "error[illegal-move]: <stdin>:1:{ply}: Ke7: no king can reach e7: the king on e8 \
             reaches nothing\n"
        )
    );
    let (code, _, err) = convert(&["--to", "pgn", "--no-check", "-"], json);
    assert_eq!(code, 2);
    assert!(err.contains("--no-check"), "{err}");
}

#[test]
fn compact_json_lines_stay_within_six_times_the_pgn() {
    for variant in Variant::ALL {
        let pgn = to_pgn(&generate(&GenOptions {
            variant,
            games: 30,
            seed: 9,
            max_plies: 200,
        }));
        let (_, full, _) = convert(&["--to", "jsonl", "-"], pgn.clone().into_bytes());
        let (_, compact, _) = convert(
            &["--to", "jsonl", "--compact", "-"],
            pgn.clone().into_bytes(),
        );
        let ratio = |n: usize| n as f64 / pgn.len() as f64;
        assert!(
            ratio(compact.len()) <= 6.0,
            "{variant}: {:.2}",
            ratio(compact.len())
        );
        assert!(
            ratio(full.len()) > 10.0,
            "{variant}: the full form keeps everything"
        );
    }
}
