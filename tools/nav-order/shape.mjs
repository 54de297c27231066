// The common shape both sidebars are compared in: one line per node, indented by depth,
//   <kind> "<label>"[ root][ href=<href>][ directory=<d>][ [hidden]]      (a navigation element)
//   page "<label>"[ <METHOD> <path> | WEBHOOK <name> | CHANNEL <id>][ [hidden]]
// from the platform's prebuild output (`src/_props/generatedDocsNav.json`) and from
// `docs-lsp nav --format json`. What the two write differently is evened out here, and only that:
// - hidden: whether the reader sees it, i.e. the node's own `hidden` or an ancestor's (the prebuild
//   strips a page's `hidden` under a hidden parent, `stripInheritedHiddenFromPage`);
// - a page's label is its `sidebarTitle`, else its `title` (as the sidebar shows it);
// - API pages: the operation the prebuild's `openapi`/`asyncapi` meta tag names, which docs-lsp
//   gives as method and path (generated or listed, both are pages to readers);
// - `root`: a group's root page, where its file exists (a missing one is a missing page either way;
//   an entry written with its extension names its file, which the prebuild does not look up);
// - `directory`: written on the element in the prebuild's output and inherited by its descendants
//   (the platform's schema: "Inherits recursively; descendants can override"); shown where readers
//   get it, on groups with a root page, when it is not `none`.
import { existsSync } from 'fs';
import path from 'path';

const DIVISIONS = { languages: 'language', versions: 'version', products: 'product', tabs: 'tab', dropdowns: 'dropdown', anchors: 'anchor', menu: 'item', groups: 'group' };
const KIND_KEYS = ['language', 'version', 'product', 'tab', 'dropdown', 'anchor', 'item', 'group'];

const q = (s) => JSON.stringify(String(s));

/** `/openapi.json get /users` -> `GET /users`; `webhook name` -> `WEBHOOK name`. */
function openapiMeta(meta) {
  const m = String(meta).trim().match(/^(?:(\S+)\s+)?(get|put|post|delete|options|head|patch|trace|webhook)\s+(.+)$/i);
  if (!m) return ` OPENAPI ${meta}`;
  return ` ${m[2].toUpperCase()} ${m[3].trim()}`;
}

/** The prebuild's sidebar in the common shape. `site`: the site's folder (root files exist?). */
export function prebuildLines(nav, site) {
  const out = [];
  const hasFile = (href) => {
    const slug = String(href ?? '').replace(/^\//, '');
    return ['.mdx', '.md', ''].some((ext) => /\.mdx?$/.test(slug + ext) && existsSync(path.join(site, slug + ext)));
  };
  const page = (n, d, hidden) => {
    const label = n.sidebarTitle ?? n.title ?? '';
    let api = '';
    if (n.openapi) api = openapiMeta(n.openapi);
    else if (n.asyncapi) api = ` CHANNEL ${String(n.asyncapi).trim().split(/\s+/).pop()}`;
    out.push('  '.repeat(d) + `page ${q(label)}${api}${hidden || n.hidden === true ? ' [hidden]' : ''}`);
  };
  const element = (n, d, hidden, directory) => {
    const kind = KIND_KEYS.find((k) => k in n);
    const me = hidden || n.hidden === true;
    const dir = typeof n.directory === 'string' ? n.directory : directory;
    let line = '  '.repeat(d) + `${kind} ${q(n[kind])}`;
    const root = kind === 'group' && n.root && typeof n.root === 'object' && hasFile(n.root.href);
    if (root) line += ' root';
    if (typeof n.href === 'string') line += ` href=${n.href}`;
    if (root && dir && dir !== 'none') line += ` directory=${dir}`;
    if (me) line += ' [hidden]';
    out.push(line);
    children(n, d + 1, me, dir);
  };
  const children = (n, d, hidden, directory) => {
    if (n.global && typeof n.global === 'object') global(n.global, d);
    // The lists in the order the prebuild wrote them: one after validation, two where it
    // appended generated groups to an element with pages.
    for (const [key, list] of Object.entries(n)) {
      if (!Array.isArray(list)) continue;
      if (key === 'pages') {
        for (const p of list) {
          if (typeof p === 'string') out.push('  '.repeat(d) + `page ${q(p)} UNDECORATED`);
          else if (p && typeof p === 'object' && 'group' in p) element(p, d, hidden, directory);
          else if (p && typeof p === 'object') page(p, d, hidden);
        }
      } else if (key in DIVISIONS) {
        for (const c of list) if (c && typeof c === 'object') element(c, d, hidden, directory);
      }
    }
  };
  const global = (g, d) => {
    out.push('  '.repeat(d) + 'global');
    children(g, d + 1, false, undefined);
  };
  if (nav.global && typeof nav.global === 'object') global(nav.global, 0);
  const { global: _, ...rest } = nav;
  children(rest, 0, false, typeof nav.directory === 'string' ? nav.directory : undefined);
  return out;
}

/** `docs-lsp nav --format json`'s nodes in the common shape. */
export function docsLspLines(nodes) {
  const out = [];
  const walk = (list, d, hidden) => {
    for (const n of list ?? []) {
      const me = hidden || n.hidden === true;
      let line = '  '.repeat(d);
      if (n.kind === 'global') line += 'global';
      else if (['page', 'endpoint', 'channel', 'graphql'].includes(n.kind)) {
        let api = '';
        if (n.kind === 'channel') api = ` CHANNEL ${n.apiPath}`;
        else if (n.method) api = ` ${n.method} ${n.apiPath}`;
        line += `page ${q(n.label)}${api}${me ? ' [hidden]' : ''}`;
      } else {
        line += `${n.kind} ${q(n.label)}`;
        if (n.kind === 'group' && n.page) line += ' root';
        if (n.href) line += ` href=${n.href}`;
        if (n.directory) line += ` directory=${n.directory}`;
        if (me) line += ' [hidden]';
      }
      out.push(line);
      walk(n.children, d + 1, n.kind === 'global' ? false : me);
    }
  };
  walk(nodes, 0, false);
  return out;
}
