#!/usr/bin/env bash
# Runs the benchmark package (Benchmarks/) and prints one table: per case, the median time per
# operation of each library, its ratio to the hand-written baseline and to Syringe, and the
# allocations and bytes per operation (case 8); then each library's two-thread scaling (case 7) and
# Syringe's budgets (DESIGN.md §11), each PASS or FAIL.
#
#   Scripts/benchmark-report.sh                       # every benchmark (a few minutes)
#   Scripts/benchmark-report.sh --filter ".*: 2 .*"   # other arguments go to `swift package benchmark`
#   Scripts/benchmark-report.sh --check               # exit 1 when a budget fails (default: report only)
#   Scripts/benchmark-report.sh --runs 3              # run everything 3 times: each figure is the median of the
#                                                     # runs' medians (one benchmark process each)
#   BENCHMARK_CSV=results.csv Scripts/benchmark-report.sh         # also keep the raw export
#   Scripts/benchmark-report.sh --from results.csv    # table from a kept export, without running
#
# With --check, a budget whose cases are missing from the run also fails, unless --filter, --skip
# (or --from) chose the cases. Medians of one run on a shared machine move by 10-30%, and a benchmark process
# runs in a fast or a slow mode (see the Performance article): with --runs N, each figure is the median over N
# processes, so one slow process no longer decides a verdict.
#
# Benchmarks are named "<Library>: <case> <what>" and tagged "(ops: N)", the operations one measured
# iteration does; the export holds raw values per iteration, so they are divided by N here.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
csv="$(mktemp)"
trap 'rm -f "$csv" "$csv.log"' EXIT

check=0
runs=1
from=""
partial=0
benchmark_args=()
while (($#)); do
    case "$1" in
        --check) check=1 ;;
        --runs)
            runs="${2:?--runs needs a number}"
            shift
            ;;
        --from)
            from="${2:?--from needs a file}"
            partial=1
            shift
            ;;
        --filter | --filter=* | --skip | --skip=*)
            partial=1
            benchmark_args+=("$1")
            ;;
        *) benchmark_args+=("$1") ;;
    esac
    shift
done

if [[ -n "$from" ]]; then
    cp "$from" "$csv"
else
    : >"$csv"
    for ((run = 1; run <= runs; run++)); do
        echo "Running the benchmarks (swift package --package-path Benchmarks benchmark), run $run of $runs ..." >&2
        echo "#run $run" >>"$csv"
        if ! swift package --package-path "$root/Benchmarks" benchmark \
            --format influx --path stdout --no-progress ${benchmark_args[@]+"${benchmark_args[@]}"} \
            >>"$csv" 2>"$csv.log"; then
            cat "$csv.log" "$csv" >&2
            echo "benchmark run failed" >&2
            exit 1
        fi
    done
    if [[ -n "${BENCHMARK_CSV:-}" ]]; then cp "$csv" "$BENCHMARK_CSV"; fi
fi

python3 - "$csv" "$check" "$partial" <<'PY'
import csv
import re
import statistics
import sys

LIBRARIES = ["Baseline", "Syringe", "Syringe using", "Swinject", "Dependencies"]
NAME = re.compile(r"^(?P<lib>[^:]+): (?P<case>\d+) (?P<what>.*?)(?: \((?P<tags>[^)]*)\))?$")
CHECK, PARTIAL = sys.argv[2] == "1", sys.argv[3] == "1"

