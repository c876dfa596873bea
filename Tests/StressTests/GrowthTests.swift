import DICore
import Dispatch
import Testing

private final class Named: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

private enum Digit0 {}
private enum Digit1 {}
private enum Digit2 {}
private enum Digit3 {}
private enum Digit4 {}
private enum Digit5 {}
private enum Digit6 {}
private enum Digit7 {}
private enum Digit8 {}
private enum Digit9 {}
private final class Keyed<Head, Tail>: Sendable { init() {} }

/// Something done with one type, chosen at run time.
private protocol TypeVisitor {
    func visit<Head, Tail>(_ type: Keyed<Head, Tail>.Type)
}

/// Calls `visitor` with a distinct type for each `number` below 10,000 (four decimal digits,
/// each a type argument of a nest of `Keyed`).
private func withType(_ number: Int, digits: Int = 4, prefix: Any.Type = Void.self, _ visitor: some TypeVisitor) {
    guard digits > 0 else {
        func open<P>(_: P.Type) { visitor.visit(Keyed<P, Digit0>.self) }
        _openExistential(prefix, do: open)
        return
    }
    let digitTypes: [Any.Type] = [
        Digit0.self, Digit1.self, Digit2.self, Digit3.self, Digit4.self,
        Digit5.self, Digit6.self, Digit7.self, Digit8.self, Digit9.self,
    ]
    func open<P>(_: P.Type) {
        func openDigit<D>(_: D.Type) {
            withType(number / 10, digits: digits - 1, prefix: Keyed<P, D>.self, visitor)
        }
        _openExistential(digitTypes[number % 10], do: openDigit)
    }
    _openExistential(prefix, do: open)
}

/// The shortest time one block of `blockSize` steps took, for each quarter of `steps`: the
/// minimum over a quarter's blocks is what a step costs there when the machine lets it run,
/// so other builds on the machine lengthen some blocks but not the quarter's figure.
private func quarterMinimums(steps: Int, blockSize: Int, _ step: (Int) -> Void) -> [UInt64] {
    var minimums = [UInt64](repeating: .max, count: 4)
    var index = 0
    while index < steps {
        let start = DispatchTime.now().uptimeNanoseconds
        for offset in index..<min(index + blockSize, steps) { step(offset) }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        let quarter = min(3, index * 4 / steps)
        minimums[quarter] = min(minimums[quarter], elapsed)
        index += blockSize
    }
    return minimums
}

/// Registers the type it visits in `container` and resolves it at once, counting a miss.
private final class RegisterAndResolve: TypeVisitor {
    let container = DIContainer()
    var wrong = 0

    func visit<Head, Tail>(_ type: Keyed<Head, Tail>.Type) {
        container.register { Keyed<Head, Tail>() }
        if (try? container.resolve(Keyed<Head, Tail>.self)) == nil { wrong += 1 }
    }
}

/// Registration and lookup cost amortized constant time per operation, however many types or
/// names a container already has: the last quarter of a run that registers and resolves in
/// turn costs at most 1.5 times the first (issue 36, point 7).
@Suite struct GrowthTests {
    /// The bound on the last quarter's block time over the first's.
    static let bound = 1.5

    /// 2,000 names on one type, each registered and resolved by name in turn.
    @Test func namesOfOneTypeRegisteredAndResolvedInTurn() {
        let container = DIContainer()
        let steps = 2_000
        var wrong = 0
        let minimums = quarterMinimums(steps: steps, blockSize: 40) { number in
            let name = "plugin \(number)"
            container.register { Named(number: number) }.named(name)
            if (try? container.resolve(Named.self, name: name))?.number != number { wrong += 1 }
        }
        #expect(wrong == 0)
        let ratio = Double(minimums[3]) / Double(minimums[0])
        // NB: known: a registration marks the type's published binding stale, and the next
        // read publishes a new binding made from every candidate of the type (`Registry`'s
        // `publish(_:_:owner:)`, and `Binding.init`'s choice of the primary among them), a
        // cost linear in the names already registered. Remove the wrapper with its fix.
        withKnownIssue("issue 36, point 7: a binding is rebuilt from all candidates per registration") {
            #expect(ratio <= Self.bound, "last quarter \(ratio)x the first (block minimums \(minimums) ns)")
        }
    }

    /// 10,000 types, each registered and resolved in turn (each type made once before the
    /// run, so the runtime's making of generic metadata is not timed).
    @Test func typesRegisteredAndResolvedInTurn() {
        let steps = 10_000
        let warmUp = RegisterAndResolve()
        for number in 0..<steps { withType(number, warmUp) }
        let run = RegisterAndResolve()
        let minimums = quarterMinimums(steps: steps, blockSize: 100) { withType($0, run) }
        #expect(run.wrong == 0)
        let ratio = Double(minimums[3]) / Double(minimums[0])
        #expect(ratio <= Self.bound, "last quarter \(ratio)x the first (block minimums \(minimums) ns)")
    }
}
