// The "Docs navigation" view: the sidebar readers will see, as the server resolves it (the
// `docsLsp/navigation` request: what the platform drops is gone, hidden pages are marked, API pages
// generated from specs are listed). It follows edits: a change to docs.json or a page asks again at once
// (one request at a time: changes during one ask once more when it returns), and nodes whose page has
// errors are marked. The server answers one scope (language, version, product) in full and the rest
// of the site as a skeleton with node counts (a site of 4 languages x 34 versions is 55,900 nodes):
// expanding a closed language or version, or the picker, asks for that scope.
import * as vscode from 'vscode';

import { NavAnswer, NavFilter, NavNode, describeNode, nodeOfScope } from './navmodel';

export { NavAnswer, NavFilter, NavNode, choicesOf, describeNode, scopeText, scopesOf } from './navmodel';

const KIND_ICONS: Record<string, string> = {
  language: 'globe', version: 'versions', product: 'package', tab: 'folder-library', anchor: 'link',
  dropdown: 'chevron-down', item: 'list-flat', group: 'folder', page: 'file', endpoint: 'symbol-method', graphql: 'symbol-interface',
  channel: 'broadcast', global: 'globe',
};

export class NavigationTree implements vscode.TreeDataProvider<NavNode> {
  private nodes: NavNode[] = [];
  private readonly changed = new vscode.EventEmitter<NavNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  filter: NavFilter = {};
  /** The last whole answer (unfiltered picks come from it). */
  last: NavAnswer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private asking = false;
  private askAgain = false;
  /** Told the scope the server opened after each answer. */
  onScope: (scope: NavFilter | undefined) => void = () => {};

  constructor(private readonly request: (filter: NavFilter) => Promise<NavAnswer | null | undefined>) {}

  /** Ask again after `delay` ms (0: now). */
  schedule(delay = 0): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => { void this.refresh(); }, delay);
  }

  /** Ask the server now; while an answer is awaited, changes make one more ask when it comes. */
  async refresh(): Promise<void> {
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    this.asking = true;
    try {
      do {
        this.askAgain = false;
        let answer: NavAnswer | null | undefined;
        try {
          answer = await this.request(this.filter);
        } catch {
          // the server is (re)starting: the next change asks again
          return;
        }
        this.last = answer ?? undefined;
        this.nodes = answer?.navigation ?? [];
        this.onScope(answer?.scope);
        this.changed.fire(undefined);
      } while (this.askAgain);
    } finally {
      this.asking = false;
    }
  }

  /** Open `scope` (its tree in full, the rest as a skeleton). */
  async open(scope: NavFilter): Promise<void> {
    this.filter = { ...scope };
    await this.refresh();
  }

  async getChildren(n?: NavNode): Promise<NavNode[]> {
    if (!n) return this.nodes;
    if (n.elided && n.scope) {
      // A closed language, version or product expanded: its scope becomes the open one.
      await this.open(n.scope);
      return nodeOfScope(this.nodes, n.scope)?.children ?? [];
    }
    return n.children ?? [];
  }

  getTreeItem(n: NavNode): vscode.TreeItem {
    const state = n.elided ? vscode.TreeItemCollapsibleState.Collapsed : n.children?.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None;
    const item = new vscode.TreeItem(n.label, state);
    item.description = describeNode(n);
    // The server's mark (its analysis: the page, its entry, an endpoint's operation), and the page's
    // errors as the editor has them now (an edit may be ahead of the last answer).
    const errors = n.pageUri ? vscode.languages.getDiagnostics(vscode.Uri.parse(n.pageUri)).filter((d) => d.severity === vscode.DiagnosticSeverity.Error) : [];
    const icon = errors.length || n.mark === 'error' ? 'error' : n.mark === 'warning' || (!n.page && n.kind === 'page') ? 'warning' : KIND_ICONS[n.kind] ?? 'circle-outline';
    item.iconPath = new vscode.ThemeIcon(icon);
    item.tooltip = [n.kind, n.label, describeNode(n), errors.length ? `${errors.length} error(s): ${errors[0].message}` : ''].filter(Boolean).join('\n');
    item.contextValue = n.kind;
    if (n.pageUri) {
      item.resourceUri = vscode.Uri.parse(n.pageUri);
      item.command = { command: 'vscode.open', title: 'Open page', arguments: [vscode.Uri.parse(n.pageUri)] };
    } else if (n.source) {
      const r = n.source.range;
      const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
      item.command = { command: 'vscode.open', title: 'Open entry', arguments: [vscode.Uri.parse(n.source.uri), { selection: range }] };
    }
    return item;
  }
}
