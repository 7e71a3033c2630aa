#!/usr/bin/env python3
"""Writes the "cost at scale" apps of issue 14: one Swift package whose executable targets are generated
apps of N services, one per (variant, N), plus small probe apps that measure the code of one call site.

    python3 Benchmarks/Scale/generate.py --out .build-scale/pkg --sizes 100,500 --variants handwired,syringe

An app of N services: `final class S<i>`, each with 0-3 dependencies on earlier services, chosen by a
deterministic generator (the graph of N is a prefix of the graph of a larger N, and the same for every
variant), in files of 100. The service files are byte-identical across variants; only the wiring differs.
`main.swift` times "register everything + first resolve of everything" (monotonic clock, and the thread's
CPU time) and prints `cold_start_us=… cold_start_cpu_us=…`; the holder (container, composition root) is
kept until then, and its release is timed on its own (`teardown_us=…`): an app does not tear its
container down to start. Every resolved instance goes into a printed checksum, so nothing can be folded
away.

Probe apps (`--probe K`): K services without dependencies, in three stages: registered only (`…P1`),
registered and resolved once (`…P2`), and resolved a second time at a second call site (`…P3`). The
text-size differences divided by K are the code of a first and of a second call site of a type.

Targets are named `<Variant><N>` (`Syringe500`, `SyringeUsing2000`) and `<Variant>P<stage>`; the product
list is written to `targets.txt`, one `variant size target` per line (size `P1`…`P3` for probes).
"""
import argparse
import json
import os
import shutil

CHUNK = 100  # services per source file
VARIANTS = ["handwired", "dependencies", "swinject", "syringe", "syringe-using"]
DEFAULT_VARIANTS = ["handwired", "dependencies", "swinject", "syringe"]
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def dependency_graph(n):
    """deps[i]: the indices of the 0-3 earlier services that service i needs (sorted, distinct)."""
    graph = []
    for i in range(n):
        state = (i * 2654435761 + 0x9E3779B9) & 0xFFFFFFFF  # per index: a prefix of a larger graph

        def next_value():
            nonlocal state
            state = (state * 1103515245 + 12345) & 0x7FFFFFFF
            return state >> 8

        count = min(next_value() % 4, i)
        chosen = set()
        while len(chosen) < count:
            chosen.add(next_value() % i)
        graph.append(sorted(chosen))
    return graph


def target_name(variant, size):
    return "".join(part.capitalize() for part in variant.split("-")) + str(size)


def service_class(i, deps):
    if not deps:
        return [f"final class S{i}: Sendable {{", "    init() {}", "}"]
    lines = [f"final class S{i}: Sendable {{"]
    lines += [f"    let d{k}: S{d}" for k, d in enumerate(deps)]
    params = ", ".join(f"d{k}: S{d}" for k, d in enumerate(deps))
    assigns = "; ".join(f"self.d{k} = d{k}" for k in range(len(deps)))
    return lines + [f"    init({params}) {{ {assigns} }}", "}"]


def construct(i, deps, argument):
    """`S<i>(d0: <argument(dep)>, …)`."""
    return f"S{i}(" + ", ".join(f"d{k}: {argument(d)}" for k, d in enumerate(deps)) + ")"


def checksum_line(expression, operator="&+="):
    return f"    h {operator} UInt(bitPattern: ObjectIdentifier({expression}))"


