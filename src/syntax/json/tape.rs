//! A tolerant JSONC reader: any text to a tree of its tokens, for the
//! questions asked while the text is broken.
//!
//! Completion is asked for exactly while docs.json does not parse (an
//! unterminated string, a missing comma, `"theme": ` with no value yet), and
//! jsonc-parser has no error recovery. This reader never fails: every byte is
//! whitespace or part of one token, a string ends at its line when its quote
//! is missing, and a closing bracket closes the innermost open container of
//! its kind (and every unclosed one inside it) or, matching none, is a
//! [`TokenKind::Stray`] token. Containers left open run to the end of the text.
//!
//! The tree is a tape, as simdjson lays out a document: one flat vector of
//! tokens in text order in which an opening bracket holds the index of the
//! token that ends it, so a container's children are the tokens between, and
//! a whole subtree is skipped in one step. 16 bytes a token, no pointer per
//! node, built in one pass; `benches/json_tree.rs` measures it against a
//! `rowan` tree of the same tokens (ARCHITECTURE.md has the figures).

use crate::syntax::MAX_DEPTH;
use std::ops::Range;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// `{` or `[`. `end` is the index of its [`TokenKind::Close`] token when
    /// `closed`; else of the token that closed it implicitly (a closing
    /// bracket of an outer container), or the tape's length.
    Open {
        object: bool,
        closed: bool,
    },
    /// The `}` or `]` of a container.
    Close,
    /// A string; unterminated ones end at their line's end.
    String {
        terminated: bool,
    },
    /// Anything else up to a delimiter: a number, `true`, a key without
    /// quotes, a stray character. A lone `/` is an empty word.
    Word,
    Colon,
    Comma,
    /// `// ...` up to its line end.
    LineComment,
    /// `/* ... */`, or to the end of the text when unterminated.
    BlockComment {
        terminated: bool,
    },
    /// A closing bracket that closes nothing, or a bracket nested deeper
    /// than [`MAX_DEPTH`] (read as flat tokens, so the tape stays bounded).
    Stray,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub start: u32,
    pub end: u32,
    /// For [`TokenKind::Open`]: the index of the token where the container ends
    /// (see there). For [`TokenKind::Close`]: the index of its opening token.
    pub link: u32,
}

/// The tokens of one text, in text order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tape {
    pub tokens: Vec<Token>,
}

impl Tape {
    /// Read `text` (its first 4 GiB: offsets are `u32`).
    pub fn read(text: &str) -> Tape {
        Tape::reader(text, 0, usize::MAX, &[], false)
    }

    /// Read `text` from byte `from` (a token's start) up to where the
    /// container holding `offset` closes: all a cursor question at
    /// `offset` reads. Containers still open then run to the tape's end;
    /// containers closed before the cursor and those after the cursor's
    /// are taped as their brackets only (a question skips them whole), so
    /// the tape stays as small as the containers around the cursor.
    /// `known` are the byte ranges of containers already read (by the
    /// parse of this same text), in text order: each is taped as its two
    /// brackets, its content skipped.
    pub fn read_around(text: &str, from: usize, offset: usize, known: &[Range<usize>]) -> Tape {
        Tape::reader(text, from, offset, known, true)
    }

