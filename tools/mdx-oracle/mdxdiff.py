#!/usr/bin/env python3
"""Differential run: generated MDX pages judged by the platform's parser and by docs-lsp.

    tools/mdx-oracle/mdxdiff.py --oracle DIR [--bin PATH] [--seed S] [--pages N]
        [--corpus DIR]... [--out DIR] [--jobs J] [--min-agreement PERCENT]

--oracle DIR   a folder where `npm ci` of tools/mdx-oracle was run (its node_modules holds
               @mintlify/common); oracle.mjs is copied there and run from it
--bin          docs-lsp (default target/release/docs-lsp of this repository)
--seed, --pages  which pages: page i of seed S is the same on every run (mutate.py)
--corpus DIR   real pages to mutate (repeatable; default ../shared/corpus/sites)
--out DIR      where the site of generated pages, the verdicts and the disagreements go
               (default /tmp/mdxdiff-<seed>)
--min-agreement  exit 1 when the agreement (percent of pages) is below this

Each page gets the platform's verdict (getAST of @mintlify/common: parses, or throws at a
line) and docs-lsp's (`check --format json` over a minimal site holding the pages: an
`mdx-syntax` error or none, and its lines). They agree when both parse, or both fail and
the platform's line is one docs-lsp reports. OUT/disagreements.txt lists every page where
they differ (its source, its mutations, both verdicts); the pages stay in OUT/site/p/.
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import mutate  # noqa: E402

DOCS_JSON = ('{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "mdxdiff",'
             ' "colors": {"primary": "#0D9373"}, "navigation": {"pages": ["index"]}}\n')


def platform(oracle, files, jobs, out):
    """{path: (ok, line, column, message)} from oracle.mjs, `jobs` node processes at once."""
    shutil.copy(os.path.join(HERE, "oracle.mjs"), os.path.join(oracle, "oracle.mjs"))
    chunks = [files[i::jobs] for i in range(jobs)]

    def run(k):
        lst = os.path.join(out, f"list-{k}.txt")
        with open(lst, "w") as f:
            f.write("\n".join(chunks[k]) + "\n")
        res = subprocess.run(["node", os.path.join(oracle, "oracle.mjs"), "--jsonl", "--list", lst],
                             capture_output=True, text=True)
        if res.returncode != 0:
            sys.exit(f"oracle.mjs failed (exit {res.returncode}): {res.stderr[-3000:]}")
        return [json.loads(l) for l in res.stdout.splitlines() if l.strip()]

    verdicts = {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for part in pool.map(run, range(jobs)):
            for v in part:
                verdicts[os.path.abspath(v["file"])] = (v["ok"], v.get("line"), v.get("column"),
                                                        v.get("message", ""))
    return verdicts


def docs_lsp(binary, site):
    """{path: [(line, column, message)...]} of the mdx-syntax errors, sorted by position."""
    out = subprocess.run([binary, "check", "--format", "json", site], capture_output=True)
    if out.returncode not in (0, 1):
        sys.exit(f"docs-lsp check failed (exit {out.returncode}): {out.stderr.decode()[-2000:]}")
    found = {}
    for d in json.loads(out.stdout)["diagnostics"]:
        if d["code"] != "mdx-syntax":
            continue
        path = os.path.abspath(os.path.join(site, d["path"]))
        s = d["range"]["start"]
        found.setdefault(path, []).append((s["line"] + 1, s["character"] + 1, d["message"]))
    return found


KINDS = ("both-ok", "both-error", "only-platform", "only-docs-lsp", "other-line")
AGREE = ("both-ok", "both-error")


def judge(verdict, errs):
    """How the platform's verdict (ok, line, column, message) and docs-lsp's
    mdx-syntax errors [(line, column, message)...] of one page compare: they
    agree when both parse, or both refuse and the platform's line is one
    docs-lsp reports."""
    ok, line = verdict[0], verdict[1]
    if ok:
        return "only-docs-lsp" if errs else "both-ok"
    if not errs:
        return "only-platform"
    return "both-error" if line in [e[0] for e in errs] else "other-line"


def first_on_line(verdict, errs):
    """Whether docs-lsp's first error is on the platform's line (or both parse)."""
    ok, line = verdict[0], verdict[1]
    return (ok and not errs) or (not ok and bool(errs) and errs[0][0] == line)


def verdicts_text(verdict, errs):
    """Both verdicts of one page, for a disagreements file."""
    ok, line, col, msg = verdict
    return (f"   platform: {'ok' if ok else f'error {line}:{col} {msg}'}\n"
            + "".join(f"   docs-lsp: error {l}:{c} {m}\n" for l, c, m in errs[:3])
            + ("   docs-lsp: ok\n" if not errs else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oracle", required=True)
    ap.add_argument("--bin", default=os.environ.get("DOCS_LSP", os.path.join(REPO, "target/release/docs-lsp")))
    ap.add_argument("--seed", default="1")
    ap.add_argument("--pages", type=int, default=1000)
    ap.add_argument("--corpus", action="append")
    ap.add_argument("--out")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min-agreement", type=float)
    a = ap.parse_args()
    corpus = a.corpus or [os.path.join(REPO, "../shared/corpus/sites")]
    out = os.path.abspath(a.out or f"/tmp/mdxdiff-{a.seed}")
    t0 = time.monotonic()

    sources = mutate.pages_under(corpus)
    if not sources:
        sys.exit(f"no .mdx pages under {corpus}")
    site = os.path.join(out, "site")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(site, "p"))
    with open(os.path.join(site, "docs.json"), "w") as f:
        f.write(DOCS_JSON)
    with open(os.path.join(site, "index.mdx"), "w") as f:
        f.write("# Generated pages\n")
    files, origin = [], {}
    for i in range(a.pages):
        text, src, labels = mutate.generate(a.seed, i, sources)
        path = os.path.join(site, "p", f"{i:06}.mdx")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        files.append(path)
        origin[path] = (src, labels)
    t1 = time.monotonic()
    plat = platform(os.path.abspath(a.oracle), files, a.jobs, out)
    t2 = time.monotonic()
    mine = docs_lsp(a.bin, site)
    t3 = time.monotonic()

    # The reader never panics: a page it could not read is a failure of the
    # run, whatever the agreement.
    crashed = sorted(p for p, errs in mine.items() if any("internal error" in m for _, _, m in errs))
    agree = first = 0
    counts = dict.fromkeys(KINDS, 0)
    lines = []
    for path in files:
        kind = judge(plat[path], mine.get(path, []))
        counts[kind] += 1
        if kind in AGREE:
            agree += 1
            first += first_on_line(plat[path], mine.get(path, []))
            continue
        src, labels = origin[path]
        lines.append(f"== {os.path.relpath(path, out)} {kind}\n"
                     f"   source: {src}\n   mutations: {', '.join(labels)}\n"
                     + verdicts_text(plat[path], mine.get(path, [])))
    with open(os.path.join(out, "disagreements.txt"), "w") as f:
        f.write("".join(lines))
    n = len(files)
    pct = 100.0 * agree / n
    print(f"seed {a.seed}, {n} pages from {len(sources)} real pages: agreement {agree}/{n} = {pct:.2f}% "
          f"(first docs-lsp error on the platform's line: {100.0 * first / n:.2f}%)")
    print("  " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    print(f"  generate {t1 - t0:.1f} s, platform {t2 - t1:.1f} s, docs-lsp {t3 - t2:.1f} s; "
          f"disagreements: {os.path.join(out, 'disagreements.txt')}")
    if crashed:
        print(f"docs-lsp could not read {len(crashed)} pages (an internal error): {', '.join(crashed[:10])}")
        return 1
    if a.min_agreement is not None and pct < a.min_agreement:
        print(f"agreement {pct:.2f}% is below the threshold {a.min_agreement}%")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
