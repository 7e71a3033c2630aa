// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "SyringeBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "Syringe", path: "../"),
        // Only the "MallocInterposer" trait: the malloc counters for allocations per resolve, without
        // the Linux ARC runtime interposer (and its extra package) that the default traits add.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        .executableTarget(
            name: "SyringeBenchmarks",
            dependencies: [
                "BenchmarkFixtures",
                .product(name: "Syringe", package: "Syringe"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Benchmarks/Syringe",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
                .plugin(name: "GenerateServicesPlugin"),
            ]
        ),
        // The services of cases 1-4, 7-9 and 11-13, the hand-written code they are compared with and the request
        // scope's registrations, shared with PairedBenchmarks. Outside Benchmarks/, where ordo-one/benchmark would take an executable for a benchmark.
        .target(
            name: "BenchmarkFixtures", dependencies: [.product(name: "Syringe", package: "Syringe")], path: "Fixtures"),
        // Cases 1-4, hand-written and Syringe timed in one process (Scripts/paired-report.sh).
        .executableTarget(
            name: "PairedBenchmarks",
            dependencies: ["BenchmarkFixtures", .product(name: "Syringe", package: "Syringe")],
            path: "Paired"
        ),
        // Cases 5 and 6 need 1,000 distinct service types: generated at build time into the build folder.
        // Not under Benchmarks/, where ordo-one/benchmark would take an executable for a benchmark.
        .executableTarget(name: "GenerateServices", path: "Plugins/GenerateServices"),
        .plugin(
            name: "GenerateServicesPlugin",
            capability: .buildTool(),
            dependencies: ["GenerateServices"],
            path: "Plugins/GenerateServicesPlugin"
        ),
    ],
    swiftLanguageModes: [.v6]
)
