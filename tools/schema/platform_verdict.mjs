// The platform's verdict on a docs.json, as its prebuild reaches it: the
// file read with `JSON.parse`, `$ref`s resolved (each file `JSON.parse`d),
// then `validateDocsConfig`. With --source-refs, as deploys and `mint dev`
// read a multi-repository configuration (the prebuild's ConfigUpdater with
// `allowSourceRefs`): `validateSourceRefDocsConfig`, then
// `validateDocsConfig` on the configuration with its `sourceRef` entries
// taken out.
//
// Usage: node tools/schema/platform_verdict.mjs NODE_MODULES DOCS_JSON [--source-refs]
// NODE_MODULES holds @mintlify/validation (e.g. a scratch folder after
// `npm install @mintlify/validation@0.1.878`). Prints ACCEPTED, or REFUSED
// and the platform's issues as it formats them; exit 0 / 1.
import { readFileSync } from 'fs';
import { readFile } from 'fs/promises';
import path from 'path';

const [nodeModules, file] = process.argv.slice(2);
const sourceRefs = process.argv.includes('--source-refs');
const validationDir = path.join(path.resolve(nodeModules), '@mintlify/validation');
const v = await import(path.join(validationDir, 'dist/index.js'));
const version = JSON.parse(readFileSync(path.join(validationDir, 'package.json'), 'utf8')).version;

function refuse(lines) {
  console.log(`REFUSED (@mintlify/validation ${version})`);
  for (const l of lines) console.log(l);
  process.exit(1);
}

let config;
try {
  config = JSON.parse(readFileSync(file, 'utf8'));
} catch (e) {
  refuse([`docs.json has invalid JSON: ${e.message}`]);
}
try {
  config = (await v.resolveRefs(config, (p) => readFile(path.join(path.dirname(file), p), 'utf-8'))).resolved;
} catch (e) {
  refuse([`Error resolving $ref in docs.json: ${e.message}`]);
}

const isSourceRef = (x) => typeof x === 'object' && x !== null && !Array.isArray(x) && typeof x.sourceRef === 'string';
const hasSourceRefs = (x) =>
  Array.isArray(x) ? x.some(hasSourceRefs) : typeof x === 'object' && x !== null && (isSourceRef(x) || Object.values(x).some(hasSourceRefs));
const GONE = Symbol('gone');
function strip(x) {
  if (isSourceRef(x)) return GONE;
  if (Array.isArray(x)) return x.map(strip).filter((e) => e !== GONE);
  if (typeof x !== 'object' || x === null) return x;
  return Object.fromEntries(Object.entries(x).map(([k, e]) => [k, strip(e)]).filter(([, e]) => e !== GONE));
}

if (sourceRefs && hasSourceRefs(config)) {
  const r = v.validateSourceRefDocsConfig(config);
  if (!r.success) refuse(r.error.issues.map(v.formatIssue));
  config = strip(config);
}
const r = v.validateDocsConfig(config);
if (!r.success) refuse(r.error.issues.map(v.formatIssue));
console.log(`ACCEPTED (@mintlify/validation ${version})`);
