//! No output overwrites an input or another output (issue 46): `show
//! IN.pgn --svg IN.pgn` and `html IN.pgn -o IN.pgn` are refused, however
//! the two paths are spelt (hard links, symbolic links, `./`,
//! `/dev/stdout` onto the input); `fvnote::fs::check_outputs` is the check
//! every command calls.
#![cfg(unix)]

use std::path::Path;
use std::process::Command as Std;
use std::time::Duration;

use insta::assert_snapshot;

use crate::cli::{self, fvnote, transcript_in};
use fvnote::fs::{check_outputs, same_file, Clash};

const GAME: &str = "1.e4 e5 2.Nf3 *\n";

/// A directory with `in.pgn`, a hard link `hard.pgn` and a symbolic link
/// `soft.pgn` to it.
fn record() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("in.pgn"), GAME).unwrap();
    std::fs::hard_link(d.join("in.pgn"), d.join("hard.pgn")).unwrap();
    std::os::unix::fs::symlink("in.pgn", d.join("soft.pgn")).unwrap();
    dir
}

fn intact(d: &Path) {
    assert_eq!(
        std::fs::read_to_string(d.join("in.pgn")).unwrap(),
        GAME,
        "the input was overwritten"
    );
    assert!(std::fs::symlink_metadata(d.join("soft.pgn"))
        .unwrap()
        .file_type()
        .is_symlink());
}

#[test]
fn show_refuses_an_svg_that_is_the_record() {
    let dir = record();
    let d = dir.path();
    for (i, (position, svg)) in [
        ("in.pgn", "in.pgn"),
        ("in.pgn@2", "./in.pgn"),
        ("in.pgn:1", "hard.pgn"),
        ("soft.pgn", "in.pgn"),
    ]
    .into_iter()
    .enumerate()
    {
        assert_snapshot!(
            format!("show_{i}"),
            transcript_in(
                fvnote()
                    .args(["show", position, "--svg", svg])
                    .current_dir(d),
                d
            )
        );
        intact(d);
    }
    // Any other file is fine.
    let out = fvnote()
        .args(["show", "in.pgn", "--svg", "board.svg"])
        .current_dir(d)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", cli::render(&out));
    assert!(std::fs::read_to_string(d.join("board.svg"))
        .unwrap()
        .starts_with("<svg"));
}

#[test]
fn html_refuses_a_page_that_is_the_record() {
    let dir = record();
    let d = dir.path();
    for output in ["in.pgn", "hard.pgn", "soft.pgn"] {
        assert_snapshot!(
            format!("html_{}", output.replace('.', "_")),
            transcript_in(
                fvnote()
                    .args(["html", "in.pgn", "-o", output])
                    .current_dir(d),
                d
            )
        );
        intact(d);
    }
    // Standard output appended to the record: the page would be written
    // into the file being read.
    let mut c = Std::new("sh");
    cli::clean_env(&mut c)
        .arg("-c")
        .arg(r#"exec "$F" html in.pgn -o /dev/stdout >> in.pgn"#)
        .env("F", cli::bin())
        .current_dir(d);
    let out = assert_cmd::Command::from_std(c)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_snapshot!("html_dev_stdout", cli::redact_dir(&cli::render(&out), d));
    intact(d);
    // --all: a page whose name links to the record.
    std::fs::create_dir(d.join("pages")).unwrap();
    std::os::unix::fs::symlink("../in.pgn", d.join("pages/game-0001.html")).unwrap();
    assert_snapshot!(
        "html_all",
        transcript_in(
            fvnote()
                .args(["html", "--all", "in.pgn", "-o", "pages"])
                .current_dir(d),
            d
        )
    );
    intact(d);
}

#[test]
fn check_outputs_tells_inputs_and_outputs_apart_by_identity() {
    let dir = record();
    let d = dir.path();
    let (input, hard, soft) = (d.join("in.pgn"), d.join("hard.pgn"), d.join("soft.pgn"));
    assert!(same_file(&input, &hard).unwrap() && same_file(&input, &soft).unwrap());
    // `validate in.pgn --valid-out o.pgn --invalid-out ./o.pgn`: not made
    // yet, and still one file.
    let (o, o2) = (d.join("o.pgn"), d.join(".").join("o.pgn"));
    let err = check_outputs(&[&input], &[("--valid-out", &o), ("--invalid-out", &o2)]).unwrap_err();
    assert!(matches!(err, Clash::SharedOutput { .. }), "{err}");
    assert_eq!(
        cli::redact_dir(&err.to_string(), d),
        "[TMP]/./o.pgn: --invalid-out names the same file as --valid-out ([TMP]/o.pgn); \
         refusing to write one file twice (expected a file of its own for each)"
    );
    let err = check_outputs(&[Path::new("-"), &input], &[("-o", &soft)]).unwrap_err();
    assert_eq!(
        cli::redact_dir(&err.to_string(), d),
        "[TMP]/soft.pgn: -o names the input [TMP]/in.pgn (the same file); refusing to \
         overwrite an input (expected an output that is not one of the inputs)"
    );
    // Devices and would-be files elsewhere do not clash.
    let null = Path::new("/dev/null");
    assert!(check_outputs(&[&input], &[("--valid-out", null), ("--invalid-out", null)]).is_ok());
    assert!(check_outputs(&[&input], &[("-o", &o)]).is_ok());
}
