//! BENCHMARKS.md and CHANGELOG.md stay current (issue 42, item 5):
//! BENCHMARKS.md is one section per benchmark, names every benchmark
//! script, and every path it names exists; CHANGELOG.md reads as Keep a
//! Changelog (Added, Changed, Fixed) without instruction counts.

use std::path::Path;

fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text outside fenced code blocks.
fn prose(text: &str) -> String {
    let mut fenced = false;
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Every word of an inline code span that names a path of the repository
/// (under one of its top folders), without a trailing `/`.
fn named_paths(text: &str) -> Vec<String> {
    const TOPS: [&str; 9] = [
        "benches/",
        "src/",
        "examples/",
        "tests/",
        "notation/",
        "fixtures/",
        "man/",
        "docs/",
        "python/",
    ];
    prose(text)
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(str::split_whitespace)
        .map(|w| w.trim_end_matches(['/', ',', ';', ':']))
        .filter(|w| TOPS.iter().any(|t| w.starts_with(t)))
        .filter(|w| !w.contains(['*', '{', '<', '…']))
        .map(str::to_owned)
        .collect()
}

#[test]
fn benchmarks_is_short_and_names_only_paths_that_exist() {
    let text = read("BENCHMARKS.md");
    let lines = text.lines().count();
    assert!(
        lines < 400,
        "BENCHMARKS.md has {lines} lines: one current section per benchmark, the history in git"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for path in named_paths(&text) {
        // The benches cache what they make, git-ignored, under benches/data.
        if path.starts_with("benches/data") {
            continue;
        }
        assert!(
            root.join(&path).exists(),
            "BENCHMARKS.md names `{path}`, which does not exist"
        );
    }
}

#[test]
fn benchmarks_names_every_benchmark_script() {
    let text = read("BENCHMARKS.md");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches");
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".sh") || name.ends_with(".py") {
            assert!(
                text.contains(&format!("benches/{name}")),
                "BENCHMARKS.md has no section naming benches/{name}"
            );
        }
    }
}

#[test]
fn benchmarks_sections_are_dated_or_marked_placeholders() {
    let text = read("BENCHMARKS.md");
    for section in text.split("\n## ").skip(1) {
        let title = section.lines().next().unwrap_or_default();
        let dated = section.contains("2026-") || section.contains("2027-");
        let placeholder = section.contains("<!--");
        assert!(
            dated || placeholder,
            "section `{title}` gives no date for its figures"
        );
    }
}

#[test]
fn changelog_reads_as_keep_a_changelog() {
    let text = read("CHANGELOG.md");
    let unreleased = text
        .split("\n## ")
        .find(|s| s.starts_with("[Unreleased]"))
        .expect("CHANGELOG.md has a `## [Unreleased]` section");
    for heading in ["### Added", "### Changed", "### Fixed"] {
        assert!(
            unreleased.contains(heading),
            "[Unreleased] has no `{heading}`"
        );
    }
    for line in unreleased.lines().filter(|l| l.starts_with("### ")) {
        assert!(
            [
                "### Added",
                "### Changed",
                "### Deprecated",
                "### Removed",
                "### Fixed",
                "### Security"
            ]
            .contains(&line),
            "`{line}` is not a Keep a Changelog heading"
        );
    }
    for section in text
        .split("\n## ")
        .skip(1)
        .filter(|s| !s.starts_with("[Unreleased]"))
    {
        let title = section.lines().next().unwrap_or_default();
        assert!(
            title.starts_with('[') && title.contains("] - "),
            "`## {title}`: a release is `## [VERSION] - YYYY-MM-DD`"
        );
    }
    let lowered = text.to_lowercase();
    assert!(
        !lowered.contains("instructions per ply") && !lowered.contains("callgrind"),
        "CHANGELOG.md is for users: instruction counts belong in BENCHMARKS.md"
    );
    for path in named_paths(&text) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(
            root.join(&path).exists(),
            "CHANGELOG.md names `{path}`, which does not exist"
        );
    }
}

#[test]
fn architecture_names_only_paths_that_exist() {
    let text = read("ARCHITECTURE.md");
    for path in named_paths(&text) {
        // The worked example of "How to add a variant" is a variant to come.
        if path.contains("foo") {
            continue;
        }
        assert!(
            std::path::Path::new(&path).exists(),
            "ARCHITECTURE.md names `{path}`, which does not exist"
        );
    }
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    assert!(
        widest <= 400,
        "ARCHITECTURE.md has a line of {widest} characters"
    );
}
