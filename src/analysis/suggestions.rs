//! Did-you-mean answers for missing page keys, kept in the analysis's memo
//! table ([`super::memos::Memos::suggestions`]) while the site's shape
//! (which pages exist) stays: a missing entry stays wrong over many
//! keystrokes elsewhere, and many links may name one missing page.

use super::reads;
use crate::model::memo::MemoTable;
use crate::model::site::Site;

/// The table: the answer by missing key, reading the shape.
pub type Suggestions = MemoTable<Box<str>, Option<Box<str>>>;

/// [`Site::nearest_page`], from `table` while the shape it was found on
/// stays.
pub fn nearest_page(table: &Suggestions, site: &Site, key: &str) -> Option<String> {
    let epoch = site.derived().shape.epoch;
    if table.len() > 4096 {
        // Keys typed one character at a time: keep the table small.
        table.retain(|_| false);
    }
    let (found, _) = table.get(
        &Box::from(key),
        |k| (k == reads::SHAPE).then_some(epoch),
        |r| {
            r.read(reads::SHAPE, epoch);
            site.nearest_page(key).map(Into::into)
        },
    );
    found.map(Into::into)
}
