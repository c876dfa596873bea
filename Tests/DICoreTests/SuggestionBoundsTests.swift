import Testing

@testable import DICore

/// The closest-name suggestion of a miss is bounded whatever the names: a banded edit distance
/// with a limit, names past a length not compared, and a bounded number of candidates.
@Suite struct SuggestionBoundsTests {
    final class API { init() {} }

    /// Levenshtein, the plain quadratic way: the model the banded distance is checked against.
    private static func plainDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for i in stride(from: 1, through: a.count, by: 1) {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    @Test func theBandedDistanceIsLevenshteinWithinItsLimit() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "c"]
        for _ in 0..<2_000 {
            let a = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let b = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let limit = Int.random(in: 0...10, using: &generator)
            let exact = Self.plainDistance(a, b)
            let banded = ResolutionContext.editDistance(a, b, limit: limit)
            #expect(banded == (exact <= limit ? exact : nil), "\(String(a)) → \(String(b)) within \(limit)")
        }
    }

    @Test func aDistanceBeyondTheLimitIsNil() {
        let long = Array(String(repeating: "a", count: 10_000))
        let other = Array(String(repeating: "b", count: 10_000))
        #expect(ResolutionContext.editDistance(long, other, limit: 3) == nil)
        #expect(ResolutionContext.editDistance(long, long + ["b"], limit: 3) == 1)
        #expect(ResolutionContext.editDistance(long, long + ["b", "b", "b", "b"], limit: 3) == nil)
    }

    @Test func aNameLongerThanTheLimitIsNeverSuggested() {
        let long = String(repeating: "n", count: ResolutionContext.suggestedNameLength + 1)
        #expect(ResolutionContext.closestName(to: long + "x", among: [(long, 1)]) == nil)
        #expect(ResolutionContext.closestName(to: "prdo", among: [(long, 1), ("prod", 2)]) == 2)
    }

    @Test func onlyTheFirstCandidatesAreCompared() {
        let far = Array(repeating: ("zzzzzz", 0), count: ResolutionContext.suggestionCandidates)
        #expect(ResolutionContext.closestName(to: "prod", among: far + [("prod", 1)]) == nil)
        #expect(ResolutionContext.closestName(to: "prod", among: [("prod", 1)] + far) == 1)
    }

    @Test func aNameFarFromEveryOtherGetsNoSuggestion() throws {
        let container = DIContainer()
        container.register { API() }.named("production")
        let error = try #require(throws: DIError.self) { try container.resolve(API.self, name: "qa") }
        #expect(error.description.contains("Ask for one of them."))
    }

    @Test func aMissWithAMegabyteNameReturnsItsError() throws {
        let name = String(repeating: "m", count: 1 << 20)
        let container = DIContainer()
        // Two: with one, no distance is computed.
        container.register { API() }.named(name)
        container.register { API() }.named("other")
        let error = try #require(throws: DIError.self) { try container.resolve(API.self, name: name + "x") }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("API"))
        #expect(error.description.contains("Ask for one of them."))
    }
}
