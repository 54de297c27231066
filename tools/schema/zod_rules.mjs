// The platform's docs.json schema as JSON Schema, with what its zod source
// says in code and a plain projection drops: which objects are `.strict()`
// (an unknown key fails the build), which values are `.catch()`-ed (an
// invalid one is dropped, not refused), which strings are `.trim()`-ed, and
// what each `.refine()`/`.superRefine()` and each transform that raises
// an issue checks, with the platform's own message.
//
// Usage: node tools/schema/zod_rules.mjs NODE_MODULES > rules.json
// where NODE_MODULES holds `@mintlify/validation` (and its `zod-to-json-schema`),
// e.g. after `npm install @mintlify/validation@0.1.878` in a scratch folder.
// tools/schema/extract.py runs it (`--validation NODE_MODULES`).
//
// How: the projection is made with the validator's own zod-to-json-schema,
// whose `parseDef` is wrapped so that each zod node's facts are written
// onto the JSON Schema object made for it (the projection is otherwise
// unchanged: extract.py checks it equals the reference schema). A
// refinement is a function: it is identified by running it on probe values
// (RULES below); the rule that answers every probe as the platform does is
// the one recorded, with the message the platform gives. A refinement no
// rule matches stops the script: a new platform rule needs a new entry
// here and in src/schema/rules.rs.

import { createRequire } from 'module';
import path from 'path';

const NM = path.resolve(process.argv[2] ?? 'node_modules');
const require = createRequire(NM + '/');
const VALIDATION = path.join(NM, '@mintlify/validation');
const v2 = await import(path.join(VALIDATION, 'dist/mint-config/schemas/v2/index.js'));
const navProps = await import(path.join(VALIDATION, 'dist/mint-config/schemas/v2/properties/navigation/sourceRef.js'));
const parseDefModule = require(require.resolve('zod-to-json-schema/src/parseDef', { paths: [VALIDATION] }));
const { zodToJsonSchema } = require(require.resolve('zod-to-json-schema', { paths: [VALIDATION] }));

// Each rule: what src/schema/rules.rs checks (`rule` and its parameters),
// and probes: values the platform's refinement must refuse (`fail`) and
// accept (`pass`) for the rule to be the one it implements.
const RULES = [
  { rule: { rule: 'not-prefix', value: 'fa-' }, fail: ['fa-house'], pass: ['house', 'a-fa-'] },
  { rule: { rule: 'not-prefix', value: 'https://' }, fail: ['https://x.com'], pass: ['x.com', 'http://x.com'] },
  {
    rule: { rule: 'prefix', value: 'https://' },
    fail: ['http://x.com', 'ftp://x.com', 'a.json', '/a'],
    pass: ['https://x.com/a.svg', 'https://x.com/?q#f'],
  },
  {
    rule: { rule: 'no-query-or-fragment' },
    fail: ['https://x.com/?q', 'https://x.com/#f'],
    pass: ['https://x.com/a', 'not a url'],
  },
  {
    rule: { rule: 'https-url' },
    fail: ['http://x.com', 'https://x.com/a.svg', 'https://x.com/a.ZIP', 'https://x.com/a%2Eexe', 'not a url', '/x', '#a', 'mailto:a@b.c'],
    pass: ['https://x.com/a', 'https://x.com/', 'https://x.com/a.svg.png'],
  },
  {
    rule: { rule: 'url-or-path' },
    fail: ['not a url', 'foo', 'x.com/a', ''],
    pass: ['/x', '#a', 'mailto:a@b.c', 'https://x.com', 'foo:bar', 'http://x.com/a.svg', '//x'],
  },
  {
    rule: { rule: 'secure-href' },
    fail: ['//x.com', 'http://x.com', 'https://x.com/a.zip', 'foo', 'foo:bar'],
    pass: ['/x', '#a', 'mailto:x', 'https://x.com', '/a.svg'],
  },
  {
    rule: { rule: 'folder-path' },
    fail: ['/a', 'a/', 'a b', 'a/../b', '.', '..', 'a//b', 'a?b', 'a#b', 'a\\b', 'a\tb'],
    pass: ['a', 'guides/v2', 'a.b/c', '...'],
  },
  {
    rule: { rule: 'url-protocol', protocols: ['http:', 'https:'] },
    fail: ['ftp://x.com/a', 'localhost:3000/a.json', 'C:\\a.json', 'file:///a.json'],
    pass: ['https://x.com/a', 'http://x.com/a', 'a.json', '/a.json', '../a.json', 'a b.json'],
  },
  {
    rule: { rule: 'url-protocol', protocols: ['https:'] },
    fail: ['http://x.com/a', 'ftp://x', 'localhost:3000/a'],
    pass: ['https://x.com/a', 'a.graphql', '/a.graphql'],
  },
  {
    rule: { rule: 'unique', key: 'source' },
    fail: [[{ source: '/a' }, { source: '/a' }]],
    pass: [[{ source: '/a' }, { source: '/b' }], [{ source: '/a', destination: '/b' }, { source: '/b', destination: '/b' }]],
  },
  {
    rule: { rule: 'unique', key: 'path' },
    fail: [[{ path: 'a' }, { path: 'a' }]],
    pass: [[{ path: 'a' }, { path: 'b' }]],
  },
  {
    // A JavaScript Set: equal strings repeat, two objects never do.
    rule: { rule: 'unique' },
    fail: [['a', 'a']],
    pass: [['a', 'b'], [{ x: 1 }, { x: 1 }]],
  },
  {
    // `variations` (willow): option ids unique. The message names the id:
    // `value` is the probe's, written `{value}` in the recorded message.
    rule: { rule: 'unique', key: 'id', in: 'options' },
    fail: [{ options: [{ id: 'dup-id', label: 'A' }, { id: 'dup-id', label: 'B' }] }],
    pass: [{ options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }] }],
    value: 'dup-id',
  },
  {
    rule: { rule: 'requires', if: 'source', then: 'format' },
    fail: [{ family: 'x', source: '/a.woff2' }],
    pass: [{ family: 'x' }, { family: 'x', source: '/a', format: 'woff2' }, { family: 'x', source: '' }],
  },
];

