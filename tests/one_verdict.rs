//! One verdict everywhere: every invalid and damaged fixture, and every
//! correspondence fixture, goes through every command that reads records,
//! and each says what `validate --format json` says of each game: the same
//! rule id (kind or ruling), the same `FILE:LINE:COLUMN`, the same variant
//! where it shows one, and the same class of exit status (1 when a game is
//! invalid). What a command writes validates to the same finding again:
//! no command turns a damaged game into one that validates.

use std::path::{Path, PathBuf};

use crate::cli::fvnote;
use serde_json::Value;

/// What `validate` says of one game.
#[derive(Clone, Debug, PartialEq)]
struct Truth {
    valid: bool,
    variant: String,
    /// `kind`, else `ruling`, else the id of a syntax error or an illegal
    /// move: what `error[ID]` shows.
    id: Option<String>,
    /// Line and column of the error.
    at: Option<(u64, u64)>,
}

fn id_of(error: &Value) -> Option<String> {
    if error.is_null() {
        return None;
    }
    let id = error["kind"]
        .as_str()
        .or(error["ruling"].as_str())
        .unwrap_or(match error["syntax"].as_bool() {
            Some(true) => "pgn-syntax",
            _ => "illegal-move",
        });
    Some(id.to_owned())
}

fn at_of(error: &Value) -> Option<(u64, u64)> {
    Some((error["line"].as_u64()?, error["column"].as_u64()?))
}

/// `validate --format json ARGS FILE`: each game's truth, and the exit code.
fn validated(args: &[&str], file: &Path) -> (Vec<Truth>, i32) {
    let out = fvnote()
        .args(["validate", "--format", "json"])
        .args(args)
        .arg(file)
        .output()
        .unwrap();
    let games = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        // An input with no game is a failure line, not a game.
        .filter(|g| g.get("io_error").is_none())
        .map(|g| Truth {
            valid: g["valid"].as_bool().unwrap(),
            variant: g["variant"].as_str().unwrap().to_owned(),
            id: id_of(&g["error"]),
            at: at_of(&g["error"]),
        })
        .collect();
    (games, out.status.code().unwrap())
}

/// The `error[ID]: NAME:L:C: …` lines of `stderr` about `name`, in order.
fn said(stderr: &str, name: &str) -> Vec<(String, (u64, u64))> {
    stderr
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("error[")?;
            let (id, rest) = rest.split_once("]: ")?;
            let rest = rest.strip_prefix(name)?.strip_prefix(':')?;
            let mut parts = rest.splitn(3, ':');
            let line = parts.next()?.parse().ok()?;
            let column = parts.next()?.parse().ok()?;
            Some((id.to_owned(), (line, column)))
        })
        .collect()
}

/// The numbers of the games `stderr` says were not written.
fn not_written(stderr: &str) -> Vec<usize> {
    stderr
        .lines()
        .filter_map(|l| {
            let (_, rest) = l.split_once(": game ")?;
            let (n, rest) = rest.split_once(' ')?;
            rest.starts_with("not written").then(|| n.parse().ok())?
        })
        .collect()
}

/// The findings `validate` makes, as `said` gives them.
fn expected(truth: &[Truth]) -> Vec<(String, (u64, u64))> {
    truth
        .iter()
        .filter(|t| !t.valid)
        .map(|t| (t.id.clone().unwrap(), t.at.unwrap()))
        .collect()
}

/// Runs `args` in `dir`; its exit code and stdout, stderr.
fn run(dir: &Path, args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = fvnote().current_dir(dir).args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The PGN fixtures the table covers: every `invalid/` one, and the
/// correspondence logs (valid ones too: they must stay valid).
fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&root).unwrap() {
        let dir = entry.unwrap().path();
        for sub in [dir.join("invalid"), dir.clone()] {
            if !sub.is_dir() || (sub == dir && !dir.ends_with("correspondence")) {
                continue;
            }
            for f in std::fs::read_dir(&sub).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "pgn") {
                    files.push(f);
                }
            }
        }
    }
    files.sort();
    assert!(files.len() >= 30, "{files:?}");
    files
}

