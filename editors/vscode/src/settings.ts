// Pure logic (no `vscode` import) so that it can be unit-tested with node's test runner.

/** One setting the extension contributes, as seen by the server. */
export interface SettingSpec {
  /** Key under the `docsLsp` section, e.g. `assistant.baseUrl`. */
  key: string;
  /** Only meaningful to the client: never sent to the server. */
  clientOnly?: boolean;
  /** The setting is omitted when it has this "unset" value, so that the server's default applies. */
  omitWhen?: (value: unknown) => boolean;
}

const isEmptyString = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const isUndefined = (v: unknown): boolean => v === undefined;

export const SECTION = 'docsLsp';
export const SECRET_KEY_NAME = 'docsLsp.assistant.apiKey';
export const API_KEY_ENV = 'DOCS_ASSISTANT_API_KEY';

/** Every `docsLsp.*` setting in package.json, in one place. */
export const SETTINGS: readonly SettingSpec[] = [
  { key: 'serverPath', clientOnly: true },
  { key: 'trace.server', clientOnly: true },
  { key: 'jsonSchemaMapping', clientOnly: true },
  { key: 'assistant.baseUrl', omitWhen: isEmptyString },
  { key: 'assistant.domain', omitWhen: isEmptyString },
  { key: 'assistant.apiKey', omitWhen: isEmptyString },
  { key: 'assistant.fingerprint', omitWhen: isEmptyString },
  { key: 'assistant.retrievalPageSize', omitWhen: isUndefined },
  { key: 'assistant.filter', omitWhen: isUndefined },
  { key: 'diagnostics.debounceMs', omitWhen: isUndefined },
  { key: 'links.addRedirectOnMove', omitWhen: isUndefined },
  { key: 'since', omitWhen: isEmptyString },
];

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

function setPath(obj: JsonObject, dotted: string, value: Json): void {
  const parts = dotted.split('.');
  let cur: JsonObject = obj;
  for (const p of parts.slice(0, -1)) {
    const next = cur[p];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) {
      cur[p] = {};
    }
    cur = cur[p] as JsonObject;
  }
  cur[parts[parts.length - 1]] = value;
}

/**
 * Builds the object the server receives as `initializationOptions`, as the answer to
 * `workspace/configuration` for section `docsLsp`, and in `workspace/didChangeConfiguration`.
 *
 * @param get reads one setting by its key under `docsLsp` (e.g. `vscode.workspace.getConfiguration('docsLsp').get`).
 * @param secretApiKey the key kept in the editor's secret storage, used when the setting is empty.
 */
export function buildServerSettings(get: (key: string) => unknown, secretApiKey?: string): JsonObject {
  const out: JsonObject = { assistant: {}, diagnostics: {} };
  for (const spec of SETTINGS) {
    if (spec.clientOnly) continue;
    let value = get(spec.key);
    if (spec.key === 'assistant.apiKey' && isEmptyString(value) && !isEmptyString(secretApiKey)) {
      value = secretApiKey;
    }
    if (spec.omitWhen?.(value)) continue;
    if (typeof value === 'string') value = value.trim();
    setPath(out, spec.key, value as Json);
  }
  return out;
}

/**
 * Answers one item of a `workspace/configuration` request: `docsLsp` (or no section) gets the
 * whole object, `docsLsp.assistant` a part of it, anything else `null`.
 */
export function configurationItem(section: string | undefined, settings: JsonObject): Json {
  if (section === undefined || section === '' || section === SECTION) return settings;
  if (!section.startsWith(SECTION + '.')) return null;
  let cur: Json = settings;
  for (const p of section.slice(SECTION.length + 1).split('.')) {
    if (typeof cur !== 'object' || cur === null || Array.isArray(cur) || !(p in cur)) return null;
    cur = cur[p];
  }
  return cur;
}

/** A copy of the settings that is safe to log or show: the API key is replaced. */
export function redact(settings: JsonObject): JsonObject {
  const copy = JSON.parse(JSON.stringify(settings)) as JsonObject;
  const a = copy.assistant;
  if (a && typeof a === 'object' && !Array.isArray(a) && typeof a.apiKey === 'string') {
    a.apiKey = '<set>';
  }
  return copy;
}

/** Where the assistant key will come from, without revealing it. */
export function apiKeySource(setting: unknown, secret: string | undefined, env: Record<string, string | undefined>): 'setting' | 'secret storage' | 'environment' | undefined {
  if (!isEmptyString(setting)) return 'setting';
  if (!isEmptyString(secret)) return 'secret storage';
  if (!isEmptyString(env[API_KEY_ENV])) return 'environment';
  return undefined;
}
