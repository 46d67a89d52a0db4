//! `fvnote man DIR` and `fvnote completions SHELL` give an installed binary
//! what the repository keeps in `man/`, and the pages hold together: each
//! page it names exists, each synopsis shows every option with its value,
//! each page has examples, and no text runs into one paragraph.

use std::path::Path;

use crate::cli;
use cli::{fvnote, stdout_of};

/// The committed pages, by file name.
fn committed_pages() -> Vec<(String, String)> {
    let mut pages: Vec<(String, String)> = std::fs::read_dir("man")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "1"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    pages.sort();
    pages
}

#[test]
fn man_writes_the_pages_man_holds() {
    let dir = tempfile::tempdir().unwrap();
    let into = dir.path().join("share/man/man1");
    let out = fvnote().arg("man").arg(&into).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.starts_with("wrote 15 man pages into "), "{said}");
    let mut written: Vec<String> = std::fs::read_dir(&into)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let committed = committed_pages();
    let names: Vec<&String> = committed.iter().map(|(n, _)| n).collect();
    assert_eq!(written.iter().collect::<Vec<_>>(), names);
    for (name, text) in &committed {
        assert_eq!(
            &std::fs::read_to_string(into.join(name)).unwrap(),
            text,
            "{name}"
        );
    }
    // Again over the pages written: replaced, the same.
    assert_eq!(
        fvnote()
            .arg("man")
            .arg(&into)
            .output()
            .unwrap()
            .status
            .code(),
        Some(0)
    );
    let top = committed.iter().find(|(n, _)| n == "fvnote.1").unwrap();
    assert_eq!(
        std::fs::read_to_string(into.join("fvnote.1")).unwrap(),
        top.1
    );
}

#[test]
fn man_says_why_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let file = cli::write_file(dir.path(), "f", "");
    let out = fvnote().arg("man").arg(file.join("man1")).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.starts_with("error: ") && said.contains("man1"),
        "{said}"
    );
}

#[test]
fn completions_print_the_scripts_man_holds() {
    for (shell, file) in [
        ("bash", "fvnote.bash"),
        ("zsh", "_fvnote"),
        ("fish", "fvnote.fish"),
    ] {
        let script = stdout_of(fvnote().args(["completions", shell]));
        let kept = std::fs::read_to_string(Path::new("man/completions").join(file)).unwrap();
        assert_eq!(script, kept, "{shell}");
        for word in ["validate", "completions", "--variant"] {
            assert!(script.contains(word), "{shell} completes {word}");
        }
    }
    for shell in ["elvish", "powershell"] {
        let script = stdout_of(fvnote().args(["completions", shell]));
        assert!(script.contains("validate"), "{shell}");
    }
    let out = fvnote().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bash"));
}

#[test]
fn every_page_named_exists() {
    let pages = committed_pages();
    let exists = |name: &str| pages.iter().any(|(n, _)| n == &format!("{name}.1"));
    for (file, text) in &pages {
        // `\fBfvnote\-validate\fR(1)` and the like.
        let plain = text
            .replace("\\fB", "")
            .replace("\\fR", "")
            .replace("\\-", "-");
        for (at, _) in plain.match_indices("(1)") {
            let head = &plain[..at];
            let start = head
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(0, |i| i + 1);
            let name = &head[start..];
            if name.starts_with("fvnote") {
                assert!(
                    exists(name),
                    "{file} names {name}(1), which man/ does not hold"
                );
            }
        }
        assert!(!plain.contains("fvnote-help"), "{file}");
        assert!(text.contains(".SH SEE ALSO\n"), "{file}");
    }
}

#[test]
fn every_synopsis_shows_each_option_with_its_value() {
    let root = <fvnote::cli::Cli as clap::CommandFactory>::command();
    for (file, text) in committed_pages() {
        let synopsis = text
            .split(".SH SYNOPSIS\n")
            .nth(1)
            .and_then(|t| t.lines().next())
            .unwrap_or_else(|| panic!("{file} has a synopsis"));
        let plain = synopsis
            .replace("\\fB", "")
            .replace("\\fI", "")
            .replace("\\fR", "")
            .replace("\\-", "-");
        let name = file.trim_end_matches(".1");
        let cmd = match name.strip_prefix("fvnote-") {
            Some(sub) => root.find_subcommand(sub).unwrap().clone(),
            None => root.clone(),
        };
        assert!(
            plain.starts_with(&name.replacen('-', " ", 1)),
            "{file}: {plain}"
        );
        for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            let value = arg
                .get_value_names()
                .map(|v| v.join(" "))
                .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
            let shown = match arg.get_long() {
                Some(long) if arg.get_action().takes_values() => format!("--{long} {value}"),
                Some(long) => format!("--{long}"),
                None => value,
            };
            assert!(
                plain.contains(&shown),
                "{file}: {shown} missing from {plain}"
            );
        }
    }
    let validate = std::fs::read_to_string("man/fvnote-validate.1").unwrap();
    assert!(
        validate.contains("[\\fB\\-\\-where\\fR \\fICOND\\fR...]"),
        "repeatable"
    );
    assert!(validate.contains("[\\fIPATHS\\fR...]\n"));
}

#[test]
fn every_page_has_examples_and_no_run_on_text() {
    for (file, text) in committed_pages() {
        assert!(text.contains(".SH EXAMPLES\n.TP\n"), "{file} has examples");
        assert!(
            !text.contains(".SH EXTRA"),
            "{file}: clap_mangen's EXTRA is replaced"
        );
        // A NOTES paragraph is one line of roff: a line break inside it
        // would be joined into the line before it.
        if let Some(notes) = text.split(".SH NOTES\n").nth(1) {
            let notes = notes.split("\n.SH ").next().unwrap();
            for line in notes.lines() {
                assert!(
                    !line.starts_with(' '),
                    "{file}: an indented line joins: {line}"
                );
            }
        }
    }
    // The examples of `validate --help` are all in its page, explained.
    let help = fvnote::cli::generate::help_examples("validate");
    assert!(help.len() >= 4, "{help:?}");
    let listed = fvnote::cli::generate::example_lines("validate");
    for line in help {
        assert!(listed.contains(&line.as_str()), "{line} is not in EXAMPLES");
    }
}

#[test]
fn the_pages_render_without_warnings() {
    if std::process::Command::new("groff")
        .arg("--version")
        .output()
        .is_err()
    {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(
            !ci,
            "groff is missing under CI=true (.ci/run installs groff-base)"
        );
        eprintln!("note: groff is not installed; the pages were not rendered");
        return;
    }
    for (file, _) in committed_pages() {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "preconv -e UTF-8 man/{file} | groff -man -ww -z 2>&1"
            ))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.is_empty(), "{file}: {said}");
    }
}
