import Foundation
import Testing

@testable import DICore

@Suite struct ActiveResolveTests {
    /// The error the tests throw through a publication.
    private static let failure = DIError(.tooDeep(limit: 1), requested: Int.self, path: [])

    @Test func aJoinSeesThePublishedStateAndThePublisherSeesItsChanges() throws {
        let container = DIContainer()
        var context = ResolutionContext(origin: container)
        defer { context.deallocateState() }
        context.firstSharedID = 7
        let slot = ActiveResolveSlot.current
        #expect(!slot.isJoinable)
        try context.published { (outer) throws(DIError) in
            #expect(ActiveResolveSlot.current.isJoinable)
            try ActiveResolveSlot.current.joining { (joined) throws(DIError) in
                #expect(joined.firstSharedID == 7)
                let sameOrigin = joined.origin === container
                #expect(sameOrigin)
                joined.firstSharedID = 8
            }
            #expect(outer.firstSharedID == 8)
        }
        #expect(context.firstSharedID == 8)
        #expect(!slot.isJoinable)
    }

    /// What a frame holding the context `inout` reads before and after user code that joins
    /// the resolve: out of line, so that the optimizer sees only an opaque call between the
    /// two reads.
    @inline(never)
    private static func readAround(_ context: inout ResolutionContext, _ userCode: () -> Void) -> (Int, Int, Bool, Bool) {
        let before = (context.firstSharedID, context.session != nil)
        userCode()
        return (before.0, context.firstSharedID, before.1, context.session != nil)
    }

    /// A join changes the state while frames up the stack hold the context `inout`: those
    /// frames must read the change, never a value the optimizer kept from before the call
    /// (with the context itself published, an `inout` the join aliased, this fails under
    /// `swift test -c release`).
    @Test func aNestedResolveChangesWhatTheOuterFrameReadsNext() throws {
        var context = ResolutionContext(origin: DIContainer())
        defer { context.deallocateState() }
        context.firstSharedID = 1
        let read = try context.published { (outer) throws(DIError) -> (Int, Int, Bool, Bool) in
            Self.readAround(&outer) {
                ActiveResolveSlot.current.joining { (joined) in
                    joined.firstSharedID = 2
                    _ = joined.sharedSession()
                }
            }
        }
        #expect(read == (1, 2, false, true))
    }

    @Test func anotherThreadSeesNoPublication() throws {
        var context = ResolutionContext(origin: DIContainer())
        defer { context.deallocateState() }
        let seen = Protected(true)
        let done = DispatchSemaphore(value: 0)
        try context.published { (_) throws(DIError) in
            let thread = Thread {
                seen.withLock { $0 = ActiveResolveSlot.current.isJoinable }
                done.signal()
            }
            thread.start()
            // The watchdog: the thread must have answered well before this.
            #expect(done.wait(timeout: .now() + 30) == .success)
        }
        #expect(seen.withLock { $0 } == false)
    }

    @Test func theSlotIsRestoredAfterAThrow() {
        var outer = ResolutionContext(origin: DIContainer())
        defer { outer.deallocateState() }
        outer.firstSharedID = 1
        var inner = ResolutionContext(origin: DIContainer())
        defer { inner.deallocateState() }
        inner.firstSharedID = 2
        let slot = ActiveResolveSlot.current
        var innerThrew = false
        var outerThrew = false
        var idAfterInnerThrow = 0
        do {
            try outer.published { (_) throws(DIError) in
                do {
                    try inner.published { (_) throws(DIError) in throw Self.failure }
                } catch {
                    innerThrew = true
                }
                // The inner publication threw: the outer one is published again.
                if slot.isJoinable {
                    idAfterInnerThrow = try slot.joining { (context) throws(DIError) -> Int in context.firstSharedID }
                }
                throw Self.failure
            }
        } catch {
            outerThrew = true
        }
        #expect(innerThrew && outerThrew)
        #expect(idAfterInnerThrow == 1)
        #expect(!slot.isJoinable)
    }

    @Test func resolvesInsideAFactoryJoinAndTheSlotIsEmptyAfterward() throws {
        let container = DIContainer()
        let joinedInFactory = Protected<[Bool]>([])
        container.register { Leaf() }
        // Weakly: a factory holding its own container strongly is a cycle the leak check reports.
        container.register { [weak container] () -> Root in
            joinedInFactory.withLock { $0.append(ActiveResolveSlot.current.isJoinable) }
            // A nested resolve through the captured container joins this one.
            let leaf = try! container!.resolve(Leaf.self)
            joinedInFactory.withLock { $0.append(ActiveResolveSlot.current.isJoinable) }
            return Root(leaf: leaf)
        }
        #expect(!ActiveResolveSlot.current.isJoinable)
        _ = try container.resolve(Root.self)
        _ = try container.resolve(Root.self)
        #expect(!ActiveResolveSlot.current.isJoinable)
        #expect(joinedInFactory.withLock { $0 } == [true, true, true, true])
    }

    @Test func joinsNestManyLevelsDeep() throws {
        var context = ResolutionContext(origin: DIContainer())
        defer { context.deallocateState() }
        let levels = 2_000
        var deepest = 0
        func descend(_ level: Int) throws(DIError) {
            try ActiveResolveSlot.current.joining { (joined) throws(DIError) in
                joined.depth += 1
                if level < levels {
                    try descend(level + 1)
                } else {
                    deepest = joined.depth
                }
                joined.depth -= 1
            }
        }
        try context.published { (_) throws(DIError) in try descend(1) }
        #expect(deepest == levels)
        #expect(context.depth == 0)
        #expect(!ActiveResolveSlot.current.isJoinable)
    }
}

private final class Leaf: Sendable {}

private final class Root: Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}
