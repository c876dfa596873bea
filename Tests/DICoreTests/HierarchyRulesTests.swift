import Testing

@testable import DICore

/// DICore's extension point of hierarchies, `HierarchyRules`: a child container runs by the
/// rules it was made with, and a root container asks none.
@Suite struct HierarchyRulesTests {
    final class Dependency {
        let owner: String
        init(owner: String) { self.owner = owner }
    }
    final class Holder {
        let dependency: Dependency
        init(dependency: Dependency) { self.dependency = dependency }
    }

    /// Rules unlike DIHierarchy's: everything is built as the child sees it, `[T]` lists the
    /// child's own components only, and validation reports one note of the child.
    enum FlatRules: HierarchyRules {
        static func buildsAsOwnerSees(_ component: Component) -> Bool { false }
        static func lists(_ identity: ComponentIdentity, atOrigin: Bool, _ seen: inout Set<ComponentIdentity>) -> Bool {
            atOrigin
        }
        static func validationFindings(of child: DIContainer) -> [DIValidationFinding] {
            [DIValidationFinding(kind: .module("flatChild"), severity: .warning, message: "a flat child")]
        }
    }

    /// Rules that record an issue whenever DICore asks them.
    enum UnaskedRules: HierarchyRules {
        static func buildsAsOwnerSees(_ component: Component) -> Bool {
            Issue.record("buildsAsOwnerSees asked")
            return false
        }
        static func lists(_ identity: ComponentIdentity, atOrigin: Bool, _ seen: inout Set<ComponentIdentity>) -> Bool {
            Issue.record("lists asked")
            return true
        }
        static func validationFindings(of child: DIContainer) -> [DIValidationFinding] {
            Issue.record("validationFindings asked")
            return []
        }
    }

    /// A parent with a cached holder and a dependency, and a child of `rules` with its own
    /// dependency.
    private func family(_ rules: any HierarchyRules.Type) -> (parent: DIContainer, child: DIContainer) {
        let parent = DIContainer()
        parent.register { Dependency(owner: "parent") }
        parent.register(Holder.init).lifetime(.fakePerContainer())
        let child = DIContainer(hierarchy: (parent, rules))
        child.register { Dependency(owner: "child") }
        return (parent, child)
    }

    @Test func aChildsRulesDecideWhoBuildsAKeptInstance() throws {
        let (_, child) = family(FlatRules.self)
        #expect(try child.resolve(Holder.self).dependency.owner == "child")
    }

    @Test func aChildsRulesDecideWhatAnArrayListsFromUpstream() throws {
        let (_, child) = family(FlatRules.self)
        #expect(try child.resolveAll(Dependency.self).map(\.owner) == ["child"])
    }

    @Test func validatingAChildReportsWhatItsRulesFind() {
        let (parent, child) = family(FlatRules.self)
        #expect(child.validate().findings.filter { $0.kind == .module("flatChild") }.map(\.message) == ["a flat child"])
        #expect(!parent.validate().findings.contains { $0.kind == .module("flatChild") })
    }

    @Test func aChildLooksInItsParentAfterAMiss() throws {
        let (parent, child) = family(FlatRules.self)
        #expect(child.hierarchy?.parent === parent)
        #expect(try child.resolve(Holder.self).dependency.owner == "child")
        #expect(parent.hierarchy == nil)
    }

    /// A root (here the parent of a child whose rules record any question) resolves,
    /// lists, builds its cached instances and validates without asking a rule.
    @Test func aRootAsksNoRule() throws {
        let (parent, child) = family(UnaskedRules.self)
        #expect(try parent.resolve(Holder.self).dependency.owner == "parent")
        #expect(try parent.resolveAll(Dependency.self).map(\.owner) == ["parent"])
        #expect(parent.validate().errors.isEmpty)
        _ = child
    }
}
