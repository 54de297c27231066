//! Link reference definitions (`[label]: destination "title"`) as
//! CommonMark reads them at the start of a paragraph: the label, the
//! destination and the title may each start on the next line, a title may
//! run over lines (not a blank one), and nothing but spaces may follow on
//! the last line; else the lines are the paragraph's text. (Before this,
//! only one-line definitions were read, and any `[x]: …` line was one:
//! CommonMark spec examples 193-217, 541, 547, 548 and 590, and
//! `[foo]: <bar>(baz)`, which the platform's parser reads as a paragraph
//! holding a tag it refuses.)

use super::super::text;
use super::*;

/// The lines a definition may run over: those that continue every open
/// container and are not blank, found as the reader gets to them.
struct Lines {
    /// (content start, content end, next line start).
    segs: Vec<(usize, usize, usize)>,
}

/// A place in [`Lines`]: the line and the byte.
#[derive(Clone, Copy)]
struct LinePlace {
    line: usize,
    pos: usize,
}

/// What is at a place: a byte, the end of a line with more lines after
/// it, or the end of the lines.
#[derive(PartialEq, Eq)]
enum Ch {
    Byte(u8),
    LineEnd,
    End,
}

impl<'a> Reader<'a> {
    /// A definition at `p` (at `[`) on the line whose content ends at `end`
    /// (`next`: where the next line starts): where the line after it
    /// starts, or `None` when the text is no definition.
    pub(super) fn definition(&mut self, p: usize, end: usize, next: usize) -> Option<usize> {
        let mut lines = Lines {
            segs: vec![(p, end, next)],
        };
        let mut at = LinePlace {
            line: 0,
            pos: p + 1,
        };
        // The label: no unescaped `[`, up to 999 characters, not blank.
        let mut len = 0;
        loop {
            match self.ch(&mut lines, at) {
                Ch::Byte(b']') => break,
                Ch::Byte(b'[') | Ch::End => return None,
                Ch::Byte(b'\\') => {
                    at = self.step(&mut lines, at);
                    len += 1;
                }
                _ => {}
            }
            at = self.step(&mut lines, at);
            len += 1;
            if len > 999 {
                return None;
            }
        }
        let close = at.pos;
        let label = &self.t[p + 1..close];
        // `[^1]: text` is a GFM footnote definition (the platform reads
        // pages with remark-gfm), not a link: its text is a paragraph.
        if label.trim().is_empty() || label.starts_with('^') {
            return None;
        }
        at = self.step(&mut lines, at);
        if self.ch(&mut lines, at) != Ch::Byte(b':') {
            return None;
        }
        at = self.step(&mut lines, at);
        at = self.space(&mut lines, at, true).0;
        // The destination, on one line.
        let (ts, te, after) = self.def_destination(&mut lines, at)?;
        // Then a title, or nothing more on the destination's line.
        let bare = self.blank_rest(&mut lines, after);
        let (t, spaced) = self.space(&mut lines, after, true);
        let titled = if spaced {
            self.title(&mut lines, t)
                .filter(|&e| self.blank_rest(&mut lines, e))
        } else {
            None
        };
        let last = match titled {
            Some(e) => e.line,
            None if bare => after.line,
            None => return None,
        };
        let (_, last_end, after_def) = lines.segs[last];
        let target = self.t[ts..te].to_string();
        let key = text::normalize_label(label);
        self.out.links.push(Link {
            kind: LinkKind::Definition,
            target: target.as_str().into(),
            target_range: (ts..te).into(),
            range: (p..last_end).into(),
            element: None,
        });
        self.defs.entry(key).or_insert((target, ts..te));
        Some(after_def)
    }

    fn ch(&self, lines: &mut Lines, at: LinePlace) -> Ch {
        let (_, end, _) = lines.segs[at.line];
        if at.pos < end {
            return Ch::Byte(self.b[at.pos]);
        }
        if self.def_line(lines, at.line + 1) {
            Ch::LineEnd
        } else {
            Ch::End
        }
    }

    /// One byte (or line end) on.
    fn step(&self, lines: &mut Lines, at: LinePlace) -> LinePlace {
        let (_, end, _) = lines.segs[at.line];
        if at.pos < end {
            return LinePlace {
                line: at.line,
                pos: at.pos + 1,
            };
        }
        if self.def_line(lines, at.line + 1) {
            LinePlace {
                line: at.line + 1,
                pos: lines.segs[at.line + 1].0,
            }
        } else {
            at
        }
    }

