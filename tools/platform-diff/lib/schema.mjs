// The platform's docs.json schema as JSON Schema, taken from the installed validator itself
// (zod-to-json-schema over `docsConfigUnifiedSchema`: byte for byte what
// ../shared/reference/schema/docs.unified.schema.generated.json holds for 0.1.878), and the
// three things the generator asks of it: a value that fits a schema, one that breaks it, and one
// of a type it does not take. Refinements (code in the validator, not in the JSON Schema) are
// mutated by hand in mutate.mjs.
import { docsConfigUnifiedSchema } from '@mintlify/validation';
import { zodToJsonSchema } from 'zod-to-json-schema';

export function platformJsonSchema() {
  return zodToJsonSchema(docsConfigUnifiedSchema);
}

const TYPES = ['string', 'number', 'boolean', 'null', 'array', 'object'];

export function isPlainObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function jsonType(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

// Names the generator gives values by, when the schema says only "a string".
const WORDS = ['intro', 'setup', 'guides', 'billing', 'auth', 'webhooks', 'errors', 'sdk', 'faq', 'limits'];

export class Schema {
  constructor(root) {
    this.root = root;
  }

  pointer(ref) {
    let cur = this.root;
    for (const raw of ref.slice(2).split('/')) {
      if (raw === '') continue;
      const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      cur = cur?.[part];
    }
    return cur;
  }

  resolve(s) {
    let n = 0;
    while (s && typeof s === 'object' && typeof s.$ref === 'string' && n++ < 64) s = this.pointer(s.$ref);
    return s ?? {};
  }

  isNever(s) {
    s = this.resolve(s);
    return isPlainObject(s.not) && Object.keys(s.not).length === 0 && !s.anyOf;
  }

  /** The branches of `s` that accept anything (an anyOf is flattened; a never branch is dropped). */
  branches(s) {
    s = this.resolve(s);
    if (Array.isArray(s.anyOf)) return s.anyOf.flatMap((b) => this.branches(b));
    if (this.isNever(s)) return [];
    return [s];
  }

  /** JSON types a schema accepts. */
  types(s) {
    const out = new Set();
    for (const b of this.branches(s)) {
      if ('const' in b) out.add(jsonType(b.const));
      else if (Array.isArray(b.enum)) b.enum.forEach((v) => out.add(jsonType(v)));
      else if (Array.isArray(b.type)) b.type.forEach((t) => out.add(t === 'integer' ? 'number' : t));
      else if (typeof b.type === 'string') out.add(b.type === 'integer' ? 'number' : b.type);
      else TYPES.forEach((t) => out.add(t));
    }
    return out;
  }

  /** A branch of `s` accepting `type`, or undefined. */
  branchOfType(s, type) {
    const matching = this.branches(s).filter((b) => this.types(b).has(type));
    return matching[0];
  }

  /**
   * A value `s` accepts (as far as the JSON Schema says: refinements are not seen here).
   * `minimal` samples required properties only; `name` is the property the value goes in.
   */
  sample(s, rng, { name = '', depth = 0, minimal = false } = {}) {
    const bs = this.branches(s);
    if (!bs.length) return undefined;
    // Prefer an object branch over a string one only by chance: both shapes get exercised.
    const b = rng.pick(bs);
    if ('const' in b) return b.const;
    if (Array.isArray(b.enum)) return rng.pick(b.enum);
    let type = Array.isArray(b.type) ? rng.pick(b.type) : b.type;
    if (type === undefined) type = 'string';
    switch (type) {
      case 'string':
        return this.sampleString(b, rng, name);
      case 'integer':
      case 'number': {
        const lo = b.minimum ?? (b.exclusiveMinimum !== undefined ? b.exclusiveMinimum + 1 : 0);
        const hi = b.maximum ?? (b.exclusiveMaximum !== undefined ? b.exclusiveMaximum - 1 : lo + 10);
        return rng.int(Math.ceil(lo), Math.floor(Math.max(lo, hi)));
      }
      case 'boolean':
        return rng.chance(0.5);
      case 'null':
        return null;
      case 'array': {
        const lo = b.minItems ?? 0;
        const hi = Math.min(b.maxItems ?? lo + 2, lo + 2);
        const n = depth > 4 || minimal ? lo : rng.int(lo, Math.max(lo, hi));
        const out = [];
        const seen = new Set();
        for (let i = 0; i < n; i++) {
          const v = this.sample(b.items ?? {}, rng, { name, depth: depth + 1, minimal });
          // Repeats in enum lists are refinement breaches (contextual options): keep them
          // for the refinement mutations, not for a value meant to be valid.
          const key = JSON.stringify(v);
          if (v === undefined || seen.has(key)) continue;
          seen.add(key);
          out.push(v);
        }
        return out;
      }
      case 'object':
        return this.sampleObject(b, rng, { depth, minimal });
      default:
        return 'x';
    }
  }

  sampleObject(b, rng, { depth, minimal }) {
    const out = {};
    const required = new Set(b.required ?? []);
    const p = minimal ? 0 : depth < 2 ? 0.4 : 0.15;
    for (const [k, sub] of Object.entries(b.properties ?? {})) {
      if (!required.has(k) && !rng.chance(p)) continue;
      const v = this.sample(sub, rng, { name: k, depth: depth + 1, minimal });
      if (v !== undefined) out[k] = v;
    }
    if (isPlainObject(b.additionalProperties) && !minimal) {
      const names = this.resolve(b.propertyNames ?? {}).enum;
      const n = rng.int(0, 2);
      for (let i = 0; i < n; i++) {
        const k = names ? rng.pick(names) : rng.pick(WORDS);
        const v = this.sample(b.additionalProperties, rng, { name: k, depth: depth + 1, minimal });
        if (v !== undefined) out[k] = v;
      }
    }
    return out;
  }

  sampleString(b, rng, name) {
    const pat = b.pattern;
    if (pat) {
      if (pat.startsWith('^#')) return '#' + rng.pick(['0D9373', '16A34A', 'ff0000', 'abc', '123456', 'A0B1C2']);
      if (pat === '^G') return 'G-' + rng.int(100000, 999999);
      if (pat.startsWith('^phc')) return 'phc_' + rng.int(1000, 9999);
      return rng.pick(['bundle_1', 'abc-DEF', 'x9']);
    }
    if (b.format === 'uri') return 'https://example.com/' + rng.pick(WORDS);
    let v = this.namedString(name, rng);
    if (b.minLength && v.length < b.minLength) v = v.padEnd(b.minLength, 'x');
    if (b.maxLength && v.length > b.maxLength) v = v.slice(0, b.maxLength);
    return v;
  }

  namedString(name, rng) {
    const n = name.toLowerCase();
    if (n === 'href' || n === 'url' || n === 'base')
      return rng.pick(['/quickstart', 'https://example.com/docs', '#top', 'mailto:team@example.com', '/guides/setup']);
    if (n.endsWith('url') || n === 'src' || n === 'launchurl' || n === 'apihost')
      return 'https://example.com/' + rng.pick(WORDS);
    if (n === 'icon' || n === 'name' && rng.chance(0.1)) return rng.pick(['book', 'rocket', 'house', 'code', 'gear']);
    // `source` is a redirect's, a font's or a spec's: an extension keeps it a loadable spec.
    if (n === 'source') return rng.pick(['/', '']) + rng.pick(WORDS) + '/' + rng.pick(WORDS) + rng.pick(['.json', '.yaml']);
    if (n === 'destination') return '/' + rng.pick(WORDS) + '/' + rng.pick(WORDS);
    if (n === 'openapi' || n === 'asyncapi')
      return rng.pick(['openapi.json', '/api/openapi.yaml', 'https://example.com/openapi.json']);
    if (n === 'light' || n === 'dark' || n === 'logo' || n === 'favicon' || n === 'image')
      return rng.pick(['/logo/light.svg', '/images/dark.png', 'https://example.com/logo.png']);
    if (n === 'family') return rng.pick(['Inter', 'Roboto', 'IBM Plex Sans']);
    if (n === 'domain') return 'docs.example.com';
    if (n === 'path') return rng.pick(['guides', 'guides/v2', 'api-reference']);
    if (n === 'version') return 'v' + rng.int(1, 3);
    if (n === 'directory') return rng.pick(['api-reference', 'reference/api']);
    return rng.pick(WORDS) + (rng.chance(0.3) ? ' ' + rng.pick(WORDS) : '');
  }

  /**
   * A value `s` refuses, and why: an enum miss, a pattern or length breach, a missing required
   * key, an extra key in a strict object, an invalid item, or else a wrong type.
   */
  invalid(s, rng, { name = '' } = {}) {
    const bs = this.branches(s);
    const options = [];
    for (const b of bs) {
      if (Array.isArray(b.enum) && b.enum.every((v) => typeof v === 'string')) {
        const v = rng.pick(b.enum);
        options.push(() => ({ value: v.toUpperCase() === v ? v + 'x' : v.toUpperCase(), why: 'enum-miss' }));
        options.push(() => ({ value: v + ' ', why: 'enum-trailing-space' }));
      }
      if ('const' in b && typeof b.const === 'string') options.push(() => ({ value: b.const + 'x', why: 'const-miss' }));
      if (typeof b.pattern === 'string') {
        options.push(() => ({
          value: b.pattern.startsWith('^#') ? rng.pick(['#12345', 'red', '#GGG', '0D9373', '#0D93731']) : 'bad value',
          why: 'pattern',
        }));
      }
      if (b.format === 'uri') options.push(() => ({ value: rng.pick(['not a url', 'example.com', '/relative']), why: 'uri' }));
      if (b.type === 'string' && b.minLength) options.push(() => ({ value: '', why: 'min-length' }));
      if (b.type === 'string' && b.maxLength) options.push(() => ({ value: 'x'.repeat(b.maxLength + 1), why: 'max-length' }));
      if ((b.type === 'number' || b.type === 'integer') && b.minimum !== undefined)
        options.push(() => ({ value: b.minimum - 1, why: 'minimum' }));
      if ((b.type === 'number' || b.type === 'integer') && b.maximum !== undefined)
        options.push(() => ({ value: b.maximum + 1, why: 'maximum' }));
      if (b.type === 'integer') options.push(() => ({ value: 1.5, why: 'integer' }));
      if (b.type === 'array' && b.minItems) options.push(() => ({ value: [], why: 'min-items' }));
      if (b.type === 'array' && b.maxItems !== undefined)
        options.push(() => ({
          value: Array.from({ length: b.maxItems + 1 }, () => this.sample(b.items ?? {}, rng, { name, minimal: true })),
          why: 'max-items',
        }));
      if (b.type === 'array' && b.items)
        options.push(() => {
          const inner = this.invalid(b.items, rng, { name });
          if (!inner) return undefined;
          const arr = this.sample(b, rng, { name, minimal: true }) ?? [];
          arr.push(inner.value);
          return { value: arr, why: 'item-' + inner.why };
        });
      if (b.type === 'object' && (b.required ?? []).length)
        options.push(() => {
          const o = this.sampleObject(b, rng, { depth: 1, minimal: false });
          const k = rng.pick(b.required);
          delete o[k];
          return { value: o, why: 'missing-required:' + k };
        });
      if (b.type === 'object' && b.additionalProperties === false)
        options.push(() => {
          const o = this.sampleObject(b, rng, { depth: 1, minimal: true });
          o[rng.pick(['extra', 'colour', 'Href', 'typo'])] = 'x';
          return { value: o, why: 'extra-key' };
        });
    }
    const n = name.toLowerCase();
    if (n === 'icon') options.push(() => ({ value: 'fa-' + rng.pick(['book', 'rocket']), why: 'icon-fa' }));
    if (n === 'href') options.push(() => ({ value: rng.pick(['not a url', 'quickstart', 'javascript alert']), why: 'href' }));
    if (n === 'openapi' || n === 'asyncapi' || n === 'source')
      options.push(() => ({ value: rng.pick(['ftp://x.com/a.json', 'file:///a.json', '   ']), why: 'spec-source' }));
    while (options.length) {
      const i = rng.int(options.length);
      const got = options[i]();
      if (got) return got;
      options.splice(i, 1);
    }
    return this.wrongType(s, rng);
  }

  /** A value of a JSON type `s` does not accept, or undefined when it accepts every type. */
  wrongType(s, rng) {
    const ok = this.types(s);
    const bad = TYPES.filter((t) => !ok.has(t));
    if (!bad.length) return undefined;
    const t = rng.pick(bad);
    const value = { string: 'x', number: rng.pick([0, 1, 42, -1.5]), boolean: rng.chance(0.5), null: null, array: [], object: {} }[t];
    return { value, why: 'type:' + t };
  }

  /**
   * Every place in the schema a value can go, below `start` (a property of the root), as
   * lists of steps: {t: 'prop', name} | {t: 'item'} | {t: 'rec', names}, each with the
   * schema of the node it reaches. Recursion stops at a schema already on the path and at
   * `maxDepth` steps.
   */
  places(start, maxDepth = 8) {
    const out = [];
    const walk = (schema, steps, stack) => {
      out.push(steps);
      if (steps.length >= maxDepth) return;
      for (const b of this.branches(schema)) {
        if (stack.includes(b)) continue;
        const next = [...stack, b];
        for (const [k, sub] of Object.entries(b.properties ?? {})) {
          walk(sub, [...steps, { t: 'prop', name: k, schema: sub }], next);
        }
        if (isPlainObject(b.additionalProperties)) {
          const names = this.resolve(b.propertyNames ?? {}).enum;
          walk(b.additionalProperties, [...steps, { t: 'rec', names, schema: b.additionalProperties }], next);
        }
        if (b.type === 'array' && b.items) walk(b.items, [...steps, { t: 'item', schema: b.items }], next);
      }
    };
    const root = this.resolve(this.root);
    for (const name of start) {
      const sub = root.properties[name];
      walk(sub, [{ t: 'prop', name, schema: sub }], [root]);
    }
    // Places reached through two branches of one anyOf are the same place twice: keep one.
    const seen = new Set();
    return out.filter((steps) => {
      const key = placeName(steps) + ' ' + steps.map((s) => JSON.stringify(this.types(s.schema) ? [...this.types(s.schema)] : '')).join();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

export function placeName(steps) {
  let s = '';
  for (const st of steps) {
    if (st.t === 'prop') s += (s ? '.' : '') + st.name;
    else if (st.t === 'item') s += '[]';
    else s += '.*';
  }
  return s;
}
