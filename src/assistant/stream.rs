//! Incremental parser for the assistant's answer stream: Server-Sent Events
//! carrying the chat SDK's UI message stream (protocol v1).
//!
//! Bytes arrive from the network in arbitrary pieces, so [`StreamParser::feed`]
//! keeps whatever is not yet a complete line and never assumes a piece ends on
//! a character, a line or an event boundary. Lines are decoded only once they
//! are complete, which is what makes splits inside UTF-8 sequences harmless.
//!
//! The parser is lenient on purpose: the endpoint may add chunk types at any
//! time, and a single malformed chunk should not throw away an answer that is
//! otherwise readable. Malformed data becomes [`StreamEvent::Invalid`], which
//! the [`Answer`] records as a warning and otherwise skips.

use serde_json::Value;

/// Upper bound on one event's buffered size. A server that never sends a line
/// break would otherwise make us buffer without limit.
const MAX_EVENT_BYTES: usize = 8 * 1024 * 1024;

/// What one SSE event of the UI message stream means to a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamEvent {
    /// `start`: may carry the thread id in `messageMetadata`.
    Start {
        message_id: Option<String>,
        thread_id: Option<String>,
    },
    /// `text-start`: a new text part begins.
    TextStart { part_id: String },
    /// `text-delta`: more text for a part.
    TextDelta { part_id: String, delta: String },
    /// `source-url` or `source-document`.
    Source(Source),
    /// `message-metadata`: may carry the thread id.
    Metadata { thread_id: Option<String> },
    /// `error` chunk sent by the server (its `errorText`).
    Error(String),
    /// `abort`: the server stopped generating.
    Abort { reason: Option<String> },
    /// `finish`: the answer is complete.
    Finish {
        thread_id: Option<String>,
        finish_reason: Option<String>,
    },
    /// `data: [DONE]`: end of the stream.
    Done,
    /// A data field that is not a valid chunk (bad JSON, no `type`, ...).
    Invalid(String),
    /// Any other chunk type, accepted and otherwise ignored.
    Other(String),
}

/// Whether a source points at a URL or at a document of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    Url,
    Document,
}

/// A source the assistant used for its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub kind: SourceKind,
    pub id: Option<String>,
    pub url: Option<String>,
    pub title: Option<String>,
    pub filename: Option<String>,
    pub media_type: Option<String>,
}

impl Source {
    /// One line for display: the title (if any) and where it points.
    pub fn label(&self) -> String {
        let target = self
            .url
            .as_deref()
            .or(self.filename.as_deref())
            .or(self.id.as_deref())
            .unwrap_or("(no location)");
        match &self.title {
            Some(title) if !title.is_empty() => format!("{title} <{target}>"),
            _ => target.to_string(),
        }
    }
}

/// Incremental SSE decoder producing [`StreamEvent`]s.
#[derive(Debug, Default)]
pub struct StreamParser {
    /// Bytes of the current, not yet terminated line.
    line: Vec<u8>,
    /// The data field of the event being assembled (lines joined by `\n`).
    data: String,
    has_data: bool,
    /// A `\r` ended the previous line; a `\n` right after it belongs to it.
    /// Kept across `feed` calls because a CRLF may be split between pieces.
    after_cr: bool,
    /// Still at the very start of the stream, where a BOM may appear.
    at_start: bool,
    started: bool,
    /// Set when an oversized event is being skipped until its end.
    skipping: bool,
    /// The current line has bytes, even if they were not stored (skipping).
    line_seen: bool,
}

impl StreamParser {
    pub fn new() -> Self {
        Self::default()
    }

