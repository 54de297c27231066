// The real-VS Code run's driver (started by run.sh): a loopback server that is both the assistant
// endpoint and the probe's control channel, code-server with the extensions installed by run.sh,
// and Debian's chromium (through playwright-core) showing it. The probe extension (probe/) does
// what a user does through VS Code's API and asks this driver for what only the screen shows; this
// driver answers by looking at the workbench's DOM (and acting on it where a user would click or
// type), with a screenshot for each look. Prints one line per scenario; exits 1 if any failed.
//
// Environment (set by run.sh): E2E_HOME (setup.sh's folder), CODE_SERVER, SITE, OUT, WORK,
// USER_DATA, EXTENSIONS.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const env = (k) => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};
const [HOME, CODE_SERVER, SITE, OUT, USER_DATA, EXTENSIONS] = ['E2E_HOME', 'CODE_SERVER', 'SITE', 'OUT', 'USER_DATA', 'EXTENSIONS'].map(env);
const TOTAL_TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS ?? 300000);
const { chromium } = createRequire(path.join(HOME, 'driver', 'package.json'))('playwright-core');
const SHOTS = path.join(OUT, 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });
const t0 = Date.now();
const stamp = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`.padStart(6);
const say = (s) => console.log(`[${stamp()}] ${s}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the assistant endpoint (UI message stream), on loopback -------------------------------------
// The first answer stops after two deltas until the driver has seen them in the panel (release()):
// that the panel shows part of an answer before the whole is there is then certain, not a race.
const DELTAS = ['To install Acme, ', 'run `npm install acme` ', 'in your project.'];
const requests = [];
let release;
const released = new Promise((r) => { release = r; });

function answer(req, res, raw) {
  const parts = req.url.split('?')[0].split('/').filter(Boolean);
  let body = null;
  try { body = JSON.parse(raw); } catch { body = raw; }
  const ok = parts.length === 5 && parts[0] === 'discovery' && parts[1] === 'v2' && parts[2] === 'assistant' && parts[4] === 'message';
  requests.push({ path: req.url, domain: ok ? parts[3] : null, authorization: Boolean(req.headers.authorization), body });
  if (!ok) { res.writeHead(404).end(); return; }
  const first = requests.filter((r) => r.domain).length === 1;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-vercel-ai-ui-message-stream': 'v1' });
  const send = (o) => res.write(`data: ${typeof o === 'string' ? o : JSON.stringify(o)}\n\n`);
  (async () => {
    send({ type: 'start', messageId: `msg_${requests.length}` });
    send({ type: 'start-step' });
    send({ type: 'text-start', id: 'txt_0' });
    send({ type: 'text-delta', id: 'txt_0', delta: DELTAS[0] });
    await sleep(50);
    send({ type: 'text-delta', id: 'txt_0', delta: DELTAS[1] });
    if (first) await Promise.race([released, sleep(60000)]);
    send({ type: 'text-delta', id: 'txt_0', delta: DELTAS[2] });
    send({ type: 'text-end', id: 'txt_0' });
    send({ type: 'source-url', sourceId: 'src_0', url: 'https://acme.example/guides/getting-started', title: 'Getting started' });
    send({ type: 'finish-step' });
    send({ type: 'finish', threadId: 'thread_e2e' });
    send('[DONE]');
    res.end();
  })();
}

