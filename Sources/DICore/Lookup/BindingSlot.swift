import Synchronization

/// Where one container keeps the binding of one type that has one (see ``TypeEntry``): what
/// the lock-free table points at.
///
/// A slot lives as long as its container, so a reader may hold it unretained. Its binding is
/// replaced whenever the registrations of the type change; the slot copies what the resolver's
/// hot path needs (the primary component and candidate, which the registry keeps alive) into
/// atomics, so the hot path reads the slot alone and never touches a binding that may be
/// freed. Every other reader takes the binding with ``DIContainer/binding(in:)``, which
/// retains it inside the container's reader count; a replaced binding is freed once the
/// registry sees no reader between loading and retaining one.
///
/// The slot of a type is the first binding published for it (``Binding`` is a slot): a
/// separate slot object was one allocation more per type published. A binding published to
/// replace another is not used as a slot.
// NB: @unchecked: every stored property is an atomic; not final, as `Binding` subclasses it.
@usableFromInline
class BindingSlot: @unchecked Sendable {
    /// The current binding, unmanaged; the registry holds its strong reference.
    let current: Atomic<UInt>
    /// The current binding's `primaryBox`, unmanaged, or 0.
    @usableFromInline
    let primaryBox: Atomic<UInt>
    /// The current binding's `primary` candidate, unmanaged, or 0.
    @usableFromInline
    let primary: Atomic<UInt>
    /// Whether registrations were added to the type since `current` was published: the next
    /// read of the binding (``DIContainer/binding(in:)``) publishes it again first.
    let isStale = Atomic<Bool>(false)
    /// Where the type's candidates carry each name and tag, unmanaged, or 0 until the type's
    /// first named or tagged lookup (``DIContainer/makeQualifierIndex(for:)``).
    // NB: unmanaged: retained once by the slot, set once under the registry's lock and
    // released in `deinit`, so a reader's borrowed reference stays valid while the slot lives.
    fileprivate let _qualifierIndex = Atomic<UInt>(0)

    /// The type's index of names and tags, if a named or tagged lookup made it.
    final var qualifierIndex: QualifierIndex? {
        UnsafeRawPointer(bitPattern: _qualifierIndex.load(ordering: .acquiring))
            .map { Unmanaged<QualifierIndex>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The current primary component (a `ComponentBox` of the slot's type), unretained.
    @inlinable @inline(__always)
    final var primaryBoxPointer: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: primaryBox.load(ordering: .acquiring))
    }

    /// The current primary candidate (a `Candidate` of the slot's type), unretained.
    @inlinable @inline(__always)
    final var primaryPointer: UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: primary.load(ordering: .acquiring))
    }

    /// A slot without a binding, whose binding (usually itself) will have the primary
    /// candidate and component `primaryBits` and `primaryBoxBits` (0 for none):
    /// ``publish(_:)`` gives it its binding before the table points at it.
    init(primaryBits: UInt, primaryBoxBits: UInt) {
        current = Atomic(0)
        primaryBox = Atomic(primaryBoxBits)
        primary = Atomic(primaryBits)
    }

    deinit {
        if let bits = UnsafeRawPointer(bitPattern: _qualifierIndex.load(ordering: .acquiring)) {
            Unmanaged<QualifierIndex>.fromOpaque(bits).release()
        }
    }

    /// Makes `binding` the current one; call with the registry locked.
    ///
    /// The caller keeps the replaced binding alive until no reader can still be retaining it.
    final func publish(_ binding: Binding) {
        // A binding's own `primary` and `primaryBox` are its primary candidate and component,
        // set when it was made and never changed unless it is this slot (then they are copied
        // onto themselves).
        primaryBox.store(binding.primaryBox.load(ordering: .relaxed), ordering: .releasing)
        primary.store(binding.primary.load(ordering: .relaxed), ordering: .releasing)
        // NB: sequentially consistent, as the registry's later load of the reader count:
        // a reader that counted itself after that load reads this binding, not the old one.
        current.store(UInt(bitPattern: Unmanaged.passUnretained(binding).toOpaque()), ordering: .sequentiallyConsistent)
        isStale.store(false, ordering: .sequentiallyConsistent)
    }

    /// Marks the binding out of date, to be published again at its next read; call with the
    /// registry locked, when a registration is added to the type.
    ///
    /// The primary goes at once, so the hot path takes no decision the new registration may
    /// change; the whole binding is rebuilt only when something reads it, so registering many
    /// components of a type already resolved costs each one no rebuild of the others
    /// (`ManyRegistrationsTests` guards it).
    final func markStale() {
        primaryBox.store(0, ordering: .sequentiallyConsistent)
        primary.store(0, ordering: .sequentiallyConsistent)
        isStale.store(true, ordering: .sequentiallyConsistent)
    }
}

extension DIContainer {
    /// Gives one of this container's slots its index of names and tags, made from its binding
    /// brought up to date; the registry keeps it up to date from then on.
    func makeQualifierIndex(for slot: Unmanaged<BindingSlot>) {
        withRegistry { registry in
            registry.republishMarked(owner: self)
            publishTable(of: &registry)
            slot._withUnsafeGuaranteedRef { slot in
                guard slot._qualifierIndex.load(ordering: .relaxed) == 0 else { return }
                // NB: under the registry's lock the current binding is not replaced, so not freed.
                let bits = slot.current.load(ordering: .acquiring)
                let binding = Unmanaged<Binding>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
                let index = Unmanaged.passRetained(QualifierIndex(binding.candidates))
                slot._qualifierIndex.store(UInt(bitPattern: index.toOpaque()), ordering: .releasing)
            }
        }
    }

    /// The current binding of one of this container's slots, retained.
    ///
    /// For every lookup but the hot path's primary: the binding may be replaced and freed
    /// once this returns, but the reference returned keeps it alive.
    func binding(in slot: Unmanaged<BindingSlot>) -> Binding {
        if slot._withUnsafeGuaranteedRef({ $0.isStale.load(ordering: .sequentiallyConsistent) }) {
            withRegistry { registry in
                registry.republishMarked(owner: self)
                publishTable(of: &registry)
            }
        }
        bindingReaders.enter()
        let bits = slot._withUnsafeGuaranteedRef { $0.current.load(ordering: .sequentiallyConsistent) }
        // NB: retained before the reader count drops: the registry frees a replaced binding
        // only when it sees the count at zero after replacing it.
        let binding = Unmanaged<Binding>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).retain()
        bindingReaders.leave()
        return binding.takeRetainedValue()
    }
}

/// How many threads are between loading a slot's binding and retaining it.
///
/// On cache lines of its own: the count is written by every lookup off the hot path, and
/// the container's fields beside it are read by every resolve on every core. Kept inside the
/// container, between two paddings of 128 bytes (a line and the one the hardware may fetch
/// with it), so that no other field shares its lines: a block of its own was one allocation
/// more per container, and an object one more still.
struct ReaderCount: ~Copyable, Sendable {
    /// 128 bytes that keep the fields declared before this value off the counter's lines.
    private let before: Padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private let count = Atomic<Int>(0)
    /// 128 bytes that keep the fields declared after this value off the counter's lines.
    private let after: Padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    private typealias Padding = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )

    init() {}

    /// Counts a reader in.
    func enter() { count.wrappingAdd(1, ordering: .sequentiallyConsistent) }

    /// Counts a reader out.
    func leave() { count.wrappingSubtract(1, ordering: .sequentiallyConsistent) }

    /// Whether no reader is counted in (sequentially consistent with `enter()`).
    var isZero: Bool { count.load(ordering: .sequentiallyConsistent) == 0 }
}
