/// Settles an ambiguity the container cannot: the extension point of frameworks' imports.
package protocol AmbiguityResolver: Sendable {
    /// The candidates to prefer when `requester` asks for a type several components fit;
    /// return them all to express no preference.
    func preferred(among candidates: [Component], requester: Component?) -> [Component]

    /// The candidates to prefer for a top-level request made from `viewpoint` (what
    /// ``DIContainer/resolve(_:viewpoint:)`` was given); return them all to express no
    /// preference.
    func preferred(among candidates: [Component], viewpoint: any Sendable) -> [Component]
}
