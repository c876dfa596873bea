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
    public init(_ value: Value) { self.value = value }
}

extension Tagged: Sendable where Value: Sendable {}

extension Tagged: DependencyWrapper {
    /// The shape inside, with its innermost lookup asking for the tag: `Tagged<T, [P]>` is
    /// every component tagged `T`, `Tagged<T, P?>` is `nil` when none is.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Tagged<Tag, Value>> {
        .qualified(Qualifier(tag: Tag.self), in: position, wrapper: "Tagged") { Tagged($0) }
    }
}
