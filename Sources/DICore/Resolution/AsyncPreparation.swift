/// The first phase of an awaited resolve: builds, in dependency order, the components of the
/// graph that need an await, so the synchronous resolver can take them as made.
///
/// It walks the dependencies recorded at registration, choosing components the way the
/// resolver does, and never runs a synchronous factory: the synchronous pass does that.
struct AsyncPreparation {
    let session: ResolutionSession
    /// Components on the walk's current path: meeting one again is a cycle, which the
    /// synchronous pass reports (or closes, through property injection).
    private var onPath: Set<Int> = []
    /// Components walked already whose instance serves the whole resolve.
    private var visited: Set<Int> = []

    init(session: ResolutionSession) {
        self.session = session
    }

    mutating func visit(
        _ dependency: Dependency,
        requester: Component?,
        origin: DIContainer,
        path: [DIComponentInfo]
    ) async throws(DIError) {
        // Lazy and provider dependencies resolve later, in a resolve of their own.
        // Arguments are given, not looked up.
        guard dependency.kind != .lazy && dependency.kind != .provider && dependency.kind != .argument else { return }
        for component in ResolutionContext.components(for: dependency, requester: requester, from: origin) {
            try await visit(component, origin: origin, path: path)
        }
    }

    private mutating func visit(_ component: Component, origin: DIContainer, path: [DIComponentInfo]) async throws(DIError) {
        let id = component.registrationID
        guard !onPath.contains(id) else { return }
        guard component.lifetime.isPrototype || !visited.contains(id) else { return }
        visited.insert(id)
        if let cached = component.lifetime.strategy?.cachedInstance(of: component) {
            if component.isolation != .nonisolated { session.prepared[id] = [cached] }
            return
        }
        // Instances shared beyond one resolve are built as their own container sees the graph.
        let sharesBeyondResolve = component.lifetime.rank > .objectGraph
        let buildOrigin = sharesBeyondResolve ? component.owner : origin
        let inner = path + [component.info]
        onPath.insert(id)
        for dependency in component.initializerDependencies + component.propertyDependencies {
            try await visit(dependency, requester: component, origin: buildOrigin, path: inner)
        }
        onPath.remove(id)
        guard component.isolation != .nonisolated else { return }
        let made: AnyObject
        if sharesBeyondResolve {
            made = try await InFlightBuilds.shared.build(key: ObjectIdentifier(component.lifetimeState ?? component)) {
                () async throws(DIError) -> AnyObject in
                try await buildAndKeep(component, origin: buildOrigin, path: inner)
            }
            session.prepared[id] = [made]
        } else {
            made = try await build(component, origin: buildOrigin, path: inner)
            session.prepared[id, default: []].append(made)
        }
    }

    /// Awaits the component's factory, with the component on the path (so its `Argument`
    /// parameters and its dependencies see who asks).
    private func build(_ component: Component, origin: DIContainer, path: [DIComponentInfo]) async throws(DIError) -> AnyObject {
        var context = ResolutionContext(origin: origin, session: session)
        // Only the component the resolve asks for takes the resolve's own arguments.
        session.buildsBelowTop = path.count > 1
        defer { session.buildsBelowTop = false }
        let start: ContinuousClock.Instant? = context.isObserved ? .now : nil
        do {
            try context.push(component)
            defer { context.pop() }
            let made = try await component.makeInstanceAsync(in: &context)
            if let start { context.reportCreation(of: component, since: start, depth: path.count - 1) }
            return made
        } catch {
            // The error's path starts at the component (its own failure leaves it off).
            throw error.prefixed(by: Array(path.dropLast()))
        }
    }

    /// Awaits the factory of a cached component and stores the instance with its lifetime
    /// before anyone else can look for it, so every later request finds it.
    private func buildAndKeep(_ component: Component, origin: DIContainer, path: [DIComponentInfo]) async throws(DIError) -> AnyObject {
        // A build that finished between this task's look at the cache and its claim on the
        // build has kept its instance already (it keeps before it lets the next claim in).
        if let kept = component.lifetime.strategy?.cachedInstance(of: component) { return kept }
        let made = try await build(component, origin: origin, path: path)
        session.prepared[component.registrationID] = [made]
        var context = ResolutionContext(origin: origin, session: session)
        let kept = try context.instance(of: component)
        try await context.finishAwaiting()
        return kept
    }
}

/// Builds of cached components in flight across tasks: the first request builds, the others
/// wait for its result, so a factory runs once however many tasks ask at once.
final class InFlightBuilds: Sendable {
    static let shared = InFlightBuilds()

    /// A build's outcome handed to waiting tasks.
    // NB: @unchecked: the instance is a cached one, shared with every requester by design.
    private struct Outcome: @unchecked Sendable {
        let result: Result<AnyObject, DIError>
    }

    private let waiters = Protected<[ObjectIdentifier: [CheckedContinuation<Outcome?, Never>]]>([:])

    func build(
        key: ObjectIdentifier,
        _ make: () async throws(DIError) -> AnyObject
    ) async throws(DIError) -> AnyObject {
        let joined = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome?, Never>) in
            let builds = waiters.withLock { waiters -> Bool in
                if waiters[key] != nil {
                    waiters[key]!.append(continuation)
                    return false
                }
                waiters[key] = []
                return true
            }
            if builds { continuation.resume(returning: nil) }
        }
        if let joined { return try joined.result.get() }
        let result: Result<AnyObject, DIError>
        do {
            result = .success(try await make())
        } catch {
            result = .failure(error)
        }
        let waiting = waiters.withLock { $0.removeValue(forKey: key) ?? [] }
        for continuation in waiting { continuation.resume(returning: Outcome(result: result)) }
        return try result.get()
    }
}
