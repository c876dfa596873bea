import DICore

extension ChildRules {
    /// Who builds an instance a resolve from a child finds: an instance kept
    /// beyond one resolve (a cache cell, a scope's storage) is built as the registration's own
    /// container sees the graph, so every container that shares it gets the same one, whichever
    /// asked first; any other (`.prototype`, `.objectGraph`, a value under `.weak`) as the
    /// requester sees it, so the child's registrations answer it.
    ///
    /// The build gate, awaited resolves and validation all follow it (`PointOfViewTests`,
    /// `ValidationPointOfViewTests`).
    static func buildsAsOwnerSees(_ component: Component) -> Bool { component.keepsInstance }
}
