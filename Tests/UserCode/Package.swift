// swift-tools-version:6.0
// Programs written as apps and servers write them, against the package as a user depends on
// it: `../../.ci/user-code` builds each in debug and in release (whole-module and not) and runs
// it. A program checks its own results and exits non-zero when one is wrong.
import PackageDescription

// SwiftPM names a path dependency after its folder: the clone's, whatever it is called.
let root = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "DI"
let libraries: [Target.Dependency] = ["DICore", "DILifetime", "DIScopes", "DIModules", "DIHierarchy"].map {
    .product(name: $0, package: root)
}

let package = Package(
    name: "UserCode",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(path: "../..")],
    targets: [
        // Async factories and awaited resolves, with awaits before and after them.
        .executableTarget(name: "AsyncServer", dependencies: libraries),
        // @MainActor view models and services, resolved on and off the main actor.
        .executableTarget(name: "MainActorApp", dependencies: libraries),
        // Implementations exposed and injected as class-bound protocols.
        .executableTarget(name: "ProtocolInjection", dependencies: libraries),
        // Parts, frameworks, child containers and scopes.
        .executableTarget(name: "ModulesApp", dependencies: libraries),
        // The README's quick start, pasted as a main.swift.
        .executableTarget(name: "ReadmeQuickStart", dependencies: libraries),
        // An app of Swinject's idioms, moved over by the "Coming from Swinject" article's rules.
        .executableTarget(name: "PortedFromSwinject", dependencies: libraries),
        // An app of DITranquillity's idioms, moved over by its article's rules.
        .executableTarget(name: "PortedFromDITranquillity", dependencies: libraries),
        // A Swift 5 mode client, set up as the README says.
        .executableTarget(
            name: "Swift5App",
            dependencies: libraries,
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("InferSendableFromCaptures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
