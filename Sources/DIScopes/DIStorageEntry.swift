import DICore

// NB: @unchecked: both references are immutable (loading a weak reference is thread-safe);
// the instance itself is shared across threads the way every cached instance is, which is
// the user's call when registering it.

/// An instance as a ``DIScope`` hands it to its ``DIStorage``: opaque, and safe to share.
///
/// A storage keeps entries and gives them back; it never looks inside. The scope makes
/// the entry according to its `DIReferencePolicy`: under `.strong` the entry holds the
/// instance, under `.weak` it refers to it without keeping it alive, so a storage is the same
/// code for both policies.
public final class DIStorageEntry: @unchecked Sendable {
    /// The instance, under `.strong`.
    let strong: AnyObject?
    /// The instance, under `.weak`.
    weak let weak: AnyObject?

    init(_ object: AnyObject, policy: DIReferencePolicy) {
        self.strong = policy == .weak ? nil : object
        self.weak = policy == .weak ? object : nil
    }

    /// The instance, or `nil` if the entry is weak and the instance has been destroyed.
    @inline(__always) var instance: AnyObject? { strong ?? weak }
}
