extension DIContainer {
    /// This container's registrations, in the order they were made: a read-only view for
    /// tools and tests.
    ///
    /// Only registrations whose builder has been released are listed (see
    /// ``DIComponentBuilder``). A child container lists its own; its parent's are the parent's
    /// `registrations`.
    ///
    /// ```swift
    /// #expect(container.registrations.contains { $0.type == Checkout.self && $0.lifetime == .prototype })
    /// ```
    public var registrations: [DIRegistrationInfo] {
        withRegistry { registry in registry.registrations.map(DIRegistrationInfo.init) }
    }

    /// Whether a component of `type` is registered here or upstream, as its own type or
    /// exposed as it with `.as(_:)`: with `name` when one is given, else with any name, tag or
    /// none.
    ///
    /// ```swift
    /// #expect(container.isRegistered(Database.self, name: "primary"))
    /// ```
    public func isRegistered<T>(_ type: T.Type, name: String? = nil) -> Bool {
        hasRegistration(of: T.self, qualifier: name.map { .name($0) })
    }

    /// Whether a component of `type` tagged `tag` is registered here or upstream, as its own
    /// type or exposed as it with `.as(_:)`.
    public func isRegistered<T, Tag>(_ type: T.Type, tag: Tag.Type) -> Bool {
        hasRegistration(of: T.self, qualifier: Qualifier(tag: tag))
    }

    /// Whether a registration answering `type` with `qualifier` (any, for `nil`) is in this
    /// container or one upstream.
    private func hasRegistration(of type: Any.Type, qualifier: Qualifier?) -> Bool {
        chain.contains { container in
            container.withRegistry { registry in
                registry.registrations.contains { registration in
                    (registration.type == type || registration.exposedTypes.contains { $0.type == type })
                        && (qualifier.map { registration.qualifiers.contains($0) } ?? true)
                }
            }
        }
    }
}

extension DIContainer: CustomStringConvertible {
    /// `DIContainer with 2 registrations:` and one line per registration (see
    /// ``DIRegistrationInfo/description``).
    public var description: String {
        let listed = registrations
        return
            (["DIContainer with \(listed.count) registration(s)" + (listed.isEmpty ? "." : ":")]
            + listed.map { "- \($0)" }).joined(separator: "\n")
    }
}
