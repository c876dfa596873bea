import DICore
import Synchronization

// The fixed pool of types random graphs are made of: twelve node classes and two protocols
// ("faces") some nodes are exposed as. Random graphs pick among them and wire them with
// closures; every node records the component that built it and what it was given.

protocol NodeKey: Sendable {
    static var index: Int { get }
}

enum K0: NodeKey { static var index: Int { 0 } }
enum K1: NodeKey { static var index: Int { 1 } }
enum K2: NodeKey { static var index: Int { 2 } }
enum K3: NodeKey { static var index: Int { 3 } }
enum K4: NodeKey { static var index: Int { 4 } }
enum K5: NodeKey { static var index: Int { 5 } }
enum K6: NodeKey { static var index: Int { 6 } }
enum K7: NodeKey { static var index: Int { 7 } }
enum K8: NodeKey { static var index: Int { 8 } }
enum K9: NodeKey { static var index: Int { 9 } }
enum K10: NodeKey { static var index: Int { 10 } }
enum K11: NodeKey { static var index: Int { 11 } }

let nodeKeys: [any NodeKey.Type] = [
    K0.self, K1.self, K2.self, K3.self, K4.self, K5.self, K6.self, K7.self, K8.self, K9.self, K10.self, K11.self,
]

/// What a built node was given for one of its dependencies.
enum Observed: Sendable {
    case one(any StressNode)
    case none
    case many([any StressNode])
}

protocol StressNode: AnyObject, Sendable {
    /// The component (its index in the graph) whose factory made this node.
    var componentID: Int { get }
    var observed: [Observed] { get }
}

protocol Face0: AnyObject, Sendable {}
protocol Face1: AnyObject, Sendable {}

final class Node<K: NodeKey>: StressNode, Face0, Face1 {
    let componentID: Int
    let observed: [Observed]

    init(componentID: Int, observed: [Observed]) {
        self.componentID = componentID
        self.observed = observed
    }
}

/// A way of asking for a type: the type itself, optional, or every component (`[T]`).
protocol Shape: SendableMetatype {
    associatedtype Param
    static func observe(_ value: Param) -> Observed
}

enum One<T>: Shape {
    static func observe(_ value: T) -> Observed { .one(value as! any StressNode) }
}

enum Maybe<T>: Shape {
    static func observe(_ value: T?) -> Observed { value.map { .one($0 as! any StressNode) } ?? .none }
}

enum Many<T>: Shape {
    static func observe(_ value: [T]) -> Observed { .many(value.map { $0 as! any StressNode }) }
}

/// A type a dependency or request may name: a node type or a face.
struct Target: Sendable, Hashable, CustomStringConvertible {
    /// 0..<12: `Node<K…>`; 12 and 13: `Face0`, `Face1`.
    let index: Int

    static let faceBase = 12
    static let all = (0..<14).map(Target.init)

    var isFace: Bool { index >= Self.faceBase }
    var face: Int { index - Self.faceBase }

    var description: String { isFace ? "Face\(face)" : "Node<K\(index)>" }

    /// The shape type asking for this target the way `kind` does.
    func shape(_ kind: DependencyKind) -> any Shape.Type {
        if isFace {
            let faces: [(any Shape.Type, any Shape.Type, any Shape.Type)] = [
                (One<any Face0>.self, Maybe<any Face0>.self, Many<any Face0>.self),
                (One<any Face1>.self, Maybe<any Face1>.self, Many<any Face1>.self),
            ]
            let shapes = faces[face]
            return kind == .one ? shapes.0 : kind == .maybe ? shapes.1 : shapes.2
        }
        return Self.nodeShape(nodeKeys[index], kind)
    }

    private static func nodeShape<K: NodeKey>(_ key: K.Type, _ kind: DependencyKind) -> any Shape.Type {
        switch kind {
        case .one: One<Node<K>>.self
        case .maybe: Maybe<Node<K>>.self
        case .many: Many<Node<K>>.self
        }
    }
}

enum DependencyKind: Sendable, Hashable, CaseIterable {
    case one, maybe, many
}

/// Registration lines unique in the process, so that no two random components share a site
/// (a `.perRun` or `.single` instance is shared by every component of one site).
enum SiteLines {
    private static let next = Atomic<UInt>(1_000_000)

    static func take() -> UInt { next.wrappingAdd(1, ordering: .relaxed).newValue }
}
