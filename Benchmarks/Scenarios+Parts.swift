import DICore
import DIModules

/// The instances a leaf part registers: one type per service type of `containerBuild100`.
final class PartLeaf<Service: AnyObject>: Sendable { init() {} }

/// A part that registers one component, as the leaf parts of an app do.
enum LeafPart<Service: AnyObject>: DIPart {
    static func load(container: DIContainer) {
        container.register { PartLeaf<Service>() }
    }
}

/// A leaf part per service type of `containerBuild100`.
let leafParts: [any DIPart.Type] = serviceTypes.map { leafPart(of: $0) }

private func leafPart<Service: AnyObject>(of type: Service.Type) -> any DIPart.Type { LeafPart<Service>.self }

private func registerLeaf<Service: AnyObject>(of type: Service.Type, in container: NaiveContainer) {
    container.register { _ in PartLeaf<Service>() }
}

extension Scenario {
    /// `appendParts100`: a new container and 100 one-registration parts appended, against
    /// calling their `load` directly (the hand-written column) and registering their 100
    /// components in the naive container.
    static func appendParts100() -> Scenario {
        let parts = leafParts
        return Scenario(
            "appendParts100",
            library: { iterations, sink in
                for _ in 0..<iterations {
                    let container = DIContainer()
                    for part in parts { container.append(part: part) }
                    sink.consume(container)
                }
            },
            manual: { iterations, sink in
                for _ in 0..<iterations {
                    let container = DIContainer()
                    for part in parts { part.load(container: container) }
                    sink.consume(container)
                }
            },
            naive: { iterations, sink in
                for _ in 0..<iterations {
                    let container = NaiveContainer()
                    for type in serviceTypes { registerLeaf(of: type, in: container) }
                    sink.consume(container)
                }
            })
    }
}
