//! Requests that change files: references, renames (of page entries and of
//! files/folders in the editor) and code actions. The `ide` layer computes
//! plain changes; this converts them to a `WorkspaceEdit`, with resource
//! operations (create, rename) when the client supports them, and drops
//! every change outside the workspace roots.

use super::api::Snapshot;
use super::backend::blocking;
use super::client_caps::EditCaps;
use super::settings::RedirectOnMove;
use super::world::SiteState;
use super::world::World;
use super::{convert, moves};
use crate::analysis::Analysis;
use crate::ide::find_references;
use crate::ide::fixes::{self, ActionKind};
use crate::ide::rename::{self, Change};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use tower_lsp_server::Client;
use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;

/// The server capabilities this module answers for.
pub fn file_operations() -> WorkspaceFileOperationsServerCapabilities {
    let filter = |glob: &str, kind| FileOperationFilter {
        scheme: Some("file".into()),
        pattern: FileOperationPattern {
            glob: glob.into(),
            matches: Some(kind),
            options: None,
        },
    };
    let pages = || FileOperationRegistrationOptions {
        filters: vec![
            filter("**/*.{md,mdx}", FileOperationPatternKind::File),
            filter("**/*", FileOperationPatternKind::Folder),
        ],
    };
    WorkspaceFileOperationsServerCapabilities {
        will_rename: Some(pages()),
        // Told as soon as the editor has moved the file, the server does not
        // wait for the file watcher: docs.json, already rewritten by
        // willRenameFiles, would list a page that is not there yet.
        did_rename: Some(pages()),
        ..Default::default()
    }
}

pub fn rename_provider() -> OneOf<bool, RenameOptions> {
    OneOf::Right(RenameOptions {
        prepare_provider: Some(true),
        work_done_progress_options: Default::default(),
    })
}

/// Builds a `WorkspaceEdit` from plain changes of one site.
struct EditBuilder<'a> {
    snap: &'a Snapshot,
    site: &'a SiteState,
    analysis: &'a Analysis,
    caps: EditCaps,
    ops: Vec<DocumentChangeOperation>,
    edits: Vec<(Uri, Vec<TextEdit>)>,
}

impl<'a> EditBuilder<'a> {
    fn new(snap: &'a Snapshot, site: &'a SiteState, analysis: &'a Analysis) -> Self {
        EditBuilder {
            caps: snap.caps.edit,
            snap,
            site,
            analysis,
            ops: Vec::new(),
            edits: Vec::new(),
        }
    }

    /// A site-relative path as a URI, if it stays inside the site and the
    /// workspace roots.
    fn uri(&self, rel: &str) -> Option<Uri> {
        let rel = crate::model::paths::join("", rel)?;
        let path = self.site.root.join(rel);
        let roots_known = !self.snap.workspace_roots().is_empty();
        if self.site.loose || roots_known && !self.snap.in_workspace(&path) {
            return None;
        }
        convert::uri(&path)
    }

    /// Add changes; `false` if one of them cannot be expressed for this
    /// client (a file operation it does not support) or leaves the workspace.
    fn add(&mut self, changes: Vec<Change>) -> bool {
        let enc = self.snap.encoding();
        for c in changes {
            match c {
                Change::Edit(e) => {
                    let Some(f) = self.analysis.site.file(e.file) else {
                        return false;
                    };
                    let Some(uri) = self.uri(&f.path) else {
                        return false;
                    };
                    let edit = TextEdit::new(
                        convert::range(f, &e.range, enc, self.snap.bodies()),
                        e.new_text,
                    );
                    match self.edits.iter_mut().find(|(u, _)| *u == uri) {
                        Some((_, v)) => v.push(edit),
                        None => self.edits.push((uri, vec![edit])),
                    }
                }
                Change::CreateFile { path, text } => {
                    let Some(uri) = self.uri(&path).filter(|_| self.caps.create) else {
                        return false;
                    };
                    self.ops
                        .push(DocumentChangeOperation::Op(ResourceOp::Create(
                            CreateFile {
                                uri: uri.clone(),
                                options: Some(CreateFileOptions {
                                    overwrite: Some(false),
                                    ignore_if_exists: Some(true),
                                }),
                                annotation_id: None,
                            },
                        )));
                    self.ops
                        .push(DocumentChangeOperation::Edit(TextDocumentEdit {
                            text_document: OptionalVersionedTextDocumentIdentifier {
                                uri,
                                version: None,
                            },
                            edits: vec![OneOf::Left(TextEdit::new(Range::default(), text))],
                        }));
                }
                Change::RenameFile { from, to } => {
                    let (Some(old_uri), Some(new_uri)) = (self.uri(&from), self.uri(&to)) else {
                        return false;
                    };
                    if !self.caps.rename {
                        return false;
                    }
                    self.ops
                        .push(DocumentChangeOperation::Op(ResourceOp::Rename(
                            RenameFile {
                                old_uri,
                                new_uri,
                                options: Some(RenameFileOptions {
                                    overwrite: Some(false),
                                    ignore_if_exists: Some(false),
                                }),
                                annotation_id: None,
                            },
                        )));
                }
            }
        }
        true
    }