// What the platform says when a refinement gives no message of its own
// (zod's default for a custom issue).
const ZOD_DEFAULT_CUSTOM = 'Invalid input';

/// The issues one refinement or transform raises for `value` (`null` when
/// it throws: a probe of the wrong shape).
function issuesOf(effect, value) {
  const issues = [];
  const ctx = { addIssue: (i) => issues.push(i), path: [] };
  try {
    if (effect.type === 'refinement') effect.refinement(value, ctx);
    else if (effect.type === 'transform') effect.transform(value, ctx);
    else return null;
  } catch {
    return null;
  }
  return issues;
}

const unmatched = [];

/// The rule a refinement (or issue-raising transform) implements, with the
/// platform's message; `null` for a transform that never refuses.
function identify(effect, where) {
  const matches = [];
  for (const r of RULES) {
    const fails = r.fail.map((v) => issuesOf(effect, v));
    const passes = r.pass.map((v) => issuesOf(effect, v));
    if (fails.every((i) => i && i.length > 0) && passes.every((i) => i && i.length === 0)) {
      let message = fails[0][0].message ?? ZOD_DEFAULT_CUSTOM;
      if (r.value) message = message.replaceAll(r.value, '{value}');
      matches.push({ ...r.rule, message });
    }
  }
  if (matches.length === 1) return matches[0];
  if (effect.type === 'transform' && !/addIssue/.test(effect.transform.toString())) return null;
  unmatched.push(`${where}: ${matches.length ? 'several rules match' : 'no rule matches'}`);
  return null;
}

