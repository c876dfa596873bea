extension ResolutionContext {
    /// Resolves `T`: the lookup every dependency and every top-level resolve goes through.
    // NB: @inlinable, down to the component's factory, so that the resolve is compiled for
    // the caller's types: unspecialized, every step pays generic metadata look-ups.
    @inlinable mutating func resolve<T>(_ type: T.Type) throws(DIError) -> T {
        // NB: the origin and component are borrowed, never retained: the caller holds the
        // container for the whole resolve, and a retain would update a reference count every
        // thread shares.
        let key = ObjectIdentifier(T.self)
        let entry = unsafe _origin.withObject { $0.localEntry(key) }
        // A lone component inline; a lone `Candidate<T>` out of line, below, where code not
        // specialized for `T` looks up its metadata.
        if entry.isLoneCandidate, unsafe entry.loneCandidate.withObject({ $0._isComponent }) {
            return unsafe try UnsafeObjectWord<ComponentBox<T>>(bits: entry.bits).buildWithObject { (box) throws(DIError) in
                try box.instance(in: &self)
            }
        }
        return try resolve(T.self, through: entry)
    }

    /// Resolves `T` from the origin's `entry` for it when that is not a lone component: the
    /// primary component or candidate of the type's slot, or its lone candidate (a component
    /// exposed as `T`), else as ``resolve(_:qualifier:entry:)`` does.
    // NB: @inlinable, so it is compiled for the caller's types, and never inlined: inlined,
    // a second build of the component grows every resolve past what the optimizer inlines;
    // out of line, a type with several registrations or exposed as another pays one call.
    @inlinable @inline(never) mutating func resolve<T>(_ type: T.Type, through entry: TypeEntry) throws(DIError) -> T {
        // One word read, and its object says whether it is a component: the slot keeps its
        // primary in one word, so a reader between a `markStale` and a `publish` never pairs
        // words of two bindings (`SlotPrimaryTests`).
        let bits = entry.isLoneCandidate ? entry.bits : entry.slotPrimaryBits
        if bits != 0 {
            // NB: borrowed, not retained: the registry keeps its components and candidates.
            if unsafe UnsafeObjectWord<AnyCandidate>(bits: bits).withObject({ $0._isComponent }) {
                return unsafe try UnsafeObjectWord<ComponentBox<T>>(bits: bits).buildWithObject { (box) throws(DIError) in
                    try box.instance(in: &self)
                }
            }
            return unsafe try UnsafeObjectWord<Candidate<T>>(bits: bits).buildWithObject { (candidate) throws(DIError) in
                try candidate.instance(in: &self)
            }
        }
        return try resolve(T.self, qualifier: nil, entry: entry)
    }

    /// Resolves `T` with a name or tag, or without one (when the fast path did not decide, and
    /// for the doors with arguments): walks up the container chain to the first container with
    /// a fitting component.
    ///
    /// `entry` is the origin's, when the caller has looked it up.
    @usableFromInline mutating func resolve<T>(_ type: T.Type, qualifier: Qualifier?, entry originEntry: TypeEntry? = nil) throws(DIError)
        -> T
    {
        let key = ObjectIdentifier(T.self)
        for current in origin.chain {
            // Unqualified, the hot path's entry (a slot's primary is what is taken below);
            // with a name or tag, the slot's.
            let entry = (current === origin ? originEntry : nil) ?? (qualifier == nil ? current.localEntry(key) : current.entry(key))
            guard !entry.isEmpty else { continue }
            // Unqualified, an entry's primary candidate is what `choose` would pick among the
            // type's unqualified candidates (the same rule, ``Binding/choose(_:)``): taken as
            // the origin's is, without retaining a binding or filtering it.
            // NB: unretained, as on the origin's fast path: the registry keeps a published
            // candidate alive for its container's life, and the origin keeps its upstream.
            if qualifier == nil, let primary = unsafe entry.primary {
                return unsafe try primary.object.instance(as: T.self, in: &self)
            }
            // Unqualified, without ambiguity hooks, the binding's counts decide: no candidate
            // is read (a type with many components costs what one costs, `GrowthTests`).
            if qualifier == nil, let slot = unsafe entry.slot, current.ambiguityResolvers.isEmpty {
                let binding = unsafe current.binding(in: slot)
                if let primary = binding.primaryCandidate { return try primary.instance(as: T.self, in: &self) }
                if binding.choice.unqualified == 0 { continue }
                // The tied components, described when the error is read: the list keeps
                // `current` (which keeps what a description reads) alive until then.
                let tied = ComponentInfoList(count: binding.choice.tiedCount) {
                    withExtendedLifetime(current) {
                        binding.candidates.filter { Binding.isUnqualified($0) && binding.choice.isTied($0) }.map(\.component.info)
                    }
                }
                throw error(.ambiguous(tied), requested: T.self)
            }
            // The only one, the default one, or the one the ambiguity hooks (frameworks'
            // imports) prefer.
            let viewpoint = unsafe depth == 0 ? session?.viewpoint : nil
            switch Self.choose(qualifier, in: current, entry: entry, requester: requester, viewpoint: viewpoint) {
            case .found(let chosen)?: return try chosen[0].instance(as: T.self, in: &self)
            case .ambiguous(let remaining)?: throw error(.ambiguous(ComponentInfoList(remaining.map(\.info))), requested: T.self)
            case .missing?, nil: continue
            }
        }
        // A request nothing answers as itself: a wrapper is opened, as every door does
        // (``DependencyGetter/request(qualifier:from:)``).
        if let opened = DependencyGetter<T>.opening(at: DependencyPosition(qualifier: qualifier)) {
            return try opened.get(&self)
        }
        // Every candidate of the chain has another name or tag (none fitted above).
        let (others, otherCount) = Self.otherQualified(key, from: origin)
        var hint = Self.otherQualifiersHint(others, count: otherCount, asked: qualifier)
        if let pending = origin.pendingBuilderHint(for: T.self) { hint = hint.map { "\($0) \(pending)" } ?? pending }
        throw error(.notRegistered(qualifier: qualifier?.description, hint: hint), requested: T.self)
    }

    /// What a miss says of the components of the requested type with other names or tags.
    ///
    /// How many there are (`count`), the first ``listedOthers`` of them
    /// with their sites, and the closest name or tag to the one asked for among the first
    /// ``suggestionCandidates`` (the fewest edits, see ``closestName(to:among:)``): bounded
    /// whatever their number. The one wording of that hint: the resolve's `.notRegistered` and
    /// validation's missing dependency both use it (`ValidationMessageTests`).
    static func otherQualifiersHint(_ others: [Component], count: Int, asked: Qualifier?) -> String? {
        guard !others.isEmpty else { return nil }
        let listed = others.prefix(listedOthers).map(\.info.description)
        var hint =
            "\(count) component(s) of this type have another name or tag: " + listed.joined(separator: "; ")
            + (count > listed.count ? "; and \(count - listed.count) more." : ".")
        let offered = others.prefix(suggestionCandidates).flatMap(\.qualifiers)
        if let asked, let wanted = words(asked).first,
            let closest = closestName(to: wanted, among: offered.lazy.map { (words($0).first ?? "", $0) })
        {
            hint += " Did you mean \(closest)?"
        } else {
            hint += " Ask for one of them."
        }
        return hint
    }

    /// The names (or tag names) a qualifier is made of, in order.
    private static func words(_ qualifier: Qualifier) -> [String] {
        switch qualifier {
        case .name(let name), .tag(_, let name): [name]
        case .all(let qualifiers): qualifiers.flatMap(words)
        }
    }

    /// How many of the components with other names or tags a miss lists.
    static let listedOthers = 8

    /// The longest name a suggestion compares: a longer one is not a typing slip.
    static let suggestedNameLength = 64
    /// How many offered names a suggestion compares, the first ones offered.
    static let suggestionCandidates = 256

    /// The offered value whose name is the fewest edits from `wanted`, within
    /// `max(2, wanted.count / 3)` edits; the first of equals.
    ///
    /// Bounded whatever the names: a name (asked or offered) longer than
    /// ``suggestedNameLength`` characters is not compared, only the first
    /// ``suggestionCandidates`` offered are, and each comparison is a banded
    /// ``editDistance(_:_:limit:)``. `SuggestionBoundsTests` guards it.
    static func closestName<Value>(to wanted: String, among offered: some Sequence<(String, Value)>) -> Value? {
        guard let wanted = boundedCharacters(wanted), !wanted.isEmpty else { return nil }
        var limit = Swift.max(2, wanted.count / 3)
        var closest: Value?
        for (name, value) in offered.prefix(suggestionCandidates) {
            guard let name = boundedCharacters(name), let distance = editDistance(name, wanted, limit: limit) else { continue }
            closest = value
            // Only a strictly closer name replaces this one.
            guard distance > 0 else { break }
            limit = distance - 1
        }
        return closest
    }

    /// The characters of `name`, or `nil` when it is longer than ``suggestedNameLength``
    /// (found without reading past that length).
    private static func boundedCharacters(_ name: String) -> [Character]? {
        let characters = Array(name.prefix(suggestedNameLength + 1))
        return characters.count > suggestedNameLength ? nil : characters
    }

    /// The fewest single-character insertions, deletions and substitutions that turn `a`
    /// into `b` (Levenshtein), or `nil` when that is more than `limit`.
    ///
    /// Banded: only the cells within `limit` of the diagonal are computed, and it stops at
    /// the first row whose every cell is past `limit`, so it takes at most
    /// `a.count × (2 × limit + 1)` steps (`SuggestionBoundsTests`).
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return Swift.max(a.count, b.count) }
        // Every value past `limit` is kept as `beyond`: what it is exactly no longer matters.
        let beyond = limit + 1
        var previous = (0...b.count).map { Swift.min($0, beyond) }
        var current = Array(repeating: beyond, count: b.count + 1)
        for i in 1...a.count {
            // The band of row `i`; the cells just outside it read as `beyond`.
            let low = Swift.max(1, i - limit)
            let high = Swift.min(b.count, i + limit)
            current[0] = Swift.min(i, beyond)
            current[low - 1] = low == 1 ? current[0] : beyond
            var rowMinimum = current[low - 1]
            for j in low...high {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                let value = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution, beyond)
                current[j] = value
                rowMinimum = Swift.min(rowMinimum, value)
            }
            if high < b.count { current[high + 1] = beyond }
            guard rowMinimum <= limit else { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// Chooses among the candidates of `entry` (in `current`) that answer `qualifier`: the
    /// only one, the only overriding one (`.override()`), the only default one, or the one the
    /// ambiguity hooks (the container's `resolvers`) prefer for `requester` (or, at the top of
    /// a resolve from a framework, for `viewpoint`), as `.found` with that one candidate, else
    /// `.ambiguous` with the components still in the running, none preferred; `nil` when none
    /// answers.
    ///
    /// The one home of that choice (the resolver, the awaited resolve's preparation and
    /// validation all use it), by ``PrimaryChoice``'s rule; the hooks are read only when the
    /// rule needs them.
    static func choose(
        _ qualifier: Qualifier?,
        in current: DIContainer,
        entry: TypeEntry,
        requester: Component?,
        viewpoint: (any Sendable)? = nil
    ) -> LookupOutcome? {
        // With a name or tag, the candidates that carry it, from the type's index: a type with
        // many components costs what its matches cost (`GrowthTests`).
        let matching = entry.candidates(in: current, indexed: qualifier != nil).matching(qualifier)
        guard !matching.isEmpty else { return nil }
        if matching.count == 1 { return .found(matching) }
        var choice = PrimaryChoice()
        for (position, candidate) in matching.enumerated() { choice.add(candidate, at: position) }
        if let primary = choice.primary { return .found([matching[primary]]) }
        var remaining = matching.filter { choice.isTied($0) }
        // The hooks decide among the tied only when none is an override or a default.
        for resolver in current.ambiguityResolvers where remaining.count > 1 && choice.overrides == 0 && choice.defaults == 0 {
            let fitting = remaining.map(\.component)
            let preferred =
                if let viewpoint, requester == nil {
                    resolver.preferred(among: fitting, viewpoint: viewpoint)
                } else {
                    resolver.preferred(among: fitting, requester: requester)
                }
            let narrowed = remaining.filter { candidate in preferred.contains { $0 === candidate.component } }
            if !narrowed.isEmpty { remaining = narrowed }
        }
        return remaining.count == 1 ? .found(remaining) : .ambiguous(remaining.map(\.component))
    }

    /// What looking up a dependency finds, without building anything.
    enum LookupOutcome {
        /// The candidate a single dependency gets, or every one `[T]` gets (maybe none), in
        /// the order `[T]` builds them.
        case found([AnyCandidate])
        /// Nothing fits; the chain has `count` components of the type with other names or
        /// tags, `others` the first of them (``otherQualified(_:from:)``).
        case missing(others: [Component], count: Int)
        /// Several fit and nothing settles which.
        case ambiguous([Component])

        /// The candidates found; none when nothing fits or the choice is ambiguous (the
        /// resolve itself reports those).
        var candidates: [AnyCandidate] { if case .found(let found) = self { found } else { [] } }
        /// The components of ``candidates``: one for a single dependency, all for `[T]`.
        var components: [Component] { candidates.map(\.component) }
    }

    /// What `dependency` finds from `origin`, by the resolver's rules: the one walk of the
    /// chain for a dependency, whether it takes one component or all (`[T]`).
    ///
    /// For a single dependency, the nearest container with a fitting component, settled by ``choose(_:in:entry:requester:viewpoint:)``;
    /// for `[T]`, every fitting component of the chain, this container's first, then each
    /// upstream container's, in registration order, that the hierarchy's rules list
    /// (``HierarchyRules/lists(_:atOrigin:_:)``).
    /// `[T]`'s getter, the awaited resolve's preparation and validation all look up through it.
    static func lookUp(_ dependency: Dependency, requester: Component?, from origin: DIContainer) -> LookupOutcome {
        let qualifier = dependency.qualifier
        // A root lists all its own; a child lists what its rules list (DIHierarchy's).
        let rules = origin.hierarchyLink?.rules
        var seen: Set<ComponentIdentity> = []
        var listed: [AnyCandidate] = []
        for current in origin.chain {
            let entry = current.entry(ObjectIdentifier(dependency.type))
            guard !entry.isEmpty else { continue }
            guard dependency.isMany else {
                if let chosen = choose(qualifier, in: current, entry: entry, requester: requester) { return chosen }
                continue
            }
            // With a name or tag, the candidates that carry it, from the type's index: a type
            // with many components costs what its matches cost (`GrowthTests`).
            let candidates = entry.candidates(in: current, indexed: qualifier != nil)
            let selected = qualifier == nil ? Array(candidates) : candidates.matching(qualifier)
            listed += selected.filter { rules?.lists($0.component.identity, atOrigin: current === origin, &seen) ?? true }
        }
        if dependency.isMany { return .found(listed) }
        let (others, count) = otherQualified(ObjectIdentifier(dependency.type), from: origin)
        return .missing(others: others, count: count)
    }

    /// How many components of the type of `key` the chain of `origin` has, and the first
    /// ``suggestionCandidates`` of them, nearest container first: what a miss lists.
    ///
    /// Bounded, so a miss costs the same however many the type has
    /// (`GrowthTests.namedMissesOfOneTypeRegisteredInTurn`).
    static func otherQualified(_ key: ObjectIdentifier, from origin: DIContainer) -> (others: [Component], count: Int) {
        var others: [Component] = []
        var count = 0
        for current in origin.chain {
            let entry = current.entry(key)
            guard !entry.isEmpty else { continue }
            let candidates = entry.candidates(in: current)
            count += candidates.count
            others += candidates.prefix(suggestionCandidates - others.count).map(\.component)
        }
        return (others, count)
    }

    /// Whether some component answers a request for `type` with `qualifier` from `origin`
    /// or upstream: whether ``resolve(_:qualifier:entry:)``'s walk finds one.
    static func anyFits(_ type: Any.Type, qualifier: Qualifier?, from origin: DIContainer) -> Bool {
        origin.chain.contains { current in
            let entry = current.entry(ObjectIdentifier(type))
            return !entry.isEmpty && entry.candidates(in: current).contains { $0.component.answers(qualifier) }
        }
    }
}
