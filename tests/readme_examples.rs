//! The README's console examples are run: in a ```` ```console ```` block
//! each `$ ` line is a shell command running fvnote (a trailing `\`
//! continues it), followed by what it prints, standard error after
//! standard output. A line `…` stands for any number of lines, so a long
//! output may be shown in part; every other line must be printed as
//! written. Each command runs in a folder of its own holding `fixtures`.

use crate::cli::{bin, clean_env};

/// One example: the README's line of its command, the command, and the
/// lines it shows.
struct Example {
    line: usize,
    command: String,
    shown: Vec<String>,
}

fn examples() -> Vec<Example> {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut continued = false;
    for (n, l) in readme.lines().enumerate() {
        match l.trim() {
            "```console" => in_block = true,
            "```" if in_block => in_block = false,
            _ if !in_block => {}
            _ => {
                let last = out.last_mut().filter(|_| continued);
                let part = l.strip_prefix("$ ").filter(|_| !continued);
                match (last, part) {
                    (Some(e), _) => e.command.push_str(l.trim()),
                    (None, Some(c)) => out.push(Example {
                        line: n + 1,
                        command: c.trim().to_string(),
                        shown: Vec::new(),
                    }),
                    (None, None) => out
                        .last_mut()
                        .expect("a console block starts with `$ `")
                        .shown
                        .push(l.to_string()),
                }
                continued = l.ends_with('\\') && (continued || part.is_some());
                if let Some(e) = out.last_mut().filter(|_| continued) {
                    e.command.pop();
                }
            }
        }
    }
    out
}

/// Whether `printed` is `shown`, where a `…` line of `shown` stands for any
/// run of lines.
fn matches(shown: &[String], printed: &[&str]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((first, rest)) if first == "…" => {
            (0..=printed.len()).any(|skip| matches(rest, &printed[skip..]))
        }
        Some((first, rest)) => printed
            .split_first()
            .is_some_and(|(p, more)| p == first && matches(rest, more)),
    }
}

#[test]
fn every_console_example_prints_what_it_shows() {
    let examples = examples();
    assert!(examples.len() >= 8, "only {} examples", examples.len());
    let dir = bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    for e in &examples {
        assert!(e.command.contains("fvnote "), "README.md:{}", e.line);
        // In a folder of its own, where `fixtures` is the repository's, so
        // an example that writes a file writes it there.
        let dir = tempfile::tempdir().unwrap();
        let fixtures = std::fs::canonicalize("fixtures").unwrap();
        std::os::unix::fs::symlink(fixtures, dir.path().join("fixtures")).unwrap();
        let mut sh = std::process::Command::new("sh");
        clean_env(&mut sh)
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("COLUMNS", "120")
            .args(["-c", &e.command]);
        let out = sh.output().expect("sh runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let printed: Vec<&str> = text.lines().collect();
        if !matches(&e.shown, &printed) {
            failures.push(format!(
                "README.md:{}: `{}` printed:\n{}",
                e.line, e.command, text
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn an_ellipsis_matches_any_run_of_lines() {
    let shown: Vec<String> = ["a", "…", "d"].map(String::from).to_vec();
    assert!(matches(&shown, &["a", "d"]));
    assert!(matches(&shown, &["a", "b", "c", "d"]));
    assert!(!matches(&shown, &["a", "b"]));
    assert!(!matches(&shown, &["x", "d"]));
}
