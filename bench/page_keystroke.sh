#!/usr/bin/env bash
# Keystrokes and link completion in a page of a large site, with ../shared/tools/lspbench.mjs.
#   bench/page_keystroke.sh [SITE_DIR] [PAGE] [EDIT_AT] [COMPLETE_AT]
# (default: the 25,000-page site with bodies in /tmp/links-gen25kb, one of its pages, the first link
# of its body). lspbench roots the workspace at the file's folder; a page's site is above it, so the
# tool is run from a copy whose rootUri can be set (LSPBENCH_ROOT).
# Needs: cargo build --release (or DOCS_LSP=BIN); Node 18+.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$here/../shared}"
site="${1:-/tmp/links-gen25kb}"
[ -f "$site/docs.json" ] || python3 "$shared/tools/gen_site.py" "$site" --pages 25000 --versions 34 --bodies --broken-links 40 >/dev/null
page="${2:-$(cd "$site" && find v1 -name '*.mdx' | sort | head -1)}"
# The first Markdown link of the body: edit inside its target, complete right after `](`.
line=$(grep -n '](/' "$site/$page" | head -1 | cut -d: -f1)
col=$(grep '](/' "$site/$page" | head -1 | awk '{print index($0, "](/") + 1}')
edit_at="${3:-$((line - 1)):$((col + 3))}"
complete_at="${4:-$((line - 1)):$((col))}"
bench="$(mktemp -d)/lspbench-root.mjs"
sed "s|pathToFileURL(resolve(opts.file, '..')).href|pathToFileURL(process.env.LSPBENCH_ROOT ?? resolve(opts.file, '..')).href|" \
  "$shared/tools/lspbench.mjs" > "$bench"
grep -q LSPBENCH_ROOT "$bench" || { echo "lspbench.mjs changed: cannot set its root" >&2; exit 2; }
echo "== $page (edit at $edit_at, completion at $complete_at)"
LSPBENCH_ROOT="$site" node "$bench" --file "$site/$page" --pull --edits 60 --completions 100 \
  --edit-at "$edit_at" --pos "$complete_at" -- "${DOCS_LSP:-$here/target/release/docs-lsp}" | grep -v "^  @"
