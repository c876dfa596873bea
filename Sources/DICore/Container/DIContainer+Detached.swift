/// Resolves that start independently of the resolve in progress on the thread.
extension DIContainer {
    /// Runs `body` with no resolve in progress on this thread, so that a resolve it starts is
    /// a top-level resolve of its own instead of joining the one in progress.
    ///
    /// A resolve started on a thread while another is in progress there joins it (the same
    /// path and `.objectGraph` instances). That is right for a resolve the factory starts
    /// itself, and the library cannot tell it apart from a callback that a factory's nested
    /// run loop runs on the same thread (a `Timer`, a main-queue block during
    /// `RunLoop.run(until:)`): such a callback joins too. Wrap the callback's resolves in
    /// `detached` to make them independent:
    ///
    /// ```swift
    /// let timer = Timer(timeInterval: 0.1, repeats: false) { _ in
    ///     let screen = DIContainer.detached { try? container.resolve(Screen.self) }
    ///     _ = screen
    /// }
    /// ```
    ///
    /// The interrupted resolve waits for `body` on this thread: a resolve in `body` that would
    /// wait for one of its builds fails with the code `cycle` rather than waiting forever.
    /// Outside any resolve, `detached` only runs `body`.
    ///
    /// - Parameter body: The work to run outside the resolve in progress.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func detached<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let slot = unsafe ActiveResolveSlot.current
        guard unsafe slot.isJoinable else { return try body() }
        // The interrupted resolve waits for `body`: the gate records the resolves `body`
        // starts on this thread as started by it, so a wait for one of its builds is a cycle,
        // but gives them none of its provisional builds
        // (`DetachedResolveTests.aDetachedResolveNeverTakesTheInterruptedResolvesProvisionalInstance`).
        // Through the thread's slot, not a task-local value: a task started in `body` is part
        // of no resolve (`DetachedResolveTests.aTaskStartedInsideDetachedIsPartOfNoResolve`).
        let interrupted = unsafe slot.joining { $0.resolveID() }
        return unsafe try slot.withoutPublication(detachedFrom: interrupted, body)
    }
}
