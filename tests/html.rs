//! `fvnote html`: self-contained replay pages. Escaping of untrusted
//! records, the Content-Security-Policy, the size budget, the verdict of an
//! invalid game, variations, and `--all` with its index. Each page and run
//! whole against its golden file in `tests/snapshots/`; the security
//! properties (no markup from the record, the policy's hashes, the size
//! budget) are also checked as such, so that a golden accepted in haste
//! cannot hide their loss.

use std::path::Path;

use base64::Engine as _;
use sha2::{Digest as _, Sha256};

use crate::cli;
use cli::{fvnote, transcript_in};
use insta::assert_snapshot;

/// `fvnote html` of a record holding `pgn`: the page, and the run's whole
/// output (the page included) for a golden.
fn page_of(pgn: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.pgn");
    std::fs::write(&record, pgn).unwrap();
    let out = fvnote().arg("html").arg(&record).output().unwrap();
    let whole = cli::redact_dir(&cli::render(&out), dir.path());
    (String::from_utf8(out.stdout).unwrap(), whole)
}

/// The text between the page's inline `<script>` tags (the last one).
fn inline(html: &str, open: &str, close: &str) -> String {
    let start = html.rfind(open).unwrap() + open.len();
    let end = start + html[start..].find(close).unwrap();
    html[start..end].to_owned()
}

fn sha256(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
}

const HOSTILE: &str = "[Event \"<script>alert(1)</script>\"]\n\
[White \"</svg><img src=x onerror=\\\"alert(2)\\\">\"]\n\
[Black \"\\\"onerror=alert(3) x=\\\"\"]\n\
[Site \"</script><!--\"]\n\n\
{<script>alert(4)</script>} 1. e4 {</svg><svg onload=alert(5)>} e5 \
({\"><img src=x onerror=alert(6)>} 1... c5) 2. Nf3 *\n";

#[test]
fn record_text_is_escaped_everywhere() {
    let (html, whole) = page_of(HOSTILE);
    assert_snapshot!(whole);
    // The page's own scripts (the steps' data, the PGN's, the page's data,
    // its code), nothing from the record.
    let steps = html
        .matches("<script type=\"application/json\" class=\"fv-steps\">")
        .count();
    assert_eq!(steps, 1, "{html}");
    assert_eq!(html.matches("<script").count(), 4, "{html}");
    assert_eq!(html.matches("</script>").count(), 4);
    assert!(!html.contains("<img"));
    assert!(!html.contains("<svg onload"));
    assert!(!html.contains("\"onerror"));
    // Only one `</svg>`: the board's own.
    assert_eq!(html.matches("</svg>").count(), 1);
    // The data block cannot end its element or open a comment.
    let data = inline(
        &html,
        "<script type=\"application/json\" id=\"fv-data\">",
        "</script>",
    );
    assert!(!data.contains('<') && !data.contains('>'));
    serde_json::from_str::<serde_json::Value>(&data).unwrap();
    let steps = inline(
        &html,
        "<script type=\"application/json\" class=\"fv-steps\">",
        "</script>",
    );
    assert!(!steps.contains('<') && !steps.contains('>'));
    serde_json::from_str::<serde_json::Value>(&steps).unwrap();
    // The PGN travels as one JSON string, inert, and is the record's.
    let pgn = inline(
        &html,
        "<script type=\"application/json\" class=\"fv-pgn\">",
        "</script>",
    );
    assert!(!pgn.contains('<') && !pgn.contains('>'));
    let pgn: String = serde_json::from_str(&pgn).unwrap();
    let record = fvnote::notation::pgn::read_all(HOSTILE.as_bytes())
        .remove(0)
        .unwrap();
    assert_eq!(pgn, fvnote::notation::pgn::to_string(&record));
}

#[test]
fn the_policy_allows_only_the_pages_own_script_and_style() {
    let (html, whole) = page_of("1. e4 e5 *\n");
    assert_snapshot!(whole);
    // The policy's hashes are those of the page's script and style.
    let csp = inline(
        &html,
        "<meta http-equiv=\"Content-Security-Policy\" content=\"",
        "\"",
    );
    let script = inline(&html, "<script>", "</script>");
    let style = inline(&html, "<style>", "</style>");
    assert_eq!(
        csp,
        format!(
            "default-src 'none'; script-src 'sha256-{}'; style-src 'sha256-{}'; img-src 'none'; base-uri 'none'; form-action 'none'",
            sha256(&script),
            sha256(&style)
        )
    );
    // No network: the only URL is the SVG namespace.
    assert_eq!(
        html.matches("http").count(),
        html.matches("http://www.w3.org/2000/svg").count() + 1,
        "only the namespace and the CSP's http-equiv"
    );
    assert!(!html.contains(" src="));
}

