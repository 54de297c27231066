#!/usr/bin/env node
// The GitHub Action (../action.yml): installs docs-lsp from npm and runs
// `docs-lsp check ROOT --format github` so problems show as annotations on the pull request.
// Inputs come as environment variables (a composite action passes them explicitly):
//   INPUT_PATH           folder to check (default .)
//   INPUT_MODE           all | changed-files
//   INPUT_VERSION        npm version or tag of docs-lsp (default latest)
//   INPUT_DENY_WARNINGS  true: warnings fail too
//   INPUT_BASE           changed-files: the ref to compare with (default: the pull request's base
//                        branch, GITHUB_BASE_REF; on a push, the commit before it)
//   INPUT_SINCE          auto (default): on a pull request (or with a base input), `check --since`
//                        the base, so URLs the change stops serving are errors (url-removed);
//                        false: never; anything else: that revision
//   INPUT_TARBALLS       install from these .tgz files (whitespace separated) instead of the
//                        registry, offline: the tarballs must include the platform package
// DOCS_LSP_BINARY set: that binary is run and nothing is installed.
// Exit code: check's (0 clean, 1 problems, 2 could not run); the highest over the roots checked.
// Node 18+ and git, no dependencies: it runs on every GitHub-hosted runner as it is.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const env = process.env;
const win = process.platform === 'win32';

function command(name, message, props = '') {
  // Workflow commands: one line each; % \r \n must be escaped or the runner cuts the message.
  const text = String(message).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  console.log(`::${name} title=docs-lsp${props}::${text}`);
}

function stop(message) {
  command('error', message);
  process.exit(2);
}

function input(name, fallback = '') {
  const value = (env[`INPUT_${name}`] ?? '').trim();
  return value === '' ? fallback : value;
}

