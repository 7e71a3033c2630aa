#!/usr/bin/env python3
"""Prints the markdown report of a measure.py run: the table of issue 14, the ratios of Syringe to the
hand-wired app and to its best peer, the code of one call site, and the issue's targets, PASS or FAIL.

    python3 Benchmarks/Scale/report.py results.json [--strict]

With --strict, exits 1 when a target fails (otherwise always 0: the report is informational).
"""
import argparse
import json
import statistics
import sys

NAMES = {
    "handwired": "hand-wired",
    "dependencies": "swift-dependencies",
    "swinject": "Swinject",
    "syringe": "Syringe",
    "syringe-using": "Syringe `using:`",
}
PEERS = ["dependencies", "swinject"]
OURS = ["syringe", "syringe-using"]
GIB_KIB = 1024 * 1024


def median(app, field):
    values = app.get(field)
    return statistics.median(values) if values else None


def number(value, decimals=None):
    """`1,234` from 100 up; below, `decimals` places if given, else 3 significant digits."""
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.{decimals}f}" if decimals is not None else f"{value:.3g}"


def ratio(a, b):
    return f"{a / b:.2f}×" if a is not None and b else "–"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target fails")
    args = parser.parse_args()
    with open(args.results) as f:
        data = json.load(f)

    apps = {(app["variant"], app["size"]): app for app in data["apps"]}
    variants = [v for v in NAMES if any(app["variant"] == v for app in data["apps"])]
    sizes = sorted({int(app["size"]) for app in data["apps"] if not app["size"].startswith("P")})
    ours = [v for v in OURS if v in variants]
    peers = [v for v in PEERS if v in variants]

    def value(variant, size, field):
        app = apps.get((variant, str(size)))
        if not app or "error" in app:
            return None
        if field == "peak_mb":
            peak = median(app, "compile_peak_kib")
            return peak / 1024 if peak is not None else None
        if field == "text_kb":
            return app["text_bytes"] / 1000 if "text_bytes" in app else None
        return median(app, field)

    def cell(size, field, decimals=None):
        return " / ".join(
            f"**{number(value(v, size, field), decimals)}**" if v in ours else number(value(v, size, field), decimals)
            for v in variants)

    meta = data["meta"]
    load = ""
    if "load_start" in meta:  # other processes on the machine: CPU times are less exact when it is busy
        load = f" (load average {meta['load_start']:.1f} at the start, {meta.get('load_end', 0):.1f} at the end)"
    out = [
        f"Measured {meta['date']} on {meta['machine']}{load}; {meta['swift']}; Syringe {meta['commit']}.",
        f"Release, whole-module; compile = the app module's swift-frontend only, median of {data['runs']} "
        f"(user+sys CPU, peak RSS); code = `.text` of the app module's objects; cold start = register all + "
        f"first resolve of all, inside the process, median of {data['starts']} fresh processes (wall time; "
        f"the thread's CPU time beside it is not inflated by other processes; the holder is released after the "
        f"clock stops, and that teardown is timed on its own); KB = 1,000 bytes.",
        "",
        f"Columns in each cell: {' / '.join(NAMES[v] for v in variants)}.",
        "",
        "| N | compile CPU (s) | compiler peak memory (MB) | app code (text, KB) | cold start (µs) | "
        "cold start, thread CPU (µs) | teardown (µs) |",
        "|--:|---|---|---|---|---|---|",
    ]
    for size in sizes:
        out.append(f"| {size:,} | {cell(size, 'compile_cpu_s', 1)} | {cell(size, 'peak_mb', 0)} | "
                   f"{cell(size, 'text_kb')} | {cell(size, 'cold_start_us')} | {cell(size, 'cold_start_cpu_us')} | "
                   f"{cell(size, 'teardown_us')} |")
    failures = [app for app in data["apps"] if "error" in app]
    if failures:
        out += ["", "Not measured (the build or the run failed): " + ", ".join(
            f"{NAMES[app['variant']]} {app['size']} ({app['error'].splitlines()[0][:100]})" for app in failures)]

    def best_peer(size, field):
        values = [value(p, size, field) for p in peers if value(p, size, field) is not None]
        return min(values) if values else None

    calls = {}  # variant -> (first call site, second call site) in bytes
    for variant in variants:
        stages = [apps.get((variant, f"P{stage}")) for stage in (1, 2, 3)]
        if all(stage and "text_bytes" in stage for stage in stages):
            count = data.get("probe", 100)
            first = (stages[1]["text_bytes"] - stages[0]["text_bytes"]) / count
            second = (stages[2]["text_bytes"] - stages[1]["text_bytes"]) / count
            calls[variant] = (first, second)

    checks = []  # (target, verdict, detail)

    def check(name, ok, detail):
        checks.append((name, "–" if ok is None else ("PASS" if ok else "FAIL"), detail))

    for ours_variant in ours:
        label = NAMES[ours_variant]
        out += ["", f"**{label}** against the hand-wired app and the best peer "
                    f"({' / '.join(NAMES[p] for p in peers) or 'none measured'}):", "",
                "| N | compile ÷ hand-wired | compile ÷ best peer | code ÷ hand-wired | code ÷ best peer | "
                "code per service over hand-wired | cold start ÷ Swinject | cold start ÷ best peer | "
                "µs per service |",
                "|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
        for size in sizes:
            mine = {f: value(ours_variant, size, f) for f in ("compile_cpu_s", "text_kb", "cold_start_us")}
            hand = {f: value("handwired", size, f) for f in mine}
            extra = (mine["text_kb"] - hand["text_kb"]) * 1000 / size if mine["text_kb"] and hand["text_kb"] else None
            per_service = mine["cold_start_us"] / size if mine["cold_start_us"] else None
            out.append(
                f"| {size:,} | {ratio(mine['compile_cpu_s'], hand['compile_cpu_s'])} | "
                f"{ratio(mine['compile_cpu_s'], best_peer(size, 'compile_cpu_s'))} | "
                f"{ratio(mine['text_kb'], hand['text_kb'])} | {ratio(mine['text_kb'], best_peer(size, 'text_kb'))} | "
                f"{number(extra)} B | {ratio(mine['cold_start_us'], value('swinject', size, 'cold_start_us'))} | "
                f"{ratio(mine['cold_start_us'], best_peer(size, 'cold_start_us'))} | {number(per_service)} |")

            def limit(name, measured, base, factor, unit=""):
                if measured is None or base is None:
                    check(f"{label}, N={size:,}: {name}", None, "not measured")
                else:
                    check(f"{label}, N={size:,}: {name}", measured <= base * factor,
                          f"{measured / base:.2f}×" if not unit else f"{measured:.3g} {unit}")

            limit("compile CPU ≤ 1.5× hand-wired", mine["compile_cpu_s"], hand["compile_cpu_s"], 1.5)
            limit("code ≤ 1.5× hand-wired", mine["text_kb"], hand["text_kb"], 1.5)
            limit("cold start ≤ 0.5× Swinject", mine["cold_start_us"], value("swinject", size, "cold_start_us"), 0.5)
            limit("cold start ≤ 2.5 µs per service", per_service, 1.0, 2.5, "µs")
        if 2000 in sizes:
            peak = value(ours_variant, 2000, "compile_peak_kib")
            check(f"{label}, N=2,000: compiler peak memory ≤ 1 GB", None if peak is None else peak <= GIB_KIB,
                  "not measured" if peak is None else f"{peak / 1024:,.0f} MB")
        else:
            check(f"{label}: compiler peak memory at N=2,000 ≤ 1 GB", None, "N=2,000 not measured")
        if ours_variant in calls:
            first = calls[ours_variant][0]
            check(f"{label}: a call site ≤ 150 B (first of its type)", first <= 150, f"{first:,.0f} B")
        else:
            check(f"{label}: a call site ≤ 150 B", None, "probe not measured")

    if calls:
        out += ["", f"Code of one call site (probe apps of {data.get('probe', 100)} services without dependencies: "
                    "registered; + resolved once; + resolved again at a second call site; differences ÷ services):",
                "", "| | first call site of a type | second call site of the same type |", "|---|--:|--:|"]
        out += [f"| {NAMES[v]} | {first:,.0f} B | {second:,.0f} B |" for v, (first, second) in calls.items()]

    if checks:
        out += ["", "Targets of issue 14:", "", "| target | result | measured |", "|---|---|---|"]
        out += [f"| {name} | {verdict} | {detail} |" for name, verdict, detail in checks]
    print("\n".join(out))
    if args.strict and any(verdict == "FAIL" for _, verdict, _ in checks):
        sys.exit(1)


if __name__ == "__main__":
    main()
