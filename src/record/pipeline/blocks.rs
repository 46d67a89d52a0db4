//! A PGN input checked in parallel: cut into blocks of about a megabyte at
//! lines that start with `[`, each block read on the rayon pool by the same
//! per-game loop as one stream ([`each_game`]), the verdicts handed on in
//! input order.
//!
//! A cut can only fall inside a game that its block sees end without a
//! termination marker (in its tag section, in a comment holding a line that
//! starts with `[` …), so such a block is checked again joined to the next:
//! the verdicts are those of one stream. At most two blocks per thread are
//! in flight, so memory stays bounded; hostile input (games that never end,
//! tiny games by the thousand) falls back to one stream.

use std::collections::BTreeMap;
use std::io::{BufRead, Read};
use std::sync::mpsc;

use crate::model::Span;
use crate::notation::pgn::{line_breaks, PgnErrorKind};
use crate::record::pipeline::game::{Checked, Finished, NoWriter};
use crate::record::pipeline::read::{
    each_game, GameReader, GameText, PgnGames, ReadError, Stopped,
};
use crate::record::pipeline::select::Selection;

/// Bytes a block holds, by default, before it ends at the next line that
/// starts with `[`.
pub const BLOCK: usize = 1 << 20;
/// Past this size without a game start, or when a block held back for its
/// unfinished last game reaches half of it, the rest is read as one stream,
/// so memory stays bounded and work linear on any input.
const MAX_BLOCK: usize = 16 << 20;
/// Games a block may hold; more, and the rest is read as one stream.
const MAX_GAMES: usize = 20_000;

/// How the blocks are checked.
#[derive(Clone, Debug)]
pub struct BlockOptions {
    /// Lenient notation is an error.
    pub strict: bool,
    /// The variant of a game without a `Variant` tag (`--variant`).
    pub variant: Option<crate::variant::Variant>,
    /// Bytes per block (see [`BLOCK`]).
    pub block: usize,
    /// `--where` (numbers are not for blocks: they are read as one stream).
    pub selection: Selection,
}

/// One checked game (its verdict numbered in the input), and its bytes.
pub type Emit<'a> = dyn FnMut(Finished<()>, GameText<'_>) -> std::io::Result<()> + 'a;

