/// A list that keeps its first element in place and the rest in an array, for lists that
/// usually hold one element: one element costs no allocation.
///
/// Contract: a value type with `Array`'s semantics for what it offers (append, count, index,
/// iteration in order of appending).
///
/// Guarded by `InlineFirstArrayTests` (a model test against `Array`).
@usableFromInline
struct InlineFirstArray<Element> {
    @usableFromInline
    var first: Element?
    @usableFromInline
    var rest: [Element] = []

    @inlinable
    init() { first = nil }

    @inlinable
    init(_ element: Element) { first = element }

    @inlinable
    var count: Int { first == nil ? 0 : 1 + rest.count }

    @inlinable
    var isEmpty: Bool { first == nil }

    @inlinable
    mutating func append(_ element: Element) {
        if first == nil { first = element } else { rest.append(element) }
    }

    /// The element at `index`, which must be below ``count``.
    @inlinable
    subscript(index: Int) -> Element {
        get { index == 0 ? first! : rest[index - 1] }
        set {
            if index == 0 {
                precondition(first != nil, "index out of range")
                first = newValue
            } else {
                rest[index - 1] = newValue
            }
        }
    }

    /// Removes and returns the element at `index`, moving the later ones down by one.
    @inlinable
    @discardableResult
    mutating func remove(at index: Int) -> Element {
        guard index == 0 else { return rest.remove(at: index - 1) }
        let removed = first!
        first = rest.isEmpty ? nil : rest.removeFirst()
        return removed
    }

    /// Removes every element.
    @inlinable
    mutating func removeAll() {
        first = nil
        rest = []
    }
}

extension InlineFirstArray: RandomAccessCollection {
    @inlinable
    var startIndex: Int { 0 }

    @inlinable
    var endIndex: Int { count }
}

extension InlineFirstArray: Sendable where Element: Sendable {}
