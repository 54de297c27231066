#!/usr/bin/env python3
"""Run `docs-lsp check --format json` over every extracted real site and summarise.

    tools/realsites/report.py [--bin PATH] [--sites DIR] [--timeout S] [--jobs N]
                              [--raw DIR] [--write] [--reviewed FILE]

--bin      the binary (default $DOCS_LSP, else target/release/docs-lsp of this repository)
--sites    the extracted sites (default tools/realsites/sites; extract.py writes them)
--timeout  seconds per site (default 120): a site that takes longer is reported as TIMEOUT
--raw DIR  keep each site's JSON output as DIR/<site>.json (for review)
--write    replace the reviewed report with this run's counts (after you reviewed them)

Prints errors and warnings by code and by site, the totals, and the difference from the last
reviewed report (tools/realsites/reviewed-report.txt: one line per site, severity and code with
its count; a site that timed out, crashed or printed no JSON has a `status` line instead).
Exit 0 when the counts equal the reviewed report, 1 when they differ, 2 on a usage error.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SEVERITIES = ("error", "warning")


def run_site(binary, sites, name, timeout, raw):
    path = os.path.join(sites, name)
    start = time.monotonic()
    try:
        # its own process group, so a timeout kills the whole tree
        p = subprocess.Popen(
            [binary, "check", "--format", "json", path],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        )
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            p.communicate()
            return name, {"status": "timeout"}, time.monotonic() - start
    except OSError as e:
        return name, {"status": f"cannot-run:{e.errno}"}, 0.0
    secs = time.monotonic() - start
    if raw:
        with open(os.path.join(raw, name + ".json"), "wb") as f:
            f.write(out)
    try:
        doc = json.loads(out)
    except ValueError:
        status = "crash" if p.returncode not in (0, 1) else "no-json"
        sys.stderr.write(f"{name}: exit {p.returncode}: {err.decode(errors='replace')[-500:]}\n")
        return name, {"status": status}, secs
    counts = collections.Counter()
    for d in doc.get("diagnostics", []):
        if d.get("severity") in SEVERITIES:
            counts[(d["severity"], d.get("code", "?"))] += 1
    return name, {"counts": counts}, secs


def to_lines(results):
    lines = []
    for name in sorted(results):
        r = results[name]
        if "status" in r:
            lines.append(f"{name}\tstatus\t{r['status']}\t1")
            continue
        for (sev, code), n in sorted(r["counts"].items()):
            lines.append(f"{name}\t{sev}\t{code}\t{n}")
    return lines


def parse_lines(lines):
    m = {}
    for line in lines:
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        site, sev, code, n = line.split("\t")
        m[(site, sev, code)] = int(n)
    return m


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.environ.get("DOCS_LSP", os.path.join(REPO, "target/release/docs-lsp")))
    ap.add_argument("--sites", default=os.path.join(HERE, "sites"))
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--raw", default="")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--reviewed", default=os.path.join(HERE, "reviewed-report.txt"))
    a = ap.parse_args()
    if not os.access(a.bin, os.X_OK):
        sys.exit(f"no docs-lsp binary at {a.bin} (build it: cargo build --release, or pass --bin)")
    if not os.path.isdir(a.sites):
        sys.exit(f"no sites at {a.sites} (run extract.py first)")
    names = sorted(n for n in os.listdir(a.sites) if os.path.isdir(os.path.join(a.sites, n)))
    if a.raw:
        os.makedirs(a.raw, exist_ok=True)
    results, times = {}, {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = [ex.submit(run_site, a.bin, a.sites, n, a.timeout, a.raw) for n in names]
        for f in concurrent.futures.as_completed(futs):
            name, r, secs = f.result()
            results[name], times[name] = r, secs

    by_code = collections.Counter()
    by_code_sites = collections.defaultdict(set)
    print(f"# docs-lsp check over {len(names)} sites ({a.bin})\n")
    print("## By site (errors / warnings; codes)")
    for name in names:
        r = results[name]
        if "status" in r:
            print(f"{name}: {r['status'].upper()} after {times[name]:.1f} s")
            continue
        c = r["counts"]
        e = sum(n for (s, _), n in c.items() if s == "error")
        w = sum(n for (s, _), n in c.items() if s == "warning")
        detail = ", ".join(f"{code} {n}" for (s, code), n in sorted(c.items(), key=lambda x: (x[0][0], -x[1])) if s == "error")
        print(f"{name}: {e} errors / {w} warnings ({times[name]:.2f} s){'; errors: ' + detail if detail else ''}")
        for (s, code), n in c.items():
            by_code[(s, code)] += n
            by_code_sites[(s, code)].add(name)
    print("\n## By code (count, sites)")
    for sev in SEVERITIES:
        for (s, code), n in sorted(by_code.items(), key=lambda x: -x[1]):
            if s == sev:
                print(f"{sev:8} {code:28} {n:7}  {len(by_code_sites[(s, code)]):3} sites")
    te = sum(n for (s, _), n in by_code.items() if s == "error")
    tw = sum(n for (s, _), n in by_code.items() if s == "warning")
    bad = [n for n in names if "status" in results[n]]
    print(f"\nTotal: {te} errors, {tw} warnings on {len(names)} sites"
          + (f"; {len(bad)} did not finish: {', '.join(bad)}" if bad else ""))
    slow = sorted(names, key=lambda n: -times[n])[:3]
    print("Slowest: " + ", ".join(f"{n} {times[n]:.2f} s" for n in slow))

    now = to_lines(results)
    old = parse_lines(open(a.reviewed).readlines()) if os.path.exists(a.reviewed) else {}
    new = parse_lines(now)
    print(f"\n## Difference from {os.path.relpath(a.reviewed)}")
    diffs = []
    for key in sorted(set(old) | set(new)):
        o, n = old.get(key, 0), new.get(key, 0)
        if o != n:
            diffs.append(f"{key[0]} {key[1]} {key[2]}: {o} -> {n} ({n - o:+d})")
    print("\n".join(diffs) if diffs else "none")
    if a.write:
        with open(a.reviewed, "w") as f:
            f.write("# site\tseverity\tcode\tcount  (written by report.py --write after review; see REVIEW.md)\n")
            f.write("\n".join(now) + "\n")
        print(f"wrote {a.reviewed}")
    sys.exit(1 if diffs and not a.write else 0)


if __name__ == "__main__":
    main()
