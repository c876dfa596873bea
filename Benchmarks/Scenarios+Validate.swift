import DICore

extension Scenario {
    /// `validate1000`: validating a container of 1,000 components.
    ///
    /// The 100 services of `containerBuild100`, plus 900 named `Service1` components (each
    /// needing `Service0`) registered at distinct sites. The naive container cannot validate;
    /// its figure is what checking its wiring takes instead: resolving each of 1,000 entries.
    static func validate1000() -> Scenario {
        let container = DIContainer()
        registerServices(in: container)
        for index in 0..<900 {
            container.register(file: "Benchmarks/validate1000", line: UInt(index + 1), column: 1) {
                (base: Service0) in Service1(base: base)
            }
            .named("copy\(index)")
        }
        let naive = NaiveContainer()
        registerServices(in: naive)
        return Scenario(
            "validate1000",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let report = container.validate()
                    sink.consume(report as AnyObject)
                }
            },
            manual: nil,
            naive: { iterations, sink in
                for _ in 0..<iterations {
                    for _ in 0..<10 {
                        for type in serviceTypes { sink.consume(resolveAny(type, in: naive)) }
                    }
                }
            })
    }
}

/// Resolves a type known only at run time from the naive container.
func resolveAny<T: AnyObject>(_ type: T.Type, in container: NaiveContainer) -> AnyObject {
    container.resolve(type)
}

/// Resolves a type known only at run time from the library's container.
func resolveAny<T: AnyObject>(_ type: T.Type, in container: DIContainer) -> AnyObject {
    // NB: every service type of the fixtures is registered; a failure is a broken benchmark.
    try! container.resolve(type)
}
