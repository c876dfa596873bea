import DICore

/// The documented semantics, written out plainly: which component answers a request, which
/// instance each request must get, and which error.
///
/// - A request walks from its container up to the first container that has a component for
///   the type: the only one there, or the only `.default()` one, else `.ambiguous`; none
///   anywhere is `.notRegistered` (or `nil` for `T?`). `[T]` lists the container's
///   components, then its parent's, in registration order.
/// - `.prototype`: a new instance every time; `.objectGraph`: one per top-level resolve;
///   every caching lifetime: one instance (each random component has a site of its own).
/// - A `.prototype` or `.objectGraph` component takes its dependencies as the container the
///   resolve started from sees them; a cached one as its own container sees them.
/// - The first failing dependency, in parameter order, fails the whole resolve.
struct ReferenceModel {
    let graph: GraphSpec

    enum Failure: Error, Equatable {
        case notRegistered, ambiguous

        var code: DIError.Code { self == .notRegistered ? .notRegistered : .ambiguous }
    }

    /// Where an instance's identity comes from.
    enum Scope: Hashable, CustomStringConvertible {
        /// A top-level resolve.
        case resolve(Int)
        /// The one build of a cached component (it happened in some resolve, unknown which).
        case cachedBuild(Int)

        var description: String {
            switch self {
            case .resolve(let id): "resolve #\(id)"
            case .cachedBuild(let component): "the build of c\(component)"
            }
        }
    }

    enum Token: Hashable, CustomStringConvertible {
        /// The one instance of a cached component.
        case cached(component: Int)
        /// The `.objectGraph` instance of a component within one scope.
        case graph(component: Int, scope: Scope)
        /// A `.prototype` instance: the n-th made in a scope.
        case fresh(Int, scope: Scope)

        var description: String {
            switch self {
            case .cached(let component): "the cached instance of c\(component)"
            case .graph(let component, let scope): "the object-graph instance of c\(component) in \(scope)"
            case .fresh(let index, let scope): "new instance #\(index) in \(scope)"
            }
        }
    }

    indirect enum Expected {
        case node(component: Int, token: Token, dependencies: [ExpectedDependency])
    }

    enum ExpectedDependency {
        case one(Expected)
        case none
        case many([Expected])
    }

    /// The state of one scope's evaluation.
    struct Evaluation {
        let scope: Scope
        var graphInstances: [Int: Expected] = [:]
        var made = 0
    }

    private func chain(from origin: Int) -> [Int] { origin == 1 ? [1, 0] : [0] }

    /// The component a single dependency on `target` gets, seen from `view`.
    func lookup(_ target: Target, from view: Int) throws(Failure) -> Int? {
        for container in chain(from: view) {
            let fitting = graph.components.indices.filter {
                graph.components[$0].container == container && graph.components[$0].answers(target)
            }
            if fitting.isEmpty { continue }
            if fitting.count == 1 { return fitting[0] }
            let defaults = fitting.filter { graph.components[$0].isDefault }
            if defaults.count == 1 { return defaults[0] }
            throw .ambiguous
        }
        return nil
    }

    /// Every component of `target`, seen from `view`.
    func all(_ target: Target, from view: Int) -> [Int] {
        chain(from: view).flatMap { container in
            graph.components.indices.filter {
                graph.components[$0].container == container && graph.components[$0].answers(target)
            }
        }
    }

    /// What a top-level request gets, in the resolve numbered `resolveID`.
    func expected(_ request: Request, resolveID: Int) throws(Failure) -> ExpectedDependency {
        var evaluation = Evaluation(scope: .resolve(resolveID))
        return try dependency(request.dependency, view: request.origin, &evaluation)
    }

    private func dependency(_ dependency: DependencySpec, view: Int, _ evaluation: inout Evaluation) throws(Failure)
        -> ExpectedDependency
    {
        switch dependency.kind {
        case .one:
            guard let id = try lookup(dependency.target, from: view) else { throw .notRegistered }
            return .one(try build(id, view: view, &evaluation))
        case .maybe:
            guard let id = try lookup(dependency.target, from: view) else { return .none }
            return .one(try build(id, view: view, &evaluation))
        case .many:
            var built: [Expected] = []
            for id in all(dependency.target, from: view) {
                built.append(try build(id, view: view, &evaluation))
            }
            return .many(built)
        }
    }

