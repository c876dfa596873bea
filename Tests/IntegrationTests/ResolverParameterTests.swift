import DICore
import DIHierarchy
import DILifetime
import Testing

private final class API: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
private final class Screen: Sendable {
    let api: API
    init(api: API) { self.api = api }
}

private final class Shared: Sendable {}
private final class Uses: Sendable {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}
private final class Root: Sendable {
    let shared: Shared
    let uses: Uses
    init(shared: Shared, uses: Uses) {
        self.shared = shared
        self.uses = uses
    }
}

private final class Left: Sendable { init(right: Right) {} }
private final class Right: Sendable { init(left: Left) {} }

private final class Theme: Sendable {
    let name: String
    init(name: String) { self.name = name }
}
private final class Page: Sendable {
    let theme: Theme
    init(theme: Theme) { self.theme = theme }
}

private final class Greeting: Sendable {
    let text: String
    init(text: Argument<String>) { self.text = text.value }
}
private final class Greeter: Sendable {
    let greeting: Greeting
    init(greeting: Greeting) { self.greeting = greeting }
}

private enum Prod {}

@Suite struct ResolverParameterTests {
    @Test func factoryResolvesANamedComponentThroughItsResolverParameter() throws {
        let container = DIContainer()
        container.register { API(name: "prod") }.named("prod")
        container.register { API(name: "test") }.named("test")
        container.register { (c: DIContainer) in Screen(api: try c.resolve(API.self, name: "prod")) }
        #expect(try container.resolve(Screen.self).api.name == "prod")
    }

    @Test func factoryResolvesATaggedComponentThroughItsResolverParameter() throws {
        let container = DIContainer()
        container.register { API(name: "prod") }.tagged(Prod.self)
        container.register { (c: DIContainer) in Screen(api: try c.resolve(API.self, tag: Prod.self)) }
        #expect(try container.resolve(Screen.self).api.name == "prod")
    }

    @Test func containerWithResolverFactoriesIsFreed() throws {
        weak var weakContainer: DIContainer?
        do {
            let container = DIContainer()
            weakContainer = container
            container.register { API(name: "prod") }.named("prod")
            container.register { (c: DIContainer) in Screen(api: try c.resolve(API.self, name: "prod")) }
            _ = try container.resolve(Screen.self)
        }
        #expect(weakContainer == nil)
    }

    @Test func nestedResolveSharesTheObjectGraphInstances() throws {
        let container = DIContainer()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register { (c: DIContainer) in Uses(shared: try c.resolve(Shared.self)) }
        container.register(Root.init)
        let root = try container.resolve(Root.self)
        #expect(root.uses.shared === root.shared)
    }

    @Test func cycleThroughTwoResolverFactoriesIsACycleWithItsSteps() {
        let container = DIContainer()
        container.register { (c: DIContainer) in Left(right: try c.resolve(Right.self)) }
        container.register { (c: DIContainer) in Right(left: try c.resolve(Left.self)) }
        do {
            _ = try container.resolve(Left.self)
            Issue.record("resolved a cycle")
        } catch {
            #expect(error.code == .cycle)
            let steps = error.cycle.map { ObjectIdentifier($0.type) }
            #expect(steps.first == steps.last)
            #expect(Set(steps) == [ObjectIdentifier(Left.self), ObjectIdentifier(Right.self)])
        }
    }

    @Test func resolverIsTheContainerResolvingTheComponent() throws {
        let parent = DIContainer()
        parent.register { Theme(name: "parent") }
        parent.register { (c: DIContainer) in Page(theme: try c.resolve(Theme.self)) }
        let child = DIContainer(parent: parent)
        child.register { Theme(name: "child") }
        #expect(try child.resolve(Page.self).theme.name == "child")
        #expect(try parent.resolve(Page.self).theme.name == "parent")
    }

    @Test func factoryResolvesWithArgumentsThroughItsResolverParameter() throws {
        let container = DIContainer()
        container.register(Greeting.init)
        container.register { (c: DIContainer) in Greeter(greeting: try c.resolve(Greeting.self, arguments: "hello")) }
        #expect(try container.resolve(Greeter.self).greeting.text == "hello")
    }

    @Test func validationDoesNotReportTheResolverAsMissing() {
        let container = DIContainer()
        container.register { API(name: "prod") }.named("prod")
        container.register { (c: DIContainer) in Screen(api: try c.resolve(API.self, name: "prod")) }
        #expect(container.validate().findings.filter { $0.severity == .error }.isEmpty)
        #expect(!container.graphvizDOT().contains("not registered"))
    }
}

/// Factories that resolve through a container they capture (unowned, so that the container is
/// freed): the nested resolve joins the one in progress.
@Suite struct CapturedContainerTests {
    @Test func cycleThroughCapturedContainersDoesNotKillTheProcess() async {
        // Before: a stack overflow (SIGSEGV) with no message.
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            // Explicit lines: inside an exit test, `#line` is the macro's.
            container.register(line: 1) { [unowned container] () throws -> Left in Left(right: try container.resolve(Right.self)) }
            container.register(line: 2) { [unowned container] () throws -> Right in Right(left: try container.resolve(Left.self)) }
            do throws(DIError) {
                _ = try container.resolve(Left.self)
            } catch {
                precondition(error.code == .cycle)
            }
        }
    }

    @Test func nestedResolveThroughAChildAnswersFromTheChild() throws {
        let parent = DIContainer()
        let child = DIContainer(parent: parent)
        parent.register { Theme(name: "parent") }
        child.register { Theme(name: "child") }
        parent.register { [unowned child] () throws -> Page in Page(theme: try child.resolve(Theme.self)) }
        #expect(try parent.resolve(Page.self).theme.name == "child")
    }

    @Test func nestedResolveThroughACapturedContainerSharesTheObjectGraph() throws {
        let container = DIContainer()
        container.register(Shared.init).lifetime(.objectGraph)
        container.register { [unowned container] () throws -> Uses in Uses(shared: try container.resolve(Shared.self)) }
        container.register(Root.init)
        let root = try container.resolve(Root.self)
        #expect(root.uses.shared === root.shared)
    }
}
