//! Where a cursor stands in a JSON or YAML tree: the path of keys and
//! indices to it, and whether it is on a key, a value or an item. The
//! vocabulary of `json::query` and of the front matter's cursor.

/// One step of a JSON path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// What kind of place the cursor is at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot {
    /// Where an object key is (or goes).
    Key,
    /// The value of the object member `key`.
    Value { key: String },
    /// Item `index` of an array.
    Item { index: usize },
    /// Nowhere useful: a comment, between a key and its colon, outside any
    /// container.
    None,
}

/// `offset` clamped to the text and moved back onto a char boundary.
pub fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut o = offset.min(text.len());
    while !text.is_char_boundary(o) {
        o -= 1;
    }
    o
}
