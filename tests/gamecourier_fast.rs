//! The accelerated Game Courier matcher (`fast_turn`: chess, Grid, Rank and
//! File, Fault Line, Slide-chess, Quake Chess) against the reference one
//! (`resolve_turn`), turn by turn: whenever the accelerator plays a turn,
//! the reference resolves it to exactly one legal move, and the positions
//! after it are equal. Turns it declines go to the reference, which decides.

use fvnote::model::Span;
use fvnote::notation::gamecourier::{parse, Item, Op, OpKind};
use fvnote::record::gamecourier::{fast_turn, resolve_turn, turn_ops, write_list};
use fvnote::record::gen::{generate, GenOptions};
use fvnote::variant::Variant;
use fvnote::Position;

/// Checks the accelerator against the reference on one turn; whether the
/// accelerator played it.
fn agree(pos: &Position, ops: &[Op]) -> bool {
    let reference = resolve_turn(pos, ops);
    let Some(after) = fast_turn(pos, ops) else {
        return false;
    };
    let shown: Vec<String> = ops.iter().map(|o| format!("{:?}", o.kind)).collect();
    let mv = reference.unwrap_or_else(|e| {
        panic!(
            "{}: the accelerator played {shown:?}, the reference refuses it: {}",
            fvnote::notation::fen::write_fen(pos),
            e.message
        )
    });
    assert!(
        after == pos.play(&mv),
        "{}: {shown:?} played another position than {mv:?}",
        fvnote::notation::fen::write_fen(pos)
    );
    true
}

fn ops_of(kinds: Vec<OpKind>) -> Vec<Op> {
    kinds
        .into_iter()
        .map(|kind| Op {
            kind,
            span: Span::default(),
        })
        .collect()
}

fn turns(text: &str) -> Vec<Vec<Op>> {
    parse(text)
        .unwrap()
        .items
        .into_iter()
        .filter_map(|i| match i {
            Item::Turn(t) => Some(t.ops),
            _ => None,
        })
        .collect()
}

/// The variants an accelerator plays: Chess960 and the lichess variants have
/// none (their rules play them; cozy-chess's board in `FastChess` castles
/// only from e1 and e8).
fn accelerated() -> impl Iterator<Item = Variant> {
    Variant::ALL
        .into_iter()
        .filter(|&v| v.has_game_courier() && v != Variant::Chess960)
}

/// Generated games written as lists: every turn as written, each played by
/// the accelerator as the reference resolves it.
#[test]
fn generated_games_turn_by_turn() {
    for variant in accelerated() {
        let opts = GenOptions {
            variant,
            games: 6,
            seed: 11,
            max_plies: 160,
        };
        let (mut fast, mut all) = (0, 0);
        for g in generate(&opts) {
            let list = write_list(&g.record).unwrap();
            let mut pos = Position::start(variant);
            for ops in turns(&list) {
                all += 1;
                fast += usize::from(agree(&pos, &ops));
                let mv = resolve_turn(&pos, &ops).unwrap();
                pos = pos.play(&mv);
            }
        }
        // Every turn resolves, so the accelerator plays every one (a slide
        // needing permission too, FL6: its note is the caller's).
        assert!(
            fast == all,
            "{variant:?}: the accelerator took {fast} of {all} turns"
        );
    }
}

