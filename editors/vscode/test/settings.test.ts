import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS, apiKeySource, buildServerSettings, configurationItem, redact } from '../src/settings';
import { bundledServerPath, findServerBinary, LookupEnv } from '../src/binary';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
const contributed: Record<string, { default?: unknown; description?: string; markdownDescription?: string }> =
  pkg.contributes.configuration.properties;

test('package.json contributes every setting, each with a description, and nothing else', () => {
  const keys = Object.keys(contributed).sort();
  assert.deepEqual(keys, SETTINGS.map((s) => `docsLsp.${s.key}`).sort());
  for (const [k, v] of Object.entries(contributed)) {
    assert.ok((v.description ?? v.markdownDescription ?? '').length > 20, `${k} has a description`);
  }
});

test('defaults from package.json map to the server contract (empty strings left to the server)', () => {
  const s = buildServerSettings((k) => contributed[`docsLsp.${k}`]?.default);
  assert.deepEqual(s, {
    assistant: { fingerprint: 'anonymous', retrievalPageSize: 5, filter: null },
    diagnostics: { debounceMs: 0 },
    links: { addRedirectOnMove: 'ask' },
    inlayHints: { pageTitles: true, headingIds: true },
  });
});

test('user values are nested under assistant/diagnostics; client-only settings are not sent', () => {
  const values: Record<string, unknown> = {
    serverPath: '/opt/docs-lsp',
    'trace.server': 'verbose',
    'assistant.baseUrl': ' http://127.0.0.1:8080 ',
    'assistant.domain': 'acme',
    'assistant.apiKey': 'from-settings',
    'assistant.fingerprint': 'me',
    'assistant.retrievalPageSize': 8,
    'assistant.filter': { version: 'v2' },
    'diagnostics.debounceMs': 0,
    'links.addRedirectOnMove': 'never',
    'inlayHints.headingIds': false,
  };
  const s = buildServerSettings((k) => values[k], 'from-secrets');
  assert.deepEqual(s, {
    assistant: {
      baseUrl: 'http://127.0.0.1:8080', domain: 'acme', apiKey: 'from-settings', fingerprint: 'me',
      retrievalPageSize: 8, filter: { version: 'v2' },
    },
    diagnostics: { debounceMs: 0 },
    links: { addRedirectOnMove: 'never' },
    inlayHints: { headingIds: false },
  });
  assert.equal(JSON.stringify(s).includes('serverPath'), false);
  assert.equal(JSON.stringify(s).includes('trace'), false);
});

test('the secret-storage key is used when the setting is empty', () => {
  const s = buildServerSettings((k) => (k === 'assistant.apiKey' ? '' : undefined), 'sk-secret');
  assert.deepEqual(s.assistant, { apiKey: 'sk-secret' });
  assert.deepEqual(buildServerSettings(() => undefined).assistant, {});
});

test('workspace/configuration items', () => {
  const s = buildServerSettings((k) => ({ 'assistant.domain': 'acme', 'diagnostics.debounceMs': 10 } as Record<string, unknown>)[k]);
  assert.deepEqual(configurationItem('docsLsp', s), s);
  assert.deepEqual(configurationItem(undefined, s), s);
  assert.deepEqual(configurationItem('docsLsp.assistant', s), { domain: 'acme' });
  assert.equal(configurationItem('docsLsp.diagnostics.debounceMs', s), 10);
  assert.equal(configurationItem('docsLsp.nope', s), null);
  assert.equal(configurationItem('editor', s), null);
});

test('redact hides the key; apiKeySource never returns it', () => {
  const s = buildServerSettings((k) => (k === 'assistant.apiKey' ? 'sk-123' : undefined));
  assert.equal(JSON.stringify(redact(s)).includes('sk-123'), false);
  assert.equal(s.assistant && (s.assistant as Record<string, unknown>).apiKey, 'sk-123', 'redact copies');
  assert.equal(apiKeySource('', undefined, {}), undefined);
  assert.equal(apiKeySource('', 'x', {}), 'secret storage');
  assert.equal(apiKeySource('k', 'x', {}), 'setting');
  assert.equal(apiKeySource(undefined, '', { DOCS_ASSISTANT_API_KEY: 'e' }), 'environment');
});

function env(executables: string[], extra: Partial<LookupEnv> = {}): LookupEnv {
  return { platform: 'linux', pathVar: '/usr/bin:/home/u/.cargo/bin', home: '/home/u', base: '/ws', isExecutable: (p) => executables.includes(p), ...extra };
}

test('binary: bundled first, then the setting, then PATH, else a message with the install command', () => {
  assert.deepEqual(findServerBinary('~/bin/docs-lsp', env(['/home/u/bin/docs-lsp'])), { ok: true, path: '/home/u/bin/docs-lsp', from: 'setting' });
  assert.deepEqual(findServerBinary('target/release/docs-lsp', env(['/ws/target/release/docs-lsp'])), { ok: true, path: '/ws/target/release/docs-lsp', from: 'setting' });
  assert.deepEqual(findServerBinary('', env(['/home/u/.cargo/bin/docs-lsp'])), { ok: true, path: '/home/u/.cargo/bin/docs-lsp', from: 'PATH' });
  const missing = findServerBinary(undefined, env([]));
  assert.equal(missing.ok, false);
  assert.match(!missing.ok ? missing.message : '', /cargo install --locked/);
  const bad = findServerBinary('/nope/docs-lsp', env(['/usr/bin/docs-lsp']));
  assert.equal(bad.ok, false, 'a wrong serverPath is reported, not silently replaced by PATH');
  assert.match(!bad.ok ? bad.message : '', /docsLsp\.serverPath/);
  // The server inside a platform .vsix comes first, then the setting, then PATH.
  const bundled = '/ext/docs-lsp-0.1.0-linux-x64/server/docs-lsp';
  assert.equal(bundledServerPath('/ext/docs-lsp-0.1.0-linux-x64', 'linux'), bundled);
  assert.equal(bundledServerPath('C:\\ext\\d', 'win32'), 'C:\\ext\\d\\server\\docs-lsp.exe');
  assert.deepEqual(findServerBinary('/opt/docs-lsp', env([bundled, '/opt/docs-lsp', '/usr/bin/docs-lsp']), bundled), { ok: true, path: bundled, from: 'bundled' });
  assert.deepEqual(findServerBinary('/opt/docs-lsp', env(['/opt/docs-lsp', '/usr/bin/docs-lsp']), bundled), { ok: true, path: '/opt/docs-lsp', from: 'setting' });
  assert.deepEqual(findServerBinary('', env(['/usr/bin/docs-lsp']), bundled), { ok: true, path: '/usr/bin/docs-lsp', from: 'PATH' });
  const win = findServerBinary('', env(['C:\\tools\\docs-lsp.exe'], { platform: 'win32', pathVar: 'C:\\Windows;C:\\tools', pathExt: '.EXE;.CMD' }));
  assert.deepEqual(win, { ok: true, path: 'C:\\tools\\docs-lsp.exe', from: 'PATH' });
});
