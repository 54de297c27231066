// What the "Docs navigation" view shows of the server's `docsLsp/navigation` answer, without VS Code
// (unit-tested in test/navmodel.test.ts).

/** One node of the server's answer (src/lsp/convert.rs, `NavNode`). */
export interface NavNode {
  kind: string;
  label: string;
  icon?: string;
  hidden?: boolean;
  page?: string;
  pageUri?: string;
  method?: string;
  apiPath?: string;
  spec?: string;
  /** A tab, anchor or dropdown that is a link. */
  href?: string;
  /** A group with a root page: the directory readers get on it (`accordion`, `card`). */
  directory?: string;
  /** The worst problem of its page, its docs.json entry or its operation in the spec. */
  mark?: 'error' | 'warning';
  generated?: boolean;
  source?: { uri: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } };
  /** A language, version or product: the scope that opens it. */
  scope?: NavFilter;
  /** A language, version or product: how many nodes are under it. */
  count?: number;
  /** Another scope is open: its children are not in this answer (ask with its `scope`). */
  elided?: boolean;
  children?: NavNode[];
}

/** The server answers one scope's sidebar in full and the rest of the site as a skeleton. */
export interface NavAnswer { root?: string; scope?: NavFilter; navigation: NavNode[] }

export interface NavFilter { language?: string; version?: string; product?: string }

/** What a node's row says after its label: method and path, the page file, and what the platform does with it. */
export function describeNode(n: NavNode): string {
  const parts: string[] = [];
  if (n.method) parts.push(`${n.method} ${n.apiPath ?? ''}`.trim());
  if (n.page) parts.push(n.page);
  else if (n.kind === 'page') parts.push('no file');
  if (n.href) parts.push(n.href);
  if (n.directory) parts.push(`${n.directory} directory`);
  if (n.generated) parts.push('generated');
  if (n.elided && n.count !== undefined) parts.push(`${n.count} ${n.count === 1 ? 'node' : 'nodes'}`);
  if (n.hidden) parts.push('hidden');
  if (n.mark) parts.push(n.mark);
  return parts.join(' · ');
}

/** The labels a picker offers for `kind` (`language`, `version`, `product`): the top nodes of that kind, in order. */
export function choicesOf(nodes: NavNode[], kind: string): string[] {
  const out: string[] = [];
  const walk = (list: NavNode[] | undefined, depth: number): void => {
    for (const n of list ?? []) {
      if (n.kind === kind && !out.includes(n.label)) out.push(n.label);
      else if (depth < 3 && ['language', 'version', 'product'].includes(n.kind)) walk(n.children, depth + 1);
    }
  };
  walk(nodes, 0);
  return out;
}

/** The node of `nodes` whose scope is `scope` (all levels down). */
export function nodeOfScope(nodes: NavNode[] | undefined, scope: NavFilter): NavNode | undefined {
  for (const n of nodes ?? []) {
    if (n.scope && sameScope(n.scope, scope)) return n;
    const found = nodeOfScope(n.children, scope);
    if (found) return found;
  }
  return undefined;
}

export function sameScope(a: NavFilter, b: NavFilter): boolean {
  return a.language === b.language && a.version === b.version && a.product === b.product;
}

/** How the view names a scope: `en · v2`. */
export function scopeText(scope: NavFilter | undefined): string {
  return [scope?.language, scope?.version, scope?.product].filter(Boolean).join(' · ');
}

/** The languages, versions and products of an answer (open or closed), in order: what the picker offers. */
export function scopesOf(nodes: NavNode[] | undefined): NavNode[] {
  const out: NavNode[] = [];
  for (const n of nodes ?? []) {
    if (n.scope) out.push(n);
    out.push(...scopesOf(n.children));
  }
  return out;
}
