// Real configurations to mutate: docs.json files of real sites, with their `$ref`s inlined
// (the platform resolves them before validating; validateDocsConfig alone does not) and their
// navigation trimmed to a few dozen pages, so that 5,000 variants stay small sites.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isPlainObject } from './schema.mjs';
import { CONTAINERS } from './nav.mjs';

/** Inlines `{"$ref": "file.json", ...siblings}` (siblings win), relative to the holding file. */
export function inlineRefs(value, file, root, depth = 0) {
  if (depth > 16) throw new Error('$ref nesting too deep');
  if (Array.isArray(value)) return value.map((v) => inlineRefs(v, file, root, depth));
  if (!isPlainObject(value)) return value;
  let out = {};
  if (typeof value.$ref === 'string') {
    const target = resolve(dirname(file), value.$ref);
    if (!target.startsWith(root)) throw new Error('$ref outside the site: ' + value.$ref);
    const got = inlineRefs(JSON.parse(readFileSync(target, 'utf8')), target, root, depth + 1);
    out = isPlainObject(got) ? { ...got } : got;
    if (!isPlainObject(out)) return out;
  }
  for (const [k, v] of Object.entries(value)) if (k !== '$ref') out[k] = inlineRefs(v, file, root, depth);
  return out;
}

/** Keeps the first elements of every navigation list until `budget` pages are kept. */
export function trimNavigation(cfg, budget = 12, listCap = 8) {
  let left = budget;
  const walk = (v, key) => {
    if (Array.isArray(v)) {
      const out = [];
      for (const x of v) {
        if (out.length && (left <= 0 || out.length >= listCap)) break;
        if (typeof x === 'string' && key === 'pages') left--;
        out.push(walk(x, key));
      }
      return out;
    }
    if (!isPlainObject(v)) return v;
    const o = {};
    for (const [k, x] of Object.entries(v)) o[k] = CONTAINERS.has(k) || k === 'global' ? walk(x, k) : x;
    return o;
  };
  const out = { ...cfg };
  if (isPlainObject(cfg.navigation)) out.navigation = walk(cfg.navigation, '');
  // Long lists elsewhere (redirects) say nothing more past a few entries.
  for (const [k, v] of Object.entries(out)) if (k !== 'navigation' && Array.isArray(v) && v.length > 12) out[k] = v.slice(0, 12);
  return out;
}

/** Reads one docs root: the trimmed configuration, or undefined when it cannot be read. */
export function readSeed(dir) {
  const file = join(dir, 'docs.json');
  try {
    const cfg = inlineRefs(JSON.parse(readFileSync(file, 'utf8')), resolve(file), resolve(dir));
    return isPlainObject(cfg) ? trimNavigation(cfg) : undefined;
  } catch {
    return undefined;
  }
}

/** Seeds committed as files (`seeds/NAME.json`, already trimmed). */
export function loadSeedFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), cfg: JSON.parse(readFileSync(join(dir, f), 'utf8')) }));
}

/** Seeds read from folders of sites (`DIR/*\/docs.json`); a missing folder gives none. */
export function loadSeedSites(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const site = join(dir, name);
    try {
      if (!statSync(site).isDirectory() || !existsSync(join(site, 'docs.json'))) continue;
    } catch {
      continue;
    }
    const cfg = readSeed(site);
    if (cfg) out.push({ name, cfg });
  }
  return out;
}
