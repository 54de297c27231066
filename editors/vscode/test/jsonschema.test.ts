import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS_JSON_SCHEMA_URLS, PERMISSIVE_SCHEMA, withDocsJsonMapping } from '../src/jsonschema';

test('json.schemas: the docs.json schema URL is added once, beside the user entries, never replacing one', () => {
  const url = DOCS_JSON_SCHEMA_URLS[0];
  assert.deepEqual(withDocsJsonMapping(undefined), [{ url, schema: PERMISSIVE_SCHEMA }]);
  const mine = { fileMatch: ['/x.json'], url: 'https://example.invalid/x.json' };
  assert.deepEqual(withDocsJsonMapping([mine]), [mine, { url, schema: PERMISSIVE_SCHEMA }]);
  assert.equal(withDocsJsonMapping([mine, { url, schema: { type: 'object' } }]), undefined, 'an entry for the URL is left alone');
  assert.equal(withDocsJsonMapping(withDocsJsonMapping([])), undefined, 'idempotent');
  assert.deepEqual(withDocsJsonMapping('garbage'), [{ url, schema: PERMISSIVE_SCHEMA }]);
});

test('the bundled schema for docs.json files checks nothing and allows comments and trailing commas', () => {
  const root = join(__dirname, '..');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const contributed = pkg.contributes.jsonValidation;
  assert.deepEqual(contributed, [{ fileMatch: 'docs.json', url: './schemas/docs.schema.json' }]);
  const schema = JSON.parse(readFileSync(join(root, 'schemas', 'docs.schema.json'), 'utf8'));
  assert.equal(schema.allowComments, true);
  assert.equal(schema.allowTrailingCommas, true);
  const checks = Object.keys(schema).filter((k) => !['$schema', '$comment', 'allowComments', 'allowTrailingCommas'].includes(k));
  assert.deepEqual(checks, [], 'no keyword that validates');
  assert.equal(PERMISSIVE_SCHEMA.allowComments && PERMISSIVE_SCHEMA.allowTrailingCommas, true);
});
