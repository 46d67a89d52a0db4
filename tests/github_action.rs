//! The GitHub Action (`action.yml`), run as the runner runs a composite
//! action: each step's `if:` decided, its `${{ … }}` expressions filled in
//! (inputs, step outputs, `github.*`, `runner.*`), its `run:` script run by
//! `bash --noprofile --norc -eo pipefail` with fresh `$GITHUB_OUTPUT`,
//! `$GITHUB_STEP_SUMMARY` and `$GITHUB_PATH` files, and the outputs read
//! back. The built `fvnote` stands in for the install: a cache hit restores
//! it into the directory the key step names (`actions/cache` is the one
//! `uses:` step the runner here knows), or it is on PATH (`install: false`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

use crate::cli;

/// What the runner holds for a run of the action.
struct Runner {
    action: Yaml,
    inputs: BTreeMap<String, String>,
    steps: BTreeMap<String, BTreeMap<String, String>>,
    /// Directories `$GITHUB_PATH` added, first is searched first.
    path: Vec<PathBuf>,
    workspace: PathBuf,
    home: PathBuf,
}

/// A run's end: the exit status (of the step that failed, else 0), what
/// the steps printed, the step summary, the action's outputs, the steps
/// run.
struct Run {
    status: i32,
    stdout: String,
    summary: String,
    outputs: BTreeMap<String, String>,
    ran: Vec<String>,
}

fn action() -> Yaml {
    let text = std::fs::read_to_string("action.yml").unwrap();
    YamlLoader::load_from_str(&text).unwrap().remove(0)
}

impl Runner {
    /// A runner for `inputs` (the rest at their defaults) in `workspace`.
    fn new(workspace: &Path, home: &Path, given: &[(&str, &str)]) -> Runner {
        let action = action();
        let mut inputs = BTreeMap::new();
        for (name, spec) in action["inputs"].as_hash().unwrap() {
            let name = name.as_str().unwrap().to_owned();
            let default = spec["default"].as_str().unwrap_or("").to_owned();
            inputs.insert(name, default);
        }
        for (name, value) in given {
            assert!(inputs.contains_key(*name), "action.yml has no input {name}");
            inputs.insert((*name).to_owned(), (*value).to_owned());
        }
        Runner {
            action,
            inputs,
            steps: BTreeMap::new(),
            path: Vec::new(),
            workspace: workspace.to_owned(),
            home: home.to_owned(),
        }
    }

    /// The value of an expression the action may use.
    fn value(&self, e: &str) -> String {
        let e = e.trim();
        let parts: Vec<&str> = e.split('.').collect();
        match parts.as_slice() {
            ["inputs", name] => match self.inputs.get(*name) {
                Some(v) => v.clone(),
                None => panic!("action.yml uses inputs.{name}, which it does not declare"),
            },
            ["steps", id, "outputs", name] => self
                .steps
                .get(*id)
                .and_then(|o| o.get(*name))
                .cloned()
                .unwrap_or_default(),
            ["github", "action_path"] => env!("CARGO_MANIFEST_DIR").to_owned(),
            ["github", "workspace"] => self.workspace.display().to_string(),
            ["runner", "os"] => "Linux".to_owned(),
            ["runner", "tool_cache"] => self.home.join("tool-cache").display().to_string(),
            ["runner", "temp"] => self.home.join("temp").display().to_string(),
            _ => panic!("an expression this runner does not know: {e}"),
        }
    }

    /// `text` with each `${{ … }}` filled in.
    fn fill(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find("${{") {
            out.push_str(&rest[..at]);
            let end = rest[at..].find("}}").expect("a closed expression") + at;
            out.push_str(&self.value(&rest[at + 3..end]));
            rest = &rest[end + 2..];
        }
        out.push_str(rest);
        out
    }

    /// An `if:` of terms `EXPR == 'LITERAL'` or `!=`, joined by `&&`.
    fn holds(&self, condition: &str) -> bool {
        let c = condition.trim();
        let c = c
            .strip_prefix("${{")
            .and_then(|c| c.strip_suffix("}}"))
            .unwrap_or(c);
        c.split("&&").all(|term| {
            let (lhs, rhs, equal) = match (term.split_once("!="), term.split_once("==")) {
                (Some((l, r)), _) => (l, r, false),
                (None, Some((l, r))) => (l, r, true),
                _ => panic!("a condition this runner does not know: {term}"),
            };
            let literal = rhs.trim().trim_matches('\'');
            (self.value(lhs) == literal) == equal
        })
    }

