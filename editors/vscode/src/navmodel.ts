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
  generated?: boolean;
  source?: { uri: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } };
  children?: NavNode[];
}

export interface NavAnswer { root?: string; navigation: NavNode[] }

export interface NavFilter { language?: string; version?: string; product?: string }

/** What a node's row says after its label: method and path, the page file, and what the platform does with it. */
export function describeNode(n: NavNode): string {
  const parts: string[] = [];
  if (n.method) parts.push(`${n.method} ${n.apiPath ?? ''}`.trim());
  if (n.page) parts.push(n.page);
  else if (n.kind === 'page') parts.push('no file');
  if (n.generated) parts.push('generated');
  if (n.hidden) parts.push('hidden');
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
