import DICore

extension DIContainer {
    /// Makes the instance of every `.single` component of this container.
    ///
    /// Call it once at start-up; calling it again makes nothing new. A component that cannot
    /// be built is skipped and its error returned (validate the container to learn of it
    /// earlier).
    ///
    /// - Returns: The errors of the components that could not be built; empty on success.
    @discardableResult public func initializeSingletonObjects() -> [DIError] {
        allComponents().compactMap { component -> DIError? in
            guard (component.lifetime.strategy as? CachingStrategy)?.span == .single else { return nil }
            do throws(DIError) { _ = try instance(of: component) } catch { return error }
            return nil
        }
    }

    /// Drops every `.perContainer` instance this container holds.
    ///
    /// The instances are not necessarily destroyed (the application may still hold them), but
    /// the library keeps no reference to them, and the next request makes a new one.
    public func clean() {
        for component in allComponents() where (component.lifetime.strategy as? CachingStrategy)?.span == .perContainer {
            (component.lifetimeState as? ClearableSlot)?.clear()
            (component.lifetimeState as? WeakCell)?.clear()
        }
    }

    /// Forgets every `.perRun` and `.single` instance of the process, for the containers
    /// registered from now on.
    ///
    /// Process-wide instances are shared by every container that registers the same component,
    /// so two tests that each make a fresh container share them. Call this between such tests
    /// (or, for tests that run in parallel, use `withIsolatedProcessWideInstances(_:)`):
    ///
    /// ```swift
    /// DIContainer.resetProcessWideInstances()
    /// let container = makeAppContainer()     // new .perRun and .single instances
    /// ```
    ///
    /// A container registered before the reset keeps the instances it has: a resolve reads a
    /// cached instance without a lock, so no cell a container holds is ever cleared. The next
    /// container registered gets new cells. This affects the whole process, including tests
    /// running at the same time.
    public static func resetProcessWideInstances() { ProcessCells.shared.removeAll() }

    /// Runs `body` with process-wide instances of its own: every `.perRun` and `.single`
    /// component registered inside `body` (in this task and the tasks it creates) shares
    /// instances only with components registered inside this same call.
    ///
    /// Tests that run in parallel use it to keep their process-wide instances apart:
    ///
    /// ```swift
    /// @Test func checkoutUsesTheMockPayments() async throws {
    ///     try await DIContainer.withIsolatedProcessWideInstances {
    ///         let container = makeAppContainer()
    ///         // ...
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter body: Registers and resolves; registrations made inside get new cells.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withIsolatedProcessWideInstances<R>(_ body: () async throws -> R) async rethrows -> R {
        try await ProcessCells.$isolated.withValue(ProcessCells(), operation: body)
    }

    /// Runs `body` with process-wide instances of its own; the synchronous form of
    /// `withIsolatedProcessWideInstances(_:)`.
    ///
    /// - Parameter body: Registers and resolves; registrations made inside get new cells.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withIsolatedProcessWideInstances<R>(_ body: () throws -> R) rethrows -> R {
        try ProcessCells.$isolated.withValue(ProcessCells(), operation: body)
    }
}
