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
}