samples = {}  # (case number, case title) -> library -> field -> [the median of each run, per op]
runs_seen = 0
with open(sys.argv[1], newline="") as f:
    for row in csv.reader(f):
        if row and row[0].startswith("#run "):
            runs_seen += 1
            continue
        if len(row) != 15 or row[0] == "measurement" or row[0].startswith("#"):
            continue  # build output and the CSV header
        metric, test, percentile, value = row[6], row[8], float(row[9]), float(row[10])
        if percentile != 50.0:
            continue
        m = NAME.match(test)
        if not m:
            continue
        tags = dict(t.split(": ", 1) for t in (m["tags"] or "").split(", ") if ": " in t)
        ops = float(tags.get("ops", "1"))
        field = {"Time(wallclock)": "time", "Malloc(total)": "mallocs", "Malloc(bytestotal)": "bytes"}.get(metric)
        if field:
            key = (int(m["case"]), m["what"])
            samples.setdefault(key, {}).setdefault(m["lib"], {}).setdefault(field, []).append(value / ops)

# Several runs: the median of the runs' medians (the middle one for an odd number of runs).
results = {
    key: {lib: {field: statistics.median(values) for field, values in fields.items()} for lib, fields in libs.items()}
    for key, libs in samples.items()
}
RUNS = max(runs_seen, 1)

if not results:
    sys.exit("no benchmark results found in the export")


def duration(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}" if ns / scale < 100 else f"{ns / scale:.0f} {unit}"
    return f"{ns:.3g} ns" if ns < 100 else f"{ns:.0f} ns"


def count(n):
    if n == 0:
        return "0"
    if n < 0.01:
        return "<0.01"
    return f"{n:.3g}" if n < 1000 else f"{n:,.0f}"


def ratio(a, b):
    return f"{a / b:.2f}×" if a and b else "–"


rows = [("Case", "Library", "Median/op", "vs Baseline", "vs Syringe", "Mallocs/op", "Bytes/op")]
def natural(key):
    number, what = key
    return (number, [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", what)])


for (number, what) in sorted(results, key=natural):
    libs = results[(number, what)]
    base = libs.get("Baseline", {}).get("time")
    syr = libs.get("Syringe", {}).get("time")
    ordered = [l for l in LIBRARIES if l in libs] + sorted(l for l in libs if l not in LIBRARIES)
    for i, lib in enumerate(ordered):
        r = libs[lib]
        t = r.get("time")
        rows.append((
            f"{number} {what}" if i == 0 else "",
            lib,
            duration(t) if t is not None else "–",
            ratio(t, base),
            ratio(t, syr),
            count(r["mallocs"]) if "mallocs" in r else "–",
            count(r["bytes"]) if "bytes" in r else "–",
        ))

widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
right = [False, False, True, True, True, True, True]


def line(r):
    return "| " + " | ".join(c.rjust(w) if right[i] else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))) + " |"


print(line(rows[0]))
print("|" + "|".join(("-" * (w + 1) + ":") if right[i] else ("-" * (w + 2)) for i, w in enumerate(widths)) + "|")
for r in rows[1:]:
    print(line(r))


def get(number, what, lib, field="time"):
    return results.get((number, what), {}).get(lib, {}).get(field)


# Case 7: throughput of two threads against one, per library (time per resolve on one thread divided
# by the time per resolve on two: 2.00x is perfect scaling, below 1x two threads get less done than one).
def scaling(kind, lib):
    one, two = get(7, f"{kind} singleton 1 thread", lib), get(7, f"{kind} singleton 2 threads", lib)
    return one / two if one and two else None


KINDS = (("per-thread", "a singleton per thread"), ("shared", "one shared singleton"))
scaling_rows = []
for lib in LIBRARIES:
    ratios = [scaling(kind, lib) for kind, _ in KINDS]
    if any(ratios):
        scaling_rows.append((lib,) + tuple(f"{r:.2f}×" if r else "–" for r in ratios))
