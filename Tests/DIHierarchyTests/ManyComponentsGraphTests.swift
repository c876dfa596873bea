import DICore
import DIHierarchy
import DILifetime
import Testing

/// The names of the plugins a component was given, for the graph tests.
private final class PluginNames {
    let names: [String]
    init(plugins: [Plugin]) { names = plugins.map(\.name) }
}

/// Validation and the DOT export see `[T]` through a child as the resolve builds it: the same
/// components, in the same places.
@Suite struct ManyComponentsGraphTests {
    /// A site registered in a child and in its parent is one component: the resolve takes the
    /// child's, once; the graph has one edge to it, in the child's box, and none to the
    /// parent's.
    @Test func graphEdgesOfAListThroughAChildAreWhatResolveBuilds() throws {
        let root = DIContainer()
        registerSharedPlugin(in: root, name: "root")
        root.register { NamedPlugin(name: "root only") }.as(Plugin.self)
        let child = DIContainer(parent: root)
        registerSharedPlugin(in: child, name: "child")
        child.register(PluginNames.init)

        let built = try child.resolve(PluginNames.self).names
        #expect(built == ["child", "root only"])

        let graph = DOTGraph(child.graphvizDOT())
        let consumer = try #require(graph.nodes.first { $0.label.contains("PluginNames") })
        let targets = graph.edges.filter { $0.from == consumer.id }.map(\.to)
        let clusters = targets.map { target in graph.nodes.first { $0.id == target }?.cluster }
        // The child's registration (box 0), then the parent's other one (box 1): as built.
        #expect(clusters == [0, 1])
        #expect(targets.count == built.count)
    }

    /// A parent's `.prototype` taken by a child's component and by a parent's cached one is
    /// built from two points of view: two nodes, each with the `Config` that point of view
    /// finds, as the resolve builds them.
    @Test func aPrototypeBuiltFromTwoPointsOfViewIsTwoNodes() throws {
        let parent = DIContainer()
        parent.register { Config(name: "parent") }
        parent.register(Service.init)  // .prototype: built as the requester sees the graph
        parent.register(CachedScreen.init).lifetime(.perContainer(.strong))
        let child = DIContainer(parent: parent)
        child.register { Config(name: "child") }
        child.register(ChildScreen.init)
        #expect(try child.resolve(ChildScreen.self).service.config.name == "child")
        #expect(try child.resolve(CachedScreen.self).service.config.name == "parent")

        let graph = DOTGraph(child.graphvizDOT())
        func config(through screen: String) throws -> DOTGraph.Node? {
            let holder = try #require(graph.nodes.first { $0.label.contains(screen) })
            let service = try #require(graph.edges.first { $0.from == holder.id }.map(\.to))
            let config = graph.edges.first { $0.from == service }.map(\.to)
            return graph.nodes.first { $0.id == config }
        }
        #expect(try config(through: "ChildScreen")?.cluster == 0)
        #expect(try config(through: "CachedScreen")?.cluster == 1)
        let services = graph.nodes.filter { $0.label.contains("Service") }
        #expect(services.count == 2)
        #expect(services.contains { $0.label.contains("as parent 1 sees it") })
        #expect(services.contains { $0.label.contains("as this container sees it") })
    }
}

private final class ChildScreen {
    let service: Service
    init(service: Service) { self.service = service }
}

private final class CachedScreen {
    let service: Service
    init(service: Service) { self.service = service }
}

/// The nodes (with the box they are drawn in) and edges of a `graphvizDOT()` text.
private struct DOTGraph {
    struct Node {
        let id: String
        let label: String
        let cluster: Int?
    }
    var nodes: [Node] = []
    var edges: [(from: String, to: String)] = []

    init(_ text: String) {
        var cluster: Int?
        for line in text.split(separator: "\n").map({ $0.trimmingPrefix(while: \.isWhitespace) }) {
            if line.hasPrefix("subgraph cluster_") {
                cluster = Int(line.dropFirst("subgraph cluster_".count).prefix { $0.isNumber })
            } else if line == "}" {
                cluster = nil
            } else if line.hasPrefix("n"), let arrow = line.firstRange(of: " -> ") {
                let to = line[arrow.upperBound...].prefix { !$0.isWhitespace && $0 != ";" }
                edges.append((String(line[..<arrow.lowerBound]), String(to)))
            } else if line.hasPrefix("n"), let bracket = line.firstIndex(of: " ") {
                nodes.append(Node(id: String(line[..<bracket]), label: String(line[bracket...]), cluster: cluster))
            }
        }
    }
}
