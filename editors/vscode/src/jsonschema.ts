// Pure logic (no `vscode` import): keeping VS Code's own JSON support from checking docs.json.
//
// docs.json names its schema with `"$schema": "https://mintlify.com/docs.json"`. VS Code's JSON
// language features then download that URL (offline: a warning "Unable to load schema from ...") and
// validate docs.json against it, a second time beside docs-lsp and with false errors on `$ref`s.
// A `$schema` in the document wins over every `jsonValidation` contribution, and VS Code's JSON
// support reads `json.schemas` from user, workspace and folder settings only (not from an
// extension's `configurationDefaults`); so the one way to map that URL is a `json.schemas` entry in
// the user's settings: the URL with an inline schema that allows everything JSONC allows.

/** Schema URLs docs.json files name (Mintlify's). */
export const DOCS_JSON_SCHEMA_URLS = ['https://mintlify.com/docs.json'] as const;

/** What the URL maps to: nothing to check but comments and trailing commas allowed, as in docs-lsp. */
export const PERMISSIVE_SCHEMA = {
  $comment: 'docs.json is checked by docs-lsp (Docs LSP extension); see its setting docsLsp.jsonSchemaMapping',
  allowComments: true,
  allowTrailingCommas: true,
} as const;

export interface SchemaSetting {
  url?: string;
  fileMatch?: string[];
  schema?: unknown;
  [k: string]: unknown;
}

/**
 * The user's `json.schemas` with an entry for each docs.json schema URL added, or `undefined` when
 * every URL already has one (the user's own mapping is never replaced).
 */
export function withDocsJsonMapping(current: unknown): SchemaSetting[] | undefined {
  const list: SchemaSetting[] = Array.isArray(current) ? [...(current as SchemaSetting[])] : [];
  let added = false;
  for (const url of DOCS_JSON_SCHEMA_URLS) {
    if (list.some((s) => s && typeof s === 'object' && s.url === url)) continue;
    list.push({ url, schema: PERMISSIVE_SCHEMA });
    added = true;
  }
  return added ? list : undefined;
}
