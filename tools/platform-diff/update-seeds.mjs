#!/usr/bin/env node
// Refreshes seeds/: the docs.json of every site under the given folders (each `DIR/NAME/docs.json`),
// with `$ref`s inlined and the navigation trimmed (lib/seeds.mjs), written as seeds/NAME.json when
// the platform builds it and the result is small. run.mjs reads only seeds/ unless given
// --extra-seeds, so CI's variants do not depend on which site folders a machine has.
//
//   node update-seeds.mjs ../../../shared/corpus/sites /work/realsites [--max-bytes 12000]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSeedSites } from './lib/seeds.mjs';
import { judge } from './lib/platform.mjs';
import { serialize } from './lib/jsonc.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let maxBytes = 12000;
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--max-bytes') maxBytes = Number(args[++i]);
  else dirs.push(args[i]);
}
if (!dirs.length) {
  console.error('usage: node update-seeds.mjs SITES_DIR... [--max-bytes N]');
  process.exit(2);
}
const out = join(HERE, 'seeds');
mkdirSync(out, { recursive: true });
for (const dir of dirs) {
  const sites = loadSeedSites(dir);
  if (!sites.length) console.error(`${dir}: no site (absent or empty), skipped`);
  for (const { name, cfg } of sites) {
    const text = serialize(cfg);
    const verdict = judge(text);
    if (!verdict.builds) {
      console.error(`${name}: the platform refuses it, not a seed (${verdict.message.slice(0, 120)})`);
      continue;
    }
    if (text.length > maxBytes) {
      console.error(`${name}: ${text.length} bytes after trimming, over ${maxBytes}, skipped`);
      continue;
    }
    writeFileSync(join(out, name.replace(/[^A-Za-z0-9_.-]/g, '_') + '.json'), text);
    console.log(`${name}: ${text.length} bytes`);
  }
}
