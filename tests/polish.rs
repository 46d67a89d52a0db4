//! Report defects the CLI goldens recorded, each shown fixed: a snippet cut
//! from a long line drawn as rustc draws it, games chosen by `FILE:N`
//! numbered as in their file in every format, counts in the HTML pages in
//! the singular for one, and only warnings of the same shape folded.

use crate::cli;
use cli::{fvnote, redact_times, transcript, transcript_in, write_file};
use insta::assert_snapshot;

/// A line of knight moves longer than the source window (4096 bytes each
/// side of an error), ending in `Nh4`, which no knight reaches.
fn long_line() -> String {
    let mut moves = String::new();
    let mut n = 1;
    while moves.len() < 6000 {
        moves.push_str(&format!("{n}. Nf3 Nf6 {}. Ng1 Ng8 ", n + 1));
        n += 2;
    }
    format!("{moves}{n}. Nh4 *")
}

/// The cut line sits under its `-->` line as any other: no empty ` ::: `
/// line in between, and the `-->` line indented by the width of the line
/// numbers (two digits here), as rustc does.
#[test]
fn a_cut_line_is_drawn_like_any_other() {
    let dir = tempfile::tempdir().unwrap();
    let game = format!("[Result \"*\"]\n{}\n{}\n", "\n".repeat(9), long_line());
    let path = write_file(dir.path(), "long.pgn", &game);
    let out = transcript_in(
        fvnote()
            .args(["validate", "-q", "--color", "never"])
            .arg(&path),
        dir.path(),
    );
    assert!(!out.lines().any(|l| l.trim() == ":::"), "{out}");
    let column = game.lines().nth(11).unwrap().find("Nh4").unwrap() + 1;
    assert!(
        out.contains(&format!(
            "\n  --> [TMP]/long.pgn:12:{column}\n   |\n12 | ..."
        )),
        "{out}"
    );
    assert_snapshot!(out);
    // In colour too: the same lines, painted.
    let coloured = transcript_in(
        fvnote()
            .args(["validate", "-q", "--color", "always"])
            .arg(&path),
        dir.path(),
    );
    assert!(!coloured.contains(":::"), "{coloured}");
    assert_snapshot!("a_cut_line_is_drawn_like_any_other_in_colour", coloured);
}

/// Four games; the fourth plays an illegal move on line 16.
const ARCHIVE: &str = "\
[White \"A\"]\n[Result \"*\"]\n\n1. e4 *\n\n\
[White \"B\"]\n[Result \"*\"]\n\n1. d4 *\n\n\
[White \"C\"]\n[Result \"*\"]\n\n1. c4 *\n\n\
[White \"D\"]\n[Result \"*\"]\n\n1. Nf3 Nc6 2. Ke3 *\n";

/// `validate archive.pgn:4` names game 4 in every format, as the file
/// counts games: the same game as `validate archive.pgn` names.
#[test]
fn a_chosen_game_keeps_its_number_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "archive.pgn", ARCHIVE);
    let chosen = format!("{}:4", path.display());
    for format in ["human", "json", "junit", "github", "sarif", "rdjson"] {
        let mut cmd = fvnote();
        // Run in the directory: SARIF's %SRCROOT% is [TMP] then.
        cmd.current_dir(dir.path())
            .args(["validate", "--format", format, &chosen]);
        if format == "human" {
            cmd.args(["--color", "never"]);
        }
        let out = redact_times(&transcript_in(&mut cmd, dir.path()));
        assert!(out.starts_with("exit: 1\n"), "{out}");
        assert!(
            !out.contains("game 1") && !out.contains("\"game\":1"),
            "{out}"
        );
        assert_snapshot!(format!("game_4_as_{format}"), out);
    }
    // The whole archive names the same game the same way.
    let whole = transcript_in(
        fvnote()
            .args(["validate", "-q", "--color", "never"])
            .arg(&path),
        dir.path(),
    );
    assert!(whole.contains("= note: game 4, ply 3"), "{whole}");
}

/// `--where` chooses games 2 and 4 of the file; they are reported as games
/// 2 and 4, also from standard input.
#[test]
fn games_chosen_by_tag_keep_their_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "archive.pgn", ARCHIVE);
    let out = transcript_in(
        fvnote()
            .args(["validate", "--format", "json", "--where", "White!=A"])
            .args(["--where", "White!=C"])
            .arg(&path),
        dir.path(),
    );
    assert_snapshot!(out);
    let stdin = transcript_in(
        fvnote()
            .args([
                "validate", "--format", "json", "--where", "White!=A", "--", "-:3-4",
            ])
            .write_stdin(ARCHIVE),
        dir.path(),
    );
    assert_snapshot!("games_chosen_from_stdin_keep_their_numbers", stdin);
}

/// One ply and one warning are written in the singular on the index and
/// on the page; two plies in the plural.
#[test]
fn html_counts_one_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let record = write_file(
        dir.path(),
        "two.pgn",
        "[White \"A\"]\n\n1. Ng1f3 *\n\n[White \"B\"]\n\n1. e4 e5 *\n",
    );
    let site = dir.path().join("site");
    let run = transcript_in(
        fvnote()
            .args(["html", "--all", "-o"])
            .arg(&site)
            .arg(&record),
        dir.path(),
    );
    assert!(run.contains("wrote 2 pages and index.html"), "{run}");
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains(">valid, 1 ply<"), "{index}");
    assert!(index.contains(">valid, 2 plies<"), "{index}");
    let page = std::fs::read_to_string(site.join("game-0001.html")).unwrap();
    assert!(
        page.contains("Valid chess game: 1 ply replayed by the rules, result *; 2 warnings"),
        "{page}"
    );
    let one = write_file(dir.path(), "one.pgn", "1. e4 *\n");
    let run = transcript_in(
        fvnote()
            .args(["html", "--all", "-o"])
            .arg(dir.path().join("one"))
            .arg(&one),
        dir.path(),
    );
    assert!(run.contains("wrote 1 page and index.html"), "{run}");
}

/// A game whose roster is missing a tag, has one out of order and a
/// malformed Date: three different problems, each shown, none folded into
/// another as "more like this"; three needlessly disambiguated moves
/// still fold.
#[test]
fn only_warnings_of_one_shape_are_folded() {
    let out = transcript(fvnote().args([
        "validate",
        "--color",
        "never",
        "fixtures/correspondence/chess-roster.pgn",
    ]));
    assert!(!out.contains("more like this"), "{out}");
    for problem in ["missing Round", "Site out of order", "malformed Date"] {
        assert!(
            out.contains(&format!("warning: tag roster: {problem}")),
            "{out}"
        );
    }
    assert_snapshot!(out);
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(
        dir.path(),
        "long.pgn",
        "[Site \"x\"]\n[Event \"y\"]\n\n1. Ng1f3 Ng8f6 2. Nb1c3 *\n",
    );
    let out = transcript_in(
        fvnote().args(["validate", "--color", "never"]).arg(&path),
        dir.path(),
    );
    assert!(
        out.contains("= note: 2 more like this in this game (lines 4, 4)"),
        "{out}"
    );
    assert_eq!(out.matches("warning: tag roster").count(), 2, "{out}");
    assert_snapshot!("one_shape_folds", out);
}
