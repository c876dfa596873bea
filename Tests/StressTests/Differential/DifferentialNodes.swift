import DICore
import Synchronization

// The differential suite's node class and the shapes a dependency or a request takes: every
// composition of `T?`/`[T]`, `Lazy`/`Provider` and `Named`/`Tagged` around a node type or a
// face, and `Argument<Int>`. A built node records what each parameter gave it; a `Lazy` or
// `Provider` is recorded unread, and read after the resolve returned (see `Realizer`).

enum NameA: DIName { static let name = "a" }
enum NameB: DIName { static let name = "b" }
enum TagA {}
enum TagB {}

/// What a node was given for one parameter (or one element of an array parameter).
enum Seen: Sendable {
    case node(any DiffNode)
    case none
    case many([Seen])
    case argument(Int)
    /// A `Lazy` or `Provider`, read synchronously or awaited when the result is realized.
    case later(Later)
}

extension Seen {
    /// The instances given directly (alone or in an array), not through a `Lazy` or `Provider`.
    var givenNodes: [any DiffNode] {
        switch self {
        case .node(let node): [node]
        case .many(let list): list.flatMap(\.givenNodes)
        case .none, .argument, .later: []
        }
    }
}

struct Later: Sendable {
    /// The synchronous read, with the reader's isolation (as `#isolation` gives it).
    let sync: @Sendable (isolated (any Actor)?) throws(DIError) -> Seen
    let awaited: @Sendable () async throws(DIError) -> Seen
}

protocol DiffNode: AnyObject, Sendable {
    var componentID: Int { get }
    var seen: [Seen] { get }
    /// What property injections gave the node.
    var injectedSeen: [Seen] { get }
    /// The actions run on the node, in order, each with its tick of the run's `ActionClock`.
    var actions: [(action: DiffAction, tick: Int)] { get }
}

/// An action a node's component runs on it.
enum DiffAction: Sendable, Equatable, CustomStringConvertible {
    case injection, postInit

    var description: String { self == .injection ? "injection" : "postInit" }
}

/// What a throwing factory or `postInit` of a random graph throws.
struct DiffFailure: Error {}

/// The order of every action of one run, across threads and tasks.
final class ActionClock: Sendable {
    private let ticks = Atomic(0)

    func tick() -> Int { ticks.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue }
}

final class DNode<K: NodeKey>: DiffNode, Face0, Face1 {
    let componentID: Int
    let seen: [Seen]
    private let state = Protected<(injected: [Seen], actions: [(action: DiffAction, tick: Int)])>(([], []))

    init(componentID: Int, seen: [Seen]) {
        self.componentID = componentID
        self.seen = seen
    }

    /// A factory's node, or its failure when `fails`.
    static func make(componentID: Int, seen: [Seen], fails: Bool) throws -> DNode {
        if fails { throw DiffFailure() }
        return DNode(componentID: componentID, seen: seen)
    }

    func inject(_ value: Seen, clock: ActionClock) {
        state.withLock { state in
            state.injected.append(value)
            state.actions.append((.injection, clock.tick()))
        }
    }

    /// Records a `postInit`, which then throws when `fails`.
    func postInit(clock: ActionClock, fails: Bool) throws {
        state.withLock { $0.actions.append((.postInit, clock.tick())) }
        if fails { throw DiffFailure() }
    }

    var injectedSeen: [Seen] { state.withLock { $0.injected } }

    var actions: [(action: DiffAction, tick: Int)] { state.withLock { $0.actions } }
}

/// A way of asking for something: `Param` is the parameter or requested type.
protocol DShape: SendableMetatype {
    associatedtype Param: Sendable
    static func seen(_ value: Param) -> Seen
}

enum DPlain<T: Sendable>: DShape {
    static func seen(_ value: T) -> Seen { .node(value as! any DiffNode) }
}

enum DArgument: DShape {
    static func seen(_ value: Argument<Int>) -> Seen { .argument(value.value) }
}

