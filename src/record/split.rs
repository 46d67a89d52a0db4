//! Games sorted into files by their verdict (valid / invalid), each exactly
//! as it was written: the archive is cut into its games' bytes by
//! [`crate::record::cut`].

use crate::record::cut::games;
use crate::record::select::Selection;

/// The games of `bytes` that `selection` chooses, sorted by verdicts given
/// in their order (`valid_flags[k]`: whether the k-th chosen game is valid;
/// a game without one counts as invalid): the valid ones' bytes, and the
/// invalid ones'. For a caller that has just validated `bytes` (as read
/// through `selection`) and kept each verdict.
pub fn by_verdicts(
    bytes: &[u8],
    selection: &Selection,
    valid_flags: &[bool],
) -> (Vec<u8>, Vec<u8>) {
    let (mut valid, mut invalid) = (Vec::new(), Vec::new());
    let chosen = games(bytes)
        .into_iter()
        .enumerate()
        .filter(|(i, g)| selection.keeps(i + 1, g.record.as_ref().ok()));
    for (k, (_, g)) in chosen.enumerate() {
        let out = match valid_flags.get(k) {
            Some(true) => &mut valid,
            _ => &mut invalid,
        };
        out.extend_from_slice(&bytes[g.range]);
    }
    (valid, invalid)
}
