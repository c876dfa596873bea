import DICore
import DILifetime
import DIScopes
import Dispatch
import TestSupport
import Testing

final class Widget: Sendable { init() {} }
@MainActor final class Panel: Sendable { init() {} }

/// Every caching lifetime, as the factory-count tests run them.
enum CachedLifetime: CaseIterable, CustomStringConvertible, Sendable {
    case perContainerStrong, perContainerWeak, perRunStrong, perRunWeak, single, custom, customWeak

    func lifetime(scope: DIScope, weakScope: DIScope) -> DIComponentLifetime {
        switch self {
        case .perContainerStrong: .perContainer(.strong)
        case .perContainerWeak: .perContainer(.weak)
        case .perRunStrong: .perRun(.strong)
        case .perRunWeak: .perRun(.weak)
        case .single: .single
        case .custom: .custom(scope)
        case .customWeak: .custom(weakScope)
        }
    }

    var description: String {
        switch self {
        case .perContainerStrong: ".perContainer(.strong)"
        case .perContainerWeak: ".perContainer(.weak)"
        case .perRunStrong: ".perRun(.strong)"
        case .perRunWeak: ".perRun(.weak)"
        case .single: ".single"
        case .custom: ".custom(strong scope)"
        case .customWeak: ".custom(weak scope)"
        }
    }
}

/// What one round of a factory-count test saw.
private final class Sightings: Sendable {
    let made = Counter()
    let failures = Counter()
    /// Every instance returned, kept alive so that a weak cache keeps its one instance.
    let instances = Protected<[any AnyObject & Sendable]>([])

    func saw(_ instance: (any AnyObject & Sendable)?) {
        guard let instance else { return failures.increment() }
        instances.withLock { $0.append(instance) }
    }

    var distinct: Int { instances.withLock { Set($0.map(ObjectIdentifier.init)).count } }
}

/// Runs `body` on `count` threads outside the task pool, and returns when all are done.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
            done.resume()
        }
    }
}

/// Exactly one factory call per cache, for every caching lifetime, whichever path asks:
/// synchronous resolves on threads, awaited resolves in tasks, and the main actor, at once.
@Suite struct FactoryCountTests {
    static let threads = 8
    static let tasks = 8

    @Test(arguments: CachedLifetime.allCases)
    func oneBuildWhenThreadsTasksAndTheMainActorAskAtOnce(lifetime: CachedLifetime) async {
        for _ in 0..<Budget.rounds(20) {
            let container = DIContainer()
            let scope = DIScope(name: "counted", storage: DICacheStorage())
            let weakScope = DIScope(name: "counted weak", storage: DICacheStorage(), policy: .weak)
            let seen = Sightings()
            // A site of its own each round: a process-wide cache is one per site.
            container.register(line: SiteLines.take()) { () -> Widget in
                seen.made.increment()
                return Widget()
            }.lifetime(lifetime.lifetime(scope: scope, weakScope: weakScope))
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await onThreads(Self.threads) { _ in seen.saw(try? container.resolve(Widget.self)) }
                }
                for _ in 0..<Self.tasks {
                    group.addTask { seen.saw(try? await container.resolve(Widget.self)) }
                }
                group.addTask { @MainActor in seen.saw(try? container.resolve(Widget.self)) }
            }
            #expect(seen.failures.count == 0)
            #expect(seen.made.count == 1, "\(lifetime): \(seen.made.count) builds")
            #expect(seen.distinct == 1, "\(lifetime): \(seen.distinct) instances")
        }
    }

    @Test(arguments: CachedLifetime.allCases)
    func oneBuildOfAnAsyncFactoryUnderManyTasks(lifetime: CachedLifetime) async {
        for _ in 0..<Budget.rounds(10) {
            let container = DIContainer()
            let scope = DIScope(name: "counted", storage: DICacheStorage())
            let weakScope = DIScope(name: "counted weak", storage: DICacheStorage(), policy: .weak)
            let seen = Sightings()
            container.register(line: SiteLines.take()) { () async -> Widget in
                seen.made.increment()
                await Task.yield()
                return Widget()
            }.lifetime(lifetime.lifetime(scope: scope, weakScope: weakScope))
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<Budget.rounds(100, sanitizedDivisor: 2) {
                    group.addTask { seen.saw(try? await container.resolve(Widget.self)) }
                }
            }
            #expect(seen.failures.count == 0)
            #expect(seen.made.count == 1, "\(lifetime): \(seen.made.count) builds")
            #expect(seen.distinct == 1, "\(lifetime): \(seen.distinct) instances")
        }
    }

    @Test(
        arguments: CachedLifetime.allCases)
    func oneBuildOfAMainActorComponentAskedOnTheMainActorAndFromTasks(lifetime: CachedLifetime) async {
        for _ in 0..<Budget.rounds(10) {
            let container = DIContainer()
            let scope = DIScope(name: "counted", storage: DICacheStorage())
            let weakScope = DIScope(name: "counted weak", storage: DICacheStorage(), policy: .weak)
            let seen = Sightings()
            container.register(line: SiteLines.take()) { @MainActor () -> Panel in
                seen.made.increment()
                return Panel()
            }.lifetime(lifetime.lifetime(scope: scope, weakScope: weakScope))
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<Self.tasks {
                    group.addTask { seen.saw(try? await container.resolve(Panel.self)) }
                }
                group.addTask { @MainActor in seen.saw(try? container.resolve(Panel.self)) }
            }
            #expect(seen.failures.count == 0)
            #expect(seen.made.count == 1, "\(lifetime): \(seen.made.count) builds")
            #expect(seen.distinct == 1, "\(lifetime): \(seen.distinct) instances")
        }
    }

    @Test
    func oneBuildOfAnAsyncFactoryInOneScopeFromTwoContainers() async {
        for _ in 0..<Budget.rounds(10) {
            let scope = DIScope(name: "shared", storage: DICacheStorage())
            let containers = [DIContainer(), DIContainer()]
            let seen = Sightings()
            let line = SiteLines.take()
            for container in containers {
                container.register(line: line) { () async -> Widget in
                    seen.made.increment()
                    await Task.yield()
                    return Widget()
                }.lifetime(.custom(scope))
            }
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<Budget.rounds(400, sanitizedDivisor: 4) {
                    let container = containers[index % 2]
                    group.addTask { seen.saw(try? await container.resolve(Widget.self)) }
                }
            }
            #expect(seen.made.count == 1, "\(seen.made.count) builds")
            #expect(seen.distinct == 1, "\(seen.distinct) instances")
        }
    }
}
