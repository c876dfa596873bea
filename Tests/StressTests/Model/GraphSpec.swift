import TestSupport

/// A random graph: components of the node pool in a parent and maybe a child container, and
/// the requests to make of it.
struct GraphSpec: Sendable, CustomStringConvertible {
    var hasChild: Bool
    var components: [ComponentSpec]
    var requests: [Request]
    /// A third container, the child's child (only with `GraphFeatures.differential`).
    var hasGrandchild = false

    /// How many containers the chain has: parent, child, grandchild.
    var containerCount: Int { hasGrandchild ? 3 : hasChild ? 2 : 1 }

    var description: String {
        var lines = ["containers: parent\(hasChild ? " and child" : "")\(hasGrandchild ? " and grandchild" : "")"]
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
    /// `Named<…, T>` or `Tagged<…, T>` around the target (only with `GraphFeatures.differential`).
    var qualifier: QualifierSpec? = nil
    /// `Lazy<…>` or `Provider<…>` between the kind and the qualifier.
    var wrapper: WrapperSpec = .plain

    var description: String {
        var inner = "\(target)"
        if let qualifier { inner = qualifier.wrap(inner) }
        switch wrapper {
        case .plain: break
        case .lazy: inner = "Lazy<\(inner)>"
        case .provider: inner = "Provider<\(inner)>"
        }
        switch kind {
        case .one: return inner
        case .maybe: return "\(inner)?"
        case .many: return "[\(inner)]"
        }
    }
}

/// A name or a tag a component is registered with, and a dependency asks for.
enum QualifierSpec: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case nameA, nameB, tagA, tagB

    var description: String {
        switch self {
        case .nameA: ".named(\"a\")"
        case .nameB: ".named(\"b\")"
        case .tagA: ".tagged(TagA)"
        case .tagB: ".tagged(TagB)"
        }
    }

    func wrap(_ inner: String) -> String {
        switch self {
        case .nameA: "Named<NameA, \(inner)>"
        case .nameB: "Named<NameB, \(inner)>"
        case .tagA: "Tagged<TagA, \(inner)>"
        case .tagB: "Tagged<TagB, \(inner)>"
        }
    }
}

/// A deferred way of taking a dependency.
enum WrapperSpec: Sendable, Hashable, CaseIterable {
    case plain, lazy, provider
}

/// Where a component's factory runs.
enum IsolationSpec: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case nonisolated, mainActor, async

    var description: String {
        switch self {
        case .nonisolated: ""
        case .mainActor: " @MainActor"
        case .async: " async"
        }
    }
}

/// A `postInit`: where it runs, and whether it throws.
struct ActionSpec: Sendable, Hashable, CustomStringConvertible {
    var isolation: IsolationSpec
    var throwsError = false

    var description: String { "\(isolation)\(throwsError ? " throws" : "")" }
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
    /// The differential suite's additions (see `GraphFeatures.differential`).
    var qualifier: QualifierSpec? = nil
    /// A leading `Argument<Int>` parameter.
    var takesArgument = false
    var isolation: IsolationSpec = .nonisolated
    /// `.weak` instead of `.strong` for `.perContainer` and `.perRun`.
    var isWeak = false
    /// A property injection taking this dependency.
    var injected: DependencySpec? = nil
    /// Where the property injection runs: nonisolated, on the main actor, or awaited.
    var injectionIsolation: IsolationSpec = .nonisolated
    /// A `postInit` (without parameters), and whether it throws.
    var postInit: ActionSpec? = nil
    /// Whether the factory throws (every call).
    var factoryThrows = false
    /// Registered with `register(T.self)`: no factory, instances made by the caller and filled
    /// by `inject(into:)`.
    var madeElsewhere = false

    var lifetimeDescription: String {
        guard isWeak else { return "\(lifetime)" }
        return lifetime == .perContainer ? ".perContainer(.weak)" : ".perRun(.weak)"
    }

    func answers(_ target: Target) -> Bool {
        target.isFace ? faces.contains(target.face) : node == target.index
    }

    var description: String {
        let where_ = ["parent", "child", "grandchild"][container]
        var text =
            madeElsewhere
            ? "register(Node<K\(node)>.self) in \(where_)"
            : "register(Node<K\(node)>)\(isolation)\(factoryThrows ? " throws" : "") in \(where_) \(lifetimeDescription)"
        if takesArgument { text += " Argument<Int>" }
        for face in faces { text += " .as(Face\(face))" }
        if let qualifier { text += " \(qualifier)" }
        if isDefault { text += " .default()" }
        text += " dependencies: \(dependencies)"
        if let injected { text += " .injection\(injectionIsolation)(\(injected))" }
        if let postInit { text += " .postInit\(postInit)" }
        return text
    }
}

struct Request: Sendable, CustomStringConvertible {
    var dependency: DependencySpec
    /// 0: the parent container, 1: the child, 2: the grandchild.
    var origin: Int
    /// The qualifier given as `name:` or `tag:` to the resolve rather than as a `Named` or
    /// `Tagged` type (differential suite).
    var qualifierByOverload = false

    var description: String {
        "resolve \(dependency)\(qualifierByOverload ? " (qualifier as an overload)" : "") from \(["parent", "child", "grandchild"][origin])"
    }
}

/// What random graphs may contain beyond the stress suite's nodes, faces, defaults and lifetimes.
///
/// With `stress` the generator makes exactly the graphs it always made for a seed.
struct GraphFeatures: Sendable {
    /// Names, tags, arguments, wrappers, a grandchild, weak lifetimes, main-actor and async
    /// factories, property injections.
    var isDifferential = false
    var options = DifferentialOptions()

    static let stress = GraphFeatures()
    static func differential(_ options: DifferentialOptions = DifferentialOptions()) -> GraphFeatures {
        GraphFeatures(isDifferential: true, options: options)
    }
}

extension GraphSpec {
    /// Face `f` is exposed only by node types below `4 * (f + 1)` and asked for only by node
    /// types from there on, and a node asks only for lower node types: the graph has no cycle.
    static func faceLimit(_ face: Int) -> Int { 4 * (face + 1) }

    /// The random graph of `seed`; `features` adds the differential suite's shapes to it.
    static func random(seed: UInt64, features: GraphFeatures = .stress) -> GraphSpec {
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
        var graph = GraphSpec(hasChild: hasChild, components: components, requests: requests)
        if features.isDifferential {
            graph.addDifferentialShapes(using: &random, answered: answered, options: features.options)
        }
        return graph
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
        smaller += differentialSimplifications
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

extension GraphSpec {
    /// The smallest graph, one simplification at a time, for which `run` still reports a
    /// problem (`tries` runs of each candidate, for a failure that needs a race).
    static func shrink<Problem>(
        _ graph: GraphSpec, problem: Problem, tries: Int, maxAttempts: Int = 400,
        run: (GraphSpec) async -> Problem?
    ) async -> (GraphSpec, Problem) {
        var current = (graph, problem)
        var attempts = 0
        var shrunk = true
        while shrunk && attempts < maxAttempts {
            shrunk = false
            for candidate in current.0.simplifications {
                attempts += 1
                var found: Problem?
                for _ in 0..<tries where found == nil {
                    found = await run(candidate)
                }
                if let found {
                    current = (candidate, found)
                    shrunk = true
                    break
                }
            }
        }
        return current
    }
}
