#!/usr/bin/env python3
"""Builds the apps that generate.py wrote and measures each one; writes the results as JSON.

    python3 Benchmarks/Scale/measure.py --package .build-scale/pkg --runs 3 --starts 5 --out results.json

Per app (one executable target of the generated package):
- compile: `swift build -c release -v --product <app>` builds the dependencies and the app; the app
  module's own `swift-frontend` command (whole-module, -O, as SwiftPM runs it) is taken from that log and
  run again `--runs` times under `/usr/bin/time`: user+sys CPU seconds and peak RSS (KiB) of the compiler.
  Once every app is built, the compiles run in rounds, each app once per round, so that a change of load
  during the measurement falls on every app alike. The dependencies are never timed.
- code: the sizes of the `.text*` sections of the app module's object files (`size -A`).
- cold start: the app run `--starts` times, each a fresh process; each prints the microseconds that
  "register everything + first resolve of everything" took, measured inside with the monotonic clock
  (wall) and with the thread's CPU clock (which being preempted by other processes does not inflate).
Probe apps (size P1/P2/P3) are built and sized only.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shlex
import statistics
import subprocess
import sys
import tempfile


def log(message):
    print(message, file=sys.stderr, flush=True)


def frontend_command(build_log, target):
    """The app module's swift-frontend command from a verbose build log, or None if it was not compiled."""
    for line in build_log.splitlines():
        words = line.split()
        if words and words[0].endswith("swift-frontend") and "-c" in words and f"-module-name {target} " in line:
            return shlex.split(line)
    return None


def timed_command(command, scratch):
    """The frontend command with the driver's temporary output map replaced by a module path of our own."""
    result, words = [], iter(command)
    for word in words:
        if word == "-supplementary-output-file-map":
            next(words)  # a temporary file of the driver, gone after the build
            result += ["-emit-module-path", os.path.join(scratch, "App.swiftmodule")]
        else:
            result.append(word)
    return result


def build(package, target, cache_dir):
    """Builds the app (and what it needs); returns its frontend command, from the log or from the cache."""
    cache = os.path.join(cache_dir, f"{target}.command.json")
    for attempt in range(2):
        process = subprocess.run(
            ["swift", "build", "-c", "release", "-v", "--product", target],
            cwd=package, capture_output=True, text=True)
        if process.returncode != 0:
            errors = [line for line in process.stdout.splitlines() if "error:" in line][:5]
            raise RuntimeError("\n".join(errors) or process.stderr.strip()[-2000:] or "swift build failed")
        command = frontend_command(process.stdout + process.stderr, target)
        if command:
            with open(cache, "w") as f:
                json.dump(command, f)
            return command
        if os.path.exists(cache):
            with open(cache) as f:
                return json.load(f)
        # Up to date and no command kept: make SwiftPM compile the app module once more.
        os.utime(os.path.join(package, "Sources", target, "main.swift"))
    raise RuntimeError(f"no swift-frontend command for {target} in the build log")


def time_compile(package, command, runs, scratch):
    """[(cpu seconds, wall seconds, peak KiB)] of `runs` runs of the frontend command."""
    samples = []
    report = os.path.join(scratch, "time.txt")
    for _ in range(runs):
        process = subprocess.run(
            ["/usr/bin/time", "-f", "%U %S %e %M", "-o", report] + timed_command(command, scratch),
            cwd=package, capture_output=True, text=True)
        if process.returncode != 0:
            raise RuntimeError(process.stderr.strip()[-2000:] or "the frontend failed")
        with open(report) as f:
            user, system, wall, peak = f.read().split()[-4:]
        samples.append((float(user) + float(system), float(wall), int(peak)))
    return samples


def objects(command, bin_dir, target):
    if command:
        outputs = [command[i + 1] for i, word in enumerate(command) if word == "-o"]
        if outputs:
            return outputs
    folder = os.path.join(bin_dir, f"{target}.build")
    return [os.path.join(folder, name) for name in sorted(os.listdir(folder)) if name.endswith(".o")]


def text_bytes(paths):
    """The summed size of the `.text` sections (and `.text.*`, one per function when split) of `paths`."""
    output = subprocess.run(["size", "-A"] + paths, capture_output=True, text=True, check=True).stdout
    total = 0
    for line in output.splitlines():
        parts = line.split()
        if len(parts) >= 2 and (parts[0] == ".text" or parts[0].startswith(".text.")):
            total += int(parts[1])
    return total


