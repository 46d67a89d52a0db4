//! The rule book (`notation/rules.md`) and the book of the findings that
//! are not rulings (`notation/findings.md`), compiled in so `fvnote explain
//! ID` and every printer cite the same text a clone ships: one source.

/// The whole rule book, as committed.
pub const RULES_MD: &str = include_str!("../../notation/rules.md");

/// The findings that are not rulings (`no-termination`, `pgn-syntax` …).
pub const FINDINGS_MD: &str = include_str!("../../notation/findings.md");

/// Where the book of findings lives in the repository.
pub const FINDINGS_PATH: &str = "notation/findings.md";

/// Where the rule book lives in the repository (for links in reports).
pub const RULES_PATH: &str = "notation/rules.md";

/// One ruling's entry: its id, its heading title, and its markdown text
/// (heading included, up to the next heading).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// `FL5`, `G6` …
    pub id: &'static str,
    /// The heading after the id (`Control`).
    pub title: &'static str,
    /// The entry as written, from its heading to the next one.
    pub text: &'static str,
    /// [`Entry::link`], made once with the book: printers link every
    /// diagnostic that cites a ruling.
    link: &'static str,
}

impl Entry {
    /// The GitHub-style anchor of the heading (`fl5--who-controls-a-rank`).
    pub fn anchor(&self) -> String {
        let heading = self.text.lines().next().unwrap_or("");
        let heading = heading.trim_start_matches('#').trim();
        heading
            .chars()
            .filter_map(|c| match c {
                c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
                ' ' => Some('-'),
                '-' | '_' => Some(c),
                _ => None,
            })
            .collect()
    }

    /// A link into the repository: `notation/rules.md#fl5--…`.
    pub fn link(&self) -> String {
        self.link.to_owned()
    }

    /// The first paragraph of the entry (its rule, without the example),
    /// on one line.
    pub fn summary(&self) -> String {
        self.text
            .lines()
            .skip(1)
            .skip_while(|l| l.trim().is_empty())
            .take_while(|l| !l.trim().is_empty())
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Every ruling, in the rule book's order. An entry is a `### ID · Title`
/// heading whose first word is a ruling id (capital letters then digits).
pub fn entries() -> Vec<Entry> {
    book()
        .iter()
        .filter(|e| is_ruling_id(e.id))
        .copied()
        .collect()
}

/// Every other finding's entry, in `notation/findings.md`'s order: a
/// `### id · Title` heading whose first word is a finding's id
/// (`cut-in-tag`).
pub fn findings() -> Vec<Entry> {
    book()
        .iter()
        .filter(|e| !is_ruling_id(e.id))
        .copied()
        .collect()
}

/// The entries, read from the book once: printers look one up for every
/// diagnostic that cites a ruling (a Fault Line archive files a note per
/// permitted slide), and reading the book each time cost more than the
/// replay.
fn book() -> &'static [Entry] {
    static BOOK: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    BOOK.get_or_init(read_book)
}

fn read_book() -> Vec<Entry> {
    let mut out = read_one(RULES_MD, RULES_PATH, is_ruling_id);
    out.extend(read_one(FINDINGS_MD, FINDINGS_PATH, is_finding_id));
    out
}

/// The entries of one book whose ids `is_id` takes.
fn read_one(book: &'static str, path: &str, is_id: fn(&str) -> bool) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut starts = Vec::new();
    let mut at = 0;
    for line in book.split_inclusive('\n') {
        if line.starts_with("## ") || line.starts_with("### ") {
            starts.push((at, line));
        }
        at += line.len();
    }
    for (i, &(start, line)) in starts.iter().enumerate() {
        let Some(head) = line.strip_prefix("### ") else {
            continue;
        };
        let head = head.trim();
        let (id, title) = head.split_once(' ').unwrap_or((head, ""));
        if !is_id(id) {
            continue;
        }
        let end = starts.get(i + 1).map_or(book.len(), |&(s, _)| s);
        let mut entry = Entry {
            id,
            title: title.trim_start_matches('·').trim(),
            text: book[start..end].trim_end(),
            link: "",
        };
        // Made once per entry, for the life of the process (the book is static).
        let link = format!("{path}#{}", entry.anchor());
        entry.link = Box::leak(link.into_boxed_str());
        out.push(entry);
    }
    out
}

/// Whether `s` has the shape of a ruling id: capitals then digits (`FL10`).
pub fn is_ruling_id(s: &str) -> bool {
    let digits = s.trim_start_matches(|c: char| c.is_ascii_uppercase());
    digits.len() < s.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `s` has the shape of a finding's id: lowercase words joined by
/// `-` (`cut-in-tag`, `not-utf8`).
pub fn is_finding_id(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && s.bytes().any(|b| b.is_ascii_lowercase())
}

/// The entry for `id`, ignoring case (`fl5` finds `FL5`).
pub fn entry(id: &str) -> Option<Entry> {
    let id = id.trim();
    book()
        .iter()
        .find(|e| e.id.eq_ignore_ascii_case(id))
        .copied()
}

/// [`Entry::link`] of `id`, without allocating: printers link every
/// diagnostic that cites a ruling. An exact id is found by hash, any other
/// spelling as [`entry`] finds it.
pub fn link(id: &str) -> Option<&'static str> {
    static LINKS: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static str>> =
        std::sync::OnceLock::new();
    let links = LINKS.get_or_init(|| book().iter().rev().map(|e| (e.id, e.link)).collect());
    match links.get(id) {
        Some(link) => Some(link),
        None => entry(id).map(|e| e.link),
    }
}

/// The hint printed under a diagnostic that cites ruling `id`.
pub fn explain_hint(id: &str) -> String {
    format!("run 'fvnote explain {id}' for the rule ({RULES_PATH})")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_parse() {
        let all = entries();
        assert!(all.iter().any(|e| e.id == "FL10"));
        let fl5 = entry("fl5").unwrap();
        assert_eq!(fl5.id, "FL5");
        assert!(fl5.text.starts_with("### FL5"));
        assert!(!fl5.text.contains("### FL6"));
        assert_eq!(fl5.anchor(), "fl5--who-controls-a-rank");
        assert!(entry(&format!("FL{}", 55)).is_none());
        assert!(is_ruling_id("G1") && !is_ruling_id("G") && !is_ruling_id("12"));
    }
}
