//! The verdict on a spec: why the platform refuses it, and the path from
//! the document's root to the value at fault.

/// One step from the root of a document to a value.
#[derive(Debug, Clone, PartialEq)]
pub enum SpecPathSeg {
    Key(String),
    Index(usize),
}

/// Why the platform refuses a spec, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// From the root to the value at fault.
    pub path: Vec<SpecPathSeg>,
    /// The fault is the last key itself (a key the schema does not allow,
    /// a duplicated key), not its value.
    pub at_key: bool,
    pub message: String,
}

/// A path as the reader sees it: `paths./a.get.parameters[0].schema`.
pub fn show_path(path: &[SpecPathSeg]) -> String {
    let mut out = String::new();
    for s in path {
        match s {
            SpecPathSeg::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            SpecPathSeg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}