/// Checks every game of `input` (a PGN stream from its first byte) on the
/// pool and hands each to `emit` in input order, numbered from 1 over all
/// games read (also those `--where` did not choose); returns how many were
/// read. Do not call it from a rayon task (it waits on the pool). An I/O
/// error of the input ends it, after the games before it.
pub fn check_blocks<R: BufRead>(
    mut input: R,
    opts: &BlockOptions,
    emit: &mut Emit<'_>,
) -> Result<usize, Stopped> {
    let threads = rayon::current_num_threads();
    let mut numbered = 0usize;
    // Numbered over the input, not the block.
    let mut emit = |n: usize, mut f: Finished<()>, text: GameText<'_>| {
        f.verdict.game = n;
        emit(f, text)
    };
    let mut emit_block = |checked: CheckedBlock, bytes: &[u8], offset: u64| {
        for g in checked.games {
            let at = (g.range.0 - offset) as usize..(g.range.1 - offset) as usize;
            let text = GameText {
                bytes: bytes.get(at).unwrap_or(&[]),
                offset: g.range.0,
                pgn: true,
                unreadable: None,
                ignored: None,
            };
            emit(numbered + g.number, g.finished, text).map_err(Stopped::Write)?;
        }
        numbered += checked.read;
        Ok::<(), Stopped>(())
    };
    let size = opts.block.clamp(1, MAX_BLOCK / 2);
    let (tx, rx) = mpsc::channel::<(usize, Block, Option<CheckedBlock>)>();
    let mut cutter = Cutter::default();
    let mut finished: BTreeMap<usize, (Block, Option<CheckedBlock>)> = BTreeMap::new();
    let (mut sent, mut next) = (0usize, 0usize);
    let mut io_error = None;
    let mut more = threads > 1;
    let mut held: Option<Block> = None;
    loop {
        while more && sent - next < 2 * threads {
            match cutter.next(&mut input, size) {
                Ok(Some(block)) => {
                    let (tx, opts, seq) = (tx.clone(), opts.clone(), sent);
                    rayon::spawn(move || {
                        let checked = check_block(&block, &opts);
                        // The receiver lives until every block is back.
                        let _ = tx.send((seq, block, checked));
                    });
                    sent += 1;
                }
                Ok(None) => more = false,
                Err(e) => {
                    io_error = Some(e);
                    more = false;
                }
            }
        }
        if next == sent {
            break;
        }
        let (block, checked) = loop {
            if let Some(done) = finished.remove(&next) {
                break done;
            }
            receive(&rx, &mut finished)?;
        };
        next += 1;
        let (block, checked) = match held.take() {
            Some(mut h) => {
                h.bytes.extend_from_slice(&block.bytes);
                let c = check_block(&h, opts);
                (h, c)
            }
            None => (block, checked),
        };
        match checked {
            Some(c) if c.complete => emit_block(c, &block.bytes, block.offset)?,
            Some(_) if block.bytes.len() < MAX_BLOCK / 2 => held = Some(block),
            _ => {
                // Hostile input: one stream from this block on, so the
                // blocks in flight come back first.
                while finished.len() < sent - next {
                    receive(&rx, &mut finished)?;
                }
                let mut bytes = block.bytes;
                for (b, _) in std::mem::take(&mut finished).into_values() {
                    bytes.extend_from_slice(&b.bytes);
                }
                cutter.oversize = true;
                cutter.buf.splice(0..0, bytes);
                cutter.offset = block.offset;
                cutter.line = block.line;
                break;
            }
        }
    }
    // The rest is one stream: the held block (whose last game ends the
    // input), the bytes cut so far, and the rest of the input.
    let (offset, line, mut bytes) = match held {
        Some(h) => (h.offset, h.line, h.bytes),
        None => (cutter.offset, cutter.line, Vec::new()),
    };
    bytes.append(&mut cutter.buf);
    let checked = &mut Checked::new(NoWriter, opts.strict, opts.variant, opts.selection.clone());
    let Some(e) = io_error else {
        let rest = std::io::Cursor::new(bytes).chain(input);
        let mut games = PgnGames::starting_at(rest, offset, line).keep_text();
        let none = GameText {
            bytes: &[],
            offset: 0,
            pgn: true,
            unreadable: None,
            ignored: None,
        };
        let mut each = |n: usize, f: Finished<()>, text: Option<GameText<'_>>| {
            emit(numbered + n, f, text.unwrap_or(none)).map(|()| true)
        };
        let rest = each_game(&mut games, checked, None, &mut each)?;
        return Ok(numbered + rest);
    };
    // The input failed: the games read before the failure, but a last one
    // the failure may have cut short, then the error where it struck.
    let failed_at = Span {
        offset: offset + bytes.len() as u64,
        line: line.saturating_add(line_breaks(&bytes)),
        column: 1,
        len: 0,
    };
    let mut games = PgnGames::starting_at(&bytes[..], offset, line).keep_text();
    let mut read = Vec::new();
    let mut each = |n: usize, f: Finished<()>, text: Option<GameText<'_>>| {
        let (bytes, at) = text.map_or((Vec::new(), 0), |t| (t.bytes.to_vec(), t.offset));
        read.push((n, f, bytes, at));
        Ok(true)
    };
    // Reading from memory cannot fail.
    let _ = each_game(&mut games, checked, None, &mut each);
    if read.last().is_some_and(|(_, f, _, _)| !f.ended_with_result) {
        read.pop();
    }
    for (n, f, bytes, offset) in read {
        let text = GameText {
            bytes: &bytes,
            offset,
            pgn: true,
            unreadable: None,
            ignored: None,
        };
        emit(numbered + n, f, text).map_err(Stopped::Write)?;
    }
    Err(Stopped::Read(ReadError::from(
        crate::notation::pgn::PgnError {
            span: failed_at,
            kind: PgnErrorKind::Io(e.to_string()),
        },
    )))
}

/// A checked game of a block: its number in the block, what was made of
/// it, and its byte range in the stream.
struct BlockGame {
    number: usize,
    finished: Finished<()>,
    range: (u64, u64),
}

/// A block's games: those chosen, how many were read, and whether the last
/// one surely ended in the block (with a termination marker).
struct CheckedBlock {
    games: Vec<BlockGame>,
    read: usize,
    complete: bool,
}

/// Waits for the next checked block from the pool and files it by number.
fn receive(
    rx: &mpsc::Receiver<(usize, Block, Option<CheckedBlock>)>,
    finished: &mut BTreeMap<usize, (Block, Option<CheckedBlock>)>,
) -> Result<(), Stopped> {
    let (seq, block, checked) = rx
        .recv()
        .map_err(|_| Stopped::Write(std::io::Error::other("a validation worker stopped")))?;
    finished.insert(seq, (block, checked));
    Ok(())
}

/// A slice of the input that starts at a line start.
struct Block {
    bytes: Vec<u8>,
    offset: u64,
    line: u32,
}