// ---- what the probe asks to see ------------------------------------------------------------------
let page;
let shot = 0;
async function screenshot(name) {
  const file = path.join(SHOTS, `${String(++shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file });
  return path.relative(OUT, file);
}

async function until(what, fn, ms = 15000, every = 150) {
  const start = Date.now();
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last && last.ok) return last;
    } catch (e) {
      last = { error: String(e.message || e) };
    }
    if (Date.now() - start > ms) throw new Error(`${what}: not seen in ${ms} ms${last && last.seen ? ` (saw: ${JSON.stringify(last.seen).slice(0, 600)})` : last && last.error ? ` (${last.error})` : ''}`);
    await sleep(every);
  }
}

/** The text of every frame (webviews are nested iframes). */
async function frameTexts() {
  const out = [];
  for (const f of page.frames()) {
    try { out.push(await f.evaluate(() => (document.body ? document.body.innerText : ''))); } catch { /* detached */ }
  }
  return out;
}

const checks = {
  async problems({ texts }) {
    const seen = await until('rows in the Problems view', async () => {
      const rows = await page.locator('.markers-panel .monaco-list-row').allInnerTexts();
      const joined = rows.join('\n');
      return { ok: texts.every((t) => joined.includes(t)), seen: rows };
    });
    const status = await page.locator('[id="status.problems"]').first().getAttribute('aria-label').catch(() => null);
    return { detail: `${seen.seen.length} rows; status bar: ${status}` };
  },
  async suggest({ text }) {
    await page.locator('.suggest-widget .monaco-list-row').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 15000 });
    const rows = await page.locator('.suggest-widget .monaco-list-row').allInnerTexts();
    return { detail: `${rows.length} rows shown, first: ${rows.slice(0, 4).map((r) => r.split('\n')[0]).join(', ')}` };
  },
  async hover({ text }) {
    const hover = page.locator('.monaco-hover').filter({ hasText: text }).first();
    await hover.waitFor({ state: 'visible', timeout: 15000 });
    return { detail: (await hover.innerText()).split('\n').slice(0, 2).join(' | ') };
  },
  async 'choose-action'({ text }) {
    const row = page.locator('.action-widget .monaco-list-row').filter({ hasText: text }).first();
    await row.waitFor({ state: 'visible', timeout: 15000 });
    const shotFile = await screenshot('quick-fix-menu');
    // The menu is keyboard driven (a pointer block lies over the rows): arrow down to it, Enter.
    for (let i = 0; i < 10; i++) {
      const focused = await page.locator('.action-widget .monaco-list-row.focused').first().getAttribute('aria-label').catch(() => null);
      if (focused && focused.includes(text)) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    return { detail: `chose "${text}"`, shot: shotFile, shotTaken: true };
  },
  async 'explorer-rename'({ from, to }) {
    const row = page.locator('.explorer-folders-view .monaco-list-row').filter({ hasText: new RegExp(`^${from.replace(/[.]/g, '\\.')}$`) }).first();
    await row.waitFor({ state: 'visible', timeout: 15000 });
    await row.click();
    await page.keyboard.press('F2');
    const input = page.locator('.explorer-folders-view .monaco-inputbox input').first();
    await input.waitFor({ state: 'visible', timeout: 10000 });
    await input.press('Control+a');
    await input.pressSequentially(to);
    const shotFile = await screenshot('explorer-rename');
    await input.press('Enter');
    // VS Code asks once before it applies an extension's edits for a file rename.
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15000 });
    const message = (await dialog.innerText()).split('\n').filter(Boolean);
    await screenshot('explorer-rename-dialog');
    await dialog.locator('.monaco-button').filter({ hasText: /^OK$/ }).first().click();
    await dialog.waitFor({ state: 'hidden', timeout: 15000 });
    return { detail: `${from} → ${to} typed in the explorer; dialog "${message[0]}" [${message.slice(1).join(' | ')}]: OK`, shot: shotFile, shotTaken: true };
  },
  async 'type-question'({ text }) {
    const input = page.locator('.quick-input-widget input').first();
    await input.waitFor({ state: 'visible', timeout: 15000 });
    await input.pressSequentially(text);
    const shotFile = await screenshot('assistant-question');
    await input.press('Enter');
    return { detail: `typed "${text}"`, shot: shotFile, shotTaken: true };
  },
  async assistant({ partial }) {
    const [head, tail] = [DELTAS[0].trim(), DELTAS[2].trim()];
    const r = await until(partial ? 'part of the answer in the assistant panel' : 'the whole answer in the assistant panel', async () => {
      const texts = await frameTexts();
      const panel = texts.find((t) => t.includes('How do I install it?'));
      if (!panel) return { ok: false, seen: 'no frame with the question' };
      return { ok: panel.includes(head) && (partial ? !panel.includes(tail) : panel.includes(tail)), seen: panel, panel };
    });
    const shotFile = await screenshot(partial ? 'assistant-streaming' : 'assistant-answered');
    if (partial) release();
    return { detail: r.panel.replace(/\s+/g, ' ').slice(0, 200), shot: shotFile, shotTaken: true };
  },
  async tree({ view, texts, collapse }) {
    const asked = Date.now();
    const pane = page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: view }) }).first();
    if (collapse) {
      // Select the row, then collapse it from the keyboard (a click on a row selects it only).
      await pane.locator('.monaco-list-row').filter({ hasText: new RegExp(`^${collapse}$`) }).first().click();
      await page.keyboard.press('ArrowLeft');
    }
    const r = await until(`rows in the ${view} view`, async () => {
      const rows = await pane.locator('.monaco-list-row').allInnerTexts();
      const joined = rows.join('\n');
      return { ok: texts.every((t) => joined.includes(t)), seen: rows };
    }, 15000, 20);
    // When the rows were seen (polled every 20 ms), before the screenshot is taken.
    return { seenMs: Date.now() - asked, detail: `${r.seen.length} rows: ${r.seen.slice(0, 8).map((x) => x.replace(/\s+/g, ' ')).join(' | ')}` };
  },
  /** The quick pick's rows hold `rows`; a screenshot (`shot`); then `choose` typed as the filter and Enter. */
  async pick({ rows, choose, shot }) {
    const r = await until('rows in the quick pick', async () => {
      const seen = await page.locator('.quick-input-widget .monaco-list-row').allInnerTexts();
      const joined = seen.join('\n');
      return { ok: rows.every((t) => joined.includes(t)), seen };
    });
    const shotFile = await screenshot(shot ?? 'quick-pick');
    const input = page.locator('.quick-input-widget input').first();
    await input.pressSequentially(choose);
    await page.keyboard.press('Enter');
    return { detail: `${r.seen.length} rows: ${r.seen.map((x) => x.replace(/\s+/g, ' ')).join(' | ')}; chose "${choose}"`, shot: shotFile, shotTaken: true };
  },
  /** A click on the code lens whose text is `lens`, then `pick`. */
  async 'lens-pick'({ lens, ...rest }) {
    const link = page.locator('.codelens-decoration a').filter({ hasText: lens }).first();
    await link.waitFor({ state: 'visible', timeout: 30000 });
    await screenshot(`${rest.shot ?? 'code'}-lens`);
    await link.click();
    const r = await checks.pick(rest);
    return { ...r, detail: `clicked "${lens}"; ${r.detail}` };
  },
  async editor({ texts }) {
    // Inlay hints are injected into the lines' text; a code lens is a widget above its line.
    const editor = page.locator('.part.editor .monaco-editor').first();
    const r = await until('text in the editor', async () => {
      const t = await editor.innerText();
      return { ok: texts.every((x) => t.includes(x)), seen: t.slice(0, 600) };
    });
    return { detail: `shown: ${texts.map((x) => JSON.stringify(x)).join(', ')} (${r.seen.length} characters of editor text)` };
  },
  async 'click-lens'({ text, expect }) {
    const lens = page.locator('.codelens-decoration a').filter({ hasText: text }).first();
    await lens.waitFor({ state: 'visible', timeout: 15000 });
    await lens.click();
    const peek = page.locator('.peekview-widget').first();
    const r = await until('the references peek', async () => {
      const t = await peek.innerText();
      return { ok: expect.every((x) => t.includes(x)), seen: t.slice(0, 600) };
    });
    return { detail: `clicked "${text}": the peek lists ${r.seen.split('\n').filter((l) => /\.(mdx|json)/.test(l)).slice(0, 6).join(' | ')}` };
  },
  async screenshot() {
    return {};
  },
};

async function screen({ check, name, ...args }) {
  const fn = checks[check];
  if (!fn) return { ok: false, error: `no check ${check}` };
  try {
    const r = await fn(args);
    const shotFile = r.shotTaken ? r.shot : name === 'readme' ? (await page.screenshot({ path: path.join(OUT, 'readme.png') }), 'readme.png') : await screenshot(name);
    say(`  screen ${check}: ${r.detail ?? 'ok'} [${shotFile}]`);
    return { ok: true, detail: r.detail, shot: shotFile, seenMs: r.seenMs };
  } catch (e) {
    const shotFile = await screenshot(`${name}-FAILED`).catch(() => '');
    say(`  screen ${check}: FAILED ${e.message} [${shotFile}]`);
    return { ok: false, error: String(e.message || e) };
  }
}

// ---- the control channel -------------------------------------------------------------------------
let finish;
const finished = new Promise((r) => { finish = r; });
const results = [];
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => { raw += c; });
  req.on('end', async () => {
    if (req.url.startsWith('/discovery/')) return answer(req, res, raw);
    const body = raw ? JSON.parse(raw) : {};
    const reply = (o) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
    switch (req.url) {
      case '/log': say(`  probe: ${body.text}`); return reply({});
      case '/step':
        results.push(body);
        say(`${body.ok ? 'ok    ' : 'FAILED'} ${body.name} (${(body.ms / 1000).toFixed(1)} s)${body.ok ? (body.detail ? `: ${body.detail}` : '') : `: ${body.error}`}`);
        return reply({});
      case '/screen': return reply(await screen(body));
      case '/requests': return reply({ requests });
      case '/done': reply({}); return finish(body);
      default: res.writeHead(404).end();
    }
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const PORT = server.address().port;

// ---- code-server and the browser -----------------------------------------------------------------
const settingsFile = path.join(USER_DATA, 'User', 'settings.json');
fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
fs.writeFileSync(settingsFile, JSON.stringify({
  'security.workspace.trust.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'update.mode': 'none',
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  // VS Code in a browser saves after a delay by default; desktop VS Code does not. The scenarios
  // revert their completion edits, which a save in between would keep.
  'files.autoSave': 'off',
  'docsLsp.trace.server': 'messages',
  'docsLsp.diagnostics.debounceMs': 50,
  'docsLsp.links.addRedirectOnMove': 'always',
  'docsLsp.assistant.baseUrl': `http://127.0.0.1:${PORT}`,
  'docsLsp.assistant.domain': 'e2e-one',
  'docsLsp.assistant.apiKey': 'e2e-not-a-secret',
  // Only to try a .vsix that carries no server (an older one): the first scenario then fails.
  ...(process.env.DOCS_LSP_E2E_SERVER_PATH ? { 'docsLsp.serverPath': process.env.DOCS_LSP_E2E_SERVER_PATH } : {}),
}, null, 2));

