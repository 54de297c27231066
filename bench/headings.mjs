#!/usr/bin/env node
// Around headings, through the real server (Node 18+, no dependencies): inlay hints of a whole
// docs.json, the inbound-links code lens of a page and its list (docsLsp.inboundLinks), and a
// heading rename (prepareRename + rename), each asked N times after the site's first diagnostics;
// prints p50/p99/max per request.
//
//   node bench/headings.mjs --hints /tmp/gen25kn/docs.json \
//     --page /tmp/gen25kb/fr/tab30/group4/tools-8.mdx --heading "## Troubleshooting" \
//     [--runs 20] -- target/release/docs-lsp
//
// --hints and --page may name files of different sites: each is opened in its own server.
import { startServer } from './lsp_client.mjs';
import { readFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
const server = argv.slice(sep + 1);
const opt = { runs: 20 };
for (let i = 0; i < sep; i++) {
  const k = argv[i].replace(/^--/, '');
  opt[k] = argv[++i];
}
opt.runs = +opt.runs;
if (sep < 0 || !server.length) {
  console.error('usage: node bench/headings.mjs --hints DOCS_JSON --page PAGE --heading TEXT [--runs N] -- SERVER');
  process.exit(2);
}

function start(root) {
  return { ...startServer(server), root };
}

async function open(file) {
  const root = dirname(file.includes('/docs.json') ? file : findRoot(file));
  const s = start(root);
  await s.request('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: { general: { positionEncodings: ['utf-8'] }, textDocument: { codeLens: {} } }, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'site' }] });
  s.send({ method: 'initialized', params: {} });
  const uri = pathToFileURL(file).href;
  const text = readFileSync(file, 'utf8');
  const t0 = performance.now();
  const first = s.notified((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri);
  s.send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: file.endsWith('.json') ? 'json' : 'mdx', version: 1, text } } });
  await first;
  return { ...s, uri, text, ready: performance.now() - t0 };
}

function findRoot(file) {
  let d = dirname(resolve(file));
  for (;;) {
    try { readFileSync(`${d}/docs.json`); return `${d}/docs.json`; } catch { /* up */ }
    const up = dirname(d);
    if (up === d) throw new Error(`no docs.json above ${file}`);
    d = up;
  }
}

async function timed(what, n, fn) {
  const ms = [];
  let last;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    last = await fn();
    // A number returned is the time of the part that counts (set up excluded).
    ms.push(typeof last === 'number' ? last : performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(2);
  console.log(`${what}: p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${ms[ms.length - 1].toFixed(2)} ms (${n} runs)`);
  return last;
}

const stop = async (s) => { await s.request('shutdown', null); s.send({ method: 'exit' }); };

if (opt.hints) {
  const s = await open(resolve(opt.hints));
  console.log(`${opt.hints}: first diagnostics ${s.ready.toFixed(0)} ms`);
  const lines = s.text.split('\n').length;
  const hints = await timed('inlayHint, whole docs.json', opt.runs, () => s.request('textDocument/inlayHint', { textDocument: { uri: s.uri }, range: { start: { line: 0, character: 0 }, end: { line: lines, character: 0 } } }));
  console.log(`  ${hints.length} hints`);
  await timed('inlayHint, 60 visible lines', opt.runs, () => s.request('textDocument/inlayHint', { textDocument: { uri: s.uri }, range: { start: { line: 1000, character: 0 }, end: { line: 1060, character: 0 } } }));
  await stop(s);
}
if (opt.page) {
  const s = await open(resolve(opt.page));
  console.log(`${opt.page}: first diagnostics ${s.ready.toFixed(0)} ms`);
  const lens = await timed('codeLens', opt.runs, () => s.request('textDocument/codeLens', { textDocument: { uri: s.uri } }));
  console.log(`  ${lens.map((l) => l.command.title).join(', ')}`);
  // After each edit of the page (a word typed and deleted in turn, its diagnostics awaited): the
  // reverse index is gathered again from the pages' memoised outbound links.
  let version = 1;
  const lines = s.text.split('\n');
  const at = lines.findIndex((l) => l.startsWith('This section'));
  await timed('codeLens after an edit of the page', opt.runs, async () => {
    version += 1;
    const text = version % 2 ? s.text : lines.map((l, i) => (i === at ? `${l} edited` : l)).join('\n');
    const published = s.notified((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === s.uri && m.params.version === version);
    s.send({ method: 'textDocument/didChange', params: { textDocument: { uri: s.uri, version }, contentChanges: [{ text }] } });
    await published;
    const t = performance.now();
    await s.request('textDocument/codeLens', { textDocument: { uri: s.uri } });
    return performance.now() - t;
  });
  const places = await timed('docsLsp.inboundLinks (the lens clicked)', opt.runs, () => s.request('workspace/executeCommand', { command: 'docsLsp.inboundLinks', arguments: [s.uri] }));
  console.log(`  ${places.length} places`);
  if (opt.heading) {
    const line = s.text.split('\n').findIndex((l) => l === opt.heading);
    const position = { line, character: opt.heading.indexOf(' ') + 2 };
    await timed('prepareRename on the heading', opt.runs, () => s.request('textDocument/prepareRename', { textDocument: { uri: s.uri }, position }));
    const edit = await timed('rename of the heading', opt.runs, () => s.request('textDocument/rename', { textDocument: { uri: s.uri }, position, newName: 'When things go wrong' }));
    const files = Object.keys(edit.changes ?? {}).length || (edit.documentChanges ?? []).length;
    const edits = Object.values(edit.changes ?? {}).reduce((n, e) => n + e.length, 0);
    console.log(`  ${edits} edits in ${files} files`);
  }
  await stop(s);
}
process.exit(0);