    /// Runs every step; stops at the first that fails.
    fn run(mut self) -> Run {
        let steps = self.action["runs"]["steps"].as_vec().unwrap().clone();
        assert_eq!(self.action["runs"]["using"].as_str(), Some("composite"));
        let (mut stdout, mut summary, mut ran) = (String::new(), String::new(), Vec::new());
        for step in &steps {
            let id = step["id"]
                .as_str()
                .expect("every step has an id")
                .to_owned();
            if let Some(c) = step["if"].as_str() {
                if !self.holds(c) {
                    continue;
                }
            }
            ran.push(id.clone());
            let outputs = match (step["uses"].as_str(), step["run"].as_str()) {
                (Some(uses), None) => self.uses(uses, step),
                (None, Some(script)) => {
                    let (status, out, outputs, said) = self.script(step, script);
                    stdout.push_str(&out);
                    summary.push_str(&said);
                    if status != 0 {
                        self.steps.insert(id, outputs);
                        return self.end(status, stdout, summary, ran);
                    }
                    outputs
                }
                _ => panic!("step {id}: either uses or run"),
            };
            self.steps.insert(id, outputs);
        }
        self.end(0, stdout, summary, ran)
    }

    fn end(&self, status: i32, stdout: String, summary: String, ran: Vec<String>) -> Run {
        let mut outputs = BTreeMap::new();
        for (name, spec) in self.action["outputs"].as_hash().unwrap() {
            let value = self.fill(spec["value"].as_str().unwrap());
            outputs.insert(name.as_str().unwrap().to_owned(), value);
        }
        Run {
            status,
            stdout,
            summary,
            outputs,
            ran,
        }
    }

    /// `actions/cache`, as a hit: the built fvnote restored into its path.
    fn uses(&self, uses: &str, step: &Yaml) -> BTreeMap<String, String> {
        assert!(
            uses.starts_with("actions/cache@"),
            "a step this runner cannot run: {uses}"
        );
        let path = self.fill(step["with"]["path"].as_str().unwrap());
        let key = self.fill(step["with"]["key"].as_str().unwrap());
        assert!(key.starts_with("fvnote-Linux-") && key.len() > 20, "{key}");
        let bin = Path::new(&path).join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::fs::copy(cli::bin(), bin.join("fvnote")).unwrap();
        BTreeMap::from([("cache-hit".to_owned(), "true".to_owned())])
    }

    /// Runs a `run:` step: its status, stdout (and stderr), outputs and
    /// step summary.
    fn script(
        &mut self,
        step: &Yaml,
        script: &str,
    ) -> (i32, String, BTreeMap<String, String>, String) {
        assert_eq!(step["shell"].as_str(), Some("bash"));
        // Inputs reach a script through `env:`, never spliced into it.
        assert!(
            !script.contains("${{"),
            "an expression inside a script: {script}"
        );
        let files = tempfile::tempdir().unwrap();
        let file = |name: &str| {
            let p = files.path().join(name);
            std::fs::write(&p, "").unwrap();
            p
        };
        let (output, summary, path) = (file("output"), file("summary"), file("path"));
        let script_file = files.path().join("step.sh");
        std::fs::write(&script_file, script).unwrap();
        let mut search: Vec<String> = self.path.iter().map(|p| p.display().to_string()).collect();
        search.extend(["/usr/bin".to_owned(), "/bin".to_owned()]);
        let mut cmd = std::process::Command::new("bash");
        cmd.args(["--noprofile", "--norc", "-eo", "pipefail"])
            .arg(&script_file)
            .env_clear()
            .env("PATH", search.join(":"))
            .env("HOME", &self.home)
            .env("GITHUB_WORKSPACE", &self.workspace)
            .env("GITHUB_ACTION_PATH", env!("CARGO_MANIFEST_DIR"))
            .env("GITHUB_OUTPUT", &output)
            .env("GITHUB_STEP_SUMMARY", &summary)
            .env("GITHUB_PATH", &path)
            .env("RUNNER_OS", "Linux")
            .current_dir(&self.workspace);
        if let Some(env) = step["env"].as_hash() {
            for (name, value) in env {
                let value = match value {
                    Yaml::String(s) => self.fill(s),
                    other => panic!("env {name:?}: {other:?}"),
                };
                cmd.env(name.as_str().unwrap(), value);
            }
        }
        let out = cmd.output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            self.path.insert(0, PathBuf::from(line));
        }
        let outputs = read_outputs(&std::fs::read_to_string(&output).unwrap());
        let said = std::fs::read_to_string(&summary).unwrap();
        (out.status.code().unwrap_or(-1), text, outputs, said)
    }
}