enum DNamed<Key: DIName, S: DShape>: DShape {
    static func seen(_ value: Named<Key, S.Param>) -> Seen { S.seen(value.value) }
}

enum DTagged<Tag, S: DShape>: DShape {
    static func seen(_ value: Tagged<Tag, S.Param>) -> Seen { S.seen(value.value) }
}

enum DLazy<S: DShape>: DShape {
    static func seen(_ value: Lazy<S.Param>) -> Seen {
        .later(
            Later(
                sync: { (isolation) throws(DIError) -> Seen in S.seen(try value.resolvedValue(isolation: isolation)) },
                awaited: { () async throws(DIError) -> Seen in S.seen(try await value.resolvedValue()) }))
    }
}

enum DProvider<S: DShape>: DShape {
    static func seen(_ value: Provider<S.Param>) -> Seen {
        .later(
            Later(
                sync: { (isolation) throws(DIError) -> Seen in S.seen(try value.resolve(isolation: isolation)) },
                awaited: { () async throws(DIError) -> Seen in S.seen(try await value.resolve()) }))
    }
}

enum DMaybe<S: DShape>: DShape {
    static func seen(_ value: S.Param?) -> Seen { value.map(S.seen) ?? .none }
}

enum DMany<S: DShape>: DShape {
    static func seen(_ value: [S.Param]) -> Seen { .many(value.map(S.seen)) }
}

extension DependencySpec {
    /// The shape this spec describes; without `qualifier` when the request gives it as an
    /// overload's `name:` or `tag:`.
    func shape(includingQualifier: Bool = true) -> any DShape.Type {
        var shape = Self.base(target)
        if includingQualifier, let qualifier { shape = Self.qualify(shape, qualifier) }
        switch wrapper {
        case .plain: break
        case .lazy: shape = Self.lazy(shape)
        case .provider: shape = Self.provider(shape)
        }
        switch kind {
        case .one: return shape
        case .maybe: return Self.maybe(shape)
        case .many: return Self.many(shape)
        }
    }

    private static func base(_ target: Target) -> any DShape.Type {
        if target.isFace { return target.face == 0 ? DPlain<any Face0>.self : DPlain<any Face1>.self }
        return node(nodeKeys[target.index])
    }

    private static func node<K: NodeKey>(_ key: K.Type) -> any DShape.Type { DPlain<DNode<K>>.self }

    private static func qualify<S: DShape>(_ shape: S.Type, _ qualifier: QualifierSpec) -> any DShape.Type {
        switch qualifier {
        case .nameA: DNamed<NameA, S>.self
        case .nameB: DNamed<NameB, S>.self
        case .tagA: DTagged<TagA, S>.self
        case .tagB: DTagged<TagB, S>.self
        }
    }

    private static func lazy<S: DShape>(_ shape: S.Type) -> any DShape.Type { DLazy<S>.self }
    private static func provider<S: DShape>(_ shape: S.Type) -> any DShape.Type { DProvider<S>.self }
    private static func maybe<S: DShape>(_ shape: S.Type) -> any DShape.Type { DMaybe<S>.self }
    private static func many<S: DShape>(_ shape: S.Type) -> any DShape.Type { DMany<S>.self }
}

