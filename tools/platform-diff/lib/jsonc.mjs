// docs.json text: the configuration written out as JSON, and the text-level mutations that
// no object can express (comments, trailing commas, a byte-order mark, repeated keys, broken
// syntax). The platform reads docs.json with `JSON.parse` (prebuild's ConfigUpdater), so what
// JSON.parse refuses does not build, whatever an editor's JSONC mode accepts.

// Markers at every member start (M) and before every closing bracket (E); raw NUL never
// appears in JSON.stringify output (it is escaped), so a marker cannot clash with content.
const M = '\u0000M\u0000';
const E = '\u0000E\u0000';

function write(v, indent, depth, out) {
  const pad = indent ? '\n' + indent.repeat(depth + 1) : '';
  const end = indent ? '\n' + indent.repeat(depth) : '';
  const colon = indent ? ': ' : ':';
  if (Array.isArray(v)) {
    if (!v.length) return out.push('[' + E + ']');
    out.push('[');
    v.forEach((x, i) => {
      out.push((i ? ',' : '') + pad + M);
      write(x, indent, depth + 1, out);
    });
    out.push(E + end + ']');
  } else if (v !== null && typeof v === 'object') {
    const keys = Object.keys(v);
    if (!keys.length) return out.push('{' + E + '}');
    out.push('{');
    keys.forEach((k, i) => {
      out.push((i ? ',' : '') + pad + M + JSON.stringify(k) + colon);
      write(v[k], indent, depth + 1, out);
    });
    out.push(E + end + '}');
  } else {
    out.push(JSON.stringify(v) ?? 'null');
  }
}

function markedText(value, indent) {
  const out = [];
  write(value, indent, 0, out);
  return out.join('');
}

function clean(text) {
  return text.split(M).join('').split(E).join('');
}

export function serialize(value, indent = '  ') {
  return clean(markedText(value, indent)) + '\n';
}

/** Replaces the n-th occurrence of `marker` by `by` (others removed); n counts from 0. */
function atMarker(text, marker, pick, by) {
  const parts = text.split(marker);
  if (parts.length < 2) return undefined;
  const n = pick(parts.length - 1);
  let s = parts[0];
  for (let i = 1; i < parts.length; i++) s += (i - 1 === n ? by : '') + parts[i];
  return clean(s);
}

// Each entry: [name, valid JSON for JSON.parse?, (value, rng) => text or undefined].
export const TEXT_MUTATIONS = [
  ['line-comment', false, (v, rng) => atMarker(markedText(v, '  '), M, (n) => rng.int(n), '// note\n  ')],
  ['block-comment', false, (v, rng) => atMarker(markedText(v, '  '), M, (n) => rng.int(n), '/* note */ ')],
  ['header-comment', false, (v) => '// docs.json\n' + serialize(v)],
  [
    'trailing-comma',
    false,
    (v, rng) => {
      // Only after a container's last member: `[,]` would be a different breakage.
      const t = markedText(v, '  ').replace(/([[{])\u0000E\u0000/g, '$1');
      return atMarker(t, E, (n) => rng.int(n), ',');
    },
  ],
  ['bom', false, (v) => '\uFEFF' + serialize(v)],
  ['minified', true, (v) => serialize(v, '')],
  ['tab-indent', true, (v) => serialize(v, '\t')],
  ['crlf', true, (v) => serialize(v).replace(/\n/g, '\r\n')],
  [
    'unicode-escapes',
    true,
    (v) => serialize(v).replace(/"((?:[^"\\]|\\.)*)"/g, (m, s) => '"' + s.replace(/[a-z]/g, (c) => '\\u00' + c.charCodeAt(0).toString(16)) + '"'),
  ],
  ['missing-comma', false, (v, rng) => {
    const t = serialize(v);
    const commas = [...t.matchAll(/,\n/g)].map((m) => m.index);
    if (!commas.length) return undefined;
    const i = rng.pick(commas);
    return t.slice(0, i) + t.slice(i + 1);
  }],
  ['truncated', false, (v, rng) => {
    const t = serialize(v);
    return t.slice(0, rng.int(1, Math.max(1, t.length - 3)));
  }],
  ['single-quotes', false, (v) => serialize(v).replace(/"name"/, "'name'")],
  ['unquoted-key', false, (v) => serialize(v).replace(/"theme":/, 'theme:')],
  ['raw-newline-in-string', false, (v) => serialize(v).replace(/"name": "([^"]*)"/, '"name": "$1\nmore"')],
  ['raw-tab-in-string', false, (v) => serialize(v).replace(/"name": "([^"]*)"/, '"name": "$1\tmore"')],
  ['empty-file', false, () => ''],
  ['trailing-garbage', false, (v) => serialize(v) + '}\n'],
  ['two-documents', false, (v) => serialize(v) + serialize(v)],
  ['nan', false, (v) => serialize(v).replace(/\n}\n$/, ',\n  "x": NaN\n}\n')],
  ['leading-zero-number', false, (v) => serialize(v).replace(/\n}\n$/, ',\n  "x": 01\n}\n')],
  ['hex-number', false, (v) => serialize(v).replace(/\n}\n$/, ',\n  "x": 0x10\n}\n')],
  ['escaped-slash', true, (v) => serialize(v).replace(/\//g, '\\/')],
  ['surrogate-escape', true, (v) => serialize(v).replace(/"name": "/, '"name": "\\ud83d\\ude80 ')],
  ['lone-surrogate-escape', true, (v) => serialize(v).replace(/"name": "/, '"name": "\\ud83d ')],
  ['nul-escape', true, (v) => serialize(v).replace(/"name": "/, '"name": "\\u0000')],
  ['whitespace-only-prefix', true, (v) => '\n\n   ' + serialize(v)],
];

export const TEXT_MUTATION_NAMES = TEXT_MUTATIONS.map((m) => m[0]);

/** A text mutation by name (or a random one): {text, detail}, or undefined when it does not apply. */
export function mutateText(value, rng, name) {
  const m = name ? TEXT_MUTATIONS.find((x) => x[0] === name) : rng.pick(TEXT_MUTATIONS);
  const text = m[2](value, rng);
  if (text === undefined) return undefined;
  return { text, detail: m[0] };
}

/**
 * A repeated key: one object of `value` gets a key twice. JSON.parse keeps the last; which
 * occurrence holds the broken value is the point (`first-bad`: builds, `last-bad`: does not).
 */
export function duplicateKey(value, rng, badValue) {
  const objs = [];
  const walk = (v, path) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, path + '[' + i + ']'));
    else if (v && typeof v === 'object') {
      if (Object.keys(v).length) objs.push([v, path]);
      for (const [k, x] of Object.entries(v)) walk(x, path + '.' + k);
    }
  };
  walk(value, '');
  const [obj, path] = rng.chance(0.4) ? [value, ''] : rng.pick(objs);
  const key = rng.pick(Object.keys(obj));
  const order = rng.pick(['first-bad', 'last-bad', 'same']);
  const good = obj[key];
  const bad = order === 'same' ? good : badValue(good);
  // Written by hand: an object cannot hold one key twice. A marker member, added last,
  // becomes the second occurrence.
  const marker = '__DUPLICATE_KEY_MARKER__';
  const [first, last] = order === 'first-bad' ? [bad, good] : [good, bad];
  obj[key] = first;
  obj[marker] = null;
  const text = serialize(value).replace(JSON.stringify(marker) + ': null', JSON.stringify(key) + ': ' + JSON.stringify(last));
  obj[key] = good;
  delete obj[marker];
  return { text, detail: `duplicate-key:${order}:${path || '.'}${path ? '.' : ''}${key}` };
}
