// swift-tools-version: 6.2
import PackageDescription

// What a request costs in a Hummingbird server wired by Syringe, against the same server wired by hand, in one
// process and without a network (Hummingbird's in-process test client): `bash Scripts/request-cost.sh`.
// A package of its own, so that the benchmark package and the library build none of Hummingbird.
let package = Package(
    name: "RequestCost",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Syringe", path: "../../", traits: ["Hummingbird"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "RequestCost",
            dependencies: [
                .product(name: "Syringe", package: "Syringe"),
                .product(name: "SyringeHummingbird", package: "Syringe"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
