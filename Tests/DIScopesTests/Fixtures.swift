import DICore
import DIScopes
import TestSupport

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

/// Registers `Session` at one fixed site, whatever container it is given.
@discardableResult
func registerSession(in container: DIContainer, scope: DIScope, counter: Counter = Counter()) -> DIComponentBuilder<Session> {
    container.register { () -> Session in
        counter.increment()
        return Session()
    }
    .lifetime(.custom(scope))
}
