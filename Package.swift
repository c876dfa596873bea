// swift-tools-version:6.2
import PackageDescription

let featureModules = ["DILifetime", "DIScopes", "DIModules", "DIHierarchy"]
// The compiler guards the unsafe code: each use of an unsafe construct is marked `unsafe`.
let strictMemorySafety: [SwiftSetting] = [.strictMemorySafety()]

let package = Package(
    name: "DI",
    // NB: Synchronization's `Mutex` and `Atomic` need these versions.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: (["DICore"] + featureModules).map { .library(name: $0, targets: [$0]) },
    targets: [
        .target(name: "DICore", swiftSettings: strictMemorySafety),
        // What the test targets share (counters, collectors, barriers); not a product.
        .target(name: "TestSupport", dependencies: ["DICore"], path: "Tests/TestSupport"),
        // DIHierarchy: a few tests of what DICore does for a chain (lookups, hints, the DOT export).
        .testTarget(name: "DICoreTests", dependencies: ["DICore", "DIHierarchy", "TestSupport"]),
        // Each primitive of `Sources/DICore/Runtime/` on its own: a model test, a race test.
        .testTarget(name: "RuntimeTests", dependencies: ["DICore", "TestSupport"]),
        .testTarget(
            name: "IntegrationTests",
            // The fixture is a dependency so that the test build builds it; the tests run it.
            dependencies: ["DICore", "TestSupport", "TopLevelAwait", "Swift5Client"]
                + featureModules.map { .target(name: $0) }
        ),
        // A Swift 5-mode client set up as the documentation says: it must build without warnings.
        .target(
            name: "Swift5Client",
            dependencies: ["DICore"],
            path: "Tests/Fixtures/Swift5Client",
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("InferSendableFromCaptures")]
        ),
        // A main.swift that awaits at the top level, run by `TopLevelAwaitTests`.
        .executableTarget(name: "TopLevelAwait", dependencies: ["DICore"], path: "Tests/Fixtures/TopLevelAwait"),
        // Seeded random graphs against a reference model, factory-call counts, memory bounds.
        // `STRESS_SEED=n` replays one graph; `STRESS_ROUNDS=n` runs longer than the default.
        .testTarget(
            name: "StressTests",
            dependencies: ["DICore", "AllocatorStats", "TestSupport"] + featureModules.map { .target(name: $0) }
        ),
        // Test support: the C allocator's count of bytes in use (glibc's mallinfo2).
        .target(name: "AllocatorStats", path: "Tests/AllocatorStats"),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["DICore", "DILifetime", "DIScopes", "DIModules", "DIHierarchy", "HeapStatistics"],
            path: "Benchmarks",
            exclude: [
                "HeapStatistics", "generate-fixtures.sh", "compile-time.sh", "update-readme.sh", "baseline.json",
            ]
        ),
        // The allocator's count of bytes in use, for the memory scenarios (C: glibc's
        // `mallinfo2` does not reach Swift through the Glibc module).
        .target(name: "HeapStatistics", path: "Benchmarks/HeapStatistics"),
    ]
        + featureModules.map { .target(name: $0, dependencies: ["DICore"], swiftSettings: strictMemorySafety) }
        + featureModules.map { name in
            // The hierarchy's tests need caching lifetimes to show whose cache an instance lives
            // in; DIScopes' tests, to rank a scope among them; DIModules' tests, a child to show
            // an import's framework appended upstream.
            let extra: [Target.Dependency] =
                ["DIHierarchy": ["DILifetime"], "DIScopes": ["DILifetime"], "DIModules": ["DIHierarchy"]][name] ?? []
            return .testTarget(name: "\(name)Tests", dependencies: [.target(name: name), "TestSupport"] + extra)
        },
    swiftLanguageModes: [.v6]
)
