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
the place agrees exactly when docs-lsp's first error is at the platform's line and column.
OUT/disagreements.txt lists every page where they differ (site, page, both verdicts),
OUT/summary.txt the figures (also printed). Exit 1 when docs-lsp could not read a page.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--sites", required=True)
    ap.add_argument("--bin", default=os.environ.get("DOCS_LSP", os.path.join(REPO, "target/release/docs-lsp")))
    ap.add_argument("--out", default="/tmp/realdiff")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--site", action="append")
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
    plat = mdxdiff.platform(os.path.abspath(a.oracle), files, a.jobs, out)
    t2 = time.monotonic()
    mine = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for found in pool.map(lambda n: mdxdiff.docs_lsp(a.bin, os.path.join(sites_dir, n)), names):
            mine.update(found)
    t3 = time.monotonic()

    crashed = sorted(p for p, errs in mine.items() if any("internal error" in m for _, _, m in errs))
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
            exact += verdict[0] or (errs[0][0], errs[0][1]) == (verdict[1], verdict[2])
            if kind == "both-ok" or (errs[0][0], errs[0][1]) == (verdict[1], verdict[2]):
                continue
            kind = "other-column"
        name, rel = site_of[path]
        lines.append(f"== {name} {rel} {kind}\n" + mdxdiff.verdicts_text(verdict, errs))
    # Errors docs-lsp reports on files the platform never builds (it skips them too,
    # by the same rules, so none is expected).
    stray = sorted(p for p in mine if p not in plat)
    for path in stray:
        lines.append(f"== {os.path.relpath(path, sites_dir)} unpublished\n"
                     + "".join(f"   docs-lsp: error {l}:{c} {m}\n" for l, c, m in mine[path][:3]))
    with open(os.path.join(out, "disagreements.txt"), "w") as f:
        f.write("".join(lines))
    n = len(files)
    refused = sum(1 for p in files if not plat[p][0])
    summary = (
        f"{len(names)} sites, {n} pages ({len(unpublished)} files the platform leaves out), "
        f"{refused} refused by the platform\n"
        f"agreement {agree}/{n} = {100.0 * agree / n:.3f}% "
        f"(first docs-lsp error on the platform's line: {first}/{n}; at its line and column: {exact}/{n})\n"
        "  " + ", ".join(f"{k} {v}" for k, v in counts.items())
        + f", docs-lsp errors on unpublished files {len(stray)}\n"
        f"  list {t1 - t0:.1f} s, platform {t2 - t1:.1f} s, docs-lsp {t3 - t2:.1f} s; "
        f"disagreements: {os.path.join(out, 'disagreements.txt')}\n")
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(summary)
    print(summary, end="")
    if crashed:
        print(f"docs-lsp could not read {len(crashed)} pages (an internal error): {', '.join(crashed[:10])}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
