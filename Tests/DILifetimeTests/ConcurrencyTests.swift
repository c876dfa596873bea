import DICore
import DILifetime
import Dispatch
import Synchronization
import TestSupport
import Testing

@Suite struct CachedConcurrencyTests {
    @Test(arguments: [DIComponentLifetime.perContainer(.strong), .perContainer(.weak), .perRun(.strong), .single])
    func concurrentFirstRequestMakesOneInstance(lifetime: DIComponentLifetime) throws {
        // A process-wide lifetime keeps its instance across iterations (one registration site),
        // so only its first race makes one; a per-container lifetime makes one per container.
        let isProcessWide = lifetime.description == "single" || lifetime.description.hasPrefix("perRun")
        let made = Counter()
        for iteration in 0..<20 {
            let container = DIContainer()
            let before = made.count
            container.register { () -> Cat in
                made.increment(); return Cat()
            }.lifetime(lifetime)
            let seen = Protected<Set<ObjectIdentifier>>([])
            let holders = Protected<[Cat]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let cat: Cat = container.resolve()
                seen.withLock { _ = $0.insert(ObjectIdentifier(cat)) }
                holders.withLock { $0.append(cat) }  // keeps weak instances alive during the race
            }
            #expect(made.count - before == (isProcessWide && iteration > 0 ? 0 : 1))
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    @Test func factoryResolvingAnotherCachedComponentDoesNotDeadlock() throws {
        final class Inner { init() {} }
        final class Outer { let inner: Inner; init(inner: Inner) { self.inner = inner } }
        let container = DIContainer()
        container.register(Inner.init).lifetime(.perContainer(.strong))
        // NB: unowned: a factory that held its container would keep it alive for ever (the
        // address sanitizer's leak check reports it).
        container.register { [unowned container] () -> Outer in Outer(inner: container.resolve()) }
            .lifetime(.perContainer(.strong))
        let outers = Protected<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let outer: Outer = container.resolve()
            outers.withLock { _ = $0.insert(ObjectIdentifier(outer)) }
        }
        #expect(outers.withLock { $0.count } == 1)
    }

    @Test func cleaningWhileResolvingIsSafe() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.perContainer(.strong))
        let resolved = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<200 {
                if index == 0 {
                    container.clean()
                } else {
                    let cat: Cat? = container.resolve()
                    if cat != nil { resolved.wrappingAdd(1, ordering: .relaxed) }
                }
            }
        }
        #expect(resolved.load(ordering: .relaxed) == 7 * 200)
    }

    /// Hits read the instance without a lock while another thread cleans: a resolve that
    /// starts after `clean()` returns never gets the instance it dropped (nor an older one),
    /// and no hit touches a dropped instance (the address sanitizer checks that part).
    @Test func hitsRacingCleanNeverGetADroppedInstance() {
        let container = DIContainer()
        let made = Counter()
        container.register { Numbered(number: made.next()) }.lifetime(.perContainer(.strong))
        let stale = staleHitsWhileCleaning(
            rounds: 2000, resolve: { container.resolve() }, clean: { container.clean() })
        #expect(stale == 0)
        #expect(made.count >= 2000)
    }
}
