//! The variants fvnote knows and the registry that describes each one.
//!
//! [`Variant`] names a variant; [`VariantInfo`] is its registration: the
//! identifier used in `[Variant "…"]`, the other names accepted, a summary, and
//! the features other layers ask about (hands, cages, castling, en passant,
//! the kinds of moves it has). Both come from the one `variants!` table below,
//! so a variant cannot exist without its registration. The rules themselves
//! are dispatched by `with_rules!` in [`crate::rules`], whose `match` the
//! compiler checks for a missing variant.
//!
//! ```
//! use fvnote::variant::Variant;
//! let v: Variant = "Fault Line".parse().unwrap();
//! assert_eq!(v, Variant::FaultLine);
//! assert_eq!(v.to_string(), "fault-line");
//! assert!(v.has_castling() && !v.has_hands());
//! ```

use std::fmt;
use std::str::FromStr;

/// A kind of move, for what a variant has and what a move is (e.g. which kinds
/// a random game must show).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveKind {
    /// A piece move without capture or promotion.
    Quiet,
    /// A capture (including en passant and a capturing promotion).
    Capture,
    /// A promotion (including pawns pushed to promotion by a cage, SC3).
    Promotion,
    /// Castling (G4, FL8).
    Castle,
    /// An en passant capture.
    EnPassant,
    /// A drop from hand (QK7).
    Drop,
    /// A rank slide (FL3).
    Slide,
    /// A king's quake (QK3).
    Quake,
    /// A cage moving around the ring (SC1).
    CageMove,
    /// A cage inserted into the board, pushing a line (SC2).
    CageInsert,
}

/// The registration of one variant: everything other layers need to know
/// about it besides its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// The variant this entry registers.
    pub variant: Variant,
    /// The identifier used in `[Variant "…"]` and `--variant`.
    pub id: &'static str,
    /// Other names accepted, lower case (matched case-insensitively).
    pub aliases: &'static [&'static str],
    /// A one-line summary with its ruling ids.
    pub summary: &'static str,
    /// Whether players hold pieces in hand (QK7).
    pub hands: bool,
    /// Whether the variant has cages (SC0).
    pub cages: bool,
    /// Whether castling exists.
    pub castling: bool,
    /// Whether pawns double-step and capture en passant.
    pub en_passant: bool,
    /// The kinds of moves the variant has.
    pub move_kinds: &'static [MoveKind],
    /// Whether promoted pieces are marked (FEN `~`): they return to hand as
    /// pawns when captured (Crazyhouse, ZH1).
    pub promoted: bool,
    /// Whether each side's checks are counted (Three-check, TC1).
    pub check_counts: bool,
    /// Whether Game Courier move lists are read and written: the five
    /// variants, chess and Chess960, whose presets the lists come from.
    pub game_courier: bool,
}