/// Every legal move of positions along generated games, written and then
/// typed in hostile ways: the operations reversed (a slide or quake typed
/// trailing piece first, the rook of castling first), without labels,
/// without their last operation (a promotion without its piece, en passant
/// without its capture, a slide or insertion cut short), and with a hole
/// mark on each square they touch.
#[test]
fn every_legal_move_typed_in_hostile_ways() {
    for variant in accelerated() {
        let opts = GenOptions {
            variant,
            games: 2,
            seed: 5,
            max_plies: 60,
        };
        let (mut fast, mut all) = (0, 0);
        for g in generate(&opts) {
            let list = write_list(&g.record).unwrap();
            let mut pos = Position::start(variant);
            for (ply, turn) in turns(&list).into_iter().enumerate() {
                if ply % 3 == 0 {
                    for mv in pos.legal_moves().iter() {
                        let Ok(kinds) = turn_ops(&pos, mv) else {
                            continue;
                        };
                        let written = ops_of(kinds.clone());
                        let mut forms = vec![written.clone()];
                        let mut reversed = written.clone();
                        reversed.reverse();
                        forms.push(reversed);
                        forms.push(ops_of(
                            kinds
                                .iter()
                                .cloned()
                                .map(|k| match k {
                                    OpKind::Move {
                                        label: Some(l),
                                        from,
                                        to,
                                    } if l != "C" && l != "c" => OpKind::Move {
                                        label: None,
                                        from,
                                        to,
                                    },
                                    k => k,
                                })
                                .collect(),
                        ));
                        forms.push(written[..written.len() - 1].to_vec());
                        for k in &kinds {
                            if let OpKind::Move { from, .. } = k {
                                let mut marked = kinds.clone();
                                marked.push(OpKind::Put {
                                    label: "#".into(),
                                    sq: *from,
                                });
                                forms.push(ops_of(marked));
                            }
                        }
                        for ops in forms {
                            all += 1;
                            fast += usize::from(agree(&pos, &ops));
                        }
                    }
                }
                let mv = resolve_turn(&pos, &turn).unwrap();
                pos = pos.play(&mv);
            }
        }
        assert!(
            fast > 0,
            "{variant:?}: no hostile form reached the accelerator ({all})"
        );
    }
}

/// `(whether the accelerator played it, whether the reference accepts it)`
/// for the one turn of `text` from `fen`, after checking they agree.
fn one(variant: Variant, fen: Option<&str>, text: &str) -> (bool, bool) {
    let pos = match fen {
        Some(f) => fvnote::notation::fen::read_fen(f, variant).unwrap(),
        None => Position::start(variant),
    };
    let ops = turns(text).remove(0);
    (agree(&pos, &ops), resolve_turn(&pos, &ops).is_ok())
}

const FL_ROOK: &str = "*rnbkbnr/*pppppp*/*7/2R4*/*PPPPPP*/RNBKBN1* w Qkq - 0 1";

#[test]
fn fault_line_turns() {
    let fl = Variant::FaultLine;
    // S1e, east-most first: White controls rank 1 (FL5), a quiet slide.
    let slide = "g1-h1; f1-g1; e1-f1; d1-e1; c1-d1; b1-c1; a1-b1";
    assert_eq!(one(fl, None, slide), (true, true));
    // West-most first, each piece lands on the next before it moves.
    let wrong = "a1-b1; b1-c1; c1-d1; d1-e1; e1-f1; f1-g1; g1-h1";
    assert_eq!(one(fl, None, wrong), (false, false));
    // The rook's move or S3e: ambiguous; the hole mark tells the slide.
    assert_eq!(one(fl, Some(FL_ROOK), "R c3-d3"), (false, false));
    assert_eq!(one(fl, Some(FL_ROOK), "R c3-d3; #-a3"), (true, true));
    assert_eq!(one(fl, Some(FL_ROOK), "R c3-d3; .-a3"), (true, true));
    // S4w of a run of equal pawns changes c4 and g4 only; no pawn move
    // does that, so it is the slide, marked or not (unmarked cells follow
    // from the move).
    let run = "rn1kbnr*/*1p4*/*2pppp1/2PP2P*/*P1P1PB*/*1RBK1NR b Kkq - 1 8";
    let typed = "p d4-c4; p e4-d4; p f4-e4; p g4-f4";
    assert_eq!(one(fl, Some(run), typed), (true, true));
    // Typed as one pawn's jump from g4 to c4, the same arrangement.
    assert_eq!(one(fl, Some(run), "p g4-c4"), (true, true));
    let marked = "p d4-c4; p e4-d4; p f4-e4; p g4-f4; #-h4";
    assert_eq!(one(fl, Some(run), marked), (true, true));
    // An empty rank's slide, played with permission (FL6).
    assert_eq!(one(fl, None, "#-a3"), (true, true));
    // A piece move, and one with a wrong label.
    assert_eq!(one(fl, None, "N b1-c3"), (true, true));
    assert_eq!(one(fl, None, "B b1-c3"), (false, false));
    // Castling, king first or rook first.
    let castle = "*rnbkbnr/*pppppp*/*7/*7/*PPPPPP*/R2K3* w Q - 0 1";
    assert_eq!(one(fl, Some(castle), "K d1-b1; R a1-c1"), (true, true));
    assert_eq!(one(fl, Some(castle), "R a1-c1; K d1-b1"), (true, true));
    // A promotion (FL3), and the pawn left unpromoted.
    let promo = "*3k3/*P5*/*7/*7/*6*/3K3* w - - 0 1";
    assert_eq!(one(fl, Some(promo), "P b5-b6; Q-b6"), (true, true));
    assert_eq!(one(fl, Some(promo), "P b5-b6"), (false, false));
}

