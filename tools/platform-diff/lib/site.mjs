// A variant as a site docs-lsp can check: its docs.json, and every file the configuration
// names, so that rules about files (missing page, missing spec, missing image) have nothing
// to say and the comparison is about the configuration alone.
//
// - Every string in a navigation `pages` list, a group's `root`, and every root-relative
//   `href` without an extension becomes a page (`<path>.mdx` with a title front matter).
// - Every other local path with a file extension becomes that file: a spec (OpenAPI 3.1 with
//   every `METHOD /path` entry of the configuration, AsyncAPI, an overlay, a GraphQL SDL) where
//   a spec goes, also when named without an extension; an empty file otherwise (images, fonts).
// Paths that cannot be a file of the site (`..`, NUL, overlong) are left alone: what docs-lsp
// says about them is set apart as a file rule (run.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isPlainObject } from './schema.mjs';

const ENDPOINT = /^(get|post|put|delete|patch|options|head|trace|webhook)\s+(\S+)/i;
const SPEC_KEYS = new Set(['openapi', 'asyncapi', 'source', 'overlays', 'graphql']);

function localPath(p) {
  if (typeof p !== 'string') return undefined;
  let s = p.trim();
  if (!s || s.length > 180 || s.includes('\0') || s.includes('\\')) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith('//') || s.startsWith('#')) return undefined;
  s = s.replace(/^\.\//, '').replace(/^\/+/, '').split(/[?#]/)[0];
  if (!s || s.split('/').some((seg) => seg === '..' || seg === '.' || seg === '' || Buffer.byteLength(seg) > 200)) return undefined;
  return s;
}

/** The files a configuration names: {pages: Set, files: Map(path -> kind), endpoints: []}. */
export function namedFiles(cfg) {
  const pages = new Set();
  const files = new Map();
  const endpoints = [];
  const walk = (v, key, inPages, holder) => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, key, inPages || key === 'pages', holder);
      return;
    }
    if (isPlainObject(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, k, false, v);
      return;
    }
    if (typeof v !== 'string') return;
    const m = ENDPOINT.exec(v.trim());
    if (m && (inPages || key === 'openapi')) {
      endpoints.push([m[1].toLowerCase(), m[2]]);
      return;
    }
    const p = localPath(v);
    if (!p) return;
    const ext = /\.([a-z0-9]+)$/i.exec(p.split('/').pop())?.[1]?.toLowerCase();
    if (inPages || key === 'root') {
      pages.add(ext === 'mdx' || ext === 'md' ? p.replace(/\.(mdx|md)$/i, '') : p);
    } else if (ext) {
      files.set(p, SPEC_KEYS.has(key) ? key : 'file');
    } else if (SPEC_KEYS.has(key) && !(key === 'source' && holder && 'destination' in holder)) {
      // A spec named without an extension (`"openapi": "/api/spec"`) is read as written.
      files.set(p, key);
    } else if ((key === 'href' || key === 'destination' || key === 'redirect') && v.trim().startsWith('/')) {
      pages.add(p);
    }
  };
  walk(cfg, '', false, undefined);
  return { pages, files, endpoints };
}

function specText(kind, endpoints) {
  if (kind === 'graphql') return 'type Query {\n  hello: String\n}\n';
  if (kind === 'asyncapi') return JSON.stringify({ asyncapi: '3.0.0', info: { title: 'Events', version: '1.0.0' }, channels: {} });
  // One harmless action: the prebuild refuses an overlay with none (and then the spec).
  if (kind === 'overlays')
    return JSON.stringify({
      overlay: '1.0.0',
      info: { title: 'Overlay', version: '1.0.0' },
      actions: [{ target: '$.info', update: { 'x-overlaid': true } }],
    });
  const paths = {};
  for (const [method, path] of endpoints) {
    if (method === 'webhook') continue;
    (paths[path] ??= {})[method] = { summary: `${method} ${path}`, responses: { 200: { description: 'OK' } } };
  }
  const webhooks = {};
  for (const [method, name] of endpoints) if (method === 'webhook') webhooks[name] = { post: { responses: { 200: { description: 'OK' } } } };
  // One harmless operation when the configuration names none: the prebuild refuses to generate
  // the pages of an `openapi: 3.1.0` spec with neither paths nor webhooks, and the build fails.
  if (!Object.keys(paths).length && !Object.keys(webhooks).length)
    paths['/ping'] = { get: { summary: 'Ping', responses: { 200: { description: 'OK' } } } };
  return JSON.stringify({ openapi: '3.1.0', info: { title: 'API', version: '1.0.0' }, paths, webhooks });
}

function put(root, rel, text) {
  const full = join(root, rel);
  if (rel === 'docs.json') return;
  try {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text, { flag: 'wx' });
  } catch {
    // Two names for one path (a page and a folder of that name, a file written already):
    // the first one stays.
  }
}

/** Writes the site of one variant under `dir`. `cfg` is the configuration before text mutations. */
export function writeSite(dir, text, cfg) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'docs.json'), text);
  if (!isPlainObject(cfg)) return;
  const { pages, files, endpoints } = namedFiles(cfg);
  for (const p of pages) {
    const title = p.split('/').pop().replace(/"/g, '');
    put(dir, p.endsWith('.mdx') || p.endsWith('.md') ? p : p + '.mdx', `---\ntitle: "${title}"\n---\n`);
  }
  for (const [p, kind] of files) {
    const ext = /\.([a-z0-9]+)$/i.exec(p.split('/').pop())?.[1]?.toLowerCase();
    const spec =
      kind === 'graphql' || (kind !== 'file' && (ext === undefined || ext === 'json' || ext === 'yaml' || ext === 'yml'));
    put(dir, p, spec ? specText(kind, endpoints) : '');
  }
}
