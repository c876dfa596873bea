import DICore

extension Scenario {
    /// `containerBuild100`: a new container, 100 distinct registrations, one resolve.
    static func containerBuild100() -> Scenario {
        Scenario(
            "containerBuild100",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let container = DIContainer()
                    registerServices(in: container)
                    let service: Service99 = container.resolve()
                    sink.consume(service)
                }
            },
            manual: nil,
            naive: { iterations, sink in
                for _ in 0..<iterations {
                    let container = NaiveContainer()
                    registerServices(in: container)
                    sink.consume(container.resolve(Service99.self))
                }
            })
    }

    /// `containerBuild1000`: a new container, 1,000 distinct registrations, one resolve.
    static func containerBuild1000() -> Scenario {
        Scenario(
            "containerBuild1000",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let container = DIContainer()
                    registerUnits(in: container)
                    let unit: Unit999 = container.resolve()
                    sink.consume(unit)
                }
            },
            manual: nil,
            naive: { iterations, sink in
                for _ in 0..<iterations {
                    let container = NaiveContainer()
                    registerUnits(in: container)
                    sink.consume(container.resolve(Unit999.self))
                }
            })
    }

    /// `firstResolve100`: a new container, the 100 registrations of `containerBuild100`, and
    /// one resolve of each (the first resolve of every component), each compiled for its type
    /// as an application writes it.
    static func firstResolve100() -> Scenario {
        firstResolve(
            "firstResolve100",
            library: { container, sink in
                registerServices(in: container)
                resolveServices(in: container, into: sink)
            },
            naive: { container, sink in
                registerServices(in: container)
                resolveServices(in: container, into: sink)
            })
    }

    /// `firstResolve1000`: as `firstResolve100`, with the 1,000 registrations of
    /// `containerBuild1000`.
    static func firstResolve1000() -> Scenario {
        firstResolve(
            "firstResolve1000",
            library: { container, sink in
                registerUnits(in: container)
                resolveUnits(in: container, into: sink)
            },
            naive: { container, sink in
                registerUnits(in: container)
                resolveUnits(in: container, into: sink)
            })
    }

    /// A new container per iteration, given to `library` (or `naive`) to register and resolve in.
    private static func firstResolve(
        _ name: String,
        library: @escaping @Sendable (DIContainer, Sink) -> Void,
        naive: @escaping @Sendable (NaiveContainer, Sink) -> Void
    ) -> Scenario {
        Scenario(
            name,
            library: { iterations, sink in
                for _ in 0..<iterations { library(DIContainer(), sink) }
            },
            manual: nil,
            naive: { iterations, sink in
                for _ in 0..<iterations { naive(NaiveContainer(), sink) }
            })
    }
}

/// What building a container costs per registration and per first resolve, at two sizes:
/// flat costs show that neither grows with the container.
struct StartUpScaling {
    /// The number of registrations.
    let count: Int
    /// `containerBuildN / N`: one registration (with its share of one container and one resolve).
    let perRegistration: Double
    /// `(firstResolveN - containerBuildN) / (N - 1)`: the first resolve of one more component.
    let perFirstResolve: Double
    /// The same two figures for the naive container.
    let naivePerRegistration: Double
    let naivePerFirstResolve: Double

    /// The scaling at each size whose `containerBuildN` and `firstResolveN` both ran.
    static func all(in results: [ScenarioResult]) -> [StartUpScaling] {
        [100, 1000].compactMap { count in
            guard let build = results.first(where: { $0.name == "containerBuild\(count)" }),
                let first = results.first(where: { $0.name == "firstResolve\(count)" })
            else { return nil }
            let n = Double(count)
            return StartUpScaling(
                count: count,
                perRegistration: build.library.median / n,
                perFirstResolve: (first.library.median - build.library.median) / (n - 1),
                naivePerRegistration: build.naive.median / n,
                naivePerFirstResolve: (first.naive.median - build.naive.median) / (n - 1))
        }
    }
}
