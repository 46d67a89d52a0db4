//! What framing a game object of the JSON form notes on its way to the
//! object's end: its members' keys (at depth 1), so that a game too long
//! to hold can be read from the point where its main line begins
//! ([`super::read`]).

/// How a game object stands in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Framed {
    /// Whole in the buffer, up to (one past) its `}`.
    Whole(usize),
    /// Longer than the window and inside a `moves` array that can be read
    /// as it comes: the comma before `"moves"` and the `[` after it.
    Moves {
        /// The comma before `"moves"`.
        comma: usize,
        /// The `[` after it.
        array: usize,
    },
    /// The input ends inside it.
    Cut,
}

/// Where a game object's `moves` member stands, as framing sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum MovesAt {
    /// Not reached.
    #[default]
    Before,
    /// After `"moves":`.
    Key,
    /// Inside its array.
    Inside,
    /// After it, or it cannot be streamed.
    Past,
}

/// What framing has seen of a game object's members (at depth 1).
#[derive(Clone, Debug, Default)]
pub(super) struct Members {
    /// Where the last string opened and closed (a key when a ':' at depth
    /// 1 follows), and where the last escape stood.
    pub(super) string: (usize, usize),
    pub(super) escape: usize,
    /// The last comma at depth 1.
    pub(super) comma: Option<usize>,
    /// `format`, `version` and `tags` seen (one bit each).
    pub(super) head: u8,
    /// A member that keeps the main line from being streamed was seen:
    /// `unreadable`, `trailing_comments`, or a key with an escape.
    pub(super) odd: bool,
    pub(super) moves: MovesAt,
    /// The comma before `"moves"` and the `[` after it.
    pub(super) comma_before: usize,
    pub(super) array: usize,
}

impl Members {
    /// A key was read (its `:` at depth 1).
    pub(super) fn key(&mut self, buf: &[u8]) {
        let (open, close) = self.string;
        let key = buf.get(open + 1..close).unwrap_or_default();
        let escaped = self.escape > open && self.escape < close;
        match (escaped, key) {
            (true, _) | (_, b"unreadable" | b"trailing_comments") => self.odd = true,
            (_, b"format") => self.head |= 1,
            (_, b"version") => self.head |= 2,
            (_, b"tags") => self.head |= 4,
            (_, b"moves") => {
                self.moves = match (self.moves, self.head, self.odd, self.comma) {
                    (MovesAt::Before, 7, false, Some(comma)) => {
                        self.comma_before = comma;
                        MovesAt::Key
                    }
                    _ => MovesAt::Past,
                };
            }
            _ => {}
        }
    }

    /// A `[` at depth 1, at `i` in `buf`: whether it opens a streamable
    /// `moves`. Streaming reads the head up to the comma and the main line
    /// from the `[`, so only `"moves":` may stand between them; anything
    /// else would be skipped unread, and the object is read whole instead.
    pub(super) fn array_opens(&mut self, buf: &[u8], i: usize) -> bool {
        if self.moves != MovesAt::Key {
            return false;
        }
        let between = buf.get(self.comma_before + 1..i).unwrap_or_default();
        if !only_the_moves_key(between) {
            self.moves = MovesAt::Past;
            return false;
        }
        self.array = i;
        self.moves = MovesAt::Inside;
        true
    }

    /// A comma at depth 1, at `i`: a member ended.
    pub(super) fn member_ends(&mut self, i: usize) {
        self.comma = Some(i);
        if self.moves == MovesAt::Key {
            // `moves` held no array.
            self.moves = MovesAt::Past;
        }
    }

    /// The object's main line, to be streamed.
    pub(super) fn streamable(&self) -> Framed {
        Framed::Moves {
            comma: self.comma_before,
            array: self.array,
        }
    }
}

/// JSON's white space (not form feed, unlike ASCII's).
pub(super) fn is_json_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// Whether `text` is `"moves"` and a colon, with JSON's white space only.
fn only_the_moves_key(text: &[u8]) -> bool {
    let words: Vec<&[u8]> = text
        .split(|&b| is_json_space(b))
        .filter(|w| !w.is_empty())
        .collect();
    matches!(words[..], [b"\"moves\":"] | [b"\"moves\"", b":"])
}

#[cfg(test)]
mod tests {
    use super::only_the_moves_key;

    #[test]
    fn only_the_key_and_its_colon_may_stand_between_comma_and_array() {
        for ok in [
            &b"\"moves\":"[..],
            b" \"moves\" : ",
            b"\n\t\"moves\"\r\n:\n",
        ] {
            assert!(only_the_moves_key(ok), "{}", String::from_utf8_lossy(ok));
        }
        for bad in [
            &b"\"moves\""[..],
            b"1 \"moves\":",
            b"\"moves\" 1:",
            b"\"moves\": 1",
            b"\"moves\"::",
            b"\"x\": [] \"moves\":",
            b"\"moves\"\x0c:",
        ] {
            assert!(!only_the_moves_key(bad), "{}", String::from_utf8_lossy(bad));
        }
    }
}
