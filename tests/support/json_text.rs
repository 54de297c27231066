//! Where keystrokes land in a JSON text, for the random-edit tests.

/// Byte offsets inside string tokens (keys and values: after an opening
/// quote or inside the content, on a character boundary), found by a plain
/// scan that skips escapes.
pub fn string_offsets(t: &str) -> Vec<usize> {
    let b = t.as_bytes();
    let (mut out, mut i, mut in_str) = (Vec::new(), 0, false);
    while i < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            _ if in_str && t.is_char_boundary(i) => out.push(i),
            _ => {}
        }
        i += 1;
    }
    out
}
