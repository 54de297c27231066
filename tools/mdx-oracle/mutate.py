"""Generated MDX pages for the differential run (`mdxdiff.py`): windows of real pages with
mutations that put their content in the places where Markdown's container rules and MDX meet
(block quotes, list items, fences, code spans, tables, JSX over several lines, expressions,
HTML, math). Every page follows from (seed, index) alone: the same seed gives the same pages
from the same corpus.
"""
import os
import random
import re

# Platform components and plain HTML, with attributes, as pages write them.
COMPONENTS = [
    ("Note", ""), ("Warning", ""), ("Tip", ""), ("Info", ""), ("Check", ""),
    ("Card", ' title="Get started" href="/quickstart"'),
    ("Card", ' title="API" icon="code" href="/api-reference/introduction"'),
    ("Tooltip", ' tip="Shown on hover"'), ("Tooltip", ' tip="use <T> or a|b here"'),
    ("Accordion", ' title="Details"'), ("Step", ' title="Install"'),
    ("Tab", ' title="Python"'), ("Frame", ' caption="A picture"'),
    ("ParamField", ' path="id" type="string" required'),
    ("ResponseField", ' name="data" type="object"'),
    ("CodeGroup", ""), ("Expandable", ' title="properties"'),
    ("div", ' className="grid"'), ("span", ' style={{ color: "red" }}'),
    ("a", ' href="https://example.com"'), ("b", ""), ("strong", ""), ("sup", ""),
]
VOID = ["<br>", "<br/>", "<br />", '<img src="/images/a.png">', '<img src="/images/a.png" />',
        "<hr>", '<source src="a.mp4" />']

EXPRESSIONS_OK = [
    "{1 + 2}", "{props.title}", "{/* a comment */}", "{`template ${x}`}", "{'string'}",
    '{"a}b"}', "{[1, 2].map((n) => <b key={n}>{n}</b>)}", "{a ? b : c}", "{x => x * 2}",
    "{{ a: 1 }}", "{new Date().getFullYear()}", "{-1}", "{!done}", "{a?.b ?? c}",
    "{(a, b)}", "{typeof x}", "{async () => { await f(); }}", "{/^a+$/.test(s)}", "{}",
    "{ }", "{a /* c */ + b}", "{<Note>in</Note>}", "{function f() { return 1 }}",
    "{[a,]}", "{f(a,)}", "{x++}", "{a\n+ b}", "{1_000}", "{0x1F}", "{.5}", "{a in b}",
    "{a instanceof B}", "{void 0}", "{...[]}", "{`a\n${b}`}", "{class A {}}",
]
EXPRESSIONS_BAD = [
    "{1 +}", "{a b}", "{Note that this is text}", "{foo bar baz}", "{a +\n}", "{(a}",
    "{a ? b}", "{1 2}", "{'a' 'b'}", "{x.}", "{10px}", "{a = }", "{=> 1}", "{!}", "{a..b}",
    "{return x}", "{a, }", "{#id}", "{@user}", "{a:b}", "{key: value}", "{if (a) b}",
    "{a => }", "{typeof}", "{[1, 2}", "{'unclosed}", '{"multi\nline"}', "{a\nb}",
]
WORDS = ("the of and to in is you that it for on with as are this be or by from at your "
         "can use data api key user request response value field page site docs run").split()
CODE_SPANS = [
    "`<id|name>`", "`<a/b=c>`", "`a|b`", "`x \\| y`", "`{id}`", "`<T>`", "`a < b`",
    "`--flag=<value>`", "`Array<string>`", "``a`b``", "`$HOME`", "`<br>`",
]
MATH = ["$x^2$", "$$x$$", "$a < b$", "$\\frac{1}{2}$", "$5 and $10", "$", "$$\n\\sum_i x_i\n$$"]


def pages_under(dirs):
    """Every .mdx page under the given folders, sorted, as paths."""
    out = []
    for d in dirs:
        for root, subdirs, files in os.walk(d):
            subdirs[:] = sorted(s for s in subdirs if not s.startswith(".") and s != "node_modules")
            out.extend(os.path.join(root, f) for f in sorted(files) if f.endswith(".mdx"))
    return out


def split_front_matter(text):
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end >= 0:
            return text[: end + 5], text[end + 5:]
    return "", text


def blocks(lines):
    """Start indices of top-level blocks: after a blank line, outside fences."""
    starts = [0]
    fence = None
    for i, line in enumerate(lines):
        s = line.lstrip()
        m = re.match(r"(`{3,}|~{3,})", s)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not s[len(m.group(1)):].strip():
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        if not line.strip() and i + 1 < len(lines) and not line.startswith(" "):
            starts.append(i + 1)
    return starts