/// The exit class a run over games with `truth` has: 1 when one is invalid.
fn class(truth: &[Truth]) -> i32 {
    i32::from(truth.iter().any(|t| !t.valid))
}

/// What a written output validates to: the same id and variant per game
/// written (locations move when a game is rewritten). Games a form cannot
/// hold are left out of it, each with a note.
fn revalidates_alike(out: &Path, truth: &[Truth], ctx: &str) {
    let (again, _) = validated(&[], out);
    let expect: Vec<(bool, &str, Option<&str>)> = truth
        .iter()
        .map(|t| (t.valid, t.variant.as_str(), t.id.as_deref()))
        .collect();
    let got: Vec<(bool, &str, Option<&str>)> = again
        .iter()
        .map(|t| (t.valid, t.variant.as_str(), t.id.as_deref()))
        .collect();
    assert_eq!(got, expect, "{ctx}: the output validates otherwise");
}

#[test]
fn every_command_gives_the_verdict_validate_gives() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path();
    for fixture in fixtures() {
        let (truth, code) = validated(&[], &fixture);
        let ctx = fixture.display().to_string();
        assert_eq!(code, class(&truth), "{ctx}: validate");
        let want = expected(&truth);
        // Work on a copy, named as the commands will name it.
        let name = "game.pgn";
        std::fs::copy(&fixture, dir.join(name)).unwrap();
        let original = std::fs::read(dir.join(name)).unwrap();
        let invalid = class(&truth) == 1;

        // fmt, fmt --check, convert --in-place: the same findings; a file
        // with an invalid game is left as it is.
        for args in [
            &["fmt", name][..],
            &["fmt", "--check", name],
            &["convert", "--to", "pgn", "--in-place", name],
        ] {
            let (code, _, err) = run(dir, args);
            assert_eq!(said(&err, name), want, "{ctx}: {args:?}\n{err}");
            if invalid {
                assert_eq!(code, 1, "{ctx}: {args:?}\n{err}");
                assert_eq!(
                    std::fs::read(dir.join(name)).unwrap(),
                    original,
                    "{ctx}: {args:?}"
                );
            }
            std::fs::write(dir.join(name), &original).unwrap();
        }

        // convert to every form: the same findings and exit class. A game
        // a form cannot hold is left out of it, with a note; only an
        // invalid game is left out of PGN and JSON.
        let mut left_out = std::collections::HashMap::new();
        for to in ["pgn", "json", "jsonl", "fen", "gamecourier"] {
            let out = format!("out.{to}");
            let (code, _, err) = run(dir, &["convert", "--to", to, name, "-o", &out]);
            assert_eq!(said(&err, name), want, "{ctx}: --to {to}\n{err}");
            // A valid game a form cannot hold (a list has no variations) is
            // refused with exit 1 too: the class is at least validate's.
            assert!(
                code >= class(&truth) && code <= 1,
                "{ctx}: --to {to}: {code}\n{err}"
            );
            left_out.insert(to, not_written(&err));
        }
        let kept = |to: &str| -> Vec<Truth> {
            let out = &left_out[to];
            for n in out {
                assert!(
                    !truth[n - 1].valid,
                    "{ctx}: --to {to} left out valid game {n}"
                );
            }
            let kept = truth
                .iter()
                .enumerate()
                .filter(|(i, _)| !out.contains(&(i + 1)));
            kept.map(|(_, t)| t.clone()).collect()
        };
        // What PGN and JSON keep validates to the same verdicts: PGN → PGN,
        // PGN → JSON → PGN.
        let in_pgn = kept("pgn");
        revalidates_alike(&dir.join("out.pgn"), &in_pgn, &format!("{ctx}: --to pgn"));
        let in_json = kept("jsonl");
        let (code, _, err) = run(
            dir,
            &["convert", "--to", "pgn", "out.jsonl", "-o", "back.pgn"],
        );
        assert_eq!(code, class(&in_json), "{ctx}: JSON → PGN\n{err}");
        let back: Vec<String> = said(&err, "out.jsonl")
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let ids: Vec<String> = expected(&in_json).into_iter().map(|(id, _)| id).collect();
        assert_eq!(back, ids, "{ctx}: JSON → PGN\n{err}");
        revalidates_alike(
            &dir.join("back.pgn"),
            &in_json,
            &format!("{ctx}: JSON → PGN"),
        );
        // The JSON carries each game's variant and verdict where validate
        // found it.
        let json: Value =
            serde_json::from_slice(&std::fs::read(dir.join("out.json")).unwrap()).unwrap();
        let games = json.as_array().unwrap();
        let in_json = kept("json");
        assert_eq!(games.len(), in_json.len(), "{ctx}: --to json");
        for (g, t) in games.iter().zip(&in_json) {
            assert_eq!(
                g["variant"].as_str(),
                Some(t.variant.as_str()),
                "{ctx}: {g}"
            );
            let error = &g["verdict"]["error"];
            assert_eq!(at_of(error), t.at, "{ctx}: {g}");
            // The id, where the JSON names one (an illegal move has none).
            if error["kind"].is_string() || error["ruling"].is_string() {
                assert_eq!(id_of(error), t.id, "{ctx}: {g}");
            }
        }

        // dedup and validate's split: the same findings and class.
        let (code, _, err) = run(dir, &["dedup", name, "-o", "kept.pgn"]);
        assert_eq!(said(&err, name), want, "{ctx}: dedup\n{err}");
        assert_eq!(code, class(&truth), "{ctx}: dedup\n{err}");

        // One game at a time: html, show, moves say its error, exit 1.
        for (n, t) in truth.iter().enumerate() {
            let game = format!("{name}:{}", n + 1);
            let want_one: Vec<_> = expected(std::slice::from_ref(t));
            for args in [
                &["html", &game, "-o", "page.html"][..],
                &["show", &format!("{game}@0")],
                &["moves", &format!("{game}@0")],
            ] {
                let (code, _, err) = run(dir, args);
                assert_eq!(said(&err, name), want_one, "{ctx}: {args:?}\n{err}");
                assert_eq!(code, i32::from(!t.valid), "{ctx}: {args:?}\n{err}");
            }
        }
    }
}

