extension DIContainer {
    /// The graph this container resolves, as Graphviz DOT text, to look at the wiring.
    ///
    /// Each component is a node labelled with its type (and name or tag), lifetime and
    /// registration site. Each dependency is an edge from the component that takes it to the
    /// component it finds, labelled with how it is taken: `initializer`, `property`, `lazy`,
    /// `provider` or `many`; an optional dependency is dashed. A dependency nothing provides
    /// points to a red dashed node; one several components fit has a red edge to each of
    /// them. With a parent container, each container's components are drawn in a box of
    /// their own. A component built from several points of view (a parent's `.prototype` taken
    /// by a child's component and by a parent's cached one) is a node per point of view, each
    /// labelled with the container whose registrations answer it there. A component that takes
    /// the resolving container (a `DIContainer` parameter) is dashed and labelled
    /// `resolves dynamically`: what it resolves through it is not drawn. Nothing is built.
    ///
    /// ```swift
    /// try container.graphvizDOT().write(toFile: "graph.dot", atomically: true, encoding: .utf8)
    /// // dot -Tsvg graph.dot -o graph.svg
    /// ```
    ///
    /// - Returns: A `digraph` in the DOT language.
    public func graphvizDOT() -> String {
        let graph = DependencyGraph(container: self)
        var lines = ["digraph DIContainer {", "  rankdir=LR;", "  node [shape=box];"]
        let views = Dictionary(graph.nodes.map { (ObjectIdentifier($0.component), 1) }, uniquingKeysWith: +)
        let isClustered = graph.containers.count > 1
        let indent = isClustered ? "    " : "  "
        for containerIndex in graph.containers.indices {
            if isClustered { lines += ["  subgraph cluster_\(containerIndex) {", "    label=\"\(graph.containerName(containerIndex))\";"] }
            for (index, node) in graph.nodes.enumerated() where node.containerIndex == containerIndex {
                let component = node.component
                let type = readableName(of: component.type) + (component.qualifierDescription.map { " (\($0))" } ?? "")
                var label = [type, component.lifetime.description, component.site.description]
                if views[ObjectIdentifier(component), default: 0] > 1 {
                    label.append("as \(graph.containerName(node.originIndex)) sees it")
                }
                if node.resolvesDynamically { label.append("resolves dynamically") }
                let text = label.map(Self.dotEscaped).joined(separator: "\\n")
                lines.append("\(indent)n\(index) [label=\"\(text)\"\(node.resolvesDynamically ? ", style=dashed" : "")];")
            }
            if isClustered { lines.append("  }") }
        }
        lines += graph.edges.map { "  n\($0.from) -> n\($0.to) [\(Self.dotAttributes($0.dependency))];" }
        for (index, entry) in graph.unresolved.enumerated() {
            let attributes = Self.dotAttributes(entry.dependency) + ", color=red"
            let label: String
            switch entry.problem {
            case .missing:
                label = Self.dotEscaped(entry.wanted) + "\\nnot registered"
            case .ambiguous(let candidates):
                lines += candidates.map { "  n\(entry.node) -> n\($0) [\(attributes)];" }
                continue
            case .unsupported: label = Self.dotEscaped(entry.dependency.shape) + "\\nunsupported"
            }
            lines.append("  missing\(index) [label=\"\(label)\", style=dashed, color=red];")
            lines.append("  n\(entry.node) -> missing\(index) [\(attributes)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The label of an edge and, for an optional dependency, its dashed style.
    private static func dotAttributes(_ dependency: Dependency) -> String {
        let qualifier = dependency.qualifier.map { " (\($0))" } ?? ""
        let label = "label=\"\(dotEscaped(dependency.label + qualifier))\""
        return dependency.isOptional ? label + ", style=dashed" : label
    }

    /// `text` inside a DOT string literal.
    private static func dotEscaped(_ text: String) -> String {
        String(text.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] })
    }
}