    /// Consumes a piece of the byte stream and returns the events completed by it.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        let mut rest = bytes;
        if !self.started {
            self.at_start = true;
            self.started = true;
        }
        while !rest.is_empty() {
            if self.after_cr {
                self.after_cr = false;
                if rest[0] == b'\n' {
                    rest = &rest[1..];
                    continue;
                }
            }
            match rest.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(pos) => {
                    self.push_line_bytes(&rest[..pos], &mut events);
                    self.after_cr = rest[pos] == b'\r';
                    rest = &rest[pos + 1..];
                    let line = std::mem::take(&mut self.line);
                    self.process_line(&line, &mut events);
                }
                None => {
                    self.push_line_bytes(rest, &mut events);
                    rest = &[];
                }
            }
        }
        events
    }

    /// Ends the stream. Per the SSE spec an event not closed by a blank line
    /// is discarded; this reports it as invalid instead of silently dropping it.
    pub fn finish(&mut self) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        if self.line_seen {
            let line = std::mem::take(&mut self.line);
            self.process_line(&line, &mut events);
        }
        if self.has_data {
            self.data.clear();
            self.has_data = false;
            events.push(StreamEvent::Invalid(
                "the stream ended inside an event".to_string(),
            ));
        }
        events
    }

    fn push_line_bytes(&mut self, bytes: &[u8], events: &mut Vec<StreamEvent>) {
        if bytes.is_empty() {
            return;
        }
        self.line_seen = true;
        if self.skipping {
            return;
        }
        if self.line.len() + bytes.len() + self.data.len() > MAX_EVENT_BYTES {
            self.line.clear();
            self.data.clear();
            self.has_data = false;
            self.skipping = true;
            events.push(StreamEvent::Invalid(format!(
                "an event larger than {MAX_EVENT_BYTES} bytes was skipped"
            )));
            return;
        }
        self.line.extend_from_slice(bytes);
    }

    fn process_line(&mut self, raw: &[u8], events: &mut Vec<StreamEvent>) {
        let mut raw = raw;
        let line_seen = std::mem::take(&mut self.line_seen);
        if self.at_start {
            // The BOM can only be known once three bytes are in; every line
            // reaches here complete, so checking the first line is enough.
            self.at_start = false;
            raw = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
        }
        if raw.is_empty() && !(self.skipping && line_seen) {
            if self.skipping {
                self.skipping = false;
            } else {
                self.dispatch(events);
            }
            return;
        }
        if self.skipping || raw[0] == b':' {
            return; // comments are keep-alives
        }
        let line = String::from_utf8_lossy(raw);
        let (field, value) = match line.find(':') {
            Some(i) => {
                let value = &line[i + 1..];
                (&line[..i], value.strip_prefix(' ').unwrap_or(value))
            }
            None => (&line[..], ""),
        };
        // `event`, `id` and `retry` carry nothing the UI message stream uses.
        if field == "data" {
            if self.has_data {
                self.data.push('\n');
            }
            self.data.push_str(value);
            self.has_data = true;
        }
    }

    fn dispatch(&mut self, events: &mut Vec<StreamEvent>) {
        if !self.has_data {
            return;
        }
        self.has_data = false;
        let data = std::mem::take(&mut self.data);
        events.push(parse_chunk(&data));
    }
}

