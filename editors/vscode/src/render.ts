// Pure logic (no `vscode` import): the assistant conversation model and its HTML rendering.
import MarkdownIt from 'markdown-it';

export interface Source {
  url?: string;
  title?: string;
}

/** Params of the server's `docsLsp/assistantAnswer` notification. */
export interface AnswerNotification {
  id: string;
  delta?: string;
  done: boolean;
  sources?: Source[];
  error?: string;
  incomplete?: boolean;
  threadId?: string;
}

/** Result of `workspace/executeCommand` `docsLsp.askAssistant`. */
export interface AnswerResult {
  id?: string;
  text?: string;
  sources?: Source[];
  threadId?: string | null;
  incomplete?: boolean;
  error?: string | null;
}

export interface Entry {
  id: string;
  question: string;
  /** Where the question was asked from, e.g. `guides/setup.mdx:12-18`. */
  context?: string;
  text: string;
  sources: Source[];
  done: boolean;
  error?: string;
  incomplete?: boolean;
  threadId?: string;
}

export function newEntry(id: string, question: string, context?: string): Entry {
  return { id, question, context, text: '', sources: [], done: false };
}

/** Applies one streamed notification; returns the same entry (mutated) for convenience. */
export function applyNotification(entry: Entry, n: AnswerNotification): Entry {
  if (entry.done) return entry; // late notifications after the final result are ignored
  if (typeof n.delta === 'string') entry.text += n.delta;
  if (Array.isArray(n.sources)) entry.sources = mergeSources(entry.sources, n.sources);
  if (n.error) entry.error = n.error;
  if (n.incomplete) entry.incomplete = true;
  if (n.threadId) entry.threadId = n.threadId;
  if (n.done) entry.done = true;
  return entry;
}

/** Applies the executeCommand result: it is authoritative for the text when it is present. */
export function applyResult(entry: Entry, r: AnswerResult | null | undefined): Entry {
  if (r && typeof r === 'object') {
    if (typeof r.text === 'string' && r.text.length >= entry.text.length) entry.text = r.text;
    if (Array.isArray(r.sources)) entry.sources = mergeSources(entry.sources, r.sources);
    if (r.error) entry.error = r.error;
    if (r.incomplete) entry.incomplete = true;
    if (r.threadId) entry.threadId = r.threadId;
  }
  entry.done = true;
  return entry;
}

