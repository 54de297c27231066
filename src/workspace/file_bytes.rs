//! A file's bytes as the loaders read them: within the size limit of its
//! kind, opened once, and for the pages of a bulk load into one reused
//! buffer per reader thread.

use super::kept_text::BulkPage;
use super::shared_indexes::SharedIndexes;
use crate::model::lock::lock;
use crate::model::site::{FileKind, Unreadable};
use std::path::Path;

/// JSON and YAML files above this size are not parsed (a 50 MB file would
/// stall an editor); the largest real spec we know is 13 MB.
pub const MAX_DATA_FILE: u64 = 32 * 1024 * 1024;
/// Pages above this size are not read.
pub const MAX_PAGE_FILE: u64 = 8 * 1024 * 1024;

/// The most bytes a file of this kind is read with.
pub fn size_limit(kind: FileKind) -> u64 {
    if kind == FileKind::Page {
        MAX_PAGE_FILE
    } else {
        MAX_DATA_FILE
    }
}

/// A file's bytes, within the size limit of its kind.
pub fn read_bytes(path: &Path, kind: FileKind) -> Result<Vec<u8>, Unreadable> {
    let mut bytes = Vec::new();
    read_bytes_into(path, kind, &mut bytes)?;
    Ok(bytes)
}

/// [`read_bytes`] into `bytes` (cleared first), so a reader can reuse one
/// buffer. The file is opened once and its size asked of the open file
/// (`fstat`, no second walk of the path), and it is read up to that size:
/// at most the limit, even if the file grows between the two; a file that
/// grew meanwhile is read as it was when opened, as a racing writer would
/// leave it anyway. No read past the end probes for more (one `read` per
/// page instead of two).
pub(super) fn read_bytes_into(
    path: &Path,
    kind: FileKind,
    bytes: &mut Vec<u8>,
) -> Result<(), Unreadable> {
    use std::io::Read;
    let io = |e: std::io::Error| Unreadable::Io(e.kind().to_string());
    let limit = size_limit(kind);
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(Unreadable::Io("not a regular file".into()));
    }
    if meta.len() > limit {
        return Err(Unreadable::TooLarge {
            bytes: meta.len(),
            limit,
        });
    }
    bytes.clear();
    if meta.len() == 0 {
        // Some file systems give no size: read to the end, within the limit.
        file.take(limit + 1).read_to_end(bytes).map_err(io)?;
        if bytes.len() as u64 > limit {
            return Err(Unreadable::TooLarge {
                bytes: bytes.len() as u64,
                limit,
            });
        }
        return Ok(());
    }
    // Read into the buffer's spare room, not zeroed first (zeroing the
    // 75 MB of a 25,000-page site was 1.3% of `check`'s instructions); once
    // `take` has given `len` bytes it answers the end without a system call.
    bytes.reserve(meta.len() as usize);
    file.take(meta.len()).read_to_end(bytes).map_err(io)?;
    Ok(())
}

/// The read buffers of one bulk load: a reader takes one, reads a page
/// into it and gives it back, so a load has about as many as it has
/// readers, each reused page after page, and drops them when it ends. A
/// page's bytes are only looked at (compared with the earlier pages of the
/// load, indexed when they are new): 25,000 pages cost no allocation and no
/// fresh memory each (216 MB of crewAI's MDX faulted in and given back page
/// by page was a tenth of `check`'s time). Not a buffer per thread: the
/// reader threads live as long as the process, and the server would keep
/// them (4 MB); nor one per rayon split, which raised `check`'s peak by 9 MB.
#[derive(Default)]
pub(super) struct ReadBuffers(std::sync::Mutex<Vec<Vec<u8>>>);

impl ReadBuffers {
    /// The page at `path`, read through one of the buffers.
    pub(super) fn shared_page(&self, path: &Path, shared: &SharedIndexes) -> BulkPage {
        let mut buffer = lock(&self.0).pop().unwrap_or_default();
        let page =
            read_bytes_into(path, FileKind::Page, &mut buffer).and_then(|()| shared.page(&buffer));
        lock(&self.0).push(buffer);
        page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_read_whole_within_its_limit() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.mdx");
        std::fs::write(&big, vec![b'a'; MAX_PAGE_FILE as usize + 1]).unwrap();
        assert!(matches!(
            read_bytes(&big, FileKind::Page),
            Err(Unreadable::TooLarge { .. })
        ));
        let page = dir.path().join("p.mdx");
        let text = "# T\n".repeat(10_000);
        std::fs::write(&page, &text).unwrap();
        let mut buffer = b"left over from another page".to_vec();
        read_bytes_into(&page, FileKind::Page, &mut buffer).unwrap();
        assert_eq!(buffer, text.as_bytes());
        std::fs::write(&page, "").unwrap();
        read_bytes_into(&page, FileKind::Page, &mut buffer).unwrap();
        assert!(buffer.is_empty());
    }
}
