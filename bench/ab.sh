#!/usr/bin/env bash
# Issue 27's budgets, two docs-lsp binaries alternating in one run (A, B, A, B, ...), so that both
# see the same machine: lspbench (../shared/tools/lspbench.mjs) on the 4 x 34 site in pull and push
# mode and on the largest real site, then `check` under hyperfine.
#   bench/ab.sh A_BIN B_BIN [ROUNDS]            (default 6 rounds)
#   PULL_ONLY=1 bench/ab.sh A_BIN B_BIN [ROUNDS] (the 4 x 34 pull keystroke alone)
# Sites: $SITE_4X34 (default /tmp/gen25kn, made by gen_site.py --pages 25000 --versions 34 if
# missing), $CREW (default the real-site set's crewAI copy), $BODIES (default /tmp/gen25kb).
# Prints each run, then the medians and ranges per binary.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED:-$here/../shared}"
A=$1
B=$2
R=${3:-6}
site="${SITE_4X34:-/tmp/gen25kn}"
crew="${CREW:-/work/qa/sites/crewAIInc__crewAI}"
bodies="${BODIES:-/tmp/gen25kb}"
out="${OUT:-$(mktemp -d)}"
lb="$shared/tools/lspbench.mjs"
[ -f "$site/docs.json" ] || python3 "$shared/tools/gen_site.py" "$site" --pages 25000 --versions 34 >/dev/null

kinds="pull"
[ -n "${PULL_ONLY:-}" ] || kinds="pull push crew"
echo "load: $(uptime)"
for r in $(seq "$R"); do
  for X in A B; do
    bin=${!X}
    for k in $kinds; do
      case $k in
        pull) node ${NODE_FLAGS:-} "$lb" --file "$site/docs.json" --completions 20 --edits 100 --pull --json -- "$bin" ;;
        push) node ${NODE_FLAGS:-} "$lb" --file "$site/docs.json" --completions 20 --edits 100 --json -- "$bin" ;;
        crew) [ -f "$crew/docs.json" ] || continue
              node "$lb" --file "$crew/docs.json" --completions 5 --edits 20 --json -- "$bin" ;;
      esac >"$out/$X-$k-$r.json" 2>/dev/null
    done
  done
done
echo "load: $(uptime)"
python3 - "$out" "$R" $kinds <<'PY'
import json, os, statistics, sys
out, rounds, kinds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def span(xs):
    return "%.2f (%.2f-%.2f)" % (statistics.median(xs), min(xs), max(xs))
for k in kinds:
    for X in "AB":
        runs = [f"{out}/{X}-{k}-{r}.json" for r in range(1, rounds + 1)]
        runs = [json.load(open(p)) for p in runs if os.path.getsize(p) > 0]
        if not runs:
            continue
        e = [d["edit_to_diagnostics"] for d in runs]
        print(f"{k:5} {X}: edit p50 {span([x['p50'] for x in e])} p99 {span([x['p99'] for x in e])}"
              f" | first {span([d['first_diagnostics']['ms'] for d in runs])} ms"
              f" | peak {span([d['memory']['total_VmHWM_MiB'] for d in runs])} MiB")
PY
[ -n "${PULL_ONLY:-}" ] && exit 0
for s in "$crew" "$bodies"; do
  [ -d "$s" ] || continue
  hyperfine -N -i -w 1 -r 10 "$A check $s" "$B check $s" 2>&1 | grep -E "Benchmark|Time|Range"
  for X in A B; do
    # `check` exits 1 when it finds errors: not a failure of the benchmark.
    /usr/bin/time -f "$X check $(basename "$s"): %e s wall, %U s user, %M KB peak" "${!X}" check "$s" >/dev/null 2>"$out/time-$X" || true
    tail -1 "$out/time-$X"
  done
done
echo "load: $(uptime)"