    fn reader(text: &str, from: usize, offset: usize, known: &[Range<usize>], brief: bool) -> Tape {
        let b = &text.as_bytes()[..text.len().min(u32::MAX as usize - 1)];
        // About one token per 8 bytes of docs.json; a brief tape holds
        // the containers around the cursor only.
        let mut tokens: Vec<Token> = Vec::with_capacity(if brief {
            256
        } else {
            b.len().saturating_sub(from) / 8
        });
        // How many containers are open around `offset`, once reached.
        let mut around: Option<usize> = None;
        let mut i = from;
        // Open containers: (token index, is an object).
        let mut open: Vec<(u32, bool)> = Vec::new();
        // Brackets read flat beyond MAX_DEPTH and not yet closed.
        let mut deep = 0usize;
        let mut known = known.iter().peekable();
        let push = |tokens: &mut Vec<Token>, kind, start: usize, end: usize| {
            tokens.push(Token {
                kind,
                start: start as u32,
                end: end as u32,
                link: 0,
            });
        };
        while i < b.len() {
            if around.is_none() && i >= offset {
                around = Some(open.len());
            }
            // Inside a container after the one around the cursor: only its
            // brackets are kept (the question skips it whole).
            let quiet = around.is_some_and(|n| open.len() > n);
            let c = b[i];
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => {
                    // A run at once: pretty-printed docs.json is half
                    // indentation.
                    i += 1;
                    while b
                        .get(i)
                        .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
                    {
                        i += 1;
                    }
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    let end = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |p| i + p);
                    if !quiet {
                        push(&mut tokens, TokenKind::LineComment, i, end);
                    }
                    i = end;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    let close = memchr::memmem::find(&b[i + 2..], b"*/").map(|p| i + 2 + p + 2);
                    let end = close.unwrap_or(b.len());
                    let kind = TokenKind::BlockComment {
                        terminated: close.is_some(),
                    };
                    if !quiet {
                        push(&mut tokens, kind, i, end);
                    }
                    i = end;
                }
                b'"' => {
                    let (close, terminated) = string_end(b, i);
                    let end = if terminated { close + 1 } else { close };
                    if !quiet {
                        push(&mut tokens, TokenKind::String { terminated }, i, end);
                    }
                    i = end;
                }
                b'{' | b'[' => {
                    while known.next_if(|r| r.start < i).is_some() {}
                    if let Some(r) =
                        known.next_if(|r| r.start == i && r.end > i + 1 && r.end <= b.len())
                    {
                        let at = tokens.len() as u32;
                        let kind = TokenKind::Open {
                            object: c == b'{',
                            closed: true,
                        };
                        tokens.push(Token {
                            kind,
                            start: i as u32,
                            end: i as u32 + 1,
                            link: at + 1,
                        });
                        let close = r.end - 1;
                        tokens.push(Token {
                            kind: TokenKind::Close,
                            start: close as u32,
                            end: r.end as u32,
                            link: at,
                        });
                        i = r.end;
                        continue;
                    }
                    if open.len() >= MAX_DEPTH || deep > 0 {
                        deep += 1;
                        push(&mut tokens, TokenKind::Stray, i, i + 1);
                    } else {
                        open.push((tokens.len() as u32, c == b'{'));
                        let kind = TokenKind::Open {
                            object: c == b'{',
                            closed: false,
                        };
                        push(&mut tokens, kind, i, i + 1);
                    }
                    i += 1;
                }
                b'}' | b']' => {
                    let matched = if deep > 0 {
                        deep -= 1;
                        None
                    } else {
                        open.iter().rposition(|&(_, o)| o == (c == b'}'))
                    };
                    match matched {
                        Some(pos) => {
                            let (at, object) = open[pos];
                            if brief && i < offset {
                                // Closed before the cursor: its content is
                                // never asked about.
                                tokens.truncate(at as usize + 1);
                            }
                            let here = tokens.len() as u32;
                            // Containers left open inside end here too.
                            for &(inner, _) in &open[pos + 1..] {
                                if let Some(t) = tokens.get_mut(inner as usize) {
                                    t.link = here;
                                }
                            }
                            let t = &mut tokens[at as usize];
                            t.link = here;
                            t.kind = TokenKind::Open {
                                object,
                                closed: true,
                            };
                            open.truncate(pos);
                            tokens.push(Token {
                                kind: TokenKind::Close,
                                start: i as u32,
                                end: i as u32 + 1,
                                link: at,
                            });
                            if around.is_some_and(|n| open.len() < n) {
                                break;
                            }
                        }
                        None => push(&mut tokens, TokenKind::Stray, i, i + 1),
                    }
                    i += 1;
                }
                b':' => {
                    if !quiet {
                        push(&mut tokens, TokenKind::Colon, i, i + 1);
                    }
                    i += 1;
                }
                b',' => {
                    if !quiet {
                        push(&mut tokens, TokenKind::Comma, i, i + 1);
                    }
                    i += 1;
                }
                _ => {
                    let end = word_end(b, i);
                    if !quiet {
                        push(&mut tokens, TokenKind::Word, i, end);
                    }
                    i = end.max(i + 1);
                }
            }
        }
        let len = tokens.len() as u32;
        for (at, _) in open {
            tokens[at as usize].link = len;
        }
        Tape { tokens }
    }

    /// The index after the token at `i` and, when it opens a container,
    /// everything in it: the next token at the same level.
    pub fn next_sibling(&self, i: usize) -> usize {
        match self.tokens.get(i).map(|t| (t.kind, t.link)) {
            Some((TokenKind::Open { closed: true, .. }, end)) => end as usize + 1,
            Some((TokenKind::Open { closed: false, .. }, end)) => end as usize,
            _ => i + 1,
        }
    }

    /// Where the container opened at token `i` ends in the text: the start
    /// of the bracket that closes it, or `u32::MAX` when nothing does.
    pub fn close_offset(&self, i: usize) -> u32 {
        match self.tokens.get(i) {
            Some(t) if matches!(t.kind, TokenKind::Open { .. }) => self
                .tokens
                .get(t.link as usize)
                .map_or(u32::MAX, |c| c.start),
            _ => u32::MAX,
        }
    }

    /// The index one past the last child of the container opened at `i`
    /// (the whole tape for `None`, the top level).
    pub fn children_end(&self, container: Option<usize>) -> usize {
        match container.and_then(|i| self.tokens.get(i)) {
            Some(t) if matches!(t.kind, TokenKind::Open { .. }) => t.link as usize,
            _ => self.tokens.len(),
        }
    }
}

/// The end of the string that opens at `start`: (index of the closing quote
/// or of the line end / text end, whether it was closed). JSON strings hold
/// no raw line break, so an open string ends at its line.
pub(super) fn string_end(b: &[u8], start: usize) -> (usize, bool) {
    // A byte loop: docs.json's strings are short (page paths), where a
    // memchr call per string costs more than it saves.
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'"' => return (i, true),
            b'\\' => i += 2,
            b'\n' | b'\r' => return (i, false),
            _ => i += 1,
        }
    }
    (b.len(), false)
}

/// End of a bare word (a number, `true`, a half-typed key without quotes).
fn word_end(b: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < b.len()
        && !matches!(
            b[i],
            b' ' | b'\t' | b'\n' | b'\r' | b'"' | b',' | b':' | b'{' | b'}' | b'[' | b']' | b'/'
        )
    {
        i += 1;
    }
    i
}
