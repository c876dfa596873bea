import DICore
import Synchronization

/// A user-defined lifetime: instances live in the scope's storage until the scope is cleaned.
///
/// Register a component with `.lifetime(.custom(scope))`: the first request builds an
/// instance and stores it, later requests get the same instance until ``clean()``.
///
/// ```swift
/// let session = DIScope(name: "session", storage: DICacheStorage())
/// container.register(Cart.init).lifetime(.custom(session))
/// let cart: Cart? = container.resolve()   // the same cart until…
/// session.clean()                         // …the session's instances are dropped
/// ```
///
/// - One instance per component (registration site, type, ordinal): the same `register`
///   line resolved through several
///   containers gets the scope's one instance. It is built as the container that holds the
///   registration sees the graph, whichever container resolved it first.
/// - A concurrent first request builds one instance: the factory runs once, and the other
///   requests wait for it. A factory may resolve other scoped components; a cycle of scoped
///   components fails with a `DIError` whose code is `.cycle`, also when threads would
///   otherwise wait for each other.
/// - ``policy`` means what it means for `.perRun` and `.perContainer`: under `.weak` the scope
///   does not keep its instances alive (it stores weak references), and a value type is not
///   kept at all (every request makes a new value, as `.prototype` does).
///
/// A scope can follow an owner's `Lifetime`, so no one has to call ``clean()``:
/// ``init(name:storage:policy:parent:endingWith:)`` makes a scope that ends with the owner (a scope
/// per screen or per request), ``bind(to:)`` cleans a long-lived scope each time an owner
/// goes away (a scope reused for one user session after another).
///
/// A scope may have a parent scope (``init(name:storage:policy:parent:)``): a request looks
/// in the scope's own storage first, then in its parent's, and on up; an instance not found
/// is built and kept in the scope itself. Cleaning a scope cleans its child scopes too, as
/// their instances may hold the parent's.
///
/// ```swift
/// let session = DIScope(name: "session", storage: DICacheStorage())
/// let screen = DIScope(name: "screen", storage: DICacheStorage(), parent: session)
/// ```
public final class DIScope: Sendable {
    /// The name given at creation; `.custom(scope)` prints as `custom(name)`.
    public let name: String
    /// Where the scope keeps its instances.
    public let storage: any DIStorage
    /// Whether the scope keeps its instances alive.
    public let policy: DIReferencePolicy
    /// Advanced by every clean: an instance whose build started before a clean is not kept,
    /// and a clean returns only once no such instance can still be stored.
    let generations = GenerationGate()
    /// Set when a lifetime the scope ends with has ended.
    private let ended = Atomic<Bool>(false)
    /// The scope whose storage a request looks in when this one has no instance.
    public let parent: DIScope?
    /// The child scopes, cleaned with this one.
    private let children = Protected<[WeakScope]>([])

    /// Makes a scope that keeps its instances in `storage` until it is cleaned.
    ///
    /// - Parameters:
    ///   - name: A name for diagnostics, such as `"session"`.
    ///   - storage: Where instances are kept; give each scope its own storage.
    ///   - policy: `.strong` (the default) keeps instances alive; `.weak` keeps them only
    ///     while the application does.
    ///   - parent: A scope whose instances this one sees: a request looks here first, then
    ///     in the parent. Cleaning the parent cleans this scope.
    public init(name: String, storage: any DIStorage, policy: DIReferencePolicy = .strong, parent: DIScope? = nil) {
        self.name = name
        self.storage = storage
        self.policy = policy
        self.parent = parent
        parent?.children.withLock { children in
            children.removeAll { $0.scope == nil }
            children.append(WeakScope(scope: self))
        }
    }

    /// Makes a scope that ends with `lifetime`: when it ends, the storage is cleaned and the
    /// scope keeps nothing any more.
    ///
    /// Tie a scope to the object it serves, such as a screen or a request, and its
    /// instances go away with it:
    ///
    /// ```swift
    /// final class CheckoutScreen {
    ///     let lifetime: Lifetime
    ///     private let token: Lifetime.Token
    ///     let scope: DIScope
    ///     init() {
    ///         (lifetime, token) = Lifetime.make()
    ///         scope = DIScope(name: "checkout", storage: DICacheStorage(), endingWith: lifetime)
    ///     }
    /// }
    /// ```
    ///
    /// After the end, a request for a component of the scope still succeeds but makes a new
    /// instance that the scope does not keep, as `.prototype` would; an instance whose build
    /// was under way when the lifetime ended is not kept either. A lifetime that has already
    /// ended gives a scope that has ended.
    ///
    /// - Parameters:
    ///   - name: A name for diagnostics.
    ///   - storage: Where instances are kept; give each scope its own storage.
    ///   - policy: `.strong` (the default) or `.weak`.
    ///   - parent: A scope whose instances this one sees, as in
    ///     ``init(name:storage:policy:parent:)``.
    ///   - lifetime: The lifetime the scope ends with.
    public convenience init(
        name: String, storage: any DIStorage, policy: DIReferencePolicy = .strong, parent: DIScope? = nil, endingWith lifetime: Lifetime
    ) {
        self.init(name: name, storage: storage, policy: policy, parent: parent)
        observe(lifetime, ends: true)
    }

    /// Whether a lifetime given to ``init(name:storage:policy:parent:endingWith:)`` has ended.
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Drops every instance the scope holds; the next request builds a new one.
    ///
    /// The storage's ``DIStorage/removeAll()`` is called. An instance whose build is under
    /// way while `clean()` runs is returned to its requesters but not kept. The library
    /// holds no reference afterwards; whether the instances are destroyed depends on who
    /// else holds them.
    public func clean() {
        // Every keep of a build begun before this clean has stored its instance by the time
        // `advance` returns (then `removeAll` drops it) or will find the new generation and
        // keep nothing: no instance built before the clean is in the storage after it.
        generations.advance()
        storage.removeAll()
        for child in children.withLock({ $0.compactMap(\.scope) }) { child.clean() }
    }

    /// Cleans the scope when `lifetime` ends; the scope stays in use afterwards.
    ///
    /// Bind a long-lived scope to each owner in turn, for example each user session:
    ///
    /// ```swift
    /// let sessionScope = DIScope(name: "session", storage: DICacheStorage())
    /// func didLogIn(_ session: UserSession) {
    ///     sessionScope.bind(to: session.lifetime)   // cleaned when the session object goes
    /// }
    /// ```
    ///
    /// Binding to a lifetime that has already ended cleans the scope at once. The lifetime
    /// keeps a small observer (not the scope, not its storage) until it ends.
    ///
    /// - Parameter lifetime: The lifetime whose end cleans the scope.
    public func bind(to lifetime: Lifetime) { observe(lifetime, ends: false) }

    /// Cleans (or ends) the scope when `lifetime` ends, keeping neither the scope nor its
    /// storage alive: if the scope has gone by then, its storage is still emptied.
    private func observe(_ lifetime: Lifetime, ends: Bool) {
        let storage = self.storage
        lifetime.observeEnded { [weak self, weak storage] in
            if let self {
                // Ended first: from now on the scope keeps nothing, then it drops what it kept.
                if ends { self.ended.store(true, ordering: .sequentiallyConsistent) }
                self.clean()
            } else {
                storage?.removeAll()
            }
        }
    }
}

/// A child scope, held weakly by its parent.
private struct WeakScope: Sendable {
    weak var scope: DIScope?
}
