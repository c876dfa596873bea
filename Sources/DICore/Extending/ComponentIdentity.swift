/// What makes a component the same component in every container: its registration site, the
/// type it registers, and which registration from that site and type it is in its container.
///
/// Every `register` call adds a component. The `n`-th registration of a type from one site in
/// a container (a `register` line in a loop, or in a generic helper called again) is a
/// different component from the others of that site, and two types registered from one site
/// (a generic helper) are never one component. The same line run for two containers gives
/// the same identities in both: they share `.perRun` and `.single` instances and a custom
/// scope's instance. Process-wide caches and scope storages are keyed by ``id``.
///
/// A class, interned once per process: a registration and a component hold one reference
/// instead of a copy of the site, the type and the ordinal.
@usableFromInline package final class ComponentIdentity: Hashable, Sendable, CustomStringConvertible {
    /// A small integer unique to this identity within the process, for cheap keys.
    package let id: Int
    /// Where the component was registered.
    package let site: DIRegistrationSite
    /// The type the component's initializer returns.
    package let type: Any.Type
    /// Which registration of `type` from `site` in its container this is, from 0.
    package let ordinal: Int

    init(id: Int, site: DIRegistrationSite, type: Any.Type, ordinal: Int) {
        self.id = id
        self.site = site
        self.type = type
        self.ordinal = ordinal
    }

    @usableFromInline package static func == (lhs: ComponentIdentity, rhs: ComponentIdentity) -> Bool { lhs.id == rhs.id }
    @usableFromInline package func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `Type at file:line:column`, with `#n` when the site registered the type several times.
    @usableFromInline package var description: String {
        let base = "\(readableName(of: type)) at \(site)"
        return ordinal == 0 ? base : "\(base) #\(ordinal + 1)"
    }

    // MARK: - The process-wide table that gives each component identity its small integer

    private struct Key: QuickHashable {
        let site: Int
        let type: ObjectIdentifier
        let ordinal: Int

        var quickHash: UInt { type.quickHash &+ UInt(bitPattern: site) &* 65_599 &+ UInt(bitPattern: ordinal) &* 8_191 }
    }

    /// A `register` call as its literals give it.
    private struct CallKey: QuickHashable {
        let file: UInt
        let line: UInt
        let column: UInt
        let type: ObjectIdentifier
        let ordinal: Int

        var quickHash: UInt {
            type.quickHash &+ file &* 31 &+ line &* 65_599 &+ column &* 8_191 &+ UInt(bitPattern: ordinal) &* 127
        }
    }

    /// Every identity, by its site's number, type and ordinal.
    private static let identities = Protected(QuickTable<Key, ComponentIdentity>())

    /// The identity of each call seen, by the call key's hash: a ``CallEntry`` (whose key the
    /// reader compares: two calls may share a hash; the first one stored keeps the entry, and
    /// the others take the lock and intern their site each time).
    private static let callsByHash = ObjectTable<CallEntry>(capacity: 256)

    /// A call seen, with its identity; kept for the process's life by ``callsByHash``.
    private final class CallEntry: Sendable {
        let key: CallKey
        let identity: ComponentIdentity

        init(key: CallKey, identity: ComponentIdentity) {
            self.key = key
            self.identity = identity
        }
    }

    /// The identity of the `ordinal`-th registration of `type` from the `register` call at
    /// `file`, `line` and `column`: the same as interning its site first, for one look-up.
    ///
    /// Registering looks an identity up by its call's `#fileID` literal address, line and column
    /// (with the type and ordinal): one probe of an ``ObjectTable``, without a lock, once the call
    /// has been seen. The site is interned only the first time a call is seen, and the identity
    /// is then found by the site's number, so two copies of one file's literal still give one
    /// identity.
    static func intern(file: StaticString, line: UInt, column: UInt, type: Any.Type, ordinal: Int) -> ComponentIdentity {
        let key = unsafe CallKey(
            file: UInt(bitPattern: file.utf8Start), line: line, column: column, type: ObjectIdentifier(type),
            ordinal: ordinal)
        // The hash with its lowest bit set: a word table's key is never 0.
        let hash = key.quickHash | 1
        if let identity = callsByHash.withObject(for: hash, { $0.key == key ? $0.identity : nil }) ?? nil {
            return identity
        }
        return identities.withLock { identities in
            let site = DIRegistrationSite.intern(file: file, line: line, column: column)
            // Found by the site's number: another copy of the file's literal gives the same one.
            let siteKey = Key(site: site.id, type: ObjectIdentifier(type), ordinal: ordinal)
            let identity = identities[siteKey] ?? ComponentIdentity(id: identities.count, site: site, type: type, ordinal: ordinal)
            identities.set(siteKey, identity)
            // A hash another call has already is not stored again: that call's entry stays.
            callsByHash.store(hash, CallEntry(key: key, identity: identity))
            return identity
        }
    }
}
