import Testing

@testable import DICore

@Suite struct SlotPrimaryTests {
    /// A component found in a slot's primary word alone is built as the component it is.
    ///
    /// A reader between a slot's `markStale()` and its `publish(_:)` can find the primary
    /// component in the primary word while the component word is still 0; the resolve asks the
    /// object what it is (it called it as a `Candidate<T>`, and crashed).
    @Test func aComponentFoundInThePrimaryWordAloneIsBuiltAsAComponent() throws {
        let container = DIContainer()
        container.register(Leaf.init)
        container.register(Leaf.init).named("spare")
        container.register(Branch.init)
        _ = try container.resolve(Branch.self)
        let slot = try #require(unsafe container.entry(ObjectIdentifier(Leaf.self)).slot)
        let component = unsafe slot.withObject { $0._primaryBits }
        #expect(unsafe slot.withObject { $0._primaryBoxBits } == component)
        // A registration marks the slot stale (both words 0); a publish under way has stored
        // the primary but not yet the component word, as a reader may see it.
        container.register(Leaf.init).named("another")
        unsafe slot.withObject {
            $0._primaryBox.store(0, ordering: .releasing)
            $0._primary.store(component, ordering: .releasing)
        }
        let branch = try container.resolve(Branch.self)
        #expect(branch.leaf !== (try container.resolve(Leaf.self, name: "spare")))
    }
}
