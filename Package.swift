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
        .testTarget(name: "DICoreTests", dependencies: ["DICore"]),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["DICore"] + featureModules.map { .target(name: $0) }
        ),
        // Seeded random graphs against a reference model, factory-call counts, memory bounds.
        // `STRESS_SEED=n` replays one graph; `STRESS_ROUNDS=n` runs longer than the default.
        .testTarget(
            name: "StressTests",
            dependencies: ["DICore", "AllocatorStats"] + featureModules.map { .target(name: $0) }
        ),
        // Test support: the C allocator's count of bytes in use (glibc's mallinfo2).
        .target(name: "AllocatorStats", path: "Tests/AllocatorStats"),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["DICore", "DILifetime", "DIScopes"],
            path: "Benchmarks"
        ),
    ]
        + featureModules.map { .target(name: $0, dependencies: ["DICore"]) }
        + featureModules.map { name in
            // The hierarchy's tests need caching lifetimes to show whose cache an instance lives in.
            let extra: [Target.Dependency] = name == "DIHierarchy" ? ["DILifetime"] : []
            return .testTarget(name: "\(name)Tests", dependencies: [.target(name: name)] + extra)
        },
    swiftLanguageModes: [.v6]
)