#[test]
fn slide_turns() {
    let sc = Variant::Slide;
    // A relocation (SC1), the cage with nothing in it.
    assert_eq!(one(sc, None, "C e8-a5"), (true, true));
    // Not onto a board square: that would be a push (SC2).
    assert_eq!(one(sc, None, "C e8-e7"), (false, false));
    // The other side's cage.
    assert_eq!(one(sc, None, "c e1-a5"), (false, false));
    // A piece move.
    assert_eq!(one(sc, None, "N c2-d4"), (true, true));
    let list = "1. C e8-a5 1... p b6-b5\n2. N c2-d4 2... c e1-i7\n3. p b5-c5; C a5-i5\n";
    let mut pos = Position::start(sc);
    let mut taken = 0;
    for ops in turns(list) {
        taken += usize::from(agree(&pos, &ops));
        pos = pos.play(&resolve_turn(&pos, &ops).unwrap());
    }
    assert_eq!(taken, 5);
    // An empty cage across an empty line: an insertion (SC2), shown
    // crossing; typed straight to the far end, a relocation (legal here:
    // White's last move was not one).
    let mut pos = Position::start(sc);
    for turn in ["C e8-a5", "c e1-i7", "N c2-d4"] {
        pos = pos.play(&resolve_turn(&pos, &turns(turn).remove(0)).unwrap());
    }
    let quiet = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|m| matches!(m, fvnote::Move::Normal(m) if m.from.rank() != 4 && m.to.rank() != 4))
        .unwrap();
    pos = pos.play(&quiet);
    let crossing = turns("C a5-b5; C b5-i5").remove(0);
    assert!(agree(&pos, &crossing));
    let straight = turns("C a5-i5").remove(0);
    assert!(agree(&pos, &straight));
    assert_ne!(resolve_turn(&pos, &crossing), resolve_turn(&pos, &straight));
}

#[test]
fn quake_turns() {
    let qk = Variant::Quake;
    // A quake typed as its strip's moves, leading piece first (QK1).
    let fen = "rnnkbbr*/pppp1ppp/8/8/PPPPPPPP/*RBBKNNR[N] w - - 0 1";
    let quake = "b e6-e7; P e2-e3; K e1-e2";
    assert_eq!(one(qk, Some(fen), quake), (true, true));
    // Trailing piece first: the king lands on the pawn, which then moves.
    assert_eq!(
        one(qk, Some(fen), "K e1-e2; P e2-e3; b e6-e7"),
        (false, false)
    );
    // A drop (QK7), and one of a piece not in hand.
    assert_eq!(one(qk, Some(fen), "N*e4"), (true, true));
    assert_eq!(one(qk, Some(fen), "B*e4"), (false, false));
    // A piece move; the LB army's two-letter labels.
    assert_eq!(one(qk, None, "P e2-e3"), (true, true));
    assert_eq!(one(Variant::QuakeLb, None, "RN b1-c3"), (true, true));
}

#[test]
fn orthodox_turns() {
    let ch = Variant::Chess;
    let ep = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(one(ch, Some(ep), "P e5-d6; d5-"), (true, true));
    assert_eq!(one(ch, Some(ep), "P e5-d6"), (false, false));
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(one(ch, Some(castle), "R h1-f1; K e1-g1"), (true, true));
    let promo = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    assert_eq!(one(ch, Some(promo), "P e7-e8; N-e8"), (true, true));
}

