import DICore
import DIHierarchy
import DILifetime
import Testing

/// Whose registrations build a parent's component resolved through a child.
@Suite struct PointOfViewTests {
    /// A parent with a `Config` named "parent" and a `Service` of `lifetime`, and a child
    /// that overrides `Config` with one named "child".
    private func family(service lifetime: DIComponentLifetime) -> (parent: DIContainer, child: DIContainer) {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Service.init).lifetime(lifetime)
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        return (parent, child)
    }

    @Test(arguments: [DIReferencePolicy.strong, .weak])
    func parentsPerContainerComponentIsBuiltAsTheParentSeesTheGraph(policy: DIReferencePolicy) throws {
        let (parent, child) = family(service: .perContainer(policy))
        // The child asks first: the instance is still built with the parent's config.
        let throughChild = try child.resolve(Service.self)
        #expect(throughChild.config.name == "parent")
        #expect(try parent.resolve(Service.self) === throughChild)
        #expect(try child.resolve(Service.self) === throughChild)
        // A sibling shares the same instance.
        let sibling = DIContainer(parent: parent)
        sibling.register { Config(name: "sibling") }
        #expect(try sibling.resolve(Service.self) === throughChild)
    }

    @Test func parentsPrototypeComponentTakesTheChildsOverride() throws {
        let (parent, child) = family(service: .prototype)
        #expect(try child.resolve(Service.self).config.name == "child")
        #expect(try parent.resolve(Service.self).config.name == "parent")
        #expect(try child.resolve(Service.self) !== child.resolve(Service.self))
    }

    @Test func parentsObjectGraphComponentTakesTheChildsOverride() throws {
        let (parent, child) = family(service: .objectGraph)
        parent.register(Screen.init)
        let screen = try child.resolve(Screen.self)
        #expect(screen.service.config.name == "child")
        #expect(screen.config.name == "child")
        #expect(try parent.resolve(Screen.self).service.config.name == "parent")
        #expect(try child.resolve(Service.self) !== child.resolve(Service.self))
    }

    @Test func objectGraphIsOneInstanceWithinAResolveThroughAChild() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }.lifetime(.objectGraph)
        parent.register(Service.init)
        parent.register(Screen.init)
        let child = DIContainer(parent: parent)
        let screen = try child.resolve(Screen.self)
        #expect(screen.service.config === screen.config)
        #expect(try child.resolve(Screen.self).config !== screen.config)
    }

    @Test func childsComponentDependsOnParentsComponents() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }.lifetime(.perContainer(.strong))
        let child = DIContainer(parent: parent)
        child.register(Service.init)
        let service = try child.resolve(Service.self)
        #expect(service.config === (try parent.resolve(Config.self)))
        #expect(throws: DIError.self) { try parent.resolve(Service.self) }
    }

    @Test func grandchildOverridesForParentsPrototypeAcrossTwoLevels() throws {
        let (_, child) = family(service: .prototype)
        let grandchild = DIContainer(parent: child)
        #expect(try grandchild.resolve(Service.self).config.name == "child")
        grandchild.register { Config(name: "grandchild") }
        #expect(try grandchild.resolve(Service.self).config.name == "grandchild")
    }

    @Test func childsPerContainerComponentIsBuiltAsTheChildSeesTheGraph() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Service.init).lifetime(.perContainer(.strong))
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        child.register(Service.init).lifetime(.perContainer(.strong))
        let grandchild = DIContainer(parent: child)
        grandchild.register { Config(name: "grandchild") }
        let service = try grandchild.resolve(Service.self)
        #expect(service.config.name == "child")
        #expect(try child.resolve(Service.self) === service)
        #expect(try parent.resolve(Service.self) !== service)
    }

    @Test func parentsPerContainerPropertyInjectionsComeFromTheParent() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Widget.init).lifetime(.perContainer(.strong)).injection(\.config)
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        let widget = try child.resolve(Widget.self)
        #expect(widget.config?.name == "parent")
    }

    @Test func parentsPrototypePropertyInjectionsComeFromTheChild() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Widget.init).injection(\.config)
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        #expect(try child.resolve(Widget.self).config?.name == "child")
        #expect(try parent.resolve(Widget.self).config?.name == "parent")
    }

    /// An `.objectGraph` component a parent's cached instance needs is built as the parent sees
    /// the graph, even when the child's part of the same resolve needs it too: the cached
    /// instance must not depend on which child asked first.
    @Test func parentsCachedInstanceDoesNotShareTheChildsObjectGraphInstances() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Service.init).lifetime(.objectGraph)
        parent.register(Cached.init).lifetime(.perContainer(.strong))
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        child.register(Holder.init)
        let holder = try child.resolve(Holder.self)
        #expect(holder.service.config.name == "child")
        #expect(holder.cached.service.config.name == "parent")
        #expect(holder.cached === (try parent.resolve(Cached.self)))
    }

    /// A parent's cached instance gets its property injections from the parent's graph, and
    /// within that graph `.objectGraph` instances are shared as usual.
    @Test func parentsCachedInstanceSharesObjectGraphInstancesWithinTheParentsGraph() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }.lifetime(.objectGraph)
        parent.register(Service.init).lifetime(.objectGraph)
        parent.register(Panel.init).lifetime(.perContainer(.strong)).injection(\.config)
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }.lifetime(.objectGraph)
        child.register { (panel: Panel, config: Config) in Screen(service: panel.service, config: config) }
        let screen = try child.resolve(Screen.self)
        let panel = try parent.resolve(Panel.self)
        #expect(screen.config.name == "child")
        #expect(screen.service === panel.service)
        #expect(panel.service.config.name == "parent")
        #expect(panel.config === panel.service.config)
    }

    @Test(arguments: [DIComponentLifetime.objectGraph, .perContainer(.strong)])
    func cycleInTheParentResolvesThroughAChild(lifetime: DIComponentLifetime) throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Left.init).lifetime(lifetime)
        parent.register(Right.init).injection(\.left)
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        let left = try child.resolve(Left.self)
        #expect(left.right.left === left)
        let expected = lifetime.description == "objectGraph" ? "child" : "parent"
        #expect(left.right.config.name == expected)
    }
}