/// Game Courier lists read as records: the same findings in `validate`
/// and in `convert` to every form.
#[test]
fn game_courier_lists_give_one_verdict_too() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/gamecourier");
    let work = tempfile::tempdir().unwrap();
    let mut seen = 0;
    for variant in std::fs::read_dir(&root).unwrap() {
        let variant = variant.unwrap().path();
        let Ok(lists) = std::fs::read_dir(variant.join("invalid")) else {
            continue;
        };
        let id = variant.file_name().unwrap().to_str().unwrap().to_owned();
        for list in lists {
            let list = list.unwrap().path();
            let ctx = list.display().to_string();
            let from = ["--from", "gamecourier", "--variant", &id];
            let (truth, code) = validated(&from, &list);
            assert_eq!(code, 1, "{ctx}");
            assert_eq!(truth.len(), 1, "{ctx}");
            assert_eq!(truth[0].variant, id, "{ctx}");
            let want = expected(&truth);
            let shown = list.display().to_string();
            for to in ["pgn", "json", "fen", "gamecourier"] {
                let (code, _, err) = run(
                    work.path(),
                    &[&["convert"][..], &from, &["--to", to, &shown]].concat(),
                );
                assert_eq!(said(&err, &shown), want, "{ctx}: --to {to}\n{err}");
                assert_eq!(code, 1, "{ctx}: --to {to}\n{err}");
            }
            seen += 1;
        }
    }
    assert!(seen >= 4, "{seen} lists");
}

/// Every command says its exit codes in `--help` (and so in its man page).
#[test]
fn every_command_lists_its_exit_status() {
    for command in [
        "validate", "convert", "fmt", "dedup", "diff", "show", "html", "moves", "perft", "gen",
        "variants", "explain",
    ] {
        let out = fvnote().args([command, "--help"]).output().unwrap();
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(help.contains("Exit status: 0"), "{command}:\n{help}");
    }
}
