/// A random graph: components of the node pool in a parent and maybe a child container, and
/// the requests to make of it.
struct GraphSpec: Sendable, CustomStringConvertible {
    var hasChild: Bool
    var components: [ComponentSpec]
    var requests: [Request]

    var description: String {
        var lines = ["containers: parent\(hasChild ? " and child" : "")"]
        for (id, component) in components.enumerated() {
            lines.append("c\(id): \(component)")
        }
        for request in requests {
            lines.append("request: \(request)")
        }
        return lines.joined(separator: "\n")
    }
}

enum LifetimeKind: Sendable, CaseIterable, CustomStringConvertible {
    case prototype, objectGraph, perContainer, perRun, single, custom

    var isCached: Bool { self != .prototype && self != .objectGraph }

    var description: String {
        switch self {
        case .prototype: ".prototype"
        case .objectGraph: ".objectGraph"
        case .perContainer: ".perContainer(.strong)"
        case .perRun: ".perRun(.strong)"
        case .single: ".single"
        case .custom: ".custom(scope)"
        }
    }
}

struct DependencySpec: Sendable, Hashable, CustomStringConvertible {
    var target: Target
    var kind: DependencyKind

    var description: String {
        switch kind {
        case .one: "\(target)"
        case .maybe: "\(target)?"
        case .many: "[\(target)]"
        }
    }
}

struct ComponentSpec: Sendable, CustomStringConvertible {
    /// The node type, 0..<12.
    var node: Int
    /// 0: the parent container, 1: the child.
    var container: Int
    var lifetime: LifetimeKind
    var faces: [Int]
    var isDefault: Bool
    var dependencies: [DependencySpec]

    func answers(_ target: Target) -> Bool {
        target.isFace ? faces.contains(target.face) : node == target.index
    }

    var description: String {
        var text = "register(Node<K\(node)>) in \(container == 0 ? "parent" : "child") \(lifetime)"
        for face in faces { text += " .as(Face\(face))" }
        if isDefault { text += " .default()" }
        return text + " dependencies: \(dependencies)"
    }
}

struct Request: Sendable, CustomStringConvertible {
    var dependency: DependencySpec
    /// 0: the parent container, 1: the child.
    var origin: Int

    var description: String { "resolve \(dependency) from \(origin == 0 ? "parent" : "child")" }
}

/// SplitMix64: small, fast, and the same sequence on every platform for a seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension GraphSpec {
    /// Face `f` is exposed only by node types below `4 * (f + 1)` and asked for only by node
    /// types from there on, and a node asks only for lower node types: the graph has no cycle.
    static func faceLimit(_ face: Int) -> Int { 4 * (face + 1) }

    /// The random graph of `seed`.
    static func random(seed: UInt64) -> GraphSpec {
        var random = SeededGenerator(seed: seed)
        let hasChild = Bool.random(using: &random)
        // A few node types only, so that several components share a type (ambiguity,
        // defaults, `[T]`, a child's override).
        let types = Array((0..<12).shuffled(using: &random).prefix(Int.random(in: 3...7, using: &random)))
        let nodes = (0..<Int.random(in: 2...10, using: &random)).map { _ in types.randomElement(using: &random)! }
        let allFaces = nodes.map { node in
            (0..<2).filter { node < faceLimit($0) && Int.random(in: 0..<10, using: &random) < 4 }
        }
        // Mostly types something answers; now and then one nothing does.
        let answered = Target.all.filter { target in
            target.isFace ? allFaces.contains { $0.contains(target.face) } : nodes.contains(target.index)
        }
        func pick(_ allowed: (Target) -> Bool, using random: inout SeededGenerator) -> Target? {
            let fitting = answered.filter(allowed)
            if Int.random(in: 0..<10, using: &random) < 9 { return fitting.randomElement(using: &random) }
            return Target.all.filter(allowed).randomElement(using: &random)
        }
        func kind(using random: inout SeededGenerator) -> DependencyKind {
            let roll = Int.random(in: 0..<4, using: &random)
            return roll < 2 ? .one : roll == 2 ? .maybe : .many
        }
        var components: [ComponentSpec] = []
        for (node, faces) in zip(nodes, allFaces) {
            var dependencies: [DependencySpec] = []
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let allowed = { (target: Target) in target.isFace ? node >= faceLimit(target.face) : target.index < node }
                guard let target = pick(allowed, using: &random) else { break }
                dependencies.append(DependencySpec(target: target, kind: kind(using: &random)))
            }
            components.append(
                ComponentSpec(
                    node: node,
                    container: hasChild ? Int.random(in: 0...1, using: &random) : 0,
                    lifetime: LifetimeKind.allCases.randomElement(using: &random)!,
                    faces: faces,
                    isDefault: Int.random(in: 0..<10, using: &random) < 4,
                    dependencies: dependencies))
        }
        let requests = (0..<6).map { _ -> Request in
            Request(
                dependency: DependencySpec(target: pick({ _ in true }, using: &random)!, kind: kind(using: &random)),
                origin: hasChild ? Int.random(in: 0...1, using: &random) : 0)
        }
        return GraphSpec(hasChild: hasChild, components: components, requests: requests)
    }

    /// Smaller graphs than this one, each one step simpler, for shrinking a failure.
    var simplifications: [GraphSpec] {
        var smaller: [GraphSpec] = []
        for index in requests.indices where requests.count > 1 {
            var copy = self
            copy.requests.remove(at: index)
            smaller.append(copy)
        }
        for index in components.indices {
            var copy = self
            copy.components.remove(at: index)
            smaller.append(copy)
        }
        for index in components.indices {
            for dependency in components[index].dependencies.indices {
                var copy = self
                copy.components[index].dependencies.remove(at: dependency)
                smaller.append(copy)
            }
            if !components[index].faces.isEmpty {
                var copy = self
                copy.components[index].faces.removeLast()
                smaller.append(copy)
            }
            if components[index].isDefault {
                var copy = self
                copy.components[index].isDefault = false
                smaller.append(copy)
            }
            if components[index].lifetime != .prototype {
                var copy = self
                copy.components[index].lifetime = .prototype
                smaller.append(copy)
            }
        }
        return smaller
    }
}
