import Synchronization

/// Everything one container knows about one requested type that is not answered by one
/// unqualified candidate alone (see ``TypeEntry``): the components exposed as it.
///
/// Immutable once published; the registry publishes a new binding when registrations change,
/// through the type's ``BindingSlot``, and frees the old one when no reader can still hold it.
///
/// Not generic: its candidates are kept as ``AnyCandidate``s, each a component of the binding's
/// type `T` or a `Candidate<T>`. A generic binding, made by the registry's unspecialized code, cost a run-time
/// look-up of its metadata, of its candidates' and of their array's per binding published.
///
/// The first binding published for a type is also the type's ``BindingSlot``.
// NB: @unchecked as its superclass: the slot's fields are atomics, its own immutable lets.
@usableFromInline
final class Binding: BindingSlot, @unchecked Sendable {
    /// Every candidate, in registration order, whatever its qualifier; each a `Candidate<T>` of
    /// the binding's type `T`.
    var candidates: Candidates { Candidates(first: first, later: later) }
    /// The first candidate: a binding has one at least.
    private let first: AnyCandidate
    /// The candidates after the first; empty, so no array allocated, for the usual binding of
    /// a type one registration answers.
    private let later: [AnyCandidate]
    // The answer to an unqualified request when it needs no further thought (the only
    // unqualified candidate, or the only default one), and its component when the candidate
    // resolves it as its own type, are kept in the binding's own slot fields, `primary` and
    // `primaryBox`: ``BindingSlot/publish(_:)`` copies them from there into the slot the table
    // points at (usually the binding itself). Two fields of their own held 16 bytes more per
    // type published.

    /// Whether `candidate`'s component has no name or tag.
    ///
    /// A component is read as itself, borrowed: its `component` property returned it retained,
    /// a retain and a release per binding published.
    // NB: unsafeDowncast: `_isComponent` is set only by `Component`'s initializer.
    static func isUnqualified(_ candidate: AnyCandidate) -> Bool {
        if candidate._isComponent { return unsafeDowncast(candidate, to: Component.self).qualifiers.isEmpty }
        return candidate.component.qualifiers.isEmpty
    }

    /// The binding of `first` and then `later`, in registration order.
    init(first: AnyCandidate, later: [AnyCandidate] = []) {
        self.first = first
        self.later = later
        let primary: AnyCandidate?
        if later.isEmpty {
            primary = Self.isUnqualified(first) ? first : nil
        } else {
            primary = Self.choose(Candidates(first: first, later: later).filter { Self.isUnqualified($0) })
        }
        // NB: unmanaged bits: the registry keeps each current candidate and component alive
        // (and a replaced one for the container's life), so the hot path reads them unretained.
        var boxBits: UInt = 0
        var primaryBits: UInt = 0
        if let primary {
            primaryBits = UInt(bitPattern: Unmanaged.passUnretained(primary).toOpaque())
            // A component is its own candidate: the same object.
            if primary._isComponent { boxBits = primaryBits }
        }
        super.init(primaryBits: primaryBits, primaryBoxBits: boxBits)
    }

    /// A binding's candidates in registration order, read in place (no array made).
    struct Candidates: RandomAccessCollection {
        let first: AnyCandidate
        let later: [AnyCandidate]
        /// The slot of the type they are read from, whose index answers names and tags; `nil`
        /// for a type's lone candidate.
        var slot: BindingSlot? = nil

        var startIndex: Int { 0 }
        var endIndex: Int { later.count + 1 }

        subscript(position: Int) -> AnyCandidate { position == 0 ? first : later[position - 1] }

        /// The components exposed as the type, in registration order.
        ///
        /// Made on each call from the candidates: kept, it cost every published type an array
        /// that only slow paths read.
        var components: [Component] { map { $0.component } }

        /// The candidates that answer a request with `qualifier` (`nil`: the unqualified ones).
        func matching(_ qualifier: Qualifier?) -> [AnyCandidate] {
            guard let qualifier, let index = slot?.qualifierIndex else { return filter { $0.component.answers(qualifier) } }
            return index.positions(answering: qualifier, below: count).map { self[$0] }.filter { $0.component.answers(qualifier) }
        }
    }

