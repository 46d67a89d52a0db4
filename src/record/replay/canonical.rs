//! A record rewritten in canonical SAN.

use crate::model::Record;
use crate::record::replay::report::GameReport;

/// The record with every resolvable move rewritten in canonical SAN.
pub fn canonical_record(record: &Record, report: &GameReport) -> Record {
    let mut out = record.clone();
    let mut sans = report.canonical.iter();
    out.for_each_node_mut(|node| {
        if let Some(Some(san)) = sans.next() {
            node.san = san.clone();
        }
    });
    out
}
