import DICore
import DIHierarchy
import DILifetime
import DIScopes
import Testing

/// Validation's verdict for a container is whether the resolve from it succeeds: the point of
/// view a parent's component is built from is decided by one function for both.
@Suite struct ValidationPointOfViewTests {
    final class Leaf: Sendable { init() {} }
    final class HolderClass { init(leaf: Leaf) {} }
    struct HolderValue { init(leaf: Leaf) {} }
    final class Inner { init(leaf: Leaf) {} }
    final class Outer { init(inner: Inner) {} }

    /// Where `Leaf` is registered.
    enum Placement: String, CaseIterable, Sendable {
        case parentOnly, childOnly, both
    }

    /// Every lifetime, by name (a `.custom` lifetime gets a new scope per case).
    static let lifetimes = [
        "prototype", "objectGraph", "perRun(weak)", "perRun(strong)", "single", "perContainer(weak)",
        "perContainer(strong)", "custom(strong)", "custom(weak)",
    ]

    private static func lifetime(_ name: String) -> DIComponentLifetime {
        switch name {
        case "prototype": .prototype
        case "objectGraph": .objectGraph
        case "perRun(weak)": .perRun(.weak)
        case "perRun(strong)": .perRun(.strong)
        case "single": .single
        case "perContainer(weak)": .perContainer(.weak)
        case "perContainer(strong)": .perContainer(.strong)
        case "custom(strong)": .custom(DIScope(name: "strong", storage: DICacheStorage()))
        default: .custom(DIScope(name: "weak", storage: DICacheStorage(), policy: .weak))
        }
    }

    /// A parent, a child, and `Leaf` placed as told.
    private static func family(_ placement: Placement) -> (parent: DIContainer, child: DIContainer) {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        if placement != .childOnly { parent.register(Leaf.init).lifetime(.perRun(.strong)) }
        if placement != .parentOnly { child.register(Leaf.init).lifetime(.perRun(.strong)) }
        return (parent, child)
    }

    /// Whether the synchronous resolve of `type` from `container` succeeds.
    private static func resolves<T>(_ type: T.Type, from container: DIContainer) -> Bool {
        (try? container.resolve(T.self)) != nil
    }

    /// Validation's verdict, with the report for the failure message.
    private static func verdict(_ container: DIContainer) -> (isValid: Bool, report: String) {
        let report = container.validate()
        return (report.isValid, "\(report)")
    }

    @Test(arguments: lifetimes, Placement.allCases)
    func parentsHolderOfAClass(lifetime: String, placement: Placement) async {
        await DIContainer.withIsolatedProcessWideInstances { () async in
            let (parent, child) = Self.family(placement)
            parent.register(HolderClass.init).lifetime(Self.lifetime(lifetime))
            // The child first: a parent's cached instance is then built through the child.
            for container in [child, parent] {
                let (isValid, report) = Self.verdict(container)
                let resolves = Self.resolves(HolderClass.self, from: container)
                #expect(isValid == resolves, "\(lifetime), \(placement), \(container === child ? "child" : "parent"): \(report)")
                let awaited = (try? await container.resolveAsync(HolderClass.self)) != nil
                #expect(awaited == resolves, "\(lifetime), \(placement): awaited")
            }
        }
    }

    @Test(arguments: lifetimes, Placement.allCases)
    func parentsHolderOfAValue(lifetime: String, placement: Placement) async {
        await DIContainer.withIsolatedProcessWideInstances { () async in
            let (parent, child) = Self.family(placement)
            parent.register(HolderValue.init).lifetime(Self.lifetime(lifetime))
            for container in [child, parent] {
                let (isValid, report) = Self.verdict(container)
                let resolves = Self.resolves(HolderValue.self, from: container)
                #expect(isValid == resolves, "\(lifetime), \(placement), \(container === child ? "child" : "parent"): \(report)")
                let awaited = (try? await container.resolveAsync(HolderValue.self)) != nil
                #expect(awaited == resolves, "\(lifetime), \(placement): awaited")
            }
        }
    }

    /// A parent's `.prototype` built inside a parent's component of `lifetime` is built as
    /// that component is.
    @Test(arguments: lifetimes, Placement.allCases)
    func parentsPrototypeInsideAParentsComponent(lifetime: String, placement: Placement) async {
        await DIContainer.withIsolatedProcessWideInstances { () async in
            let (parent, child) = Self.family(placement)
            parent.register(Inner.init)
            parent.register(Outer.init).lifetime(Self.lifetime(lifetime))
            for container in [child, parent] {
                let (isValid, report) = Self.verdict(container)
                let resolves = Self.resolves(Outer.self, from: container)
                #expect(isValid == resolves, "\(lifetime), \(placement), \(container === child ? "child" : "parent"): \(report)")
            }
        }
    }

    /// The awaited resolve prepares async components from the same point of view: a parent's
    /// value under `.weak` taking an async `Leaf` only the child registers is prepared from the
    /// child, as the synchronous pass then builds it.
    @Test(arguments: ["perContainer(weak)", "perRun(weak)", "custom(weak)", "prototype"])
    func awaitedResolvePreparesFromTheSamePointOfView(lifetime: String) async throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        child.register { () async in Leaf() }
        parent.register(HolderValue.init).lifetime(Self.lifetime(lifetime))
        #expect(child.validate().isValid, "\(child.validate())")
        _ = try await child.resolveAsync(HolderValue.self)
    }
}
