// Navigation: random trees of every element kind (products, languages, versions, tabs,
// dropdowns, anchors, menu items, groups, pages), mixed the ways real sites mix them and
// the ways they should not; and the property table of each kind, read from the schema.
import { isPlainObject } from './schema.mjs';

export const KINDS = ['product', 'language', 'version', 'tab', 'dropdown', 'anchor', 'item', 'group'];
// Which list holds which kind; `pages` holds page strings and groups.
export const CONTAINER_OF = {
  product: 'products',
  language: 'languages',
  version: 'versions',
  tab: 'tabs',
  dropdown: 'dropdowns',
  anchor: 'anchors',
  item: 'menu',
  group: 'groups',
};
export const CONTAINERS = new Set([...Object.values(CONTAINER_OF), 'pages']);
const KIND_OF = Object.fromEntries(Object.entries(CONTAINER_OF).map(([k, c]) => [c, k]));

// Child lists real sites put under each kind (the documented nesting); others appear rarely.
const USUAL_CHILDREN = {
  root: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  product: ['tabs', 'groups', 'pages', 'languages', 'versions', 'anchors', 'menu'],
  language: ['tabs', 'versions', 'groups', 'pages', 'anchors', 'dropdowns', 'products'],
  version: ['tabs', 'groups', 'pages', 'anchors', 'dropdowns', 'languages'],
  tab: ['groups', 'pages', 'menu', 'anchors', 'dropdowns', 'versions'],
  dropdown: ['groups', 'pages', 'tabs', 'anchors'],
  anchor: ['groups', 'pages', 'tabs', 'dropdowns'],
  item: ['groups', 'pages'],
};

/** Per element kind, each non-container property and the schemas it may follow. */
export function navElementProps(schema) {
  const props = {};
  const seen = new Set();
  const visit = (x) => {
    for (const b of schema.branches(x)) {
      if (seen.has(b)) continue;
      seen.add(b);
      if (b.items) visit(b.items);
      const p = b.properties;
      if (!p) continue;
      const kind = KINDS.find((k) => k in p);
      if (kind) {
        props[kind] ??= {};
        for (const [k, v] of Object.entries(p)) {
          if (CONTAINERS.has(k) || k === kind) continue;
          (props[kind][k] ??= []).push(v);
        }
      }
      for (const [k, v] of Object.entries(p)) if (CONTAINERS.has(k) || k === 'global') visit(v);
    }
  };
  visit(schema.resolve(schema.root).properties.navigation);
  return props;
}

export function languageCodes(schema) {
  const nav = schema.resolve(schema.root).properties.navigation;
  for (const b of schema.branches(nav)) {
    const langs = b.properties?.languages;
    if (!langs) continue;
    for (const item of schema.branches(schema.resolve(langs).items ?? {})) {
      const e = schema.resolve(item.properties?.language ?? {}).enum;
      if (e) return e;
    }
  }
  return ['en', 'fr', 'es', 'de', 'ja', 'zh'];
}

