/// A component with a lifetime other than `.prototype`, details or an async factory: a
/// ``ComponentBox`` with the lifetime's strategy, the details, the async factory and the
/// injections, which a plain `.prototype` component does without (`StartUpMemoryTests`).
// NB: @unchecked as its superclass: every stored property is an immutable `let` of a
// Sendable type.
@usableFromInline final class ConfiguredComponentBox<T>: ComponentBox<T>, @unchecked Sendable {
    /// The lifetime's strategy, boxed (one word, not an existential's five); for `.prototype`,
    /// a placeholder shared by every such component and never asked (``Component/isPrototype``
    /// is read first).
    ///
    /// Read in place by a request the inline hit does not answer: reading it out of `lifetime`
    /// copied (and destroyed) the existential on every request; not optional, as an unwrapped
    /// optional was retained and released on each read.
    @usableFromInline let _lifetimeBox: LifetimeStrategyBox
    /// The bits of the registration's details (see ``Component/detailsBits``).
    let _detailsBits: UInt
    /// See ``ComponentBox/asyncFactory``.
    let _asyncFactory: AsyncFactory?
    /// See ``ComponentBox/injections``.
    let _injections: [Injection<T>]
    /// What the lifetime strategy attached to the registration (see
    /// ``Component/lifetimeState``).
    let _lifetimeState: (any AnyObject & Sendable)?

    @usableFromInline init(
        registration: inout Registration,
        owner: DIContainer,
        dependencies: [Dependency],
        factory: @escaping Factory,
        asyncFactory: AsyncFactory?,
        injections: [Injection<T>],
        isReferenceType: Bool
    ) {
        // The lifetime's box shared, not its strategy copied: a box is retained, an existential
        // copied through its value witnesses.
        self._lifetimeBox = registration.lifetime.strategyBox ?? prototypePlaceholder
        self._detailsBits = registration.details.map { unsafe UnsafeObjectWord(unretained: $0).bits } ?? 0
        self._asyncFactory = asyncFactory
        self._injections = injections
        // Moved out of the registration, which reads it nowhere else: the component's reference
        // is the registration's, not a second one.
        let state = registration.lifetimeState.take()
        self._lifetimeState = state
        super.init(
            registration: &registration, owner: owner, dependencies: dependencies, factory: factory,
            lifetimeState: state, isReferenceType: isReferenceType)
    }

    override var detailsBits: UInt { _detailsBits }
    @usableFromInline
    override var lifetimeStateBits: UInt { _lifetimeState.map { unsafe UnsafeObjectWord<AnyObject>(unretained: $0).bits } ?? 0 }
    override var asyncFactory: AsyncFactory? { _asyncFactory }
    @usableFromInline override var injections: [Injection<T>] { _injections }
}

/// What a `.prototype` ``ConfiguredComponentBox`` keeps as its lifetime's box, never asked for
/// anything: any strategy would do.
private let prototypePlaceholder = LifetimeStrategyBox(GivenInstanceStrategy(name: "prototype"))
