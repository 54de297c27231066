//! The whole text of pages read in bulk. A page loaded with its site keeps
//! only its front matter and the index of its body; a position in the body
//! (a diagnostic, a reference, a definition) is placed with the whole text,
//! read again here. One reader, owned by the server's state (`World`), so
//! what it keeps lives and dies with that state, not the process.

use crate::model::site::SourceFile;
use crate::workspace::load;
use std::sync::{Arc, Mutex};

/// How many whole texts are kept: a publish places many positions in the
/// same few pages, one after the other.
const KEEP: usize = 64;

#[derive(Default)]
pub struct Bodies {
    /// Each kept text with the kept front matter it completes: the same
    /// `Arc`, so an entry is found only for the version it was read for
    /// (an edited or reloaded page has a new text).
    recent: Mutex<Vec<(Arc<str>, Arc<SourceFile>)>>,
}

impl Bodies {
    /// `file` with its whole text when it is a page read in bulk and
    /// `offset` lies past what it kept; `None` when what it holds places
    /// `offset` (or nothing better can be had).
    pub fn whole(&self, file: &SourceFile, offset: usize) -> Option<Arc<SourceFile>> {
        if offset <= file.text().len() {
            return None;
        }
        let origin = file.origin.as_ref()?;
        let kept = file.text.as_ref().ok()?;
        let mut recent = crate::model::site::lock(&self.recent);
        if let Some((_, f)) = recent.iter().find(|(k, _)| Arc::ptr_eq(k, kept)) {
            return Some(f.clone());
        }
        let text = load::read_file(origin, file.kind, true).ok()?;
        // The disk moved on since the snapshot read the page: its body is
        // not the one the snapshot's positions were computed from.
        if !text.starts_with(&**kept) {
            return None;
        }
        let whole = Arc::new(SourceFile::new(
            file.id,
            file.path.clone(),
            file.kind,
            Ok(text),
        ));
        if recent.len() >= KEEP {
            recent.remove(0);
        }
        recent.push((kept.clone(), whole.clone()));
        Some(whole)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::site::FileKind;

    fn bulk(path: &std::path::Path) -> SourceFile {
        let read = load::read_file_indexed(path, FileKind::Page, false);
        load::source_file(0, "p.mdx".into(), FileKind::Page, read).with_origin(path)
    }

    #[test]
    fn a_body_position_is_placed_in_the_text_of_that_version_only() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("p.mdx");
        let text = "---\ntitle: T\n---\n\n# Body\n[x](/missing)\n";
        std::fs::write(&path, text).expect("write");
        let file = bulk(&path);
        assert!(file.text().len() < text.len(), "the body was dropped");
        let bodies = Bodies::default();
        assert!(
            bodies.whole(&file, 3).is_none(),
            "the front matter places it"
        );
        let whole = bodies.whole(&file, text.len()).expect("the whole text");
        assert_eq!(whole.text(), text);
        // Kept for that version even once the disk changes...
        std::fs::write(&path, "---\ntitle: U\n---\nother\n").expect("write");
        assert_eq!(
            bodies.whole(&file, text.len()).map(|f| f.text().len()),
            Some(text.len())
        );
        // ...and a version read before the change is not completed with the
        // new body.
        let other = SourceFile::new(
            0,
            "p.mdx".into(),
            FileKind::Page,
            Ok(Arc::from("---\ntitle: T\n---\n")),
        )
        .with_origin(&path);
        assert!(bodies.whole(&other, text.len()).is_none());
    }
}
