#!/bin/sh
# Prepare a scratch folder in which the platform's prebuild runs offline on a
# fixture site (prebuild_verdict.mjs). Usage: tools/overlays/setup.sh DIR
#
# @mintlify/common 1.0.1211 pins versions of its siblings the registry does
# not serve (@mintlify/validation 0.1.894, @mintlify/mdx 4.0.7, ...): the
# newest served ones are put in their place (npm overrides), and the helpers
# validation 0.1.894 has and 0.1.878 lacks (HTTP method and path-item
# helpers, none of them about overlays) are appended to its index, written
# from their use in @mintlify/common. The overlay code itself (common's
# openapi/overlay/*, prebuild's categorizeFilePaths) and the overlay schema
# (validation's openapi/overlay.js, present in 0.1.878) run unchanged.
set -eu
dir=$1
mkdir -p "$dir"
cd "$dir"
cat > package.json <<'JSON'
{"name":"prebuild-verdict","version":"1.0.0","private":true,"type":"module",
"dependencies":{"@mintlify/prebuild":"1.0.1370","@mintlify/common":"1.0.1211"},
"overrides":{"@mintlify/mdx":"4.0.6","@mintlify/validation":"0.1.878","@mintlify/models":"0.0.362","@mintlify/openapi-parser":"0.0.8"}}
JSON
npm install --ignore-scripts --no-audit --no-fund
cat >> node_modules/@mintlify/validation/dist/index.js <<'JS'

// Helpers of @mintlify/validation 0.1.894 (see tools/overlays/setup.sh).
const FIXED_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];
export const isFixedHttpMethod = (m) => typeof m === 'string' && FIXED_METHODS.includes(m);
export const isAdditionalHttpMethod = (m) => typeof m === 'string' && /^[A-Z][A-Z_-]+$/.test(m) && !FIXED_METHODS.includes(m.toLowerCase()) && m !== 'WEBHOOK';
export const parseHttpMethod = (m) => {
  if (typeof m !== 'string') return undefined;
  if (FIXED_METHODS.includes(m.toLowerCase())) return m.toLowerCase();
  return isAdditionalHttpMethod(m) ? m : undefined;
};
export const getPathItemOperations = (item) => {
  if (!item || typeof item !== 'object') return [];
  const out = FIXED_METHODS.filter((m) => item[m] && typeof item[m] === 'object').map((m) => [m, item[m]]);
  const add = item.additionalOperations;
  if (add && typeof add === 'object') for (const [m, op] of Object.entries(add)) if (isAdditionalHttpMethod(m) && op && typeof op === 'object') out.push([m, op]);
  return out;
};
export const getPathItemOperation = (item, method) => getPathItemOperations(item).find(([m]) => m === method)?.[1];
export const getComponentNameFromRef = (ref, section) => {
  const prefix = `#/components/${section}/`;
  return typeof ref === 'string' && ref.startsWith(prefix) ? ref.slice(prefix.length).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
};
export const isComponentPathItemReference = (v) => !!v && typeof v === 'object' && getComponentNameFromRef(v.$ref, 'pathItems') !== undefined;
export const resolvePathItemReference = (item, components) => {
  const name = item && getComponentNameFromRef(item.$ref, 'pathItems');
  if (name === undefined) return undefined;
  const { $ref, ...rest } = item;
  return { ...(components?.pathItems?.[name] ?? {}), ...rest };
};
JS
