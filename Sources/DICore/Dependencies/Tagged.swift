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
    package static var dependencyGetter: DependencyGetter<Tagged<Tag, Value>> {
        let qualifier = Qualifier(tag: Tag.self)
        return DependencyGetter(Dependency(type: Value.self, qualifier: qualifier)) {
            (context) throws(DIError) -> Tagged<Tag, Value> in
            Tagged(try context.resolve(Value.self, qualifier: qualifier))
        }
    }
}
