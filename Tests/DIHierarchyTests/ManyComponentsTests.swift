import DICore
import DIHierarchy
import DILifetime
import Testing

/// `[T]` through a child: the child's components, then each parent's, once per component.
@Suite struct ManyComponentsTests {
    @Test func listGathersTheChildsComponentsThenEachParents() throws {
        let root = DIContainer()
        root.register { NamedPlugin(name: "root 1") }.as(Plugin.self)
        root.register { NamedPlugin(name: "root 2") }.as(Plugin.self)
        let child = DIContainer(parent: root)
        child.register { NamedPlugin(name: "child") }.as(Plugin.self)
        let grandchild = DIContainer(parent: child)
        grandchild.register { NamedPlugin(name: "grandchild") }.as(Plugin.self)

        #expect(try grandchild.resolveAll(Plugin.self).map(\.name) == ["grandchild", "child", "root 1", "root 2"])
        #expect(try child.resolve([Plugin].self).map(\.name) == ["child", "root 1", "root 2"])
        #expect(try root.resolveAll(Plugin.self).map(\.name) == ["root 1", "root 2"])
    }

    @Test func listThroughAChildWithNoComponentsOfTheTypeIsTheParents() throws {
        let root = DIContainer()
        root.register { NamedPlugin(name: "root") }.as(Plugin.self)
        let child = DIContainer(parent: root)
        #expect(try child.resolveAll(Plugin.self).map(\.name) == ["root"])
        #expect(try DIContainer(parent: DIContainer()).resolveAll(Plugin.self).isEmpty)
    }

    @Test func listAsADependencyGathersTheSameWay() throws {
        let root = DIContainer()
        root.register { NamedPlugin(name: "root") }.as(Plugin.self)
        root.register { (plugins: [Plugin]) in plugins.map(\.name).joined(separator: ",") }
        let child = DIContainer(parent: root)
        child.register { NamedPlugin(name: "child") }.as(Plugin.self)
        // The parent's prototype `String` takes the list as the child sees it.
        #expect(try child.resolve(String.self) == "child,root")
        #expect(try root.resolve(String.self) == "root")
    }

    /// The same registration site in a child and its parent is one component (identity is
    /// the site): it appears once, as the nearest container's registration.
    @Test func sameSiteInChildAndParentAppearsOnce() throws {
        let root = DIContainer()
        registerSharedPlugin(in: root, name: "root")
        root.register { NamedPlugin(name: "root only") }.as(Plugin.self)
        let child = DIContainer(parent: root)
        registerSharedPlugin(in: child, name: "child")
        #expect(try child.resolveAll(Plugin.self).map(\.name) == ["child", "root only"])
        #expect(try root.resolveAll(Plugin.self).map(\.name) == ["root", "root only"])
    }

    @Test func sameSitePerRunInChildAndParentIsOneInstanceOnce() throws {
        let root = DIContainer()
        let child = DIContainer(parent: root)
        registerPerRunDish(in: root)
        registerPerRunDish(in: child)
        let dishes = try child.resolveAll(Dish.self)
        #expect(dishes.count == 1)
        #expect(dishes.first === (try root.resolve(Dish.self)))
    }
}
