#!/usr/bin/env node
// The platform's schemas as JSON Schema, written from a validator package itself, and what
// changed between two such dumps. The three files are what ../shared/reference/schema holds
// (byte for byte for @mintlify/validation 0.1.878) and what tools/schema/extract.py reads:
//   docs.schema.generated.json            zod-to-json-schema(docsConfigSchema)   (union on theme)
//   docs.unified.schema.generated.json    zod-to-json-schema(docsConfigUnifiedSchema)
//   page-frontmatter.schema.generated.json zod-to-json-schema(decoratedPageSchema)
//
//   node dump-schema.mjs OUT_DIR [--from DIR]     DIR: a folder whose node_modules holds the
//                                                 validator (default: this tool's own)
//   node dump-schema.mjs --diff OLD_DIR NEW_DIR   keys, types, enums and required sets added,
//                                                 removed or changed (exit 1 when any)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const FILES = {
  'docs.schema.generated.json': 'docsConfigSchema',
  'docs.unified.schema.generated.json': 'docsConfigUnifiedSchema',
  'page-frontmatter.schema.generated.json': 'decoratedPageSchema',
};

async function dump(out, from) {
  // Both packages from the same node_modules: zod-to-json-schema must see the validator's zod.
  const req = createRequire(join(from, 'package.json'));
  const load = async (name) => import(pathToFileURL(req.resolve(name)).href);
  const validation = await load('@mintlify/validation');
  const { zodToJsonSchema } = await load('zod-to-json-schema');
  const version = JSON.parse(readFileSync(join(dirname(req.resolve('@mintlify/validation')), '..', 'package.json'), 'utf8')).version;
  mkdirSync(out, { recursive: true });
  for (const [file, name] of Object.entries(FILES)) {
    if (!validation[name]) throw new Error(`@mintlify/validation ${version} exports no ${name}`);
    writeFileSync(join(out, file), JSON.stringify(zodToJsonSchema(validation[name]), null, 2) + '\n');
  }
  writeFileSync(join(out, 'VERSION'), `@mintlify/validation ${version}\n`);
  console.log(`wrote ${Object.keys(FILES).join(', ')} of @mintlify/validation ${version} to ${out}`);
}

// One line per place of the unified schema: "path  types  enum=[..]  required=[..]".
function signature(root) {
  const lines = new Map();
  const pointer = (ref) => ref.slice(2).split('/').reduce((c, p) => c?.[p.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  const res = (s) => {
    let n = 0;
    while (s && s.$ref && n++ < 64) s = pointer(s.$ref);
    return s ?? {};
  };
  const walk = (s, path, stack) => {
    s = res(s);
    if (stack.includes(s) || path.split(/[.[]/).length > 14) return;
    const next = [...stack, s];
    const branches = s.anyOf ? s.anyOf.map(res) : [s];
    const types = new Set();
    const enums = new Set();
    const required = new Set();
    for (const b of branches) {
      if (b.type) [].concat(b.type).forEach((t) => types.add(t));
      if (b.enum) b.enum.forEach((v) => enums.add(JSON.stringify(v)));
      if ('const' in b) enums.add(JSON.stringify(b.const));
      (b.required ?? []).forEach((r) => required.add(r));
      if (b.not && !Object.keys(b.not).length) types.add('never');
    }
    const sig = [
      [...types].sort().join('|') || 'any',
      enums.size ? `enum=[${[...enums].sort().join(',')}]` : '',
      required.size ? `required=[${[...required].sort().join(',')}]` : '',
    ]
      .filter(Boolean)
      .join('  ');
    const prev = lines.get(path);
    lines.set(path, prev && prev !== sig ? [...new Set([...prev.split(' || '), sig])].sort().join(' || ') : sig);
    for (const b of branches) {
      for (const [k, sub] of Object.entries(b.properties ?? {})) walk(sub, `${path}.${k}`, next);
      if (b.items) walk(b.items, `${path}[]`, next);
      if (b.additionalProperties && typeof b.additionalProperties === 'object') walk(b.additionalProperties, `${path}.*`, next);
      if (b.anyOf) b.anyOf.forEach((x) => walk(x, path, next));
    }
  };
  walk(root, '', []);
  return lines;
}

function diff(oldDir, newDir) {
  const read = (d) => JSON.parse(readFileSync(join(d, 'docs.unified.schema.generated.json'), 'utf8'));
  const a = signature(read(oldDir));
  const b = signature(read(newDir));
  let n = 0;
  for (const [p, s] of b) if (!a.has(p)) (n++, console.log(`+ ${p || '.'}  ${s}`));
  for (const [p, s] of a) if (!b.has(p)) (n++, console.log(`- ${p || '.'}  ${s}`));
  for (const [p, s] of b) if (a.has(p) && a.get(p) !== s) (n++, console.log(`~ ${p || '.'}  ${a.get(p)}  ->  ${s}`));
  const fm = (d) => Object.keys(JSON.parse(readFileSync(join(d, 'page-frontmatter.schema.generated.json'), 'utf8')).properties ?? {});
  const fa = new Set(fm(oldDir));
  const fb = new Set(fm(newDir));
  for (const k of fb) if (!fa.has(k)) (n++, console.log(`+ front matter ${k}`));
  for (const k of fa) if (!fb.has(k)) (n++, console.log(`- front matter ${k}`));
  console.log(n ? `${n} differences` : 'no difference');
  return n;
}

const args = process.argv.slice(2);
if (args[0] === '--diff' && args.length === 3) {
  process.exit(diff(resolve(args[1]), resolve(args[2])) ? 1 : 0);
} else if (args.length >= 1 && !args[0].startsWith('--')) {
  const i = args.indexOf('--from');
  await dump(resolve(args[0]), i >= 0 ? resolve(args[i + 1]) : HERE);
} else {
  console.error('usage: node dump-schema.mjs OUT_DIR [--from DIR] | --diff OLD_DIR NEW_DIR');
  process.exit(2);
}
