// The platform's prebuild run on a copy of a fixture site: prints "BUILDS"
// or "BUILD FAILS: <its error>", then its warnings:
//   node tools/overlays/prebuild_verdict.mjs DIR/node_modules SITE
// (DIR prepared by tools/overlays/setup.sh).
// The verdicts in tests/fixtures/check/overlay-*/*/platform.txt came from it.
import { cpSync, mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';

const [nodeModules, site] = process.argv.slice(2);
const { prebuild } = await import(path.join(path.resolve(nodeModules), '@mintlify/prebuild/dist/index.js'));
const dir = mkdtempSync(path.join(tmpdir(), 'site-'));
cpSync(site, dir, { recursive: true });
const logs = [];
const [log, err] = [console.log, console.error];
console.log = (...a) => logs.push(a.join(' '));
console.error = (...a) => logs.push(a.join(' '));
let verdict = 'BUILDS';
// The prebuild writes what it makes (public/, src/_props/) under the
// working folder: that is the copy, never the folder this runs from.
process.chdir(dir);
try {
  await prebuild(dir, {});
} catch (e) {
  verdict = `BUILD FAILS: ${e && e.message}`;
}
console.log = log;
console.error = err;
console.log(verdict.replaceAll(`${dir}/`, ''));
for (const l of logs) {
  const plain = l.replace(/\x1b\[[0-9;]*m/g, '');
  if (plain.startsWith('warning')) console.log(plain.replaceAll(`${dir}/`, ''));
}
