// The "Docs navigation" view: the sidebar readers will see, as the server resolves it (the
// `docsLsp/navigation` request: what the platform drops is gone, hidden pages are marked, API pages
// generated from specs are listed). It follows edits: a change to docs.json or a page asks again (after
// 100 ms of quiet), and nodes whose page has errors are marked. Pickers choose one language, version or
// product (on a site of 4 languages x 34 versions the whole sidebar is 55,000 nodes).
import * as vscode from 'vscode';

import { NavAnswer, NavFilter, NavNode, describeNode } from './navmodel';

export { NavAnswer, NavFilter, NavNode, choicesOf, describeNode } from './navmodel';

const KIND_ICONS: Record<string, string> = {
  language: 'globe', version: 'versions', product: 'package', tab: 'folder-library', anchor: 'link',
  dropdown: 'chevron-down', item: 'list-flat', group: 'folder', page: 'file', endpoint: 'symbol-method', graphql: 'symbol-interface',
};

export class NavigationTree implements vscode.TreeDataProvider<NavNode> {
  private nodes: NavNode[] = [];
  private readonly changed = new vscode.EventEmitter<NavNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  filter: NavFilter = {};
  /** The last whole answer (unfiltered picks come from it). */
  last: NavAnswer | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly request: (filter: NavFilter) => Promise<NavAnswer | null | undefined>) {}

  /** Ask again after `delay` ms of quiet (edits come in bursts). */
  schedule(delay = 100): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => { void this.refresh(); }, delay);
  }

  async refresh(): Promise<void> {
    try {
      const answer = await this.request(this.filter);
      this.last = answer ?? undefined;
      this.nodes = answer?.navigation ?? [];
    } catch {
      // the server is (re)starting: the next change asks again
      return;
    }
    this.changed.fire(undefined);
  }

  getChildren(n?: NavNode): NavNode[] {
    return n ? n.children ?? [] : this.nodes;
  }

  getTreeItem(n: NavNode): vscode.TreeItem {
    const item = new vscode.TreeItem(n.label, n.children?.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.description = describeNode(n);
    const errors = n.pageUri ? vscode.languages.getDiagnostics(vscode.Uri.parse(n.pageUri)).filter((d) => d.severity === vscode.DiagnosticSeverity.Error) : [];
    item.iconPath = new vscode.ThemeIcon(errors.length ? 'error' : n.page || n.kind !== 'page' ? KIND_ICONS[n.kind] ?? 'circle-outline' : 'warning');
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
