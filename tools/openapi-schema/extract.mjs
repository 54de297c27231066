// Regenerate src/model/openapi/oas30.schema.json: the JSON Schema (draft-04) the platform's
// OpenAPI validator checks a 3.0 spec against (`validate` of @mintlify/common runs
// @mintlify/openapi-parser, ajv with this schema, formats added).
//
//   mkdir /tmp/oas && cd /tmp/oas && npm install @mintlify/openapi-parser@0.0.8
//   node tools/openapi-schema/extract.mjs /tmp/oas/node_modules/@mintlify/openapi-parser
//
// The schema is copied as it is, keys sorted for stable diffs.
import { writeFileSync } from 'fs';
import { dirname, join } from 'path';
import { fileURLToPath, pathToFileURL } from 'url';

const pkg = process.argv[2];
if (!pkg) {
  console.error('usage: node extract.mjs PATH_TO/@mintlify/openapi-parser');
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', '..', 'src', 'model', 'openapi', 'oas30.schema.json');
const { default: schema } = await import(pathToFileURL(join(pkg, 'dist/schemas/v3.0/schema.json.js')).href);
const sorted = (v) =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object'
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]))
      : v;
writeFileSync(out, JSON.stringify(sorted(schema), null, 1) + '\n');
console.log(`wrote ${out}`);