/// Interprets the data of one event as a UI message stream chunk.
pub fn parse_chunk(data: &str) -> StreamEvent {
    if data.trim() == "[DONE]" {
        return StreamEvent::Done;
    }
    let value: Value = match serde_json::from_str(data) {
        Ok(v) => v,
        Err(e) => return StreamEvent::Invalid(format!("chunk is not valid JSON: {e}")),
    };
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return StreamEvent::Invalid("chunk has no string `type`".to_string());
    };
    let s = |key: &str| value.get(key).and_then(Value::as_str).map(str::to_string);
    let meta_thread = || {
        value
            .get("messageMetadata")
            .and_then(|m| m.get("threadId"))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    match kind {
        "start" => StreamEvent::Start {
            message_id: s("messageId"),
            thread_id: meta_thread(),
        },
        "text-start" => match s("id") {
            Some(part_id) => StreamEvent::TextStart { part_id },
            None => StreamEvent::Invalid("text-start without an `id`".to_string()),
        },
        "text-delta" => match (s("id"), s("delta")) {
            (Some(part_id), Some(delta)) => StreamEvent::TextDelta { part_id, delta },
            _ => StreamEvent::Invalid("text-delta without a string `id` and `delta`".to_string()),
        },
        "source-url" | "source-document" => StreamEvent::Source(Source {
            kind: if kind == "source-url" {
                SourceKind::Url
            } else {
                SourceKind::Document
            },
            id: s("sourceId"),
            url: s("url"),
            title: s("title"),
            filename: s("filename"),
            media_type: s("mediaType"),
        }),
        "message-metadata" => StreamEvent::Metadata {
            thread_id: meta_thread(),
        },
        "error" => StreamEvent::Error(s("errorText").unwrap_or_else(|| "unspecified error".into())),
        "abort" => StreamEvent::Abort {
            reason: s("reason"),
        },
        "finish" => StreamEvent::Finish {
            thread_id: s("threadId").or_else(meta_thread),
            finish_reason: s("finishReason"),
        },
        other => StreamEvent::Other(other.to_string()),
    }
}

/// One text part of the answer, in the order parts were started.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextPart {
    pub id: String,
    pub text: String,
}

/// The answer assembled from the events seen so far.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    pub parts: Vec<TextPart>,
    pub sources: Vec<Source>,
    /// From `finish` (top level or metadata), else from earlier metadata.
    pub thread_id: Option<String>,
    /// A `finish` chunk arrived: the answer is complete.
    pub finished: bool,
    /// `data: [DONE]` arrived.
    pub done: bool,
    /// The server's `error` chunk or `abort` reason, if any.
    pub error: Option<String>,
    /// Chunks that were skipped because they were malformed.
    pub warnings: Vec<String>,
}

impl Answer {
    /// Updates the answer with one event.
    pub fn apply(&mut self, event: &StreamEvent) {
        match event {
            StreamEvent::Start { thread_id, .. } | StreamEvent::Metadata { thread_id } => {
                if thread_id.is_some() && self.thread_id.is_none() {
                    self.thread_id.clone_from(thread_id);
                }
            }
            StreamEvent::TextStart { part_id } => {
                self.part_mut(part_id);
            }
            StreamEvent::TextDelta { part_id, delta } => {
                // The SDK rejects a delta without text-start; we keep the text,
                // since losing words of an answer helps no one.
                self.part_mut(part_id).text.push_str(delta);
            }
            StreamEvent::Source(source) => self.sources.push(source.clone()),
            StreamEvent::Error(text) => self.error = Some(text.clone()),
            StreamEvent::Abort { reason } => {
                self.error = Some(match reason {
                    Some(r) => format!("the server aborted the answer: {r}"),
                    None => "the server aborted the answer".to_string(),
                });
            }
            StreamEvent::Finish { thread_id, .. } => {
                self.finished = true;
                if thread_id.is_some() {
                    self.thread_id.clone_from(thread_id);
                }
            }
            StreamEvent::Done => self.done = true,
            StreamEvent::Invalid(reason) => self.warnings.push(reason.clone()),
            StreamEvent::Other(_) => {}
        }
    }

    fn part_mut(&mut self, id: &str) -> &mut TextPart {
        let index = match self.parts.iter().position(|p| p.id == id) {
            Some(i) => i,
            None => {
                self.parts.push(TextPart {
                    id: id.to_string(),
                    text: String::new(),
                });
                self.parts.len() - 1
            }
        };
        &mut self.parts[index]
    }

    /// The whole text: parts in order, separated by a blank line.
    pub fn text(&self) -> String {
        let texts: Vec<&str> = self
            .parts
            .iter()
            .map(|p| p.text.as_str())
            .filter(|t| !t.is_empty())
            .collect();
        texts.join("\n\n")
    }

    /// The answer did not reach its `finish` chunk.
    pub fn is_incomplete(&self) -> bool {
        !self.finished
    }

