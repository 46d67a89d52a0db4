//! The record model: plain data for one game record.
//!
//! These types carry no behaviour beyond small helpers: readers build them,
//! writers print them, and other modules (validation, conversion, diffing)
//! inspect them. Spans are kept so diagnostics can point into the source,
//! but they default when absent so JSON written without them reads back.
//! The model sits below the notation: it imports nothing but `serde`,
//! `compact_str` and `memchr`.

mod comment;
mod node;
mod record;
mod span;
mod tag;
mod walk;

pub use comment::{comment_commands, Comment, CommentKind};
pub use node::{Line, Node};
pub use record::Record;
pub use span::{advance, width, Located, Span};
pub use tag::Tag;
pub use walk::{for_each_node_mut, steps, Step, Steps};
