//! `fvnote convert` and `fvnote fmt` from the outside: each run's whole
//! output (exit code, stdout, stderr) against its golden file in
//! `tests/snapshots/`, temporary directories written `[TMP]`.

use std::path::Path;

const GAME: &str = "[Event \"Test\"]\n[Site \"?\"]\n\n{Prelude} 1. e4 {[%clk 0:05:00]} 1... e5 \
                    2. Nf3 $1 (2. Qh5 Nc6 3. Bc4 Nf6 $4 4.\nQxf7#) 2... Nc6 3. Bb5 a6 *\n\n";

const MESSY: &str = "[Event \"Test\"]\n[Site \"?\"]\n{Prelude}\n1.e4   {[%clk 0:05:00]}\n\ne5 \
                     2.Ng1-f3! (2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7++) Nc6\n3.Bb5 a6 *\n";

const SECOND: &str = "[Event \"Two\"]\n\n1. d4 d5 0-1\n\n";

use crate::cli;
use cli::{fvnote, stdout_of, transcript, transcript_in, write_file as write};
use insta::assert_snapshot;

#[test]
fn pgn_to_json_is_an_array_of_games() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", &format!("{GAME}{SECOND}"));
    assert_snapshot!(transcript_in(
        fvnote().args(["convert", "--to", "json"]).arg(&f),
        dir.path()
    ));
}

#[test]
fn jsonl_is_one_game_per_line_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", &format!("{GAME}{SECOND}"));
    let cmd = || {
        let mut c = fvnote();
        c.args(["convert", "--to", "jsonl", "--fens"]).arg(&f);
        c
    };
    assert_snapshot!(transcript_in(&mut cmd(), dir.path()));
    // JSON Lines back to PGN through stdin gives the original text.
    let out = stdout_of(&mut cmd());
    let back = stdout_of(fvnote().args(["convert", "--to", "pgn"]).write_stdin(out));
    assert_eq!(back, format!("{GAME}{SECOND}"));
}

#[test]
fn json_document_back_to_pgn() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", GAME);
    let json = dir.path().join("a.json");
    assert_snapshot!(
        "json_document_written",
        transcript_in(
            fvnote()
                .args(["convert", "--to", "json", "-o"])
                .arg(&json)
                .arg(&f),
            dir.path()
        )
    );
    let out = stdout_of(fvnote().args(["convert", "--to", "pgn"]).arg(&json));
    assert_eq!(out, GAME);
}

#[test]
fn pgn_to_canonical_pgn() {
    let out = stdout_of(fvnote().args(["convert", "--to", "pgn"]).write_stdin(MESSY));
    assert_eq!(out, GAME);
}

#[test]
fn fen_lists_every_main_line_position() {
    assert_snapshot!(transcript(
        fvnote()
            .args(["convert", "--to", "fen", "-"])
            .write_stdin(format!("{GAME}{SECOND}"))
    ));
}

#[test]
fn fen_of_an_illegal_game_is_an_error() {
    assert_snapshot!(transcript(
        fvnote()
            .args(["convert", "--to", "fen"])
            .write_stdin("1. e4 e5\n2. Ke3 *\n")
    ));
}

#[test]
fn in_place_rewrites_atomically_and_refuses_stdin() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", MESSY);
    assert_snapshot!(
        "in_place",
        transcript_in(
            fvnote()
                .args(["convert", "--to", "pgn", "--in-place"])
                .arg(&f),
            dir.path()
        )
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), GAME);
    assert_snapshot!(
        "in_place_stdin",
        transcript(
            fvnote()
                .args(["convert", "--to", "pgn", "--in-place", "-"])
                .write_stdin(MESSY)
        )
    );
    assert_snapshot!(
        "in_place_no_file",
        transcript(fvnote().args(["convert", "--to", "pgn", "--in-place"]))
    );
}