/// Declares [`Variant`], [`Variant::ALL`] and [`VARIANTS`] from one table, so
/// the enum and its registrations cannot disagree.
macro_rules! variants {
    ($(
        $(#[$doc:meta])*
        $name:ident {
            id: $id:literal,
            aliases: [$($alias:literal),* $(,)?],
            summary: $summary:literal,
            hands: $hands:literal,
            cages: $cages:literal,
            castling: $castling:literal,
            en_passant: $ep:literal,
            move_kinds: [$($kind:ident),* $(,)?]
            $(, promoted: $promoted:literal)?
            $(, check_counts: $checks:literal)?
            $(, game_courier: $gc:literal)? $(,)?
        }
    ),* $(,)?) => {
        /// The variants fvnote knows, by their PGN `Variant` tag identifier.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub enum Variant {
            $($(#[$doc])* $name,)*
        }

        /// Every variant's registration, in the order of [`Variant`].
        pub const VARIANTS: &[VariantInfo] = &[$(
            VariantInfo {
                variant: Variant::$name,
                id: $id,
                aliases: &[$($alias),*],
                summary: $summary,
                hands: $hands,
                cages: $cages,
                castling: $castling,
                en_passant: $ep,
                move_kinds: &[$(MoveKind::$kind),*],
                promoted: false $(|| $promoted)?,
                check_counts: false $(|| $checks)?,
                game_courier: true $(&& $gc)?,
            },
        )*];

        impl Variant {
            /// Every variant, in declaration order.
            pub const ALL: [Variant; VARIANTS.len()] = [$(Variant::$name),*];
        }
    };
}

variants! {
    /// Orthodox chess (FIDE), the baseline.
    Chess {
        id: "chess",
        aliases: ["standard", "orthodox", "fide", "from position"],
        summary: "orthodox chess, the FIDE Laws: the baseline (CH1)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
    },
    /// Grid chess (GR1–GR4).
    Grid {
        id: "grid",
        aliases: ["grid chess"],
        summary: "every move must cross a line of the 2×2 grid (GR1–GR4)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
    },
    /// Rank and File chess (RF1–RF6).
    RankAndFile {
        id: "rank-and-file",
        aliases: ["rank and file chess", "rank and file", "rankandfile"],
        summary: "move only from your most crowded file or rank (RF1–RF6)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
    },
    /// Fault Line (FL0–FL10).
    FaultLine {
        id: "fault-line",
        aliases: ["fault line", "faultline"],
        summary: "6 ranks that slide sideways; capture the king or reach the far rank (FL0–FL10)",
        hands: false, cages: false, castling: true, en_passant: false,
        move_kinds: [Quiet, Capture, Promotion, Castle, Slide],
    },
    /// Quake Chess with the DF army (QK0–QK7).
    Quake {
        id: "quake",
        aliases: ["quake chess", "quake-df", "quake chess df"],
        summary: "kings quake whole strips; captures are dropped back; DF army (QK0–QK7)",
        hands: true, cages: false, castling: false, en_passant: false,
        move_kinds: [Quiet, Capture, Drop, Quake],
    },
    /// Quake Chess with the LB army (QK0–QK7).
    QuakeLb {
        id: "quake-lb",
        aliases: ["quake chess lb", "quake lb"],
        summary: "Quake Chess with the LB army of hunter/carrier pieces (QK0–QK7)",
        hands: true, cages: false, castling: false, en_passant: false,
        move_kinds: [Quiet, Capture, Drop, Quake],
    },
    /// Slide-chess (SC0–SC4).
    Slide {
        id: "slide",
        aliases: ["slide-chess", "slide chess", "slidechess"],
        summary: "cages move around the ring and are pushed through the board (SC0–SC4)",
        hands: false, cages: true, castling: false, en_passant: false,
        move_kinds: [Quiet, Capture, Promotion, CageMove, CageInsert],
    },
    /// Chess960 (Fischer Random Chess): orthodox chess from any start (CH1).
    Chess960 {
        id: "chess960",
        aliases: [
            "fischerandom", "fischerrandom", "fischer random", "fischer random chess",
            "chess 960", "960", "frc",
        ],
        summary: "orthodox chess from any of 960 starts; castling from anywhere (CH1)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
    },
    /// Crazyhouse: captured pieces change sides and are dropped back (ZH1).
    Crazyhouse {
        id: "crazyhouse",
        aliases: ["crazy house", "zh"],
        summary: "captured pieces join the captor's pocket and may be dropped (ZH1)",
        hands: true, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant, Drop],
        promoted: true,
        game_courier: false,
    },
    /// Atomic chess: captures explode (AT1).
    Atomic {
        id: "atomic",
        aliases: ["atomic chess"],
        summary: "a capture explodes every piece but pawns around it; explode the king (AT1)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
        game_courier: false,
    },
    /// Antichess (Giveaway): capturing is compulsory; lose everything to win (AC1).
    Antichess {
        id: "antichess",
        aliases: ["giveaway", "giveaway chess", "give away", "anti chess", "anti-chess", "anti"],
        summary: "captures are compulsory, the king is a plain piece; lose every piece to win (AC1)",
        hands: false, cages: false, castling: false, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, EnPassant],
        game_courier: false,
    },
    /// King of the Hill: a king on a centre square wins (KH1).
    KingOfTheHill {
        id: "king-of-the-hill",
        aliases: ["king of the hill", "kingofthehill", "koth"],
        summary: "chess, and a king reaching d4, e4, d5 or e5 wins (KH1)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
        game_courier: false,
    },
    /// Three-check: the third check wins (TC1).
    ThreeCheck {
        id: "three-check",
        aliases: ["3check", "three check", "threecheck", "3-check"],
        summary: "chess, and giving the third check wins (TC1)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
        check_counts: true,
        game_courier: false,
    },
    /// Horde: 36 white pawns against Black's army (HO1).
    Horde {
        id: "horde",
        aliases: ["horde chess"],
        summary: "White's 36 pawns, with no king, against Black's army; take them all to win (HO1)",
        hands: false, cages: false, castling: true, en_passant: true,
        move_kinds: [Quiet, Capture, Promotion, Castle, EnPassant],
        game_courier: false,
    },
    /// Racing Kings: the first king on the eighth rank wins; no checks (RK1).
    RacingKings {
        id: "racing-kings",
        aliases: ["racing kings", "racingkings"],
        summary: "no pawns, no checks; the first king to reach the eighth rank wins (RK1)",
        hands: false, cages: false, castling: false, en_passant: false,
        move_kinds: [Quiet, Capture],
        game_courier: false,
    },
}

// The table is indexed by the enum's discriminant: checked when compiling.
const _: () = {
    let mut i = 0;
    while i < VARIANTS.len() {
        assert!(VARIANTS[i].variant as usize == i);
        i += 1;
    }
};

