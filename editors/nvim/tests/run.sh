#!/usr/bin/env bash
# Headless tests of the Neovim plugin against the real server.
# Usage: NVIM=/path/to/nvim DOCS_LSP=/path/to/docs-lsp editors/nvim/tests/run.sh
# Exits non-zero when a test fails. Needs Neovim 0.11+ and python3.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NVIM="${NVIM:-nvim}"
DOCS_LSP="${DOCS_LSP:-docs-lsp}"
command -v "$NVIM" >/dev/null || { echo "run.sh: Neovim not found (set NVIM)" >&2; exit 2; }
DOCS_LSP="$(command -v "$DOCS_LSP" || true)"
[ -n "$DOCS_LSP" ] || { echo "run.sh: docs-lsp not found (set DOCS_LSP)" >&2; exit 2; }
"$NVIM" --headless --clean -l /dev/stdin <<<'if vim.fn.has("nvim-0.11") ~= 1 then os.exit(1) end' \
  || { echo "run.sh: Neovim 0.11 or later needed, got: $("$NVIM" --version | head -1)" >&2; exit 2; }

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The fixture is copied so that the server's files (if any) never land in the repository.
cp -r "$here/fixture" "$work/site"
cp -r "$here/corpus_site" "$work/corpus"
# A git history for docsLsp.since: the site as tagged since-base had a page it no longer has.
(
  cd "$work/site"
  printf -- '---\ntitle: Old page\n---\n\nRemoved since.\n' >old-page.mdx
  g() { GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git -c user.name=t -c user.email=t@example.invalid "$@"; }
  g init -q && g add -A && g commit -qm base && g tag since-base && g rm -q old-page.mdx
)
cp -r "$here/../../../tests/fixtures/translations/three-languages" "$work/translations"
: >"$work/requests.jsonl"
python3 "$here/assistant_server.py" "$work/port" "$work/requests.jsonl" "${ASSISTANT_DELAY:-0.05}" &
server_pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
[ -s "$work/port" ] || { echo "run.sh: the assistant test server did not start" >&2; exit 2; }

# The key must come from the settings under test, not from the caller's environment.
unset DOCS_ASSISTANT_API_KEY DOCS_ASSISTANT_BASE_URL DOCS_ASSISTANT_DOMAIN

echo "# nvim: $("$NVIM" --version | head -1); docs-lsp: $DOCS_LSP ($("$DOCS_LSP" --version 2>/dev/null | head -1 || true))"
status=0
DOCS_LSP="$DOCS_LSP" ASSISTANT_PORT="$(cat "$work/port")" REQUEST_LOG="$work/requests.jsonl" \
  PLUGIN_DIR="$(dirname "$here")" FIXTURE_DIR="$work/site" CORPUS_DIR="$work/corpus" TRANSLATIONS_DIR="$work/translations" XDG_STATE_HOME="$work/state" \
  timeout "${TEST_TOTAL_TIMEOUT:-300}" "$NVIM" --headless --clean -l "$here/test_docs_lsp.lua" || status=$?
if [ "$status" -ne 0 ] && [ -f "$work/state/nvim/lsp.log" ]; then
  echo "# --- tail of the LSP log ---"; tail -n 40 "$work/state/nvim/lsp.log" | sed 's/^/# /'
fi
exit "$status"
