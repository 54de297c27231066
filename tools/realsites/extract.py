#!/usr/bin/env python3
"""Extract the sites listed in sites.tsv from local bare git mirrors.

    tools/realsites/extract.py [--mirrors DIR] [--out DIR] [--only NAME[,NAME]] [--no-stubs]

For each row (name, repository, commit, folder) it reads the mirror of `repository`
(DIR/<owner>+<name>/repo, a bare git directory or a clone holding .git) at `commit`, and
writes the files under `folder` to OUT/<name>/ (so OUT/<name> is the docs root):

- text files (docs.json and other .json/.jsonc, .yaml/.yml, .mdx/.md, .js/.jsx/.ts/.tsx/.mjs/.cjs,
  .css, .txt, .mintignore and other dot files, .csv ...) are written with their content, if they
  hold no NUL byte and are at most 40 MB;
- every other file (images, fonts, videos, PDFs, binaries) is written as an EMPTY placeholder of the
  same name, unless --no-stubs: the site keeps the shape a link or image check sees, and no
  binary content is copied;
- symbolic links are kept when they point inside the extracted site, dropped otherwise;
- submodules and node_modules/ are skipped.

Nothing is fetched: get the mirrors first (see README.md). A site whose mirror or commit is
missing is reported and skipped; the exit code is 1 when any site could not be extracted.
OUT/<name> is replaced as a whole on each run, and OUT/<name>/.realsite records where it came from.
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TEXT_EXT = {
    ".json", ".jsonc", ".json5", ".yaml", ".yml", ".mdx", ".md", ".markdown", ".js", ".jsx",
    ".ts", ".tsx", ".mjs", ".cjs", ".css", ".txt", ".csv", ".toml", ".html", ".xml",
}
TEXT_NAMES = {".mintignore", "LICENSE", "CNAME"}
MAX_TEXT = 40 * 1024 * 1024


def read_sites(path):
    sites = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            name, repo, commit, folder = line.split("\t")[:4]
            sites.append((name, repo, commit, folder))
    return sites


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+", 1), "repo")
    if os.path.isdir(os.path.join(base, ".git")):
        return os.path.join(base, ".git")
    return base


def is_text_name(rel):
    base = os.path.basename(rel)
    if base in TEXT_NAMES or (base.startswith(".") and "." not in base[1:]):
        return True
    return os.path.splitext(base)[1].lower() in TEXT_EXT


def extract(gd, name, repo, commit, folder, out, stubs):
    tree = commit if folder in (".", "") else f"{commit}:{folder}"
    ls = subprocess.run(
        ["git", "--git-dir", gd, "ls-tree", "-r", "-z", "--long", tree],
        capture_output=True,
    )
    if ls.returncode != 0:
        return f"cannot list {repo}@{commit}:{folder}: {ls.stderr.decode(errors='replace').strip()}"
    entries = []
    for rec in ls.stdout.split(b"\0"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, kind, sha, size = meta.decode().split()
        path = path.decode("utf-8", errors="surrogateescape")
        if kind != "blob" or "node_modules/" in path or path.startswith("node_modules"):
            continue
        # an object the snapshot left out (its largest files) lists as size BAD: a placeholder
        entries.append((mode, sha, int(size) if size.isdigit() else -1, path))
    dest = os.path.join(out, name)
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    wanted = [e for e in entries if e[0] != "120000" and is_text_name(e[3]) and 0 <= e[2] <= MAX_TEXT]
    wanted_set = {e[3] for e in wanted}
    # one cat-file process for every blob we need (text contents and link targets)
    need = wanted + [e for e in entries if e[0] == "120000"]
    cat = subprocess.Popen(
        ["git", "--git-dir", gd, "cat-file", "--batch"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )
    counts = {"text": 0, "stub": 0, "link": 0, "binary-text": 0, "missing": 0}
    links = []
    for mode, sha, size, path in need:
        cat.stdin.write(sha.encode() + b"\n")
        cat.stdin.flush()
        header = cat.stdout.readline().split()
        if len(header) < 3:  # "<sha> missing"
            counts["missing"] += 1
            wanted_set.discard(path)
            continue
        n = int(header[2])
        data = cat.stdout.read(n)
        cat.stdout.read(1)
        target = os.path.join(dest, path)
        if mode == "120000":
            links.append((path, data.decode("utf-8", errors="replace")))
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if b"\0" in data:
            counts["binary-text"] += 1
            data = b"" if stubs else None
        if data is not None:
            with open(target, "wb") as f:
                f.write(data)
            counts["text"] += 1
    cat.stdin.close()
    cat.wait()
    if stubs:
        for mode, sha, size, path in entries:
            if mode == "120000" or path in wanted_set:
                continue
            target = os.path.join(dest, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            open(target, "wb").close()
            counts["stub"] += 1
    root = os.path.realpath(dest)
    for path, link in links:
        target = os.path.join(dest, path)
        resolved = os.path.realpath(os.path.join(os.path.dirname(target), link))
        if resolved == root or resolved.startswith(root + os.sep):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if not os.path.lexists(target):
                os.symlink(link, target)
                counts["link"] += 1
    with open(os.path.join(dest, ".realsite"), "w") as f:
        f.write(f"{repo}\t{commit}\t{folder}\n")
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirrors", default=os.environ.get("REALSITES_MIRRORS", "/work/.mirror"))
    ap.add_argument("--out", default=os.path.join(HERE, "sites"))
    ap.add_argument("--list", default=os.path.join(HERE, "sites.tsv"))
    ap.add_argument("--only", default="", help="comma-separated site names")
    ap.add_argument("--no-stubs", action="store_true", help="write no placeholders for binary files")
    a = ap.parse_args()
    only = set(filter(None, a.only.split(",")))
    os.makedirs(a.out, exist_ok=True)
    failed = 0
    for name, repo, commit, folder in read_sites(a.list):
        if only and name not in only:
            continue
        gd = git_dir(a.mirrors, repo)
        if not os.path.isdir(gd):
            print(f"{name}: no mirror at {gd} (fetch github:{repo} first)", file=sys.stderr)
            failed += 1
            continue
        r = extract(gd, name, repo, commit, folder, a.out, not a.no_stubs)
        if isinstance(r, str):
            print(f"{name}: {r}", file=sys.stderr)
            failed += 1
        else:
            print(f"{name}: {r['text']} text files, {r['stub']} placeholders, {r['link']} links"
                  + (f", {r['binary-text']} text-named binaries" if r["binary-text"] else "")
                  + (f", {r['missing']} text files absent from the snapshot" if r["missing"] else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
