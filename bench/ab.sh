#!/usr/bin/env bash
# Issue 27's budgets, two docs-lsp binaries alternating in one run (A, B, A, B, ...), so that both
# see the same machine: lspbench (../shared/tools/lspbench.mjs) on the 4 x 34 site in pull and push
# mode and on the largest real site, then `check` under hyperfine.
#   bench/ab.sh A_BIN B_BIN [ROUNDS]            (default 6 rounds)
#   PULL_ONLY=1 bench/ab.sh A_BIN B_BIN [ROUNDS] (the 4 x 34 pull keystroke alone)
# Sites: $SITE_4X34 (default /tmp/gen25kn, made by gen_site.py --pages 25000 --versions 34 if
# missing), $CREW (default the real-site set's crewAI copy), $BODIES (default /tmp/gen25kb).
# Prints each run, then the medians and ranges per binary.
# The benchmark client is Node, and on a 2-core machine its own garbage collections took a core
# from the server: it rebuilds its 4 MB text and 73,000 lines on each edit, so it scavenged every
# one or two edits and marked its whole heap every seventh, on helper threads, and those edits were
# the slow ones (bench/pull_gc.sh). So the client runs with a young generation the size of a few
# edits' garbage and its collections on its own thread ($NODE_FLAGS, default below; NODE_FLAGS=""
# for Node's defaults, as sessions before 23 measured). Both binaries see the same client.
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
client="${NODE_FLAGS---max-semi-space-size=64 --single-threaded-gc}"
[ -f "$site/docs.json" ] || python3 "$shared/tools/gen_site.py" "$site" --pages 25000 --versions 34 >/dev/null

kinds="pull"
[ -n "${PULL_ONLY:-}" ] || kinds="pull push crew"
echo "load: $(uptime)"
echo "client: node $client"
for r in $(seq "$R"); do
  for X in A B; do
    bin=${!X}
    for k in $kinds; do
      case $k in
        pull) node $client "$lb" --file "$site/docs.json" --completions 20 --edits 100 --pull --json -- "$bin" ;;
        push) node $client "$lb" --file "$site/docs.json" --completions 20 --edits 100 --json -- "$bin" ;;
        crew) [ -f "$crew/docs.json" ] || continue
              node $client "$lb" --file "$crew/docs.json" --completions 5 --edits 20 --json -- "$bin" ;;
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
  # One warm-up each, then ten runs each, alternating (hyperfine -N -i when installed; the same
  # loop in Python where it is not: a fresh machine has none).
  if command -v hyperfine >/dev/null; then
    hyperfine -N -i -w 1 -r 10 "$A check $s" "$B check $s" 2>&1 | grep -E "Benchmark|Time|Range"
  else
    python3 - "$A" "$B" "$s" <<'PY'
import statistics, subprocess, sys, time
a, b, site = sys.argv[1:]
runs = {a: [], b: []}
for r in range(11):
    for x in (a, b):
        t = time.perf_counter()
        subprocess.run([x, "check", site], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r:
            runs[x].append((time.perf_counter() - t) * 1000)
for name, x in (("A", a), ("B", b)):
    v = runs[x]
    print(f"{name} check {site}: {statistics.mean(v):.1f} ± {statistics.stdev(v):.1f} ms"
          f" (median {statistics.median(v):.1f}, {min(v):.1f}-{max(v):.1f}, 10 runs)")
PY
  fi
  for X in A B; do
    # `check` exits 1 when it finds errors: not a failure of the benchmark.
    /usr/bin/time -f "$X check $(basename "$s"): %e s wall, %U s user, %M KB peak" "${!X}" check "$s" >/dev/null 2>"$out/time-$X" || true
    tail -1 "$out/time-$X"
  done
done
echo "load: $(uptime)"