#[test]
fn output_never_overwrites_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "a.pgn", MESSY);
    // The same file under another spelling is still refused.
    let other = dir.path().join(".").join("a.pgn");
    assert_snapshot!(transcript_in(
        fvnote()
            .args(["convert", "--to", "json", "-o"])
            .arg(&other)
            .arg(&f),
        dir.path()
    ));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), MESSY);
    // Without -o nothing touches the input either.
    let out = stdout_of(fvnote().args(["convert", "--to", "pgn"]).arg(&f));
    assert_eq!(out, GAME);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), MESSY);
}

#[test]
fn a_malformed_game_is_kept_as_it_stands_and_said() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.pgn", MESSY);
    let bad = write(
        dir.path(),
        "bad.pgn",
        "[Event \"x\"]\n\n1. e4 {never closed\n",
    );
    let out = dir.path().join("out.json");
    assert_snapshot!(
        "malformed_to_file",
        transcript_in(
            fvnote()
                .args(["convert", "--to", "json", "-o"])
                .arg(&out)
                .arg(&good)
                .arg(&bad),
            dir.path()
        )
    );
    // The good game and the malformed one, kept as it was read.
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written.as_array().unwrap().len(), 2);
    assert_eq!(
        written[1]["unreadable"],
        "[Event \"x\"]\n\n1. e4 {never closed\n"
    );
    // --in-place: each file on its own; one with a game that is not valid
    // is left as it is, the other is rewritten.
    assert_snapshot!(
        "malformed_in_place",
        transcript_in(
            fvnote()
                .args(["convert", "--to", "pgn", "--in-place"])
                .arg(&good)
                .arg(&bad),
            dir.path()
        )
    );
    assert_ne!(std::fs::read_to_string(&good).unwrap(), MESSY);
    assert_eq!(
        std::fs::read_to_string(&bad).unwrap(),
        "[Event \"x\"]\n\n1. e4 {never closed\n"
    );
    // Malformed JSON points at its line and column.
    let badjson = write(
        dir.path(),
        "bad.json",
        "[\n  {\"format\": \"fvnote-record\",\n   \"version\": 7}\n]\n",
    );
    assert_snapshot!(
        "malformed_json",
        transcript_in(
            fvnote().args(["convert", "--to", "pgn"]).arg(&badjson),
            dir.path()
        )
    );
}

#[test]
fn fmt_check_and_rewrite() {
    let dir = tempfile::tempdir().unwrap();
    let messy = write(dir.path(), "messy.pgn", MESSY);
    let clean = write(dir.path(), "clean.pgn", GAME);
    assert_snapshot!(
        "fmt_check_clean",
        transcript_in(fvnote().args(["fmt", "--check"]).arg(&clean), dir.path())
    );
    assert_snapshot!(
        "fmt_check_messy",
        transcript_in(
            fvnote().args(["fmt", "--check"]).arg(&clean).arg(&messy),
            dir.path()
        )
    );
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        MESSY,
        "--check writes nothing"
    );
    assert_snapshot!(
        "fmt_rewrite",
        transcript_in(fvnote().arg("fmt").arg(&messy), dir.path())
    );
    // The whole canonical text: the prelude, the clock command, the NAGs
    // and the variation all kept.
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), GAME);
    assert_snapshot!(
        "fmt_check_clean_again",
        transcript_in(fvnote().args(["fmt", "--check"]).arg(&messy), dir.path())
    );
}

