// swift-tools-version: 6.1
import PackageDescription

// The runtime's cost per request: the whole chain on the stub transport, and a generated client
// against the raw transport call through each real transport to a loopback server.
//
//   swift package benchmark                      full run (figures in ../RESULTS.md)
//   RUNTIME_BENCHMARK_QUICK=1 swift package benchmark   a short run of the same
//   swift run runtime-quick                      CI's quick run: a debug build without the
//                                                benchmark package, figures printed, no limits
//   swift run -c release runtime-paired          the client against the raw call in pairs of
//                                                blocks, for overheads the noise can't hide
//   swift run -c release runtime-streaming       streams, uploads and downloads through both
//                                                transports (--quick: CI's short run)
let package = Package(
    name: "RuntimeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "StrategyKit", path: "../.."),
        // Its malloc interposer counts allocations; no jemalloc is needed.
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    ],
    targets: [
        // The generated client, the loopback server and the calls, shared by both runs.
        .target(
            name: "RuntimeSupport",
            dependencies: [
                .product(name: "StrategyKit", package: "StrategyKit"),
                .product(name: "StrategyKitAsyncHTTPClient", package: "StrategyKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]
        ),
        .executableTarget(name: "runtime-quick", dependencies: ["RuntimeSupport"]),
        .executableTarget(name: "runtime-paired", dependencies: ["RuntimeSupport"]),
        .executableTarget(
            name: "runtime-streaming",
            dependencies: [
                .product(name: "StrategyKit", package: "StrategyKit"),
                .product(name: "StrategyKitAsyncHTTPClient", package: "StrategyKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "RuntimeBenchmarks",
            dependencies: [
                "RuntimeSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "StrategyKit", package: "StrategyKit"),
                .product(name: "StrategyKitAsyncHTTPClient", package: "StrategyKit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            path: "Benchmarks/RuntimeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
