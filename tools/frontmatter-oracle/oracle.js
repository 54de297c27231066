// The platform reads page front matter with the `front-matter` package
// (4.0.2), which uses js-yaml 3. This script runs that reader on every case
// in tests/fixtures/frontmatter-oracle/cases and writes its verdicts to
// tests/fixtures/frontmatter-oracle/verdicts.json, which
// tests/frontmatter_oracle.rs compares docs-lsp's reader with (the Rust
// tests do not need node).
//
//   cd tools/frontmatter-oracle && npm install && node oracle.js
//
// A verdict is {"ok": true, "attributes": {...}} or {"ok": false, "error": "..."}.
// Dates (js-yaml 3 reads `2024-01-01` as one) are written as {"$date": "..."}.
'use strict';
const fs = require('fs');
const path = require('path');
const fm = require('front-matter');
const jsyaml = require('js-yaml/package.json');

const dir = path.join(__dirname, '../../tests/fixtures/frontmatter-oracle');
const cases = fs.readdirSync(path.join(dir, 'cases')).filter((f) => /\.mdx?$/.test(f)).sort();
const plain = (v) => {
  if (v instanceof Date) return { $date: v.toISOString() };
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object') {
    const o = {};
    for (const [k, x] of Object.entries(v)) o[k] = plain(x);
    return o;
  }
  return v;
};
const verdicts = { reader: `front-matter 4.0.2, js-yaml ${jsyaml.version}`, cases: {} };
for (const name of cases) {
  const text = fs.readFileSync(path.join(dir, 'cases', name), 'utf8');
  try {
    verdicts.cases[name] = { ok: true, attributes: plain(fm(text).attributes) };
  } catch (e) {
    verdicts.cases[name] = { ok: false, error: String(e.message).split('\n')[0] };
  }
}
fs.writeFileSync(path.join(dir, 'verdicts.json'), JSON.stringify(verdicts, null, 2) + '\n');
console.log(`${cases.length} cases, ${Object.values(verdicts.cases).filter((v) => v.ok).length} accepted`);