class Wiring:
    """How one variant registers and resolves: the code around the identical service classes."""

    def __init__(self, variant):
        self.variant = variant
        self.handwired = variant == "handwired"
        self.dependencies = variant == "dependencies"
        self.swinject = variant == "swinject"
        library = variant.split("-")[0]  # "syringe-using" imports Syringe
        self.imports = {"dependencies": ["Dependencies"], "swinject": ["Swinject"], "syringe": ["Syringe"]}.get(
            library, [])
        self.holder = {"handwired": "Root", "dependencies": None}.get(variant, "Container")
        self.throws = "throws " if variant.startswith("syringe") else ""
        self.try_ = "try " if variant.startswith("syringe") else ""

    def declarations(self, i, deps):
        """Declarations per service beside its registration (swift-dependencies: a key and a property)."""
        if not self.dependencies:
            return []
        value = construct(i, deps, lambda d: f"DependencyValues._current.s{d}")
        return [
            f"enum S{i}Key: DependencyKey {{ static var liveValue: S{i} {{ {value} }} }}",
            "extension DependencyValues {",
            f"    var s{i}: S{i} {{ get {{ self[S{i}Key.self] }} set {{ self[S{i}Key.self] = newValue }} }}",
            "}",
        ]

    def register(self, i, deps):
        if self.handwired or self.dependencies:
            return []  # a lazy property of Root / a DependencyKey: nothing to do at run time
        if self.swinject:
            made = construct(i, deps, lambda d: f"r.resolve(S{d}.self)!")
            return [f"    c.register(S{i}.self) {{ {'r' if deps else '_'} in {made} }}.inObjectScope(.container)"]
        if self.variant == "syringe-using":
            return [f"    c.register(S{i}.self, scope: .singleton, using: S{i}.init)"]
        if not deps:
            return [f"    c.register(S{i}.self, scope: .singleton) {{ S{i}() }}"]
        made = construct(i, deps, lambda d: "try r.resolve()")
        return [f"    c.register(S{i}.self, scope: .singleton) {{ r in {made} }}"]

    def resolve(self, i):
        if self.handwired:
            return f"c.s{i}"
        if self.dependencies:
            return f"DependencyValues._current.s{i}"
        if self.swinject:
            return f"c.resolve(S{i}.self)!"
        return f"try c.resolve(S{i}.self)"

    def root(self, graph):
        """Handwired: the composition root, one lazy property per service, built in dependency order."""
        if not self.handwired:
            return []
        lines = ["final class Root {"]
        for i, deps in enumerate(graph):
            lines.append(f"    lazy var s{i}: S{i} = " + construct(i, deps, lambda d: f"s{d}"))
        return lines + ["}", ""]

    def make_holder(self):
        return {"Root": "Root()", "Container": "Container()"}.get(self.holder)

    def functions(self, name, indices, graph, register=True, resolve=True):
        """`register<name>(_:)` and `resolve<name>(_:)` for the services `indices`."""
        param = f"_ c: {self.holder}" if self.holder else ""
        lines = []
        registrations = [line for i in indices for line in self.register(i, graph[i])] if register else []
        if registrations:
            lines += [f"func register{name}({param}) {{"] + registrations + ["}", ""]
        if resolve:
            lines += [f"func resolve{name}({param}) {self.throws}-> UInt {{", "    var h: UInt = 0"]
            # A second call site resolves in the other order and mixes with another operator: otherwise the
            # optimiser merges the two identical functions and the second call site seems free.
            order, operator = (reversed(indices), "^=") if name.endswith("Again") else (indices, "&+=")
            lines += [checksum_line(self.resolve(i), operator) for i in order]
            lines += ["    return h", "}", ""]
        return lines

    def cold_start(self, registered, resolved):
        """`coldStart()`: make the holder, call every `register<name>`, then every `resolve<name>`; returns the
        checksum and the holder, so that its release is not part of the start."""
        argument = "c" if self.holder else ""
        lines = [f"func coldStart() {self.throws}-> (UInt, AnyObject?) {{"]
        if self.holder:
            lines.append(f"    let c = {self.make_holder()}")
        if not (self.handwired or self.dependencies):
            lines += [f"    register{name}({argument})" for name in registered]
        lines.append("    var h: UInt = 0")
        lines += [f"    h &+= {self.try_}resolve{name}({argument})" for name in resolved]
        return lines + [f"    return (h, {'c' if self.holder else 'nil'})", "}", ""]


def header(imports):
    lines = ["// Generated by Benchmarks/Scale/generate.py. Do not edit by hand.", "// swift-format-ignore-file", ""]
    return lines + [f"import {module}" for module in sorted(imports)] + ([""] if imports else [])


def main_swift(count, throws):
    """Times coldStart(): the wall time (monotonic clock) and this thread's CPU time, which preemption by
    other processes does not inflate; then the release of what it kept (the teardown, wall time)."""
    return header([]) + [
        "#if canImport(Glibc)",
        "import Glibc",
        "#elseif canImport(Musl)",
        "import Musl",
        "#elseif canImport(Darwin)",
        "import Darwin",
        "#endif",
        "",
        "func micros(_ clock: clockid_t) -> Double {",
        "    var now = timespec()",
        "    clock_gettime(clock, &now)",
        "    return Double(now.tv_sec) * 1e6 + Double(now.tv_nsec) / 1e3",
        "}",
        "",
        "_ = micros(CLOCK_MONOTONIC) + micros(CLOCK_THREAD_CPUTIME_ID)",
        "let wallStart = micros(CLOCK_MONOTONIC)",
        "let cpuStart = micros(CLOCK_THREAD_CPUTIME_ID)",
        f"var (checksum, holder) = {'try ' if throws else ''}coldStart()",
        "let cpu = micros(CLOCK_THREAD_CPUTIME_ID) - cpuStart",
        "let wall = micros(CLOCK_MONOTONIC) - wallStart",
        "let teardownStart = micros(CLOCK_MONOTONIC)",
        "holder = nil",
        "let teardown = micros(CLOCK_MONOTONIC) - teardownStart",
        "print(",
        f'    "services={count} cold_start_us=\\(wall) cold_start_cpu_us=\\(cpu) teardown_us=\\(teardown)",',
        '    "checksum=\\(checksum)", holder == nil',
        ")",
        "",
    ]