    fn finish(self) -> WorkspaceEdit {
        if !self.caps.document_changes && self.ops.is_empty() {
            return WorkspaceEdit {
                changes: Some(self.edits.into_iter().collect::<HashMap<_, _>>()),
                ..Default::default()
            };
        }
        // Text edits of existing files first, then file operations: entries
        // are rewritten where they are before the file moves.
        let mut ops: Vec<DocumentChangeOperation> = self
            .edits
            .into_iter()
            .map(|(uri, edits)| {
                DocumentChangeOperation::Edit(TextDocumentEdit {
                    text_document: OptionalVersionedTextDocumentIdentifier { uri, version: None },
                    edits: edits.into_iter().map(OneOf::Left).collect(),
                })
            })
            .collect();
        ops.extend(self.ops);
        WorkspaceEdit {
            document_changes: Some(DocumentChanges::Operations(ops)),
            ..Default::default()
        }
    }
}

/// `(old, new)` site-relative paths.
type Moves = Vec<(String, String)>;

fn failed(msg: impl Into<String>) -> Error {
    let mut e = Error::invalid_request();
    e.message = msg.into().into();
    e
}

impl Snapshot {
    pub async fn references_impl(&self, p: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = &p.text_document_position;
        let Some((t, found)) = self.feature_at(at, find_references::references).await? else {
            return Ok(None);
        };
        Ok(Some(
            found
                .iter()
                .filter_map(|r| self.location(&t, r.file, &r.range))
                .collect(),
        ))
    }

    pub async fn prepare_rename_impl(
        &self,
        p: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let Some((t, found)) = self.feature_at(&p, rename::prepare_rename).await? else {
            return Ok(None);
        };
        Ok(found.map(
            |(r, placeholder)| PrepareRenameResponse::RangeWithPlaceholder {
                range: t.range(&r),
                placeholder,
            },
        ))
    }

    pub async fn rename_impl(&self, p: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let (tdp, name) = (p.text_document_position, p.new_name);
        let Some((t, changes)) = self
            .at_cursor(&tdp.text_document.uri, tdp.position, move |t, offset| {
                rename::rename(&t.analysis, t.file, &t.text, offset, &name)
            })
            .await?
        else {
            return Ok(None);
        };
        let mut changes = changes.map_err(failed)?;
        // The page's file moves with its entry: a redirect keeps its old URL
        // working, as for a move made in the editor's explorer.
        let moves: Moves = changes
            .iter()
            .filter_map(|c| match c {
                Change::RenameFile { from, to } => Some((from.clone(), to.clone())),
                _ => None,
            })
            .collect();
        let redirects = self.redirect_on_move();
        let redirect = (!moves.is_empty() && redirects != RedirectOnMove::Never)
            .then(|| rename::redirect_edit(&t.analysis, &moves))
            .flatten();
        let ask = redirect.is_some() && redirects == RedirectOnMove::Ask;
        if redirects == RedirectOnMove::Always {
            changes.extend(redirect.map(Change::Edit));
        }
        let mut b = EditBuilder::new(self, &t.site, &t.analysis);
        if !b.add(changes) {
            return Err(failed(
                "the rename moves a file, which this editor cannot do through the language server, or it leaves the workspace",
            ));
        }
        if !moves.is_empty() {
            // The client makes the move; some (core Neovim) then report it by
            // no event at all, so the server looks for it on disk.
            self.expect_moves(moves::Expected {
                root: t.site.root.clone(),
                moves,
                apply: true,
                ask_redirect: ask,
            });
        }
        Ok(Some(b.finish()))
    }

