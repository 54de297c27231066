// Checks a built .vsix (a zip): the settings and commands it contributes, the bundled client code.
// Usage: node scripts/check-vsix.mjs [path/to/file.vsix] [--server]   (default: docs-lsp.vsix)
// With --server: the .vsix is a platform one and must carry an executable server/docs-lsp[.exe].
// No dependencies: a small zip reader over the central directory, inflating with node:zlib.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

let modes = new Map();
function readZip(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('not a zip file (no end of central directory)');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const files = new Map();
  modes = new Map();
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const external = buf.readUInt32LE(p + 38);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    modes.set(name, (external >>> 16) & 0o7777);
    files.set(name, () => {
      const lNameLen = buf.readUInt16LE(local + 26);
      const lExtraLen = buf.readUInt16LE(local + 28);
      const start = local + 30 + lNameLen + lExtraLen;
      const data = buf.subarray(start, start + csize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${name}: unsupported compression method ${method}`);
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return files;
}

const args = process.argv.slice(2);
const wantServer = args.includes('--server');
const vsix = args.find((a) => !a.startsWith('--')) ?? 'docs-lsp.vsix';
const files = readZip(readFileSync(vsix));
const failures = [];
let passed = 0;
function check(ok, what) {
  if (ok) { passed++; console.log(`ok - ${what}`); } else { failures.push(what); console.log(`not ok - ${what}`); }
}

check(files.has('extension/package.json'), 'extension/package.json present');
check(files.has('extension/dist/extension.js'), 'extension/dist/extension.js present');
check(files.has('extension/readme.md') || files.has('extension/README.md'), 'README present');
check(![...files.keys()].some((f) => f.includes('node_modules/')), 'no node_modules (client code is bundled)');
check(![...files.keys()].some((f) => f.endsWith('.ts') || f.endsWith('.map')), 'no TypeScript sources or source maps');

const pkg = JSON.parse(files.get('extension/package.json')().toString('utf8'));
check(pkg.main === './dist/extension.js', 'main is ./dist/extension.js');
const props = pkg.contributes?.configuration?.properties ?? {};
const settings = [
  'docsLsp.serverPath', 'docsLsp.trace.server',
  'docsLsp.assistant.baseUrl', 'docsLsp.assistant.domain', 'docsLsp.assistant.apiKey', 'docsLsp.assistant.fingerprint',
  'docsLsp.assistant.retrievalPageSize', 'docsLsp.assistant.filter', 'docsLsp.diagnostics.debounceMs',
];
for (const s of settings) {
  const p = props[s];
  check(p !== undefined && ((p.description ?? p.markdownDescription ?? '').length > 0), `setting ${s} contributed with a description`);
}
const commands = new Map((pkg.contributes?.commands ?? []).map((c) => [c.command, c]));
for (const c of ['docsLsp.ask', 'docsLsp.newChat', 'docsLsp.setApiKey', 'docsLsp.clearApiKey', 'docsLsp.restartServer']) {
  check(commands.has(c), `command ${c} contributed`);
}
const ask = commands.get('docsLsp.ask');
check(ask && `${ask.category}: ${ask.title}` === 'Docs: Ask assistant about selection', 'command title "Docs: Ask assistant about selection"');
check((pkg.contributes?.menus?.['editor/context'] ?? []).some((m) => m.command === 'docsLsp.ask'), 'ask command in the editor context menu');
check((pkg.contributes?.languages ?? []).some((l) => l.id === 'jsonc' && (l.filenames ?? []).includes('docs.json')), 'docs.json opens as jsonc');
check((pkg.contributes?.languages ?? []).some((l) => l.id === 'mdx' && (l.extensions ?? []).includes('.mdx')), '.mdx language contributed');
check((pkg.activationEvents ?? []).includes('workspaceContains:**/docs.json'), 'activates in workspaces with docs.json');

check((pkg.contributes?.jsonValidation ?? []).some((v) => v.fileMatch === 'docs.json' && v.url === './schemas/docs.schema.json') && files.has('extension/schemas/docs.schema.json'),
  'docs.json files get the bundled schema (jsonValidation) and it is in the .vsix');
const readme = (files.get('extension/readme.md') ?? files.get('extension/README.md'))().toString('utf8');
const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((u) => !/^[a-z]+:/.test(u));
check(images.length > 0 && images.every((u) => files.has(`extension/${u}`)), `README's pictures are inside (${images.join(', ')})`);
const server = [...files.keys()].find((f) => /^extension\/server\/docs-lsp(\.exe)?$/.test(f));
if (wantServer) {
  check(server !== undefined, 'the server is inside (extension/server/docs-lsp)');
  check(server !== undefined && (server.endsWith('.exe') || (modes.get(server) & 0o111) !== 0), 'the server is executable (zip file mode)');
  const manifest = files.get('extension.vsixmanifest')?.().toString('utf8') ?? '';
  check(/TargetPlatform="[a-z0-9-]+"/.test(manifest), `a platform .vsix (${(manifest.match(/TargetPlatform="([^"]+)"/) ?? [])[1]})`);
} else {
  check(server === undefined, 'a universal .vsix carries no server');
}

const js = files.get('extension/dist/extension.js')().toString('utf8');
check(/require\("vscode"\)/.test(js), 'bundle requires the vscode module at run time (external)');
check(!/require\("vscode-languageclient/.test(js) && js.includes('textDocument/publishDiagnostics') && js.includes('workspace/executeCommand'), 'vscode-languageclient is bundled, not required');
check(js.includes('docsLsp/assistantAnswer') && js.includes('docsLsp.askAssistant'), 'assistant client code bundled');
check(js.includes('New conversation'), 'assistant panel bundled');

console.log(`\n${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
