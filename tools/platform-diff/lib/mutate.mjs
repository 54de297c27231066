// The mutation kinds: each takes a configuration that the platform builds (a trimmed real
// docs.json or a generated one) and changes one thing. A mutation returns its detail (what
// it did, in a form that groups like with like) and, for text-level ones, the text to write.
import { isPlainObject, jsonType, placeName } from './schema.mjs';
import { CONTAINERS, KINDS, breakShape, genNav, navElements, navLists } from './nav.mjs';
import { duplicateKey, mutateText } from './jsonc.mjs';

// How often each kind is drawn. Schema keys get the most: they are most of what can differ.
export const KIND_WEIGHTS = {
  'key-valid': 12,
  'key-invalid': 12,
  'wrong-type': 9,
  enum: 7,
  'unknown-key': 8,
  'remove-key': 4,
  refinement: 14,
  jsonc: 8,
  'nav-shape': 12,
  'nav-prop': 9,
  sourceRef: 3,
  overlay: 5,
  none: 2,
};

const WORDS = ['intro', 'setup', 'guides', 'billing', 'auth', 'webhooks', 'errors', 'faq'];

/** Sets the value at `steps` (schema places), creating what is missing on the way. */
export function setAt(cfg, steps, value, rng, schema) {
  const holder0 = { r: cfg };
  let holder = holder0;
  let k = 'r';
  let nodeSchema = schema.root;
  for (const st of steps) {
    const need = st.t === 'item' ? 'array' : 'object';
    if (jsonType(holder[k]) !== need) {
      const b = schema.branchOfType(nodeSchema, need);
      const fresh = b ? schema.sample(b, rng, { minimal: true }) : undefined;
      holder[k] = jsonType(fresh) === need ? fresh : need === 'array' ? [] : {};
    }
    const c = holder[k];
    if (st.t === 'prop') {
      holder = c;
      k = st.name;
    } else if (st.t === 'item') {
      if (c.length && rng.chance(0.6)) k = rng.int(c.length);
      else {
        k = c.length;
        c.push(null);
      }
      holder = c;
    } else {
      const keys = Object.keys(c);
      k = st.names ? rng.pick(st.names) : keys.length && rng.chance(0.5) ? rng.pick(keys) : rng.pick(WORDS);
      holder = c;
    }
    nodeSchema = st.schema;
  }
  holder[k] = value;
  return holder0.r;
}

function lastName(steps) {
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i].t === 'prop') return steps[i].name;
  return '';
}

/** Every object in a value with the pattern of its path (`navigation.tabs[].groups[]`). */
function objectsIn(v, path = '', out = []) {
  if (Array.isArray(v)) v.forEach((x) => objectsIn(x, path + '[]', out));
  else if (isPlainObject(v)) {
    out.push({ obj: v, path: path || '.' });
    for (const [k, x] of Object.entries(v)) objectsIn(x, (path ? path + '.' : '') + k, out);
  }
  return out;
}

function nearMiss(rng, key) {
  const ways = [
    () => key.slice(0, -1),
    () => key + 's',
    () => key[0].toUpperCase() + key.slice(1),
    () => key.replace(/[aeiou]/, ''),
    () => key.replace(/([a-z])([A-Z])/, '$1_$2').toLowerCase(),
  ];
  const v = rng.pick(ways)();
  return v && v !== key ? v : key + 'x';
}

export class Mutator {
  constructor(ctx) {
    // ctx: {schema, places, navProps, langs, themes}
    Object.assign(this, ctx);
    this.enumPlaces = this.places.filter((p) =>
      this.schema.branches(p.at(-1).schema).some((b) => Array.isArray(b.enum) && b.enum.every((x) => typeof x === 'string')),
    );
  }

  /** Applies kind `kind` to `cfg` (in place). Returns {detail, text?} or undefined. */
  apply(kind, cfg, rng) {
    const f = this[kind.replace(/-([a-z])/g, (m, c) => c.toUpperCase())];
    return f.call(this, cfg, rng);
  }

