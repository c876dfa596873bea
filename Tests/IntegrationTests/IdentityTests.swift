import DICore
import DIHierarchy
import DILifetime
import DIScopes
import Dispatch
import Synchronization
import Testing

// Types registered through one generic helper line. Each test has its own types, so tests
// running in parallel never share a process-wide instance by accident.
private protocol IdentityPlugin: AnyObject, SendableMetatype { var name: String { get } }
private final class LoopPlugin: IdentityPlugin {
    let name: String
    init(name: String) { self.name = name }
}
private final class SharedLoopPlugin: IdentityPlugin {
    let name: String
    init(name: String) { self.name = name }
}
private final class HierarchyPlugin: IdentityPlugin {
    let name: String
    init(name: String) { self.name = name }
}
private final class HelperA: Sendable { init() {} }
private final class HelperB: Sendable { init() {} }

/// Counts factory runs; one per test.
private final class Runs: Sendable {
    private let value = Atomic(0)
    var count: Int { value.load(ordering: .relaxed) }
    func add() { value.add(1, ordering: .relaxed) }
}

/// A helper an app writes: one registration line for every type it is called with.
private func registerCached<T>(_ container: DIContainer, _ lifetime: DIComponentLifetime, _ make: @escaping @Sendable () -> T) {
    container.register(make).lifetime(lifetime)
}

/// Registers a plugin per name from one line, as an app's loop does; each test passes its
/// own plugin type, so tests running in parallel never share a `.perRun` instance.
private func registerPlugins<P: IdentityPlugin>(
    _ container: DIContainer, _ names: [String], runs: Runs? = nil, lifetime: DIComponentLifetime = .prototype,
    _ make: @escaping @Sendable (String) -> P
) {
    for name in names {
        container.register { () -> P in
            runs?.add()
            return make(name)
        }
        .as((any IdentityPlugin).self)
        .lifetime(lifetime)
    }
}

@Suite struct IdentityTests {
    @Test func aLoopRegistersOneComponentPerCall() throws {
        let container = DIContainer()
        registerPlugins(container, ["a", "b", "c"]) { LoopPlugin(name: $0) }
        #expect(try container.resolveAll((any IdentityPlugin).self).map(\.name) == ["a", "b", "c"])
        #expect(container.validate().errors.isEmpty)
    }

    @Test func aGenericHelperKeepsEveryTypeInOneContainer() throws {
        let container = DIContainer()
        registerCached(container, .perContainer(.strong)) { HelperA() }
        registerCached(container, .perContainer(.strong)) { HelperB() }
        #expect(try container.resolve(HelperA.self) === container.resolve(HelperA.self))
        #expect(try container.resolve(HelperB.self) === container.resolve(HelperB.self))
        #expect(container.validate().isValid)
    }

    @Test func oneLineRunForTwoContainersIsOneComponentPerCall() throws {
        let runs = Runs()
        let first = DIContainer()
        let second = DIContainer()
        registerPlugins(first, ["x", "y"], runs: runs, lifetime: .perRun(.strong)) { SharedLoopPlugin(name: $0) }
        registerPlugins(second, ["x", "y"], runs: runs, lifetime: .perRun(.strong)) { SharedLoopPlugin(name: $0) }
        let fromFirst = try first.resolveAll((any IdentityPlugin).self)
        let fromSecond = try second.resolveAll((any IdentityPlugin).self)
        #expect(fromFirst.map(\.name) == ["x", "y"])
        #expect(zip(fromFirst, fromSecond).allSatisfy { $0 === $1 })
        #expect(runs.count == 2)
    }

    @Test func aChildListsTheIdentitiesItRegistersAgainOnce() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        registerPlugins(parent, ["p1", "p2", "p3"]) { HierarchyPlugin(name: $0) }
        registerPlugins(child, ["c1", "c2"]) { HierarchyPlugin(name: $0) }
        // The child's two registrations are the parent's first two components, overridden.
        #expect(try child.resolveAll((any IdentityPlugin).self).map(\.name) == ["c1", "c2", "p3"])
    }
}

private final class KindA: Sendable {
    let number: Int
    init() { number = 7 }
}
private final class KindB: Sendable {
    let text: String
    init() { text = "b" }
}
private struct ValueA {
    var number = 7
}
private struct ValueB {
    var text = "b"
    var more = [1, 2, 3]
}

/// The caching lifetimes a generic helper may be given.
enum CachingCase: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case perRun, perRunWeak, single, perContainer, cacheStorage, boundedStorage

    var testDescription: String { rawValue }

    func lifetime() -> DIComponentLifetime {
        switch self {
        case .perRun: .perRun(.strong)
        case .perRunWeak: .perRun(.weak)
        case .single: .single
        case .perContainer: .perContainer(.strong)
        case .cacheStorage: .custom(DIScope(name: "cache", storage: DICacheStorage()))
        case .boundedStorage: .custom(DIScope(name: "bounded", storage: DIBoundedStorage(capacity: 4)))
        }
    }
}

