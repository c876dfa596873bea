/// A resolve that has waited longer than ``DIContainer/slowBuildWarning`` for another
/// resolve's build of a cached component, as observers and the debug-build message see it.
///
/// The waiting resolve keeps waiting: a build may just be slow. A wait that never ends is
/// usually a factory that blocks its thread until another thread or task resolves the same
/// component (that one waits for the build, which waits for it): the one wait the library
/// cannot see, since it happens outside it. ``builderBuilds`` and ``builderWaitsFor`` say
/// what the resolve building the component is doing, as far as the library knows.
public struct DISlowBuild: Sendable, CustomStringConvertible {
    /// The component whose build is waited for.
    public let component: DIComponentInfo
    /// The waiting resolve's path, outermost first, up to (not including) ``component``.
    public let path: [DIComponentInfo]
    /// How long the resolve had waited when it reported.
    public let waited: Duration
    /// The cached components whose builds the resolve building ``component`` has under way,
    /// ``component`` included, in no particular order.
    public let builderBuilds: [DIComponentInfo]
    /// The build the resolve building ``component`` itself waits for, if it waits for one;
    /// `nil` when it waits for nothing the library knows of (its factory still works, or
    /// blocks on something outside the library).
    public let builderWaitsFor: DIComponentInfo?
    /// The part or framework whose load is waited for; `nil` for a component's build.
    ///
    /// Set when the wait is for a load (an `append` of one that another thread is loading):
    /// ``component`` then shows that type at the waiting `append`'s site, and
    /// ``builderBuilds`` what the loading resolve builds.
    public let load: Any.Type?

    /// What is waited for, who builds it, and the likely cause.
    public var description: String {
        let asker = path.isEmpty ? "" : " (resolution path: \(path.map(\.description).joined(separator: " -> ")))"
        let builder = builderWaitsFor.map { "which itself waits for the build of \($0)" } ?? "which waits for nothing the library knows of"
        if let load {
            let building = builderBuilds.isEmpty ? "" : " (which is building \(builderBuilds.map(\.description).joined(separator: ", ")))"
            return "DI: an append at \(component.site)\(asker) has waited \(waited) for another thread's load of "
                + "\(readableName(of: load))\(building), \(builder), and keeps waiting. If that load blocks its thread "
                + "until another thread finishes, and that thread appends \(readableName(of: load)), this wait never ends."
        }
        return "DI: a resolve\(asker) has waited \(waited) for another resolve's build of \(component), "
            + "and keeps waiting. The resolve building it is building "
            + builderBuilds.map(\.description).joined(separator: ", ") + ", \(builder). "
            + "If a factory blocks its thread until another thread resolves \(readableName(of: component.type)), "
            + "this wait never ends: let the factory resolve it itself (or through a Provider), not another thread."
    }
}