  none() {
    return { detail: 'unchanged' };
  }

  keyValid(cfg, rng) {
    const steps = rng.pick(this.places);
    const v = this.schema.sample(steps.at(-1).schema, rng, { name: lastName(steps), depth: steps.length });
    if (v === undefined) return undefined;
    setAt(cfg, steps, v, rng, this.schema);
    return { detail: placeName(steps) };
  }

  keyInvalid(cfg, rng) {
    const steps = rng.pick(this.places);
    const bad = this.schema.invalid(steps.at(-1).schema, rng, { name: lastName(steps) });
    if (!bad) return undefined;
    setAt(cfg, steps, bad.value, rng, this.schema);
    return { detail: `${placeName(steps)}:${bad.why}` };
  }

  wrongType(cfg, rng) {
    const steps = rng.pick(this.places);
    const bad = this.schema.wrongType(steps.at(-1).schema, rng);
    if (!bad) return undefined;
    setAt(cfg, steps, bad.value, rng, this.schema);
    return { detail: `${placeName(steps)}:${bad.why}` };
  }

  enum(cfg, rng) {
    const steps = rng.pick(this.enumPlaces);
    const values = this.schema
      .branches(steps.at(-1).schema)
      .flatMap((b) => (Array.isArray(b.enum) ? b.enum : []))
      .filter((x) => typeof x === 'string');
    const v = rng.pick(values);
    const how = rng.weighted({ allowed: 6, upper: 1, 'trailing-space': 1, 'leading-space': 1, empty: 1 });
    const value = { allowed: v, upper: v.toUpperCase(), 'trailing-space': v + ' ', 'leading-space': ' ' + v, empty: '' }[how];
    setAt(cfg, steps, value, rng, this.schema);
    return { detail: `${placeName(steps)}:${how === 'allowed' || value === v ? 'allowed' : how}` };
  }

  unknownKey(cfg, rng) {
    const objs = objectsIn(cfg);
    const { obj, path } = rng.chance(0.25) ? { obj: cfg, path: '.' } : rng.pick(objs);
    const keys = Object.keys(obj);
    const how = rng.weighted({ 'near-miss': 4, word: 2, 'other-kind-key': 2, 'dollar-key': 1 });
    let key;
    if (how === 'near-miss' && keys.length) key = nearMiss(rng, rng.pick(keys));
    else if (how === 'other-kind-key') key = rng.pick(['href', 'icon', 'pages', 'openapi', 'hidden', 'tab', 'group', 'description', 'color', 'tag', 'root']);
    else if (how === 'dollar-key') key = rng.pick(['$comment', '$id', '_notes']);
    else key = rng.pick(['foo', 'notes', 'comment', 'x-custom', 'mode']);
    if (key in obj) return undefined;
    obj[key] = rng.pick(['x', true, 1, { a: 1 }, ['intro']]);
    return { detail: `${path}:${how === 'near-miss' || how === 'word' ? how : key}` };
  }

  removeKey(cfg, rng) {
    const objs = objectsIn(cfg).filter((o) => Object.keys(o.obj).length);
    if (!objs.length) return undefined;
    const { obj, path } = rng.chance(0.3) ? { obj: cfg, path: '.' } : rng.pick(objs);
    const keys = Object.keys(obj);
    if (!keys.length) return undefined;
    const k = rng.pick(keys);
    delete obj[k];
    return { detail: `${path}:${k}` };
  }

  jsonc(cfg, rng) {
    if (rng.chance(0.2)) {
      const got = duplicateKey(cfg, rng, (good) => {
        const b = this.schema.wrongType({ type: jsonType(good) }, rng);
        return b ? b.value : null;
      });
      return { detail: got.detail.replace(/\[\d+\]/g, '[]'), text: got.text };
    }
    return mutateText(cfg, rng);
  }

