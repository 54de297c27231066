//! The block layer: one line at a time, the containers it continues or
//! opens (CommonMark's rules as micromark applies them with MDX's
//! constructs: no indented code, so containers and flow tags may start after
//! any indentation), then the leaf block the line belongs to.

use super::super::acorn;
use super::super::text;
use super::table::{delimiter_row, header_cells};
use super::*;

impl<'a> Reader<'a> {
    pub(super) fn line_end(&self, pos: usize) -> usize {
        memchr::memchr(b'\n', &self.b[pos..]).map_or(self.b.len(), |i| pos + i)
    }

    /// Content end of a line (before `\r\n` / `\n`).
    pub(super) fn content_end(&self, start: usize, le: usize) -> usize {
        if le > start && self.b[le - 1] == b'\r' {
            le - 1
        } else {
            le
        }
    }

    pub(super) fn skip_ws(&self, mut p: usize, end: usize) -> usize {
        while p < end && is_ws(self.b[p]) {
            p += 1;
        }
        p
    }

    /// Skip whitespace from `p`, at column `col` of its line, for up to
    /// `cols` columns (a tab to the next multiple of 4): where it stopped,
    /// the columns taken and the column reached. A tab wider than what is
    /// left to take is taken in part (CommonMark's rule): `p` stays on it,
    /// and the column says how much of it is left for the next container.
    fn take_cols(
        &self,
        mut p: usize,
        end: usize,
        cols: usize,
        mut col: usize,
    ) -> (usize, usize, usize) {
        let mut got = 0;
        while p < end && got < cols && is_ws(self.b[p]) {
            let w = if self.b[p] == b'\t' { 4 - col % 4 } else { 1 };
            if got + w > cols {
                col += cols - got;
                got = cols;
                break;
            }
            got += w;
            col += w;
            p += 1;
        }
        (p, got, col)
    }

    /// The column of `to`, from `from` at column `col` (tabs to the next
    /// multiple of 4).
    fn col_at(&self, from: usize, to: usize, mut col: usize) -> usize {
        for &c in &self.b[from..to] {
            col += if c == b'\t' { 4 - col % 4 } else { 1 };
        }
        col
    }

    /// After a block quote's `>` at `p` (column `col`): one column of
    /// whitespace is the marker's (of a tab, a part).
    fn after_quote_marker(&self, p: usize, end: usize, col: usize) -> (usize, usize) {
        match self.b.get(p) {
            Some(b' ') if p < end => (p + 1, col + 1),
            Some(b'\t') if p < end => {
                let rest = 4 - col % 4;
                (if rest == 1 { p + 1 } else { p }, col + 1)
            }
            _ => (p, col),
        }
    }

    /// How many of the open containers the line `start..end` continues,
    /// and where its content starts after their prefixes. A blank line
    /// continues list items, not block quotes. Pure: the lookahead of tags
    /// over several lines asks it too.
    pub(super) fn match_containers(&self, start: usize, end: usize) -> (usize, usize) {
        let (matched, p, _) = self.match_containers_col(start, end);
        (matched, p)
    }

    /// [`Self::match_containers`], with the column where the content
    /// starts (past the part of a tab the prefixes took).
    pub(super) fn match_containers_col(&self, start: usize, end: usize) -> (usize, usize, usize) {
        let b = self.b;
        let mut p = start;
        let mut col = 0;
        for (i, c) in self.containers.iter().enumerate() {
            match c.kind {
                ContainerKind::Quote => {
                    let q = self.skip_ws(p, end);
                    if q < end && b[q] == b'>' {
                        (p, col) = self.after_quote_marker(q + 1, end, self.col_at(p, q, col) + 1);
                    } else {
                        return (i, p, col);
                    }
                }
                ContainerKind::Item {
                    size,
                    further_blank,
                    ..
                } => {
                    if self.skip_ws(p, end) == end {
                        (p, _, col) = self.take_cols(p, end, size, col);
                        continue;
                    }
                    if further_blank || !is_ws(b[p]) {
                        return (i, p, col);
                    }
                    let (q, got, c) = self.take_cols(p, end, size, col);
                    if got < size {
                        return (i, p, col);
                    }
                    (p, col) = (q, c);
                }
            }
        }
        (self.containers.len(), p, col)
    }

