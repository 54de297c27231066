#!/bin/sh
# Record the platform's verdict beside each check fixture that has one
# (tests/fixtures/check/*/*/platform.txt): its `# ` lines are kept (what the
# case is, and what the prebuild does beyond the validator), the verdict
# below them is written again by platform_verdict.mjs (with --source-refs
# when the recorded command has it). tests/fixture_sites.rs checks that
# docs-lsp agrees with each recorded verdict.
#
# Usage: tools/schema/fixture_verdicts.sh NODE_MODULES
# (NODE_MODULES: a scratch folder's, after `npm install @mintlify/validation@0.1.878`).
set -eu
nm=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
for f in "$here"/../../tests/fixtures/check/*/*/platform.txt; do
  dir=$(dirname "$f")
  notes=$(grep '^# ' "$f" | grep -v 'platform_verdict.mjs' || true)
  flags=$(grep -q -- '--source-refs' "$f" && echo --source-refs || true)
  verdict=$(node "$here/platform_verdict.mjs" "$nm" "$dir/docs.json" $flags || true)
  {
    [ -n "$notes" ] && printf '%s\n' "$notes"
    echo "# node tools/schema/platform_verdict.mjs NODE_MODULES docs.json${flags:+ $flags}:"
    printf '%s\n' "$verdict"
  } > "$f"
done
