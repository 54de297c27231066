import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  ClientCapabilities, ExecuteCommandRequest, FeatureState, LanguageClient, LanguageClientOptions, ServerOptions, State,
  StaticFeature, DidChangeConfigurationNotification,
} from 'vscode-languageclient/node';
import { SECTION, SECRET_KEY_NAME, apiKeySource, buildServerSettings, configurationItem, redact } from './settings';
import { bundledServerPath, defaultLookupEnv, findServerBinary } from './binary';
import { withDocsJsonMapping } from './jsonschema';
import { dedupe, isDocsJson, VSCODE_JSON_SOURCE } from './dedupe';
import { AnswerNotification, AnswerResult, newEntry } from './render';
import { AssistantPanel } from './assistant';
import { NavAnswer, NavFilter, NavigationTree, scopeText, scopesOf } from './navtree';
import { LensArgument, pickRows } from './translationsmodel';

/** Server-side command names (workspace/executeCommand), fixed by the server. */
export const SERVER_ASK = 'docsLsp.askAssistant';
export const SERVER_NEW_CONVERSATION = 'docsLsp.newConversation';
/** The places of a page's inbound links: `[uri]` -> `Location[]`. */
export const SERVER_INBOUND_LINKS = 'docsLsp.inboundLinks';
/** The client command of the inbound-links lens: `[uri, position]`. */
export const CMD_SHOW_REFERENCES = 'docsLsp.showReferences';
/** Client-side command names (contributed in package.json). */
export const CMD_ASK = 'docsLsp.ask';
export const CMD_NEW_CONVERSATION = 'docsLsp.newChat';
/** The translation lens's command (a client command: the server sends its languages as the argument). */
export const CMD_SHOW_TRANSLATIONS = 'docsLsp.showTranslations';
export const DEFAULT_QUESTION = 'explain this selection in the context of this site';

interface AskArgument {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  question?: string;
  id?: string;
}

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let traceOutput: vscode.OutputChannel;
let ctx: vscode.ExtensionContext;
let panel: AssistantPanel;
let askCounter = 0;
/** The last settings push: a question asked right after a settings change waits for it. */
let settingsPushed: Promise<void> = Promise.resolve();
/** Raw server diagnostics of docs.json files, before removing the ones VS Code's JSON validation also reports. */
const rawDocsJsonDiagnostics = new Map<string, vscode.Diagnostic[]>();

async function currentSettings() {
  const cfg = vscode.workspace.getConfiguration(SECTION);
  const secret = await ctx.secrets.get(SECRET_KEY_NAME);
  return buildServerSettings((k) => cfg.get(k), secret);
}

function firstFolder(): string | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  ctx = context;
  output = vscode.window.createOutputChannel('Docs LSP');
  traceOutput = vscode.window.createOutputChannel('Docs LSP Trace');
  panel = new AssistantPanel(newConversation);
  context.subscriptions.push(output, traceOutput, panel);
  await vscode.commands.executeCommand('setContext', 'docsLsp.active', true);

  registerNavigation(context);

  context.subscriptions.push(
    vscode.commands.registerCommand(CMD_ASK, (arg?: AskArgument) => ask(arg)),
    vscode.commands.registerCommand(CMD_NEW_CONVERSATION, () => newConversation()),
    vscode.commands.registerCommand('docsLsp.setApiKey', setApiKey),
    vscode.commands.registerCommand('docsLsp.clearApiKey', async () => {
      await ctx.secrets.delete(SECRET_KEY_NAME);
      void vscode.window.showInformationMessage('Docs LSP: the stored assistant API key was removed.');
    }),
    vscode.commands.registerCommand(CMD_SHOW_TRANSLATIONS, (arg?: LensArgument) => showTranslations(arg)),
    vscode.commands.registerCommand('docsLsp.restartServer', () => restart()),
    vscode.commands.registerCommand('docsLsp.showOutput', () => output.show()),
    vscode.commands.registerCommand(CMD_SHOW_REFERENCES, showInboundLinks),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration(`${SECTION}.jsonSchemaMapping`)) await mapDocsJsonSchema();
      if (e.affectsConfiguration(`${SECTION}.serverPath`)) return restart();
      if (e.affectsConfiguration(SECTION)) await queueSettingsPush();
    }),
    context.secrets.onDidChange(async (e) => {
      if (e.key === SECRET_KEY_NAME) await queueSettingsPush();
    }),
    vscode.languages.onDidChangeDiagnostics((e) => {
      for (const uri of e.uris) if (rawDocsJsonDiagnostics.has(uri.toString())) refilterDocsJson(uri);
    }),
  );
  void mapDocsJsonSchema();
  await start();
}