#[test]
fn fmt_leaves_broken_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    let illegal_text = "1.e4 e5 2.Ke3 *\n";
    let illegal = write(dir.path(), "illegal.pgn", illegal_text);
    let syntax_text = "1.e4 e5 2.Nf3 {oops\n";
    let syntax = write(dir.path(), "syntax.pgn", syntax_text);
    // A record has no place for these; fmt used to delete them.
    let homeless_text = "1. e4 ({Also good}) e5 *\n\n$1 1. d4 *\n";
    let homeless = write(dir.path(), "homeless.pgn", homeless_text);
    // PGN readers skip escape lines; rewriting would delete this one.
    let escape_text = "%private\n1. e4 *\n";
    let escape = write(dir.path(), "escape.pgn", escape_text);
    let messy = write(dir.path(), "messy.pgn", MESSY);
    assert_snapshot!(
        "fmt_directory",
        transcript_in(fvnote().arg("fmt").arg(dir.path()), dir.path())
    );
    assert_eq!(std::fs::read_to_string(&illegal).unwrap(), illegal_text);
    assert_eq!(std::fs::read_to_string(&syntax).unwrap(), syntax_text);
    assert_eq!(std::fs::read_to_string(&homeless).unwrap(), homeless_text);
    assert_eq!(std::fs::read_to_string(&escape).unwrap(), escape_text);
    // Likewise for conversion in place; converted elsewhere, the line is
    // skipped as PGN readers skip it.
    assert_snapshot!(
        "escape_in_place",
        transcript_in(
            fvnote()
                .args(["convert", "--to", "pgn", "--in-place"])
                .arg(&escape),
            dir.path()
        )
    );
    assert_eq!(std::fs::read_to_string(&escape).unwrap(), escape_text);
    assert_snapshot!(
        "escape_elsewhere",
        transcript_in(
            fvnote().args(["convert", "--to", "pgn"]).arg(&escape),
            dir.path()
        )
    );
    // The good file in the same directory was still formatted.
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), GAME);
    assert_snapshot!(
        "fmt_check_illegal",
        transcript_in(fvnote().args(["fmt", "--check"]).arg(&illegal), dir.path())
    );
}

/// Games are converted one at a time, so a broken game after many good ones
/// is found after output has begun: still nothing reaches the target, and
/// no temporary file is left beside the output or the input. Standard
/// output gets the games before the error, each complete (issue 27).
/// Converting `input`, which holds games that are not valid, goes on game
/// by game whether the output goes to a file or to standard output: every
/// game is written (a bad one as it stands, `expected`), the bad ones are
/// said on stderr at their place (the golden `NAME_TARGET`), the run exits
/// 1, and the input is left as it was.
fn converted_game_by_game(input: &Path, to: &str, name: &str, expected: &str) {
    let dir = input.parent().unwrap();
    let text = std::fs::read(input).unwrap();
    let out = dir.join(format!("out.{to}"));
    for target in ["-o", "stdout"] {
        let mut cmd = fvnote();
        cmd.args(["convert", "--to", to]);
        if target == "-o" {
            cmd.arg("-o").arg(&out);
        }
        let mut run = cmd.arg(input).output().unwrap();
        assert_eq!(run.status.code(), Some(1), "{target}");
        let written = match target {
            "-o" => std::fs::read_to_string(&out).unwrap(),
            _ => String::from_utf8(std::mem::take(&mut run.stdout)).unwrap(),
        };
        assert!(
            written == expected,
            "{target}: the games as converted one by one"
        );
        let whole = cli::redact_dir(&cli::render(&run), dir);
        let target_name = if target == "-o" { "to_file" } else { "stdout" };
        assert_snapshot!(format!("{name}_{target_name}"), whole);
        assert_eq!(std::fs::read(input).unwrap(), text, "{target}");
    }
    std::fs::remove_file(out).unwrap();
}

/// JSON is read game by game too: a syntax error after 2,000 games is found
/// at its exact line and column, that game is not written (it is no PGN),
/// and the games around it are.
#[test]
fn a_late_json_error_is_found_at_its_place_and_the_rest_converts() {
    let dir = tempfile::tempdir().unwrap();
    // Canonical games: converted back they raise no warnings.
    let pgn = GAME.repeat(2_000);
    let lines = stdout_of(
        fvnote()
            .args(["convert", "--to", "jsonl", "-"])
            .write_stdin(pgn.clone()),
    );
    let input = write(
        dir.path(),
        "big.jsonl",
        &format!(
            "{lines}{{\"format\": 1}}\n{}",
            lines.lines().next().unwrap()
        ),
    );
    converted_game_by_game(&input, "pgn", "late_jsonl", &GAME.repeat(2_001));
    let array = stdout_of(
        fvnote()
            .args(["convert", "--to", "json", "-"])
            .write_stdin(pgn),
    );
    let cut = array.trim_end().strip_suffix(']').unwrap().trim_end();
    let input = write(dir.path(), "big.json", &format!("{cut},\n  7\n]\n"));
    std::fs::remove_file(dir.path().join("big.jsonl")).unwrap();
    // `7` is no game, and nothing after it in the array can be framed.
    converted_game_by_game(&input, "pgn", "late_json", &GAME.repeat(2_000));
}