    pub async fn will_rename_files_impl(
        &self,
        p: RenameFilesParams,
    ) -> Result<Option<WorkspaceEdit>> {
        // Moves by site; a move across sites or out of one edits nothing.
        let mut by_site: Vec<(Arc<SiteState>, Moves)> = Vec::new();
        for f in &p.files {
            let path = |s: &str| Uri::from_str(s).ok().and_then(|u| convert::path(&u));
            let (Some(old), Some(new)) = (path(&f.old_uri), path(&f.new_uri)) else {
                continue;
            };
            let Some(site) = self.site_of(&old).filter(|s| !s.loose) else {
                continue;
            };
            let (Some(o), Some(n)) = (site.rel(&old), rel_in(&site.root, &new)) else {
                continue;
            };
            match by_site.iter_mut().find(|(s, _)| Arc::ptr_eq(s, &site)) {
                Some((_, v)) => v.push((o, n)),
                None => by_site.push((site, vec![(o, n)])),
            }
        }
        let redirects = self.redirect_on_move();
        let mut out: Option<WorkspaceEdit> = None;
        for (site, moves) in by_site {
            let s = site.clone();
            let m = moves.clone();
            let (analysis, mut edits) = blocking(move || {
                let a = s.analysis();
                let e = rename::edits_for_moves(&a, &m);
                (a, e)
            })
            .await?;
            match redirects {
                RedirectOnMove::Always => edits.extend(rename::redirect_edit(&analysis, &moves)),
                // Asked once the move is seen on disk: an announced move may
                // not be made, and a redirect must not point at nothing.
                RedirectOnMove::Ask if rename::redirect_edit(&analysis, &moves).is_some() => self
                    .expect_moves(moves::Expected {
                        root: site.root.clone(),
                        moves,
                        apply: false,
                        ask_redirect: true,
                    }),
                _ => {}
            }
            if edits.is_empty() {
                continue;
            }
            let mut b = EditBuilder::new(self, &site, &analysis);
            // Plain text edits: a client that asks willRenameFiles applies them.
            b.caps.document_changes = false;
            if b.add(edits.into_iter().map(Change::Edit).collect()) {
                let e = b.finish();
                match &mut out {
                    Some(o) => o
                        .changes
                        .get_or_insert_with(HashMap::new)
                        .extend(e.changes.unwrap_or_default()),
                    None => out = Some(e),
                }
            }
        }
        Ok(out)
    }

    fn redirect_on_move(&self) -> RedirectOnMove {
        self.settings.redirect_on_move
    }

    pub async fn code_action_impl(&self, p: &CodeActionParams) -> Result<Vec<CodeActionOrCommand>> {
        let (start, end) = (p.range.start, p.range.end);
        let Some((t, actions)) = self
            .in_document(&p.text_document.uri, move |t| {
                let range = t.offset(start)..t.offset(end);
                fixes::code_actions(&t.analysis, t.file, &t.text, range)
            })
            .await?
        else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for a in actions {
            let mut b = EditBuilder::new(self, &t.site, &t.analysis);
            if !b.add(a.changes) {
                continue;
            }
            let diagnostics: Vec<Diagnostic> = match (a.diagnostic_code, &a.diagnostic_range) {
                (Some(code), Some(r)) => {
                    let lr = t.range(r);
                    p.context
                        .diagnostics
                        .iter()
                        .filter(|d| {
                            d.range == lr
                                && d.code == Some(NumberOrString::String(code.to_string()))
                        })
                        .cloned()
                        .collect()
                }
                _ => Vec::new(),
            };
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: a.title,
                kind: Some(match a.kind {
                    ActionKind::QuickFix => CodeActionKind::QUICKFIX,
                    ActionKind::Refactor => CodeActionKind::REFACTOR,
                }),
                diagnostics: (!diagnostics.is_empty()).then_some(diagnostics),
                edit: Some(b.finish()),
                is_preferred: a.preferred.then_some(true),
                ..Default::default()
            }));
        }
        Ok(out)
    }
}

