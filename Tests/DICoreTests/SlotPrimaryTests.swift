import Testing

@testable import DICore

@Suite struct SlotPrimaryTests {
    /// A component found in a slot's primary word is built as the component it is.
    ///
    /// A reader between a slot's `markStale()` and its `publish(_:)` can find the primary
    /// component in the primary word, the one word the slot keeps of it; the resolve asks the
    /// object what it is (it once read a second word, still 0, called the component as a
    /// `Candidate<T>`, and crashed).
    @Test func aComponentFoundInThePrimaryWordAloneIsBuiltAsAComponent() throws {
        let container = DIContainer()
        container.register(Leaf.init)
        container.register(Leaf.init).named("spare")
        container.register(Branch.init)
        _ = try container.resolve(Branch.self)
        let slot = try #require(unsafe container.entry(ObjectIdentifier(Leaf.self)).slot)
        let component = unsafe slot.withObject { $0._primaryBits }
        #expect(unsafe UnsafeObjectWord<AnyCandidate>(nonzero: component)?.withObject { $0._isComponent } == true)
        // A registration marks the slot stale (its primary word 0); a publish under way has
        // stored the primary, as a reader may see it before the binding is current.
        container.register(Leaf.init).named("another")
        unsafe slot.withObject { $0._primary.store(component, ordering: .releasing) }
        let branch = try container.resolve(Branch.self)
        #expect(branch.leaf !== (try container.resolve(Leaf.self, name: "spare")))
    }
}
