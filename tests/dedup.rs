//! `fvnote dedup` and `validate --valid-out/--invalid-out` (issue:
//! correspondence archives, item 3): duplicates and re-sent games dropped,
//! good and bad games split, every game kept byte for byte.

use crate::cli;
use cli::{fvnote, transcript_in};
use insta::assert_snapshot;

fn fixture(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/correspondence")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

/// `dedup` of `pgn` (dedup reads files: through a temporary file). Its
/// stdout, compared byte for byte with the input by the callers, and its
/// whole output for a golden.
fn dedup(pgn: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.pgn");
    std::fs::write(&path, pgn).unwrap();
    let out = fvnote().arg("dedup").arg(&path).output().unwrap();
    let whole = cli::redact_dir(&cli::render(&out), dir.path());
    (String::from_utf8(out.stdout).unwrap(), whole)
}

fn game(tags: &[(&str, &str)], movetext: &str) -> String {
    let mut s: String = tags
        .iter()
        .map(|(n, v)| format!("[{n} \"{v}\"]\n"))
        .collect();
    s.push('\n');
    s.push_str(movetext);
    s.push_str("\n\n");
    s
}

#[test]
fn a_slide_game_re_sent_with_more_moves_keeps_the_longest_sending() {
    let text = fixture("slide-resent.pgn");
    let (out, whole) = dedup(&text);
    assert_snapshot!(whole);
    // The kept game byte for byte: the file from its second game on.
    let second = text.find("\n[Event").unwrap() + 1;
    assert_eq!(out, text[second..]);
}

#[test]
fn identical_games_keep_the_first_copy() {
    let text = fixture("fault-line-duplicates.pgn");
    let (out, whole) = dedup(&text);
    assert_snapshot!(whole);
    // The first game byte for byte.
    let second = text.find("\n[Event").unwrap() + 1;
    assert_eq!(out, text[..second]);
}

#[test]
fn moves_are_compared_in_canonical_san_of_the_variant() {
    // The first sending in long algebraic, the second in SAN with a later
    // Date and a Result: still the same game re-sent (3 plies, then 4).
    let tags = |date| vec![("White", "A"), ("Black", "B"), ("Date", date)];
    let a = game(&tags("2020.01.01"), "1. e2e4 e7e5 2. g1f3 *");
    let b = game(&tags("2020.02.01"), "1. e4 e5 2. Nf3 Nc6 1-0");
    let (out, whole) = dedup(&(a + &b));
    assert_snapshot!(whole);
    assert_eq!(out, b);
}

#[test]
fn different_games_are_all_kept() {
    let t = [("White", "A"), ("Black", "B")];
    let other_player = [("White", "C"), ("Black", "B")];
    let base = game(&t, "1. e4 e5 *");
    // Diverging moves, another player, a game that does not replay.
    let games = [
        base.clone(),
        game(&t, "1. d4 d5 2. c4 *"),
        game(&other_player, "1. e4 e5 2. Nf3 *"),
        game(&t, "1. e4 e5 2. Ke3 *"),
    ];
    let all: String = games.concat();
    let (out, whole) = dedup(&all);
    // The game that does not replay is kept, and said as `validate` says
    // it (exit 1, as `validate` gives).
    let said = "error[illegal-move]: [TMP]/in.pgn:19:13: Ke3: no king can reach e3: the king on e1 reaches e2\n";
    assert_eq!(
        whole,
        format!("exit: 1\n--- stdout\n{all}--- stderr\n{said}kept 4 of 4 games, dropped 0\n")
    );
    assert_eq!(out, all);
}

#[test]
fn in_place_rewrites_only_the_files_that_lost_a_game_and_o_never_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.pgn"), dir.path().join("b.pgn"));
    std::fs::write(&a, fixture("slide-resent.pgn")).unwrap();
    std::fs::write(&b, fixture("chess-roster.pgn")).unwrap();
    let before_b = std::fs::metadata(&b).unwrap().modified().unwrap();
    assert_snapshot!(
        "in_place",
        transcript_in(
            fvnote().args(["dedup", "--in-place"]).arg(&a).arg(&b),
            dir.path()
        )
    );
    // The longer sending, byte for byte.
    let resent = fixture("slide-resent.pgn");
    let second = resent.find("\n[Event").unwrap() + 1;
    assert_eq!(std::fs::read_to_string(&a).unwrap(), resent[second..]);
    assert_eq!(
        std::fs::read_to_string(&b).unwrap(),
        fixture("chess-roster.pgn")
    );
    assert_eq!(std::fs::metadata(&b).unwrap().modified().unwrap(), before_b);
    assert_snapshot!(
        "output_onto_the_input",
        transcript_in(fvnote().arg("dedup").arg(&a).arg("-o").arg(&a), dir.path())
    );
}

