// The assistant panel: a webview showing questions and their streamed answers.
import * as vscode from 'vscode';
import type MarkdownIt from 'markdown-it';
import {
  AnswerNotification, AnswerResult, Entry, applyNotification, applyResult, createMarkdown, entryToMarkdown,
  renderEntry, renderPage,
} from './render';

export class AssistantPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private readonly entries: Entry[] = [];
  private readonly md: MarkdownIt = createMarkdown();
  private threadId: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly onNewConversation: () => Promise<void>) {}

  get current(): readonly Entry[] {
    return this.entries;
  }

  /** Adds a question, shows the panel. */
  add(entry: Entry): void {
    this.entries.push(entry);
    this.reveal();
    this.post(entry, true);
  }

  /** A streamed `docsLsp/assistantAnswer` notification. */
  update(n: AnswerNotification): void {
    let entry = this.entries.find((e) => e.id === n.id);
    if (!entry) {
      // The server chose its own id: attach to the only unfinished entry, if there is exactly one.
      const pending = this.entries.filter((e) => !e.done);
      if (pending.length !== 1) return;
      entry = pending[0];
    }
    applyNotification(entry, n);
    if (entry.threadId) this.threadId = entry.threadId;
    this.post(entry, true);
  }

  finish(id: string, result: AnswerResult | null | undefined): Entry | undefined {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return undefined;
    applyResult(entry, result);
    if (entry.threadId) this.threadId = entry.threadId;
    this.post(entry, true);
    return entry;
  }

  fail(id: string, error: string): void {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    entry.error = error;
    entry.done = true;
    this.post(entry, true);
  }

  reset(): void {
    this.entries.length = 0;
    this.threadId = undefined;
    if (this.panel) this.panel.webview.html = this.page(this.panel.webview);
  }

  private page(webview: vscode.Webview): string {
    const nonce = Array.from({ length: 32 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
    return renderPage(this.entries, this.md, { nonce, cspSource: webview.cspSource });
  }

  private reveal(): void {
    if (this.panel) {
      this.panel.reveal(this.panel.viewColumn ?? vscode.ViewColumn.Beside, true);
      return;
    }
    const panel = vscode.window.createWebviewPanel('docsLsp.assistant', 'Docs assistant', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [],
    });
    this.panel = panel;
    panel.webview.html = this.page(panel.webview);
    panel.onDidDispose(() => { this.panel = undefined; }, null, this.disposables);
    panel.webview.onDidReceiveMessage(async (m: { type: string; href?: string }) => {
      if (m.type === 'newConversation') {
        await this.onNewConversation();
      } else if (m.type === 'openLink' && m.href) {
        const uri = vscode.Uri.parse(m.href);
        if (['http', 'https', 'mailto'].includes(uri.scheme)) await vscode.env.openExternal(uri);
      } else if (m.type === 'openMarkdown') {
        const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: this.entries.map(entryToMarkdown).join('\n') });
        await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: false });
      }
    }, null, this.disposables);
  }

  private post(entry: Entry, scroll: boolean): void {
    if (!this.panel) return;
    void this.panel.webview.postMessage({ type: 'entry', html: renderEntry(entry, this.md), scroll, thread: this.threadId ?? '' });
  }

  dispose(): void {
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
