#!/usr/bin/env python3
"""Regenerate src/schema/data/schema.json from the platform's reference schemas.

Usage: python3 tools/schema/extract.py --validation NODE_MODULES [REFERENCE_SCHEMA_DIR [PLATFORM_DOCS_DIR]]

NODE_MODULES holds the platform's validator (`npm install
@mintlify/validation@VERSION` in a scratch folder). Its zod schemas are
projected to JSON Schema by tools/schema/zod_rules.mjs (node), with what a
plain projection drops written as `x-` keywords (see src/schema/README.md):
`x-strict` (an unknown key fails the build), `x-catch` (an invalid value is
dropped), `x-trim`, `x-messages` (the platform's message for a check) and
`x-rules` (each refinement, with its message). REFERENCE_SCHEMA_DIR
(default: ../shared/reference/schema next to the repository) gives the
front matter schema, and the docs.json projection the annotated one is
compared with (a difference is printed: a newer validator changed it).
PLATFORM_DOCS_DIR (default: ../shared/corpus/sites/mintlify__docs) gives
the documented values below.

The output is the project's own copy of the schema: one JSON file with
`docs` (docs.json), `frontmatter` (page front matter) and `nav` (one object
schema per navigation element kind, plus `sourceRef`). `$ref`s stay as JSON
pointers into this file (the navigation schema is recursive, so they cannot
all be inlined); the Rust loader resolves them. Hand edits (e.g. a new
theme) are fine: they are plain JSON Schema.

Some string keys take any string in the platform's schema but have values
its documentation names (front matter `mode`: `wide`, `custom`, ...). Those
are read from the platform's docs (`SUGGESTED`) and written as suggestions
the validator accepts any string beside: `anyOf` of one `const` branch per
value (with the docs' paragraph as its description) and a plain string
branch. Completion offers them with their documentation; no string is
refused that the platform accepts.
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = os.path.join(REPO, "src", "schema", "data", "schema.json")

# Keys of the reference schemas we never read.
DROP = {"$schema", "$id", "definitions"}

# Navigation properties that hold child elements, and the element kind they hold.
CONTAINERS = {
    "groups": "group",
    "tabs": "tab",
    "anchors": "anchor",
    "dropdowns": "dropdown",
    "products": "product",
    "versions": "version",
    "languages": "language",
    "menu": "item",
}
KINDS = ["group", "tab", "anchor", "dropdown", "product", "version", "language", "item"]

# Front matter keys whose values the platform's docs name: key -> (docs page,
# `##` section). Each `###` subsection of that section whose example sets
# `key: "value"` documents one value, by the paragraphs before the example.
SUGGESTED = {
    "mode": ("organize/pages.mdx", "Page mode"),
}


def rewrite(node, prefix):
    """Copy `node`, dropping unused keys and re-rooting `#/...` refs under `prefix`."""
    if isinstance(node, list):
        return [rewrite(v, prefix) for v in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for k, v in node.items():
        if k in DROP:
            continue
        if k == "$ref" and isinstance(v, str) and v.startswith("#/"):
            out[k] = "#/" + prefix + v[1:]
        elif k in ("properties", "patternProperties") and isinstance(v, dict):
            out[k] = {name: rewrite(s, prefix) for name, s in v.items()}
        else:
            out[k] = rewrite(v, prefix)
    return out


def pointer(root, ref):
    cur = root
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        cur = cur[int(part)] if isinstance(cur, list) else cur[part]
    return cur


def resolve(root, s):
    seen = 0
    while isinstance(s, dict) and "$ref" in s and seen < 64:
        s = pointer(root, s["$ref"])
        seen += 1
    return s


def is_never(s):
    return isinstance(s, dict) and s.get("not") == {} and len(s) == 1


def nav_elements(root):
    """Union, per element kind, of the object schemas found in the navigation anyOf."""
    variants = {k: [] for k in KINDS + ["navigation"]}
    seen = set()

    def visit(s, where):
        s = resolve(root, s)
        if not isinstance(s, dict) or id(s) in seen:
            return
        seen.add(id(s))
        for branch in s.get("anyOf", []):
            visit(branch, where)
        if "items" in s:
            visit(s["items"], where)
        props = s.get("properties")
        if props is None:
            return
        kind = where or next((k for k in KINDS if k in props), None)
        if kind is None:
            return
        variants[kind].append(s)
        for name, sub in props.items():
            if name in CONTAINERS or name == "pages":
                visit(sub, None)

    for branch in pointer(root, "#/docs/properties/navigation")["anyOf"]:
        variants["navigation"].append(resolve(root, branch))
        for name, sub in resolve(root, branch)["properties"].items():
            if name in CONTAINERS or name == "pages":
                visit(sub, None)

    out = {}
    for kind, vs in variants.items():
        props = {}
        required = None
        for v in vs:
            req = set(v.get("required", []))
            required = req if required is None else required & req
            for name, sub in v["properties"].items():
                if name in props and not is_never(props[name]):
                    continue
                props[name] = element_property(root, name, sub)
        order = [n for n in vs[0].get("required", []) if required and n in required] if vs else []
        schema = {"type": "object", "properties": props, "additionalProperties": False}
        if order:
            schema["required"] = order
        if vs and all(v.get("x-strict") for v in vs):
            schema["x-strict"] = True
        else:
            when = strict_when(root, vs)
            if when:
                schema["x-strict-when"] = when
        for name in dropped_when_invalid(vs):
            props[name] = dict(props[name], **{"x-catch": True})
        alternatives = one_of_keys(vs)
        if alternatives:
            schema["x-alternatives"] = alternatives
        out[kind] = schema
    out["global"] = rewrite_global(root)
    return out


def dropped_when_invalid(variants):
    """Keys the element keeps only when their value is valid. The platform
    tries an element's variants in order and takes the first that accepts
    it; each (but strict ones) drops keys it does not declare. When a
    variant declares only the keys every variant has (a tab, anchor, ...
    with no children), an invalid key that some variants lack (`href`,
    `groups`, `pages`, ...) makes the element fall through to a variant
    that drops it: the element builds without it, as with `.catch()`."""
    loose = [v for v in variants if not v.get("x-strict")]
    if not loose:
        return []
    common = set.intersection(*(set(v["properties"]) for v in loose))
    if not any(set(v["properties"]) == common for v in loose):
        return []
    names = []
    for v in loose:
        for name in v["properties"]:
            if name not in common and name not in names:
                names.append(name)
    return names


def one_of_keys(variants):
    """When each variant requires one key of its own (the root of
    `navigation`: `products`, `languages`, ..., `pages`), those keys in the
    platform's order. It takes the first variant that accepts the object,
    each dropping the keys it does not declare: an object holding several
    builds from the first whose value is valid and drops the rest."""
    keys = [v.get("required", []) for v in variants]
    if len(keys) < 2 or any(len(k) != 1 for k in keys):
        return []
    names = [k[0] for k in keys]
    return names if len(set(names)) == len(names) else []


def strict_when(root, variants):
    """For an element kind whose variants differ in strictness (a tab with
    `graphql` or `sdk` is strict, other tabs strip unknown keys): each key
    that, when present, leaves only strict variants (it is forbidden in
    every other), with the keys those variants allow together."""
    strict = [v for v in variants if v.get("x-strict")]
    loose = [v for v in variants if not v.get("x-strict")]
    when = {}
    for v in strict:
        for key in v.get("required", []):
            if loose and all(is_never(resolve(root, l["properties"].get(key, {"not": {}}))) for l in loose):
                allowed = when.setdefault(key, [])
                for name in v["properties"]:
                    if name not in allowed:
                        allowed.append(name)
    return when


# A navigation list item with this key is a multi-repository reference
# (`{"sourceRef": "path"}`): deploys inline another repository's navigation
# there (the prebuild's `validateSourceRefDocsConfig`, strict), whatever the
# list holds otherwise.
SOURCE_REF = {"$ref": "#/nav/sourceRef", "x-if-key": "sourceRef"}


def element_property(root, name, sub):
    """A property of an element, with child elements referring to their kind's schema."""
    full = resolve(root, sub)
    desc = sub.get("description") or full.get("description")
    if name in CONTAINERS and full.get("type") == "array":
        s = {"type": "array", "items": {"anyOf": [SOURCE_REF, {"$ref": "#/nav/" + CONTAINERS[name]}]}}
    elif name == "pages":
        s = {"type": "array", "items": {"anyOf": [SOURCE_REF, page_schema(root, full), {"$ref": "#/nav/group"}]}}
    elif name == "global":
        s = {"$ref": "#/nav/global"}
    else:
        return sub
    # The list's own checks (`.min(1, "At least one group must be
    # specified")`): an empty root list is refused.
    for k in ("minItems", "maxItems", "x-messages"):
        if k in full:
            s[k] = full[k]
    if desc:
        s["description"] = desc
    return s