/// The comments after an archive's last game belong to no game: `dedup`
/// keeps them, on standard output, with `-o` and `--in-place`.
#[test]
fn the_comments_after_the_last_game_are_kept() {
    let one = game(&[("Event", "a")], "1. e4 e5 *");
    let pgn = format!("{one}{one}{{the end of the archive}}\n");
    let kept = format!("{one}{{the end of the archive}}\n");
    let (out, _) = dedup(&pgn);
    assert_eq!(out, kept);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.pgn");
    std::fs::write(&path, &pgn).unwrap();
    let o = dir.path().join("out.pgn");
    fvnote()
        .arg("dedup")
        .arg(&path)
        .arg("-o")
        .arg(&o)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&o).unwrap(), kept);
    fvnote()
        .args(["dedup", "--in-place"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), kept);
}

#[test]
fn validate_splits_an_archive_into_valid_and_invalid_games_byte_for_byte() {
    let names = [
        "chess-cut-off.pgn",
        "slide-resent.pgn",
        "quake-result-mismatch.pgn",
        "chess-roster.pgn",
        "fault-line-dangling-number.pgn",
    ];
    let texts: Vec<String> = names.iter().map(|n| fixture(n)).collect();
    // A syntax error in the middle, too.
    let broken = "[Event \"broken\"]\n\n1. e4 ) e5 *\n\n".to_owned();
    let archive = format!(
        "{}{}{broken}{}{}{}",
        texts[0], texts[1], texts[2], texts[3], texts[4]
    );
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("archive.pgn");
    std::fs::write(&input, &archive).unwrap();
    let (good, bad) = (dir.path().join("good.pgn"), dir.path().join("bad.pgn"));
    assert_snapshot!(
        "split",
        transcript_in(
            fvnote()
                .arg("validate")
                .arg("--quiet")
                .arg(&input)
                .arg("--valid-out")
                .arg(&good)
                .arg("--invalid-out")
                .arg(&bad),
            dir.path()
        )
    );
    let good = std::fs::read_to_string(&good).unwrap();
    let bad = std::fs::read_to_string(&bad).unwrap();
    assert_eq!(good, format!("{}{}", texts[1], texts[3]));
    assert_eq!(bad, format!("{}{broken}{}{}", texts[0], texts[2], texts[4]));
    // Standard input is sorted as it streams, as a file is.
    let (good2, bad2) = (dir.path().join("good2.pgn"), dir.path().join("bad2.pgn"));
    fvnote()
        .args(["validate", "--quiet", "-"])
        .arg("--valid-out")
        .arg(&good2)
        .arg("--invalid-out")
        .arg(&bad2)
        .write_stdin(archive)
        .assert()
        .code(1);
    assert_eq!(std::fs::read_to_string(&good2).unwrap(), good);
    assert_eq!(std::fs::read_to_string(&bad2).unwrap(), bad);
    // An input is never an output.
    assert_snapshot!(
        "split_onto_the_input",
        transcript_in(
            fvnote()
                .arg("validate")
                .arg(&input)
                .arg("--invalid-out")
                .arg(&input),
            dir.path()
        )
    );
}