const ICONS = ['book', 'rocket', 'house', 'code', 'gear', 'terminal', 'globe'];
const WORDS = ['Guides', 'API', 'SDKs', 'Changelog', 'Concepts', 'Recipes', 'Reference', 'Help'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/**
 * A random navigation object. `ctx.pages` collects nothing: page files are derived from the
 * finished configuration (site.mjs), so mutations made later are covered too.
 */
export function genNav(rng, langs, opts = {}) {
  // `budget` caps the pages a tree names (roughly: lists shrink to one entry once it is spent),
  // which keeps 5,000 variant sites small on disk.
  const st = { n: 0, langs, budget: opts.budget ?? rng.int(3, 14) };
  const rootKey = rng.pick(USUAL_CHILDREN.root);
  const nav = {};
  nav[rootKey] = genList(rng, st, rootKey, 0, '');
  if (rng.chance(0.1)) {
    nav.global = {
      anchors: [{ anchor: 'Blog', href: 'https://example.com/blog', icon: rng.pick(ICONS) }],
    };
  }
  return nav;
}

function genList(rng, st, container, depth, prefix) {
  if (container === 'pages') {
    const n = st.n >= st.budget ? 1 : rng.int(1, 4);
    const out = [];
    for (let i = 0; i < n; i++) {
      if (depth < 4 && rng.chance(0.12)) out.push(genElement(rng, st, 'group', depth + 1, prefix));
      else out.push(genPage(rng, st, prefix));
    }
    return out;
  }
  const kind = KIND_OF[container];
  const n = st.n >= st.budget ? 1 : rng.int(1, 3);
  const out = [];
  const usedLangs = new Set();
  for (let i = 0; i < n; i++) {
    const el = genElement(rng, st, kind, depth + 1, prefix, usedLangs);
    if (kind === 'version' && i === 0 && rng.chance(0.4)) el.default = true;
    out.push(el);
  }
  return out;
}

function slug(s) {
  return String(s)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function genPage(rng, st, prefix) {
  st.n++;
  if (st.endpoints && rng.chance(0.3)) return `${rng.pick(METHODS)} /${rng.pick(['users', 'pets', 'orders'])}/{id}`;
  const name = rng.pick(['intro', 'setup', 'quickstart', 'auth', 'errors', 'limits', 'faq']) + '-' + st.n;
  return prefix ? `${prefix}/${name}` : name;
}

function genElement(rng, st, kind, depth, prefix, usedLangs) {
  const el = {};
  let label;
  if (kind === 'language') {
    const free = st.langs.filter((l) => !usedLangs?.has(l));
    label = rng.pick(free.length ? free.slice(0, 12) : st.langs);
    usedLangs?.add(label);
  } else if (kind === 'version') label = `v${rng.int(1, 4)}.${rng.int(0, 9)}`;
  else label = `${rng.pick(WORDS)} ${++st.n}`;
  el[kind] = label;
  const sub = prefix ? `${prefix}/${slug(label)}` : slug(label);
  // A few properties every kind has, valid values only: invalid ones are nav-prop mutations.
  if (rng.chance(0.2) && kind !== 'language' && kind !== 'version') el.icon = rng.pick(ICONS);
  if (rng.chance(0.05)) el.hidden = rng.chance(0.5);
  if (kind === 'group' && rng.chance(0.1)) el.expanded = true;
  const wasEndpoints = st.endpoints;
  if (rng.chance(0.08)) {
    el.openapi = rng.pick(['openapi.json', '/api/openapi.yaml', 'https://example.com/openapi.json']);
    st.endpoints = true;
  }
  if (kind === 'group') {
    el.pages = genList(rng, st, 'pages', depth, sub);
  } else if (rng.chance(0.12) || depth > 5) {
    el.href = rng.pick(['https://example.com', '/quickstart', 'https://github.com/example/repo']);
  } else {
    const usual = USUAL_CHILDREN[kind].filter((c) => depth < 3 || c === 'groups' || c === 'pages');
    const child = rng.chance(0.97) ? rng.pick(usual) : rng.pick([...CONTAINERS]);
    el[child] = genList(rng, st, child, depth, sub);
  }
  st.endpoints = wasEndpoints;
  return el;
}

/** Every navigation element of a configuration: {obj, kind, list, index, container}. */
export function navElements(nav) {
  const out = [];
  const walk = (v, container) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        if (isPlainObject(x)) {
          const kind = KINDS.find((k) => k in x) ?? KIND_OF[container] ?? (container === 'pages' ? 'group' : undefined);
          if (kind) out.push({ obj: x, kind, list: v, index: i, container });
        }
        walk(x, container);
      });
    } else if (isPlainObject(v)) {
      for (const [k, x] of Object.entries(v)) if (CONTAINERS.has(k) || k === 'global') walk(x, k);
    }
  };
  walk(nav, 'root');
  return out;
}

/** Every list of the navigation that holds elements or pages: {list, container}. */
export function navLists(nav) {
  const out = [];
  const walk = (v, container) => {
    if (Array.isArray(v)) {
      if (CONTAINERS.has(container)) out.push({ list: v, container });
      v.forEach((x) => walk(x, container));
    } else if (isPlainObject(v)) {
      for (const [k, x] of Object.entries(v)) if (CONTAINERS.has(k) || k === 'global') walk(x, k);
    }
  };
  walk(nav, 'root');
  return out;
}

/**
 * Breaks the shape of a navigation in one of the ways a hand-edited docs.json does. Returns
 * a short name for what was done (the mutation's detail), or undefined when it did not apply.
 */