def cold_starts(binary, starts):
    """([wall µs], [CPU µs], [teardown µs]) of `starts` runs of the app, each a fresh process."""
    walls, cpus, teardowns = [], [], []
    for _ in range(starts):
        process = subprocess.run([binary], capture_output=True, text=True)
        match = re.search(
            r"cold_start_us=([0-9.e+-]+) cold_start_cpu_us=([0-9.e+-]+) teardown_us=([0-9.e+-]+)", process.stdout)
        if process.returncode != 0 or not match:
            raise RuntimeError(f"{binary} failed: {process.stdout}{process.stderr}"[-2000:])
        walls.append(float(match.group(1)))
        cpus.append(float(match.group(2)))
        teardowns.append(float(match.group(3)))
    return walls, cpus, teardowns


def machine():
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
            cpu = names[0] if names else cpu
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {cpu}, {os.cpu_count()} cores"


def describe(syringe):
    def git(*args):
        process = subprocess.run(["git", "-C", syringe] + list(args), capture_output=True, text=True)
        return process.stdout.strip() if process.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    sources = git("log", "-1", "--format=%h", "--", "Sources", "Package.swift")
    if sources and sources != commit:
        commit += f" (library sources as of {sources})"
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", "Sources", "Package.swift")
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return {
        "date": datetime.date.today().isoformat(),
        "syringe": os.path.abspath(syringe),
        "commit": commit + (" (with uncommitted changes)" if dirty else ""),
        "machine": machine(),
        "swift": next((line for line in swift if "Swift version" in line), "unknown"),
        "load_start": os.getloadavg()[0],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--package", required=True, help="the package generate.py wrote")
    parser.add_argument("--runs", type=int, default=3, help="compiles per app (the median is reported)")
    parser.add_argument("--starts", type=int, default=5, help="fresh processes per app (median)")
    parser.add_argument("--syringe", default=".", help="the Syringe checkout (for the commit in the report)")
    parser.add_argument("--out", required=True, help="where to write the JSON results")
    args = parser.parse_args()

    package = os.path.abspath(args.package)
    with open(os.path.join(package, "targets.txt")) as f:
        targets = [line.split() for line in f if line.strip()]
    bin_dir = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=package, capture_output=True, text=True,
        check=True).stdout.strip()
    cache_dir = os.path.join(package, ".commands")
    os.makedirs(cache_dir, exist_ok=True)

    with open(os.path.join(package, "settings.json")) as f:
        settings = json.load(f)
    results = {"meta": describe(args.syringe), "runs": args.runs, "starts": args.starts, "apps": []}
    results["probe"] = settings["probe"]
    with tempfile.TemporaryDirectory(prefix="syringe-scale-") as scratch:
        # Build every app first, then compile them in rounds (each app once per round, in turn), so that a
        # change of the machine's load shifts every app's samples alike instead of one app's.
        commands = {}
        for variant, size, target in targets:
            app = {"variant": variant, "size": size, "target": target}
            results["apps"].append(app)
            try:
                log(f"{target}: building")
                commands[target] = build(package, target, cache_dir)
                app["text_bytes"] = text_bytes(objects(commands[target], bin_dir, target))
            except (RuntimeError, subprocess.CalledProcessError, OSError) as error:
                app["error"] = str(error)
                log(f"{target}: FAILED\n{error}")
        timed = [app for app in results["apps"] if "error" not in app and not app["size"].startswith("P")]
        for round_ in range(args.runs):
            log(f"compile round {round_ + 1} of {args.runs}: {', '.join(app['target'] for app in timed)}")
            for app in list(timed):
                try:
                    (cpu, wall, peak), = time_compile(package, commands[app["target"]], 1, scratch)
                except (RuntimeError, OSError) as error:
                    app["error"] = str(error)
                    log(f"{app['target']}: FAILED\n{error}")
                    timed.remove(app)
                    continue
                app.setdefault("compile_cpu_s", []).append(cpu)
                app.setdefault("compile_wall_s", []).append(wall)
                app.setdefault("compile_peak_kib", []).append(peak)
        for app in timed:
            target = app["target"]
            try:
                walls, cpus, teardowns = cold_starts(os.path.join(bin_dir, target), args.starts)
                app["cold_start_us"], app["cold_start_cpu_us"], app["teardown_us"] = walls, cpus, teardowns
                log(f"{target}: {statistics.median(app['compile_cpu_s']):.1f} s, "
                    f"{statistics.median(app['compile_peak_kib']) / 1024:.0f} MB, {app['text_bytes']} B, "
                    f"{statistics.median(app['cold_start_us']):.0f} µs, "
                    f"teardown {statistics.median(app['teardown_us']):.0f} µs")
            except (RuntimeError, subprocess.CalledProcessError, OSError) as error:
                app["error"] = str(error)
                log(f"{target}: FAILED\n{error}")
        results["meta"]["load_end"] = os.getloadavg()[0]
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)

if __name__ == "__main__":
    main()