#[test]
fn a_late_error_is_reported_and_the_game_kept_as_it_stands() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = MESSY.repeat(2_000);
    let late = "[Event \"late\"]\n\n1. e4 e5 2. Ke3 (2. Nf9) *\n\n";
    text.push_str(late);
    text.push_str(&MESSY.repeat(10));
    let broken = "[Event \"later\"]\n\n1. e4 {never closed\n";
    text.push_str(broken);
    let input = write(dir.path(), "big.pgn", &text);
    // Each game converted on its own: the illegal one as it stands, the
    // unreadable one byte for byte.
    let one = |pgn: &str| {
        String::from_utf8(
            fvnote()
                .args(["convert", "--to", "pgn", "-"])
                .write_stdin(pgn.to_owned())
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap()
    };
    let expected = format!(
        "{}{}{}{broken}",
        one(MESSY).repeat(2_000),
        one(late),
        one(MESSY).repeat(10)
    );
    converted_game_by_game(&input, "pgn", "late_pgn", &expected);
}

/// A game read from JSON has no positions for its moves: an error in one
/// points at the game's `{` and names the ply.
#[test]
fn errors_in_json_games_point_at_the_game() {
    let game = |moves: &str| {
        format!(r#"{{"format": "fvnote-record", "version": 1, "tags": [], "moves": [{moves}]}}"#)
    };
    let good = game(r#"{"san": "e4"}"#);
    let bad = game(r#"{"san": "e4"}, {"san": "e5"}, {"san": "Ke3"}"#);
    let text = format!("[\n  {good},\n    {bad}\n]\n");
    // The good game's start and one ply are written before the error.
    assert_snapshot!(transcript(
        fvnote()
            .args(["convert", "--to", "fen", "--from", "json", "-"])
            .write_stdin(text)
    ));
}

/// JSON can hold what PGN cannot; converting such a game to PGN is refused,
/// saying where and why, rather than writing a text that reads as another
/// game.
#[test]
fn json_that_pgn_cannot_hold_is_refused() {
    let game = |moves: &str, result: &str| {
        format!(
            r#"{{"format": "fvnote-record", "version": 1, "tags": [], "moves": [{moves}], "result": {result}}}"#
        )
    };
    for (name, text) in [
        (
            "space_in_move",
            game(r#"{"san": "d4"}, {"san": "e4 e5"}"#, "null"),
        ),
        (
            "brace_and_break_in_comment",
            game(r#"{"san": "d4", "comments": [{"text": "}\n"}]}"#, "null"),
        ),
        ("unknown_result", game(r#"{"san": "d4"}"#, r#""won""#)),
    ] {
        let fine = game(r#"{"san": "d4"}"#, "null");
        // The fine game goes out before the refused one.
        assert_snapshot!(
            name,
            transcript(
                fvnote()
                    .args(["convert", "--to", "pgn", "-"])
                    .write_stdin(format!("{fine}\n{text}\n"))
            )
        );
    }
}

/// PGN text holds only what PGN can, so a game read from it is not checked
/// again move by move; a JSON input after it still is, game by game.
#[test]
fn json_after_pgn_is_still_checked() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.pgn", "1. d4 d5 *\n");
    write(
        dir.path(),
        "b.jsonl",
        "{\"format\": \"fvnote-record\", \"version\": 1, \"tags\": [], \
         \"moves\": [{\"san\": \"d4\"}, {\"san\": \"e4 e5\"}], \"result\": \"*\"}\n",
    );
    for order in [["a.pgn", "b.jsonl"], ["b.jsonl", "a.pgn"]] {
        let args = ["convert", "--to", "pgn", order[0], order[1]];
        let (code, stdout, stderr) = cli::run_in(dir.path(), &args, b"");
        assert_eq!(code, 1, "{stderr}");
        assert!(stdout.contains("1. d4 d5 *"), "{stdout}");
        assert!(!stdout.contains("e4 e5"), "{stdout}");
        let refused = "PGN cannot hold this game as it is: ply 2, move `e4 e5`";
        assert!(stderr.contains(refused), "{stderr}");
    }
}

/// The JSON form's derived fields and the FEN list come from the replay
/// that gives the verdict: a lenient token (which the reference plays
/// inside a line on the accelerator), castling, and a variation are
/// described by what was played, and read back from the JSON form itself
/// (whose moves its reader has played already) they are described alike.
#[test]
fn json_describes_what_the_replay_played() {
    let dir = tempfile::tempdir().unwrap();
    let game = "[Event \"x\"]\n\n1. e4 e5 2. Ng1-f3 Nc6 3. Bc4 (3. Bb5 a6) 3... Bc5 4. O-O Nf6 *\n";
    write(dir.path(), "g.pgn", game);
    // fvnote with `args` (split at spaces) and `stdin`; it must succeed.
    let run = |args: &str, stdin: &str| {
        let args: Vec<&str> = args.split(' ').collect();
        let (code, stdout, stderr) = cli::run_in(dir.path(), &args, stdin.as_bytes());
        assert_eq!(code, 0, "{args:?}: {stderr}");
        stdout
    };
    let jsonl = run("convert --to jsonl --fens g.pgn", "");
    let g: serde_json::Value = serde_json::from_str(&jsonl).unwrap();
    let plies = g["moves"].as_array().unwrap();
    let fields = |p: &serde_json::Value| {
        let f = |k: &str| p[k].as_str().unwrap_or("-").to_owned();
        [f("san"), f("canonical"), f("kind"), f("from"), f("to")].join(" ")
    };
    assert_eq!(fields(&plies[2]), "Ng1-f3 Nf3 move g1 f3");
    // CH1: the king castles two squares towards the rook, which crosses it.
    assert_eq!(fields(&plies[6]), "O-O O-O castle e1 g1");
    let variation = &plies[4]["variations"][0];
    assert_eq!(fields(&variation[0]), "Bb5 Bb5 move f1 b5");
    assert_eq!(fields(&variation[1]), "a6 a6 move a7 a6");
    let after_castling = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4";
    assert_eq!(plies[6]["fen_after"], after_castling);
    // Compact: `canonical` only where it differs from `san`, and none of
    // what a reader can do without (`--compact`'s help).
    let compact = run("convert --to jsonl --compact g.pgn", "");
    let c: serde_json::Value = serde_json::from_str(&compact).unwrap();
    let kept = |p: &serde_json::Value| {
        let mut keys: Vec<&str> = p.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        keys.join(" ")
    };
    assert_eq!(kept(&c["moves"][0]), "from san to");
    assert_eq!(kept(&c["moves"][2]), "canonical from san to");
    assert_eq!(c["moves"][2]["canonical"], "Nf3");
    // The FEN list is the same replay's: the start, then each fen_after.
    let fens = run("convert --to fen g.pgn", "");
    let main: Vec<&str> = plies
        .iter()
        .map(|p| p["fen_after"].as_str().unwrap())
        .collect();
    assert_eq!(fens.lines().skip(1).collect::<Vec<_>>(), main);
    // From the JSON form, the same form again.
    assert_eq!(run("convert --to jsonl --fens -", &jsonl), jsonl);
    // From a Game Courier list, whose reader matches each turn on the
    // accelerator: the same moves and positions.
    let list = run("convert --to gamecourier g.pgn", "");
    let from_list = run(
        "convert --from gamecourier --variant chess --to jsonl --fens -",
        &list,
    );
    let g: serde_json::Value = serde_json::from_str(&from_list).unwrap();
    let listed = g["moves"].as_array().unwrap();
    assert_eq!(listed.len(), plies.len());
    for (l, p) in listed.iter().zip(plies) {
        for key in ["canonical", "kind", "piece", "from", "to", "fen_after"] {
            assert_eq!(l[key], p[key], "{key} of {}", p["san"]);
        }
    }
}
