import DICore
import DILifetime
import TestSupport

final class Cat: Sendable { init() {} }
final class Bowl { init() {} }

final class A {
    let b: B
    init(b: B) { self.b = b }
}
final class B {
    var a: A?
    init() {}
}

final class Root {
    let left: Left, right: Right
    init(left: Left, right: Right) { self.left = left; self.right = right }
}
final class Left { let shared: Shared; init(shared: Shared) { self.shared = shared } }
final class Right { let shared: Shared; init(shared: Shared) { self.shared = shared } }
final class Shared { init() {} }

struct Settings { var value = 1 }

/// Registers a component at one fixed site, as a shared module's registration function would.
func registerSharedComponent(in container: DIContainer, counter: Counter) {
    container.register { () -> Bowl in
        counter.increment(); return Bowl()
    }.lifetime(.perRun(.strong))
}
