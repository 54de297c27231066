#!/usr/bin/env python3
"""Differential run over real pages: every page of every site under a folder,
judged by the platform's parser and by docs-lsp, unchanged (no mutation).

    tools/mdx-oracle/realdiff.py --oracle DIR --sites DIR [--bin PATH] [--out DIR]
        [--jobs J] [--site NAME]...

--oracle DIR  a folder where `npm ci` of tools/mdx-oracle was run (as for mdxdiff.py)
--sites DIR   a folder of docs sites, one per subfolder (tools/realsites/extract.py writes them)
--bin         docs-lsp (default target/release/docs-lsp of this repository)
--out DIR     where the verdicts and the disagreements go (default /tmp/realdiff)
--site NAME   only these sites (repeatable)
--unpublished also the files the platform leaves out, by the reader alone: copies of them
              as pages of a minimal site (more real text; listed apart)
--reuse       take the platform's verdicts from OUT/platform.jsonl of an earlier run for
              pages whose text is unchanged (the oracle takes most of the time)

Which pages: the files the platform builds with its page parser, that is every `.mdx`
and `.md` file of a site (pages and `snippets/`, which the prebuild parses with the same
`getAST` when a page imports them, and which `check` checks), except what the platform
leaves out: its default ignores (`DEFAULT_MINT_IGNORES` of `@mintlify/common`: `.git`,
`.github`, `.claude`, `.agents`, `.idea`, `.vscode`, `.cursor`, `node_modules` at any
depth, `README.md`, `LICENSE.md`, `CHANGELOG.md`, `CONTRIBUTING.md` in any case, pages
under `.mintlify/`) and what the site's `.mintignore` lists (gitignore patterns, matched
by git itself). `.gitignore` is not applied: the platform builds what the repository
holds. docs-lsp's mdx-syntax errors on any other file are listed apart (`unpublished`).

Each page gets the platform's verdict (oracle.mjs: parses, or throws at line:column) and
docs-lsp's (`check --format json` on each site: its `mdx-syntax` errors). They agree as in
mdxdiff.py: both parse, or both refuse and the platform's line is one docs-lsp reports;
the place agrees exactly when one of docs-lsp's errors is at the platform's line and column.
OUT/disagreements.txt lists every page where they differ (site, page, both verdicts),
OUT/summary.txt the figures (also printed). Exit 1 when docs-lsp could not read a page.
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the repository
import mdxdiff  # noqa: E402

IGNORED_NAMES = {".git", ".github", ".claude", ".agents", ".idea", ".vscode", ".cursor",
                 "node_modules", "readme.md", "license.md", "changelog.md", "contributing.md"}


def platform_ignores(rel):
    """The platform's default ignores (model/file_kind.rs says the same)."""
    parts = rel.split("/")
    return (any(p.lower() in IGNORED_NAMES for p in parts)
            or (".mintlify" in parts[:-1]))


def mintignored(site, rels):
    """The paths of `rels` the site's `.mintignore` lists, matched by git with that file
    as the only exclude source (`ls-files --others --ignored --exclude-from`)."""
    ignore = os.path.join(site, ".mintignore")
    if not os.path.isfile(ignore) or not rels:
        return set()
    with tempfile.TemporaryDirectory() as git_dir:
        subprocess.run(["git", "init", "-q", "--bare", git_dir], check=True)
        res = subprocess.run(["git", f"--git-dir={git_dir}", f"--work-tree={site}", "ls-files",
                              "--others", "--ignored", f"--exclude-from={ignore}"],
                             capture_output=True, text=True, check=True)
    return set(res.stdout.splitlines()) & set(rels)


def pages_of(site):
    """(published, unpublished): the site's `.mdx`/`.md` files, root-relative."""
    rels = []
    for root, dirs, files in os.walk(site):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".mdx", ".md")):
                rels.append(os.path.relpath(os.path.join(root, f), site).replace(os.sep, "/"))
    dropped = {r for r in rels if platform_ignores(r)} | mintignored(site, rels)
    return [r for r in rels if r not in dropped], sorted(dropped)


def platform(oracle, files, jobs, out, reuse):
    """The platform's verdict on each file (mdxdiff.platform), kept with a hash of the
    file's text in OUT/platform.jsonl; with `reuse`, an earlier verdict on the same text
    is taken from there."""
    def digest(path):
        with open(path, "rb") as f:
            return hashlib.sha1(f.read()).hexdigest()

    cache = os.path.join(out, "platform.jsonl")
    known = {}
    if reuse and os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                v = json.loads(line)
                known[(v["file"], v["sha1"])] = tuple(v["verdict"])
    sums = {p: digest(p) for p in files}
    todo = [p for p in files if (p, sums[p]) not in known]
    verdicts = {p: known[(p, sums[p])] for p in files if (p, sums[p]) in known}
    if todo:
        verdicts.update(mdxdiff.platform(os.path.abspath(oracle), todo, jobs, out))
    with open(cache, "w") as f:
        for p in files:
            f.write(json.dumps({"file": p, "sha1": sums[p], "verdict": list(verdicts[p])}) + "\n")
    return verdicts


