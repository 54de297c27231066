// Tiny docs sites from a seed, for the sidebar differential (sidebar-diff.mjs): random nesting
// of languages, versions, products, tabs, anchors, dropdowns, menus, groups and pages; child
// lists the platform drops; `hidden`, `root`, `directory`, `href`, `global`; pages with a
// sidebarTitle, a title, no front matter or no file; OpenAPI specs (tags with `x-group`,
// operations with and without a summary, `x-hidden`, `x-excluded`, `x-mint` metadata and `href`,
// webhooks) generated under an element's `openapi` or listed as `METHOD /path`; AsyncAPI specs
// (channels with and without a title or tags) under an element's `asyncapi`. Each site is small
// (the prebuild takes ~0.1 s per page); the same seed gives the same sites.
import { mkdirSync, writeFileSync } from 'fs';
import path from 'path';

/** mulberry32 over a string seed: a small, fast, repeatable generator. */
export function rng(seed) {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'setup', 'guide', 'intro', 'usage', 'deploy', 'billing', 'auth', 'errors'];
const LANGS = ['en', 'fr', 'de', 'es', 'jp', 'pt-BR', 'zh-Hant'];
const ICONS = ['book', 'rocket', 'code', 'house'];
const DIRS = ['accordion', 'card', 'none'];
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** One site's files: { 'docs.json': text, 'a/b.mdx': text, ... }. */
export function site(seed) {
  const r = rng(seed);
  const files = {};
  let pageN = 0;
  let labelN = 0;
  const label = (base) => `${base} ${++labelN}`;

  // Pages: written with a front matter of some kind, or listed with no file.
  const newPage = () => {
    const slug = `${r.pick(WORDS)}/${r.pick(WORDS)}-${++pageN}`;
    const kind = r.int(0, 11);
    if (kind === 0) return slug; // listed, no file
    let fm = '';
    if (kind === 10 && ops.length) {
      // An API page of its own: titled from the spec when it has no title.
      files[`${slug}.mdx`] = `---\nopenapi: "${r.pick(ops)}"\n---\n`;
      return slug;
    }
    if (kind >= 10) {
      // A title that is no string, an entry written with a slash or an extension.
      files[`${slug}.mdx`] = `---\ntitle: ${r.chance(0.03) ? '2024-01-02' : r.pick(['123', 'true', '2.5'])}\n---\n`;
      return r.pick([slug, `/${slug}`, `${slug}.mdx`]);
    }
    const title = `${r.pick(WORDS)} ${r.pick(['page', 'Ünïcode', 'notes'])} ${pageN}`;
    if (kind <= 3) fm = `title: "${title}"`;
    else if (kind <= 5) fm = `title: "${title}"\nsidebarTitle: "Side ${pageN}"`;
    else if (kind === 6) fm = `sidebarTitle: "Only side ${pageN}"`;
    else if (kind === 7) fm = `title: "${title}"\nhidden: true`;
    else if (kind === 8) fm = `title: "${title}"\nicon: "${r.pick(ICONS)}"`;
    files[`${slug}.mdx`] = kind === 9 ? 'No front matter.\n' : `---\n${fm}\n---\n\nBody.\n`;
    return slug;
  };

  // The OpenAPI spec, when the site has one.
  let spec = null;
  const ops = [];
  const hooks = [];
  if (r.chance(0.5)) {
    const tags = ['Users', 'Pets', 'Admin tools'];
    const paths = {};
    for (let i = 0, n = r.int(1, 5); i < n; i++) {
      const p = r.pick(['/users', '/users/{id}', '/pets', '/pets/{petId}/toys', '/health', `/items/${i}`]);
      const m = r.pick(METHODS);
      if (paths[p]?.[m]) continue;
      const op = { responses: { 200: { description: 'ok' } } };
      if (r.chance(0.7)) op.summary = `${r.pick(['List', 'Create', 'Remove'])} ${r.pick(WORDS)} ${i}`;
      if (r.chance(0.6)) op.tags = [r.pick(tags)];
      if (r.chance(0.12)) op['x-hidden'] = true;
      if (r.chance(0.1)) op['x-excluded'] = true;
      if (r.chance(0.25)) {
        op['x-mint'] = { metadata: {} };
        if (r.chance(0.6)) op['x-mint'].metadata.title = `Mint title ${i}`;
        if (r.chance(0.4)) op['x-mint'].metadata.sidebarTitle = `Mint side ${i}`;
        if (r.chance(0.2)) op['x-mint'].href = `/custom/${r.pick(WORDS)}-${i}`;
      }
      (paths[p] ??= {})[m] = op;
      if (!op['x-excluded']) ops.push(`${m.toUpperCase()} ${p}`);
    }
    spec = { openapi: '3.1.0', info: { title: 'Generated API', version: '1.0.0' }, paths };
    if (r.chance(0.4)) spec.tags = tags.map((name) => (r.chance(0.5) ? { name, 'x-group': `${name} (grouped)` } : { name }));
    if (r.chance(0.3)) {
      spec.webhooks = {};
      for (let i = 0, n = r.int(1, 2); i < n; i++) {
        const name = `${r.pick(['newUser', 'order-paid', 'ping'])}${i}`;
        const op = { responses: { 200: { description: 'ok' } } };
        if (r.chance(0.5)) op.summary = `Hook ${r.pick(WORDS)} ${i}`;
        spec.webhooks[name] = { post: op };
        hooks.push(`WEBHOOK ${name}`);
      }
    }
    files['openapi.json'] = JSON.stringify(spec, null, 2);
  }
  // The AsyncAPI spec, when the site has one.
  let asyncapi = false;
  if (r.chance(0.25)) {
    const channels = {};
    for (let i = 0, n = r.int(1, 3); i < n; i++) {
      const id = `${r.pick(['chatRoom', 'orders', 'liveScores', 'tickerUpdates'])}${i}`;
      const ch = { address: `/${id}`, messages: { msg: { payload: { type: 'string' } } } };
      if (r.chance(0.5)) ch.title = `${r.pick(['Chat', 'Order feed', 'Scores'])} ${i}`;
      if (r.chance(0.4)) ch.tags = [{ name: r.pick(['Realtime', 'Feeds']) }];
      channels[id] = ch;
    }
    files['asyncapi.json'] = JSON.stringify({ asyncapi: '3.0.0', info: { title: 'Events', version: '1.0.0' }, channels }, null, 2);
    asyncapi = true;
  }

  // How an element names its spec: a path, `{source, directory}`, a list; rarely a missing file.
  const openapiValue = () => r.pick(['openapi.json', 'openapi.json', '/openapi.json', { source: 'openapi.json', directory: 'reference' }, ['openapi.json'], r.chance(0.2) ? 'missing.json' : 'openapi.json']);
  const decorate = (el) => {
    if (r.chance(0.1)) el.hidden = true;
    if (r.chance(0.2)) el.icon = r.pick(ICONS);
    if (r.chance(0.15)) el.directory = r.pick(DIRS);
    return el;
  };
  // A `pages` list: pages, endpoints (when a spec is inherited), nested groups.
  const pages = (depth, inherited) => {
    const out = [];
    for (let i = 0, n = r.int(1, 4); i < n; i++) {
      const k = r.next();
      if (k < 0.15 && depth < 4) out.push(group(depth + 1, inherited));
      else if (k < 0.3 && inherited && ops.length) out.push(r.chance(0.2) ? `openapi.json ${r.pick(ops)}` : r.pick(ops));
      else if (k < 0.31 && ops.length) out.push(r.pick(['GET /nowhere', 'openapi.json DELETE /nowhere']));
      else if (k < 0.33 && inherited && hooks.length) out.push(r.pick(hooks));
      else out.push(newPage());
    }
    return out;
  };
  const group = (depth, inherited) => {
    const g = decorate({ group: label('Group') });
    let spec2 = inherited;
    if (spec && r.chance(0.12)) {
      g.openapi = openapiValue();
      spec2 = true;
    }
    if (asyncapi && r.chance(0.1)) g.asyncapi = 'asyncapi.json';
    if (r.chance(0.25)) g.root = newPage();
    // A group with its own spec and no pages gets the generated ones.
    if (!(g.openapi && r.chance(0.5))) g.pages = pages(depth, spec2);
    else g.pages = [];
    return g;
  };
  // An element of `kind` with children below it.
  const LEVELS = ['languages', 'versions', 'products', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'];
  const KEY = { languages: 'language', versions: 'version', products: 'product', tabs: 'tab', dropdowns: 'dropdown', anchors: 'anchor', menu: 'item' };
  const usedLangs = new Set();
  const division = (list, depth, inherited, from) => {
    const el = {};
    if (list === 'languages') {
      const free = LANGS.filter((l) => !usedLangs.has(l));
      el.language = free.length ? r.pick(free) : 'en';
      usedLangs.add(el.language);
    } else el[KEY[list]] = label(KEY[list]);
    decorate(el);
    // A link-only tab, anchor or dropdown.
    if (['tabs', 'anchors', 'dropdowns'].includes(list) && r.chance(0.15)) {
      el.href = `https://example.com/${r.pick(WORDS)}`;
      return el;
    }
    let spec2 = inherited;
    if (spec && r.chance(0.1)) {
      el.openapi = openapiValue();
      spec2 = true;
    }
    if (asyncapi && r.chance(0.08)) el.asyncapi = 'asyncapi.json';
    if (list === 'languages' && r.chance(0.15)) el.global = { anchors: [{ anchor: label('Lang link'), href: 'https://example.com/lang' }] };
    fill(el, depth + 1, spec2, LEVELS.indexOf(list) + 1, list === 'tabs');
    return el;
  };
  // Children of `el`: one list below `from` in LEVELS, sometimes a second the platform drops,
  // or a menu in a tab.
  const fill = (el, depth, inherited, from, inTab) => {
    const lists = LEVELS.slice(Math.min(from, LEVELS.length - 2));
    const main = depth > 4 ? r.pick(['groups', 'pages']) : r.pick(lists);
    if (inTab && r.chance(0.1)) {
      el.menu = [0, 1].map(() => {
        const item = decorate({ item: label('Item') });
        item.groups = [group(depth + 1, inherited)];
        return item;
      });
      return;
    }
    put(el, main, depth, inherited);
    if (r.chance(0.12)) {
      const other = r.pick(lists.filter((l) => l !== main));
      if (other) put(el, other, depth, inherited);
    }
  };
  const put = (el, list, depth, inherited) => {
    if (list === 'pages') el.pages = pages(depth, inherited);
    else if (list === 'groups') el.groups = Array.from({ length: r.int(1, 3) }, () => group(depth, inherited));
    else el[list] = Array.from({ length: list === 'languages' ? r.int(1, 2) : r.int(1, 3) }, () => division(list, depth, inherited));
  };

  const navigation = {};
  if (r.chance(0.1)) navigation.directory = r.pick(DIRS);
  const rootSpec = spec && r.chance(0.1);
  if (rootSpec) navigation.openapi = 'openapi.json';
  fill(navigation, 0, rootSpec, 0, false);
  if (r.chance(0.25)) {
    navigation.global = {};
    for (const list of ['anchors', 'tabs', 'dropdowns']) {
      if (!r.chance(0.5)) continue;
      navigation.global[list] = [{ [KEY[list]]: label(`Global ${KEY[list]}`), href: `https://example.com/${list}`, ...(r.chance(0.5) ? { icon: r.pick(ICONS) } : {}) }];
    }
  }
  files['docs.json'] = JSON.stringify({ $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: `Site ${seed}`, colors: { primary: '#0D9373' }, navigation }, null, 2);
  return files;
}

export function write(dir, files) {
  for (const [rel, text] of Object.entries(files)) {
    const p = path.join(dir, rel);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, text);
  }
}
