#!/usr/bin/env bash
# setup.sh [DIR] -- install what the real-VS Code run needs, on a fresh Debian machine:
#   Debian packages (chromium, ripgrep, and the headers code-server's native modules build against),
#   code-server 4.100.3 (= VS Code 1.100.3, the newest that runs on node 20) from npm, and
#   playwright-core from npm (it drives Debian's chromium; no browser download).
# DIR defaults to $DOCS_LSP_E2E_HOME, else ~/.cache/docs-lsp-vscode-e2e. Nothing is fetched from
# anywhere but the Debian and npm registries: code-server's postinstall would download ripgrep from
# elsewhere, so its steps are done here by hand. About 1-2.5 min and 300 MB the first time; a second
# run finds everything in place and returns at once.
set -euo pipefail
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.65.1
DIR=${1:-${DOCS_LSP_E2E_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/docs-lsp-vscode-e2e}}
STAMP="code-server@$CODE_SERVER_VERSION playwright-core@$PLAYWRIGHT_VERSION"

apt_packages=(build-essential pkg-config python3 libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep chromium curl)
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: apt-get install ${missing[*]}"
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
command -v node >/dev/null || { echo "setup: node (20) is needed"; exit 1; }
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || { echo "setup: node $node_major is too old (code-server $CODE_SERVER_VERSION needs 20)"; exit 1; }

if [ "$(cat "$DIR/.installed" 2>/dev/null)" = "$STAMP" ]; then
  echo "setup: $STAMP already in $DIR"
  exit 0
fi
echo "setup: installing $STAMP into $DIR"
rm -rf "$DIR" && mkdir -p "$DIR/code-server" "$DIR/driver"
export npm_config_unsafe_perm=true npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
(
  cd "$DIR/code-server"
  npm init -y >/dev/null
  npm install --ignore-scripts --loglevel=error "code-server@$CODE_SERVER_VERSION"
  npm rebuild --loglevel=error argon2                     # code-server's own native dependency
  cd node_modules/code-server/lib/vscode
  npm install --omit=dev --ignore-scripts --loglevel=error
  # @vscode/ripgrep's postinstall downloads rg from elsewhere; with the binary in place it does not.
  mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  npm_config_yes=true npm rebuild --loglevel=error        # node-gyp: kerberos, spdlog, node-pty, native-watchdog, @parcel/watcher
  ln -sfn node_modules node_modules.asar                  # the rest of code-server's postinstall.sh
  (cd bin/remote-cli && ln -sf code-linux.sh code-server)
  (cd bin/helpers && ln -sf browser-linux.sh browser.sh)
  cd extensions && npm_config_yes=true npm install --omit=dev --loglevel=error
) > "$DIR/install.log" 2>&1 || { tail -40 "$DIR/install.log"; echo "setup: code-server install failed (log: $DIR/install.log)"; exit 1; }
(
  cd "$DIR/driver"
  npm init -y >/dev/null
  npm install --loglevel=error "playwright-core@$PLAYWRIGHT_VERSION"
) >> "$DIR/install.log" 2>&1 || { tail -20 "$DIR/install.log"; echo "setup: playwright-core install failed"; exit 1; }
XDG_CONFIG_HOME="$DIR/config" "$DIR/code-server/node_modules/.bin/code-server" --version | head -1
echo "$STAMP" > "$DIR/.installed"
echo "setup: done"
