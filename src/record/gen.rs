//! Random legal games, for test archives and fuzzing seeds (`fvnote gen`).
//!
//! Games are deterministic for a seed: the generator uses its own SplitMix64
//! (no platform- or crate-version-dependent randomness), and move lists come
//! from the rules engine in a fixed order. Pure uniform play rarely shows the
//! rare move kinds (en passant, castling, promotions, cage insertions), so with
//! probability 3/4 the generator picks among moves of a kind not yet played in
//! the current game when there are any. A game stops at a game end (G5, FL1),
//! whose result it then records, or at `max_plies` with result `*`.
//!
//! ```
//! use fvnote::record::gen::{generate, GenOptions};
//! use fvnote::variant::Variant;
//! let games = generate(&GenOptions { variant: Variant::Chess, games: 2, seed: 7, max_plies: 20 });
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].record.tag("Variant"), Some("chess"));
//! let again = generate(&GenOptions { variant: Variant::Chess, games: 2, seed: 7, max_plies: 20 });
//! assert_eq!(games[1].record, again[1].record);
//! ```

use std::collections::BTreeSet;

use crate::model::{Comment, CommentKind, Node, Record, Span, Tag};
use crate::moves::{Move, PieceMove};
use crate::notation::san::write_san;
use crate::position::Position;
use crate::rules::Outcome;
use crate::variant::Variant;

/// SplitMix64: tiny, fast, and the same on every platform.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`); the tiny modulo bias does not matter here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// True with probability `num/den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.next_u64() % den < num
    }
}

pub use crate::variant::MoveKind;

impl MoveKind {
    /// The kinds a variant has (what a long enough run must show): its
    /// registration's [`crate::variant::VariantInfo::move_kinds`].
    pub fn of_variant(variant: Variant) -> &'static [MoveKind] {
        variant.move_kinds()
    }

    /// The kinds of a move; a capturing promotion is both.
    pub fn of_move(mv: &Move) -> Vec<MoveKind> {
        match *mv {
            Move::Normal(PieceMove {
                capture, promotion, ..
            }) => {
                let mut v = Vec::new();
                if capture.is_some() {
                    v.push(MoveKind::Capture);
                }
                if promotion.is_some() {
                    v.push(MoveKind::Promotion);
                }
                if v.is_empty() {
                    v.push(MoveKind::Quiet);
                }
                v
            }
            Move::EnPassant { .. } => vec![MoveKind::EnPassant, MoveKind::Capture],
            Move::Castle { .. } => vec![MoveKind::Castle],
            Move::Null => Vec::new(),
            Move::Drop { .. } => vec![MoveKind::Drop],
            Move::Slide { .. } => vec![MoveKind::Slide],
            Move::Quake { .. } => vec![MoveKind::Quake],
            Move::CageMove { .. } => vec![MoveKind::CageMove],
            Move::CageInsert { promotions, .. } => {
                if promotions.iter().any(Option::is_some) {
                    vec![MoveKind::CageInsert, MoveKind::Promotion]
                } else {
                    vec![MoveKind::CageInsert]
                }
            }
        }
    }
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// The variant of every game.
    pub variant: Variant,
    /// Number of games.
    pub games: usize,
    /// The seed: the same seed gives the same games.
    pub seed: u64,
    /// Longest game, in plies.
    pub max_plies: usize,
}

/// One generated game with what it contains.
#[derive(Clone, Debug)]
pub struct GeneratedGame {
    /// The game.
    pub record: Record,
    /// The kinds of move played in it.
    pub kinds: BTreeSet<MoveKind>,
    /// How it ended, if it reached a game end.
    pub outcome: Option<Outcome>,
}

/// Comment texts; some contain characters that mean something outside a comment.
const COMMENTS: [&str; 8] = [
    "a quiet move",
    "(not a variation) ; nor a line comment",
    "[%clk 0:01:00]",
    "what about $1 or 12... here?",
    "multi\nline comment",
    "unicode: ♔ ♚ — ok",
    "",
    "1-0 is not the result",
];

/// Generates `opts.games` games; game `i` depends only on the seed and `i`.
/// Holds them all: for many games use [`games`], which makes one at a time.
pub fn generate(opts: &GenOptions) -> Vec<GeneratedGame> {
    games(opts).collect()
}

