// The platform's verdict on a docs.json text, as its build reaches it: prebuild's
// ConfigUpdater (@mintlify/prebuild 1.0.1339, dist/prebuild/update/ConfigUpdater.js) reads
// the file as UTF-8, `JSON.parse`s it, and fails the build when `validateDocsConfig(...).success`
// is false. `validateDocsConfig` returns `warnings: []` always (only the legacy mint.json
// validator aggregates warnings), and prebuild turns warnings into a failure only in strict
// mode: nothing here is a warning.
//
// `sourceRef` entries (`{"sourceRef": "path"}` in a navigation list, inlined from another
// repository at deployment): the local preview (`mint dev`, @mintlify/previewing) runs prebuild
// with `allowSourceRefs: true`, and then ConfigUpdater first checks them with
// `validateSourceRefDocsConfig` (strict: nothing beside `sourceRef`, only in navigation lists),
// then validates the configuration without them. That path is followed here (`sourceRefs:
// 'preview'`, the default); `sourceRefs: 'plain'` validates the object as written, as prebuild
// without the option does.
import { formatIssue, validateDocsConfig, validateSourceRefDocsConfig } from '@mintlify/validation';

// Copied from ConfigUpdater: what counts as a sourceRef entry, and the configuration without them.
const isSourceRef = (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v.sourceRef === 'string';
function hasSourceRefs(v) {
  if (Array.isArray(v)) return v.some(hasSourceRefs);
  if (typeof v !== 'object' || v === null) return false;
  if (isSourceRef(v)) return true;
  return Object.values(v).some(hasSourceRefs);
}
const STRIPPED = Symbol('stripped');
function stripSourceRefs(v) {
  if (isSourceRef(v)) return STRIPPED;
  if (Array.isArray(v)) return v.map(stripSourceRefs).filter((x) => x !== STRIPPED);
  if (typeof v !== 'object' || v === null) return v;
  return Object.fromEntries(
    Object.entries(v)
      .map(([k, x]) => [k, stripSourceRefs(x)])
      .filter(([, x]) => x !== STRIPPED),
  );
}

function issuePaths(issue, out = []) {
  if (issue.code === 'invalid_union' && issue.unionErrors) {
    for (const e of issue.unionErrors) for (const i of e.issues) issuePaths(i, out);
  } else out.push(issue.path.map((p) => (typeof p === 'number' ? '[]' : '.' + p)).join('') || '.');
  return out;
}

// Navigation keys the validator accepted by dropping them: a union of element shapes falls back
// to a shape without the list when the list is invalid (a tab whose `groups` hold a bad group
// parses as a tab with no children), and a group's invalid `openapi` is dropped by `.catch`.
// Unknown keys are stripped too; they are listed like the rest, so a reader of the report sees
// what the built site lost.
const NAV_LISTS = new Set(['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages', 'menu']);

function droppedKeys(input, output, path, out = []) {
  if (Array.isArray(input) && Array.isArray(output)) {
    input.forEach((x, i) => droppedKeys(x, output[i], `${path}[${i}]`, out));
  } else if (input && typeof input === 'object' && !Array.isArray(input) && output && typeof output === 'object') {
    for (const [k, v] of Object.entries(input)) {
      if (!(k in output)) out.push(`${path}.${k}${NAV_LISTS.has(k) ? ' (list)' : ''}`);
      else droppedKeys(v, output[k], `${path}.${k}`, out);
    }
  }
  return out;
}

function failure(stage, r) {
  const issues = r.error.issues;
  return {
    builds: false,
    stage,
    message: issues
      .slice(0, 3)
      .map((i) => formatIssue(i).split('\n').slice(0, 6).join(' | '))
      .join(' || ')
      .slice(0, 900),
    paths: [...new Set(issues.flatMap((i) => issuePaths(i)))].slice(0, 8),
  };
}

export function judge(text, { sourceRefs = 'preview' } = {}) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { builds: false, stage: 'json', message: String(e.message).slice(0, 300) };
  }
  let r;
  let input = value;
  try {
    if (sourceRefs === 'preview' && hasSourceRefs(value)) {
      const sr = validateSourceRefDocsConfig(value);
      if (!sr.success) return failure('sourceRef', sr);
      input = stripSourceRefs(value);
    }
    r = validateDocsConfig(input);
  } catch (e) {
    // A throw inside the validator stops prebuild as surely as a failed parse.
    return { builds: false, stage: 'throw', message: String(e?.message ?? e).slice(0, 300) };
  }
  if (r.success) {
    const dropped = droppedKeys(input?.navigation, r.data?.navigation, 'navigation');
    return dropped.length ? { builds: true, dropped: dropped.slice(0, 8) } : { builds: true };
  }
  return failure('schema', r);
}
