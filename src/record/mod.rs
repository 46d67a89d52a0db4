//! The record model: a game as tags, moves, comments, variations.
