//! What every printer shares: names of games, the failure of an input, the
//! note on diagnostics a verdict counted but did not keep.

pub use crate::record::pipeline::Failure;
use crate::record::replay::verdict::Verdict;
use crate::record::replay::{Diagnostic, KEPT_DIAGNOSTICS};

/// `game 3 (Carlsen vs Nepo)` or `game 3`.
pub fn game_name(v: &Verdict) -> String {
    match (&v.white, &v.black) {
        (Some(w), Some(b)) => format!("game {} ({w} vs {b})", v.game),
        _ => format!("game {}", v.game),
    }
}

/// A finding's message after its place: `game 3, ply 7: …`, or without the
/// ply when it has none.
pub fn finding_text(v: &Verdict, d: &Diagnostic) -> String {
    match d.ply {
        Some(p) => format!("{}, ply {p}: {}", game_name(v), d.message),
        None => format!("{}: {}", game_name(v), d.message),
    }
}

/// What a verdict counted but did not keep, in words, if anything.
pub fn omitted_text(v: &Verdict) -> Option<String> {
    let more = |n: usize, one: &str, many: &str| {
        (n > 0).then(|| format!("{n} more {}", if n == 1 { one } else { many }))
    };
    let parts: Vec<String> = [
        more(v.omitted.warnings, "warning", "warnings"),
        more(v.omitted.notes, "note", "notes"),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| {
        format!(
            "{} not shown (validate shows the first {KEPT_DIAGNOSTICS} of a game)",
            parts.join(" and ")
        )
    })
}

/// The rule id a machine format files a diagnostic under: its damage kind
/// (`cut-in-tag`), else its ruling, else a name for what kind of finding it
/// is.
pub fn rule_id(d: &Diagnostic, syntax: bool) -> &'static str {
    if let Some(kind) = d.kind {
        return kind;
    }
    match d.ruling {
        Some(r) => r,
        None if syntax => "pgn-syntax",
        None => match d.severity {
            crate::record::replay::Severity::Error => "illegal-move",
            crate::record::replay::Severity::Warning => "lenient-notation",
            crate::record::replay::Severity::Note => "note",
        },
    }
}

/// The rule id of an input that could not be checked.
pub const IO_RULE: &str = "io-error";

/// A path as a relative URI reference: bytes outside the unreserved set and
/// `/` are percent-encoded (SARIF `artifactLocation.uri`).
pub fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The suggestion a fix should apply: the one closest in spelling to
/// `token` (fewest characters inserted, deleted or replaced), the first
/// listed among equals.
pub fn best_suggestion<'a>(token: &str, suggestions: &'a [String]) -> Option<&'a str> {
    let token: Vec<char> = token.chars().collect();
    suggestions
        .iter()
        .enumerate()
        .min_by_key(|(i, s)| (edits(&token, s), *i))
        .map(|(_, s)| s.as_str())
}

/// The Levenshtein distance between `a` and `b`.
fn edits(a: &[char], b: &str) -> usize {
    let mut row: Vec<usize> = (0..=a.len()).collect();
    for (j, cb) in b.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = j + 1;
        for (i, &ca) in a.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[i] + 1)
                .min(row[i + 1] + 1);
            diagonal = row[i + 1];
            row[i + 1] = next;
        }
    }
    row[a.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        assert_eq!(uri("a b/<stdin>.pgn"), "a%20b/%3Cstdin%3E.pgn");
    }

    #[test]
    fn the_best_suggestion_is_the_closest_spelling() {
        let list = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let moves = list(&["Kd2", "Ke2", "Kf2"]);
        assert_eq!(best_suggestion("Ke3", &moves), Some("Ke2"));
        assert_eq!(best_suggestion("Nxe5", &list(&["Nc6", "Ne5"])), Some("Ne5"));
        // Equals: the first listed.
        assert_eq!(best_suggestion("Qh5", &list(&["Qh6", "Qh4"])), Some("Qh6"));
        assert_eq!(best_suggestion("a3", &moves), Some("Kd2"));
        assert_eq!(best_suggestion("e4", &[]), None);
        assert_eq!(edits(&['a', 'b'], ""), 2);
    }
}

/// A JSON document whose one array of items is streamed: `head` (which opens
/// the array) is written before the first item, so an empty run still gets a
/// whole document, and items are comma-separated one per line.
#[derive(Default)]
pub struct StreamedArray {
    opened: bool,
    items: usize,
}

impl StreamedArray {
    /// Writes `head` once, before anything else.
    pub fn open(&mut self, out: &mut dyn std::io::Write, head: &str) -> std::io::Result<()> {
        if !self.opened {
            self.opened = true;
            out.write_all(head.as_bytes())?;
        }
        Ok(())
    }

    /// Appends one item (after `head`, if not yet written).
    pub fn push(
        &mut self,
        out: &mut dyn std::io::Write,
        head: &str,
        value: &serde_json::Value,
    ) -> std::io::Result<()> {
        self.open(out, head)?;
        out.write_all(if self.items > 0 { b",\n" } else { b"\n" })?;
        self.items += 1;
        serde_json::to_writer(&mut *out, value)?;
        Ok(())
    }
}