    /// A list item that started with a blank line takes no line after a
    /// second blank one.
    fn note_blank(&mut self, matched: usize, blank: bool) {
        for c in &mut self.containers[..matched] {
            if let ContainerKind::Item {
                initial_blank,
                further_blank,
                ..
            } = &mut c.kind
            {
                if blank {
                    *further_blank |= *initial_blank;
                } else {
                    *initial_blank = false;
                    *further_blank = false;
                }
            }
        }
    }

    /// A block quote or list item starting at `p` (column `col`, after any
    /// indentation): its kind, and where its content starts and at which
    /// column. `interrupt`: a paragraph is open, which an empty item or an
    /// ordered one not numbered 1 cannot interrupt.
    pub(super) fn container_start(
        &self,
        p: usize,
        end: usize,
        interrupt: bool,
        col: usize,
    ) -> Option<(ContainerKind, usize, usize)> {
        let b = self.b;
        let q = self.skip_ws(p, end);
        if q >= end {
            return None;
        }
        let q_col = self.col_at(p, q, col);
        let indent = q_col - col;
        let marker_end = match b[q] {
            b'>' => {
                let (c, c_col) = self.after_quote_marker(q + 1, end, q_col + 1);
                return Some((ContainerKind::Quote, c, c_col));
            }
            b'-' | b'*' | b'+' => {
                if b[q] != b'+' && self.thematic_break(q, end) {
                    return None;
                }
                q + 1
            }
            b'0'..=b'9' => {
                let mut d = q;
                while d < end && d - q < 9 && b[d].is_ascii_digit() {
                    d += 1;
                }
                if d >= end || !(b[d] == b'.' || b[d] == b')') {
                    return None;
                }
                if interrupt && !(d == q + 1 && b[q] == b'1') {
                    return None;
                }
                d + 1
            }
            _ => return None,
        };
        let width = marker_end - q;
        if self.skip_ws(marker_end, end) == end {
            if interrupt {
                return None;
            }
            let kind = ContainerKind::Item {
                size: indent + width + 1,
                initial_blank: true,
                further_blank: false,
            };
            return Some((kind, end, self.col_at(p, end, col)));
        }
        if !is_ws(b[marker_end]) {
            return None;
        }
        let c = self.skip_ws(marker_end, end);
        let marker_col = q_col + width;
        let c_col = self.col_at(marker_end, c, marker_col);
        let kind = ContainerKind::Item {
            size: indent + width + (c_col - marker_col),
            initial_blank: false,
            further_blank: false,
        };
        Some((kind, c, c_col))
    }

    /// `***`, `- - -`, `___`: three or more of one of them, spaces between.
    fn thematic_break(&self, q: usize, end: usize) -> bool {
        let c = self.b[q];
        let mut n = 0;
        for &x in &self.b[q..end] {
            if x == c {
                n += 1;
            } else if !is_ws(x) {
                return false;
            }
        }
        n >= 3
    }

    /// Containers beyond the first `n` end: elements opened in them and
    /// still open are not closed (the platform says so at the container's
    /// start). The open paragraph is closed before.
    pub(super) fn exit_containers(&mut self, n: usize) {
        while self.containers.len() > n {
            let c = self.containers.pop().expect("checked");
            self.block(BlockKind::End, c.start);
            let depth = self.containers.len() + 1;
            while self.stack.last().is_some_and(|o| o.depth >= depth) {
                let o = self.stack.pop().expect("checked");
                self.unclosed(o.idx, Some((c.start, c.kind.name())));
            }
        }
    }