/// The games of one block, read as a stream from the block's position;
/// `None` when it holds more than [`MAX_GAMES`] games.
fn check_block(b: &Block, opts: &BlockOptions) -> Option<CheckedBlock> {
    let mut games = PgnGames::starting_at(&b.bytes[..], b.offset, b.line);
    let mut checked = Checked::new(NoWriter, opts.strict, opts.variant, opts.selection.clone());
    let mut chosen = Vec::new();
    let mut tracking = Tracking {
        games: &mut games,
        ranges: Vec::new(),
        last_ok: true,
    };
    let mut each = |number: usize, finished: Finished<()>, _: Option<GameText<'_>>| {
        chosen.push((number, finished));
        Ok(true)
    };
    // Reading from memory cannot fail.
    let read = each_game(&mut tracking, &mut checked, None, &mut each).ok()?;
    if read > MAX_GAMES {
        return None;
    }
    // Only a termination marker proves that the block's last game ended in
    // it (chosen or not).
    // Comments after it may be the next block's first game's.
    let trailing = tracking.trailer();
    let complete = tracking.last_ok && checked.last_ended_with_result() && trailing.is_empty();
    let ranges = tracking.ranges;
    let games = chosen
        .into_iter()
        .map(|(number, finished)| BlockGame {
            number,
            range: ranges
                .get(number - 1)
                .copied()
                .unwrap_or((b.offset, b.offset)),
            finished,
        })
        .collect();
    Some(CheckedBlock {
        games,
        read,
        complete,
    })
}

/// A [`PgnGames`] that notes every game's byte range, and whether the last
/// one was read.
struct Tracking<'a, R> {
    games: &'a mut PgnGames<R>,
    ranges: Vec<(u64, u64)>,
    last_ok: bool,
}

impl<R: BufRead> GameReader for Tracking<'_, R> {
    fn read_game<V: crate::notation::pgn::Visitor>(
        &mut self,
        v: &mut V,
    ) -> Result<Option<V::Output>, ReadError> {
        let r = self.games.read_game(v);
        if !matches!(r, Ok(None)) {
            let range = self.games.last_range();
            self.ranges.push((range.start, range.end));
            self.last_ok = r.is_ok();
        }
        r
    }
    fn game_text(&mut self) -> Option<GameText<'_>> {
        None
    }
    fn trailer(&mut self) -> Vec<crate::model::Comment> {
        self.games.trailer()
    }
}

/// Cuts the input into blocks at lines that start with `[`, counting
/// lines as the reader does (CR, LF and CRLF each end one line).
struct Cutter {
    buf: Vec<u8>,
    /// Where the next block starts.
    offset: u64,
    line: u32,
    eof: bool,
    /// No game start within [`MAX_BLOCK`]: `buf` and the rest of the input
    /// are left for one stream.
    oversize: bool,
}

impl Default for Cutter {
    fn default() -> Self {
        Cutter {
            buf: Vec::new(),
            offset: 0,
            line: 1,
            eof: false,
            oversize: false,
        }
    }
}

impl Cutter {
    /// The next block; `None` at the end of the input or when oversize.
    fn next<R: BufRead>(&mut self, input: &mut R, size: usize) -> std::io::Result<Option<Block>> {
        let mut searched = size;
        while !self.oversize {
            if self.buf.len() > size {
                if let Some(cut) = game_start(&self.buf, searched) {
                    let rest = self.buf.split_off(cut);
                    let bytes = std::mem::replace(&mut self.buf, rest);
                    return Ok(Some(self.block(bytes)));
                }
                searched = self.buf.len();
                if self.buf.len() >= MAX_BLOCK {
                    self.oversize = true;
                    break;
                }
            }
            if self.eof {
                if self.buf.is_empty() {
                    break;
                }
                let bytes = std::mem::take(&mut self.buf);
                return Ok(Some(self.block(bytes)));
            }
            self.eof = crate::fs::read_chunk(input, &mut self.buf)? == 0;
        }
        Ok(None)
    }

    fn block(&mut self, bytes: Vec<u8>) -> Block {
        let b = Block {
            offset: self.offset,
            line: self.line,
            bytes,
        };
        self.offset += b.bytes.len() as u64;
        self.line = self.line.saturating_add(line_breaks(&b.bytes));
        b
    }
}

/// The first line at or after `from` that starts with `[` and follows a
/// line that does not (so the cut is rarely inside a tag section, which
/// would hold the block back); `None` if there is none yet.
fn game_start(buf: &[u8], from: usize) -> Option<usize> {
    let mut at = from.max(1);
    loop {
        let i = at + buf.get(at - 1..)?.windows(2).position(|w| w == b"\n[")?;
        let before = buf[..i - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |j| j + 1);
        if buf.get(before) != Some(&b'[') {
            return Some(i);
        }
        at = i + 1;
    }
}