def compare(files, plat, mine, label):
    """The figures and the disagreements (as text) of `files`, judged as mdxdiff.py does;
    a page where both refuse on the same line but docs-lsp at no error at the platform's
    column is listed too (`other-column`)."""
    counts = dict.fromkeys(mdxdiff.KINDS, 0)
    agree = first = exact = 0
    lines = []
    for path in files:
        verdict, errs = plat[path], mine.get(path, [])
        kind = mdxdiff.judge(verdict, errs)
        counts[kind] += 1
        if kind in mdxdiff.AGREE:
            agree += 1
            first += mdxdiff.first_on_line(verdict, errs)
            # docs-lsp reports every error it finds, sorted by place; the platform stops at
            # the first its tokenizer meets (tags left open come after all of those).
            same_place = verdict[0] or (verdict[1], verdict[2]) in [(l, c) for l, c, _ in errs]
            exact += same_place
            if same_place:
                continue
            kind = "other-column"
        lines.append(f"== {label(path)} {kind}\n" + mdxdiff.verdicts_text(verdict, errs))
    return {"n": len(files), "refused": sum(1 for p in files if not plat[p][0]), "counts": counts,
            "agree": agree, "first": first, "exact": exact, "lines": lines}


def figures(res):
    n = max(res["n"], 1)
    return (f"  {res['n']} pages, {res['refused']} refused by the platform: agreement {res['agree']}/{res['n']} "
            f"= {100.0 * res['agree'] / n:.3f}% (first docs-lsp error on the platform's line: "
            f"{res['first']}/{res['n']}; an error at its line and column: {res['exact']}/{res['n']})\n"
            "  " + ", ".join(f"{k} {v}" for k, v in res["counts"].items()) + "\n")


def copy_into_site(files, site):
    """Copies of `files` as pages of a minimal site (mdxdiff.py's docs.json): {file: copy}."""
    shutil.rmtree(site, ignore_errors=True)
    os.makedirs(os.path.join(site, "p"))
    with open(os.path.join(site, "docs.json"), "w") as f:
        f.write(mdxdiff.DOCS_JSON)
    with open(os.path.join(site, "index.mdx"), "w") as f:
        f.write("# Copies\n")
    copies = {}
    for i, path in enumerate(files):
        copy = os.path.join(site, "p", f"{i:06}{os.path.splitext(path)[1]}")
        shutil.copyfile(path, copy)
        copies[path] = copy
    return copies


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--sites", required=True)
    ap.add_argument("--bin", default=os.environ.get("DOCS_LSP", os.path.join(REPO, "target/release/docs-lsp")))
    ap.add_argument("--out", default="/tmp/realdiff")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--site", action="append")
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--unpublished", action="store_true")
    a = ap.parse_args()
    sites_dir = os.path.abspath(a.sites)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    names = a.site or sorted(n for n in os.listdir(sites_dir)
                             if os.path.isfile(os.path.join(sites_dir, n, "docs.json")))
    t0 = time.monotonic()
    files, site_of, unpublished = [], {}, set()
    for name in names:
        site = os.path.join(sites_dir, name)
        published, dropped = pages_of(site)
        for rel in published:
            path = os.path.join(site, rel)
            files.append(path)
            site_of[path] = (name, rel)
        unpublished.update(os.path.join(site, r) for r in dropped)
    t1 = time.monotonic()
    plat = platform(a.oracle, files, a.jobs, out, a.reuse)
    t2 = time.monotonic()
    mine = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for found in pool.map(lambda n: mdxdiff.docs_lsp(a.bin, os.path.join(sites_dir, n)), names):
            mine.update(found)

    t3 = time.monotonic()
    crashed = sorted(p for p, errs in mine.items() if any("internal error" in m for _, _, m in errs))
    res = compare(files, plat, mine, lambda p: " ".join(site_of[p]))
    lines = res["lines"]
    # Errors docs-lsp reports on files the platform never builds (it skips them too,
    # by the same rules, so none is expected).
    stray = sorted(p for p in mine if p not in plat)
    for path in stray:
        lines.append(f"== {os.path.relpath(path, sites_dir)} unpublished\n"
                     + "".join(f"   docs-lsp: error {l}:{c} {m}\n" for l, c, m in mine[path][:3]))
    summary = (f"{len(names)} sites, {len(files)} pages ({len(unpublished)} files the platform leaves out)\n"
               + figures(res) + f"  docs-lsp errors on unpublished files: {len(stray)}\n")
    if a.unpublished and unpublished:
        # The reader alone on the files the platform leaves out (READMEs, drafts):
        # more real text, checked in a minimal site of their copies.
        extra = sorted(unpublished)
        os.makedirs(os.path.join(out, "unpublished"), exist_ok=True)
        plat.update(platform(a.oracle, extra, a.jobs, os.path.join(out, "unpublished"), a.reuse))
        copies = copy_into_site(extra, os.path.join(out, "unpublished", "site"))
        found = mdxdiff.docs_lsp(a.bin, os.path.join(out, "unpublished", "site"))
        theirs = {orig: found.get(copy, []) for orig, copy in copies.items()}
        more = compare(extra, plat, theirs, lambda p: os.path.relpath(p, sites_dir) + " (unpublished)")
        lines += more["lines"]
        summary += "files the platform leaves out, the reader alone on copies of them:\n" + figures(more)
    t4 = time.monotonic()
    summary += (f"  list {t1 - t0:.1f} s, platform {t2 - t1:.1f} s, docs-lsp {t3 - t2:.1f} s"
                + (f", files left out (both) {t4 - t3:.1f} s" if a.unpublished else "") + "; "
                f"disagreements: {os.path.join(out, 'disagreements.txt')}\n")
    with open(os.path.join(out, "disagreements.txt"), "w") as f:
        f.write("".join(lines))
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(summary)
    print(summary, end="")
    if crashed:
        print(f"docs-lsp could not read {len(crashed)} pages (an internal error): {', '.join(crashed[:10])}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
