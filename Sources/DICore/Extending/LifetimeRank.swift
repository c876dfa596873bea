/// How long a lifetime keeps its instances, for the captive-dependency check of validation: a
/// place on one scale, on which each lifetime module places its own lifetimes.
///
/// A component that keeps an instance of a shorter-lived one keeps it past its span; the
/// holder's strategy says how serious that is (``LifetimeStrategy/captivity(of:)``). DICore
/// places what every container has: `.prototype` (0) and one resolve (1: `.objectGraph`, and
/// an instance given to `inject(into:)`). DIScopes places a custom scope at 2, DILifetime a
/// container at 3 and the process at 4 (`CaptiveRankTests` in each module's tests).
@usableFromInline package struct LifetimeRank: Comparable, Sendable {
    /// The place on the scale: the longer the span, the higher.
    let span: Int

    package init(_ span: Int) { self.span = span }

    /// A new instance for every request: every other lifetime outlives it.
    package static let prototype = LifetimeRank(0)
    /// One instance per top-level resolve.
    package static let objectGraph = LifetimeRank(1)

    @usableFromInline package static func < (lhs: Self, rhs: Self) -> Bool { lhs.span < rhs.span }
}
