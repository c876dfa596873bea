extension DIContainer {
    /// Adds an observer of this container's registrations, resolves and instance creations.
    ///
    /// The container keeps the observer until ``removeObserver(_:)`` or its own end. Adding the
    /// first observer does not reach resolves already running.
    ///
    /// - Parameter observer: The observer; adding one twice adds it once.
    public func addObserver(_ observer: any DIObserver) {
        observers.withLock { observers in
            guard !observers.contains(where: { $0 === observer }) else { return }
            observers.append(observer)
            isObserved.store(true, ordering: .relaxed)
        }
    }

    /// Removes an observer added with ``addObserver(_:)``.
    public func removeObserver(_ observer: any DIObserver) {
        observers.withLock { observers in
            observers.removeAll { $0 === observer }
            isObserved.store(!observers.isEmpty, ordering: .relaxed)
        }
    }

    /// This container's observers.
    var observers: Protected<[any DIObserver]> { extensionState(Protected<[any DIObserver]>.self) { Protected([]) } }

    /// Calls `body` with each of this container's observers, outside the observers' lock.
    func notifyObservers(_ body: (any DIObserver) -> Void) { observers.withLock { $0 }.forEach(body) }

    /// Tells the observers that a resolve of `type` ended.
    @usableFromInline func reportResolve(_ type: Any.Type, since start: ContinuousClock.Instant, error: DIError?) {
        let duration = ContinuousClock.now - start
        notifyObservers { $0.container(self, didResolve: type, in: duration, error: error) }
    }
}
