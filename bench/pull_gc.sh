#!/usr/bin/env bash
# The 4 x 34 pull keystroke (as bench/ab.sh runs it), with the benchmark client's own garbage
# collections marked: lspbench (../shared/tools/lspbench.mjs) copied and patched here to watch its
# Node process's GC (perf_hooks 'gc' entries) and to tell which edits had one during their
# edit -> diagnostics window. On the 2-core machine a collection of the client (it rebuilds its
# 4 MB text and 73,000 lines on each edit) takes a core from the server: those edits are the slow
# ones. Prints, per binary, p50/p99 over all edits and over the edits with no client GC.
#   bench/pull_gc.sh A_BIN [B_BIN] [ROUNDS]     (default 4 rounds, 100 edits each; $NODE_FLAGS: the
#   client's Node options, none by default, bench/ab.sh's to see what its client still collects)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$here/../shared}"
A=$1
B=${2:-$1}
R=${3:-4}
site="${SITE_4X34:-/tmp/gen25kn}"
out="${OUT:-$(mktemp -d)}"
[ -f "$site/docs.json" ] || python3 "$shared/tools/gen_site.py" "$site" --pages 25000 --versions 34 >/dev/null
python3 - "$shared/tools/lspbench.mjs" "$out/lspbench-gc.mjs" <<'PY'
import sys
s = open(sys.argv[1]).read()
def patch(old, new):
    global s
    if old not in s:
        sys.exit(f"lspbench.mjs changed: cannot find {old!r}")
    s = s.replace(old, new, 1)
patch("import { pathToFileURL } from 'node:url';",
      "import { pathToFileURL } from 'node:url';\nimport { PerformanceObserver } from 'node:perf_hooks';\n"
      "const gcs = [];\nnew PerformanceObserver((l) => { for (const e of l.getEntries()) gcs.push([e.startTime, e.startTime + e.duration]); }).observe({ entryTypes: ['gc'] });")
patch("  const eLat = [];", "  const eLat = []; const eWin = [];")
patch("    eLat.push(performance.now() - t);", "    eLat.push(performance.now() - t); eWin.push([t, performance.now()]);")
patch("  result.edit_to_diagnostics = { edit_at: at, ...stats(eLat) };",
      "  await new Promise((s) => setTimeout(s, 50));\n"
      "  const hit = eWin.map(([a, b]) => gcs.some(([c, d]) => c < b && d > a));\n"
      "  result.edit_to_diagnostics = { edit_at: at, ...stats(eLat), with_gc: hit.filter(Boolean).length, no_gc: stats(eLat.filter((_, i) => !hit[i])) };")
open(sys.argv[2], "w").write(s)
PY
echo "load: $(uptime)"
for r in $(seq "$R"); do
  for X in A B; do
    node ${NODE_FLAGS:-} "$out/lspbench-gc.mjs" --file "$site/docs.json" --completions 0 --edits 100 --pull --json -- "${!X}" >"$out/$X-$r.json" 2>/dev/null
  done
done
echo "load: $(uptime)"
python3 - "$out" "$R" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def span(xs):
    return "%.2f (%.2f-%.2f)" % (statistics.median(xs), min(xs), max(xs))
for X in "AB":
    e = [json.load(open(f"{out}/{X}-{r}.json"))["edit_to_diagnostics"] for r in range(1, rounds + 1)]
    print(f"{X}: all edits p50 {span([x['p50'] for x in e])} p99 {span([x['p99'] for x in e])}"
          f" | no client GC p50 {span([x['no_gc']['p50'] for x in e])} p99 {span([x['no_gc']['p99'] for x in e])}"
          f" | edits with a client GC {span([x['with_gc'] for x in e])}")
PY
