//! JavaScript inside pages: skipping expressions, JSX and template literals
//! to their end (for the scanner and the ESM reader), and the expressions
//! the platform's parser (acorn) surely refuses.

/// Skip JavaScript from `p` to the `close` byte at depth 0 (strings,
/// template literals, comments, JSX and nested brackets skipped). Returns
/// the index of `close`, or `None` when the text ends first.
pub(super) fn skip_js(b: &[u8], p: usize, limit: usize, close: u8) -> Option<usize> {
    skip_js_at(b, p, limit, close, 0)
}

/// How deep JSX and expressions may nest inside each other before the
/// scanner stops looking (far beyond what a page writes; keeps the stack
/// bounded on hostile input).
const MAX_JS_DEPTH: u32 = 64;

fn skip_js_at(b: &[u8], mut p: usize, limit: usize, close: u8, nest: u32) -> Option<usize> {
    let start = p;
    let mut depth = 0usize;
    while p < limit {
        let c = b[p];
        match c {
            b'"' | b'\'' => {
                let mut q = p + 1;
                while q < limit && b[q] != c && b[q] != b'\n' {
                    if b[q] == b'\\' {
                        q += 1;
                    }
                    q += 1;
                }
                p = q + 1;
                continue;
            }
            b'`' => {
                p = skip_template(b, p + 1, limit)? + 1;
                continue;
            }
            b'/' if b.get(p + 1) == Some(&b'/') => {
                p = memchr::memchr(b'\n', &b[p..limit]).map_or(limit, |i| p + i);
                continue;
            }
            b'/' if b.get(p + 1) == Some(&b'*') => {
                p = memchr::memmem::find(&b[p + 2..limit], b"*/").map_or(limit, |i| p + 2 + i + 2);
                continue;
            }
            b'<' if jsx_may_start(b, start, p) => {
                if let Some(end) = skip_jsx(b, p, limit, nest + 1) {
                    p = end;
                    continue;
                }
            }
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => {
                if depth == 0 {
                    if c == close {
                        return Some(p);
                    }
                } else {
                    depth -= 1;
                }
            }
            _ => {}
        }
        p += 1;
    }
    None
}

/// Whether a `<` at `p` stands where JavaScript expects an operand, so that
/// it can open JSX (`(<div>`, `= <>`, `return <X`), not compare (`a < b`).
pub(super) fn jsx_may_start(b: &[u8], start: usize, p: usize) -> bool {
    let before = b[start..p].trim_ascii_end();
    let Some(&last) = before.last() else {
        return true;
    };
    if matches!(
        last,
        b'(' | b',' | b'=' | b':' | b'?' | b'[' | b'{' | b'}' | b';' | b'>' | b'&' | b'|' | b'!'
    ) {
        return true;
    }
    before.ends_with(b"return")
        && !before[..before.len() - 6]
            .last()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$'))
}

/// Skip a JSX element or fragment that starts at `p` (`b[p] == b'<'`): the
/// index just after it, or `None` when the text there does not read as one
/// (then the `<` is left to the caller as an operator). Inside JSX text,
/// quotes are literal characters: `<h2>Here you'll find</h2>` holds no
/// string.
pub(super) fn skip_jsx(b: &[u8], p: usize, limit: usize, nest: u32) -> Option<usize> {
    if nest > MAX_JS_DEPTH {
        return None;
    }
    let is_name =
        |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-' | b':');
    let mut q = p + 1;
    let name_start = q;
    if b.get(q) != Some(&b'>') {
        if !b
            .get(q)
            .is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, b'_' | b'$'))
        {
            return None;
        }
        while q < limit && is_name(b[q]) {
            q += 1;
        }
    }
    let name = &b[name_start..q];
    // Attributes, up to `>` or `/>`.
    loop {
        while q < limit && b[q].is_ascii_whitespace() {
            q += 1;
        }
        if q >= limit {
            return None;
        }
        match b[q] {
            b'/' if !name.is_empty() => {
                return (b.get(q + 1) == Some(&b'>')).then_some(q + 2);
            }
            b'>' => {
                q += 1;
                break;
            }
            b'{' if !name.is_empty() => q = skip_js_at(b, q + 1, limit, b'}', nest + 1)? + 1,
            quote @ (b'"' | b'\'') if !name.is_empty() => {
                q = q + 1 + memchr::memchr(quote, &b[q + 1..limit])? + 1;
            }
            c if !name.is_empty() && (is_name(c) || c == b'=') => q += 1,
            _ => return None,
        }
    }
    // Children: text (quotes are text), `{expressions}`, elements, then the
    // closing tag of this element.
    while q < limit {
        match b[q] {
            b'{' => q = skip_js_at(b, q + 1, limit, b'}', nest + 1)? + 1,
            b'<' if b.get(q + 1) == Some(&b'/') => {
                let close = q + 2 + memchr::memchr(b'>', &b[q + 2..limit])?;
                return (b[q + 2..close].trim_ascii() == name).then_some(close + 1);
            }
            b'<' => q = skip_jsx(b, q, limit, nest + 1)?,
            _ => q += 1,
        }
    }
    None
}

