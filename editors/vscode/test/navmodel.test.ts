import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NavNode, choicesOf, describeNode } from '../src/navmodel';

test('a row says the method and path, the page file, and what the platform does with it', () => {
  assert.equal(describeNode({ kind: 'endpoint', label: 'List pets', method: 'GET', apiPath: '/pets', generated: true }), 'GET /pets · generated');
  assert.equal(describeNode({ kind: 'page', label: 'Quickstart', page: 'guides/quickstart.mdx', hidden: true }), 'guides/quickstart.mdx · hidden');
  assert.equal(describeNode({ kind: 'page', label: 'Not written yet' }), 'no file');
  assert.equal(describeNode({ kind: 'group', label: 'Get started' }), '');
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
