// Disagreements grouped by cause: the first rule that matches names the family. Families are
// what disagreements.md explains, one reason each; a disagreement no rule matches is `other-*`,
// a sign of a cause not yet written down. Rules look at the platform's message first (several
// mutation kinds reach one refinement), then at the mutation.
const msg = (r) => r.platform.message ?? '';
const missed = (r) => r.direction === 'missed';
const falseError = (r) => r.direction === 'false-error';

export const FAMILIES = [
  // docs-lsp errors, the platform builds.
  ['source-ref', (r) => falseError(r) && r.kind === 'sourceRef' && !(r.platform.dropped ?? []).some((d) => d.endsWith('(list)'))],
  ['nav-list-dropped', (r) => falseError(r) && (r.platform.dropped ?? []).some((d) => d.endsWith('(list)'))],
  ['nav-key-dropped', (r) => falseError(r) && (r.platform.dropped ?? []).some((d) => /\.(href|openapi|asyncapi|root)$/.test(d))],
  ['group-spec-dropped', (r) => falseError(r) && /(^|\.)group\.(openapi|asyncapi)/.test(r.detail)],
  ['duplicate-key-first', (r) => falseError(r) && r.detail.startsWith('duplicate-key')],
  ['lone-surrogate', (r) => falseError(r) && r.detail === 'lone-surrogate-escape'],
  ['other-false-error', falseError],
  // The platform refuses, docs-lsp reports no error.
  ['source-ref', (r) => missed(r) && (r.kind === 'sourceRef' || r.platform.stage === 'sourceRef' || /sourceRef/.test(msg(r)))],
  ['duplicate-key-last', (r) => missed(r) && r.detail.startsWith('duplicate-key')],
  ['jsonc-refused', (r) => missed(r) && r.platform.stage === 'json'],
  ['empty-list', (r) => missed(r) && /At least one \w+ must be specified/.test(msg(r))],
  ['fonts', (r) => missed(r) && /#\.fonts(\.(heading|body))?(\.source)?: /.test(msg(r))],
  ['contextual-repeated', (r) => missed(r) && /contextual option can only appear once/.test(msg(r))],
  ['redirects-repeated', (r) => missed(r) && /Each source path can only be used once/.test(msg(r))],
  ['seo-paths', (r) => missed(r) && /#\.seo\.paths/.test(msg(r))],
  ['variations', (r) => missed(r) && /#\.variations/.test(msg(r))],
  ['icon-fa', (r) => missed(r) && /Icon does not need to start with 'fa-'/.test(msg(r))],
  ['socials', (r) => missed(r) && /#\.footer\.socials/.test(msg(r))],
  ['href', (r) => missed(r) && /Must be a valid (url|URL) or relative path/.test(msg(r))],
  ['spec-protocol', (r) => missed(r) && /Must use protocol https or http|Must be a local path or a valid HTTPS URL/.test(msg(r))],
  ['strict-object', (r) => missed(r) && /Unrecognized key\(s\) in object/.test(msg(r))],
  ['integrations', (r) => missed(r) && /#\.integrations/.test(msg(r))],
  ['url-format', (r) => missed(r) && /Invalid url|Must be a valid URL|Must be a valid HTTPS URL/.test(msg(r))],
  ['metatags-empty', (r) => missed(r) && /metatags/.test(msg(r))],
  ['blank-string', (r) => missed(r) && /String must contain at least 1 character/.test(msg(r))],
  ['other-missed', missed],
];

export function familyOf(r) {
  for (const [name, test] of FAMILIES) if (test(r)) return name;
  return undefined;
}
