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

    static let cases: [CaptiveCase] = [
        // What outlives a scope keeps its instance captive.
        CaptiveCase(holder: .single, held: .custom(scope), expected: .error),
        CaptiveCase(holder: .perRun(.weak), held: .custom(scope), expected: .error),
        CaptiveCase(holder: .perContainer(.strong), held: .custom(scope), expected: .error),
        // A scope keeps what lives shorter captive...
        CaptiveCase(holder: .custom(scope), held: .objectGraph, expected: .error),
        CaptiveCase(holder: .custom(scope), held: .prototype, expected: .warning),
        // ...and may keep what lives as long or longer.
        CaptiveCase(holder: .custom(scope), held: .custom(otherScope), expected: nil),
        CaptiveCase(holder: .custom(scope), held: .perContainer(.strong), expected: nil),
        CaptiveCase(holder: .custom(scope), held: .single, expected: nil),
        CaptiveCase(holder: .objectGraph, held: .custom(scope), expected: nil),
        CaptiveCase(holder: .prototype, held: .custom(scope), expected: nil),
    ]

    @Test(arguments: cases)
    func aScopeRanksBetweenAResolveAndAContainer(_ test: CaptiveCase) throws {
        let (captives, report) = captiveFindings(holder: test.holder, held: test.held)
        #expect(captives.map(\.severity) == (test.expected.map { [$0] } ?? []), "\(report)")
        if test.expected != nil {
            let message = captives.first?.message ?? ""
            #expect(message.contains("RankHolder (\(test.holder)) keeps the ") && message.contains("RankHeld (\(test.held))"))
        }
    }
}