    /// Read the line starting at `start`; returns where the next line starts
    /// (a construct running over line ends moves it further).
    pub(super) fn line(&mut self, start: usize) -> usize {
        let le = self.line_end(start);
        let next = (le + 1).min(self.b.len()).max(le);
        let end = self.content_end(start, le);
        let (matched, mut p, mut col) = self.match_containers_col(start, end);
        let all = matched == self.containers.len();
        let blank = self.skip_ws(p, end) == end;
        self.note_blank(matched, blank);

        if let Some((ch, len, fs)) = self.fence.as_ref().map(|f| (f.ch, f.len, f.start)) {
            if all {
                let q = self.skip_ws(p, end);
                let mut r = q;
                while r < end && self.b[r] == ch {
                    r += 1;
                }
                if r - q >= len && self.skip_ws(r, end) == end {
                    self.fence = None;
                    self.region(RegionKind::Fence, fs..end);
                }
                return next;
            }
            // A fence takes no lazy line: it ends with its container.
            self.fence = None;
            self.region(RegionKind::Fence, fs..start.saturating_sub(1).max(fs));
        }
        if blank {
            self.close_para();
            self.exit_containers(matched);
            return next;
        }
        // New containers: a block quote or list item may open at the start
        // of the content (after any indentation), several on one line.
        let interrupt = all && !self.para.is_empty();
        let mut opened = false;
        while let Some((kind, content, content_col)) =
            self.container_start(p, end, interrupt && !opened, col)
        {
            if !opened {
                self.close_para();
                self.exit_containers(matched);
                opened = true;
            }
            let marker = self.skip_ws(p, end);
            let mark = match kind {
                ContainerKind::Quote => BlockKind::Quote,
                ContainerKind::Item { .. } => BlockKind::Item,
            };
            self.block(mark, marker);
            self.containers.push(Container {
                kind,
                start: marker,
            });
            (p, col) = (content, content_col);
            if self.skip_ws(p, end) == end {
                return next;
            }
        }
        // A line that continues not all containers: a lazy continuation of
        // the open paragraph, or the containers end before it.
        let mut lazy = !opened && !all;
        if lazy && (self.para.is_empty() || self.table.is_some()) {
            self.close_para();
            self.exit_containers(matched);
            lazy = false;
        }
        self.leaf(start, p, end, next, lazy, matched)
    }

    /// A lazy line that is not the paragraph's: the paragraph and the
    /// containers it did not continue end before it.
    fn end_lazy(&mut self, lazy: bool, matched: usize) {
        self.close_para();
        if lazy {
            self.exit_containers(matched);
        }
    }

    /// The leaf block of the line whose content (after its container
    /// prefixes) starts at `p`.
    fn leaf(
        &mut self,
        start: usize,
        p: usize,
        end: usize,
        next: usize,
        lazy: bool,
        matched: usize,
    ) -> usize {
        let b = self.b;
        let q = self.skip_ws(p, end);
        let c = b[q];

        // ESM: `import`/`export` at the very start of a line, outside
        // containers and paragraphs.
        if q == start
            && (self.containers.is_empty() || lazy)
            && self.para.is_empty()
            && (self.t[start..].starts_with("import ") || self.t[start..].starts_with("export "))
        {
            self.end_lazy(lazy, matched);
            return self.esm(start);
        }

        // Code fence, and `$$` math read like one.
        if c == b'`' || c == b'~' || c == b'$' {
            let mut r = q;
            while r < end && b[r] == c {
                r += 1;
            }
            let min = if c == b'$' { 2 } else { 3 };
            // A backtick fence's info and a math fence's meta hold no
            // backtick or `$` (else the line is text: ``` ``a`` ```, `$$x$$`).
            if r - q >= min && !(c != b'~' && b[r..end].contains(&c)) {
                self.end_lazy(lazy, matched);
                self.block(BlockKind::Fence, q);
                self.fence = Some(Fence {
                    ch: c,
                    len: r - q,
                    start: q,
                });
                return next;
            }
        }

        // ATX heading.
        if c == b'#' {
            let mut r = q;
            while r < end && b[r] == b'#' {
                r += 1;
            }
            let level = r - q;
            if level <= 6 && (r == end || is_ws(b[r])) {
                self.end_lazy(lazy, matched);
                self.heading(start, q, level as u8, r, end);
                return next;
            }
        }

        // Setext underline (not on a lazy line).
        if !lazy && !self.para.is_empty() && (c == b'=' || c == b'-') {
            let mut r = q;
            while r < end && b[r] == c {
                r += 1;
            }
            if self.skip_ws(r, end) == end {
                self.setext(if c == b'=' { 1 } else { 2 });
                return next;
            }
        }

        if matches!(c, b'*' | b'-' | b'_') && self.thematic_break(q, end) {
            self.end_lazy(lazy, matched);
            self.block(BlockKind::ThematicBreak, q);
            return next;
        }

        // GFM table: a delimiter row under a paragraph line makes that line
        // the table's header.
        if !lazy
            && self.table.is_none()
            && let Some(&(hs, he)) = self.para.last()
            && let Some(cells) = delimiter_row(&b[q..end])
            && header_cells(&b[hs..he]) == Some(cells)
        {
            self.para.pop();
            self.close_para();
            self.block(BlockKind::Table, hs);
            self.row(hs, he);
            self.table = Some(cells);
            return next;
        }

        // Link reference definition.
        if c == b'['
            && self.para.is_empty()
            && self.table.is_none()
            && let Some(after) = self.definition(q, end, next)
        {
            return after;
        }

        // A line of tags and expressions only (flow), which interrupts a
        // paragraph. Trying one is what the platform does at the start of
        // every line, also one inside a paragraph: a tag it cannot read
        // there stops it, whatever the text before.
        let mut stop = q;
        if c == b'<' || c == b'{' {
            match self.flow_attempt(q) {
                Ok(after) => {
                    let events = std::mem::take(&mut self.events);
                    self.end_lazy(lazy, matched);
                    self.events = events;
                    self.apply(true);
                    return (self.line_end(after) + 1).min(self.b.len());
                }
                Err(at) => stop = at,
            }
        }

        if self.table.is_some() {
            self.row(q, end);
            return next;
        }
        self.para.push((q, end));
        // The lines a failed flow try read (a tag over several lines
        // followed by text) were taken without looking for containers or
        // blocks starting on them: they are the paragraph's, even one
        // starting with `>`.
        let mut ls = next;
        while ls < self.b.len() && ls <= stop {
            let le = self.line_end(ls);
            let ce = self.content_end(ls, le);
            let content = self.skip_ws(self.match_containers(ls, ce).1, ce);
            self.para.push((content, ce));
            ls = (le + 1).min(self.b.len());
        }
        ls.max(next)
    }

