/// A class with no dependencies.
final class Leaf: Sendable {
    init() {}
}

/// A second class with no dependencies, for a second thread's own component.
final class OtherLeaf: Sendable {
    init() {}
}

/// The graph A(B, C), B(D), C(D) of `transientGraph` and `objectGraph`.
final class GraphD: Sendable {
    init() {}
}

final class GraphB: Sendable {
    let d: GraphD
    init(d: GraphD) { self.d = d }
}

final class GraphC: Sendable {
    let d: GraphD
    init(d: GraphD) { self.d = d }
}

final class GraphA: Sendable {
    let b: GraphB
    let c: GraphC
    init(b: GraphB, c: GraphC) {
        self.b = b
        self.c = c
    }
}

/// A weak reference the hand-written `cachedHit.weak` reads, as a weak cache does.
final class WeakHolder: Sendable {
    weak let object: Leaf?

    init(_ object: Leaf) { self.object = object }
}

/// A class exposed as its superclass (`cachedHit.superclass`).
class BaseService: @unchecked Sendable { init() {} }
final class DerivedService: BaseService, @unchecked Sendable {}

/// The protocol of the `*.protocol` scenarios, implemented by a class and registered as the
/// README's quick start does (`register(SystemClock.init).as(Clock.self)`).
protocol Clock: AnyObject, Sendable {}

final class SystemClock: Clock {
    init() {}
}

/// The graph of `transientGraph.protocol`: `transientGraph`'s shape, each class exposed as a
/// protocol and taking its dependencies as protocols.
protocol GraphDService: AnyObject, Sendable {}
protocol GraphBService: AnyObject, Sendable {}
protocol GraphCService: AnyObject, Sendable {}
protocol GraphAService: AnyObject, Sendable {}

final class ProtocolGraphD: GraphDService {
    init() {}
}

final class ProtocolGraphB: GraphBService {
    let d: any GraphDService
    init(d: any GraphDService) { self.d = d }
}

final class ProtocolGraphC: GraphCService {
    let d: any GraphDService
    init(d: any GraphDService) { self.d = d }
}

final class ProtocolGraphA: GraphAService {
    let b: any GraphBService
    let c: any GraphCService
    init(b: any GraphBService, c: any GraphCService) {
        self.b = b
        self.c = c
    }
}
