/// An instance handed to an async action of the resolve that built it.
// NB: @unchecked: the awaited resolve that built the instance runs the action in its own task,
// before it returns the instance to anyone.
struct UncheckedInstance<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
