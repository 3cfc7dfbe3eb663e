// swift-tools-version: 6.2
import PackageDescription

// The peer the generator is measured against, in a package of its own so that neither
// StrategyKit nor its users ever resolve or build it: Benchmarks/compare.sh builds its CLI in
// release and its runtime in debug here, and compiles its generated code against that runtime.
let package = Package(
    name: "Peer",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
    ],
    targets: [
        // Builds the runtime the peer's generated code imports, nothing else.
        .target(
            name: "PeerRuntime",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        ),
    ]
)
