#!/usr/bin/env python3
"""Regenerate src/schema/data/components.json: the platform's built-in page components.

Usage:
  python3 tools/components/extract.py [DOCS_SITE] [--npm COMPONENTS_PKG] [--common COMMON_PKG]

DOCS_SITE (default ../shared/corpus/sites/mintlify__docs next to the repository) is the
platform's own documentation site: every `components/*.mdx` page documents one or more
components, each prop a `<ParamField>`/`<ResponseField>` with `type`, `default`, `required`
and its description (enum values come from "Options: `a`, `b`" / "One of `a`, `b`" / a
bullet list of `- \`a\`: ...` in it). Shared props come from the snippets the pages render
(`<IconsOptional />` -> snippets/icons-optional.mdx).

Cross-checks (optional, for review; the output records where the sources disagree):
  --npm    an unpacked npm `@mintlify/components` package (`npm pack @mintlify/components`,
           tar xzf): its TypeScript prop types. Props only there are recorded with
           "source": "npm" (accepted, not offered first); props only in the docs keep
           "source": "docs" and the disagreement is listed under "notes".
  --common an installed npm `@mintlify/common`: its `allowedComponents` (dist/mdx/utils.js)
           is the list of names the platform's renderer keeps; the script fails if
           KNOWN_NAMES below has drifted from it.

Without the npm packages the script still runs, from the docs and the tables below.
The output is plain JSON: hand edits are fine, the next run overwrites them, so put lasting
corrections in the tables of this script (EXTRA, ALIASES, NOTES).
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(REPO, "src", "schema", "data", "components.json")
DEFAULT_SITE = next(
    (p for p in (os.path.normpath(os.path.join(REPO, up, "shared", "corpus", "sites", "mintlify__docs")) for up in ("..", "../.."))
     if os.path.isdir(p)),
    "../shared/corpus/sites/mintlify__docs",
)

# Which component(s) the props of each page (or of a section, by heading text) belong to.
# A section heading not listed keeps the page's current component.
PAGES = {
    "accordions": {"default": ["Accordion"]},
    "badge": {"default": ["Badge"]},
    "callouts": {"default": ["Callout"]},
    "cards": {"default": ["Card"]},
    "code-groups": {"default": ["CodeGroup"]},
    "color": {"default": ["Color"], "sections": {"Color": ["Color"], "Color.Row": ["Color.Row"], "Color.Item": ["Color.Item"]}},
    "columns": {"default": ["Columns"]},
    "examples": {"default": ["RequestExample", "ResponseExample"]},
    "expandables": {"default": ["Expandable"], "props_after": "Properties"},
    "fields": {"default": ["ParamField"], "sections": {"Parameter field": ["ParamField"], "Response field": ["ResponseField"]}, "props_after": "Properties"},
    "frames": {"default": ["Frame"]},
    "github": {"default": ["GitHub.Repo"]},
    "icons": {"default": ["Icon"]},
    "mermaid-diagrams": {"default": ["Mermaid"]},
    "panel": {"default": ["Panel"]},
    "prompt": {"default": ["Prompt"]},
    "responses": {"default": ["ResponseField"], "props_after": "Props"},
    "steps": {"default": ["Steps"], "sections": {"Steps properties": ["Steps"], "Individual step properties": ["Step"]}},
    "tabs": {"default": ["Tabs"], "sections": {"Tabs properties": ["Tabs"], "Tab properties": ["Tab"]}},
    "tiles": {"default": ["Tile"]},
    "tooltips": {"default": ["Tooltip"]},
    "tree": {"default": ["Tree"], "sections": {"Tree.Folder": ["Tree.Folder"], "Tree.File": ["Tree.File"]}},
    "update": {"default": ["Update"]},
    "view": {"default": ["View"]},
    "visibility": {"default": ["Visibility"]},
}
# Pages of components/ that document no component (banner: a docs.json setting; index: overview).
SKIP = {"banner", "index"}
# Components documented on a page under another name (no props of their own there).
MENTIONED = {
    "accordions": ["AccordionGroup"],
    "callouts": ["Note", "Warning", "Info", "Tip", "Check", "Danger"],
    "columns": ["Column"],
    "tree": ["FileTree", "Tree.Folder", "Tree.File"],
}
# Second names the platform registers for the same component.
ALIASES = {"FileTree": "Tree", "Github.Repo": "GitHub.Repo", "Param": "ParamField"}

# Names the platform's renderer keeps (`allowedComponents` of @mintlify/common 1.0.1182,
# dist/mdx/utils.js): a block-level element whose name is not here, not defined by the page
# (`export const X`) and not brought in by a snippet import is replaced by the comment
# "Component X does not exist", i.e. its content disappears; an inline one fails to render.
KNOWN_NAMES = [
    "ApiPlayground", "Accordion", "AccordionGroup", "Badge", "Callout", "CodeGroup", "CodeBlock",
    "Color", "Color.Row", "Color.Item", "CustomCode", "CustomComponent", "DynamicCustomComponent",
    "Danger", "Tile", "Tree", "Tree.Folder", "Tree.File", "FileTree", "SnippetGroup", "Panel",
    "RequestExample", "ResponseExample", "Param", "ParamField", "Prompt", "Card", "CardGroup",
    "Columns", "Column", "Expandable", "Frame", "GitHub", "GitHub.Repo", "Github", "Github.Repo",
    "Heading", "Info", "Icon", "MDX", "Link", "MDXContentController", "ResponseField", "Warning",
    "Note", "Tip", "Check", "Tabs", "Tab", "Tooltip", "Latex", "Step", "Steps", "Update",
    "ZoomImage", "OptimizedVideo", "Mermaid", "Variation", "Visibility", "View",
]
# Lower-case tags of that same list (HTML and SVG) plus the custom tag it allows.
KNOWN_LOWER = [
    "a", "b", "br", "button", "clipPath", "col", "colgroup", "defs", "div", "form", "g", "h1", "h2",
    "h3", "h4", "head", "hr", "iframe", "img", "input", "label", "li", "link", "ol", "p", "path",
    "picture", "rect", "script", "section", "source", "span", "sub", "sup", "svg", "table", "tbody",
    "td", "th", "thead", "tr", "ul", "video", "code", "kbd", "pre", "zapier-zap-templates",
]
# Every HTML and SVG element a page may write (MDX compiles a lower-case tag to the element
# itself; React renders any of them). Never an unknown component.
HTML = sorted(set(KNOWN_LOWER) | set("""
a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption
center cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset
figcaption figure font footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input
ins kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup option
output p param picture pre progress q rp rt ruby s samp script search section select slot small
source span strike strong style sub summary sup table tbody td template textarea tfoot th thead
time title tr track tt u ul var video wbr
svg g path rect circle ellipse line polyline polygon text tspan defs use symbol clipPath mask
pattern linearGradient radialGradient stop filter image marker foreignObject desc title
feBlend feColorMatrix feComposite feFlood feGaussianBlur feOffset feMerge feMergeNode
""".split()))

# Components the platform keeps whose props the component pages do not document (or no
# longer document): props from their current or earlier docs, with the reason.
EXTRA = {
    "CardGroup": {
        "doc": "A grid of cards (superseded by `Columns` in the platform's docs, still rendered).",
        "props": {"cols": {"type": "number", "default": "2", "doc": "The number of columns per row.", "enum": [1, 2, 3, 4]}},
    },
    "Column": {"doc": "One column of a `Columns` grid, for arbitrary content.", "props": {}},
    "AccordionGroup": {"doc": "Groups accordions together.", "props": {}},
    "Heading": {
        "doc": "A heading element with a chosen level and id.",
        "props": {
            "level": {"type": "number", "doc": "Heading level.", "enum": [1, 2, 3, 4, 5, 6]},
            "id": {"type": "string", "doc": "The heading's anchor id."},
        },
        "open": True,
    },
    "Latex": {"doc": "Renders LaTeX math.", "props": {}, "open": True},
    "Link": {"doc": "A link (the platform's `Link`).", "props": {"href": {"type": "string", "doc": "Link target."}}, "open": True},
    "ZoomImage": {"doc": "An image that zooms on click.", "props": {}, "open": True},
    "OptimizedVideo": {"doc": "A video element.", "props": {}, "open": True},
    "Snippet": {
        "doc": "Inlines a snippet file from `/snippets` (older syntax; importing the snippet is preferred).",
        "props": {"file": {"type": "string", "required": True, "doc": "Snippet file name under `/snippets`."}},
        "open": True,
    },
}
# Components that pass unknown props on to an HTML element (`...props`): any prop is fine.
OPEN = {"Panel", "Update", "View", "Frame", "Icon", "CodeBlock", "MDX", "Variation", "ApiPlayground",
        "CustomCode", "CustomComponent", "DynamicCustomComponent", "MDXContentController", "SnippetGroup",
        "GitHub", "Github", "Mermaid"}

# npm @mintlify/components: which exported props type describes each component.
NPM_TYPES = {
    "Accordion": ["accordion/accordion.d.ts:AccordionProps"],
    "AccordionGroup": ["accordion/accordion-group.d.ts:AccordionGroupProps"],
    "Badge": ["badge/badge.d.ts:BadgeProps"],
    "Callout": ["callout/callout.d.ts:CalloutProps"],
    "Note": ["callout/callout.d.ts:CalloutProps"],
    "Warning": ["callout/callout.d.ts:CalloutProps"],
    "Info": ["callout/callout.d.ts:CalloutProps"],
    "Tip": ["callout/callout.d.ts:CalloutProps"],
    "Check": ["callout/callout.d.ts:CalloutProps"],
    "Danger": ["callout/callout.d.ts:CalloutProps"],
    "Card": ["card/card.d.ts:CardPropsBase", "card/card.d.ts:CardIconProps"],
    "CodeGroup": ["code-group/code-group.d.ts:CodeGroupProps"],
    "Color": ["color/color.d.ts:ColorProps"],
    "Color.Row": ["color/color.d.ts:ColorRowProps"],
    "Color.Item": ["color/color.d.ts:ColorItemProps"],
    "Columns": ["columns/columns.d.ts:ColumnsProps"],
    "Expandable": ["expandable/expandable.d.ts:ExpandableProps"],
    "Frame": ["frame/frame.d.ts:FrameProps"],
    "Icon": ["icon/icon.d.ts:IconProps"],
    "Mermaid": ["mermaid/mermaid.d.ts:MermaidProps"],
    "ParamField": ["property/property.d.ts:PropertyProps"],
    "ResponseField": ["property/property.d.ts:PropertyProps"],
    "Steps": ["steps/steps.d.ts:StepsProps"],
    "Step": ["steps/steps.d.ts:StepsItemProps"],
    "Tabs": ["tabs/tabs.d.ts:TabsProps"],
    "Tab": ["tabs/tabs.d.ts:TabsItemProps"],
    "Tile": ["tile/tile.d.ts:TileProps"],
    "Tooltip": ["tooltip/tooltip.d.ts:TooltipProps"],
    "Tree": ["tree/root.d.ts:TreeProps"],
    "Tree.File": ["tree/file.d.ts:TreeFileProps"],
    "Tree.Folder": ["tree/folder.d.ts:TreeFolderProps"],
    "Update": ["update/update.d.ts:UpdatePropsBase"],
    "View": ["view/view.d.ts:ViewPropsBase"],
}
# npm props that are internal plumbing (callbacks, refs, values the platform fills in), not
# something a page writes: not recorded.
NPM_INTERNAL = re.compile(r"^(_|on[A-Z]|track[A-Z])|Ref$|^(as|children|isLast|items|isVisible|hasContext|"
                          r"mRef|renderDescription|scrollElementIntoView|getInitialOpenFromUrl|topOffset|"
                          r"codeBlockTheme|codeBlockThemeObject|copyButtonProps|askAiButton|feedbackButton|"
                          r"feedbackModalOpen|anchorRef|panelsRef|uniqueParamId|basePath|pageType|"
                          r"navigateToHeaderAriaLabel|defaultLabel|requiredLabel|deprecatedLabel|"
                          r"openedText|closedText|lazy|location|hidden|iconLibrary|overrideColor|"
                          r"overrideSize|noMargins|isSmallText|initialSelectedTab|chart)$")
TYPED_CALLOUTS = ["Note", "Warning", "Info", "Tip", "Check", "Danger"]
# What a reader should know about a disagreement between the docs and the npm types.
NOTES = {
    **{c: "The docs say typed callouts only accept children; the npm types accept every Callout prop but `variant`." for c in TYPED_CALLOUTS},
    "Frame": "The docs' `caption` is the npm component's `description`; `hint` is rendered by the platform's wrapper.",
    "Tooltip": "The docs' `tip`/`headline` are the npm component's `description`/`title`.",
    "ParamField": "The location props (`query`, `path`, `body`, `header`, `cookie`, `auth`) name the parameter; the npm type has `name` and `location`.",
    "Card": "`type` (callout-style theme) is documented but not in the npm types.",
    "Badge": "The npm types deprecate `stroke` (use `variant=\"outline\"`) and `icon` (use `leadIcon`).",
}
# Props every built-in component accepts (React's own, and ones the platform passes through).
GLOBAL_PROPS = ["key", "className", "style"]


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def front_matter(text):
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    out = {}
    if m:
        for line in m.group(1).splitlines():
            k, _, v = line.partition(":")
            v = v.strip()
            if len(v) >= 2 and v[0] == v[-1] and v[0] in "\"'":
                v = v[1:-1]
            out[k.strip()] = v
        text = text[m.end():]
    return out, text


def strip_code(text):
    """Drop fenced code blocks (their content is examples, not documentation)."""
    out, fence = [], None
    for line in text.splitlines():
        s = line.lstrip()
        m = re.match(r"(`{3,}|~{3,})", s)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if s.startswith(fence) and s.strip() == fence[0] * len(s.strip()):
                fence = None
            continue
        out.append(line)
    return "\n".join(out)


ATTR = re.compile(r'(\w+)(?:=(?:"([^"]*)"|\'([^\']*)\'|\{([^}]*)\}))?')


def attrs(s):
    out = {}
    for m in ATTR.finditer(s):
        v = m.group(2) if m.group(2) is not None else m.group(3) if m.group(3) is not None else m.group(4)
        out[m.group(1)] = True if v is None else v
    return out


def clean_doc(s):
    lines = [l.strip() for l in s.strip().splitlines()]
    text = "\n".join(lines)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


def enum_of(doc, typ):
    if typ not in ("string", "number"):
        return None
    vals = []
    for para in re.split(r"\n\s*\n", doc):
        m = re.search(r"(Options:|One of|Valid values are)\s*(`.*)", para, re.S)
        if m:
            vals = re.findall(r"`([^`]+)`", m.group(2))
            break
        bullets = [l for l in para.splitlines() if l.strip().startswith("- ")]
        if bullets and all(re.match(r"\s*- `[^`]+`:", l) for l in bullets):
            vals = [re.match(r"\s*- `([^`]+)`", l).group(1) for l in bullets]
            break
    vals = [v.strip('"') for v in vals]
    return vals or None


FIELD = re.compile(r"<(ParamField|ResponseField)\b((?:[^>\"]|\"[^\"]*\")*)>(.*?)</\1>|<([A-Z]\w*)\s*/>|^(#{2,4})[ \t]+([^\n]+)$", re.S | re.M)


def fields(text, snippets_dir, depth=0):
    """Yield ("heading", text) and ("prop", name, attrs, doc) in order, top level only."""
    pos = 0
    while True:
        m = FIELD.search(text, pos)
        if not m:
            return
        pos = m.end()
        if m.group(5):
            yield ("heading", m.group(6).strip())
        elif m.group(4):
            name = m.group(4)
            snake = re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower()
            path = os.path.join(snippets_dir, snake + ".mdx")
            if depth < 2 and os.path.exists(path):
                _, body = front_matter(read(path))
                yield from fields(strip_code(body), snippets_dir, depth + 1)
        else:
            a = attrs(m.group(2))
            body = m.group(3)
            # Nested fields (sub-keys of an object prop) stay in the prop's documentation.
            if m.group(1) == "ParamField":
                names = [k for k in a if k not in ("type", "default", "required", "deprecated", "placeholder")]
                name = a[names[0]] if names else None
            else:
                name = a.get("name")
            if isinstance(name, str):
                yield ("prop", name, a, body)


def parse_ts_props(pkg, spec):
    """Props of one `type X = {...}` / `interface X {...}` in a .d.ts file of the npm package."""
    rel, tname = spec.split(":")
    text = read(os.path.join(pkg, "dist", "components", rel))
    m = re.search(r"(?:type\s+%s(?:<[^>]*>)?\s*=\s*\{|interface\s+%s(?:<[^>]*>)?\s*\{)" % (tname, tname), text)
    if not m:
        raise SystemExit(f"npm types: {tname} not found in {rel}")
    i, depth, start = m.end(), 1, m.end()
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    body = text[start:i - 1]
    props, depth, line = {}, 0, ""
    for ch in body:
        if depth == 0 and ch in ";\n":
            mm = re.match(r"\s*(?:/\*\*.*?\*/\s*)?(\w+)(\??):\s*(.+)", line, re.S)
            if mm:
                props[mm.group(1)] = {"type": mm.group(3).strip(), "required": mm.group(2) != "?"}
            line = ""
            continue
        depth += {"{": 1, "(": 1, "<": 1, "[": 1, "}": -1, ")": -1, ">": -1, "]": -1}.get(ch, 0)
        if ch == ">" and line.endswith("="):
            depth += 1  # `=>` is not a closing bracket
        line += ch
    # `[CONST]?: string` computed keys and comments are not props.
    return props


def npm_enums(pkg):
    """Every string-literal union type of the npm package, by name (`type X = "a" | "b"` and
    `declare const C: readonly ["a", ...]; type X = (typeof C)[number]`)."""
    consts, types = {}, {}
    for dp, _, fn in os.walk(os.path.join(pkg, "dist")):
        for f in fn:
            if not f.endswith(".d.ts"):
                continue
            t = read(os.path.join(dp, f))
            for m in re.finditer(r"declare const (\w+): readonly \[([^\]]*)\]", t):
                consts[m.group(1)] = [v.strip().strip('"') for v in m.group(2).split(",") if v.strip()]
            for m in re.finditer(r"type (\w+) = ([^;]+);", t):
                types[m.group(1)] = m.group(2).strip()
    out = {}
    for name, body in types.items():
        m = re.fullmatch(r"\(typeof (\w+)\)\[number\]", body)
        if m and m.group(1) in consts:
            out[name] = consts[m.group(1)]
        elif re.fullmatch(r'\s*("[^"]+"\s*\|?\s*)+', body):
            out[name] = re.findall(r'"([^"]+)"', body)
    return out


def npm_literal_enum(ts_type, enums):
    if ts_type in enums:
        return enums[ts_type]
    vals = re.findall(r'"([^"]+)"', ts_type)
    if vals and re.fullmatch(r'\s*("[^"]+"\s*\|?\s*)+', ts_type):
        return vals
    return None


def main(argv):
    site, npm, common = DEFAULT_SITE, None, None
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--npm":
            npm = args.pop(0)
        elif a == "--common":
            common = args.pop(0)
        else:
            site = a
    comp_dir = os.path.join(site, "components")
    snippets_dir = os.path.join(site, "snippets")
    components = {}
    notes = []

    def comp(name):
        return components.setdefault(name, {"doc": "", "docs_page": None, "props": {}})

    for fname in sorted(os.listdir(comp_dir)):
        stem = fname[:-4]
        if not fname.endswith(".mdx") or stem in SKIP:
            continue
        if stem not in PAGES:
            raise SystemExit(f"components/{fname}: not in PAGES of {__file__}: say what it documents")
        cfg = PAGES[stem]
        fm, body = front_matter(read(os.path.join(comp_dir, fname)))
        for name in cfg["default"] + MENTIONED.get(stem, []):
            c = comp(name)
            c["doc"] = c["doc"] or fm.get("description", "")
            c["docs_page"] = c["docs_page"] or f"components/{stem}"
        current = cfg["default"]
        in_props = "props_after" not in cfg
        for item in fields(strip_code(body), snippets_dir):
            if item[0] == "heading":
                h = item[1]
                if h in cfg.get("sections", {}):
                    current = cfg["sections"][h]
                    in_props = "props_after" not in cfg
                if h == cfg.get("props_after"):
                    in_props = True
                continue
            if not in_props:
                continue
            _, pname, a, doc = item
            doc = clean_doc(doc)
            typ = a.get("type", "")
            prop = {"type": typ if isinstance(typ, str) else ""}
            if a.get("required") is True or a.get("required") == "true":
                prop["required"] = True
            if isinstance(a.get("default"), str):
                prop["default"] = a["default"]
            en = enum_of(doc, prop["type"])
            if en:
                prop["enum"] = en
            prop["doc"] = doc
            prop["source"] = "docs"
            names = [pname]
            if stem == "fields" and current == ["ParamField"] and "," in pname:
                names = ["query", "path", "body", "header", "cookie", "auth"]
                prop["type"] = "string"
            for cname in current:
                for n in names:
                    comp(cname)["props"].setdefault(n, dict(prop))

    for name, extra in EXTRA.items():
        c = comp(name)
        c["doc"] = c["doc"] or extra["doc"]
        for pname, p in extra["props"].items():
            c["props"].setdefault(pname, dict(p, source="docs"))
        if extra.get("open"):
            c["open"] = True
    for name in KNOWN_NAMES:
        comp(name)
    for alias, target in ALIASES.items():
        components[alias] = dict(components[target], alias_of=target)
    for name in OPEN:
        comp(name)["open"] = True

    if npm:
        enums = npm_enums(npm)
        for cname, specs in NPM_TYPES.items():
            ts = {}
            for spec in specs:
                ts.update(parse_ts_props(npm, spec))
            c = components[cname]
            for pname, t in ts.items():
                if NPM_INTERNAL.search(pname) or (pname == "variant" and cname in TYPED_CALLOUTS):
                    continue
                if pname in c["props"]:
                    p = c["props"][pname]
                    p["source"] = "docs+npm"
                    en = npm_literal_enum(t["type"], enums)
                    if en and p.get("enum") and sorted(map(str, en)) != sorted(map(str, p["enum"])):
                        # The renderer takes what its type takes: the enum is the union.
                        extra = [v for v in en if str(v) not in map(str, p["enum"])]
                        notes.append(f"{cname}.{pname}: docs list {p['enum']}, the npm type also takes {extra}")
                        p["enum"] = p["enum"] + extra
                    elif en and not p.get("enum") and p["type"] == "string":
                        p["enum"] = en
                        notes.append(f"{cname}.{pname}: values {en} from the npm type (the docs list none)")
                else:
                    p = {"type": t["type"], "doc": "", "source": "npm"}
                    en = npm_literal_enum(t["type"], enums)
                    if en:
                        p["enum"] = en
                    c["props"][pname] = p
            for pname, p in c["props"].items():
                if p.get("source") == "docs" and pname not in ts and cname not in ("ParamField",):
                    notes.append(f"{cname}.{pname}: in the docs, not in the npm type")
        for alias, target in ALIASES.items():
            components[alias] = dict(components[target], alias_of=target)

    if common:
        text = read(os.path.join(common, "dist", "mdx", "utils.js"))
        m = re.search(r"export const allowedComponents = \[(.*?)\];", text, re.S)
        names = re.findall(r"'([^']+)'", m.group(1))
        want = set(KNOWN_NAMES) | set(KNOWN_LOWER)
        if set(names) != want:
            raise SystemExit(f"allowedComponents drifted: added {sorted(set(names) - want)}, removed {sorted(want - set(names))}")

    for name, note in NOTES.items():
        if name in components:
            components[name]["note"] = note

    out = {
        "_comment": "Generated by tools/components/extract.py from the platform's component docs; see its header.",
        "global_props": GLOBAL_PROPS,
        "html": HTML,
        "components": {k: components[k] for k in sorted(components)},
        "notes": notes,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write("\n")
    nprops = sum(len(c["props"]) for k, c in components.items() if "alias_of" not in c)
    print(f"{OUT}: {len(components)} components, {nprops} props, {len(HTML)} HTML/SVG tags, {len(notes)} notes")


if __name__ == "__main__":
    main(sys.argv[1:])
