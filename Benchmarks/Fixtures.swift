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
