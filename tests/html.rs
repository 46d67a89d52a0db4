//! `fvnote html`: self-contained replay pages. Escaping of untrusted
//! records, the Content-Security-Policy, the size budget, the verdict of an
//! invalid game, variations, and `--all` with its index.

use std::path::Path;

use base64::Engine as _;
use sha2::{Digest as _, Sha256};

#[path = "common/cli.rs"]
mod cli;
use cli::fvnote;

fn page_of(pgn: &str) -> (String, i32) {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.pgn");
    std::fs::write(&record, pgn).unwrap();
    let out = fvnote().arg("html").arg(&record).output().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
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
    let (html, code) = page_of(HOSTILE);
    assert_eq!(code, 0);
    // The page's own two scripts (data and code), nothing from the record.
    assert_eq!(html.matches("<script").count(), 2, "{html}");
    assert_eq!(html.matches("</script>").count(), 2);
    assert!(!html.contains("<img"));
    assert!(!html.contains("<svg onload"));
    assert!(!html.contains("\"onerror"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("&lt;/svg&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;"));
    assert!(html.contains("&quot;onerror=alert(3) x=&quot;"));
    assert!(html.contains("&lt;/svg&gt;&lt;svg onload=alert(5)&gt;"));
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
}

#[test]
fn the_policy_allows_only_the_pages_own_script_and_style() {
    let (html, _) = page_of("1. e4 e5 *\n");
    let csp = inline(
        &html,
        "<meta http-equiv=\"Content-Security-Policy\" content=\"",
        "\"",
    );
    let script = inline(&html, "<script>", "</script>");
    let style = inline(&html, "<style>", "</style>");
    assert!(csp.starts_with("default-src 'none';"), "{csp}");
    assert!(
        csp.contains(&format!("script-src 'sha256-{}';", sha256(&script))),
        "{csp}"
    );
    assert!(
        csp.contains(&format!("style-src 'sha256-{}';", sha256(&style))),
        "{csp}"
    );
    assert!(!csp.contains("unsafe"));
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
    let (html, code) = page_of("[Variant \"grid\"]\n\n1. e3 e6 2. e4 *\n");
    assert_eq!(code, 1);
    let verdict = inline(
        &html,
        "<div class=\"verdict bad\" id=\"fv-verdict\">",
        "</div>",
    );
    // GR4: e3-e4 stays inside one section, so it is no move (GR2).
    assert!(
        verdict.starts_with("Invalid grid game: line 3, column 13, ply 3: &quot;e4&quot;: e3-e4: does not cross a grid line"),
        "{verdict}"
    );
    assert_eq!(verdict.matches("(GR2)").count(), 1, "{verdict}");
    assert!(verdict.contains("The board stops where the line breaks."));
    assert!(
        html.contains("<span class=\"mv bad\""),
        "the move is marked"
    );
    assert!(html.contains("ply 3 cannot be played"));
}

#[test]
fn moves_comments_nags_and_variations_are_listed_and_clickable() {
    let (html, _) = page_of("{Start} 1. e4! {best} e5 (1... c5 $14 2. Nf3) 2. Nf3 *\n");
    let list = inline(&html, "<div id=\"fv-moves\" class=\"moves\">", "</div>");
    let moves: Vec<&str> = list
        .split("<span class=\"mv\" data-n=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect();
    // Start, e4, e5, c5, Nf3 (variation), Nf3 (main): every move has a step.
    assert_eq!(moves, ["1", "2", "3", "4", "5"]);
    assert!(list.contains("<span class=\"cm\">Start</span>"));
    assert!(list.contains("<span class=\"nag\" title=\"$1\">!</span>"));
    assert!(list.contains("<span class=\"nag\" title=\"$14\">$14</span>"));
    assert!(list.contains(
        "<span class=\"var\">( <span class=\"num\">1…</span> <span class=\"mv\" data-n=\"3\""
    ));
    assert!(list.contains("<span class=\"cm\">best</span>"));
    // The tags header and keyboard hint are there.
    assert!(html.contains("Keys: ← → step, Home/End"));
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
    fvnote()
        .args(["html", "--all", "-o"])
        .arg(&out)
        .arg(&record)
        .assert()
        .code(1);
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        index.contains("<a href=\"game-0001.html\">A&lt;b&gt; – ?</a>"),
        "{index}"
    );
    assert!(index.contains("<a href=\"game-0002.html\">C – ?</a>"));
    assert!(index.contains(
        "invalid at line 7, column 4: no pawn can reach e5: the pawns on d2, e2 and f2 reach"
    ));
    assert!(Path::new(&out.join("game-0002.html")).is_file());
    assert_eq!(index.matches("<script").count(), 0);
    // --all needs a directory; a ply is refused.
    fvnote()
        .args(["html", "--all"])
        .arg(&record)
        .assert()
        .code(2);
    fvnote()
        .arg("html")
        .arg(format!("{}@3", record.display()))
        .assert()
        .code(2);
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
    let (html, code) = page_of(&pgn);
    assert_eq!(code, 0);
    assert!(html.contains("variations nested deeper are not shown"));
}