/// Quake Chess (both armies), one operation at a time: along generated
/// games, every single-operation turn written for a legal move, then
/// mutated: its label dropped, made the other side's, swapped for every
/// other role's; its origin or target moved to every square of the frame
/// and one step beyond; drops of every role of either side on every
/// square. The accelerator plays a turn exactly when the reference
/// resolves it, to the same move; both accept some and refuse some.
#[test]
fn quake_single_operations_mutated() {
    use fvnote::notation::gamecourier::SquareName;
    use fvnote::piece::Role;
    for variant in [Variant::Quake, Variant::QuakeLb] {
        let opts = GenOptions {
            variant,
            games: 2,
            seed: 23,
            max_plies: 80,
        };
        let (mut fast, mut all, mut refused) = (0, 0, 0);
        for g in generate(&opts) {
            let list = write_list(&g.record).unwrap();
            let mut pos = Position::start(variant);
            for (ply, turn) in turns(&list).into_iter().enumerate() {
                if ply % 4 == 1 {
                    let (files, ranks) = pos.frame();
                    let squares: Vec<SquareName> = (0..=ranks)
                        .flat_map(|r| {
                            (0..=files).map(move |f| SquareName {
                                file: f,
                                rank: u16::from(r),
                            })
                        })
                        .collect();
                    let labels: Vec<String> = Role::ALL
                        .iter()
                        .flat_map(|r| [r.code().to_owned(), r.code().to_lowercase()])
                        .chain(["#".into(), ".".into(), "Nr".into(), "X".into()])
                        .collect();
                    let mut forms: Vec<OpKind> = Vec::new();
                    for mv in pos.legal_moves().iter() {
                        let Ok(kinds) = turn_ops(&pos, mv) else {
                            continue;
                        };
                        let [k] = &kinds[..] else {
                            continue;
                        };
                        forms.push(k.clone());
                        if let OpKind::Move { label, from, to } = k {
                            let at = |label: Option<&str>, from, to| OpKind::Move {
                                label: label.map(Into::into),
                                from,
                                to,
                            };
                            forms.push(at(None, *from, *to));
                            forms.push(at(None, *to, *from));
                            for l in &labels {
                                forms.push(at(Some(l), *from, *to));
                            }
                            for &sq in &squares {
                                forms.push(at(label.as_deref(), *from, sq));
                                forms.push(at(label.as_deref(), sq, *to));
                            }
                        }
                    }
                    for &sq in &squares {
                        for l in &labels {
                            forms.push(OpKind::Drop {
                                label: l.as_str().into(),
                                sq,
                            });
                        }
                    }
                    for kind in forms {
                        let ops = ops_of(vec![kind]);
                        all += 1;
                        fast += usize::from(agree(&pos, &ops));
                        refused += usize::from(resolve_turn(&pos, &ops).is_err());
                    }
                }
                let mv = resolve_turn(&pos, &turn).unwrap();
                pos = pos.play(&mv);
            }
        }
        // Every turn the reference resolves, the accelerator plays (it
        // weighs the same moves, so it finds the same one).
        assert!(
            fast > 0 && refused > 0 && fast + refused == all,
            "{variant:?}: {fast} played, {refused} refused of {all}"
        );
    }
}

/// Quake turns the one-operation path must leave alone or refuse, each
/// checked against the reference: the king's steps (a quake may leave the
/// same pieces, QK1), moves onto a king or onto the same piece, the other
/// side's piece, squares beyond the frame, drops on occupied squares.
#[test]
fn quake_single_operation_edges() {
    let qk = Variant::Quake;
    // The king alone on its file's strip: K e1-e2 is its step or the
    // quake (QK1), ambiguous until a mark tells them apart.
    let lone = "rnnk1br*/pppp1ppp/8/8/PPPP1PPP/*RBBKNNR[N] w - - 0 1";
    assert_eq!(one(qk, Some(lone), "K e1-e2"), (false, false));
    assert_eq!(one(qk, Some(lone), "K e1-e2; #-e1"), (true, true));
    assert_eq!(one(qk, Some(lone), "K e1-e2; .-e1"), (true, true));
    // With a piece on the strip the quake moves it too: the step alone.
    let bishop = "rnnkbbr*/pppp1ppp/8/8/PPPP1PPP/*RBBKNNR[N] w - - 0 1";
    assert_eq!(one(qk, Some(bishop), "K e1-e2"), (true, true));
    // A diagonal king step, and one onto its own piece.
    let open = "rnnkbbr*/pppp1ppp/8/8/PPP2PPP/*RBBKNNR[N] w - - 0 1";
    assert_eq!(one(qk, Some(open), "K e1-d2"), (true, true));
    assert_eq!(one(qk, Some(open), "K e1-f2"), (false, false));
    // The other side's piece, a move from an empty square, beyond the frame.
    assert_eq!(one(qk, None, "p d5-d4"), (false, false));
    assert_eq!(one(qk, None, "e4-e5"), (false, false));
    assert_eq!(one(qk, None, "P e2-e9"), (false, false));
    let _ = one(qk, None, "N b1-i9");
    // A pawn two steps (QK6 allows one), labelled and not.
    let _ = one(qk, None, "P e2-e4");
    assert_eq!(one(qk, None, "e2-e3"), (true, true));
    // Drops: held, on an occupied square, on a square beyond the frame,
    // labelled in the other side's case.
    let held = "rnnkbbr*/pppp1ppp/8/8/PPPPPPPP/*RBBKNNR[Nn] w - - 0 1";
    assert_eq!(one(qk, Some(held), "N*e4"), (true, true));
    assert_eq!(one(qk, Some(held), "N*e2"), (false, false));
    let _ = one(qk, Some(held), "N*i4");
    assert_eq!(one(qk, Some(held), "n*e4"), (false, false));
}

