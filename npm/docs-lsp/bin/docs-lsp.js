#!/usr/bin/env node
'use strict';
// The `docs-lsp` command of the npm package. docs-lsp is a native binary; npm installs the one
// built for this machine as an optional dependency (@docs-lsp/cli-<os>-<arch>, which declares
// `os`/`cpu` so npm skips the others), the way @biomejs/biome and esbuild ship theirs. This file
// only finds that binary and runs it: same arguments, same stdio (the language server speaks LSP
// over it), same exit code, signals passed on. No dependencies, so it works wherever npm does.
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const manifest = require('../package.json');
const target = `${process.platform}-${process.arch}`;
const platformPackage = `@docs-lsp/cli-${target}`;
const exe = process.platform === 'win32' ? 'docs-lsp.exe' : 'docs-lsp';

// Exit 2 is what `docs-lsp check` itself answers when it could not run.
function fail(lines) {
  process.stderr.write(`docs-lsp: ${lines.join('\n  ')}\n`);
  process.exit(2);
}

// The prebuilt Linux binaries link glibc; on musl (Alpine) npm skips them (their `libc` field).
function isMusl() {
  if (process.platform !== 'linux') return false;
  try {
    return !process.report.getReport().header.glibcVersionRuntime;
  } catch {
    return false;
  }
}

function fromSource() {
  return 'or build it from source (cargo install --locked --path . in a checkout) and set DOCS_LSP_BINARY to it';
}

function findBinary() {
  const override = process.env.DOCS_LSP_BINARY;
  if (override) {
    if (!existsSync(override)) fail([`DOCS_LSP_BINARY is set to ${override}, which does not exist`]);
    return override;
  }
  const supported = Object.keys(manifest.optionalDependencies || {});
  if (!supported.includes(platformPackage)) {
    fail([
      `there is no prebuilt docs-lsp for ${target}; there is one for ${supported.map((n) => n.replace('@docs-lsp/cli-', '')).join(', ')}.`,
      fromSource(),
    ]);
  }
  let dir;
  try {
    // package.json resolves whatever the package's `exports` say; the binary sits beside it.
    dir = path.dirname(require.resolve(`${platformPackage}/package.json`));
  } catch {
    fail([
      `the package ${platformPackage}, which holds the docs-lsp binary for ${target}, is not installed.`,
      isMusl()
        ? 'This system uses musl libc (Alpine?): the prebuilt Linux binaries need glibc, so npm skipped it.'
        : 'npm leaves it out when optional dependencies are omitted (--omit=optional, --no-optional), when the lockfile was written on another platform, or when it could not fetch it.',
      `Install it: npm install ${platformPackage}@${manifest.version}`,
      fromSource(),
    ]);
  }
  const binary = path.join(dir, exe);
  if (!existsSync(binary)) fail([`${platformPackage} is installed at ${dir} but has no ${exe}; reinstall it: npm install ${platformPackage}@${manifest.version}`]);
  const installed = require(path.join(dir, 'package.json')).version;
  if (installed !== manifest.version) {
    // A stale lockfile can pin the platform package to another release: run it, but say so.
    process.stderr.write(`docs-lsp: warning: ${platformPackage} is ${installed} but docs-lsp is ${manifest.version}; npm install ${platformPackage}@${manifest.version}\n`);
  }
  return binary;
}

const binary = findBinary();
const child = spawn(binary, process.argv.slice(2), { stdio: 'inherit' });

// A terminal's Ctrl-C reaches the whole process group, but `kill <pid>` or a CI runner cancelling
// the job signals only this process: pass the signal on so the binary never outlives us.
const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGBREAK', 'SIGUSR1', 'SIGUSR2'].filter(
  (s) => s in os.constants.signals,
);
const handlers = new Map();
for (const signal of forwarded) {
  const handler = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  try {
    process.on(signal, handler);
    handlers.set(signal, handler);
  } catch {
    // Some signals cannot be listened to on some systems (Windows): nothing to pass on then.
  }
}

child.on('error', (err) => {
  fail([
    `could not run ${binary}: ${err.message}`,
    err.code === 'EACCES' ? `it is not executable; chmod +x ${binary}` : isMusl() ? 'the prebuilt Linux binaries need glibc; this system uses musl.' : fromSource(),
  ]);
});

child.on('exit', (code, signal) => {
  if (signal) {
    // Die of the same signal, so whoever started us sees what happened to the binary.
    for (const [s, h] of handlers) process.removeListener(s, h);
    try {
      process.kill(process.pid, signal);
    } catch {
      // fall through to the shell's convention below
    }
    process.exit(128 + (os.constants.signals[signal] || 0));
  }
  process.exit(code ?? 0);
});