    /// Parses a whole recorded stream; handy for tests and tools.
    pub fn from_stream(bytes: &[u8]) -> Answer {
        let mut parser = StreamParser::new();
        let mut answer = Answer::default();
        for event in parser.feed(bytes).iter().chain(parser.finish().iter()) {
            answer.apply(event);
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(pieces: &[&[u8]]) -> Vec<StreamEvent> {
        let mut p = StreamParser::new();
        let mut out = Vec::new();
        for piece in pieces {
            out.extend(p.feed(piece));
        }
        out.extend(p.finish());
        out
    }

    #[test]
    fn crlf_split_between_pieces_is_one_line_end() {
        let evs = events(&[b"data: [DONE]\r", b"\n\r", b"\n"]);
        assert_eq!(evs, vec![StreamEvent::Done]);
    }

    #[test]
    fn bare_cr_ends_lines() {
        let evs = events(&[b"data: [DONE]\r\r"]);
        assert_eq!(evs, vec![StreamEvent::Done]);
    }

    #[test]
    fn multi_line_data_is_joined_with_newlines() {
        let evs = events(&[
            b"data: {\"type\":\ndata: \"text-delta\",\"id\":\"a\",\ndata:\"delta\":\"x\"}\n\n",
        ]);
        assert_eq!(
            evs,
            vec![StreamEvent::TextDelta {
                part_id: "a".into(),
                delta: "x".into()
            }]
        );
    }

    #[test]
    fn comments_and_other_fields_are_ignored() {
        let evs = events(&[b": keep-alive\n\nevent: x\nid: 3\nretry: 10\n\ndata: [DONE]\n\n"]);
        assert_eq!(evs, vec![StreamEvent::Done]);
    }

    #[test]
    fn utf8_split_inside_a_character() {
        let text =
            "data: {\"type\":\"text-delta\",\"id\":\"a\",\"delta\":\"h\u{e9}\u{1F600}\"}\n\n";
        let bytes = text.as_bytes();
        let cut = text.find('\u{1F600}').unwrap() + 2;
        let evs = events(&[&bytes[..cut], &bytes[cut..]]);
        assert_eq!(
            evs,
            vec![StreamEvent::TextDelta {
                part_id: "a".into(),
                delta: "h\u{e9}\u{1F600}".into()
            }]
        );
    }

    #[test]
    fn invalid_chunks_become_invalid_events() {
        let evs = events(&[b"data: {not json\n\ndata: 42\n\ndata: {\"type\":1}\n\n"]);
        assert_eq!(evs.len(), 3);
        assert!(evs.iter().all(|e| matches!(e, StreamEvent::Invalid(_))));
    }

    #[test]
    fn unterminated_event_at_end_is_reported() {
        let evs = events(&[b"data: {\"type\":\"finish\"}"]);
        assert!(matches!(evs.as_slice(), [StreamEvent::Invalid(_)]));
    }

    #[test]
    fn oversized_event_is_skipped_until_its_blank_line() {
        let big = vec![b'a'; MAX_EVENT_BYTES + 10];
        let evs = events(&[b"data: ", &big, b"\ndata: more\n\ndata: [DONE]\n\n"]);
        assert!(matches!(
            evs.as_slice(),
            [StreamEvent::Invalid(_), StreamEvent::Done]
        ));
    }

    #[test]
    fn leading_bom_is_skipped() {
        let evs = events(&[b"\xEF\xBB", b"\xBFdata: [DONE]\n\n"]);
        assert_eq!(evs, vec![StreamEvent::Done]);
    }

    #[test]
    fn finish_thread_id_prefers_top_level() {
        let e =
            parse_chunk(r#"{"type":"finish","threadId":"a","messageMetadata":{"threadId":"b"}}"#);
        assert_eq!(
            e,
            StreamEvent::Finish {
                thread_id: Some("a".into()),
                finish_reason: None
            }
        );
    }
}