/// Whole Quake lists, one turn mutated at a time (the line dropped, its
/// first label dropped, its last square's rank moved one up or down, its
/// first two squares swapped), validated for a verdict (on the
/// accelerator) and in full (the reference reader, turn by turn): the same
/// error at the same place, the same plies, result and outcome.
#[test]
fn quake_lists_mutated_whole() {
    use fvnote::record::gamecourier::validate_list;
    use fvnote::record::replay::ReplayOptions;
    let verdict = ReplayOptions::new(fvnote::record::replay::ReplayMode::Verdict);
    let full = ReplayOptions::default();
    for variant in [Variant::Quake, Variant::QuakeLb] {
        let opts = GenOptions {
            variant,
            games: 2,
            seed: 31,
            max_plies: 70,
        };
        let (mut lists, mut invalid) = (0, 0);
        for g in generate(&opts) {
            let list = write_list(&g.record).unwrap();
            let lines: Vec<&str> = list.lines().collect();
            for (i, line) in lines.iter().enumerate() {
                let Some((number, turn)) = line.split_once(' ') else {
                    continue;
                };
                let squares: Vec<(usize, usize)> = turn
                    .match_indices(|c: char| c.is_ascii_lowercase())
                    .filter(|(at, _)| {
                        turn[at + 1..].starts_with(|c: char| c.is_ascii_digit())
                            && !turn[..*at].ends_with(|c: char| c.is_ascii_alphabetic())
                    })
                    .map(|(at, _)| {
                        let len = turn[at + 1..]
                            .find(|c: char| !c.is_ascii_digit())
                            .map_or(turn.len() - at, |n| n + 1);
                        (at, len)
                    })
                    .collect();
                let mut forms: Vec<String> = vec![String::new()];
                if let Some((label, rest)) = turn.split_once(' ') {
                    if label.bytes().all(|b| b.is_ascii_alphabetic()) {
                        forms.push(format!("{number} {rest}"));
                    }
                }
                if let Some(&(at, len)) = squares.last() {
                    let rank: u32 = turn[at + 1..at + len].parse().unwrap();
                    for r in [rank + 1, rank.saturating_sub(1)] {
                        forms.push(format!(
                            "{number} {}{}{r}{}",
                            &turn[..at],
                            &turn[at..=at],
                            &turn[at + len..]
                        ));
                    }
                }
                if let [(a, la), (b, lb), ..] = squares[..] {
                    forms.push(format!(
                        "{number} {}{}{}{}{}",
                        &turn[..a],
                        &turn[b..b + lb],
                        &turn[a + la..b],
                        &turn[a..a + la],
                        &turn[b + lb..]
                    ));
                }
                for form in forms {
                    let mut mutated: Vec<&str> = lines.clone();
                    mutated[i] = &form;
                    let text = mutated.join("\n") + "\n";
                    let (fast, _) = validate_list(&text, variant, None, &verdict).unwrap();
                    let (slow, _) = validate_list(&text, variant, None, &full).unwrap();
                    assert_eq!(fast.error, slow.error, "{variant:?}: {text}");
                    assert_eq!(fast.errors, slow.errors, "{variant:?}: {text}");
                    assert_eq!(
                        (fast.plies, &fast.result, fast.outcome),
                        (slow.plies, &slow.result, slow.outcome),
                        "{variant:?}: {text}"
                    );
                    lists += 1;
                    invalid += usize::from(fast.error.is_some());
                }
            }
        }
        assert!(
            invalid > 0 && invalid < lists,
            "{variant:?}: {invalid} of {lists} lists invalid"
        );
    }
}
