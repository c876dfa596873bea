import DICore
import DILifetime
import TestSupport
import Testing

/// DILifetime's lifetimes on the scale of lifetime ranks.
///
/// Which of them validation reports kept captive by which, through `validate()`. A wrong rank (`.perContainer` ranked with the
/// process, `.objectGraph` capturing, a caching lifetime below a resolve) fails a case.
@Suite struct CaptiveRankTests {
    /// Each lifetime and how long its instance lives, shortest first: one resolve, a container,
    /// the process.
    static let spans: [(lifetime: DIComponentLifetime, span: Int)] = [
        (.prototype, 0), (.objectGraph, 1), (.perContainer(.strong), 3), (.perContainer(.weak), 3),
        (.perRun(.strong), 4), (.perRun(.weak), 4), (.single, 4),
    ]

    /// Every pair: a lifetime that keeps its instance beyond a resolve keeps what lives shorter
    /// captive, an error but for a `.prototype` (a warning); `.prototype` and `.objectGraph`
    /// capture nothing.
    static let cases: [CaptiveCase] = spans.flatMap { holder in
        spans.map { held in
            let captive = holder.span > 1 && held.span < holder.span
            return CaptiveCase(
                holder: holder.lifetime, held: held.lifetime,
                expected: captive ? (held.span == 0 ? .warning : .error) : nil)
        }
    }

    @Test(arguments: cases)
    func captivityFollowsTheSpans(_ test: CaptiveCase) throws {
        let (captives, report) = captiveFindings(holder: test.holder, held: test.held)
        #expect(captives.map(\.severity) == (test.expected.map { [$0] } ?? []), "\(report)")
    }

    /// A weak per-run instance outlives a container, as a strong one does: it keeps a
    /// `.perContainer` one captive, and a `.perContainer` one may keep it.
    @Test func aWeakPerRunInstanceRanksWithTheProcess() throws {
        let container = DIContainer()
        container.register(RankHolder.init).lifetime(.perRun(.weak))
        container.register(RankHeld.init).lifetime(.perContainer(.strong))
        let finding = try #require(container.validate().findings.first)
        #expect(finding.kind == .captiveDependency)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("RankHolder (perRun(weak)) keeps the "))
        #expect(finding.message.contains("RankHeld (perContainer(strong))"))

        let reversed = DIContainer()
        reversed.register(RankHolder.init).lifetime(.perContainer(.strong))
        reversed.register(RankHeld.init).lifetime(.perRun(.weak))
        #expect(reversed.validate().findings.isEmpty, "\(reversed.validate())")
    }
}