/// Skip a template literal's body from `p` (after the backtick): the index
/// of the closing backtick.
pub(super) fn skip_template(b: &[u8], mut p: usize, limit: usize) -> Option<usize> {
    while p < limit && b[p] != b'`' {
        if b[p] == b'\\' {
            p += 1;
        } else if b[p] == b'$' && b.get(p + 1) == Some(&b'{') {
            p = skip_js(b, p + 2, limit, b'}')?;
        }
        p += 1;
    }
    (p < limit).then_some(p)
}

/// Where acorn, the platform's JavaScript parser, refuses the expression
/// `b[start..end]` (the text between `{` and `}`), as an offset into `b`:
/// the place acorn reports. `None` when the expression parses, or when this
/// checker cannot tell: it follows the shape of expressions (operands and
/// operators, brackets, ternaries, member access) and treats what it does
/// not follow (object literals, function bodies, JSX, templates, classes)
/// as opaque, so that it never refuses what acorn accepts.
pub(super) fn expression_error(b: &[u8], start: usize, end: usize) -> Option<usize> {
    let mut stack = vec![Frame::new(Ctx::Top, start)];
    let mut p = start;
    loop {
        let (q, open_comment) = skip_trivia(b, p, end)?;
        p = q;
        let depth = stack.len();
        let f = stack.last_mut().expect("never empty");
        if open_comment {
            // A `//` comment the closing brace ends: the platform takes the
            // brace as commented out, so something is left after the
            // expression (or it has none).
            return Some(f.leftover(end));
        }
        if p >= end {
            return (depth > 1 || f.needs_operand || f.ternary > 0).then_some(end);
        }
        let c = b[p];
        let arrow = std::mem::take(&mut f.arrow);
        // After `.` or `?.`: a property name (keywords included).
        if f.member {
            if is_ident_start(c) {
                let q = ident_end(b, p, end);
                f.operand(q);
                p = q;
                continue;
            }
            if !(c == b'(' || c == b'[') || !f.optional {
                return Some(p);
            }
        }
        match c {
            b')' | b']' => {
                let want = if c == b')' { Ctx::Paren } else { Ctx::Bracket };
                if f.ctx != want {
                    return Some(f.leftover(p));
                }
                if f.needs_operand || f.ternary > 0 {
                    return Some(p);
                }
                stack.pop();
                stack.last_mut().expect("top stays").operand(p + 1);
                p += 1;
            }
            b'(' | b'[' => {
                // A call or member after an operand, a group or an array
                // before one.
                f.member = false;
                stack.push(Frame::new(
                    if c == b'(' { Ctx::Paren } else { Ctx::Bracket },
                    p + 1,
                ));
                p += 1;
            }
            b'{' => {
                if !f.expect {
                    return Some(f.leftover(p));
                }
                // An object literal, or an arrow function's body.
                let close = skip_js(b, p + 1, end, b'}')?;
                if !arrow && let Some(at) = object_error(b, p + 1, close) {
                    return Some(at);
                }
                f.operand(close + 1);
                p = close + 1;
            }
            b'`' => {
                // A template, or a tagged template after an operand.
                let close = skip_template(b, p + 1, end)?;
                f.operand(close + 1);
                p = close + 1;
            }
            b'"' | b'\'' => {
                if !f.expect {
                    return Some(f.leftover(p));
                }
                let mut q = p + 1;
                loop {
                    match b.get(q) {
                        _ if q >= end => return Some(p),
                        Some(&x) if x == c => break,
                        Some(b'\\') => q += 2,
                        Some(b'\n' | b'\r') => return Some(p),
                        _ => q += 1,
                    }
                }
                f.operand(q + 1);
                p = q + 1;
            }
            b'0'..=b'9' => {
                if !f.expect {
                    return Some(f.leftover(p));
                }
                let q = number_end(b, p, end);
                if q < end && (is_ident_start(b[q]) || b[q].is_ascii_digit()) {
                    // "Identifier directly after number" (`10px`).
                    return Some(q);
                }
                f.operand(q);
                p = q;
            }
            b'.' if f.expect && b.get(p + 1).is_some_and(u8::is_ascii_digit) => {
                let q = number_end(b, p, end);
                f.operand(q);
                p = q;
            }
            c if is_ident_start(c) => {
                let q = ident_end(b, p, end);
                let word = &b[p..q];
                if !f.expect {
                    if word == b"in" || word == b"instanceof" {
                        f.operator();
                        p = q;
                        continue;
                    }
                    return Some(f.leftover(p));
                }
                match word {
                    b"typeof" | b"void" | b"delete" | b"await" | b"new" | b"yield" => {
                        f.needs_operand = true;
                    }
                    b"async" => {
                        // `async x => …`, `async function …`: a prefix here.
                        let n = skip_trivia(b, q, end)?.0;
                        if n < end && is_ident_start(b[n]) {
                            f.needs_operand = true;
                        } else {
                            f.operand(q);
                        }
                    }
                    b"function" => {
                        let e = function_end(b, q, end)?;
                        f.operand(e);
                        p = e;
                        continue;
                    }
                    b"class" => return None,
                    b"in" | b"instanceof" => return Some(p),
                    w if STATEMENT_KEYWORDS.contains(&w) => return Some(p),
                    _ => f.operand(q),
                }
                p = q;
            }
            b'<' if f.expect => {
                let e = skip_jsx(b, p, end, 1)?;
                f.operand(e);
                p = e;
            }
            b'/' if f.expect => {
                let e = regex_end(b, p, end)?;
                f.operand(e);
                p = e;
            }
            b'\\' => return None,
            // A private name (`#x`) outside a class: refused at the `#`,
            // or after it when no name follows.
            b'#' if f.expect => {
                return Some(
                    if b.get(p + 1).is_some_and(|&c| is_ident_start(c)) && p + 1 < end {
                        p
                    } else {
                        p + 1
                    },
                );
            }
            _ => {
                let Some(op) = OPERATORS.iter().find(|op| b[p..end].starts_with(op)) else {
                    // `@`, `#`, and other characters no token starts with.
                    return Some(f.leftover(p));
                };
                let q = p + op.len();
                match *op {
                    b"=>" => {
                        if f.expect {
                            return Some(p);
                        }
                        f.operator();
                        f.arrow = true;
                        p = q;
                        continue;
                    }
                    b"." | b"?." => {
                        if f.expect {
                            return Some(p);
                        }
                        f.member = true;
                        f.optional = *op == b"?.";
                        f.expect = true;
                        f.needs_operand = true;
                    }
                    // A spread spreads into arguments or an array, never
                    // on its own.
                    b"..." if f.ctx == Ctx::Top => return Some(p),
                    b"..." => f.needs_operand = true,
                    b"," => {
                        if f.expect {
                            if f.ctx == Ctx::Top {
                                return Some(p);
                            }
                        } else {
                            f.expect = true;
                            // A trailing comma ends arguments, arrays and
                            // arrow parameters, never an expression.
                            f.needs_operand = f.ctx == Ctx::Top;
                        }
                    }
                    b"?" => {
                        if f.expect {
                            return Some(p);
                        }
                        f.ternary += 1;
                        f.operator();
                    }
                    b":" => {
                        if f.expect || f.ternary == 0 {
                            return Some(if f.expect { p } else { f.leftover(p) });
                        }
                        f.ternary -= 1;
                        f.operator();
                    }
                    b";" => return Some(if f.expect { p } else { f.leftover(p) }),
                    b"++" | b"--" => {
                        if f.expect {
                            f.needs_operand = true;
                        } else {
                            f.last_end = q;
                        }
                    }
                    b"!" | b"~" => {
                        if !f.expect {
                            return Some(f.leftover(p));
                        }
                        f.needs_operand = true;
                    }
                    b"+" | b"-" => {
                        if f.expect {
                            f.needs_operand = true;
                        } else {
                            f.operator();
                        }
                    }
                    _ => {
                        if f.expect {
                            return Some(p);
                        }
                        f.operator();
                    }
                }
                p = q;
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Top,
    Paren,
    Bracket,
}

/// One level of the expression checker: the whole expression, or the
/// inside of `(…)` / `[…]`.
struct Frame {
    ctx: Ctx,
    /// The next token starts an operand (else an operator follows).
    expect: bool,
    /// An operator was read that needs its operand.
    needs_operand: bool,
    /// After `.` or `?.`: a property name follows.
    member: bool,
    /// The `.` was `?.` (then `(` and `[` may follow too).
    optional: bool,
    /// `?` still waiting for their `:`.
    ternary: u32,
    /// Right after `=>`: a `{` opens a function body, not an object.
    arrow: bool,
    /// End of the last operand: where acorn, having read a whole
    /// expression, says that something else follows.
    last_end: usize,
}

impl Frame {
    fn new(ctx: Ctx, at: usize) -> Frame {
        Frame {
            ctx,
            expect: true,
            needs_operand: false,
            member: false,
            optional: false,
            ternary: 0,
            arrow: false,
            last_end: at,
        }
    }

    fn operand(&mut self, end: usize) {
        self.expect = false;
        self.needs_operand = false;
        self.member = false;
        self.last_end = end;
    }

    fn operator(&mut self) {
        self.expect = true;
        self.needs_operand = true;
    }

    /// Where acorn stops on a token that cannot continue the expression:
    /// at the top, `parseExpressionAt` ends the expression before it and
    /// the platform reports the end of what it read; inside brackets,
    /// acorn reports the token.
    fn leftover(&self, p: usize) -> usize {
        if self.ctx == Ctx::Top && !self.expect {
            self.last_end
        } else {
            p
        }
    }
}

/// Keywords that start statements, never expressions (acorn: "Unexpected
/// keyword"). Words reserved in strict code only (`let`, `static`, …) are
/// left out: the checker stays on the safe side.
const STATEMENT_KEYWORDS: &[&[u8]] = &[
    b"break",
    b"case",
    b"catch",
    b"const",
    b"continue",
    b"debugger",
    b"default",
    b"do",
    b"else",
    b"enum",
    b"export",
    b"extends",
    b"finally",
    b"for",
    b"if",
    b"return",
    b"switch",
    b"throw",
    b"try",
    b"var",
    b"while",
    b"with",
];

/// Punctuators, longest first.
const OPERATORS: &[&[u8]] = &[
    b">>>=", b"...", b"===", b"!==", b"**=", b"<<=", b">>=", b">>>", b"&&=", b"||=", b"??=", b"=>",
    b"==", b"!=", b"<=", b">=", b"&&", b"||", b"??", b"?.", b"++", b"--", b"+=", b"-=", b"*=",
    b"/=", b"%=", b"&=", b"|=", b"^=", b"**", b"<<", b">>", b".", b",", b"?", b":", b";", b"+",
    b"-", b"*", b"/", b"%", b"<", b">", b"=", b"&", b"|", b"^", b"!", b"~",
];

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80
}

fn ident_end(b: &[u8], mut p: usize, end: usize) -> usize {
    while p < end && (is_ident_start(b[p]) || b[p].is_ascii_digit()) {
        p += 1;
    }
    p
}

/// Whitespace and comments from `p`: where they end, and whether a `//`
/// comment ran to `end` without a line end. `None` on a `/*` never closed.
fn skip_trivia(b: &[u8], mut p: usize, end: usize) -> Option<(usize, bool)> {
    while p < end {
        match b[p] {
            c if c.is_ascii_whitespace() => p += 1,
            b'/' if b.get(p + 1) == Some(&b'/') => match memchr::memchr(b'\n', &b[p..end]) {
                Some(i) => p += i,
                None => return Some((end, true)),
            },
            b'/' if b.get(p + 1) == Some(&b'*') => {
                p = p + 2 + memchr::memmem::find(&b[p + 2..end], b"*/")? + 2;
            }
            _ => break,
        }
    }
    Some((p.min(end), false))
}

fn number_end(b: &[u8], mut p: usize, end: usize) -> usize {
    if b[p] == b'0' && matches!(b.get(p + 1), Some(b'x' | b'X' | b'o' | b'O' | b'b' | b'B')) {
        p += 2;
        while p < end && (b[p].is_ascii_hexdigit() || b[p] == b'_') {
            p += 1;
        }
    } else {
        while p < end && (b[p].is_ascii_digit() || b[p] == b'_') {
            p += 1;
        }
        if p < end && b[p] == b'.' {
            p += 1;
            while p < end && (b[p].is_ascii_digit() || b[p] == b'_') {
                p += 1;
            }
        }
        if p < end && (b[p] == b'e' || b[p] == b'E') {
            let mut q = p + 1;
            if q < end && (b[q] == b'+' || b[q] == b'-') {
                q += 1;
            }
            if q < end && b[q].is_ascii_digit() {
                p = q;
                while p < end && b[p].is_ascii_digit() {
                    p += 1;
                }
            }
        }
    }
    if p < end && b[p] == b'n' {
        p += 1;
    }
    p
}

/// A regular expression literal at `p` (`/`): its end after the flags.
fn regex_end(b: &[u8], p: usize, end: usize) -> Option<usize> {
    let mut q = p + 1;
    let mut class = false;
    loop {
        match *b.get(q).filter(|_| q < end)? {
            b'\\' => q += 1,
            b'[' => class = true,
            b']' => class = false,
            b'/' if !class => break,
            b'\n' | b'\r' => return None,
            _ => {}
        }
        q += 1;
    }
    Some(ident_end(b, q + 1, end))
}

/// `function name(params) { body }` after the keyword: the end of the body.
fn function_end(b: &[u8], p: usize, end: usize) -> Option<usize> {
    let mut q = skip_trivia(b, p, end)?.0;
    if b.get(q) == Some(&b'*') {
        q = skip_trivia(b, q + 1, end)?.0;
    }
    if q < end && is_ident_start(b[q]) {
        q = skip_trivia(b, ident_end(b, q, end), end)?.0;
    }
    if b.get(q) != Some(&b'(') {
        return None;
    }
    let close = skip_js(b, q + 1, end, b')')?;
    let q = skip_trivia(b, close + 1, end)?.0;
    if b.get(q) != Some(&b'{') {
        return None;
    }
    Some(skip_js(b, q + 1, end, b'}')? + 1)
}

/// Where acorn refuses the object literal whose inside is `b[start..end]`,
/// judged by its first property only: a name followed by something that
/// neither ends it (`,` `}`) nor gives its value (`:` `(` `=`), as in the
/// `{{ name.path }}` or `{{ kebab-case }}` of template languages.
pub(super) fn object_error(b: &[u8], start: usize, end: usize) -> Option<usize> {
    let (p, open_comment) = skip_trivia(b, start, end)?;
    if open_comment || p >= end || !is_ident_start(b[p]) {
        return None;
    }
    let q = ident_end(b, p, end);
    if matches!(&b[p..q], b"get" | b"set" | b"async" | b"static") {
        return None;
    }
    let (r, open_comment) = skip_trivia(b, q, end)?;
    if open_comment || r >= end || matches!(b[r], b',' | b':' | b'(' | b'=') {
        return None;
    }
    Some(r)
}
