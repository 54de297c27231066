// Pure logic (no `vscode` import): avoid reporting a problem in docs.json twice.
//
// VS Code's own JSON language features validate json/jsonc documents (syntax, and the schema
// named by "$schema"). That validation cannot be turned off for one file from an extension
// (`json.validate.enable` is a window-wide setting), so for docs.json the extension drops the
// server's diagnostics that VS Code's JSON validation already reports at the same place.

export interface Pos { line: number; character: number }
export interface Rng { start: Pos; end: Pos }
export interface Diag { range: Rng; message: string; source?: string }

/** The `source` VS Code's JSON language features put on their diagnostics. */
export const VSCODE_JSON_SOURCE = 'json';

function before(a: Pos, b: Pos): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}

/** Ranges overlap (empty ranges count as touching their position). */
export function overlaps(a: Rng, b: Rng): boolean {
  if (before(a.end, b.start) || before(b.end, a.start)) return false;
  return true;
}

/**
 * Server diagnostics to keep: those not already reported by VS Code's JSON validation
 * (`theirs`, all diagnostics of the document from other sources) on an overlapping range
 * of the same line.
 */
export function dedupe<T extends Diag>(ours: T[], theirs: Diag[]): T[] {
  const json = theirs.filter((d) => d.source === VSCODE_JSON_SOURCE);
  if (json.length === 0) return ours;
  return ours.filter((o) => !json.some((j) => j.range.start.line === o.range.start.line && overlaps(j.range, o.range)));
}

/** docs.json is the only file the extension puts in JSONC mode. */
export function isDocsJson(fsPath: string): boolean {
  return /(^|[\\/])docs\.json$/.test(fsPath);
}