/// A realized result: what a resolve returned with every `Lazy` and `Provider` in it read,
/// instances numbered in the order first met (so two results compare by their sharing).
indirect enum Tree: Equatable, CustomStringConvertible {
    /// An instance met for the first time in this result.
    case node(component: Int, instance: Int, children: [Tree], injected: [Tree])
    /// An instance met before in this result.
    case again(component: Int, instance: Int)
    case none
    case many([Tree])
    case argument(Int)
    /// A read `Lazy` or `Provider` failed.
    case failed(DIError.Code)

    var description: String {
        switch self {
        case .node(let component, let instance, let children, let injected):
            let inside = children.map(\.description).joined(separator: ", ")
            let more = injected.isEmpty ? "" : " injected: " + injected.map(\.description).joined(separator: ", ")
            return "c\(component)#\(instance)(\(inside)\(more))"
        case .again(let component, let instance): return "c\(component)#\(instance)"
        case .none: return "nil"
        case .many(let list): return "[" + list.map(\.description).joined(separator: ", ") + "]"
        case .argument(let value): return "arg \(value)"
        case .failed(let code): return "failed(\(code))"
        }
    }

    /// The codes of the failed reads inside.
    var failures: [DIError.Code] {
        switch self {
        case .node(_, _, let children, let injected): (children + injected).flatMap(\.failures)
        case .many(let list): list.flatMap(\.failures)
        case .failed(let code): [code]
        case .again, .none, .argument: []
        }
    }

    /// The component of the outermost node, if the result is one node.
    var rootComponent: Int? {
        switch self {
        case .node(let component, _, _, _), .again(let component, _): component
        default: nil
        }
    }
}

/// Reads the `Lazy` and `Provider` values inside a result and numbers its instances.
///
/// It keeps every instance it met alive, so that identities stay distinct while results are
/// compared. Each instance's parameters are read once per result, in the order met.
final class Realizer {
    /// How `Lazy` and `Provider` values are read.
    enum Reads {
        /// Synchronously, from no actor.
        case sync
        /// Awaited.
        case awaited
        /// Synchronously, on the main actor.
        case onMainActor
    }

    let reads: Reads
    private var numbers: [ObjectIdentifier: Int] = [:]
    private(set) var kept: [any DiffNode] = []

    init(reads: Reads) { self.reads = reads }

    func realize(_ seen: Seen) async -> Tree {
        switch seen {
        case .node(let node):
            let id = ObjectIdentifier(node)
            if let number = numbers[id] { return .again(component: node.componentID, instance: number) }
            let number = numbers.count
            numbers[id] = number
            kept.append(node)
            var children: [Tree] = []
            for item in node.seen { children.append(await realize(item)) }
            var injected: [Tree] = []
            for item in node.injectedSeen { injected.append(await realize(item)) }
            return .node(component: node.componentID, instance: number, children: children, injected: injected)
        case .none: return .none
        case .argument(let value): return .argument(value)
        case .many(let list):
            var out: [Tree] = []
            for item in list { out.append(await realize(item)) }
            return .many(out)
        case .later(let later):
            do throws(DIError) {
                let value: Seen
                switch reads {
                case .sync: value = try later.sync(nil)
                case .awaited: value = try await later.awaited()
                case .onMainActor:
                    value = try await MainActor.run {
                        Result { () throws(DIError) -> Seen in try later.sync(MainActor.shared) }
                    }.get()
                }
                return await realize(value)
            } catch {
                return .failed(error.code)
            }
        }
    }
}

extension Tree {
    /// This result with every instance written out in full and unnumbered: equal for two
    /// results with the same components in the same places, whatever they share.
    func erasingSharing() -> Tree {
        var table: [Int: Tree] = [:]
        collect(into: &table)
        return erased(table)
    }

    private func collect(into table: inout [Int: Tree]) {
        switch self {
        case .node(_, let instance, let children, let injected):
            table[instance] = self
            for tree in children + injected { tree.collect(into: &table) }
        case .many(let list):
            for tree in list { tree.collect(into: &table) }
        case .again, .none, .argument, .failed: break
        }
    }

    private func erased(_ table: [Int: Tree]) -> Tree {
        switch self {
        case .node(let component, _, let children, let injected):
            .node(
                component: component, instance: 0, children: children.map { $0.erased(table) }, injected: injected.map { $0.erased(table) })
        case .again(_, let instance): table[instance]!.erased(table)
        case .many(let list): .many(list.map { $0.erased(table) })
        case .none, .argument, .failed: self
        }
    }

    /// The components of the outermost nodes (the edges from the node holding this).
    var components: [Int] {
        switch self {
        case .node(let component, _, _, _), .again(let component, _): [component]
        case .many(let list): list.flatMap(\.components)
        case .none, .argument, .failed: []
        }
    }
}
