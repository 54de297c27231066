// The sidebar the platform's prebuild makes for one site, in the shape the differential compares
// (shape.mjs), read from the `src/_props/generatedDocsNav.json` a prebuild run writes in a copy of
// the site. For looking at one site by hand; sidebar-diff.mjs runs it over many.
// Run: npm ci && node sidebar.mjs SITE
import { prebuild } from '@mintlify/prebuild';
import { cpSync, mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { prebuildLines } from './shape.mjs';
const dir = mkdtempSync(path.join(tmpdir(), 'navpb-'));
cpSync(process.argv[2], dir, { recursive: true });
const log = console.log;
console.log = () => {};
console.error = () => {};
process.chdir(dir);
try {
  await prebuild(dir, { localSchema: true });
} catch (e) {
  log('FAIL ' + e?.message);
  process.exit(1);
}
const nav = JSON.parse(readFileSync(path.join(dir, 'src/_props/generatedDocsNav.json'), 'utf8'));
log(prebuildLines(nav, dir).join('\n'));
