import DICore
import DIHierarchy
import Testing

/// Types of a generated graph: each level adds the same shapes around the level below it,
/// so each level's types are distinct (`Link<Link<Base>>`, ...) without writing them out.
enum G {
    final class Base { init() {} }
    protocol AnyLink: AnyObject {}
    final class Link<Previous>: AnyLink {
        init(previous: Previous, labels: [Label<Previous>], absent: Absent?, loop: Loop<Previous>) {}
    }
    final class Cache<Previous> {
        init(previous: Provider<Previous>, link: Provider<Link<Previous>>, base: Base, label: Tagged<Primary, Label<Previous>>) {}
    }
    final class Loop<Previous> {
        let back: Back<Previous>
        init(back: Back<Previous>) { self.back = back }
    }
    final class Back<Previous> {
        var loop: Loop<Previous>?
        init() {}
    }
    final class Label<Previous> { init() {} }
    final class Absent { init() {} }
    enum Primary {}
    final class Catalog {
        let links: [AnyLink]
        init(links: [AnyLink], cache: Lazy<Cache<Base>>) { self.links = links }
    }
}

/// Wiring that shows every kind of edge in the DOT export.
final class Wiring {
    init(cats: [Cat], dog: Lazy<Dog>, bowl: Provider<Bowl>, fluffy: Tagged<Fluffy, Cat>?) {}
}

@Suite struct ValidationGraphTests {
    /// Registers one level above `Previous`, then the levels above it.
    ///
    /// Each registration is given its own site (a file name no source file has, the level as
    /// the line), as a wrapper around `register` passes its caller's site, so that each
    /// level's components are told apart in messages by their site.
    private func registerLevels<Previous>(above previous: Previous.Type, level: Int, count: Int, in container: DIContainer) {
        let line = UInt(level + 1)
        let file: StaticString = "Generated/Levels.swift"
        container.register(file: file, line: line, column: 1) {
            (previous: Previous, labels: [G.Label<Previous>], absent: G.Absent?, loop: G.Loop<Previous>) in
            G.Link(previous: previous, labels: labels, absent: absent, loop: loop)
        }
        .as(G.AnyLink.self)
        container.register(file: file, line: line, column: 2) {
            (previous: Provider<Previous>, link: Provider<G.Link<Previous>>, base: G.Base, label: Tagged<G.Primary, G.Label<Previous>>) in
            G.Cache(previous: previous, link: link, base: base, label: label)
        }
        .lifetime(.fakePerContainer())
        container.register(file: file, line: line, column: 3) { (back: G.Back<Previous>) in G.Loop(back: back) }
            .lifetime(.fakeObjectGraph)
        container.register(file: file, line: line, column: 4) { G.Back<Previous>() }.injection(\.loop)
        container.register(file: file, line: line, column: 5) { G.Label<Previous>() }.tagged(G.Primary.self)
            .lifetime(.fakePerRun())
        container.register(file: file, line: line, column: 6) { G.Label<Previous>() }.named("spare")
        if level + 1 < count {
            registerLevels(above: G.Link<Previous>.self, level: level + 1, count: count, in: container)
        }
    }

    @Test func largeValidGraphReportsNothing() throws {
        let container = DIContainer()
        container.register(G.Base.init).lifetime(.fakePerRun())
        registerLevels(above: G.Base.self, level: 0, count: 60, in: container)
        container.register(G.Catalog.init)
        #expect(container.allComponents().count == 1 + 60 * 6 + 1)
        let report = container.validate()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.kind))")
        // The resolver agrees: the whole graph builds.
        let catalog = try container.resolve(G.Catalog.self)
        #expect(catalog.links.count == 60)
        // And one mistake in it is found alone.
        container.register(V.Mid.init)
        #expect(container.validate().findings.map(\.kind) == [.missingDependency])
    }

    /// The id of the node whose label starts with `label` and a line break.
    private func node(_ label: String, in dot: String) throws -> Substring {
        let line = try #require(dot.split(separator: "\n").first { $0.contains("[label=\"\(label)\\n") })
        return try #require(line.split(separator: " ").first)
    }

    @Test func dotExportHasEveryComponentAndLabelledEdge() throws {
        let container = DIContainer()
        container.register(Cat.init).lifetime(.fakePerContainer())
        container.register(Cat.init).tagged(Fluffy.self)
        container.register(Dog.init)
        container.register(Bowl.init)
        container.register(Owner.init)
        container.register(Parent.init)
        container.register(Child.init).injection(\.parent)
        container.register(Wiring.init)
        container.register(V.Mid.init)
        let dot = container.graphvizDOT()
        #expect(dot.hasPrefix("digraph DIContainer {\n"))
        #expect(dot.hasSuffix("}\n"))

        let cat = try node("DICoreTests.Cat", in: dot)
        let fluffy = try node("DICoreTests.Cat (tag DICoreTests.Fluffy)", in: dot)
        let dog = try node("DICoreTests.Dog", in: dot)
        let bowl = try node("DICoreTests.Bowl", in: dot)
        let owner = try node("DICoreTests.Owner", in: dot)
        let parent = try node("DICoreTests.Parent", in: dot)
        let child = try node("DICoreTests.Child", in: dot)
        let wiring = try node("DICoreTests.Wiring", in: dot)
        let mid = try node("DICoreTests.V.Mid", in: dot)
        #expect(dot.contains("\(cat) [label=\"DICoreTests.Cat\\nperContainer(strong)\\nDICoreTests/ValidationGraphTests.swift:"))

        let edges = Set(dot.split(separator: "\n").map { $0.trimmingPrefix("  ") }.filter { $0.contains(" -> ") })
        let expected: Set<String> = [
            "\(owner) -> \(cat) [label=\"initializer\"];",
            "\(owner) -> \(bowl) [label=\"initializer\", style=dashed];",
            "\(parent) -> \(child) [label=\"initializer\"];",
            "\(child) -> \(parent) [label=\"property\", style=dashed];",
            "\(wiring) -> \(cat) [label=\"many\"];",
            "\(wiring) -> \(fluffy) [label=\"many\"];",
            "\(wiring) -> \(dog) [label=\"lazy\"];",
            "\(wiring) -> \(bowl) [label=\"provider\"];",
            "\(wiring) -> \(fluffy) [label=\"initializer (tag DICoreTests.Fluffy)\", style=dashed];",
            "\(mid) -> missing0 [label=\"initializer\", color=red];",
        ]
        #expect(edges == Set(expected.map { Substring($0) }))
        #expect(dot.contains("missing0 [label=\"DICoreTests.V.Missing\\nnot registered\", style=dashed, color=red];"))
    }

    @Test func dotExportDrawsAmbiguityAndEachContainerOfAHierarchy() throws {
        let parent = DIContainer()
        parent.register(V.DiskStore.init).as(V.Store.self)
        parent.register(V.MemoryStore.init).as(V.Store.self)
        let child = DIContainer(parent: parent)
        child.register(V.Repo.init)
        let dot = child.graphvizDOT()
        #expect(dot.contains("subgraph cluster_0 {\n    label=\"this container\";\n    n0 [label=\"DICoreTests.V.Repo\\n"))
        #expect(dot.contains("subgraph cluster_1 {\n    label=\"parent 1\";\n    n1 [label=\"DICoreTests.V.DiskStore\\n"))
        #expect(dot.contains("n0 -> n1 [label=\"initializer\", color=red];"))
        #expect(dot.contains("n0 -> n2 [label=\"initializer\", color=red];"))
    }
}