    /// Whether line `i` of the definition exists, finding it when needed:
    /// a line that continues every container, is not blank and starts no
    /// block that would end the paragraph.
    fn def_line(&self, lines: &mut Lines, i: usize) -> bool {
        if i < lines.segs.len() {
            return true;
        }
        if i > lines.segs.len() {
            return false;
        }
        let ls = lines.segs[i - 1].2;
        if ls >= self.b.len() {
            return false;
        }
        let le = self.line_end(ls);
        let ce = self.content_end(ls, le);
        let (matched, c, col) = self.match_containers_col(ls, ce);
        let q = self.skip_ws(c, ce);
        if matched < self.containers.len() || q == ce {
            return false;
        }
        let starts_block = matches!(self.b[q], b'#' | b'`' | b'~' | b'>' | b'<' | b'{')
            || self.container_start(c, ce, true, col).is_some();
        if starts_block {
            return false;
        }
        lines.segs.push((c, ce, (le + 1).min(self.b.len()).max(le)));
        true
    }

    /// Spaces and tabs from `at`, and at most one line end when
    /// `line_end`: where they stop, and whether there was any.
    fn space(&self, lines: &mut Lines, mut at: LinePlace, line_end: bool) -> (LinePlace, bool) {
        let start = at;
        let mut ended = false;
        loop {
            match self.ch(lines, at) {
                Ch::Byte(c) if is_ws(c) => at = self.step(lines, at),
                Ch::LineEnd if line_end && !ended => {
                    ended = true;
                    at = self.step(lines, at);
                }
                _ => break,
            }
        }
        (at, at.line != start.line || at.pos != start.pos)
    }

    /// Nothing but spaces and tabs from `at` to the end of its line.
    fn blank_rest(&self, lines: &mut Lines, at: LinePlace) -> bool {
        let (_, end, _) = lines.segs[at.line];
        self.skip_ws(at.pos, end) == end
    }

    /// The destination at `at`: `<…>` on one line, or a run without spaces
    /// or control characters whose parentheses balance. (target start,
    /// target end, where it ends).
    fn def_destination(
        &self,
        lines: &mut Lines,
        at: LinePlace,
    ) -> Option<(usize, usize, LinePlace)> {
        let (_, end, _) = lines.segs[at.line];
        let b = self.b;
        let mut q = at.pos;
        if q >= end {
            return None;
        }
        if b[q] == b'<' {
            q += 1;
            while q < end && b[q] != b'>' {
                if b[q] == b'<' {
                    return None;
                }
                if b[q] == b'\\' {
                    q += 1;
                }
                q += 1;
            }
            if q >= end {
                return None;
            }
            let after = LinePlace {
                line: at.line,
                pos: q + 1,
            };
            return Some((at.pos + 1, q, after));
        }
        let mut depth = 0usize;
        while q < end && b[q] > b' ' && b[q] != 0x7f {
            match b[q] {
                b'\\' => q += 1,
                b'(' => depth += 1,
                b')' if depth == 0 => return None,
                b')' => depth -= 1,
                _ => {}
            }
            q += 1;
        }
        let q = q.min(end);
        if q == at.pos || depth > 0 {
            return None;
        }
        Some((
            at.pos,
            q,
            LinePlace {
                line: at.line,
                pos: q,
            },
        ))
    }

    /// A title at `at` (`"…"`, `'…'` or `(…)`, over lines but not a blank
    /// one): where it ends, after its closing delimiter.
    fn title(&self, lines: &mut Lines, at: LinePlace) -> Option<LinePlace> {
        let open = match self.ch(lines, at) {
            Ch::Byte(c @ (b'"' | b'\'' | b'(')) => c,
            _ => return None,
        };
        let close = if open == b'(' { b')' } else { open };
        let mut at = self.step(lines, at);
        loop {
            match self.ch(lines, at) {
                Ch::End => return None,
                Ch::Byte(c) if c == close => {
                    return Some(LinePlace {
                        line: at.line,
                        pos: at.pos + 1,
                    });
                }
                Ch::Byte(b'(') if open == b'(' => return None,
                Ch::Byte(b'\\') => at = self.step(lines, at),
                _ => {}
            }
            at = self.step(lines, at);
        }
    }
}
