// swift-tools-version: 6.1
import PackageDescription

// A package that uses StrategyKit as its users do: the build plugin turns the specs in
// Sources/BookshelfAPI into a typed client at build time, and `bookshelf` calls a server with it.
let package = Package(
    name: "Bookshelf",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "StrategyKit", path: "../.."),
    ],
    targets: [
        .target(
            name: "BookshelfAPI",
            dependencies: [.product(name: "StrategyKit", package: "StrategyKit")],
            plugins: [.plugin(name: "StrategyGenPlugin", package: "StrategyKit")]
        ),
        .executableTarget(
            name: "bookshelf",
            dependencies: ["BookshelfAPI", .product(name: "StrategyKit", package: "StrategyKit")]
        ),
    ]
)