// Facts per zod node, written onto the JSON Schema object made for it.
function annotate(obj, def, where) {
  const t = def.typeName;
  const add = (k, v) => {
    obj[k] = v;
  };
  if (t === 'ZodObject' && def.unknownKeys === 'strict') add('x-strict', true);
  if (t === 'ZodCatch') add('x-catch', true);
  if (t === 'ZodString') {
    if (def.checks.some((c) => c.kind === 'trim')) add('x-trim', true);
    const messages = {};
    for (const c of def.checks) {
      const kw = { url: 'format', regex: 'pattern', startsWith: 'pattern', endsWith: 'pattern', min: 'minLength', max: 'maxLength' }[c.kind];
      if (kw && c.message) messages[kw] = c.message;
    }
    if (Object.keys(messages).length) add('x-messages', { ...(obj['x-messages'] ?? {}), ...messages });
  }
  if (t === 'ZodArray') {
    const messages = {};
    if (def.minLength?.message) messages.minItems = def.minLength.message;
    if (def.maxLength?.message) messages.maxItems = def.maxLength.message;
    if (Object.keys(messages).length) add('x-messages', { ...(obj['x-messages'] ?? {}), ...messages });
  }
  if (t === 'ZodEffects') {
    const rule = identify(def.effect, where);
    if (rule) {
      const rules = obj['x-rules'] ?? [];
      if (!rules.some((r) => JSON.stringify(r) === JSON.stringify(rule))) rules.push(rule);
      add('x-rules', rules);
    }
  }
}

// Which zod nodes annotated which output object, in the order their
// parseDef calls finished (inner before outer), and each `$ref` made.
const annotatedBy = new Map();
const refs = [];
const original = parseDefModule.parseDef;
parseDefModule.parseDef = function (def, r) {
  const wasSeen = r.seen.some((x) => Object.is(x.def, def));
  const out = original(def, r);
  if (out && typeof out === 'object') {
    const where = r.currentPath.join('/');
    // zod-to-json-schema reads a lazy schema's target with its own
    // (unwrapped) parseDef: annotate the targets here.
    const chain = [def];
    for (let d = def; d.typeName === 'ZodLazy'; ) {
      d = d.getter()._def;
      chain.push(d);
    }
    for (const d of chain.slice().reverse()) {
      annotate(out, d, where);
      if (!annotatedBy.has(out)) annotatedBy.set(out, []);
      annotatedBy.get(out).push(d);
    }
    if (wasSeen && out.$ref) refs.push({ ref: out, def });
  }
  return out;
};

const docs = zodToJsonSchema(v2.docsConfigUnifiedSchema);
const sourceRef = zodToJsonSchema(navProps.sourceRefSchema.strict());
// Keys only some themes' configurations have (`docsConfigSchema` is a
// union on `theme`; the unified schema above lacks them): each with the
// themes that have it and its schema.
const unified = new Set(Object.keys(v2.docsConfigUnifiedSchema.shape));
const themeKeys = {};
for (const option of v2.docsConfigSchema.options) {
  const theme = option.shape.theme._def.value;
  for (let [key, schema] of Object.entries(option.shape)) {
    if (unified.has(key)) continue;
    while (schema._def.typeName === 'ZodOptional') schema = schema._def.innerType;
    if (!themeKeys[key]) {
      const projected = zodToJsonSchema(schema);
      delete projected.$schema;
      themeKeys[key] = { themes: [], schema: projected };
    }
    themeKeys[key].themes.push(theme);
  }
}
parseDefModule.parseDef = original;

// A fact of an outer node (a `.catch()` around a shared schema) lands on
// the shared schema's object, which `$ref`s elsewhere point to: it would
// wrongly hold there too. Refuse to write such a projection.
function pointer(root, ref) {
  let cur = root;
  for (const part of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) cur = cur?.[part];
  return cur;
}
const leaks = [];
for (const { ref, def } of refs) {
  const target = pointer(docs, ref.$ref);
  const defs = annotatedBy.get(target) ?? [];
  const i = defs.indexOf(def);
  const outer = i < 0 ? [] : defs.slice(i + 1);
  const leaking = outer.filter((d) => d.typeName === 'ZodCatch' || d.typeName === 'ZodEffects');
  if (leaking.length) leaks.push(`${ref.$ref}: ${leaking.map((d) => d.typeName).join(', ')}`);
}

if (unmatched.length || leaks.length) {
  for (const u of unmatched) console.error('unrecognised refinement at', u);
  for (const l of leaks) console.error('a wrapper fact would leak through a $ref to', l);
  process.exit(1);
}
const pkg = require(path.join(VALIDATION, 'package.json'));
process.stdout.write(JSON.stringify({ validation: pkg.version, docs, sourceRef, themeKeys }) + '\n');