    /// Try the line from `p` (at `<` or `{`) as tags and expressions only,
    /// the flow form: the end of the line (after the last construct, which
    /// may run over lines) when it is one; else where the try stopped
    /// reading. What it read is then undone (it is read again as text),
    /// except the errors that stopped it: the platform's parser stops there
    /// too.
    fn flow_attempt(&mut self, p: usize) -> Result<usize, usize> {
        let saved = (
            self.out.elements.len(),
            self.out.links.len(),
            self.events.len(),
            self.regions.len(),
        );
        let mut q = p;
        let done = loop {
            let (after, ok) = match self.b[q] {
                b'<' => self.tag(q, self.b.len()),
                b'{' => self.flow_expression(q),
                _ => break Err(q),
            };
            if !ok {
                // Stopped by an error (or `<` starting no tag): nothing
                // more was read than the line.
                break Err(p);
            }
            let le = self.line_end(after.min(self.b.len()));
            q = self.skip_ws(after, self.content_end(after, le));
            if q >= self.content_end(after, le) {
                break Ok(q);
            }
        };
        if done.is_err() {
            self.out.elements.truncate(saved.0);
            self.out.links.truncate(saved.1);
            self.events.truncate(saved.2);
            self.regions.truncate(saved.3);
        }
        done
    }

    /// The open paragraph ends (and the open table): its text is read.
    pub(super) fn close_para(&mut self) {
        self.table = None;
        if self.para.is_empty() {
            return;
        }
        let lines = std::mem::take(&mut self.para);
        self.block(BlockKind::Paragraph, lines[0].0);
        self.read_text(&lines, lines[0].0, "paragraph");
        self.para = lines;
        self.para.clear();
    }

    /// Read the text of a block whose lines are `lines` (content start and
    /// end of each); `block_start` is where the platform says an element
    /// left open in it is not closed.
    pub(super) fn read_text(&mut self, lines: &[(usize, usize)], block_start: usize, what: &str) {
        let (start, end) = (lines[0].0, lines[lines.len() - 1].1);
        self.run_lines.clear();
        self.run_lines.extend(lines[1..].iter().map(|l| l.0));
        self.in_text = true;
        self.inline(start, end);
        self.in_text = false;
        self.apply(false);
        self.close_text(block_start, what);
    }

    /// A setext underline: the open paragraph is a heading.
    fn setext(&mut self, level: u8) {
        let lines = std::mem::take(&mut self.para);
        let (ps, pe) = (lines[0].0, lines[lines.len() - 1].1);
        // The platform gives custom ids to ATX headings only: here `{#id}`
        // is an expression.
        let raw = self.t[ps..pe].trim();
        self.block(BlockKind::Heading(level), ps);
        self.out.headings.push(Heading {
            level,
            text: text::plain(raw).as_str().into(),
            custom_id: None,
            range: (ps..pe).into(),
            in_component: !self.stack.is_empty(),
        });
        self.read_text(&lines, ps, "heading");
        self.para = lines;
        self.para.clear();
    }

