import DICore
import TestSupport
import Testing

private protocol ChoiceShape: Sendable {}
private final class ChoiceSquare: ChoiceShape {
    let number: Int
    init(number: Int) { self.number = number }
}

/// The choice of an unqualified request among a type's components, kept up to date as
/// registrations are added and resolves run in turn: the only unqualified one, the only
/// override, the only default, else an ambiguity naming the tied ones.
@Suite struct PrimaryChoiceTests {
    private enum Kind: CaseIterable {
        case plain, override, isDefault, named
    }

    /// What the rule gives for `kinds` in registration order: the number of the chosen one, or
    /// the numbers of the tied ones (empty: none unqualified).
    private static func expected(_ kinds: [Kind]) -> (chosen: Int?, tied: [Int]) {
        let unqualified = kinds.indices.filter { kinds[$0] != .named }
        let overrides = unqualified.filter { kinds[$0] == .override }
        let defaults = unqualified.filter { kinds[$0] == .isDefault }
        if unqualified.count == 1 { return (unqualified[0], []) }
        if overrides.count == 1 { return (overrides[0], []) }
        if overrides.count > 1 { return (nil, overrides) }
        if defaults.count == 1 { return (defaults[0], []) }
        return (nil, defaults.count > 1 ? defaults : unqualified)
    }

    /// Random registrations of one type, as itself and exposed as a protocol, each followed by
    /// a resolve of both, against the rule above.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func resolvesInTurnFollowTheRule(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let container = DIContainer()
        var kinds: [Kind] = []
        for number in 0..<60 {
            // Overrides and defaults rarely, so that every count of them is met.
            let roll = Int.random(in: 0..<12, using: &generator)
            let kind: Kind = roll == 0 ? .override : roll < 3 ? .isDefault : roll < 6 ? .named : .plain
            kinds.append(kind)
            // One statement each: a registration takes effect when its builder goes.
            switch kind {
            case .plain: container.register { ChoiceSquare(number: number) }.as(ChoiceShape.self)
            case .override: container.register { ChoiceSquare(number: number) }.as(ChoiceShape.self).override()
            case .isDefault: container.register { ChoiceSquare(number: number) }.as(ChoiceShape.self).default()
            case .named: container.register { ChoiceSquare(number: number) }.as(ChoiceShape.self).named("square \(number)")
            }
            let (chosen, tied) = Self.expected(kinds)
            for asProtocol in [false, true] {
                do throws(DIError) {
                    let square =
                        asProtocol
                        ? try container.resolve(ChoiceShape.self) as? ChoiceSquare : try container.resolve(ChoiceSquare.self)
                    #expect(square?.number == chosen, "kinds \(kinds)")
                } catch {
                    #expect(chosen == nil, "kinds \(kinds): \(error)")
                    if tied.isEmpty {
                        #expect(error.code == .notRegistered, "kinds \(kinds): \(error)")
                    } else {
                        #expect(error.code == .ambiguous, "kinds \(kinds): \(error)")
                        #expect(error.candidates.count == tied.count, "kinds \(kinds): \(error)")
                        #expect(error.description.contains("\(tied.count) components fit"))
                    }
                }
            }
        }
    }
}
