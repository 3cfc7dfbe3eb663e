// swift-tools-version: 6.2
import PackageDescription

// 6.2: the lowest whose compiler accepts every feature used. The runtime's `Callbacks.swift`
// uses `nonisolated(nonsending)` (SE-0461, Swift 6.2); typed throws (Swift 6.0) and the
// manifest's APIs (build-tool and command plugins) are older. The runtime's one dependency,
// swift-http-types 1.8, declares 6.1; swift-log 1.16, swift-metrics 2.13 and
// swift-distributed-tracing 1.7, which the StrategyKitObservability product uses (and the
// AsyncHTTPClient transport, tracing), declare 6.2 too.

let package = Package(
    name: "StrategyKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "StrategyKit", targets: ["StrategyKit"]),
        .library(name: "StrategyKitObservability", targets: ["StrategyKitObservability"]),
        .library(name: "StrategyKitAsyncHTTPClient", targets: ["StrategyKitAsyncHTTPClient"]),
        .executable(name: "strategy-gen", targets: ["strategy-gen"]),
        .plugin(name: "StrategyGenPlugin", targets: ["StrategyGenPlugin"]),
        .plugin(name: "StrategyGenCommandPlugin", targets: ["StrategyGenCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Test-only: property-based tests of the generator.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The runtime every generated client compiles against: swift-http-types is its only
        // dependency.
        .target(
            name: "StrategyKit",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")]
        ),

        // Middlewares that log to swift-log, count and time with swift-metrics and trace with
        // swift-distributed-tracing, in a product of their own so only their users build those.
        .target(
            name: "StrategyKitObservability",
            dependencies: [
                "StrategyKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),

        // A transport on AsyncHTTPClient, in a product of its own so only its users build it.
        .target(
            name: "StrategyKitAsyncHTTPClient",
            dependencies: [
                "StrategyKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),

        // Spec model, YAML loader, validation, code model and renderer. Not a product: the
        // generator's API is not public; it is reached through `strategy-gen` and the plugins.
        .target(
            name: "StrategyGenerator",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),

        // The command-line tool; a thin layer over StrategyGenerator.
        .executableTarget(
            name: "strategy-gen",
            dependencies: [
                "StrategyGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Runs strategy-gen at build time for every spec file in the target that uses it.
        .plugin(
            name: "StrategyGenPlugin",
            capability: .buildTool(),
            dependencies: ["strategy-gen"]
        ),

        // `swift package generate-strategies`: writes generated clients into the package, for committing.
        .plugin(
            name: "StrategyGenCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "generate-strategies",
                    description: "Write the clients generated from each target's specs into its Generated folder."
                ),
                permissions: [.writeToPackageDirectory(reason: "The generated client is written into each target's Generated folder.")]
            ),
            dependencies: ["strategy-gen"]
        ),

        // A real HTTP/1.1 server on a loopback port, for tests.
        .target(name: "TestServer", dependencies: ["StrategyKit", "StrategyKitAsyncHTTPClient"], path: "Tests/TestServer"),

        .testTarget(
            name: "StrategyKitTests",
            dependencies: [
                "StrategyKit", "StrategyKitObservability", "StrategyKitAsyncHTTPClient", "TestServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "StrategyGeneratorTests",
            // StrategyKit is built so generated code can be type-checked against it, and
            // StrategyKitObservability for the README's use of it.
            dependencies: [
                "StrategyGenerator", "StrategyKit", "StrategyKitObservability",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Its client is generated at build time from the spec file in its folder.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["StrategyKit", "StrategyKitAsyncHTTPClient", "TestServer"],
            plugins: ["StrategyGenPlugin"]
        ),
    ]
)
