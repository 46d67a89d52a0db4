//! The layers of ARCHITECTURE.md, enforced: a module of `src/` may name
//! (`use crate::…` or a `crate::…` path in code) only modules of its own
//! layer or of a layer below. Comments are not code: a doc link may point
//! anywhere. Test code (a `tests.rs` module, or what follows a file's
//! `#[cfg(test)]`), compiled only for the crate's own tests, may reach up
//! to check what it reads.

use std::path::Path;

/// The layers from the top down; each names the first component of a path
/// under `src/` (a folder or a file's stem).
const LAYERS: [(&str, &[&str]); 7] = [
    ("command line", &["cli", "main"]),
    ("reports and pictures", &["report", "render"]),
    ("games", &["record"]),
    ("text formats", &["notation"]),
    ("record model", &["model"]),
    (
        "rules and positions",
        &["rules", "position", "moves", "variant", "piece", "square"],
    ),
    ("files and escaping", &["fs", "escape"]),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, names)| names.contains(&module))
}

/// The upward names in `code` (a file of module `module`): each as
/// `(line, the module named)`.
fn upward(module: &str, code: &str) -> Vec<(usize, String)> {
    let Some(own) = layer_of(module) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        if line.trim() == "#[cfg(test)]" {
            break;
        }
        let code = line.split("//").next().unwrap_or("");
        for (at, _) in code.match_indices("crate::") {
            let named: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if layer_of(&named).is_some_and(|l| l < own) {
                found.push((n + 1, named));
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn imports_run_only_down_the_layers() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut wrong = Vec::new();
    let mut unplaced = Vec::new();
    for path in files {
        let rel = path.strip_prefix("src").unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" || rel.file_name().is_some_and(|f| f == "tests.rs") {
            continue;
        }
        if layer_of(&module).is_none() {
            unplaced.push(module.clone());
        }
        let code = std::fs::read_to_string(&path).unwrap();
        for (line, named) in upward(&module, &code) {
            wrong.push(format!(
                "src/{}:{line}: {module} names crate::{named}, a layer above it",
                rel.display()
            ));
        }
    }
    unplaced.dedup();
    assert!(
        unplaced.is_empty(),
        "modules in no layer (add them to LAYERS and ARCHITECTURE.md): {unplaced:?}"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn an_upward_import_is_found_and_a_comment_is_not() {
    let code =
        "use crate::square::Square;\n/// See [`crate::cli`].\nuse crate::record::pipeline;\n";
    assert_eq!(upward("notation", code), vec![(3, "record".to_string())]);
    assert!(upward("cli", code).is_empty());
}

#[test]
fn architecture_md_names_every_layer() {
    let doc = std::fs::read_to_string("ARCHITECTURE.md").unwrap();
    for (_, names) in LAYERS {
        for name in names {
            let file = format!("src/{name}.rs");
            let folder = format!("src/{name}/");
            assert!(
                doc.contains(&file) || doc.contains(&folder),
                "ARCHITECTURE.md does not place {name}"
            );
        }
    }
}
