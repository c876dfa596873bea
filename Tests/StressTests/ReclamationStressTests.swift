import DICore
import DILifetime
import Dispatch
import TestSupport
import Testing

protocol Outlet: AnyObject, Sendable {}
final class Fuse: Outlet { init() {} }

/// Registrations that replace published bindings while other threads read them through every
/// kind of lookup: a replaced binding is freed only once no reader can hold it (the address
/// sanitizer's run of this suite reports any use after free).
@Suite struct ReclamationStressTests {
    @Test func bindingsReplacedWhileThreadsResolveEveryWay() {
        let container = DIContainer()
        @Sendable func registerFuse(_ step: Int) {
            container.register { Fuse() }.as((any Outlet).self).lifetime(step % 2 == 0 ? .prototype : .perContainer(.strong))
        }
        container.register(Lamp.init).lifetime(.perContainer(.strong))
        registerFuse(0)
        container.register(line: SiteLines.take()) { Plug() }.named("first")
        let additions = Budget.rounds(150)
        let writers = 2
        let wrong = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            if index < writers {
                for step in 0..<additions {
                    // A new component of `Plug` (its bindings are published again), and a
                    // site registered again (its component is replaced).
                    container.register(line: SiteLines.take()) { Plug() }
                    registerFuse(step)
                }
                return
            }
            var last = 0
            for _ in 0..<additions * 2 {
                let plugs = (try? container.resolveAll(Plug.self)) ?? []
                if plugs.count < last || plugs.isEmpty { wrong.increment() }
                last = plugs.count
                if (try? container.resolve(Plug.self, name: "first")) == nil { wrong.increment() }
                if ((try? container.resolveAll((any Outlet).self)) ?? []).isEmpty { wrong.increment() }
                if (try? container.resolve(Lamp.self)) == nil { wrong.increment() }
                _ = try? container.resolve(Plug?.self)
            }
        }
        #expect(wrong.count == 0)
        #expect((try? container.resolveAll(Plug.self))?.count == 1 + writers * additions)
    }
}
