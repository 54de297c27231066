// Test-only extension for the real-VS Code run (editors/vscode/e2e/run.sh). It starts with VS Code,
// does what a user does through VS Code's API, and checks what VS Code then holds (diagnostics,
// completions, hovers, edits, processes). For what only the screen shows (the Problems view, the
// suggest widget, the hover, the quick fix menu, the explorer, the assistant panel) it asks the
// driver (drive.mjs, which has the browser) over the loopback control server in
// $DOCS_LSP_E2E_CONTROL, and waits for its answer. Every scenario is reported as it ends.
const vscode = require('vscode');
const fs = require('fs');
const path = require('path');

const CONTROL = process.env.DOCS_LSP_E2E_CONTROL;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function post(route, body) {
  const r = await fetch(CONTROL + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}
const log = (...a) => post('/log', { text: a.join(' ') }).catch(() => {});

/** Polls `fn` until it returns a truthy value; throws after `ms`. */
async function waitFor(what, fn, ms = 15000) {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** `fn` stays true for `ms` (a thing that must not go away). */
async function holds(what, fn, ms) {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    if (!fn()) throw new Error(`${what}: stopped after ${Date.now() - t0} ms`);
    await sleep(100);
  }
}

/** Every text in the rows of the Problems view (maximized for the look, so that no row is scrolled away). */
async function problemsView(name, texts) {
  await vscode.commands.executeCommand('workbench.actions.view.problems');
  await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
  try {
    await screen('problems', { name, texts });
  } finally {
    await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
  }
}

/** Asks the driver to look at the screen (and maybe act on it); throws if it saw something else. */
async function screen(check, args = {}) {
  const r = await post('/screen', { check, ...args });
  if (!r.ok) throw new Error(`on screen (${check}): ${r.error}`);
  return r;
}

const code = (d) => (typeof d.code === 'object' && d.code ? d.code.value : d.code);
const ours = (uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'docs-lsp');
const codes = (uri) => ours(uri).map(code).sort();
const brief = (uri) => ours(uri).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${code(d)}`);

function assert(ok, message) {
  if (!ok) throw new Error(message);
}

/** Position of the `nth` occurrence of `needle` in the document, plus `delta` characters. */
function positionOf(doc, needle, delta = 0, nth = 0) {
  const text = doc.getText();
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert(at >= 0, `"${needle}" not in ${vscode.workspace.asRelativePath(doc.uri)}`);
  return doc.positionAt(at + delta);
}

function labels(list) {
  return (list?.items ?? []).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

/** docs-lsp processes started from `exe` (pid list), found in /proc. */
function serverPids(exe) {
  const pids = [];
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const argv0 = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0];
      if (argv0 === exe) pids.push(Number(p));
    } catch { /* gone */ }
  }
  return pids;
}

async function closeTabsOf(uri) {
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input && t.input.uri && t.input.uri.toString() === uri.toString());
  if (tabs.length) await vscode.window.tabGroups.close(tabs);
}

const results = [];
async function scenario(name, fn) {
  const t0 = Date.now();
  let result;
  try {
    const detail = await fn();
    result = { name, ok: true, ms: Date.now() - t0, detail: detail ?? '' };
  } catch (e) {
    result = { name, ok: false, ms: Date.now() - t0, error: String((e && e.message) || e) };
    await post('/screen', { check: 'screenshot', name: `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}-FAILED` }).catch(() => {});
  }
  results.push(result);
  await post('/step', result);
}

exports.activate = async () => {
  if (!CONTROL) return; // installed by hand: do nothing
  try {
    await run();
  } catch (e) {
    await log('probe crashed:', (e && e.stack) || String(e));
  }
  await post('/done', { results });
};

async function run() {
  const folder = vscode.workspace.workspaceFolders[0].uri;
  const at = (rel) => vscode.Uri.joinPath(folder, rel);
  const docsJson = at('docs.json');
  const overview = at('api/overview.mdx');
  const changelog = at('guides/changelog.mdx');
  const quickstart = at('guides/quickstart.mdx');
  const renamed = at('guides/getting-started.mdx');
  const control = at('json-support-control.json');
  const ext = vscode.extensions.getExtension('docs-lsp.docs-lsp');
  const bundled = ext && path.join(ext.extensionPath, 'server', 'docs-lsp');
  let serverPid;
  let docsJsonDoc;

  await scenario('the .vsix carries the server, and runs it with no docs-lsp on PATH', async () => {
    assert(ext, 'extension docs-lsp.docs-lsp is not installed');
    await ext.activate();
    const onPath = (process.env.PATH || '').split(':').filter((d) => d && fs.existsSync(path.join(d, 'docs-lsp')));
    assert(onPath.length === 0, `docs-lsp is on PATH: ${onPath}`);
    assert(!vscode.workspace.getConfiguration('docsLsp').get('serverPath'), 'docsLsp.serverPath is set');
    const pids = await waitFor(`a process running ${bundled}`, () => { const p = serverPids(bundled); return p.length ? p : undefined; });
    serverPid = pids[0];
    return `extension ${ext.packageJSON.version} from ${path.basename(ext.extensionPath)}; server pid ${serverPid}: ${path.relative(path.dirname(ext.extensionPath), bundled)}`;
  });

  await scenario('problems of a page opened without a tab (openTextDocument alone)', async () => {
    await vscode.workspace.openTextDocument(overview);
    await waitFor('wrong-type in api/overview.mdx', () => codes(overview).includes('wrong-type'));
    // They were pushed while it was closed; opening it must not take them away.
    await holds('wrong-type in api/overview.mdx after it opened', () => codes(overview).includes('wrong-type'), 3000);
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input && t.input.uri && t.input.uri.toString() === overview.toString());
    assert(tabs.length === 0, 'api/overview.mdx has a tab');
    return brief(overview).join(', ');
  });

  await scenario('problems of a page never opened', async () => {
    await waitFor('invalid-enum in guides/changelog.mdx', () => codes(changelog).includes('invalid-enum'));
    assert(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === changelog.toString()), 'guides/changelog.mdx is open');
    return brief(changelog).join(', ');
  });

  await scenario('problems of docs.json in a tab, in the Problems view', async () => {
    docsJsonDoc = await vscode.workspace.openTextDocument(docsJson);
    await vscode.window.showTextDocument(docsJsonDoc, { preview: false });
    const want = ['invalid-enum', 'missing-endpoint', 'missing-page'];
    await waitFor(`${want} in docs.json`, () => want.every((c) => codes(docsJson).includes(c)));
    await problemsView('problems-docs-json-open', ['docs.json', 'invalid value `mapel`', 'overview.mdx', '`public` must be a boolean', 'changelog.mdx', '`interactiv`']);
    return brief(docsJson).join(', ');
  });

  await scenario("VS Code's JSON support neither loads https://mintlify.com/docs.json nor checks docs.json again", async () => {
    // A JSON file with a syntax error shows that VS Code's JSON support runs and reports.
    await vscode.window.showTextDocument(control, { preview: false, preserveFocus: true });
    await waitFor("VS Code's JSON support reporting json-support-control.json", () => vscode.languages.getDiagnostics(control).some((d) => d.source === 'json'), 30000);
    const theirs = () => vscode.languages.getDiagnostics(docsJson).filter((d) => d.source !== 'docs-lsp');
    await waitFor('no diagnostic of another source in docs.json', () => theirs().length === 0, 10000)
      .catch(() => { throw new Error(`docs.json: ${theirs().map((d) => `${d.source}: ${d.message}`).join(' | ')}`); });
    await holds('no diagnostic of another source in docs.json', () => theirs().length === 0, 1500);
    const mapped = (vscode.workspace.getConfiguration('json').inspect('schemas').globalValue || []).find((s) => s.url === 'https://mintlify.com/docs.json');
    assert(mapped, 'no json.schemas entry for https://mintlify.com/docs.json in the user settings');
    return `json.schemas: ${JSON.stringify(mapped)}`;
  });

  await scenario("problems stay after closing the tabs (docs.json's and every other)", async () => {
    const before = codes(docsJson).length;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await holds('docs.json problems after its tab closed', () => codes(docsJson).length >= 3, 3000);
    await holds('api/overview.mdx problems', () => codes(overview).includes('wrong-type'), 500);
    await problemsView('problems-all-tabs-closed', ['docs.json', 'invalid value `mapel`', 'overview.mdx', 'changelog.mdx']);
    return `docs.json: ${before} before, ${codes(docsJson).length} after (${brief(docsJson).join(', ')})`;
  });

  let editor;
  let original;
  await scenario('completion of page paths in docs.json', async () => {
    editor = await vscode.window.showTextDocument(docsJsonDoc, { preview: false });
    original = docsJsonDoc.getText();
    const end = positionOf(docsJsonDoc, '"guides/changelog"', '"guides/changelog"'.length);
    await editor.edit((e) => e.insert(end, ', ""'));
    const inside = end.translate(0, 3);
    const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', docsJson, inside);
    const got = labels(list);
    assert(got.includes('guides/installation'), `no guides/installation in ${JSON.stringify(got.slice(0, 20))}`);
    editor.selection = new vscode.Selection(inside, inside);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await screen('suggest', { name: 'completion-pages', text: 'guides/installation' });
    await vscode.commands.executeCommand('hideSuggestWidget');
    return `${got.length} items: ${got.slice(0, 6).join(', ')}`;
  });

  await scenario('completion of endpoints in docs.json', async () => {
    const end = positionOf(docsJsonDoc, '"api/overview"', '"api/overview"'.length);
    await editor.edit((e) => e.insert(end, ', ""'));
    const inside = end.translate(0, 3);
    const list = await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', docsJson, inside);
    const got = labels(list);
    const endpoint = got.find((l) => /^GET \/pets\/\{petId\}$/.test(l)) ?? got.find((l) => /POST \/pets/.test(l));
    assert(endpoint, `no endpoint of api/openapi.yaml in ${JSON.stringify(got.slice(0, 20))}`);
    editor.selection = new vscode.Selection(inside, inside);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await screen('suggest', { name: 'completion-endpoints', text: endpoint });
    await vscode.commands.executeCommand('hideSuggestWidget');
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert(!docsJsonDoc.isDirty && docsJsonDoc.getText() === original, 'docs.json not as before the completions after File: Revert');
    return `${got.length} items: ${got.filter((l) => /^[A-Z]+ \//.test(l)).join(', ')}`;
  });

  await scenario('hover on a page path', async () => {
    const pos = positionOf(docsJsonDoc, '"guides/quickstart"', 5);
    const hovers = await vscode.commands.executeCommand('vscode.executeHoverProvider', docsJson, pos);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert(text.includes('Quickstart'), `hover: ${JSON.stringify(text)}`);
    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.showHover');
    await screen('hover', { name: 'hover', text: 'Quickstart' });
    await vscode.commands.executeCommand('editor.action.hideHover').then(undefined, () => {});
    return text.split('\n').filter(Boolean).slice(0, 2).join(' | ');
  });

  await scenario('go to definition of a page path', async () => {
    const pos = positionOf(docsJsonDoc, '"guides/quickstart"', 5);
    const defs = await vscode.commands.executeCommand('vscode.executeDefinitionProvider', docsJson, pos);
    const uris = defs.map((d) => d.targetUri ?? d.uri);
    assert(uris.some((u) => u.path === quickstart.path), `definitions: ${uris}`);
    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.revealDefinition');
    await waitFor('guides/quickstart.mdx as the active editor', () => vscode.window.activeTextEditor?.document.uri.toString() === quickstart.toString());
    return vscode.workspace.asRelativePath(uris[0]);
  });

  await scenario('a quick fix chosen in the light bulb menu', async () => {
    editor = await vscode.window.showTextDocument(docsJsonDoc, { preview: false });
    const d = ours(docsJson).find((x) => code(x) === 'missing-page');
    assert(d, `no missing-page in docs.json: ${brief(docsJson)}`);
    const actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', docsJson, d.range, vscode.CodeActionKind.QuickFix.value);
    const titles = actions.map((a) => a.title);
    const title = titles.find((t) => t.includes('guides/installation'));
    assert(title, `quick fixes: ${JSON.stringify(titles)}`);
    editor.selection = new vscode.Selection(d.range.start, d.range.start);
    await vscode.commands.executeCommand('editor.action.quickFix');
    await screen('choose-action', { name: 'quick-fix-menu', text: title });
    await waitFor('"guides/installation" in docs.json', () => docsJsonDoc.getText().includes('"guides/installation"'), 10000);
    await docsJsonDoc.save();
    await waitFor('no missing-page in docs.json', () => !codes(docsJson).includes('missing-page'));
    return `${title} (offered: ${titles.join('; ')})`;
  });

  await scenario('renaming a page file in the explorer rewrites docs.json', async () => {
    await vscode.commands.executeCommand('revealInExplorer', quickstart);
    await screen('explorer-rename', { name: 'explorer-rename', from: 'quickstart.mdx', to: 'getting-started.mdx' });
    await waitFor('guides/getting-started.mdx on disk', () => fs.existsSync(renamed.fsPath), 15000);
    await waitFor('"guides/getting-started" in docs.json', () => docsJsonDoc.getText().includes('"guides/getting-started"'), 15000);
    assert(!docsJsonDoc.getText().includes('"guides/quickstart"'), 'docs.json still lists guides/quickstart');
    // docsLsp.links.addRedirectOnMove is "always" here: the old URL is redirected.
    assert(docsJsonDoc.getText().includes('"source": "/guides/quickstart"'), 'no redirect from /guides/quickstart in docs.json');
    if (docsJsonDoc.isDirty) await docsJsonDoc.save();
    await waitFor('docs.json on disk rewritten', () => fs.readFileSync(docsJson.fsPath, 'utf8').includes('"guides/getting-started"'), 5000);
    await holds('no missing-page after the rename', () => !codes(docsJson).includes('missing-page'), 1000);
    return `docs.json line: ${docsJsonDoc.getText().split('\n').find((l) => l.includes('getting-started')).trim()}`;
  });

  await scenario('the assistant, asked about a selection, streams its answer into its panel', async () => {
    const page = await vscode.workspace.openTextDocument(renamed);
    const ed = await vscode.window.showTextDocument(page, { preview: false });
    const start = positionOf(page, 'Install and run.');
    ed.selection = new vscode.Selection(start, start.translate(0, 'Install and run.'.length));
    const asked = vscode.commands.executeCommand('docsLsp.ask');
    await screen('type-question', { name: 'assistant-question', text: 'How do I install it?' });
    await screen('assistant', { name: 'assistant-streaming', partial: true });
    const result = await asked;
    assert(result && typeof result.text === 'string' && result.text.includes('npm install acme'), `answer: ${JSON.stringify(result)}`);
    await screen('assistant', { name: 'assistant-answered', partial: false });
    const req = (await post('/requests', {})).requests;
    assert(req.length === 1, `${req.length} requests`);
    const body = JSON.stringify(req[0].body);
    assert(body.includes('Install and run.') && body.includes('How do I install it?'), `request body: ${body.slice(0, 400)}`);
    return `domain ${req[0].domain}; answer ${JSON.stringify(result.text)}`;
  });

  await scenario('a settings change takes effect (docsLsp.assistant.domain)', async () => {
    await vscode.workspace.getConfiguration('docsLsp').update('assistant.domain', 'e2e-two', vscode.ConfigurationTarget.Global);
    await waitFor('the new setting seen by extensions', () => vscode.workspace.getConfiguration('docsLsp').get('assistant.domain') === 'e2e-two');
    const page = vscode.window.activeTextEditor.document;
    const sel = vscode.window.activeTextEditor.selection;
    const result = await vscode.commands.executeCommand('docsLsp.ask', {
      uri: page.uri.toString(), range: { start: { line: sel.start.line, character: sel.start.character }, end: { line: sel.end.line, character: sel.end.character } },
      question: 'And to upgrade?',
    });
    assert(result && result.text.includes('npm install acme'), `answer: ${JSON.stringify(result)}`);
    const req = (await post('/requests', {})).requests;
    assert(req.length === 2, `${req.length} requests`);
    assert(req[0].domain === 'e2e-one' && req[1].domain === 'e2e-two', `domains: ${req.map((r) => r.domain)}`);
    return `domains asked: ${req.map((r) => r.domain).join(' then ')}`;
  });

  await scenario('docsLsp.since: a URL removed since a git revision is an error in docs.json, and its quick fix adds the redirect', async () => {
    await vscode.workspace.getConfiguration('docsLsp').update('since', 'e2e-since-base', vscode.ConfigurationTarget.Global);
    const d = await waitFor('url-removed in docs.json', () => ours(docsJson).find((x) => code(x) === 'url-removed'));
    assert(d.message.includes('`/old-page` served `old-page.mdx` at `e2e-since-base`'), d.message);
    await vscode.window.showTextDocument(docsJsonDoc, { preview: false });
    const actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', docsJson, d.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title.startsWith('Add redirect /old-page -> /'));
    assert(fix && fix.edit, `quick fixes: ${JSON.stringify(actions.map((a) => a.title))}`);
    assert(await vscode.workspace.applyEdit(fix.edit), 'the edit was not applied');
    assert(docsJsonDoc.getText().includes('"source": "/old-page"'), 'no redirect from /old-page in docs.json');
    await waitFor('no url-removed in docs.json', () => !codes(docsJson).includes('url-removed'));
    await docsJsonDoc.save();
    await vscode.workspace.getConfiguration('docsLsp').update('since', '', vscode.ConfigurationTarget.Global);
    return `${d.message} -> ${fix.title}`;
  });

  await scenario('restarting the server (Docs: Restart language server)', async () => {
    assert(serverPid, 'no server pid from the first scenario');
    await vscode.commands.executeCommand('docsLsp.restartServer');
    const pids = await waitFor('a new server process', () => { const p = serverPids(bundled).filter((x) => x !== serverPid); return p.length ? p : undefined; });
    await waitFor(`server ${serverPid} gone`, () => !fs.existsSync(`/proc/${serverPid}`) || fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(' ')[2] === 'Z', 10000);
    await waitFor('docs.json problems again', () => codes(docsJson).includes('invalid-enum'));
    await waitFor('guides/changelog.mdx problems again', () => codes(changelog).includes('invalid-enum'));
    const pos = positionOf(docsJsonDoc, '"guides/getting-started"', 5);
    const hovers = await waitFor('a hover from the new server', async () => {
      const h = await vscode.commands.executeCommand('vscode.executeHoverProvider', docsJson, pos);
      return h.length ? h : undefined;
    });
    return `server pid ${serverPid} → ${pids[0]}; ${hovers.length} hover`;
  });

  await scenario('the Docs navigation view shows the sidebar readers will see, and follows an edit as it is typed', async () => {
    await vscode.window.showTextDocument(docsJsonDoc, { viewColumn: vscode.ViewColumn.One, preview: false });
    await vscode.commands.executeCommand('docsLsp.navigation.focus');
    // Pages by their title with their file (the one the explorer rename moved, the one the quick fix made).
    await screen('tree', { name: 'navigation-view', view: 'Docs navigation', texts: ['Get started', 'Quickstart', 'guides/getting-started.mdx', 'guides/installation.mdx'] });
    // With the first tab collapsed (a click on its row): the endpoint by its summary, with its method from the spec;
    // the entry naming an operation the spec lacks carries the server's error mark.
    await screen('tree', { name: 'navigation-view-api', view: 'Docs navigation', collapse: 'Guides', texts: ['API reference', 'List pets', 'GET /pets', 'DELETE /pets/{petId} · error'] });
    const at = positionOf(docsJsonDoc, '"group": "Pets"', 10);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(docsJson, new vscode.Range(at, at.translate(0, 'Pets'.length)), 'All pets');
    assert(await vscode.workspace.applyEdit(edit), 'the edit was not applied');
    const t0 = Date.now();
    const seen = await screen('tree', { name: 'navigation-view-after-edit', view: 'Docs navigation', texts: ['All pets', 'List pets'] });
    const ms = Date.now() - t0;
    const back = new vscode.WorkspaceEdit();
    back.replace(docsJson, new vscode.Range(at, at.translate(0, 'All pets'.length)), 'Pets');
    assert(await vscode.workspace.applyEdit(back), 'the edit was not undone');
    return `the renamed group seen on screen ${seen.seenMs} ms after the driver was asked (polled every 20 ms), ${ms} ms after the edit with the screenshot`;
  });

  await scenario('the translation lens on a default-language page lists the languages in a quick pick; the chosen one opens', async () => {
    const lensOf = async (uri) => {
      const lenses = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', uri);
      return (lenses || []).find((l) => l.command && l.command.title.startsWith('translated in'));
    };
    const guide = at('intl/guide.mdx');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(guide), { viewColumn: vscode.ViewColumn.One, preview: false });
    const lens = await waitFor('the translation lens of intl/guide.mdx', () => lensOf(guide), 30000);
    assert(lens.command.title === 'translated in 1 of 2 languages', `lens: ${lens.command.title}`);
    // The user clicks the lens above the first line: the languages in a quick pick; French is chosen.
    await screen('lens-pick', { name: 'translation-lens', shot: 'translation', lens: lens.command.title, rows: ['fr (French)', 'untranslated (same body)', 'de (German)', 'translated'], choose: 'fr (French)' });
    await waitFor('the French page in the active editor', () => vscode.window.activeTextEditor?.document.uri.path.endsWith('/intl/fr/guide.mdx'), 10000);
    // German does not list setup: choosing it shows German's element in docs.json.
    const setup = at('intl/setup.mdx');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(setup), { viewColumn: vscode.ViewColumn.One, preview: false });
    const setupLens = await waitFor('the translation lens of intl/setup.mdx', () => lensOf(setup), 30000);
    const chosen = vscode.commands.executeCommand(setupLens.command.command, ...(setupLens.command.arguments || []));
    await screen('pick', { name: 'translation-pick-missing', shot: 'translation-missing', rows: ['de (German)', 'missing'], choose: 'de (German)' });
    assert((await chosen) === 'de', `chose ${await chosen}`);
    const ed = await waitFor('intl/docs.json in the active editor', () => {
      const e = vscode.window.activeTextEditor;
      return e && e.document.uri.path.endsWith('/intl/docs.json') ? e : undefined;
    }, 10000);
    const line = ed.document.lineAt(ed.selection.start.line).text;
    assert(line.includes('"language": "de"'), `selection on: ${line}`);
    return `${lens.command.title}; French opened from the quick pick; German's missing page showed ${line.trim().slice(0, 40)}…`;
  });

  await scenario('heading ids and page titles as inlay hints, the inbound-links lens and its list, renaming a heading', async () => {
    const install = at('guides/installation.mdx');
    const doc = await vscode.workspace.openTextDocument(install);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preview: false });
    const hintLabels = async (uri, lines) => {
      const hints = await vscode.commands.executeCommand('vscode.executeInlayHintProvider', uri, new vscode.Range(0, 0, lines, 0));
      return (hints || []).map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')));
    };
    const ids = await waitFor('heading-id hints', async () => {
      const l = await hintLabels(install, doc.lineCount);
      return l.includes('#whats-new') && l.includes('#steps-2') ? l : undefined;
    });
    const lenses = await waitFor('the inbound-links lens', async () => {
      const ls = await vscode.commands.executeCommand('vscode.executeCodeLensProvider', install);
      const titles = (ls || []).map((l) => l.command && l.command.title);
      return titles.includes('2 inbound links') ? titles : undefined;
    });
    await screen('editor', { name: 'heading-hints-and-lens', texts: ['#whats-new', '#steps-2', '2 inbound links'] });
    // A click on the lens lists the entry and the link in VS Code's references peek.
    await screen('click-lens', { name: 'inbound-links-peek', text: '2 inbound links', expect: ['index.mdx', 'docs.json'] });
    await vscode.commands.executeCommand('closeReferenceSearch');
    await vscode.window.showTextDocument(docsJsonDoc, { viewColumn: vscode.ViewColumn.One, preview: false });
    const titles = await waitFor('page-title hints in docs.json', async () => {
      const l = await hintLabels(docsJson, docsJsonDoc.lineCount);
      return l.includes('Welcome') && l.includes('Installation') ? l : undefined;
    });
    await screen('editor', { name: 'page-title-hints', texts: ['Welcome', 'Installation'] });
    // Renaming the heading rewrites the link to it in index.mdx.
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preview: false });
    const pos = positionOf(doc, "What's new?", 2);
    const edit = await vscode.commands.executeCommand('vscode.executeDocumentRenameProvider', install, pos, 'Latest changes');
    assert(edit && (await vscode.workspace.applyEdit(edit)), 'the rename edit was not applied');
    const index = await vscode.workspace.openTextDocument(at('index.mdx'));
    await waitFor('the link in index.mdx rewritten', () => index.getText().includes('/guides/installation#latest-changes'));
    assert(doc.getText().includes('## Latest changes'), 'the heading was not renamed');
    return `hints ${ids.join(' ')} | lens ${lenses.join(', ')} | docs.json hints ${titles.join(', ')} | index.mdx: ${index.getText().split('\n').find((l) => l.includes('latest-changes')).trim()}`;
  });

  await scenario('the inbound-links lens follows a link typed in another page, the page itself untouched', async () => {
    const install = at('guides/installation.mdx');
    const doc = await vscode.workspace.openTextDocument(install);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preview: false });
    await screen('editor', { name: 'inbound-lens-before', texts: ['2 inbound links'] });
    // Another page, beside it, gets a link to it (typed, not saved): the server asks VS Code to
    // refresh its lenses (workspace/codeLens/refresh); nothing is asked of the installation page.
    const other = await vscode.workspace.openTextDocument(at('api/overview.mdx'));
    await vscode.window.showTextDocument(other, { viewColumn: vscode.ViewColumn.Two, preview: false });
    const we = new vscode.WorkspaceEdit();
    we.insert(other.uri, new vscode.Position(other.lineCount, 0), '\nSee [the installation](/guides/installation).\n');
    assert(await vscode.workspace.applyEdit(we), 'the link was not typed');
    // The first editor group's editor is the installation page: its lens as shown on screen.
    await screen('editor', { name: 'inbound-lens-follows', texts: ['3 inbound links'] });
    await vscode.window.showTextDocument(other, { viewColumn: vscode.ViewColumn.Two, preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    return `installation.mdx's lens went from 2 to 3 inbound links while api/overview.mdx was typed in`;
  });

  // The picture for the README: docs.json with its problems, the Problems view, the assistant panel.
  try {
    const ed = await vscode.window.showTextDocument(docsJsonDoc, { viewColumn: vscode.ViewColumn.One, preview: false });
    const d = ours(docsJson).find((x) => code(x) === 'invalid-enum');
    if (d) {
      ed.selection = new vscode.Selection(d.range.start, d.range.start);
      ed.revealRange(d.range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    }
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await screen('screenshot', { name: 'readme' });
  } catch (e) {
    await log('readme screenshot:', String(e));
  }
}

exports.deactivate = () => {};
