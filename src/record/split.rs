//! Games sorted into files by their verdict (valid / invalid), each exactly
//! as it was written: the archive is cut into its games' bytes by
//! [`crate::record::cut`].

use crate::record::cut::games;
use crate::record::select::Selection;

/// The games of `bytes` that `selection` chooses, sorted by their verdicts
/// (`valid(n)`: whether game `n`, numbered from 1 in `bytes`, is valid; a
/// game without one counts as invalid): the valid ones' bytes, and the
/// invalid ones'. For a caller that has just validated `bytes` (as read
/// through `selection`) and kept each verdict by its game's number, not
/// its order: a chosen game without a verdict (the reading stopped before
/// it) must not take the next game's.
pub fn by_verdicts(
    bytes: &[u8],
    selection: &Selection,
    valid: &dyn Fn(usize) -> Option<bool>,
) -> (Vec<u8>, Vec<u8>) {
    let (mut valid_out, mut invalid_out) = (Vec::new(), Vec::new());
    let chosen = games(bytes)
        .into_iter()
        .enumerate()
        .filter(|(i, g)| selection.keeps(i + 1, g.record.as_ref().ok()));
    for (i, g) in chosen {
        let out = match valid(i + 1) {
            Some(true) => &mut valid_out,
            _ => &mut invalid_out,
        };
        out.extend_from_slice(&bytes[g.range]);
    }
    (valid_out, invalid_out)
}
