//! `docsLsp.askAssistant` and `docsLsp.newConversation`: the assistant
//! client driven from the editor. The answer streams as
//! `docsLsp/assistantAnswer` notifications (for the editor plugins) and as
//! `$/progress` (for any client); a client that does not render the
//! notification (it sent no `id`) is shown the finished answer as a Markdown
//! file the server writes in its own temporary folder.

use super::backend::Backend;
use super::convert;
use crate::assistant::client::{self, AnswerUpdate, Conversation, Selection};
use crate::assistant::error::AskError;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::{self as lsp, notification::Notification};

pub const ASK: &str = "docsLsp.askAssistant";
pub const NEW: &str = "docsLsp.newConversation";

pub enum AssistantAnswer {}

impl Notification for AssistantAnswer {
    type Params = Value;
    const METHOD: &'static str = "docsLsp/assistantAnswer";
}

/// A code action on any non-empty selection.
pub fn code_action(uri: &lsp::Uri, range: lsp::Range) -> Option<lsp::CodeActionOrCommand> {
    if range.start == range.end {
        return None;
    }
    let cmd = lsp::Command {
        title: "Ask assistant about this selection".into(),
        command: ASK.into(),
        arguments: Some(vec![json!({ "uri": uri.as_str(), "range": range })]),
    };
    Some(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title: cmd.title.clone(),
        kind: Some(lsp::CodeActionKind::new("source.docsLsp.ask")),
        command: Some(cmd),
        ..Default::default()
    }))
}

impl Backend {
    pub async fn new_conversation(&self) {
        *self.conversation.lock().await = Conversation::default();
    }

    pub async fn ask(&self, arg: Value) -> Result<Option<Value>> {
        let id = arg.get("id").and_then(Value::as_str).map(String::from);
        let client_renders = id.is_some();
        let id = id.unwrap_or_else(|| {
            format!(
                "ask-{}",
                self.asks.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            )
        });
        let question = arg
            .get("question")
            .and_then(Value::as_str)
            .filter(|q| !q.trim().is_empty())
            .unwrap_or(client::DEFAULT_QUESTION)
            .to_string();
        let selection = self.selection(&arg);
        let settings = self.world.settings().assistant.clone();
        let token = lsp::NumberOrString::String(format!("docs-lsp/{id}"));
        let progress = match self.client.create_work_done_progress(token.clone()).await {
            Ok(()) => Some(self.client.progress(token, "Docs assistant").begin().await),
            Err(_) => None,
        };
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<AnswerUpdate>();
        let client = self.client.clone();
        let fid = id.clone();
        // Forward updates as they arrive, concurrently with the request.
        let forward = tokio::spawn(async move {
            let mut text = String::new();
            while let Some(u) = rx.recv().await {
                match u {
                    AnswerUpdate::TextDelta { delta, .. } => {
                        text.push_str(&delta);
                        client
                            .send_notification::<AssistantAnswer>(
                                json!({"id": fid, "delta": delta, "done": false}),
                            )
                            .await;
                        if let Some(p) = &progress {
                            let tail: String = text
                                .chars()
                                .rev()
                                .take(80)
                                .collect::<Vec<_>>()
                                .into_iter()
                                .rev()
                                .collect();
                            p.report(tail.replace('\n', " ")).await;
                        }
                    }
                    AnswerUpdate::Warning(w) => {
                        client
                            .log_message(lsp::MessageType::WARNING, format!("docs assistant: {w}"))
                            .await;
                    }
                    _ => {}
                }
            }
            if let Some(p) = progress {
                p.finish().await;
            }
        });
        let cancel = CancellationToken::new();
        let _guard = cancel.clone().drop_guard();
        let result = {
            let mut conv = self.conversation.lock().await;
            client::ask(
                &settings,
                &mut conv,
                &question,
                selection.as_ref(),
                |u| {
                    let _ = tx.send(u);
                },
                &cancel,
            )
            .await
        };
        drop(tx);
        let _ = forward.await;
        let (answer, error) = match result {
            Ok(a) => (Some(a), None),
            Err(e @ AskError::Incomplete { .. }) => {
                let msg = e.to_string();
                match e {
                    AskError::Incomplete { partial, .. } => (Some(*partial), Some(msg)),
                    _ => (None, Some(msg)),
                }
            }
            Err(e) => (None, Some(e.to_string())),
        };
        let text = answer.as_ref().map(|a| a.text()).unwrap_or_default();
        let sources: Vec<Value> = answer
            .as_ref()
            .map(|a| {
                a.sources
                    .iter()
                    .map(|s| json!({"url": s.url, "title": s.title}))
                    .collect()
            })
            .unwrap_or_default();
        let thread = answer.as_ref().and_then(|a| a.thread_id.clone());
        let incomplete = error.is_some() && answer.is_some();
        let done = json!({
            "id": id, "done": true, "sources": sources, "threadId": thread,
            "incomplete": incomplete, "error": error,
        });
        self.client
            .send_notification::<AssistantAnswer>(done.clone())
            .await;
        if let Some(e) = &error {
            self.client
                .show_message(lsp::MessageType::ERROR, format!("Docs assistant: {e}"))
                .await;
        }
        if !client_renders && answer.is_some() {
            self.show_answer(&id, &question, &text, &sources, incomplete)
                .await;
        }
        Ok(Some(json!({
            "id": id, "text": text, "sources": sources, "threadId": thread,
            "incomplete": incomplete, "error": error,
        })))
    }

    /// The selected text and its path within its docs root.
    fn selection(&self, arg: &Value) -> Option<Selection> {
        let uri: lsp::Uri = arg.get("uri")?.as_str()?.parse().ok()?;
        let range: lsp::Range = serde_json::from_value(arg.get("range")?.clone()).ok()?;
        let path = convert::path(&uri)?;
        let enc = self.world.encoding();
        let text = self.world.with_document(&path, |doc| {
            let start = doc.char_index(range.start, enc);
            let end = doc.char_index(range.end, enc).max(start);
            doc.rope.slice(start..end).to_string()
        })?;
        let rel = self
            .world
            .site_of(&path)
            .and_then(|s| s.rel(&path))
            .unwrap_or_else(|| {
                path.file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default()
            });
        Some(Selection { text, path: rel })
    }

    async fn show_answer(
        &self,
        id: &str,
        question: &str,
        text: &str,
        sources: &[Value],
        incomplete: bool,
    ) {
        let dir = std::env::temp_dir().join(format!("docs-lsp-{}", std::process::id()));
        if std::fs::create_dir_all(&dir).is_err() {
            return;
        }
        let mut md = format!("# {question}\n\n{text}\n");
        if incomplete {
            md.push_str("\n*(answer incomplete)*\n");
        }
        if !sources.is_empty() {
            md.push_str("\n## Sources\n\n");
            for s in sources {
                let url = s["url"].as_str().unwrap_or("");
                let title = s["title"].as_str().unwrap_or(url);
                md.push_str(&format!("- [{title}]({url})\n"));
            }
        }
        let file = dir.join(format!("{id}.md"));
        if std::fs::write(&file, md).is_err() {
            return;
        }
        if let Some(uri) = convert::uri(&file) {
            let _ = self
                .client
                .show_document(lsp::ShowDocumentParams {
                    uri,
                    external: None,
                    take_focus: Some(false),
                    selection: None,
                })
                .await;
        }
    }
}
