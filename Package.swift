// swift-tools-version:6.0
import PackageDescription

let featureModules = ["DILifetime", "DIScopes", "DIModules", "DIHierarchy"]

let package = Package(
    name: "DI",
    // NB: Synchronization's `Mutex` and `Atomic` need these versions.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: (["DICore"] + featureModules).map { .library(name: $0, targets: [$0]) },
    targets: [
        .target(name: "DICore"),
        // What the test targets share (counters, collectors, barriers); not a product.
        .target(name: "TestSupport", dependencies: ["DICore"], path: "Tests/TestSupport"),
        .testTarget(name: "DICoreTests", dependencies: ["DICore", "TestSupport"]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["DICore", "TestSupport"] + featureModules.map { .target(name: $0) }
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["DICore", "DILifetime", "DIScopes", "DIHierarchy", "HeapStatistics"],
            path: "Benchmarks",
            exclude: ["HeapStatistics", "generate-fixtures.sh"]
        ),
        // The allocator's count of bytes in use, for the memory scenarios (C: glibc's
        // `mallinfo2` does not reach Swift through the Glibc module).
        .target(name: "HeapStatistics", path: "Benchmarks/HeapStatistics"),
    ]
        + featureModules.map { .target(name: $0, dependencies: ["DICore"]) }
        + featureModules.map { name in
            // The hierarchy's tests need caching lifetimes to show whose cache an instance lives in.
            let extra: [Target.Dependency] = name == "DIHierarchy" ? ["DILifetime"] : []
            return .testTarget(name: "\(name)Tests", dependencies: [.target(name: name), "TestSupport"] + extra)
        },
    swiftLanguageModes: [.v6]
)
