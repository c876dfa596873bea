/// The components an error names, described when the error is first read: a resolve whose
/// error is dropped (`try?`, an optional resolve) describes none of them.
///
/// An ambiguity among many components then costs its resolve what choosing costs, not a
/// description of each (`GrowthTests.concurrentRegistrationsAndResolvesOfOneType`).
///
/// Contract: what the listing reads (the components, and their container's registrations) is
/// kept alive by the listing itself until it has run.
package final class ComponentInfoList: Sendable {
    /// How many components the list holds, known without describing them.
    let count: Int
    /// The description to make, or the one made.
    private let state: Protected<State>

    private enum State {
        case pending(@Sendable () -> [DIComponentInfo])
        case described([DIComponentInfo])
    }

    /// A list of `infos`, already described.
    convenience init(_ infos: [DIComponentInfo]) { self.init(count: infos.count) { infos } }

    /// A list of `count` components that `describe` describes when first read.
    init(count: Int, describe: @escaping @Sendable () -> [DIComponentInfo]) {
        self.count = count
        state = Protected(.pending(describe))
    }

    /// The components, in the order the list has them.
    var infos: [DIComponentInfo] {
        state.withLock { state in
            switch state {
            case .described(let infos): return infos
            case .pending(let describe):
                let infos = describe()
                state = .described(infos)
                return infos
            }
        }
    }
}
