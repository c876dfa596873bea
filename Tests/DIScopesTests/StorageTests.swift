import DIScopes
import Synchronization
import TestSupport
import Testing

@testable import DICore

/// A storage written the way the `DIStorage` documentation shows a user writing one.
final class DictionaryStorage: DIStorage {
    private let entries = Protected<[DIStorageKey: DIStorageEntry]>([:])

    var count: Int { entries.withLock { $0.count } }

    func entry(forKey key: DIStorageKey) -> DIStorageEntry? { entries.withLock { $0[key] } }
    func store(_ entry: DIStorageEntry, forKey key: DIStorageKey) { entries.withLock { $0[key] = entry } }
    func removeEntry(forKey key: DIStorageKey) { _ = entries.withLock { $0.removeValue(forKey: key) } }
    func removeAll() { entries.withLock { $0.removeAll() } }
}

@Suite struct StorageTests {
    @Test func userWrittenStorageBacksAScope() throws {
        let storage = DictionaryStorage()
        let scope = DIScope(name: "mine", storage: storage)
        let container = DIContainer()
        let counter = Counter()
        registerSession(in: container, scope: scope, counter: counter)
        container.register(Cart.init).lifetime(.custom(scope))

        let session = try container.resolve(Session.self)
        #expect(try container.resolve(Session.self) === session)
        _ = try container.resolve(Cart.self)
        #expect(storage.count == 2)
        #expect(counter.count == 1)

        scope.clean()
        #expect(storage.count == 0)
        #expect(try container.resolve(Session.self) !== session)
    }

    @Test func cacheStorageCountsHitsAndMisses() throws {
        let storage = DICacheStorage()
        let scope = DIScope(name: "counted", storage: storage)
        let container = DIContainer()
        registerSession(in: container, scope: scope)

        _ = try container.resolve(Session.self)
        #expect(storage.hits == 0)
        #expect(storage.misses == 2, "one look per request, one more before building")
        for _ in 0..<10 { _ = try container.resolve(Session.self) }
        #expect(storage.hits == 10)
        #expect(storage.misses == 2)
        #expect(storage.count == 1)
    }

    @Test func aNestedScopesRequestThatBuildsCountsTwoMissesInItsCacheStorage() throws {
        let storage = DICacheStorage()
        let scope = DIScope(name: "screen", storage: storage, parent: DIScope(name: "session", storage: DICacheStorage()))
        let container = DIContainer()
        registerSession(in: container, scope: scope)

        _ = try container.resolve(Session.self)
        #expect(storage.misses == 2, "one look per request, one more before building, as for a scope without a parent")
        _ = try container.resolve(Session.self)
        #expect(storage.misses == 2)
        #expect(storage.hits == 1)
    }

    @Test func cacheStorageCountsADestroyedWeakInstanceAsAMiss() throws {
        let storage = DICacheStorage()
        let scope = DIScope(name: "counted", storage: storage, policy: .weak)
        let container = DIContainer()
        registerSession(in: container, scope: scope)
        do {
            let session = try container.resolve(Session.self)
            #expect(try container.resolve(Session.self) === session)
        }
        let misses = storage.misses
        _ = try container.resolve(Session.self)
        #expect(storage.misses == misses + 2)
        #expect(storage.hits == 1)
    }

    @Test func boundedStorageKeepsTheMostRecentlyUsed() throws {
        let storage = DIBoundedStorage(capacity: 2)
        let scope = DIScope(name: "recent", storage: storage)
        let container = DIContainer()
        container.register(Session.init).lifetime(.custom(scope))
        container.register(Cart.init).lifetime(.custom(scope))
        container.register(Basket.init).lifetime(.custom(scope))

        let session = try container.resolve(Session.self)
        let cart = try container.resolve(Cart.self)
        #expect(try container.resolve(Session.self) === session)  // the session is now the most recent
        weak let evicted: Cart? = cart
        _ = consume cart
        _ = try container.resolve(Basket.self)  // evicts the cart, the least recently used
        #expect(storage.count == 2)
        #expect(evicted == nil, "the evicted instance is released")
        #expect(try container.resolve(Session.self) === session)
        #expect(storage.capacity == 2)
    }

