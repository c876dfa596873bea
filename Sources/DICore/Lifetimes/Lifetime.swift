import Synchronization

/// The span of an owner's existence, turned into an event when the owner goes away.
///
/// Make a lifetime with its token; the lifetime ends when the **token** is deinitialized,
/// whatever happens to the `Lifetime` value itself. An owner keeps the token and hands out
/// the lifetime:
///
/// ```swift
/// final class Screen {
///     let lifetime: Lifetime
///     private let token: Lifetime.Token
///     init() { (lifetime, token) = Lifetime.make() }
/// }
/// screen.lifetime.observeEnded { print("screen is gone") }
/// ```
///
/// Observers run once, on the thread that releases the token, outside any lock (an observer
/// may observe again), in the order they were added. Checking whether the lifetime has ended
/// and adding an observer happen atomically: an observer added while the token dies runs
/// exactly once, either at the end or at once if the end came first.
public final class Lifetime: Sendable {
    /// The end-of-lifetime actions by number, `nil` once the lifetime has ended, and the last
    /// number given.
    ///
    /// Kept by the lifetime itself, which its token and observations hold: a separate state
    /// object shared by the three would be one allocation more per container.
    fileprivate let observers = Protected<(actions: [(id: Int, action: @Sendable () -> Void)]?, lastID: Int)>(([], 0))

    fileprivate init() {}

    /// Makes a lifetime and the token whose deinitialization ends it.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime()
        return (lifetime, Token(lifetime: lifetime))
    }

    /// A lifetime that has already ended.
    public static let empty: Lifetime = {
        let lifetime = Lifetime()
        lifetime.end()
        return lifetime
    }()

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { observers.withLock { $0.actions == nil } }

    /// Runs `action` once when the lifetime ends, or at once if it has ended already.
    ///
    /// - Parameter action: The action to run.
    /// - Returns: A handle whose ``Observation/dispose()`` cancels the observation, or `nil`
    ///   when the lifetime had already ended and `action` has run.
    @discardableResult public func observeEnded(_ action: @escaping @Sendable () -> Void) -> Observation? {
        let id = observers.withLock { observers -> Int? in
            guard observers.actions != nil else { return nil }
            observers.lastID += 1
            observers.actions!.append((observers.lastID, action))
            return observers.lastID
        }
        guard let id else {
            action()
            return nil
        }
        return Observation(lifetime: self, id: id)
    }

    /// The object whose deinitialization ends a ``Lifetime``.
    public final class Token: Sendable {
        private let lifetime: Lifetime

        fileprivate init(lifetime: Lifetime) {
            self.lifetime = lifetime
        }

        deinit {
            lifetime.end()
        }
    }

    /// A registered end-of-lifetime action that can be cancelled.
    public final class Observation: Sendable {
        private let lifetime: Lifetime
        private let id: Int

        fileprivate init(lifetime: Lifetime, id: Int) {
            self.lifetime = lifetime
            self.id = id
        }

        /// Cancels the action if it has not run yet; does nothing afterwards.
        public func dispose() {
            lifetime.observers.withLock { $0.actions?.removeAll { $0.id == id } }
        }
    }

    /// Ends the lifetime: runs each action once, in the order added, outside the lock.
    fileprivate func end() {
        let actions = observers.withLock { observers in
            defer { observers.actions = nil }
            return observers.actions ?? []
        }
        for entry in actions { entry.action() }
    }
}

/// A lifetime made only when first asked for, which ends when this value is destroyed: what
/// a container keeps, as most containers are never asked for theirs.
///
/// A lifetime and its token made with every container would be three allocations (the
/// lifetime, its lock, the token) that almost no container uses. Kept as a stored property,
/// this ends the lifetime where a token would: when the owner's stored properties are destroyed, in
/// declaration order (so after those declared before it).
///
/// Guarded by `LazyLifetimeTests` (many threads ask at once: all get one lifetime, which
/// ends when the value is destroyed) and `AtomicLazyObjectTests`.
struct LazyLifetime: ~Copyable, Sendable {
    /// The lifetime, once made; published atomically, so racing callers all get the first one
    /// stored and the others' are released.
    private let reference = AtomicLazyObject<Lifetime>()

    /// The lifetime, made on the first call (by one caller when several race).
    var lifetime: Lifetime { reference.object { Lifetime() } }

    deinit {
        reference.existing?.end()
    }
}