  navShape(cfg, rng) {
    if (rng.chance(0.35) || !isPlainObject(cfg.navigation)) {
      cfg.navigation = genNav(rng, this.langs);
      const roots = Object.keys(cfg.navigation).filter((k) => CONTAINERS.has(k));
      if (rng.chance(0.5)) {
        const how = breakShape(rng, cfg.navigation, this.langs);
        if (how) return { detail: 'generated+' + how };
      }
      return { detail: 'generated:' + roots.join('+') };
    }
    const how = breakShape(rng, cfg.navigation, this.langs);
    return how ? { detail: how } : undefined;
  }

  navProp(cfg, rng) {
    if (!isPlainObject(cfg.navigation)) return undefined;
    const els = navElements(cfg.navigation).filter((e) => this.navProps[e.kind]);
    if (!els.length) return undefined;
    const e = rng.pick(els);
    const props = this.navProps[e.kind];
    const prop = rng.pick(Object.keys(props));
    const schemas = props[prop].filter((s) => !this.schema.isNever(s));
    const mode = rng.weighted({ valid: 4, invalid: 4, 'wrong-type': 2 });
    if (!schemas.length) {
      // A key the schema forbids on this kind (graphql/sdk where not supported).
      e.obj[prop] = rng.pick(['schema.graphql', { format: 'typedoc', source: 'sdk.json' }, 'x']);
      return { detail: `${e.kind}.${prop}:forbidden` };
    }
    const s = rng.pick(schemas);
    let got;
    if (mode === 'valid') got = { value: this.schema.sample(s, rng, { name: prop, depth: 2 }), why: 'valid' };
    else if (mode === 'invalid') got = this.schema.invalid(s, rng, { name: prop });
    else got = this.schema.wrongType(s, rng);
    if (!got || got.value === undefined) return undefined;
    e.obj[prop] = got.value;
    return { detail: `${e.kind}.${prop}:${got.why}` };
  }

  sourceRef(cfg, rng) {
    if (!isPlainObject(cfg.navigation)) return undefined;
    const lists = navLists(cfg.navigation);
    const how = rng.weighted({ 'in-list': 5, empty: 1, number: 1, 'extra-key': 1, 'with-label': 1, 'nav-root': 1 });
    if (how === 'nav-root') {
      cfg.navigation.sourceRef = 'docs/shared';
      return { detail: 'nav-root' };
    }
    if (!lists.length) return undefined;
    const l = rng.pick(lists);
    const kind = KINDS.find((k) => l.container === k + 's') ?? (l.container === 'menu' ? 'item' : undefined);
    const entry = { sourceRef: 'docs/shared' };
    if (how === 'empty') entry.sourceRef = '';
    if (how === 'number') entry.sourceRef = 1;
    if (how === 'extra-key') entry.hidden = true;
    if (how === 'with-label') entry[kind ?? 'group'] = 'Shared';
    l.list.splice(rng.int(l.list.length + 1), 0, entry);
    return { detail: `${how}:${l.container}` };
  }