/// `NAME=VALUE` lines and `NAME<<DELIMITER` blocks, as the runner reads
/// `$GITHUB_OUTPUT`.
fn read_outputs(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some((name, delimiter)) = line.split_once("<<") {
            let value: Vec<&str> = lines.by_ref().take_while(|l| *l != delimiter).collect();
            out.insert(name.to_owned(), value.join("\n"));
        } else if let Some((name, value)) = line.split_once('=') {
            out.insert(name.to_owned(), value.to_owned());
        } else {
            panic!("not an output line: {line}");
        }
    }
    out
}

/// A workspace holding copies of `fixtures/DIR` for each of `dirs`.
fn workspace(dirs: &[&str]) -> tempfile::TempDir {
    let ws = tempfile::tempdir().unwrap();
    for d in dirs {
        for entry in walkdir::WalkDir::new(Path::new("fixtures").join(d)) {
            let entry = entry.unwrap();
            let to = ws.path().join(entry.path());
            if entry.file_type().is_dir() {
                std::fs::create_dir_all(&to).unwrap();
            } else {
                std::fs::copy(entry.path(), &to).unwrap();
            }
        }
    }
    ws
}

/// Files under `dir` (one broken game each, in an `invalid/`).
fn files_under(dir: &Path) -> usize {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter(|e| {
            e.as_ref().is_ok_and(|e| {
                e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "pgn")
            })
        })
        .count()
}

#[test]
fn the_action_annotates_summarises_counts_and_writes_sarif() {
    let ws = workspace(&["chess", "fault-line"]);
    let home = tempfile::tempdir().unwrap();
    let run = Runner::new(
        ws.path(),
        home.path(),
        &[
            ("paths", "fixtures/chess\nfixtures/fault-line"),
            ("sarif", "fvnote.sarif"),
        ],
    )
    .run();
    // Installed from the cache (a hit), not built.
    assert_eq!(
        run.ran,
        ["key", "cache", "path", "validate"],
        "{}",
        run.stdout
    );
    assert_eq!(run.status, 1, "invalid games fail the step: {}", run.stdout);
    let invalid = files_under(&ws.path().join("fixtures/chess/invalid"))
        + files_under(&ws.path().join("fixtures/fault-line/invalid"));
    assert!(invalid >= 4);
    let errors: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("::error file=fixtures/"))
        .collect();
    assert_eq!(
        errors.len(),
        invalid,
        "an annotation per broken record: {}",
        run.stdout
    );
    assert!(errors
        .iter()
        .all(|l| l.contains("/invalid/") && l.contains(",line=")));
    // The counts agree with a run of fvnote itself.
    let direct = cli::fvnote()
        .current_dir(ws.path())
        .args([
            "validate",
            "--format",
            "json",
            "fixtures/chess",
            "fixtures/fault-line",
        ])
        .output()
        .unwrap();
    let games: Vec<serde_json::Value> = String::from_utf8_lossy(&direct.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let count = |valid: bool| games.iter().filter(|g| g["valid"] == valid).count();
    let warnings: usize = games
        .iter()
        .map(|g| {
            g["warnings"].as_array().unwrap().len()
                + g["warnings_omitted"].as_u64().unwrap_or(0) as usize
        })
        .sum();
    let o = &run.outputs;
    assert_eq!(o["games"], games.len().to_string());
    assert_eq!(o["valid"], count(true).to_string());
    assert_eq!(o["invalid"], invalid.to_string());
    assert_eq!(o["invalid"], count(false).to_string());
    assert_eq!(o["warnings"], warnings.to_string());
    assert_eq!(o["failures"], "0");
    assert!(warnings > 0, "the valid fixtures write lenient notation");
    // The step summary: the counts, and a row per failure.
    assert!(
        run.summary.starts_with("## fvnote validate\n"),
        "{}",
        run.summary
    );
    assert!(
        run.summary.contains(&format!("{} invalid", invalid)),
        "{}",
        run.summary
    );
    let rows = run
        .summary
        .lines()
        .filter(|l| l.starts_with("| fixtures/"))
        .count();
    assert_eq!(rows, invalid, "{}", run.summary);
    // SARIF for code scanning: a result per error and warning.
    assert_eq!(o["sarif"], "fvnote.sarif");
    let sarif: serde_json::Value =
        serde_json::from_slice(&std::fs::read(ws.path().join("fvnote.sarif")).unwrap()).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let errors = results.iter().filter(|r| r["level"] == "error").count();
    assert_eq!(errors, invalid);
}

