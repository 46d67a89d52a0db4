//! The README's pictures under docs/ are what fvnote draws today.
//! `FVNOTE_BLESS=1 cargo test --test suite render_docs::` rewrites them.

use crate::cli;
use cli::fvnote;

use std::path::Path;

/// (file under docs/, the `fvnote` arguments that make it).
const PICTURES: &[(&str, &[&str])] = &[
    (
        "pictures/chess.svg",
        &[
            "show",
            "fixtures/chess/valid/02-en-passant-castling.pgn@14",
            "--arrow",
            "c2c4",
            "--arrow",
            "f3e5:red",
            "--mark",
            "d5:blue",
        ],
    ),
    (
        "pictures/grid.svg",
        &[
            "show",
            "fixtures/grid/valid/01-promotion-by-capture-mate.pgn@20",
        ],
    ),
    (
        "pictures/rank-and-file.svg",
        &["show", "fixtures/rank-and-file/valid/01-queen-mate.pgn@10"],
    ),
    (
        "pictures/fault-line.svg",
        &[
            "show",
            "fixtures/fault-line/valid/01-king-captured-after-refusal.pgn@4",
        ],
    ),
    (
        "pictures/quake.svg",
        &[
            "show",
            "fixtures/quake/valid/01-quake-south-and-drops.pgn@11",
        ],
    ),
    (
        "pictures/quake-lb.svg",
        &[
            "show",
            "fixtures/quake-lb/valid/01-lb-drops-and-quakes.pgn@34",
        ],
    ),
    (
        "pictures/slide.svg",
        &["show", "fixtures/slide/valid/01-cage-mate.pgn@4", "--flip"],
    ),
];

const PAGES: &[(&str, &str)] = &[
    (
        "replay-quake.html",
        "fixtures/quake/valid/01-quake-south-and-drops.pgn",
    ),
    (
        "replay-grid.html",
        "fixtures/grid/valid/01-promotion-by-capture-mate.pgn",
    ),
];

fn drawn(args: &[&str], out: &Path) {
    let mut cmd = fvnote();
    cmd.args(args);
    if args[0] == "show" {
        cmd.arg("--svg").arg(out);
    } else {
        cmd.arg("-o").arg(out);
    }
    cmd.assert().success();
}

#[test]
fn docs_pictures_are_fresh() {
    let bless = std::env::var_os("FVNOTE_BLESS").is_some();
    let tmp = tempfile::tempdir().unwrap();
    let mut jobs: Vec<(String, Vec<&str>)> = PICTURES
        .iter()
        .map(|(name, args)| (name.to_string(), args.to_vec()))
        .collect();
    for (name, record) in PAGES {
        jobs.push((name.to_string(), vec!["html", record]));
    }
    let mut stale = Vec::new();
    for (name, args) in jobs {
        let fresh = tmp.path().join(name.replace('/', "-"));
        drawn(&args, &fresh);
        let fresh = std::fs::read(&fresh).unwrap();
        let committed = Path::new("docs").join(&name);
        if bless {
            std::fs::create_dir_all(committed.parent().unwrap()).unwrap();
            std::fs::write(&committed, &fresh).unwrap();
        } else if std::fs::read(&committed).ok().as_deref() != Some(&fresh[..]) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "docs/ is stale: {stale:?}; run FVNOTE_BLESS=1 cargo test --test suite render_docs::"
    );
}
