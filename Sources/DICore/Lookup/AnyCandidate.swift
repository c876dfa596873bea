/// One component as a way of getting some type: what a ``Binding`` holds.
///
/// A component resolved as its own type is its own candidate (``Component`` is a candidate):
/// no object more per component. A component resolved as another type it is exposed as is a
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

    /// The type this candidate gives (the `T` of its binding): what the observers are told a
    /// top-level resolve through it resolved.
    var resolvedType: Any.Type { preconditionFailure("subclasses override resolvedType") }

    /// The component, when this candidate is a component resolved as its own type; asked
    /// instead of a cast, which needs generic metadata looked up at run time.
    // NB: unchecked: `_isComponent` is set only by `Component`'s initializer.
    final var directBox: Component? { unsafe _isComponent ? UnsafeCast.downcast(self, to: Component.self) : nil }

    /// The instance this candidate gives, as the type `T` of the binding that holds it.
    // NB: unchecked: a candidate is made as the type of the binding that holds it, and is
    // asked as that type only (the binding under `T`'s key holds components of type `T`,
    // which are `ComponentBox<T>`s, and `Candidate<T>`s).
    @inlinable @inline(__always)
    final func instance<T>(as type: T.Type, in context: inout ResolutionContext) throws(DIError) -> T {
        if _isComponent { return unsafe try UnsafeCast.downcast(self, to: ComponentBox<T>.self).instance(in: &context) }
        return unsafe try UnsafeCast.downcast(self, to: Candidate<T>.self).instance(in: &context)
    }
}
