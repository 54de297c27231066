import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  applyNotification, applyResult, createMarkdown, entryToMarkdown, newEntry, renderEntry, renderPage, safeUrl,
} from '../src/render';
import { dedupe, isDocsJson } from '../src/dedupe';

const md = createMarkdown();

test('streamed deltas accumulate and render as Markdown while streaming', () => {
  const e = newEntry('a1', 'what is a tab?', 'docs.json:3-5');
  applyNotification(e, { id: 'a1', delta: 'A tab may hold ', done: false });
  applyNotification(e, { id: 'a1', delta: '**anchors** or `groups`', done: false });
  let html = renderEntry(e, md);
  assert.match(html, /<strong>anchors<\/strong>/);
  assert.match(html, /<code>groups<\/code>/);
  assert.match(html, /Answering…/);
  assert.match(html, /docs\.json:3-5/);
  applyNotification(e, { id: 'a1', done: true, threadId: 'thread_8f2c1e', sources: [{ url: 'https://acme.dev/navigation', title: 'Navigation' }] });
  html = renderEntry(e, md);
  assert.doesNotMatch(html, /Answering…/);
  assert.match(html, /<a href="https:\/\/acme.dev\/navigation"[^>]*>Navigation<\/a>/);
  assert.equal(e.threadId, 'thread_8f2c1e');
});

test('the final result completes the text and sources without duplicating them', () => {
  const e = newEntry('a2', 'q');
  applyNotification(e, { id: 'a2', delta: 'Hello', done: false, sources: [{ url: 'https://x.dev/a', title: 'A' }] });
  applyResult(e, { id: 'a2', text: 'Hello world', sources: [{ url: 'https://x.dev/a', title: 'A' }, { title: 'B', url: '/guides/b' }], threadId: 't1', incomplete: false, error: null });
  assert.equal(e.text, 'Hello world');
  assert.equal(e.sources.length, 2);
  assert.equal(e.done, true);
  // late deltas after completion are ignored
  applyNotification(e, { id: 'a2', delta: '!!', done: true });
  assert.equal(e.text, 'Hello world');
  const html = renderEntry(e, md);
  assert.match(html, /<li>B <code>\/guides\/b<\/code><\/li>/, 'relative source shown, not linked');
  // a shorter final text (e.g. empty on error) does not erase what was streamed
  const f = newEntry('a3', 'q');
  applyNotification(f, { id: 'a3', delta: 'partial', done: false });
  applyResult(f, { text: '', error: 'rate limited', incomplete: true });
  assert.equal(f.text, 'partial');
  assert.match(renderEntry(f, md), /Error: rate limited/);
});

test('incomplete answers are marked', () => {
  const e = newEntry('i', 'q');
  applyNotification(e, { id: 'i', delta: 'cut', done: true, incomplete: true });
  assert.match(renderEntry(e, md), /incomplete/);
});

test('HTML and unsafe links in answers and sources are neutralised', () => {
  const e = newEntry('x', '<img src=x onerror=alert(1)>');
  applyNotification(e, { id: 'x', delta: '<script>alert(1)</script> [click](javascript:alert(1)) [ok](https://ok.dev)', done: true, sources: [{ url: 'javascript:alert(1)', title: '<b>t</b>' }] });
  const html = renderEntry(e, md);
  assert.doesNotMatch(html, /<script>/);
  assert.doesNotMatch(html, /<img/);
  assert.doesNotMatch(html, /href="javascript:/);
  assert.match(html, /href="https:\/\/ok.dev"/);
  assert.match(html, /&lt;b&gt;t&lt;\/b&gt;/);
  assert.equal(safeUrl('file:///etc/passwd'), undefined);
  assert.equal(safeUrl('https://a.b/c'), 'https://a.b/c');
});

test('page has the New conversation button, a CSP with the nonce, and the entries', () => {
  const e = newEntry('p', 'q?');
  applyNotification(e, { id: 'p', delta: 'answer text', done: true });
  const page = renderPage([e], md, { nonce: 'N0NCE', cspSource: 'vscode-webview:' });
  assert.match(page, /New conversation/);
  assert.match(page, /script-src 'nonce-N0NCE'/);
  assert.match(page, /<script nonce="N0NCE">/);
  assert.match(page, /answer text/);
  assert.match(renderPage([], md, { nonce: 'n', cspSource: 'c' }), /Ask assistant about selection/);
});

test('entryToMarkdown keeps the question, answer and sources', () => {
  const e = newEntry('m', 'Why?');
  applyResult(e, { text: 'Because.', sources: [{ url: 'https://a.dev', title: 'A' }, { title: 'Local' }] });
  assert.equal(entryToMarkdown(e), '## Why?\n\nBecause.\n\n### Sources\n\n- [A](https://a.dev)\n- Local\n');
});

test('docs.json diagnostics already reported by VS Code JSON validation are dropped', () => {
  const r = (l: number, c1: number, c2: number) => ({ start: { line: l, character: c1 }, end: { line: l, character: c2 } });
  const ours = [
    { range: r(2, 4, 10), message: 'Expected comma', source: 'docs-lsp' },
    { range: r(7, 8, 20), message: 'page "intro" does not exist', source: 'docs-lsp' },
  ];
  const theirs = [{ range: r(2, 9, 10), message: 'Expected comma', source: 'json' }, { range: r(7, 0, 30), message: 'other ext', source: 'cspell' }];
  assert.deepEqual(dedupe(ours, theirs).map((d) => d.range.start.line), [7]);
  assert.deepEqual(dedupe(ours, []), ours);
  assert.equal(isDocsJson('/a/b/docs.json'), true);
  assert.equal(isDocsJson('C:\\a\\docs.json'), true);
  assert.equal(isDocsJson('/a/mydocs.json'), false);
});
