#!/usr/bin/env node
// The differential oracle: docs.json variants judged by the platform (JSON.parse, then
// validateDocsConfig of @mintlify/validation) and by `docs-lsp check`. Agreement: the platform
// builds the variant exactly when docs-lsp reports no error on it. See README.md.
//
//   node run.mjs [--bin PATH] [--count 5000] [--seed S] [--out DIR] [--min-agreement 0.95]
//                [--seeds-dir DIR] [--extra-seeds DIR]... [--only N] [--sites DIR] [--keep-sites]
//                [--source-refs preview|plain]
//
// The variant sites (tens of thousands of small files) go to a scratch folder in /dev/shm when
// there is one: on this machine's disk (ext4 mounted with `discard`) deleting them took minutes,
// in memory it takes a second. They are deleted at the end unless --keep-sites.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from './lib/rng.mjs';
import { Schema, platformJsonSchema } from './lib/schema.mjs';
import { genNav, languageCodes, navElementProps } from './lib/nav.mjs';
import { KIND_WEIGHTS, Mutator } from './lib/mutate.mjs';
import { serialize } from './lib/jsonc.mjs';
import { judge } from './lib/platform.mjs';
import { writeSite } from './lib/site.mjs';
import { loadSeedFiles, loadSeedSites } from './lib/seeds.mjs';
import { familyOf } from './lib/families.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '..', '..');

// docs-lsp errors about files rather than about the configuration. The harness creates every
// file a variant names (lib/site.mjs); what is still reported under these codes concerns a
// path that cannot be a file of the site (`../x`, a URL-like page entry), and says "a reader
// meets a broken page", not "the platform refuses to build": it is counted apart.
export const FILE_CODES = new Set([
  'missing-page',
  'invalid-endpoint',
  'missing-endpoint',
  'missing-spec',
  'invalid-spec',
  'missing-ref',
  'invalid-ref',
  'ref-cycle',
  'ref-outside-root',
  'broken-link',
  'missing-image',
  'missing-snippet',
  'missing-source',
  'empty-spec',
]);

function parseArgs(argv) {
  const a = {
    bin: join(REPO, 'target', 'release', 'docs-lsp'),
    count: 5000,
    seed: 'platform-diff',
    out: '/tmp/platform-diff',
    minAgreement: undefined,
    seedsDir: join(HERE, 'seeds'),
    extraSeeds: [],
    only: undefined,
    sites: undefined,
    keepSites: false,
    sourceRefs: 'preview',
  };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i];
    const v = () => {
      if (i + 1 >= argv.length) throw new Error(`${k} needs a value`);
      return argv[++i];
    };
    if (k === '--bin') a.bin = resolve(v());
    else if (k === '--count') a.count = Number(v());
    else if (k === '--seed') a.seed = v();
    else if (k === '--out') a.out = resolve(v());
    else if (k === '--min-agreement') a.minAgreement = Number(v());
    else if (k === '--seeds-dir') a.seedsDir = resolve(v());
    else if (k === '--extra-seeds') a.extraSeeds.push(resolve(v()));
    else if (k === '--only') a.only = Number(v());
    else if (k === '--sites') a.sites = resolve(v());
    else if (k === '--keep-sites') a.keepSites = true;
    else if (k === '--source-refs') a.sourceRefs = v();
    else if (k === '-h' || k === '--help') {
      console.log(readmeUsage());
      process.exit(0);
    } else throw new Error('unknown argument ' + k);
  }
  if (!Number.isInteger(a.count) || a.count < 1) throw new Error('--count must be a positive integer');
  if (a.only !== undefined && !(Number.isInteger(a.only) && a.only >= 0)) throw new Error('--only must be a variant number');
  if (a.only !== undefined) a.keepSites = true;
  if (a.sourceRefs !== 'preview' && a.sourceRefs !== 'plain') throw new Error('--source-refs is preview or plain');
  a.sites ??= join(scratchRoot(), `platform-diff-sites-${process.pid}`);
  return a;
}