/**
 * Gives VS Code's JSON support `https://mintlify.com/docs.json` (docs.json's `$schema`) as a schema that
 * checks nothing, in the user's `json.schemas` (see jsonschema.ts for why there and nowhere else).
 */
async function mapDocsJsonSchema(): Promise<void> {
  if (!vscode.workspace.getConfiguration(SECTION).get<boolean>('jsonSchemaMapping', true)) return;
  const json = vscode.workspace.getConfiguration('json');
  const updated = withDocsJsonMapping(json.inspect('schemas')?.globalValue);
  if (!updated) return;
  try {
    await json.update('schemas', updated, vscode.ConfigurationTarget.Global);
    output.appendLine('Added to the user setting json.schemas: https://mintlify.com/docs.json maps to a schema that checks nothing ' +
      '(docs-lsp checks docs.json; turn off with docsLsp.jsonSchemaMapping).');
  } catch (e) {
    output.appendLine(`Could not add the docs.json schema mapping to json.schemas: ${String(e)}`);
  }
}

/**
 * Diagnostics by push only. Offered pull, vscode-languageclient pulls only for documents shown in a
 * tab: a page opened without one (`openTextDocument`, a definition preview) would show no problems,
 * and closing a tab empties its problems while the document stays open. Without this capability the
 * server is not offered pull and pushes every file's problems, open or not, to the Problems view.
 */
class PushDiagnosticsOnly implements StaticFeature {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    delete capabilities.textDocument?.diagnostic;
    delete capabilities.workspace?.diagnostics;
  }
  initialize(): void {}
  getState(): FeatureState { return { kind: 'static' }; }
  clear(): void {}
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

