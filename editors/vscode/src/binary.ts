// Pure logic (no `vscode` import): finding the docs-lsp binary.
import * as path from 'node:path';
import * as fs from 'node:fs';
import * as os from 'node:os';

export const BINARY_NAME = 'docs-lsp';
export const INSTALL_COMMAND = 'cargo install --locked --path .';

export type BinaryLookup =
  | { ok: true; path: string; from: 'bundled' | 'setting' | 'PATH' }
  | { ok: false; message: string };

export interface LookupEnv {
  platform: NodeJS.Platform;
  pathVar: string | undefined;
  pathExt?: string | undefined;
  home: string;
  /** Folder a relative `serverPath` is resolved against (the first workspace folder). */
  base?: string;
  isExecutable: (p: string) => boolean;
}

export function defaultIsExecutable(p: string): boolean {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function defaultLookupEnv(base?: string): LookupEnv {
  return {
    platform: process.platform,
    pathVar: process.env.PATH ?? process.env.Path,
    pathExt: process.env.PATHEXT,
    home: os.homedir(),
    base,
    isExecutable: defaultIsExecutable,
  };
}

/** Where a platform-specific `.vsix` carries the server, inside the extension's folder. */
export function bundledServerPath(extensionPath: string, platform: NodeJS.Platform = process.platform): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  return p.join(extensionPath, 'server', platform === 'win32' ? `${BINARY_NAME}.exe` : BINARY_NAME);
}

/**
 * The server to run: the one bundled in the `.vsix` (`bundled`, when it is there), else the
 * `docsLsp.serverPath` setting, else `docs-lsp` on PATH.
 */
export function findServerBinary(serverPath: string | undefined, env: LookupEnv, bundled?: string): BinaryLookup {
  const p = env.platform === 'win32' ? path.win32 : path.posix;
  if (bundled && env.isExecutable(bundled)) return { ok: true, path: bundled, from: 'bundled' };
  const configured = (serverPath ?? '').trim();
  if (configured !== '') {
    let candidate = configured;
    if (candidate === '~' || candidate.startsWith('~/')) candidate = p.join(env.home, candidate.slice(1));
    if (!p.isAbsolute(candidate) && env.base) candidate = p.resolve(env.base, candidate);
    if (env.isExecutable(candidate)) return { ok: true, path: candidate, from: 'setting' };
    return {
      ok: false,
      message: `docs-lsp: the setting docsLsp.serverPath points to "${configured}", which is not an executable file. ` +
        `Fix the setting, or clear it to use ${BINARY_NAME} from PATH (install it with \`${INSTALL_COMMAND}\` in a checkout of docs-lsp).`,
    };
  }
  const exts = env.platform === 'win32' ? (env.pathExt ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean) : [''];
  const sep = env.platform === 'win32' ? ';' : ':';
  for (const dir of (env.pathVar ?? '').split(sep)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = p.join(dir, BINARY_NAME + ext.toLowerCase());
      if (env.isExecutable(candidate)) return { ok: true, path: candidate, from: 'PATH' };
    }
  }
  return {
    ok: false,
    message: `docs-lsp: this extension carries no language server for this platform, and "${BINARY_NAME}" was not found on PATH. ` +
      `Install the .vsix built for your platform, or install the server with \`${INSTALL_COMMAND}\` in a checkout of docs-lsp ` +
      `(it goes to ~/.cargo/bin), or set docsLsp.serverPath to the binary.`,
  };
}