export function breakShape(rng, nav, langs) {
  const els = navElements(nav);
  const lists = navLists(nav);
  const ways = {
    'no-label': () => {
      const e = pickEl(rng, els);
      if (!e) return;
      delete e.obj[e.kind];
      return 'no-label:' + e.kind;
    },
    'label-number': () => {
      const e = pickEl(rng, els);
      if (!e) return;
      e.obj[e.kind] = 3;
      return 'label-number:' + e.kind;
    },
    'label-empty': () => {
      const e = pickEl(rng, els);
      if (!e) return;
      e.obj[e.kind] = '';
      return 'label-empty:' + e.kind;
    },
    'children-string': () => {
      const e = pickEl(rng, els.filter((x) => Object.keys(x.obj).some((k) => CONTAINERS.has(k))));
      if (!e) return;
      const k = Object.keys(e.obj).find((k) => CONTAINERS.has(k));
      e.obj[k] = 'intro';
      return 'children-string:' + k;
    },
    'children-empty': () => {
      const l = rng.chance(0.5) ? lists[0] : rng.pick(lists.length ? lists : [undefined]);
      if (!l) return;
      l.list.length = 0;
      return 'children-empty:' + l.container;
    },
    'string-in-element-list': () => {
      const l = rng.pick(lists.filter((x) => x.container !== 'pages').concat([undefined]));
      if (!l) return;
      l.list.push('intro');
      return 'string-in:' + l.container;
    },
    'bad-page-entry': () => {
      const l = rng.pick(lists.filter((x) => x.container === 'pages').concat([undefined]));
      if (!l) return;
      const bad = rng.pick([
        ['number', 7],
        ['empty', ''],
        ['null', null],
        ['spaces', '   '],
        ['object-no-group', { pages: ['intro'] }],
        ['tab-in-pages', { tab: 'T', pages: ['intro'] }],
        ['array', ['intro']],
      ]);
      l.list.splice(rng.int(l.list.length + 1), 0, bad[1]);
      return 'page-entry:' + bad[0];
    },
    'group-no-pages': () => {
      const e = pickEl(rng, els.filter((x) => x.kind === 'group'));
      if (!e) return;
      delete e.obj.pages;
      return 'group-no-pages';
    },
    'bad-language': () => {
      const e = pickEl(rng, els.filter((x) => x.kind === 'language'));
      if (!e) return;
      e.obj.language = rng.pick(['fr-FR', 'xx', 'EN', 'english', 'pt-br']);
      return 'bad-language';
    },
    'duplicate-language': () => {
      const l = lists.find((x) => x.container === 'languages' && x.list.length);
      if (!l) return;
      l.list.push(JSON.parse(JSON.stringify(l.list[0])));
      return 'duplicate-language';
    },
    'version-default-string': () => {
      const e = pickEl(rng, els.filter((x) => x.kind === 'version'));
      if (!e) return;
      e.obj.default = 'true';
      return 'version-default-string';
    },
    'second-root': () => {
      const have = Object.keys(nav).filter((k) => CONTAINERS.has(k));
      const other = rng.pick(USUAL_CHILDREN.root.filter((k) => !have.includes(k)));
      nav[other] = genList(rng, { n: 900, langs, budget: 3 }, other, 1, 'second');
      return 'second-root:' + other;
    },
    'mixed-children': () => {
      const e = pickEl(rng, els.filter((x) => x.kind !== 'group'));
      if (!e) return;
      const have = Object.keys(e.obj).filter((k) => CONTAINERS.has(k));
      const other = rng.pick(USUAL_CHILDREN[e.kind].filter((k) => !have.includes(k)));
      e.obj[other] = genList(rng, { n: 800, langs, budget: 3 }, other, 3, 'mixed');
      return `mixed-children:${e.kind}:${have.join('+') || 'href'}+${other}`;
    },
    'href-and-children': () => {
      const e = pickEl(rng, els.filter((x) => x.kind !== 'group' && Object.keys(x.obj).some((k) => CONTAINERS.has(k))));
      if (!e) return;
      e.obj.href = 'https://example.com';
      return 'href-and-children:' + e.kind;
    },
    'no-root': () => {
      for (const k of Object.keys(nav)) if (CONTAINERS.has(k)) delete nav[k];
      return 'no-root';
    },
    'element-kind-swap': () => {
      const e = pickEl(rng, els.filter((x) => x.kind !== 'group' && x.container !== 'root'));
      if (!e) return;
      const other = rng.pick(KINDS.filter((k) => k !== e.kind));
      e.obj[other] = e.obj[e.kind];
      delete e.obj[e.kind];
      return `kind-swap:${e.kind}->${other}`;
    },
    'deep-nesting': () => {
      let g = { group: 'Deep', pages: ['deep/page'] };
      for (let i = 0; i < 8; i++) g = { group: 'Deep ' + i, pages: [g] };
      const l = rng.pick(lists.filter((x) => x.container === 'pages').concat([undefined]));
      if (!l) return;
      l.list.push(g);
      return 'deep-nesting';
    },
  };
  for (const name of rng.shuffle(Object.keys(ways))) {
    const got = ways[name]();
    if (got) return got;
  }
  return undefined;
}

function pickEl(rng, els) {
  return els.length ? rng.pick(els) : undefined;
}
