import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NavNode, choicesOf, describeNode, nodeOfScope, scopeText, scopesOf } from '../src/navmodel';

test('a row says the method and path, the page file, and what the platform does with it', () => {
  assert.equal(describeNode({ kind: 'endpoint', label: 'List pets', method: 'GET', apiPath: '/pets', generated: true }), 'GET /pets · generated');
  assert.equal(describeNode({ kind: 'page', label: 'Quickstart', page: 'guides/quickstart.mdx', hidden: true }), 'guides/quickstart.mdx · hidden');
  assert.equal(describeNode({ kind: 'page', label: 'Not written yet' }), 'no file');
  assert.equal(describeNode({ kind: 'group', label: 'Get started' }), '');
  // what the server marks: a broken endpoint entry, a group root's directory, a link
  assert.equal(describeNode({ kind: 'endpoint', label: 'DELETE /pets', method: 'DELETE', apiPath: '/pets', mark: 'error' }), 'DELETE /pets · error');
  assert.equal(describeNode({ kind: 'group', label: 'Cards', page: 'cards.mdx', directory: 'card' }), 'cards.mdx · card directory');
  assert.equal(describeNode({ kind: 'anchor', label: 'Blog', href: 'https://example.com/blog' }), 'https://example.com/blog');
});

test('the pickers offer the languages, versions and products of the answer, in order, once each', () => {
  const page: NavNode = { kind: 'page', label: 'A', page: 'a.mdx' };
  const version = (label: string): NavNode => ({ kind: 'version', label, children: [{ kind: 'group', label: 'G', children: [page] }] });
  const nodes: NavNode[] = [
    { kind: 'language', label: 'en', children: [version('v2'), version('v1')] },
    { kind: 'language', label: 'fr', children: [version('v2'), version('v1')] },
  ];
  assert.deepEqual(choicesOf(nodes, 'language'), ['en', 'fr']);
  assert.deepEqual(choicesOf(nodes, 'version'), ['v2', 'v1']);
  assert.deepEqual(choicesOf(nodes, 'product'), []);
  // a group named like a version is no version
  assert.deepEqual(choicesOf([{ kind: 'group', label: 'v9', children: [version('v3')] }], 'version'), []);
});

test('a skeleton answer: closed scopes say their node count, and each scope is found and offered', () => {
  const page: NavNode = { kind: 'page', label: 'A', page: 'a.mdx' };
  const nodes: NavNode[] = [
    { kind: 'language', label: 'en', scope: { language: 'en' }, count: 5, children: [
      { kind: 'version', label: 'v2', scope: { language: 'en', version: 'v2' }, count: 2, children: [{ kind: 'tab', label: 'T', children: [
        { kind: 'product', label: 'P', scope: { language: 'en', version: 'v2', product: 'P' }, count: 1, children: [page] }] }] },
      { kind: 'version', label: 'v1', scope: { language: 'en', version: 'v1' }, count: 1, elided: true },
    ] },
    { kind: 'language', label: 'fr', scope: { language: 'fr' }, count: 1, elided: true },
  ];
  assert.equal(describeNode(nodes[1]), '1 node');
  assert.equal(describeNode(nodes[0].children![1]), '1 node');
  // an open scope's count is in its children, not its row
  assert.equal(describeNode(nodes[0]), '');
  assert.equal(nodeOfScope(nodes, { language: 'en', version: 'v1' })?.label, 'v1');
  assert.equal(nodeOfScope(nodes, { language: 'en', version: 'v9' }), undefined);
  // products inside a tab are offered too
  assert.deepEqual(scopesOf(nodes).map((n) => scopeText(n.scope)), ['en', 'en · v2', 'en · v2 · P', 'en · v1', 'fr']);
});