  overlay(cfg, rng) {
    const where = rng.weighted({ 'api.openapi': 3, 'nav-openapi': 3, 'nav-graphql': 3, 'nav-sdk': 3, 'navigation-root': 1 });
    const ov = rng.weighted({
      ok: 4,
      empty: 1,
      string: 1,
      'empty-entry': 1,
      'ftp-entry': 1,
      'number-entry': 1,
      'extra-key': 1,
    });
    const overlays = {
      ok: ['overlays/public.yaml'],
      empty: [],
      string: 'overlays/public.yaml',
      'empty-entry': [''],
      'ftp-entry': ['ftp://example.com/o.yaml'],
      'number-entry': [3],
    }[ov];
    const openapiObj = () => {
      const o = { source: rng.pick(['openapi.json', 'https://example.com/openapi.json']) };
      if (rng.chance(0.4)) o.directory = 'api-reference';
      if (ov === 'extra-key') o.overlay = ['overlays/public.yaml'];
      else o.overlays = overlays;
      return o;
    };
    const els = isPlainObject(cfg.navigation) ? navElements(cfg.navigation) : [];
    if (where === 'api.openapi') {
      cfg.api = isPlainObject(cfg.api) ? cfg.api : {};
      cfg.api.openapi = rng.chance(0.5) ? openapiObj() : [openapiObj(), 'openapi.json'];
      return { detail: `api.openapi:overlays-${ov}` };
    }
    if (where === 'navigation-root') {
      if (!isPlainObject(cfg.navigation)) return undefined;
      const k = rng.pick(['graphql', 'sdk']);
      cfg.navigation[k] = k === 'graphql' ? 'schema.graphql' : { format: 'typedoc', source: 'sdk/typedoc.json' };
      return { detail: `navigation.${k}` };
    }
    if (!els.length) return undefined;
    const e = rng.pick(els);
    if (where === 'nav-openapi') {
      e.obj.openapi = openapiObj();
      return { detail: `${e.kind}.openapi:overlays-${ov}` };
    }
    if (where === 'nav-graphql') {
      const how = rng.weighted({ path: 3, https: 2, http: 1, object: 2, 'object-extra': 1, empty: 1, 'with-pages': 1 });
      const v = {
        path: 'schema.graphql',
        https: 'https://example.com/schema.graphql',
        http: 'http://example.com/schema.graphql',
        object: { source: 'schema.graphql', directory: 'graphql' },
        'object-extra': { source: 'schema.graphql', kind: 'query' },
        empty: '',
        'with-pages': 'schema.graphql',
      }[how];
      e.obj.graphql = v;
      if (how !== 'with-pages') {
        // A GraphQL (or SDK) element generates its pages: real configurations give it no other children.
        for (const c of Object.keys(e.obj)) if (CONTAINERS.has(c) && rng.chance(0.5)) delete e.obj[c];
      }
      return { detail: `${e.kind}.graphql:${how}` };
    }
    const how = rng.weighted({ ok: 3, url: 2, http: 1, 'bad-format': 1, 'no-source': 1, 'extra-key': 1, string: 1 });
    const sdk = { format: rng.pick(['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc']), source: 'sdk/typedoc.json' };
    if (how === 'url') sdk.source = 'https://example.com/sdk.zip';
    if (how === 'http') sdk.source = 'http://example.com/sdk.zip';
    if (how === 'bad-format') sdk.format = 'doxygen';
    if (how === 'no-source') delete sdk.source;
    if (how === 'extra-key') sdk.version = '1';
    e.obj.sdk = how === 'string' ? 'sdk/typedoc.json' : sdk;
    for (const c of Object.keys(e.obj)) if (CONTAINERS.has(c) && rng.chance(0.5)) delete e.obj[c];
    return { detail: `${e.kind}.sdk:${how}` };
  }

  refinement(cfg, rng) {
    const name = rng.pick(Object.keys(REFINEMENTS));
    const got = REFINEMENTS[name].call(this, cfg, rng);
    return got === undefined ? undefined : { detail: `${name}:${got}` };
  }
}

function ensureObj(o, k) {
  if (!isPlainObject(o[k])) o[k] = {};
  return o[k];
}

function pickNavEl(cfg, rng, filter = () => true) {
  if (!isPlainObject(cfg.navigation)) return undefined;
  const els = navElements(cfg.navigation).filter(filter);
  return els.length ? rng.pick(els) : undefined;
}

