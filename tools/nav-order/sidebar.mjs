// The sidebar the platform's prebuild makes for a site, in the shape of
// `docs-lsp nav`'s tree (kind and label; pages by their sidebar title, the
// spec, method and path of API pages, and `[hidden]`), read from the
// `src/_props/generatedDocsNav.json` a prebuild run writes in a copy of the
// site. Checked with @mintlify/prebuild 1.0.1341 on tests/fixtures/nav.
// Run: PREBUILD=/path/to/node_modules/@mintlify/prebuild/dist/index.js node sidebar.mjs SITE
// (the prebuild is not a dependency here: it installs hundreds of packages).
const { prebuild } = await import(process.env.PREBUILD ?? '@mintlify/prebuild');
import { cpSync, mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
const dir = mkdtempSync(path.join(tmpdir(), 'navpb-'));
cpSync(process.argv[2], dir, { recursive: true });
const log = console.log; console.log = () => {}; console.error = () => {};
process.chdir(dir);
try { await prebuild(dir, {}); } catch (e) { log('FAIL ' + e?.message); }
const nav = JSON.parse(readFileSync(path.join(dir, 'src/_props/generatedDocsNav.json'), 'utf8'));
const out = [];
const label = (n) => n.language ?? n.version ?? n.tab ?? n.group ?? n.anchor ?? n.dropdown ?? n.product;
const walk = (n, d) => {
  if (typeof n === 'string') { out.push('  '.repeat(d) + 'page ' + n); return; }
  if (n.href && n.title !== undefined && !n.group) { out.push('  '.repeat(d) + `page "${n.sidebarTitle ?? n.title}" ${n.api ?? n.openapi ?? ''} ${n.href}${n.hidden ? ' [hidden]' : ''}`); return; }
  const l = label(n);
  if (l !== undefined) out.push('  '.repeat(d) + `${['language','version','tab','group','anchor','dropdown','product'].find(k => k in n)} "${l}"${n.hidden ? ' [hidden]' : ''}`);
  for (const k of ['languages','versions','products','tabs','dropdowns','anchors','groups','pages']) if (Array.isArray(n[k])) for (const c of n[k]) walk(c, l === undefined ? d : d + 1);
};
walk(nav, 0);
log(out.join('\n'));
