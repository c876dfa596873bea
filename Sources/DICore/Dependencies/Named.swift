/// A name, given as a type, for ``Named`` parameters and ``DIComponentBuilder/named(_:)-(Key.Type)``.
///
/// Swift has no string-valued generic parameters, so a parameter cannot be `Named<"primary", T>`.
/// A name is declared once as a type instead, and the registration and every parameter use the
/// type, so a typo in the name is a compile error:
///
/// ```swift
/// enum Primary: DIName { static let name = "primary" }
/// ```
public protocol DIName: SendableMetatype {
    /// The name the component is registered with, as ``DIComponentBuilder/named(_:)-(String)``
    /// would take it.
    static var name: String { get }
}

/// A dependency on the component of type `Value` registered with the name `Key.name`.
///
/// ```swift
/// enum Primary: DIName { static let name = "primary" }
///
/// container.register { Database(url: "primary") }.named(Primary.self)   // or .named("primary")
/// container.register { (db: Named<Primary, Database>) in Repository(db: db.value) }
/// ```
///
/// A component may have several names and tags; a `Named` parameter finds it by any of its
/// names. A missing component is a ``DIError/Code-swift.struct/notRegistered`` error naming
/// the name (`Named<Primary, Database>?` gives `nil` instead).
public struct Named<Key: DIName, Value> {
    /// The named component's instance.
    public let value: Value

    /// Wraps a value, for tests that build a component by hand.
    ///
    /// - Parameter value: The instance.
    public init(_ value: Value) { self.value = value }
}

extension Named: Sendable where Value: Sendable {}

extension Named: DependencyWrapper {
    /// The shape inside, with its innermost lookup asking for the name: `Named<K, [P]>` is
    /// every component named `K.name`, `Named<K, P?>` is `nil` when none is.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Named<Key, Value>> {
        .qualified(.name(Key.name), in: position, wrapper: "Named") { Named($0) }
    }
}
