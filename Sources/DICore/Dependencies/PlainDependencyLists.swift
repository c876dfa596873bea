/// The recorded dependencies of a component whose one parameter is a type resolved as itself
/// (`init(base: Service)`): one shared list per type for the process, read from a
/// ``WordTable`` without a lock.
///
/// Each component kept an array of its own for that one dependency: an allocation, and about
/// a hundred bytes for the container's life, per component first resolved. Such lists are
/// never changed, so components share them.
enum PlainDependencyLists {
    /// Each type's list, as the address of the ``Box`` that holds it.
    private static let lists = WordTable(capacity: 64)
    /// Every box made, kept for the process's life: the table holds them unretained.
    private static let boxes = Protected<[Box]>([])

    /// A list kept for the process's life.
    private final class Box: Sendable {
        let list: [Dependency]

        init(_ list: [Dependency]) {
            self.list = list
        }
    }

    /// `[Dependency(type: type)]`, shared.
    static func list(of type: Any.Type) -> [Dependency] {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        let word = lists.word(for: key)
        if word != 0 {
            // NB: a box `boxes` keeps for the process's life.
            return Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: word)!)._withUnsafeGuaranteedRef { $0.list }
        }
        let box = Box([Dependency(type: type)])
        boxes.withLock { $0.append(box) }
        // Two threads may both make one: the first stored stays, and both lists are equal.
        lists.store(key, UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque()))
        return box.list
    }
}

extension Dependency {
    /// The dependencies a component records for one parameter got by `getter`: the shared
    /// list of its type when it is resolved as itself, else a list of its own.
    @usableFromInline
    static func _recorded<Value>(byOne getter: DependencyGetter<Value>) -> [Dependency] {
        getter._resolvesItself ? PlainDependencyLists.list(of: Value.self) : [getter.dependency]
    }
}
