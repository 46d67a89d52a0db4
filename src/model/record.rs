//! One game record.

use serde::{Deserialize, Serialize};

use crate::model::{Comment, Line, Span, Tag};

/// One game: tags, comments before the first move, the move tree, result.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Tag pairs in source order (duplicates kept).
    pub tags: Vec<Tag>,
    /// Comments before the first move of the main line.
    #[serde(default)]
    pub prelude: Vec<Comment>,
    /// The main line.
    #[serde(default)]
    pub moves: Line,
    /// Result token as written in the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`).
    #[serde(default)]
    pub result: Option<String>,
    /// A move number the movetext ends with, when the game was cut off
    /// after it (`… 7.`): kept, so that the damage is written back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trailing_move_number: Option<u32>,
    /// Where the result token was, if the movetext had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_span: Option<Span>,
    /// Where the whole game was found.
    #[serde(default)]
    pub span: Span,
}

impl Record {
    /// The first tag pair called `name` (case-sensitive), with its location.
    pub fn tag_pair(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The value of the first tag called `name` (case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_without_spans_reads_back() {
        let j = r#"{"tags":[{"name":"Event","value":"x"}],"moves":[{"san":"e4"}]}"#;
        let r: Record = serde_json::from_str(j).unwrap();
        assert_eq!(r.tag("Event"), Some("x"));
        assert_eq!(r.moves[0].san, "e4");
        assert_eq!(r.result, None);
    }
}
