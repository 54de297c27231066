#!/usr/bin/env node
// Typing a new key into docs.json, through the real server (Node 18+, no dependencies): what a
// writer's editor does when a key is started in an object. `""` is typed after the `{` of the last
// group (an editor closes the quote), then a letter inside it, with a completion asked after each
// change at once, as VS Code asks while typing; then both are deleted. The text does not parse
// while the key is there. With --settle, each completion waits for the change's diagnostics first
// (the analysis of that text is ready); without it, completion may come before that analysis. The
// time is from the request to its answer, which must offer keys of a group (`expanded`). Prints
// p50/p99/max over N rounds of two completions each, and with --settle the change -> diagnostics
// times.
//
//   node bench/typing_key.mjs --file /tmp/gen25kn/docs.json [--rounds 30] [--settle 1] -- SERVER
import { startServer } from './lsp_client.mjs';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
const server = argv.slice(sep + 1);
const opt = { rounds: 30, settle: 0 };
for (let i = 0; i < sep; i++) opt[argv[i].replace(/^--/, '')] = argv[++i];
if (sep < 0 || !server.length || !opt.file) {
  console.error('usage: node bench/typing_key.mjs --file DOCS_JSON [--rounds N] [--settle 1] -- SERVER');
  process.exit(2);
}

const { send, request, notified } = startServer(server);
const root = dirname(opt.file);
const rootUri = pathToFileURL(root).href;
await request('initialize', {
  processId: process.pid,
  rootUri,
  capabilities: { general: { positionEncodings: ['utf-8'] }, textDocument: { completion: {} } },
  workspaceFolders: [{ uri: rootUri, name: 'site' }],
});
send({ method: 'initialized', params: {} });
const uri = pathToFileURL(opt.file).href;
const text = readFileSync(opt.file, 'utf8');
const published = () => notified((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri);
let first = published();
send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'json', version: 1, text } } });
await first;

// After the `{` of the last group object.
const open = text.lastIndexOf('{', text.lastIndexOf('"group": "'));
if (open < 0) throw new Error('no group object in ' + opt.file);
const before = text.slice(0, open + 1);
const line = before.split('\n').length - 1;
const character = Buffer.byteLength(before.slice(before.lastIndexOf('\n') + 1));
const pos = (c) => ({ line, character: c });

const times = [];
const diagnosed = [];
let version = 1;
const change = async (range, newText, cursor) => {
  const settled = opt.settle === '1' ? published() : null;
  const t0 = performance.now();
  send({ method: 'textDocument/didChange', params: { textDocument: { uri, version: ++version }, contentChanges: [{ range, text: newText }] } });
  if (settled) {
    await settled;
    diagnosed.push(performance.now() - t0);
  }
  if (cursor === undefined) return;
  const t1 = performance.now();
  const r = await request('textDocument/completion', { textDocument: { uri }, position: pos(cursor) });
  times.push(performance.now() - t1);
  const labels = (r?.items ?? r ?? []).map((i) => i.label);
  if (!labels.includes('expanded')) throw new Error(`no "expanded" among ${labels.length} items: ${labels.slice(0, 10)}`);
};
for (let i = 0; i < +opt.rounds; i++) {
  await change({ start: pos(character), end: pos(character) }, '""', character + 1);
  await change({ start: pos(character + 1), end: pos(character + 1) }, 'e', character + 2);
  await change({ start: pos(character), end: pos(character + 3) }, '');
}
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2) : null;
};
console.log(JSON.stringify({
  file: opt.file, settle: opt.settle === '1', completions: times.length,
  p50_ms: q(times, 0.5), p99_ms: q(times, 0.99), max_ms: q(times, 1),
  // With --settle 1: change -> its diagnostics published, for each change (two of every
  // three leave the text broken).
  diagnostics_p50_ms: q(diagnosed, 0.5), diagnostics_p99_ms: q(diagnosed, 0.99),
}));
await request('shutdown', null);
send({ method: 'exit', params: null });