// git runs in the folder being checked, which may be a checkout other than the current folder.
let gitDir = process.cwd();
function git(args, { quiet = false } = {}) {
  const r = spawnSync('git', args, { cwd: gitDir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw new Error(`git ${args[0]}: ${r.error.message}`);
  if (r.status !== 0) {
    if (quiet) return null;
    throw new Error(`git ${args.join(' ')}: ${r.stderr.trim() || `exit ${r.status}`}`);
  }
  return r.stdout;
}

function isCommit(ref) {
  return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { quiet: true }) !== null;
}

// Paths as the log and the check command show them: relative to the workspace when inside it.
function display(abs) {
  const rel = relative(process.cwd(), abs);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? abs : rel.split(sep).join('/');
}

// The base to compare HEAD with, and where it came from; null when there is none.
function baseRef() {
  const explicit = input('BASE');
  if (explicit) return { ref: explicit, fetch: explicit, what: `base ${explicit}` };
  if (env.GITHUB_BASE_REF) {
    const branch = env.GITHUB_BASE_REF;
    return { ref: `origin/${branch}`, fetch: `+refs/heads/${branch}:refs/remotes/origin/${branch}`, what: `the pull request's base branch ${branch}` };
  }
  if (env.GITHUB_EVENT_NAME === 'push' && env.GITHUB_EVENT_PATH && existsSync(env.GITHUB_EVENT_PATH)) {
    const before = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')).before;
    // A new branch's push has no before (all zeros): nothing to compare with.
    if (before && !/^0+$/.test(before)) return { ref: before, fetch: before, what: `the commit before the push (${before.slice(0, 12)})` };
  }
  return null;
}

// Files changed between the base and HEAD, as absolute paths, or a reason why they are unknown.
function changedFiles(base) {
  const top = git(['rev-parse', '--show-toplevel'], { quiet: true })?.trim();
  if (!top) return { unknown: `${display(gitDir)} is not in a git repository` };
  const shallow = git(['rev-parse', '--is-shallow-repository'], { quiet: true })?.trim() === 'true';
  if (!isCommit(base.ref)) {
    // actions/checkout fetches only the commit it checks out: fetch the base too, as shallow
    // as the checkout (a full fetch into a shallow clone would still miss the merge base).
    git(['fetch', '--no-tags', '--quiet', ...(shallow ? ['--depth=1'] : []), 'origin', base.fetch], { quiet: true });
    if (!isCommit(base.ref) && !isCommit('FETCH_HEAD')) return { unknown: `${base.what} is not in this clone and could not be fetched` };
    if (!isCommit(base.ref)) base.ref = 'FETCH_HEAD';
  }
  // base...HEAD: what HEAD changed since it left the base, not what the base did since.
  const mergeBase = git(['merge-base', base.ref, 'HEAD'], { quiet: true })?.trim();
  let from = mergeBase;
  if (!mergeBase) {
    // A shallow clone has no history to find the merge base in. On a pull request HEAD is the
    // merge commit of the branch into the base, so comparing the trees directly gives the same
    // files; otherwise it may list a few more (more sites checked, none missed).
    console.log(`docs-lsp: no merge base with ${base.what} in this ${shallow ? 'shallow ' : ''}clone; comparing with it directly (fetch-depth: 0 on actions/checkout gives the exact base...HEAD)`);
    from = base.ref;
  }
  const out = git(['diff', '--name-only', '--no-renames', '-z', from, 'HEAD']);
  // --no-renames lists a moved page under its old path too: the site it left changed as well.
  return { files: out.split('\0').filter(Boolean).map((f) => join(top, f)), top };
}

// The docs root (folder holding docs.json) a file belongs to: the nearest one above it, inside
// the repository. A deleted file still counts: its folder's site lost it.
function docsRootOf(file, top) {
  let dir = dirname(file);
  for (;;) {
    if (existsSync(join(dir, 'docs.json'))) return dir;
    if (dir === top) return null;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

function inside(child, parent) {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function rootsToCheck(path) {
  const mode = input('MODE', 'all');
  if (mode === 'all') return [path];
  if (mode !== 'changed-files') stop(`mode must be all or changed-files, not "${mode}"`);
  gitDir = path;
  const base = baseRef();
  if (!base) {
    command('notice', 'mode changed-files: no base to compare with (not a pull request, and no base input); checking every docs site');
    return [path];
  }
  let changed;
  try {
    changed = changedFiles(base);
  } catch (err) {
    changed = { unknown: err.message };
  }
  if (changed.unknown) {
    command('warning', `mode changed-files: ${changed.unknown}; checking every docs site`);
    return [path];
  }
  const counts = new Map();
  for (const file of changed.files) {
    const root = docsRootOf(file, changed.top);
    if (root && inside(root, path)) counts.set(root, (counts.get(root) ?? 0) + 1);
  }
  // `check ROOT` covers the docs roots nested in ROOT: check only the outermost.
  const roots = [...counts.keys()].sort().filter((r, _, all) => !all.some((o) => o !== r && inside(r, o)));
  console.log(`docs-lsp: ${changed.files.length} file(s) changed against ${base.what}`);
  for (const root of roots) {
    const n = [...counts].filter(([r]) => inside(r, root)).reduce((a, [, c]) => a + c, 0);
    console.log(`docs-lsp:   ${display(root)}: ${n} changed file(s)`);
  }
  if (roots.length === 0) {
    const under = path === resolve('.') ? '' : ` under ${display(path)}`;
    command('notice', `No docs site changed against ${base.what}: none of the ${changed.files.length} changed file(s) is in a docs site (a folder holding docs.json)${under}. Nothing to check.`);
  }
  return roots;
}

// The revision to pass as `check --since`, or null: the pull request's base (fetched when the
// clone lacks it, as shallow as the clone), an explicit revision, or none.
function sinceRev(path) {
  const value = input('SINCE', 'auto');
  if (value === 'false') return null;
  if (value !== 'auto') return value;
  if (!env.GITHUB_BASE_REF && !input('BASE')) return null;
  gitDir = path;
  const base = baseRef();
  if (!base || git(['rev-parse', '--show-toplevel'], { quiet: true }) === null) return null;
  if (!isCommit(base.ref)) {
    const shallow = git(['rev-parse', '--is-shallow-repository'], { quiet: true })?.trim() === 'true';
    git(['fetch', '--no-tags', '--quiet', ...(shallow ? ['--depth=1'] : []), 'origin', base.fetch], { quiet: true });
    if (!isCommit(base.ref)) {
      const fetched = git(['rev-parse', '--verify', '--quiet', 'FETCH_HEAD^{commit}'], { quiet: true })?.trim();
      if (fetched) return fetched;
      command('warning', `since: ${base.what} is not in this clone and could not be fetched; URLs the change removes are not checked`);
      return null;
    }
  }
  return base.ref;
}

function npm(args, opts) {
  // npm is npm.cmd on Windows, which only a shell can start.
  const argv = win ? args.map((a) => `"${a}"`) : args;
  return execFileSync('npm', argv, { ...opts, shell: win });
}

// The command that runs docs-lsp: [program, ...leading args].
function install() {
  if (env.DOCS_LSP_BINARY) {
    if (!existsSync(env.DOCS_LSP_BINARY)) stop(`DOCS_LSP_BINARY is set to ${env.DOCS_LSP_BINARY}, which does not exist`);
    return [env.DOCS_LSP_BINARY];
  }
  const tarballs = input('TARBALLS').split(/\s+/).filter(Boolean).map((t) => resolve(t));
  for (const t of tarballs) if (!existsSync(t)) stop(`tarball ${t} does not exist`);
  const specs = tarballs.length ? tarballs : [`docs-lsp@${input('VERSION', 'latest')}`];
  // Its own folder, not -g: nothing of the runner's global npm changes, and no sudo is needed.
  const prefix = mkdtempSync(join(env.RUNNER_TEMP || tmpdir(), 'docs-lsp-'));
  const args = ['install', '--no-audit', '--no-fund', '--no-save', '--no-package-lock', '--prefix', prefix, ...(tarballs.length ? ['--offline'] : []), ...specs];
  console.log(`::group::npm ${args.join(' ')}`);
  const started = Date.now();
  try {
    npm(args, { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (err) {
    console.log('::endgroup::');
    stop(`npm could not install ${specs.join(' ')}: ${err.message.split('\n')[0]}`);
  }
  console.log('::endgroup::');
  const launcher = join(prefix, 'node_modules', 'docs-lsp', 'bin', 'docs-lsp.js');
  if (!existsSync(launcher)) stop(`npm installed ${specs.join(' ')} but there is no ${launcher}`);
  const cmd = [process.execPath, launcher];
  const version = spawnSync(cmd[0], [...cmd.slice(1), '--version'], { encoding: 'utf8' });
  // The launcher explains on stderr what is missing (the platform package, usually).
  if (version.status !== 0) stop(`docs-lsp does not run after install: ${(version.stderr || version.stdout || '').trim()}`);
  console.log(`docs-lsp: ${version.stdout.trim()} from ${tarballs.length ? 'the given tarballs' : 'npm'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return cmd;
}

function main() {
  const path = resolve(input('PATH', '.'));
  if (!existsSync(path) || !statSync(path).isDirectory()) stop(`path ${input('PATH', '.')} is not a folder`);
  const denyInput = input('DENY_WARNINGS', 'false').toLowerCase();
  if (!['true', 'false'].includes(denyInput)) stop(`deny-warnings must be true or false, not "${denyInput}"`);

  // Roots first: a pull request that touches no site costs no install.
  const roots = rootsToCheck(path);
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `roots=${JSON.stringify(roots.map(display))}\n`);
  if (roots.length === 0) return 0;
  const since = sinceRev(path);

  const cmd = install();
  let worst = 0;
  for (const root of roots) {
    const args = ['check', display(root), '--format', 'github', ...(denyInput === 'true' ? ['--deny', 'warnings'] : []), ...(since ? ['--since', since] : [])];
    console.log(`docs-lsp: docs-lsp ${args.join(' ')}`);
    const r = spawnSync(cmd[0], [...cmd.slice(1), ...args], { stdio: 'inherit' });
    const status = r.status ?? 2;
    console.log(`docs-lsp: ${display(root)}: exit ${status}${r.signal ? ` (${r.signal})` : ''}`);
    // 2 (could not run) outranks 1 (problems found), which outranks 0.
    worst = Math.max(worst, status);
  }
  return worst;
}

process.exit(main());