def window(rng, text):
    """A run of whole top-level blocks of the page, about 8 to 45 lines."""
    fm, body = split_front_matter(text)
    lines = body.split("\n")
    starts = blocks(lines)
    a = rng.choice(starts)
    ends = [s for s in starts if s > a] + [len(lines)]
    want = rng.randint(8, 45)
    b = next((e for e in ends if e - a >= want), ends[-1])
    out = lines[a:b]
    while out and not out[-1].strip():
        out.pop()
    head = fm if fm and rng.random() < 0.3 else ""
    return head, out


def words(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def span(rng, lines):
    """A random non-empty range [a, b) of line indices."""
    if not lines:
        return 0, 0
    a = rng.randrange(len(lines))
    b = min(len(lines), a + rng.randint(1, 8))
    return a, b


def component(rng, multiline, prefix=""):
    name, attrs = rng.choice(COMPONENTS)
    if multiline and attrs.strip():
        parts = re.findall(r'\S+=(?:"[^"]*"|\{\{[^}]*\}\}|\{[^}]*\})|\S+', attrs)
        open_tag = f"<{name}\n" + "".join(f"{prefix}  {p}\n" for p in parts) + f"{prefix}>"
    else:
        open_tag = f"<{name}{attrs}>"
    return name, open_tag


# Each mutation takes (rng, lines) and returns the new lines and a short label.

def m_quote(rng, lines):
    a, b = span(rng, lines)
    marker = rng.choice(["> ", "> ", ">", "> > ", ">  "])
    lazy = rng.random() < 0.25
    out = lines[:a]
    for i, line in enumerate(lines[a:b]):
        if lazy and i > 0 and rng.random() < 0.4:
            out.append(line)
        else:
            out.append(marker + line if line.strip() else marker.rstrip())
    return out + lines[b:], f"quote{'-lazy' if lazy else ''} {a}-{b}"


def m_list(rng, lines):
    a, b = span(rng, lines)
    marker = rng.choice(["- ", "* ", "1. ", "2) ", "+ ", "-   "])
    indent = " " * len(marker)
    style = rng.choice(["ok", "ok", "short", "lazy", "items"])
    out = lines[:a]
    for i, line in enumerate(lines[a:b]):
        if i == 0 or (style == "items" and line.strip() and rng.random() < 0.4):
            out.append(marker + line.lstrip() if line.strip() else marker.rstrip())
        elif not line.strip():
            out.append("")
        elif style == "short":
            out.append(indent[:-1] + line)
        elif style == "lazy" and rng.random() < 0.5:
            out.append(line)
        else:
            out.append(indent + line)
    return out + lines[b:], f"list-{style} {a}-{b}"


def m_nest(rng, lines):
    """Indent a range by 2 or 4 (a nested list item or more content)."""
    a, b = span(rng, lines)
    pad = " " * rng.choice([2, 3, 4])
    return lines[:a] + [pad + l if l.strip() else l for l in lines[a:b]] + lines[b:], f"indent {a}-{b}"


def m_fence(rng, lines):
    a, b = span(rng, lines)
    fence = rng.choice(["```", "```js", "~~~", "````", "```mdx"])
    pad = re.match(r"[ >]*", lines[a]).group(0) if lines else ""
    body = lines[:a] + [pad + fence] + lines[a:b]
    if rng.random() < 0.6:
        body.append(pad + fence[:4].rstrip("jsmdx") if fence.startswith("`") else pad + fence)
        label = "fence"
    else:
        label = "fence-open"
    return body + lines[b:], f"{label} {a}-{b}"


def m_backtick(rng, lines):
    if not lines:
        return lines, "backtick-none"
    i = rng.randrange(len(lines))
    line = lines[i]
    kind = rng.choice(["stray", "span", "cross", "cross-lt"])
    if kind == "stray":
        at = rng.randint(0, len(line))
        lines[i] = line[:at] + "`" + line[at:]
    elif kind == "span":
        at = rng.randint(0, len(line))
        lines[i] = line[:at] + " " + rng.choice(CODE_SPANS) + " " + line[at:]
    elif kind == "cross":
        lines[i] = line + " `code"
        lines.insert(i + 1, "continued` " + words(rng, 3))
    else:
        lines[i] = line + " `" + rng.choice(["id", "a", "x"])
        lines.insert(i + 1, rng.choice(["<id|name>` more", "<a/b=c>` text", "<T>` ok", "<br>` x",
                                          "<Note>` y", "</b>` z"]))
    return lines, f"backtick-{kind} {i}"


def m_table(rng, lines):
    i = rng.randint(0, len(lines))
    cols = rng.randint(1, 3)
    cell_pool = CODE_SPANS + ["plain", "<b>bold</b>", "<br />", "<br>", "a \\| b", "[link](/x)",
                              "{1 + 1}", "$x$", "<Tooltip tip=\"t\">x</Tooltip>", "<b>open", ""]
    def row():
        return "| " + " | ".join(rng.choice(cell_pool) for _ in range(cols)) + " |"
    head = "| " + " | ".join(words(rng, 1) for _ in range(cols)) + " |"
    delim = "| " + " | ".join("---" for _ in range(cols if rng.random() < 0.9 else cols + 1)) + " |"
    table = [head, delim] + [row() for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.2:
        table.append(words(rng, 3))  # a row without pipes
    gap = [""] if rng.random() < 0.7 else []
    return lines[:i] + gap + table + gap + lines[i:], f"table {i}"


def m_jsx(rng, lines):
    a, b = span(rng, lines)
    pad = re.match(r"[ >]*", lines[a]).group(0) if lines else ""
    multiline = rng.random() < 0.6
    name, open_tag = component(rng, multiline, pad.rstrip(" ") + " " if pad.strip() else pad)
    close = f"</{name}>"
    style = rng.choice(["wrap", "wrap", "inline", "unclosed", "selfclose"])
    if style == "inline":
        i = a
        lines[i] = lines[i] + f" {open_tag}{words(rng, 2)}{close}"
        return lines, f"jsx-inline {i}"
    if style == "selfclose":
        tag = open_tag[:-1] + " />"
        return lines[:a] + [pad + tag] + lines[a:], f"jsx-self {a}"
    body = lines[:a] + [pad + open_tag] + lines[a:b]
    if style == "wrap":
        body.append(pad + close)
    return body + lines[b:], f"jsx-{style} {a}-{b}"


def m_expression(rng, lines):
    i = rng.randint(0, max(0, len(lines) - 1))
    e = rng.choice(EXPRESSIONS_OK if rng.random() < 0.5 else EXPRESSIONS_BAD)
    if lines and rng.random() < 0.5:
        line = lines[i]
        at = rng.randint(0, len(line))
        lines[i] = line[:at] + " " + e + " " + line[at:]
        return lines, f"expr-inline {i}"
    return lines[:i] + [e] + lines[i:], f"expr-flow {i}"


def m_html(rng, lines):
    i = rng.randint(0, max(0, len(lines) - 1))
    h = rng.choice(VOID + ["<!-- note -->", "<div>", "</div>", "<https://example.com>", "a < b", "<5",
                           "<details><summary>x</summary>", "<T>", "<x|y>"])
    if lines and rng.random() < 0.6:
        lines[i] = lines[i] + " " + h
    else:
        lines.insert(i, h)
    return lines, f"html {i}"


def m_math(rng, lines):
    i = rng.randint(0, max(0, len(lines) - 1))
    m = rng.choice(MATH)
    if lines and "\n" not in m and rng.random() < 0.6:
        lines[i] = lines[i] + " " + m
    else:
        lines[i:i] = m.split("\n")
    return lines, f"math {i}"


def m_hard_break(rng, lines):
    closers = [k for k, l in enumerate(lines) if l.lstrip(" >").startswith("</")]
    if closers and rng.random() < 0.7:
        k = rng.choice(closers)
        if k > 0:
            lines[k - 1] = lines[k - 1] + "\\"
            return lines, f"hardbreak {k - 1}"
    i = rng.randint(0, max(0, len(lines) - 1))
    if lines:
        lines[i] = lines[i] + rng.choice(["\\", "  "])
    return lines, f"hardbreak {i}"


def m_lines(rng, lines):
    if len(lines) < 2:
        return lines, "lines-none"
    i = rng.randrange(len(lines) - 1)
    kind = rng.choice(["delete", "dup", "swap", "blank", "unblank"])
    if kind == "delete":
        del lines[i]
    elif kind == "dup":
        lines.insert(i, lines[i])
    elif kind == "swap":
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif kind == "blank":
        lines.insert(i, "")
    else:
        blanks = [k for k, l in enumerate(lines) if not l.strip()]
        if blanks:
            del lines[rng.choice(blanks)]
    return lines, f"lines-{kind} {i}"


MUTATIONS = [
    (m_quote, 4), (m_list, 4), (m_nest, 2), (m_fence, 2), (m_backtick, 3), (m_table, 2),
    (m_jsx, 4), (m_expression, 3), (m_html, 2), (m_math, 1), (m_hard_break, 2), (m_lines, 3),
]


def generate(seed, index, sources):
    """Page number `index` of the run with this seed: (text, source path, mutation labels)."""
    rng = random.Random(f"{seed}:{index}")
    src = sources[rng.randrange(len(sources))]
    with open(src, encoding="utf-8", errors="replace") as f:
        text = f.read().replace("\r\n", "\n")
    head, lines = window(rng, text)
    labels = []
    fns = [f for f, _ in MUTATIONS]
    weights = [w for _, w in MUTATIONS]
    for _ in range(rng.choice([1, 1, 2, 2, 3, 4])):
        fn = rng.choices(fns, weights)[0]
        if not lines:
            lines = [words(rng, 6)]
        lines, label = fn(rng, list(lines))
        labels.append(label)
    return head + "\n".join(lines) + "\n", src, labels