/// Watch for the moves requests expected (`Snapshot::expect_moves`), with
/// one task for all of them, unless one already does. The watch belongs to
/// the state's owner, not to a request: once a move is seen it is applied
/// as a file event.
pub(super) fn watch_moves(world: &Arc<World>, client: &Client) {
    if world.moves.is_empty() || !world.moves.claim_watch() {
        return;
    }
    let watch = MoveWatch {
        client: client.clone(),
        world: world.clone(),
    };
    tokio::spawn(async move {
        let pending = &watch.world.moves;
        loop {
            tokio::time::sleep(moves::POLL_EVERY).await;
            for seen in pending.take_seen(std::time::Instant::now()) {
                watch.settle(seen).await;
            }
            if pending.is_empty() {
                pending.release_watch();
                // An expectation added between the check and the release
                // would wait for the next one: take the watch back.
                if pending.is_empty() || !pending.claim_watch() {
                    break;
                }
            }
        }
    });
}

/// The task watching for expected moves.
struct MoveWatch {
    client: Client,
    world: Arc<World>,
}

impl MoveWatch {
    /// A move seen on disk: the site is told (for a move the server made,
    /// which the client may never report; for one it did report, reading
    /// the files again changes nothing), then the redirect is offered.
    async fn settle(&self, seen: moves::Expected) {
        if seen.apply {
            let changes: Vec<FileEvent> = seen
                .moves
                .iter()
                .flat_map(|(old, new)| {
                    [
                        (old, FileChangeType::DELETED),
                        (new, FileChangeType::CREATED),
                    ]
                })
                .filter_map(|(rel, typ)| {
                    convert::uri(&seen.root.join(rel)).map(|u| FileEvent::new(u, typ))
                })
                .collect();
            super::file_events::file_events(
                &self.world,
                &self.client,
                DidChangeWatchedFilesParams { changes },
                false,
            )
            .await;
        }
        if seen.ask_redirect {
            self.offer_redirects(seen).await;
        }
    }

    /// Ask whether to add `redirects` entries from the old paths. The edit
    /// is made against docs.json as it is when the user answers (already
    /// rewritten for the move), so it applies whatever the user did
    /// meanwhile, and only if the moves are still there on disk.
    async fn offer_redirects(&self, seen: moves::Expected) {
        let shown: Vec<String> = seen
            .moves
            .iter()
            .map(|(o, n)| {
                format!(
                    "/{} -> /{}",
                    crate::ide::lookup::page_key(o),
                    crate::ide::lookup::page_key(n)
                )
            })
            .collect();
        let add = MessageActionItem {
            title: "Add redirects".into(),
            properties: Default::default(),
        };
        let answer = self
            .client
            .show_message_request(
                MessageType::INFO,
                format!(
                    "Add a redirect in docs.json so that links from outside keep working ({})?",
                    shown.join(", ")
                ),
                Some(vec![
                    add.clone(),
                    MessageActionItem {
                        title: "Not now".into(),
                        properties: Default::default(),
                    },
                ]),
            )
            .await;
        if answer.ok().flatten().map(|a| a.title) != Some(add.title) {
            return;
        }
        if !seen.done() {
            // Moved back (or away) while the question was open.
            return;
        }
        let Some(site) = self.world.site_of(&seen.root.join("docs.json")) else {
            return;
        };
        let s = site.clone();
        let moves = seen.moves;
        let Ok((analysis, edit)) = blocking(move || {
            let a = s.analysis();
            let e = rename::redirect_edit(&a, &moves);
            (a, e)
        })
        .await
        else {
            return;
        };
        let Some(edit) = edit else { return };
        // Built from the state as it is now, the user having answered.
        let snap = Snapshot::new(&self.world, &self.client);
        let mut b = EditBuilder::new(&snap, &site, &analysis);
        if b.add(vec![Change::Edit(edit)]) {
            let _ = self.client.apply_edit(b.finish()).await;
        }
    }
}

/// `path` relative to `root`, for a path that may not exist yet.
fn rel_in(root: &Path, path: &Path) -> Option<String> {
    let rel: PathBuf = path.strip_prefix(root).ok()?.to_path_buf();
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Some(parts.join("/"))
}