    @Test func boundedStorageRebuildsAnEvictedInstance() throws {
        let storage = DIBoundedStorage(capacity: 1)
        let scope = DIScope(name: "recent", storage: storage)
        let container = DIContainer()
        let counter = Counter()
        registerSession(in: container, scope: scope, counter: counter)
        container.register(Cart.init).lifetime(.custom(scope))

        _ = try container.resolve(Session.self)
        _ = try container.resolve(Cart.self)
        _ = try container.resolve(Session.self)
        #expect(counter.count == 2)
        scope.clean()
        #expect(storage.count == 0)
    }

    @Test func keysAreComponentIdentities() throws {
        let storage = DictionaryStorage()
        let scope = DIScope(name: "entries", storage: storage)
        let container = DIContainer()
        container.register(Session.init).lifetime(.custom(scope))
        let session = try container.resolve(Session.self)
        let identity = try #require(container.allComponents().first?.identity)
        let key = DIStorageKey(identity)
        #expect(storage.entry(forKey: key) != nil)
        #expect(storage.count == 1)
        #expect(key.description.hasPrefix("component #"))
        _ = session
    }

    // Issue 25, point 6: a capacity of 0 trapped (SIGILL, silent in a release build).
    @Test func boundedStorageOfCapacityZeroKeepsNothing() async {
        await #expect(processExitsWith: .success) {
            let storage = DIBoundedStorage(capacity: 0)
            let scope = DIScope(name: "none kept", storage: storage)
            let container = DIContainer()
            container.register(Session.init).lifetime(.custom(scope))
            let first = try? container.resolve(Session.self)
            let second = try? container.resolve(Session.self)
            precondition(first != nil && second != nil && first !== second, "each request builds anew")
            precondition(storage.count == 0 && storage.capacity == 0)
            precondition(DIBoundedStorage(capacity: -3).capacity == 0)
        }
    }

    // Issue 25, point 4: a storage whose `entry(forKey:)` resolves the component it stores
    // recursed until the stack overflowed; the nested request is a cycle.
    @Test func storageResolvingItsOwnComponentIsACycle() async {
        await #expect(processExitsWith: .success) {
            let storage = SelfResolvingStorage()
            let scope = DIScope(name: "self-resolving", storage: storage)
            let container = DIContainer()
            storage.container.withLock { $0 = container }
            container.register(Session.init).lifetime(.custom(scope))
            let session = try? container.resolve(Session.self)
            precondition(session != nil, "the outer request builds once the nested one fails")
            let codes = storage.errors.withLock { $0 }
            precondition(!codes.isEmpty && codes.allSatisfy { $0 == .cycle }, "nested requests: \(codes)")
        }
    }
}

/// A storage whose lookup resolves the component it is asked for, and records the error.
private final class SelfResolvingStorage: DIStorage {
    let container = Protected<DIContainer?>(nil)
    let errors = Protected<[DIError.Code]>([])
    private let entries = Protected<[DIStorageKey: DIStorageEntry]>([:])

    func entry(forKey key: DIStorageKey) -> DIStorageEntry? {
        if let container = container.withLock({ $0 }) {
            do throws(DIError) {
                _ = try container.resolve(Session.self)
            } catch {
                errors.withLock { $0.append(error.code) }
            }
        }
        return entries.withLock { $0[key] }
    }
    func store(_ entry: DIStorageEntry, forKey key: DIStorageKey) { entries.withLock { $0[key] = entry } }
    func removeEntry(forKey key: DIStorageKey) { _ = entries.withLock { $0.removeValue(forKey: key) } }
    func removeAll() { entries.withLock { $0.removeAll() } }
}
