// Expected heading ids from the platform's own code, for src/model/slug.rs's tests.
//
//   npm install @mintlify/link-rot@3.0.1387   (in a scratch folder; it brings @mintlify/common)
//   node tools/slug/expect.mjs SCRATCH/node_modules < tests/fixtures/slug/cases.json \
//        > tests/fixtures/slug/expected.json
//
// cases.json: {"titles": ["Getting started", ...], "pages": {"name": "mdx text", ...}}
// expected.json: {"titles": {title: clean id}, "pages": {name: [ids a link may name, sorted]}}
// Page ids are what `mint broken-links --check-anchors` accepts (link-rot's
// decorateGraphNodeFromPageContent: table of contents + component ids).
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';

const nm = process.argv[2];
if (!nm) {
  console.error('usage: node expect.mjs NODE_MODULES < cases.json > expected.json');
  process.exit(2);
}
const common = await import(pathToFileURL(join(nm, '@mintlify/common/dist/index.js')).href);
const linkRot = await import(
  pathToFileURL(join(nm, '@mintlify/link-rot/dist/static-checking/getBrokenInternalLinks.js')).href
);
const cases = JSON.parse(readFileSync(0, 'utf8'));
const out = { titles: {}, pages: {} };
for (const t of cases.titles) {
  out.titles[t] = common.cleanHeadingId(common.slugify(t));
}
for (const [name, mdx] of Object.entries(cases.pages)) {
  const node = { addPath() {}, headingSlugs: null };
  await linkRot.decorateGraphNodeFromPageContent(node, mdx, {});
  out.pages[name] = [...node.headingSlugs].sort();
}
console.log(JSON.stringify(out, null, 2));
