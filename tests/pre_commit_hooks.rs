//! The pre-commit hooks (`.pre-commit-hooks.yaml`), run by pre-commit
//! itself: `pre-commit try-repo` on a clone of this tree (the tree as it
//! stands, committed), in a scratch repository holding a valid and an
//! invalid record. `language: rust` makes pre-commit `cargo install` the
//! clone: a release build, made once for both hooks, without LTO and with
//! more codegen units so CI stays quick, its target directory kept under
//! `target/` for the next run. Under CI=true a missing pre-commit fails
//! (`.ci/run` installs it); elsewhere the test is skipped with a note.

use std::path::Path;
use std::process::{Command, Output};

/// `git ARGS` in `dir`, with a fixed identity; its output, required to
/// succeed.
fn git(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=fvnote test",
            "-c",
            "user.email=test@fvnote.invalid",
        ])
        .args([
            "-c",
            "commit.gpgsign=false",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A repository holding this tree as it stands (tracked and new files, not
/// ignored ones), committed.
fn clone_of_tree(to: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let list = git(
        root,
        &[
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ],
    );
    for name in list.stdout.split(|b| *b == 0).filter(|n| !n.is_empty()) {
        let name = std::str::from_utf8(name).unwrap();
        let from = root.join(name);
        // A file deleted but not yet staged is listed and absent.
        if !from.is_file() {
            continue;
        }
        let dest = to.join(name);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(&from, &dest).unwrap();
    }
    git(to, &["init", "-q"]);
    git(to, &["add", "-A"]);
    git(to, &["commit", "-q", "-m", "the tree under test"]);
}

/// How to run pre-commit, if it is installed.
fn pre_commit() -> Option<Command> {
    let works = |c: &mut Command| {
        c.arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if works(&mut Command::new("pre-commit")) {
        return Some(Command::new("pre-commit"));
    }
    let mut python = Command::new("python3");
    python.args(["-m", "pre_commit"]);
    if works(&mut python) {
        let mut c = Command::new("python3");
        c.args(["-m", "pre_commit"]);
        return Some(c);
    }
    None
}

#[test]
fn pre_commit_runs_the_validate_and_fmt_hooks() {
    if pre_commit().is_none() {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(
            !ci,
            "pre-commit is missing under CI=true (`python3 -m pip install pre-commit`, as .ci/run does)"
        );
        eprintln!("note: pre-commit is not installed; the hooks were not run");
        return;
    }
    let scratch = tempfile::tempdir().unwrap();
    let (hooks, project) = (scratch.path().join("hooks"), scratch.path().join("project"));
    std::fs::create_dir_all(&hooks).unwrap();
    std::fs::create_dir_all(&project).unwrap();
    clone_of_tree(&hooks);
    git(&project, &["init", "-q"]);
    let lenient = "[Result \"*\"]\n\n1.e2e4 e5 *\n";
    std::fs::write(project.join("good.pgn"), lenient).unwrap();
    std::fs::write(
        project.join("bad.pgn"),
        "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n",
    )
    .unwrap();
    std::fs::write(project.join("notes.txt"), "1. Ke3\n").unwrap();
    git(&project, &["add", "-A"]);
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pre-commit-target");
    // One try-repo, both hooks: each try-repo installs anew (its store is
    // a temporary directory), so the build is made once.
    let started = std::time::Instant::now();
    let out = pre_commit()
        .unwrap()
        .args([
            "try-repo",
            hooks.to_str().unwrap(),
            "--verbose",
            "--color",
            "never",
        ])
        .args(["--files", "good.pgn", "bad.pgn", "notes.txt"])
        .current_dir(&project)
        .env("PRE_COMMIT_HOME", scratch.path().join("cache"))
        .env("CARGO_TARGET_DIR", &target)
        // A release build for a test: quick to make, not to run.
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("CARGO_INCREMENTAL", "0")
        .output()
        .unwrap();
    eprintln!(
        "pre-commit installed and ran the hooks in {:?}",
        started.elapsed()
    );
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(1), "{text}");
    // Each hook's part of the output (try-repo runs them by id: fmt first).
    let part = |name: &str| {
        let at = text
            .find(&format!("{name}...."))
            .unwrap_or_else(|| panic!("{text}"));
        let rest = &text[at + name.len()..];
        let end = rest.find("\nfvnote ").map_or(rest.len(), |e| e + 1);
        rest[..end].to_owned()
    };
    let (validate, fmt) = (part("fvnote validate"), part("fvnote fmt"));
    assert!(validate.contains("Failed"), "{text}");
    assert!(validate.contains("bad.pgn:3:13"), "Ke3: {text}");
    // notes.txt is not a *.pgn: two files checked.
    assert!(
        validate.contains("checked 2 games in 2 files: 1 valid, 1 invalid"),
        "{text}"
    );
    assert!(
        fmt.contains("Failed") && fmt.contains("files were modified by this hook"),
        "{text}"
    );
    assert!(fmt.contains("bad.pgn left unchanged"), "{text}");
    let canonical =
        crate::cli::stdout_of(crate::cli::fvnote().args(["fmt", "-"]).write_stdin(lenient));
    assert_eq!(
        std::fs::read_to_string(project.join("good.pgn")).unwrap(),
        canonical
    );
    assert!(canonical.contains("1. e4 e5 *"), "{canonical}");
    let bad = std::fs::read_to_string(project.join("bad.pgn")).unwrap();
    assert_eq!(bad, "[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n");
}
