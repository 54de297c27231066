#!/usr/bin/env node
// Writes the npm packages for one platform's docs-lsp binary and packs them:
//   node npm/pack.mjs PLATFORM BINARY OUTDIR
// e.g. node npm/pack.mjs linux-x64 target/release/docs-lsp dist/npm
// PLATFORM is one of the main package's optionalDependencies (linux-x64, linux-arm64, darwin-x64,
// darwin-arm64, win32-x64); BINARY is docs-lsp built for it. OUTDIR receives
//   docs-lsp-cli-PLATFORM-VERSION.tgz  the platform package (package.json with os/cpu + the binary)
//   docs-lsp-VERSION.tgz               the main package (the launcher, npm/docs-lsp/)
// The version is Cargo.toml's, for both and for every optionalDependencies entry, so one release
// is one number. The main package comes out byte-identical on every platform's run (npm pack fixes
// file times), so any one copy can be published. Publish: npm publish --access public FILE.tgz,
// the platform packages first.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, closeSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const SCOPE = '@docs-lsp/cli-';

function die(message) {
  console.error(`npm/pack.mjs: ${message}`);
  process.exit(1);
}

export function cargoVersion(text) {
  // The [package] table's version: the first `version = "..."` before any other table.
  const start = text.search(/^\[package\]\s*$/m);
  if (start < 0) return null;
  const rest = text.slice(start + '[package]'.length);
  const end = rest.search(/^\[/m);
  const table = end < 0 ? rest : rest.slice(0, end);
  return table.match(/^version\s*=\s*"([^"]+)"/m)?.[1] ?? null;
}

// What the file's header says it was built for, so a binary for another machine is not shipped
// under this platform's name (the package would install and then fail to execute).
export function binaryKind(path) {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(4096);
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const b = head.subarray(0, n);
  if (b.length >= 20 && b.readUInt32BE(0) === 0x7f454c46) {
    const little = b[5] === 1;
    const machine = little ? b.readUInt16LE(18) : b.readUInt16BE(18);
    return { os: 'linux', cpu: { 62: 'x64', 183: 'arm64' }[machine] ?? `elf-machine-${machine}` };
  }
  if (b.length >= 8 && b.readUInt32LE(0) === 0xfeedfacf) {
    const cputype = b.readUInt32LE(4);
    return { os: 'darwin', cpu: { 0x01000007: 'x64', 0x0100000c: 'arm64' }[cputype] ?? `macho-cpu-${cputype}` };
  }
  if (b.length >= 64 && b.toString('latin1', 0, 2) === 'MZ') {
    const pe = b.readUInt32LE(60);
    if (pe + 6 <= b.length && b.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      const machine = b.readUInt16LE(pe + 4);
      return { os: 'win32', cpu: { 0x8664: 'x64', 0xaa64: 'arm64' }[machine] ?? `pe-machine-${machine}` };
    }
  }
  return null;
}

function pack(dir, outdir) {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', outdir], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], shell: process.platform === 'win32' });
  const [info] = JSON.parse(out);
  const file = join(outdir, info.filename);
  return { file, size: statSync(file).size, unpacked: info.unpackedSize, entries: info.entryCount };
}

function main() {
  const [platform, binaryArg, outArg] = process.argv.slice(2);
  const mainDir = join(here, 'docs-lsp');
  const mainManifest = JSON.parse(readFileSync(join(mainDir, 'package.json'), 'utf8'));
  const platforms = Object.keys(mainManifest.optionalDependencies).map((n) => n.slice(SCOPE.length));
  if (!platform || !binaryArg || !outArg || !platforms.includes(platform)) {
    die(`usage: node npm/pack.mjs PLATFORM BINARY OUTDIR\n  PLATFORM: ${platforms.join(', ')}`);
  }
  const binary = resolve(binaryArg);
  if (!existsSync(binary) || !statSync(binary).isFile()) die(`no binary at ${binary} (build it: cargo build --release --locked)`);
  const [os, cpu] = platform.split('-');
  const kind = binaryKind(binary);
  if (!kind || kind.os !== os || kind.cpu !== cpu) {
    die(`${binary} is ${kind ? `a ${kind.os}-${kind.cpu} binary` : 'not a Linux, macOS or Windows executable'}, not ${platform}`);
  }
  const version = cargoVersion(readFileSync(join(repo, 'Cargo.toml'), 'utf8'));
  if (!version) die('no version in Cargo.toml [package]');
  if (platform === `${process.platform}-${process.arch}`) {
    // The binary runs here: it must be the release it is packed as (a stale target/ is easy to ship).
    const said = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
    if (said !== `docs-lsp ${version}`) die(`${binary} --version says "${said}", but Cargo.toml is ${version}: rebuild it`);
  }

  const outdir = resolve(outArg);
  mkdirSync(outdir, { recursive: true });
  const stage = mkdtempSync(join(tmpdir(), 'docs-lsp-pack-'));
  try {
    const license = join(repo, 'editors', 'vscode', 'LICENSE');
    const exe = os === 'win32' ? 'docs-lsp.exe' : 'docs-lsp';

    const platformDir = join(stage, 'platform');
    mkdirSync(platformDir);
    const platformManifest = {
      name: `${SCOPE}${platform}`,
      version,
      description: `The docs-lsp binary for ${platform}; install docs-lsp, which picks it.`,
      license: mainManifest.license,
      os: [os],
      cpu: [cpu],
      // The Linux binaries link glibc: on musl npm skips the package and the launcher says why.
      ...(os === 'linux' ? { libc: ['glibc'] } : {}),
      files: [exe],
      // Yarn PnP would otherwise keep the binary inside a zip it cannot execute from.
      preferUnplugged: true,
    };
    writeFileSync(join(platformDir, 'package.json'), `${JSON.stringify(platformManifest, null, 2)}\n`);
    writeFileSync(join(platformDir, 'README.md'), `# ${platformManifest.name}\n\nThe \`docs-lsp\` ${version} binary for ${platform}. Install \`docs-lsp\` instead: it depends on this package on ${platform} and runs the binary.\n`);
    copyFileSync(binary, join(platformDir, exe));
    // npm pack keeps the mode and npm install restores it; nothing else marks the binary executable.
    chmodSync(join(platformDir, exe), 0o755);
    if (existsSync(license)) copyFileSync(license, join(platformDir, 'LICENSE'));

    const launcherDir = join(stage, 'main');
    cpSync(mainDir, launcherDir, { recursive: true });
    const manifest = { ...mainManifest, version };
    manifest.optionalDependencies = Object.fromEntries(Object.keys(mainManifest.optionalDependencies).map((n) => [n, version]));
    writeFileSync(join(launcherDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    chmodSync(join(launcherDir, 'bin', 'docs-lsp.js'), 0o755);
    if (existsSync(license)) copyFileSync(license, join(launcherDir, 'LICENSE'));

    for (const [what, dir] of [[platformManifest.name, platformDir], [manifest.name, launcherDir]]) {
      const p = pack(dir, outdir);
      console.log(`${p.file}\t${what}@${version}\t${p.size} bytes packed, ${p.unpacked} unpacked, ${p.entries} files`);
    }
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
