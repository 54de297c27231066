import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pickRows } from '../src/translationsmodel';

const place = { uri: 'file:///site/docs.json', range: { start: { line: 3, character: 4 }, end: { line: 3, character: 20 } } };

test('a row per language: its name, its state, and what choosing it opens', () => {
  const rows = pickRows({
    uri: 'file:///site/guide.mdx',
    title: 'translated in 1 of 3 languages',
    languages: [
      { language: 'fr', state: 'older', label: 'fr (French): older by 12 days', uri: 'file:///site/fr/guide.mdx', entry: place },
      { language: 'de', state: 'fileMissing', label: 'de (German): file missing', uri: null, entry: place },
      { language: 'ja', state: 'missing', label: 'ja (Japanese): missing', entry: place },
    ],
  });
  assert.deepEqual(rows.map((r) => [r.label, r.description, r.detail]), [
    ['$(history) fr (French)', 'older by 12 days', 'opens the page'],
    ['$(warning) de (German)', 'file missing', 'opens its docs.json entry'],
    ['$(circle-slash) ja (Japanese)', 'missing', 'opens the language in docs.json'],
  ]);
  assert.equal(rows[0].item.uri, 'file:///site/fr/guide.mdx');
});

test('no argument, no rows', () => {
  assert.deepEqual(pickRows(undefined), []);
});