// A free loopback port for code-server (it prints the address it listens on, but not for port 0).
const csPort = await new Promise((r) => { const s = http.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => r(p)); }); });
const csLog = fs.openSync(path.join(OUT, 'code-server.log'), 'w');
const cs = spawn(CODE_SERVER, ['--auth', 'none', '--bind-addr', `127.0.0.1:${csPort}`, '--user-data-dir', USER_DATA, '--extensions-dir', EXTENSIONS,
  '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', SITE], {
  env: { ...process.env, DOCS_LSP_E2E_CONTROL: `http://127.0.0.1:${PORT}` },
  stdio: ['ignore', csLog, csLog],
  detached: true,
});
let browser;
async function cleanup() {
  await browser?.close().catch(() => {});
  try { process.kill(-cs.pid, 'SIGTERM'); } catch { /* gone */ }
  server.close();
}

let exitCode = 1;
try {
  const url = await until('code-server listening', async () => {
    const m = fs.readFileSync(path.join(OUT, 'code-server.log'), 'utf8').match(/HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/);
    return { ok: Boolean(m), url: m && m[1] };
  }, 60000).then((r) => r.url);
  say(`code-server ${url}, assistant and control server http://127.0.0.1:${PORT}`);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('console', (m) => { if (m.type() === 'error') fs.appendFileSync(path.join(OUT, 'browser-console.log'), `${m.text()}\n`); });
  await page.goto(`${url}/?folder=${encodeURIComponent(SITE)}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
  say('workbench loaded; waiting for the probe');
  const done = await Promise.race([finished, sleep(TOTAL_TIMEOUT_MS).then(() => null)]);
  if (!done) say(`FAILED: the probe did not finish in ${TOTAL_TIMEOUT_MS / 1000} s`);
  const failed = results.filter((r) => !r.ok);
  fs.writeFileSync(path.join(OUT, 'results.json'), JSON.stringify({ results, requests: requests.map((r) => ({ ...r, body: undefined })) }, null, 2));
  say(`${results.length - failed.length} of ${results.length} scenarios passed${failed.length ? `; failed: ${failed.map((r) => r.name).join('; ')}` : ''}`);
  exitCode = done && results.length > 0 && failed.length === 0 ? 0 : 1;
} catch (e) {
  say(`FAILED: ${e.stack || e}`);
  await page?.screenshot({ path: path.join(SHOTS, 'driver-error.png') }).catch(() => {});
} finally {
  await cleanup();
}
process.exit(exitCode);
