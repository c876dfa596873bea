import DIHierarchy
import DILifetime
import Synchronization
import TestSupport
import Testing

@testable import DICore

private final class Leaf: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

/// A type with a named component beside its unnamed one: the table's word for the type is the
/// candidate an unqualified resolve picks, read by the hot path as a lone candidate, and it
/// never outlives the pick (issue 39).
@Suite struct NamedHitTests {
    /// The table's word for `Leaf` in `container`: what the inlined resolve reads.
    private static func word(_ container: DIContainer) -> TypeEntry { container.localEntry(ObjectIdentifier(Leaf.self)) }

    private static func container() -> DIContainer {
        let container = DIContainer()
        container.register { Leaf(label: "unnamed") }.lifetime(.perContainer(.strong))
        container.register { Leaf(label: "other") }.named("other")
        return container
    }

    @Test func theUnnamedPickOfSeveralIsReadAsALoneCandidate() throws {
        let container = Self.container()
        let first = try container.resolve(Leaf.self)
        #expect(first.label == "unnamed")
        #expect(Self.word(container).isLoneCandidate)
        // Every other reader still finds the slot, with both candidates.
        #expect(container.entry(ObjectIdentifier(Leaf.self)).slot != nil)
        #expect(try container.resolve(Leaf.self) === first)
        #expect(try container.resolve(Leaf.self, name: "other").label == "other")
        #expect(try container.resolveAll(Leaf.self).map(\.label) == ["unnamed", "other"])
    }

    @Test func aSecondUnnamedComponentAfterAHitMakesTheResolveAmbiguous() throws {
        let container = Self.container()
        _ = try container.resolve(Leaf.self)
        container.register { Leaf(label: "second") }
        #expect(!Self.word(container).isLoneCandidate)
        let error = try #require(throws: DIError.self) { try container.resolve(Leaf.self) }
        #expect(error.code == .ambiguous)
        // Once published again, the type has no pick: its word stays the slot's.
        #expect(!Self.word(container).isLoneCandidate)
        #expect(try container.resolve(Leaf.self, name: "other").label == "other")
    }

    @Test func aDefaultRegisteredAfterAHitIsTheNewPick() throws {
        let container = Self.container()
        let first = try container.resolve(Leaf.self)
        container.register { Leaf(label: "default") }.lifetime(.perContainer(.strong)).default()
        let picked = try container.resolve(Leaf.self)
        #expect(picked.label == "default")
        #expect(Self.word(container).isLoneCandidate)
        #expect(try container.resolve(Leaf.self) === picked)
        #expect(picked !== first)
        #expect(try container.resolve(Leaf.self, name: "other").label == "other")
    }

    @Test func aDefaultSettlesAnAmbiguityMet() throws {
        let container = Self.container()
        container.register { Leaf(label: "second") }
        #expect(throws: DIError.self) { try container.resolve(Leaf.self) }
        container.register { Leaf(label: "default") }.default()
        #expect(try container.resolve(Leaf.self).label == "default")
        #expect(Self.word(container).isLoneCandidate)
    }

    @Test func aChildsOwnComponentIsItsPickAndNotItsParents() throws {
        let parent = Self.container()
        let child = DIContainer(parent: parent)
        let parents = try parent.resolve(Leaf.self)
        #expect(try child.resolve(Leaf.self) === parents)
        child.register { Leaf(label: "child") }.lifetime(.perContainer(.strong))
        child.register { Leaf(label: "child other") }.named("other")
        let childs = try child.resolve(Leaf.self)
        #expect(childs.label == "child")
        #expect(Self.word(child).isLoneCandidate)
        #expect(try child.resolve(Leaf.self) === childs)
        #expect(try child.resolve(Leaf.self, name: "other").label == "child other")
        #expect(try parent.resolve(Leaf.self) === parents)
    }

    @Test func namedComponentsRegisteredBetweenHitsKeepThePick() throws {
        let container = Self.container()
        let first = try container.resolve(Leaf.self)
        let names = 50
        for index in 0..<names {
            // Each registration drops the type's word to its slot; the next resolve publishes
            // the pick again.
            container.register { Leaf(label: "named") }.named("n\(index)")
            #expect(!Self.word(container).isLoneCandidate)
            #expect(try container.resolve(Leaf.self) === first)
            #expect(Self.word(container).isLoneCandidate)
        }
        #expect(try container.resolveAll(Leaf.self).count == names + 2)
        #expect(try container.resolve(Leaf.self, name: "n\(names - 1)").label == "named")
    }

    /// Registrations of the type while other threads hit it: each registration drops the
    /// pick and a resolve publishes it again, and every resolve gets the one unnamed instance.
    @Test func namedRegistrationsRacingHitsAlwaysGiveTheUnnamedInstance() async throws {
        let container = Self.container()
        let first = try await container.resolve(Leaf.self)
        let names = 100
        let registering = Atomic<Bool>(true)
        let wrong = await onThreads(4) { index -> Int in
            if index == 0 {
                for name in 0..<names { container.register { Leaf(label: "named") }.named("n\(name)") }
                registering.store(false, ordering: .releasing)
                return 0
            }
            var wrong = 0
            repeat {
                if (try? container.resolve(Leaf.self)) !== first { wrong += 1 }
            } while registering.load(ordering: .acquiring)
            return wrong
        }
        #expect(wrong == [0, 0, 0, 0])
        #expect(try container.resolveAll(Leaf.self).count == names + 2)
        #expect(try await container.resolve(Leaf.self) === first)
        #expect(Self.word(container).isLoneCandidate)
    }
}
