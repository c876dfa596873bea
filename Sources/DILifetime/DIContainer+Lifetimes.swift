import DICore

extension DIContainer {
    /// Makes the instance of every `.single` component of this container.
    ///
    /// Call it once at start-up; calling it again makes nothing new. A component that cannot
    /// be built is skipped and its error returned (validate the container to learn of it
    /// earlier).
    ///
    /// - Returns: The errors of the components that could not be built; empty on success.
    @discardableResult
    public func initializeSingletonObjects() -> [DIError] {
        var errors: [DIError] = []
        for component in allComponents() where (component.lifetime.strategy as? CachingStrategy)?.span == .single {
            do throws(DIError) {
                _ = try instance(of: component)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// Drops every `.perContainer` instance this container holds.
    ///
    /// The instances are not necessarily destroyed (the application may still hold them), but
    /// the library keeps no reference to them, and the next request makes a new one.
    public func clean() {
        for component in allComponents() {
            guard (component.lifetime.strategy as? CachingStrategy)?.span == .perContainer else { continue }
            (component.lifetimeState as? ClearableSlot)?.clear()
            (component.lifetimeState as? WeakCell)?.clear()
        }
    }
}
