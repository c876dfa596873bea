import Testing

@testable import DICore

/// What a container keeps per registration: a six-word value in its registry's array, the
/// identity and later the component in one word (`StartUpMemoryTests` measures the whole
/// container).
@Suite struct ComponentLayoutTests {
    final class Part: Sendable { init() {} }

    @Test func aRegistrationIsSixWords() {
        #expect(MemoryLayout<Registration>.size <= 6 * MemoryLayout<Int>.size)
    }

    @Test func aRegistrationKeepsItsIdentityOnceItsComponentIsMade() throws {
        let container = DIContainer()
        container.register(Part.init)
        let identity = container.withRegistry { $0.registrations[0].identity }
        _ = try container.resolve(Part.self)
        let (made, component) = container.withRegistry { ($0.registrations[0].identity, $0.registrations[0].component) }
        #expect(made === identity)
        #expect(component?.identity === identity)
    }
}
