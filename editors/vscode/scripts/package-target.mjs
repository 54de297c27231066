// Packages a platform-specific .vsix that carries the docs-lsp server:
//   node scripts/package-target.mjs TARGET SERVER_BINARY [OUT.vsix]
// e.g. node scripts/package-target.mjs linux-x64 ../../target/release/docs-lsp
// TARGET is one of vsce's targets (linux-x64, linux-arm64, darwin-arm64, win32-x64, alpine-x64, ...);
// SERVER_BINARY must be the docs-lsp built for it. The binary is copied to server/docs-lsp
// (server/docs-lsp.exe for win32-*), where the extension looks first. Run `npm run build` before.
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [target, server, outArg] = process.argv.slice(2);
const TARGETS = ['win32-x64', 'win32-arm64', 'linux-x64', 'linux-arm64', 'linux-armhf', 'alpine-x64', 'alpine-arm64', 'darwin-x64', 'darwin-arm64'];
if (!TARGETS.includes(target) || !server) {
  console.error(`usage: node scripts/package-target.mjs TARGET SERVER_BINARY [OUT.vsix]\n  TARGET: ${TARGETS.join(', ')}`);
  process.exit(2);
}
if (!existsSync(server)) {
  console.error(`no server binary at ${server} (build it with: cargo build --release --locked)`);
  process.exit(1);
}
if (!existsSync(join(root, 'dist', 'extension.js'))) {
  console.error('dist/extension.js is missing: run npm run build first');
  process.exit(1);
}
const out = resolve(outArg ?? join(root, `docs-lsp-${target}.vsix`));
const dir = join(root, 'server');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir);
const dest = join(dir, target.startsWith('win32-') ? 'docs-lsp.exe' : 'docs-lsp');
copyFileSync(server, dest);
chmodSync(dest, 0o755); // vsce keeps the file mode; VS Code restores it when it installs the .vsix
const vsce = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vsce.cmd' : 'vsce');
try {
  execFileSync(vsce, ['package', '--no-dependencies', '--no-rewrite-relative-links', '--target', target, '--out', out], { cwd: root, stdio: 'inherit' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${out} (${target}, server from ${server})`);
