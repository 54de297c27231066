// The sidebar differential: `docs-lsp nav` against the platform's own prebuild
// (@mintlify/prebuild, installed here from package-lock.json) over the fixture sites of
// tests/fixtures/nav and sites generated from a seed (gen.mjs), compared in one shape
// (shape.mjs). Prints the agreement and every difference; a difference is either of a class
// docs/sidebar.md documents (with the reason) or a failure. A site the prebuild refuses to
// build has no sidebar: there, docs-lsp must report an error (`check` exits 1). On a site it
// builds, the pages it warns are missing (`missing-nav-page`) must be exactly the entries
// `docs-lsp check` reports as `missing-page` (or `page-extension`), never a documented class.
//
//   node sidebar-diff.mjs --bin target/release/docs-lsp [--fixtures tests/fixtures/nav]
//        [--count 300] [--seed sidebar-diff] [--time-limit 150] [--out DIR] [--keep]
//
// Exit 0 when every difference is documented, 1 when one is not, 2 on bad usage.
import { prebuild } from '@mintlify/prebuild';
import { execFileSync, spawnSync } from 'child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { site as generate, write } from './gen.mjs';
import { docsLspLines, prebuildLines } from './shape.mjs';

const args = { fixtures: [], count: 300, seed: 'sidebar-diff', 'time-limit': 150 };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (!a.startsWith('--')) usage(`unexpected ${a}`);
  const key = a.slice(2);
  if (key === 'keep') args.keep = true;
  else if (key === 'fixtures') args.fixtures.push(process.argv[++i]);
  else if (['bin', 'count', 'seed', 'time-limit', 'out'].includes(key)) args[key] = process.argv[++i];
  else usage(`unknown option ${a}`);
}
function usage(msg) {
  console.error(`sidebar-diff: ${msg}\nusage: node sidebar-diff.mjs --bin DOCS_LSP [--fixtures DIR]... [--count N] [--seed S] [--time-limit SECONDS] [--out DIR] [--keep]`);
  process.exit(2);
}
if (!args.bin || !existsSync(args.bin)) usage(`no docs-lsp binary at ${args.bin}`);
const bin = path.resolve(args.bin);
const count = Number(args.count);
const limitMs = Number(args['time-limit']) * 1000;
const started = Date.now();

// The documented classes (docs/sidebar.md, "What the differential leaves"): a predicate on a
// differing site, tried in order. Empty when docs-lsp agrees everywhere it is judged.
const CLASSES = [
  {
    // An unquoted YAML date as a title: js-yaml 3 reads a Date, which the prebuild writes as its
    // ISO text; docs-lsp's front matter reader keeps the text as written.
    name: 'yaml-date-title',
    test: (a, b) => {
      const date = /"(\d{4}-\d\d-\d\d)T00:00:00\.000Z"/;
      const m = a?.match(date);
      return Boolean(m) && b === a.replace(date, `"${m[1]}"`);
    },
  },
  {
    // Two operations whose generated pages get one file name (`POST /users` and `POST /users/{id}`
    // with no summary are both `post-users`): the prebuild keeps one page for the name, the last
    // made, and the sidebar entries of both show it; docs-lsp shows each entry's own operation.
    name: 'generated-page-name-clash',
    test: (a, b) => {
      const api = /^(\s*)page "(.*)" ([A-Z]+) (\S+)( \[hidden\])?$/;
      const [x, y] = [a?.match(api), b?.match(api)];
      return Boolean(x && y) && x[1] === y[1] && x[3] === y[3] && x[4] !== y[4] && x[5] === y[5] && pathName(x[4]) === pathName(y[4]);
    },
  },
];