#[test]
fn the_action_uses_fvnote_on_path_and_passes_its_inputs() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    // A Fault Line game without a Variant tag, in lenient notation.
    cli::write_file(
        ws.path(),
        "fl.pgn",
        "[Result \"*\"]\n\n1. S1e S6w 2. e2e3 *\n",
    );
    let run = |given: &[(&str, &str)]| {
        let mut runner = Runner::new(ws.path(), home.path(), given);
        runner.path.push(cli::bin().parent().unwrap().to_owned());
        runner.run()
    };
    let base = [("install", "false"), ("paths", "fl.pgn")];
    let chess = run(&base);
    assert_eq!(chess.ran, ["validate"]);
    assert_eq!(chess.status, 1, "S1e is no chess move: {}", chess.stdout);
    assert!(
        chess
            .stdout
            .contains("::error file=fl.pgn,line=3,endLine=3,col=4,"),
        "{}",
        chess.stdout
    );
    let fl = run(&[base[0], base[1], ("variant", "fault-line")]);
    assert_eq!(fl.status, 0, "{}", fl.stdout);
    assert_eq!(
        (fl.outputs["games"].as_str(), fl.outputs["valid"].as_str()),
        ("1", "1")
    );
    assert!(
        fl.stdout
            .contains("::warning file=fl.pgn,line=3,endLine=3,col=15,"),
        "{}",
        fl.stdout
    );
    assert_eq!(fl.outputs["sarif"], "");
    // strict: the lenient move is an error; args reach fvnote too.
    let strict = run(&[
        base[0],
        base[1],
        ("variant", "fault-line"),
        ("strict", "true"),
    ]);
    assert_eq!(strict.status, 1, "{}", strict.stdout);
    let quiet = run(&[
        base[0],
        base[1],
        ("variant", "fault-line"),
        ("args", "-q --max-warnings 1"),
    ]);
    assert_eq!(
        quiet.status, 1,
        "two warnings, more than 1: {}",
        quiet.stdout
    );
    assert!(!quiet.stdout.contains("::warning"), "{}", quiet.stdout);
    assert_eq!(quiet.outputs["warnings"], "2");
}

#[test]
fn the_action_says_what_it_expected() {
    let ws = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let on_path = |given: &[(&str, &str)]| {
        let mut runner = Runner::new(ws.path(), home.path(), given);
        runner.path.push(cli::bin().parent().unwrap().to_owned());
        runner.run()
    };
    let bad = on_path(&[("install", "false"), ("strict", "yes")]);
    assert_eq!(bad.status, 2);
    assert!(bad.stdout.contains(
        "::error title=fvnote action::input strict is 'yes' (expected 'true' or 'false')"
    ));
    // Without the install, fvnote must be on PATH.
    let none = Runner::new(ws.path(), home.path(), &[("install", "false")]).run();
    assert_eq!(none.status, 2);
    assert!(
        none.stdout.contains("fvnote is not on PATH"),
        "{}",
        none.stdout
    );
    // A path is data, not shell: nothing runs, fvnote says it is missing.
    let odd = on_path(&[
        ("install", "false"),
        ("paths", "$(touch pwned) `touch pwned2`"),
    ]);
    assert_eq!(odd.status, 2, "{}", odd.stdout);
    assert!(!ws.path().join("pwned").exists() && !ws.path().join("pwned2").exists());
    assert!(
        odd.stdout.contains("::error file=$(touch"),
        "{}",
        odd.stdout
    );
    // No game at all is a failure (a typo in paths must not pass).
    std::fs::create_dir(ws.path().join("empty")).unwrap();
    let empty = on_path(&[("install", "false"), ("paths", "empty")]);
    assert_eq!(empty.status, 2, "{}", empty.stdout);
    assert_eq!(empty.outputs["games"], "0");
}