// Breaches of the validator's refinements (its code, not its JSON Schema), each with the
// valid twin so that both verdicts are exercised. The value after the colon of a detail says
// which one was written.
const REFINEMENTS = {
  icon(cfg, rng) {
    const how = rng.weighted({ 'fa-prefix': 3, ok: 2, 'object-fa': 1, 'object-ok': 1 });
    const icon = { 'fa-prefix': 'fa-book', ok: 'book', 'object-fa': { name: 'fa-rocket', library: 'fontawesome' }, 'object-ok': { name: 'rocket', style: 'solid' } }[how];
    const where = rng.weighted({ nav: 3, navbar: 1, contextual: 1 });
    if (where === 'nav') {
      const e = pickNavEl(cfg, rng, (x) => x.kind !== 'language' && x.kind !== 'version');
      if (!e) return undefined;
      e.obj.icon = icon;
      return `${how}@${e.kind}`;
    }
    if (where === 'navbar') {
      const nb = ensureObj(cfg, 'navbar');
      nb.links = [{ label: 'Blog', href: 'https://example.com/blog', icon }];
      return `${how}@navbar.links`;
    }
    cfg.contextual = { options: ['copy', { title: 'Open', description: 'Open it', href: 'https://example.com', icon }] };
    return `${how}@contextual`;
  },
  redirects(cfg, rng) {
    const how = rng.weighted({ duplicate: 3, distinct: 2, 'trailing-slash-twin': 1, 'same-destination': 1 });
    const r = [
      { source: '/old', destination: '/quickstart' },
      { source: '/older/:slug', destination: '/guides/:slug' },
    ];
    if (how === 'duplicate') r.push({ source: '/old', destination: '/other' });
    if (how === 'trailing-slash-twin') r.push({ source: '/old/', destination: '/other' });
    if (how === 'same-destination') r.push({ source: '/old-2', destination: '/quickstart' });
    cfg.redirects = r;
    return how;
  },
  fonts(cfg, rng) {
    const how = rng.weighted({ 'source-no-format': 3, 'source-with-format': 2, 'no-source': 1, 'ftp-source': 1, 'relative-source': 1 });
    const f = { family: 'Inter' };
    if (how !== 'no-source') f.source = { 'ftp-source': 'ftp://example.com/inter.woff2', 'relative-source': '/fonts/inter.woff2' }[how] ?? 'https://example.com/inter.woff2';
    if (how === 'source-with-format' || how === 'ftp-source' || how === 'relative-source') f.format = 'woff2';
    const where = rng.pick(['fonts', 'fonts.heading', 'fonts.body']);
    cfg.fonts = where === 'fonts' ? f : { [where.slice(6)]: f };
    return `${how}@${where}`;
  },
  contextual(cfg, rng) {
    const how = rng.weighted({ repeated: 3, distinct: 2, 'repeated-custom': 1, 'bad-option': 1 });
    const opts = {
      repeated: ['copy', 'view', 'copy'],
      distinct: ['copy', 'view', 'chatgpt'],
      'repeated-custom': [
        { title: 'A', description: 'a', href: 'https://example.com' },
        { title: 'A', description: 'a', href: 'https://example.com' },
      ],
      'bad-option': ['copy', 'gemini'],
    }[how];
    cfg.contextual = { options: opts };
    return how;
  },
  seoPaths(cfg, rng) {
    const how = rng.pick([
      'ok', 'ok-nested', 'leading-slash', 'trailing-slash', 'double-slash', 'dot', 'dotdot', 'space', 'question',
      'hash', 'backslash', 'empty', 'duplicate', 'no-metatags',
    ]);
    const path = {
      ok: 'guides', 'ok-nested': 'guides/v2', 'leading-slash': '/guides', 'trailing-slash': 'guides/', 'double-slash': 'guides//v2',
      dot: 'guides/./v2', dotdot: '../guides', space: 'my guides', question: 'guides?x', hash: 'guides#x', backslash: 'guides\\v2',
      empty: '', duplicate: 'guides', 'no-metatags': 'guides',
    }[how];
    const entry = { path, metatags: { robots: 'noindex' } };
    if (how === 'no-metatags') delete entry.metatags;
    const seo = ensureObj(cfg, 'seo');
    seo.paths = how === 'duplicate' ? [entry, { path, metatags: { 'og:type': 'article' } }] : [entry];
    return how;
  },
  href(cfg, rng) {
    const how = rng.pick([
      'relative-no-slash', 'words', 'bare-domain', 'protocol-relative', 'javascript', 'http', 'svg', 'ok-path', 'ok-https',
      'ok-hash', 'ok-mailto', 'empty',
    ]);
    const href = {
      'relative-no-slash': 'quickstart', words: 'not a url', 'bare-domain': 'www.example.com', 'protocol-relative': '//cdn.example.com/x',
      javascript: 'javascript:alert(1)', http: 'http://example.com', svg: 'https://example.com/logo.svg', 'ok-path': '/quickstart',
      'ok-https': 'https://example.com/docs', 'ok-hash': '#top', 'ok-mailto': 'mailto:team@example.com', empty: '',
    }[how];
    const where = rng.weighted({ nav: 3, 'navbar.links': 1, 'navbar.primary': 1, 'footer.links': 1, 'logo.href': 1, 'contextual.href': 1 });
    if (where === 'nav') {
      const e = pickNavEl(cfg, rng, (x) => x.kind !== 'group');
      if (!e) return undefined;
      for (const c of Object.keys(e.obj)) if (CONTAINERS.has(c)) delete e.obj[c];
      e.obj.href = href;
      return `${how}@${e.kind}`;
    }
    if (where === 'navbar.links') ensureObj(cfg, 'navbar').links = [{ label: 'Blog', href }];
    if (where === 'navbar.primary') ensureObj(cfg, 'navbar').primary = { type: 'button', label: 'Sign up', href };
    if (where === 'footer.links') ensureObj(cfg, 'footer').links = [{ header: 'More', items: [{ label: 'Blog', href }] }];
    if (where === 'logo.href') cfg.logo = { light: '/logo/light.svg', dark: '/logo/dark.svg', href };
    if (where === 'contextual.href') cfg.contextual = { options: [{ title: 'Open', description: 'Open it', href }] };
    return `${how}@${where}`;
  },
  socials(cfg, rng) {
    const how = rng.pick(['http', 'https', 'no-protocol', 'svg', 'unknown-network', 'mailto', 'trailing-slash']);
    const url = {
      http: 'http://x.com/example', https: 'https://x.com/example', 'no-protocol': 'x.com/example', svg: 'https://example.com/logo.svg',
      'unknown-network': 'https://myspace.com/example', mailto: 'mailto:a@example.com', 'trailing-slash': 'https://github.com/example/',
    }[how];
    const key = how === 'unknown-network' ? 'myspace' : rng.pick(['x', 'github', 'linkedin', 'website']);
    ensureObj(cfg, 'footer').socials = { [key]: url };
    return how;
  },
  integrations(cfg, rng) {
    const cases = {
      'plausible-https-domain': ['plausible', { domain: 'https://docs.example.com' }],
      'plausible-domain-ok': ['plausible', { domain: 'docs.example.com' }],
      'plausible-https-server': ['plausible', { domain: 'docs.example.com', server: 'https://plausible.example.com' }],
      'plausible-http-server': ['plausible', { domain: 'docs.example.com', server: 'http://plausible.example.com' }],
      'ga4-not-G': ['ga4', { measurementId: 'UA-12345' }],
      'ga4-ok': ['ga4', { measurementId: 'G-ABC123' }],
      'gtm-GTM': ['gtm', { tagId: 'GTM-ABC123' }],
      'gtm-lower': ['gtm', { tagId: 'gtm-ABC123' }],
      'posthog-not-phc': ['posthog', { apiKey: 'abc123' }],
      'posthog-ok': ['posthog', { apiKey: 'phc_abc', apiHost: 'https://eu.posthog.com' }],
      'posthog-host-not-url': ['posthog', { apiKey: 'phc_abc', apiHost: 'eu.posthog.com' }],
      'segment-http-cdn': ['segment', { key: 'k', cdnUrl: 'http://cdn.example.com' }],
      'segment-cdn-query': ['segment', { key: 'k', cdnUrl: 'https://cdn.example.com/?a=1' }],
      'segment-ok': ['segment', { key: 'k', cdnUrl: 'https://cdn.example.com' }],
      'intercom-short': ['intercom', { appId: 'abc' }],
      'intercom-ok': ['intercom', { appId: 'abc123' }],
      'transcend-bad-bundle': ['transcend', { bundleId: 'a b' }],
      'transcend-ok': ['transcend', { bundleId: 'abc-123' }],
      'onetrust-http': ['onetrust', { domainScript: 'x', scriptSource: 'http://cdn.example.com/x.js' }],
      'onetrust-empty': ['onetrust', { domainScript: '' }],
      'adobe-not-url': ['adobe', { launchUrl: 'launch.example.com' }],
      'koala-short': ['koala', { publicApiKey: 'k' }],
      'mixpanel-region': ['mixpanel', { projectToken: 't', region: 'asia' }],
      'unknown-integration': ['matomo', { siteId: '1' }],
      'hotjar-number': ['hotjar', { hjid: 123, hjsv: '6' }],
    };
    const name = rng.pick(Object.keys(cases));
    const [k, v] = cases[name];
    ensureObj(cfg, 'integrations')[k] = v;
    return name;
  },
  specSource(cfg, rng) {
    const how = rng.pick([
      'ftp', 'file', 'mailto', 'data', 'ws', 'http', 'https', 'relative', 'absolute-path', 'windows-path', 'urn', 'blank', 'empty',
      'localhost',
    ]);
    const src = {
      ftp: 'ftp://example.com/openapi.json', file: 'file:///specs/openapi.json', mailto: 'mailto:api@example.com',
      data: 'data:application/json,{}', ws: 'ws://example.com/openapi.json', http: 'http://example.com/openapi.json',
      https: 'https://example.com/openapi.json', relative: 'specs/openapi.json', 'absolute-path': '/specs/openapi.json',
      'windows-path': 'C:\\specs\\openapi.json', urn: 'urn:isbn:123', blank: '   ', empty: '', localhost: 'http://localhost:3000/openapi.json',
    }[how];
    const key = rng.chance(0.75) ? 'openapi' : 'asyncapi';
    const where = rng.weighted({ api: 2, 'api-array': 1, 'api-object': 1, nav: 3, group: 2 });
    if (where === 'api') ensureObj(cfg, 'api')[key] = src;
    else if (where === 'api-array') ensureObj(cfg, 'api')[key] = ['openapi.json', src];
    else if (where === 'api-object') ensureObj(cfg, 'api')[key] = { source: src };
    else {
      const e = pickNavEl(cfg, rng, (x) => (where === 'group' ? x.kind === 'group' : x.kind !== 'group'));
      if (!e) return undefined;
      e.obj[key] = src;
      return `${key}:${how}@${e.kind}`;
    }
    return `${key}:${how}@${where}`;
  },
  metatags(cfg, rng) {
    const how = rng.pick(['empty-value', 'ok', 'number-value']);
    ensureObj(cfg, 'seo').metatags = { 'og:title': { 'empty-value': '', ok: 'Docs', 'number-value': 3 }[how] };
    return how;
  },
  variations(cfg, rng) {
    const how = rng.pick(['duplicate-id', 'ok', 'empty-options', 'blank-id']);
    const theme = rng.chance(0.7) ? 'willow' : rng.pick(this.themes.filter((t) => t !== 'willow'));
    cfg.theme = theme;
    const options = {
      'duplicate-id': [{ id: 'a', label: 'A' }, { id: 'a', label: 'B' }],
      ok: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }],
      'empty-options': [],
      'blank-id': [{ id: '  ', label: 'A' }],
    }[how];
    cfg.variations = { options };
    return `${how}@${theme === 'willow' ? 'willow' : 'other-theme'}`;
  },
};
