//! Peer for `benches/validate.sh`: stream PGN files with `pgn-reader` and play
//! every main-line SAN with `shakmaty`, the way a Rust PGN validator on crates.io
//! would. Prints `games=G plies=P illegal=I` (I: games with an illegal or
//! unparsable move or FEN tag).

use std::{env, fs::File, io, ops::ControlFlow};

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

#[derive(Default)]
struct Validator {
    games: u64,
    plies: u64,
    illegal: u64,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            match Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Standard).ok())
            {
                Some(pos) => *tags = Some(pos),
                None => {
                    self.illegal += 1;
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.illegal += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _pos: Self::Movetext) -> Self::Output {}
}

fn main() -> io::Result<()> {
    let mut v = Validator::default();
    for path in env::args().skip(1) {
        let mut reader = Reader::new(File::open(&path)?);
        while reader.read_game(&mut v)?.is_some() {}
    }
    println!("games={} plies={} illegal={}", v.games, v.plies, v.illegal);
    Ok(())
}