@Suite struct IdentityAcrossContainersTests {
    /// One helper line registers `KindA` in one container and `KindB` in another: each
    /// resolve returns its own type, whatever the lifetime (one scope for both containers).
    @Test(arguments: CachingCase.allCases)
    func aHelperForTwoTypesInTwoContainersKeepsEachType(_ lifetimeCase: CachingCase) throws {
        let lifetime = lifetimeCase.lifetime()
        let first = DIContainer()
        let second = DIContainer()
        registerCached(first, lifetime) { KindA() }
        registerCached(second, lifetime) { KindB() }
        let a = try first.resolve(KindA.self)
        let b = try second.resolve(KindB.self)
        #expect(ObjectIdentifier(type(of: a as AnyObject)) == ObjectIdentifier(KindA.self))
        #expect(ObjectIdentifier(type(of: b as AnyObject)) == ObjectIdentifier(KindB.self))
        #expect(a.number == 7)
        #expect(b.text == "b")
        first.initializeSingletonObjects()
        second.initializeSingletonObjects()
    }

    /// The same with values: a wrong-typed value was a crash.
    @Test(arguments: CachingCase.allCases)
    func aHelperForTwoValueTypesInTwoContainersKeepsEachType(_ lifetimeCase: CachingCase) throws {
        let lifetime = lifetimeCase.lifetime()
        let first = DIContainer()
        let second = DIContainer()
        registerCached(first, lifetime) { ValueA() }
        registerCached(second, lifetime) { ValueB() }
        #expect(try first.resolve(ValueA.self).number == 7)
        #expect(try second.resolve(ValueB.self).text == "b")
        #expect(try second.resolve(ValueB.self).more == [1, 2, 3])
    }

    @Test func oneHelperLineInTwoContainersIsOnePerRunInstance() throws {
        let runs = Runs()
        let first = DIContainer()
        let second = DIContainer()
        for container in [first, second] {
            registerCached(container, .perRun(.strong)) { () -> Counted in
                runs.add()
                return Counted()
            }
        }
        #expect(try first.resolve(Counted.self) === second.resolve(Counted.self))
        #expect(runs.count == 1)
    }
}

private final class Counted: Sendable { init() {} }

/// A storage that ignores its keys: it hands back whatever it stored last.
private final class ForgetfulStorage: DIStorage {
    private let last = Protected<DIStorageEntry?>(nil)
    func entry(forKey key: DIStorageKey) -> DIStorageEntry? { last.withLock { $0 } }
    func store(_ entry: DIStorageEntry, forKey key: DIStorageKey) { last.withLock { $0 = entry } }
    func removeEntry(forKey key: DIStorageKey) { last.withLock { $0 = nil } }
    func removeAll() { last.withLock { $0 = nil } }
}

private final class StoredFirst: Sendable { init() {} }
private final class StoredSecond: Sendable { init() {} }
private struct StoredValue { var text = "value" }

@Suite struct StorageIdentityTests {
    @Test func aStorageThatIgnoresItsKeyFailsWithAnErrorNamingIt() throws {
        let scope = DIScope(name: "forgetful", storage: ForgetfulStorage())
        let container = DIContainer()
        container.register(StoredFirst.init).lifetime(.custom(scope))
        container.register(StoredSecond.init).lifetime(.custom(scope))
        container.register { StoredValue() }.lifetime(.custom(scope))
        _ = try container.resolve(StoredFirst.self)
        let error = try #require(throws: DIError.self) { try container.resolve(StoredSecond.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.description.contains("ForgetfulStorage"))
        #expect(error.description.contains("forgetful"))
        #expect(error.description.contains("StoredSecond at IntegrationTests/IdentityTests.swift"))
        #expect(error.description.contains("StoredFirst"))
        let valueError = try #require(throws: DIError.self) { try container.resolve(StoredValue.self) }
        #expect(valueError.code == .typeMismatch)
    }

    /// A storage's wrong answer for a dependency fails the resolve with the whole path to it.
    @Test func aStorageThatIgnoresItsKeyFailsWithThePathToTheDependency() throws {
        let scope = DIScope(name: "forgetful", storage: ForgetfulStorage())
        let container = DIContainer()
        container.register(StoredFirst.init).lifetime(.custom(scope))
        container.register(StoredSecond.init).lifetime(.custom(scope))
        container.register(StoredHolder.init)
        _ = try container.resolve(StoredFirst.self)
        let error = try #require(throws: DIError.self) { try container.resolve(StoredHolder.self) }
        #expect(error.code == .typeMismatch)
        #expect(error.path.map { ObjectIdentifier($0.type) } == [ObjectIdentifier(StoredHolder.self)])
    }
}

private final class StoredHolder: Sendable { init(second: StoredSecond) {} }

private final class ThreadedPlugin: IdentityPlugin, Sendable {
    let name: String
    init(name: String) { self.name = name }
}

@Suite struct IdentityConcurrencyTests {
    /// Many threads register one helper's loop in containers of their own and resolve the
    /// `.perRun` components: every thread sees the same three instances, one per registration.
    @Test func oneLoopInManyContainersOnManyThreadsSharesOneInstancePerRegistration() {
        let runs = Runs()
        let results = Protected<[[ObjectIdentifier]]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let container = DIContainer()
            registerPlugins(container, ["1", "2", "3"], runs: runs, lifetime: .perRun(.strong)) {
                ThreadedPlugin(name: $0)
            }
            let plugins = (try? container.resolveAll((any IdentityPlugin).self)) ?? []
            results.withLock { $0.append(plugins.map { ObjectIdentifier($0) }) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 16)
        #expect(Set(all).count == 1)
        #expect(all.first?.count == 3)
        #expect(runs.count == 3)
    }
}