/// The games of [`generate`], made one at a time as the iterator is
/// advanced (memory holds one game, whatever `opts.games`).
pub fn games(opts: &GenOptions) -> impl Iterator<Item = GeneratedGame> + '_ {
    (0..opts.games).map(move |i| {
        let mut rng = SplitMix64::new(
            opts.seed
                ^ (i as u64)
                    .wrapping_add(1)
                    .wrapping_mul(0xD1B5_4A32_D192_ED03),
        );
        generate_game(opts.variant, i + 1, opts.max_plies, &mut rng)
    })
}

/// One game, numbered `round`.
pub fn generate_game(
    variant: Variant,
    round: usize,
    max_plies: usize,
    rng: &mut SplitMix64,
) -> GeneratedGame {
    // Chess960 from one of its 960 starts, told by a FEN tag.
    let fen = (variant == Variant::Chess960)
        .then(|| crate::rules::chess960::start_fen(rng.below(960) as u16));
    let mut pos = fen
        .as_deref()
        .and_then(|f| crate::notation::fen::read_fen(f, variant).ok())
        .unwrap_or_else(|| Position::start(variant));
    let mut kinds = BTreeSet::new();
    let mut moves: Vec<Node> = Vec::new();
    let mut prelude = Vec::new();
    if rng.chance(1, 4) {
        prelude.push(comment(rng));
    }
    let mut outcome = pos.outcome();
    while outcome.is_none() && moves.len() < max_plies {
        let legal = pos.legal_moves();
        let fresh: Vec<&Move> = legal
            .iter()
            .filter(|m| MoveKind::of_move(m).iter().any(|k| !kinds.contains(k)))
            .collect();
        let mv = if !fresh.is_empty() && rng.chance(3, 4) {
            *fresh[rng.below(fresh.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        kinds.extend(MoveKind::of_move(&mv));
        let mut node = Node::new(write_san(&pos, &mv));
        if rng.chance(1, 12) {
            node.comments.push(comment(rng));
        }
        if rng.chance(1, 40) {
            node.nags.push(1 + rng.below(6) as u16);
        }
        moves.push(node);
        pos.play_in_place(&mv);
        outcome = pos.outcome();
    }
    let result = outcome.map_or("*", |o| o.result()).to_owned();
    let tag = |name: &str, value: String| Tag::new(name, value);
    let mut tags = vec![
        tag("Event", "fvnote gen".into()),
        tag("Site", "?".into()),
        tag("Date", "????.??.??".into()),
        tag("Round", round.to_string()),
        tag("White", "random".into()),
        tag("Black", "random".into()),
        tag("Result", result.clone()),
        tag("Variant", variant.id().into()),
    ];
    if let Some(fen) = fen {
        tags.push(tag("SetUp", "1".into()));
        tags.push(tag("FEN", fen));
    }
    let record = Record {
        tags,
        prelude,
        moves,
        result: Some(result),
        trailing_move_number: None,
        result_span: None,
        span: Span::default(),
    };
    GeneratedGame {
        record,
        kinds,
        outcome,
    }
}

fn comment(rng: &mut SplitMix64) -> Comment {
    let text = COMMENTS[rng.below(COMMENTS.len())];
    // A `;` comment must not hold a line break.
    let kind = if !text.contains('\n') && rng.chance(1, 5) {
        CommentKind::Line
    } else {
        CommentKind::Brace
    };
    Comment {
        text: text.to_owned(),
        kind,
        span: Span::default(),
    }
}

/// The games as one PGN text.
pub fn to_pgn(games: &[GeneratedGame]) -> String {
    games
        .iter()
        .map(|g| crate::notation::pgn::to_string(&g.record))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::pgn::read_all;
    use crate::record::replay::{replay, ReplayOptions};

    #[test]
    fn splitmix_is_fixed() {
        // Reference values of SplitMix64 from seed 0 (Vigna's implementation).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn short_games_replay() {
        for v in Variant::ALL {
            let opts = GenOptions {
                variant: v,
                games: 3,
                seed: 1,
                max_plies: 30,
            };
            let text = to_pgn(&generate(&opts));
            for g in read_all(text.as_bytes()) {
                let r = replay(&g.unwrap(), &ReplayOptions::default());
                assert!(r.is_valid(), "{v}: {:?}", r.error);
            }
        }
    }
}
