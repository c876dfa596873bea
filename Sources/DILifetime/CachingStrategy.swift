import DICore

/// The lifetimes that keep one instance per span: `.single`, `.perRun`, `.perContainer`.
struct CachingStrategy: LifetimeStrategy, Hashable {
    /// What one instance is shared across.
    enum Span: Sendable {
        /// The process, made eagerly by `initializeSingletonObjects()`.
        case single
        /// The process, made on first request.
        case perRun
        /// The container holding the registration.
        case perContainer
    }

    let span: Span
    let policy: DIReferencePolicy

    /// `single`, `perRun(strong)`, `perContainer(weak)`...: the span's case name, with the policy
    /// but for `.single` (always strong).
    var name: String { span == .single ? "single" : "\(span)(\(policy))" }

    /// Captures what lives shorter, as ``LifetimeStrategy/captivity(of:)`` says by default.
    var rank: LifetimeRank { span == .perContainer ? .container : .process }

    var referencePolicy: DIReferencePolicy? { policy }

    func makeState(identity: ComponentIdentity, container: DIContainer) -> (any AnyObject & Sendable)? {
        switch span {
        case .single, .perRun: ProcessCells.current.cell(for: identity, of: self)
        case .perContainer: policy == .strong ? ClearableSlot() : WeakCell()
        }
    }

    func buildCell(of component: Component) -> (any BuildCell)? {
        // NB: the cell's class follows from span and policy (see `makeState`); a cast to a
        // `BuildCell` existential would look up the conformance on every call.
        guard keepsInstance(of: component), component.lifetimeState != nil else { return nil }
        switch (policy, span) {
        case (.strong, .single), (.strong, .perRun): return cell(of: component, as: InstanceSlot.self)
        case (.strong, .perContainer): return cell(of: component, as: ClearableSlot.self)
        case (.weak, _): return WeakReferentCell(cell: cell(of: component, as: WeakCell.self), component: component)
        }
    }

    /// The instance, from the cell ``buildCell(of:)`` gives, as ``LifetimeStrategy``'s default,
    /// but read from the cell's own class where that is known: a strong one's (whose hits the
    /// resolver reads inline, asking here on a miss), and a weak hit of a class type (through the
    /// `BuildCell` existential, a call looked up the conformance, and retained and released the cell).
    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if policy == .strong {
            if span == .perContainer { return try cell(of: component, as: ClearableSlot.self).instance(of: component, in: &context) }
            return try cell(of: component, as: InstanceSlot.self).instance(of: component, in: &context)
        }
        // NB: the hit reads the cell borrowed, not as a reference of its own: the
        // component keeps its cell, and a reference was a retain and a release per hit.
        if component.isReferenceType, let hit = unsafe component.unsafeLifetimeState(as: WeakCell.self).withObject({ $0.cached() }) {
            return hit
        }
        guard let cell = buildCell(of: component) else { return try component.makeInstance(in: &context) }
        return try cell.instance(of: component, in: &context)
    }

    /// The cell `makeState` gave `component`, whose lifetime state is set, as `Cell`: the
    /// class `makeState` chooses for this span and policy (`ClearableSlot`, `InstanceSlot` or
    /// `WeakCell`), read without a dynamic cast.
    @inline(__always) private func cell<Cell: AnyObject>(of component: Component, as _: Cell.Type) -> Cell {
        // NB: set: a caching component's state is made with it (`makeState`) and never unset;
        // the callers check it first where it may be absent. Borrowed: the component keeps it.
        unsafe component.unsafeLifetimeState(as: Cell.self).object
    }
}

extension LifetimeRank {
    /// One instance per container: above a custom scope (DIScopes' 2), whose span the library
    /// does not know, and below the process.
    static let container = LifetimeRank(3)
    /// One instance per process: `.single` and `.perRun`.
    static let process = LifetimeRank(4)
}

/// The process-wide cells of `.single` and `.perRun` components, one per component identity
/// (site, type, ordinal): a site that registers two types, or one type several times, never
/// shares a cell between them.
final class ProcessCells: Sendable {
    /// The cells of the whole process.
    static let shared = ProcessCells()

    /// Cells that replace the process's inside `DIContainer.withIsolatedProcessWideInstances`.
    @TaskLocal static var isolated: ProcessCells?

    /// The cells a registration made now gets.
    static var current: ProcessCells { isolated ?? shared }

    /// A cell per component identity and lifetime (`.single` and `.perRun(.strong)` never share one).
    private struct Key: Hashable {
        let identity: ComponentIdentity
        let strategy: CachingStrategy
    }

    private let cells = Protected<[Key: any AnyObject & Sendable]>([:])

    func cell(for identity: ComponentIdentity, of strategy: CachingStrategy) -> any AnyObject & Sendable {
        cells.withLock { cells in
            let key = Key(identity: identity, strategy: strategy)
            if let cell = cells[key] { return cell }
            let cell: any AnyObject & Sendable = strategy.policy == .strong ? InstanceSlot() : WeakCell()
            cells[key] = cell
            return cell
        }
    }

    /// Forgets every cell, so registrations made afterwards get new ones.
    ///
    /// Registrations made before keep theirs: a resolve reads a cell without a lock, so a cell
    /// is never cleared.
    func removeAll() {
        var removed: [Key: any AnyObject & Sendable] = [:]
        cells.withLock { swap(&$0, &removed) }
        // Released outside the lock: an instance's deinit may register again.
        withExtendedLifetime(removed) {}
    }
}