async function start(): Promise<void> {
  const bundled = bundledServerPath(ctx.extensionPath);
  ensureExecutable(bundled);
  const found = findServerBinary(vscode.workspace.getConfiguration(SECTION).get<string>('serverPath'), defaultLookupEnv(firstFolder()), bundled);
  if (!found.ok) {
    output.appendLine(found.message);
    const choice = await vscode.window.showErrorMessage(found.message, 'Set docsLsp.serverPath', 'Show output');
    if (choice === 'Set docsLsp.serverPath') await vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.serverPath`);
    else if (choice === 'Show output') output.show();
    return;
  }
  output.appendLine(`Starting ${found.path} (from ${found.from})`);
  const settings = await currentSettings();
  output.appendLine(`Settings: ${JSON.stringify(redact(settings))}`);

  const serverOptions: ServerOptions = { command: found.path, args: [], options: { cwd: firstFolder() } };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'jsonc' },
      { scheme: 'file', language: 'json' },
      { scheme: 'file', language: 'mdx' },
      { scheme: 'file', language: 'markdown' },
      { scheme: 'file', language: 'yaml' },
    ],
    initializationOptions: settings,
    outputChannel: output,
    traceOutputChannel: traceOutput,
    middleware: {
      workspace: {
        configuration: async (params) => {
          const s = await currentSettings();
          return params.items.map((item) => configurationItem(item.section, s));
        },
      },
      handleDiagnostics: (uri, diagnostics, next) => {
        if (!isDocsJson(uri.fsPath)) return next(uri, diagnostics);
        rawDocsJsonDiagnostics.set(uri.toString(), diagnostics);
        next(uri, dedupe(diagnostics, othersDiagnostics(uri)));
      },
      // The server's "Ask assistant about this selection" code action runs docsLsp.askAssistant
      // with {uri, range}: route it through the client so that it asks for a question first.
      provideCodeActions: async (document, range, context, token, next) => {
        const actions = await next(document, range, context, token);
        return actions?.map((a) => {
          if (a instanceof vscode.CodeAction) {
            if (a.command?.command === SERVER_ASK) a.command = { ...a.command, command: CMD_ASK };
            return a;
          }
          return a.command === SERVER_ASK ? { ...a, command: CMD_ASK } : a;
        });
      },
      executeCommand: async (command, args, next) => {
        if (command === SERVER_ASK) return ask(args[0] as AskArgument | undefined);
        return next(command, args);
      },
    },
  };
  client = new LanguageClient('docsLsp', 'Docs LSP', serverOptions, clientOptions);
  client.registerFeature(new PushDiagnosticsOnly());
  client.onNotification('docsLsp/assistantAnswer', (p: AnswerNotification) => panel.update(p));
  try {
    await client.start();
  } catch (e) {
    output.appendLine(`Failed to start docs-lsp: ${String(e)}`);
    void vscode.window.showErrorMessage(`Docs LSP: failed to start ${found.path}: ${String(e)}`, 'Show output').then((c) => c && output.show());
  }
}

/**
 * The inbound-links lens's command: asks the server for the page's places (its references: the
 * navigation entries and other pages' links) and shows them in VS Code's references peek.
 */
async function showInboundLinks(uri: string, position: { line: number; character: number }): Promise<void> {
  if (!client) return;
  const places = await client.sendRequest(ExecuteCommandRequest.type, { command: SERVER_INBOUND_LINKS, arguments: [uri] });
  const c = client;
  const locations = (Array.isArray(places) ? places : []).map((l) => c.protocol2CodeConverter.asLocation(l));
  await vscode.commands.executeCommand('editor.action.showReferences', vscode.Uri.parse(uri),
    new vscode.Position(position?.line ?? 0, position?.character ?? 0), locations);
}

/** A .vsix unpacked without file modes (by hand, or by an old tool) leaves the server not executable. */
function ensureExecutable(file: string): void {
  if (process.platform === 'win32') return;
  try {
    const st = fs.statSync(file);
    if (st.isFile() && (st.mode & 0o111) === 0) fs.chmodSync(file, st.mode | 0o755);
  } catch {
    // not bundled: the setting or PATH is used
  }
}

async function restart(): Promise<void> {
  if (client) {
    try { await client.stop(); } catch { /* already stopped */ }
    client = undefined;
  }
  await start();
}

function othersDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === VSCODE_JSON_SOURCE);
}

function refilterDocsJson(uri: vscode.Uri): void {
  const raw = rawDocsJsonDiagnostics.get(uri.toString());
  const collection = client?.diagnostics;
  if (!raw || !collection) return;
  const kept = dedupe(raw, othersDiagnostics(uri));
  const shown = collection.get(uri) ?? [];
  if (kept.length !== shown.length) collection.set(uri, kept); // only when it changes: no event loop
}

function queueSettingsPush(): Promise<void> {
  settingsPushed = settingsPushed.then(pushSettings, pushSettings);
  return settingsPushed;
}

async function pushSettings(): Promise<void> {
  if (!client || client.state !== State.Running) return;
  const settings = await currentSettings();
  output.appendLine(`Settings changed: ${JSON.stringify(redact(settings))}`);
  await client.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: settings } });
}

async function setApiKey(): Promise<void> {
  const key = await vscode.window.showInputBox({
    title: 'Docs assistant API key',
    prompt: "Stored in VS Code's secret storage and passed to docs-lsp; never written to settings.",
    password: true,
    ignoreFocusOut: true,
  });
  if (key === undefined) return;
  if (key.trim() === '') await ctx.secrets.delete(SECRET_KEY_NAME);
  else await ctx.secrets.store(SECRET_KEY_NAME, key.trim());
  void vscode.window.showInformationMessage('Docs LSP: assistant API key saved in secret storage.');
}

async function newConversation(): Promise<void> {
  panel.reset();
  if (client?.state === State.Running) {
    try {
      await client.sendRequest(ExecuteCommandRequest.type, { command: SERVER_NEW_CONVERSATION, arguments: [] });
    } catch (e) {
      output.appendLine(`docsLsp.newConversation failed: ${String(e)}`);
    }
  }
}

async function ask(arg?: AskArgument): Promise<AnswerResult | undefined> {
  if (!client || client.state !== State.Running) {
    void vscode.window.showErrorMessage('Docs LSP: the language server is not running.', 'Show output').then((c) => c && output.show());
    return undefined;
  }
  let uri: string;
  let range: AskArgument['range'];
  let context: string;
  if (arg && typeof arg.uri === 'string' && arg.range) {
    uri = arg.uri;
    range = arg.range;
    context = `${vscode.workspace.asRelativePath(vscode.Uri.parse(uri))}:${range.start.line + 1}-${range.end.line + 1}`;
  } else {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showWarningMessage('Docs LSP: open a page and select the text to ask about.');
      return undefined;
    }
    uri = client.code2ProtocolConverter.asUri(editor.document.uri);
    range = client.code2ProtocolConverter.asRange(editor.selection);
    context = `${vscode.workspace.asRelativePath(editor.document.uri)}:${editor.selection.start.line + 1}-${editor.selection.end.line + 1}`;
  }
  let question = arg?.question;
  if (question === undefined) {
    const typed = await vscode.window.showInputBox({
      title: 'Ask the docs assistant about the selection',
      prompt: `Your question (empty: "${DEFAULT_QUESTION}")`,
      placeHolder: DEFAULT_QUESTION,
      ignoreFocusOut: true,
    });
    if (typed === undefined) return undefined; // cancelled
    question = typed.trim() === '' ? undefined : typed.trim();
  }
  const id = arg?.id ?? `vscode-${Date.now().toString(36)}-${++askCounter}`;
  await settingsPushed.catch(() => undefined);
  panel.add(newEntry(id, question ?? DEFAULT_QUESTION, context));
  const argument: AskArgument = { uri, range, id, ...(question !== undefined ? { question } : {}) };
  try {
    const result = (await client.sendRequest(ExecuteCommandRequest.type, { command: SERVER_ASK, arguments: [argument] })) as AnswerResult | null;
    const entry = panel.finish(id, result);
    if (entry?.error) await offerKeyIfMissing(entry.error);
    return result ?? undefined;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    panel.fail(id, message);
    await offerKeyIfMissing(message);
    return undefined;
  }
}

async function offerKeyIfMissing(error: string): Promise<void> {
  const source = apiKeySource(vscode.workspace.getConfiguration(SECTION).get('assistant.apiKey'), await ctx.secrets.get(SECRET_KEY_NAME), process.env);
  if (source !== undefined) return;
  const choice = await vscode.window.showWarningMessage(`Docs assistant: ${error}. No API key is set.`, 'Set API key');
  if (choice === 'Set API key') await setApiKey();
}

/** The sidebar of the active editor's site (or the first site), from the server. */
async function requestNavigation(filter: NavFilter): Promise<NavAnswer | null | undefined> {
  if (!client || client.state !== State.Running) return undefined;
  const doc = vscode.window.activeTextEditor?.document;
  const uri = doc?.uri.scheme === 'file' ? client.code2ProtocolConverter.asUri(doc.uri) : undefined;
  return client.sendRequest<NavAnswer | null>('docsLsp/navigation', { uri, ...filter });
}

/** The "Docs navigation" view in the explorer, kept up to date with edits and diagnostics. */
function registerNavigation(context: vscode.ExtensionContext): void {
  const tree = new NavigationTree(requestNavigation);
  const view = vscode.window.createTreeView('docsLsp.navigation', { treeDataProvider: tree, showCollapseAll: true });
  tree.onScope = (scope) => { view.description = scopeText(scope) || undefined; };
  const relevant = (d: vscode.TextDocument) => d.uri.scheme === 'file' && /\.(json|mdx|md|ya?ml)$/.test(d.uri.fsPath);
  context.subscriptions.push(
    view,
    // At once: the server answers from the analysis of the edit (a few ms), one request at a time.
    vscode.workspace.onDidChangeTextDocument((e) => { if (relevant(e.document) && e.contentChanges.length) tree.schedule(0); }),
    vscode.workspace.onDidSaveTextDocument((d) => { if (relevant(d)) tree.schedule(0); }),
    vscode.languages.onDidChangeDiagnostics(() => tree.schedule(150)),
    vscode.window.onDidChangeActiveTextEditor(() => tree.schedule(150)),
    view.onDidChangeVisibility((e) => { if (e.visible) tree.schedule(0); }),
    vscode.commands.registerCommand('docsLsp.navigation.refresh', () => tree.refresh()),
    vscode.commands.registerCommand('docsLsp.navigation.filter', async () => {
      // The skeleton of the last answer: every language, the versions and products of the open one.
      const nodes = (tree.last ?? (await requestNavigation(tree.filter)))?.navigation ?? [];
      type Pick = vscode.QuickPickItem & { scope: NavFilter };
      const items: Pick[] = [{ label: 'Where readers land', description: 'the first language, version and product', scope: {} }];
      for (const n of scopesOf(nodes)) {
        items.push({ label: n.label, description: `${n.kind} · ${scopeText(n.scope)}`, detail: n.count === undefined ? undefined : `${n.count} nodes`, scope: n.scope ?? {} });
      }
      const chosen = await vscode.window.showQuickPick(items, { title: 'Docs navigation: open one language, version or product' });
      if (!chosen) return;
      await tree.open(chosen.scope);
    }),
  );
}

/**
 * The translation lens's list: each language with its state in a quick pick; the chosen one opens
 * its page, or its docs.json entry when the file is missing (the language's element when it does
 * not list the page). Returns the row chosen (for the e2e probe).
 */
async function showTranslations(arg?: LensArgument): Promise<string | undefined> {
  const rows = pickRows(arg);
  if (!rows.length) return undefined;
  const chosen = await vscode.window.showQuickPick(rows, { title: arg?.title ?? 'Translations', matchOnDescription: true });
  if (!chosen) return undefined;
  const { uri, entry } = chosen.item;
  if (uri) {
    await vscode.window.showTextDocument(vscode.Uri.parse(uri), { preview: false });
  } else if (entry) {
    const r = entry.range;
    const range = new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
    await vscode.window.showTextDocument(vscode.Uri.parse(entry.uri), { selection: range, preview: false });
  }
  return chosen.item.language;
}