    /// The only candidate, or the only overriding or default one, or `nil` when that does not
    /// decide (``ResolutionContext/choose(among:requester:in:)`` then does, with the same rule).
    static func choose(_ candidates: [AnyCandidate]) -> AnyCandidate? {
        if candidates.count == 1 { return candidates[0] }
        let overrides = candidates.filter { $0.component.isOverride }
        if !overrides.isEmpty { return overrides.count == 1 ? overrides[0] : nil }
        let defaults = candidates.filter { $0.component.isDefault }
        return defaults.count == 1 ? defaults[0] : nil
    }
}

/// Where a type's candidates carry each name and tag: their positions in registration order
/// (a binding's candidates of any date, as registrations are only ever added).
///
/// One per slot, made on the type's first named or tagged lookup from the binding of the day,
/// and kept up to date by the registry as registrations are added, both under the registry's
/// lock: a named lookup reads the positions of its name, never the other candidates, and no
/// registration rebuilds it (`ManyRegistrationsTests` guards it).
final class QualifierIndex: Sendable {
    private let positions: Protected<[Qualifier: [Int]]>

    /// The index of `candidates`, a binding's.
    init(_ candidates: Binding.Candidates) {
        var positions: [Qualifier: [Int]] = [:]
        for (position, candidate) in candidates.enumerated() {
            for qualifier in candidate.component.qualifiers {
                positions[qualifier, default: []].append(position)
            }
        }
        self.positions = Protected(positions)
    }

    /// Records the names and tags of the candidate at `position`, the type's newest.
    func add(_ qualifiers: [Qualifier], at position: Int) {
        guard !qualifiers.isEmpty else { return }
        positions.withLock { positions in
            for qualifier in qualifiers {
                positions[qualifier, default: []].append(position)
            }
        }
    }

    /// The positions below `count` (a binding's candidates) whose candidate answers
    /// `qualifier`, in order: those of its one name or tag, or for several, those of the
    /// rarest one that carry the others too (`nil`: no single name or tag narrows it).
    func positions(answering qualifier: Qualifier, below count: Int) -> [Int] {
        let found: [Int]? = positions.withLock { positions in
            guard case .all(let required) = qualifier else { return positions[qualifier] ?? [] }
            return required.map { positions[$0] ?? [] }.min { $0.count < $1.count }
        }
        // Positions are added in order: those a binding does not hold yet are at the end.
        var result = found ?? Array(0..<count)
        while let last = result.last, last >= count { result.removeLast() }
        return result
    }
}

/// One component as a way of getting some type: what a ``Binding`` holds.
///
/// A component resolved as its own type is its own candidate (``Component`` is a candidate):
/// a separate candidate object for it was an allocation per component made, and its
/// reference counting. A component resolved as another type it is exposed as is a
/// `Candidate<T>` of that type.
// NB: @unchecked because the class is not final; its subclasses add only immutable lets.
@usableFromInline
package class AnyCandidate: @unchecked Sendable {
    /// Whether this candidate is a component resolved as its own type (a `ComponentBox`),
    /// not a `Candidate<T>`: stored, so that ``instance(as:in:)`` needs no dynamic cast.
    @usableFromInline
    final let _isComponent: Bool

    init(isComponent: Bool) {
        self._isComponent = isComponent
    }

    /// The component whose instances this candidate gives.
    var component: Component { preconditionFailure("subclasses override component") }

    /// The component, when this candidate is a component resolved as its own type; asked
    /// instead of a cast, which needs generic metadata looked up at run time.
    // NB: unsafeDowncast: `_isComponent` is set only by `Component`'s initializer.
    final var directBox: Component? { _isComponent ? unsafeDowncast(self, to: Component.self) : nil }

    /// The instance this candidate gives, as the type `T` of the binding that holds it.
    // NB: unsafeDowncast: a candidate is made as the type of the binding that holds it, and is
    // asked as that type only (the binding under `T`'s key holds components of type `T`,
    // which are `ComponentBox<T>`s, and `Candidate<T>`s).
    @inlinable @inline(__always)
    final func instance<T>(as type: T.Type, in context: inout ResolutionContext) throws(DIError) -> T {
        if _isComponent { return try unsafeDowncast(self, to: ComponentBox<T>.self).instance(in: &context) }
        return try unsafeDowncast(self, to: Candidate<T>.self).instance(in: &context)
    }
}

