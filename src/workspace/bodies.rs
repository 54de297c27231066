//! The whole text of pages read in bulk. A page loaded with its site keeps
//! only its front matter and the index of its body; a position in the body
//! (a diagnostic, a reference, a definition) is placed with the whole text,
//! read again here. One reader per owner (the server's state, `World`; one
//! `check` run), so what it keeps lives and dies with its owner, not the
//! process.

use super::load;
use crate::model::site::SourceFile;
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
    /// `offset` (or nothing better can be had). The answer is for placing
    /// positions (its text and line index): pages whose bytes were equal at
    /// load share their kept text and so one answer, which carries the id
    /// and path of the copy read first; the asker's identity is its own.
    pub fn whole(&self, file: &SourceFile, offset: usize) -> Option<Arc<SourceFile>> {
        if offset <= file.text().len() {
            return None;
        }
        let origin = file.origin.as_ref()?;
        let kept = file.text.as_ref().ok()?;
        let found = |recent: &[(Arc<str>, Arc<SourceFile>)]| {
            let hit = recent.iter().find(|(k, _)| Arc::ptr_eq(k, kept));
            hit.map(|(_, f)| f.clone())
        };
        if let Some(f) = found(&crate::model::site::lock(&self.recent)) {
            return Some(f);
        }
        // Read without the lock: `check` places its files' diagnostics side
        // by side. Two threads asking for one text both read it; the first
        // kept is shared.
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
        let mut recent = crate::model::site::lock(&self.recent);
        if let Some(f) = found(&recent) {
            return Some(f);
        }
        if recent.len() >= KEEP {
            recent.remove(0);
        }
        recent.push((kept.clone(), whole.clone()));
        Some(whole)
    }
}

/// Sorts `items` so that pages sharing a kept text (copies of one text)
/// come one after the other, where [`Bodies`]' few kept texts serve them all.
pub fn by_shared_text<'a, T>(items: &mut [T], file: impl Fn(&T) -> Option<&'a SourceFile>) {
    items.sort_by_cached_key(|t| {
        file(t)
            .and_then(|f| f.text.as_ref().ok())
            .map_or(0, |kept| Arc::as_ptr(kept) as *const u8 as usize)
    });
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
    fn write(root: &std::path::Path, files: &[(&str, &str)]) {
        for (p, text) in files {
            let p = root.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
    }

    const ROOT: &str = r#"{"navigation": {"pages": ["v1/a", "v2/a", "v3/a"]}}"#;

    #[test]
    fn a_whole_text_read_for_one_page_serves_its_copies_only() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let page = "---\ntitle: A\n---\n\n# Start\n\nSee [b](/b).\n";
        let other = page.replace("[b](/b)", "[c](/c)");
        write(
            root,
            &[
                ("docs.json", ROOT),
                ("v1/a.mdx", page),
                ("v2/a.mdx", page),
                ("v3/a.mdx", &other),
            ],
        );
        let site = load::load_site(root, "t".into(), &load::FileIds::default());
        let file = |p: &str| site.file_by_path(p).unwrap().clone();
        let files = [file("v1/a.mdx"), file("v3/a.mdx"), file("v2/a.mdx")];
        // The body is not kept: a position in it needs the whole text.
        assert!(files.iter().all(|f| f.text().len() < page.len()));
        let mut order = vec![0, 1, 2];
        by_shared_text(&mut order, |&i| Some(&*files[i]));
        assert_ne!(order[1], 1, "the two copies are side by side: {order:?}");
        let bodies = Bodies::default();
        let wholes: Vec<_> = files
            .iter()
            .map(|f| bodies.whole(f, page.len() - 1).expect("read again"))
            .collect();
        assert_eq!(wholes[0].text(), page);
        assert_eq!(wholes[1].text(), other);
        // The copies share one read.
        assert!(Arc::ptr_eq(&wholes[0], &wholes[2]));
        // Within the kept text, the file itself serves.
        assert!(bodies.whole(&files[0], 3).is_none());
    }
}
