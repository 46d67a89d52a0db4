//! An option that cannot change anything in the combination given is
//! refused with a message saying why (exit 2), never silently ignored; and
//! `validate`'s report flags (`-q`, `--verbose`, `--color`) have a meaning
//! in every `--format`.

use crate::cli;
use cli::{fvnote, render, write_file};

const LENIENT: &str = "[Result \"*\"]\n\n1. e2e4 e5 *\n";

/// Runs `args` in a temporary directory holding `g.pgn` (LENIENT); the
/// exit code and standard error.
fn refused(args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "g.pgn", LENIENT);
    let out = fvnote()
        .current_dir(dir.path())
        .args(args)
        .output()
        .unwrap();
    let before = std::fs::read_to_string(dir.path().join("g.pgn")).unwrap();
    assert_eq!(before, LENIENT, "{args:?} changed its input");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn options_that_would_be_ignored_are_refused() {
    let cases: &[(&[&str], &str)] = &[
        (&["show", "--size", "30"], "--size shapes the SVG diagram"),
        (
            &["show", "--arrow", "e2e4"],
            "--arrow shapes the SVG diagram",
        ),
        (
            &["show", "--no-legend"],
            "--no-legend shapes the SVG diagram",
        ),
        (
            &["show", "--no-coordinates"],
            "--no-coordinates shapes the SVG",
        ),
        (&["show", "--force"], "--force says how to replace a file"),
        (&["gen", "chess", "1", "--force"], "it needs -o FILE"),
        (
            &["validate", "--break-hard-links", "g.pgn"],
            "--valid-out FILE",
        ),
        (
            &["convert", "--to", "json", "--force", "g.pgn"],
            "-o FILE or --in-place",
        ),
        (&["dedup", "--force", "g.pgn"], "-o FILE or --in-place"),
        (&["fmt", "--check", "--force", "g.pgn"], "not --check"),
        (
            &["fmt", "--where", "Result=*", "g.pgn"],
            "fmt formats whole files",
        ),
        (&["fmt", "g.pgn:1"], "FILE:N would drop the other games"),
        (
            &["dedup", "--in-place", "g.pgn:1"],
            "would delete the games not chosen",
        ),
        (
            &["dedup", "--in-place", "--where", "Result=*", "g.pgn"],
            "not chosen",
        ),
        (
            &["validate", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "g.pgn"],
            "--from gamecourier",
        ),
        (
            &["diff", "--format", "side-by-side", "g.pgn", "g.pgn"],
            "draws two positions",
        ),
    ];
    for (args, why) in cases {
        let (code, stderr) = refused(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(why), "{args:?}: {stderr}");
    }
}

#[test]
fn the_same_options_are_taken_where_they_act() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("b.svg");
    let out = fvnote()
        .args([
            "show",
            "--size",
            "30",
            "--arrow",
            "e2e4",
            "--no-legend",
            "--svg",
        ])
        .arg(&svg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", render(&out));
    let text = std::fs::read_to_string(&svg).unwrap();
    // 30 pixels a square instead of 45: two thirds of the default width.
    assert!(
        text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"285.6\""),
        "{text}"
    );
    let out = fvnote()
        .args(["gen", "chess", "1", "--force", "-o"])
        .arg(dir.path().join("g.pgn"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", render(&out));
    let out = fvnote()
        .args([
            "diff",
            "--format",
            "side-by-side",
            "tests/data/valid.pgn@1",
            "tests/data/valid.pgn@2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", render(&out));
}

/// `validate` of LENIENT (two warnings: the tag roster, long algebraic)
/// in `format` with `flags`, from `dir`.
fn report(dir: &std::path::Path, format: &str, flags: &[&str]) -> (Option<i32>, String, String) {
    let f = write_file(dir, "g.pgn", LENIENT);
    let out = fvnote()
        .args(["validate", "--format", format])
        .args(flags)
        .arg(&f)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn quiet_leaves_warnings_out_of_every_format() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["human", "json", "github", "junit", "sarif", "rdjson"] {
        let (code, loud, _) = report(dir.path(), format, &[]);
        assert_eq!(code, Some(0), "{format}");
        assert!(
            loud.contains("long algebraic"),
            "{format} shows the warning: {loud}"
        );
        for q in ["-q", "--quiet"] {
            let (code, quiet, stderr) = report(dir.path(), format, &[q]);
            assert_eq!(code, Some(0), "{format} {q}: {stderr}");
            for mark in ["long algebraic", "tag roster"] {
                assert!(!quiet.contains(mark), "{format} {q} leaves it out: {quiet}");
            }
            // The summary still counts them.
            let summary = if format == "human" { &quiet } else { &stderr };
            assert!(
                summary.contains("1 valid, 0 invalid, 2 warnings"),
                "{format}: {summary}"
            );
        }
    }
    // --max-warnings counts what -q leaves out.
    let (code, _, stderr) = report(dir.path(), "json", &["-q", "--max-warnings", "1"]);
    assert_eq!(code, Some(1), "{stderr}");
}

#[test]
fn verbose_and_color_are_accepted_by_every_format() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["json", "github", "junit", "sarif", "rdjson"] {
        let (_, plain, _) = report(dir.path(), format, &[]);
        for flags in [
            &["--verbose"][..],
            &["--color", "always"],
            &["--color=never"],
        ] {
            let (code, out, stderr) = report(dir.path(), format, flags);
            assert_eq!(code, Some(0), "{format} {flags:?}: {stderr}");
            // No colour in a machine format, and nothing else changes.
            assert!(!out.contains('\x1b'), "{format} {flags:?}");
            let same = |s: &str| {
                s.lines()
                    .filter(|l| !l.contains("time") && !l.contains("\"duration"))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            assert_eq!(same(&out), same(&plain), "{format} {flags:?}");
        }
    }
    let (_, human, _) = report(dir.path(), "human", &["--verbose", "--color", "never"]);
    assert!(human.contains("ok: "), "{human}");
    let (_, coloured, _) = report(dir.path(), "human", &["--color", "always"]);
    assert!(coloured.contains('\x1b'), "{coloured}");
}
