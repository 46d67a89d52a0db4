//! The Game Courier reader against the reader it replaced (kept verbatim in
//! `gc_lexer/reference.rs`): on every fixture list, on the benchmark's lists
//! when they are there, on hand-picked edge cases and on many mutated and
//! random texts, both must tell the same events and the same errors (message,
//! line, column, offset, excerpt), in the same order, reading on after each
//! error as the reader does.

use crate::gc_lexer_reference as reference;

use std::path::{Path, PathBuf};

use fvnote::notation::gamecourier::{Event, Reader};
use fvnote::record::gamecourier::write_list;
use fvnote::record::gen::{generate, GenOptions};
use fvnote::variant::Variant;
use reference::Owned;

/// Enough calls to read any text to its end (each reads at least a byte or a line).
fn limit(text: &str) -> usize {
    2 * text.len() + 16
}

fn new_events(text: &str) -> Vec<Owned> {
    let mut reader = Reader::new(text);
    let mut out = Vec::new();
    for _ in 0..limit(text) {
        match reader.next_event() {
            Ok(None) => return out,
            Ok(Some(Event::Number { n, black, span })) => {
                out.push(Owned::Number { n, black, span })
            }
            Ok(Some(Event::Turn(t))) => out.push(Owned::Turn {
                ops: t.ops.to_vec(),
                span: t.span,
                text: t.text.to_owned(),
            }),
            Ok(Some(Event::Comment {
                text,
                own_line,
                span,
            })) => out.push(Owned::Comment {
                text: text.to_owned(),
                own_line,
                span,
            }),
            Err(e) => out.push(Owned::Error(e)),
        }
    }
    panic!("the reader does not end on {text:?}");
}

fn old_events(text: &str) -> Vec<Owned> {
    let mut reader = reference::Reader::new(text);
    let mut out = Vec::new();
    for _ in 0..limit(text) {
        match reader.next_event() {
            Ok(None) => return out,
            Ok(Some(e)) => out.push(e),
            Err(e) => out.push(Owned::Error(e)),
        }
    }
    panic!("the reference does not end on {text:?}");
}

/// Both readers agree on `text`; the number of events compared.
fn same(text: &str, what: &str) -> usize {
    let new = new_events(text);
    let old = old_events(text);
    if new != old {
        let i = new.iter().zip(&old).take_while(|(a, b)| a == b).count();
        panic!(
            "{what}: event {i} differs\n  new: {:?}\n  old: {:?}\n  text: {:?}",
            new.get(i),
            old.get(i),
            text.chars().take(400).collect::<String>()
        );
    }
    new.len()
}

fn lists_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            lists_under(&p, out);
        } else if p.extension().is_some_and(|x| x == "txt") {
            out.push(p);
        }
    }
}

fn fixture_texts() -> Vec<(String, String)> {
    let mut paths = Vec::new();
    lists_under(Path::new("fixtures/gamecourier"), &mut paths);
    paths.sort();
    assert!(paths.len() >= 10, "fixture lists: {}", paths.len());
    paths
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).unwrap();
            (
                p.display().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        })
        .collect()
}

#[test]
fn fixtures_read_the_same() {
    let mut events = 0;
    for (name, text) in fixture_texts() {
        events += same(&text, &name);
        // The same list with CRLF line breaks, tabs for blanks, no final break.
        events += same(&text.replace('\n', "\r\n"), &name);
        events += same(&text.replace(' ', "\t"), &name);
        events += same(text.trim_end(), &name);
    }
    assert!(events > 1000, "{events}");
}

/// The lists `benches/gamecourier.sh` writes (benches/data/gamecourier), or
/// those under `$GC_LEXER_LISTS`. Ignored by default, since a fresh clone
/// has none (`generated_lists_read_the_same` reads lists of the same
/// making); run with `--ignored` after the benchmark.
#[test]
#[ignore = "needs the benchmark's lists: run benches/gamecourier.sh first"]
fn bench_lists_read_the_same() {
    let dir = std::env::var("GC_LEXER_LISTS").unwrap_or_else(|_| "benches/data/gamecourier".into());
    let mut paths = Vec::new();
    lists_under(Path::new(&dir), &mut paths);
    assert!(!paths.is_empty(), "no lists under {dir}");
    let mut events = 0;
    for p in &paths {
        let bytes = std::fs::read(p).unwrap();
        events += same(&String::from_utf8_lossy(&bytes), &p.display().to_string());
    }
    eprintln!("bench lists: {} files, {events} events", paths.len());
}

/// Lists as the benchmark writes them (`fvnote gen V N --seed 1`, then
/// `convert --to gamecourier`), for every variant, made here; and each
/// with a few mutations.
#[test]
fn generated_lists_read_the_same() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut events = 0;
    for variant in Variant::ALL.into_iter().filter(|v| v.has_game_courier()) {
        let opts = GenOptions {
            variant,
            games: 12,
            seed: 1,
            max_plies: 300,
        };
        for g in generate(&opts) {
            let list = write_list(&g.record).unwrap();
            events += same(&list, &format!("{variant:?}"));
            for _ in 0..20 {
                same(&mutate(&mut rng, &list), &format!("{variant:?} mutated"));
            }
        }
    }
    assert!(events > 10_000, "{events}");
}

