import DICore
import DILifetime
import DIScopes
import TestSupport
import Testing

/// A custom scope on the scale of lifetime ranks.
///
/// Above one resolve, below a container (its span is the application's): each case fails
/// for any other rank of a scope.
@Suite struct CaptiveRankTests {
    static let scope = DIScope(name: "session", storage: DICacheStorage())
    static let otherScope = DIScope(name: "screen", storage: DICacheStorage())

    struct Case: Sendable, CustomTestStringConvertible {
        let holder: DIComponentLifetime
        let held: DIComponentLifetime
        let expected: DIValidationFinding.Severity?
        var testDescription: String { "\(holder) keeping \(held)" }
    }

    static let cases: [Case] = [
        // What outlives a scope keeps its instance captive.
        Case(holder: .single, held: .custom(scope), expected: .error),
        Case(holder: .perRun(.weak), held: .custom(scope), expected: .error),
        Case(holder: .perContainer(.strong), held: .custom(scope), expected: .error),
        // A scope keeps what lives shorter captive...
        Case(holder: .custom(scope), held: .objectGraph, expected: .error),
        Case(holder: .custom(scope), held: .prototype, expected: .warning),
        // ...and may keep what lives as long or longer.
        Case(holder: .custom(scope), held: .custom(otherScope), expected: nil),
        Case(holder: .custom(scope), held: .perContainer(.strong), expected: nil),
        Case(holder: .custom(scope), held: .single, expected: nil),
        Case(holder: .objectGraph, held: .custom(scope), expected: nil),
        Case(holder: .prototype, held: .custom(scope), expected: nil),
    ]

    @Test(arguments: cases)
    func aScopeRanksBetweenAResolveAndAContainer(_ test: Case) throws {
        let (captives, report) = captiveFindings(holder: test.holder, held: test.held)
        #expect(captives.map(\.severity) == (test.expected.map { [$0] } ?? []), "\(report)")
        if test.expected != nil {
            let message = captives.first?.message ?? ""
            #expect(message.contains("RankHolder (\(test.holder)) keeps the ") && message.contains("RankHeld (\(test.held))"))
        }
    }
}