function scratchRoot() {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

function readmeUsage() {
  return 'node run.mjs [--bin PATH] [--count N] [--seed S] [--out DIR] [--min-agreement F] [--seeds-dir DIR] [--extra-seeds DIR]... [--only N] [--sites DIR] [--keep-sites] [--source-refs preview|plain]';
}

const clone = (v) => JSON.parse(JSON.stringify(v));

// Top-level keys a generated base may carry besides the required ones: sampled from the
// schema, kept only when the platform builds the result.
const OPTIONAL_TOP = [
  'description', 'logo', 'favicon', 'api', 'appearance', 'background', 'navbar', 'footer', 'search', 'seo', 'icons',
  'styling', 'redirects', 'banner', 'errors', 'contextual', 'thumbnails', 'interaction', 'metadata', 'fonts', 'integrations',
];

function makeBase(rng, ctx, seeds) {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (seeds.length && rng.chance(0.5)) {
      const s = rng.pick(seeds);
      return { base: 'seed:' + s.name, cfg: clone(s.cfg) };
    }
    const cfg = {};
    if (rng.chance(0.4)) cfg.$schema = 'https://mintlify.com/docs.json';
    cfg.theme = rng.pick(ctx.themes);
    cfg.name = rng.pick(['Acme', 'Example Docs', 'Widgets API', 'Docs']);
    cfg.colors = { primary: rng.pick(['#0D9373', '#16A34A', '#FF5500', '#123']) };
    if (rng.chance(0.3)) cfg.colors.light = '#07C983';
    cfg.navigation = genNav(rng, ctx.langs);
    const root = ctx.schema.resolve(ctx.schema.root);
    for (const k of rng.shuffle(OPTIONAL_TOP).slice(0, rng.int(0, 3))) {
      const v = ctx.schema.sample(root.properties[k], rng, { name: k, depth: 1 });
      if (v !== undefined) cfg[k] = v;
    }
    if (judge(JSON.stringify(cfg)).builds) return { base: 'generated', cfg };
  }
  // The generator keeps making bases the platform refuses: say so rather than loop.
  throw new Error('no buildable base in 20 attempts');
}

export function makeVariant(i, ctx, seeds, seed) {
  const rng = new Rng(`${seed}:${i}`);
  for (let attempt = 0; attempt < 30; attempt++) {
    const { base, cfg } = makeBase(rng, ctx, seeds);
    const kind = rng.weighted(KIND_WEIGHTS);
    const got = ctx.mutator.apply(kind, cfg, rng);
    if (!got) continue;
    return { id: i, base, kind, detail: got.detail, text: got.text ?? serialize(cfg), cfg };
  }
  throw new Error(`variant ${i}: no mutation applied in 30 attempts`);
}

export function context() {
  const schema = new Schema(platformJsonSchema());
  const root = schema.resolve(schema.root);
  const ctx = {
    schema,
    places: schema.places(Object.keys(root.properties).filter((k) => k !== 'navigation')),
    navProps: navElementProps(schema),
    langs: languageCodes(schema),
    themes: root.properties.theme.enum,
  };
  ctx.mutator = new Mutator(ctx);
  return ctx;
}

function loadSeeds(args) {
  const seeds = loadSeedFiles(args.seedsDir);
  for (const d of args.extraSeeds) seeds.push(...loadSeedSites(d).map((s) => ({ ...s, name: s.name })));
  const ok = [];
  const dropped = [];
  for (const s of seeds) (judge(JSON.stringify(s.cfg)).builds ? ok : dropped).push(s);
  return { seeds: ok, dropped };
}

const pad = (n) => 'v' + String(n).padStart(5, '0');

