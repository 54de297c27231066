#!/usr/bin/env bash
# docs-lsp and vscode-json-language-server (given the platform schema) on the same docs.json,
# measured in one run with ../shared/tools/lspbench.mjs.
#   bench/side_by_side.sh [SITE_DIR]      (default: a 25,000-page site from gen_site.py in /tmp/gen25k)
# Needs: cargo build --release; npm i vscode-langservers-extracted@4 in $PEER_DIR (default /tmp/peer).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$here/../shared}"
site="${1:-/tmp/gen25k}"
peer="${PEER_DIR:-/tmp/peer}/node_modules/.bin/vscode-json-language-server"
[ -f "$site/docs.json" ] || python3 "$shared/tools/gen_site.py" "$site" --pages 25000 >/dev/null
pos=$(python3 - "$site/docs.json" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
for i in range(len(lines) // 2, len(lines)):
    l = lines[i]
    if l.strip().startswith('"') and l.strip().endswith('",') and ':' not in l:
        print(f"{i}:{l.index(chr(34)) + 1}"); break
PY
)
schema="file://$(cd "$shared/reference/schema" && pwd)/docs.schema.generated.json"
settings="{\"json\":{\"validate\":{\"enable\":true},\"schemas\":[{\"fileMatch\":[\"docs.json\"],\"url\":\"$schema\"}]}}"
init='{"provideFormatter":false,"handledSchemaProtocols":["file"]}'
for mode in "" "--pull"; do
  echo "== docs-lsp $mode"
  (cd "$site" && node "$shared/tools/lspbench.mjs" --file "$site/docs.json" --pos "$pos" --completions 100 --edits 40 $mode -- "$here/target/release/docs-lsp") | grep -v "^  @" | tail -5; true
done
echo "== vscode-json-language-server (push)"
(cd "$site" && node "$shared/tools/lspbench.mjs" --file "$site/docs.json" --lang jsonc --pos "$pos" --completions 30 --edits 20 \
  --settings "$settings" --init-options "$init" -- "$peer" --stdio) | grep -v "^  @" | tail -5; true
