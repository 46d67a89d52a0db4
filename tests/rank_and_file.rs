use fvnote::{Position, Variant};
#[test]
fn quick_perft() {
    let start = Position::start(Variant::RankAndFile);
    let counts: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
    assert_eq!(counts, [20, 400, 3536, 31_237]);
}