#[test]
fn edge_cases_read_the_same() {
    let long_line = format!("1. {}e2-e4 // {}\n", "a1-a2; ".repeat(280), "é".repeat(300));
    let long_bad = format!("{}e2-e4 x{}\n", "é ".repeat(1000), "y".repeat(50));
    let long_label = format!("{}*e4 {}-a1", "Q".repeat(30), "N".repeat(25));
    let cases: Vec<String> = [
        "",
        "\n",
        "\n\n\n",
        "\r\n",
        "\r",
        "//",
        "// x",
        "//\n//\r\n",
        "1.",
        "1...",
        "1..",
        "1..//x",
        "1. e2-e4",
        "1. e2-e4\r\n1... e7-e5\r\n",
        "e2-e4;\r\r//c\n",
        "e2-e4;\r\r\n",
        "e2-e4; \r //c",
        "e2-e4;\r",
        "e2-e4;",
        "e2-e4 ;",
        "e2-e4 ; ",
        "e2-e4//c",
        "e2-e4\r//c",
        "e2-e4/x",
        "e2-e4;/x",
        "e2-/",
        "P e2/",
        "P\t\te2-e4\t;\tQ-e8",
        "P\re2-e4",
        "4294967295. e2-e4",
        "4294967296. e2-e4",
        "00000000000000000001... e2-e4",
        "12 e2-e4",
        "12.e2-e4",
        "a0-a1",
        "a1000-a1",
        "a999-z999",
        "a1-a1000",
        "e2e4",
        "é e2-e4",
        "e2-e4 é",
        "é\u{a0}e2-e4",
        "\u{a0}// own line?",
        "\x0b e2-e4",
        "\x0c// c",
        "  // c  \r\n\t//\td \r",
        "e2-e4 // é ♔ \u{3000}",
        "// é\n1. e2-e4 // ♔\n   e7-e5",
        "ÿ1. e2-e4",
        "\u{fffd} e2-e4",
        "# -a1",
        "#-a1 .-h3 .*a1 ##-a1",
        "RN*b10 nb a6-b8",
        "Q-",
        "Q*",
        "Q-é",
        "P e2",
        "P e2-",
        "P e2-e",
        "P  ",
        "1. e2-e4 x",
        "1. e2-e4;",
        "1. e2-e4;;e7-e5",
        &long_line,
        &long_bad,
        &long_label,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for text in &cases {
        same(text, "edge case");
    }
}

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Pieces of text the grammar cares about, and some it does not.
const PIECES: &[&str] = &[
    " ", " ", "\t", "\r", "\n", "\r\n", "/", "//", ";", "; ", "-", "*", "#", ".", "...", "0", "1",
    "9", "10", "999", "1000", "a", "e", "z", "P", "RN", "Q", "n", "e2", "e4", "e2-e4", "P e2-e4",
    "Q-e8", "d5-", "P*e4", "12.", "12...", "é", "♔", "\u{a0}", "\x0b", "\u{fffd}", "ÿ", "x",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut s = text.to_owned();
    for _ in 0..1 + rng.below(4) {
        let mut at = rng.below(s.len() + 1);
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        let piece = PIECES[rng.below(PIECES.len())];
        match rng.below(3) {
            0 => s.insert_str(at, piece),
            1 => {
                let mut end = (at + 1 + rng.below(6)).min(s.len());
                while !s.is_char_boundary(end) {
                    end += 1;
                }
                s.replace_range(at..end, "");
            }
            _ => {
                let mut end = (at + 1 + rng.below(3)).min(s.len());
                while !s.is_char_boundary(end) {
                    end += 1;
                }
                s.replace_range(at..end, piece);
            }
        }
    }
    s
}

#[test]
fn mutated_fixtures_read_the_same() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut errors = 0;
    for (name, text) in fixture_texts() {
        // Mutations near the start and anywhere: cut the list to a window
        // so that every mutated text is short and many are tried.
        for _ in 0..600 {
            let cut = rng.below(text.len().max(1));
            let mut start = cut.saturating_sub(300);
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (cut + 300).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let m = mutate(&mut rng, &text[start..end]);
            same(&m, &name);
            errors += new_events(&m)
                .iter()
                .filter(|e| matches!(e, Owned::Error(_)))
                .count();
        }
    }
    assert!(errors > 1000, "{errors}");
}

#[test]
fn random_texts_read_the_same() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..20_000 {
        let n = rng.below(24);
        let text: String = (0..n).map(|_| PIECES[rng.below(PIECES.len())]).collect();
        same(&text, "random");
    }
}