/// A component as a way of getting a `T` other than its own type.
// NB: @unchecked because the class is not final; its subclasses add only immutable lets.
@usableFromInline
class Candidate<T>: AnyCandidate, @unchecked Sendable {
    init() {
        super.init(isComponent: false)
    }

    @usableFromInline
    func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        preconditionFailure("subclasses override instance(in:)")
    }
}

/// A component of type `Source` resolved as a type it was exposed as with `.as(_:)`.
// NB: @unchecked as its superclass: one immutable `let` more.
final class ConvertedCandidate<Source, T>: Candidate<T>, @unchecked Sendable {
    private let box: ComponentBox<Source>

    init(_ box: ComponentBox<Source>) {
        self.box = box
        super.init()
    }

    override var component: Component { box }

    override func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        let value = try box.instance(in: &context)
        guard let converted = value as? T else {
            throw context.error(
                .typeMismatch(expected: T.self, actual: type(of: value), component: box.info), requested: T.self)
        }
        return converted
    }
}

/// A component of type `Source` resolved as another type through the closure given to
/// `.as(_:_:)`: a conversion the compiler checked.
// NB: @unchecked as its superclass: two immutable `let`s more, the closure `@Sendable`.
final class MappedCandidate<Source, T>: Candidate<T>, @unchecked Sendable {
    private let box: ComponentBox<Source>
    private let convert: @Sendable (Source) -> T

    init(_ box: ComponentBox<Source>, convert: @escaping @Sendable (Source) -> T) {
        self.box = box
        self.convert = convert
        super.init()
    }

    override var component: Component { box }

    override func instance(in context: inout ResolutionContext) throws(DIError) -> T {
        convert(try box.instance(in: &context))
    }
}

/// A type a registration is exposed as with `.as(_:)`, with what it takes to build that type's
/// binding (the registration's own type needs none: its component builds those).
struct Exposure: Sendable {
    let type: Any.Type
    var key: ObjectIdentifier { ObjectIdentifier(type) }
    /// Makes the candidates of this type.
    // NB: an existential of an empty generic struct, not two closures: it fits the
    // existential's inline buffer, so a registration allocates nothing for it.
    private let maker: any BindingMaker
    /// Whether the type is a class no instance of the registration can be, for validation.
    var isImpossible = false

    /// Makes the candidate of a component of this registration, as this type.
    func makeCandidate(_ component: Component) -> AnyCandidate { maker.makeCandidate(component) }

    /// Another type `T` that a registration of `Source` is exposed as.
    static func converted<Source, T>(from source: Source.Type, to type: T.Type) -> Exposure {
        Exposure(type: T.self, maker: ConvertedBindingMaker<Source, T>())
    }

    /// Another type `T` that a registration of `Source` is exposed as through `convert`.
    static func mapped<Source, T>(from source: Source.Type, to type: T.Type, _ convert: @escaping @Sendable (Source) -> T)
        -> Exposure
    {
        Exposure(type: T.self, maker: MappedBindingMaker<Source, T>(convert: convert))
    }
}

/// Makes the candidates of one exposed type.
private protocol BindingMaker: Sendable {
    func makeCandidate(_ component: Component) -> AnyCandidate
}

/// A registration of `Source` resolved as `T` through a closure.
// NB: unsafeDowncast: as in `ConvertedBindingMaker`; the components are `ComponentBox<Source>`.
private struct MappedBindingMaker<Source, T>: BindingMaker {
    let convert: @Sendable (Source) -> T

    func makeCandidate(_ component: Component) -> AnyCandidate {
        MappedCandidate<Source, T>(unsafeDowncast(component, to: ComponentBox<Source>.self), convert: convert)
    }
}

/// A registration of `Source` resolved as `T`.
// NB: unsafeDowncast: an exposure's maker gets only the components of its own registration of
// `Source` (each a `ComponentBox<Source>`).
private struct ConvertedBindingMaker<Source, T>: BindingMaker {
    func makeCandidate(_ component: Component) -> AnyCandidate {
        ConvertedCandidate<Source, T>(unsafeDowncast(component, to: ComponentBox<Source>.self))
    }
}
