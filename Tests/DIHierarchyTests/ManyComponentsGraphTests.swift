import DICore
import DIHierarchy
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