/** A path as the prebuild puts it in a page's file name (`prepareStringToBeValidFilename`). */
function pathName(p) {
  return p.replaceAll(' ', '-').replace(/\{.*?\}/g, '-').replace(/^-/, '').replace(/-$/, '').replace(/[{}(),.'\n\/]/g, '').replaceAll(/--/g, '-').toLowerCase();
}

/** The pairs of lines that differ (one undefined pair when the sidebars differ in length). */
function differingLines(r) {
  if (!r.theirs || r.theirs.length !== r.ours.length) return [[undefined, undefined]];
  return r.theirs.map((a, i) => [a, r.ours[i]]).filter(([a, b]) => a !== b);
}

const work = args.out ? path.resolve(args.out) : mkdtempSync(path.join(tmpdir(), 'sidebar-diff-'));
rmSync(path.join(work, 'sites'), { recursive: true, force: true });
const sitesDir = path.join(work, 'sites');
mkdirSync(sitesDir, { recursive: true });

// The sites: fixtures first (each folder of a fixtures dir holding docs.json), then generated.
const sites = [];
for (const dir of args.fixtures) {
  for (const name of readdirSync(dir).sort()) {
    const from = path.join(dir, name);
    if (!existsSync(path.join(from, 'docs.json'))) continue;
    const to = path.join(sitesDir, `fixture-${name}`);
    cpSync(from, to, { recursive: true, filter: (src) => !/\/nav[^/]*\.txt$/.test(src) });
    sites.push({ name: `fixture ${name}`, dir: to });
  }
}
for (let i = 0; i < count; i++) {
  const seed = `${args.seed}-${i}`;
  const dir = path.join(sitesDir, `gen-${String(i).padStart(4, '0')}`);
  write(dir, generate(seed));
  sites.push({ name: `generated ${seed}`, dir });
}

// docs-lsp first, on the pristine copies (the prebuild writes into a site): one process for all.
const navOut = execFileSync(bin, ['nav', sitesDir, '--format', 'json'], { maxBuffer: 1 << 30, encoding: 'utf8' });
let answers = JSON.parse(navOut);
if (!Array.isArray(answers) || (answers.length && !('root' in answers[0]))) answers = [{ root: sites[0]?.dir, navigation: answers }];
const byRoot = new Map(answers.map((a) => [path.resolve(a.root), a.navigation]));

// `check` over the same copies, once: each site's `missing-page` entries (the text quoted first
// in the message is the entry as written), to compare with the pages the prebuild warns are
// missing (`missing-nav-page`): the two sets must be equal.
const checked = spawnSync(bin, ['check', '.', '--format', 'json'], { cwd: sitesDir, encoding: 'utf8', maxBuffer: 1 << 30 });
const missingOurs = new Map();
try {
  for (const d of JSON.parse(checked.stdout).diagnostics) {
    // `page-extension`: an entry written with its extension, which the prebuild looks up as
    // `x.mdx.mdx` and warns is missing; docs-lsp says to drop the extension.
    if (d.code !== 'missing-page' && d.code !== 'page-extension') continue;
    const site = path.resolve(sitesDir, d.path.split('/')[0]);
    const entry = d.message.match(/"([^"]*)"/)?.[1];
    if (entry === undefined) continue;
    if (!missingOurs.has(site)) missingOurs.set(site, new Set());
    missingOurs.get(site).add(`${pageKey(entry)} (${d.severity})`);
  }
} catch (e) {
  console.error(`sidebar-diff: docs-lsp check gave no JSON: ${e}`);
  process.exit(1);
}

/** A page entry as both sides name it: no leading or trailing `/`, no extension. */
function pageKey(p) {
  return p.replace(/^\/+|\/+$/g, '').replace(/\.mdx?$/, '');
}

// The prebuild, site after site in this process; its console is its own business, but for the
// pages it warns are missing (`addWarning` writes them with console.log).
const log = console.log;
let warned = [];
const quiet = (...a) => {
  const m = a.join(' ').match(/"(.*)" is referenced in the docs\.json navigation but the file does not exist\./);
  if (m) warned.push(pageKey(m[1]));
};
const results = [];
const home = process.cwd();
let missingCompared = 0;
for (const s of sites) {
  if (Date.now() - started > limitMs && s.name.startsWith('generated')) break;
  const ours = docsLspLines(byRoot.get(path.resolve(s.dir)) ?? []);
  let theirs;
  let refused;
  warned = [];
  console.log = quiet;
  console.error = quiet;
  console.warn = quiet;
  try {
    process.chdir(s.dir);
    await prebuild(s.dir, { localSchema: true });
    const nav = JSON.parse(readFileSync(path.join(s.dir, 'src/_props/generatedDocsNav.json'), 'utf8'));
    theirs = prebuildLines(nav, s.dir);
  } catch (e) {
    refused = String(e?.message ?? e).split('\n')[0];
  } finally {
    process.chdir(home);
    console.log = log;
    console.error = log;
    console.warn = log;
  }
  // Missing pages: each the prebuild warns about is a docs-lsp `missing-page` (an error, or a
  // warning where docs-lsp says why the URL still works), and docs-lsp reports no other.
  let missing;
  if (!refused) {
    const mine = missingOurs.get(path.resolve(s.dir)) ?? new Set();
    const keys = new Set([...mine].map((k) => k.replace(/ \((error|warning)\)$/, '')));
    const theirsSet = new Set(warned);
    const onlyTheirs = [...theirsSet].filter((k) => !keys.has(k));
    const onlyOurs = [...keys].filter((k) => !theirsSet.has(k));
    if (onlyTheirs.length || onlyOurs.length) missing = { onlyTheirs, onlyOurs };
    missingCompared += theirsSet.size;
  }
  results.push({ ...s, ours, theirs, refused, missing });
}

// A refused site: docs-lsp must say it is broken, with an error the prebuild would not merely
// warn about (it builds on past a missing page).
for (const r of results.filter((r) => r.refused)) {
  const check = spawnSync(bin, ['check', r.dir, '--format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  let errors = [];
  try {
    errors = JSON.parse(check.stdout).diagnostics.filter((d) => d.severity === 'error' && d.code !== 'missing-page');
  } catch {}
  r.checkStatus = check.status;
  r.checkErrors = [...new Set(errors.map((d) => d.code))];
}

const lines = [];
let agree = 0;
let documented = 0;
let failed = 0;
const byClass = new Map();
for (const r of results) {
  let same;
  let detail;
  if (r.refused) {
    same = r.checkStatus === 1 && r.checkErrors.length > 0;
    detail = `the prebuild refuses it (${r.refused}); docs-lsp check exits ${r.checkStatus}${same ? '' : ', with no error but missing pages'}`;
  } else {
    same = r.ours.join('\n') === r.theirs.join('\n');
    detail = same ? '' : diff(r.theirs, r.ours);
  }
  if (r.missing) {
    // Never a documented class: a missing page is a 404 either side sees.
    const { onlyTheirs, onlyOurs } = r.missing;
    failed++;
    lines.push(`## ${r.name} (missing pages differ, NOT documented)\n${path.relative(home, r.dir)}\nthe prebuild warns missing, docs-lsp has no missing-page: ${JSON.stringify(onlyTheirs)}\ndocs-lsp missing-page, the prebuild builds it: ${JSON.stringify(onlyOurs)}\n`);
    if (same) continue;
  }
  if (same) {
    agree++;
    continue;
  }
  // Documented when every differing line is of a documented class.
  const pairs = differingLines(r);
  const classes = pairs.map(([a, b]) => CLASSES.find((c) => c.test(a, b)));
  const cls = !r.refused && classes.every(Boolean) ? { name: [...new Set(classes.map((c) => c.name))].join(', ') } : undefined;
  if (cls) {
    documented++;
    byClass.set(cls.name, (byClass.get(cls.name) ?? 0) + 1);
  } else failed++;
  lines.push(`## ${r.name}${cls ? ` (documented: ${cls.name})` : ' (NOT documented)'}\n${path.relative(home, r.dir)}\n${detail}\n`);
}
const generated = results.filter((r) => r.name.startsWith('generated')).length;
const refused = results.filter((r) => r.refused).length;
const pct = results.length ? ((100 * agree) / results.length).toFixed(2) : '0';
const summary = [
  `sidebar-diff: missing pages: ${missingCompared} the prebuild warns about, on ${results.filter((r) => !r.refused).length} built sites; ${results.filter((r) => r.missing).length} sites where docs-lsp's missing-page entries differ`,
  `sidebar-diff: ${agree}/${results.length} sites agree (${pct}%): ${results.length - generated} fixtures, ${generated} of ${count} generated (seed ${args.seed}), ${refused} refused by the prebuild; ${documented} documented differences, ${failed} not documented; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  ...[...byClass].map(([name, n]) => `  ${name}: ${n}`),
].join('\n');
writeFileSync(path.join(work, 'summary.md'), `${summary}\n\n${lines.join('\n')}`);
for (const l of lines) log(l);
log(summary);
log(`report: ${path.join(work, 'summary.md')}`);
if (!args.keep && !args.out) rmSync(work, { recursive: true, force: true });
if (generated === 0 && count > 0) {
  log('sidebar-diff: no generated site was compared within the time limit');
  process.exit(1);
}
process.exit(failed ? 1 : 0);

/** The two sidebars from their first differing line: `-` the platform's, `+` docs-lsp's. */
function diff(theirs, ours) {
  let i = 0;
  while (i < theirs.length && i < ours.length && theirs[i] === ours[i]) i++;
  const from = Math.max(0, i - 2);
  const show = (xs, mark) => xs.slice(from, i + 4).map((l, k) => `${from + k < i ? ' ' : mark} ${l}`);
  return ['--- prebuild', ...show(theirs, '-'), '+++ docs-lsp', ...show(ours, '+')].join('\n');
}