if scaling_rows:
    print("\nTwo threads vs one, throughput (case 7; time per resolve on 1 thread / on 2 threads, 2.00× = perfect):")
    head = ("Library",) + tuple(title for _, title in KINDS)
    w = [max(len(r[i]) for r in [head] + scaling_rows) for i in range(3)]
    print("| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(head)) + " |")
    print("|" + "|".join(("-" * (w[i] + 2)) if i == 0 else ("-" * (w[i] + 1) + ":") for i in range(3)) + "|")
    for r in scaling_rows:
        print("| " + " | ".join(c.ljust(w[i]) if i == 0 else c.rjust(w[i]) for i, c in enumerate(r)) + " |")


# Syringe's budgets (DESIGN.md §11), from the medians of this run. A budget is a label and a function
# that returns (passed, detail), or None when its cases are not in the run.
budgets = []


def budget(label):
    def register(measure):
        budgets.append((label, measure))
        return measure
    return register


# Syringe against the hand-written baseline of the same case: (label, case, allowed time given the
# baseline's, whether the budget is a factor or a number of nanoseconds over).
for label, case, limit, factor in (
    ("singleton ≤ 4× the floor (a never-inlined function returning a +1 reference)", (2, "singleton"),
     lambda b: 4 * b, True),
    ("unique ≤ hand-written + 60 ns", (1, "unique"), lambda b: b + 60, False),
    ("graph of 10 ≤ 2.5× hand-written", (3, "graph of 10"), lambda b: 2.5 * b, True),
    ("@Injected (cached dependency) ≤ hand-written + 40 ns", (4, "property wrapper"), lambda b: b + 40, False),
):
    def versus(case=case, limit=limit, factor=factor):
        s, b = get(*case, "Syringe"), get(*case, "Baseline")
        if s and b:
            return s <= limit(b), f"{duration(s)} vs {duration(b)} " + (
                f"({s / b:.2f}×)" if factor else f"({s - b:+.0f} ns)")
    budget(label)(versus)


@budget("singleton ≥ 15× faster than Swinject and swift-dependencies")
def _():
    s = get(2, "singleton", "Syringe")
    peers = {lib: get(2, "singleton", lib) for lib in ("Swinject", "Dependencies")}
    if s and all(peers.values()):
        return (all(t >= 15 * s for t in peers.values()),
                ", ".join(f"{lib} {t / s:.0f}× ({duration(t)})" for lib, t in peers.items()))


@budget("two threads on one shared singleton ≥ 0.9× the baseline's scaling on its shared object")
def _():
    s, b = scaling("shared", "Syringe"), scaling("shared", "Baseline")
    if s and b:
        s2, b2 = get(7, "shared singleton 2 threads", "Syringe"), get(7, "shared singleton 2 threads", "Baseline")
        return s >= 0.9 * b, f"{s:.2f}× vs {b:.2f}× (on two threads: {duration(s2)} vs {duration(b2)} per resolve)"


@budget("two threads, a singleton per thread ≥ 1.6× one thread")
def _():
    s = scaling("per-thread", "Syringe")
    if s:
        b = scaling("per-thread", "Baseline")
        return s >= 1.6, f"{s:.2f}×" + (f" (baseline {b:.2f}×)" if b else "")


@budget("allocations: none for a cached resolve")
def _():
    m = get(2, "singleton", "Syringe", "mallocs")
    if m is not None:
        return m < 0.005, f"{count(m)} mallocs/op"


@budget("allocations: only the instance for a unique resolve")
def _():
    m, b = get(1, "unique", "Syringe", "mallocs"), get(1, "unique", "Baseline", "mallocs")
    mb, bb = get(1, "unique", "Syringe", "bytes"), get(1, "unique", "Baseline", "bytes")
    if None not in (m, b, mb, bb):
        return (m <= b + 0.005 and mb <= bb + 0.5,
                f"{count(m)} mallocs, {count(mb)} bytes/op; hand-written {count(b)}, {count(bb)}")


@budget("register 1,000 services ≤ 500 µs and ≤ 1 MiB")
def _():
    t, by = get(5, "register 1000", "Syringe"), get(5, "register 1000", "Syringe", "bytes")
    if t and by is not None:
        return t <= 500_000 and by <= 1 << 20, f"{duration(t)}, {by / 1024:.0f} KiB"


@budget("first resolve of each of 1,000 ≤ 1 µs on average")
def _():
    registered, both = get(5, "register 1000", "Syringe"), get(5, "register+resolve 1000", "Syringe")
    if registered and both:
        first = (both - registered) / 1000
        return first <= 1000, duration(first)


@budget("the 1,000th of 1,000 within 10% of the 1st")
def _():
    first, last = get(6, "resolve 1st of 1000", "Syringe"), get(6, "resolve 1000th of 1000", "Syringe")
    if first and last:
        return abs(last / first - 1) <= 0.10, f"{last / first:.2f}×"


for case in ((3, "graph of 10"), (9, "unique with 2 singletons")):
    @budget(f"declared (using:) ≤ 1.05× the same closures: {case[1]}")
    def _(case=case):
        d, c = get(*case, "Syringe using"), get(*case, "Syringe")
        if d and c:
            return d <= 1.05 * c, f"{duration(d)} vs {duration(c)} ({d / c:.2f}×)"


@budget("an explicit scope + 5 request-scoped services + their disposal ≤ 2× hand-written")
def _():
    s, b = get(11, "request scope of 5", "Syringe"), get(11, "request scope of 5", "Baseline")
    if s and b:
        return s <= 2 * b, f"{duration(s)} vs {duration(b)} ({s / b:.2f}×)"


@budget("the same through withScope ≤ 3× hand-written")
def _():
    s, b = get(12, "withScope of 5", "Syringe"), get(12, "withScope of 5", "Baseline")
    if s and b:
        return s <= 3 * b, f"{duration(s)} vs {duration(b)} ({s / b:.2f}×)"


@budget("each request-scoped build ≤ a unique build + 40 ns")
def _():
    s, b = get(13, "five builds in a scope", "Syringe"), get(13, "five builds in a scope", "Baseline")
    if s and b:
        over = (s - b) / 5
        return over <= 40, f"{over:+.0f} ns per build ({duration(s)} vs {duration(b)} for five, in a scope each)"


@budget("allocations: an explicit scope of 5 ≤ the 5 instances + 1")
def _():
    m, b = get(11, "request scope of 5", "Syringe", "mallocs"), get(11, "request scope of 5", "Baseline", "mallocs")
    if m is not None and b is not None:
        return m <= b + 1.005, f"{count(m)} mallocs/op; hand-written {count(b)}"


@budget("verify() of 1,000 declared registrations ≤ 1 ms")
def _():
    t = get(10, "verify 1000 declared", "Syringe")
    if t:
        return t <= 1_000_000, duration(t)


floor = get(2, "singleton", "Baseline")
if floor is not None and floor < 4:
    print(f"\nWARNING: the floor (case 2's baseline) took {duration(floor)}, about an empty call: the optimiser may"
          " have folded Kept.get()'s retain away (see Benchmarks/README.md, \"The baseline\").")
verdicts = [(label, measure()) for label, measure in budgets]
checked = [(label, v) for label, v in verdicts if v is not None]
missing = [label for label, v in verdicts if v is None]
failed = [label for label, (ok, _) in checked if not ok]
if checked:
    print(f"\nSyringe budgets (DESIGN.md §11; medians of {'this run' if RUNS == 1 else f'{RUNS} runs'}):")
    for label, (ok, detail) in checked:
        print(f"  {'PASS' if ok else 'FAIL'}  {label}: {detail}")
if missing:
    print(f"\nNot checked ({'cases not in this run' if PARTIAL else 'MISSING from a full run'}):")
    print("\n".join(f"  -     {label}" for label in missing))
print(f"\n{len(checked) - len(failed)} of {len(checked)} checked budgets pass.")
if CHECK and (failed or (missing and not PARTIAL)):
    sys.exit(f"--check: {len(failed)} budget(s) failed, {0 if PARTIAL else len(missing)} missing")
PY