    fn heading(&mut self, line_start: usize, p: usize, level: u8, q: usize, end: usize) {
        let ts = self.skip_ws(q, end);
        let mut te = end;
        while te > ts && is_ws(self.b[te - 1]) {
            te -= 1;
        }
        // Closing sequence of `#`s.
        let mut ce = te;
        while ce > ts && self.b[ce - 1] == b'#' {
            ce -= 1;
        }
        if ce < te && (ce == ts || is_ws(self.b[ce - 1])) {
            te = ce;
            while te > ts && is_ws(self.b[te - 1]) {
                te -= 1;
            }
        }
        let raw = &self.t[ts..te];
        let (txt, id) = text::split_custom_id(raw);
        // The platform turns `## Title {#id}` into an element before parsing,
        // but only on a line indented by at most 3 spaces (no list or quote
        // marker): elsewhere `{#id}` is read as an expression, and fails.
        let id_applies = p - line_start <= 3 && self.b[line_start..p].iter().all(|&c| c == b' ');
        let (txt, id) = if id.is_some() && !id_applies {
            (raw, None)
        } else {
            (txt, id)
        };
        let in_component = !self.stack.is_empty();
        self.block(BlockKind::Heading(level), p);
        self.out.headings.push(Heading {
            level,
            text: text::plain(txt).as_str().into(),
            custom_id: id.map(CompactString::from),
            range: (p..end).into(),
            in_component,
        });
        self.in_text = true;
        if !id_applies && let (_, Some(bad)) = text::split_custom_id(raw) {
            let at = ts + raw.rfind(bad).unwrap_or(0);
            let hash = self.t[..at].rfind('#').unwrap_or(at);
            self.err(
                hash..te,
                format!(
                    "the custom heading id `{{#{bad}}}` only works on a heading line indented by at most 3 spaces, outside lists and quotes (here the platform reads it as an expression, which fails): unindent the heading"
                ),
                None,
            );
        }
        self.in_text = false;
        let scan_end = ts + txt.len();
        self.read_text(&[(ts, scan_end)], p, "heading");
    }

    /// ESM block from `start` to the next blank line. The platform parses
    /// it with acorn there; when acorn fails at the very end of the block
    /// (code cut short), it reads on over the blank line to the next one.
    /// Out of line: rare, and inlined it kept `line` out of the line
    /// loop (2% more instructions per page read).
    #[inline(never)]
    fn esm(&mut self, start: usize) -> usize {
        let mut pos = start;
        let mut block_end;
        // The names earlier blocks imported: the platform declares them
        // (`var A, B`) before the block.
        let defined: Vec<String> = self
            .names
            .iter()
            .filter(|n| n.import.is_some())
            .map(|n| n.name.to_string())
            .collect();
        let defined: Vec<&str> = defined.iter().map(String::as_str).collect();
        let refusal = loop {
            loop {
                // Past a last line end, the platform reads on to the end
                // of the text, that line end included.
                if pos >= self.b.len() {
                    block_end = self.b.len();
                    break;
                }
                let le = self.line_end(pos);
                block_end = self.content_end(pos, le);
                let next = (le + 1).min(self.b.len()).max(le);
                pos = next;
                if next >= self.b.len() {
                    break;
                }
                let ne = self.line_end(next);
                let nce = self.content_end(next, ne);
                if self.skip_ws(next, nce) == nce {
                    break;
                }
            }
            match acorn::module(&defined, &self.t[start..block_end]) {
                Err(r) if r.at_end && block_end < self.b.len() => {}
                result => break result.err(),
            }
        };
        // The block as written, without the line ends a failed parse read on
        // over.
        let written = start + self.t[start..block_end].trim_end().len();
        self.region(RegionKind::Esm, start..written);
        text::esm(self.t, start, written, &mut self.out, &mut self.names);
        if let Some(r) = refusal {
            let at = start + r.at;
            let end = (at + 1).min(self.b.len()).max(at);
            self.err(
                at..end,
                format!(
                    "the platform's JavaScript parser (acorn) cannot read this import/export block ({}), and the page fails to build: fix the JavaScript, or if the line is prose, do not start it with `import`/`export`",
                    r.reason
                ),
                None,
            );
        }
        pos
    }
}
