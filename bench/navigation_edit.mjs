#!/usr/bin/env node
// Edit -> sidebar, through the real server (Node 18+, no dependencies): what the VS Code "Docs
// navigation" view does on a keystroke in docs.json. A letter is typed into (then deleted from)
// the first group label of docs.json, and `docsLsp/navigation` is asked at once, as the view asks
// on each change; the time is from the change sent to the answer holding the new label (the
// server answers from the newest text's analysis). Prints p50/p99/max over N edits.
//
//   node bench/navigation_edit.mjs --file /tmp/gen25kn/docs.json [--edits 40] -- target/release/docs-lsp
import { startServer } from './lsp_client.mjs';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
const server = argv.slice(sep + 1);
const opt = { edits: 40 };
for (let i = 0; i < sep; i++) opt[argv[i].replace(/^--/, '')] = argv[++i];
if (sep < 0 || !server.length || !opt.file) {
  console.error('usage: node bench/navigation_edit.mjs --file DOCS_JSON [--edits N] -- SERVER');
  process.exit(2);
}

const { send, request, notified } = startServer(server);

const labels = (nodes, out = []) => {
  for (const n of nodes ?? []) {
    out.push(n.label);
    labels(n.children, out);
  }
  return out;
};

const root = dirname(opt.file);
const rootUri = pathToFileURL(root).href;
await request('initialize', { processId: process.pid, rootUri, capabilities: { general: { positionEncodings: ['utf-8'] } }, workspaceFolders: [{ uri: rootUri, name: 'site' }] });
send({ method: 'initialized', params: {} });
const uri = pathToFileURL(opt.file).href;
const text = readFileSync(opt.file, 'utf8');
const first = notified((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri);
send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text } } });
await first;

// The first group label: its line and the column after its last character.
const at = text.indexOf('"group": "');
if (at < 0) throw new Error('no "group" label in ' + opt.file);
const start = at + '"group": "'.length;
const label = text.slice(start, text.indexOf('"', start));
const before = text.slice(0, start + label.length);
const line = before.split('\n').length - 1;
const character = Buffer.byteLength(before.slice(before.lastIndexOf('\n') + 1));
const answer0 = await request('docsLsp/navigation', { uri });
if (!labels(answer0?.navigation).includes(label)) throw new Error(`"${label}" is not in the answered scope`);

const times = [];
let version = 1;
for (let i = 0; i < +opt.edits; i++) {
  const typed = i % 2 === 0;
  const change = typed
    ? { range: { start: { line, character }, end: { line, character } }, text: 'x' }
    : { range: { start: { line, character }, end: { line, character: character + 1 } }, text: '' };
  const want = typed ? label + 'x' : label;
  const t0 = performance.now();
  send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: ++version }, contentChanges: [change] } });
  const answer = await request('docsLsp/navigation', { uri });
  const ms = performance.now() - t0;
  if (!labels(answer?.navigation).includes(want)) throw new Error(`edit ${i}: the answer does not hold "${want}"`);
  times.push(ms);
}
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
console.log(JSON.stringify({ file: opt.file, label, edits: times.length, p50_ms: +q(0.5), p99_ms: +q(0.99), max_ms: +times.at(-1).toFixed(2) }));
await request('shutdown', null);
send({ method: 'exit', params: null });
