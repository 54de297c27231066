// The harness's own promises: variants are rebuilt exactly from (seed, number); the platform's
// verdict follows prebuild (JSON.parse, sourceRef entries as the local preview reads them,
// lists the validator drops); text mutations do to JSON.parse what their table says; a site
// holds every page its navigation names. Run: node --test tools/platform-diff/test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, makeVariant } from '../run.mjs';
import { judge } from '../lib/platform.mjs';
import { TEXT_MUTATIONS, serialize } from '../lib/jsonc.mjs';
import { Rng } from '../lib/rng.mjs';
import { namedFiles, writeSite } from '../lib/site.mjs';
import { familyOf } from '../lib/families.mjs';
import { loadSeedFiles } from '../lib/seeds.mjs';

const ctx = context();
const seeds = loadSeedFiles(new URL('../seeds', import.meta.url).pathname);
const base = { name: 'x', theme: 'mint', colors: { primary: '#000000' } };
const cfg = (navigation, extra = {}) => JSON.stringify({ ...base, navigation, ...extra });

test('a variant is the same when rebuilt alone', () => {
  for (const i of [0, 17, 4999]) {
    const a = makeVariant(i, ctx, seeds, 'seed-a');
    const b = makeVariant(i, ctx, seeds, 'seed-a');
    assert.equal(a.text, b.text);
    assert.equal(a.detail, b.detail);
  }
  assert.notEqual(makeVariant(3, ctx, seeds, 'seed-a').text, makeVariant(3, ctx, seeds, 'seed-b').text);
});

test('every seed builds on the platform', () => {
  assert.ok(seeds.length > 0);
  for (const s of seeds) assert.equal(judge(JSON.stringify(s.cfg)).builds, true, s.name);
});

test('the platform reads docs.json with JSON.parse', () => {
  const ok = cfg({ pages: ['index'] });
  assert.equal(judge(ok).builds, true);
  assert.deepEqual(judge(ok.replace(/}$/, ',}')).stage, 'json');
  assert.equal(judge('// c\n' + ok).builds, false);
  assert.equal(judge('\uFEFF' + ok).builds, false);
  // A repeated key: the last one wins.
  assert.equal(judge(ok.replace('"name":"x"', '"name":3,"name":"x"')).builds, true);
  assert.equal(judge(ok.replace('"name":"x"', '"name":"x","name":3')).builds, false);
});

test('sourceRef entries are checked as the local preview checks them', () => {
  const entry = (e) => cfg({ groups: [{ group: 'A', pages: ['a', e] }] });
  assert.equal(judge(entry({ sourceRef: 'shared' })).builds, true);
  assert.equal(judge(entry({ sourceRef: 'shared' }), { sourceRefs: 'plain' }).builds, false);
  assert.equal(judge(entry({ sourceRef: 'shared', group: 'B' })).stage, 'sourceRef');
  assert.equal(judge(cfg({ pages: ['a'], sourceRef: 'x' })).builds, false);
});

test('a list the validator drops is reported with the verdict', () => {
  const v = judge(cfg({ tabs: [{ tab: 'T', groups: [{ group: 3, pages: ['a'] }] }] }));
  assert.equal(v.builds, true);
  assert.deepEqual(v.dropped, ['navigation.tabs[0].groups (list)']);
  const r = { direction: 'false-error', kind: 'nav-shape', detail: 'label-number:group', platform: v, lsp: [] };
  assert.equal(familyOf(r), 'nav-list-dropped');
  // At the root there is no shape to fall back to: the platform refuses.
  assert.equal(judge(cfg({ groups: [{ group: 3, pages: ['a'] }] })).builds, false);
});

test('text mutations do to JSON.parse what their table says', () => {
  const value = JSON.parse(readFileSync(new URL('../seeds/mintlify__docs.json', import.meta.url), 'utf8'));
  for (const [name, parses, make] of TEXT_MUTATIONS) {
    for (let i = 0; i < 5; i++) {
      const text = make(value, new Rng(`${name}:${i}`));
      if (text === undefined) continue;
      let ok = true;
      try {
        JSON.parse(text);
      } catch {
        ok = false;
      }
      assert.equal(ok, parses, `${name} #${i}`);
    }
  }
  assert.deepEqual(JSON.parse(serialize(value)), value);
});

test('a site holds every page and spec its configuration names', () => {
  const c = {
    ...base,
    api: { openapi: 'api/openapi.yaml' },
    navigation: {
      tabs: [
        { tab: 'A', groups: [{ group: 'G', root: 'g/root', pages: ['g/one', 'GET /users/{id}', { group: 'H', pages: ['../outside'] }] }] },
        { tab: 'B', href: '/b/landing' },
      ],
    },
  };
  const named = namedFiles(c);
  assert.deepEqual([...named.pages].sort(), ['b/landing', 'g/one', 'g/root']);
  assert.deepEqual(named.endpoints, [['get', '/users/{id}']]);
  const dir = mkdtempSync(join(tmpdir(), 'platform-diff-test-'));
  try {
    writeSite(dir, serialize(c), c);
    for (const p of ['docs.json', 'g/one.mdx', 'g/root.mdx', 'b/landing.mdx', 'api/openapi.yaml']) assert.ok(existsSync(join(dir, p)), p);
    const spec = JSON.parse(readFileSync(join(dir, 'api/openapi.yaml'), 'utf8'));
    assert.ok(spec.paths['/users/{id}'].get);
    assert.match(readFileSync(join(dir, 'g/one.mdx'), 'utf8'), /^---\ntitle: "one"\n---\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
