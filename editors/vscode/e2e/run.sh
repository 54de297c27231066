#!/usr/bin/env bash
# run.sh VSIX OUT_DIR -- the extension in real VS Code (code-server 4.100.3 = VS Code 1.100.3, shown in
# headless chromium), on a copy of the site in e2e/site, with no docs-lsp on PATH and no
# docsLsp.serverPath: the .vsix must carry its server. Installs what it needs first (setup.sh; set
# DOCS_LSP_E2E_HOME to keep it somewhere else than ~/.cache/docs-lsp-vscode-e2e). Writes
# OUT_DIR/screenshots/*.png, OUT_DIR/readme.png, OUT_DIR/results.json and the logs of code-server,
# the extension host and the server (OUT_DIR/logs). Needs `npm ci` done in editors/vscode (for vsce).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ext_dir=$(cd "$here/.." && pwd)
VSIX=$(realpath "${1:?usage: run.sh VSIX OUT_DIR}")
OUT=$(mkdir -p "${2:?usage: run.sh VSIX OUT_DIR}" && realpath "$2")
export E2E_HOME=${DOCS_LSP_E2E_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/docs-lsp-vscode-e2e}
"$here/setup.sh" "$E2E_HOME"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/docs-lsp-e2e.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
rm -rf "$OUT/screenshots" "$OUT/logs" "$OUT/readme.png" "$OUT/results.json" "$OUT/browser-console.log"
export SITE=$WORK/site USER_DATA=$WORK/user-data EXTENSIONS=$WORK/extensions OUT WORK
export CODE_SERVER=$E2E_HOME/code-server/node_modules/.bin/code-server
export XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data
cp -r "$here/site" "$SITE"
# A git history for docsLsp.since: the site as tagged e2e-since-base had a page it no longer has.
(
  cd "$SITE"
  printf -- '---\ntitle: Old page\n---\n\nRemoved since.\n' >old-page.mdx
  g() { GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git -c user.name=e2e -c user.email=e2e@example.invalid "$@"; }
  g init -q && g add -A && g commit -qm base && g tag e2e-since-base && g rm -q old-page.mdx
)

# No docs-lsp on PATH: the extension must run the server inside the .vsix.
clean_path=""
IFS=: read -ra dirs <<< "$PATH"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && [ ! -e "$d/docs-lsp" ] && clean_path="${clean_path:+$clean_path:}$d"
done
export PATH=$clean_path
if command -v docs-lsp >/dev/null; then echo "docs-lsp still on PATH: $(command -v docs-lsp)"; exit 1; fi

(cd "$here/probe" && "$ext_dir/node_modules/.bin/vsce" package --allow-missing-repository --skip-license --out "$WORK/probe.vsix" >/dev/null)
echo "== install: code-server --install-extension $(basename "$VSIX")"
"$CODE_SERVER" --user-data-dir "$USER_DATA" --extensions-dir "$EXTENSIONS" --install-extension "$VSIX" --install-extension "$WORK/probe.vsix" 2>&1 \
  | grep -v '^\[' | sed 's/^/   /'
ls "$EXTENSIONS" | grep -q '^docs-lsp\.docs-lsp-' || { echo "the .vsix did not install"; exit 1; }

status=0
node "$here/drive.mjs" || status=$?
mkdir -p "$OUT/logs"
cp -r "$USER_DATA/logs/." "$OUT/logs/" 2>/dev/null || true
echo "== screenshots in $OUT/screenshots ($(ls "$OUT/screenshots" | wc -l) files), logs in $OUT/logs"
exit $status
