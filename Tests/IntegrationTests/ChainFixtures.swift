import DICore

// The chain of distinct types that `DepthLimitTests` and `StackGuardTests` resolve.

/// Types of a chain: `Link<Start>` needs `Link<Next<Start>>`, which needs ..., each its own type.
enum Start {}
enum Next<Previous> {}

final class Link<Level>: Sendable {
    let next: (any Sendable)?
    init(next: (any Sendable)?) { self.next = next }
}

/// Registers a chain of `length` components with plain initializers, `Link<Level>` first; each
/// at its own line.
func registerChain<Level>(_ container: DIContainer, _ level: Level.Type, length: Int, line: UInt = 1) {
    if length == 1 {
        container.register(line: line) { Link<Level>(next: nil) }
        return
    }
    container.register(line: line) { (next: Link<Next<Level>>) in Link<Level>(next: next) }
    registerChain(container, Next<Level>.self, length: length - 1, line: line + 1)
}