function mergeSources(a: Source[], b: Source[]): Source[] {
  const out = [...a];
  const seen = new Set(a.map((s) => `${s.url ?? ''}\u0000${s.title ?? ''}`));
  for (const s of b) {
    if (!s || typeof s !== 'object') continue;
    const k = `${s.url ?? ''}\u0000${s.title ?? ''}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ url: s.url, title: s.title });
    }
  }
  return out;
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Only absolute http(s) and mailto links become clickable. */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:') return u.toString();
  } catch {
    /* relative or invalid */
  }
  return undefined;
}

export function createMarkdown(): MarkdownIt {
  // html: false — raw HTML in the answer is shown as text, never injected into the webview.
  const md = new MarkdownIt({ html: false, linkify: true, breaks: false });
  md.validateLink = (url: string) => safeUrl(url) !== undefined || url.startsWith('#');
  return md;
}

export function renderSources(sources: Source[]): string {
  if (sources.length === 0) return '';
  const items = sources.map((s) => {
    const href = safeUrl(s.url);
    const label = escapeHtml(s.title || s.url || 'source');
    if (href) return `<li><a href="${escapeHtml(href)}" title="${escapeHtml(href)}">${label}</a></li>`;
    const path = s.url && s.title ? ` <code>${escapeHtml(s.url)}</code>` : '';
    return `<li>${label}${path}</li>`;
  });
  return `<div class="sources"><div class="sources-title">Sources</div><ul>${items.join('')}</ul></div>`;
}

/** HTML of one question and its (possibly partial) answer. */
export function renderEntry(entry: Entry, md: MarkdownIt): string {
  const parts: string[] = [];
  parts.push(`<div class="entry" id="entry-${escapeHtml(entry.id)}">`);
  parts.push(`<div class="question"><span class="q-label">Q</span> ${escapeHtml(entry.question)}`);
  if (entry.context) parts.push(` <span class="context">${escapeHtml(entry.context)}</span>`);
  parts.push(`</div>`);
  parts.push(`<div class="answer">${md.render(entry.text)}</div>`);
  if (!entry.done) parts.push(`<div class="status streaming">Answering…</div>`);
  if (entry.error) parts.push(`<div class="status error">Error: ${escapeHtml(entry.error)}</div>`);
  else if (entry.incomplete) parts.push(`<div class="status incomplete">The answer was cut short (incomplete).</div>`);
  parts.push(renderSources(entry.sources));
  parts.push(`</div>`);
  return parts.join('');
}

/** The answer as Markdown, for copying or saving to a file. */
export function entryToMarkdown(entry: Entry): string {
  let out = `## ${entry.question}\n\n${entry.text.trim()}\n`;
  if (entry.error) out += `\n> Error: ${entry.error}\n`;
  if (entry.sources.length) {
    out += '\n### Sources\n\n';
    for (const s of entry.sources) {
      const label = s.title || s.url || 'source';
      out += s.url ? `- [${label}](${s.url})\n` : `- ${label}\n`;
    }
  }
  return out;
}

/** The whole webview page. `scriptNonce` guards the only script; `cspSource` is the webview's. */
export function renderPage(entries: Entry[], md: MarkdownIt, opts: { nonce: string; cspSource: string }): string {
  const body = entries.length
    ? entries.map((e) => renderEntry(e, md)).join('')
    : `<p class="empty">Select text in a docs page or docs.json and run <b>Docs: Ask assistant about selection</b>.</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${opts.cspSource} 'unsafe-inline'; img-src ${opts.cspSource} https: data:; script-src 'nonce-${opts.nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Docs assistant</title>
<style>
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 12px 24px; }
.toolbar { position: sticky; top: 0; background: var(--vscode-editor-background); padding: 8px 0; border-bottom: 1px solid var(--vscode-panel-border); display: flex; gap: 8px; align-items: center; }
.toolbar .thread { opacity: .7; font-size: .9em; margin-left: auto; }
button { background: var(--vscode-button-background); color: var(--vscode-button-foreground); border: none; padding: 4px 10px; cursor: pointer; }
button:hover { background: var(--vscode-button-hoverBackground); }
.entry { border-bottom: 1px solid var(--vscode-panel-border); padding: 8px 0; }
.question { font-weight: 600; margin: 6px 0; }
.q-label { background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); padding: 0 5px; border-radius: 3px; }
.context { font-weight: normal; opacity: .7; font-size: .9em; }
.status { font-style: italic; opacity: .8; margin: 4px 0; }
.status.error { color: var(--vscode-errorForeground); font-style: normal; }
.sources-title { font-weight: 600; margin-top: 8px; }
pre { background: var(--vscode-textCodeBlock-background); padding: 8px; overflow-x: auto; }
code { font-family: var(--vscode-editor-font-family); }
.empty { opacity: .7; }
</style>
</head>
<body>
<div class="toolbar"><button id="new">New conversation</button><button id="save">Open as Markdown</button><span class="thread" id="thread"></span></div>
<div id="entries">${body}</div>
<script nonce="${opts.nonce}">
const vscode = acquireVsCodeApi();
document.getElementById('new').addEventListener('click', () => vscode.postMessage({ type: 'newConversation' }));
document.getElementById('save').addEventListener('click', () => vscode.postMessage({ type: 'openMarkdown' }));
document.addEventListener('click', (ev) => {
  const a = ev.target.closest && ev.target.closest('a[href]');
  if (a) { ev.preventDefault(); vscode.postMessage({ type: 'openLink', href: a.getAttribute('href') }); }
});
window.addEventListener('message', (ev) => {
  const m = ev.data;
  const list = document.getElementById('entries');
  if (m.type === 'entry') {
    const empty = list.querySelector('.empty'); if (empty) empty.remove();
    const holder = document.createElement('div'); holder.innerHTML = m.html;
    const fresh = holder.firstElementChild;
    const old = document.getElementById(fresh.id);
    if (old) old.replaceWith(fresh); else list.appendChild(fresh);
    if (m.scroll) fresh.scrollIntoView({ block: 'end' });
  } else if (m.type === 'reset') {
    list.innerHTML = m.html;
  }
  if ('thread' in m) document.getElementById('thread').textContent = m.thread ? 'thread ' + m.thread : '';
});
</script>
</body>
</html>`;
}