#[test]
fn a_two_hundred_ply_game_stays_under_the_budget() {
    let dir = tempfile::tempdir().unwrap();
    for variant in ["chess", "slide", "quake-lb"] {
        let record = dir.path().join(format!("{variant}.pgn"));
        fvnote()
            .args([
                "gen",
                variant,
                "3",
                "--seed",
                "7",
                "--max-plies",
                "200",
                "-o",
            ])
            .arg(&record)
            .assert()
            .success();
        let out = dir.path().join(variant);
        fvnote()
            .args(["html", "--all", "-o"])
            .arg(&out)
            .arg(&record)
            .assert()
            .code(0);
        let mut longest = 0;
        for n in 1..=3 {
            let page = std::fs::read_to_string(out.join(format!("game-{n:04}.html"))).unwrap();
            let plies = page.matches("class=\"mv\" data-n=").count();
            longest = longest.max(plies);
            assert!(
                page.len() < 300_000,
                "{variant} game {n}: {} bytes",
                page.len()
            );
        }
        if variant != "quake-lb" {
            assert_eq!(longest, 200, "{variant}: a 200-ply game was measured");
        }
    }
}

#[test]
fn an_invalid_game_shows_where_it_breaks_and_why() {
    // GR4: e3-e4 stays inside one section, so it is no move (GR2): the
    // verdict says so once, the move is marked, the board stops there.
    let (_, whole) = page_of("[Variant \"grid\"]\n\n1. e3 e6 2. e4 *\n");
    assert_snapshot!(whole);
}

#[test]
fn moves_comments_nags_and_variations_are_listed_and_clickable() {
    // Start, e4, e5, c5, Nf3 (variation), Nf3 (main): every move has a
    // step; the comments, the NAGs and the keyboard hint are there.
    let (_, whole) = page_of("{Start} 1. e4! {best} e5 (1... c5 $14 2. Nf3) 2. Nf3 *\n");
    assert_snapshot!(whole);
}

#[test]
fn all_writes_a_page_per_game_and_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("two.pgn");
    std::fs::write(
        &record,
        "[White \"A<b>\"]\n\n1. e4 *\n\n[White \"C\"]\n\n1. e5 *\n",
    )
    .unwrap();
    let out = dir.path().join("site");
    assert_snapshot!(
        "all_run",
        transcript_in(
            fvnote()
                .args(["html", "--all", "-o"])
                .arg(&out)
                .arg(&record),
            dir.path()
        )
    );
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert_snapshot!("all_index", index);
    assert!(Path::new(&out.join("game-0002.html")).is_file());
    assert_eq!(index.matches("<script").count(), 0);
    // --all needs a directory; a ply is refused.
    assert_snapshot!(
        "all_without_a_directory",
        transcript_in(fvnote().args(["html", "--all"]).arg(&record), dir.path())
    );
    assert_snapshot!(
        "a_ply",
        transcript_in(
            fvnote().arg("html").arg(format!("{}@3", record.display())),
            dir.path()
        )
    );
}

#[test]
fn deeply_nested_variations_do_not_exhaust_the_stack() {
    // The reader allows 1024 levels; pages list 64 with boards.
    let depth = 1000;
    let pgn = format!(
        "1. e4 {}(1. c4{} *\n",
        "(1. d4 ".repeat(depth - 1),
        ")".repeat(depth)
    );
    let (_, whole) = page_of(&pgn);
    assert_snapshot!(whole);
}

/// A long game's page costs a few bytes a ply: its steps go out in chunks
/// beside the move list as the game is read, each only what changed.
#[test]
fn a_long_game_is_written_in_chunks_of_what_changed() {
    let mut pgn = String::from("[White \"a\"]\n\n");
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for ply in 0..20_000 {
        if ply % 2 == 0 {
            pgn.push_str(&format!("{}. ", ply / 2 + 1));
        }
        pgn.push_str(shuffle[ply % 4]);
        pgn.push(' ');
    }
    pgn.push_str("*\n");
    let (html, _) = page_of(&pgn);
    assert_eq!(html.matches("class=\"mv\" data-n=").count(), 20_000);
    let chunks = html.matches("class=\"fv-steps\"").count();
    assert!(chunks > 5, "{chunks} chunks");
    assert!(html.len() < 20_000 * 150, "{} bytes", html.len());
    assert!(html.contains("data-n=\"20000\""));
}