    private func build(_ id: Int, view: Int, _ evaluation: inout Evaluation) throws(Failure) -> Expected {
        let component = graph.components[id]
        switch component.lifetime {
        case .prototype:
            let token = Token.fresh(evaluation.made, scope: evaluation.scope)
            evaluation.made += 1
            return .node(component: id, token: token, dependencies: try dependencies(of: component, view: view, &evaluation))
        case .objectGraph:
            if let existing = evaluation.graphInstances[id] { return existing }
            let token = Token.graph(component: id, scope: evaluation.scope)
            let made = Expected.node(
                component: id, token: token, dependencies: try dependencies(of: component, view: view, &evaluation))
            evaluation.graphInstances[id] = made
            return made
        case .perContainer, .perRun, .single, .custom:
            var own = Evaluation(scope: .cachedBuild(id))
            return .node(
                component: id, token: .cached(component: id),
                dependencies: try dependencies(of: component, view: component.container, &own))
        }
    }

    private func dependencies(of component: ComponentSpec, view: Int, _ evaluation: inout Evaluation) throws(Failure)
        -> [ExpectedDependency]
    {
        var result: [ExpectedDependency] = []
        for dependency in component.dependencies {
            result.append(try self.dependency(dependency, view: view, &evaluation))
        }
        return result
    }
}

/// Checks what resolves returned against what the model expects, across every resolve of a
/// run: one token is always one instance, and two tokens are two instances (except that the
/// `.objectGraph` instance of a cached component's build may be that of the resolve that made it).
struct IdentityCheck {
    private var objects: [ReferenceModel.Token: ObjectIdentifier] = [:]
    private var tokens: [ObjectIdentifier: [ReferenceModel.Token]] = [:]

    mutating func match(_ expected: ReferenceModel.ExpectedDependency, _ actual: Observed, at path: String) -> String? {
        switch (expected, actual) {
        case (.none, .none): return nil
        case (.one(let expected), .one(let actual)): return match(expected, actual, at: path)
        case (.many(let expected), .many(let actual)):
            guard expected.count == actual.count else {
                return "\(path): expected \(expected.count) instances in the list, got \(actual.count)"
            }
            for (index, pair) in zip(expected, actual).enumerated() {
                if let problem = match(pair.0, pair.1, at: "\(path)[\(index)]") { return problem }
            }
            return nil
        default:
            return "\(path): expected \(expected), got \(actual)"
        }
    }

    private mutating func match(_ expected: ReferenceModel.Expected, _ actual: any StressNode, at path: String) -> String? {
        guard case .node(let component, let token, let dependencies) = expected else { return nil }
        guard actual.componentID == component else {
            return "\(path): expected an instance of c\(component), got one of c\(actual.componentID)"
        }
        let object = ObjectIdentifier(actual)
        if let known = objects[token] {
            guard known == object else { return "\(path): c\(component) (\(token)) should be the instance seen before" }
            return nil  // the same instance: its dependencies were checked when it was first seen
        }
        let earlier = tokens[object, default: []]
        for other in earlier where !Self.mayCoincide(token, other) {
            return "\(path): c\(component) (\(token)) should be a new instance, but it is that of \(other)"
        }
        objects[token] = object
        tokens[object, default: []].append(token)
        // One `.objectGraph` instance shared by a cached build and its resolve took its
        // dependencies as whichever of the two made it saw them: checked the first time only.
        if !earlier.isEmpty { return nil }
        guard dependencies.count == actual.observed.count else {
            return "\(path): c\(component) got \(actual.observed.count) dependencies, not \(dependencies.count)"
        }
        for (index, pair) in zip(dependencies, actual.observed).enumerated() {
            if let problem = match(pair.0, pair.1, at: "\(path).c\(component).\(index)") { return problem }
        }
        return nil
    }

    /// Two `.objectGraph` tokens of one component, at least one inside a cached build, may
    /// be one instance: the cached build may have happened in the other's resolve.
    private static func mayCoincide(_ one: ReferenceModel.Token, _ other: ReferenceModel.Token) -> Bool {
        guard case .graph(let first, let firstScope) = one, case .graph(let second, let secondScope) = other,
            first == second, firstScope != secondScope
        else { return false }
        if case .cachedBuild = firstScope { return true }
        if case .cachedBuild = secondScope { return true }
        return false
    }
}
