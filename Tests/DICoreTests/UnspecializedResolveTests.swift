import DICore
import Testing

/// Types of a chain: `Hop<Origin>` needs `Hop<Then<Origin>>`, which needs ..., each its own type.
private enum Origin {}
private enum Then<Previous> {}

private protocol Hopping: Sendable {
    var next: (any Hopping)? { get }
}

private final class Hop<Level>: Hopping {
    let next: (any Hopping)?
    init(next: (any Hopping)?) { self.next = next }
}

private struct Plain: Sendable { let value: Int }

/// Registers a chain of `length` components, `Hop<Level>` first; the last needs a `Plain`
/// when `needsPlain`.
private func registerHops<Level>(_ container: DIContainer, _ level: Level.Type, length: Int, needsPlain: Bool = false) {
    if length == 1 {
        if needsPlain {
            container.register { (plain: Plain) in Hop<Level>(next: nil) }
        } else {
            container.register { Hop<Level>(next: nil) }
        }
        return
    }
    container.register { (next: Hop<Then<Level>>) in Hop<Level>(next: next) }
    registerHops(container, Then<Level>.self, length: length - 1, needsPlain: needsPlain)
}

/// Resolves a type known only at run time: the resolve runs the code not specialized for it.
private func resolveOpened(_ type: any Any.Type, in container: DIContainer) throws(DIError) -> Any {
    func open<T>(_ type: T.Type) throws(DIError) -> Any { try container.resolve(type, isolation: nil) }
    return try open(type)
}

/// A resolve whose type is only known at run time keeps its path in a fixed-size buffer of
/// its own (no `Result` metadata); these check that it resolves and reports as the
/// specialized resolve does.
@Suite struct UnspecializedResolveTests {
    @Test func aChainLongerThanTheStackFramesResolves() throws {
        let container = DIContainer()
        registerHops(container, Origin.self, length: 40)
        let root = try resolveOpened(Hop<Origin>.self, in: container)
        var hops = 1
        var next = try #require(root as? Hop<Origin>).next
        while let hop = next {
            hops += 1
            next = hop.next
        }
        #expect(hops == 40)
    }

    @Test func aValueTypeResolves() throws {
        let container = DIContainer()
        container.register { Plain(value: 7) }
        let plain = try resolveOpened(Plain.self, in: container)
        #expect((plain as? Plain)?.value == 7)
    }

    @Test func aMissingDependencyDeepInTheChainNamesItsPath() throws {
        let container = DIContainer()
        registerHops(container, Origin.self, length: 35, needsPlain: true)
        do {
            _ = try resolveOpened(Hop<Origin>.self, in: container)
            Issue.record("resolved without a Plain")
        } catch {
            #expect(error.code == .notRegistered)
            #expect(error.description.contains("Plain"))
        }
    }
}