impl Variant {
    /// This variant's registration.
    #[inline]
    pub const fn info(self) -> &'static VariantInfo {
        &VARIANTS[self as usize]
    }
    /// The identifier used in `[Variant "…"]` and `--variant`.
    pub fn id(self) -> &'static str {
        self.info().id
    }
    /// Other names accepted, case-insensitively (the rule pages' names).
    pub fn aliases(self) -> &'static [&'static str] {
        self.info().aliases
    }
    /// A one-line summary.
    pub fn summary(self) -> &'static str {
        self.info().summary
    }
    /// Whether players hold pieces in hand (QK7).
    #[inline]
    pub fn has_hands(self) -> bool {
        self.info().hands
    }
    /// Whether the variant has cages (SC0).
    #[inline]
    pub fn has_cages(self) -> bool {
        self.info().cages
    }
    /// Whether castling exists (no castling in Quake, QK7, nor Slide-chess, SC3).
    #[inline]
    pub fn has_castling(self) -> bool {
        self.info().castling
    }
    /// Whether pawns double-step and capture en passant (not FL3, QK6, SC3).
    #[inline]
    pub fn has_en_passant(self) -> bool {
        self.info().en_passant
    }
    /// The kinds of moves the variant has.
    pub fn move_kinds(self) -> &'static [MoveKind] {
        self.info().move_kinds
    }
    /// Whether promoted pieces are marked and return to hand as pawns (ZH1).
    pub fn tracks_promoted(self) -> bool {
        self.info().promoted
    }
    /// Whether each side's checks are counted (TC1).
    pub fn counts_checks(self) -> bool {
        self.info().check_counts
    }
    /// Whether Game Courier move lists are read and written.
    pub fn has_game_courier(self) -> bool {
        self.info().game_courier
    }
    /// The identifiers of the variants with Game Courier lists, for messages.
    pub fn game_courier_ids() -> String {
        let ids: Vec<&str> = Variant::ALL
            .iter()
            .filter(|v| v.has_game_courier())
            .map(|v| v.id())
            .collect();
        ids.join(", ")
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown variant name; the message lists the known identifiers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {name:?}: expected one of {}", Variant::ALL.map(|v| v.id()).join(", "))]
pub struct UnknownVariant {
    /// The name as given.
    pub name: String,
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let lower = s.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == lower || v.aliases().contains(&lower.as_str()))
            .ok_or_else(|| UnknownVariant { name: s.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names_and_aliases_parse() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            assert_eq!(v.to_string().parse::<Variant>(), Ok(v));
            for a in v.aliases() {
                assert_eq!(a.to_uppercase().parse::<Variant>(), Ok(v), "{a}");
            }
        }
        assert_eq!("Fault Line".parse::<Variant>(), Ok(Variant::FaultLine));
        assert_eq!("Slide-chess".parse::<Variant>(), Ok(Variant::Slide));
        // As lichess, pgn-extract, cutechess and python-chess write them.
        assert_eq!("From Position".parse::<Variant>(), Ok(Variant::Chess));
        assert_eq!("Standard".parse::<Variant>(), Ok(Variant::Chess));
        for name in [
            "Chess960",
            "chess960",
            "fischerandom",
            "Fischerandom",
            "chess 960",
            "960",
        ] {
            assert_eq!(name.parse::<Variant>(), Ok(Variant::Chess960), "{name}");
        }
        // The lichess variants by lichess's names and python-chess's keys.
        for (name, v) in [
            ("Crazyhouse", Variant::Crazyhouse),
            ("Atomic", Variant::Atomic),
            ("Antichess", Variant::Antichess),
            ("Giveaway", Variant::Antichess),
            ("King of the Hill", Variant::KingOfTheHill),
            ("kingOfTheHill", Variant::KingOfTheHill),
            ("kingofthehill", Variant::KingOfTheHill),
            ("Three-check", Variant::ThreeCheck),
            ("3check", Variant::ThreeCheck),
            ("Horde", Variant::Horde),
            ("Racing Kings", Variant::RacingKings),
            ("racingkings", Variant::RacingKings),
        ] {
            assert_eq!(name.parse::<Variant>(), Ok(v), "{name}");
        }
        let err = "shogi".parse::<Variant>().unwrap_err().to_string();
        assert!(err.contains("chess, grid, rank-and-file, fault-line, quake, quake-lb, slide"));
    }

    #[test]
    fn names_are_unique_across_variants() {
        let mut seen = std::collections::HashSet::new();
        for info in VARIANTS {
            for name in std::iter::once(&info.id).chain(info.aliases) {
                assert_eq!(name.to_ascii_lowercase(), *name, "aliases are lower case");
                assert!(seen.insert(*name), "{name} names two variants");
            }
        }
    }
}