def page_schema(root, pages):
    """The schema of a page entry in a `pages` list (a non-empty string)."""
    for branch in pages.get("items", {}).get("anyOf", []):
        if resolve(root, branch).get("type") == "string":
            return branch
    sys.exit("a `pages` list has no string branch: review page_schema")


def rewrite_global(root):
    return {"$ref": "#/docs/properties/navigation/anyOf/0/properties/global"}


def theme_keys(docs, keys):
    """Keys only some themes have (`variations`: willow), from the
    validator's per-theme schemas, as properties marked with their themes
    (`x-themes`): with another theme the platform drops them."""
    for key, found in keys.items():
        if key in docs["properties"]:
            sys.exit(f"theme key `{key}` is also in the unified schema: review theme_keys")
        if "$ref" in json.dumps(found["schema"]):
            sys.exit(f"theme key `{key}` has a $ref of its own projection: review theme_keys")
        docs["properties"][key] = dict(found["schema"], **{"x-themes": found["themes"]})


def without_annotations(node):
    if isinstance(node, dict):
        return {k: without_annotations(v) for k, v in node.items() if not k.startswith("x-")}
    if isinstance(node, list):
        return [without_annotations(v) for v in node]
    return node


def zod_projection(node_modules):
    """docs.json's schema from the validator itself, with its zod-only facts."""
    script = os.path.join(HERE, "zod_rules.mjs")
    run = subprocess.run(["node", script, node_modules], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("zod_rules.mjs failed:\n" + run.stderr)
    return json.loads(run.stdout)


def documented_values(docs_dir, page, section, key):
    """(value, description) of each `###` subsection of `## section` of
    `page` whose YAML example sets `key`, and the section's first paragraph."""
    with open(os.path.join(docs_dir, page)) as f:
        text = f.read()
    m = re.search(r"^## " + re.escape(section) + r"\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not m:
        sys.exit(f"{page}: no section '## {section}'")
    body = m.group(1)
    parts = re.split(r"^### .*$", body, flags=re.M)
    intro = paragraphs(parts[0])
    values = []
    for part in parts[1:]:
        before, _, rest = part.partition("```")
        v = re.search(r"^" + re.escape(key) + r":\s*[\"']?([^\"'\n]+)[\"']?\s*$", rest, re.M)
        if v:
            values.append((v.group(1).strip(), "\n\n".join(paragraphs(before))))
    if not values:
        sys.exit(f"{page}: no `{key}:` values under '## {section}'")
    return (intro[0] if intro else None), values


def paragraphs(md):
    """The prose paragraphs of a Markdown fragment (no code, no components)."""
    out = []
    for block in re.split(r"\n\s*\n", md.strip()):
        block = " ".join(line.strip() for line in block.splitlines()).strip()
        if block and not block.startswith(("<", "```", "#", "|")):
            out.append(block)
    return out


def suggest(fm, docs_dir):
    for key, (page, section) in SUGGESTED.items():
        intro, values = documented_values(docs_dir, page, section, key)
        prop = fm["properties"][key]
        if prop.get("type") != "string" or "enum" in prop or "anyOf" in prop:
            sys.exit(f"front matter `{key}` is no longer a plain string: review SUGGESTED")
        branches = [{"type": "string", "const": v, "description": d} for v, d in values]
        prop["anyOf"] = branches + [{"type": "string"}]
        if intro and "description" not in prop:
            prop["description"] = intro


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    shared = os.path.join(REPO, "..", "shared")
    ap.add_argument("reference", nargs="?", default=os.path.join(shared, "reference", "schema"))
    ap.add_argument("docs", nargs="?", default=os.path.join(shared, "corpus", "sites", "mintlify__docs"))
    ap.add_argument("--validation", required=True, help="node_modules holding @mintlify/validation")
    args = ap.parse_args()
    projected = zod_projection(os.path.abspath(args.validation))
    docs = projected["docs"]
    reference = os.path.join(args.reference, "docs.unified.schema.generated.json")
    if os.path.exists(reference):
        with open(reference) as f:
            same = without_annotations(docs) == json.load(f)
        print("validator", projected["validation"] + ":", "projection equals" if same else "projection DIFFERS from", reference)
    with open(os.path.join(args.reference, "page-frontmatter.schema.generated.json")) as f:
        fm = json.load(f)
    # `href` is computed by the platform and `title` falls back to the file
    # name: requiring them in authored front matter would be a false error.
    fm.pop("required", None)
    suggest(fm, args.docs)
    root = {"docs": rewrite(docs, "docs"), "frontmatter": rewrite(fm, "frontmatter")}
    theme_keys(root["docs"], projected["themeKeys"])
    root["nav"] = nav_elements(root)
    source_ref = projected["sourceRef"]
    source_ref.pop("$schema", None)
    root["nav"]["sourceRef"] = source_ref
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(root, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("wrote", OUT, os.path.getsize(OUT), "bytes")


if __name__ == "__main__":
    main()