def app_files(wiring, graph, stage=2):
    """{file name: lines} of one app; stage 1: register only, 2: resolve once, 3: resolve twice."""
    files = {}
    chunks = [range(start, min(start + CHUNK, len(graph))) for start in range(0, len(graph), CHUNK)]
    registered, resolved = [], []
    for number, chunk in enumerate(chunks):
        files[f"Services{number}.swift"] = header([]) + [
            line for i in chunk for line in service_class(i, graph[i]) + [""]
        ]
        body = [line for i in chunk for line in wiring.declarations(i, graph[i])]
        body += [""] if body else []
        body += wiring.functions(str(number), chunk, graph, resolve=stage >= 2)
        registered.append(str(number))
        resolved += [str(number)] if stage >= 2 else []
        if stage >= 3:  # a second call site per service type, in functions of their own
            body += wiring.functions(f"{number}Again", chunk, graph, register=False)
            resolved.append(f"{number}Again")
        files[f"Wiring{number}.swift"] = header(wiring.imports) + body
    files["ColdStart.swift"] = header(wiring.imports) + wiring.root(graph) + wiring.cold_start(registered, resolved)
    files["main.swift"] = main_swift(len(graph), bool(wiring.throws))
    return files


def package_swift(targets, variants, syringe):
    needs = {variant.split("-")[0] for variant in variants}
    products = {
        "syringe": '.product(name: "Syringe", package: "Syringe")',
        "swinject": '.product(name: "Swinject", package: "Swinject")',
        "dependencies": '.product(name: "Dependencies", package: "swift-dependencies")',
    }
    packages = {
        "syringe": f'.package(name: "Syringe", path: "{syringe}")',
        "swinject": '.package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0")',
        "dependencies": '.package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1")',
    }
    lines = [
        "// swift-tools-version: 6.1",
        "// Generated by Benchmarks/Scale/generate.py. Do not edit by hand.",
        "import PackageDescription",
        "",
        "let package = Package(",
        '    name: "SyringeScale",',
        "    platforms: [.macOS(.v13), .iOS(.v16)],",
        "    dependencies: [",
    ]
    lines += [f"        {packages[name]}," for name in packages if name in needs]
    lines += ["    ],", "    targets: ["]
    for variant, _, target in targets:
        product = products.get(variant.split("-")[0])
        dependencies = f"[{product}]" if product else "[]"
        lines.append(f'        .executableTarget(name: "{target}", dependencies: {dependencies}),')
    lines += ["    ],", "    swiftLanguageModes: [.v6]", ")", ""]
    return lines


def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = "\n".join(lines).rstrip("\n") + "\n"
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return  # unchanged: keep the timestamp, so that SwiftPM does not rebuild
    with open(path, "w") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(REPO, ".build-scale", "pkg"), help="the package folder")
    parser.add_argument("--sizes", default="100,500,2000", help="numbers of services, comma-separated")
    parser.add_argument("--variants", default=",".join(DEFAULT_VARIANTS), help=f"of {', '.join(VARIANTS)}")
    parser.add_argument("--syringe", default=os.environ.get("SYRINGE_PATH", REPO), help="the Syringe checkout")
    parser.add_argument("--probe", type=int, default=100, help="services per call-site probe app (0: none)")
    args = parser.parse_args()

    sizes = [int(size) for size in args.sizes.split(",") if size]
    variants = [variant for variant in args.variants.split(",") if variant]
    unknown = [variant for variant in variants if variant not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant(s) {', '.join(unknown)}; known: {', '.join(VARIANTS)}")

    targets, sources = [], {}
    for variant in variants:
        wiring = Wiring(variant)
        for size in sizes:
            targets.append((variant, str(size), target_name(variant, size)))
            sources[targets[-1][2]] = app_files(wiring, dependency_graph(size))
        for stage in (1, 2, 3) if args.probe else ():
            targets.append((variant, f"P{stage}", target_name(variant, "P") + str(stage)))
            sources[targets[-1][2]] = app_files(wiring, [[] for _ in range(args.probe)], stage)

    sources_dir = os.path.join(args.out, "Sources")
    if os.path.isdir(sources_dir):
        for stale in set(os.listdir(sources_dir)) - set(sources):
            shutil.rmtree(os.path.join(sources_dir, stale))
    for target, files in sources.items():
        existing = os.path.join(sources_dir, target)
        if os.path.isdir(existing):
            for stale in set(os.listdir(existing)) - set(files):
                os.remove(os.path.join(existing, stale))
        for name, lines in files.items():
            write(os.path.join(sources_dir, target, name), lines)
    write(os.path.join(args.out, "Package.swift"), package_swift(targets, variants, os.path.abspath(args.syringe)))
    write(os.path.join(args.out, "targets.txt"), [" ".join(target) for target in targets])
    write(os.path.join(args.out, "settings.json"), [json.dumps({"probe": args.probe, "chunk": CHUNK})])
    print(f"wrote {len(targets)} apps to {args.out}")


if __name__ == "__main__":
    main()
