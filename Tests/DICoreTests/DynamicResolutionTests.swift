import DICore
import Testing

// A factory that resolves through a container it captured: validation and the DOT export say
// it resolves dynamically once a build of it has been seen doing so (issue 24 point 11).

private final class Engine: Sendable { init() {} }
private final class Car: Sendable {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
}
private final class Garage: Sendable { init() {} }

@Suite struct DynamicResolutionTests {
    @Test func aCapturedContainerSeenResolvingIsReportedAndDrawn() throws {
        let container = DIContainer()
        container.register(Engine.init)
        container.register { [unowned container] in Car(engine: try container.resolve(Engine.self)) }
        container.register(Garage.init)
        let car = try container.resolve(Car.self)
        _ = car.engine
        let report = container.validate()
        #expect(report.isValid)
        let finding = try #require(report.findings.first { $0.kind == .dynamicResolution })
        #expect(finding.severity == .warning)
        #expect(finding.component?.type == Car.self)
        #expect(finding.message.contains("one it captured"))
        let dot = container.graphvizDOT()
        let carLine = try #require(dot.split(separator: "\n").first { $0.contains("Car") && $0.contains("label") })
        #expect(carLine.contains("resolves dynamically"))
        // A component that resolves nothing from inside its factory is not reported.
        #expect(!report.findings.contains { $0.kind == .dynamicResolution && $0.component?.type == Garage.self })
    }

    /// Two containers registering from one line: a build seen resolving dynamically in one
    /// says nothing of the other's registration, so the other's findings do not depend on what
    /// the process resolved before (issue 36, point 9: the table was process-wide).
    @Test func aContainersFindingsIgnoreWhatAnotherContainerResolved() throws {
        func makeContainer() -> DIContainer {
            let container = DIContainer()
            container.register(Engine.init)
            container.register { [unowned container] in Car(engine: try container.resolve(Engine.self)) }
            return container
        }
        let used = makeContainer()
        let fresh = makeContainer()
        _ = try used.resolve(Car.self)
        #expect(used.validate().findings.contains { $0.kind == .dynamicResolution && $0.component?.type == Car.self })
        #expect(!fresh.validate().findings.contains { $0.kind == .dynamicResolution })
        #expect(!fresh.graphvizDOT().contains("resolves dynamically"))
    }
}
