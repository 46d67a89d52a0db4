//! Scoped candidate generation (used by SAN resolution) must equal filtering the
//! full candidate list, in every variant.
use fvnote::rules::Scope;
use fvnote::variant::Variant;
use fvnote::{Move, PieceMove, Position, Role, Square};

fn sorted(v: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut s: Vec<String> = v.into_iter().map(|m| format!("{m:?}")).collect();
    s.sort();
    s
}

#[test]
fn target_and_role_scopes_equal_filtered_candidates() {
    let mut seed: u64 = 0xdead_beef_cafe_f00d;
    let mut rng = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for variant in Variant::ALL {
        let mut pos = Position::start(variant);
        for ply in 0..60 {
            let all = pos.candidate_moves();
            let (files, ranks) = pos.frame();
            for role in Role::ALL {
                let by_role: Vec<Move> = all
                    .iter()
                    .copied()
                    .filter(|m| match m {
                        Move::Normal(PieceMove { role: r, .. }) => *r == role,
                        Move::EnPassant { .. } => role == Role::Pawn,
                        Move::Castle { .. } => role == Role::King,
                        _ => false,
                    })
                    .collect();
                assert_eq!(
                    sorted(pos.candidate_moves_in(Scope::Role(role))),
                    sorted(by_role.clone()),
                    "{variant} ply {ply} {role:?}"
                );
                for r in 0..ranks {
                    for f in 0..files {
                        let to = Square::new(f, r).unwrap();
                        let want: Vec<Move> = by_role
                            .iter()
                            .copied()
                            .filter(|m| match m {
                                Move::Normal(PieceMove { to: t, .. })
                                | Move::EnPassant { to: t, .. } => *t == to,
                                Move::Castle { .. } => true,
                                _ => false,
                            })
                            .collect();
                        let got = pos.candidate_moves_in(Scope::Target {
                            role: Some(role),
                            to,
                        });
                        assert_eq!(
                            sorted(got),
                            sorted(want),
                            "{variant} ply {ply} {role:?} to {to}"
                        );
                    }
                }
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos = pos.play(&legal[(rng() % legal.len() as u64) as usize]);
        }
    }
}
