import DICore
import DIScopes
import Synchronization

final class Session: Sendable { init() {} }
final class Cart: Sendable { init() {} }
final class Basket: Sendable { init() {} }
struct Settings: Equatable { var volume = 3 }

final class Checkout {
    let cart: Cart
    init(cart: Cart) { self.cart = cart }
}

final class Ping {
    let pong: Pong
    init(pong: Pong) { self.pong = pong }
}
final class Pong {
    let ping: Ping
    init(ping: Ping) { self.ping = ping }
}

/// Counts factory runs from any thread.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}

/// Collects values from many threads.
final class Collector<Value: Sendable>: Sendable {
    fileprivate let values = Protected<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    func append(_ value: Value) { values.withLock { $0.append(value) } }
}

/// Registers `Session` at one fixed site, whatever container it is given.
@discardableResult
func registerSession(in container: DIContainer, scope: DIScope, counter: Counter = Counter()) -> DIComponentBuilder<Session> {
    container.register { () -> Session in
        counter.increment()
        return Session()
    }
    .lifetime(.custom(scope))
}

extension Collector {
    /// Drops every value collected.
    func removeAll() { values.withLock { $0.removeAll() } }
}
