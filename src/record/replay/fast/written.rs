//! The canonical SAN of a token an accelerator played clean: its own move
//! and mark written back as `San`'s `Display` writes them, without the
//! formatting machinery (once per ply).

use compact_str::CompactString;

use crate::notation::san::{ParsedSan, San, Suffix};
use crate::piece::Role;
use crate::position::CastleSide;
use crate::record::replay::san_buf::SanBuf;
use crate::square::Square;

/// The canonical SAN of a clean token (one [`super::successor`] played):
/// its own move and mark written back as `San`'s `Display` writes them.
pub fn clean_san(parsed: &ParsedSan) -> CompactString {
    clean_verdict(parsed, b"", None, false)
}

/// [`clean_san`] of a token played clean, `token` itself (`text` when the
/// caller has it as a `str`) when [`San::parse_bytes_plain`] found it
/// plain, which it then is byte for byte; else written on the stack and
/// made a string once.
pub fn clean_verdict(
    parsed: &ParsedSan,
    token: &[u8],
    text: Option<&str>,
    plain: bool,
) -> CompactString {
    if plain {
        match text {
            Some(text) => return CompactString::new(text),
            None => {
                if let Ok(text) = std::str::from_utf8(token) {
                    return CompactString::new(text);
                }
            }
        }
    }
    let mut buf = SanBuf::new();
    clean_san_into(&parsed.san, parsed.suffix, &mut buf);
    match buf.bytes().map(std::str::from_utf8) {
        Some(Ok(written)) => CompactString::new(written),
        // Too long for the buffer (or, never, not UTF-8): the slow way.
        _ => {
            let mut out = CompactString::default();
            clean_san_into(&parsed.san, parsed.suffix, &mut out);
            out
        }
    }
}

/// [`clean_san`] appended to `out`, for `san` and `suffix`: what `San`'s
/// `Display` writes, without the formatting machinery (once per ply).
pub fn clean_san_into<W: std::fmt::Write>(san: &San, suffix: Option<Suffix>, out: &mut W) {
    // Writing to a string cannot fail.
    let _ = match *san {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let _ = match role {
                Some(Role::Pawn) if rank.is_some() => out.write_char('P'),
                Some(Role::Pawn) | None => Ok(()),
                Some(r) => out.write_str(r.code()),
            };
            if let Some(f) = file {
                push_file(f, out);
            }
            if let Some(r) = rank {
                push_rank(r, out);
            }
            if capture {
                let _ = out.write_char('x');
            }
            push_square(to, out);
            match promotion {
                Some(p) => out.write_char('=').and_then(|()| out.write_str(p.code())),
                None => Ok(()),
            }
        }
        San::Castle(CastleSide::King) => out.write_str("O-O"),
        San::Castle(CastleSide::Queen) => out.write_str("O-O-O"),
        San::Drop { role, to } => {
            let _ = out
                .write_str(role.code())
                .and_then(|()| out.write_char('@'));
            push_square(to, out);
            Ok(())
        }
        San::Slide { rank, dir } => {
            let _ = out.write_char('S');
            push_rank(rank, out);
            out.write_char(dir.char())
        }
        San::Quake { dir } => out
            .write_str("K-q")
            .and_then(|()| out.write_char(dir.char())),
        San::Null => out.write_str("--"),
        San::CageMove { to } => {
            let _ = out.write_str("C-");
            push_square(to, out);
            Ok(())
        }
        San::CageInsert { to, ref promotions } => {
            let _ = out.write_str("C>");
            push_square(to, out);
            for &(sq, role) in promotions {
                let _ = out.write_char('/');
                push_square(sq, out);
                let _ = out
                    .write_char('=')
                    .and_then(|()| out.write_str(role.code()));
            }
            Ok(())
        }
    };
    if let Some(s) = suffix {
        let _ = out.write_char(s.char());
    }
}

fn push_file<W: std::fmt::Write>(file: u8, out: &mut W) {
    let _ = out.write_char(char::from(b'a'.wrapping_add(file)));
}

fn push_rank<W: std::fmt::Write>(rank: u8, out: &mut W) {
    let _ = match rank {
        0..=8 => out.write_char(char::from(b'1' + rank)),
        _ => write!(out, "{}", u32::from(rank) + 1),
    };
}

/// A square as its `Display` writes it, appended to `out`.
pub fn push_square<W: std::fmt::Write>(s: Square, out: &mut W) {
    push_file(s.file(), out);
    push_rank(s.rank(), out);
}