function runDocsLsp(bin, dir) {
  const r = spawnSync(bin, ['check', dir, '--format', 'json'], { maxBuffer: 1 << 30, encoding: 'utf8' });
  if (r.error) throw new Error(`cannot run ${bin}: ${r.error.message}`);
  if (r.status !== 0 && r.status !== 1) throw new Error(`docs-lsp check exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout).diagnostics;
}

function diagnosticsByVariant(diags, sites) {
  const by = new Map();
  const prefix = sites.replace(/\\/g, '/').replace(/\/?$/, '/');
  for (const d of diags) {
    // Paths are relative to the checked folder in some docs-lsp versions, absolute in others.
    let path = d.path.replace(/\\/g, '/');
    if (path.startsWith(prefix)) path = path.slice(prefix.length);
    const m = /^v(\d+)\//.exec(path);
    if (!m || d.severity !== 'error') continue;
    const id = Number(m[1]);
    if (!by.has(id)) by.set(id, []);
    by.get(id).push({ code: d.code, message: d.message.slice(0, 300), file: path.replace(/^v\d+\//, ''), line: d.range?.start?.line + 1 });
  }
  return by;
}

// A disagreement's class: what was done (numbers and generated names dropped) and which way
// the verdicts differ, plus the docs-lsp codes or the platform's issue paths.
function classOf(r) {
  const detail = r.detail
    .replace(/\[\]/g, '[]')
    .replace(/@(tab|anchor|dropdown|product|version|language|item|group)\b/, '@nav')
    .replace(/\d+/g, 'N');
  if (r.direction === 'missed') return `missed | ${r.kind} | ${detail}`;
  const codes = [...new Set(r.lsp.map((e) => e.code))].sort().join(',');
  const drops = (r.platform.dropped ?? []).some((d) => d.endsWith('(list)')) ? ' | platform drops a list' : '';
  return `false-error | ${r.kind} | ${detail} | ${codes}${drops}`;
}

async function main() {
  const args = parseArgs(process.argv);
  accessSync(args.bin, constants.X_OK);
  const t0 = Date.now();
  const ctx = context();
  const { seeds, dropped } = loadSeeds(args);
  if (dropped.length) console.error(`seeds the platform refuses, not used: ${dropped.map((s) => s.name).join(', ')}`);

  const ids = args.only !== undefined ? [args.only] : [...Array(args.count).keys()];
  const variants = ids.map((i) => makeVariant(i, ctx, seeds, args.seed));
  const tGen = Date.now();
  for (const v of variants) v.platform = judge(v.text, { sourceRefs: args.sourceRefs });
  const tJudge = Date.now();

  const sites = args.sites;
  rmSync(sites, { recursive: true, force: true });
  mkdirSync(sites, { recursive: true });
  for (const v of variants) writeSite(join(sites, pad(v.id)), v.text, v.cfg);
  const tWrite = Date.now();
  let byVariant;
  try {
    byVariant = diagnosticsByVariant(runDocsLsp(args.bin, sites), sites);
  } finally {
    if (!args.keepSites) rmSync(sites, { recursive: true, force: true });
  }
  const tLsp = Date.now();

  const results = [];
  for (const v of variants) {
    const errors = byVariant.get(v.id) ?? [];
    const counted = errors.filter((e) => !FILE_CODES.has(e.code));
    const lspOk = counted.length === 0;
    const direction = v.platform.builds === lspOk ? 'agree' : v.platform.builds ? 'false-error' : 'missed';
    results.push({
      variant: pad(v.id),
      id: v.id,
      base: v.base,
      kind: v.kind,
      detail: v.detail,
      platform: v.platform,
      lsp: counted,
      fileRuleErrors: errors.filter((e) => FILE_CODES.has(e.code)),
      direction,
    });
  }
  for (const r of results) if (r.direction !== 'agree') r.family = familyOf(r);

  if (args.only !== undefined) {
    const r = results[0];
    console.log(variants[0].text);
    console.log(JSON.stringify({ ...r, site: join(sites, r.variant) }, null, 2));
    return;
  }

  const total = results.length;
  const agree = results.filter((r) => r.direction === 'agree').length;
  const perKind = {};
  for (const r of results) {
    const k = (perKind[r.kind] ??= { total: 0, agree: 0, builds: 0, missed: 0, falseError: 0 });
    k.total++;
    if (r.platform.builds) k.builds++;
    if (r.direction === 'agree') k.agree++;
    if (r.direction === 'missed') k.missed++;
    if (r.direction === 'false-error') k.falseError++;
  }
  const classes = new Map();
  for (const r of results) {
    if (r.direction === 'agree') continue;
    const c = classOf(r);
    if (!classes.has(c)) classes.set(c, []);
    classes.get(c).push(r);
  }
  const families = new Map();
  for (const r of results) {
    if (r.direction === 'agree') continue;
    if (!families.has(r.family)) families.set(r.family, []);
    families.get(r.family).push(r);
  }
  const rankedFamilies = [...families.entries()].sort((a, b) => b[1].length - a[1].length);
  const ranked = [...classes.entries()].sort((a, b) => b[1].length - a[1].length);
  const fileRuleVariants = results.filter((r) => r.fileRuleErrors.length).length;
  const builds = results.filter((r) => r.platform.builds).length;

  mkdirSync(args.out, { recursive: true });
  writeFileSync(join(args.out, 'results.jsonl'), results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(
    join(args.out, 'disagreements.jsonl'),
    results
      .filter((r) => r.direction !== 'agree')
      .map((r) => JSON.stringify({ family: r.family, class: classOf(r), ...r }))
      .join('\n') + '\n',
  );

  const lines = [];
  const pct = (a, b) => (b ? ((100 * a) / b).toFixed(2) : '-');
  lines.push(`# platform-diff: seed ${JSON.stringify(args.seed)}, ${total} variants, docs-lsp ${args.bin}`);
  lines.push('');
  lines.push(`agreement: ${agree}/${total} = ${pct(agree, total)}%`);
  lines.push(
    `platform builds ${builds}, refuses ${total - builds}; disagreements: docs-lsp misses a refusal ${results.filter((r) => r.direction === 'missed').length}, ` +
      `docs-lsp errors on a build ${results.filter((r) => r.direction === 'false-error').length}`,
  );
  lines.push(`variants with file-rule errors set apart (${[...FILE_CODES].join(', ')}): ${fileRuleVariants}`);
  lines.push(`seeds: ${seeds.length} (${seeds.map((s) => s.name).join(', ')})`);
  lines.push(
    `time: generate ${(tGen - t0) / 1000}s, platform ${(tJudge - tGen) / 1000}s, write sites ${(tWrite - tJudge) / 1000}s, docs-lsp ${(tLsp - tWrite) / 1000}s`,
  );
  lines.push('');
  lines.push('| kind | variants | platform builds | agree | docs-lsp misses a refusal | docs-lsp errors on a build |');
  lines.push('|---|---|---|---|---|---|');
  for (const [k, s] of Object.entries(perKind).sort()) {
    lines.push(`| ${k} | ${s.total} | ${s.builds} | ${s.agree} (${pct(s.agree, s.total)}%) | ${s.missed} | ${s.falseError} |`);
  }
  lines.push('');
  lines.push('## disagreement families (causes: disagreements.md)');
  lines.push('');
  lines.push('| family | variants | example |');
  lines.push('|---|---|---|');
  for (const [f, rs] of rankedFamilies) {
    const ex = rs[0];
    lines.push(`| ${f} | ${rs.length} | ${ex.variant} ${ex.kind} \`${ex.detail.replace(/\|/g, '/')}\` |`);
  }
  lines.push('');
  lines.push(`## disagreement classes (${ranked.length}), largest first`);
  for (const [c, rs] of ranked) {
    const ex = rs[0];
    const why =
      ex.direction === 'missed'
        ? `platform: ${ex.platform.message}`
        : `docs-lsp: ${ex.lsp.map((e) => `${e.code}: ${e.message}`).join('; ')}` +
          (ex.platform.dropped ? `; platform dropped ${ex.platform.dropped.join(', ')}` : '');
    lines.push(`- ${rs.length} × ${c} — e.g. ${ex.variant} (${ex.base}): ${why.slice(0, 400)}`);
  }
  const summary = lines.join('\n') + '\n';
  writeFileSync(join(args.out, 'summary.md'), summary);
  const head = lines.slice(0, lines.indexOf(`## disagreement classes (${ranked.length}), largest first`) + 1);
  console.log(head.join('\n'));
  for (const l of lines.slice(head.length, head.length + 10)) console.log(l.slice(0, 300));
  console.log(`... full list: ${join(args.out, 'summary.md')}; each disagreement: ${join(args.out, 'disagreements.jsonl')}`);
  console.log(args.keepSites ? `variant sites: ${sites}/vNNNNN` : 'rebuild one variant\'s site: node run.mjs --seed SEED --only N (same --seeds-dir/--extra-seeds)');
  console.log(`AGREEMENT ${pct(agree, total)}% (${agree}/${total})`);
  if (args.minAgreement !== undefined && agree / total < args.minAgreement) {
    console.log(`FAIL: agreement ${pct(agree, total)}% is below the threshold ${(args.minAgreement * 100).toFixed(2)}%`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`platform-diff: ${e.message}`);
    if (process.env.PLATFORM_DIFF_DEBUG) console.error(e.stack);
    process.exit(2);
  });
}
