/// A dependency on the component of type `Value` tagged with `Tag`.
///
/// Tags tell apart several components of one type without strings. Register with
/// ``DIComponentBuilder/tagged(_:)`` and take `Tagged<Tag, Value>` as a parameter:
///
/// ```swift
/// enum Primary {}
/// container.register { Database(url: "primary") }.tagged(Primary.self)
/// container.register { (db: Tagged<Primary, Database>) in Repository(db: db.value) }
/// ```
public struct Tagged<Tag, Value> {
    /// The tagged component's instance.
    public let value: Value

    /// Wraps a value, for tests that build a component by hand.
    public init(_ value: Value) {
        self.value = value
    }
}

extension Tagged: Sendable where Value: Sendable {}

extension Tagged: DependencyWrapper {
    /// The shape inside, with its innermost lookup asking for the tag: `Tagged<T, [P]>` is
    /// every component tagged `T`, `Tagged<T, P?>` is `nil` when none is.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Tagged<Tag, Value>> {
        let qualifier = Qualifier(tag: Tag.self)
        var inside = position.inside()
        inside.qualifier = qualifier
        let inner = DependencyGetter<Value>.make(in: inside)
        if position.qualifier != nil {
            return .meaningless(inner.dependency, "a dependency takes one name or tag; Tagged inside Tagged has no meaning")
        }
        if inner.dependency.isArgument {
            return .meaningless(inner.dependency, "an Argument is given to the resolve, not looked up by tag")
        }
        let get = inner.get
        let pinned = inner.getPinned
        return DependencyGetter(
            inner.dependency,
            { (context) throws(DIError) -> Tagged<Tag, Value> in Tagged(try get(&context)) },
            pinned: { (context, candidate) throws(DIError) -> Tagged<Tag, Value> in Tagged(try pinned(&context, candidate)) },
            candidates: inner.candidates)
    }
}
