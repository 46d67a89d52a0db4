//! Tag pairs.

use serde::{Deserialize, Serialize};

use crate::model::{Comment, Span};

/// A tag pair such as `[Event "Casual game"]`, value unescaped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    /// Tag name, e.g. `Event`.
    pub name: String,
    /// Tag value without quotes and with escapes resolved.
    pub value: String,
    /// Where the tag pair was found (so a bad `FEN` or `Variant` tag is shown there).
    /// Not part of any serialised form.
    #[serde(default, skip_serializing)]
    pub span: Span,
    /// Comments that stand before this tag pair (before the tag section,
    /// or between two pairs), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments_before: Vec<Comment>,
}

impl Tag {
    /// A tag made in code, with no source location.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Tag {
        Tag {
            name: name.into(),
            value: value.into(),
            span: Span::default(),
            comments_before: Vec::new(),
        }
    }
}
